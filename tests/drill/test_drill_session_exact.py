"""The Drill's session field by field: each refusal's reason and exact words, what each phase
allows, the numbers and difficulties of the graded hands, and what a deal resets.
(test_drill_session.py holds the session's course; test_drill_session_machine.py its state machine.)"""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest

from cp_trainer.chinese.board import Refusal, Refused
from cp_trainer.chinese.session import Zone
from cp_trainer.drill.grading import DrillInputError, HandAnalysis
from cp_trainer.drill.pool import DrillHand
from cp_trainer.drill.profile import DrillProfile
from cp_trainer.drill.session import RECENT, DrillPhase, DrillResult, DrillSession, GradeJob
from cp_trainer.drill.themes import Theme
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import FULL_DECK, format_cards
from tests.drill_fixtures import STORED
from tests.drill_session_fixtures import BEST, GREEDY, NOT_STORED, STORED_KEY, T0, Clock, analyse, grade, pool


def on_stored(clock: Clock | None = None) -> DrillSession:
    s = DrillSession(pool(), seed=3, clock=clock or Clock(), random_share=0.0)
    while s.hand.key != STORED_KEY:
        s.next_hand()
    return s


def test_each_refusal_names_its_reason_and_says_why_in_full() -> None:
    s = on_stored()
    with pytest.raises(Refused, match=r"^incomplete: the rows hold 0 / 0 / 0 cards, not 3 / 5 / 5$") as e:
        s.set_hand()
    assert e.value.reason is Refusal.INCOMPLETE
    s.place(Arrangement.parse(NOT_STORED))
    job = s.set_hand()
    assert isinstance(job, GradeJob)
    with pytest.raises(Refused, match=r"^grading: next hand: the solver is grading this one; wait for its "
                                      r"grade$") as e:
        s.next_hand()
    assert e.value.reason is Refusal.GRADING
    with pytest.raises(Refused,
                       match=r"^not_arranging: set the hand: the solver is grading the hand set$") as e:
        s.set_hand()
    assert e.value.reason is Refusal.NOT_ARRANGING
    stranger = GradeJob(job.hand, job.arrangement)
    key = re.escape(STORED_KEY)
    with pytest.raises(Refused, match=rf"^not_grading: grade: no grade of {key} is awaited$") as e:
        s.graded(stranger, *job.run(analyse, grade))
    assert e.value.reason is Refusal.NOT_GRADING
    hand, answer = job.run(analyse, grade)
    other = grade(hand, Arrangement.parse(BEST))
    with pytest.raises(Refused, match=rf"^wrong_cards: a grade of {re.escape(BEST)} \({key}\) answers no "
                                      rf"job: {re.escape(NOT_STORED)} was set$") as e:
        s.graded(job, hand, other)
    assert e.value.reason is Refusal.WRONG_CARDS
    result = s.graded(job, hand, answer)
    assert isinstance(result, DrillResult) and result.number == 1 and s.phase is DrillPhase.GRADED
    with pytest.raises(Refused, match=r"^not_arranging: set the hand: the hand is graded; ask for the next "
                                      r"hand$") as e:
        s.set_hand()
    assert e.value.reason is Refusal.NOT_ARRANGING


def big_pool(n: int = 6) -> list[DrillHand]:
    """``n`` pool hands of one theme on other cards each (the stored answer copied onto them): enough
    that which one comes next is the session's random draw, not forced by the recent hands."""
    hands = []
    for k in range(n):
        deck = list(FULL_DECK)
        random.Random(k).shuffle(deck)
        a = HandAnalysis.from_json(STORED | {"cards": format_cards(deck[:13])})
        hands.append(DrillHand(a.cards, a, Theme.PAIR_ON_TOP, 1500 + k, 0.5))
    return hands


def deals(s: DrillSession, n: int = 30) -> list[str]:
    return [s.hand.key] + [s.next_hand().key for _ in range(n)]


def test_the_seed_makes_every_deal_the_same_also_after_a_theme_or_a_new_pool() -> None:
    def run(seed: int) -> list[str]:
        s = DrillSession(big_pool(), seed=seed, clock=Clock(), random_share=0.5)
        first = deals(s)  # pool and random hands (their cards drawn by the session's generator)
        s.choose_theme(Theme.PAIR_ON_TOP)
        themed = deals(s)
        s.choose_theme(None)
        s.configure(pool=big_pool(4), random_share=0.5)
        return first + themed + deals(s)

    once = run(11)
    assert run(11) == once  # the n-th deal is always the same
    assert run(12) != once
    assert any(len(k.split()) == 13 and k not in {h.key for h in big_pool()} for k in once)  # random ones


def test_a_theme_given_at_the_start_holds_for_every_deal_and_every_new_setting() -> None:
    mixed = [*pool(), *big_pool(2)]
    kickers = DrillHand(mixed[0].cards, mixed[0].analysis, Theme.KICKERS, 1400, 0.5)
    s = DrillSession([kickers, *mixed[1:]], seed=2, clock=Clock(), random_share=1.0, theme=Theme.KICKERS)
    assert s.theme is Theme.KICKERS
    # a theme deals pool hands of it only, never random ones, whatever the share
    assert {s.hand.key, *deals(s, 10)} == {kickers.key}
    s.configure(random_share=1.0)
    assert (s.theme, s.random_share) == (Theme.KICKERS, 1.0)
    assert set(deals(s, 10)) == {kickers.key}
    with pytest.raises(DrillInputError, match=r"^no pool hand has the theme 'kickers'$"):
        DrillSession(pool(), seed=2, clock=Clock(), theme=Theme.KICKERS)


def test_under_a_theme_no_review_comes_first() -> None:
    clock = Clock()
    s = DrillSession(pool(), seed=3, clock=clock, random_share=0.0, theme=Theme.PAIR_ON_TOP)
    while s.hand.key != STORED_KEY:
        s.next_hand()
    s.place(Arrangement.parse(GREEDY))
    s.set_hand()  # a mistake: due for review a minute later
    clock.now += timedelta(minutes=5)
    assert s.due_keys() == [STORED_KEY]
    assert {s.next_hand().source for _ in range(6)} == {"pool"}
    # without a theme the review is dealt, as a review
    s.choose_theme(None)
    sources = [s.hand.source] + [s.next_hand().source for _ in range(3)]
    assert "review" in sources


def test_configure_takes_the_pool_given_and_keeps_the_share_not_given() -> None:
    s = DrillSession(pool(), seed=4, clock=Clock(), random_share=0.0)
    assert s.random_share == 0.0
    only = big_pool(1)
    s.configure(pool=only)
    assert s.pool == tuple(only) and s.random_share == 0.0
    assert set(deals(s, 5)[1:]) == {only[0].key}  # no random hand: the share stayed 0
    s.configure(random_share=1.0)
    assert s.pool == tuple(only) and {s.next_hand().source for _ in range(5)} == {"random"}


def test_choosing_any_theme_again_keeps_the_share_of_random_hands() -> None:
    s = DrillSession(big_pool(), seed=5, clock=Clock(), random_share=0.0)
    s.choose_theme(Theme.PAIR_ON_TOP)
    s.choose_theme(None)
    assert s.random_share == 0.0 and {s.next_hand().source for _ in range(40)} == {"pool"}


def test_the_recent_hands_are_the_last_thirty_deals() -> None:
    s = DrillSession(big_pool(), seed=6, clock=Clock(), random_share=1.0)  # random hands: all differ
    dealt = deals(s, 40)
    assert RECENT == 30 and list(s.recent) == dealt[-RECENT:]


def test_undo_and_redo_only_while_setting() -> None:
    s = on_stored()
    s.place(Arrangement.parse(NOT_STORED))
    s.move(s.board.cards(Zone.TOP)[0], Zone.HAND)
    s.undo()
    assert s.can_undo() and s.can_redo() and s.can_set()  # setting, with both ways open
    job = s.set_hand()
    assert isinstance(job, GradeJob)
    assert s.board.can_undo() and s.board.can_redo()  # the board still could: the session says no
    assert not s.can_undo() and not s.can_redo() and not s.can_arrange()
    s.grade_failed(job)
    assert s.can_undo() and s.can_redo()


def test_a_hand_played_again_is_rated_by_its_results() -> None:
    clock = Clock()
    s = on_stored(clock)
    s.place(Arrangement.parse(GREEDY))
    first = s.set_hand()
    assert isinstance(first, DrillResult) and first.difficulty == 1619  # the bots' difficulty at first
    clock.now += timedelta(minutes=5)
    while s.next_hand().key != STORED_KEY:
        pass
    s.place(Arrangement.parse(GREEDY))
    second = s.set_hand()
    assert isinstance(second, DrillResult) and second.number == 2
    # the second time: the hand's rating after the first result (it beat the player: harder)
    expected = round(DrillProfile.replay([first.record]).hand_rating(STORED_KEY, 1619).rating)
    assert second.difficulty == expected and expected > 1619


def test_the_reviews_due_are_counted_by_the_sessions_clock() -> None:
    clock = Clock()
    s = on_stored(clock)
    s.place(Arrangement.parse(GREEDY))
    first = s.set_hand()
    assert isinstance(first, DrillResult)
    # the result was played on 30 November; a session whose clock says 28 November has none due
    early = Clock()
    early.now = T0 - timedelta(days=2)
    again = DrillSession(pool(), results=[first.record], seed=1, clock=early, random_share=0.0)
    assert again.due_count() == 0 and again.due_keys() == []
    early.now = T0 + timedelta(minutes=5)
    assert again.due_count() == 1 and again.due_keys() == [STORED_KEY]


def test_a_job_on_an_analysed_hand_is_not_analysed_again() -> None:
    s = on_stored()
    s.place(Arrangement.parse(NOT_STORED))
    job = s.set_hand()
    assert isinstance(job, GradeJob) and job.hand.analysis is not None

    def never(hand: DrillHand) -> DrillHand:
        raise AssertionError("analysed again")

    hand, answer = job.run(never, grade)
    assert hand is job.hand and answer == grade(job.hand, job.arrangement)
