"""Settlement (RULES.md §1): the seed's examples, every scoring rule, and zero-sum properties."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cp_trainer.rules.arrangement import Arrangement, Row, check_arrangement
from cp_trainer.rules.arrangement_text import row_name
from cp_trainer.rules.cards import FULL_DECK
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable, ScoringSystem, TieRule
from cp_trainer.rules.naturals import Natural, natural_of
from cp_trainer.rules.royalties import royalties_of
from cp_trainer.rules.settlement import PairKind, SettlementError, settle, settle_criss_cross, settle_pair
from cp_trainer.rules.settlement_text import explain_pair, explain_settlement

A = Arrangement.parse
TWO_SCOOP = HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP)
ONE_SIX = HouseRules(system=ScoringSystem.ONE_SIX)

# Seed 000, example 2 (its hands are described, not listed; these match the description):
# A: pair of jacks top, two pair middle, three fives bottom; B: pair of tens top, pair of kings
# middle, two pair bottom. 26 distinct cards, both legal, A wins every row.
EX2_A = A("Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d")
EX2_B = A("Ts Th 7d / Kc Kd 8s 7h 6c / Qc Qd 4s 4h 3c")


def test_example2_plus_four_minus_four() -> None:
    assert len(set(EX2_A.cards + EX2_B.cards)) == 26
    assert check_arrangement(EX2_A).legal and check_arrangement(EX2_B).legal
    names = [row_name(r) for r in check_arrangement(EX2_A).rows or ()]
    assert names == ["pair of jacks", "two pair, kings and sixes", "three fives"]
    result = settle([EX2_A, EX2_B])
    assert result.points == (4, -4)
    assert result.pairs[0].rows == {"top": 0, "middle": 0, "bottom": 0}
    assert result.to_json() == {"points": [4, -4],
                                "pairs": [{"players": [0, 1], "rows": {"top": 0, "middle": 0, "bottom": 0},
                                           "points": [4, -4]}]}


def test_two_to_one_is_plus_two() -> None:
    # B keeps the same middle and bottom but tops with a pair of queens: A wins 2 rows, B 1.
    b = A("Qs Qh 7d / Kc Kd 8s 7h 6c / Tc Td 4s 4h 3c")
    assert check_arrangement(b).legal
    result = settle_pair(EX2_A, b)
    assert result.rows == {"top": 1, "middle": 0, "bottom": 0}
    assert result.points == (2, -2)  # (+1 +1 −1) +1 for the majority
    assert settle_pair(EX2_A, b, TWO_SCOOP).points == (1, -1)
    assert settle_pair(EX2_A, b, ONE_SIX).points == (1, -1)


# --- every row outcome, on real hands ----------------------------------------------------------
# Seat 0 always holds HERO; seat 1's rows are picked per row to win (W, seat 0 wins), tie (T) or
# lose (L) against it. All 26 cards of any combination are distinct and both hands legal.
HERO = A("Ks 8s 3c / 9s 9c 6c 5c 4h / Js Jh 7s 7h 2s")
VILLAIN_ROWS = {
    "top": {"W": "Qd 8d 3d", "T": "Kd 8d 3d", "L": "Ad 8d 3d"},
    "middle": {"W": "8h 8c 6d 5d 4d", "T": "9h 9d 6d 5d 4d", "L": "Th Tc 6d 5d 4d"},
    "bottom": {"W": "Ts Td 7c 7d 2h", "T": "Jc Jd 7c 7d 2h", "L": "Qs Qh 7c 7d 2h"},
}


def villain(top: str, middle: str, bottom: str) -> Arrangement:
    rows = VILLAIN_ROWS
    return A(f"{rows['top'][top]} / {rows['middle'][middle]} / {rows['bottom'][bottom]}")


def test_the_villain_hands_are_sound() -> None:
    for t, m, b in product("WTL", repeat=3):
        v = villain(t, m, b)
        assert check_arrangement(v).legal
        assert len(set(HERO.cards + v.cards)) == 26


@pytest.mark.parametrize(("rows", "two_four", "scoop_only", "one_six"), [
    ("WWW", 4, 4, 6),  # 3-0
    ("WWL", 2, 1, 1),  # 2-1
    ("TWL", 0, 0, 0),  # one tie and 1-1
    ("TWW", 3, 2, 2),  # one tie and 2-0: a scoop needs all three rows
    ("TTW", 1, 1, 1),  # two ties and 1-0
    ("TTT", 0, 0, 0),
    ("LLL", -4, -4, -6),
    ("LLW", -2, -1, -1),
    ("TLL", -3, -2, -2),
])
def test_row_results_under_each_system(rows: str, two_four: int, scoop_only: int, one_six: int) -> None:
    v = villain(*rows)
    for rules, expected in ((HouseRules(), two_four), (TWO_SCOOP, scoop_only), (ONE_SIX, one_six)):
        result = settle_pair(HERO, v, rules)
        assert result.points == (expected, -expected), (rows, rules.system)
        winners = {"W": 0, "L": 1, "T": None}
        assert list(result.rows.values()) == [winners[c] for c in rows]


def test_bank_takes_tied_rows() -> None:
    v = villain("T", "W", "L")  # a tie and 1-1: 0 when ties push
    assert settle_pair(HERO, v).points == (0, 0)
    bank0 = HouseRules(ties=TieRule.BANK, bank=0)
    result = settle_pair(HERO, v, bank0)
    assert result.rows == {"top": 0, "middle": 0, "bottom": 1} and result.points == (2, -2)
    bank1 = HouseRules(ties=TieRule.BANK, bank=1)
    assert settle_pair(HERO, v, bank1).points == (-2, 2)
    # Two ties and 1-0 with seat 1 the bank: seat 1 wins two rows, seat 0 one.
    assert settle_pair(HERO, villain("T", "T", "W"), bank1).points == (-2, 2)
    # A bank that is not one of the pair leaves the tie a push.
    table = settle([HERO, v, A("2c 2d 2h / Ac Ah As Qc Jc / 3s 3h 3d 4c 4s")],
                   HouseRules(ties=TieRule.BANK, bank=2))
    assert table.pairs[0].rows[Row.TOP] is None and table.pairs[0].points == (0, 0)


FOULED = A("Js Jh 7s / 9s 9c 6c 5c 4h / Ks 8s 3c 7h 2s")  # HERO's cards, bottom weaker than top


def test_fouls() -> None:
    assert not check_arrangement(FOULED).legal
    v = villain("W", "W", "W")
    result = settle_pair(FOULED, v)
    assert result.kind is PairKind.FOUL and result.points == (-4, 4)
    assert result.rows == {"top": 1, "middle": 1, "bottom": 1} and result.fouled == (True, False)
    assert settle_pair(FOULED, v, ONE_SIX).points == (-6, 6)
    assert settle_pair(v, FOULED, ONE_SIX).points == (6, -6)
    both = settle_pair(FOULED, A("Kd 8d 3d / 2h 3h 4c 5d 7d / Ac Ad Qc Jh 9h"))
    assert both.kind is PairKind.BOTH_FOULED and both.points == (0, 0)
    # Ignore fouls: the hands are scored as they lie. FOULED's top JJ7 beats Qd-high, its middle
    # is HERO's (9s beat 8s), its bottom K-high loses to the villain's tens and sevens: 2-1.
    ignore = settle_pair(FOULED, villain("W", "W", "W"), HouseRules(ignore_fouls=True))
    assert ignore.kind is PairKind.SHOWDOWN and ignore.points == (2, -2)
    # Wrong row sizes cannot be scored as they lie: still a foul.
    short = A("Ks 8s / 9s 9c 6c 5c 4h 3c / Js Jh 7s 7h 2s")
    assert settle_pair(short, v, HouseRules(ignore_fouls=True)).points == (-4, 4)


def test_surrender() -> None:
    rules = HouseRules(surrender=True)
    v = villain("W", "W", "L")
    third = A("2c 2d 2h / Ac Ah As Qc Jc / 3s 3h 3d 4c 4s")
    table = settle([HERO, v, third], rules, surrendered={2})
    # Seat 2 pays 3 (the 2-4 default) to each player still in; 0 and 1 settle their rows (2-1: 2).
    assert table.points == (2 + 3, -2 + 3, -6)
    assert table.pairs[1].kind is PairKind.SURRENDER
    # A hand passed as None has surrendered too; two surrendered seats settle 0 between them.
    table = settle([HERO, None, None], rules)
    assert table.points == (6, -3, -3)
    assert table.pairs[2].points == (0, 0)
    assert settle([HERO, None], ONE_SIX).points == (4, -4)
    assert settle([HERO, None], HouseRules(surrender_cost=5)).points == (5, -5)
    # A surrendered hand pays no royalties, even a fouled one.
    royal = A("Qd Qh Qc / 2c 3c 4c 5c 6c / As Ks Qs Js Ts")
    assert settle([royal, FOULED], HouseRules(royalties=True), surrendered={1}).points == (3, -3)


ROYAL_HAND = A("Qd Qh Qc / 8h 8d 8c 9s 9d / As Ks Qs Js Ts")  # trips top 3, full house middle 2, royal 7


def test_royalties() -> None:
    rules = HouseRules(royalties=True)
    assert royalties_of(ROYAL_HAND, rules) == (3, 2, 7)
    plain = A("2s 3d 5c / 7h 7c 4d 4h 6s / Ah Ad Kc Kd Jh")
    assert check_arrangement(ROYAL_HAND).legal and check_arrangement(plain).legal
    # ROYAL_HAND wins all three rows (+4) and collects 3 + 2 + 7.
    result = settle_pair(ROYAL_HAND, plain, rules)
    assert result.royalties == (12, 0) and result.points == (16, -16)
    assert settle_pair(ROYAL_HAND, plain).points == (4, -4)  # royalties are off by default
    # A fouled hand pays the legal hand's royalties and collects none of its own.
    fouled = A("Kc Kd Kh / 2c 3c 4c 5c 6c / 2h 2d 7s 7c 9h")  # trips top over a two-pair bottom
    assert not check_arrangement(fouled).legal
    assert settle_pair(ROYAL_HAND, fouled, rules).points == (4 + 12, -16)
    assert settle_pair(fouled, plain, rules).points == (-4, 4)
    # Each side collects its own royalties from the other.
    quads = A("2h 3h 5d / Tc Td Th Kc Kh / 4c 4d 4h 4s 6c")  # middle full house 2, bottom quads 4
    result = settle_pair(ROYAL_HAND, quads, rules)
    assert result.royalties == (12, 6)
    # ROYAL_HAND wins top (QQQ) and bottom (royal); quads' middle (tens full) beats eights full.
    assert result.rows == {"top": 0, "middle": 1, "bottom": 0}
    assert result.points == (2 + 12 - 6, -(2 + 12 - 6))
    # Better-hand-only: a royalty counts only when its row wins: ROYAL_HAND collects top 3 and
    # bottom 7, but not the middle's 2 (lost); quads collects its middle's 2, not its bottom's 4.
    better = HouseRules(royalties=True, royalties_better_hand_only=True)
    assert settle_pair(ROYAL_HAND, quads, better).royalties == (10, 2)
    assert settle_pair(ROYAL_HAND, quads, better).points == (2 + 10 - 2, -10)
    table = RoyaltyTable(top_trips=1, middle_full_house=1, bottom_royal_flush=20)
    assert settle_pair(ROYAL_HAND, plain, HouseRules(royalties=True, royalty_table=table)).points == (26, -26)


def test_royalty_rows() -> None:
    rules = HouseRules(royalties=True)
    assert royalties_of(A("2h 3h 5d / 9c Tc Jc Qc Kc / Ad Kd Qd Jd Td"), rules) == (0, 10, 7)
    assert royalties_of(A("2h 3h 5d / 9c 9d 9h 9s Kc / 4c 5c 6c 7c 8c"), rules) == (0, 8, 5)
    assert royalties_of(A("2h 3h 5d / 9c 9d 9h Ks Kd / Ac Kc Qc Jc Tc"), rules) == (0, 2, 7)
    assert royalties_of(A("2h 3h 5d / Ah Ad Kc Ks 3c / As 2s 3s 4s 5s"), rules) == (0, 0, 5)


SIX_PAIRS = A("2c 2d 9h / 3c 3d 4h 4s 5c / 5d 6h 6s 7c 7d")
DRAGON = A("2c 3d 4h / 5s 6c 7d 8h 9s / Tc Jd Qh Ks Ad")
THREE_FLUSHES = A("2h 6h 9h / 3c 5c 7c Jc Kc / 2s 4s 8s Ts Qs")
THREE_STRAIGHTS = A("Ah 2h 3c / 4c 5d 6h 7s 8c / 8d 9d Th Js Qc")


def test_natural_detection() -> None:
    assert natural_of(SIX_PAIRS) is Natural.SIX_PAIRS
    assert natural_of(DRAGON) is Natural.DRAGON
    assert natural_of(THREE_FLUSHES) is Natural.THREE_FLUSHES
    assert natural_of(THREE_STRAIGHTS) is Natural.THREE_STRAIGHTS
    assert natural_of(HERO) is None
    # Trips hold one pair, four of a kind two.
    assert natural_of(A("2c 2d 2h / 3c 3d 4h 4s 5c / 5d 6h 7s 8c 9d")) is None
    assert natural_of(A("2c 2d 2h / 2s 3d 3h 4s 4c / 5d 5h 6s 6c 9d")) is Natural.SIX_PAIRS


def test_naturals() -> None:
    rules = HouseRules(naturals=True)
    assert settle_pair(SIX_PAIRS, HERO, rules).points == (4, -4)
    assert settle_pair(SIX_PAIRS, HERO, rules).kind is PairKind.NATURAL
    one_six = HouseRules(naturals=True, system=ScoringSystem.ONE_SIX)
    assert settle_pair(SIX_PAIRS, HERO, one_six).points == (6, -6)
    assert settle_pair(SIX_PAIRS, HERO, HouseRules(naturals=True, natural_amount=10)).points == (10, -10)
    assert settle_pair(DRAGON, THREE_FLUSHES, rules).points == (4, -4)  # a dragon beats other naturals
    assert settle_pair(THREE_STRAIGHTS, THREE_FLUSHES, rules).points == (0, 0)  # two others push
    assert settle_pair(HERO, THREE_STRAIGHTS, rules).points == (-4, 4)
    # Off by default: six pairs is just a hand.
    assert settle_pair(SIX_PAIRS, HERO).kind is not PairKind.NATURAL


def test_stakes_settle_at_the_lower_stake() -> None:
    rules = HouseRules(stakes=(10.0, 1.0, 10.0))
    v = villain("W", "W", "W")
    third = A("2c 2d 2h / Ac Ah As Qc Jc / 3s 3h 3d 4c 4s")
    table = settle([HERO, v, third], rules)
    p01, p02, p12 = table.pairs
    assert p01.stake == 1.0 and p02.stake == 10.0 and p12.stake == 1.0
    assert table.money == (p01.points[0] * 1 + p02.points[0] * 10,
                           p01.points[1] * 1 + p12.points[0] * 1,
                           p02.points[1] * 10 + p12.points[1] * 1)
    assert sum(table.money) == 0
    assert settle([HERO, v], HouseRules(point_value=2.5)).money == (10.0, -10.0)


def test_low_middle() -> None:
    rules = HouseRules(low_middle=True)
    a = A("Qs Qd 9c / 7h 5d 4c 3s 2h / Ks Kh 8d 6c 6d")
    b = A("Js Jd 9d / 8h 6h 4d 3c 2c / As Ah Ad Tc 9h")
    # Queens beat jacks; 7-5-4-3-2 is a better low than 8-6-4-3-2; three aces beat kings up: 2-1.
    assert not check_arrangement(a).legal and check_arrangement(a, rules).legal
    result = settle_pair(a, b, rules)
    assert result.rows == {"top": 0, "middle": 0, "bottom": 1} and result.points == (2, -2)


def test_wheel_second() -> None:
    a = A("2s 3d 4c / 6h 6d 7c 8s 9h / Ah 2d 3c 4s 5h")
    b = A("2h 3h 4d / 6s 6c 7d 8d 9d / 9c Kd Qc Js Th")
    assert settle_pair(a, b).rows[Row.BOTTOM] == 1
    assert settle_pair(a, b, HouseRules(wheel_second=True)).rows[Row.BOTTOM] == 0


def test_four_players_settled_by_hand() -> None:
    # Seats 0-3, default rules (2-4, ties push, fouls -4).
    p0 = A("Ah Kd 2c / Qh Qc 5d 4s 3h / Ks Kh Kc 9d 8d")  # A-K high, pair of queens, three kings
    p1 = A("Js Jc 6d / 9s 9h 8c 8h 2s / Ts 9c 8s 7h 6c")  # pair of jacks, nines up, ten-high straight
    p2 = A("As Ad 4c / 3s 3d 2d 7s Jd / Td Th 5c 5h 2h")  # pair of aces top over threes: foul
    p3 = A("Qs 5s 3c / 7c 7d Qd Jh Tc / 6s 6h 4d 4h Ac")  # queen-high, pair of sevens, sixes up
    assert check_arrangement(p0).legal and check_arrangement(p1).legal and check_arrangement(p3).legal
    assert not check_arrangement(p2).legal
    assert len({c for h in (p0, p1, p2, p3) for c in h.cards}) == 52
    # 0 v 1: top A-K < JJ; middle QQ < 99-88; bottom KKK < straight: 0 loses 3-0: -4.
    # 0 v 2: seat 2 fouled: +4.
    # 0 v 3: top A-K > Q-5; middle QQ > 77; bottom KKK > 66-44: 3-0: +4.
    # 1 v 2: foul: +4.
    # 1 v 3: JJ > Q-5; 99-88 > 77; straight > 66-44: +4.
    # 2 v 3: seat 2 fouled: -4 for seat 2.
    # Totals: 0: -4 +4 +4 = 4;  1: +4 +4 +4 = 12;  2: -4 -4 -4 = -12;  3: -4 -4 +4 = -4.
    table = settle([p0, p1, p2, p3])
    assert [p.points[0] for p in table.pairs] == [-4, 4, 4, 4, 4, -4]
    assert table.points == (4, 12, -12, -4)
    text = "\n".join(explain_settlement(table))
    assert "player C fouled" in text and "total: player A +4, player B +12" in text


def test_explanations() -> None:
    result = settle_pair(EX2_A, EX2_B)
    en = explain_pair(result)
    assert en[0] == "player A vs player B: +4 / -4"
    assert en[1] == "  top: player A wins — pair of jacks vs pair of tens"
    ru = explain_pair(result, lang="ru")
    assert ru[0] == "игрок A — игрок B: +4 / -4"
    assert ru[1] == "  верхний ряд: пара валетов / пара десяток — выигрывает игрок A"
    tie = explain_pair(settle_pair(HERO, villain("T", "W", "L")))
    assert "tie" in tie[1]
    assert "surrendered" in explain_pair(settle_pair(HERO, None))[1]
    assert "dragon" in explain_pair(settle_pair(DRAGON, HERO, HouseRules(naturals=True)))[1]


def test_foul_and_natural_lines_say_what_was_paid() -> None:
    foul = settle_pair(FOULED, villain("W", "W", "W"))
    assert explain_pair(foul)[1] == "  player A fouled: player B scores 4, as for a scoop"
    assert explain_pair(foul, lang="ru")[1] == "  игрок A: фол — игрок B получает 4, как за скуп"
    natural = settle_pair(DRAGON, HERO, HouseRules(naturals=True))
    assert explain_pair(natural)[1] == "  player A holds a natural (dragon) and collects 4"
    assert explain_pair(natural, lang="ru")[1] == "  игрок A: натуральная комбинация (дракон), получает 4"


def test_explanations_name_the_kicker_that_decided_a_row() -> None:
    # Both bottoms are jacks and sevens, both tops king-high: "A wins — pair of X vs pair of X"
    # would not say why; the deciding kickers must be named.
    other = A("Kd 8d 2d / 8h 8c 6d 5d 4d / Jc Jd 7c 7d 3h")
    result = settle_pair(HERO, other)
    assert result.rows == {"top": 0, "middle": 0, "bottom": 1}
    en = explain_pair(result)
    assert en[1] == "  top: player A wins — king-high, kickers 8-3 vs king-high, kickers 8-2"
    assert en[3] == ("  bottom: player B wins — two pair, jacks and sevens, kicker 2 vs "
                     "two pair, jacks and sevens, kicker 3")
    assert en[2] == "  middle: player A wins — pair of nines vs pair of eights"  # names differ: plain
    ru = explain_pair(result, lang="ru")
    assert "кикер 2" in ru[3] and "кикер 3" in ru[3]


def test_criss_cross() -> None:
    # Seat 0 holds HERO and FOULED, seat 1 two villain hands: each hand meets both of the other's.
    # HERO v WWW: +4; HERO v TWL: 0; FOULED v either: -4 each. Total -4.
    result = settle_criss_cross([HERO, FOULED], [villain("W", "W", "W"), villain("T", "W", "L")])
    assert [p.points[0] for p in result.pairs] == [4, 0, -4, -4]
    assert result.points == (-4, 4)
    with pytest.raises(SettlementError, match="two hands"):
        settle_criss_cross([HERO], [HERO, FOULED])


def test_invalid_tables() -> None:
    with pytest.raises(SettlementError, match="2 to 4"):
        settle([HERO])
    with pytest.raises(SettlementError, match="bank"):
        settle([HERO, EX2_B], HouseRules(ties=TieRule.BANK, bank=2))
    with pytest.raises(SettlementError, match="seat"):
        settle([HERO, EX2_B], surrendered={5})


# --- properties ---------------------------------------------------------------------------------


Table = tuple[list[Arrangement | None], HouseRules, set[int]]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    n = draw(st.integers(2, 4))
    rnd = draw(st.randoms(use_true_random=False))
    deck = list(FULL_DECK)
    rnd.shuffle(deck)
    hands: list[Arrangement | None] = []
    for i in range(n):
        cards = deck[13 * i: 13 * i + 13]
        arr = Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
        if rnd.random() < 0.6 and not check_arrangement(arr).legal:
            arr = Arrangement(arr.top, arr.bottom, arr.middle)  # often legal after the swap
        hands.append(None if rnd.random() < 0.1 else arr)
    rules = HouseRules(
        system=draw(st.sampled_from(list(ScoringSystem))),
        ties=draw(st.sampled_from(list(TieRule))),
        bank=draw(st.integers(0, n - 1)),
        ignore_fouls=draw(st.booleans()),
        surrender=True,
        royalties=draw(st.booleans()),
        royalties_better_hand_only=draw(st.booleans()),
        naturals=draw(st.booleans()),
        wheel_second=draw(st.booleans()),
        low_middle=draw(st.booleans()),
        stakes=tuple(draw(st.sampled_from([0.5, 1.0, 2.0, 10.0])) for _ in range(n)),
    )
    surrendered = draw(st.sets(st.integers(0, n - 1), max_size=2))
    return hands, rules, surrendered


@settings(max_examples=150, deadline=None)
@given(tables())
def test_settlement_is_zero_sum(table: Table) -> None:
    hands, rules, surrendered = table
    result = settle(hands, rules, surrendered=surrendered)
    assert sum(result.points) == 0
    assert sum(result.money) == pytest.approx(0, abs=1e-9)
    assert len(result.pairs) == len(hands) * (len(hands) - 1) // 2
    for pair in result.pairs:
        assert pair.points[0] == -pair.points[1]
        assert all(isinstance(p, int) for p in pair.points)


@settings(max_examples=150, deadline=None)
@given(tables())
def test_swapping_players_negates_points(table: Table) -> None:
    hands, rules, _ = table
    a, b = hands[0], hands[1]
    forward = settle_pair(a, b, rules, (0, 1))
    backward = settle_pair(b, a, rules, (1, 0))
    assert backward.points == (forward.points[1], forward.points[0])
    assert backward.rows == forward.rows
    # And a whole table with seats permuted (bank and stakes follow their seats).
    order = list(range(len(hands)))
    random.Random(len(hands)).shuffle(order)
    moved = rules.replace(bank=order.index(rules.bank),
                          stakes=tuple(rules.stake(order[k]) for k in range(len(hands))))
    direct = settle(hands, rules).points
    permuted = settle([hands[k] for k in order], moved).points
    assert tuple(permuted[order.index(s)] for s in range(len(hands))) == direct
