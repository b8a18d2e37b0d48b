"""Settlement's results field by field, as a mutant would change them: what a pair's result and a
hand's view hold, worked out by hand from RULES.md §1 and the module's docstring."""

from __future__ import annotations

import pytest

from cp_trainer.rules.arrangement import Arrangement, Row
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.royalties import royalties_of
from cp_trainer.rules.settlement import (
    PairKind,
    PairResult,
    RowResult,
    SettlementError,
    prepare_hand,
    row_points,
    settle,
    settle_criss_cross,
    settle_pair,
)

A = Arrangement.parse
LEGAL = A("Qs Js 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")  # queen-high, kings, aces
FOULED = A("Ac Ad 2c / Ks Kh Tc 9c 8c / Qc Qd Jc 7d 4c")  # aces on top of kings


def test_a_foul_pays_the_scoop_and_every_row_goes_to_the_legal_hand() -> None:
    pair = settle_pair(FOULED, LEGAL, HouseRules(stakes=(2.0, 0.5)), (0, 1))
    assert pair.kind is PairKind.FOUL and pair.points == (-4, 4) and pair.money == (-2.0, 2.0)
    assert pair.rows == {Row.TOP: 1, Row.MIDDLE: 1, Row.BOTTOM: 1} and pair.stake == 0.5
    assert pair.fouled == (True, False) and pair.surrendered == (False, False)
    assert pair.hands == (FOULED, LEGAL) and pair.royalties == (0, 0) and pair.natural == (None, None)
    assert pair.points_of(0) == -4 and pair.points_of(1) == 4
    assert [pair.row_result(r, 1) for r in Row] == [RowResult.WON] * 3
    assert [pair.row_result(r, 0) for r in Row] == [RowResult.LOST] * 3


def test_a_hands_view() -> None:
    view = prepare_hand(LEGAL, HouseRules())
    assert (view.arrangement, view.surrendered, view.fouled, view.natural) == (LEGAL, False, False, None)
    assert view.royalties == (0, 0, 0) and view.strengths is not None and len(view.strengths) == 3
    gone = prepare_hand(LEGAL, HouseRules(), surrendered=True)
    assert (gone.surrendered, gone.fouled, gone.strengths, gone.royalties) == (True, False, None, (0, 0, 0))
    assert gone.arrangement == LEGAL  # shown, then given up: the rows are kept, never compared


def test_a_hand_shown_but_flagged_surrendered_pays_the_surrender() -> None:
    rules = HouseRules(surrender=True)  # 2-4: a surrender costs 3
    first = settle_pair(LEGAL, FOULED, rules, surrendered=(True, False))
    assert first.kind is PairKind.SURRENDER and first.points == (-3, 3) and first.surrendered == (True, False)
    second = settle_pair(FOULED, LEGAL, rules, surrendered=(False, True))
    assert second.kind is PairKind.SURRENDER and second.points == (3, -3)
    assert second.surrendered == (False, True)
    both = settle_pair(LEGAL, FOULED, rules, surrendered=(True, True))
    assert both.points == (0, 0) and both.rows == dict.fromkeys(Row)


def test_criss_cross_money_and_the_bank_at_seat_zero() -> None:
    other = A("Qd Jd 2h / Kh Ks Th 9h 8d / Ad Ac Qc 7d 4h")  # LEGAL's twin: every row ties
    pushed = settle_criss_cross([LEGAL, LEGAL], [other, other], HouseRules(point_value=2.0))
    assert pushed.points == (0, 0) and pushed.money == (0.0, 0.0)
    banked = settle_criss_cross([LEGAL, LEGAL], [other, other],
                                HouseRules(ties=TieRule.BANK, bank=0, point_value=2.0))
    assert all(p.rows == dict.fromkeys(Row, 0) for p in banked.pairs)  # the bank, seat 0, takes ties
    assert banked.points == (16, -16) and banked.money == (32.0, -32.0)  # 4 pairs of 3-0, 4 each
    with pytest.raises(SettlementError, match=r"^the bank must be seat 0 or 1, got 2$"):
        settle_criss_cross([LEGAL, LEGAL], [other, other], HouseRules(ties=TieRule.BANK, bank=2))


def test_a_table_keeps_each_seats_view() -> None:
    rules = HouseRules(surrender=True)
    table = settle([LEGAL, FOULED, None], rules, surrendered={1})
    assert table.hands == (prepare_hand(LEGAL, rules), prepare_hand(FOULED, rules, surrendered=True),
                           prepare_hand(None, rules))
    assert [h.surrendered for h in table.hands] == [False, True, True]
    assert table.points == (6, -3, -3)  # each surrendered seat pays the 3 to seat 0; they settle 0


QUADS = A("2c 3d 4h / 9s 9d 5c 6c 7d / Ks Kd Kc Kh 2s")  # legal, four kings at the bottom


def test_a_foul_pays_the_legal_hands_royalties_to_it_from_either_seat() -> None:
    rules = HouseRules(royalties=True)
    royalty = sum(royalties_of(QUADS, rules))
    assert royalty > 0
    legal_first = settle_pair(QUADS, FOULED, rules)
    assert legal_first.royalties == (royalty, 0) and legal_first.points == (4 + royalty, -4 - royalty)
    legal_second = settle_pair(FOULED, QUADS, rules)
    assert legal_second.royalties == (0, royalty) and legal_second.points == (-4 - royalty, 4 + royalty)
    # the fouled hand's own royalties (aces on top) count for nothing
    assert settle_pair(FOULED, LEGAL, rules).royalties == (0, 0)


def test_rows_never_compared_are_none() -> None:
    both = settle_pair(FOULED, FOULED)
    assert both.kind is PairKind.BOTH_FOULED and both.rows == dict.fromkeys(Row) and both.points == (0, 0)
    dragon = A("2c 3d 4h / 5s 6d 7c 8c 9d / Ts Jd Qc Kh As")  # thirteen ranks: a natural
    natural = settle_pair(dragon, LEGAL, HouseRules(naturals=True))
    assert natural.kind is PairKind.NATURAL and natural.rows == dict.fromkeys(Row) and natural.points[0] > 0


def test_a_view_holds_royalties_only_when_they_are_played_and_the_hand_is_legal() -> None:
    assert prepare_hand(QUADS, HouseRules()).royalties == (0, 0, 0)  # royalties off
    on = HouseRules(royalties=True)
    assert prepare_hand(QUADS, on).royalties == royalties_of(QUADS, on) != (0, 0, 0)
    assert prepare_hand(FOULED, on).royalties == (0, 0, 0) and prepare_hand(FOULED, on).fouled
    # without royalties a foul against four kings is the scoop alone
    assert settle_pair(FOULED, QUADS).points == (-4, 4)


def test_rows_of_the_wrong_sizes_are_a_foul_that_cannot_be_scored() -> None:
    short = A("2c 3d / 9s 9d 5c 6c 7d 4h / Ks Kd Kc Kh 2s")
    for rules in (HouseRules(royalties=True), HouseRules(ignore_fouls=True)):
        view = prepare_hand(short, rules)
        assert (view.arrangement, view.surrendered, view.fouled) == (short, False, True)
        assert (view.strengths, view.royalties, view.natural) == (None, (0, 0, 0), None)


# --- a house's own scoop bonus (RULES.md §1: the extra for 3-0, on top of +1 a row and 2-4's +1
# for two rows; a foul loses as if scooped; a natural's default amount is the scoop) ------------

WEAK = A("Jd 9c 2h / Qc Qd 9d 8s 7h / Kh Ks Jh 6c 3d")  # loses every row to LEGAL
TOPPED = A("Ac 5c 3c / Qc Qd 9d 8s 7h / Kh Ks Jh 6c 3d")  # beats LEGAL's top only: LEGAL wins 2-1


def test_a_houses_scoop_bonus_replaces_the_systems_extra_for_three_rows_only() -> None:
    two_four, scoop_only = ScoringSystem.TWO_FOUR, ScoringSystem.TWO_FOUR_SCOOP
    one_six = ScoringSystem.ONE_SIX
    # 2-4 with a bonus of 5: 3-0 = 3 + 1 + 5 = 9, 2-1 = 2 (the +1 for two rows stays)
    assert [row_points(3, 0, two_four, 5), row_points(0, 3, two_four, 5)] == [9, -9]
    assert [row_points(2, 1, two_four, 5), row_points(1, 2, two_four, 5)] == [2, -2]
    assert [row_points(2, 0, two_four, 5), row_points(1, 0, two_four, 5)] == [3, 1]  # a tie: no scoop
    # 2-4 scoop only with 2: 3-0 = 5, 2-1 = 1; 1-6 with 0: 3-0 = 3, 2-1 = 1
    assert [row_points(3, 0, scoop_only, 2), row_points(2, 1, scoop_only, 2)] == [5, 1]
    assert [row_points(won, lost, one_six, 0) for won, lost in ((3, 0), (0, 3), (2, 1))] == [3, -3, 1]
    # none given (or None): the system's own, 0, 1 and 3
    assert [row_points(3, 0, s) for s in (two_four, scoop_only, one_six)] == [4, 4, 6]
    assert [row_points(0, 3, s, None) for s in (two_four, scoop_only, one_six)] == [-4, -4, -6]


def test_a_table_settles_with_the_houses_scoop_bonus() -> None:
    five = HouseRules(scoop_bonus=5)
    assert settle_pair(LEGAL, WEAK, five).points == (9, -9)
    assert settle_pair(WEAK, LEGAL, five).points == (-9, 9)
    assert settle_pair(LEGAL, TOPPED, five).points == (2, -2)
    assert settle_pair(FOULED, LEGAL, five).points == (-9, 9)  # a foul loses as if scooped
    assert settle([LEGAL, WEAK, FOULED], five).points == (9 + 9, -9 + 9, -9 - 9)
    none = HouseRules(system=ScoringSystem.ONE_SIX, scoop_bonus=0)  # 1-6 without its +3
    assert settle_pair(LEGAL, WEAK, none).points == (3, -3)
    assert settle_pair(LEGAL, TOPPED, none).points == (1, -1)
    assert settle_pair(LEGAL, FOULED, none).points == (3, -3)
    dragon = A("2c 3d 4h / 5s 6d 7c 8c 9d / Ts Jd Qc Kh As")  # thirteen ranks: a natural
    assert settle_pair(dragon, LEGAL, HouseRules(naturals=True, scoop_bonus=5)).points == (9, -9)


def test_a_pair_results_rows_are_a_read_only_copy() -> None:
    given: dict[Row, int | None] = {Row.TOP: 0, Row.MIDDLE: 1, Row.BOTTOM: None}
    pair = PairResult(players=(0, 1), kind=PairKind.SHOWDOWN, rows=given, points=(0, 0))
    given[Row.TOP] = 1  # the caller's dict changes; the result does not
    assert dict(pair.rows) == {Row.TOP: 0, Row.MIDDLE: 1, Row.BOTTOM: None} and pair.rows is not given
    with pytest.raises(TypeError, match="does not support item assignment"):
        pair.rows[Row.TOP] = 1  # type: ignore[index]
    assert hash(pair) == hash(PairResult(players=(0, 1), kind=PairKind.SHOWDOWN, rows=dict(pair.rows),
                                         points=(0, 0)))  # a value: hashable, as its rows are frozen
