"""The card picker colours its buttons like the table's cards, and the lessons draw theirs in the
table's style: it comes from the window that shows cards (a typed protocol, not an attribute
looked up by name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from cp_trainer.gui.cards.picker import CardPicker, ShowsCards, card_style_of
from cp_trainer.gui.cards.style import DEFAULT_CARD_STYLE, CardStyle
from cp_trainer.gui.practice.lessons_window import LessonsWindow
from cp_trainer.gui.settings.store import Settings
from tests.gui.window_fixtures import make_window


def test_a_widget_inside_the_main_window_takes_its_card_style(qtbot: Any, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", card_style=CardStyle.FOUR_COLOUR))
    window = make_window(qtbot, tmp_path)
    assert isinstance(window, ShowsCards)
    inner = QWidget(window)
    picker = CardPicker(None, inner)
    assert card_style_of(inner) is CardStyle.FOUR_COLOUR is not DEFAULT_CARD_STYLE
    assert card_style_of(picker) is CardStyle.FOUR_COLOUR


def test_a_widget_outside_any_card_window_takes_the_default(qtbot: Any) -> None:
    lone = QWidget()
    qtbot.addWidget(lone)
    assert not isinstance(lone, ShowsCards)
    assert card_style_of(lone) is DEFAULT_CARD_STYLE and card_style_of(None) is DEFAULT_CARD_STYLE


def test_lessons_draw_their_cards_in_the_tables_style(qtbot: Any, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", card_style=CardStyle.FOUR_COLOUR))
    window = make_window(qtbot, tmp_path)
    lessons = LessonsWindow(window)
    lessons.list.setCurrentRow(0)
    lessons.step_index = 2  # "what is this five-card hand?": its cards as pictures
    lessons._show_step()
    assert lessons.pictures and lessons.renderer.style is CardStyle.FOUR_COLOUR
    assert lessons.renderer.art_path(lessons.pictures[0].cards[0]).parent.name == "four-colour"
