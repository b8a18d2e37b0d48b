"""The Drill's session (no Qt): each phase refuses what it does not allow, with the reason, and
changes nothing then; a grade (at once or by a solver job) is recorded once, as the history's
record; the profile and progress follow the results; reviews come back when due."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise

import pytest

from cp_trainer.chinese.board import Refusal, Refused
from cp_trainer.chinese.session import Zone
from cp_trainer.drill.grading import DrillInputError, GradeLevel
from cp_trainer.drill.profile import DrillProfile, result_record
from cp_trainer.drill.progress import SessionProgress
from cp_trainer.drill.session import RECENT, DrillPhase, DrillResult, DrillSession, GradeJob
from cp_trainer.drill.themes import Theme
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from tests.drill_session_fixtures import (
    BEST,
    GREEDY,
    NOT_STORED,
    STORED_KEY,
    Clock,
    analyse,
    grade,
    legal_split,
    pool,
)

INSIGNIFICANT = "Ks Qd 4c / Kd Qs 6c 5h 4s / Ad Kh Qh 6h 4d"  # stored: 0.05 lost, ± 0.03


def session_on_stored(clock: Clock | None = None) -> DrillSession:
    """A session whose hand dealt is the stored one (pool hands only)."""
    s = DrillSession(pool(), seed=3, clock=clock or Clock(), random_share=0.0)
    for _ in range(20):
        if s.hand.key == STORED_KEY:
            return s
        s.next_hand()
    raise AssertionError("the stored hand was never dealt")


def placed(s: DrillSession, text: str) -> DrillSession:
    s.place(Arrangement.parse(text))
    return s


def grading(s: DrillSession) -> GradeJob:
    job = placed(s, NOT_STORED).set_hand()
    assert isinstance(job, GradeJob) and s.phase is DrillPhase.GRADING
    return job


def test_a_stored_arrangement_is_graded_at_once_and_recorded() -> None:
    clock = Clock()
    s = placed(session_on_stored(clock), GREEDY)
    assert s.can_set() and s.can_undo()
    result = s.set_hand()
    assert isinstance(result, DrillResult)
    assert s.phase is DrillPhase.GRADED and s.board.locked and not s.can_undo()
    assert result.grade.level is GradeLevel.MISTAKE and round(result.grade.loss, 3) == 0.794
    assert result.number == 1 and s.graded_hands == [result] and s.result is result
    # the history's record, as the profile module builds it, at the clock's time
    assert result.record == result_record(result.hand, result.grade, clock.now)
    assert result.record.hand == STORED_KEY and result.record.grade == "mistake"
    assert result.record.source == "pool" and result.record.theme == "pair_on_top"
    assert DrillRecord.from_dict(result.record.to_dict()) == result.record  # the one validator keeps it
    assert result.difficulty == 1619 and s.played_difficulty == 1619
    assert s.progress == SessionProgress().add(GradeLevel.MISTAKE, result.grade.counted_loss)
    assert s.profile.due_count(clock.now) == 1  # a miss: due for review


def test_every_action_is_refused_once_graded_and_nothing_moves() -> None:
    s = placed(session_on_stored(), BEST)
    s.set_hand()
    state = s.board.state()
    card = s.board.cards(Zone.TOP)[0]
    for action, name in ((lambda: s.move(card, Zone.HAND), "move 4"), (s.undo, "undo"), (s.redo, "redo"),
                         (s.return_all, "return the cards"), (s.set_hand, "set the hand"),
                         (lambda: s.place(Arrangement.parse(GREEDY)), "place an arrangement"),
                         (lambda: s.swap(card, s.board.cards(Zone.BOTTOM)[0]), "swap 4"),
                         (lambda: s.drop(card, Zone.MIDDLE), "drop 4")):
        with pytest.raises(Refused, match=rf"^not_arranging: {name}.*: the hand is graded; ask for the next"):
            action()
    assert s.board.state() == state and len(s.graded_hands) == 1 and s.phase is DrillPhase.GRADED


def test_while_grading_the_cards_stay_and_no_next_hand() -> None:
    s = session_on_stored()
    job = grading(s)
    hand, state = s.hand, s.board.state()
    assert job.hand is hand and job.arrangement == Arrangement.parse(NOT_STORED)
    assert not s.can_deal() and not s.can_arrange() and not s.can_set()
    with pytest.raises(Refused, match=r"^grading: next hand: the solver is grading this one"):
        s.next_hand()
    with pytest.raises(Refused, match=r"^not_arranging: undo: the solver is grading the hand set"):
        s.undo()
    with pytest.raises(Refused, match=r"^not_arranging: set the hand: the solver is grading"):
        s.set_hand()
    assert s.choose_theme(None) is None  # the theme waits for the next deal
    assert (s.hand, s.board.state(), s.pending) == (hand, state, job)
    result = s.graded(job, *job.run(analyse, grade))
    assert result.grade.level is GradeLevel.BLUNDER and s.phase is DrillPhase.GRADED and s.pending is None


def test_a_late_or_foreign_answer_is_refused() -> None:
    s = session_on_stored()
    job = grading(s)
    hand, answer = job.run(analyse, grade)
    stranger = GradeJob(job.hand, job.arrangement)  # equal fields, but not the job handed out
    with pytest.raises(Refused, match=r"^not_grading: grade: no grade of .* is awaited"):
        s.graded(stranger, hand, answer)
    with pytest.raises(Refused, match=r"^not_grading: grade failed: no grade of"):
        s.grade_failed(stranger)
    other = grade(hand, Arrangement.parse(GREEDY))
    with pytest.raises(Refused, match=r"^wrong_cards: a grade of Ad Qd 5h / .* answers no job"):
        s.graded(job, hand, other)
    assert s.phase is DrillPhase.GRADING and s.pending is job
    s.graded(job, hand, answer)
    with pytest.raises(Refused, match=r"^not_grading: grade: no grade of"):  # answered already
        s.graded(job, hand, answer)
    assert len(s.graded_hands) == 1


def test_a_failed_grade_goes_back_to_setting_the_cards_where_they_lie() -> None:
    s = session_on_stored()
    s.move(s.board.cards(Zone.HAND)[0], Zone.TOP)
    s.return_all()
    job = grading(s)
    s.grade_failed(job)
    assert s.phase is DrillPhase.SETTING and s.pending is None and not s.graded_hands
    assert s.arrangement() == Arrangement.parse(NOT_STORED) and s.can_set()
    assert s.can_undo()  # the moves made before setting can still be taken back
    with pytest.raises(Refused, match=r"^not_grading: grade failed: no grade of"):
        s.grade_failed(job)


def test_setting_an_incomplete_or_misshapen_hand_is_refused() -> None:
    s = session_on_stored()
    with pytest.raises(Refused, match=r"^incomplete: the rows hold 0 / 0 / 0 cards, not 3 / 5 / 5"):
        s.set_hand()
    s.move(s.board.cards(Zone.HAND)[0], Zone.TOP)
    with pytest.raises(Refused, match=r"^incomplete: the rows hold 1 / 0 / 0 cards"):
        s.set_hand()
    short = Arrangement.parse("4s 4d / 4c Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c")
    with pytest.raises(Refused, match=r"^wrong_sizes: .*: the rows hold \(2, 6, 5\), not 3 / 5 / 5"):
        s.place(short)
    with pytest.raises(Refused, match=r"^wrong_cards: .* are not the cards dealt"):
        s.place(Arrangement.parse("As 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"))
    with pytest.raises(Refused, match=r"^unknown_card: A♠ is not one of the cards dealt"):
        s.move(parse_cards("As")[0], Zone.TOP)
    assert s.phase is DrillPhase.SETTING and len(s.board.cards(Zone.TOP)) == 1 and not s.graded_hands


def test_a_theme_no_pool_hand_has_is_refused_and_changes_nothing() -> None:
    s = session_on_stored()
    hand, picker = s.hand, s.picker
    with pytest.raises(DrillInputError, match=r"^no pool hand has the theme 'kickers'"):
        s.choose_theme(Theme.KICKERS)
    assert (s.hand, s.picker, s.theme) == (hand, picker, None)
    dealt = s.choose_theme(Theme.PAIR_ON_TOP)
    assert dealt is s.hand and dealt.theme is Theme.PAIR_ON_TOP and s.theme is Theme.PAIR_ON_TOP


def test_the_rates_are_kept_only_for_the_grade_shown() -> None:
    s = placed(session_on_stored(), GREEDY)
    result = s.set_hand()
    assert isinstance(result, DrillResult) and s.wants_rates()  # a significant loss, no foul
    nets = ((-0.3, 0.98, 0.84), (0.99, 0.45, 0.84))
    assert s.rates_ready(result.grade, nets) and s.rates == nets and not s.wants_rates()
    s.next_hand()
    assert s.rates is None and not s.rates_ready(result.grade, nets) and s.rates is None
    s.place(legal_split(s.hand.cards))
    job = s.set_hand()
    second = s.graded(job, *job.run(analyse, grade)) if isinstance(job, GradeJob) else job
    assert s.phase is DrillPhase.GRADED and second.grade is s.grade
    assert not s.rates_ready(result.grade, nets) and s.rates is None  # the earlier hand's: dropped


def test_a_loss_within_the_solvers_error_counts_nothing() -> None:
    s = placed(session_on_stored(), INSIGNIFICANT)
    result = s.set_hand()
    assert isinstance(result, DrillResult) and not result.grade.significant and result.grade.loss > 0
    assert s.progress.accuracy == 100.0 and s.progress.streak == 1 and s.progress.mean_loss == 0.0
    assert not s.wants_rates()  # nothing to explain row by row


def test_a_missed_hand_comes_back_for_review_when_due_never_twice_in_a_row() -> None:
    clock = Clock()
    s = placed(session_on_stored(clock), GREEDY)
    s.set_hand()
    assert s.due_keys() == []  # due a minute later, not at once
    clock.now += timedelta(minutes=2)
    assert s.due_keys() == [STORED_KEY]
    assert s.next_hand().key != STORED_KEY  # never the hand just played
    back = s.next_hand()
    assert back.key == STORED_KEY and back.source == "review" and back.analysis is not None
    assert len(s.recent) <= RECENT and s.recent[-1] == back.key


def test_the_profile_is_rebuilt_from_the_stored_results() -> None:
    clock = Clock()
    s = placed(session_on_stored(clock), GREEDY)
    s.set_hand()
    records = [r.record for r in s.graded_hands]
    again = DrillSession(pool(), results=records, seed=9, clock=clock, random_share=0.0)
    assert again.profile.rating == s.profile.rating == DrillProfile.replay(records).rating
    assert again.due_count() == s.due_count() == 1
    assert again.progress == SessionProgress() and again.graded_hands == []  # a new session's own


def test_configure_changes_the_next_deals_not_the_hand_dealt() -> None:
    s = DrillSession(pool(), seed=1, clock=Clock(), random_share=0.0)
    hand = s.hand
    s.configure(random_share=1.0)
    assert s.hand is hand and s.random_share == 1.0
    dealt = s.next_hand()
    assert dealt.source == "random" and dealt.analysis is None  # analysed by the job it will need
    s.place(Arrangement.parse(str(Arrangement(dealt.cards[:3], dealt.cards[3:8], dealt.cards[8:]))))
    job = s.set_hand()
    assert isinstance(job, GradeJob)
    analysed, answer = job.run(analyse, grade)
    result = s.graded(job, analysed, answer)
    assert result.hand.analysis is not None and result.record.source == "random" and s.hand is analysed


def test_a_refused_board_move_says_why() -> None:
    s = placed(session_on_stored(), BEST)
    s.move(s.board.cards(Zone.TOP)[0], Zone.HAND)
    with pytest.raises(Refused, match=r"^zone_full: MIDDLE holds 5 cards already; .* does not fit") as full:
        s.move(s.board.cards(Zone.HAND)[0], Zone.MIDDLE)
    with pytest.raises(Refused, match=r"^same_zone: .* both lie in BOTTOM") as same:
        s.swap(s.board.cards(Zone.BOTTOM)[0], s.board.cards(Zone.BOTTOM)[1])
    assert (full.value.reason, same.value.reason) == (Refusal.ZONE_FULL, Refusal.SAME_ZONE)
    assert not s.can_set() and s.phase is DrillPhase.SETTING


def test_a_small_pool_never_deals_a_hand_twice_in_a_row() -> None:
    # with every pool hand among the recent ones the picker must not fall back to any hand,
    # the one just dealt included (nor may a theme of 33 hands after 30 deals)
    s = DrillSession(pool(), seed=5, clock=Clock(), random_share=0.0)
    deals = [s.hand.key] + [s.next_hand().key for _ in range(40)]
    assert all(a != b for a, b in pairwise(deals))
    assert set(deals) == {h.key for h in pool()}
