"""What the Drill session's tests share: a two-hand pool from the stored solver answer, a clock
that ticks, and solver stand-ins (fast, no solve) for the jobs the session hands out."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from cp_trainer.drill.grading import CandidateAnswer, DrillGrade, GradeLevel, HandAnalysis
from cp_trainer.drill.pool import DrillHand
from cp_trainer.drill.themes import Theme
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.cards import Card
from tests.drill_fixtures import STORED

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
BEST = "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"  # the stored hand's best
GREEDY = "Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"  # stored: a Mistake (0.79 lost)
NOT_STORED = "6h 6c 5h / Ad Qs Qh Qd 4c / Ks Kh Kd 4s 4d"  # legal, not stored: the solver grades it
OTHER = "As Ks Qs Js Ts 9h 8h 7h 6h 5d 4d 3d 2d"  # the stored answer copied onto other cards


def pool() -> list[DrillHand]:
    """The stored hand (difficulty 1619) and its answer copied onto other cards (1500)."""
    a = HandAnalysis.from_json(STORED)
    b = HandAnalysis.from_json(STORED | {"cards": OTHER})
    return [DrillHand(a.cards, a, Theme.PAIR_ON_TOP, 1619, 0.794),
            DrillHand(b.cards, b, Theme.PAIR_ON_TOP, 1500, 0.5)]


STORED_KEY = pool()[0].key


class Clock:
    """Now, a second later at each call (so no two results share a time), moved on at will."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def legal_split(cards: tuple[Card, ...]) -> Arrangement:
    """Some legal arrangement of ``cards`` (the first of a fixed series of shuffles)."""
    rng = random.Random(0)
    while True:
        c = list(cards)
        rng.shuffle(c)
        a = Arrangement(tuple(c[:3]), tuple(c[3:8]), tuple(c[8:]))
        if check_arrangement(a).legal:
            return a


def analyse(hand: DrillHand) -> DrillHand:
    """A stand-in for the solver's analysis: one legal split as the best (EV 1.0)."""
    answer = CandidateAnswer(legal_split(hand.cards), 1.0, 0.03, 0.0, 0.0)
    a = HandAnalysis.of(hand.cards, (answer,), "standard", 1, 2000, 1)
    return DrillHand(a.cards, a, Theme.KICKERS, 1400, 0.5, hand.source)


def grade(hand: DrillHand, arrangement: Arrangement) -> DrillGrade:
    """A stand-in for the solver's grade: the stored one, else a Blunder 1.2 points off the best."""
    assert hand.analysis is not None
    stored = hand.analysis.grade(arrangement)
    if stored is not None:
        return stored
    best = hand.analysis.best
    return DrillGrade(arrangement, best.ev - 1.2, best.arrangement, best.ev, 1.2, 0.05, True, False,
                      GradeLevel.BLUNDER, 2000)
