"""The Drill page: keyboard play, instant grades from the pool's answers, the solver on a worker
thread for the rest, the best beside yours, accuracy, streak, rating and the review queue, the
history, Practice → Drill in the main window, and both languages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cp_trainer.drill.grading import CandidateAnswer, DrillGrade, GradeLevel, HandAnalysis
from cp_trainer.drill.pool import DrillHand
from cp_trainer.drill.themes import Theme
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage, Phase
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.translation import install_language
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card, parse_cards
from tests.drill_session_fixtures import legal_split
from tests.gui.drill.drill_page_fixtures import T0, make_page, play_by_keys, pool

BEST = "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"
GREEDY = "Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"
NOT_STORED = "6h 6c 5h / Ad Qs Qh Qd 4c / Ks Kh Kd 4s 4d"
@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


def test_the_best_by_keyboard_grades_best_at_once_and_is_stored(qtbot: Any, tmp_path: Path) -> None:
    page, store, _ = make_page(qtbot, tmp_path)
    assert page.hand is not None and page.hand.source == "pool"
    assert not page.set_button.isEnabled()
    play_by_keys(qtbot, page, BEST)
    assert page.set_button.isEnabled()
    qtbot.keyClick(page.views[Zone.BOTTOM], Qt.Key.Key_Return)
    assert page.phase is Phase.GRADED
    assert page.verdict.text() == "Best"
    assert page.why.text() == "As good as the best within the solver's accuracy."
    assert "EV lost: 0.00 ± 0.00" in page.loss_line.text()
    assert page._num(-3.71) == "\u22123.71" and page._num(1427, 0) == "1427"  # the window's minus
    assert "Streak: 1 (best 1)" in page.stats.text()
    assert "Hands this session: 1 · Accuracy: 100" in page.stats.text()
    assert [r.grade for r in store.drill_results()] == ["best"]
    assert page.best_view.arrangement is not None
    # Enter again: the next hand
    qtbot.keyClick(page.next_button, Qt.Key.Key_Return)
    assert page.verdict.text() == "" and page.set_button.isEnabled() is False
    assert page.deal.cards(Zone.HAND) != ()


def test_a_miss_shows_the_best_the_loss_and_why_and_comes_back_for_review(qtbot: Any, tmp_path: Path) -> None:
    page, store, clock = make_page(qtbot, tmp_path, pool=pool(both=True))
    if page.hand is not None and page.hand.theme is not None and page.hand.difficulty != 1619:
        page.next_hand()  # the other hand: never the same twice in a row
    assert page.hand is not None and page.hand.difficulty == 1619
    rating_before = page.profile.rating.rating
    play_by_keys(qtbot, page, GREEDY)
    page.set_hand()
    assert page.verdict.text() == "Mistake"
    assert "0.79 ± 0.04" in page.loss_line.text()
    assert page.why.text().startswith("The best plays top: three fours (stronger) instead of ace-high")
    assert page.best_view.arrangement == Arrangement.parse(BEST)
    assert "Theme: pair (or trips) on top · Difficulty: 1619" in page.hand_line.text()
    assert "pool. Theme:" in page.hand_line.text() and "  " not in page.hand_line.text()
    assert page.profile.rating.rating < rating_before
    assert "Due for review today: 1" in page.stats.text()
    assert "You lose most on: pair (or trips) on top" in page.themes_line.text()
    missed = page.hand
    assert missed is not None
    # never the same hand twice in a row; once due (a minute later), it comes back as a review
    clock.now = T0 + timedelta(minutes=2)
    page.next_hand()
    assert page.hand is not None and page.hand.key != missed.key
    page.next_hand()
    assert page.hand is not None and page.hand.source == "review" and page.hand.key == missed.key
    assert page.hand_line.text() == "A hand you missed before, back for review."
    # a new page on the same history rebuilds the rating and the queue
    again = DrillPage(CardRenderer(), store=store, pool=pool(), seed=2, clock=clock, random_share=0.0)
    qtbot.addWidget(again)
    assert again.profile.rating == page.profile.rating and again.profile.due_count(clock.now) == 1


def test_the_why_line_gains_the_solvers_row_rates_after_the_grade(qtbot: Any, tmp_path: Path) -> None:
    asked: list[DrillGrade] = []

    def rates_fn(hand: DrillHand, grade: DrillGrade) -> tuple[tuple[float, float, float], ...]:
        asked.append(grade)
        return (-0.3, 0.98, 0.84), (0.99, 0.45, 0.84)

    page, _, _ = make_page(qtbot, tmp_path, rates_fn=rates_fn)
    play_by_keys(qtbot, page, GREEDY)
    page.set_hand()
    assert page.verdict.text() == "Mistake"  # shown at once, before the rates
    qtbot.waitUntil(lambda: "wins minus losses" in page.why.text(), timeout=10_000)
    assert "top: three fours (stronger) instead of ace-high (wins minus losses: +99%, yours \u221230%)" \
        in page.why.text()
    assert asked == [page.grade]


def test_an_arrangement_the_pool_did_not_store_goes_to_the_solver_thread(qtbot: Any, tmp_path: Path) -> None:
    calls: list[Arrangement] = []

    def grade_fn(hand: DrillHand, arrangement: Arrangement) -> DrillGrade:
        calls.append(arrangement)
        assert hand.analysis is not None
        best = hand.analysis.best
        return DrillGrade(arrangement, 2.0, best.arrangement, best.ev, 1.2, 0.05, True, False,
                          GradeLevel.BLUNDER, 2000)

    page, store, _ = make_page(qtbot, tmp_path, grade_fn=grade_fn)
    play_by_keys(qtbot, page, NOT_STORED)
    with qtbot.waitSignal(page.graded, timeout=10_000):
        page.set_hand()
        assert page.phase is Phase.GRADING and not page.progress.isHidden()
        assert not page.next_button.isEnabled()
    assert calls == [page.arrangement()]
    assert page.verdict.text() == "Blunder" and page.progress.isHidden()
    assert store.drill_results()[0].grade == "blunder"


def test_a_random_hand_is_analysed_off_the_gui_thread(qtbot: Any, tmp_path: Path) -> None:
    def analyse_fn(hand: DrillHand) -> DrillHand:
        answer = CandidateAnswer(legal_split(hand.cards), 1.0, 0.03, 0.0, 0.0)
        a = HandAnalysis.of(hand.cards, (answer,), "standard", 1, 2000, 1)
        return DrillHand(a.cards, a, Theme.KICKERS, 1400, 0.5, hand.source)

    page, store, _ = make_page(qtbot, tmp_path, analyse_fn=analyse_fn, random_share=1.0)
    assert page.hand is not None and page.hand.source == "random" and page.hand.analysis is None
    play_by_keys(qtbot, page, str(legal_split(page.hand.cards)))
    with qtbot.waitSignal(page.graded, timeout=10_000):
        page.set_hand()
    assert page.verdict.text() == "Best"
    assert "Theme: kickers: which cards go where · Difficulty: 1400" in page.hand_line.text()
    assert store.drill_results()[0].source == "random"


def test_solver_failure_is_said_and_the_hand_can_be_set_again(qtbot: Any, tmp_path: Path) -> None:
    def grade_fn(hand: DrillHand, arrangement: Arrangement) -> DrillGrade:
        raise RuntimeError("no solver today")

    page, store, _ = make_page(qtbot, tmp_path, grade_fn=grade_fn)
    play_by_keys(qtbot, page, NOT_STORED)
    page.set_hand()
    qtbot.waitUntil(lambda: page.phase is Phase.SETTING, timeout=10_000)
    assert "no solver today" in page.message.text()
    assert page.set_button.isEnabled() and store.drill_results() == []


def test_set_with_cards_left_says_what_to_do_and_undo_works(qtbot: Any, tmp_path: Path) -> None:
    page, _, _ = make_page(qtbot, tmp_path)
    hand = page.views[Zone.HAND]
    hand.setFocus()
    hand.setCurrentIndex(hand.zone_model.index(0))
    first: Card | None = hand.zone_model.card_at(0)
    qtbot.keyClick(hand, Qt.Key.Key_1)
    assert first in page.deal.cards(Zone.TOP)
    page.set_hand()
    assert page.phase is Phase.SETTING and "Place all 13 cards first" in page.message.text()
    page.undo()
    assert page.deal.cards(Zone.TOP) == ()


def test_theme_choice_and_russian(qtbot: Any, tmp_path: Path, english_after: QApplication) -> None:
    page, _, _ = make_page(qtbot, tmp_path)
    assert page.theme_box.count() == 2  # all themes, and the one theme the pool has
    page.theme_box.setCurrentIndex(1)
    assert page.theme is Theme.PAIR_ON_TOP and page.hand is not None and page.hand.theme is Theme.PAIR_ON_TOP
    install_language(english_after, "ru")
    assert page.set_button.text() == "Пр&оверить (Enter)"  # Alt+О: unique on the page and the menus
    assert page.theme_box.itemText(1) == "пара (или тройка) наверху"
    play_by_keys(qtbot, page, GREEDY)
    page.set_hand()
    assert page.verdict.text() == "Ошибка"
    assert page.why.text().startswith("Лучшая раскладка:")
    assert re.search(r"Точность: \d+ из 100 ·", page.stats.text())
    assert "Раздач за сессию: 1" in page.stats.text()
    # the table's words: the rows and the hand as the table names them, the grades as nouns
    assert [page.row_labels[z].text() for z in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM, Zone.HAND)] == [
        "Верхни&й ряд", "Сре&дний ряд", "&Нижний ряд", "Ваша р&ука"]  # unique Alt keys
    assert "Лучший ход — не хуже лучшего в пределах точности солвера" in page.legend.text()
    assert "  " not in page.hand_line.text() and "решател" not in page.title.text()
    assert "0,79" in page.loss_line.text()
    # the cards' words are the table's, translated too (one model class, one translation context)
    assert page.deal.full_message(Zone.TOP).startswith("Верхний ряд заполнен (3 карты).")
    assert "Перетащите её в ряд" in page.deal.tooltip(page.hand.cards[0], Zone.HAND)


def test_practice_drill_is_a_page_of_the_main_window(qtbot: Any, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.gui.main_window import MainWindow
    from cp_trainer.gui.settings.store import Settings

    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(Settings(tmp_path / "settings.ini"), seed=5,
                        deal=parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.drill.action in window.practice.menu.actions() and window.drill.page is None
    assert window.drill.action.shortcut().toString() == "Ctrl+D"
    window.drill.action.trigger()
    page = window.drill.page
    assert page is not None and window.pages.currentWidget() is window.drill.container
    assert window.pages.count() == 2 and page.window() is window  # a page, not a window of its own
    assert page.store is window.practice.recorder.store()
    assert page.hand is not None and len(page.hand.cards) == 13
    assert window.windowTitle() == "cp-trainer — Drill" and window.drill.action.isChecked()
    hand = page.views[Zone.HAND]
    assert window.focusWidget() is hand  # keyboard play at once
    first: Card | None = hand.zone_model.card_at(0)
    qtbot.keyClick(hand, Qt.Key.Key_1)
    assert first in page.deal.cards(Zone.TOP) and window.undo_action.isEnabled()
    window.undo_action.trigger()  # Edit → Undo acts on the Drill's cards while it is shown
    assert page.deal.cards(Zone.TOP) == ()
    window.chinese_action.trigger()  # Ctrl+1
    assert window.pages.currentWidget() is window.chinese_page and window.chinese_action.isChecked()
    assert not window.drill.action.isChecked()
    window.show_drill()
    assert window.pages.count() == 2 and window.drill.page is page  # made once, kept


def test_history_window_has_the_drill_charts(qtbot: Any, tmp_path: Path, english_after: QApplication) -> None:
    from cp_trainer.gui.practice.history_window import HistoryWindow

    page, store, clock = make_page(qtbot, tmp_path)
    empty = HistoryWindow(store)
    qtbot.addWidget(empty)
    assert empty.tabs.count() == 3 and empty.tabs.tabText(2) == "Drill"
    assert "No drill hands yet" in empty.drill_charts.summary.text()
    for text in (GREEDY, BEST):
        play_by_keys(qtbot, page, text)
        page.set_hand()
        clock.now += timedelta(days=1)
        page.next_hand()
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    charts = window.drill_charts
    assert "Drill hands: 2" in charts.summary.text()
    assert "you lose most on: pair (or trips) on top" in charts.summary.text()
    assert [d.hands for d in charts.profile.days] == [1, 1]
    charts.save_png(tmp_path / "drill.png")
    assert (tmp_path / "drill.png").stat().st_size > 1000
    install_language(english_after, "ru")
    assert window.tabs.tabText(2) == "Упражнения" and "Раздач в упражнениях: 2" in charts.summary.text()


def test_an_open_history_window_follows_the_drill(qtbot: Any, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.gui.main_window import MainWindow
    from cp_trainer.gui.settings.store import Settings

    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(Settings(tmp_path / "settings.ini"), seed=5,
                        deal=parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"))
    qtbot.addWidget(window)
    window.practice.menu.history_action.trigger()
    history = window.practice.history_window
    assert history is not None
    qtbot.addWidget(history)
    drill = window.show_drill()
    drill.pool = tuple(pool())
    drill.random_share = 0.0
    drill.rates_fn = None  # no solve in this test
    drill._theme_chosen(0)  # a new picker over that pool, and a new hand from it
    play_by_keys(qtbot, drill, GREEDY)
    drill.set_hand()
    # written by the recorder's writer thread, not the GUI thread; the tab follows
    assert drill.write is not None
    qtbot.waitUntil(lambda: "Drill hands: 1" in history.drill_charts.summary.text())
    store = window.practice.recorder.store()
    assert store is not None and [r.grade for r in store.drill_results()] == ["mistake"]
    history.close()


def test_without_a_history_the_drill_still_plays(qtbot: Any) -> None:
    page = DrillPage(CardRenderer(), store=None, pool=pool(), seed=1, rates_fn=None, random_share=0.0)
    qtbot.addWidget(page)
    play_by_keys(qtbot, page, BEST)
    page.set_hand()
    assert page.verdict.text() == "Best" and page.message.text() == ""
    assert "Hands this session: 1" in page.stats.text()


def test_the_drill_page_sits_on_the_felt_so_its_white_text_reads(qtbot: Any, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # white labels on the default light grey would be unreadable (at 1024x700, both languages)
    from PySide6.QtGui import QColor

    from cp_trainer.gui.main_window import MainWindow
    from cp_trainer.gui.settings.store import Settings
    from cp_trainer.gui.style import FELT

    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    window = MainWindow(Settings(tmp_path / "settings.ini"), seed=5)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    page = window.show_drill()
    assert window.drill.container is not None
    image = window.drill.container.grab().toImage()
    behind = image.pixelColor(2, image.height() // 2)  # the left margin, beside the row names
    assert behind.name() == QColor(FELT).name()
    assert page.title.palette().color(page.title.foregroundRole()).name() == "#ffffff"


def test_the_graded_hand_stays_as_it_was_set(qtbot: Any, tmp_path: Path) -> None:
    # after the grade the board is locked: Backspace on a row must not send the card back to the
    # hand (as it would on a board that never leaves its setting phase)
    page, store, _ = make_page(qtbot, tmp_path)
    play_by_keys(qtbot, page, BEST)
    page.set_hand()
    assert page.phase is Phase.GRADED and page.session.board.locked
    top = page.views[Zone.TOP]
    top.setFocus()
    top.setCurrentIndex(top.zone_model.index(0))
    qtbot.keyClick(top, Qt.Key.Key_Backspace)
    qtbot.keyClick(top, Qt.Key.Key_3)
    page.undo()
    assert not page.deal.place(*Arrangement.parse(GREEDY).rows)  # refused: nothing moves
    best = Arrangement.parse(BEST)
    for zone, row in zip((Zone.TOP, Zone.MIDDLE, Zone.BOTTOM), best.rows, strict=True):
        assert set(page.deal.cards(zone)) == set(row), zone
    assert page.deal.cards(Zone.HAND) == () and page.verdict.text() == "Best"
    assert page.grade is not None
    assert [r.arrangement for r in store.drill_results()] == [str(page.grade.arrangement)]
