"""The arrangement value type and the check of RULES.md §1 (sizes → uniqueness → categories → order)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cp_trainer.rules.arrangement import (
    Arrangement,
    ArrangementParseError,
    Foul,
    Outcome,
    Row,
    Stage,
    check_arrangement,
    check_partial,
    row_info,
)
from cp_trainer.rules.arrangement_text import foul_message, foul_sentences, row_label, row_name
from cp_trainer.rules.cards import FULL_DECK, Card, CardParseError, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.strength import evaluate5

# Seed 000, example 1: one set of 13 cards, set legally and as the foul it describes.
EXAMPLE1_CARDS = parse_cards("A♠ A♥ K♣ K♦ Q♠ Q♥ J♣ T♦ 9♠ 8♥ 7♣ 4♦ 2♠")
# Legal: pair of aces bottom, pair of kings middle, queen-high top.
EXAMPLE1_LEGAL = "Q♠ J♣ 2♠ / K♣ K♦ T♦ 9♠ 8♥ / A♠ A♥ Q♥ 7♣ 4♦"
# Foul: pair of aces top, pair of kings middle, queen-high bottom: both halves of the order broken.
EXAMPLE1_FOUL = "A♠ A♥ 2♠ / K♣ K♦ T♦ 9♠ 8♥ / Q♠ Q♥ J♣ 7♣ 4♦"


def test_example1_uses_the_seeds_thirteen_cards() -> None:
    for text in (EXAMPLE1_LEGAL, EXAMPLE1_FOUL):
        assert sorted(Arrangement.parse(text).cards) == sorted(EXAMPLE1_CARDS)


def test_example1_legal() -> None:
    result = check_arrangement(Arrangement.parse(EXAMPLE1_LEGAL))
    assert result.legal and result.outcome is Outcome.LEGAL and result.fouls == ()
    assert result.rows is not None
    assert [r.category.key for r in result.rows] == ["high_card", "pair", "pair"]
    assert [row_name(r) for r in result.rows] == ["queen-high", "pair of kings", "pair of aces"]


def test_example1_foul_names_both_broken_halves() -> None:
    arr = Arrangement.parse(EXAMPLE1_FOUL)
    result = check_arrangement(arr)
    assert not result.legal and result.outcome is Outcome.FOUL
    assert [f.code for f in result.fouls] == ["order", "order"]
    assert result.fouls[0].rows == (Row.TOP, Row.MIDDLE)
    assert result.fouls[1].rows == (Row.MIDDLE, Row.BOTTOM)
    assert foul_message(result.fouls[0]) == (
        "top: pair of aces is stronger than middle: pair of kings — bottom ≥ middle ≥ top is required")
    assert "pair of queens" in foul_message(result.fouls[1])
    ru = check_arrangement(arr)
    assert foul_message(ru.fouls[0], "ru").startswith(
        "верхний ряд: пара тузов сильнее, чем средний ряд: пара королей")
    assert "нижний ≥ средний ≥ верхний" in foul_message(ru.fouls[0], "ru")
    assert ru.rows is not None and row_name(ru.rows[2], "ru") == "пара дам"


def test_seed_foul_with_high_card_bottom() -> None:
    # The seed's wording: the bottom holds only a queen high.
    arr = Arrangement.parse("A♠ A♥ 2♠ / K♣ K♦ T♦ 9♠ 8♥ / Q♠ J♣ 7♣ 4♦ 3♥")
    result = check_arrangement(arr)
    assert result.rows is not None and row_name(result.rows[2]) == "queen-high"
    assert len(result.fouls) == 2


def test_equal_categories_show_kickers() -> None:
    # QQ+A top over QQ+K.. middle is a foul; the message must tell the two pairs of queens apart.
    result = check_arrangement(Arrangement.parse("Qs Qd Ac / Qh Qc Kd 3h 2s / 9s 9c 9h 7c 4d"))
    assert [f.code for f in result.fouls] == ["order"]
    message = foul_message(result.fouls[0])
    assert "kickers" in message and "K-3-2" in message
    # AKQ top with AKQJ9 middle is legal.
    assert check_arrangement(Arrangement.parse("As Kd Qc / Ah Kc Qd Jh 9s / 2s 2c 3h 4c 5d")).legal


def test_equal_strength_is_allowed() -> None:
    assert check_arrangement(Arrangement.parse("As Kd Qc / Ah Kc Qd 3h 2s / Ad Kh Qh 3c 2c")).legal


def test_every_problem_is_reported_in_the_seeds_order() -> None:
    result = check_arrangement(Arrangement.parse("As Ks / As Kd 3c 4c 5c / 2c"))
    assert [f.code for f in result.fouls] == ["row_size", "row_size", "duplicate"]
    assert result.fouls[0].rows == (Row.TOP,) and "3" in foul_message(result.fouls[0])
    assert result.fouls[2].rows == (Row.TOP, Row.MIDDLE) and "As" in foul_message(result.fouls[2])
    assert result.rows is None
    dup = check_arrangement(Arrangement.parse("2s 3d 4c / As Kd 3c 8c 9c / As Qh 5h 6h Th"))
    assert [f.code for f in dup.fouls] == ["duplicate", "order"]
    assert dup.rows is not None  # sizes right: the rows are still named


def test_order_between_full_rows_is_checked_when_another_row_has_the_wrong_size() -> None:
    # "Report every failure found": a short bottom does not hide that the top beats the middle.
    short_bottom = check_arrangement(Arrangement.parse("As Ah 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c"))
    assert [f.code for f in short_bottom.fouls] == ["row_size", "order"]
    assert short_bottom.fouls[1].rows == (Row.TOP, Row.MIDDLE)
    assert foul_message(short_bottom.fouls[1]).startswith(
        "top: pair of aces is stronger than middle: pair of kings")
    assert short_bottom.rows is None  # the contract: no rows when the sizes are wrong
    long_top = check_arrangement(Arrangement.parse("As Ah 2s 3d / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d"))
    assert [(f.code, f.rows) for f in long_top.fouls] == [
        ("row_size", (Row.TOP,)), ("order", (Row.MIDDLE, Row.BOTTOM))]
    # Nothing to compare when the middle is the wrong size (or the pair is in order).
    short_middle = check_arrangement(Arrangement.parse("As Ah 2s / Kc Kd Th 9s / Qs Jc Qh 7c 4d"))
    assert [f.code for f in short_middle.fouls] == ["row_size"]
    in_order = check_arrangement(Arrangement.parse("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c"))
    assert [f.code for f in in_order.fouls] == ["row_size"]


def test_misdeal_is_not_a_foul() -> None:
    short = Arrangement.parse("As Ks Qs / 2c 3c 4c 5c 7d / 8h 9h Th Jh")
    assert check_arrangement(short).outcome is Outcome.FOUL
    setting = check_arrangement(short, stage=Stage.SETTING)
    assert setting.outcome is Outcome.MISDEAL and setting.fouls == ()
    assert setting.misdeal is not None and "12" in foul_message(setting.misdeal)
    full = Arrangement.parse(EXAMPLE1_LEGAL)
    assert check_arrangement(full, stage=Stage.SETTING).outcome is Outcome.LEGAL
    # Thirteen cards in the wrong rows is no misdeal: it would foul as set.
    misplaced = Arrangement(full.top + full.middle[:1], full.middle[1:], full.bottom)
    result = check_arrangement(misplaced, stage=Stage.SETTING)
    assert result.outcome is Outcome.FOUL and {f.code for f in result.fouls} == {"row_size"}


def test_partial_check_flags_only_what_cannot_be_mended() -> None:
    # Two aces on top already beat a complete middle holding a pair of kings.
    arr = Arrangement.parse("As Ah / Kc Kd Th 9s 8h / 2c")
    result = check_partial(arr)
    assert result.outcome is Outcome.FOUL
    assert result.fouls[0].rows == (Row.TOP, Row.MIDDLE)
    assert "pair of aces" in foul_message(result.fouls[0])
    # Two kings on top against a pair of kings with T-9-8 could still be K-K-2 < K-K-T-9-8.
    assert check_partial(Arrangement.parse("Ks Kh / Kc Kd Th 9s 8h / 2c")).outcome is Outcome.INCOMPLETE
    # Empty or half-filled rows are never fouls.
    assert check_partial(Arrangement()).outcome is Outcome.INCOMPLETE
    assert check_partial(Arrangement.parse("As / Kd / 2c")).fouls == ()
    # A partial middle that already beats a full bottom.
    bad = check_partial(Arrangement.parse(" / Ks Kh Kd / Ac Ad Qh Jh 9c"))
    assert [f.rows for f in bad.fouls] == [(Row.MIDDLE, Row.BOTTOM)]
    # Complete rows are named for the GUI even when others are not full.
    assert set(bad.complete_rows) == {Row.BOTTOM}
    # Too many cards in a row, and duplicates, are already wrong.
    assert [f.code for f in check_partial(Arrangement.parse("2c 3c 4c 5c / / ")).fouls] == ["row_size"]
    assert [f.code for f in check_partial(Arrangement.parse("2c / 2c / ")).fouls] == ["duplicate"]
    # Knowing the cards still to place, a row that can no longer reach the row above is flagged.
    top_aces = Arrangement.parse("As Ah Kd / 2c 3d / ")
    left = parse_cards("4h 5s 7c 8d 9h Tc Js Qd")
    assert check_partial(top_aces).outcome is Outcome.INCOMPLETE
    unreachable = check_partial(top_aces, remaining=left)
    assert [f.rows for f in unreachable.fouls] == [(Row.TOP, Row.MIDDLE)]
    assert foul_message(unreachable.fouls[0]).startswith("middle can no longer reach top: pair of aces")
    # With a six among the cards left, 2-3-4-5-6 is still possible: no foul.
    assert check_partial(top_aces, remaining=parse_cards("4h 5s 6c 8d 9h Tc Js Qd")).fouls == ()
    # Once complete it is the full check.
    assert check_partial(Arrangement.parse(EXAMPLE1_LEGAL)).outcome is Outcome.LEGAL


def test_low_middle_checks_bottom_over_top_only() -> None:
    rules = HouseRules(low_middle=True)
    arr = Arrangement.parse("Qs Qd 9c / 7h 5d 4c 3s 2h / Ks Kh 8d 6c 6d")
    assert not check_arrangement(arr).legal  # normal rules: queens top over seven-high middle
    result = check_arrangement(arr, rules)
    assert result.legal and result.rows is not None
    assert row_name(result.rows[1]) == "7-5-4-3-2 low"
    foul = check_arrangement(Arrangement.parse("Ks Kd 9c / 7h 5d 4c 3s 2h / Qs Qh 8d 6c 5c"), rules)
    assert [f.rows for f in foul.fouls] == [(Row.TOP, Row.BOTTOM)]
    assert "bottom ≥ top" in foul_message(foul.fouls[0])


def test_low_middle_names_the_wheel_as_2_7_reads_it() -> None:
    # In 2-7 lowball A-2-3-4-5 is ace-high, not a straight; suited, it is an ace-high flush (and
    # rated so by lowball27). Name and category must say the same as the rating.
    rules = HouseRules(low_middle=True)
    plain = check_arrangement(Arrangement.parse("Qs Qd 9c / Ah 2d 3c 4s 5h / Ks Kh 8d 6c 6d"), rules)
    assert plain.rows is not None
    assert (plain.rows[1].category.key, row_name(plain.rows[1])) == ("high_card", "A-5-4-3-2 low")
    suited = check_arrangement(Arrangement.parse("Qs Qd 9c / Ah 2h 3h 4h 5h / Ks Kd 8d 6c 6d"), rules)
    assert suited.rows is not None
    assert (suited.rows[1].category.key, row_name(suited.rows[1])) == ("flush", "ace-high flush")
    # Under the normal rules the same rows stay a straight and a straight flush.
    normal = check_arrangement(Arrangement.parse("Qs Qd 9c / Ah 2h 3h 4h 5h / Ks Kd 8d 6c 6d"))
    assert normal.rows is not None and normal.rows[1].category.key == "straight_flush"


def test_wheel_second_passes_through() -> None:
    arr = Arrangement.parse("2s 3d 4c / 9h Kd Qc Js Th / Ah 2d 3c 4s 5h")
    assert not check_arrangement(arr).legal
    assert check_arrangement(arr, HouseRules(wheel_second=True)).legal


def test_parse_errors_name_the_problem() -> None:
    with pytest.raises(ArrangementParseError, match="got 2"):
        Arrangement.parse("As Kd 2s / Kc Kd Th 9s 8h")
    with pytest.raises(CardParseError, match=r"^not a card: '1x'$") as exc:
        Arrangement.parse("As 1x 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d")
    assert exc.value.token == "1x"


def test_format_and_row_access() -> None:
    text = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
    arr = Arrangement.parse(text)
    assert str(arr) == text
    assert arr.rows == (arr.top, arr.middle, arr.bottom)
    assert arr.row(Row.MIDDLE) == arr.middle and len(arr.cards) == 13
    assert arr.format(symbols=True).startswith("Q♠ J♣ 2♠ /")
    assert Row.TOP.key == "top" and row_label(Row.TOP, "ru") == "верхний ряд"
    assert Arrangement.parse("10s jc 2S / / ") == Arrangement(tuple(parse_cards("Ts Jc 2s")))


# --- properties ---------------------------------------------------------------------------------

deals = st.permutations(FULL_DECK).map(lambda deck: deck[:13])


def _arr(cards: list[Card]) -> Arrangement:
    return Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:13]))


@settings(max_examples=150, deadline=None)
@given(deals, st.randoms(use_true_random=False))
def test_reordering_cards_within_rows_keeps_the_verdict(cards: list[Card], rnd: object) -> None:
    import random

    assert isinstance(rnd, random.Random)
    arr = _arr(cards)
    rows = [list(r) for r in arr.rows]
    for r in rows:
        rnd.shuffle(r)
    shuffled = Arrangement.from_rows(rows)
    a, b = check_arrangement(arr), check_arrangement(shuffled)
    assert a.legal == b.legal
    assert [f.code for f in a.fouls] == [f.code for f in b.fouls]
    assert a.rows is not None and b.rows is not None
    assert [r.strength for r in a.rows] == [r.strength for r in b.rows]


@settings(max_examples=150, deadline=None)
@given(deals, st.booleans())
def test_parse_format_round_trip(cards: list[Card], symbols: bool) -> None:
    arr = _arr(cards)
    assert Arrangement.parse(arr.format(symbols)) == arr
    assert str(Arrangement.parse(str(arr))) == str(arr)


def _legal_setting(cards: list[Card]) -> Arrangement:
    """A legal arrangement of 13 distinct cards, built directly: the strongest five cards at the
    bottom, the strongest five of the rest in the middle, the last three on top. (The middle is
    at least as strong as the top: some five of those eight cards hold the top's three.)"""
    bottom = max(combinations(cards, 5), key=evaluate5)
    rest = [c for c in cards if c not in bottom]
    middle = max(combinations(rest, 5), key=evaluate5)
    top = tuple(c for c in rest if c not in middle)
    return Arrangement(top, middle, bottom)


@settings(max_examples=100, deadline=None)
@given(deals)
def test_the_legal_setting_builder_always_succeeds(cards: list[Card]) -> None:
    assert check_arrangement(_legal_setting(cards)).legal


@settings(max_examples=200, deadline=None)
@given(deals, st.sets(st.integers(0, 12), min_size=1), st.randoms(use_true_random=False))
def test_partial_check_never_contradicts_a_full_legal_hand(cards: list[Card], cut: set[int],
                                                           rnd: random.Random) -> None:
    # Taking cards out of a legal hand must never make the live check cry foul: the cards taken
    # out are one way of filling the places. Every example is a legal hand (built, not filtered):
    # the hand as dealt when it happens to be legal, else a legal setting of the same cards.
    arr = _arr(cards)
    if not check_arrangement(arr).legal:
        arr = _legal_setting(cards)
    rows = [list(r) for r in arr.rows]
    for r in rows:
        rnd.shuffle(r)
    arr = Arrangement.from_rows(rows)
    assert check_arrangement(arr).legal
    flat = [(i, c) for i, row in enumerate(arr.rows) for c in row]
    kept = [item for k, item in enumerate(flat) if k not in cut]
    partial = Arrangement.from_rows([[c for i, c in kept if i == k] for k in range(3)])
    assert check_partial(partial).outcome is not Outcome.FOUL
    taken_out = [c for k, (_, c) in enumerate(flat) if k in cut]
    assert check_partial(partial, remaining=taken_out).outcome is not Outcome.FOUL


def test_foul_sentences_read_naturally_and_say_the_rule_once() -> None:
    # The window's wording (the seed's pinned foul_message above stays the command line's).
    fouls = check_arrangement(Arrangement.parse(EXAMPLE1_FOUL)).fouls
    assert foul_sentences(fouls, "en") == [
        "Your top row (pair of aces) is stronger than your middle row (pair of kings).",
        "Your middle row (pair of kings) is stronger than your bottom row (pair of queens).",
        "The rows must go bottom ≥ middle ≥ top."]
    ru = check_arrangement(Arrangement.parse(EXAMPLE1_FOUL)).fouls
    assert foul_sentences(ru, "ru") == [
        "Ваш верхний ряд (пара тузов) сильнее среднего ряда (пара королей).",
        "Ваш средний ряд (пара королей) сильнее нижнего ряда (пара дам).",
        "Ряды должны идти так: нижний ≥ средний ≥ верхний."]
    # A lower row the cards left cannot lift: said plainly, no "reach middle: …" chain.
    half = check_partial(Arrangement.parse("As Kd 2s / Ah Kc 9h 8h 7d /"),
                         remaining=parse_cards("Qs Js Ts 5c 3c"))
    assert foul_sentences(half.fouls, "en") == [
        "The cards left cannot make your bottom row as strong as your middle row (ace-high).",
        "The rows must go bottom ≥ middle ≥ top."]
    assert foul_sentences(check_partial(Arrangement.parse("As Kd 2s / Ah Kc 9h 8h 7d /"),
                                        remaining=parse_cards("Qs Js Ts 5c 3c")).fouls, "ru")[0] == (
        "Оставшихся карт не хватит, чтобы нижний ряд догнал средний ряд (старшая карта — туз).")
    # Other problems keep the core's words, as a sentence; no order rule when none is broken.
    sizes = check_arrangement(Arrangement.parse("As Ks / As Kd 3c 4c 5c / 2c")).fouls
    assert foul_sentences(sizes, "en") == ["Top needs 3 cards, has 2.", "Bottom needs 5 cards, has 1.",
                                           "As appears 2 times (top, middle)."]


def test_foul_sentences_name_kickers_only_to_tell_equal_hands_apart_and_say_every_foul() -> None:
    twins = check_arrangement(Arrangement.parse("Kd Kc As / Ks Kh Qd 5c 4c / Ad Ah 2c 2d 3s")).fouls
    assert foul_sentences(twins) == [  # English unless asked
        "Your top row (pair of kings, kicker A) is stronger than your middle row "
        "(pair of kings, kickers Q-5-4).",
        "The rows must go bottom ≥ middle ≥ top."]
    low = check_arrangement(Arrangement.parse("As Ad 4h / 9s 9d 5c 6c 7d / Ks Kd Qc Jd 2s"),
                            HouseRules(low_middle=True)).fouls
    assert foul_sentences(low) == [
        "Your top row (pair of aces) is stronger than your bottom row (pair of kings).",
        "The rows must go bottom ≥ top (low middle)."]
    sizes = check_arrangement(Arrangement.parse("As Ks / As Kd 3c 4c 5c / 2c")).fouls
    assert foul_sentences(sizes, "ru") == [
        "Верхний ряд: карт — 2, а нужно 3.", "Нижний ряд: карт — 1, а нужно 5.",
        "Карта As встречается несколько раз (всего 2: верхний ряд, средний ряд)."]
    # a row the cards left cannot lift, and then another foul: both are said
    half = check_partial(Arrangement.parse("Qs Qc Jh / 2c Th Ac Qd / 4c 8c Ts 3h 9d"),
                         remaining=parse_cards("2d")).fouls
    assert foul_sentences(half) == [
        "The cards left cannot make your middle row as strong as your top row (pair of queens).",
        "Your middle row (ace-high) already beats your bottom row (ten-high).",
        "The rows must go bottom ≥ middle ≥ top."]


def test_a_parse_error_keeps_the_text_and_the_reason() -> None:
    err = ArrangementParseError("As Kd", "not three rows")
    assert (err.text, err.reason, str(err)) == ("As Kd", "not three rows", "not three rows: 'As Kd'")


@pytest.mark.parametrize(("middle", "bottom", "fouled"), [
    ("Kd Kc Ks Kh", "As Ah Ad 2c 2d", True),  # four kings already beat any full house
    ("Kd Kc Ks Kh", "2h 3h 4h 5h 6h", False),  # ... but not a straight flush
    ("Kd Kc Ks 5h", "Qs Qh Jd Jc 2s", True),  # three kings (and a kicker) beat two pair
    ("Kd Kc Ks 5h", "2s 3d 4c 5c 6d", False),  # a straight beats them
    ("Kd Kc 5s 5h", "Qs Qh Jd Jc 2s", True),  # kings and fives beat queens and jacks
    ("5s 5h Kd Kc", "Qs Qh 5d 5c 2s", True),  # in any order: kings over fives beat queens over fives
    ("Kd Kc 5s 5h", "As Ah 3d 3c 2s", False),
    ("Kd Kc 5h", "Qs Qh 8d 7c 2s", True),  # a pair of kings beats a pair of queens
    ("5h Kd Kc", "As Ah 8d 7c 2s", False),
    ("Ad Kc 5h", "Qs Jh 9d 7c 2s", True),  # ace-high beats queen-high, whatever comes
])
def test_a_partial_middle_is_judged_by_the_weakest_hand_it_can_still_become(middle: str, bottom: str,
                                                                              fouled: bool) -> None:
    arr = Arrangement((), tuple(parse_cards(middle)), tuple(parse_cards(bottom)))
    assert check_partial(arr).fouled is fouled


def test_every_foul_in_words_in_both_languages_english_unless_asked() -> None:
    P = Arrangement.parse
    cases: list[tuple[Sequence[Foul | None], list[str], list[str]]] = [  # (the fouls, English, Russian)
        ([check_arrangement(P("2c 3d / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s"),
                                         stage=Stage.SETTING).misdeal],
         ["misdeal: 12 cards instead of 13 — a re-deal, not a foul"],
         ["ошибочная сдача: карт — 12 вместо 13; это пересдача, а не фол"]),
        (check_partial(P("2c 3d 4h 5s / 9s 9d / ")).fouls,
         ["top takes 3 cards, holds 4"], ["верхний ряд: карт — 4, больше положенных 3"]),
        (check_arrangement(P("As Ks / As Kd 3c 4c 5c / 2c")).fouls,
         ["top needs 3 cards, has 2", "bottom needs 5 cards, has 1", "As appears 2 times (top, middle)"],
         ["верхний ряд: карт — 2, а нужно 3", "нижний ряд: карт — 1, а нужно 5",
          "карта As встречается несколько раз (всего 2: верхний ряд, средний ряд)"]),
        (check_arrangement(P("Kd Kc As / Ks Kh Qd 5c 4c / Ad Ah 2c 2d 3s")).fouls,
         ["top: pair of kings, kicker A is stronger than middle: pair of kings, kickers Q-5-4 — "
          "bottom ≥ middle ≥ top is required"],
         ["верхний ряд: пара королей, кикер A сильнее, чем средний ряд: пара королей, кикеры Q-5-4 — "
          "требуется нижний ≥ средний ≥ верхний"]),
        (check_partial(P("Qs Qc Jh / 2c Th Ac Qd / 4c 8c Ts 3h 9d"),
                                    remaining=parse_cards("2d")).fouls,
         ["middle can no longer reach top: pair of queens with the cards left — bottom ≥ middle ≥ top is "
          "required", "middle: ace-high already beats bottom: ten-high — bottom ≥ middle ≥ top is required"],
         ["средний ряд: оставшимися картами уже не догнать верхний ряд: пара дам — требуется нижний ≥ "
          "средний ≥ верхний", "средний ряд: старшая карта — туз уже сильнее, чем нижний ряд: старшая "
          "карта — десятка — требуется нижний ≥ средний ≥ верхний"]),
    ]
    for found, english, russian in cases:
        fouls = [f for f in found if f is not None]
        assert [foul_message(f) for f in fouls] == english
        assert [foul_message(f, "ru") for f in fouls] == russian
    assert (row_label(Row.TOP), row_label(Row.TOP, "ru")) == ("top", "верхний ряд")


def test_a_low_middle_is_named_as_a_low_hand_in_the_language_asked() -> None:
    low = row_info(Row.MIDDLE, tuple(parse_cards("7s 5d 4c 3h 2s")), HouseRules(low_middle=True))
    assert low.lowball and (row_name(low, "ru"), row_name(low, "en")) == ("лоу 7-5-4-3-2", "7-5-4-3-2 low")


def test_a_partial_hand_with_two_equal_full_rows_is_no_foul() -> None:
    # middle and bottom the same hand in other suits: bottom ≥ middle holds (a tie is legal)
    arr = Arrangement(tuple(parse_cards("2c")), tuple(parse_cards("Ks Kd 9h 8h 7d")),
                      tuple(parse_cards("Kh Kc 9s 8s 7c")))
    assert not check_partial(arr).fouled


def test_under_low_middle_the_bottom_must_still_be_able_to_reach_the_top() -> None:
    arr = Arrangement(tuple(parse_cards("As Ah Kc")), (), tuple(parse_cards("2s 4d")))
    left = parse_cards("Kd Qs Qh Jc Td 9s 8h 7c")  # no ace, one pair: queens at best below aces
    assert check_partial(arr, HouseRules(low_middle=True), remaining=left).fouled
    # with the middle still empty, the usual rules judge the bottom against the middle only
    assert not check_partial(arr, remaining=left).fouled
