"""Holes of the same kinds in the neighbours of settlement: a drill grade's hand check (cards
missing, not dealt, twice, rows of the wrong sizes), the grade of a non-best candidate (its own
EV and loss, not the best's), and naturals' place in settlement (before fouls and royalties,
after surrender), each with exact numbers for both seats."""

from __future__ import annotations

import pytest

from cp_trainer.drill.grading import DrillInputError, GradeLevel, HandAnalysis
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from cp_trainer.rules.naturals import Natural, natural_of
from cp_trainer.rules.settlement import PairKind, settle, settle_pair
from tests.drill_fixtures import STORED

A = Arrangement.parse
BEST = "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"


def stored() -> HandAnalysis:
    return HandAnalysis.from_json(STORED)


# --- the drill grade's hand check ----------------------------------------------------------------

def rows(top: str, middle: str, bottom: str) -> Arrangement:
    return Arrangement(tuple(parse_cards(top)), tuple(parse_cards(middle)), tuple(parse_cards(bottom)))


@pytest.mark.parametrize("arrangement", [
    rows("4s 4d 4c", "Ad Qs Qh Qd 5h", "Ks Kh Kd 6h"),  # a card missing
    rows("4s 4d 4c", "Ad Qs Qh Qd 5h", "Ks Kh Kd 6h 6c 2c"),  # a card not dealt besides them all
    rows("4s 4d 4c", "Ad Qs Qh Qd 5h", "Ks Kh Kd 6h 6h"),  # a card twice in place of one
    rows("4s 4d 4c", "Ad Qs Qh Qd 5h", "Ks Kh Kd 6h 6c 6c"),  # a card twice besides them all
    rows("4s 4d", "4c Ad Qs Qh Qd 5h", "Ks Kh Kd 6h 6c"),  # 2 / 6 / 5
    rows("4s 4d 4c Ad", "Qs Qh Qd 5h", "Ks Kh Kd 6h 6c"),  # 4 / 4 / 5
])
def test_a_drill_grade_refuses_what_is_not_the_hand_in_3_5_5(arrangement: Arrangement) -> None:
    with pytest.raises(DrillInputError, match="not a 3/5/5 arrangement of"):
        stored().grade(arrangement)


def test_a_non_best_candidate_is_graded_by_its_own_ev_and_loss() -> None:
    a = stored()
    best = a.best
    for cand in a.candidates[1:]:
        g = a.grade(cand.arrangement)
        assert g is not None
        assert (g.ev, g.loss, g.loss_stderr) == (cand.ev, cand.loss, cand.loss_stderr)
        assert (g.best, g.best_ev) == (best.arrangement, best.ev)
        assert g.significant == (cand.loss > 2.0 * cand.loss_stderr)
        assert g.counted_loss == (cand.loss if g.significant else 0.0)
    g = a.grade(A(BEST))
    assert g is not None and (g.level, g.loss, g.counted_loss) == (GradeLevel.BEST, 0.0, 0.0)


# --- naturals in settlement --------------------------------------------------------------------

DRAGON = A("2c 3d 4h / Tc Jh Qh Ks Ad / 5h 6c 7d 8h 9s")  # fouls as set: a dragon all the same
SIX_PAIRS = A("2h 2s 9h / 3c 3s 4c 4s 5c / 5h 6h 6s 7c 7s")
THREE_FLUSHES = A("4d 6d 8d / 2d 3d 9d Td Jd / Ac Kc Qc 8c 6c")
# Middle full house (2) and bottom straight flush (5): royalties of 7 (no card of DRAGON's).
ROYAL_ROWS = A("Kd Qd Jd / 9c 9d 9h 3c 3h / 8s 7s 6s 5s 4s")


def test_the_hands_are_what_the_tests_say() -> None:
    assert natural_of(DRAGON) is Natural.DRAGON
    assert natural_of(SIX_PAIRS) is Natural.SIX_PAIRS
    assert natural_of(THREE_FLUSHES) is Natural.THREE_FLUSHES
    assert natural_of(ROYAL_ROWS) is None


@pytest.mark.parametrize("system,amount", [(ScoringSystem.TWO_FOUR, 4), (ScoringSystem.ONE_SIX, 6)])
def test_a_natural_that_fouls_as_set_wins_its_amount_and_no_royalty_is_paid(
        system: ScoringSystem, amount: int) -> None:
    rules = HouseRules(naturals=True, royalties=True, system=system)
    result = settle_pair(DRAGON, ROYAL_ROWS, rules)
    assert result.kind is PairKind.NATURAL
    assert result.points == (amount, -amount)
    assert result.royalties == (0, 0)
    assert result.rows == {"top": None, "middle": None, "bottom": None}
    mirrored = settle_pair(ROYAL_ROWS, DRAGON, rules)
    assert mirrored.points == (-amount, amount) and mirrored.royalties == (0, 0)
    # Without naturals the dragon is a fouled hand and pays scoop and royalties.
    plain = settle_pair(DRAGON, ROYAL_ROWS, HouseRules(royalties=True, system=system))
    assert plain.kind is PairKind.FOUL and plain.points == (-(amount + 7), amount + 7)


def test_two_naturals_below_the_dragon_push_and_the_dragon_beats_each() -> None:
    rules = HouseRules(naturals=True, natural_amount=7)
    assert settle_pair(SIX_PAIRS, THREE_FLUSHES, rules).points == (0, 0)
    assert settle_pair(THREE_FLUSHES, SIX_PAIRS, rules).points == (0, 0)
    table = settle([SIX_PAIRS, DRAGON, THREE_FLUSHES, ROYAL_ROWS], rules)
    # SIX_PAIRS: push, -7 to the dragon, +7 from ROYAL_ROWS; the dragon +7 from each.
    assert table.points == (0, 21, 0, -21)


def test_surrender_comes_before_naturals() -> None:
    rules = HouseRules(naturals=True, surrender=True, surrender_cost=3)
    result = settle_pair(DRAGON, ROYAL_ROWS, rules, surrendered=(False, True))
    assert result.kind is PairKind.SURRENDER and result.points == (3, -3)
    result = settle_pair(DRAGON, ROYAL_ROWS, rules, surrendered=(True, False))
    assert result.kind is PairKind.SURRENDER and result.points == (-3, 3)


def test_a_natural_settles_at_the_pairs_stake() -> None:
    rules = HouseRules(naturals=True, stakes=(2.0, 0.5, 1.0))
    table = settle([DRAGON, ROYAL_ROWS, SIX_PAIRS], rules)
    assert table.points == (8, -8, 0)  # ROYAL_ROWS pays 4 to each natural
    assert table.money == pytest.approx((4 * 0.5 + 4 * 1.0, -4 * 0.5 - 4 * 0.5, -4 * 1.0 + 4 * 0.5))
