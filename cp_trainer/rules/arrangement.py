"""A player's three rows and the arrangement check of RULES.md §1.

``Arrangement.parse("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d")`` reads three rows, top first.
An arrangement may hold rows of any size (a half-set hand in the GUI, a wrong count at showdown):
sizes are judged by the check, not by the value type.

``check_arrangement`` runs the seed's order — sizes, uniqueness, categories, order — and returns
every problem as data (:class:`Foul`: a :class:`FoulCode`, the rows concerned and the facts
behind it), as python-chess's ``Board.status()`` does. This module holds no words: the renderer
:mod:`cp_trainer.rules.arrangement_text` says a foul, a row or a row's hand in English or Russian
(:func:`~cp_trainer.rules.arrangement_text.foul_message`,
:func:`~cp_trainer.rules.arrangement_text.row_name`,
:func:`~cp_trainer.rules.arrangement_text.row_label`); the results carry no language. A wrong card
count noticed while setting (``stage=Stage.SETTING``) is a *misdeal*, a separate outcome from a
foul.

>>> result = check_arrangement(Arrangement.parse("As Ad 2c / Ks Kd 7h 6h 5c / Qs Qd 9c 8c 3h"))
>>> result.outcome, [f.code for f in result.fouls]
(<Outcome.FOUL: 'foul'>, [<FoulCode.ORDER: 'order'>, <FoulCode.ORDER: 'order'>])
>>> result.fouls[0].rows
(<Row.TOP: 'top'>, <Row.MIDDLE: 'middle'>)
>>> from cp_trainer.rules.arrangement_text import foul_message
>>> foul_message(result.fouls[0], "en")
'top: pair of aces is stronger than middle: pair of kings — bottom ≥ middle ≥ top is required'

``check_partial`` is the live check the GUI runs on every card move: it flags order problems that
no way of filling the empty places can repair, and never calls an unfinished row a foul.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from math import comb

from .cards import Card, format_cards, parse_cards
from .frozen import FrozenMap
from .house_rules import HouseRules
from .strength import Category, category_of, evaluate3, evaluate5, high_hand_27, lowball27

__all__ = [
    "Arrangement",
    "ArrangementParseError",
    "CheckResult",
    "Foul",
    "FoulCode",
    "OrderCheck",
    "Outcome",
    "Row",
    "RowInfo",
    "Stage",
    "check_arrangement",
    "check_partial",
    "legal_strengths",
    "order_pairs",
    "order_violations",
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


class Row(StrEnum):
    """A row of an arrangement; its value is the JSON field name (``Row.TOP == "top"``)."""

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
    def position(self) -> int:
        """0, 1, 2 from the top (``index`` is ``str.index``: Row is a ``StrEnum``)."""
        return _ROW_ORDER.index(self)


_ROW_ORDER = (Row.TOP, Row.MIDDLE, Row.BOTTOM)


class Outcome(StrEnum):
    LEGAL = "legal"
    FOUL = "foul"
    MISDEAL = "misdeal"  # wrong card count noticed before showdown: re-deal, not a foul
    INCOMPLETE = "incomplete"  # still being set: some row is not full yet, no foul found so far


class Stage(StrEnum):
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
        :class:`~cp_trainer.rules.cards.CardParseError` naming a token that is not a card.
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
        return self.rows[row.position]

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


class FoulCode(StrEnum):
    """What a :class:`Foul` is about (the values are the ``code`` strings of the JSON output)."""

    ROW_SIZE = "row_size"  # a row holds the wrong number of cards
    DUPLICATE = "duplicate"  # a card appears more than once
    ORDER = "order"  # an upper row beats a lower one
    MISDEAL = "misdeal"  # a wrong total noticed before showdown (a re-deal, not a foul)


class OrderCheck(StrEnum):
    """How an order problem was found: both rows full, an unfinished upper row that already beats
    a full lower row, or a lower row that the cards left can no longer lift high enough."""

    FULL = "full"
    PARTIAL = "partial"
    UNREACHABLE = "unreachable"


@dataclass(frozen=True)
class RowInfo:
    """One complete row as judged: its cards, strength and category
    (:func:`~cp_trainer.rules.arrangement_text.row_name` words it).

    ``strength`` is on the shared scale of :mod:`cp_trainer.rules.strength`; for a low middle
    (``lowball``) it is the :func:`~cp_trainer.rules.strength.lowball27` value (higher = better low) and
    ``category`` the high-hand category of the five cards as 2-7 reads them (A-2-3-4-5 is
    ace-high).
    """

    row: Row
    cards: tuple[Card, ...]
    strength: int
    category: Category
    lowball: bool = False


@dataclass(frozen=True)
class Foul:
    """One problem found by a check, as data: ``code``, the rows it concerns, and the facts a
    renderer needs. ``count``/``size``: a row's card count and its proper size (a misdeal: the
    hand's total and 13); ``card`` and ``count``: a duplicate and how often it appears;
    ``upper``/``lower`` and ``order_check``: the rows out of order (``lower`` is None for an
    :attr:`OrderCheck.UNREACHABLE` problem); ``low_middle``: the order rule that applied;
    ``live``: found by :func:`check_partial` while the hand is set (a row holding too many).
    :func:`~cp_trainer.rules.arrangement_text.foul_message` words it."""

    code: FoulCode
    rows: tuple[Row, ...] = ()
    count: int = 0
    size: int = 0
    card: Card | None = None
    upper: RowInfo | None = None
    lower: RowInfo | None = None
    order_check: OrderCheck = OrderCheck.FULL
    low_middle: bool = False
    live: bool = False


@dataclass(frozen=True)
class CheckResult:
    outcome: Outcome
    fouls: tuple[Foul, ...] = ()
    # All three rows when the sizes are 3/5/5, else None (what ``cp-trainer check`` prints).
    rows: tuple[RowInfo, RowInfo, RowInfo] | None = None
    # Every row that is full, also in a partial arrangement (what the GUI shows per row).
    complete_rows: Mapping[Row, RowInfo] = field(default_factory=lambda: FrozenMap())
    misdeal: Foul | None = None  # set when outcome is MISDEAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "complete_rows", FrozenMap(self.complete_rows))

    @property
    def legal(self) -> bool:
        return self.outcome is Outcome.LEGAL

    @property
    def fouled(self) -> bool:
        return self.outcome is Outcome.FOUL

    @property
    def offending_rows(self) -> frozenset[Row]:
        return frozenset(r for f in self.fouls for r in f.rows)


# --- strengths and the legality rule ----------------------------------------------------------


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


def order_pairs(rules: HouseRules) -> tuple[tuple[Row, Row], ...]:
    """(upper, lower) row pairs that must satisfy lower ≥ upper (bottom ≥ top only under *low
    middle*, else bottom ≥ middle ≥ top)."""
    if rules.low_middle:
        return ((Row.TOP, Row.BOTTOM),)
    return ((Row.TOP, Row.MIDDLE), (Row.MIDDLE, Row.BOTTOM))


def order_violations(strengths: Sequence[int], rules: HouseRules) -> tuple[tuple[Row, Row], ...]:
    """The (upper, lower) pairs whose upper row is strictly stronger: the order rule of RULES.md §1
    on a 3/5/5 hand's :func:`row_strengths` (equal strength is allowed)."""
    return tuple((u, lo) for u, lo in order_pairs(rules) if strengths[u.position] > strengths[lo.position])


def legal_strengths(
    arr: Arrangement, rules: HouseRules | None = None
) -> tuple[tuple[int, int, int] | None, bool]:
    """The legality rule in one place: (row strengths, legal) of a hand as shown.

    Legal means rows of 3/5/5, 13 distinct cards and no :func:`order_violations`; strengths are
    None when the rows are not 3/5/5. :func:`check_arrangement` finds a foul exactly when this
    says illegal, and settlement judges hands with it.

    >>> legal_strengths(Arrangement.parse("2c 3d 4h / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s"))[1]
    True
    >>> legal_strengths(Arrangement.parse("As Ad 4h / 9s 9d 5c 6c 7d / Ks Kd Qc Jd 2s"))[1]
    False
    """
    rules = rules or _DEFAULT_RULES
    if not arr.complete:
        return None, False
    strengths = row_strengths(arr, rules)
    legal = len(set(arr.cards)) == HAND_SIZE and not order_violations(strengths, rules)
    return strengths, legal


def row_info(row: Row, cards: tuple[Card, ...], rules: HouseRules | None = None) -> RowInfo:
    """Judge one full row: strength and category (a low middle by 2-7 lowball)."""
    rules = rules or _DEFAULT_RULES
    if row is Row.TOP:
        s = evaluate3(cards)
        return RowInfo(row, cards, s, category_of(s))
    if row is Row.MIDDLE and rules.low_middle:
        category = category_of(high_hand_27(cards))  # A-2-3-4-5 is ace-high in 2-7
        return RowInfo(row, cards, lowball27(cards), category, lowball=True)
    high = evaluate5(cards, wheel_second=rules.wheel_second)
    return RowInfo(row, cards, high, category_of(high))


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


# --- the checks --------------------------------------------------------------------------------


def _order_foul(upper: RowInfo, lower_row: Row, lower: RowInfo | None, rules: HouseRules,
                check: OrderCheck) -> Foul:
    """``upper`` beats (or, ``lower`` None, can no longer be reached by) the row ``lower_row``."""
    return Foul(FoulCode.ORDER, (upper.row, lower_row), upper=upper, lower=lower, order_check=check,
                low_middle=rules.low_middle)


def _size_fouls(arr: Arrangement) -> list[Foul]:
    return [Foul(FoulCode.ROW_SIZE, (row,), count=len(arr.row(row)), size=row.size)
            for row in _ROW_ORDER if len(arr.row(row)) != row.size]


def _duplicate_fouls(arr: Arrangement) -> list[Foul]:
    where: dict[Card, list[Row]] = {}
    for row in _ROW_ORDER:
        for c in arr.row(row):
            where.setdefault(c, []).append(row)
    return [Foul(FoulCode.DUPLICATE, tuple(dict.fromkeys(rows)), count=len(rows), card=card)
            for card, rows in where.items() if len(rows) > 1]


def check_arrangement(
    arr: Arrangement,
    rules: HouseRules | None = None,
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

    >>> check_arrangement(Arrangement.parse("2c 3d 4h / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s")).legal
    True
    >>> check_arrangement(Arrangement.parse("2c 3d / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s"),
    ...                   stage=Stage.SETTING).outcome
    <Outcome.MISDEAL: 'misdeal'>
    """
    rules = rules or _DEFAULT_RULES
    if stage is Stage.SETTING:
        total = len(arr.cards)
        if total != HAND_SIZE:
            m = Foul(FoulCode.MISDEAL, count=total, size=HAND_SIZE)
            return CheckResult(Outcome.MISDEAL, misdeal=m)
    fouls = _size_fouls(arr)
    fouls += _duplicate_fouls(arr)
    if not arr.complete:
        complete = {r: row_info(r, arr.row(r), rules) for r in _ROW_ORDER
                    if len(arr.row(r)) == r.size}
        # Every failure found: two full rows out of order are reported beside a wrong-sized one.
        for upper, lower in order_pairs(rules):
            u_info, lo_info = complete.get(upper), complete.get(lower)
            if u_info is not None and lo_info is not None and u_info.strength > lo_info.strength:
                fouls.append(_order_foul(u_info, lower, lo_info, rules, OrderCheck.FULL))
        return CheckResult(Outcome.FOUL, tuple(fouls), None, complete)
    infos = tuple(row_info(r, arr.row(r), rules) for r in _ROW_ORDER)
    assert len(infos) == 3
    rows: tuple[RowInfo, RowInfo, RowInfo] = (infos[0], infos[1], infos[2])
    strengths, legal = legal_strengths(arr, rules)
    assert strengths == tuple(info.strength for info in rows)
    for upper, lower in order_violations(strengths, rules):
        fouls.append(_order_foul(rows[upper.position], lower, rows[lower.position], rules,
                                 OrderCheck.FULL))
    assert legal == (not fouls)
    outcome = Outcome.FOUL if fouls else Outcome.LEGAL
    return CheckResult(outcome, tuple(fouls), rows, dict(zip(_ROW_ORDER, rows, strict=True)))


def check_partial(
    arr: Arrangement,
    rules: HouseRules | None = None,
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

    >>> check_partial(Arrangement.parse("As Ad / Ks Kd 7h 6h 5c / ")).outcome
    <Outcome.FOUL: 'foul'>
    >>> check_partial(Arrangement.parse("2c 3d / Ks Kd 7h 6h 5c / ")).outcome
    <Outcome.INCOMPLETE: 'incomplete'>
    """
    rules = rules or _DEFAULT_RULES
    if arr.complete:
        return check_arrangement(arr, rules)
    fouls = [Foul(FoulCode.ROW_SIZE, (row,), count=len(arr.row(row)), size=row.size, live=True)
             for row in _ROW_ORDER if len(arr.row(row)) > row.size]
    fouls += _duplicate_fouls(arr)
    complete = {r: row_info(r, arr.row(r), rules) for r in _ROW_ORDER
                if len(arr.row(r)) == r.size}
    left = tuple(dict.fromkeys(remaining)) if remaining is not None else None
    for upper, lower in order_pairs(rules):
        up_cards, lo_cards = arr.row(upper), arr.row(lower)
        if len(up_cards) > upper.size or len(lo_cards) > lower.size:
            continue  # already reported as too long
        up, lo = complete.get(upper), complete.get(lower)
        if up is None:
            if not up_cards:
                continue
            floor = partial_floor(up_cards)
            up = RowInfo(upper, up_cards, floor, category_of(floor))
        if lo is not None:
            if up.strength > lo.strength:
                check = OrderCheck.FULL if upper in complete else OrderCheck.PARTIAL
                fouls.append(_order_foul(up, lower, lo, rules, check))
            continue
        if left is None or (lower is Row.MIDDLE and rules.low_middle):
            continue
        if not _can_reach(lo_cards, left, lower.size, up.strength, rules):
            fouls.append(_order_foul(up, lower, None, rules, OrderCheck.UNREACHABLE))
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
