"""Pai Gow's page: the EV table fits its width, the cards grow with the
window, and the texts read well (aligned, capitalised, one line per hand, tens written 10)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.paigow.sizing import MIN_CARD_HEIGHT
from cp_trainer.gui.paigow.tab import PaiGowTab, tens_written_10
from cp_trainer.gui.paigow.views import PgZone
from cp_trainer.paigow.cards import parse_pg_cards
from tests.gui.window_fixtures import make_sized_window, settle

PLAYER = "Td 9c 7d 5h 4s 4h 2c"
DEALER = "Ah Kh Qc Jc 6d 6c 4c"


def played(qtbot: Any, tmp_path: Path, size: tuple[int, int],
           lang: str = "en") -> tuple[MainWindow, PaiGowTab]:
    """The Pai Gow page at ``size``, a hand set by house way and settled, its EV shown."""
    window = make_sized_window(qtbot, tmp_path, size, lang=lang)
    tab = window.show_paigow().tab
    tab.samples = 300
    tab.new_deal((parse_pg_cards(PLAYER), parse_pg_cards(DEALER)))
    tab.play_house_way()
    tab.set_hand()
    tab.pool.waitForDone()
    settle()
    assert tab.ev_result is not None
    return window, tab


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ev_table_fits_its_width_at_1024x700(qtbot: Any, tmp_path: Path, lang: str) -> None:
    _window, tab = played(qtbot, tmp_path, (1024, 700), lang)
    table = tab.panel.ev_table
    header = table.horizontalHeader()
    assert not table.horizontalScrollBar().isVisible()
    assert table.horizontalScrollBar().maximum() == 0
    used = sum(header.sectionSize(c) for c in range(table.columnCount()))
    assert used <= table.viewport().width()
    for c in range(4):  # the cards and the figures whole ("± 0.003" too), header included
        need = max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
        assert header.sectionSize(c) >= need, (c, header.sectionSize(c), need)
    items = [table.horizontalHeaderItem(c) for c in range(table.columnCount())]
    titles = [item.text() for item in items if item is not None]
    assert len(titles) == table.columnCount()
    assert all(titles), titles  # the notes column has a header too
    assert all(t[:1].isupper() for t in titles if t[:1].isalpha()), titles
    # the notes are elided, whole in their tooltip
    notes = [item for r in range(table.rowCount()) if (item := table.item(r, 4)) is not None and item.text()]
    assert notes and all(item.toolTip() == item.text() for item in notes)


def card_width(tab: PaiGowTab) -> int:
    settle()
    return tab.views[PgZone.HIGH].iconSize().width()


def test_cards_grow_with_the_window_and_the_game_gets_its_share(qtbot: Any, tmp_path: Path) -> None:
    _w1, small = played(qtbot, tmp_path / "a", (1024, 700))
    small_cards = card_width(small)
    small_dealer = small.dealer_cards_view.labels[0].width()
    _w2, large = played(qtbot, tmp_path / "b", (1600, 1000))
    assert card_width(large) > small_cards * 1.3, (small_cards, card_width(large))
    assert large.dealer_cards_view.labels[0].width() > small_dealer * 1.3
    assert large.game_column.width() > large.panel.width()  # no more a mostly blank EV table
    assert small_cards >= 40
    for tab in (small, large):  # everything of the game's column inside the page
        column = tab.game_column.layout()
        assert column is not None
        assert column.minimumSize().height() <= tab.height()
        bottom = tab.session.mapTo(tab, QPoint(0, tab.session.height())).y()
        assert bottom <= tab.height()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_cards_are_the_largest_that_fit(qtbot: Any, tmp_path: Path, lang: str) -> None:
    _window, tab = played(qtbot, tmp_path, (1366, 768), lang)
    fit = tab.fitting
    fit.fit()
    height = tab.views[PgZone.HIGH].iconSize().height()
    _panel, game = fit.split()
    across = fit.height_across(game)
    assert MIN_CARD_HEIGHT <= height <= across
    assert fit.column_fits()
    if height < across:  # the page's height stopped them: 2 pixels more would not fit it
        fit.show_height(height + 2)
        assert not fit.column_fits(), (height, across)
        fit.fit()
        assert tab.views[PgZone.HIGH].iconSize().height() == height


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_result_and_session_lines_read_well(qtbot: Any, tmp_path: Path, lang: str) -> None:
    _window, tab = played(qtbot, tmp_path, (1366, 768), lang)
    assert tab.result.mapTo(tab, QPoint(0, 0)).x() == tab.session.mapTo(tab, QPoint(0, 0)).x()
    assert tab.result.contentsRect().left() == tab.session.contentsRect().left()
    settlement = tab.settlement
    assert settlement is not None
    lines = tab.result_text(settlement).split("\n")
    assert len(lines) == 3  # the outcome, the high hand, the low hand
    assert all(line[:1].isupper() for line in lines), lines
    text = "\n".join(lines) + tab.zone_names[PgZone.LOW].text() + tab.dealer_rule.text() + tab.status.text()
    assert "T-" not in text and "-T" not in text and "10-9" in text
    assert tab.dealer_rule.text().count(":") <= 1, tab.dealer_rule.text()  # no "house way: one pair: ..."
    assert tab.panel.house_rule.text().count(":") <= 1, tab.panel.house_rule.text()


def test_hand_name_on_one_line_at_1600(qtbot: Any, tmp_path: Path) -> None:
    _window, tab = played(qtbot, tmp_path, (1600, 1000))
    name = tab.zone_names[PgZone.HIGH]
    assert "7-5-2" in name.text()
    assert name.fontMetrics().horizontalAdvance(name.text()) <= name.contentsRect().width()


def test_tens_written_10_in_rank_runs_only() -> None:
    assert tens_written_10("T-9") == "10-9"
    assert tens_written_10("pair of fours, kickers K-T-2") == "pair of fours, kickers K-10-2"
    assert tens_written_10("A-T; The dealer") == "A-10; The dealer"
