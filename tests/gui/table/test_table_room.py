"""The player's cards are the screen: with three bots at 1366 x 768 (its first window, 1229 x 728
under openbox) the rows and the hand are large, no band of empty felt lies right of the rows,
every bot's card shows its rank and suit, and the solver's verdict needs no scrolling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.table.models import ROWS, Zone
from cp_trainer.rules.cards import Card
from tests.gui.window_fixtures import MID_HAND, make_sized_window, settle, showdown

FIRST_WINDOW_1366 = (1229, 728)
#: the share of a small card (drawn for reading) its rank and the suit under it take: width, height
CORNER = (0.42, 0.66)


def empty_right_of_rows(window: MainWindow) -> int:
    """The felt between the right end of the rows' cards and words and the tools (or the edge)."""
    table = window.table
    right = 0
    for zone in ROWS:
        view = table.views[zone]
        right = max(right, view.mapTo(table, QPoint(view.width(), 0)).x())
        name = table.row_names[zone]
        assert isinstance(name, FittedLabel)
        if name.text():
            words = max(name.fontMetrics().horizontalAdvance(line) for line in name.shown_text().split("\n"))
            right = max(right, name.mapTo(table, QPoint(0, 0)).x() + min(words, name.width()))
    tools = table.sort_rank_button
    edge = tools.mapTo(table, QPoint(0, 0)).x() - 10 if tools.x() > right else table.width() - 12
    return edge - right


def visible_in_panel(window: MainWindow, widget: Any) -> bool:
    viewport = window.solver_scroll.viewport()
    return widget.isVisible() and viewport.rect().contains(QRect(widget.mapTo(viewport, QPoint(0, 0)),
                                                                 widget.size()))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_bots_at_1366x768_the_cards_use_the_room(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_sized_window(qtbot, tmp_path, FIRST_WINDOW_1366, opponents=3, lang=lang)
    for card, zone in MID_HAND:
        window.deal_model.move(Card.parse(card), zone)
    settle()
    table = window.table
    rows = table.views[Zone.MIDDLE].iconSize().height()
    hand = table.views[Zone.HAND].iconSize().height()
    assert rows >= 82, rows  # 67 when the seats' rows lay apart under a line of points each
    assert hand >= 66, hand
    assert empty_right_of_rows(window) < 40, empty_right_of_rows(window)
    assert table.fits()
    showdown(window)
    assert table.views[Zone.MIDDLE].iconSize().height() == rows  # nothing moved
    for seat in [s for s in table._seats if s.seat]:
        for r, labels in enumerate(seat.card_labels):
            face = labels[0].size()
            step = labels[1].x() - labels[0].x()
            assert step >= face.width() * CORNER[0], (seat.seat, r, step, face)
            assert seat.shown_height(r) >= face.height() * CORNER[1], (seat.seat, r, seat.shown_height(r))
            assert all(not lab.pixmap().isNull() for lab in labels)
    assert visible_in_panel(window, window.solver_panel.verdict)
    assert visible_in_panel(window, window.solver_panel.hindsight_rows)


#: the first window on a 1920 x 1080 screen (nine tenths of it)
FIRST_WINDOW_1920 = (1728, 972)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_bots_at_1920x1080_no_band_beside_the_rows(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """The rows are held by the table's height there: the width they cannot use goes to the
    solver's panel (its cards grow), not to a band of empty felt (174 px in English); nothing
    moves at the showdown. The panel stops where the table would lose height (a narrower seat
    puts its words under its cards): what is left is the English names' shorter words."""
    window = make_sized_window(qtbot, tmp_path, FIRST_WINDOW_1920, opponents=3, lang=lang)
    for card, zone in MID_HAND:
        window.deal_model.move(Card.parse(card), zone)
    settle()
    table, panel = window.table, window.solver_panel
    rows = table.views[Zone.MIDDLE].iconSize().height()
    assert empty_right_of_rows(window) < 80, empty_right_of_rows(window)  # 174 at a quarter
    assert rows >= 143, rows  # no lower than with the panel at a quarter of the window
    assert panel.width() > 432 and panel.card_height() > 69  # the quarter, and its cards there
    assert table.fits()
    mid_hand = (panel.width(), table.width())
    showdown(window)
    assert table.views[Zone.MIDDLE].iconSize().height() == rows  # nothing moved
    assert (panel.width(), table.width()) == mid_hand
    assert visible_in_panel(window, panel.verdict)
    assert visible_in_panel(window, panel.hindsight_rows)


def card_heights(window: MainWindow) -> tuple[int, ...]:
    table = window.table
    return (*(table.views[z].iconSize().height() for z in Zone), *(s.card_height() for s in table._seats),
            window.solver_panel.width())


@pytest.mark.parametrize(("size", "opponents"), [((1180, 800), 2), ((1180, 800), 1), (FIRST_WINDOW_1366, 3),
                                                 ((1016, 660), 3), (FIRST_WINDOW_1920, 3)])
def test_the_fitted_sizes_hold_still_while_nothing_happens(qtbot: Any, tmp_path: Path, size: tuple[int, int],
                                                             opponents: int) -> None:
    """A fit and the refit after it agree: the cards never take turns between two sizes (a seat's
    height measured a layout pass early made the rows flip between 89 and 93 px on every turn of
    the event loop)."""
    window = make_sized_window(qtbot, tmp_path, size, opponents=opponents)
    settle()
    seen = []
    for _ in range(6):
        QApplication.processEvents()
        seen.append(card_heights(window))
    assert len(set(seen)) == 1, seen
    window.deal_model.move(Card.parse("As"), Zone.TOP)
    after = []
    for _ in range(6):
        QApplication.processEvents()
        after.append(card_heights(window))
    assert set(after) == set(seen), after
