"""Settlement against an independent reference scorer (tests/reference_scoring.py).

settlement.py builds a pair's points as (p, -p), so "every pair is zero-sum" is no test of it.
The reference works each seat's result out from that seat's own side; the rules are zero-sum
when what i wins from j is what j loses to i, and settlement is right when it agrees with the
reference from both sides, seat by seat and in money.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cp_trainer.rules.arrangement import Arrangement, Row
from cp_trainer.rules.cards import FULL_DECK
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable, ScoringSystem, TieRule
from cp_trainer.rules.settlement import RowResult, SettlementError, settle, settle_criss_cross, settle_pair
from tests.reference_scoring import table_points

A = Arrangement.parse
Table = tuple[list[Arrangement | None], HouseRules, set[int]]

# Hands that reach every branch: legal, fouled, a natural, royalties, ties.
ROYAL = A("Qd Qh Qc / 8h 8d 8c 9s 9d / As Ks Qs Js Ts")  # trips 3, full house 2, royal 7
PLAIN = A("2s 3d 5c / 7h 7c 4d 4h 6s / Ah Ad Kc Kd Jh")
FOULED = A("Kc Kd Kh / 2c 3c 4c 5c 6c / 2h 2d 7s 7c 9h")  # trips top over two pair
DRAGON = A("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ad")


@st.composite
def tables(draw: st.DrawFn) -> Table:
    n = draw(st.integers(2, 4))
    rnd = draw(st.randoms(use_true_random=False))
    deck = list(FULL_DECK)
    rnd.shuffle(deck)
    hands: list[Arrangement | None] = []
    for i in range(n):
        cards = deck[13 * i: 13 * i + 13]
        # sorted rows are often legal, shuffled ones often foul; some seats keep a natural
        if rnd.random() < 0.5:
            cards = sorted(cards)
        arr = Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
        hands.append(None if rnd.random() < 0.1 else arr)
    rules = HouseRules(
        system=draw(st.sampled_from(list(ScoringSystem))),
        ties=draw(st.sampled_from(list(TieRule))),
        bank=draw(st.integers(0, n - 1)),
        ignore_fouls=draw(st.booleans()),
        surrender=True,
        surrender_cost=draw(st.sampled_from([None, 1, 5])),
        royalties=draw(st.booleans()),
        royalties_better_hand_only=draw(st.booleans()),
        royalty_table=draw(st.sampled_from([RoyaltyTable(), RoyaltyTable(top_trips=11, middle_full_house=12,
                                                                         bottom_four_of_a_kind=16)])),
        naturals=draw(st.booleans()),
        natural_amount=draw(st.sampled_from([None, 9])),
        scoop_bonus=draw(st.sampled_from([None, 0, 5, 10])),
        wheel_second=draw(st.booleans()),
        low_middle=draw(st.booleans()),
        stakes=draw(st.sampled_from([None, tuple(rnd.choice([0.5, 1.0, 2.0]) for _ in range(n))])),
    )
    surrendered = draw(st.sets(st.integers(0, n - 1), max_size=2))
    return hands, rules, surrendered


def check(hands: list[Arrangement | None], rules: HouseRules, surrendered: set[int]) -> None:
    points, money, pair = table_points(hands, rules, surrendered)
    for (i, j), p in pair.items():
        assert p == -pair[(j, i)], (i, j)  # the rules are zero-sum, worked out from each side
    result = settle(hands, rules, surrendered=surrendered)
    assert result.points == tuple(points)
    assert result.money == pytest.approx(money)
    for res in result.pairs:
        i, j = res.players
        assert res.points == (pair[(i, j)], pair[(j, i)])
    assert sum(points) == 0 and sum(money) == pytest.approx(0, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(tables())
@example(([ROYAL, PLAIN], HouseRules(royalties=True), set()))
@example(([ROYAL, FOULED, PLAIN], HouseRules(royalties=True, system=ScoringSystem.ONE_SIX), set()))
@example(([FOULED, ROYAL], HouseRules(royalties=True, royalties_better_hand_only=True), set()))
@example(([DRAGON, PLAIN, FOULED], HouseRules(naturals=True), {2}))
@example(([PLAIN, None, ROYAL], HouseRules(surrender=True, surrender_cost=5), set()))
@example(([PLAIN, PLAIN], HouseRules(ties=TieRule.BANK, bank=1), set()))
@example(([PLAIN, PLAIN, ROYAL], HouseRules(ties=TieRule.BANK, bank=2), set()))
@example(([FOULED, ROYAL], HouseRules(ignore_fouls=True, royalties=True), set()))
@example(([ROYAL, PLAIN], HouseRules(low_middle=True, royalties=True, stakes=(2.0, 0.5)), set()))
@example(([ROYAL, FOULED, PLAIN], HouseRules(royalties=True, scoop_bonus=5), set()))
@example(([DRAGON, PLAIN, ROYAL], HouseRules(naturals=True, system=ScoringSystem.ONE_SIX, scoop_bonus=0),
          set()))
def test_settlement_agrees_with_the_reference_from_every_seat(table: Table) -> None:
    check(*table)


def test_hand_worked_points() -> None:
    # ROYAL wins every row from PLAIN: 4, and collects 3 + 2 + 7; nothing comes back.
    assert table_points([ROYAL, PLAIN], HouseRules(royalties=True))[0] == [16, -16]
    assert settle_pair(ROYAL, PLAIN, HouseRules(royalties=True)).points == (16, -16)
    # FOULED pays the scoop (6 in 1-6) and ROYAL's 12 of royalties; to PLAIN the scoop alone.
    one_six = HouseRules(royalties=True, system=ScoringSystem.ONE_SIX)
    points, _, _ = table_points([ROYAL, FOULED, PLAIN], one_six)
    assert points == [18 + 6 + 12, -18 - 6, 6 - 18 + 0]
    assert settle([ROYAL, FOULED, PLAIN], one_six).points == tuple(points)


def test_criss_cross_agrees_with_the_reference() -> None:
    rules = HouseRules(royalties=True)
    mine, theirs = [ROYAL, FOULED], [PLAIN, DRAGON]
    result = settle_criss_cross(mine, theirs, rules)
    expected = sum(table_points([a, b], rules)[0][0] for a in mine for b in theirs)
    assert result.points == (expected, -expected)


# --- exact answers for the rest of the settlement API -----------------------------------------

def test_criss_cross_exactly() -> None:
    stakes = HouseRules(stakes=(2.0, 0.5))
    result = settle_criss_cross([ROYAL, FOULED], [PLAIN, DRAGON], stakes)
    assert all(p.players == (0, 1) for p in result.pairs) and len(result.hands) == 4
    assert [h.fouled for h in result.hands] == [False, True, False, False]
    expected = sum(table_points([a, b], stakes)[0][0] for a in (ROYAL, FOULED) for b in (PLAIN, DRAGON))
    assert result.money == (expected * 0.5, -expected * 0.5)  # the pair settles at the lower stake
    # ties to the bank: seat 1 takes PLAIN's tied rows against its own copy
    banked = settle_criss_cross([PLAIN, PLAIN], [PLAIN, PLAIN], HouseRules(ties=TieRule.BANK, bank=1))
    assert banked.points == (-16, 16) and banked.pairs[0].rows == {"top": 1, "middle": 1, "bottom": 1}
    assert settle_criss_cross([PLAIN, PLAIN], [PLAIN, PLAIN], HouseRules(bank=3)).points == (0, 0)
    with pytest.raises(SettlementError, match=r"^the bank must be seat 0 or 1, got 2$"):
        settle_criss_cross([PLAIN, PLAIN], [PLAIN, PLAIN], HouseRules(ties=TieRule.BANK, bank=2))
    with pytest.raises(SettlementError, match=r"^Criss Cross deals each player two hands, got 2 and 3$"):
        settle_criss_cross([PLAIN, PLAIN], [PLAIN, PLAIN, PLAIN])


def test_a_pairs_view_of_each_seat() -> None:
    pair = settle([PLAIN, ROYAL, FOULED]).pairs[1]  # seats 0 and 2
    assert pair.players == (0, 2) and pair.points_of(0) == 4 and pair.points_of(2) == -4
    assert pair.row_result(Row.TOP, 0) is RowResult.WON and pair.row_result(Row.BOTTOM, 2) is RowResult.LOST
    tied = settle_pair(PLAIN, PLAIN)
    assert tied.row_result(Row.MIDDLE, 1) is RowResult.TIED and tied.points == (0, 0)
    with pytest.raises(SettlementError, match=r"^seat 1 is not in this pair \(0, 2\)$"):
        pair.row_result(Row.TOP, 1)
    rows = {"top": 0, "middle": 0, "bottom": 0}
    assert pair.to_json() == {"players": [0, 2], "rows": rows, "points": [4, -4]}


def test_table_refusals() -> None:
    with pytest.raises(SettlementError, match=r"^a table has 2 to 4 players, got 1$"):
        settle([PLAIN])
    with pytest.raises(SettlementError, match=r"^a table has 2 to 4 players, got 5$"):
        settle([PLAIN] * 5)
    with pytest.raises(SettlementError, match=r"^the bank must be a seat from 0 to 1, got 2$"):
        settle([PLAIN, ROYAL], HouseRules(ties=TieRule.BANK, bank=2))
    with pytest.raises(SettlementError, match=r"^no such seat to surrender: 2$"):
        settle([PLAIN, ROYAL], surrendered={2, 0})
    with pytest.raises(SettlementError, match=r"^a pair needs two different seats, got \(1, 1\)$"):
        settle_pair(PLAIN, ROYAL, seats=(1, 1))
    result = settle([PLAIN, ROYAL], HouseRules(bank=3))  # a bank seat matters only when it takes ties
    assert result.to_json() == {"points": [-4, 4], "pairs": [result.pairs[0].to_json()]}
