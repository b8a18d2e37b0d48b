"""``cp-trainer stats`` and ``cp-trainer history export/import``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cp_trainer.cli import main
from cp_trainer.history import HistoryStore
from tests.history_fixtures import make_record


def _seed(folder: Path) -> None:
    with HistoryStore.open(folder) as store:
        store.add(make_record(0))
        store.add(make_record(1, fouled=True, ev=(0.2, -1.8)))
        store.add(make_record(2, ev=None))


def test_stats_json_matches_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(tmp_path)
    assert main(["stats", "--json", "--data-dir", str(tmp_path), "--series"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 3 and data["fouls"] == 1
    assert data["points_total"] == pytest.approx(-2.0)
    assert data["points_per_hand"] == pytest.approx(-0.6667)
    assert data["foul_rate_per_100"] == pytest.approx(33.3333)
    assert data["ev_lost_per_hand"] == pytest.approx(1.2)
    assert [p["points"] for p in data["series"]] == [3.0, -8.0, 3.0]


def test_stats_text_in_both_languages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(tmp_path)
    assert main(["stats", "--data-dir", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Hands played: 3" in out and "33.3 per 100 hands" in out and "1.200" in out
    assert main(["stats", "--data-dir", str(tmp_path), "--lang", "ru"]) == 0
    assert "Сыграно раздач: 3" in capsys.readouterr().out


def test_stats_on_an_empty_history_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(tmp_path / "new"), "--lang", "en"]) == 0
    assert "No hands in the history yet" in capsys.readouterr().out
    assert main(["stats", "--json", "--data-dir", str(tmp_path / "new")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 0 and data["points_per_hand"] is None and data["ev_lost_per_hand"] is None


def test_stats_on_a_garbage_database_says_so_and_leaves_it(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    garbage = b"\x13garbage" * 100
    (tmp_path / "history.sqlite3").write_bytes(garbage)
    assert main(["stats", "--data-dir", str(tmp_path), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert "damaged" in captured.err and "left as it is" in captured.err and captured.out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]
    assert (tmp_path / "history.sqlite3").read_bytes() == garbage


def test_history_export_and_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _seed(tmp_path / "a")
    out = tmp_path / "h.jsonl"
    assert main(["history", "export", str(out), "--data-dir", str(tmp_path / "a"), "--lang", "en"]) == 0
    assert "Exported 3 hands" in capsys.readouterr().out
    assert main(["history", "import", str(out), "--data-dir", str(tmp_path / "b"), "--lang", "en"]) == 0
    assert "Imported 3 hands" in capsys.readouterr().out
    lines = out.read_text(encoding="utf-8").splitlines()
    lines.insert(1, '{"game": "chinese"}')
    out.write_text("\n".join(lines), encoding="utf-8")
    assert main(["history", "import", str(out), "--data-dir", str(tmp_path / "c"), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert "line 2: missing field(s)" in captured.err and "1 lines were not valid hands" in captured.err
    assert "Imported 3 hands" in captured.out and "Traceback" not in captured.err
    with HistoryStore.open(tmp_path / "c") as store:
        assert store.count() == 3
