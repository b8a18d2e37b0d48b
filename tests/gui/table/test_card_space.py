"""Cards that use the space: sizes grow with the window, the bots' cards and hand names
are readable with three bots at 1280x800, and the four-colour deck is one click away."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QToolButton

from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.table.models import Zone
from tests.gui.window_fixtures import make_sized_window, settle, showdown


def sizes(window: MainWindow) -> dict[str, int]:
    """Card widths: the player's rows, a bot's seat and the solver panel's small cards."""
    settle()
    seat = window.table._seats[0]
    return {"table": window.table.views[Zone.MIDDLE].iconSize().width(),
            "seat": seat.card_labels[2][0].width(),
            "solver": window.solver_panel.best_rows._labels[2][0].width()}


def test_cards_grow_with_the_window(qtbot: Any, tmp_path: Path) -> None:
    small = sizes(make_sized_window(qtbot, tmp_path / "a", (1024, 700), opponents=2))
    large = sizes(make_sized_window(qtbot, tmp_path / "b", (1600, 1000), opponents=2))
    for part in small:
        assert large[part] > small[part] * 1.15, (part, small, large)


def covered(window: MainWindow) -> float:
    """The share of the table's area the player's rows and hand cover (as measure_table.py)."""
    table = window.table
    used = 0
    for zone in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM, Zone.HAND):
        view = table.views[zone]
        if view.isVisible():
            used += view.width() * view.height()
    return used / max(1, table.width() * table.height())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_large_window_gives_the_rows_large_cards(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """At 1920 x 1080 (its first window, 1728 x 972) the rows grow with the room, not a third of
    the table's height with small cards; the hand's cards as far as 13 of them fit across, never
    higher than the rows'."""
    window = make_sized_window(qtbot, tmp_path, (1728, 972), opponents=2, lang=lang)
    settle()
    table = window.table
    rows = table.views[Zone.MIDDLE].iconSize().height()
    hand = table.views[Zone.HAND].iconSize().height()
    assert rows >= 100, rows
    assert hand <= rows
    assert covered(window) >= 0.25, covered(window)
    assert table.fits()
    hand_view = table.views[Zone.HAND]  # 13 cards across the hand's strip
    assert hand_view.gridSize().width() * 13 <= hand_view.width()


def test_the_rows_grow_with_the_tables_height_alone(qtbot: Any, tmp_path: Path) -> None:
    """Same width, more height: the rows' cards grow (the hand's width no longer caps them)."""
    low = make_sized_window(qtbot, tmp_path / "a", (1366, 740), opponents=2)
    high = make_sized_window(qtbot, tmp_path / "b", (1366, 1000), opponents=2)
    settle()
    assert (high.table.views[Zone.MIDDLE].iconSize().height()
            > low.table.views[Zone.MIDDLE].iconSize().height() + 10)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_bots_at_1280x800_cards_40px_and_hand_names_whole(qtbot: Any, tmp_path: Path,
                                                                lang: str) -> None:
    window = make_sized_window(qtbot, tmp_path, (1280, 800), opponents=3, lang=lang)
    showdown(window)
    seats = [s for s in window.table._seats if s.seat]
    assert len(seats) == 3
    names = [name for seat in seats for name in seat.name_labels]
    assert all(name.text() for name in names)
    assert any(len(name.text()) > 24 for name in names)  # long names among them ("full house, ...")
    for seat in seats:
        for labels in seat.card_labels:
            for lab in labels:
                assert lab.width() >= 40 and lab.isVisible()
                assert not lab.pixmap().isNull()
    cut = [name.text() for name in names if isinstance(name, FittedLabel) and name.is_cut()]
    assert not cut


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_bots_at_1280x800_cards_side_by_side_and_results_on_their_names_line(
        qtbot: Any, tmp_path: Path, lang: str) -> None:
    """The bots' cards lie side by side, not fanned in boxes mostly empty, and "✓ you win"
    sits on its own row name's line, not nearer the next row's."""
    window = make_sized_window(qtbot, tmp_path, (1280, 800), opponents=3, lang=lang)
    showdown(window)
    for seat in [s for s in window.table._seats if s.seat]:
        for r, labels in enumerate(seat.card_labels):
            for left, right in pairwise(labels):
                assert left.width() >= 40
                assert right.x() >= left.x() + left.width(), (seat.seat, r, "cards overlap")
            name, result = seat.name_labels[r], seat.result_labels[r]
            assert name.text() and result.full_text()
            assert name.parentWidget() is result.parentWidget()
            # the result on the name's first line, after the name
            assert abs(result.y() - name.y()) <= 4, (seat.seat, r, result.y(), name.y())
            assert result.x() >= name.x() + 1 and result.geometry().right() <= seat.words[r].width()
            assert not result.geometry().intersects(name.geometry())
        inside = seat.contentsRect()
        points = seat.points.geometry()
        assert points.bottom() < inside.bottom() - 2  # clear of the box's border


def test_four_colour_deck_is_one_click_away(qtbot: Any, tmp_path: Path) -> None:
    window = make_sized_window(qtbot, tmp_path, (1280, 800))
    assert window.renderer.style is CardStyle.TWO_COLOUR
    hand = window.table.views[Zone.HAND]
    settle()
    before = hand.viewport().grab().toImage()
    button = window.menuBar().cornerWidget()
    assert isinstance(button, QToolButton) and button.isVisible()
    button.click()
    settle()
    assert window.values.card_style is CardStyle.FOUR_COLOUR
    assert Settings(tmp_path / "settings.ini").values.card_style is CardStyle.FOUR_COLOUR  # kept
    after: QImage = hand.viewport().grab().toImage()
    assert after != before  # the clubs and diamonds are drawn in their own colours now
    window.four_colour_action.trigger()  # and back, from the View menu
    assert window.renderer.style.value == CardStyle.TWO_COLOUR.value
    assert Settings(tmp_path / "settings.ini").values.card_style is CardStyle.TWO_COLOUR
    assert hand.viewport().grab().toImage() == before
