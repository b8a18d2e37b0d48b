"""Small adapters over the rules core for what the window shows but the core does not export yet.

``partial_hand_name``: the name of what a partly filled row already holds ("pair of kings" with 3
of 5 cards placed), so each row names its hand *as it forms*. It asks the core's own partial-row
floor (the weakest hand the cards can still become, used by the live foul check) and the core's
``describe``; the GUI decides nothing about poker hands itself. If the core ever renames its
helper, the row simply shows its card count instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card
from ..strength import describe

__all__ = ["partial_hand_name"]


def _floor() -> Callable[[Sequence[Card]], int] | None:
    try:
        from ..arrangement import _partial_floor
    except ImportError:
        return None
    return _partial_floor


def partial_hand_name(cards: Sequence[Card], lang: str) -> str | None:
    """What the cards of a partly filled row already make, in the core's words; None if unknown."""
    floor = _floor()
    if floor is None or not cards:
        return None
    try:
        return describe(floor(cards), lang)
    except (ValueError, IndexError):
        return None
