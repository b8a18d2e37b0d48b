"""The trainer window end to end: live fouls, Set hand, showdown against the core, settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.table.models import Zone
from cp_trainer.rules.arrangement import Arrangement, check_partial
from cp_trainer.rules.arrangement_text import foul_sentences
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from tests.gui.window_fixtures import HAND, banner, button, c, drag, make_window, place


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> MainWindow:
    return make_window(qtbot, tmp_path)


def test_key_widgets_are_named_and_explained(window: MainWindow) -> None:
    for name in ("handView", "topRow", "middleRow", "bottomRow"):
        view = window.findChild(CardZoneView, name)
        assert view is not None and view.toolTip()
    for name in ("foulBanner", "scoreLabel"):
        assert window.findChild(QLabel, name) is not None
    for name in ("setButton", "dealButton", "hintButton"):
        assert button(window, name).toolTip()
    assert window.findChild(QWidget, "solverPanel") is not None
    for b in window.findChildren(QPushButton):
        assert b.toolTip(), f"{b.objectName()} has no tooltip"


def test_foul_banner_follows_moves_that_foul_and_unfoul(window: MainWindow) -> None:
    # A pair of aces on top with a complete middle holding only a pair of kings: a foul.
    place(window, "As Ah 2s / Kd Kc 9h 8h 7d /")
    expected = check_partial(Arrangement.parse("As Ah 2s / Kd Kc 9h 8h 7d /"),
                             remaining=window.deal_model.cards(Zone.HAND))
    assert expected.fouled
    text = banner(window).text()
    # the banner's words are the core's own: its heading and its sentences for a reader
    # (foul_sentences): whole sentences, one per reason, and the order rule said once at the end
    sentences = foul_sentences(expected.fouls, "en")
    assert text == " ".join(["FOUL:", *sentences]) and len(sentences) == 3
    assert text.count("bottom ≥ middle ≥ top") == 1 and "is required" not in text
    assert "Your top row (pair of aces) is stronger than your middle row (pair of kings)." in text
    assert text.endswith("The rows must go bottom ≥ middle ≥ top.")
    assert ": pair" not in text  # no "top: pair of aces … middle: pair of kings" chain of colons
    assert "pair of aces" in text and "pair of kings" in text
    top = window.findChild(CardZoneView, "topRow")
    middle = window.findChild(CardZoneView, "middleRow")
    assert top is not None and middle is not None
    assert top.property("foul") and middle.property("foul")
    # Swap an ace down for a king: top A-K-2 high is now below the middle's ace-high, so the
    # top/middle foul is gone; but the five cards left in hand (Q J T 5 3) cannot make a bottom
    # that reaches ace-high, which the live check says at once.
    window.deal_model.swap(c("Ah"), c("Kd"))
    assert window.deal_model.cards(Zone.TOP) == (c("As"), c("Kd"), c("2s"))
    text = banner(window).text()
    assert "pair of aces" not in text
    assert text == "FOUL: The cards left cannot make your bottom row as strong as your middle row " \
        "(ace-high). The rows must go bottom ≥ middle ≥ top."
    assert not top.property("foul")
    # Put the ace back on top and the king in the middle: the first foul again.
    window.deal_model.undo()
    assert "pair of aces" in banner(window).text()
    # Clear the rows: nothing is set, nothing fouls.
    for card in ("As", "Ah", "2s", "Kd", "Kc", "9h", "8h", "7d"):
        assert drag(window, card, Zone.HAND)
    assert "FOUL" not in banner(window).text()
    assert not top.property("foul") and not middle.property("foul")


def test_set_hand_only_at_3_5_5_and_legal_banner(window: MainWindow) -> None:
    set_button = button(window, "setButton")
    assert not set_button.isEnabled()
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts")
    assert not set_button.isEnabled()
    assert drag(window, "5c", Zone.BOTTOM)
    assert set_button.isEnabled()
    assert banner(window).text().startswith("Legal")
    assert drag(window, "5c", Zone.HAND)
    assert not set_button.isEnabled()


def test_fouled_hand_asks_first_and_names_the_loss(window: MainWindow) -> None:
    place(window, "As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c")
    asked: list[str] = []
    window.table.confirm = lambda question: asked.append(question) or False  # type: ignore[func-returns-value]
    button(window, "setButton").click()
    assert asked == ["This hand fouls: it loses 4 points to each opponent. Set it anyway?"]
    assert window.controller.showdown is None  # declined: still setting
    window.table.confirm = lambda question: True
    button(window, "setButton").click()
    assert window.controller.showdown is not None
    assert window.controller.showdown.settlement.hands[0].fouled


# The showdowns below were worked by hand from the bots' hands (greedy bot, seed 5):
# you: Qs 3c 2s (queen-high) / Kd Kc 9h 8h 7d (kings) / As Ah Js Ts 5c (aces).
# bot 1: 5h 4h 3s / Kh Th 9s 8s 8c (eights) / Ad Jd 9d 5d 3d (flush): you win top and middle,
#   lose the bottom: 2-1 in 2-4 = +2.
# bot 2: 8d 7s 4c / Ac Qh Jc 2d 2c (twos) / 6s 6d 6c 4s 4d (full house): the same, +2.
# bot 3: 9c 7c 5s / Ks Qd Qc Td Tc (two pair) / Jh 7h 6h 3h 2h (flush): you win only the top, -2.
# Between the bots (each 2-1): bot 2 beats bot 1, bot 3 beats bot 1 and bot 2. Seat totals:
# you +2+2-2 = +2; bot 1 -2-2-2 = -6; bot 2 -2+2-2 = -2; bot 3 +2+2+2 = +6.
SHOWDOWNS = {1: ([2, -2], {1: 2}), 3: ([2, -6, -2, 6], {1: 2, 2: 2, 3: -2})}


@pytest.mark.parametrize("opponents", [1, 3])
def test_showdown_points_match_the_hand_worked_out(qtbot: Any, tmp_path: Path, opponents: int) -> None:
    window = make_window(qtbot, tmp_path, opponents=opponents, seed=5)
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
    bots = window.controller.bots_set()
    assert len(bots) == opponents
    assert str(bots[0]) == "5h 4h 3s / Kh Th 9s 8s 8c / Ad Jd 9d 5d 3d"
    button(window, "setButton").click()
    showdown = window.controller.showdown
    assert showdown is not None and showdown.settlement is not None
    points, against = SHOWDOWNS[opponents]
    assert showdown.settlement.points == tuple(points)
    assert {seat: showdown.points_against(seat) for seat in against} == against
    score = window.findChild(QLabel, "scoreLabel")
    assert score is not None
    assert score.text() == "Session total: +2 · hands played: 1"
    result = window.findChild(QLabel, "resultLabel")
    assert result is not None and "+2 points" in result.text()
    for seat_points in against.values():
        assert f"{seat_points:+d}".replace("-", "\u2212") in result.text()
    # The bots' cards are face up and every row carries a result word; the player's rows say how
    # they did against each bot, as the core settled them.
    for label in window.findChildren(QLabel, "seatResult"):
        assert label.text()
    signs = {"won": "✓", "lost": "✗", "tied": "="}
    for r, zone in enumerate((Zone.TOP, Zone.MIDDLE, Zone.BOTTOM)):
        for seat in range(1, opponents + 1):
            assert f"bot {seat} {signs[showdown.row_result(seat, r)]}" in window.table.row_names[zone].text()
    # Same seed, same deal: the bots' hands are reproducible.
    again = make_window(qtbot, tmp_path, opponents=opponents, seed=5)
    assert again.controller.opponent_cards == window.controller.opponent_cards


def test_showdown_follows_the_house_rules(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, seed=9)
    rules = HouseRules(system=ScoringSystem.ONE_SIX, royalties=True)
    window.apply_settings(window.settings.values.replace(house_rules=rules))
    assert window.controller.setup.rules == HouseRules()  # the deal on the table keeps its rules
    window.controller.new_deal(parse_cards(HAND))  # the new rules from the next deal
    place(window, "As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c")  # a foul
    warning = window.controller.foul_warning()
    assert warning is not None and "loses at least 6 points to each opponent, more where an opponent " \
        "collects royalties" in warning
    button(window, "setButton").click()
    showdown = window.controller.showdown
    assert showdown is not None
    # Worked by hand: the fouled hand (aces on top over kings in the middle) loses as if scooped,
    # 6 in 1-6; the bot (Jc 4s 2h / 6s 6c 5s 5h Ad / Jh Tc 9c 8d 7s) has no royalty to add.
    assert str(window.controller.bots_set()[0]) == "Jc 4s 2h / Ad 6s 6c 5s 5h / Jh Tc 9c 8d 7s"
    assert showdown.total == -6


def test_new_deal_and_session_score(window: MainWindow) -> None:
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
    button(window, "setButton").click()
    first = window.controller.session_points
    assert not button(window, "setButton").isEnabled()
    button(window, "dealButton").click()
    assert len(window.deal_model.cards(Zone.HAND)) == 13
    assert window.controller.showdown is None
    assert window.controller.session_points == first
    assert window.controller.hands_played == 1


def test_settings_persist_between_windows(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    rules = HouseRules(system=ScoringSystem.ONE_SIX, surrender=True)
    window.apply_settings(window.settings.values.replace(house_rules=rules, opponents=2))
    assert not button(window, "surrenderButton").isVisibleTo(window)  # from the next deal
    window.deal_action.trigger()
    assert button(window, "surrenderButton").isVisibleTo(window)
    window.close()
    again = make_window(qtbot, tmp_path)
    assert again.settings.values.house_rules == rules
    assert again.controller.setup.rules == rules
    assert len(again.controller.opponent_cards) == 2


def test_surrender_pays_the_house_amount(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, opponents=2)
    window.apply_settings(window.values.replace(house_rules=HouseRules(surrender=True)))
    window.controller.new_deal(parse_cards(HAND))
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
    button(window, "surrenderButton").click()
    showdown = window.controller.showdown
    assert showdown is not None and showdown.surrendered
    assert showdown.total == -3 * 2


def test_showdown_turns_the_bots_rows_up_one_by_one(window: MainWindow, qtbot: Any) -> None:
    window.table.reveal_delay_ms = 30
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
    button(window, "setButton").click()
    results = window.findChildren(QLabel, "seatResult")
    assert [bool(r.text()) for r in results] == [True, False, False]  # the top row first
    points = window.findChild(QLabel, "seatPoints")
    assert points is not None and points.text() == ""
    qtbot.waitUntil(lambda: points.text() != "", timeout=10_000)
    assert all(r.text() for r in results)


def test_criss_cross_two_hands_each_settle_against_both_of_the_bots(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, seed=21)
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    button(window, "dealButton").click()
    c = window.controller
    assert len(c.player_cards) == 2 and len(c.opponent_cards) == 2
    all_cards = [card for hand in (*c.player_cards, *c.opponent_cards) for card in hand]
    assert len(set(all_cards)) == 52  # one deck, no card in two hands
    assert button(window, "setButton").text() == "Set hand 1 of 2"
    first = window.controller.bots_set  # the bots' hands are set from their own cards
    bots = first()
    assert [sorted(b.cards) for b in bots] == [sorted(h) for h in c.opponent_cards]
    # set hand 1 as the greedy bot would, then hand 2 another way
    from cp_trainer.gui.solver.bridge import arrange

    one = arrange(c.player_cards[0], "greedy", c.setup.rules)
    window.deal_model.place(one.top, one.middle, one.bottom)
    button(window, "setButton").click()
    assert c.showdown is None and c.hand_index == 1
    assert sorted(window.deal_model.all_cards()) == sorted(c.player_cards[1])
    assert button(window, "setButton").text() == "Set hand 2 of 2"  # it says which hand
    two = arrange(c.player_cards[1], "greedy", c.setup.rules)
    window.deal_model.place(two.bottom[:3], two.middle, (*two.top, *two.bottom[3:]))
    button(window, "setButton").click()
    showdown = c.showdown
    assert showdown is not None and showdown.criss_cross
    mine = showdown.player_hands
    assert mine[0] == one
    # Worked by hand. The bot: 4h 3h 2s / Ks Td 8d 7c 5s / Qh Jh 9h 8h 7h and
    # 7s 6d 3s / Ad Kd Qd Th 9s / Ac Jc 6c 3c 2c. Hand 1 (8s 7d 6h / Qs Jd 9d 2h 2d /
    # Qc Tc 9c 5c 4c) wins top and middle against both and loses the bottom to both flushes
    # (Q-T.. under Q-J.., under the ace flush): +2, +2. Hand 2 (As Js Ts / Ah Kh Kc 5h 5d /
    # 8c 4d 3d 6s 4s) has two pair over one pair: a foul, -4 against each. Total -4.
    assert [str(b) for b in bots] == ["4h 3h 2s / Ks Td 8d 7c 5s / Qh Jh 9h 8h 7h",
                                      "7s 6d 3s / Ad Kd Qd Th 9s / Ac Jc 6c 3c 2c"]
    assert {k: p.points[0] for k, p in showdown.cross.items()} == {
        (0, 1): 2, (0, 2): 2, (1, 1): -4, (1, 2): -4}
    assert showdown.total == -4
    result = window.findChild(QLabel, "resultLabel")
    assert result is not None and "against the bot's hand 2" in result.text()


def test_keyboard_only_setting(window: MainWindow, qtbot: Any) -> None:
    from PySide6.QtCore import Qt

    hand = window.table.views[Zone.HAND]
    hand.setFocus()
    hand.setCurrentIndex(hand.model().index(0, 0))  # A♠
    qtbot.keyClick(hand, Qt.Key.Key_3)
    assert window.deal_model.cards(Zone.BOTTOM) == (c("As"),)
    qtbot.keyClick(hand, Qt.Key.Key_Up)  # to the bottom row
    bottom = window.table.views[Zone.BOTTOM]
    assert window.focusWidget() is bottom and bottom.currentIndex().row() == 0
    qtbot.keyClick(bottom, Qt.Key.Key_Up)
    assert window.focusWidget() is window.table.views[Zone.MIDDLE]
    qtbot.keyClick(window.table.views[Zone.MIDDLE], Qt.Key.Key_Down)
    qtbot.keyClick(bottom, Qt.Key.Key_Backspace)
    assert window.deal_model.cards(Zone.BOTTOM) == ()


def test_a_natural_wins_at_once_when_the_house_rule_is_on(qtbot: Any, tmp_path: Path) -> None:
    six_pairs = "As Ah Ks Kh Qs Qh Js Jh Ts Th 9s 9h 2c"
    window = make_window(qtbot, tmp_path, deal=six_pairs, opponents=2)
    window.apply_settings(window.values.replace(house_rules=HouseRules(naturals=True)))
    window.controller.new_deal(parse_cards(six_pairs))
    place(window, "Ts Th 2c / Qs Qh Js Jh 9s / As Ah Ks Kh 9h")
    button(window, "setButton").click()
    showdown = window.controller.showdown
    assert showdown is not None
    assert showdown.total == 4 * 2  # the natural (six pairs) beats both bots, 4 each
    results = [label.text() for label in window.findChildren(QLabel, "seatResult")]
    assert results and all(text == "not compared" for text in results)
    notes = [label.text() for label in window.findChildren(QLabel, "seatPoints")]
    assert notes == ["You: +4 against this bot — your natural: six pairs"] * 2


def test_rows_name_their_hand_as_it_forms(window: MainWindow) -> None:
    names = window.table.row_names
    assert names[Zone.MIDDLE].text() == "empty: drop 5 cards here"
    place(window, "/ Kd Kc 9h /")
    assert names[Zone.MIDDLE].text() == "pair of kings so far (3 of 5 cards)"
    place(window, "/ 8h 7d /")
    assert names[Zone.MIDDLE].text() == "pair of kings"  # complete: the core's name of the row


def test_session_score_in_money_when_a_point_is_worth_something(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, seed=5)
    rules = HouseRules(point_value=2.5)
    window.apply_settings(window.settings.values.replace(house_rules=rules))
    window.controller.new_deal(parse_cards(HAND))
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
    button(window, "setButton").click()
    # Worked by hand: 2-1 against the bot (8s 5s 3h / Ac Jc 9s 7h 7c / Ad Td 8d 6d 4d): +2 points,
    # 2.5 each.
    score = window.findChild(QLabel, "scoreLabel")
    assert score is not None and "money: +5.00" in score.text()
