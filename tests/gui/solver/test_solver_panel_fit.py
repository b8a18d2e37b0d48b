"""The solver panel fits: the hindsight's cards have a caption, and after the
showdown the panel's content fits the window at 1366x768 with no card cut at the bottom (the
hindsight's cards smaller, its explanation folded into a tooltip when the window is short)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint

from cp_trainer.gui.main_window import MainWindow
from tests.gui.window_fixtures import make_sized_window, settle, showdown


def shown_after_showdown(qtbot: Any, tmp_path: Path, size: tuple[int, int], lang: str) -> MainWindow:
    window = make_sized_window(qtbot, tmp_path, size, lang=lang)
    panel = window.solver_panel
    assert panel.intro.isVisible() and panel.intro.text()  # before Hint: what the panel will show
    showdown(window)
    settle()
    assert panel.answer is not None and panel.answer.hindsight is not None
    assert not panel.intro.isVisible()
    return window


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1366, 768), (1280, 800)])
def test_hindsight_has_a_caption_and_nothing_is_cut(qtbot: Any, tmp_path: Path, lang: str,
                                                     size: tuple[int, int]) -> None:
    window = shown_after_showdown(qtbot, tmp_path, size, lang)
    panel = window.solver_panel
    assert panel.hindsight_title.isVisible()
    assert panel.hindsight_title.text().endswith(":")
    viewport = window.solver_scroll.viewport()
    assert window.solver_scroll.verticalScrollBar().maximum() == 0
    last = panel.hindsight_rows._labels[2][0]
    assert last.isVisible() and not last.pixmap().isNull()
    bottom = last.mapTo(viewport, QPoint(0, last.height())).y()
    assert bottom <= viewport.height(), (bottom, viewport.height())
    assert last.width() >= 20  # small, still a card


def test_at_1920_the_hindsight_keeps_its_words_and_the_full_cards(qtbot: Any, tmp_path: Path) -> None:
    window = shown_after_showdown(qtbot, tmp_path, (1920, 1080), "en")
    panel = window.solver_panel
    assert panel.hindsight_title.text() == "Best in hindsight:"
    assert panel.hindsight.isVisible() and "Hindsight" in panel.hindsight.text()
    assert panel.hindsight_rows.card_height == panel.best_rows.card_height
