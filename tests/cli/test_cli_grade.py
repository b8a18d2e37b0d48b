"""``cp-trainer grade`` and the additions to ``solve --json``: the figures they
print, in text and JSON, and their one-line refusals."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from cp_trainer.cli import main
from cp_trainer.rules.arrangement import Arrangement

HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"
BEST = "As Kd Qh / 6h 5h 4d 3c 2c / Jc Ts 9s 8s 7h"
FOULED = "4d 3c 2c / As Kd Qh Jc Ts / 9s 8s 7h 6h 5h"
GREEDY = "4d 3c 2c / 9s 8s 7h 6h 5h / As Kd Qh Jc Ts"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def solve_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status, out, err = run(capsys, "solve", "--json", *argv)
    assert status == 0 and err == ""
    record: dict[str, Any] = json.loads(out)
    return record


def best_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    arrangement: str = solve_json(capsys, *argv, HAND)["best"]["arrangement"]
    return arrangement


def test_solve_without_a_seed_repeats_itself_whatever_the_card_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    a = solve_json(capsys, "--samples", "600", "--bot", "greedy", HAND)
    b = solve_json(capsys, "--samples", "600", "--bot", "greedy", " ".join(reversed(HAND.split())))
    del a["input"], b["input"]
    assert a == b
    # another opponent count is another question: other samples
    c = solve_json(capsys, "--samples", "600", "--bot", "greedy", "--opponents", "2", HAND)
    assert c["best"]["ev"] != a["best"]["ev"]


def test_solve_equivalent_and_paired_errors(capsys: pytest.CaptureFixture[str]) -> None:
    record = solve_json(capsys, "--samples", "2000", "--top", "40", HAND)
    cands = record["candidates"]
    best = cands[0]
    assert best == record["best"] and best["diff_stderr"] == 0
    eq = record["equivalent"]
    assert eq[0] == best["arrangement"]
    for c in cands[1:]:
        # paired: far below either mean's own error on these strongly correlated candidates
        assert 0 < c["diff_stderr"] < c["stderr"]
        within = best["ev"] - c["ev"] <= 2 * c["diff_stderr"]
        assert (c["arrangement"] in eq) == within
    assert eq == [c["arrangement"] for c in cands if c["arrangement"] in eq]  # best first


def test_solve_time_budget_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    record = solve_json(capsys, "--samples", "50000", "--time-budget", "0", HAND)
    assert record["samples"] == 1000 and record["equivalent"]


def test_grade_json_contract_for_a_fouled_arrangement(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "grade", "--json", "--samples", "1000", HAND, FOULED)
    assert status == 0 and err == ""
    record = json.loads(out)
    assert list(record) == ["input", "arrangement", "ev", "best", "loss", "loss_stderr", "significant"]
    assert record["input"] == f"{HAND} | {FOULED}" and record["arrangement"] == FOULED
    assert record["ev"] == -4.0  # the foul loses all three rows and the scoop bonus
    assert list(record["best"]) == ["arrangement", "ev"]
    assert record["loss"] == pytest.approx(record["best"]["ev"] + 4.0, abs=1e-5)
    assert record["significant"] is True and record["loss_stderr"] > 0
    # the best is the one solve finds with the same options and samples
    solved = solve_json(capsys, "--samples", "1000", HAND)
    assert record["best"] == {"arrangement": solved["best"]["arrangement"], "ev": solved["best"]["ev"]}


def test_grade_the_arrangement_alone_and_a_legal_loss(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "grade", "--json", "--samples", "1000", "--bot", "greedy", GREEDY)
    assert status == 0
    record = json.loads(out)
    assert record["input"] == GREEDY
    assert record["loss"] == pytest.approx(record["best"]["ev"] - record["ev"], abs=2e-6)
    assert record["significant"] == (record["loss"] > 2 * record["loss_stderr"])
    assert record["best"] == {"arrangement": best_of(capsys, "--samples", "1000", "--bot", "greedy"),
                              "ev": record["best"]["ev"]}
    status, out, _ = run(capsys, "grade", "--json", "--samples", "1000", "--bot", "greedy",
                         record["best"]["arrangement"])
    best = json.loads(out)
    assert best["loss"] == 0 and best["significant"] is False and best["ev"] == record["best"]["ev"]


def test_grade_text_in_english_and_russian(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "grade", "--lang", "en", "--samples", "500", HAND, FOULED)
    assert status == 0
    assert "-4.000 ± 0.000 points per deal" in out and "fouled" in out and "This choice costs" in out
    status, out, _ = run(capsys, "grade", "--lang", "ru", "--samples", "500", HAND, FOULED)
    assert status == 0
    assert "-4,000 ± 0,000 очка за раздачу" in out and "Этот выбор стоит" in out


def test_grade_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    other = "2d 3c 4d / As Kd Qh Jc Ts / 9s 8s 7h 6h 5h"
    lines = f"{HAND} | {BEST}\nAs Kd / Qh\n{FOULED}\n{HAND} | {other}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    status, out, _ = run(capsys, "grade", "--json", "--samples", "300", "--lang", "en")
    assert status == 2  # bad lines are answered, the others still run
    first, rows, fouled, other = (json.loads(line) for line in out.splitlines())
    assert first["arrangement"] == BEST and first["input"] == f"{HAND} | {BEST}"
    assert set(rows) == {"input", "error"} and "3 rows" in rows["error"]
    assert fouled["ev"] == -4.0
    assert set(other) == {"input", "error"} and "13 cards" in other["error"]


@pytest.mark.parametrize(("argv", "needle"), [
    ((HAND, "As Kd Qh / 6h 5h 4d 3c 2c"), "3 rows"),
    ((HAND, "As Kd Qh Jc / 6h 5h 4d 3c / 2c Ts 9s 8s 7h"), "4 / 4 / 5"),
    ((HAND, "As Kd Qh / 6h 5h 4d 3c 2c / Jc Ts 9s 8s 7c"), "does not hold the 13 cards"),
    ((HAND, "As Kd Qx / 6h 5h 4d 3c 2c / Jc Ts 9s 8s 7h"), "'Qx'"),
    (("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c", BEST), "13 cards, got 12"),
    (("As Kd Qh / 6h 5h 4d 3c 2c / Jc Ts 9s 8s As",), "duplicate card As"),
])
def test_grade_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
                                 needle: str) -> None:
    status, out, err = run(capsys, "grade", "--samples", "10", "--lang", "en", *argv)
    assert status == 2 and out == ""
    assert needle in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_grade_parses_like_the_arrangement_parser() -> None:
    from cp_trainer.cli.grade import parse_input

    item = parse_input(f"{HAND} | {BEST}", "en")
    assert item.arrangement == Arrangement.parse(BEST) and len(item.cards) == 13
