"""One legality rule: settlement judges a hand fouled exactly when the arrangement check does,
and both agree with an independent reference (phevaluator for five-card rows, a comparison key
written here for the top), not only with each other.

``settlement.prepare_hand`` and ``arrangement.check_arrangement`` both go through
``arrangement.legal_strengths``; these tests pin that they agree under every house rule that
changes legality (*low middle*, *wheel ranks second*) and that the rest (scoring system, ties,
royalties, naturals, surrender) leave the verdict alone.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from phevaluator import evaluate_cards

from cp_trainer.rules.arrangement import Arrangement, check_arrangement, legal_strengths
from cp_trainer.rules.cards import FULL_DECK, Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.settlement import prepare_hand

WHEEL = parse_cards("Ah 2d 3c 4s 5h")
SIX_HIGH_STRAIGHT = parse_cards("2h 3d 4c 5s 6d")


@st.composite
def thirteen_cards(draw: st.DrawFn) -> list[Card]:
    """13 distinct cards; often with a planted wheel (A-2-3-4-5), where *wheel ranks second*
    changes the order of straights."""
    if draw(st.booleans()):
        wheel = list(draw(st.permutations(WHEEL)))
        rest = [c for c in FULL_DECK if c.rank.value not in (14, 2, 3, 4, 5)]
        # A second straight (six- to nine-high) to set against the wheel, or any other cards.
        if draw(st.booleans()):
            high = draw(st.integers(6, 9))
            straight = [draw(st.sampled_from([c for c in FULL_DECK if c.rank.value == r and c not in wheel]))
                        for r in range(high - 4, high + 1)]
            others = [c for c in FULL_DECK if c not in wheel and c not in straight]
            top = draw(st.permutations(others))[:3]
            return [*top, *wheel, *straight]
        others = draw(st.permutations(rest))[:8]
        return [*others[:3], *wheel, *others[3:]]
    return list(draw(st.permutations(FULL_DECK))[:13])


@st.composite
def arrangements(draw: st.DrawFn) -> Arrangement:
    """Arrangements as a player might show them: as dealt, middle and bottom swapped, with a card
    shown twice, or with a card moved to another row (wrong sizes)."""
    cards = draw(thirteen_cards())
    top, middle, bottom = cards[:3], cards[3:8], cards[8:13]
    if draw(st.booleans()):
        middle, bottom = bottom, middle
    damage = draw(st.sampled_from(["none", "none", "duplicate", "move"]))
    if damage == "duplicate":
        rows = [top, middle, bottom]
        src, dst = draw(st.integers(0, 2)), draw(st.integers(0, 2))
        card = draw(st.sampled_from(rows[src]))
        target = rows[dst]
        i = draw(st.integers(0, len(target) - 1))
        if target[i] != card:
            target[i] = card
    elif damage == "move":
        rows = [top, middle, bottom]
        src, dst = draw(st.sampled_from([(0, 1), (1, 2), (2, 0), (1, 0)]))
        rows[dst].append(rows[src].pop())
    return Arrangement(tuple(top), tuple(middle), tuple(bottom))


# Every combination of the rules that change legality, beside rules that must not change it.
LEGALITY_RULES = st.builds(
    HouseRules,
    system=st.sampled_from(list(ScoringSystem)),
    ties=st.sampled_from(list(TieRule)),
    royalties=st.booleans(),
    naturals=st.booleans(),
    surrender=st.booleans(),
    wheel_second=st.booleans(),
    low_middle=st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(arrangements(), LEGALITY_RULES)
def test_settlement_fouls_exactly_the_hands_the_check_fouls(arr: Arrangement, rules: HouseRules) -> None:
    legal = check_arrangement(arr, rules).legal
    assert prepare_hand(arr, rules).fouled == (not legal)
    assert legal_strengths(arr, rules)[1] == legal


@settings(max_examples=150, deadline=None)
@given(arrangements(), st.booleans(), st.booleans())
def test_ignore_fouls_scores_every_complete_hand(arr: Arrangement, wheel_second: bool,
                                                 low_middle: bool) -> None:
    rules = HouseRules(ignore_fouls=True, wheel_second=wheel_second, low_middle=low_middle)
    # A hand that is not 3/5/5 cannot be scored as it lies: fouled whatever the setting.
    assert prepare_hand(arr, rules).fouled == (not arr.complete)


@pytest.mark.parametrize(("rows", "rules", "legal"), [
    # Wheel middle under a six-high straight bottom: legal by default, a foul when the wheel
    # ranks second (just below T-J-Q-K-A).
    ("Kc Qd 9h / Ah 2d 3c 4s 5h / 2h 3d 4c 5s 6d", HouseRules(), True),
    ("Kc Qd 9h / Ah 2d 3c 4s 5h / 2h 3d 4c 5s 6d", HouseRules(wheel_second=True), False),
    # A strong middle over a weak bottom: a foul, unless the middle plays 2-7 lowball, where only
    # bottom >= top counts.
    ("2c 3d 4h / Ks Kd Kh 7c 7d / Qs Qd 9c 8c 6h", HouseRules(), False),
    ("2c 3d 4h / Ks Kd Kh 7c 7d / Qs Qd 9c 8c 6h", HouseRules(low_middle=True), True),
    # Under low middle, a top pair over a bottom queen-high still fouls.
    ("As Ad 4h / 7c 5d 4c 3s 2h / Qs Jd 9c 8c 6h", HouseRules(low_middle=True), False),
])
def test_the_rules_that_change_legality(rows: str, rules: HouseRules, legal: bool) -> None:
    arr = Arrangement.parse(rows)
    assert check_arrangement(arr, rules).legal is legal
    assert prepare_hand(arr, rules).fouled is (not legal)


# --- an independent reference -----------------------------------------------------------------

def _five_value(cards: tuple[Card, ...], wheel_second: bool) -> float:
    """phevaluator's rank of five cards (1 is the royal flush: lower is stronger); under *wheel
    ranks second* A-2-3-4-5 sits just below the ace-high straight (flush)."""
    value = float(evaluate_cards(*(str(c) for c in cards)))
    if wheel_second and value in (10.0, 1609.0):  # the wheel straight flush, the wheel
        value -= 8.5  # 1.5: between the royal (1) and K-high (2); 1600.5 likewise
    return value


def _key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """(category, ranks in the order they count) of a top, or of a five-card row that holds no
    straight or flush (those outrank every top: (99,)). Categories as RULES.md: high card 0,
    pair 1, two pair 2, trips 3, full house 6, four of a kind 7."""
    ranks = [c.rank.value for c in cards]
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    counts = [n for n, _ in groups]
    if len(cards) == 5:
        distinct = sorted(set(ranks))
        straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [2, 3, 4, 5, 14])
        if straight or len({c.suit for c in cards}) == 1:
            return (99,)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (3,): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (2, 1): 1}.get(
        tuple(counts), 0)
    return (category, *[r for _, r in groups])


def _reference_legal(arr: Arrangement, rules: HouseRules) -> bool:
    if (len(arr.top), len(arr.middle), len(arr.bottom)) != (3, 5, 5) or len(set(arr.cards)) != 13:
        return False
    # a top that runs out of cards with everything equal is not stronger: a shorter tuple that
    # is a prefix of the other compares lower, exactly that rule
    if rules.low_middle:
        return not _key(arr.top) > _key(arr.bottom)
    ws = rules.wheel_second
    return not _key(arr.top) > _key(arr.middle) and _five_value(arr.middle, ws) >= _five_value(arr.bottom, ws)


@settings(max_examples=400, deadline=None)
@given(arrangements(), LEGALITY_RULES)
@example(Arrangement.parse("Kc Qd 9h / Ah 2d 3c 4s 5h / 2h 3d 4c 5s 6d"), HouseRules(wheel_second=True))
@example(Arrangement.parse("Ac Kd Qh / As Kh Qd Jc 9s / 2c 2d 3h 4s 5c"), HouseRules())  # AKQ < AKQJ9
@example(Arrangement.parse("Qs Qd Ac / Qh Qc Kd 7s 2h / 9c 9d 9h 3s 4d"), HouseRules())  # QQ+A > QQ+K
@example(Arrangement.parse("Qs Qd Kc / Qh Qc Kd 7s 2h / 9c 9d 9h 3s 4d"), HouseRules())  # QQK < QQK72
@example(Arrangement.parse("As Ad 4h / 7c 5d 4c 3s 2h / Qs Jd 9c 8c 6h"), HouseRules(low_middle=True))
@example(Arrangement.parse("2c 3d 4h / Ks Kd Kh 7c 7d / Qs Qd 9c 8c 6h"), HouseRules(low_middle=True))
@example(Arrangement.parse("7c 7d 7h / 8s 8d 2c 3d 4s / Ts Js Qs Ks As"), HouseRules())  # trips > pair
@example(Arrangement.parse("7c 7d 2h / 7s 7h 3c 4d 5s / Ts Js Qs Ks As"), HouseRules())  # 772 < 77543
def test_the_check_agrees_with_an_independent_reference(arr: Arrangement, rules: HouseRules) -> None:
    legal = _reference_legal(arr, rules)
    assert check_arrangement(arr, rules).legal is legal
    assert prepare_hand(arr, rules).fouled is (not legal)
