"""Table mode: settle a deal played at a real table (2 to 4 players) from the arrangements typed in.

:func:`settle_table` takes what each player set (text or :class:`Arrangement`), checks every hand
for fouls with the rules core, catches cards that appear in more than one player's hand (naming
the card and the players), and settles everyone under the table's house rules, money at the point
value (per-seat stakes settle at the lower of two). Problems with the input come back as data
(:class:`TableProblem`), never as exceptions, so the dialog can show them all at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.arrangement import Arrangement, ArrangementParseError, CheckResult, check_arrangement
from ..rules.arrangement_text import for_people
from ..rules.cards import Card, CardParseError
from ..rules.house_rules import HouseRules, TieRule
from ..rules.settlement import Settlement, settle
from ..rules.settlement_text import explain_settlement, seat_name
from ..support.i18n import tr

__all__ = ["SeatResult", "TableEntry", "TableProblem", "TableResult", "settle_table"]

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class TableEntry:
    """One player's hand as entered: a name (may be empty) and the three rows."""

    name: str
    arrangement: str | Arrangement
    surrendered: bool = False


@dataclass(frozen=True)
class TableProblem:
    """Input that stops the table from being settled.

    ``code``: ``players`` (not 2 to 4), ``unreadable`` (not an arrangement), ``shared_card`` (a
    card in two players' hands), ``bank`` (the bank seat is not at the table).
    """

    code: str
    message: str
    seats: tuple[int, ...] = ()
    card: Card | None = None


@dataclass(frozen=True)
class SeatResult:
    name: str
    seat_label: str  # "player A".. as in the explanation lines
    arrangement: Arrangement | None
    check: CheckResult | None  # None when surrendered
    surrendered: bool
    points: int
    money: float

    @property
    def fouled(self) -> bool:
        return self.check is not None and self.check.fouled


@dataclass(frozen=True)
class TableResult:
    problems: tuple[TableProblem, ...]
    seats: tuple[SeatResult, ...]  # empty when there are problems
    settlement: Settlement | None
    # every pair in words (by the players' names), then the totals; a ten written 10
    explanation: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


def _name(entry: TableEntry, seat: int, lang: str) -> str:
    """The name typed in, else the seat's name as the settlement explanation says it (player A..D)."""
    return entry.name.strip() or seat_name(seat, lang)


def settle_table(entries: Sequence[TableEntry], rules: HouseRules | None = None,
                 lang: str = "en") -> TableResult:
    rules = rules or HouseRules()
    n = len(entries)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return TableResult((TableProblem("players", tr("table.error.players", lang, n=n)),), (), None)
    names = [_name(e, i, lang) for i, e in enumerate(entries)]
    problems: list[TableProblem] = []
    hands: list[Arrangement | None] = []
    for seat, entry in enumerate(entries):
        arr = entry.arrangement
        if isinstance(arr, str):
            text = arr
            if entry.surrendered and not text.strip():
                hands.append(None)
                continue
            try:
                arr = Arrangement.parse(text)
            except ArrangementParseError:
                problems.append(TableProblem("unreadable", tr(
                    "table.error.rows", lang, player=names[seat], n=len(text.split("/"))), (seat,)))
                hands.append(None)
                continue
            except CardParseError as exc:
                problems.append(TableProblem("unreadable", tr(
                    "table.error.card", lang, player=names[seat], token=exc.token), (seat,)))
                hands.append(None)
                continue
        hands.append(arr)
    owners: dict[Card, list[int]] = {}
    for seat, hand in enumerate(hands):
        for card in dict.fromkeys(hand.cards if hand is not None else ()):
            owners.setdefault(card, []).append(seat)
    for card in sorted(owners):
        holders = owners[card]
        if len(holders) > 1:
            problems.append(TableProblem("shared_card", tr(
                "table.error.shared_card", lang, card=card.label(),
                players=", ".join(names[s] for s in holders)), tuple(holders), card))
    if rules.ties is TieRule.BANK and rules.bank >= n:
        problems.append(TableProblem("bank", tr("table.error.bank", lang, bank=rules.bank + 1, n=n)))
    if problems:
        return TableResult(tuple(problems), (), None)

    surrendered = {i for i, e in enumerate(entries) if e.surrendered}
    result = settle(hands, rules, surrendered=surrendered)
    seats: list[SeatResult] = []
    for i, hand in enumerate(hands):
        check = None if i in surrendered or hand is None else check_arrangement(hand, rules)
        seats.append(SeatResult(name=names[i], seat_label=seat_name(i, lang), arrangement=hand, check=check,
                                surrendered=i in surrendered,
                                points=result.points[i], money=result.money[i]))
    # the explanation names the players as typed (two equal names keep their seats apart)
    shown = [names[i] if names.count(names[i]) == 1 else f"{names[i]} ({seat_name(i, lang)})"
             for i in range(n)]
    return TableResult((), tuple(seats), result, _explanation(result, rules, lang, shown))


def _explanation(result: Settlement, rules: HouseRules, lang: str, names: Sequence[str]) -> tuple[str, ...]:
    """The settlement in words for a person: every ten written ``10`` ("kicker 10", as the cards
    show it), the players' names exactly as typed (a player called "T" stays "T")."""
    marks = [f"\ue000{i}\ue001" for i in range(len(names))]  # private-use: in no name nor word
    lines = [for_people(line) for line in explain_settlement(result, rules, lang, marks)]
    for mark, name in zip(marks, names, strict=True):
        lines = [line.replace(mark, name) for line in lines]
    return tuple(lines)
