"""The small items of issue 12, each reproduced first: the money in the status bar after Try
again, numbers the language's way, a ten written 10, the chart legend clear of the bars, Save PNG's
folder, Pai Gow's ties said plainly."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from cp_trainer.arrangement import Arrangement
from cp_trainer.cards import parse_cards
from cp_trainer.gui.app import create_window
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.translation import install_language

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")


@pytest.fixture(autouse=True)
def english_after(qapp: QApplication) -> Iterator[None]:
    yield
    install_language(qapp, "en")


def _window(qtbot: QtBot, tmp_path: Path, *, point_value: float = 1.0, solve: bool = False) -> MainWindow:
    s = Settings(tmp_path / "settings.ini")
    values = s.values.replace(bot="greedy", solver_samples=400)
    s.save(values.replace(house_rules=replace(values.house_rules, point_value=point_value)))
    w = create_window(deal=DEAL, seed=5, lang="en", settings=s, data_dir=str(tmp_path / "data"))
    qtbot.addWidget(w)
    w.table.reveal_delay_ms = 0
    w.table.confirm = lambda question: True
    if not solve:
        w.solver_panel.start = lambda request: None  # type: ignore[method-assign]
    w.show()
    return w


def test_the_money_stays_in_the_status_bar_after_try_again(qtbot: QtBot, tmp_path: Path) -> None:
    # A hand played at 1 a point, then the point made worth 2.5: the session has money now. Trying
    # the old hand again plays it at its own rules (no money in them): the session's money must
    # stay in the status bar, before and after that hand's showdown.
    window = _window(qtbot, tmp_path)
    c = window.controller
    score = window.table.score_label
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert c.set_hand() is not None
    assert "money:" not in score.text()  # no money at 1 a point
    assert window.practice.recorder.writer.flush(10)
    values = window.settings.values
    window.apply_settings(values.replace(house_rules=replace(values.house_rules, point_value=2.5)))
    c.new_deal(DEAL)
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert c.set_hand() is not None
    money = c.session_money
    assert money != 0 and "money:" in score.text()
    history = window.practice.open_history()
    assert history is not None
    history.select_row(history.proxy.rowCount() - 1)  # the first hand, at 1 a point
    history.try_again_button.click()
    assert c.retry_of is not None and c.setup.rules.point_value == 1
    assert "money:" in score.text()
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert c.set_hand() is not None
    assert "money:" in score.text() and score.isVisible()
