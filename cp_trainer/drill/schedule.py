"""Spaced repetition of missed drill hands: FSRS (the ``fsrs`` package).

A hand graded Inaccuracy or worse becomes a review card (first review: ``Again``). When it comes
back and is played again, the grade is the review's answer: Best → ``Good``, Good → ``Hard``,
worse → ``Again``; FSRS then sets the next due time. Intervals are not fuzzed, so a schedule is
reproducible. The daily queue holds the cards due by the end of the day.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any

import fsrs

from .grading import GradeLevel

__all__ = ["Review", "ReviewSchedule", "fsrs_rating"]


def fsrs_rating(level: GradeLevel) -> fsrs.Rating:
    if level is GradeLevel.BEST:
        return fsrs.Rating.Good
    if level is GradeLevel.GOOD:
        return fsrs.Rating.Hard
    return fsrs.Rating.Again


def scheduler() -> fsrs.Scheduler:
    return fsrs.Scheduler(enable_fuzzing=False)


@dataclass(frozen=True)
class Review:
    """One hand under review: its key (the cards) and the FSRS card as JSON text."""

    hand: str
    card_json: str

    @property
    def card(self) -> fsrs.Card:
        return fsrs.Card.from_json(self.card_json)

    @property
    def due(self) -> datetime:
        return self.card.due


class ReviewSchedule:
    """The reviews by hand key; :meth:`record` applies one drill result."""

    def __init__(self, reviews: Iterable[Review] = ()) -> None:
        self._reviews: dict[str, Review] = {r.hand: r for r in reviews}
        self._scheduler = scheduler()

    def __len__(self) -> int:
        return len(self._reviews)

    def get(self, hand: str) -> Review | None:
        return self._reviews.get(hand)

    @property
    def reviews(self) -> list[Review]:
        return sorted(self._reviews.values(), key=lambda r: (r.due, r.hand))

    def record(self, hand: str, level: GradeLevel, when: datetime | None = None) -> Review | None:
        """Apply a result: a missed hand enters the schedule, a scheduled hand is reviewed.
        Returns the hand's review, or None for a hand not missed and not under review."""
        when = when or datetime.now(UTC)
        current = self._reviews.get(hand)
        if current is None and not level.missed:
            return None
        card = current.card if current is not None else fsrs.Card(card_id=_card_id(hand), due=when)
        card, _ = self._scheduler.review_card(card, fsrs_rating(level), review_datetime=when)
        review = Review(hand, card.to_json())
        self._reviews[hand] = review
        return review

    def due(self, when: datetime | None = None, *, today: bool = True) -> list[Review]:
        """Reviews due by ``when`` (now), or, with ``today``, by the end of that day (UTC)."""
        when = when or datetime.now(UTC)
        limit = datetime.combine(when.date() + timedelta(days=1), time(), UTC) if today else when
        return [r for r in self.reviews if r.due < limit or (not today and r.due == limit)]

    def to_json(self) -> list[dict[str, Any]]:
        return [{"hand": r.hand, "card": json.loads(r.card_json)} for r in self.reviews]


def _card_id(hand: str) -> int:
    return zlib.crc32(hand.encode()) + 1
