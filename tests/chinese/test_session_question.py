"""The solver's question is the session's: the hand on the table, the table's bots, Criss Cross's
dead cards and hand number, a past Criss Cross hand played again (no Qt)."""

from __future__ import annotations

from cp_trainer.chinese.session import ChineseSession, TableSetup
from cp_trainer.history.replay import replay_record
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.cards import parse_cards
from tests.session_fixtures import by_rank_bot

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")


def session(setup: TableSetup | None = None) -> ChineseSession:
    s = ChineseSession(setup, bots=by_rank_bot, seed=7)
    s.new_deal(DEAL)
    return s


def arrange(s: ChineseSession) -> None:
    ordered = sorted(s.board.all_cards(), reverse=True)
    s.place(Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5])))


def test_the_hint_asks_about_the_cards_on_the_table_against_the_tables_bots() -> None:
    s = session(TableSetup(opponents=2, seat_bots=(BotChoice(BotName.GREEDY),)))
    q = s.solver_question(samples=300, time_budget=None)
    assert sorted(q.cards) == sorted(DEAL) and q.mine is None  # not arranged yet: nothing to price
    assert q.opponents == 2 and q.samples == 300 and q.time_budget is None and q.seed is None
    assert q.seat_bots == (BotChoice(BotName.GREEDY), BotChoice(BotName.STANDARD))
    assert q.dead == () and q.hand_number is None
    s.place(LEGAL)
    assert s.solver_question(samples=300, time_budget=None).mine == LEGAL


def test_after_the_showdown_the_question_carries_the_bots_real_hands() -> None:
    s = session()
    s.place(LEGAL)
    showdown = s.set_hand()
    assert showdown is not None
    (q,) = s.showdown_questions(showdown, samples=200, time_budget=0.5)
    assert q.mine == showdown.player and q.actual == showdown.opponents
    assert q.time_budget == 0.5 and not q.surrendered


def test_criss_cross_asks_about_this_hand_with_the_other_one_dead() -> None:
    s = session(TableSetup(criss_cross=True))
    first, second = s.player_cards
    q = s.solver_question(samples=200, time_budget=None)
    assert q.hand_number == 1 and q.opponents == 2 and q.opponent_seats == (1, 1)
    assert q.dead == second and sorted(q.cards) == sorted(first) and q.seat_bots == ()
    arrange(s)
    assert s.set_hand() is None  # hand 1 set, hand 2 on the table
    q = s.solver_question(samples=200, time_budget=None)
    assert q.hand_number == 2 and q.dead == first and sorted(q.cards) == sorted(second)
    arrange(s)
    showdown = s.set_hand()
    assert showdown is not None
    questions = s.showdown_questions(showdown, samples=200, time_budget=None)
    assert [q.hand_number for q in questions] == [1, 2]
    assert all(q.actual == showdown.opponents for q in questions)


def test_a_criss_cross_hand_played_again_is_that_hand_against_the_bots_two() -> None:
    s = session(TableSetup(criss_cross=True))
    arrange(s)
    s.set_hand()
    arrange(s)
    assert s.set_hand() is not None
    record = s.settled[-1].records[1]  # hand 2 of the Criss Cross deal
    replayed = replay_record(record)
    assert replayed is not None and replayed.criss_cross_hand == 2
    s.try_again(replayed)
    q = s.solver_question(samples=200, time_budget=None)
    assert q.hand_number == 2 and q.opponent_seats == (1,) * q.opponents


def test_the_criss_cross_hand_set_first_is_checked_by_the_session() -> None:
    s = session(TableSetup(criss_cross=True))
    assert s.locked_check() is None  # nothing set yet
    arrange(s)
    assert s.set_hand() is None
    check = s.locked_check()
    assert check is not None and check.rows is not None
    assert check == check_arrangement(s.locked[0], s.deal_setup.rules)
