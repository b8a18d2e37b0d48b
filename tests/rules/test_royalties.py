"""Royalties (RULES.md §1), row by row and as settlement pays them, worked out by hand.

Default table: top trips 3; middle full house 2, four of a kind 8, straight flush 10, royal 14;
bottom four of a kind 4, straight flush 5, royal 7. Nothing else earns one: a top *pair* is not
trips, a middle flush or a bottom full house is not on the table.
"""

from __future__ import annotations

import pytest

from cp_trainer.rules.arrangement import Arrangement, Row, check_arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable
from cp_trainer.rules.royalties import row_royalty, royalties_of
from cp_trainer.rules.settlement import PairKind, settle, settle_pair
from cp_trainer.rules.strength import evaluate3, evaluate5

A = Arrangement.parse
ON = HouseRules(royalties=True)
# Every amount different, so a royalty paid from the wrong entry shows.
ODD = RoyaltyTable(top_trips=11, middle_full_house=12, middle_four_of_a_kind=13, middle_straight_flush=14,
                   middle_royal_flush=15, bottom_four_of_a_kind=16, bottom_straight_flush=17,
                   bottom_royal_flush=18)


def top(text: str) -> int:
    return evaluate3(parse_cards(text))


def five(text: str) -> int:
    return evaluate5(parse_cards(text))


@pytest.mark.parametrize(("cards", "default", "odd"), [
    ("7s 7h 7d", 3, 11),  # trips
    ("As Ah Kd", 0, 0),  # a pair is not trips
    ("2s 2h 3d", 0, 0),
    ("As Kh Qd", 0, 0),  # high card
])
def test_top_row(cards: str, default: int, odd: int) -> None:
    assert row_royalty(Row.TOP, top(cards)) == default
    assert row_royalty(Row.TOP, top(cards), ODD) == odd


@pytest.mark.parametrize(("cards", "middle", "bottom"), [
    ("Ts Js Qs Ks As", (14, 15), (7, 18)),  # royal flush
    ("9c Tc Jc Qc Kc", (10, 14), (5, 17)),  # straight flush, king high
    ("Ac 2c 3c 4c 5c", (10, 14), (5, 17)),  # the wheel suited is a straight flush, not royal
    ("9c 9d 9h 9s Kc", (8, 13), (4, 16)),  # four of a kind
    ("9c 9d 9h Ks Kd", (2, 12), (0, 0)),  # full house: a royalty in the middle only
    ("2c 5c 7c 9c Jc", (0, 0), (0, 0)),  # flush
    ("9c Td Jh Qs Kc", (0, 0), (0, 0)),  # straight
    ("Ts Jd Qh Kc As", (0, 0), (0, 0)),  # ace-high straight, unsuited: not royal
    ("9c 9d 9h Ks Qd", (0, 0), (0, 0)),  # three of a kind
    ("9c 9d Kh Ks Qd", (0, 0), (0, 0)),  # two pair
    ("9c 9d Kh Js Qd", (0, 0), (0, 0)),  # pair
    ("2c 5d 7h 9s Jd", (0, 0), (0, 0)),  # high card
])
def test_five_card_rows(cards: str, middle: tuple[int, int], bottom: tuple[int, int]) -> None:
    s = five(cards)
    assert (row_royalty(Row.MIDDLE, s), row_royalty(Row.MIDDLE, s, ODD)) == middle
    assert (row_royalty(Row.BOTTOM, s), row_royalty(Row.BOTTOM, s, ODD)) == bottom


def test_the_wheel_setting_changes_no_royalty() -> None:
    wheel = A("2h 3h 5d / 9c 9d 9h Ks Kd / Ac 2c 3c 4c 5c")
    for wheel_second in (False, True):
        rules = HouseRules(royalties=True, wheel_second=wheel_second, royalty_table=ODD)
        assert royalties_of(wheel, rules) == (0, 12, 17)


def test_royalties_of_reads_each_row_in_its_place() -> None:
    arr = A("Qd Qh Qc / 8h 8d 8c 9s 9d / As Ks Qs Js Ts")  # trips, full house, royal
    assert royalties_of(arr, ON) == (3, 2, 7)
    assert royalties_of(arr, HouseRules(royalties=True, royalty_table=ODD)) == (11, 12, 18)
    # the same cards with middle and bottom swapped: a royal middle, a full-house bottom (none)
    swapped = A("Qd Qh Qc / As Ks Qs Js Ts / 8h 8d 8c 9s 9d")
    assert royalties_of(swapped, HouseRules(royalties=True, royalty_table=ODD)) == (11, 15, 0)


def test_a_low_middle_earns_no_royalty() -> None:
    # Under low middle a full house in the middle is a bad low, not a royalty; top and bottom pay.
    arr = A("Qd Qh Qc / 8h 8d 8c 9s 9d / As Ks Qs Js Ts")
    rules = HouseRules(royalties=True, low_middle=True, royalty_table=ODD)
    assert royalties_of(arr, rules) == (11, 0, 18)


# --- as settlement pays them --------------------------------------------------------------

QUADS = A("2h 3h 5d / Tc Td Jh Kc Kh / 4c 4d 4h 4s 6c")  # legal; bottom four of a kind: 4
FOULED_TRIPS = A("Ks Kd Kh / 7c 8c 9d Js Qs / 2s 3d 5h 8h 9c")  # top trips over a high-card bottom


def test_a_fouled_hands_royalty_goes_to_the_legal_seat() -> None:
    assert check_arrangement(QUADS).legal and not check_arrangement(FOULED_TRIPS).legal
    # The legal hand scoops (4) and collects its bottom's 4; the fouled hand's trips earn nothing.
    forward = settle_pair(QUADS, FOULED_TRIPS, ON)
    assert forward.kind is PairKind.FOUL
    assert forward.points == (8, -8) and forward.royalties == (4, 0)
    backward = settle_pair(FOULED_TRIPS, QUADS, ON)
    assert backward.points == (-8, 8) and backward.royalties == (0, 4)
    # At a table of three, seat 2 fouled: seats 0 and 1 each collect their own royalty from it.
    third = A("Qd Qh Qc / 2c 3c 5c 8c Tc / As Ah Ad Ks Kc")  # trips top 3, full house bottom 0
    assert check_arrangement(third).legal
    table = settle([third, QUADS, FOULED_TRIPS], ON)
    p01, p02, p12 = table.pairs
    assert p02.points == (4 + 3, -7) and p12.points == (4 + 4, -8)
    assert table.points == (p01.points[0] + 7, p01.points[1] + 8, -15)


def test_a_fouled_hand_pays_under_every_system_plus_the_royalty() -> None:
    from cp_trainer.rules.house_rules import ScoringSystem

    rules = HouseRules(royalties=True, system=ScoringSystem.ONE_SIX, royalty_table=ODD)
    assert settle_pair(QUADS, FOULED_TRIPS, rules).points == (6 + 16, -(6 + 16))


def test_royalties_off_pay_nothing() -> None:
    assert settle_pair(QUADS, FOULED_TRIPS).points == (4, -4)
    assert settle_pair(QUADS, FOULED_TRIPS).royalties == (0, 0)
