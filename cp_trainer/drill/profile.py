"""The player's drill profile, rebuilt from the stored results in order.

The history keeps only the results (:class:`~cp_trainer.history.drill_record.DrillRecord`); the
rating (:mod:`.rating`) and the review schedule (:mod:`.schedule`) follow from them, replayed
oldest first — so an imported history gives the same rating and the same due queue. A hand
without a stored difficulty (a random hand not analysed) plays against ``DEFAULT_DIFFICULTY``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime

from ..history.drill_record import DrillRecord
from .grading import DrillGrade, GradeLevel
from .pool import DrillHand
from .progress import SessionProgress
from .rating import PlayerRating
from .schedule import ReviewSchedule

__all__ = ["DEFAULT_DIFFICULTY", "DayPoint", "DrillProfile", "ThemeStats", "counted_loss", "result_record"]

DEFAULT_DIFFICULTY = 1500


@dataclass(frozen=True)
class DayPoint:
    """One day of drill: hands, accuracy, mean counted EV loss, and the rating at its end."""

    day: date
    hands: int
    accuracy: float
    mean_loss: float
    rating: float
    deviation: float


@dataclass(frozen=True)
class ThemeStats:
    theme: str
    hands: int
    mean_loss: float
    accuracy: float


@dataclass
class DrillProfile:
    rating: PlayerRating = field(default_factory=PlayerRating)
    schedule: ReviewSchedule = field(default_factory=ReviewSchedule)
    overall: SessionProgress = field(default_factory=SessionProgress)
    days: list[DayPoint] = field(default_factory=list)
    themes: list[ThemeStats] = field(default_factory=list)

    @classmethod
    def replay(cls, records: Iterable[DrillRecord]) -> DrillProfile:
        profile = cls()
        by_day: dict[date, SessionProgress] = {}
        by_theme: dict[str, SessionProgress] = defaultdict(SessionProgress)
        last_rating: dict[date, PlayerRating] = {}
        for r in sorted(records, key=lambda r: r.played_at):
            profile.add(r)
            level = GradeLevel(r.grade)
            loss = counted_loss(r)
            day = r.played_at.date()
            by_day[day] = by_day.get(day, SessionProgress()).add(level, loss)
            last_rating[day] = profile.rating
            if r.theme:
                by_theme[r.theme] = by_theme[r.theme].add(level, loss)
        profile.days = [DayPoint(d, p.hands, p.accuracy or 0.0, p.mean_loss or 0.0, last_rating[d].rating,
                                 last_rating[d].deviation) for d, p in sorted(by_day.items())]
        profile.themes = sorted((ThemeStats(t, p.hands, p.mean_loss or 0.0, p.accuracy or 0.0)
                                 for t, p in by_theme.items()), key=lambda t: -t.mean_loss)
        return profile

    def add(self, record: DrillRecord) -> None:
        """Apply one more result (the Drill page calls this after each hand)."""
        level = GradeLevel(record.grade)
        hand_rating = record.difficulty if record.difficulty is not None else DEFAULT_DIFFICULTY
        self.rating = self.rating.after(hand_rating, level)
        self.schedule.record(record.hand, level, record.played_at)
        self.overall = self.overall.add(level, counted_loss(record))

    def due_count(self, when: datetime | None = None) -> int:
        return len(self.schedule.due(when))


def counted_loss(record: DrillRecord) -> float:
    return record.loss if record.significant or record.foul else 0.0


def result_record(hand: DrillHand, grade: DrillGrade, when: datetime) -> DrillRecord:
    """The history row of one graded drill hand."""
    return DrillRecord(when, hand.key, hand.source, None if hand.theme is None else hand.theme.value,
                       hand.difficulty, str(grade.arrangement), str(grade.best), grade.ev, grade.best_ev,
                       grade.loss, grade.loss_stderr, grade.significant, grade.foul, grade.level.value)
