"""The first window on a 1024 x 700 screen (the table fits every screen from 1024 x 700 up):
under openbox it is 1018 x 645. Mid-hand with the banner's longest text (a half-set hand that
fouls twice) and at the showdown, in both languages and with one to three bots, the banner
shows its whole text and the table's column fits its height, nothing squeezed or cut (with
three bots a seat names its longest hands in fewer words, "full house", the whole name in the
tooltip)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.rules.cards import Card
from tests.gui.fit import clipped_texts
from tests.gui.window_fixtures import MID_HAND, make_sized_window, settle, showdown

FIRST_WINDOW = (1018, 645)  # the first window's size on a 1024 x 700 screen under openbox


def longest_foul(window: MainWindow) -> None:
    for card, zone in MID_HAND:
        window.deal_model.move(Card.parse(card), zone)
    settle()


def problems(window: MainWindow, *, seat_names: bool = True) -> list[str]:
    """Texts cut or squeezed, the table's column taller than the table, labels cut at a word
    (the banner, the rows' names; the bots' hand names unless ``seat_names`` is false)."""
    table = window.table
    found = clipped_texts(window)
    layout = table.layout()
    assert layout is not None
    if not table.fits():
        need = table.fitter.needed_height(layout)
        found.append(f"the table's column does not fit: {need} > {table.height()}")
    cut = [w.text() for w in table.findChildren(FittedLabel) if w.isVisible() and w.is_cut()
           and (seat_names or w.objectName() != "seatHandName")]
    rules = table.rules_label  # the deal's table in the status bar: whole, or its short form whole
    if rules.shown_text() not in (rules.full_text(), rules.short_text()):
        cut.append(rules.full_text())
    return found + [f"cut: {t!r}" for t in cut]


@pytest.mark.parametrize("opponents", [1, 2, 3])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_longest_foul_is_whole_in_the_first_window(qtbot: Any, tmp_path: Path, lang: str,
                                                        opponents: int) -> None:
    window = make_sized_window(qtbot, tmp_path, FIRST_WINDOW, opponents=opponents, lang=lang)
    longest_foul(window)
    banner = window.table.banner
    assert banner.text().count("(") >= 2  # two reasons: the longest text
    assert not banner.is_cut(), (banner.lines(), banner.shown_text())
    assert problems(window) == []


@pytest.mark.parametrize("opponents", [1, 2, 3])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_showdown_fits_the_first_window(qtbot: Any, tmp_path: Path, lang: str, opponents: int) -> None:
    window = make_sized_window(qtbot, tmp_path, FIRST_WINDOW, opponents=opponents, lang=lang)
    assert window.table.fits()
    showdown(window)
    assert problems(window) == []
