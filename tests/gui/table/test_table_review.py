"""The table page reads well: no selection after the showdown, one-line titles, and
Criss Cross's texts that say which hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.numbers import signed
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.models import ROWS, Zone
from tests.gui.window_fixtures import make_sized_window, settle, showdown


def test_no_card_shown_selected_after_the_showdown(qtbot: Any, tmp_path: Path) -> None:
    window = make_sized_window(qtbot, tmp_path, (1280, 800))
    top = window.table.views[Zone.TOP]
    showdown(window)
    for zone, view in window.table.views.items():
        assert not view.selectionModel().hasSelection(), zone
        assert not view.currentIndex().isValid(), zone
    assert top.model().rowCount() == 3


def test_titles_on_one_line(qtbot: Any, tmp_path: Path) -> None:
    window = make_sized_window(qtbot, tmp_path, (1024, 700), lang="ru")
    table = window.table
    for label in [table.hand_title, *(table.row_titles[z] for z in ROWS)]:
        assert "\n" not in label.text() and label.text()


def test_criss_cross_says_which_hand(qtbot: Any, tmp_path: Path) -> None:
    window = make_sized_window(qtbot, tmp_path, (1280, 800), opponents=1, criss_cross=True)
    c = window.controller
    assert window.table.set_button.text() == "Set hand 1 of 2"
    for i in range(2):
        arr = arrange(c.player_cards[i], "greedy", c.setup.rules)
        assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
        if i == 0:
            window.table.set_button.click()
            settle()
            assert window.table.set_button.text() == "Set hand 2 of 2"
            assert window.table.hand_title.text() == "Hand 2 of 2"
    window.table.set_button.click()
    window.solver_panel.pool.waitForDone()
    settle()
    bot = next(s for s in window.table._seats if s.seat)
    texts = [label.full_text() for label in bot.result_labels]
    assert all(t.startswith("hand 1 ") and " · hand 2 " in t for t in texts), texts
    shown = [label.shown_text() for label in bot.result_labels]
    assert all("…" not in t and t.count("✓") + t.count("✗") + t.count("=") == 2 for t in shown), shown


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_showdown_result_and_row_verdicts_whole_at_1024x700_with_three_bots(
        qtbot: Any, tmp_path: Path, lang: str) -> None:
    """The result names every bot's points (never a cut "…-4 against bot 2, -2…") and the
    verdicts beside the rows never wrap, leaving a lone "✓" on a line."""
    window = make_sized_window(qtbot, tmp_path, (1024, 700), opponents=3, lang=lang)
    showdown(window)
    table = window.table
    result = table.result_label
    assert not result.is_cut(), result.shown_text()
    settled = table.controller.showdown
    assert settled is not None
    points = [settled.points_against(s.seat) for s in table._seats if s.seat]
    assert len(points) == 3
    shown = result.shown_text()
    for p in points:  # every bot's points (in the seats' order), whatever form fits
        assert signed(p, 0) in shown
        shown = shown[shown.index(signed(p, 0)) + len(signed(p, 0)):]
    for zone in ROWS:
        name = table.row_names[zone]
        assert isinstance(name, FittedLabel)
        assert not name.is_cut(), name.shown_text()
        lines = name.shown_text().split("\n")
        metrics = name.fontMetrics()
        room = name.contentsRect().width() - 2 * name.margin()
        for line in lines:  # each line whole on its own: no verdict wrapped onto a lone line
            assert metrics.horizontalAdvance(line) <= room, (line, room)
        assert lines[-1].count("✓") + lines[-1].count("✗") + lines[-1].count("=") == 3


def test_a_short_banner_text_is_centred_in_its_room(qtbot: Any, tmp_path: Path) -> None:
    window = make_sized_window(qtbot, tmp_path, (1280, 800), opponents=3)
    showdown(window)
    banner = window.table.banner
    assert banner.lines() >= 3 and "\n" not in banner.shown_text()
    assert banner.alignment() & Qt.AlignmentFlag.AlignVCenter
    image = banner.grab().toImage()
    text_rows = [y for y in range(image.height())
                 if any(image.pixelColor(x, y).lightness() > 200 for x in range(20, image.width() // 2))]
    assert text_rows
    above, below = text_rows[0], image.height() - 1 - text_rows[-1]
    assert abs(above - below) <= 12, (above, below)
