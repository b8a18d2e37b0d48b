"""The house way (RULES.md §2): worked examples, every rule, the joker in each role."""

from __future__ import annotations

import numpy as np
import pytest

from cp_trainer.paigow.cards import Joker, parse_pg_cards
from cp_trainer.paigow.hands import PgCategory, category_of, evaluate_high
from cp_trainer.paigow.house_way import HouseRule, house_way, house_way_indices
from cp_trainer.paigow.setting import BACKS, FRONTS

R = HouseRule

# Worked examples (low hand shown as ranks).
EXAMPLES = [
    ("2d 3h 4d 5s 7h 8d 9c", "8-7"),
    ("Ad Ah As Ac Jk 4d 7h", "A-A"),
    ("3s 3h 3d 3c Kd Qh Tc", "K-Q"),
    ("8s 8h 8d 8c Jd Ah 6c", "A-J"),
    ("3s 3h 3d 2c 2d Ah Kc", "A-K"),
    ("Js Jh 3d 3c 9d 7h 6c", "3-3"),
    ("5s 5h 3d 3c 9d 7h 6c", "9-7"),
    ("Ts Th 5d 5c Ad 9h 6c", "A-9"),
]


def low_ranks(text: str) -> str:
    low = house_way(text).setting.low
    ranks = sorted((14 if isinstance(c, Joker) else c.rank.value for c in low), reverse=True)
    return "-".join("23456789TJQKA"[r - 2] for r in ranks)


@pytest.mark.parametrize("hand,low", EXAMPLES)
def test_issue_examples(hand: str, low: str) -> None:
    assert low_ranks(hand) == low


# (hand, the low hand's exact cards, the deciding rule(s)); the joker's role in the comment.
CASES = [
    ("Kc Jd 9h 7s 5c 3d 2h", "Jd 9h", (R.NO_PAIR,)),
    ("Jk Kd 9h 7s 5c 3d 2h", "Kd 9h", (R.NO_PAIR,)),  # joker: the ace singleton, in back
    ("Qs Qd 9h 7s 5c 3d 2h", "9h 7s", (R.ONE_PAIR,)),
    ("Jk As 9h 7s 5c 3d Kd", "Kd 9h", (R.ONE_PAIR,)),  # joker: an ace pairing an ace
    ("5s 5h 3d 3c 9d 7h 6c", "9d 7h", (R.TWO_PAIR_TOGETHER,)),
    ("Ts Th 5d 5c Jk 9h 6c", "Jk 9h", (R.TWO_PAIR_TOGETHER,)),  # joker: ace singleton in front
    ("Js Jh 5d 5c Ad 9h 4c", "Ad 9h", (R.TWO_PAIR_TOGETHER,)),  # (b) needs 6s or better
    ("7s 7h 2d 2c Kd 9h 4c", "2d 2c", (R.TWO_PAIR_SPLIT_SEVENS,)),
    ("Js Jh 6d 6c Ad 9h 4c", "6d 6c", (R.TWO_PAIR_SPLIT_JACKS_ACE,)),
    ("Qs Qh 8d 8c Jk 9h 4c", "8d 8c", (R.TWO_PAIR_SPLIT_JACKS_ACE,)),  # joker: ace singleton
    ("As Ah 2d 2c Kd 9h 4c", "2d 2c", (R.TWO_PAIR_SPLIT_ACES,)),
    ("Jk Ah 3d 3c Kd 9h 5c", "3d 3c", (R.TWO_PAIR_SPLIT_ACES,)),  # joker: pair of aces
    ("Ks Kh 8d 8c 4d 4h 2c", "Ks Kh", (R.THREE_PAIR,)),
    ("9s 9h 9d Kc 7h 4c 2d", "Kc 7h", (R.TRIPS,)),
    ("9s 9h 9d Jk 7h 4c 2d", "Jk 7h", (R.TRIPS,)),
    ("As Ah Ad Kc 7h 4c 2d", "As Kc", (R.TRIP_ACES,)),
    ("Ks Kh Kd 4c 4h 9c 2d", "4c 4h", (R.FULL_HOUSE_SPLIT,)),
    ("As Ah Ad 3c 3h 9c 2d", "3c 3h", (R.FULL_HOUSE_SPLIT,)),
    ("3s 3h 3d 2c 2d Ah Qc", "2c 2d", (R.FULL_HOUSE_SPLIT,)),  # 2s, but no king
    ("3s 3h 3d 2c 2d Jk Kc", "Jk Kc", (R.FULL_HOUSE_DEUCES_TOGETHER,)),  # joker: the ace
    ("8s 8h 8d Kc Kh 4c 4d", "Kc Kh", (R.TRIPS_TWO_PAIRS,)),
    ("Qs Qh Qd 5c 5h 5d 9c", None, (R.TWO_TRIPS,)),
    ("As Ah Jk 5c 5h 5d 9c", None, (R.TWO_TRIPS,)),  # joker: the third ace
    ("4c 5d 6h 7s 8c Kd Qh", "Kd Qh", (R.STRAIGHT,)),
    ("4c 5d 6h 7s 8c 9d 2h", "9d 2h", (R.STRAIGHT,)),  # six-card straight: the top card front
    ("5c 6d 7h 8s 9c Kd Kh", "Kd Kh", (R.STRAIGHT,)),  # straight and a pair: pair in front
    ("5c 6d 7h 8s 9c 9d 5h", "9c 5c", (R.STRAIGHT,)),  # 9s and 5s: no exception applies
    ("4c 5d Jk 7s 8c Kd 2h", "Kd 2h", (R.STRAIGHT,)),  # joker: straight filler
    ("As 2d 3h 4s 5c Kd Qh", "Kd Qh", (R.STRAIGHT,)),  # the wheel
    ("Ah 9h 7h 4h 2h Kc Qd", "Kc Qd", (R.FLUSH,)),
    ("Jk 9h 7h 4h 2h Kc Qd", "Kc Qd", (R.FLUSH,)),  # joker: flush filler
    ("Ah Kh 9h 7h 5h 4h 2h", "Ah Kh", (R.FLUSH,)),  # seven-card flush
    ("5h 6h 7h 8h 9h Ac Kd", "Ac Kd", (R.STRAIGHT_FLUSH,)),
    ("7h 8h 9h Th Jh 6c 2d", "Jh 2d", (R.STRAIGHT_FLUSH_BROKEN,)),
    ("Jk 8h 9h Th Jh 6c 2d", "Jh 2d", (R.STRAIGHT_FLUSH_BROKEN,)),  # joker: SF, then straight
    ("6h 7h 8h 9h Th 5c 2d", "5c 2d", (R.STRAIGHT_FLUSH_KEPT,)),  # T-high front: not enough
    ("Ah Kh Qh Jh Th 9c 2d", "Ah 2d", (R.ROYAL_FLUSH_BROKEN,)),
    ("Ah Kh Qh Jh Th 2h 3c", "Ah 3c", (R.ROYAL_FLUSH_BROKEN,)),
    ("Th 3h Kh Qh As Ah Jk", "As 3h", (R.ROYAL_FLUSH_KEPT,)),  # joker: royal filler
    ("Ad 2c 3h 4s 5d 5c 4h", "Ad 3h", (R.AS_TWO_PAIR_ACE, R.TWO_PAIR_TOGETHER)),
    ("5s 5h 6d 6c 8s 9d Jk", "Jk 9d", (R.AS_TWO_PAIR_ACE, R.TWO_PAIR_TOGETHER)),  # joker both
    ("7c 8d 9h Ts Jd Jc Th", "Ts Th", (R.AS_TWO_PAIR_JACKS_SIXES, R.TWO_PAIR_SPLIT_SEVENS)),
    ("Ah Ad 2c 3h 4s 5d 5c", "5d 5c", (R.AS_TWO_PAIR_ACES, R.TWO_PAIR_SPLIT_ACES)),
    ("Ah Ad 9h 7h 4h 2h 2c", "2h 2c", (R.AS_TWO_PAIR_ACES, R.TWO_PAIR_SPLIT_ACES)),
    ("3s 3h 3d 3c Kd Qh Tc", "Kd Qh", (R.QUADS_LOW,)),
    ("5s 5h 5d 5c Jk Kh 2c", "Jk Kh", (R.QUADS_LOW,)),  # joker: ace singleton in front
    ("8s 8h 8d 8c Jd Ah 6c", "Ah Jd", (R.QUADS_MID_TOGETHER,)),
    ("9s 9h 9d 9c 4d 4h Kc", "4d 4h", (R.QUADS_MID_TOGETHER,)),
    ("Ts Th Td Tc Jk 6h 2c", "Jk 6h", (R.QUADS_MID_TOGETHER,)),  # joker: the ace to play
    ("9s 9h 9d 9c Kd 6h 2c", None, (R.QUADS_MID_SPLIT,)),
    ("Qs Qh Qd Qc Td Th 2c", "Td Th", (R.QUADS_HIGH_TOGETHER,)),
    ("Ks Kh Kd Kc Jk Ah 2c", "Jk Ah", (R.QUADS_HIGH_TOGETHER,)),  # joker: pair of aces
    ("Js Jh Jd Jc 9d 9h 2c", None, (R.QUADS_HIGH_SPLIT,)),
    ("As Ah Ad Ac 7d 7h 2c", "7d 7h", (R.QUAD_ACES_TOGETHER,)),
    ("As Ah Ad Jk 8d 8h 2c", "8d 8h", (R.QUAD_ACES_TOGETHER,)),  # joker: the fourth ace
    ("As Ah Ad Ac 6d 6h 2c", None, (R.QUAD_ACES_SPLIT,)),
    ("As Ah Ad Jk Kd Qh 2c", None, (R.QUAD_ACES_SPLIT,)),
    ("As Ah Ad Ac Jk Kd Kh", "Kd Kh", (R.FIVE_ACES_TOGETHER,)),  # joker: the fifth ace
    ("Ad Ah As Ac Jk 4d 7h", None, (R.FIVE_ACES_SPLIT,)),
]


@pytest.mark.parametrize("hand,low,rules", CASES)
def test_every_rule(hand: str, low: str | None, rules: tuple[HouseRule, ...]) -> None:
    hw = house_way(hand)
    assert hw.rules == rules
    if low is not None:
        assert set(hw.setting.low) == set(parse_pg_cards(low))
    assert not hw.setting.is_foul()
    assert sorted(map(str, hw.setting.cards)) == sorted(map(str, parse_pg_cards(hand)))


def test_every_rule_has_a_case() -> None:
    covered = {r for _, _, rules in CASES for r in rules}
    assert covered == set(HouseRule)


@pytest.mark.parametrize("hand", ["9s 9h 9d 9c Kd 6h 2c", "Js Jh Jd Jc 9d 9h 2c",
                                  "As Ah Ad Ac 6d 6h 2c", "As Ah Ad Jk Kd Qh 2c",
                                  "Ad Ah As Ac Jk 4d 7h"])
def test_splits_put_a_pair_of_the_big_hand_in_front(hand: str) -> None:
    hw = house_way(hand)
    assert hw.setting.low_value() >> 20 == 1  # a pair
    if "Jk" in hand and "Ac" in hand:  # five aces split: three aces stay in back
        assert sum(1 for c in hw.setting.high if isinstance(c, Joker) or c.rank.value == 14) == 3


@pytest.mark.parametrize("hand,pair", [("Qs Qh Qd 5c 5h 5d 9c", 12), ("As Ah Jk 5c 5h 5d 9c", 14)])
def test_two_trips_put_a_pair_of_the_higher_in_front(hand: str, pair: int) -> None:
    s = house_way(hand).setting
    assert s.low_value() == (1 << 20) | (pair << 16)
    assert category_of(s.high_value()) is PgCategory.THREE_OF_A_KIND


def test_split_keeps_a_joker_flush_in_back() -> None:
    hw = house_way("As Ad Ac Jk 9s 5s 2s")
    assert hw.rules == (R.QUAD_ACES_SPLIT,)
    assert category_of(evaluate_high(hw.setting.high)) is PgCategory.FLUSH


def test_straight_flush_kept_when_the_front_is_already_jack_high() -> None:
    hw = house_way("Ts Qd Js 7d 7s 9s 8s")  # 7-J of spades; breaking would give 7-7 in front
    assert category_of(hw.setting.high_value()) is PgCategory.STRAIGHT_FLUSH
    assert set(map(str, hw.setting.low)) == {"Qd", "7d"}


def test_rule_names_translate() -> None:
    hw = house_way("Js Jh 3d 3c 9d 7h 6c")
    assert hw.rule_text("en") == "two pair, a pair of 7s or better and no ace: split"
    assert "разбить" in hw.rule_text("ru")
    two = house_way("Ad 2c 3h 4s 5d 5c 4h")
    assert two.rule_text("en") == (
        "straight or flush with two pair and an ace singleton: played as two pair; "
        "two pair: both in back, the two highest singletons in front")
    for rule in HouseRule:
        assert rule.text("en") and rule.text("ru") and rule.text("en") != rule.text("ru")


def test_random_hands_never_foul_and_match_the_single_hand_api() -> None:
    rng = np.random.default_rng(2026)
    hands = np.argsort(rng.random((20000, 53)), axis=1)[:, :7].astype(np.int64)
    out = house_way_indices(hands, FRONTS, BACKS)
    assert (out[:, 0] >= 0).all()
    assert (out[:, 4] < out[:, 3]).all()  # low below high: no foul
    from cp_trainer.paigow.cards import card_from_code

    for row, codes in zip(out[:50], hands[:50], strict=True):
        hw = house_way([card_from_code(int(c)) for c in codes])
        assert hw.index == row[0]
        assert hw.setting.high_value() == row[3] and hw.setting.low_value() == row[4]


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="7 cards, got 6"):
        house_way("As Ks Qs Js Ts 9s")
    with pytest.raises(ValueError, match="jokers"):
        house_way("Jk Joker As Ks Qs Js Ts")


def test_order_of_the_cards_does_not_matter() -> None:
    import random

    from cp_trainer.paigow.cards import PAIGOW_DECK

    rnd = random.Random(8)
    for _ in range(300):
        hand = rnd.sample(PAIGOW_DECK, 7)
        first = house_way(hand)
        shuffled = hand[:]
        rnd.shuffle(shuffled)
        again = house_way(shuffled)
        assert again.rules == first.rules
        assert (again.setting.high_value(), again.setting.low_value()) == (
            first.setting.high_value(), first.setting.low_value())
