"""The ways into a dangling Python object, each several times, replayed with real X events.

Each test starts the installed window under Xvfb and openbox (:class:`~.xsession.XSession`, with
``CP_TRAINER_TRACE_GC``: the app collects garbage between events, so a Python object Qt still
calls after Python freed it fails at once), does what its name says, and fails on a crash, a
hang, or any line on the app's stderr ("Error calling Python override", a traceback, a Qt
warning). Each of them fails when a Python object Qt calls back is not kept alive.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from .player import Player
from .xsession import State, XSession

pytestmark = pytest.mark.slow


@pytest.fixture
def player() -> Iterator[Player]:
    session = XSession(seed=18, gc="full")
    ok = False
    try:
        session.start()
        yield Player(session, random.Random(18))
        session.check()
        session.quit()  # what Qt calls while it destroys the windows is checked too
        ok = True
    finally:
        if not ok:
            print(session.report())
        session.close(keep=not ok)  # a failure's logs stay (the path is in its message)


def ok_settings(p: Player, *changes: str, opponents: int | None = None) -> None:
    """Game → Settings…, tick each of ``changes`` (and set the opponents), OK."""
    st = p.open_settings()
    for key in changes:
        st = p._tab_of(st, key)
        assert st.modal is not None
        p.s.click(st.modal["widgets"][key]["rect"])
    if opponents is not None:
        st = p._tab_of(p.state(), "opponentsSpin")
        assert st.modal is not None
        p.s.click(st.modal["widgets"]["opponentsSpin"]["rect"])
        p.s.key("ctrl+a")
        p.s.xdotool("type", str(opponents))
        p.s.wait(lambda x: x.modal is not None and x.modal["widgets"].get("opponentsSpin", {}).get("value")
                 == opponents, "the opponents typed")
    # A key no widget of the dialog takes goes up to the dialog itself, as a person's stray key
    # does: what Qt calls on the dialog's Python helpers (the collector ran since it opened) shows.
    p.s.key("F12")
    st = p.state()
    assert st.modal is not None
    p.s.click(st.modal["widgets"]["std:Ok"]["rect"])
    p.s.wait(lambda x: x.modal is None, "Settings closed")


def deal(p: Player) -> State:
    """A new deal, told by the session's count of deals (a busy machine may show the old deal,
    also 13 cards in the hand, long after the key)."""
    before = p.state()["deals"] or 0
    p.s.key("ctrl+n")
    return p.s.wait(lambda x: (x["deals"] or 0) > before and x["phase"] == "SETTING"
                    and (p.widget(x, "handView") or {}).get("rows") == 13, "a new deal")


def hint(p: Player) -> None:
    st = p.state()
    button = p.widget(st, "hintButton")
    assert button is not None and button["enabled"]
    p.s.click(button["rect"])
    p.s.wait(lambda x: x["solving"] or p.widget(x, "solverVerdict") is not None, "the solver started")
    p.wait_solver(cancel_after=30)


def set_hand(p: Player) -> State:
    """Every card into a row, then Set hand (Yes to the foul question): the state after."""
    p.place_all()
    st = p.state()
    before = (st["hand_index"], st["phase"])
    p.s.key("ctrl+Return")
    st = p.s.wait(lambda x: x.modal is not None or (x["hand_index"], x["phase"]) != before, "the hand set")
    if st.modal is not None:
        p._answer_question(st, True)
        st = p.s.wait(lambda x: (x["hand_index"], x["phase"]) != before, "the hand set")
    return st


def test_surrender_ticked_then_new_deal_then_hint(player: Player) -> None:
    for _ in range(2):
        ok_settings(player, "surrenderCheck")
        deal(player)
        hint(player)
        player.s.check()
    assert player.s.state() is not None


def test_criss_cross_on_after_a_hand_then_next_deal_then_hint(player: Player) -> None:
    set_hand(player)
    st = player.s.wait(lambda x: x["phase"] == "SHOWDOWN", "the showdown")
    ok_settings(player, "crissCrossCheck")
    st = deal(player)
    assert st["criss_cross"] and st["hands"] == 2
    hint(player)
    player.s.check()


def test_criss_cross_off_and_two_opponents_mid_deal_then_set_hand_two_of_two(player: Player) -> None:
    ok_settings(player, "crissCrossCheck")
    st = deal(player)
    assert st["criss_cross"]
    ok_settings(player, "crissCrossCheck", opponents=2)  # from the next deal: this one plays on
    st = set_hand(player)
    assert st["phase"] == "SETTING" and st["hand_index"] == 1
    st = set_hand(player)  # "Set hand 2 of 2"
    assert st["phase"] == "SHOWDOWN"
    st = deal(player)
    assert not st["criss_cross"] and st["opponents"] == 2
    player.s.check()


def test_escape_and_ctrl_w_close_settings_and_help_after_the_collector_ran(player: Player) -> None:
    """A key reaching a dialog whose closer the collector freed would log "Error calling Python
    override of QObject::eventFilter() … '_Closer' object has no attribute 'window'"."""
    p = player
    for key in ("Escape", "ctrl+w", "Escape"):
        p.open_settings()
        p.s.key(key)
        p.s.wait(lambda x: x.modal is None, f"{key} closed Settings", timeout=30)
        p.menu("help_menu", "rules_action")
        p.s.wait(lambda x: x.window("helpDialog") is not None and (x.active or {}).get("key") == "helpDialog",
                 "Help shown")
        p.s.key(key)
        p.s.wait(lambda x: x.window("helpDialog") is None, f"{key} closed Help", timeout=30)
        p.s.check()


def test_scripted_rounds_with_settings_every_second_round(player: Player) -> None:
    """13 cards with 1/2/3, Ctrl+Return, Return; every second round Game → Settings, a few Tab +
    Space, Return; then Ctrl+N, for eight rounds."""
    p = player
    for round_ in range(1, 9):
        st = p.state()
        p.focus_hand(st)
        for key in "1112222233333":
            p.s.key(key)
        p.s.wait(lambda x: (p.widget(x, "handView") or {}).get("rows") == 0, "all 13 cards placed")
        p.s.key("ctrl+Return")
        st = p.s.wait(lambda x: x.modal is not None or x["phase"] == "SHOWDOWN",
                      "the showdown or the question")
        p.s.key("Return")  # No to a foul question (its default), or nothing to do at the showdown
        p.s.settle()
        if round_ % 2 == 0:
            p.open_settings()
            # Space on a combo box opens its list: Return then chooses in the list, and once more
            # takes the dialog's default button (OK), as a person would press it again
            p.tab_and_space(1 + round_ % 3)
            p.s.key("Return")
            st = p.s.wait(lambda x: x.modal is None or x.modal["key"] != "settingsDialog", "Settings closed")
            if st.modal is not None:  # a note on values it refused: OK, then Cancel
                p.home()
        p.home()
        p.s.key("ctrl+n")
        p.s.wait(lambda x: x["phase"] == "SETTING" and (p.widget(x, "handView") or {}).get("rows") == 13,
                 f"round {round_ + 1} dealt")
        p.s.check()
