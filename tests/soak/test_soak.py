"""The short soak: the installed window played with real X events (Xvfb, openbox, xdotool) for
at least 300 actions on a fixed seed, and quit with Ctrl+Q. It fails on a crash, a hang, or any
line on the app's stderr (see :mod:`.xsession`). ``./dev soak`` is the long version."""

from __future__ import annotations

import random

import pytest

from .player import Player
from .xsession import XSession

pytestmark = pytest.mark.slow

SEED = 20261201
ACTIONS = 300


def test_the_window_survives_300_real_actions() -> None:
    session = XSession(seed=SEED)
    ok = False
    try:
        session.start()
        player = Player(session, random.Random(SEED))
        player.play(ACTIONS)
        session.check()
        session.quit()
        ok = True
    finally:
        if not ok:
            print(session.report())
        session.close(keep=not ok)
    assert session.actions >= ACTIONS
    # the program reached the table's main steps, not only one corner of it
    assert {"set_hand", "settings", "place_keys", "drag"} <= set(player.steps)
    # a step that missed its aim now and then is the driver's, many are the window's
    assert len(player.misses) <= sum(player.steps.values()) // 10, player.misses
