"""What a table plays (:class:`TableSetup`) and what its bots are asked to do with a deal
(:class:`BotJob`, answered by a :data:`BotFn` with the bots' arrangements or a :class:`BotPlay`).

>>> setup = TableSetup(opponents=3, bot="greedy", seat_bots=("expert",))
>>> [str(b) for b in setup.seated_bots]
['expert', 'greedy', 'greedy']
>>> setup.same_table(TableSetup(opponents=3, bot="greedy", seat_bots=("expert",), lang="ru"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules.arrangement import Arrangement
from ..rules.bot_names import BotChoice, BotName
from ..rules.cards import Card
from ..rules.house_rules import HouseRules

__all__ = ["BotFn", "BotJob", "BotPlay", "TableSetup"]


@dataclass(frozen=True)
class TableSetup:
    """What the table plays: house rules, number of bots and which bot sits at each seat, and the
    language of the rules core's messages. ``bot`` plays every bot seat that ``seat_bots`` (seats
    1, 2, 3 in order) does not name; either may be given as text (``"newcomer:0.2"``)."""

    rules: HouseRules = field(default_factory=HouseRules)
    opponents: int = 1
    bot: BotChoice = field(default_factory=lambda: BotChoice(BotName.STANDARD))
    lang: str = "en"
    criss_cross: bool = False  # two players, two 13-card hands each (opponents is then 1)
    seat_bots: tuple[BotChoice, ...] = ()  # the bots of seats 1, 2, 3 (fewer: ``bot`` plays the rest)

    def __post_init__(self) -> None:
        object.__setattr__(self, "bot", BotChoice.of(self.bot))
        object.__setattr__(self, "seat_bots", tuple(BotChoice.of(b) for b in self.seat_bots))

    @property
    def bot_hands(self) -> int:
        """How many 13-card hands the bots hold: one per bot, or the one bot's two."""
        return 2 if self.criss_cross else self.opponents

    def bot_at(self, seat: int) -> BotChoice:
        """The bot at bot seat ``seat`` (1..): its own from ``seat_bots``, else ``bot``."""
        return self.seat_bots[seat - 1] if 1 <= seat <= len(self.seat_bots) else self.bot

    @property
    def seated_bots(self) -> tuple[BotChoice, ...]:
        """The bots actually seated, seat 1 first (Criss Cross: the one bot)."""
        return tuple(self.bot_at(s) for s in range(1, (1 if self.criss_cross else self.opponents) + 1))

    def same_table(self, other: TableSetup) -> bool:
        """Everything but the language is the same (the language is no game rule)."""
        return (self.rules, self.opponents, self.seated_bots, self.criss_cross) == (
            other.rules, other.opponents, other.seated_bots, other.criss_cross)


@dataclass(frozen=True)
class BotJob:
    """The bots' work for one deal: set ``hands`` (one per seat in ``seats``) as the seat's bot
    would (``bot``, or the seat's own in ``seat_bots``, seats 1.. in order), and, when
    ``surrender`` (the house rules allow it; never in Criss Cross), say which of them give their
    hand up."""

    bot: BotChoice
    rules: HouseRules
    hands: tuple[tuple[Card, ...], ...]
    seats: tuple[int, ...]
    surrender: bool = False
    seat_bots: tuple[BotChoice, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "bot", BotChoice.of(self.bot))
        object.__setattr__(self, "seat_bots", tuple(BotChoice.of(b) for b in self.seat_bots))

    @property
    def opponents(self) -> int:
        """How many hands each bot plays against: the player's and the other bots'."""
        return len(self.hands)

    def bot_at(self, seat: int) -> BotChoice:
        """The bot at seat ``seat`` (1..)."""
        return self.seat_bots[seat - 1] if 1 <= seat <= len(self.seat_bots) else self.bot


@dataclass(frozen=True)
class BotPlay:
    """What the bots did with a deal: their arrangements (in the job's order) and the seats
    (1..) that surrendered."""

    hands: tuple[Arrangement, ...]
    surrendered: frozenset[int] = frozenset()


#: Sets the bots' hands of a deal: one arrangement per hand of the job, in its order (a plain
#: tuple: no bot surrendered), or a :class:`BotPlay` that says which surrendered.
BotFn = Callable[[BotJob], tuple[Arrangement, ...] | BotPlay]

