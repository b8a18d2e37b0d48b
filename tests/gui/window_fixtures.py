"""The main window as the GUI tests open and play it: a shown window on a fixed deal (at the
default size, or at a given size with the Surrender button shown), placing cards by drag and drop
or on the model, the showdown of a legal hand, and what the keyboard tests look at.

``make_window`` gives the default-size window with greedy bots (reproducible hands);
``make_sized_window`` a window of a given size, language, number of bots and Criss Cross.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.gui.app import create_window
from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.table.models import Zone
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from tests.gui.dnd import drop_on

__all__ = ["FOULED", "HAND", "LEGAL", "MID_HAND", "assert_keys_work", "banner", "button", "c", "click",
           "drag", "focused", "make_data_window", "make_recording_window", "make_sized_window", "make_window",
           "place", "settle", "showdown", "surrender_hand"]

HAND = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"


def make_window(qtbot: Any, tmp_path: Path, **kw: Any) -> MainWindow:
    settings = Settings(tmp_path / "settings.ini")
    if not (tmp_path / "settings.ini").exists():
        # greedy: the exactly specified bot, so the bots' hands are reproducible
        settings.save(settings.values.replace(bot="greedy", solver_samples=400))
    window = create_window(deal=parse_cards(kw.pop("deal", HAND)), seed=kw.pop("seed", 11),
                           lang="en", settings=settings, **kw)
    qtbot.addWidget(window)
    window.table.reveal_delay_ms = 0
    window.table.confirm = lambda question: True
    window.show()
    qtbot.waitExposed(window)
    return window

FOULED = "As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c"
LEGAL = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"
# Half set, fouling twice: the banner's longest text (two reasons, several lines in Russian).
MID_HAND = (("As", Zone.TOP), ("Ah", Zone.TOP), ("2s", Zone.TOP), ("Kd", Zone.MIDDLE), ("Kc", Zone.MIDDLE),
            ("9h", Zone.MIDDLE), ("8h", Zone.MIDDLE), ("7d", Zone.MIDDLE), ("Qs", Zone.BOTTOM),
            ("Js", Zone.BOTTOM))


def c(text: str) -> Card:
    return Card.parse(text)


def drag(window: MainWindow, card: str, dest: Zone) -> bool:
    deal = window.deal_model
    src = deal.zone_of(c(card))
    assert src is not None
    model = deal.zone_models[src]
    mime = model.mimeData([model.index(model.row_of(c(card)))])
    view = window.findChild(CardZoneView, {Zone.HAND: "handView", Zone.TOP: "topRow",
                                           Zone.MIDDLE: "middleRow", Zone.BOTTOM: "bottomRow"}[dest])
    assert view is not None
    return drop_on(view, mime, view.empty_point())


def place(window: MainWindow, arrangement: str) -> None:
    arr = Arrangement.parse(arrangement)
    for zone, row in zip((Zone.TOP, Zone.MIDDLE, Zone.BOTTOM), arr.rows, strict=True):
        for card in row:
            assert drag(window, str(card), zone)


def banner(window: MainWindow) -> QLabel:
    label = window.findChild(QLabel, "foulBanner")
    assert label is not None
    return label


def button(window: MainWindow, name: str) -> QPushButton:
    b = window.findChild(QPushButton, name)
    assert b is not None
    return b


def make_sized_window(qtbot: Any, tmp_path: Path, size: tuple[int, int], *, opponents: int = 2,
                criss_cross: bool = False, lang: str = "en") -> MainWindow:
    settings = Settings(tmp_path / "settings.ini")
    rules = settings.values.house_rules
    values = settings.values.replace(bot="greedy", solver_samples=200, opponents=opponents,
                                     criss_cross=criss_cross, language=lang)
    if not criss_cross:  # the Surrender button shown too
        values = values.replace(house_rules=dataclasses.replace(rules, surrender=True))
    settings.save(values)
    window = create_window(deal=parse_cards(HAND), seed=5, lang=lang, settings=settings, opponents=opponents)
    qtbot.addWidget(window)
    window.table.reveal_delay_ms = 0
    window.table.confirm = lambda question: True
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def settle() -> None:
    for _ in range(3):  # layouts are applied by posted events
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def showdown(window: MainWindow) -> None:
    arr = Arrangement.parse(LEGAL)
    assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
    window.table.set_button.click()
    window.solver_panel.pool.waitForDone()
    settle()


def focused(window: MainWindow) -> QWidget | None:
    QApplication.processEvents()
    return window.focusWidget()


def assert_keys_work(window: MainWindow, qtbot: QtBot) -> None:
    """The focus is on a card zone with a current card, and "1" (or "2"/"3") moves it."""
    view = focused(window)
    assert isinstance(view, CardZoneView), f"focus on {view!r}"
    assert view.currentIndex().isValid(), f"no current card in {view.objectName()}"
    before = {z: len(window.deal_model.cards(z)) for z in Zone}
    for key in (Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3):
        if window.deal_model.cards(view.zone) and key != {Zone.TOP: Qt.Key.Key_1, Zone.MIDDLE: Qt.Key.Key_2,
                                                           Zone.BOTTOM: Qt.Key.Key_3}.get(view.zone):
            qtbot.keyClick(view, key)
            after = {z: len(window.deal_model.cards(z)) for z in Zone}
            if after != before:
                return
    raise AssertionError("no key moved a card")


def click(qtbot: QtBot, widget: QPushButton) -> None:
    assert widget.isEnabled() and widget.isVisible(), widget.objectName()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def make_data_window(qtbot: QtBot, tmp_path: Path, deal: list[Card], **settings: object) -> MainWindow:
    """A shown window on ``deal`` with its own data folder (the history on), greedy bots and
    ``settings``, that never solves."""
    s = Settings(tmp_path / "settings.ini")
    s.save(s.values.replace(bot="greedy", **settings))
    w = create_window(deal=deal, seed=5, lang="en", settings=s, data_dir=str(tmp_path / "data"))
    qtbot.addWidget(w)
    w.table.reveal_delay_ms = 0
    w.table.confirm = lambda question: True
    w.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    w.show()
    return w


def make_recording_window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          deal: list[Card]) -> MainWindow:
    """A window on ``deal`` with the default settings that records its hands in
    ``tmp_path/data`` (the data folder its environment names), and never solves."""
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    w = MainWindow(Settings(tmp_path / "settings.ini"), seed=5, deal=deal)
    qtbot.addWidget(w)
    w.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    return w


def surrender_hand(window: MainWindow) -> None:
    """With surrender allowed, a new deal set in any order and surrendered: the showdown of a
    surrendered hand."""
    window.apply_settings(window.values.replace(house_rules=HouseRules(surrender=True)))
    window.deal_action.trigger()
    cards = sorted(window.deal_model.all_cards())
    assert window.deal_model.place(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
    window.table.surrender_button.click()
    assert window.controller.showdown is not None and window.controller.showdown.surrendered
