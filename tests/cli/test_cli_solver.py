"""``cp-trainer arrange`` and ``solve``: their arguments, what they print (text and ``--json``),
their exit statuses and their one-line refusals."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from cp_trainer.cli import main
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.cards import parse_cards

HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"
OTHER = "Ac Ad Ah As 9c 9d 9h 5s 6s 7s 8s Ts 2d"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_arrange_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "arrange", "--json", "--bot", "greedy", HAND)
    assert status == 0 and err == ""
    record: dict[str, Any] = json.loads(out)
    assert record == {
        "input": HAND,
        "arrangement": "4d 3c 2c / 9s 8s 7h 6h 5h / As Kd Qh Jc Ts",
        "rows": {"top": {"cards": "4d 3c 2c", "category": "high_card", "name": "four-high"},
                 "middle": {"cards": "9s 8s 7h 6h 5h", "category": "straight", "name": "nine-high straight"},
                 "bottom": {"cards": "As Kd Qh Jc Ts", "category": "straight", "name": "ace-high straight"}},
    }


@pytest.mark.parametrize("bot", ["standard", "expert"])
def test_arrange_other_bots_give_legal_arrangements(capsys: pytest.CaptureFixture[str], bot: str) -> None:
    status, out, _ = run(capsys, "arrange", "--json", "--bot", bot, OTHER)
    assert status == 0
    arr = Arrangement.parse(json.loads(out)["arrangement"])
    assert check_arrangement(arr).legal and sorted(arr.cards) == sorted(parse_cards(OTHER))


def test_arrange_text_in_russian_and_separate_card_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "arrange", "--bot", "greedy", "--lang", "ru", *HAND.split())
    assert status == 0
    assert "нижний ряд" in out and "A♠ K♦ Q♥ J♣ T♠" in out


def test_arrange_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{HAND}\nAs Kd 1x\n\n{OTHER}\n"))
    status, out, _ = run(capsys, "arrange", "--json", "--bot", "greedy", "--lang", "en")
    assert status == 2  # one bad line; the others are still answered
    first, bad, third = (json.loads(line) for line in out.splitlines())
    assert first["input"] == HAND and third["input"] == OTHER
    assert bad == {"input": "As Kd 1x", "error": "not a card: '1x' in \"As Kd 1x\""}


@pytest.mark.parametrize(("text", "needle"), [
    ("As Kd 1x 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc", "'1x'"),
    ("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c", "13 cards, got 12"),
    ("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c As", "duplicate card As"),
])
def test_bad_input_exits_2_naming_the_problem(capsys: pytest.CaptureFixture[str], text: str,
                                              needle: str) -> None:
    for argv in (("arrange", "--bot", "greedy", text), ("solve", "--samples", "10", text)):
        status, out, err = run(capsys, *argv, "--lang", "en")
        assert status == 2 and out == ""
        assert needle in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_solve_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("solve", "--json", "--bot", "greedy", "--samples", "400", "--seed", "7", "--top", "3", HAND)
    status, out, err = run(capsys, *argv)
    assert status == 0 and err == ""
    record = json.loads(out)
    assert list(record) == ["input", "samples", "best", "candidates", "equivalent"]
    assert record["input"] == HAND and record["samples"] == 400
    cands = record["candidates"]
    assert len(cands) == 3 and list(cands[0]) == ["arrangement", "ev", "stderr", "diff_stderr"]
    assert record["best"] == cands[0]
    assert [c["ev"] for c in cands] == sorted((c["ev"] for c in cands), reverse=True)
    for c in cands:
        assert check_arrangement(Arrangement.parse(c["arrangement"])).legal
    # the same seed gives the same answer
    status, again, _ = run(capsys, *argv)
    assert again == out


def test_solve_house_rules_change_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    base = ("solve", "--json", "--bot", "greedy", "--samples", "300", "--seed", "1", OTHER)
    _, out24, _ = run(capsys, *base)
    _, out16, _ = run(capsys, *base, "--system", "1-6", "--royalties", "--opponents", "2")
    assert json.loads(out24)["best"]["ev"] != json.loads(out16)["best"]["ev"]


def test_solve_text_and_time_budget(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--lang", "en", "--samples", "50000", "--time-budget", "0",
                         "--seed", "3", HAND)
    assert status == 0
    assert "stopped early after 1000 of 50000 samples" in out
    assert out.startswith("Best against standard")


def test_importing_the_solver_package_stays_light() -> None:
    # the GUI imports it on its thread; NumPy/Numba load and kernels compile on first use
    code = "import sys, cp_trainer.solver; print('numba' in sys.modules)"
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0 and res.stdout.strip() == "False"


def test_help_stays_light() -> None:
    code = ("import sys; from cp_trainer.cli import main; main(['--help']) if False else None; "
            "import cp_trainer.cli as c; c.build_parser(); print('numba' in sys.modules)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0 and res.stdout.strip() == "False"
