"""A settled hand (:class:`Showdown`), the session's log entry of it (:class:`SettledHand`) and
the records the history stores of it (:func:`hand_records`).

>>> from cp_trainer.rules.settlement import settle
>>> a = Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")
>>> b = Arrangement.parse("6c 4c 2c / Qd Qc 9d 8d 7c / Ks Kh 5s 4s 3s")
>>> showdown = Showdown(a, (b,), settle([a, b]))
>>> showdown.total, showdown.points_against(1), showdown.player_fouled
(2, 2, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..history.record import FoulNote, Game, HandRecord, OpponentHand, now_utc
from ..history.replay import ReplayedHand
from ..rules.arrangement import Arrangement, Row, check_arrangement
from ..rules.arrangement_text import foul_message
from ..rules.bot_names import format_bot
from ..rules.cards import Card, format_cards
from ..rules.frozen import FrozenMap
from ..rules.settlement import PairResult, RowResult, Settlement
from .table_setup import TableSetup

__all__ = ["SettledHand", "Showdown", "hand_records"]


@dataclass(frozen=True)
class Showdown:
    """A settled hand: seat 0 is the player, seats 1.. the bots' hands.

    In Criss Cross the player holds two hands (``player_hands``) and the one bot two
    (``opponents``); each of the player's hands is settled against each of the bot's with the
    core's :func:`settle_pair` (``cross[(my hand, bot hand)]``, the player at seat 0).
    """

    player: Arrangement | None  # None when the player surrendered; Criss Cross: the last hand
    opponents: tuple[Arrangement, ...]  # as the bots set them (a surrendered bot's is not shown)
    settlement: Settlement | None  # the whole table (None in Criss Cross)
    surrendered: bool = False
    player_hands: tuple[Arrangement, ...] = ()  # Criss Cross: both of the player's hands
    cross: Mapping[tuple[int, int], PairResult] = field(default_factory=lambda: FrozenMap())
    # One Criss Cross hand on its own (a replay, or "try again" of it): which of the two it was.
    # Its ``cross`` holds only hand 0's pairs, and it shows like an ordinary table.
    hand_number: int | None = None
    bots_surrendered: frozenset[int] = frozenset()  # the bot seats (1..) that gave their hand up

    def __post_init__(self) -> None:
        object.__setattr__(self, "cross", FrozenMap(self.cross))  # read-only, a copy

    @property
    def criss_cross(self) -> bool:
        """Both of the player's Criss Cross hands (not one of them replayed alone)."""
        return bool(self.cross) and len(self.player_hands) > 1

    @property
    def total(self) -> int:
        """The player's points this hand, against every bot together."""
        if self.settlement is None:
            return sum(p.points[0] for p in self.cross.values())
        return self.settlement.points[0]

    @property
    def money(self) -> float:
        """The player's points this hand in money (points × each pair's stake)."""
        if self.settlement is None:
            return sum(p.money[0] for p in self.cross.values())
        return self.settlement.money[0]

    @property
    def player_fouled(self) -> bool:
        if self.settlement is None:
            return any(p.fouled[0] for p in self.cross.values())
        return self.settlement.hands[0].fouled

    def against(self, seat: int, hand: int = 0) -> PairResult:
        """The player's result (with hand ``hand`` in Criss Cross) against bot hand ``seat`` (1..)."""
        if self.settlement is None:
            return self.cross[(hand, seat)]
        return next(p for p in self.settlement.pairs if p.players == (0, seat))

    def points_against(self, seat: int) -> int:
        """The player's points against bot hand ``seat``, all of the player's hands together."""
        if self.settlement is None:
            return sum(p.points[0] for (_, s), p in self.cross.items() if s == seat)
        return self.against(seat).points_of(0)

    def row_result(self, seat: int, row: int, hand: int = 0) -> RowResult:
        """Won / lost / tied for the player's row ``row`` (0 top) against ``seat``."""
        return self.against(seat, hand).row_result((Row.TOP, Row.MIDDLE, Row.BOTTOM)[row], 0)

    def pairs(self) -> tuple[PairResult, ...]:
        """Every pair's result that settled this hand (each zero-sum)."""
        if self.settlement is None:
            return tuple(self.cross.values())
        return tuple(self.settlement.pairs)


@dataclass(frozen=True)
class SettledHand:
    """One hand the session settled, as the history keeps it.

    ``records``: one :class:`HandRecord` per hand of the player's (two for a Criss Cross deal),
    in the order they were set. ``setup``: the table it was played at (frozen for the deal).
    """

    number: int  # 1, 2, ... in the order the session settled them
    deal: int  # which deal of the session it was
    showdown: Showdown
    setup: TableSetup
    records: tuple[HandRecord, ...]
    retry_of: ReplayedHand | None = None  # "try again" of this past hand


def hand_records(showdown: Showdown, setup: TableSetup, dealt: Sequence[Sequence[Card]],
                 last: Arrangement) -> tuple[HandRecord, ...]:
    """The history's record of each of the player's hands in ``showdown``, played at ``setup``:
    ``dealt`` holds the player's hands as dealt, ``last`` is the hand set last."""
    if showdown.criss_cross:
        return tuple(_record_of(arr, showdown, setup, dealt, i, i + 1)
                     for i, arr in enumerate(showdown.player_hands))
    return (_record_of(last, showdown, setup, dealt, 0, showdown.hand_number),)


def _record_of(mine: Arrangement, showdown: Showdown, setup: TableSetup,
               dealt_hands: Sequence[Sequence[Card]], hand: int, criss_cross_hand: int | None) -> HandRecord:
    fouls = () if showdown.surrendered else tuple(
        FoulNote(f.code, foul_message(f, setup.lang)) for f in check_arrangement(mine, setup.rules).fouls)
    opponents = tuple(
        OpponentHand(str(arr), float(showdown.against(seat, hand).points[0]),
                     format_bot(setup.bot_at(1 if setup.criss_cross else seat)),
                     surrendered=seat in showdown.bots_surrendered)
        for seat, arr in enumerate(showdown.opponents, start=1))
    dealt = tuple(dealt_hands[hand]) if hand < len(dealt_hands) else ()
    if sorted(dealt) != sorted(mine.cards):  # the cards as dealt, else as set
        dealt = mine.cards
    return HandRecord(
        game=Game.CHINESE, deal=format_cards(dealt), arrangement=str(mine), played_at=now_utc(),
        fouls=fouls, opponents=opponents, house_rules=setup.rules.to_dict(),
        surrendered=showdown.surrendered, criss_cross_hand=criss_cross_hand,
    )
