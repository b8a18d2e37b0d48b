"""Royalties to the better hand only, when a royalty row ties (RULES.md §1).

"A mode *royalties to the better hand only* pays a royalty only when its row also wins", and
under *ties: bank* "the bank wins tied rows". So a royalty row that ties is paid to neither hand
when ties push, and to the bank's hand (only) when the bank is one of the two seats. Two straight
flushes of the same ranks in different suits tie, so both hands below hold the same royalty in the
tied rows; every number is written out, for both seat orders.
"""

from __future__ import annotations

import pytest

from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.settlement import settle, settle_pair

# Royalties (top, middle, bottom) = (3, 10, 5) each. Top: trip threes beat trip deuces;
# middle: 8-high straight flushes tie; bottom: king-high straight flushes tie.
DEUCES = Arrangement.parse("2s 2h 2d / 4d 5d 6d 7d 8d / 9s Ts Js Qs Ks")
THREES = Arrangement.parse("3s 3h 3d / 4c 5c 6c 7c 8c / 9h Th Jh Qh Kh")
# No royalty; loses every row to both hands above.
PLAIN = Arrangement.parse("4s 5h 6s / 7s 7h 8s 8h Ac / As Ah Ad 9d 9c")

BETTER = HouseRules(royalties=True, royalties_better_hand_only=True)


def bank(seat: int, rules: HouseRules = BETTER) -> HouseRules:
    return rules.replace(ties=TieRule.BANK, bank=seat)


def test_the_hands_hold_the_royalties_the_tests_assume() -> None:
    both = settle_pair(DEUCES, THREES, HouseRules(royalties=True))
    assert both.rows == {"top": 1, "middle": None, "bottom": None}
    assert both.royalties == (18, 18)  # each way: every royalty paid, tied rows cancel
    assert both.points == (-1, 1)


def test_tied_royalty_rows_pay_neither_hand_when_ties_push() -> None:
    result = settle_pair(DEUCES, THREES, BETTER)
    assert result.royalties == (0, 3)  # only the won top's trips
    assert result.points == (-(1 + 3), 1 + 3)
    mirrored = settle_pair(THREES, DEUCES, BETTER)
    assert mirrored.royalties == (3, 0)
    assert mirrored.points == (4, -4)


@pytest.mark.parametrize("system,row_points", [(ScoringSystem.TWO_FOUR, 2), (ScoringSystem.ONE_SIX, 1)])
def test_the_bank_collects_its_tied_royalty_rows(system: ScoringSystem, row_points: int) -> None:
    # DEUCES is the bank: it wins the tied middle and bottom (2 rows to 1) and their royalties.
    result = settle_pair(DEUCES, THREES, bank(0, BETTER.replace(system=system)))
    assert result.rows == {"top": 1, "middle": 0, "bottom": 0}
    assert result.royalties == (10 + 5, 3)
    assert result.points == (row_points + 15 - 3, -(row_points + 15 - 3))
    # The same hands in the other seats: the bank is still DEUCES's seat.
    mirrored = settle_pair(THREES, DEUCES, bank(1, BETTER.replace(system=system)))
    assert mirrored.rows == {"top": 0, "middle": 1, "bottom": 1}
    assert mirrored.royalties == (3, 15)
    assert mirrored.points == (-(row_points + 12), row_points + 12)


@pytest.mark.parametrize("system,scoop", [(ScoringSystem.TWO_FOUR, 4), (ScoringSystem.ONE_SIX, 6)])
def test_a_bank_that_wins_every_row_by_ties_collects_every_royalty(system: ScoringSystem, scoop: int) -> None:
    rules = bank(1, BETTER.replace(system=system))
    result = settle_pair(DEUCES, THREES, rules)
    assert result.rows == {"top": 1, "middle": 1, "bottom": 1}
    assert result.royalties == (0, 18)
    assert result.points == (-(scoop + 18), scoop + 18)
    mirrored = settle_pair(THREES, DEUCES, bank(0, BETTER.replace(system=system)))
    assert mirrored.royalties == (18, 0)
    assert mirrored.points == (scoop + 18, -(scoop + 18))


def test_without_better_hand_only_the_bank_wins_the_rows_but_every_royalty_is_paid() -> None:
    rules = bank(0, HouseRules(royalties=True))
    result = settle_pair(DEUCES, THREES, rules)
    assert result.royalties == (18, 18)
    assert result.points == (2, -2)


@pytest.mark.parametrize("ties,bank_seat,points", [
    (TieRule.PUSH, 0, (-4 + 22, 4 + 22, -44)),
    (TieRule.BANK, 2, (-4 + 22, 4 + 22, -44)),  # the bank is no seat of the tied pair: a push
    (TieRule.BANK, 0, (14 + 22, -14 + 22, -44)),
    (TieRule.BANK, 1, (-22 + 22, 22 + 22, -44)),
])
def test_three_seats_exact_points(ties: TieRule, bank_seat: int, points: tuple[int, int, int]) -> None:
    rules = BETTER.replace(ties=ties, bank=bank_seat)
    result = settle([DEUCES, THREES, PLAIN], rules)
    assert result.points == points
    # PLAIN loses every row to both: each collects all 18 of its royalties from it.
    assert [p.royalties for p in result.pairs[1:]] == [(18, 0), (18, 0)]
    assert sum(result.points) == 0


def test_a_fouled_opponent_pays_every_royalty_under_better_hand_only() -> None:
    fouled = Arrangement.parse("As Ah Ad / 7s 7h 8s 8h Ac / 4s 5h 6s 9d 9c")
    result = settle_pair(DEUCES, fouled, BETTER)
    assert result.royalties == (18, 0)
    assert result.points == (4 + 18, -22)
