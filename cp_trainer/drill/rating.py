"""The player's drill rating: Glicko-2 (the ``glicko2`` package).

Every drill hand is one rating period with one game against the hand's own rating (its
difficulty and deviation); the game's result is the grade's score (Best 1, Good 0.75,
Inaccuracy 0.5, Mistake 0.25, Blunder 0). A new player starts at 1500 ± 350.
:meth:`PlayerRating.after` plays a hand of fixed deviation ``HAND_RD``.

A hand's difficulty starts from how the bots fare on it: ``1200 + 300 · (bots that miss it) +
150 · min(greedy's loss, 2)``, where a bot misses a hand when its arrangement grades Inaccuracy
or worse, with ``greedy`` and ``standard`` asked (so 1200 to 2100). Each time the hand is played
it is rated too, as the player's opponent (``HAND_START_RD`` at first): a hand the player keeps
missing grows harder, one always solved easier (:class:`~.profile.DrillProfile`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import glicko2

from .grading import CandidateAnswer, GradeLevel, classify

__all__ = ["HAND_RD", "HAND_START_RD", "PlayerRating", "difficulty"]

HAND_RD = 60.0
HAND_START_RD = 120.0  # a hand's own deviation before anyone played it


def difficulty(bot_answers: Iterable[CandidateAnswer], greedy_loss: float) -> int:
    """A hand's difficulty rating from the bots' stored answers (see the module docstring)."""
    misses = sum(1 for a in bot_answers if classify(a.loss, a.significant).missed)
    return round(1200 + 300 * misses + 150 * min(max(greedy_loss, 0.0), 2.0))


@dataclass(frozen=True)
class PlayerRating:
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def after(self, hand_rating: float, level: GradeLevel, hand_rd: float = HAND_RD) -> PlayerRating:
        """The rating after one drill hand graded ``level`` against a hand rated ``hand_rating``."""
        return self.after_game(hand_rating, hand_rd, level.score)

    def after_game(self, opponent: float, opponent_rd: float, score: float) -> PlayerRating:
        """The rating after one game (score 0 to 1) against ``opponent`` ± ``opponent_rd``."""
        player = glicko2.Player(rating=self.rating, rd=self.deviation, vol=self.volatility)
        player.update_player([opponent], [opponent_rd], [score])
        return PlayerRating(float(player.rating), float(player.rd), float(player.vol))

    def text(self) -> str:
        """``1534 ± 212``."""
        return f"{self.rating:.0f} ± {self.deviation:.0f}"
