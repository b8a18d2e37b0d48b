"""Small adapters over the rules core for what the window shows.

``partial_hand_name``: the name of what a partly filled row already holds ("pair of kings" with 3
of 5 cards placed), so each row names its hand *as it forms*. It asks the core's own partial-row
floor (the weakest hand the cards can still become, used by the live foul check) and the core's
``describe``; the GUI decides nothing about poker hands itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from cp_trainer.rules.arrangement import partial_floor
from cp_trainer.rules.cards import Card
from cp_trainer.rules.strength import describe

__all__ = ["partial_hand_name"]


def partial_hand_name(cards: Sequence[Card], lang: str) -> str | None:
    """What the cards of a partly filled row already make, in the core's words; None if unknown."""
    if not cards:
        return None
    try:
        return describe(partial_floor(cards), lang)
    except (ValueError, IndexError):
        return None
