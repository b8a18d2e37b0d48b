"""Royalties (RULES.md §1, off by default): bonus points a qualifying row collects from each
opponent who did not foul or surrender. Amounts come from ``HouseRules.royalty_table``."""

from __future__ import annotations

from .arrangement import Arrangement, Row
from .house_rules import HouseRules, RoyaltyTable
from .strength import ACE_HIGH_STRAIGHT, Category, category_of, evaluate3, evaluate5, ranks_of

__all__ = ["row_royalty", "royalties_of"]


def row_royalty(row: Row, strength: int, table: RoyaltyTable | None = None) -> int:
    """The royalty a row of the given (high-hand) strength earns; 0 when it earns none.

    Top: three of a kind. Middle: full house, four of a kind, straight flush, royal flush.
    Bottom: four of a kind, straight flush, royal flush.
    """
    table = table or RoyaltyTable()
    cat = category_of(strength)
    royal = cat is Category.STRAIGHT_FLUSH and ranks_of(strength)[0] == ACE_HIGH_STRAIGHT
    if row is Row.TOP:
        return table.top_trips if cat is Category.THREE_OF_A_KIND else 0
    if row is Row.MIDDLE:
        if royal:
            return table.middle_royal_flush
        return {Category.STRAIGHT_FLUSH: table.middle_straight_flush,
                Category.FOUR_OF_A_KIND: table.middle_four_of_a_kind,
                Category.FULL_HOUSE: table.middle_full_house}.get(cat, 0)
    if royal:
        return table.bottom_royal_flush
    return {Category.STRAIGHT_FLUSH: table.bottom_straight_flush,
            Category.FOUR_OF_A_KIND: table.bottom_four_of_a_kind}.get(cat, 0)


def royalties_of(arr: Arrangement, rules: HouseRules | None = None) -> tuple[int, int, int]:
    """Royalties of a 3/5/5 arrangement's rows (top, middle, bottom).

    Under *low middle* the middle plays 2-7 lowball and earns no royalty.
    """
    rules = rules or HouseRules()
    table = rules.royalty_table
    top = row_royalty(Row.TOP, evaluate3(arr.top), table)
    middle = 0 if rules.low_middle else row_royalty(
        Row.MIDDLE, evaluate5(arr.middle, wheel_second=rules.wheel_second), table)
    bottom = row_royalty(Row.BOTTOM, evaluate5(arr.bottom, wheel_second=rules.wheel_second), table)
    return top, middle, bottom
