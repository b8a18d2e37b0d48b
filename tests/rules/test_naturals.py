"""Naturals (RULES.md §1): which 13-card hands hold one, worked out by hand, and how they settle."""

from __future__ import annotations

import pytest

from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from cp_trainer.rules.naturals import Natural, natural_of
from cp_trainer.rules.settlement import PairKind, settle_pair

A = Arrangement.parse


@pytest.mark.parametrize(("hand", "natural"), [
    # dragon: 2 to A, whatever the rows and suits (even a hand that fouls as set)
    ("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ad", Natural.DRAGON),
    ("Ac Kd Qh / 2s 3c 4d 5h 6s / 7c 8d 9h Ts Jc", Natural.DRAGON),
    # six pairs; a set of three holds one pair, four of a kind two
    ("2c 2d 9h / 3c 3d 4h 4s 5c / 5d 6h 6s 7c 7d", Natural.SIX_PAIRS),
    ("2c 2d 2h / 3c 3d 4h 4s 5c / 5d 6h 6s 7c 7d", Natural.SIX_PAIRS),
    ("2c 2d 2h / 2s 3d 3h 4s 4c / 5d 5h 6s 6c 9d", Natural.SIX_PAIRS),
    ("2c 2d 9h / 3c 3d 4h 4s 5c / 5d 6h Ks 7c 7d", None),  # five pairs
    ("2c 2d 2h / 3c 3d 4h 4s 5c / 5d 6h 7s 8c 9d", None),  # trips and three pairs: four
    # three flushes: the top's three cards of one suit, middle and bottom flushes
    ("2h 6h 9h / 3c 5c 7c Jc Kc / 2s 4s 8s Ts Qs", Natural.THREE_FLUSHES),
    ("2h 6h 9h / 3c 4c 5c 6c 7c / 2s 4s 8s Ts Qs", Natural.THREE_FLUSHES),  # a straight flush counts
    ("2h 6h 9d / 3c 5c 7c Jc Kc / 2s 4s 8s Ts Qs", None),  # top of two suits
    ("2h 6h 9h / 3c 5c 7c Jc Kd / 2s 4s 8s Ts Qs", None),  # middle not a flush
    ("2h 6h 9h / 3c 5c 7c Jc Kc / 2s 4s 8s Ts Qd", None),  # bottom not a flush
    # three straights: the top in sequence (A-2-3 and Q-K-A too), middle and bottom straights
    ("Ah 2h 3c / 4c 5d 6h 7s 8c / 8d 9d Th Js Qc", Natural.THREE_STRAIGHTS),
    ("Qh Kh Ac / 4c 5d 6h 7s 8c / 8d 9d Th Js Qc", Natural.THREE_STRAIGHTS),
    ("4h 5h 6c / 8c 9d Th Js Qc / 9c Td Jh Qs Kc", Natural.THREE_STRAIGHTS),
    ("Kh Ac 2c / 4c 5d 6h 7s 8c / 8d 9d Th Js Qc", None),  # K-A-2 does not wrap
    ("2h 3h 5c / 4c 5d 6h 7s 8c / 8d 9d Th Js Qc", None),  # a gap in the top
    ("2h 2d 3c / 4c 5d 6h 7s 8c / 8d 9d Th Js Qc", None),  # a pair in the top
    ("Ah 2h 3c / 4c 5d 6h 7s 9c / 8d 9d Th Js Qc", None),  # middle not a straight
    ("Ah 2h 3c / 4c 5d 6h 7s 8c / 8d 9d Th Js Kc", None),  # bottom not a straight
    ("Ah 2h 3c / 4c 5c 6c 7c 8c / 8d 9d Th Js Qc", Natural.THREE_STRAIGHTS),  # straight flush counts
    # nothing at all
    ("Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d", None),
])
def test_natural_of(hand: str, natural: Natural | None) -> None:
    assert natural_of(A(hand)) is natural


def test_a_dragon_outranks_the_rest() -> None:
    # 13 distinct ranks that are also three straights: the dragon is the better natural.
    hand = A("Ah 2h 3c / 4c 5d 6h 7s 8c / 9d Td Jh Qs Kc")
    assert natural_of(hand) is Natural.DRAGON
    assert Natural.DRAGON.rank == 2
    assert {n.rank for n in Natural if n is not Natural.DRAGON} == {1}


def test_six_pairs_before_three_flushes() -> None:
    hand = A("2h 5h 9h / 2c 5c 7c 7s Kc / 9s Ks 3s 3d Qs")  # not flushes: just six pairs
    assert natural_of(hand) is Natural.SIX_PAIRS


def rows(top: str, middle: str, bottom: str) -> Arrangement:
    return Arrangement(tuple(parse_cards(top)), tuple(parse_cards(middle)), tuple(parse_cards(bottom)))


def test_only_a_whole_hand_of_distinct_cards_holds_one() -> None:
    assert natural_of(rows("2c 3d", "5s 6c 7d 8h 9s", "Tc Jd Qh Ks Ad")) is None
    # 13 cards with a duplicate: never a natural, even with 12 distinct ranks + a pair
    twice = rows("2c 2c 4h", "5s 6c 7d 8h 9s", "Tc Jd Qh Ks Ad")
    assert natural_of(twice) is None
    six_twice = rows("2c 2c 9h", "3c 3d 4h 4s 5c", "5d 6h 6s 7c 7d")
    assert natural_of(six_twice) is None


def test_labels_and_keys() -> None:
    assert Natural.SIX_PAIRS.key == "six_pairs"
    assert [n.label() for n in Natural] == ["three straights", "three flushes", "six pairs", "dragon"]
    assert [n.label("ru") for n in Natural] == ["три стрита", "три флеша", "шесть пар", "дракон"]


SIX_PAIRS = A("2c 2d 9h / 3c 3d 4h 4s 5c / 5d 6h 6s 7c 7d")
DRAGON = A("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ad")
PLAIN = A("Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d")


def test_settled_by_naturals() -> None:
    rules = HouseRules(naturals=True)
    assert settle_pair(SIX_PAIRS, PLAIN, rules).points == (4, -4)
    assert settle_pair(PLAIN, SIX_PAIRS, rules).points == (-4, 4)
    assert settle_pair(DRAGON, SIX_PAIRS, rules).points == (4, -4)
    assert settle_pair(SIX_PAIRS, DRAGON, rules).points == (-4, 4)
    assert settle_pair(DRAGON, DRAGON, rules).kind is PairKind.NATURAL  # (the same cards: a push)
    assert settle_pair(DRAGON, DRAGON, rules).points == (0, 0)
    one_six = HouseRules(naturals=True, system=ScoringSystem.ONE_SIX)
    assert settle_pair(PLAIN, DRAGON, one_six).points == (-6, 6)
    assert settle_pair(PLAIN, DRAGON, HouseRules(naturals=True, natural_amount=9)).points == (-9, 9)
