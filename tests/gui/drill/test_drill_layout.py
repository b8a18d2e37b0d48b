"""The Drill page's layout: it fits 1024x700 without a scroll bar, its buttons keep
their width, the best arrangement sits beside your rows at your cards' size (a placeholder before
the grade), the cards grow with the window, the row titles look like the table's, and every
Alt-accelerator on the page and the menu bar is unique in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from cp_trainer.gui.drill.page import DrillPage, Phase
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.table.models import ROWS, Zone
from tests.gui.window_fixtures import make_sized_window, settle


def drill(qtbot: Any, tmp_path: Path, size: tuple[int, int],
          lang: str = "en") -> tuple[MainWindow, DrillPage]:
    window = make_sized_window(qtbot, tmp_path, size, lang=lang)
    page = window.show_drill()
    page.random_share = 0.0  # pool hands only: their stored answers grade at once
    page._theme_chosen(0)
    settle()
    return window, page


def grade_best(page: DrillPage) -> None:
    """Set the stored best arrangement of the pool hand dealt (an instant grade)."""
    assert page.hand is not None and page.hand.analysis is not None
    arr = page.hand.analysis.best.arrangement
    assert page.deal.place(arr.top, arr.middle, arr.bottom)
    page.set_hand()
    assert page.phase is Phase.GRADED
    settle()


def window_rect(widget: QWidget, window: QWidget) -> tuple[int, int, int, int]:
    top_left = widget.mapTo(window, QPoint(0, 0))
    return top_left.x(), top_left.y(), widget.width(), widget.height()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_fits_1024x700_without_a_scroll_bar(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window, page = drill(qtbot, tmp_path, (1024, 700), lang)
    scroll = window.drill.container
    assert scroll is not None
    for graded in (False, True):  # before and after the grade
        assert scroll.verticalScrollBar().maximum() == 0
        assert not scroll.verticalScrollBar().isVisible()
        viewport = scroll.viewport()
        for label in (page.legend, page.themes_line, page.hand_line):
            bottom = label.mapTo(viewport, QPoint(0, label.height())).y()
            assert bottom <= viewport.height(), label.objectName()
        if not graded:  # (once: a graded hand's cards no longer move)
            grade_best(page)
    page.themes_line.setText("You lose most on: something (0.10 points per hand; hands: 1).")
    settle()
    assert scroll.verticalScrollBar().maximum() == 0


def test_buttons_keep_their_width_at_1920(qtbot: Any, tmp_path: Path) -> None:
    _window, page = drill(qtbot, tmp_path, (1920, 1080))
    for button in (page.set_button, page.return_button, page.next_button):
        assert button.width() <= button.sizeHint().width() + 10, (button.objectName(), button.width())


def test_best_arrangement_placeholder_then_rows_beside_yours(qtbot: Any, tmp_path: Path) -> None:
    window, page = drill(qtbot, tmp_path, (1366, 768))
    assert page.best_placeholder.isVisible() and page.best_placeholder.text()
    grade_best(page)
    assert not page.best_placeholder.isVisible()
    for r, zone in enumerate(ROWS):
        view = page.views[zone]
        yours = view.iconSize()
        labels = page.best_view.labels[r]
        assert all(lab.size() == yours for lab in labels), (zone, labels[0].size(), yours)
        _x, y, _w, h = window_rect(view, window)
        _bx, by, _bw, bh = window_rect(labels[0], window)
        assert abs((by + bh // 2) - (y + h // 2)) <= 4, zone  # on the same line as your row
        assert not labels[0].pixmap().isNull()


def test_cards_grow_with_the_window(qtbot: Any, tmp_path: Path) -> None:
    _w1, small = drill(qtbot, tmp_path / "a", (1024, 700))
    _w2, large = drill(qtbot, tmp_path / "b", (1600, 1000))
    a, b = small.views[Zone.MIDDLE].iconSize().width(), large.views[Zone.MIDDLE].iconSize().width()
    assert b > a * 1.2, (a, b)
    assert a >= 36


def test_row_titles_look_like_the_tables(qtbot: Any, tmp_path: Path) -> None:
    window, page = drill(qtbot, tmp_path, (1366, 768))
    table_title = window.table.findChild(QLabel, "rowTitle")
    assert table_title is not None
    for label in page.row_labels.values():
        assert label.font().bold()
        colour = label.palette().color(label.foregroundRole())
        assert colour == QColor("#fff59d"), colour.name()


def mnemonic(text: str) -> str | None:
    i = text.replace("&&", "").find("&")
    return None if i < 0 else text.replace("&&", "")[i + 1].lower()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_accelerators_are_unique_on_the_drill_page(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window, page = drill(qtbot, tmp_path, (1366, 768), lang)
    texts = [a.text() for a in window.menuBar().actions() if a.isVisible()]
    texts += [b.text() for b in page.findChildren(QAbstractButton) if b.isVisible()]
    texts += [lab.text() for lab in page.findChildren(QLabel) if lab.isVisible() and lab.buddy() is not None]
    keys = [(mnemonic(t), t) for t in texts if mnemonic(t)]
    letters = [k for k, _t in keys]
    assert len(keys) >= 12
    assert len(set(letters)) == len(letters), sorted(keys)


def test_shortcut_underlines_only_while_alt_is_held(qtbot: Any, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QStyle

    _window, page = drill(qtbot, tmp_path, (1366, 768))
    hint = QStyle.StyleHint.SH_UnderlineShortcut
    for widget in (page.set_button, page.next_button, page.row_labels[Zone.TOP], page.theme_label):
        assert widget.style().styleHint(hint, None, widget) == 0, widget.objectName()
    # the Alt-keys still work: Alt+N is the next hand
    assert page.next_button.shortcut().toString() == "Alt+N"
