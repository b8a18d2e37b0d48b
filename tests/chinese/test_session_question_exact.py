"""The solver's question, field by field, as the session builds it (cp_trainer/chinese/session.py):
the deal's own house rules, seat 1's bot, the surrenders, the numbers asked, and Criss Cross's
questions and locked hand under the table's rules."""

from __future__ import annotations

from cp_trainer.chinese.session import ChineseSession, TableSetup
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from tests.session_fixtures import by_rank_bot, by_rank_surrendering_bot

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
# legal only under low middle: a seven-low middle below a pair of queens on top
LOW = Arrangement.parse("Qs Qh 2s / 7c 4d 9s 8h Td / As Ah Kc Kd Jc")
RULES = HouseRules(system=ScoringSystem.ONE_SIX, royalties=True, surrender=True)
GREEDY, NEWCOMER = BotChoice(BotName.GREEDY), BotChoice(BotName.NEWCOMER, 0.25)


def test_the_question_carries_the_deals_rules_seat_ones_bot_and_the_numbers_asked() -> None:
    s = ChineseSession(TableSetup(rules=RULES, opponents=2, seat_bots=(GREEDY, NEWCOMER)), bots=by_rank_bot,
                       seed=7)
    s.new_deal(DEAL)
    q = s.solver_question(samples=123, time_budget=2.5)
    assert q.rules == RULES and q.bot == GREEDY and q.seat_bots == (GREEDY, NEWCOMER)
    assert (q.samples, q.time_budget, q.opponents) == (123, 2.5, 2)
    assert q.actual == () and q.actual_surrendered == frozenset() and q.surrendered is False
    s.place(LEGAL)
    shown = s.set_hand()
    assert shown is not None
    (after,) = s.showdown_questions(shown, samples=77, time_budget=1.5)
    assert after.rules == RULES and after.bot == GREEDY and (after.samples, after.time_budget) == (77, 1.5)
    assert after.mine == LEGAL and after.actual == shown.opponents and after.surrendered is False


def test_the_question_after_surrenders_says_who_gave_up() -> None:
    setup = TableSetup(rules=RULES, opponents=3)
    s = ChineseSession(setup, bots=by_rank_surrendering_bot, seed=7)
    s.new_deal(DEAL)
    s.place(LEGAL)
    shown = s.set_hand(surrender=True)
    assert shown is not None and shown.surrendered
    q = s.solver_question(samples=50, time_budget=None, showdown=shown)
    assert q.surrendered is True and q.actual_surrendered == shown.bots_surrendered
    # a deal where a bot without an ace gives up while the player plays on
    for seed in range(20):
        s = ChineseSession(setup, bots=by_rank_surrendering_bot, seed=seed)
        s.new_deal(DEAL)
        s.place(LEGAL)
        shown = s.set_hand()
        assert shown is not None
        if shown.bots_surrendered:
            break
    assert shown.bots_surrendered
    q = s.solver_question(samples=50, time_budget=None, showdown=shown)
    assert q.surrendered is False and q.actual_surrendered == shown.bots_surrendered


def test_criss_cross_asks_about_each_hand_under_the_tables_rules() -> None:
    rules = HouseRules(low_middle=True, system=ScoringSystem.ONE_SIX)
    s = ChineseSession(TableSetup(rules=rules, criss_cross=True, seat_bots=(NEWCOMER,)), bots=by_rank_bot,
                       seed=5)
    s.new_deal(DEAL)
    s.place(LOW)
    assert s.set_hand() is None
    check = s.locked_check()
    assert check is not None and check.fouls == ()  # legal under low middle (fouled under the default)
    q = s.solver_question(samples=40, time_budget=None)
    assert q.rules == rules and q.opponents == 2 and q.opponent_seats == (1, 1) and q.hand_number == 2
    assert sorted(q.dead) == sorted(DEAL)
    ordered = sorted(s.player_cards[1], reverse=True)
    s.place(Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5])))
    shown = s.set_hand()
    assert shown is not None
    questions = s.showdown_questions(shown, samples=60, time_budget=3.0)
    assert [q.hand_number for q in questions] == [1, 2]
    for q in questions:
        assert q.rules == rules and q.bot == NEWCOMER and (q.samples, q.time_budget) == (60, 3.0)
        assert q.actual == shown.opponents
