"""The Practice menu on the trainer window: hands recorded at showdown, history, try again."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.solver.bridge import Candidate, SolverAnswer, SolverQuestion
from cp_trainer.history import HistoryStore
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from tests.gui.history_wait import open_and_wait, wait_loaded
from tests.gui.window_fixtures import make_recording_window

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
FOUL = Arrangement.parse("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    return make_recording_window(qtbot, tmp_path, monkeypatch, DEAL)


def test_a_played_hand_is_recorded_with_its_fouls_and_the_bots(window: MainWindow, tmp_path: Path) -> None:
    assert window.practice.menu.title() == "&Practice"
    assert window.deal_model.place(FOUL.top, FOUL.middle, FOUL.bottom)
    showdown = window.controller.set_hand()
    assert showdown is not None
    recorder = window.practice.recorder
    assert recorder.last_id is not None
    assert recorder.writer.flush(10)  # written by the writer's thread
    with HistoryStore.open(tmp_path / "data") as store:
        (hand,) = store.hands()
    mine = Arrangement.parse(hand.arrangement)
    assert [sorted(r) for r in mine.rows] == [sorted(r) for r in FOUL.rows]
    assert sorted(hand.deal_cards()) == sorted(DEAL)
    assert [f.code for f in hand.fouls] == ["order", "order"]
    assert hand.points == showdown.total == -4
    assert len(hand.opponents) == len(showdown.opponents)
    assert hand.opponents[0].arrangement == str(showdown.opponents[0])
    assert hand.opponents[0].points == showdown.against(1).points[0]
    assert hand.solver_ev is None

    # The solver's answer for this hand arrives later and is added to it; another hand's is not.
    request = SolverQuestion(cards=tuple(DEAL), rules=window.controller.setup.rules, mine=FOUL)
    answer = SolverAnswer(request=request, samples=100, best=Candidate(LEGAL, 0.8, 0.05), candidates=(),
                          mine=Candidate(FOUL, -4.0, 0.0))
    other = SolverAnswer(request=SolverQuestion(cards=tuple(DEAL), rules=request.rules, mine=LEGAL),
                         samples=100, best=Candidate(LEGAL, 0.8, 0.05), candidates=())
    assert not recorder.add_solver_answer(other)
    window.solver_panel.answered.emit(answer)
    assert recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        (hand,) = store.hands()
    assert hand.solver_arrangement == str(LEGAL) and hand.ev_lost == pytest.approx(4.8)


def test_history_window_from_the_menu_and_try_again(window: MainWindow, qtbot: QtBot) -> None:
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.controller.set_hand()
    assert window.practice.recorder.writer.flush(10)
    window.controller.new_deal()
    assert sorted(window.deal_model.all_cards()) != sorted(DEAL)
    window.practice.menu.history_action.trigger()
    history = window.practice.history_window
    assert history is not None and history.isVisible()
    wait_loaded(history)
    assert history.proxy.rowCount() == 1
    history.select_row(0)
    assert "Legal: no foul." in history.detail.toPlainText()
    history.try_again_button.click()
    assert sorted(window.deal_model.all_cards()) == sorted(DEAL)
    assert not window.deal_model.is_complete()  # dealt anew: the cards are back in the hand
    window.deal_model.place(FOUL.top, FOUL.middle, FOUL.bottom)
    window.controller.set_hand()
    qtbot.waitUntil(lambda: history.proxy.rowCount() == 2)  # the open window follows new hands


def test_lessons_and_table_mode_from_the_menu(window: MainWindow) -> None:
    window.practice.menu.lessons_action.trigger()
    assert window.practice.lessons_window is not None and window.practice.lessons_window.isVisible()
    window.practice.menu.table_action.trigger()
    dialog = window.practice.table_dialog
    assert dialog is not None and dialog.rules == window.values.house_rules
    assert dialog.output.renderer is window.renderer  # its cards in the table's card style


def test_other_games_can_store_their_hands(window: MainWindow, tmp_path: Path) -> None:
    from cp_trainer.history import HandRecord

    record = HandRecord.from_dict({
        "game": "paigow", "played_at": "2026-11-29T12:00:00+00:00", "deal": "Ad Ah As Ac Jk 4d 7h",
        "arrangement": "Ad Ah As 7h 4d / Ac Jk", "opponents": [{"arrangement": "Kc Kd 2s 3s 4h / 9c 8d",
                                                                  "points": 0.95, "name": "dealer"}]})
    assert window.practice.recorder.store_hand(record) is not None
    assert window.practice.recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        assert store.count() == 1 and store.hands()[0].points == pytest.approx(0.95)


@pytest.mark.parametrize("key", ["Escape", "Ctrl+W"])
def test_escape_and_ctrl_w_close_every_secondary_window(window: MainWindow, qtbot: QtBot, key: str) -> None:
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QWidget

    sequence = QKeySequence(key)
    opened: list[QWidget] = []
    window.practice.menu.history_action.trigger()
    window.practice.menu.lessons_action.trigger()
    window.practice.menu.table_action.trigger()
    windows: list[QWidget | None] = [window.practice.history_window, window.practice.lessons_window,
                                     window.practice.table_dialog, window.show_help("rules")]
    for w in windows:
        assert w is not None and w.isVisible()
        opened.append(w)
    # the help dialog is window-modal (open()): it blocks the other windows until it is closed,
    # so a person closes it first; keys go to the active window, as a person's do
    for shown in reversed(opened):
        shown.activateWindow()
        qtbot.waitUntil(shown.isActiveWindow)
        qtbot.keySequence(shown, sequence)
        assert not shown.isVisible(), shown.objectName()


def _lock(path: Path) -> sqlite3.Connection:
    """Another program holding the history's write lock (BEGIN IMMEDIATE on the same file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def test_a_busy_database_when_opening_the_history_is_said_not_raised(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[int | None] = []
    real_open = HistoryStore.open.__func__  # type: ignore[attr-defined]

    def spy(cls: type[HistoryStore], /, *args: Any, busy_timeout_ms: int | None = None,
            **kwargs: Any) -> HistoryStore:
        waits.append(busy_timeout_ms)
        store: HistoryStore = real_open(cls, *args, busy_timeout_ms=busy_timeout_ms, **kwargs)
        return store

    monkeypatch.setattr(HistoryStore, "open", classmethod(spy))
    locker = _lock(tmp_path / "data" / "history.sqlite3")
    try:
        assert window.practice.open_history() is None
        # the GUI thread waits briefly at most: it asks for a short busy timeout (no wall clock)
        assert waits and all(w is not None and 0 < w <= 1000 for w in waits), waits
        assert "busy" in window.statusBar().currentMessage()
        assert window.practice.history_window is None
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert window.practice.open_history() is not None  # free again: it opens


def test_a_history_that_fails_to_read_is_said_not_raised(window: MainWindow,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def locked(*_args: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(HistoryStore, "summaries", locked)
    history = open_and_wait(window.practice)  # it opens at once; its loader thread fails
    assert history is not None and history.model.rowCount() == 0
    assert "database is locked" in window.statusBar().currentMessage()
    assert "database is locked" in history.notice.text() and history.notice.isVisibleTo(history)
    # the window that failed half-way must not be asked to retranslate itself later (its language
    # filter would raise AttributeError in whichever test switched language next)
    from cp_trainer.gui.translation import install_language

    try:
        install_language(None, "ru")
        assert window.menuBar().actions()[0].text() != "&Game"
    finally:
        install_language(None, "en")


def test_a_failing_refresh_after_a_recorded_hand_is_said_not_raised(window: MainWindow,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    history = open_and_wait(window.practice)
    assert history is not None and history.isVisible()

    def locked(*_args: object) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(HistoryStore, "summaries", locked)
    window.practice.recorder.recorded.emit(1)
    wait_loaded(history)
    assert "database is locked" in window.statusBar().currentMessage()


def test_lessons_open_with_a_busy_database_and_save_once_it_is_free(window: MainWindow, qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    locker = _lock(tmp_path / "data" / "history.sqlite3")
    try:
        lessons = window.practice.open_lessons()
        assert lessons.isVisible() and lessons.store is None
        assert "busy" in window.statusBar().currentMessage()
        lessons.completed.add("example_1")  # finished while the history could not be opened
    finally:
        locker.execute("ROLLBACK")
        locker.close()
    assert window.practice.open_lessons() is lessons
    assert lessons.store is not None and lessons.store.completed_lessons() == {"example_1"}


def test_the_controller_hands_the_verdict_to_the_history(window: MainWindow, tmp_path: Path) -> None:
    """The recorder listens to the controller (settled hands, then verdicts), not to a panel."""
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert window.controller.set_hand() is not None
    recorder = window.practice.recorder
    request = SolverQuestion(cards=tuple(DEAL), rules=window.controller.setup.rules, mine=LEGAL)
    answer = SolverAnswer(request=request, samples=100, best=Candidate(FOUL, 0.5, 0.05), candidates=(),
                          mine=Candidate(LEGAL, 0.2, 0.05, loss=0.3, loss_stderr=0.1))
    window.solver_panel.answered.disconnect(window.controller.record_verdict)  # the panel left out
    window.controller.record_verdict(answer)
    assert recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        (hand,) = store.hands()
    assert hand.solver_arrangement == str(FOUL) and hand.solver_ev == pytest.approx(0.5)
