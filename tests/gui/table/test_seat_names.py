"""A bot's hand name on its seat is read whole or cut at a word: the whole name, a shorter
form made of its first words ("full house" for "full house, sevens over tens"), or its first
words and "…" (the whole name in the tooltip); never a word cut by the label's edge, never
a fragment that drops the name's first word ("high…" for "queen-high"), never under the row's
result beside it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget

from cp_trainer.gui.fitted import ELLIPSIS
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.seats import OpponentSeat
from cp_trainer.rules.arrangement import Arrangement
from tests.gui.window_fixtures import LEGAL, button, make_sized_window, settle

PUNCTUATION = ",:;—-"


def _words(text: str) -> list[str]:
    return [w.strip(PUNCTUATION) for w in text.replace("\n", " ").split(" ") if w.strip(PUNCTUATION)]


def _in_seat(seat: OpponentSeat, widget: QWidget) -> QRect:
    return QRect(widget.mapTo(seat, QPoint(0, 0)), widget.size())


def assert_names_readable(seat: OpponentSeat) -> int:
    """Every revealed row's name of ``seat`` is readable (see the module); the number checked."""
    checked = 0
    for r in range(3):
        label = seat.name_labels[r]
        full, shown = label.text(), label.shown_text()
        if not full:
            continue
        checked += 1
        where = (seat.seat, r, full, shown)
        assert shown, where
        head = shown.removesuffix(ELLIPSIS)
        assert _words(full)[:len(_words(head))] == _words(head), where  # its first words
        if shown != full:
            assert full in label.toolTip(), where
        metrics = label.fontMetrics()
        room = label.contentsRect().width() - 2 * label.margin()
        for word in re.findall(r"[^\s-]+-?", shown):  # Qt breaks a line after a hyphen too
            assert metrics.horizontalAdvance(word) <= room, (where, word, room)
        assert label.heightForWidth(label.width()) <= label.height() or "\n" not in shown, where
        result = seat.result_labels[r]
        if result.shown_text() and label.isVisible():
            name_box, result_box = _in_seat(seat, label), _in_seat(seat, result)
            assert not name_box.intersects(result_box), (where, name_box, result_box)
    return checked


def _set(window: Any, hand: int) -> None:
    c = window.controller
    arr = arrange(c.player_cards[hand], "greedy", c.setup.rules)
    assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
    button(window, "setButton").click()
    window.solver_panel.pool.waitForDone()
    settle()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_criss_cross_names_on_a_small_screen(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """1024 x 700, Criss Cross: the bot's two hands and the player's first beside its marks."""
    window = make_sized_window(qtbot, tmp_path, (1024, 700), opponents=1, criss_cross=True, lang=lang)
    window.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    _set(window, 0)
    _set(window, 1)
    assert window.controller.showdown is not None
    seats = window.table._seats
    assert len(seats) == 3
    assert sum(assert_names_readable(seat) for seat in seats) == 9


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_names_after_the_player_surrenders(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_sized_window(qtbot, tmp_path, (1366, 768), opponents=3, lang=lang)
    window.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    arr = Arrangement.parse(LEGAL)
    assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
    surrender = button(window, "surrenderButton")
    assert surrender.isEnabled()
    surrender.click()
    settle()
    showdown = window.controller.showdown
    assert showdown is not None and showdown.surrendered
    seats = [s for s in window.table._seats if s.seat]
    assert sum(assert_names_readable(seat) for seat in seats) == 9


@pytest.mark.parametrize(("name", "short"), [("queen-high", "high card"),
                                             ("старшая карта — дама", "старшая карта"),
                                             ("две пары: дамы и шестёрки", "две пары"),
                                             ("full house, sevens over tens", "full house")])
@pytest.mark.parametrize("width", [190, 230, 300])
def test_a_narrow_seat_never_cuts_a_name_into_a_fragment(qtbot: Any, name: str, short: str,
                                                         width: int) -> None:
    from cp_trainer.gui.cards.pixmaps import CardRenderer
    from cp_trainer.rules.cards import parse_cards

    seat = OpponentSeat(1, CardRenderer())
    qtbot.addWidget(seat)
    seat.allow_below = False
    seat.set_card_height(40)
    seat.resize(width, seat.sizeHint().height())
    seat.show()
    cards = parse_cards("Qs 6h 2d 9c 8c 7h 6d 5s 4c 3d Ah Kh Jc")
    seat.reveal_row(0, cards[:3], name, "lost", "1 ✗ · 2 ✗", short=short)
    seat.reveal_row(1, cards[3:8], name, "lost", "✗ you lose", short=short)
    seat.reveal_row(2, cards[8:], name, "won", "✓ you win", short=short)
    settle()
    assert assert_names_readable(seat) == 3


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_seat_titles_are_cut_at_a_word_on_a_small_screen(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """1024 x 700, Criss Cross: each seat's title ("Your hand 1 (set by you)", «Бот (жадный)»)
    is whole or its first whole words and "…", the whole title in its tooltip."""
    window = make_sized_window(qtbot, tmp_path, (1024, 700), opponents=1, criss_cross=True, lang=lang)
    window.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    _set(window, 0)
    _set(window, 1)
    for seat in window.table._seats:
        title = seat.title
        full, shown = title.full_text(), title.shown_text()
        if shown == full:
            continue
        assert shown.endswith(ELLIPSIS) and full in title.toolTip(), (full, shown)
        head = shown[: -len(ELLIPSIS)].rstrip(" " + PUNCTUATION)
        assert full.startswith(head) and full[len(head):][:1] in " " + PUNCTUATION + "()", (full, shown)
