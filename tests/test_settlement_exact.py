"""Settlement's results field by field (issue 20, mutation testing): what a pair's result and a
hand's view hold, worked out by hand from RULES.md §1 and the module's docstring."""

from __future__ import annotations

from cp_trainer.arrangement import Arrangement, Row
from cp_trainer.house_rules import HouseRules
from cp_trainer.settlement import PairKind, RowResult, prepare_hand, settle_pair

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
