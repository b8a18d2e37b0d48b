"""The History window reads well: dates the language's way, no negative EV loss shown or
plotted, the detail pane says what it is for, one precision in the summary, charts using the
whole width with hands counted from 1, no blank Fouls cells."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QDateTime, QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from cp_trainer.gui.practice.history_model import COLUMNS
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryStore
from tests.history_fixtures import make_record


@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


def _window(qtbot: QtBot, tmp_path: Path) -> HistoryWindow:
    store = HistoryStore.open(tmp_path / "db")
    store.add(make_record(0, ev=(0.5, 0.45)))
    store.add(make_record(1, fouled=True, ev=(0.3, -2.0)))
    store.add(make_record(2, ev=(0.3, 0.5)))  # the arrangement "beat" the solver by 0.20
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    return window


def _column(window: HistoryWindow, name: str, role: int = Qt.ItemDataRole.DisplayRole) -> list[object]:
    col = COLUMNS.index(name)
    return [window.proxy.index(r, col).data(role) for r in range(window.proxy.rowCount())]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_dates_in_the_languages_short_format(qtbot: QtBot, tmp_path: Path, english_after: QApplication,
                                             lang: str) -> None:
    install_language(english_after, lang)
    window = _window(qtbot, tmp_path)
    record = make_record(2)
    moment = QDateTime.fromSecsSinceEpoch(int(record.played_at.timestamp()))
    want = QLocale(lang).toString(moment, QLocale.FormatType.ShortFormat)
    assert _column(window, "date")[0] == want
    assert "2026-10-16" not in str(_column(window, "date"))
    if lang == "ru":
        assert str(_column(window, "date")[0]).startswith("16.10.2026")


def test_no_negative_ev_loss_shown_nor_plotted(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    shown = [str(v) for v in _column(window, "ev_lost")]
    assert not any(v.startswith("-") for v in shown), shown
    assert "0.00" in shown
    tips = _column(window, "ev_lost", Qt.ItemDataRole.ToolTipRole)
    assert any(isinstance(t, str) and "error" in t for t in tips)  # the reason, where it applies
    ax_ev = window.charts.figure.axes[0]
    ys = [float(y) for line in ax_ev.get_lines() for y in line.get_ydata()]  # type: ignore[arg-type, union-attr]
    assert ys and min(ys) >= 0.0


def test_fouls_column_shows_zero(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    assert sorted(str(v) for v in _column(window, "fouls")) == ["0", "0", "1"]


def test_detail_pane_says_what_it_is_for_until_a_hand_is_selected(
        qtbot: QtBot, tmp_path: Path, english_after: QApplication) -> None:
    window = _window(qtbot, tmp_path)
    assert window.detail.toPlainText().strip() == "Select a hand to see it here"
    install_language(english_after, "ru")
    assert window.detail.toPlainText().strip() == "Выберите раздачу, чтобы увидеть её здесь"
    window.select_row(0)
    assert "Выберите" not in window.detail.toPlainText()


def test_rules_column_on_one_line(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    assert not window.table.wordWrap()
    assert _column(window, "rules", Qt.ItemDataRole.ToolTipRole)[0]  # the whole text on hover


def test_summary_a_sentence_with_one_precision(qtbot: QtBot, tmp_path: Path,
                                               english_after: QApplication) -> None:
    window = _window(qtbot, tmp_path)
    text = window.charts.summary_label.text()
    assert text.startswith("Hands: 3 · "), text
    figures = [w for w in text.replace("·", " ").split() if any(c.isdigit() for c in w) and "." in w]
    assert figures and all(len(f.split(".")[1]) == 2 for f in figures), text
    install_language(english_after, "ru")
    assert window.charts.summary_label.text().startswith("Раздач: 3 · ")


def test_charts_use_the_width_and_count_hands_from_one(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    fig = window.charts.figure
    fig.canvas.draw()
    for ax in fig.axes:
        assert ax.get_position().x1 > 0.9  # no quarter left empty for a legend on the right
        lo, hi = ax.get_xlim()
        visible = [t for t in ax.get_xticks() if lo <= t <= hi]
        assert visible and min(visible) >= 1, visible


def test_rules_column_fits_the_table_without_sideways_scrolling(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.show()
    qtbot.waitExposed(window)
    header = window.table.horizontalHeader()
    assert header.length() <= window.table.viewport().width() + 1
    assert window.table.horizontalScrollBar().maximum() == 0


def test_empty_tabs_say_so_in_their_middle(qtbot: QtBot, tmp_path: Path) -> None:
    window = HistoryWindow(HistoryStore.open(tmp_path / "empty"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    for label, canvas in ((window.charts.empty_label, window.charts.canvas),
                          (window.drill_charts.summary, window.drill_charts.canvas)):
        assert not canvas.isVisibleTo(window)
        assert label.alignment() & Qt.AlignmentFlag.AlignHCenter
        assert label.alignment() & Qt.AlignmentFlag.AlignVCenter
        tab = label.parentWidget()
        assert tab is not None and label.height() > tab.height() // 2  # it fills the tab
