"""The Drill's session played at random by hypothesis, its promises checked after every step.

Random sequences of everything the Drill page can ask (moves, drops, swaps, undo/redo, placing a
stored or an unstored arrangement, clearing, setting, the solver's answer to a job, its failure,
a late answer, the rates behind the why line, the next hand, a theme, time passing). After every
step:

- every card of the hand dealt is exactly where the board says, and the phase agrees with the
  board, the grade and the job out (setting: nothing graded, nothing locked; grading: the job
  holds the hand and the arrangement on the board; graded: the board locked on the grade's rows);
- a graded hand never changes, and every one is recorded once, numbered in order, its record the
  history's (it reads back through the one validator unchanged; no two share an identity);
- the session's progress and the profile are what the results say (replayed from scratch);
- the recent hands end with the hand dealt, and no hand is dealt twice in a row.

Random steps alone reach a phase only by luck (a failed grade, a review), so every run starts with
the scenarios that reach each of them (``@initialize`` rules run once per run, in random order):
a stored grade at once, a solver job answered, a job that fails and is set again, a late answer
refused, a missed hand back for review, a theme chosen while grading. Each asserts it got there.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from cp_trainer.chinese.board import Refused
from cp_trainer.chinese.session import ROWS, Zone
from cp_trainer.drill.grading import DrillInputError, GradeLevel
from cp_trainer.drill.profile import DrillProfile
from cp_trainer.drill.progress import SessionProgress
from cp_trainer.drill.session import RECENT, DrillPhase, DrillResult, DrillSession, GradeJob
from cp_trainer.drill.themes import Theme
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card
from tests.drill_session_fixtures import GREEDY, NOT_STORED, STORED_KEY, Clock, analyse, grade, pool

SCENARIOS = 6  # the @initialize rules below


class DrillMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = Clock()
        self.session = DrillSession(pool(), seed=5, clock=self.clock, random_share=0.3)
        self.frozen: list[DrillResult] = []  # deep copies of what was graded, in order
        self.phases: set[DrillPhase] = {self.session.phase}
        self.sources: set[str] = {self.session.hand.source}
        self.late: GradeJob | None = None  # a job answered or failed already (its answer is late)
        self.scenarios: list[str] = []  # the scenarios run so far

    # --- helpers --------------------------------------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        s = self.session
        return (s.phase, s.board.state(), s.hand, len(s.graded_hands), s.pending, s.grade, s.theme, s.rates)

    def _try(self, action: Callable[[], object]) -> None:
        """Do it, or have it refused; a refused action changes nothing."""
        before = self._state()
        try:
            action()
        except Refused:
            assert self._state() == before
        self._saw()

    def _saw(self) -> None:
        self.phases.add(self.session.phase)
        self.sources.add(self.session.hand.source)

    def _card(self, i: int) -> Card:
        cards = self.session.board.all_cards()
        return cards[i % len(cards)]

    def _took(self, outcome: DrillResult | GradeJob) -> None:
        if isinstance(outcome, DrillResult):
            self.frozen.append(copy.deepcopy(outcome))
        self._saw()

    def _to_stored_hand(self) -> None:
        """Settle any job out, then deal until the stored hand is on the board (pool hands only)."""
        s = self.session
        if s.pending is not None:
            self._took(s.graded(s.pending, *s.pending.run(analyse, grade)))
        share = s.random_share
        s.configure(random_share=0.0)
        for _ in range(40):
            if s.hand.key == STORED_KEY and s.phase is DrillPhase.SETTING:
                break
            s.next_hand()
        s.configure(random_share=share)
        assert s.hand.key == STORED_KEY and s.phase is DrillPhase.SETTING
        self._saw()

    def _set(self, text: str) -> DrillResult | GradeJob:
        self._to_stored_hand()
        self.session.place(Arrangement.parse(text))
        outcome = self.session.set_hand()
        self._took(outcome)
        return outcome

    # --- scenarios every run goes through (see the module docstring) ---------------------------

    @initialize()
    def a_stored_grade_comes_at_once(self) -> None:
        self.scenarios.append("a_stored_grade_comes_at_once")
        result = self._set(GREEDY)
        assert isinstance(result, DrillResult) and result.grade.level is GradeLevel.MISTAKE
        assert self.session.phase is DrillPhase.GRADED

    @initialize()
    def a_solver_job_is_answered(self) -> None:
        self.scenarios.append("a_solver_job_is_answered")
        job = self._set(NOT_STORED)
        assert isinstance(job, GradeJob) and self.session.phase is DrillPhase.GRADING
        self.answer()
        s = self.session
        assert s.phase is DrillPhase.GRADED and s.graded_hands[-1].hand.key == STORED_KEY

    @initialize()
    def a_failed_job_is_set_again(self) -> None:
        self.scenarios.append("a_failed_job_is_set_again")
        job = self._set(NOT_STORED)
        assert isinstance(job, GradeJob)
        self.fail()
        s = self.session
        assert s.phase is DrillPhase.SETTING and s.arrangement() == Arrangement.parse(NOT_STORED)
        again = s.set_hand()
        assert isinstance(again, GradeJob) and again is not job and not s.can_deal()  # grading again
        self._saw()

    @initialize()
    def a_late_answer_is_refused(self) -> None:
        self.scenarios.append("a_late_answer_is_refused")
        job = self._set(NOT_STORED)
        assert isinstance(job, GradeJob)
        self.answer()
        with pytest.raises(Refused, match=r"^not_grading: grade: no grade of .* is awaited"):
            self.session.graded(job, *job.run(analyse, grade))

    @initialize()
    def a_missed_hand_comes_back_for_review(self) -> None:
        self.scenarios.append("a_missed_hand_comes_back_for_review")
        self._set(GREEDY)  # a Mistake: due for review a minute later
        self.clock.now += timedelta(minutes=5)
        s = self.session
        assert STORED_KEY in s.due_keys()
        for _ in range(3):
            if s.next_hand().source == "review":
                break
        assert s.hand.source == "review" and s.hand.key in {STORED_KEY, *s.due_keys()}
        self._saw()

    @initialize()
    def a_theme_chosen_while_grading_waits_for_the_next_deal(self) -> None:
        self.scenarios.append("a_theme_chosen_while_grading_waits_for_the_next_deal")
        job = self._set(NOT_STORED)
        assert isinstance(job, GradeJob)
        s = self.session
        hand = s.hand
        assert s.choose_theme(Theme.PAIR_ON_TOP) is None and s.hand is hand and s.pending is job
        self.answer()
        assert s.next_hand().theme is Theme.PAIR_ON_TOP
        s.choose_theme(None)
        self._saw()

    # --- the player's (and the solver's) actions ------------------------------------------------

    @rule(i=st.integers(0, 12), zone=st.sampled_from(list(Zone)))
    def move(self, i: int, zone: Zone) -> None:
        self._try(lambda: self.session.move(self._card(i), zone))

    @rule(i=st.integers(0, 12), j=st.integers(0, 12), zone=st.sampled_from(list(Zone)))
    def drop_onto(self, i: int, j: int, zone: Zone) -> None:
        card, onto = self._card(i), self._card(j)
        where = self.session.board.zone_of(onto)
        self._try(lambda: self.session.drop(card, where or zone, onto))

    @rule(i=st.integers(0, 12), j=st.integers(0, 12))
    def swap(self, i: int, j: int) -> None:
        self._try(lambda: self.session.swap(self._card(i), self._card(j)))

    @rule()
    def fill(self) -> None:
        """Every card still in the hand into the first row with room (what double-click does)."""
        s = self.session
        if not s.can_arrange():
            return
        for card in s.board.cards(Zone.HAND):
            s.move(card, next(z for z in ROWS if s.board.has_room(z)))

    @rule()
    def undo(self) -> None:
        self._try(self.session.undo)

    @rule()
    def redo(self) -> None:
        self._try(self.session.redo)

    @rule()
    def clear_rows(self) -> None:
        self._try(self.session.return_all)

    @rule()
    def set_hand(self) -> None:
        s = self.session
        graded = len(s.graded_hands)
        try:
            outcome = s.set_hand()
        except Refused:
            assert len(s.graded_hands) == graded
            return
        self._took(outcome)

    @rule()
    def answer(self) -> None:
        """The solver's grade of the job out (what the page's worker hands back)."""
        job = self.session.pending
        if job is None:
            return
        self._took(self.session.graded(job, *job.run(analyse, grade)))
        self.late = job

    @rule()
    def fail(self) -> None:
        job = self.session.pending
        if job is None:
            return
        self.session.grade_failed(job)
        self.late = job
        self._saw()

    @rule()
    def late_answer(self) -> None:
        job = self.late
        if job is None:
            return
        with pytest.raises(Refused, match=r"^not_grading: grade: no grade of"):
            self._try_raising(lambda: self.session.graded(job, *job.run(analyse, grade)))

    def _try_raising(self, action: Callable[[], object]) -> None:
        before = self._state()
        try:
            action()
        finally:
            assert self._state() == before

    @rule(nets=st.tuples(st.floats(-1, 1), st.floats(-1, 1), st.floats(-1, 1)), current=st.booleans())
    def rates(self, nets: tuple[float, float, float], current: bool) -> None:
        s = self.session
        old = s.graded_hands[-2].grade if len(s.graded_hands) > 1 else None  # an earlier hand's grade
        target = s.grade if current else old
        if target is None:
            return
        kept = s.rates_ready(target, (nets, nets))
        assert kept == (target is s.grade and s.phase is DrillPhase.GRADED)
        if kept:
            assert s.rates == (nets, nets)

    @rule()
    def next_hand(self) -> None:
        self._try(self.session.next_hand)

    @rule(theme=st.sampled_from([None, Theme.PAIR_ON_TOP, Theme.KICKERS]))
    def choose_theme(self, theme: Theme | None) -> None:
        s = self.session
        before = self._state()
        try:
            s.choose_theme(theme)
        except DrillInputError:
            assert theme is Theme.KICKERS and self._state() == before  # no pool hand has it
        self._saw()

    @rule(minutes=st.integers(0, 60 * 24 * 3))
    def time_passes(self, minutes: int) -> None:
        self.clock.now += timedelta(minutes=minutes)

    # --- what must always hold ----------------------------------------------------------------

    @invariant()
    def every_card_is_where_the_board_says(self) -> None:
        s = self.session
        assert sorted(s.board.all_cards()) == sorted(s.hand.cards)
        for zone in Zone:
            assert len(s.board.cards(zone)) <= zone.capacity
            for card in s.board.cards(zone):
                assert s.board.zone_of(card) is zone

    @invariant()
    def the_phase_agrees_with_the_board_the_grade_and_the_job(self) -> None:
        s = self.session
        if s.phase is DrillPhase.SETTING:
            assert s.grade is None and s.pending is None and s.rates is None and not s.board.locked
            assert s.result is None and s.can_deal() and s.can_set() == s.board.is_complete()
        elif s.phase is DrillPhase.GRADING:
            assert s.pending is not None and s.grade is None and not s.can_deal() and not s.can_arrange()
            assert s.pending.hand is s.hand and s.pending.arrangement == s.arrangement()
            assert s.board.is_complete()
        else:
            assert s.grade is not None and s.pending is None and s.board.locked and s.board.is_complete()
            assert s.result is s.graded_hands[-1] and s.result.grade is s.grade and s.result.hand is s.hand
            assert s.grade.arrangement == s.arrangement() and not s.can_undo() and not s.can_redo()

    @invariant()
    def a_graded_hand_never_changes_and_is_recorded_once(self) -> None:
        s = self.session
        assert s.graded_hands == self.frozen
        assert [r.number for r in s.graded_hands] == list(range(1, len(s.graded_hands) + 1))
        for r in s.graded_hands:
            assert r.record.hand == r.hand.key and r.record.source == r.hand.source
            assert r.record.grade == r.grade.level.value and r.record.arrangement == str(r.grade.arrangement)
            assert DrillRecord.from_dict(r.record.to_dict()) == r.record
        assert len({r.record.identity for r in s.graded_hands}) == len(s.graded_hands)

    @invariant()
    def progress_and_profile_are_what_the_results_say(self) -> None:
        s = self.session
        results = [(r.grade.level, r.grade.counted_loss) for r in s.graded_hands]
        assert s.progress == SessionProgress.of(results)
        replayed = DrillProfile.replay([r.record for r in s.graded_hands])
        assert s.profile.rating == replayed.rating and s.profile.overall == replayed.overall
        assert s.profile.schedule.due(self.clock.now) == replayed.schedule.due(self.clock.now)

    @invariant()
    def the_recent_hands_end_with_the_hand_dealt(self) -> None:
        s = self.session
        assert 0 < len(s.recent) <= RECENT and s.recent[-1] == s.hand.key
        deals = list(s.recent)
        assert all(a != b for a, b in pairwise(deals))  # never twice in a row

    def teardown(self) -> None:
        # every run reached every phase and dealt a review (the scenarios above make sure); only
        # a run the shrinker cut short, while it minimises another failure, may stop before them
        if len(self.scenarios) < SCENARIOS:
            return
        assert self.phases == set(DrillPhase), self.phases
        assert "review" in self.sources and "pool" in self.sources, self.sources


DrillMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
TestDrillSession = DrillMachine.TestCase
