"""``cp-trainer drill``: hands from the pool for scripts."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from cp_trainer.cli import main
from cp_trainer.drill.pool import load_pool
from cp_trainer.rules.cards import parse_cards
from tests.drill_fixtures import STORED

OTHER_HANDS = ["As Ks Qs Js Ts 9h 8h 7h 6h 5d 4d 3d 2d", "Ah Kh Qh Jh Th 9c 8c 7c 6c 5s 4s 3s 2s"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def pool_file(tmp_path: Path) -> Path:
    """Three hands: the stored one (pair_on_top) and its answer copied onto two other hands, tagged
    ``kickers`` (the command prints only cards, theme and difficulty)."""
    lines = [STORED, STORED | {"theme": "kickers", "difficulty": 1300, "cards": OTHER_HANDS[0]},
             STORED | {"theme": "kickers", "difficulty": 1400, "cards": OTHER_HANDS[1]}]
    path = tmp_path / "pool.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        for line in lines:
            fh.write(json.dumps(line) + "\n")
    return path


def test_json_hands_of_a_theme(capsys: pytest.CaptureFixture[str], pool_file: Path) -> None:
    status, out, err = run(capsys, "drill", "--json", "--count", "5", "--theme", "kickers",
                           "--pool", str(pool_file), "--seed", "1")
    assert status == 0 and err == ""
    records = [json.loads(line) for line in out.splitlines()]
    assert sorted(r["cards"] for r in records) == sorted(
        " ".join(str(c) for c in sorted(parse_cards(h), reverse=True)) for h in OTHER_HANDS)
    assert {r["theme"] for r in records} == {"kickers"}
    assert sorted(r["difficulty"] for r in records) == [1300, 1400]
    assert set(records[0]) == {"cards", "theme", "difficulty"}


def test_seed_repeats_and_count(capsys: pytest.CaptureFixture[str], pool_file: Path) -> None:
    first = run(capsys, "drill", "--json", "--count", "2", "--pool", str(pool_file), "--seed", "7")[1]
    second = run(capsys, "drill", "--json", "--count", "2", "--pool", str(pool_file), "--seed", "7")[1]
    assert first == second and len(first.splitlines()) == 2


def test_text_in_russian(capsys: pytest.CaptureFixture[str], pool_file: Path) -> None:
    status, out, _ = run(capsys, "drill", "--lang", "ru", "--theme", "pair_on_top", "--pool", str(pool_file))
    assert status == 0
    assert "тема: пара (или тройка) наверху, сложность 1619" in out and "A♦" in out


@pytest.mark.parametrize("argv", [
    ["--count", "0"], ["--count", "x"], ["--count", "10001"], ["--theme", "nope"], ["--seed", "-1"],
])
def test_bad_options_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit, match=r"^2$") as exc:
        main(["drill", *argv])
    assert exc.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_bad_pool_file_and_missing_theme(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         pool_file: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    status, out, err = run(capsys, "drill", "--pool", str(bad))
    assert status == 2 and out == "" and "bad.jsonl" in err
    status, _, err = run(capsys, "drill", "--pool", str(tmp_path / "missing.jsonl.gz"))
    assert status == 2 and "missing.jsonl.gz" in err
    status, _, err = run(capsys, "drill", "--pool", str(pool_file), "--theme", "split_two_pair")
    assert status == 2 and "split_two_pair" in err


def test_the_shipped_pool_is_instructive() -> None:
    pool = load_pool()
    assert len(pool) >= 2000
    for hand in pool[::50]:
        assert hand.analysis is not None and hand.greedy_loss is not None
        assert hand.greedy_loss >= 0.3
        best = hand.analysis.grade(hand.analysis.best.arrangement)
        assert best is not None and best.level.value == "best"
        assert hand.difficulty is not None and 1200 <= hand.difficulty <= 2100
