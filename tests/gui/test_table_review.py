"""Review of issue 12 on the table page: no selection after the showdown, one-line titles, and
Criss Cross's texts that say which hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.models import ROWS, Zone

from .test_card_space import showdown
from .test_steady_layout import make_window, settle


def test_no_card_shown_selected_after_the_showdown(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, (1280, 800))
    top = window.table.views[Zone.TOP]
    showdown(window)
    for zone, view in window.table.views.items():
        assert not view.selectionModel().hasSelection(), zone
        assert not view.currentIndex().isValid(), zone
    assert top.model().rowCount() == 3


def test_titles_on_one_line(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, (1024, 700), lang="ru")
    table = window.table
    for label in [table.hand_title, *(table.row_titles[z] for z in ROWS)]:
        assert "\n" not in label.text() and label.text()


def test_criss_cross_says_which_hand(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, (1280, 800), opponents=1, criss_cross=True)
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
