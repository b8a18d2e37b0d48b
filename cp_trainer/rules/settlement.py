"""Settlement of a closed Chinese poker deal (RULES.md §1): every pair of players separately.

:func:`settle_pair` is the reference for one pair of hands; :func:`settle` runs it over every
pair of 2 to 4 seats and adds up points (integers) and money (points × the pair's stake).
Every pair's result is zero-sum, so the table's is too.

One pair is settled in this order, the first that applies deciding it:

1. **Surrender** (a seat given as None or listed in ``surrendered``): a surrendered seat pays
   ``rules.effective_surrender_cost`` to a seat still in; two surrendered seats settle 0.
2. **Naturals** (``rules.naturals``): a hand holding a natural beats a hand without one for
   ``rules.effective_natural_amount``, a dragon beats any other natural, two other naturals push.
   A natural hand is settled by naturals only: its rows are not compared.
3. **Fouls** (unless ``rules.ignore_fouls``): a fouled hand loses to a legal hand as if scooped
   (``rules.scoop_points``) and pays the legal hand's royalties; two fouled hands settle 0.
   A hand whose rows are not 3/5/5 is always fouled: it cannot be scored as it lies.
4. **Showdown**: row against row; a tied row pushes (``None``) or, under ``TieRule.BANK``, goes
   to ``rules.bank`` when the bank is one of the two seats. +1 a row won, −1 a row lost, and the
   system's bonus: 2-4 +1 for winning at least two rows; 2-4-scoop +1 only for all three; 1-6 +3
   for all three. Royalties (``rules.royalties``) are added on top: each hand collects its rows'
   royalties from the other (with ``royalties_better_hand_only``, only for rows it won).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from .arrangement import Arrangement, Row, legal_strengths
from .frozen import FrozenMap
from .house_rules import HouseRules, ScoringSystem, TieRule
from .naturals import Natural, natural_of
from .royalties import royalties_of

__all__ = [
    "HandView",
    "PairKind",
    "PairResult",
    "RowResult",
    "Settlement",
    "SettlementError",
    "prepare_hand",
    "row_points",
    "settle",
    "settle_criss_cross",
    "settle_pair",
]

ROWS = (Row.TOP, Row.MIDDLE, Row.BOTTOM)


class SettlementError(ValueError):
    """Settlement input is invalid (number of players, bank seat, seats)."""


class PairKind(StrEnum):
    """What decided a pair's result."""

    SHOWDOWN = "showdown"  # rows compared
    FOUL = "foul"  # one hand fouled: the other scoops
    BOTH_FOULED = "both_fouled"  # settle 0
    SURRENDER = "surrender"  # one or both surrendered
    NATURAL = "natural"  # at least one natural: settled by naturals only


class RowResult(StrEnum):
    """A row's result for one seat of a pair (see :meth:`PairResult.row_result`)."""

    WON = "won"
    LOST = "lost"
    TIED = "tied"  # a push, or a row never compared (surrender, naturals, two fouls)


@dataclass(frozen=True)
class HandView:
    """One seat's hand as settlement sees it (computed once per hand)."""

    arrangement: Arrangement | None
    surrendered: bool
    fouled: bool  # counts as fouled (False under ignore_fouls unless the sizes are wrong)
    strengths: tuple[int, int, int] | None  # None when the rows are not 3/5/5
    royalties: tuple[int, int, int]  # per row; zero when royalties are off or the hand fouled
    natural: Natural | None  # None when naturals are off


def prepare_hand(arr: Arrangement | None, rules: HouseRules, *, surrendered: bool = False) -> HandView:
    """Judge one hand for settlement: legality (the rule of
    :func:`~cp_trainer.rules.arrangement.legal_strengths`, as the arrangement check), row strengths,
    royalties, natural.

    >>> rules = HouseRules()
    >>> prepare_hand(Arrangement.parse("As Ad 4h / 9s 9d 5c 6c 7d / Ks Kd Qc Jd 2s"), rules).fouled
    True
    """
    if arr is None or surrendered:
        return HandView(arr, True, False, None, (0, 0, 0), None)
    strengths, legal = legal_strengths(arr, rules)
    if strengths is None:
        return HandView(arr, False, True, None, (0, 0, 0), None)
    fouled = not legal and not rules.ignore_fouls
    royalties = royalties_of(arr, rules) if rules.royalties and not fouled else (0, 0, 0)
    natural = natural_of(arr) if rules.naturals else None
    return HandView(arr, False, fouled, strengths, royalties, natural)


@dataclass(frozen=True)
class PairResult:
    """How two seats settled. Every pair of numbers is in the order of ``players``.

    ``rows`` maps each :class:`~cp_trainer.rules.arrangement.Row` (a ``StrEnum``: ``rows["top"]`` works
    too) to the winning seat, or None for a tied row
    (and for rows never compared: surrender, naturals, two fouls). Against a fouled hand every row
    counts as won by the legal seat. ``points`` includes royalties (``royalties`` are the gross
    amounts each seat collected). Points are zero-sum: ``points[0] == -points[1]``.
    """

    players: tuple[int, int]
    kind: PairKind
    rows: Mapping[Row, int | None]  # read-only (a copy of the mapping given)
    points: tuple[int, int]
    royalties: tuple[int, int] = (0, 0)
    fouled: tuple[bool, bool] = (False, False)
    surrendered: tuple[bool, bool] = (False, False)
    natural: tuple[Natural | None, Natural | None] = (None, None)
    stake: float = 1.0
    hands: tuple[Arrangement | None, Arrangement | None] = (None, None)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rows", FrozenMap(self.rows))

    @property
    def money(self) -> tuple[float, float]:
        return (self.points[0] * self.stake, self.points[1] * self.stake)

    def points_of(self, seat: int) -> int:
        return self.points[self.players.index(seat)]

    def row_result(self, row: Row, seat: int) -> RowResult:
        """How ``row`` went for ``seat`` (one of ``players``): won, lost or tied."""
        if seat not in self.players:
            raise SettlementError(f"seat {seat} is not in this pair {self.players}")
        winner = self.rows[row]
        if winner is None:
            return RowResult.TIED
        return RowResult.WON if winner == seat else RowResult.LOST

    def to_json(self) -> dict[str, object]:
        """The ``cp-trainer score --json`` form of one pair."""
        return {"players": list(self.players), "rows": dict(self.rows), "points": list(self.points)}


def row_points(won: int, lost: int, system: ScoringSystem, scoop_bonus: int | None = None) -> int:
    """Points for winning ``won`` rows and losing ``lost`` (the rest tied), bonus included.

    2-4: 3-0 = 4, 2-1 = 2, 1-1 with a tie = 0, 2-0 with a tie = 3, 1-0 with two ties = 1.
    2-4-scoop: the bonus only for 3-0 (2-1 = 1). 1-6: +3 for 3-0 (scoop 6, 2-1 = 1).
    ``scoop_bonus`` (a house's own, :attr:`HouseRules.scoop_bonus`) replaces the system's extra
    for 3-0 (0 in 2-4, 1 in 2-4-scoop, 3 in 1-6); 2-4's +1 for two rows stays.

    >>> [row_points(3, 0, ScoringSystem.TWO_FOUR), row_points(2, 1, ScoringSystem.TWO_FOUR),
    ...  row_points(2, 0, ScoringSystem.TWO_FOUR), row_points(3, 0, ScoringSystem.ONE_SIX)]
    [4, 2, 3, 6]
    >>> row_points(3, 0, ScoringSystem.TWO_FOUR, 2), row_points(0, 3, ScoringSystem.ONE_SIX, 0)
    (6, -3)
    """
    net = won - lost
    majority = system.majority_bonus
    bonus = majority if won >= 2 else -majority if lost >= 2 else 0
    extra = system.scoop_bonus if scoop_bonus is None else scoop_bonus
    bonus += extra if won == 3 else -extra if lost == 3 else 0
    return net + bonus


def _result(a: HandView, b: HandView, seats: tuple[int, int], rules: HouseRules, kind: PairKind,
            rows: dict[Row, int | None], points: int, royalties: tuple[int, int] = (0, 0)) -> PairResult:
    return PairResult(
        players=seats, kind=kind, rows=rows, points=(points, -points), royalties=royalties,
        fouled=(a.fouled, b.fouled), surrendered=(a.surrendered, b.surrendered),
        natural=(a.natural, b.natural), stake=rules.pair_stake(*seats),
        hands=(a.arrangement, b.arrangement),
    )


def _no_rows() -> dict[Row, int | None]:
    return dict.fromkeys(ROWS)


def settle_views(a: HandView, b: HandView, rules: HouseRules, seats: tuple[int, int]) -> PairResult:
    """:func:`settle_pair` on hands already judged by :func:`prepare_hand`."""
    if a.surrendered or b.surrendered:
        cost = rules.effective_surrender_cost
        pts = 0 if a.surrendered and b.surrendered else (-cost if a.surrendered else cost)
        return _result(a, b, seats, rules, PairKind.SURRENDER, _no_rows(), pts)
    if a.natural is not None or b.natural is not None:
        ra = a.natural.rank if a.natural is not None else 0
        rb = b.natural.rank if b.natural is not None else 0
        amount = rules.effective_natural_amount
        pts = 0 if ra == rb else (amount if ra > rb else -amount)
        return _result(a, b, seats, rules, PairKind.NATURAL, _no_rows(), pts)
    if a.fouled and b.fouled:
        return _result(a, b, seats, rules, PairKind.BOTH_FOULED, _no_rows(), 0)
    if a.fouled or b.fouled:
        scooper, sign, legal = (seats[1], -1, b) if a.fouled else (seats[0], 1, a)
        royalty = sum(legal.royalties)
        pts = sign * (rules.scoop_points + royalty)
        roy = (0, royalty) if a.fouled else (royalty, 0)
        return _result(a, b, seats, rules, PairKind.FOUL, dict.fromkeys(ROWS, scooper), pts, roy)
    assert a.strengths is not None and b.strengths is not None
    rows: dict[Row, int | None] = {}
    won = lost = roy_a = roy_b = 0
    bank = rules.bank if rules.ties is TieRule.BANK and rules.bank in seats else None
    for i, key in enumerate(ROWS):
        sa, sb = a.strengths[i], b.strengths[i]
        winner: int | None = seats[0] if sa > sb else seats[1] if sb > sa else bank
        rows[key] = winner
        if winner == seats[0]:
            won += 1
        elif winner == seats[1]:
            lost += 1
        if rules.royalties:
            if not rules.royalties_better_hand_only or winner == seats[0]:
                roy_a += a.royalties[i]
            if not rules.royalties_better_hand_only or winner == seats[1]:
                roy_b += b.royalties[i]
    pts = row_points(won, lost, rules.system, rules.scoop_bonus) + roy_a - roy_b
    return _result(a, b, seats, rules, PairKind.SHOWDOWN, rows, pts, (roy_a, roy_b))


def settle_pair(
    a: Arrangement | None,
    b: Arrangement | None,
    rules: HouseRules | None = None,
    seats: tuple[int, int] = (0, 1),
    *,
    surrendered: tuple[bool, bool] = (False, False),
) -> PairResult:
    """Settle two hands against each other (the reference the vectorised scorers check against).

    ``a`` sits at ``seats[0]``, ``b`` at ``seats[1]`` (seats matter for the bank and for stakes).
    A hand given as None, or flagged in ``surrendered``, has surrendered. The returned
    ``points`` are (a's, b's), zero-sum; see the module docstring for the order of the rules.
    """
    rules = rules or HouseRules()
    if seats[0] == seats[1]:
        raise SettlementError(f"a pair needs two different seats, got {seats}")
    va = prepare_hand(a, rules, surrendered=surrendered[0])
    vb = prepare_hand(b, rules, surrendered=surrendered[1])
    return settle_views(va, vb, rules, seats)


@dataclass(frozen=True)
class Settlement:
    """A whole table's result: per-seat totals and every pair's result (seat order i < j)."""

    points: tuple[int, ...]
    money: tuple[float, ...]
    pairs: tuple[PairResult, ...]
    hands: tuple[HandView, ...]

    def __post_init__(self) -> None:
        for name in ("points", "money", "pairs", "hands"):  # read-only, whatever sequence was given
            object.__setattr__(self, name, tuple(getattr(self, name)))

    def to_json(self) -> dict[str, object]:
        """The ``cp-trainer score --json`` object."""
        return {"points": list(self.points), "pairs": [p.to_json() for p in self.pairs]}


def settle(
    hands: Sequence[Arrangement | None],
    rules: HouseRules | None = None,
    *,
    surrendered: Collection[int] = (),
) -> Settlement:
    """Settle 2 to 4 seats, every pair separately. ``hands[i]`` is seat i's arrangement, or None
    for a seat that surrendered (not shown); ``surrendered`` lists more surrendered seats.

    >>> legal = Arrangement.parse("Qs Js 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
    >>> fouled = Arrangement.parse("Ac Ad 2c / Ks Kh Tc 9c 8c / Qc Qd Jc 7d 4c")
    >>> result = settle([legal, fouled])
    >>> result.points, result.pairs[0].kind, result.pairs[0].row_result(Row.TOP, 0)
    ((4, -4), <PairKind.FOUL: 'foul'>, <RowResult.WON: 'won'>)
    """
    rules = rules or HouseRules()
    n = len(hands)
    if not 2 <= n <= 4:
        raise SettlementError(f"a table has 2 to 4 players, got {n}")
    if rules.ties is TieRule.BANK and not 0 <= rules.bank < n:
        raise SettlementError(f"the bank must be a seat from 0 to {n - 1}, got {rules.bank}")
    bad = sorted(s for s in surrendered if not 0 <= s < n)
    if bad:
        raise SettlementError(f"no such seat to surrender: {bad[0]}")
    views = [prepare_hand(h, rules, surrendered=i in surrendered) for i, h in enumerate(hands)]
    points = [0] * n
    money = [0.0] * n
    pairs = []
    for i, j in combinations(range(n), 2):
        res = settle_views(views[i], views[j], rules, (i, j))
        pairs.append(res)
        points[i] += res.points[0]
        points[j] += res.points[1]
        money[i] += res.money[0]
        money[j] += res.money[1]
    return Settlement(tuple(points), tuple(money), tuple(pairs), tuple(views))


def settle_criss_cross(
    first: Sequence[Arrangement | None],
    second: Sequence[Arrangement | None],
    rules: HouseRules | None = None,
) -> Settlement:
    """The *Criss Cross* variant: two players (seats 0 and 1), each with two separately set hands;
    each hand settles against both of the opponent's hands (four pairs, in the order first[0] v
    second[0], first[0] v second[1], first[1] v second[0], first[1] v second[1])."""
    rules = rules or HouseRules()
    if len(first) != 2 or len(second) != 2:
        raise SettlementError(f"Criss Cross deals each player two hands, got {len(first)} and {len(second)}")
    if rules.ties is TieRule.BANK and rules.bank not in (0, 1):
        raise SettlementError(f"the bank must be seat 0 or 1, got {rules.bank}")
    mine = [prepare_hand(h, rules) for h in first]
    theirs = [prepare_hand(h, rules) for h in second]
    pairs = [settle_views(a, b, rules, (0, 1)) for a in mine for b in theirs]
    total = sum(p.points[0] for p in pairs)
    money = sum(p.money[0] for p in pairs)
    return Settlement((total, -total), (money, -money), tuple(pairs), (*mine, *theirs))

