"""What the teaching table writes down: each person's hand for the host's history, and the live
check's one line."""

from __future__ import annotations

from collections.abc import Sequence

from ..history.record import FoulNote, Game, HandRecord, OpponentHand, now_utc
from ..rules.arrangement import Arrangement, CheckResult, check_arrangement
from ..rules.arrangement_text import for_people, foul_message
from ..rules.cards import Card, format_cards
from ..rules.house_rules import HouseRules
from ..rules.settlement import Settlement
from ..support.i18n import tr
from .seats import Seat

__all__ = ["check_message", "hand_records"]


def hand_records(table: Sequence[Seat], settlement: Settlement | None, rules: HouseRules, bot: str,
                 lang: str) -> tuple[list[HandRecord], list[int]]:
    """Each person's hand of a settled deal for the host's history, and their seats: the other seats
    are its opponents, each with the points *this* seat won or lost against it (``bot``: the name
    a bot seat is recorded under)."""
    records: list[HandRecord] = []
    seats: list[int] = []
    if settlement is None:
        return records, seats
    for seat in table:
        if not seat.human:
            continue
        arr = seat.arrangement or _as_dealt(seat.cards)
        fouls = () if seat.surrendered else tuple(
            FoulNote(f.code, foul_message(f, lang)) for f in check_arrangement(arr, rules).fouls)
        opponents = []
        for other in table:
            if other.index == seat.index:
                continue
            pair = next(p for p in settlement.pairs if set(p.players) == {seat.index, other.index})
            shown = other.arrangement or _as_dealt(other.cards)
            opponents.append(OpponentHand(str(shown), float(pair.points_of(seat.index)),
                                          bot if other.bot else other.name,
                                          surrendered=other.surrendered))
        records.append(HandRecord(game=Game.CHINESE, deal=format_cards(seat.cards), arrangement=str(arr),
                                  played_at=now_utc(), fouls=fouls, opponents=tuple(opponents),
                                  house_rules=rules.to_dict(), surrendered=seat.surrendered))
        seats.append(seat.index)
    return records, seats



def _as_dealt(cards: Sequence[Card]) -> Arrangement:
    return Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:13]))


def check_message(result: CheckResult, arr: Arrangement, lang: str) -> str:
    """One line for the player: the fouls found (a ten written ``10``, as the page's cards show
    it), or how far the hand is."""
    if result.fouls:
        messages = [for_people(foul_message(f, lang)) for f in result.fouls]
        return " ".join(m[:1].upper() + m[1:].rstrip(".") + "." for m in messages)
    if arr.complete:
        return tr("net.check.legal", lang)
    return tr("net.check.so_far", lang, placed=len(arr.cards))
