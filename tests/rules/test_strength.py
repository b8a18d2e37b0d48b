"""Hand strength: exhaustive 5-card category counts, the full ordering, top-vs-middle edge cases."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_cards

from cp_trainer.rules.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from cp_trainer.rules.strength import (
    WHEEL,
    WHEEL_SECOND,
    Category,
    category_of,
    describe,
    describe_lowball,
    evaluate,
    evaluate3,
    evaluate5,
    high_hand_27,
    lowball27,
    ranks_of,
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


# --- exact answers: names in both languages, sizes refused, lowball order ----------------------

@pytest.mark.parametrize(("cards", "en", "ru", "detailed"), [
    ("As Ks Qs Js Ts", "royal flush", "роял-флеш", "royal flush"),
    ("9c Tc Jc Qc Kc", "king-high straight flush", "стрит-флеш до короля", "king-high straight flush"),
    ("Ac 2c 3c 4c 5c", "five-high straight flush", "стрит-флеш до пятёрки", "five-high straight flush"),
    ("9c 9d 9h 9s Kc", "four nines", "каре девяток", "four nines, kicker K"),
    ("9c 9d 9h Ks Kd", "full house, nines over kings", "фулл-хаус: девятки и короли",
     "full house, nines over kings"),
    ("2c 5c 7c 9c Jc", "jack-high flush", "флеш до валета", "jack-high flush, kickers 9-7-5-2"),
    ("9c Td Jh Qs Kc", "king-high straight", "стрит до короля", "king-high straight"),
    ("Ts Jd Qh Kc As", "ace-high straight", "стрит до туза", "ace-high straight"),
    ("Ah 2d 3c 4s 5h", "five-high straight (wheel)", "стрит до пятёрки (колесо)",
     "five-high straight (wheel)"),
    ("9c 9d 9h Ks Qd", "three nines", "тройка девяток", "three nines, kickers K-Q"),
    ("9c 9d Kh Ks Qd", "two pair, kings and nines", "две пары: короли и девятки",
     "two pair, kings and nines, kicker Q"),
    ("9c 9d Kh Js Qd", "pair of nines", "пара девяток", "pair of nines, kickers K-Q-J"),
    ("2c 5d 7h 9s Jd", "jack-high", "старшая карта — валет", "jack-high, kickers 9-7-5-2"),
    ("7s 7h 7d", "three sevens", "тройка семёрок", "three sevens"),
    ("As Ah Kd", "pair of aces", "пара тузов", "pair of aces, kicker K"),
    ("As Kh Qd", "ace-high", "старшая карта — туз", "ace-high, kickers K-Q"),
])
def test_describe_names_every_hand(cards: str, en: str, ru: str, detailed: str) -> None:
    s = evaluate(parse_cards(cards))
    assert describe(s) == en and describe(s, "ru") == ru and describe(s, detailed=True) == detailed
    if len(cards.split()) == 3:
        assert describe(s, "ru", detailed=True).startswith(ru)


def test_the_wheel_is_named_a_wheel_under_either_setting() -> None:
    for ws in (False, True):
        s = evaluate(parse_cards("Ah 2d 3c 4s 5h"), wheel_second=ws)
        assert describe(s) == "five-high straight (wheel)"
        assert ranks_of(s)[0] == (WHEEL_SECOND if ws else WHEEL)
    flush = evaluate(parse_cards("Ac 2c 3c 4c 5c"), wheel_second=True)
    assert describe(flush) == "five-high straight flush" and ranks_of(flush)[0] == WHEEL_SECOND


def test_category_labels() -> None:
    assert [c.label() for c in Category] == ["high card", "pair", "two pair", "three of a kind", "straight",
                                             "flush", "full house", "four of a kind", "straight flush"]
    assert [c.label("ru") for c in Category] == ["старшая карта", "пара", "две пары", "тройка", "стрит",
                                                 "флеш", "фулл-хаус", "каре", "стрит-флеш"]
    assert Category.TWO_PAIR.key == "two_pair"


@pytest.mark.parametrize(("fn", "cards", "message"), [
    (evaluate3, "As Kd", "^a top row has 3 cards, got 2$"),
    (evaluate5, "As Kd Qh Jc", "^a five-card row has 5 cards, got 4$"),
    (lowball27, "As Kd Qh Jc 9s 8s", "^a five-card row has 5 cards, got 6$"),
    (evaluate, "As Kd Qh Jc", "^a row has 3 or 5 cards, got 4$"),
])
def test_wrong_sizes_are_refused(fn: Any, cards: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        fn(parse_cards(cards))


def test_ranks_of_reads_five_nibbles() -> None:
    s = evaluate5(parse_cards("9c 9d Kh Js Qd"))
    assert ranks_of(s) == (9, 13, 12, 11, 0)  # a pair fills four nibbles: the pair, three kickers
    assert ranks_of(evaluate5(parse_cards("2c 3d 5h 7s 9d"))) == (9, 7, 5, 3, 2)
    assert ranks_of(evaluate3(parse_cards("As Ah Kd"))) == (14, 13, 0, 0, 0)


def test_evaluate_passes_the_wheel_setting_on() -> None:
    wheel, six = parse_cards("Ah 2d 3c 4s 5h"), parse_cards("2h 3d 4c 5s 6d")
    assert evaluate(wheel) < evaluate(six) and evaluate(wheel, wheel_second=True) > evaluate(six)
    assert evaluate(wheel, wheel_second=True) < evaluate(parse_cards("Th Jd Qc Ks Ad"))


def test_two_pair_is_not_a_pair_and_trips() -> None:
    assert category_of(evaluate5(parse_cards("9c 9d Kh Ks Qd"))) is Category.TWO_PAIR
    assert category_of(evaluate5(parse_cards("9c 9d 9h Ks Qd"))) is Category.THREE_OF_A_KIND
    assert category_of(evaluate5(parse_cards("9c 9d Kh Js Qd"))) is Category.PAIR


def test_high_hand_27_reads_the_wheel_as_ace_high() -> None:
    wheel = high_hand_27(parse_cards("Ac 2d 3h 4s 5c"))
    assert category_of(wheel) is Category.HIGH_CARD and ranks_of(wheel) == (14, 5, 4, 3, 2)
    suited = high_hand_27(parse_cards("Ac 2c 3c 4c 5c"))
    assert category_of(suited) is Category.FLUSH and ranks_of(suited) == (14, 5, 4, 3, 2)
    six = high_hand_27(parse_cards("2h 3d 4c 5s 6d"))  # a real straight stays one
    assert category_of(six) is Category.STRAIGHT
    pair_of_fives = high_hand_27(parse_cards("5c 5d 3h 4s 2c"))
    assert category_of(pair_of_fives) is Category.PAIR


def test_lowball_order() -> None:
    order = ["7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c", "8c 5d 4h 3s 2c", "Kc Qd Jh 9s 8c", "Ac 2d 3h 4s 5c",
             "Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc", "2h 3d 4c 5s 6d", "8c 6c 4c 3c 2c"]
    values = [lowball27(parse_cards(h)) for h in order]
    assert values == sorted(values, reverse=True)  # best low first
    assert len(set(values)) == len(values)
    assert lowball27(parse_cards("7c 5d 4h 3s 2c")) > 0


@pytest.mark.parametrize(("cards", "en", "ru"), [
    ("7c 5d 4h 3s 2c", "7-5-4-3-2 low", "лоу 7-5-4-3-2"),
    ("Ac 2d 3h 4s 5c", "A-5-4-3-2 low", "лоу A-5-4-3-2"),
    ("Tc 5d 4h 3s 2c", "T-5-4-3-2 low", "лоу T-5-4-3-2"),
    ("8c 6c 4c 3c 2c", "eight-high flush", "флеш до восьмёрки"),
    ("9c 9d 5h 4s 2c", "pair of nines", "пара девяток"),
])
def test_describe_lowball(cards: str, en: str, ru: str) -> None:
    assert describe_lowball(parse_cards(cards)) == en and describe_lowball(parse_cards(cards), "ru") == ru


def test_kickers_are_named_in_the_language_asked() -> None:
    nines = evaluate(parse_cards("9c 9d Kh Js Qd"))
    assert describe(nines, "ru", detailed=True) == "пара девяток, кикеры K-Q-J"
    assert describe(evaluate(parse_cards("As Ah Kd")), "ru", detailed=True) == "пара тузов, кикер K"
