"""An independent reference scorer for closed Chinese poker (RULES.md §1), for the tests.

It shares nothing with ``cp_trainer.rules.settlement`` but the row strengths (``cp_trainer.rules.strength``)
and natural detection (``cp_trainer.rules.naturals``, tested on its own): its own legality check, its
own royalty lookup, points from a table written out by hand, and, above all, each seat's result
worked out **from that seat's own side** (never as the negation of the other's), so that the
zero-sum property is something the tests check, not something the code builds in.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.naturals import Natural, natural_of
from cp_trainer.rules.strength import (
    ACE_HIGH_STRAIGHT,
    Category,
    category_of,
    evaluate3,
    evaluate5,
    lowball27,
    ranks_of,
)

# (rows won, rows lost) -> points, straight from RULES.md §1 (the rest of the three rows tied)
POINTS: dict[ScoringSystem, dict[tuple[int, int], int]] = {
    ScoringSystem.TWO_FOUR: {(3, 0): 4, (2, 1): 2, (2, 0): 3, (1, 0): 1, (1, 1): 0, (0, 0): 0,
                             (1, 2): -2, (0, 2): -3, (0, 1): -1, (0, 3): -4},
    ScoringSystem.TWO_FOUR_SCOOP: {(3, 0): 4, (2, 1): 1, (2, 0): 2, (1, 0): 1, (1, 1): 0, (0, 0): 0,
                                   (1, 2): -1, (0, 2): -2, (0, 1): -1, (0, 3): -4},
    ScoringSystem.ONE_SIX: {(3, 0): 6, (2, 1): 1, (2, 0): 2, (1, 0): 1, (1, 1): 0, (0, 0): 0,
                            (1, 2): -1, (0, 2): -2, (0, 1): -1, (0, 3): -6},
}
SCOOP = {ScoringSystem.TWO_FOUR: 4, ScoringSystem.TWO_FOUR_SCOOP: 4, ScoringSystem.ONE_SIX: 6}
# a house's own scoop bonus (RULES.md §1) replaces the system's extra for winning all three rows
SCOOP_EXTRA = {ScoringSystem.TWO_FOUR: 0, ScoringSystem.TWO_FOUR_SCOOP: 1, ScoringSystem.ONE_SIX: 3}
SURRENDER = {ScoringSystem.TWO_FOUR: 3, ScoringSystem.TWO_FOUR_SCOOP: 3, ScoringSystem.ONE_SIX: 4}


def scoop(rules: HouseRules) -> int:
    """What winning all three rows is worth (and what a foul loses), the house's bonus counted."""
    extra = SCOOP_EXTRA[rules.system] if rules.scoop_bonus is None else rules.scoop_bonus
    return SCOOP[rules.system] - SCOOP_EXTRA[rules.system] + extra


def rows_points(rules: HouseRules, won: int, lost: int) -> int:
    if (won, lost) == (3, 0):
        return scoop(rules)
    if (won, lost) == (0, 3):
        return -scoop(rules)
    return POINTS[rules.system][(won, lost)]


class Hand:
    """One seat's hand as the reference sees it."""

    def __init__(self, arr: Arrangement | None, rules: HouseRules, surrendered: bool) -> None:
        self.surrendered = surrendered or arr is None
        self.rows: tuple[int, int, int] | None = None
        self.fouled = False
        self.natural: Natural | None = None
        self.royalties = (0, 0, 0)
        if self.surrendered or arr is None:
            return
        if (len(arr.top), len(arr.middle), len(arr.bottom)) != (3, 5, 5):
            self.fouled = True  # cannot be scored as it lies, whatever the rules
            return
        ws = rules.wheel_second
        top, bottom = evaluate3(arr.top), evaluate5(arr.bottom, wheel_second=ws)
        high_middle = evaluate5(arr.middle, wheel_second=ws)
        middle = lowball27(arr.middle) if rules.low_middle else high_middle
        distinct = len(set(arr.cards)) == 13
        ordered = bottom >= top if rules.low_middle else bottom >= high_middle >= top
        self.rows = (top, middle, bottom)
        self.fouled = not (distinct and ordered) and not rules.ignore_fouls
        if rules.naturals:
            self.natural = natural_of(arr)
        if rules.royalties and not self.fouled:
            t = rules.royalty_table
            self.royalties = (
                t.top_trips if category_of(top) is Category.THREE_OF_A_KIND else 0,
                0 if rules.low_middle else _five(high_middle, t.middle_royal_flush, t.middle_straight_flush,
                                                 t.middle_four_of_a_kind, t.middle_full_house),
                _five(bottom, t.bottom_royal_flush, t.bottom_straight_flush, t.bottom_four_of_a_kind, 0),
            )


def _five(strength: int, royal: int, straight_flush: int, quads: int, full_house: int) -> int:
    cat = category_of(strength)
    if cat is Category.STRAIGHT_FLUSH:
        return royal if ranks_of(strength)[0] == ACE_HIGH_STRAIGHT else straight_flush
    return {Category.FOUR_OF_A_KIND: quads, Category.FULL_HOUSE: full_house}.get(cat, 0)


def _natural_rank(n: Natural | None) -> int:
    return 0 if n is None else 2 if n is Natural.DRAGON else 1


def points_for(me: Hand, other: Hand, rules: HouseRules, seats: tuple[int, int]) -> int:
    """What ``me`` (at ``seats[0]``) wins from ``other`` (at ``seats[1]``): from me's side only."""
    cost = rules.surrender_cost if rules.surrender_cost is not None else SURRENDER[rules.system]
    if me.surrendered:
        return 0 if other.surrendered else -cost
    if other.surrendered:
        return cost
    if me.natural is not None or other.natural is not None:
        amount = rules.natural_amount if rules.natural_amount is not None else scoop(rules)
        mine, theirs = _natural_rank(me.natural), _natural_rank(other.natural)
        return amount if mine > theirs else -amount if mine < theirs else 0
    if me.fouled:
        return 0 if other.fouled else -(scoop(rules) + sum(other.royalties))
    if other.fouled:
        return scoop(rules) + sum(me.royalties)
    assert me.rows is not None and other.rows is not None
    bank_is_me = rules.ties is TieRule.BANK and rules.bank == seats[0]
    bank_is_other = rules.ties is TieRule.BANK and rules.bank == seats[1]
    won = lost = 0
    collected = paid = 0
    for i in range(3):
        if me.rows[i] > other.rows[i] or (me.rows[i] == other.rows[i] and bank_is_me):
            won += 1
            mine_won, theirs_won = True, False
        elif me.rows[i] < other.rows[i] or (me.rows[i] == other.rows[i] and bank_is_other):
            lost += 1
            mine_won, theirs_won = False, True
        else:
            mine_won = theirs_won = False
        if rules.royalties:
            if mine_won or not rules.royalties_better_hand_only:
                collected += me.royalties[i]
            if theirs_won or not rules.royalties_better_hand_only:
                paid += other.royalties[i]
    return rows_points(rules, won, lost) + collected - paid


def stake(rules: HouseRules, seat: int) -> float:
    if rules.stakes is not None and seat < len(rules.stakes):
        return rules.stakes[seat]
    return rules.point_value


Pairs = dict[tuple[int, int], int]


def table_points(hands: Sequence[Arrangement | None], rules: HouseRules,
                 surrendered: Collection[int] = ()) -> tuple[list[int], list[float], Pairs]:
    """Each seat's points and money at a table, and every ordered pair's points (i's side)."""
    views = [Hand(h, rules, i in surrendered) for i, h in enumerate(hands)]
    n = len(hands)
    pair = {(i, j): points_for(views[i], views[j], rules, (i, j))
            for i in range(n) for j in range(n) if i != j}
    points = [sum(pair[(i, j)] for j in range(n) if j != i) for i in range(n)]
    money = [sum(pair[(i, j)] * min(stake(rules, i), stake(rules, j)) for j in range(n) if j != i)
             for i in range(n)]
    return points, money, pair
