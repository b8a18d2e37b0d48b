"""``cp-trainer gui`` and ``cp-trainer`` with no command: arguments checked before any window."""

from __future__ import annotations

from typing import Any

import pytest

from cp_trainer.cli import main
from cp_trainer.gui import app
from cp_trainer.rules.cards import parse_cards


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def fake_run_app(**kw: Any) -> int:
        calls.append(kw)
        return 0

    monkeypatch.setattr(app, "run_app", fake_run_app)
    return calls


def test_no_command_opens_the_window(opened: list[dict[str, Any]]) -> None:
    assert main([]) == 0
    assert len(opened) == 1
    assert {k: opened[0][k] for k in ("deal", "opponents", "seed", "lang")} == dict.fromkeys(
        ("deal", "opponents", "seed", "lang"))


def test_gui_opens_on_the_given_hand(opened: list[dict[str, Any]]) -> None:
    hand = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"
    assert main(["gui", "--deal", hand, "--opponents", "3", "--seed", "42", "--lang", "ru"]) == 0
    call = opened[0]
    assert call["deal"] == parse_cards(hand)
    assert (call["opponents"], call["seed"], call["lang"]) == (3, 42, "ru")


@pytest.mark.parametrize(("deal", "named"), [
    ("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c Xx", "'Xx'"),
    ("As Ah Kd", "13 cards, got 3"),
    ("As As Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s", "duplicate card: As"),
])
def test_bad_cards_exit_2_before_any_window(opened: list[dict[str, Any]], capsys: pytest.CaptureFixture[str],
                                            deal: str, named: str) -> None:
    assert main(["gui", "--deal", deal]) == 2
    err = capsys.readouterr().err
    assert named in err and err.count("\n") == 1 and "Traceback" not in err
    assert opened == []


def test_help_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$") as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    assert "gui" in capsys.readouterr().out


def test_no_display_is_a_clear_message_not_a_core_dump(
        opened: list[dict[str, Any]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.cli.gui import display_problem

    for var in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert main([]) == 1
    assert opened == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no display" in err and "xvfb-run" in err
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert display_problem({}, "win32") is None
