"""Lessons completed through the GUI: clicks on cards, options and buttons, checked by the core."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.gui.practice.lessons_window import CARD_HEIGHT, LessonsWindow
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryStore
from cp_trainer.practice.lessons import ArrangeStep, ScoreStep, TextStep, expected_answer
from cp_trainer.rules.cards import parse_cards
from tests.gui.dnd import drop_on
from tests.gui.text_fit import placeholder_fits


def _click(qtbot: QtBot, widget: object) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _drag(window: LessonsWindow, cards: str, zone: Zone) -> None:
    """Drag each card from where it lies onto the free place of ``zone``, as the mouse does."""
    assert window.rows is not None
    deal = window.rows.deal
    for card in parse_cards(cards):
        source = deal.zone_of(card)
        assert source is not None
        model = deal.zone_models[source]
        mime = model.mimeData([model.index(model.row_of(card))])
        view = window.rows.views[zone]
        assert drop_on(view, mime, view.empty_point()), f"{card} not dropped on {zone.name}"


def test_example_1_completed_by_dragging_cards(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    window.show()
    window.list.setCurrentRow([lesson.id for lesson in window.lessons].index("example_1"))
    assert "13" in window.text.text() and window.next_button.isEnabled()
    _click(qtbot, window.next_button)

    # Step 2: set the cards legally, by dragging them from the hand to the rows.
    assert window.rows is not None
    assert not window.next_button.isEnabled()
    _drag(window, "Qs Jc 2s", Zone.TOP)
    _drag(window, "Kc Kd Td 9s 8h", Zone.MIDDLE)
    _drag(window, "As Ah Qh 7c 4d", Zone.BOTTOM)
    assert not window.rows.deal.cards(Zone.HAND)
    _click(qtbot, window.check_button)
    assert window.feedback.text().startswith("Legal")
    _click(qtbot, window.next_button)

    # Step 3: a foul on purpose. First a legal hand (refused), then the foul (accepted).
    assert window.rows is not None
    window.rows.set_text("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
    _click(qtbot, window.check_button)
    assert "asks you to set a foul" in window.feedback.text() and not window.next_button.isEnabled()
    _click(qtbot, window.clear_button)
    assert window.rows.text() == " /  / "
    window.rows.set_text("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")
    _click(qtbot, window.check_button)
    assert "pair of aces is stronger than middle" in window.feedback.text()
    _click(qtbot, window.next_button)

    # Step 4: what the foul costs.
    assert window.score_edit is not None
    qtbot.keyClicks(window.score_edit, "-2")
    _click(qtbot, window.check_button)
    assert window.feedback.text().startswith("Not quite") and not window.next_button.isEnabled()
    window.score_edit.clear()
    qtbot.keyClicks(window.score_edit, "-4")
    _click(qtbot, window.check_button)
    assert window.next_button.text() == "Finish lesson"
    with qtbot.waitSignal(window.lessonCompleted) as done:
        _click(qtbot, window.next_button)
    assert done.args == ["example_1"]
    assert "example_1" in window.completed
    assert window.lesson is not None and window.lesson.id == "example_2"


def test_every_lesson_can_be_completed_through_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path)
    window = LessonsWindow(store=store)
    qtbot.addWidget(window)
    finished: list[str] = []
    window.lessonCompleted.connect(finished.append)
    for row in range(len(window.lessons)):
        window.list.setCurrentRow(row)
        lesson = window.lessons[row]
        for step in lesson.steps:
            assert window.step is step
            if isinstance(step, ArrangeStep):
                assert window.rows is not None
                window.rows.set_text(str(step.accept[0]))
            elif isinstance(step, ScoreStep):
                assert window.score_edit is not None
                window.score_edit.setText(str(expected_answer(step)))
            elif not isinstance(step, TextStep):
                value = expected_answer(step)
                _click(qtbot, window.group.button(window.options.index(value)))
            if not isinstance(step, TextStep):
                assert window.check(), (lesson.id, step)
            _click(qtbot, window.next_button)
    assert finished == [lesson.id for lesson in window.lessons]
    assert window.feedback.text().startswith("You have finished every lesson")
    assert store.completed_lessons() == set(finished)
    again = LessonsWindow(store=store)  # the next run ticks them
    qtbot.addWidget(again)
    assert all(again.list.item(i).text().startswith("✓ ") for i in range(again.list.count()))


def test_no_answer_and_wrong_option(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    window.list.setCurrentRow(0)
    _click(qtbot, window.next_button)  # text → "which hand is stronger"
    _click(qtbot, window.check_button)
    assert window.feedback.text() == "Choose an answer first."
    _click(qtbot, window.group.button(0))  # the pair of kings: wrong
    _click(qtbot, window.check_button)
    assert window.feedback.text().startswith("Not quite")
    assert "two pair ranks above pair" in window.feedback.text()
    _click(qtbot, window.group.button(1))
    _click(qtbot, window.check_button)
    assert "two pair beats one pair" in window.feedback.text()


def _finish_first_lesson(qtbot: QtBot, window: LessonsWindow) -> str:
    window.list.setCurrentRow(0)
    lesson = window.lessons[0]
    for step in lesson.steps:
        if isinstance(step, ArrangeStep):
            assert window.rows is not None
            window.rows.set_text(str(step.accept[0]))
        elif isinstance(step, ScoreStep):
            assert window.score_edit is not None
            window.score_edit.setText(str(expected_answer(step)))
        elif not isinstance(step, TextStep):
            _click(qtbot, window.group.button(window.options.index(expected_answer(step))))
        if not isinstance(step, TextStep):
            assert window.check()
        _click(qtbot, window.next_button)
    return lesson.id


def test_a_busy_database_keeps_the_finished_lesson_and_saves_it_later(qtbot: QtBot, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path, busy_timeout_ms=50)
    window = LessonsWindow(store=store)
    qtbot.addWidget(window)
    window.show()
    locker = sqlite3.connect(store.path, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    lesson_id = _finish_first_lesson(qtbot, window)  # no HistoryBusy out of the slot
    assert lesson_id in window.completed and window.unsaved == {lesson_id}
    assert window.notice.isVisible() and "could not be saved yet" in window.notice.text()
    assert window.retry.isActive()
    locker.execute("ROLLBACK")
    locker.close()
    window.retry.setInterval(10)
    window.retry.start()
    qtbot.waitUntil(lambda: not window.unsaved)
    assert store.completed_lessons() == {lesson_id}
    assert not window.notice.isVisible()
    store.close()


def test_lessons_finished_without_a_database_are_saved_once_it_opens(qtbot: QtBot, tmp_path: Path) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    lesson_id = _finish_first_lesson(qtbot, window)
    with HistoryStore.open(tmp_path) as store:
        store.mark_lesson_completed("earlier")
        window.set_store(store)
        assert store.completed_lessons() == {lesson_id, "earlier"}
        assert window.completed == {lesson_id, "earlier"} and not window.unsaved


def _open(window: LessonsWindow, lesson_id: str, step: int) -> None:
    window.list.setCurrentRow([lesson.id for lesson in window.lessons].index(lesson_id))
    window.step_index = step
    window._show_step()


def test_the_cards_of_questions_and_answers_are_pictures(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    _open(window, "hand_rankings", 4)  # Q♥ J♥ 10♥ in the top row
    (picture,) = window.pictures
    assert picture.cards == tuple(parse_cards("Qh Jh Th")) and not picture.pixmap().isNull()
    assert picture.pixmap().height() >= CARD_HEIGHT * picture.pixmap().devicePixelRatio() - 1
    _open(window, "hand_rankings", 5)  # which top row is stronger: each hand beside its name
    hands = [window.group.button(i) for i in (0, 1)]
    assert all(not b.icon().isNull() for b in hands)
    assert [b.property("cards") for b in hands] == ["Q♥ J♥ 10♥", "2♣ 2♦ 3♠"]
    assert [b.text() for b in hands] == ["three hearts in sequence", "a pair of twos"]
    _open(window, "check_order", 2)  # the rows with Q♠ twice
    assert [len(p.cards) for p in window.pictures] == [3, 5, 5]
    assert window.pictures[2].cards[-1] == parse_cards("Qs")[0]
    _open(window, "example_2", 1)  # a text step showing both hands
    assert len(window.pictures) == 6 and window.pictures[0].toolTip() == "J♣ J♦ 2♣"
    _open(window, "example_2", 2)  # a score: both hands as pictures
    assert len(window.pictures) == 6
    _open(window, "example_1", 1)  # cards to set: the table's card views, a row short as written
    assert window.rows is not None
    window.rows.set_text("As Ah Qh / Kc / ")
    assert window.rows.deal.cards(Zone.TOP) == tuple(parse_cards("As Ah Qh"))
    assert window.rows.deal.cards(Zone.MIDDLE) == tuple(parse_cards("Kc"))
    assert len(window.rows.deal.cards(Zone.HAND)) == 9


def test_a_wrong_answer_is_told_why_in_both_languages(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    _open(window, "hand_rankings", 1)
    window.choose(0)
    assert not window.check()
    assert ("3♣ 3♦ 2♥ 2♠ 4♣ (two pair, threes and twos) beats K♣ K♦ A♥ Q♠ 9♣ (pair of kings): "
            "two pair ranks above pair.") in window.feedback.text()
    install_language(QApplication.instance(), "ru")
    try:
        window.choose(0)
        assert not window.check()
        assert "сильнее, чем K♣ K♦ A♥ Q♠ 9♣ (пара королей)" in window.feedback.text()
        assert "Посмотрите" in window.feedback.text()
    finally:
        install_language(QApplication.instance(), "en")


def test_the_answer_fields_show_their_placeholders_whole(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    window.show()
    try:
        for lang in ("en", "ru"):
            install_language(QApplication.instance(), lang)
            for lesson_id, step in (("example_2", 2),):
                _open(window, lesson_id, step)
                QApplication.processEvents()
                edits = [e for e in window.answer_area.findChildren(QLineEdit) if e.isVisible()]
                assert edits and all(e.placeholderText() for e in edits)
                for edit in edits:
                    assert placeholder_fits(edit), (lang, edit.placeholderText())
    finally:
        install_language(QApplication.instance(), "en")


def test_example_1_cards_by_keys_and_double_click(qtbot: QtBot) -> None:
    window = LessonsWindow()
    qtbot.addWidget(window)
    window.show()
    _open(window, "example_1", 1)
    assert window.rows is not None
    hand = window.rows.views[Zone.HAND]
    hand.setFocus()
    assert hand.currentIndex().isValid()  # a card is current from the start: the keys work at once
    qtbot.keyClick(hand, Qt.Key.Key_3)
    assert len(window.rows.deal.cards(Zone.BOTTOM)) == 1
    index = hand.model().index(0, 0)
    qtbot.mouseClick(hand.viewport(), Qt.MouseButton.LeftButton, pos=hand.visualRect(index).center())
    qtbot.mouseDClick(hand.viewport(), Qt.MouseButton.LeftButton, pos=hand.visualRect(index).center())
    assert len(window.rows.deal.cards(Zone.TOP)) == 1
    assert "drag" in window.rows.how.text().lower()


def _inside(window: LessonsWindow, widget: QWidget) -> bool:
    """``widget`` shows whole in the lesson's scroll area, with no sideways scrolling."""
    viewport = window.step_scroll.viewport()
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    bottom_right = widget.mapTo(viewport, widget.rect().bottomRight())
    return top_left.x() >= 0 and bottom_right.x() < viewport.width()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_example_1_fits_the_default_size(qtbot: QtBot, lang: str) -> None:
    install_language(QApplication.instance(), lang)
    window = LessonsWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    _open(window, "example_1", 0)  # all 13 cards shown, and a text to read
    QApplication.processEvents()
    bar = window.step_scroll.horizontalScrollBar()
    assert bar.maximum() == 0, "the step scrolls sideways"
    (picture,) = window.pictures
    assert _inside(window, picture) and _inside(window, window.text)
    pixmap = picture.pixmap()
    shown = round(pixmap.width() / pixmap.devicePixelRatio())
    assert picture.width() >= shown, "the 13th card is cut off"
    _open(window, "example_1", 1)  # the 13 cards to set, every one of them in sight
    QApplication.processEvents()
    assert window.rows is not None
    hand = window.rows.views[Zone.HAND]
    assert bar.maximum() == 0 and _inside(window, hand) and _inside(window, window.text)
    last = hand.visualRect(hand.model().index(12, 0))
    assert last.right() < hand.viewport().width(), "the 13th card is cut off"
