"""The teaching table's heavy work, done off the server's event loop: the bots' hands, each
person's review by the solver, and keeping a showdown's hands in the history."""

from __future__ import annotations

from dataclasses import dataclass

from ..chinese.session import BotJob
from ..history.record import HandRecord
from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.house_rules import HouseRules

__all__ = ["BotWork", "RecordWork", "Review", "ReviewWork", "Work"]


@dataclass(frozen=True)
class BotWork:
    """Set these seats' hands as the table's bot would (off the event loop)."""

    deal: int
    job: BotJob


@dataclass(frozen=True)
class ReviewWork:
    """The solver's review of one human seat's hand (off the event loop)."""

    deal: int
    seat: int
    cards: tuple[Card, ...]
    arrangement: Arrangement | None  # None: the seat surrendered without setting
    opponents: int
    bot: str
    rules: HouseRules
    uid: str | None  # the hand's identity in the history


@dataclass(frozen=True)
class RecordWork:
    """Keep the people's hands of a showdown in the history (off the event loop), then show it."""

    deal: int
    seats: tuple[int, ...]
    records: tuple[HandRecord, ...]


@dataclass(frozen=True)
class Review:
    """The solver's verdict on one seat's hand (as ``cp-trainer grade`` computes it)."""

    best: Arrangement
    best_ev: float
    ev: float
    loss: float
    loss_stderr: float
    significant: bool


Work = BotWork | ReviewWork | RecordWork
