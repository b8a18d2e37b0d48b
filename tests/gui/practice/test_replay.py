"""A past hand replayed on the table, "try again" from it, Criss Cross records, --data-dir."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.practice.history_model import played_at_text
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.controller import Phase
from cp_trainer.gui.table.models import Zone
from cp_trainer.history import HistoryStore
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.arrangement_text import foul_sentences
from cp_trainer.rules.cards import parse_cards
from tests.gui.history_wait import open_and_wait
from tests.gui.window_fixtures import make_data_window

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
FOUL = Arrangement.parse("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")


def _window(qtbot: QtBot, tmp_path: Path, **settings: object) -> MainWindow:
    return make_data_window(qtbot, tmp_path, DEAL, **settings)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    return _window(qtbot, tmp_path)


def _rows(w: MainWindow) -> list[list[str]]:
    return [sorted(map(str, w.deal_model.cards(z))) for z in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM)]


def _sorted_rows(arr: Arrangement) -> list[list[str]]:
    return [sorted(map(str, r)) for r in arr.rows]


def test_the_window_records_into_the_data_dir_it_was_given(window: MainWindow, tmp_path: Path) -> None:
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.controller.set_hand()
    assert window.practice.recorder.writer.flush(10)  # hands are written by the writer's thread
    store = window.practice.recorder.store()
    assert store is not None and store.path == tmp_path / "data" / "history.sqlite3"
    with HistoryStore.open(tmp_path / "data") as other:
        assert other.count() == 1


def test_a_past_hand_replays_on_the_table_and_is_tried_again(window: MainWindow, qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    c = window.controller
    window.deal_model.place(FOUL.top, FOUL.middle, FOUL.bottom)
    played = c.set_hand()
    assert played is not None and played.total == -4
    bots = played.opponents
    hand_id = window.practice.recorder.last_id
    assert hand_id is not None and window.practice.recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        store.set_solver(hand_id, str(LEGAL), 0.8, -4.0)
    c.new_deal()
    score = (c.session_points, c.hands_played)

    history = open_and_wait(window.practice)

    assert history is not None
    history.select_row(0)
    assert history.show_button.isEnabled()
    history.show_button.click()

    # the stored arrangement in the rows, read-only
    assert c.phase is Phase.SHOWDOWN and c.past is not None
    assert _rows(window) == _sorted_rows(FOUL)
    assert not window.table.set_button.isEnabled()
    assert not window.table.views[Zone.TOP].isEnabled()
    # the fouls as the core explains them, under the hand's own house rules
    fouls = check_arrangement(FOUL, c.setup.rules).fouls
    banner = window.table.banner.text()
    assert fouls and all(s in banner for s in foul_sentences(fouls, "en"))
    # the bots' hands face up, each row marked, and the points the core settles
    seats = [s for s in window.table._seats if s.seat]
    assert len(seats) == len(bots)
    for seat, bot in zip(seats, bots, strict=True):
        shown = [sorted(lab.toolTip() for lab in labels) for labels in seat.card_labels]
        assert shown == [sorted(card.label() for card in row) for row in bot.rows]  # face up
        assert all(lab.full_text() for lab in seat.result_labels)
        assert "You: \u22124 against this bot" in seat.points.text()
    result = window.findChild(QLabel, "resultLabel")
    assert result is not None and "Total this hand: \u22124 points." in result.text()  # a foul: scooped
    # labelled as a past hand, with its date; the solver's stored arrangement beside it
    bar = window.replay.bar
    assert bar.isVisible() and "Past hand of" in bar.title.text()
    assert history.current is not None
    # in the format of the History's Date column (one date format, not two)
    record_time = played_at_text(history.current.played_at)
    assert record_time in bar.title.text()
    assert not bar.compare.isVisible()  # the stored figures agree with the core
    panel = window.solver_panel
    assert panel.best_rows.isVisible() and "cost you 4.80" in panel.figures.text()
    assert (c.session_points, c.hands_played) == score  # a review is not a hand played
    with HistoryStore.open(tmp_path / "data") as store:
        assert store.count() == 1

    # try again: the same 13 cards against the same bot hands, set anew
    bar.try_button.click()
    assert c.phase is Phase.SETTING and c.retry_of is not None  # type: ignore[comparison-overlap]
    assert sorted(window.deal_model.all_cards()) == sorted(DEAL)
    assert len(window.deal_model.cards(Zone.HAND)) == 13
    assert c.bots_set() == bots
    assert "Last time: \u22124 points." in bar.details.text()
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    # Worked by hand: Q-high over 7-high, kings over threes, aces under the bot's flush: 2-1, +2.
    assert str(bots[0]) == "7s 5c 4h / Kh Th 9c 3h 3c / Ad Jd 9d 8d 5d"
    assert c.showdown is not None and c.showdown.total == 2
    assert "Last time: \u22124, now: +2" in bar.compare.text()
    assert "6 points better" in bar.compare.text()
    assert window.practice.recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        assert store.count() == 2  # the new try is a hand played

    # back to the game: the bar goes, the table plays under its own settings again
    bar.back_button.click()
    assert not bar.isVisible() and c.past is None and c.retry_of is None


def test_double_click_on_a_row_shows_the_hand(window: MainWindow, qtbot: QtBot) -> None:
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.controller.set_hand()
    assert window.practice.recorder.writer.flush(10)
    window.controller.new_deal()
    history = open_and_wait(window.practice)
    assert history is not None
    view = history.table
    rect = view.visualRect(history.proxy.index(0, 1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    with qtbot.waitSignal(history.showOnTable):
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert _rows(window) == _sorted_rows(LEGAL)
    assert window.controller.past is not None


def test_stored_figures_that_disagree_with_the_core_are_shown(window: MainWindow, tmp_path: Path) -> None:
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    showdown = window.controller.set_hand()
    assert showdown is not None and window.practice.recorder.writer.flush(10)
    store = window.practice.recorder.store()
    assert store is not None
    record = store.get(store.hands()[0].id or 0)
    assert record is not None
    tampered = replace(record, opponents=tuple(replace(o, points=o.points + 5) for o in record.opponents))
    assert window.replay.show_record(tampered)
    text = window.replay.bar.compare.text()
    assert window.replay.bar.compare.isVisible()
    first = showdown.against(1).points[0]
    assert f"points against bot 1: stored {first + 5}, settled now {first}" in text
    # a hand that cannot be replayed leaves the table alone and says why
    assert not window.replay.show_record(replace(record, opponents=()))
    assert "cannot be shown on the table" in window.statusBar().currentMessage()


def test_try_again_from_the_history_window_uses_the_same_bots(window: MainWindow) -> None:
    window.deal_model.place(FOUL.top, FOUL.middle, FOUL.bottom)
    bots = window.controller.set_hand().opponents  # type: ignore[union-attr]
    assert window.practice.recorder.writer.flush(10)
    window.controller.new_deal()
    history = open_and_wait(window.practice)
    assert history is not None
    history.select_row(0)
    history.try_again_button.click()
    assert window.controller.retry_of is not None and window.controller.bots_set() == bots
    assert window.replay.bar.isVisible()


def test_criss_cross_stores_both_hands_and_replays_one(qtbot: QtBot, tmp_path: Path) -> None:
    w = _window(qtbot, tmp_path, criss_cross=True, opponents=1)
    c = w.controller
    c.new_deal()
    one = arrange(c.player_cards[0], "greedy", c.setup.rules)
    w.deal_model.place(one.top, one.middle, one.bottom)
    c.set_hand()
    two = arrange(c.player_cards[1], "greedy", c.setup.rules)
    w.deal_model.place(two.top, two.middle, two.bottom)
    showdown = c.set_hand()
    assert showdown is not None and showdown.criss_cross and w.practice.recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        first, second = store.hands()
    assert (first.criss_cross_hand, second.criss_cross_hand) == (1, 2)
    for record, mine, hand in ((first, one, 0), (second, two, 1)):
        assert sorted(record.deal_cards()) == sorted(mine.cards)
        assert Arrangement.parse(record.arrangement) == mine
        assert [o.arrangement for o in record.opponents] == [str(b) for b in showdown.opponents]
        assert [o.points for o in record.opponents] == [showdown.against(s, hand).points[0] for s in (1, 2)]
    assert first.points + second.points == showdown.total
    assert w.practice.recorder.last_id == second.uid  # the solver's answer is for the hand on the table
    history = open_and_wait(w.practice)
    assert history is not None
    history.select_row(0)  # the newest first
    assert "Criss Cross: your hand 2 of 2" in history.detail.toPlainText()

    assert w.replay.show_record(first)
    assert _rows(w) == _sorted_rows(one)
    # Worked by hand: hand 1 (Tc 3d 3c / Jc 5s 5h 4h 4d / Jd 9d 8d 7d 6d) against the bot's
    # 8s 5c 4s / Ad Kc Qd Qc Td / Kh Jh Th 8h 6h wins top and middle, loses the bottom: +2; against
    # 5d 4c 3s / 8c 7h 7c 2h 2d / Ks Js Ts 9s 6s it wins only the top (sevens up beat fives up): -2.
    assert [str(b) for b in showdown.opponents] == ["8s 5c 4s / Ad Kc Qd Qc Td / Kh Jh Th 8h 6h",
                                                    "5d 4c 3s / 8c 7h 7c 2h 2d / Ks Js Ts 9s 6s"]
    assert str(one) == "Tc 3d 3c / Jc 5s 5h 4h 4d / Jd 9d 8d 7d 6d"
    expected = 0
    result = w.findChild(QLabel, "resultLabel")
    assert result is not None and "Total this hand: 0 points." in result.text()
    assert "Criss Cross: your hand 1 of 2" in w.replay.bar.details.text()
    w.replay.bar.try_button.click()
    assert sorted(w.deal_model.all_cards()) == sorted(one.cards)
    assert not c.can_surrender()
    w.deal_model.place(one.top, one.middle, one.bottom)
    again = c.set_hand()
    assert again is not None and again.total == expected and again.hand_number == 1
    assert w.practice.recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        assert store.hands()[-1].criss_cross_hand == 1


def test_replay_follows_a_language_switch(window: MainWindow) -> None:
    window.deal_model.place(FOUL.top, FOUL.middle, FOUL.bottom)
    window.controller.set_hand()
    assert window.practice.recorder.writer.flush(10)
    record = window.practice.recorder.store().hands()[0]  # type: ignore[union-attr]
    window.replay.show_record(record)
    window.set_language("ru")
    try:
        fouls = check_arrangement(FOUL, window.controller.setup.rules).fouls
        assert fouls and all(s in window.table.banner.text() for s in foul_sentences(fouls, "ru"))
        assert window.replay.bar.try_button.text() != "Try again"
    finally:
        window.set_language("en")


@pytest.mark.parametrize(("best", "mine", "stderr", "said", "not_said", "in_history"), [
    # a loss of 0.02 with a paired standard error of 0.02: within the solver's accuracy
    (0.80, 0.78, 0.02, "Yours was as good as the best, within the solver's accuracy.", "cost",
     "as good as the best, within the solver's accuracy"),
    # a loss of 0.30 ± 0.05: beyond it, a cost
    (0.80, 0.50, 0.05, "This choice cost you 0.30 ± 0.05 points per hand.", "as good as",
     "This choice cost 0.30 ± 0.05 points per hand."),  # two decimals, as the panel says it
    # a hand stored before the error was: a small loss is not called a cost
    (0.80, 0.70, None, "the solver's accuracy was not stored with this hand", "cost you",
     "the solver's accuracy was not stored with this hand"),
    (0.80, 0.80, 0.0, "Your arrangement was the solver's best.", "cost",
     "Your arrangement was the solver's best."),
])
def test_a_stored_verdict_is_a_cost_only_beyond_the_solver_s_accuracy(
        window: MainWindow, tmp_path: Path, best: float, mine: float, stderr: float | None, said: str,
        not_said: str, in_history: str) -> None:
    from cp_trainer.gui.practice.hand_html import hand_html

    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.controller.set_hand()
    recorder = window.practice.recorder
    hand_id = recorder.last_id
    assert hand_id is not None and recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        store.set_solver(hand_id, str(LEGAL), best, mine, stderr)
        (record,) = store.hands()
    assert record.loss_stderr == stderr
    assert window.replay.show_record(record)
    text = window.solver_panel.figures.text()
    assert said in text and not_said not in text
    html = hand_html(record, "en").replace("&#x27;", "'")
    assert in_history in html and not_said not in html
