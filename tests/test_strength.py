"""Hand strength: exhaustive 5-card category counts, the full ordering, top-vs-middle edge cases."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb

from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_cards

from cp_trainer.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from cp_trainer.strength import (
    Category,
    category_of,
    describe,
    evaluate,
    evaluate3,
    evaluate5,
    lowball27,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def _classes() -> list[tuple[int, int, list[Card]]]:
    """Every 5-card hand class: (strength, number of hands in it, a representative hand).

    A hand's strength depends only on its rank multiset and on whether it is a flush, so the
    2,598,960 hands fall into rank multisets: a multiset with counts m_r holds prod C(4, m_r)
    hands; when its five ranks differ, 4 of its 4^5 suit patterns are flushes, 1020 are not.
    """
    out = []
    for ranks in combinations_with_replacement(range(2, 15), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            flush = [Card(Rank(r), S) for r in ranks]
            plain = [Card(Rank(r), S if i else H) for i, r in enumerate(ranks)]
            out.append((evaluate5(flush), 4, flush))
            out.append((evaluate5(plain), 4**5 - 4, plain))
        else:
            suits = (S, H, D, C)
            hand = []
            for r, n in counts.items():
                hand += [Card(Rank(r), suits[k]) for k in range(n)]
            out.append((evaluate5(hand), _multiset_hands(counts), hand))
    return out


def _multiset_hands(counts: Counter[int]) -> int:
    total = 1
    for n in counts.values():
        total *= comb(4, n)
    return total


CLASSES = _classes()
REPRESENTATIVE = {strength: hand for strength, _, hand in CLASSES}

KNOWN_COUNTS = {
    Category.STRAIGHT_FLUSH: (40, 10),
    Category.FOUR_OF_A_KIND: (624, 156),
    Category.FULL_HOUSE: (3744, 156),
    Category.FLUSH: (5108, 1277),
    Category.STRAIGHT: (10200, 10),
    Category.THREE_OF_A_KIND: (54912, 858),
    Category.TWO_PAIR: (123552, 858),
    Category.PAIR: (1098240, 2860),
    Category.HIGH_CARD: (1302540, 1277),
}


def test_every_five_card_hand_is_counted_in_its_category() -> None:
    hands: Counter[Category] = Counter()
    values: dict[Category, set[int]] = {c: set() for c in Category}
    for strength, n, _ in CLASSES:
        hands[category_of(strength)] += n
        values[category_of(strength)].add(strength)
    assert sum(hands.values()) == comb(52, 5) == 2_598_960
    for cat, (count, distinct) in KNOWN_COUNTS.items():
        assert hands[cat] == count, cat
        assert len(values[cat]) == distinct, cat
    assert len({s for s, _, _ in CLASSES}) == 7462


def test_the_full_ordering_agrees_with_an_independent_evaluator() -> None:
    # phevaluator ranks the 7462 classes 1 (royal flush) .. 7462 (7-5-4-3-2): ours must order
    # every class the same way, ties included.
    ours: dict[int, int] = {}
    for strength, _, hand in CLASSES:
        theirs = evaluate_cards(*(str(c) for c in hand))
        assert ours.setdefault(strength, theirs) == theirs, hand
    by_strength = [ours[s] for s in sorted(ours)]
    assert by_strength == sorted(by_strength, reverse=True)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=5, unique=True))
def test_strength_depends_on_ranks_and_flush_only(hand: list[Card]) -> None:
    # What the class counting above relies on, checked on random hands: any hand ranks as the
    # representative of its strength does.
    rep = REPRESENTATIVE[evaluate5(hand)]
    assert evaluate_cards(*(str(c) for c in rep)) == evaluate_cards(*(str(c) for c in hand))


def test_every_three_card_top() -> None:
    cats: Counter[Category] = Counter()
    for hand in combinations(FULL_DECK, 3):
        cats[category_of(evaluate3(hand))] += 1
    assert cats == {Category.THREE_OF_A_KIND: 52, Category.PAIR: 3744, Category.HIGH_CARD: 18304}


def _s(text: str) -> int:
    return evaluate(parse_cards(text))


def test_top_running_out_of_cards_is_not_stronger() -> None:
    # RULES.md: AKQ top with AKQJ9 middle is legal; QQ+A top with QQ+K.. middle is a foul.
    assert _s("As Kd Qc") < _s("Ah Kc Qd Jh 9s")
    assert _s("Qs Qd Ac") > _s("Qh Qc Kd 3h 2s")
    assert _s("Qs Qd 2c") < _s("Qh Qc 3d 2h 4s")
    assert _s("9s 9d 9c") > _s("8h 8c 8d Ah Ks")
    assert _s("9s 9d 9c") < _s("Th Tc Td 2h 3s")
    assert _s("As Kd Qc") == _s("Ah Kh Qh")  # no flush in the top
    assert _s("Qs Kd Ac") < _s("Ah 2h 3d 4h 5s")  # no straight in the top either


def test_wheel_is_lowest_straight_or_second() -> None:
    wheel, six, broadway = parse_cards("Ah 2d 3c 4s 5h"), parse_cards("2d 3c 4s 5h 6d"), parse_cards(
        "Ah Kd Qc Js Th")
    king = parse_cards("9h Kd Qc Js Th")
    assert evaluate5(wheel) < evaluate5(six) < evaluate5(king) < evaluate5(broadway)
    assert evaluate5(king, wheel_second=True) < evaluate5(wheel, wheel_second=True)
    assert evaluate5(wheel, wheel_second=True) < evaluate5(broadway, wheel_second=True)
    sf_wheel = parse_cards("Ah 2h 3h 4h 5h")
    assert category_of(evaluate5(sf_wheel)) is Category.STRAIGHT_FLUSH
    assert evaluate5(sf_wheel, wheel_second=True) > evaluate5(parse_cards("9h Kh Qh Jh Th"))


def test_lowball_27() -> None:
    best = lowball27(parse_cards("7h 5d 4c 3s 2h"))
    assert best > lowball27(parse_cards("8h 5d 4c 3s 2h"))
    assert best > lowball27(parse_cards("7h 5h 4h 3h 2h"))  # a flush counts against a low hand
    assert lowball27(parse_cards("6h 5d 4c 3s 2h")) < lowball27(parse_cards("Kh Qd Jc 9s 8h"))  # straight
    assert lowball27(parse_cards("Ah 5d 4c 3s 2h")) < lowball27(parse_cards("Kh 5d 4c 3s 2h"))  # ace high
    assert lowball27(parse_cards("Kh Kd 4c 3s 2h")) < lowball27(parse_cards("Ah Qd Jc 9s 8h"))


def test_descriptions() -> None:
    assert describe(_s("Kh Kd 4c 3s 2h")) == "pair of kings"
    assert describe(_s("Kh Kd 4c 3s 2h"), "ru") == "пара королей"
    assert describe(_s("Ah Qh 9h 4h 2h")) == "ace-high flush"
    detailed = describe(_s("Qs Qd Ac"), detailed=True)
    assert detailed.startswith("pair of queens") and detailed.endswith("A")
