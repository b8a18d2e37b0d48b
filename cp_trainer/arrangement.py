"""A player's three rows and the arrangement check of RULES.md §1.

``Arrangement.parse("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d")`` reads three rows, top first.
An arrangement may hold rows of any size (a half-set hand in the GUI, a wrong count at showdown):
sizes are judged by the check, not by the value type.

``check_arrangement`` runs the seed's order — sizes, uniqueness, categories, order — and returns
every problem as data (:class:`Foul`, code ``row_size`` / ``duplicate`` / ``order``), with an
explanation naming the rows and hands, in English or Russian. A wrong card count noticed while
setting (``stage=Stage.SETTING``) is a *misdeal*, a separate outcome from a foul.

``check_partial`` is the live check the GUI runs on every card move: it flags order problems that
no way of filling the empty places can repair, and never calls an unfinished row a foul.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from math import comb

from .cards import Card, format_cards, parse_cards
from .house_rules import HouseRules
from .i18n import tr
from .strength import (
    Category,
    category_of,
    describe,
    describe_lowball,
    evaluate3,
    evaluate5,
    high_hand_27,
    lowball27,
)

__all__ = [
    "Arrangement",
    "ArrangementParseError",
    "CheckResult",
    "Foul",
    "Outcome",
    "Row",
    "RowInfo",
    "Stage",
    "check_arrangement",
    "check_partial",
    "partial_floor",
    "row_info",
    "row_strengths",
]

HAND_SIZE = 13


class ArrangementParseError(ValueError):
    """Arrangement text is not three ``/``-separated rows. ``text`` holds the input."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{reason}: {text!r}")


class Row(Enum):
    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"

    @property
    def key(self) -> str:
        """``top`` / ``middle`` / ``bottom`` (JSON field names)."""
        return self.value

    @property
    def size(self) -> int:
        """How many cards the row holds when complete: 3, 5, 5."""
        return 3 if self is Row.TOP else 5

    @property
    def index(self) -> int:
        return _ROW_ORDER.index(self)

    def label(self, lang: str = "en") -> str:
        """``top`` / ``верхний ряд``."""
        return tr(f"rules.row.{self.value}", lang)


_ROW_ORDER = (Row.TOP, Row.MIDDLE, Row.BOTTOM)


class Outcome(Enum):
    LEGAL = "legal"
    FOUL = "foul"
    MISDEAL = "misdeal"  # wrong card count noticed before showdown: re-deal, not a foul
    INCOMPLETE = "incomplete"  # still being set: some row is not full yet, no foul found so far


class Stage(Enum):
    SETTING = "setting"  # before showdown: a wrong total is a misdeal, not a foul
    SHOWDOWN = "showdown"  # hands shown: every failure is a foul


@dataclass(frozen=True)
class Arrangement:
    """Three rows of cards, top first. Rows are tuples of :class:`Card` of any length."""

    top: tuple[Card, ...] = ()
    middle: tuple[Card, ...] = ()
    bottom: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        # Accept any sequence of cards; store tuples so the value stays hashable.
        for name in ("top", "middle", "bottom"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
            if not all(isinstance(c, Card) for c in getattr(self, name)):
                raise TypeError(f"{name} row must hold Card values")

    @classmethod
    def parse(cls, text: str) -> Arrangement:
        """Three rows separated by ``/``, top first. A row may be empty (``"/ /"``).

        Raises :class:`ArrangementParseError` when there are not exactly three rows and
        :class:`~cp_trainer.cards.CardParseError` naming a token that is not a card.
        """
        parts = text.split("/")
        if len(parts) != 3:
            raise ArrangementParseError(
                text, f"an arrangement has 3 rows separated by '/', got {len(parts)}")
        top, middle, bottom = (tuple(parse_cards(p)) for p in parts)
        return cls(top, middle, bottom)

    @classmethod
    def from_rows(cls, rows: Sequence[Iterable[Card]]) -> Arrangement:
        if len(rows) != 3:
            raise ValueError(f"an arrangement has 3 rows, got {len(rows)}")
        return cls(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return (self.top, self.middle, self.bottom)

    def row(self, row: Row) -> tuple[Card, ...]:
        return self.rows[row.index]

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards, top row first."""
        return self.top + self.middle + self.bottom

    @property
    def complete(self) -> bool:
        """Row sizes are 3/5/5."""
        return len(self.top) == 3 and len(self.middle) == 5 and len(self.bottom) == 5

    def format(self, symbols: bool = False) -> str:
        return " / ".join(format_cards(r, symbols) for r in self.rows)

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True)
class Foul:
    """One problem found by a check: ``code`` (``row_size``, ``duplicate``, ``order``, or
    ``misdeal``), an explanation for people, and the rows it concerns."""

    code: str
    message: str
    rows: tuple[Row, ...] = ()


@dataclass(frozen=True)
class RowInfo:
    """One complete row as judged: its cards, strength, category and name in the language asked.

    ``strength`` is on the shared scale of :mod:`cp_trainer.strength`; for a low middle it is the
    :func:`~cp_trainer.strength.lowball27` value (higher = better low) and ``category`` the
    high-hand category of the five cards as 2-7 reads them (A-2-3-4-5 is ace-high).
    """

    row: Row
    cards: tuple[Card, ...]
    strength: int
    category: str
    name: str


@dataclass(frozen=True)
class CheckResult:
    outcome: Outcome
    fouls: tuple[Foul, ...] = ()
    # All three rows when the sizes are 3/5/5, else None (what ``cp-trainer check`` prints).
    rows: tuple[RowInfo, RowInfo, RowInfo] | None = None
    # Every row that is full, also in a partial arrangement (what the GUI shows per row).
    complete_rows: dict[Row, RowInfo] = field(default_factory=dict)
    misdeal: Foul | None = None  # set when outcome is MISDEAL

    @property
    def legal(self) -> bool:
        return self.outcome is Outcome.LEGAL

    @property
    def fouled(self) -> bool:
        return self.outcome is Outcome.FOUL

    @property
    def offending_rows(self) -> frozenset[Row]:
        return frozenset(r for f in self.fouls for r in f.rows)


# --- strengths ---------------------------------------------------------------------------------


def row_strengths(arr: Arrangement, rules: HouseRules | None = None) -> tuple[int, int, int]:
    """Strengths of a 3/5/5 arrangement's rows (middle by 2-7 lowball under *low middle*)."""
    rules = rules or _DEFAULT_RULES
    top = evaluate3(arr.top)
    if rules.low_middle:
        middle = lowball27(arr.middle)
    else:
        middle = evaluate5(arr.middle, wheel_second=rules.wheel_second)
    return top, middle, evaluate5(arr.bottom, wheel_second=rules.wheel_second)


_DEFAULT_RULES = HouseRules()


def row_info(row: Row, cards: tuple[Card, ...], rules: HouseRules | None = None, lang: str = "en") -> RowInfo:
    """Judge one full row: strength, category and name (a low middle by 2-7 lowball)."""
    rules = rules or _DEFAULT_RULES
    if row is Row.TOP:
        s = evaluate3(cards)
        return RowInfo(row, cards, s, category_of(s).key, describe(s, lang))
    high = evaluate5(cards, wheel_second=rules.wheel_second)
    if row is Row.MIDDLE and rules.low_middle:
        category = category_of(high_hand_27(cards)).key  # A-2-3-4-5 is ace-high in 2-7
        return RowInfo(row, cards, lowball27(cards), category, describe_lowball(cards, lang))
    return RowInfo(row, cards, high, category_of(high).key, describe(high, lang))


def partial_floor(cards: Sequence[Card]) -> int:
    """A strength no completion of these cards (fewer than a full row) can fall below.

    Made of the rank groups only (pairs, trips, ...), missing kickers 0: filling the row can only
    add groups or kickers, or make a straight or flush, each of which ranks at least as high.
    """
    counts = Counter(c.rank.value for c in cards)
    groups = sorted(((n, r) for r, n in counts.items()), reverse=True)
    shape = [n for n, _ in groups]
    if shape[:1] == [4]:
        cat = Category.FOUR_OF_A_KIND
    elif shape[:2] == [3, 2]:
        cat = Category.FULL_HOUSE
    elif shape[:1] == [3]:
        cat = Category.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        cat = Category.TWO_PAIR
    elif shape[:1] == [2]:
        cat = Category.PAIR
    else:
        cat = Category.HIGH_CARD
    value = int(cat) << 20
    shift = 16
    for _, r in groups:
        value |= r << shift
        shift -= 4
    return value


# --- messages ----------------------------------------------------------------------------------


def _names(upper: RowInfo, lower: RowInfo, rules: HouseRules, lang: str) -> tuple[str, str]:
    """Hand names for an order message; with kickers when the plain names read the same."""
    a, b = upper.name, lower.name
    if a == b and not (rules.low_middle and Row.MIDDLE in (upper.row, lower.row)):
        a = describe(upper.strength, lang, detailed=True)
        b = describe(lower.strength, lang, detailed=True)
    return a, b


def _order_foul(upper: RowInfo, lower: RowInfo, rules: HouseRules, lang: str, *, partial: bool) -> Foul:
    a, b = _names(upper, lower, rules, lang)
    key = "rules.foul.order_partial" if partial else "rules.foul.order"
    required = tr("rules.order.low_middle" if rules.low_middle else "rules.order.normal", lang)
    msg = tr(key, lang, upper=upper.row.label(lang), upper_hand=a,
             lower=lower.row.label(lang), lower_hand=b, required=required)
    return Foul("order", msg, (upper.row, lower.row))


def _size_fouls(arr: Arrangement, lang: str) -> list[Foul]:
    fouls = []
    for row in _ROW_ORDER:
        n = len(arr.row(row))
        if n != row.size:
            fouls.append(Foul("row_size", tr("rules.foul.row_size", lang, row=row.label(lang), n=n,
                                             size=row.size), (row,)))
    return fouls


def _duplicate_fouls(arr: Arrangement, lang: str) -> list[Foul]:
    where: dict[Card, list[Row]] = {}
    for row in _ROW_ORDER:
        for c in arr.row(row):
            where.setdefault(c, []).append(row)
    fouls = []
    for card, rows in where.items():
        if len(rows) > 1:
            labels = ", ".join(dict.fromkeys(r.label(lang) for r in rows))
            fouls.append(Foul("duplicate", tr("rules.foul.duplicate", lang, card=str(card),
                                              n=len(rows), rows=labels),
                              tuple(dict.fromkeys(rows))))
    return fouls


def _order_pairs(rules: HouseRules) -> tuple[tuple[Row, Row], ...]:
    """(upper, lower) row pairs that must satisfy lower ≥ upper."""
    if rules.low_middle:
        return ((Row.TOP, Row.BOTTOM),)
    return ((Row.TOP, Row.MIDDLE), (Row.MIDDLE, Row.BOTTOM))


# --- the checks --------------------------------------------------------------------------------


def check_arrangement(
    arr: Arrangement,
    rules: HouseRules | None = None,
    lang: str = "en",
    *,
    stage: Stage = Stage.SHOWDOWN,
) -> CheckResult:
    """Check an arrangement in the seed's order: sizes → uniqueness → categories → order.

    At showdown every failure is a foul (outcome ``FOUL``, each problem in ``fouls``; with a row
    of the wrong size, two full rows are still checked against each other). Checked
    before showdown (``Stage.SETTING``, the hand as the player means to show it), a total other
    than 13 cards is a ``MISDEAL`` (a re-deal, in ``misdeal``, no fouls); with 13 cards the check
    is the same and a ``FOUL`` says the hand would foul as set. For a hand still being set (cards
    left to place) use :func:`check_partial`.
    """
    rules = rules or _DEFAULT_RULES
    if stage is Stage.SETTING:
        total = len(arr.cards)
        if total != HAND_SIZE:
            m = Foul("misdeal", tr("rules.misdeal", lang, n=total, size=HAND_SIZE))
            return CheckResult(Outcome.MISDEAL, misdeal=m)
    fouls = _size_fouls(arr, lang)
    fouls += _duplicate_fouls(arr, lang)
    if not arr.complete:
        complete = {r: row_info(r, arr.row(r), rules, lang) for r in _ROW_ORDER
                    if len(arr.row(r)) == r.size}
        # Every failure found: two full rows out of order are reported beside a wrong-sized one.
        for upper, lower in _order_pairs(rules):
            u_info, lo_info = complete.get(upper), complete.get(lower)
            if u_info is not None and lo_info is not None and _stronger(u_info, lo_info, rules):
                fouls.append(_order_foul(u_info, lo_info, rules, lang, partial=False))
        return CheckResult(Outcome.FOUL, tuple(fouls), None, complete)
    infos = tuple(row_info(r, arr.row(r), rules, lang) for r in _ROW_ORDER)
    assert len(infos) == 3
    rows: tuple[RowInfo, RowInfo, RowInfo] = (infos[0], infos[1], infos[2])
    for upper, lower in _order_pairs(rules):
        u, lo = rows[upper.index], rows[lower.index]
        if _stronger(u, lo, rules):
            fouls.append(_order_foul(u, lo, rules, lang, partial=False))
    outcome = Outcome.FOUL if fouls else Outcome.LEGAL
    return CheckResult(outcome, tuple(fouls), rows, dict(zip(_ROW_ORDER, rows, strict=True)))


def _stronger(upper: RowInfo, lower: RowInfo, rules: HouseRules) -> bool:
    """Is the upper row strictly stronger than the lower one (a foul)?"""
    return upper.strength > lower.strength


def check_partial(
    arr: Arrangement,
    rules: HouseRules | None = None,
    lang: str = "en",
    *,
    remaining: Iterable[Card] | None = None,
) -> CheckResult:
    """The live check for a hand being set: rows may be partly filled.

    Reports duplicates, rows holding too many cards, and every order problem that no way of
    filling the empty places can repair: an upper row whose cards already beat a full lower row
    (a partial upper row is judged by the weakest hand it can still become). Given ``remaining``
    (the cards of the hand not placed yet), it also flags a partial lower row that no choice of
    those cards can lift to the upper row's strength. Unfilled rows are never fouls. Outcome:
    ``FOUL`` when something is already wrong, else ``INCOMPLETE`` (or the full check's verdict
    once all rows are full).
    """
    rules = rules or _DEFAULT_RULES
    if arr.complete:
        return check_arrangement(arr, rules, lang)
    fouls: list[Foul] = []
    for row in _ROW_ORDER:
        n = len(arr.row(row))
        if n > row.size:
            fouls.append(Foul("row_size", tr("rules.foul.row_too_long", lang, row=row.label(lang), n=n,
                                             size=row.size), (row,)))
    fouls += _duplicate_fouls(arr, lang)
    complete = {r: row_info(r, arr.row(r), rules, lang) for r in _ROW_ORDER
                if len(arr.row(r)) == r.size}
    left = tuple(dict.fromkeys(remaining)) if remaining is not None else None
    for upper, lower in _order_pairs(rules):
        up_cards, lo_cards = arr.row(upper), arr.row(lower)
        if len(up_cards) > upper.size or len(lo_cards) > lower.size:
            continue  # already reported as too long
        up, lo = complete.get(upper), complete.get(lower)
        if up is None:
            if not up_cards:
                continue
            floor = partial_floor(up_cards)
            up = RowInfo(upper, up_cards, floor, category_of(floor).key, describe(floor, lang))
        if lo is not None:
            if _stronger(up, lo, rules):
                fouls.append(_order_foul(up, lo, rules, lang, partial=upper not in complete))
            continue
        if left is None or (lower is Row.MIDDLE and rules.low_middle):
            continue
        if not _can_reach(lo_cards, left, lower.size, up.strength, rules):
            a = describe(up.strength, lang)
            fouls.append(Foul("order", tr(
                "rules.foul.order_unreachable", lang, upper=upper.label(lang), upper_hand=a,
                lower=lower.label(lang), required=tr(
                    "rules.order.low_middle" if rules.low_middle else "rules.order.normal", lang)),
                (upper, lower)))
    outcome = Outcome.FOUL if fouls else Outcome.INCOMPLETE
    return CheckResult(outcome, tuple(fouls), None, complete)


# Completions tried at most when asking whether a partial lower row can still reach a strength;
# beyond it the check stays silent (sound, merely less complete). C(10, 5) = 252 fits.
_MAX_COMPLETIONS = 400


def _can_reach(cards: tuple[Card, ...], left: tuple[Card, ...], size: int, target: int,
               rules: HouseRules) -> bool:
    """Can some choice of the cards left fill this 5-card row to at least ``target``?"""
    need = size - len(cards)
    pool = [c for c in left if c not in cards]
    if need > len(pool) or comb(len(pool), need) > _MAX_COMPLETIONS:
        return True  # cannot tell (or cannot be filled at all: a count problem, not an order one)
    for extra in combinations(pool, need):
        if evaluate5(cards + extra, wheel_second=rules.wheel_second) >= target:
            return True
    return False
