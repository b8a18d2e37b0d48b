"""``--bot`` with the styles: arrange, solve and grade, and the one-line refusals."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cp_trainer.cli import main
from cp_trainer.rules.arrangement import Arrangement, check_arrangement

HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_arrange_plays_each_style(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "arrange", "--json", "--bot", "newcomer:1", HAND)
    assert status == 0 and err == ""
    record: dict[str, Any] = json.loads(out)
    # standard's straights, middle and bottom swapped: the newcomer's foul
    assert record["arrangement"] == "As Kd Qh / Jc Ts 9s 8s 7h / 6h 5h 4d 3c 2c"
    assert not check_arrangement(Arrangement.parse(record["arrangement"])).legal
    for bot in ("scoop-chaser", "pair-on-top", "newcomer:0"):
        status, out, _ = run(capsys, "arrange", "--json", "--bot", bot, HAND)
        assert status == 0 and check_arrangement(Arrangement.parse(json.loads(out)["arrangement"])).legal
    status, out, _ = run(capsys, "arrange", "--bot", "pair-on-top", "As Ad 7c 7d 7h 3s 3c 3d 9c 9h 2c 5s Kd")
    assert status == 0 and "pair-on-top sets A" in out and out.splitlines()[1].count("A") >= 2


@pytest.mark.parametrize(("argv", "message"), [
    (["arrange", "--bot", "wizard", HAND], "argument --bot: unknown bot: 'wizard'"),
    (["arrange", "--bot", "newcomer:2", HAND],
     "a newcomer's foul rate is a number from 0 to 1, got 'newcomer:2'"),
    (["solve", "--bot", "expert", HAND], "not 'expert'"),
    (["solve", "--bot", "standard,greedy,greedy,greedy", HAND], "one bot, or one per opponent (at most 3)"),
])
def test_a_bad_bot_is_a_usage_error(capsys: pytest.CaptureFixture[str], argv: list[str],
                                    message: str) -> None:
    with pytest.raises(SystemExit, match="2"):
        main(argv)
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_solve_and_grade_play_one_bot_per_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "--json", "--opponents", "2", "--bot", "newcomer:1,pair-on-top",
                           "--samples", "400", "--seed", "3", HAND)
    assert status == 0 and err == ""
    mixed = json.loads(out)
    status, out, _ = run(capsys, "solve", "--json", "--opponents", "2", "--bot", "pair-on-top",
                         "--samples", "400", "--seed", "3", HAND)
    plain = json.loads(out)
    # one opponent who always fouls pays at least the scoop: the table is worth more than two pair-on-tops
    assert mixed["candidates"][0]["ev"] > plain["candidates"][0]["ev"] + 2
    status, out, err = run(capsys, "solve", "--opponents", "3", "--bot", "newcomer,greedy", HAND)
    assert status == 2 and "--bot: 2 bots for 3 opponents: give one bot, or one per opponent" in err
    status, out, err = run(capsys, "grade", "--json", "--opponents", "2", "--bot", "newcomer:1,standard",
                           "--samples", "300", HAND, "4d 3c 2c / 9s 8s 7h 6h 5h / As Kd Qh Jc Ts")
    assert status == 0 and err == "" and json.loads(out)["ev"] > 2


def test_help_names_the_styles(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("arrange", "solve"):
        with pytest.raises(SystemExit, match="0"):
            main([command, "--help"])
        text = " ".join(capsys.readouterr().out.split())
        assert "scoop-chaser" in text and "pair-on-top" in text and "newcomer" in text
    with pytest.raises(SystemExit, match="0"):
        main(["score", "--help"])
    assert "--scoop-bonus N" in capsys.readouterr().out
