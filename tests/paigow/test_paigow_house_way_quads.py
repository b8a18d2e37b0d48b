"""The house way's four of a kind and five aces (RULES.md §2, seed ``004_…``), case by case.

The rule text: 2–6 always together; 7–10 split (two in front) unless an ace or a pair can be
played in front; J–K split unless the hand also holds a pair of 10s or better; aces split unless
a pair of 7s or better can be played in front. Where kept, the best other two cards go in front
(a pair before any two singletons). Five aces: split (a pair of aces in front) unless a pair of
kings can be played in front. The joker is an ace here, save that four aces made with the joker
can hold a straight flush (another rule, left out below) or a flush kept in back on a split.

:func:`expected` reads that text on its own; every hand with four of a kind is checked against
it: the rule named, the exact ranks in front, and the strongest back those ranks allow.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cp_trainer.paigow.cards import JOKER, PgCard, card_code, card_from_code, effective_rank, parse_pg_cards
from cp_trainer.paigow.hands import PgCategory, category_of, eval5_codes
from cp_trainer.paigow.house_way import HouseRule, house_way, house_way_indices
from cp_trainer.paigow.setting import BACKS, FRONTS, all_settings

R = HouseRule
SUITS = "shdc"
RANKS = "23456789TJQKA"


def expected(cards: list[PgCard]) -> tuple[HouseRule, tuple[int, int]]:
    """The deciding rule and the front's ranks (high first), from the rule text alone."""
    ranks = [effective_rank(c) for c in cards]
    counts = {r: ranks.count(r) for r in set(ranks)}
    if counts.get(14) == 5:
        others = sorted((r for r in ranks if r != 14), reverse=True)
        if others == [13, 13]:
            return R.FIVE_ACES_TOGETHER, (13, 13)
        return R.FIVE_ACES_SPLIT, (14, 14)
    (q,) = [r for r, n in counts.items() if n >= 4]
    others = sorted((r for r in ranks if r != q), reverse=True)
    pairs = [r for r in set(others) if others.count(r) >= 2]
    pair = max(pairs) if pairs else None
    kept: tuple[int, int] = (pair, pair) if pair is not None else (others[0], others[1])
    split = (q, q)
    if q <= 6:
        return R.QUADS_LOW, kept
    if q <= 10:
        together = 14 in others or pair is not None
        return (R.QUADS_MID_TOGETHER, kept) if together else (R.QUADS_MID_SPLIT, split)
    if q <= 13:
        together = pair is not None and pair >= 10
        return (R.QUADS_HIGH_TOGETHER, kept) if together else (R.QUADS_HIGH_SPLIT, split)
    together = pair is not None and pair >= 7
    return (R.QUAD_ACES_TOGETHER, kept) if together else (R.QUAD_ACES_SPLIT, split)


def front_ranks(cards: tuple[PgCard, ...] | list[PgCard]) -> tuple[int, int]:
    a, b = sorted((effective_rank(c) for c in cards), reverse=True)
    return a, b


def best_back(cards: list[PgCard], front: tuple[int, int]) -> int:
    return max(s.high_value() for s in all_settings(cards) if front_ranks(s.low) == front)


def check(cards: list[PgCard]) -> None:
    rule, front = expected(cards)
    hw = house_way(cards)
    assert hw.rules == (rule,), cards
    assert front_ranks(hw.setting.low) == front, (cards, hw.setting)
    assert hw.setting.high_value() == best_back(cards, front), (cards, hw.setting)
    assert not hw.setting.is_foul()


# --- the rule table, written out: (hand, the front's exact cards, rule, the back's category) ----

Q = PgCategory.FOUR_OF_A_KIND
CASES = [
    # 2s-6s: always together, the best two others in front (a pair before an ace).
    ("2s 2h 2d 2c Ah Kd 9c", "Ah Kd", R.QUADS_LOW, Q),
    ("6s 6h 6d 6c Kh Qd 3c", "Kh Qd", R.QUADS_LOW, Q),  # the top of the low band
    ("6s 6h 6d 6c Ah 3d 3c", "3d 3c", R.QUADS_LOW, Q),  # a pair before the ace
    ("4s 4h 4d 4c Jk 9d 5c", "Jk 9d", R.QUADS_LOW, Q),  # joker: an ace singleton
    ("5s 5h 5d 5c Kh Kd Kc", "Kh Kd", R.QUADS_LOW, Q),  # trips among the others: a pair of them
    # 7s-10s: together with an ace or a pair for the front, else split.
    ("7s 7h 7d 7c Kh Qd 3c", "7s 7h", R.QUADS_MID_SPLIT, PgCategory.PAIR),  # the band's bottom
    ("7s 7h 7d 7c Ah Qd 3c", "Ah Qd", R.QUADS_MID_TOGETHER, Q),
    ("Ts Th Td Tc Kh Qd Jc", "Ts Th", R.QUADS_MID_SPLIT, PgCategory.PAIR),  # the band's top
    ("Ts Th Td Tc 2h 2d 5c", "2h 2d", R.QUADS_MID_TOGETHER, Q),
    ("8s 8h 8d 8c Ah 3d 3c", "3d 3c", R.QUADS_MID_TOGETHER, Q),  # a pair before the ace
    ("9s 9h 9d 9c Jk Qd 4c", "Jk Qd", R.QUADS_MID_TOGETHER, Q),  # joker: the ace
    ("9s 9h 9d 9c Jk Ad 4c", "Jk Ad", R.QUADS_MID_TOGETHER, Q),  # joker and ace: a pair of aces
    # Jacks to kings: together only beside a pair of 10s or better.
    ("Js Jh Jd Jc Ts Td 2c", "Ts Td", R.QUADS_HIGH_TOGETHER, Q),  # the lowest pair that keeps
    ("Js Jh Jd Jc 9s 9d Ac", "Js Jh", R.QUADS_HIGH_SPLIT, PgCategory.TWO_PAIR),  # 9s and an ace
    ("Ks Kh Kd Kc Ah Qd 2c", "Ks Kh", R.QUADS_HIGH_SPLIT, PgCategory.PAIR),  # an ace is not enough
    ("Qs Qh Qd Qc Ah Ad 2c", "Ah Ad", R.QUADS_HIGH_TOGETHER, Q),
    ("Ks Kh Kd Kc Th Td Tc", "Th Td", R.QUADS_HIGH_TOGETHER, Q),  # trip tens: a pair of them
    ("Qs Qh Qd Qc 5h 5d 5c", "Qs Qh", R.QUADS_HIGH_SPLIT, PgCategory.FULL_HOUSE),  # trip fives
    # Aces: together only beside a pair of 7s or better.
    ("As Ah Ad Ac 7h 7d Kc", "7h 7d", R.QUAD_ACES_TOGETHER, Q),
    ("As Ah Ad Ac 6h 6d Kc", "As Ah", R.QUAD_ACES_SPLIT, PgCategory.TWO_PAIR),
    ("As Ah Ad Ac Kh Qd Jc", "As Ah", R.QUAD_ACES_SPLIT, PgCategory.PAIR),
    ("As Ah Ad Ac 2h 2d 2c", "As Ah", R.QUAD_ACES_SPLIT, PgCategory.FULL_HOUSE),
    ("As Ah Ad Ac 8h 8d 8c", "8h 8d", R.QUAD_ACES_TOGETHER, Q),
    ("As Ah Ad Jk 9h 9d 3c", "9h 9d", R.QUAD_ACES_TOGETHER, Q),  # joker: the fourth ace
    # Five aces: together only beside a pair of kings.
    ("As Ah Ad Ac Jk Kh Kd", "Kh Kd", R.FIVE_ACES_TOGETHER, PgCategory.FIVE_ACES),
    ("As Ah Ad Ac Jk Qh Qd", None, R.FIVE_ACES_SPLIT, PgCategory.FULL_HOUSE),
]


@pytest.mark.parametrize("hand,front,rule,back", CASES)
def test_the_rule_table(hand: str, front: str | None, rule: HouseRule, back: PgCategory) -> None:
    cards = parse_pg_cards(hand)
    hw = house_way(cards)
    assert hw.rules == (rule,)
    if front is not None:
        assert {str(c) for c in hw.setting.low} == set(front.split())
    else:
        assert front_ranks(hw.setting.low) == (14, 14)
    assert category_of(hw.setting.high_value()) is back
    assert expected(cards) == (rule, front_ranks(hw.setting.low))  # the oracle reads it the same


def test_every_quads_rule_has_a_case() -> None:
    quads = {r for r in HouseRule if "QUAD" in r.name or "FIVE_ACES" in r.name}
    assert {rule for _, _, rule, _ in CASES} == quads


def _quads_hands() -> list[list[PgCard]]:
    """Every four of a kind (and four aces with the joker, and five aces) beside every multiset of
    three other ranks (the joker among them); singletons are spades, so four aces with the joker
    can hold a flush."""
    hands = []
    kinds: list[tuple[int, list[PgCard]]] = []
    for q in range(2, 15):
        kinds.append((q, parse_pg_cards([RANKS[q - 2] + s for s in SUITS])))
    kinds.append((14, [*parse_pg_cards("As Ah Ad"), JOKER]))
    for q, quad in kinds:
        joker_used = JOKER in quad
        choices = [r for r in range(2, 15) if r != q] + ([] if joker_used or q == 14 else [0])
        for combo in itertools.combinations_with_replacement(choices, 3):
            if combo.count(0) > 1:
                continue
            others: list[PgCard] = []
            for r in combo:
                if r == 0:
                    others.append(JOKER)
                    continue
                used = sum(1 for c in others if c is not JOKER and effective_rank(c) == r)
                others.append(parse_pg_cards([RANKS[r - 2] + SUITS[used]])[0])
            hands.append(quad + others)
    for pair in itertools.combinations_with_replacement(range(2, 14), 2):  # five aces
        suits = iter("sh") if pair[0] == pair[1] else iter("cc")
        hands.append([*parse_pg_cards("As Ah Ad Ac"), JOKER,
                      *parse_pg_cards([RANKS[r - 2] + next(suits) for r in pair])])
    return hands


def test_every_four_of_a_kind_hand_follows_the_rule_text() -> None:
    hands = _quads_hands()
    assert len(hands) > 5000
    codes = np.array([[card_code(c) for c in cards] for cards in hands], dtype=np.int64)
    out = house_way_indices(codes, FRONTS, BACKS)
    seen = set()
    for cards, row, hand in zip(hands, out, codes, strict=True):
        highs = [eval5_codes(*(int(hand[i]) for i in back)) for back in BACKS]
        if category_of(max(highs)) is PgCategory.STRAIGHT_FLUSH:  # As 2s 3s 4s Jk: not quads
            continue
        rule, front = expected(cards)
        assert (row[1], row[2]) == (rule, -1), cards
        assert front_ranks([cards[i] for i in FRONTS[row[0]]]) == front, cards
        assert row[3] == max(h for k, h in enumerate(highs)
                             if front_ranks([cards[i] for i in FRONTS[k]]) == front), cards
        assert row[4] < row[3]  # no foul
        seen.add(rule)
    assert seen == {r for r in HouseRule if "QUAD" in r.name or "FIVE_ACES" in r.name}


def test_quad_aces_with_the_joker_split_keeps_a_flush_in_back() -> None:
    cards = parse_pg_cards("As Ad Ac Jk 9s 5s 2s")
    check(cards)
    assert category_of(house_way(cards).setting.high_value()) is PgCategory.FLUSH


def test_random_quads_hands_match_the_rule_text() -> None:
    rng = np.random.default_rng(404)
    hands = np.argsort(rng.random((200000, 53)), axis=1)[:, :7].astype(np.int64)
    ranks = np.where(hands == 52, 14, (hands >> 2) + 2)
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(2, 15)], axis=1)
    quads = hands[counts.max(axis=1) >= 4]
    quads = quads[[category_of(max(s.high_value() for s in all_settings(
        [card_from_code(int(c)) for c in h]))) is not PgCategory.STRAIGHT_FLUSH for h in quads]]
    out = house_way_indices(quads, FRONTS, BACKS)
    checked = 0
    for codes, row in zip(quads, out, strict=True):
        cards = [card_from_code(int(c)) for c in codes]
        rule, front = expected(cards)
        assert row[1] == rule and row[2] == -1, cards
        low = [cards[i] for i in FRONTS[row[0]]]
        assert front_ranks(low) == front, cards
        checked += 1
    assert checked > 50
