"""Spaced repetition of missed drill hands, checked against the fsrs library's own answers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import fsrs
import pytest

from cp_trainer.drill.grading import GradeLevel
from cp_trainer.drill.schedule import Review, ReviewSchedule, fsrs_rating

HAND = "As Ks Qs Js Ts 9h 8h 7h 6h 5d 4d 3d 2d"
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def library_card(ratings: list[tuple[fsrs.Rating, datetime]]) -> fsrs.Card:
    """What fsrs itself schedules for these reviews (no fuzz, as the drill uses it)."""
    scheduler = fsrs.Scheduler(enable_fuzzing=False)
    card = fsrs.Card(due=ratings[0][1])
    for rating, when in ratings:
        card, _ = scheduler.review_card(card, rating, review_datetime=when)
    return card


def test_a_hand_played_well_never_enters_the_schedule() -> None:
    s = ReviewSchedule()
    assert s.record(HAND, GradeLevel.BEST, T0) is None
    assert s.record(HAND, GradeLevel.GOOD, T0) is None
    assert len(s) == 0 and s.due(T0) == []


def test_a_missed_hand_comes_back_as_fsrs_says() -> None:
    s = ReviewSchedule()
    review = s.record(HAND, GradeLevel.MISTAKE, T0)
    assert review is not None
    expected = library_card([(fsrs.Rating.Again, T0)])
    assert review.due == expected.due == T0 + timedelta(minutes=1)  # fsrs' first learning step
    t1 = review.due
    review = s.record(HAND, GradeLevel.BEST, t1)
    assert review is not None
    expected = library_card([(fsrs.Rating.Again, T0), (fsrs.Rating.Good, t1)])
    assert review.due == expected.due
    t2 = review.due
    review = s.record(HAND, GradeLevel.BEST, t2)
    assert review is not None
    expected = library_card([(fsrs.Rating.Again, T0), (fsrs.Rating.Good, t1), (fsrs.Rating.Good, t2)])
    assert review.due == expected.due and review.due - t2 >= timedelta(days=1)
    assert review.card.state is fsrs.State.Review


def test_due_queue_today_and_now() -> None:
    s = ReviewSchedule()
    s.record(HAND, GradeLevel.BLUNDER, T0)
    s.record("Ah Kh Qh Jh Th 9c 8c 7c 6c 5s 4s 3s 2s", GradeLevel.INACCURACY, T0 + timedelta(hours=3))
    assert len(s.due(T0)) == 2  # both due later today
    assert [r.hand for r in s.due(T0 + timedelta(minutes=2), today=False)] == [HAND]
    assert s.due(T0 - timedelta(days=1)) == []


def test_reviews_survive_json() -> None:
    s = ReviewSchedule()
    r = s.record(HAND, GradeLevel.MISTAKE, T0)
    assert r is not None
    again = ReviewSchedule([Review(HAND, r.card_json)])
    assert again.get(HAND) == r
    assert s.to_json()[0]["hand"] == HAND


@pytest.mark.parametrize(("level", "rating"), [
    (GradeLevel.BEST, fsrs.Rating.Good), (GradeLevel.GOOD, fsrs.Rating.Hard),
    (GradeLevel.INACCURACY, fsrs.Rating.Again), (GradeLevel.BLUNDER, fsrs.Rating.Again)])
def test_rating_map(level: GradeLevel, rating: fsrs.Rating) -> None:
    assert fsrs_rating(level) is rating
