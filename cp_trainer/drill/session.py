"""The Drill as plain Python (no Qt): the one owner of its state, as the two games' sessions are.

:class:`DrillSession` is to the Drill page what :class:`~cp_trainer.chinese.session.ChineseSession` is
to the table: the page shows it and forwards the player's actions to it. It owns

- the **phase** (:class:`DrillPhase`): the player sets the hand dealt (``SETTING``), the solver
  grades it off the GUI thread (``GRADING``: a :class:`GradeJob` the caller runs), the grade is
  shown (``GRADED``) until the next hand is asked for;
- the **hand** (:class:`~cp_trainer.drill.pool.DrillHand`): picked from the pool, a hand due for
  review first, never the same twice in a row, none of the :data:`RECENT` last deals again
  unless due (the **recent hands**), of the **theme** chosen (or any);
- the player's **board** (:class:`~cp_trainer.chinese.board.Board` over the Chinese-poker zones), with
  undo and redo while setting; locked once graded;
- the **grade**, the **profile** (rating, review schedule, themes; rebuilt from the stored
  results given) and the session's **progress** (accuracy, streak), and the **log** of graded
  hands, each with the :class:`~cp_trainer.history.drill_record.DrillRecord` the history stores;
- the solver's per-row **rates** behind the why line, once they come.

It never runs the solver itself: :meth:`DrillSession.set_hand` grades at once from the pool's
stored answer, or returns a :class:`GradeJob` for the caller to run (a worker thread) and hand
back to :meth:`DrillSession.graded` (or :meth:`DrillSession.grade_failed`). Which bot the
solver plays (a bot style) belongs to the functions the job is run with, not to the session.

Every action either happens or raises :class:`~cp_trainer.chinese.board.Refused` (a ``ValueError``) with
a :class:`~cp_trainer.chinese.board.Refusal` saying why, and changes nothing; the ``can_*`` methods
answer in advance. A theme no pool hand has raises
:class:`~cp_trainer.drill.grading.DrillInputError`.

>>> from cp_trainer.drill.pool import load_pool
>>> s = DrillSession(load_pool(), seed=1, random_share=0.0)  # the shipped pool: solved hands
>>> s.phase.value, s.hand.source, s.can_set()
('setting', 'pool', False)
>>> _ = s.place(s.hand.analysis.best.arrangement)
>>> result = s.set_hand()  # the pool stored this arrangement's grade: no solver
>>> s.phase.value, result.grade.level.value, result.record.grade, s.progress.streak
('graded', 'best', 'best', 1)
>>> s.undo()
Traceback (most recent call last):
...
cp_trainer.chinese.board.Refused: not_arranging: undo: the hand is graded; ask for the next hand
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from ..chinese.board import Board, Refusal, Refused
from ..chinese.rows import ROWS, RowActions, Zone
from ..history.drill_record import DrillRecord
from ..history.record import now_utc
from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from .grading import DrillGrade
from .pool import RANDOM_SHARE, DrillHand, HandPicker
from .profile import DrillProfile, result_record
from .progress import SessionProgress
from .themes import Theme

__all__ = ["RECENT", "AnalyseFn", "DrillPhase", "DrillResult", "DrillSession", "GradeFn", "GradeJob",
           "Nets"]

RECENT = 30  # hands not dealt again within this many deals (unless due for review)

#: A hand's solver answer, theme and difficulty, computed (slow: run off the GUI thread).
AnalyseFn = Callable[[DrillHand], DrillHand]
#: The grade of an arrangement of an analysed hand by the solver (slow as well).
GradeFn = Callable[[DrillHand, Arrangement], DrillGrade]
#: The solver's net rate of each row (top, middle, bottom) of one arrangement.
Nets = tuple[float, float, float]

_CAPACITY = {Zone.HAND: 13, Zone.TOP: 3, Zone.MIDDLE: 5, Zone.BOTTOM: 5}


class DrillPhase(Enum):
    SETTING = "setting"  # the player sets the hand dealt
    GRADING = "grading"  # set; the solver grades it (a GradeJob is out)
    GRADED = "graded"  # graded and recorded; the next hand on request


@dataclass(frozen=True, eq=False)
class GradeJob:
    """The solver's work for one set hand: analyse it first when it has no stored answer (a
    random or review hand), then grade ``arrangement``. Run it with :meth:`run` off the GUI
    thread; each job is its own (compared by identity), so a late answer is told from the
    awaited one."""

    hand: DrillHand
    arrangement: Arrangement

    def run(self, analyse: AnalyseFn, grade: GradeFn) -> tuple[DrillHand, DrillGrade]:
        hand = self.hand if self.hand.analysis is not None else analyse(self.hand)
        return hand, grade(hand, self.arrangement)


@dataclass(frozen=True)
class DrillResult:
    """One graded drill hand: the hand (analysed), its grade, the history's record of it and the
    hand's rating when it was played (its difficulty for this game)."""

    number: int  # 1, 2, ... in the order the session graded them
    hand: DrillHand
    grade: DrillGrade
    record: DrillRecord
    difficulty: int


class DrillSession(RowActions):
    """The Drill: deal → set (undo/redo) → graded (at once, or by a :class:`GradeJob`) → next hand.

    ``pool``: the hands to deal from; ``results``: the stored results the profile is rebuilt
    from (oldest first or not: they are replayed in time order); ``seed`` makes the n-th deal
    always the same; ``clock`` says when a result was played (and what is due);
    ``random_share``: the share of random hands among the non-review deals; ``theme``: only
    pool hands of this theme (and no random ones). The first hand is dealt at once.
    """

    RETURN_ALL = "return the cards"

    def __init__(self, pool: Sequence[DrillHand], *, results: Iterable[DrillRecord] = (),
                 seed: int | None = None, clock: Callable[[], datetime] = now_utc,
                 random_share: float = RANDOM_SHARE, theme: Theme | None = None) -> None:
        self.pool: tuple[DrillHand, ...] = tuple(pool)
        self.random_share = random_share
        self.theme = theme
        self.clock = clock
        self.rng = random.Random(seed)
        self.picker = HandPicker(self.pool, rng=self.rng, theme=theme, random_share=random_share)
        self.profile = DrillProfile.replay(results)
        self.progress = SessionProgress()
        self.recent: deque[str] = deque(maxlen=RECENT)
        self.board: Board[Card, Zone] = Board(Zone, Zone.HAND, _CAPACITY)
        self.phase = DrillPhase.SETTING
        self.grade: DrillGrade | None = None
        self.rates: tuple[Nets, Nets] | None = None  # the grade's per-row nets (yours, the best's)
        self.pending: GradeJob | None = None  # the job the session waits on while grading
        self.graded_hands: list[DrillResult] = []
        self.hand: DrillHand = self._deal()

    # --- reading ------------------------------------------------------------------------------

    @property
    def result(self) -> DrillResult | None:
        """The grade shown (None unless graded)."""
        return self.graded_hands[-1] if self.phase is DrillPhase.GRADED else None

    @property
    def played_difficulty(self) -> int | None:
        result = self.result
        return None if result is None else result.difficulty

    def can_arrange(self) -> bool:
        return self.phase is DrillPhase.SETTING

    def can_undo(self) -> bool:
        return self.phase is DrillPhase.SETTING and self.board.can_undo()

    def can_redo(self) -> bool:
        return self.phase is DrillPhase.SETTING and self.board.can_redo()

    def can_set(self) -> bool:
        """The hand can be set: setting, and the rows hold 3 / 5 / 5 cards."""
        return self.phase is DrillPhase.SETTING and self.board.is_complete()

    def can_deal(self) -> bool:
        """A next hand may be asked for (not while the solver grades)."""
        return self.phase is not DrillPhase.GRADING

    def arrangement(self) -> Arrangement:
        """The player's rows as they lie (complete or not)."""
        b = self.board
        return Arrangement(b.cards(Zone.TOP), b.cards(Zone.MIDDLE), b.cards(Zone.BOTTOM))

    def due_keys(self) -> list[str]:
        """Hands due for review now (not later today), oldest due first."""
        return [r.hand for r in self.profile.schedule.due(self.clock(), today=False)]

    def due_count(self) -> int:
        """Hands due for review today."""
        return self.profile.due_count(self.clock())

    def wants_rates(self) -> bool:
        """The grade shown would say more with the solver's per-row rates (a significant loss,
        no foul) and has none yet."""
        g = self.grade
        return (self.phase is DrillPhase.GRADED and g is not None and g.significant and not g.foul
                and self.rates is None)

    # --- dealing ------------------------------------------------------------------------------

    def _deal(self) -> DrillHand:
        due = self.due_keys() if self.theme is None else []
        current = self.recent[-1] if self.recent else None
        # a hand due for review comes back even if dealt lately, but never twice in a row
        exclude = (frozenset(self.recent) - set(due)) | ({current} if current else set())
        hand = self.picker.next(due=due, exclude=exclude, current=current)
        self.recent.append(hand.key)
        self.board.reset(hand.cards)
        self.grade = None
        self.rates = None
        self.phase = DrillPhase.SETTING
        return hand

    def next_hand(self) -> DrillHand:
        """Deal the next hand (setting a hand aside unplayed is allowed; not while grading)."""
        if self.phase is DrillPhase.GRADING:
            raise Refused(Refusal.GRADING, "next hand: the solver is grading this one; wait for its grade")
        self.hand = self._deal()
        return self.hand

    def configure(self, *, pool: Sequence[DrillHand] | None = None,
                  random_share: float | None = None) -> None:
        """Another pool or share of random hands, from the next deal (the hand dealt stays)."""
        new_pool = self.pool if pool is None else tuple(pool)
        share = self.random_share if random_share is None else random_share
        self.picker = HandPicker(new_pool, rng=self.rng, theme=self.theme, random_share=share)
        self.pool, self.random_share = new_pool, share

    def choose_theme(self, theme: Theme | None) -> DrillHand | None:
        """Only hands of ``theme`` (None: any, with some random ones) from now on; a hand of it is
        dealt at once unless the solver is grading (then from the next deal). Raises
        :class:`~cp_trainer.drill.grading.DrillInputError` when no pool hand has the theme."""
        self.picker = HandPicker(self.pool, rng=self.rng, theme=theme, random_share=self.random_share)
        self.theme = theme
        if self.phase is DrillPhase.GRADING:
            return None
        return self.next_hand()

    # --- setting ------------------------------------------------------------------------------

    def _arranging(self, action: str) -> None:
        if self.phase is DrillPhase.GRADING:
            raise Refused(Refusal.NOT_ARRANGING, f"{action}: the solver is grading the hand set")
        if self.phase is DrillPhase.GRADED:
            raise Refused(Refusal.NOT_ARRANGING, f"{action}: the hand is graded; ask for the next hand")

    # --- grading ------------------------------------------------------------------------------

    def set_hand(self) -> DrillResult | GradeJob:
        """Set the hand: graded at once when the pool stored this arrangement's grade (the
        :class:`DrillResult`), else the :class:`GradeJob` the solver must run (phase
        ``GRADING`` until :meth:`graded` or :meth:`grade_failed`)."""
        self._arranging("set the hand")
        if not self.board.is_complete():
            sizes = " / ".join(str(len(self.board.cards(z))) for z in ROWS)
            raise Refused(Refusal.INCOMPLETE, f"the rows hold {sizes} cards, not 3 / 5 / 5")
        hand, arrangement = self.hand, self.arrangement()
        if hand.analysis is not None:
            stored = hand.analysis.grade(arrangement)
            if stored is not None:
                return self._record(hand, stored)
        self.pending = GradeJob(hand, arrangement)
        self.phase = DrillPhase.GRADING
        return self.pending

    def _awaited(self, job: GradeJob, action: str) -> None:
        if self.phase is not DrillPhase.GRADING or job is not self.pending:
            raise Refused(Refusal.NOT_GRADING, f"{action}: no grade of {job.hand.key} is awaited")

    def graded(self, job: GradeJob, hand: DrillHand, grade: DrillGrade) -> DrillResult:
        """The solver's answer to ``job``: ``hand`` analysed (its cards) and the grade of the
        job's arrangement."""
        self._awaited(job, "grade")
        if hand.key != job.hand.key or grade.arrangement != job.arrangement:
            raise Refused(Refusal.WRONG_CARDS, f"a grade of {grade.arrangement} ({hand.key}) answers no "
                          f"job: {job.arrangement} was set")
        return self._record(hand, grade)

    def grade_failed(self, job: GradeJob) -> None:
        """The solver could not grade ``job``: back to setting, the cards where they lie."""
        self._awaited(job, "grade failed")
        self.pending = None
        self.phase = DrillPhase.SETTING

    def _record(self, hand: DrillHand, grade: DrillGrade) -> DrillResult:
        record = result_record(hand, grade, self.clock())
        # the hand's rating for this game (from the bots at first, then moved by your results)
        difficulty = round(self.profile.hand_rating(hand.key, hand.difficulty).rating)
        self.profile.add(record)
        self.progress = self.progress.add(grade.level, grade.counted_loss)
        self.hand, self.grade, self.rates, self.pending = hand, grade, None, None
        self.board.lock()
        self.phase = DrillPhase.GRADED
        result = DrillResult(len(self.graded_hands) + 1, hand, grade, record, difficulty)
        self.graded_hands.append(result)
        return result

    def rates_ready(self, grade: DrillGrade, nets: tuple[Nets, Nets]) -> bool:
        """The solver's per-row rates for ``grade``: kept when it is still the grade shown (True),
        else dropped (False: the player has moved on)."""
        if grade is not self.grade or self.phase is not DrillPhase.GRADED:
            return False
        self.rates = nets
        return True
