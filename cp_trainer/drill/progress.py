"""A drill session's accuracy (0-100) and streaks.

Each hand's accuracy is ``100 · exp(-K · L)`` where L is the hand's *counted* loss in points per
deal (its EV loss to the best when significant, else 0; a foul counts its whole loss) and
``K = ln(10/9) / 0.10``, so that a loss of 0.10 scores 90, 0.30 scores 73, 1.0 scores 35 and a
foul (about 4 points) scores under 2. The session's accuracy is the mean over its hands.

The streak counts hands in a row graded Best or Good; the best streak is the longest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .grading import GradeLevel

__all__ = ["ACCURACY_K", "SessionProgress", "hand_accuracy"]

ACCURACY_K = math.log(10 / 9) / 0.10


def hand_accuracy(counted_loss: float) -> float:
    """0-100 for one hand (see the module docstring)."""
    return 100.0 * math.exp(-ACCURACY_K * max(counted_loss, 0.0))


_KEEPS_STREAK = (GradeLevel.BEST, GradeLevel.GOOD)


@dataclass(frozen=True)
class SessionProgress:
    """Accuracy and streaks of the hands played so far (``add`` returns the next state)."""

    hands: int = 0
    accuracy_sum: float = 0.0
    loss_sum: float = 0.0
    streak: int = 0
    best_streak: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.accuracy_sum / self.hands if self.hands else None

    @property
    def mean_loss(self) -> float | None:
        return self.loss_sum / self.hands if self.hands else None

    def add(self, level: GradeLevel, counted_loss: float) -> SessionProgress:
        streak = self.streak + 1 if level in _KEEPS_STREAK else 0
        return SessionProgress(self.hands + 1, self.accuracy_sum + hand_accuracy(counted_loss),
                               self.loss_sum + max(counted_loss, 0.0), streak,
                               max(self.best_streak, streak))

    @classmethod
    def of(cls, results: Sequence[tuple[GradeLevel, float]]) -> SessionProgress:
        state = cls()
        for level, loss in results:
            state = state.add(level, loss)
        return state
