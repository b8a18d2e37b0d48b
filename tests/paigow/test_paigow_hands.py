"""The Pai Gow evaluator: joker, five aces, the wheel second-highest, 2-card low hands.

The exhaustive tests run over all C(53, 5) = 2,869,685 five-card hands in Numba (about a
second). The joker is checked against an independent reference: the best value over every card
the joker could stand for (any card that makes a straight or flush, otherwise an ace).
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from numba import njit

from cp_trainer.paigow.cards import parse_pg_cards
from cp_trainer.paigow.hands import (
    PgCategory,
    category_of,
    describe_high,
    describe_low,
    eval5_codes,
    evaluate_high,
    evaluate_low,
)
from cp_trainer.rules.cards import FULL_DECK
from cp_trainer.rules.strength import evaluate5


@njit(cache=True)
def _all_hand_counts() -> tuple[np.ndarray, np.ndarray]:
    natural = np.zeros(10, np.int64)
    joker = np.zeros(10, np.int64)
    for a in range(53):
        for b in range(a + 1, 53):
            for c in range(b + 1, 53):
                for d in range(c + 1, 53):
                    for e in range(d + 1, 53):
                        v = eval5_codes(a, b, c, d, e)
                        if e == 52:
                            joker[v >> 20] += 1
                        else:
                            natural[v >> 20] += 1
    return natural, joker


@njit(cache=True)
def _joker_mismatches() -> tuple[int, np.ndarray]:
    """Compare every joker hand with the substitution reference; count categories too."""
    bad = 0
    counts = np.zeros(10, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    if a >> 2 == 12:  # four aces (a is the lowest code): five aces
                        ref = (9 << 20) | (14 << 16)
                    else:
                        ref = -1
                        for s in range(52):
                            if s in (a, b, c, d):
                                continue
                            v = eval5_codes(a, b, c, d, s)
                            cat = v >> 20
                            if cat == 4 or cat == 5 or cat == 8 or s >> 2 == 12:
                                ref = max(ref, v)
                    got = eval5_codes(a, b, c, d, 52)
                    counts[ref >> 20] += 1
                    if got != ref:
                        bad += 1
    return bad, counts


# Standard 52-card five-card hand counts, high card .. straight flush.
STANDARD_52 = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40, 0]


def test_counts_over_every_five_card_hand_of_the_53_card_deck() -> None:
    natural, joker = _all_hand_counts()
    assert list(natural) == STANDARD_52
    total = natural + joker
    assert int(total.sum()) == math.comb(53, 5)
    # Top categories as published for the 53-card deck (five aces 1, straight flush 204, four of
    # a kind 828, full house 4368, flush 7804, straight 20532).
    assert list(total[4:]) == [20532, 7804, 4368, 828, 204, 1]
    _bad, ref_counts = _joker_mismatches()
    assert list(joker) == list(ref_counts)


def test_joker_hands_equal_the_best_substitution() -> None:
    bad, _ = _joker_mismatches()
    assert bad == 0


def test_natural_hands_match_chinese_poker_scale_with_wheel_second() -> None:
    rng = random.Random(6)
    for _ in range(3000):
        cards = rng.sample(FULL_DECK, 5)
        assert evaluate_high(cards) == evaluate5(cards, wheel_second=True), cards


def v(text: str) -> int:
    return evaluate_high(parse_pg_cards(text))


def test_five_aces_top_everything() -> None:
    assert category_of(v("As Ah Ad Ac Jk")) is PgCategory.FIVE_ACES
    assert v("As Ah Ad Ac Jk") > v("As Ks Qs Js Ts")


def test_wheel_is_second_highest_straight() -> None:
    wheel = v("As 2d 3h 4s 5c")
    assert v("Ts Jd Qh Ks Ac") > wheel > v("9s Td Jh Qs Kc") > v("2s 3d 4h 5s 6c")
    assert v("Ah 2h 3h 4h 5h") > v("9h Th Jh Qh Kh")
    assert describe_high(wheel) == "five-high straight (wheel)"


def test_joker_completes_straights_flushes_and_straight_flushes() -> None:
    assert category_of(v("Jk 9d Th Js Qc")) is PgCategory.STRAIGHT
    assert v("Jk 9d Th Js Qc") == v("Kc 9d Th Js Qc")  # the joker takes the top end
    assert v("Jk 2d 3h 4s 5c") == v("As 2d 3h 4s 5c")  # wheel beats a 6-high straight
    assert category_of(v("Jk 9h 7h 4h 2h")) is PgCategory.FLUSH
    assert v("Jk 9h 7h 4h 2h") == v("Ah 9h 7h 4h 2h")
    assert v("Jk Ah 7h 4h 2h") == v("Ah Kh 7h 4h 2h")  # the highest heart missing
    assert category_of(v("Jk 8h 9h Jh Qh")) is PgCategory.STRAIGHT_FLUSH
    assert v("Jk Kh Qh Jh Th") == v("Ah Kh Qh Jh Th")


def test_otherwise_the_joker_is_an_ace() -> None:
    assert v("Jk As 9d 7c 3h") == v("Ad As 9d 7c 3h")
    assert v("Jk Ks Kd Kc 2h") == v("Ah Ks Kd Kc 2h")  # trips with an ace, not four kings
    assert category_of(v("Jk Ks Kd Kc 2h")) is PgCategory.THREE_OF_A_KIND
    assert category_of(v("Jk As Ad Ac 2h")) is PgCategory.FOUR_OF_A_KIND
    assert category_of(v("Jk As Ad Kc Kh")) is PgCategory.FULL_HOUSE
    assert category_of(v("Jk Kd 9h 7s 3c")) is PgCategory.HIGH_CARD
    assert v("Jk Kd 9h 7s 3c") == v("Ac Kd 9h 7s 3c")


def test_low_hands() -> None:
    def low(text: str) -> int:
        return evaluate_low(parse_pg_cards(text))

    assert low("As Ah") > low("Ks Kh") > low("2s 2h") > low("As Kh") > low("3s 2h")
    assert low("Jk As") == low("Ad As")
    assert low("Jk 9s") == low("Ac 9s")
    # On the high hand's scale: a low pair of queens beats a high hand of AKJ-high only.
    assert low("Qs Qh") > v("As Kd Jh 9s 3c")
    assert low("As Kh") < v("Ad Kd Jh 9s 3c")
    assert low("Qs Qh") < v("Qd Qc 2h 3s 4c")
    assert describe_low(parse_pg_cards("Jk 9s")) == "A-9"
    assert describe_low(parse_pg_cards("Ks Kh"), "ru") == "пара королей"


def test_category_labels() -> None:
    assert PgCategory.FIVE_ACES.label("en") == "five aces"
    assert PgCategory.FIVE_ACES.label("ru") == "пять тузов"
    assert PgCategory.FLUSH.label("ru") == "флеш"
    assert describe_high(v("As Ah Ad Ac Jk"), "ru") == "пять тузов"


@pytest.mark.parametrize("n", [4, 6])
def test_wrong_sizes(n: int) -> None:
    with pytest.raises(ValueError, match="high hand has 5 cards"):
        evaluate_high(FULL_DECK[:n])
