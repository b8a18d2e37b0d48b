"""The bots' seats at the showdown: each row's hand name belongs to its
own row, and a seat's results are all words or all marks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

from cp_trainer.gui.table.seats import OpponentSeat
from tests.gui.window_fixtures import make_sized_window, showdown

SIZES = [(1280, 800), (1024, 700)]


def in_seat(seat: OpponentSeat, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(seat, QPoint(0, 0)), widget.size())


def bots(qtbot: Any, tmp_path: Path, size: tuple[int, int], lang: str) -> list[OpponentSeat]:
    window = make_sized_window(qtbot, tmp_path, size, opponents=3, lang=lang)
    showdown(window)
    seats = [s for s in window.table._seats if s.seat]
    assert len(seats) == 3
    return seats


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_name_under_its_cards_hugs_its_own_row(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """Review: with three bots at 1280x800 the middle row's name sat as near the bottom row's
    cards as its own, and read as the bottom row's label."""
    under = 0
    for seat in bots(qtbot, tmp_path, (1280, 800), lang):
        for r in range(3):
            if not seat.words_below(r):
                continue
            under += 1
            name = in_seat(seat, seat.name_labels[r])
            own = name.top() - in_seat(seat, seat.card_boxes[r]).bottom()
            assert own >= 0, (seat.seat, r, own)
            if r == 2:  # the last row: the seat's edge follows
                assert name.bottom() <= seat.contentsRect().bottom(), (seat.seat, name)
                continue
            following = in_seat(seat, seat.card_boxes[r + 1]).top() - name.bottom()
            assert following >= own + 4, (seat.seat, r, own, following)
    assert under  # the narrow case: names under the cards


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seats_results_are_all_words_or_all_marks(qtbot: Any, tmp_path: Path, lang: str,
                                                    size: tuple[int, int]) -> None:
    """Review: one row said "✓ you win", the others of the same seat only "✗"."""
    for seat in bots(qtbot, tmp_path, size, lang):
        labels = seat.result_labels
        assert all(label.full_text() for label in labels)
        words = [label.shown_text() == label.full_text() for label in labels]
        marks = [label.shown_text() == label.short_text() for label in labels]
        assert all(words) or all(marks), (seat.seat, [label.shown_text() for label in labels])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_bots_names_are_whole_where_the_seat_has_room(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """With three bots at 1366 x 768 (its first window, 1231 x 713) no seat cuts a hand's name
    ("two pair, queens and…") beside empty felt: the cards overlap and the names take two
    lines to be read whole."""
    seats = bots(qtbot, tmp_path, (1231, 713), lang)
    names = [name for seat in seats for name in seat.name_labels]
    assert all(name.text() for name in names)
    assert any(len(name.text()) > 24 for name in names)
    cut = [name.text() for name in names if name.is_cut()]
    assert not cut, cut
    for seat in seats:  # each row's cards still show their corners, the rows are whole
        for r in range(3):
            assert seat.card_labels[r][1].x() >= seat.card_labels[r][0].width() * 0.4
            assert in_seat(seat, seat.words[r]).right() <= seat.contentsRect().right()
