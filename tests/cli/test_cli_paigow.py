"""``cp-trainer paigow``: its arguments, what it prints (text and ``--json``), its exit statuses
and its one-line refusals."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest

from cp_trainer.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_house_way_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "paigow", "--json", "--lang", "en", "Js Jh 3d 3c 9d 7h 6c")
    assert status == 0 and err == ""
    assert lines(out) == [{
        "input": "Js Jh 3d 3c 9d 7h 6c", "high": "Js Jh 9d 7h 6c", "low": "3d 3c",
        "rule": "two pair, a pair of 7s or better and no ace: split",
    }]


def test_cards_as_separate_arguments_and_joker(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "paigow", "--json", "--lang", "en", "Ad", "Ah", "As", "Ac", "JOKER",
                         "4d", "7h")
    assert status == 0
    (answer,) = lines(out)
    assert answer["low"] in ("Ah Ad", "As Ah", "As Ad", "Ah Ac", "Ad Ac", "As Ac")
    assert answer["rule"].startswith("five aces: split")
    assert sorted(answer["high"].split()) == sorted({"Ad", "Ah", "As", "Ac", "Jk", "4d", "7h"}
                                                    - set(answer["low"].split()))


def test_text_output_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "paigow", "--lang", "ru", "Ts Th 5d 5c Ad 9h 6c")
    assert status == 0
    assert "Ad 9h" in out and "две пары" in out and "правило" in out


@pytest.mark.parametrize("hand,problem", [
    ("As Ks Qs", "7 cards, got 3"),
    ("As Ks Qs Js Ts 9s As", "duplicate card: As"),
    ("As Ks Qs Js Ts 9s Zz", "not a card: 'Zz'"),
    ("As Ks Qs Js Ts Jk joker", "2 jokers"),
])
def test_bad_hand_exits_2_naming_the_problem(capsys: pytest.CaptureFixture[str], hand: str,
                                             problem: str) -> None:
    status, out, err = run(capsys, "paigow", "--json", "--lang", "en", hand)
    assert status == 2 and out == ""
    assert problem in err and "Traceback" not in err


def test_stdin_one_hand_per_line(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(
        "2d 3h 4d 5s 7h 8d 9c\n\n8s 8h 8d 8c Jd Ah 6c\nAs Ks\n"))
    status, out, _ = run(capsys, "paigow", "--json", "--lang", "en")
    assert status == 2  # one bad line
    first, second, bad = lines(out)
    assert (first["low"], second["low"]) == ("8d 7h", "Ah Jd")
    assert bad == {"input": "As Ks", "error": "a Pai Gow hand has 7 cards, got 2"}


def test_settle_json(capsys: pytest.CaptureFixture[str]) -> None:
    cases = [
        ("Ts Th 6c 5d 5c / Ad 9h", "Ks Kh 8c 7d 2c / Qd Jh", {"result": "win", "payout": 0.95}),
        ("Ts Th 6c 5d 5c / Ad 9h", "Ks Kh 8c 7d 2c / Qd Qh", {"result": "push", "payout": 0.0}),
        ("As 9h 6c 5d 3c / Td 2h", "Ks Kh 8c 7d 2c / Qd Qh", {"result": "lose", "payout": -1.0}),
        ("Ts 2h 6c 5d 4c / Ad Ah", "Ks Kh 8c 7d 2c / Qd Jh", {"result": "foul", "payout": -1.0}),
    ]
    for player, dealer, expected in cases:
        status, out, _ = run(capsys, "paigow", "--json", "--settle", player, dealer)
        assert status == 0
        assert lines(out) == [expected]


def test_settle_text_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "paigow", "--lang", "en", "--settle", "Ts Th 6c 5d 5c / Ad 9h",
                         "Ks Kh 8c 7d 2c / Qd Jh")
    assert status == 0 and out.startswith("win (+0.95)")
    status, out, err = run(capsys, "paigow", "--lang", "en", "--settle", "Ts Th 6c 5d 5c Ad 9h",
                           "Ks Kh 8c 7d 2c / Qd Jh")
    assert status == 2 and "HIGH / LOW" in err
    status, _, err = run(capsys, "paigow", "--lang", "en", "--settle", "Ts Th 6c 5d 5c / Ad 9h",
                         "Ks Kh 8c 7d 2c / Ad Jh")
    assert status == 2 and "duplicate card: Ad" in err
    status, _, err = run(capsys, "paigow", "--lang", "en", "--settle", "Ts Th 6c 5d 5c / Ad 9h",
                         "Ks 3h 8c 7d 2c / Qd Qh")
    assert status == 2 and "dealer's setting is a foul" in err
    status, _, err = run(capsys, "paigow", "--lang", "en", "--settle", "Ts Th 6c 5d 5c / Ad 9h",
                         "Ks Kh 8c 7d 2c / Qd Jh", "As")
    assert status == 2 and "--settle" in err


def test_installed_entry_point_exits_2() -> None:
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "paigow", "As Ks"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "7 cards" in proc.stderr and "Traceback" not in proc.stderr
