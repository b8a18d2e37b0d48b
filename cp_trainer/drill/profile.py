"""The player's drill profile, rebuilt from the stored results in order.

The history keeps only the results (:class:`~cp_trainer.history.drill_record.DrillRecord`); the
rating (:mod:`.rating`) and the review schedule (:mod:`.schedule`) follow from them, replayed
oldest first — so an imported history gives the same rating and the same due queue. Each hand
is rated as well (it starts at its difficulty from the bots and moves with every result on it),
so a hand that keeps being missed grows harder. A hand without a stored difficulty plays from
``DEFAULT_DIFFICULTY``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime

from ..history.drill_record import DrillRecord
from .grading import DrillGrade, GradeLevel
from .pool import DrillHand
from .progress import SessionProgress
from .rating import HAND_START_RD, PlayerRating
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
    _by_day: dict[date, tuple[SessionProgress, PlayerRating]] = field(default_factory=dict)
    _by_theme: dict[str, SessionProgress] = field(default_factory=dict)
    hands: dict[str, PlayerRating] = field(default_factory=dict)  # each played hand's own rating

    @classmethod
    def replay(cls, records: Iterable[DrillRecord]) -> DrillProfile:
        profile = cls()
        for r in sorted(records, key=lambda r: r.played_at):
            profile.add(r)
        return profile

    def add(self, record: DrillRecord) -> None:
        """Apply one more result, in time order (the Drill page calls this after each hand)."""
        level = GradeLevel(record.grade)
        loss = counted_loss(record)
        hand = self.hand_rating(record.hand, record.difficulty)
        player = self.rating
        self.rating = player.after_game(hand.rating, hand.deviation, level.score)
        self.hands[record.hand] = hand.after_game(player.rating, player.deviation, 1.0 - level.score)
        self.schedule.record(record.hand, level, record.played_at)
        self.overall = self.overall.add(level, loss)
        day = record.played_at.date()
        progress = self._by_day.get(day, (SessionProgress(), self.rating))[0]
        self._by_day[day] = (progress.add(level, loss), self.rating)
        if record.theme:
            theme = self._by_theme.get(record.theme, SessionProgress())
            self._by_theme[record.theme] = theme.add(level, loss)

    @property
    def days(self) -> list[DayPoint]:
        """Per day, oldest first, with the rating at the day's last hand."""
        return [DayPoint(d, p.hands, p.accuracy or 0.0, p.mean_loss or 0.0, r.rating, r.deviation)
                for d, (p, r) in sorted(self._by_day.items())]

    @property
    def themes(self) -> list[ThemeStats]:
        """Per theme, the costliest (highest mean counted loss) first."""
        return sorted((ThemeStats(t, p.hands, p.mean_loss or 0.0, p.accuracy or 0.0)
                       for t, p in self._by_theme.items()), key=lambda t: (-t.mean_loss, t.theme))

    def hand_rating(self, hand: str, difficulty: int | None) -> PlayerRating:
        """A hand's rating now: its starting difficulty (from the bots), moved by every time it
        was played."""
        known = self.hands.get(hand)
        if known is not None:
            return known
        start = difficulty if difficulty is not None else DEFAULT_DIFFICULTY
        return PlayerRating(float(start), HAND_START_RD)

    def due_count(self, when: datetime | None = None) -> int:
        return len(self.schedule.due(when))


def counted_loss(record: DrillRecord) -> float:
    return record.loss if record.significant or record.foul else 0.0


def result_record(hand: DrillHand, grade: DrillGrade, when: datetime) -> DrillRecord:
    """The history row of one graded drill hand."""
    return DrillRecord(when, hand.key, hand.source, None if hand.theme is None else hand.theme.value,
                       hand.difficulty, str(grade.arrangement), str(grade.best), grade.ev, grade.best_ev,
                       grade.loss, grade.loss_stderr, grade.significant, grade.foul, grade.level.value)
