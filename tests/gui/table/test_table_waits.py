"""Set hand while the bots still set theirs (a cold solver's first deal): the table
waits without blocking the window, says so, and shows the showdown once the bots are done."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from cp_trainer.chinese.session import BotJob, BotPlay, Phase
from cp_trainer.gui.table import controller
from cp_trainer.gui.table.models import Zone
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.solver import play_bots
from tests.gui.window_fixtures import LEGAL, make_sized_window

WAITING = {"en": "The bots are setting their hands…", "ru": "Боты раскладывают свои руки…"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_set_hand_waits_for_the_bots_without_blocking(qtbot: QtBot, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-bots")
    monkeypatch.setattr(controller, "_BOT_POOL", pool)
    gate, started = threading.Event(), threading.Event()
    real = play_bots

    def gated(job: BotJob) -> BotPlay:
        started.set()
        assert gate.wait(30)
        return real(job)

    monkeypatch.setattr(controller, "play_bots", gated)
    try:
        window = make_sized_window(qtbot, tmp_path, (1280, 800), lang=lang)
        window.controller.new_deal(window.deal_model.all_cards())  # dealt behind the gate
        assert started.wait(10)
        table = window.table
        arr = Arrangement.parse(LEGAL)
        assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
        table.set_button.click()  # returns: the bots' thread is still at the gate
        qtbot.wait(20)  # the event loop runs meanwhile
        assert window.controller.waiting_for_bots()
        assert window.controller.phase is Phase.SETTING
        assert table.result_label.text() == WAITING[lang]
        assert not table.set_button.isEnabled() and not table.views[Zone.MIDDLE].isEnabled()
        table.set_button.click()  # pressed again: still one wait
        gate.set()
        qtbot.waitUntil(lambda: window.controller.phase is Phase.SHOWDOWN, timeout=20_000)
        assert not window.controller.waiting_for_bots()
        assert table.result_label.text() != WAITING[lang] and table.result_label.text()
        assert window.controller.hands_played == 1
        assert table.deal_button.hasFocus() or not window.isActiveWindow()
    finally:
        gate.set()
        pool.shutdown(wait=True)


def test_a_new_deal_while_waiting_drops_the_wait(qtbot: QtBot, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-bots")
    monkeypatch.setattr(controller, "_BOT_POOL", pool)
    gate = threading.Event()
    real = play_bots

    def gated(job: BotJob) -> Any:
        assert gate.wait(30)
        return real(job)

    monkeypatch.setattr(controller, "play_bots", gated)
    try:
        window = make_sized_window(qtbot, tmp_path, (1280, 800))
        window.controller.new_deal(window.deal_model.all_cards())
        arr = Arrangement.parse(LEGAL)
        assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
        window.table.set_button.click()
        assert window.controller.waiting_for_bots()
        monkeypatch.setattr(controller, "play_bots", real)
        window.table.deal_button.click()  # a new deal: no showdown of the old one comes later
        assert not window.controller.waiting_for_bots()
        assert window.table.views[Zone.HAND].isEnabled()
        gate.set()
        pool.shutdown(wait=True)
        qtbot.wait(50)
        assert window.controller.phase is Phase.SETTING and window.controller.hands_played == 0
    finally:
        gate.set()
        pool.shutdown(wait=True)
