"""A steady table: the buttons and the hand strip never move while a hand is played.

The banner, the row names, the bots' panels and the result change their texts (and their
number of lines) on every move; the controls under them must stay where the player's mouse
already is. Each test plays whole hands through the controller at a fixed window size and
compares the window geometry of every action button and of the hand strip after every step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QPushButton, QWidget

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.models import Zone
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card
from tests.gui.window_fixtures import FOULED, LEGAL, MID_HAND, make_sized_window, settle

SIZES = [(1024, 700), (1600, 1000)]
TABLE_BUTTONS = ("sortRankButton", "sortSuitButton", "returnButton", "undoButton", "redoButton",
                 "dealButton", "hintButton", "surrenderButton", "setButton")


def geometry(window: QWidget, widgets: dict[str, QWidget]) -> dict[str, QRect]:
    settle()
    return {name: QRect(w.mapTo(window, w.rect().topLeft()), w.size()) for name, w in widgets.items()}


def table_controls(window: MainWindow) -> dict[str, QWidget]:
    found: dict[str, QWidget] = {}
    for name in TABLE_BUTTONS:
        b = window.table.findChild(QPushButton, name)
        assert b is not None, name
        found[name] = b
    found["handView"] = window.table.views[Zone.HAND]
    return found


class Steady:
    """Snapshots of the controls' geometry; every later one must equal the first."""

    def __init__(self, window: QWidget, widgets: dict[str, QWidget]) -> None:
        self.window = window
        self.widgets = widgets
        self.first = geometry(window, widgets)
        assert all(r.width() > 0 and r.height() > 0 for r in self.first.values())

    def check(self, step: str) -> None:
        now = geometry(self.window, self.widgets)
        table = getattr(self.window, "table", None)
        if table is not None:  # and nothing squeezed into its neighbour to get there
            assert table.fits(), step
        moved = {name: (self.first[name], now[name]) for name in now if now[name] != self.first[name]}
        assert not moved, f"after {step}: {moved}"


def place(window: MainWindow, arrangement: str | Arrangement) -> None:
    arr = Arrangement.parse(arrangement) if isinstance(arrangement, str) else arrangement
    window.deal_model.return_all()
    assert window.deal_model.place(arr.top, arr.middle, arr.bottom)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("opponents", [1, 3])
def test_controls_stay_put_through_a_whole_hand(qtbot: Any, tmp_path: Path, size: tuple[int, int],
                                                opponents: int) -> None:
    window = make_sized_window(qtbot, tmp_path, size, opponents=opponents)
    steady = Steady(window, table_controls(window))
    for card, zone in MID_HAND:
        window.deal_model.move(Card.parse(card), zone)
    assert window.table.banner.text().count(" row (") >= 3  # two reasons: the longest banner
    steady.check("a half-set hand that fouls twice")
    window.deal_model.move(Card.parse("Ts"), Zone.TOP)  # the top row is full: refused, said
    steady.check("a refused move")
    place(window, FOULED)
    steady.check("a fouling arrangement")
    place(window, LEGAL)
    steady.check("a legal arrangement")
    window.table.set_button.click()
    assert window.controller.showdown is not None
    steady.check("the showdown")
    window.table.deal_button.click()
    steady.check("the next deal")
    place(window, arrange(window.deal_model.all_cards(), "greedy", window.controller.setup.rules))
    window.table.surrender_button.click()
    assert window.controller.showdown is not None and window.controller.showdown.surrendered
    steady.check("a surrender")


@pytest.mark.parametrize("size", SIZES)
def test_controls_stay_put_in_russian(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    window = make_sized_window(qtbot, tmp_path, size, opponents=3, lang="ru")
    steady = Steady(window, table_controls(window))
    for card, zone in MID_HAND:
        window.deal_model.move(Card.parse(card), zone)
    steady.check("a half-set hand that fouls twice")
    place(window, FOULED)
    window.table.set_button.click()
    steady.check("a fouled showdown")
    window.table.deal_button.click()
    steady.check("the next deal")


@pytest.mark.parametrize("size", SIZES)
def test_controls_stay_put_in_criss_cross(qtbot: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    window = make_sized_window(qtbot, tmp_path, size, opponents=1, criss_cross=True)
    steady = Steady(window, table_controls(window))
    c = window.controller
    rules = c.setup.rules
    place(window, arrange(c.player_cards[0], "greedy", rules))
    steady.check("hand 1 set up")
    window.table.set_button.click()
    assert c.hand_index == 1
    steady.check("hand 1 locked beside the bot")
    two = arrange(c.player_cards[1], "greedy", rules)
    place(window, Arrangement(two.bottom[:3], two.middle, (*two.top, *two.bottom[3:])))  # a foul
    steady.check("hand 2 fouls")
    window.table.set_button.click()
    assert c.showdown is not None
    steady.check("the showdown")
    window.table.deal_button.click()
    steady.check("the next deal")


@pytest.mark.parametrize("size", SIZES)
def test_pai_gow_controls_stay_put_across_two_hands(qtbot: Any, tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    window = make_sized_window(qtbot, tmp_path, size)
    page = window.show_paigow()
    tab = page.tab
    tab.samples = 200
    widgets: dict[str, QWidget] = {b.objectName(): b for b in tab.findChildren(QPushButton)
                                   if b.objectName().startswith("pg") and b.objectName() != "pgCancelButton"}
    assert len(widgets) == 6
    for zone, view in tab.views.items():
        widgets[f"zone{int(zone)}"] = view
    steady = Steady(window, widgets)
    for hand in (1, 2):
        tab.play_house_way()
        steady.check(f"hand {hand} set the house way")
        assert tab.set_hand() is not None
        steady.check(f"hand {hand} settled")
        tab.cancel()
        tab.new_deal()
        steady.check(f"hand {hand + 1} dealt")
        first = tab.deal.cards(next(iter(tab.views)))[0]
        tab.deal.move(first, list(tab.views)[1])
        steady.check(f"hand {hand + 1}: one card moved")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_seeds_double_foul_fits_the_banner_whole(qtbot: Any, tmp_path: Path, lang: str) -> None:
    # The window's foul sentences (two reasons and the rule said once) are reserved for: at the
    # smallest window the banner shows them whole, not cut with "…".
    window = make_sized_window(qtbot, tmp_path, (1024, 700), lang=lang)
    arr = Arrangement.parse(FOULED)
    window.deal_model.place(arr.top, arr.middle, arr.bottom)
    settle()
    banner = window.table.banner
    assert banner.text().count(" is stronger than " if lang == "en" else " сильнее ") == 2
    assert not banner.is_cut(), banner.shown_text()
