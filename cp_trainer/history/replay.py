"""A stored hand settled again by the rules core, for the table's replay and "try again".

:func:`replay_record` turns a :class:`HandRecord` back into the core's values: the player's
:class:`Arrangement`, the opponents' arrangements and the :class:`HouseRules` that were in force,
then settles them again with :func:`cp_trainer.rules.settlement.settle` (a Criss Cross hand: each of the
bot's two hands against this one with :func:`settle_pair`, as the table did) and checks the
player's rows with :func:`check_arrangement`. The stored numbers are not trusted blindly:
:attr:`ReplayedHand.differences` lists where they disagree with the core's result now.

No Qt here; the GUI shows what this returns.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..rules.arrangement import Arrangement, ArrangementParseError, CheckResult, check_arrangement
from ..rules.cards import CardParseError
from ..rules.house_rules import HouseRules, HouseRulesError
from ..rules.settlement import PairResult, Settlement, SettlementError, settle, settle_pair
from .record import Game, HandRecord, RecordError

__all__ = ["Difference", "ReplayedHand", "replay_record", "settle_again"]


@dataclass(frozen=True)
class Difference:
    """A stored figure that the core's settlement now disagrees with (``seat`` 0: the total)."""

    what: str  # "points" (against opponent ``seat``), "total" or "fouls"
    seat: int
    stored: str
    now: str


@dataclass(frozen=True)
class ReplayedHand:
    record: HandRecord
    player: Arrangement
    opponents: tuple[Arrangement, ...]
    rules: HouseRules
    check: CheckResult  # the core's verdict on the player's rows
    settlement: Settlement | None  # the whole table; None for a Criss Cross hand
    pairs: tuple[PairResult, ...]  # the player's result against each opponent, in seat order

    @property
    def criss_cross_hand(self) -> int | None:
        return self.record.criss_cross_hand

    @property
    def surrendered(self) -> bool:
        return self.record.surrendered

    @property
    def opponents_surrendered(self) -> frozenset[int]:
        """The bot seats (1..) that surrendered their hand."""
        return frozenset(seat for seat, o in enumerate(self.record.opponents, start=1) if o.surrendered)

    @property
    def points(self) -> tuple[int, ...]:
        """The player's points against each opponent (seat order), as settled now."""
        return tuple(p.points[0] for p in self.pairs)

    @property
    def total(self) -> int:
        return sum(self.points)

    @property
    def differences(self) -> tuple[Difference, ...]:
        """Where the stored record and the core's settlement now disagree (empty: they agree)."""
        out: list[Difference] = []
        for seat, (stored, now) in enumerate(zip(self.record.opponents, self.points, strict=True), start=1):
            if abs(stored.points - now) > 1e-9:
                out.append(Difference("points", seat, _num(stored.points), str(now)))
        if abs(self.record.points - self.total) > 1e-9:
            out.append(Difference("total", 0, _num(self.record.points), str(self.total)))
        stored_codes = sorted(f.code for f in self.record.fouls)
        now_codes = sorted(f.code for f in self.check.fouls) if not self.surrendered else []
        if stored_codes != now_codes:
            out.append(Difference("fouls", 0, ", ".join(stored_codes) or "-", ", ".join(now_codes) or "-"))
        return tuple(out)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def settle_again(player: Arrangement, opponents: Sequence[Arrangement], rules: HouseRules, *,
                 surrendered: bool = False, criss_cross: bool = False,
                 opponents_surrendered: Collection[int] = (),
                 ) -> tuple[Settlement | None, tuple[PairResult, ...]]:
    """Settle the player (seat 0) against ``opponents`` as the table did.

    An ordinary table: :func:`settle` over every seat (``opponents_surrendered``: the bot seats,
    1.., that gave their hand up). A Criss Cross hand: each opponent hand is the one bot's, so
    each pair is settled on its own with the player at seat 0 and the bot at 1.
    """
    if criss_cross:
        pairs = tuple(settle_pair(player, o, rules, (0, 1)) for o in opponents)
        return None, pairs
    hands: list[Arrangement | None] = [None if surrendered else player, *opponents]
    gone = ({0} if surrendered else set()) | set(opponents_surrendered)
    settlement = settle(hands, rules, surrendered=gone)
    return settlement, tuple(p for p in settlement.pairs if p.players[0] == 0)


def replay_record(record: HandRecord) -> ReplayedHand:
    """Settle a stored Chinese poker hand again; :class:`RecordError` if it cannot be replayed."""
    if record.game is not Game.CHINESE:
        raise RecordError(f"only Chinese poker hands replay on the table, not {record.game.value}")
    if not record.opponents:
        raise RecordError("the hand has no opponents to settle against")
    try:
        rules = HouseRules.from_dict(dict(record.house_rules))
        player = Arrangement.parse(record.arrangement)
        if tuple(len(r) for r in player.rows) != (3, 5, 5):
            raise RecordError(f"hand {record.id}: the rows are not 3 / 5 / 5 cards: {record.arrangement!r}")
        opponents = tuple(Arrangement.parse(o.arrangement) for o in record.opponents)
        gone = [seat for seat, o in enumerate(record.opponents, start=1) if o.surrendered]
        settlement, pairs = settle_again(player, opponents, rules, surrendered=record.surrendered,
                                         criss_cross=record.criss_cross_hand is not None,
                                         opponents_surrendered=gone)
    except (HouseRulesError, ArrangementParseError, CardParseError, SettlementError) as exc:
        raise RecordError(f"hand {record.id}: {exc}") from None
    check = check_arrangement(player, rules)
    return ReplayedHand(record, player, opponents, rules, check, settlement, pairs)
