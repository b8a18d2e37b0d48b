"""Both languages right after a live switch, on every page.

Each page is brought to a state with its texts shown (the table mid-hand and at the showdown with
the solver's answer, Pai Gow after "House way & EV", the Drill after a grade, Settings, History,
Lessons, table mode) at 1024x700, then the language is switched the way the app does it (the
Language menu, or :func:`install_language` for a window of its own) from English to Russian and
back. After each switch no button, one-line label, group box title, tab or status bar text may be
wider than its widget (font metrics, :mod:`fit`), no word-wrapped label shorter than its lines,
and in Russian no English phrase of the trainer's catalogs may be left on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.drill.grading import HandAnalysis
from cp_trainer.drill.pool import DrillHand
from cp_trainer.drill.themes import Theme
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.gui.practice.lessons_window import LessonsWindow
from cp_trainer.gui.practice.table_mode import TableModeDialog
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import TrainerSettings
from cp_trainer.gui.status_bar import ElidingStatusBar
from cp_trainer.gui.translation import current_language, install_language
from cp_trainer.history import HistoryStore
from cp_trainer.paigow.cards import parse_pg_cards
from cp_trainer.rules.arrangement import Arrangement
from tests.drill_fixtures import STORED
from tests.gui.fit import clipped_texts, english_left
from tests.gui.window_fixtures import make_window, place
from tests.history_fixtures import make_record

SIZE = (1024, 700)


@pytest.fixture(autouse=True)
def english_after(qapp: QApplication) -> Iterator[None]:
    yield
    install_language(qapp, "en")


def settle(qtbot: QtBot, root: QWidget) -> list[str]:
    """Let the layouts take the new texts (the event loop runs, as it does for a user), then the
    texts that do not fit."""
    for _ in range(3):
        qtbot.wait(20)
    return clipped_texts(root)


def check_both_ways(qtbot: QtBot, root: QWidget, switch: Callable[[str], object]) -> None:
    assert settle(qtbot, root) == [], "English, before any switch"
    switch("ru")
    assert current_language() == "ru"
    assert settle(qtbot, root) == [], "after a live switch to Russian"
    assert english_left(root) == []
    switch("en")
    assert settle(qtbot, root) == [], "after a live switch back to English"


def window_at(qtbot: QtBot, tmp_path: Path, **kw: Any) -> MainWindow:
    window = make_window(qtbot, tmp_path, **kw)
    window.resize(*SIZE)
    return window


def solved(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.solver_panel.answer is not None and not window.solver_panel.is_running(),
                    timeout=60_000)


@pytest.mark.parametrize("opponents", [1, 3])
def test_the_table_mid_hand(qtbot: QtBot, tmp_path: Path, opponents: int) -> None:
    window = window_at(qtbot, tmp_path, opponents=opponents)
    place(window, "As Ah 2s / Kd Kc 9h 8h 7d /")  # a foul: the banner explains it
    check_both_ways(qtbot, window, window.set_language)


@pytest.mark.parametrize("opponents", [2, 3])
def test_the_showdown_with_the_solver(qtbot: QtBot, tmp_path: Path, opponents: int) -> None:
    window = window_at(qtbot, tmp_path, opponents=opponents)
    place(window, "3c 2s 5c / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")
    window.set_hand()
    solved(qtbot, window)
    check_both_ways(qtbot, window, window.set_language)


def test_the_showdown_switched_from_russian(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_at(qtbot, tmp_path)
    window.set_language("ru")
    place(window, "3c 2s 5c / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")
    window.set_hand()
    solved(qtbot, window)
    assert settle(qtbot, window) == []
    window.set_language("en")
    assert settle(qtbot, window) == []
    window.set_language("ru")
    assert settle(qtbot, window) == [] and english_left(window) == []


def test_pai_gow_after_house_way_and_ev(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_at(qtbot, tmp_path)
    page = window.show_paigow()
    tab = page.tab
    tab.samples = 300
    tab.new_deal((parse_pg_cards("Ts Th 5d 5c Ad 9h Jk"), parse_pg_cards("Ks Kh 8c 7d 2c Qd Jh")))
    tab.show_advice()
    qtbot.waitUntil(lambda: tab.ev_result is not None and not tab.is_running(), timeout=60_000)
    tab.play_house_way()
    check_both_ways(qtbot, window, window.set_language)
    window.set_language("ru")
    tab.set_hand()  # the dealer's hand, the settlement: Russian hand names
    assert settle(qtbot, window) == [] and english_left(window) == []


def test_pai_gow_tab_hand_names_follow_the_language(qtbot: QtBot) -> None:
    tab = PaiGowTab(CardRenderer(), deal=(parse_pg_cards("Ts Th 5d 5c Ad 9h Jk"),
                                          parse_pg_cards("Ks Kh 8c 7d 2c Qd Jh")), seed=4, samples=300)
    qtbot.addWidget(tab)
    tab.resize(*SIZE)
    tab.show()
    tab.play_house_way()
    tab.set_hand()
    english = tab.zone_names  # hand names under the high and low hands
    assert any("pair" in label.text() for label in english.values())
    check_both_ways(qtbot, tab, lambda lang: install_language(None, lang))
    install_language(None, "ru")
    assert any("пара" in label.text() for label in tab.zone_names.values())
    assert english_left(tab) == []
    assert "(+0,95)" in tab.result.text() and "pair" not in tab.result.text()  # the locale's comma


def test_the_drill_after_a_grade(qtbot: QtBot, tmp_path: Path) -> None:
    analysis = HandAnalysis.from_json(STORED)
    hand = DrillHand(analysis.cards, analysis, Theme.PAIR_ON_TOP, 1619, 0.794)
    page = DrillPage(CardRenderer(), store=HistoryStore.open(tmp_path / "data"), seed=1, random_share=0.0,
                     rates_fn=None, pool=[hand])
    qtbot.addWidget(page)
    page.resize(*SIZE)
    page.show()
    qtbot.waitExposed(page)
    page.deal.place(*Arrangement.parse("Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh").rows)
    page.set_hand()
    assert page.verdict.text() == "Mistake"
    assert "2,000 samples" in page.loss_line.text()  # the count the language's way, not "2000"
    check_both_ways(qtbot, page, lambda lang: install_language(None, lang))
    install_language(None, "ru")
    assert "2\u00a0000" in page.loss_line.text()


def test_the_settings_dialog(qtbot: QtBot) -> None:
    dialog = SettingsDialog(TrainerSettings(language="en"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(dialog.sizeHint())  # the offscreen screen is 800 px wide: show() kept it to 2/3
    english = dialog.size()

    def switch(lang: str) -> None:
        before = dialog.size()
        install_language(None, lang)
        # The dialog grows to what its new texts need, as far as the screen allows (the offscreen
        # screen is 800 px wide, Russian needs about 840: on a 1024 px screen it has that room).
        screen = dialog.screen().availableGeometry().size()
        qtbot.waitUntil(lambda: dialog.size() == before.expandedTo(dialog.sizeHint()).boundedTo(screen)
                        .expandedTo(dialog.minimumSizeHint()))
        dialog.resize(dialog.size().expandedTo(dialog.sizeHint()))

    check_both_ways(qtbot, dialog, switch)
    assert dialog.width() > english.width()  # it grew for Russian (and stays: it never shrinks)


def test_the_history_window(qtbot: QtBot, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path / "db")
    for i in range(3):
        store.add(make_record(i, fouled=i == 1, ev=(0.5, 0.2 * i)))
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    window.resize(*SIZE)
    window.show()
    window.select_row(0)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        check_both_ways(qtbot, window, lambda lang: install_language(None, lang))


def test_the_lessons(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    window.resize(*SIZE)
    window.show()
    window.list.setCurrentRow([lesson.id for lesson in window.lessons].index("example_1"))
    window.next_button.click()
    check_both_ways(qtbot, window, lambda lang: install_language(None, lang))


def test_table_mode(qtbot: QtBot) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.count.setValue(4)
    dialog.show()
    qtbot.waitExposed(dialog)
    check_both_ways(qtbot, dialog, lambda lang: install_language(None, lang))


def test_the_measure_finds_a_cut_text(qtbot: QtBot) -> None:
    """The check itself can fail: a button, a label and a combo box too narrow for their texts,
    and a word-wrapped label too short for its lines, are named."""
    box = QWidget()
    qtbot.addWidget(box)
    box.resize(400, 200)
    button = QPushButton("По старшинству", box)
    button.setGeometry(10, 10, 60, 30)
    label = QLabel("Верхний ряд", box)
    label.setGeometry(10, 50, 30, 20)
    wrapped = QLabel("a long text " * 20, box)
    wrapped.setWordWrap(True)
    wrapped.setGeometry(10, 80, 200, 20)
    combo = QComboBox(box)
    combo.addItem("Пуш (ничейный ряд не приносит очков)")
    combo.setGeometry(10, 150, 120, 30)
    box.show()
    problems = clipped_texts(box)
    assert len(problems) == 4
    assert any("'Пуш (ничейный ряд не приносит очков)' needs" in p for p in problems)
    assert any("'По старшинству' needs" in p for p in problems)
    assert any("'Верхний ряд' needs" in p for p in problems)
    assert any("px high" in p for p in problems)
    button.setGeometry(10, 10, button.sizeHint().width(), 30)
    label.setGeometry(10, 50, label.sizeHint().width(), 20)
    wrapped.setGeometry(10, 80, 200, wrapped.heightForWidth(200))
    combo.setGeometry(10, 150 + wrapped.height(), combo.sizeHint().width(), 30)
    assert clipped_texts(box) == []


def test_a_long_status_message_is_elided_and_whole_in_the_tooltip(qtbot: QtBot, tmp_path: Path) -> None:
    window = window_at(qtbot, tmp_path)
    bar = window.statusBar()
    assert isinstance(bar, ElidingStatusBar)
    for lang in ("en", "ru"):
        window.set_language(lang)
        values = window.settings.values
        # a change for the next deal: "The new settings ... apply from the next deal; ..."
        window.apply_settings(values.replace(opponents=3 if values.opponents != 3 else 2))
        message = bar.currentMessage()
        assert len(message) > 100  # longer than the room beside the score at 1024 px
        assert bar.shown_message().endswith("…") and bar.toolTip() == message
        assert settle(qtbot, window) == []
        rect = bar.message_rect()
        assert rect.right() < window.table.score_label.geometry().left()  # never under the score
    assert "Крисс-Кросс" in message and "Criss Cross" not in message
    bar.showMessage("Short.")
    assert bar.shown_message() == "Short." and bar.toolTip() == ""
