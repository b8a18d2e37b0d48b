"""One legality rule: settlement judges a hand fouled exactly when the arrangement check does.

``settlement.prepare_hand`` and ``arrangement.check_arrangement`` both go through
``arrangement.legal_strengths``; these tests pin that they agree under every house rule that
changes legality (*low middle*, *wheel ranks second*) and that the rest (scoring system, ties,
royalties, naturals, surrender) leave the verdict alone.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cp_trainer.arrangement import Arrangement, check_arrangement, legal_strengths
from cp_trainer.cards import FULL_DECK, Card, parse_cards
from cp_trainer.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.settlement import prepare_hand

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
