"""The arrangement check field by field (RULES.md §1): every foul's exact facts (plain data: the
renderer words them in a language), the rows a partial hand names, the live check's give-up limit,
and the value type's refusals. (test_arrangement.py holds the rules in words and the properties.)"""

from __future__ import annotations

import dataclasses

import pytest

from cp_trainer.rules.arrangement import (
    Arrangement,
    Foul,
    FoulCode,
    OrderCheck,
    Outcome,
    Row,
    RowInfo,
    Stage,
    check_arrangement,
    check_partial,
)
from cp_trainer.rules.arrangement_text import row_label
from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.strength import Category, evaluate3, evaluate5


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def card(text: str) -> Card:
    (c,) = parse_cards(text)
    return c


def arr(text: str) -> Arrangement:
    return Arrangement.parse(text)


def top_info(text: str, category: Category) -> RowInfo:
    """A full top row as RULES.md judges it: three cards, their own three-card strength."""
    return RowInfo(Row.TOP, cards(text), evaluate3(cards(text)), category)


def five_info(row: Row, text: str, category: Category, *, wheel_second: bool = False) -> RowInfo:
    return RowInfo(row, cards(text), evaluate5(cards(text), wheel_second=wheel_second), category)


# --- sizes and duplicates at showdown -------------------------------------------------------------


def test_sizes_and_a_duplicate_at_showdown_field_by_field() -> None:
    # top 2 of 3, bottom 1 of 5, the ace of spades both on top and in the middle
    result = check_arrangement(arr("As Ks / As Kd 3c 4c 5c / 2c"))
    assert result.outcome is Outcome.FOUL and not result.legal and result.fouled
    assert result.fouls == (
        Foul(FoulCode.ROW_SIZE, (Row.TOP,), count=2, size=3),
        Foul(FoulCode.ROW_SIZE, (Row.BOTTOM,), count=1, size=5),
        Foul(FoulCode.DUPLICATE, (Row.TOP, Row.MIDDLE), count=2, card=card("As")),
    )
    assert all(not f.live and f.order_check is OrderCheck.FULL and not f.low_middle for f in result.fouls)
    assert result.rows is None and result.misdeal is None
    # the one full row is still judged, in the language asked
    assert dict(result.complete_rows) == {
        Row.MIDDLE: five_info(Row.MIDDLE, "As Kd 3c 4c 5c", Category.HIGH_CARD)}
    assert result.offending_rows == frozenset({Row.TOP, Row.MIDDLE, Row.BOTTOM})


def test_a_card_shown_three_times_names_each_row_once() -> None:
    hand = Arrangement(cards("7h 7h 2c"), cards("7h Kd Kc Jd 9s"), cards("As Ah Ad 3c 3d"))
    result = check_arrangement(hand)
    assert result.fouls == (Foul(FoulCode.DUPLICATE, (Row.TOP, Row.MIDDLE), count=3, card=card("7h")),)
    # sizes are right: the rows are judged even though the hand fouls
    assert result.rows is not None and [r.row for r in result.rows] == [Row.TOP, Row.MIDDLE, Row.BOTTOM]
    assert result.offending_rows == frozenset({Row.TOP, Row.MIDDLE})


def test_a_misdeal_field_by_field() -> None:
    short = check_arrangement(arr("2c 3d / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s"), stage=Stage.SETTING)
    assert short.outcome is Outcome.MISDEAL and not short.legal and not short.fouled
    assert short.misdeal == Foul(FoulCode.MISDEAL, (), count=12, size=13)
    assert short.fouls == () and short.rows is None and dict(short.complete_rows) == {}
    long = check_arrangement(arr("2c 3d 4h 5h / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s"),
                             stage=Stage.SETTING)
    assert long.misdeal == Foul(FoulCode.MISDEAL, (), count=14, size=13)
    # the same short hand shown at showdown is a foul of the top's size, never a misdeal
    shown = check_arrangement(arr("2c 3d / 9s 9d 5c 6c 7d / As Ad Kc Kd 2s"))
    assert shown.misdeal is None and shown.fouls == (Foul(FoulCode.ROW_SIZE, (Row.TOP,), count=2, size=3),)


# --- order ----------------------------------------------------------------------------------------


def test_order_fouls_of_a_full_hand_field_by_field() -> None:
    result = check_arrangement(arr("As Ah 2s / Kc Kd Th 9s 8h / Qs Jc 7c 4d 3h"))
    top = top_info("As Ah 2s", Category.PAIR)
    middle = five_info(Row.MIDDLE, "Kc Kd Th 9s 8h", Category.PAIR)
    bottom = five_info(Row.BOTTOM, "Qs Jc 7c 4d 3h", Category.HIGH_CARD)
    assert result.fouls == (
        Foul(FoulCode.ORDER, (Row.TOP, Row.MIDDLE), upper=top, lower=middle),
        Foul(FoulCode.ORDER, (Row.MIDDLE, Row.BOTTOM), upper=middle, lower=bottom),
    )
    assert result.rows == (top, middle, bottom)
    assert dict(result.complete_rows) == {Row.TOP: top, Row.MIDDLE: middle, Row.BOTTOM: bottom}


def test_a_legal_hand_keeps_its_rows_and_no_fouls() -> None:
    result = check_arrangement(arr("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"))
    assert result.outcome is Outcome.LEGAL and result.legal and not result.fouled
    assert result.fouls == () and result.misdeal is None and result.offending_rows == frozenset()
    assert result.rows is not None and [r.category for r in result.rows] == [
        Category.HIGH_CARD, Category.PAIR, Category.PAIR]


def test_a_low_middle_order_foul_says_which_rule_applied() -> None:
    rules = HouseRules(low_middle=True)
    result = check_arrangement(arr("Ks Kd 9c / 7h 5d 4c 3s 2h / Qs Qh 8d 6c 5c"), rules)
    top = top_info("Ks Kd 9c", Category.PAIR)
    bottom = five_info(Row.BOTTOM, "Qs Qh 8d 6c 5c", Category.PAIR)
    assert result.fouls == (
        Foul(FoulCode.ORDER, (Row.TOP, Row.BOTTOM), upper=top, lower=bottom, low_middle=True),)
    assert result.rows is not None and result.rows[1].lowball and not result.rows[0].lowball


def test_a_wrong_sized_hand_still_reports_two_full_rows_out_of_order() -> None:
    result = check_arrangement(arr("As Ah 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c"))
    top = top_info("As Ah 2s", Category.PAIR)
    middle = five_info(Row.MIDDLE, "Kc Kd Th 9s 8h", Category.PAIR)
    assert result.fouls == (
        Foul(FoulCode.ROW_SIZE, (Row.BOTTOM,), count=4, size=5),
        Foul(FoulCode.ORDER, (Row.TOP, Row.MIDDLE), upper=top, lower=middle),
    )
    assert dict(result.complete_rows) == {Row.TOP: top, Row.MIDDLE: middle}


# --- the live check -------------------------------------------------------------------------------


def test_rows_holding_too_many_are_live_size_fouls() -> None:
    result = check_partial(arr("2c 3d 4h 5s / 9s 9d Tc Jc Qc Kc / 6h"))
    assert result.outcome is Outcome.FOUL
    assert result.fouls == (
        Foul(FoulCode.ROW_SIZE, (Row.TOP,), count=4, size=3, live=True),
        Foul(FoulCode.ROW_SIZE, (Row.MIDDLE,), count=6, size=5, live=True),
    )
    # a row exactly full, or short, is no size problem while the hand is set
    assert check_partial(arr("2c 3d 4h / 9s 9d / ")).fouls == ()


def test_a_partial_upper_row_beating_a_full_lower_one() -> None:
    # two aces on top (the third card still to come) already beat the middle's pair of kings
    result = check_partial(arr("As Ah / Kc Kd Th 9s 8h / 2c"))
    middle = five_info(Row.MIDDLE, "Kc Kd Th 9s 8h", Category.PAIR)
    (foul,) = result.fouls
    assert (foul.code, foul.rows, foul.lower, foul.order_check) == (
        FoulCode.ORDER, (Row.TOP, Row.MIDDLE), middle, OrderCheck.PARTIAL)
    assert (foul.count, foul.size, foul.card, foul.low_middle, foul.live) == (0, 0, None, False, False)
    upper = foul.upper
    assert upper is not None
    assert (upper.row, upper.cards, upper.category, upper.lowball) == (
        Row.TOP, cards("As Ah"), Category.PAIR, False)
    # judged by the weakest top the two aces can become, A-A-2: still above the kings
    assert evaluate3(cards("As Ah 2d")) >= upper.strength > middle.strength
    assert upper.strength > evaluate3(cards("Ks Kh Ad"))  # above any pair of kings
    assert result.rows is None and dict(result.complete_rows) == {Row.MIDDLE: middle}


def test_two_full_rows_out_of_order_in_a_partial_hand() -> None:
    # top and middle full, the bottom still empty: the full check's order foul, found live
    result = check_partial(arr("As Ah 2s / Kc Kd Th 9s 8h / "))
    top = top_info("As Ah 2s", Category.PAIR)
    middle = five_info(Row.MIDDLE, "Kc Kd Th 9s 8h", Category.PAIR)
    assert result.fouls == (
        Foul(FoulCode.ORDER, (Row.TOP, Row.MIDDLE), upper=top, lower=middle, order_check=OrderCheck.FULL),)
    assert dict(result.complete_rows) == {Row.TOP: top, Row.MIDDLE: middle}


def test_a_lower_row_the_cards_left_cannot_lift() -> None:
    # aces on top; the middle holds 2-3 and the cards left make at best a pair below aces
    hand = arr("As Ah Kd / 2c 3d / ")
    left = cards("4h 5s 7c 8d 9h Tc Js Qd")
    result = check_partial(hand, remaining=left)
    top = top_info("As Ah Kd", Category.PAIR)
    assert result.fouls == (
        Foul(FoulCode.ORDER, (Row.TOP, Row.MIDDLE), upper=top, lower=None,
             order_check=OrderCheck.UNREACHABLE),)


@pytest.mark.parametrize("row", ["top", "middle", "bottom"])
def test_a_row_of_other_values_than_cards_is_refused(row: str) -> None:
    rows: dict[str, object] = {"top": (), "middle": (), "bottom": ()}
    rows[row] = (card("As"), "Kd")
    with pytest.raises(TypeError, match=f"^{row} row must hold Card values$"):
        Arrangement(**rows)  # type: ignore[arg-type]


def test_rows_given_as_any_sequence_are_stored_as_tuples() -> None:
    hand = Arrangement([card("As"), card("Kd")], iter([card("2c")]), ())  # type: ignore[arg-type]
    assert hand.top == (card("As"), card("Kd")) and hand.middle == (card("2c"),) and hand.bottom == ()
    assert all(isinstance(r, tuple) for r in hand.rows)
    assert hash(hand) == hash(Arrangement((card("As"), card("Kd")), (card("2c"),)))
    assert Arrangement.from_rows([[card("2c")], [], [card("3d")]]) == Arrangement(
        (card("2c"),), (), (card("3d"),))


def test_three_rows_or_a_refusal_that_says_how_many() -> None:
    with pytest.raises(ValueError, match=r"^an arrangement has 3 rows, got 2$"):
        Arrangement.from_rows([[card("2c")], []])
    with pytest.raises(ValueError,
                       match=r"^an arrangement has 3 rows separated by '/', got 4: 'a / b / c / d'$"):
        Arrangement.parse("a / b / c / d")
    assert Arrangement.parse(" / / ") == Arrangement()


def test_row_sizes_positions_and_a_complete_hand() -> None:
    assert [(r.size, r.position, r.key) for r in Row] == [
        (3, 0, "top"), (5, 1, "middle"), (5, 2, "bottom")]
    assert [row_label(r, "ru") for r in Row] == ["верхний ряд", "средний ряд", "нижний ряд"]
    full = arr("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d")
    assert full.complete
    assert full.cards == cards("Qs Jc 2s Kc Kd Th 9s 8h As Ah Qh 7c 4d")  # top row first
    # one card more or fewer in any row is not 3/5/5
    assert not Arrangement(full.top[:2], full.middle, full.bottom).complete
    assert not Arrangement(full.top + cards("3c"), full.middle, full.bottom).complete
    assert not Arrangement(full.top, full.middle[:4], full.bottom).complete
    assert not Arrangement(full.top, full.middle + cards("3c"), full.bottom).complete
    assert not Arrangement(full.top, full.middle, full.bottom[:4]).complete
    assert not Arrangement(full.top, full.middle, full.bottom + cards("3c")).complete
    assert full.format() == "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
    assert Arrangement(cards("Qs")).format(symbols=True) == "Q♠ /  / "


# --- the reach of the cards left ------------------------------------------------------------------

# Aces on top. Eleven cards with no ace, one pair (kings), no five ranks in a row (no six, no jack)
# and no five of a suit: the best any five of them make is a pair of kings, below the aces.
ACES_TOP = "As Ah Kd"
ELEVEN = "2c 3d 4h 5s 7c 8d 9h Ts Qc Ks Kc"


def test_a_row_the_cards_left_cannot_lift_is_flagged_up_to_the_give_up_limit() -> None:
    hand = arr(f"{ACES_TOP} / / ")
    # ten cards left for an empty middle: C(10, 5) = 252 fillings, all tried, none reaches
    ten = check_partial(hand, remaining=cards(ELEVEN)[:-1])
    assert [(f.rows, f.order_check) for f in ten.fouls] == [
        ((Row.TOP, Row.MIDDLE), OrderCheck.UNREACHABLE)]
    # eleven: C(11, 5) = 462 fillings, more than the check tries; it stays silent (sound, not complete)
    assert check_partial(hand, remaining=cards(ELEVEN)).fouls == ()


def test_a_row_filled_exactly_by_the_cards_left_is_judged() -> None:
    # the middle needs three and three are left: the one filling, 2-3-4-5-7, is below the aces
    hand = arr(f"{ACES_TOP} / 2c 3d / ")
    exact = check_partial(hand, remaining=cards("4h 5s 7c"))
    assert [(f.rows, f.lower) for f in exact.fouls] == [((Row.TOP, Row.MIDDLE), None)]
    # fewer than it needs: a count problem for later, no order foul
    assert check_partial(hand, remaining=cards("4h 5s")).fouls == ()
    # the row's own cards named among the cards left are not used twice: 2-3 + 2-3-4 is no filling
    assert [f.order_check for f in check_partial(hand, remaining=cards("2c 3d 4h 5s 7c")).fouls] == [
        OrderCheck.UNREACHABLE]


def test_a_filling_equal_to_the_upper_row_is_enough() -> None:
    # A-K-Q on top; the middle A-K-Q-3 and a two left: A-K-Q-3-2 is exactly as strong (RULES.md:
    # a top that runs out of cards is not stronger), and equal strength is allowed
    hand = arr("As Kd Qc / Ah Kc Qd 3h / ")
    assert check_partial(hand, remaining=cards("2s")).fouls == ()
    assert check_arrangement(arr("As Kd Qc / Ah Kc Qd 3h 2s / 7c 7d 8h 8s 9c")).legal
    # a lower kicker than any A-K-Q-3-2 cannot be found: nothing below a two
    assert check_partial(arr("As Kd Qc / Ah Kc Qd 2h / "), remaining=cards("3s")).fouls == ()


def test_the_cards_left_are_read_under_the_wheel_setting() -> None:
    # a six-high straight in the middle; the bottom A-2-3-4 with the five left makes the wheel:
    # the lowest straight by default (below six-high), the second highest when the wheel ranks second
    hand = arr("7c 8d 9h / 2s 3s 4d 5c 6h / Ac 2d 3h 4c")
    plain = check_partial(hand, remaining=cards("5d"))
    assert [(f.rows, f.order_check) for f in plain.fouls] == [
        ((Row.MIDDLE, Row.BOTTOM), OrderCheck.UNREACHABLE)]
    assert check_partial(hand, HouseRules(wheel_second=True), remaining=cards("5d")).fouls == ()


def test_a_wheel_in_the_middle_ranks_by_the_setting() -> None:
    # the wheel in the middle below a king-high straight: legal by default, a foul when it ranks second
    hand = arr("2c 3c 7d / Ah 2d 3s 4c 5h / 9s Kd Qc Js Th")
    assert check_arrangement(hand).legal
    foul = check_arrangement(hand, HouseRules(wheel_second=True))
    middle = five_info(Row.MIDDLE, "Ah 2d 3s 4c 5h", Category.STRAIGHT, wheel_second=True)
    bottom = five_info(Row.BOTTOM, "9s Kd Qc Js Th", Category.STRAIGHT, wheel_second=True)
    assert foul.fouls == (Foul(FoulCode.ORDER, (Row.MIDDLE, Row.BOTTOM), upper=middle, lower=bottom),)


def test_under_low_middle_the_bottom_must_reach_the_top_and_the_middle_is_never_asked() -> None:
    rules = HouseRules(low_middle=True)
    hand = arr(f"{ACES_TOP} / / 2s 4d")
    left = cards("Kc Qs Qh Jc Td 9s 8h 7c")  # one pair at best: queens below aces
    result = check_partial(hand, rules, remaining=left)
    top = top_info(ACES_TOP, Category.PAIR)
    assert result.fouls == (Foul(FoulCode.ORDER, (Row.TOP, Row.BOTTOM), upper=top,
                                 order_check=OrderCheck.UNREACHABLE, low_middle=True),)
    # a middle that cannot reach the top is no foul there: the middle is a low hand
    full_bottom = arr(f"{ACES_TOP} / 2c 3d / Ks Kh Kc 9d 9h")
    assert check_partial(full_bottom, rules, remaining=cards("4h 5s 7c")).fouls == ()


# --- what mutation testing asks (each test names the rule a mutant would break) ---------------------


def test_a_filling_as_strong_as_a_full_upper_five_card_row_is_enough() -> None:
    # the middle K-K-9-8-7 is full; the bottom K-K-9-8 with the seven left becomes the same hand in
    # other suits: equal strength is allowed (RULES.md §1, step 4), so nothing is unreachable
    hand = arr("2c 3d 4h / Ks Kd 9h 8h 7d / Kh Kc 9s 8s")
    assert check_partial(hand, remaining=cards("7c")).fouls == ()
    # a six left instead: K-K-9-8-6 stays below, and that is flagged
    assert [f.order_check for f in check_partial(hand, remaining=cards("6c")).fouls] == [
        OrderCheck.UNREACHABLE]


def test_two_equal_full_rows_beside_a_wrong_sized_one_are_no_order_foul() -> None:
    result = check_arrangement(arr("2c 3d / Ks Kd 9h 8h 7d / Kh Kc 9s 8s 7c"))
    assert result.fouls == (Foul(FoulCode.ROW_SIZE, (Row.TOP,), count=2, size=3),)


def test_a_wrong_sized_hand_judges_its_full_rows_under_the_house_rules() -> None:
    # the top is short; under low middle the full middle is a 2-7 low, named as one
    low = cards("7h 5d 4c 3s 2h")
    result = check_arrangement(Arrangement(cards("Qs Qd"), low, cards("Ks Kh 8d 6c 6d")),
                               HouseRules(low_middle=True))
    middle = result.complete_rows[Row.MIDDLE]
    assert (middle.row, middle.cards, middle.category, middle.lowball) == (
        Row.MIDDLE, low, Category.HIGH_CARD, True)
    assert [f.code for f in result.fouls] == [FoulCode.ROW_SIZE]
    # the same in the live check, and the wheel ranked second in a full bottom
    live = check_partial(Arrangement(cards("Qs Qd"), low, ()), HouseRules(low_middle=True))
    assert live.complete_rows[Row.MIDDLE].lowball
    wheel = cards("Ah 2d 3c 4s 5h")
    second = check_partial(Arrangement((), (), wheel), HouseRules(wheel_second=True))
    assert second.complete_rows[Row.BOTTOM] == five_info(Row.BOTTOM, "Ah 2d 3c 4s 5h", Category.STRAIGHT,
                                                         wheel_second=True)
    assert second.complete_rows[Row.BOTTOM].strength > evaluate5(cards("9s Kd Qc Js Th"))


def test_the_live_check_of_a_full_hand_is_the_full_check_in_its_language_and_rules() -> None:
    foul = arr("As Ah 2s / Kc Kd Th 9s 8h / Qs Jc 7c 4d 3h")
    assert check_partial(foul) == check_arrangement(foul)
    # queens on top over a seven-high middle: legal only under low middle
    low = arr("Qs Qd 9c / 7h 5d 4c 3s 2h / Ks Kh 8d 6c 6d")
    assert check_partial(low, HouseRules(low_middle=True)).legal
    assert not check_partial(low).legal


def test_a_duplicate_while_setting_is_worded_in_the_language_asked() -> None:
    result = check_partial(arr("2c / 2c / "))
    assert result.fouls == (Foul(FoulCode.DUPLICATE, (Row.TOP, Row.MIDDLE), count=2, card=card("2c")),)


def test_each_pair_of_rows_is_judged_on_its_own_while_setting() -> None:
    # the top can still be anything and no cards left are given: the middle's three kings
    # already beat the full bottom's pair of aces all the same
    hand = arr("2c / Ks Kh Kd / Ac Ad Qh Jh 9c")
    assert [(f.rows, f.order_check) for f in check_partial(hand).fouls] == [
        ((Row.MIDDLE, Row.BOTTOM), OrderCheck.PARTIAL)]
    # a top holding too many is reported, and the middle and bottom are still compared
    long_top = check_partial(arr("2c 3d 4h 5s / Ks Kh Kd / Ac Ad Qh Jh 9c"))
    assert [(f.code, f.rows) for f in long_top.fouls] == [
        (FoulCode.ROW_SIZE, (Row.TOP,)), (FoulCode.ORDER, (Row.MIDDLE, Row.BOTTOM))]
    # but a row holding too many is not judged against its neighbour: four cards on top (two pair)
    # against a full middle of queens is only a size problem
    four_top = check_partial(arr("As Ah Kd Kc / Qc Qd 7h 6h 5c / "))
    assert four_top.fouls == (Foul(FoulCode.ROW_SIZE, (Row.TOP,), count=4, size=3, live=True),)


@pytest.mark.parametrize(("middle", "bottom", "fouled"), [
    ("Ad Kc", "As 7h 5d 4c 2s", True),  # A-K-... beats A-7-5-4-2 whatever comes: the second rank decides
    ("Ad 7c", "As Kh 5d 4c 2s", False),  # A-7-... can stay below A-K-5-4-2
    ("Ad Kc 5h", "As Kh 4d 3c 2s", True),  # the third rank decides
    ("Ad Kc 4h", "As Kh 5d 3c 2s", False),
    ("Ad Kc 5h 4h", "As Kd 5d 3c 2s", True),  # the fourth
    ("Ad Kc 5h 3h", "As Kd 5d 4c 2s", False),
    ("9d 9c Kh", "9s 9h Qd 8c 7s", True),  # a pair's kicker
    ("9d 9c Qh", "9s 9h Kd 8c 7s", False),
])
def test_a_partial_middle_is_judged_rank_by_rank(middle: str, bottom: str, fouled: bool) -> None:
    assert check_partial(Arrangement((), cards(middle), cards(bottom))).fouled is fouled


def test_a_judged_row_and_a_foul_are_plain_data_named_in_the_language_asked() -> None:
    from cp_trainer.rules.arrangement import row_info
    from cp_trainer.rules.arrangement_text import row_name

    fields = {f.name for f in dataclasses.fields(RowInfo)} | {f.name for f in dataclasses.fields(Foul)}
    assert "lang" not in fields
    kings = row_info(Row.MIDDLE, cards("Ks Kh Qd 5c 4c"))
    assert row_name(kings) == "pair of kings"
    assert row_name(kings, "en", detailed=True) == "pair of kings, kickers Q-5-4"
    assert row_name(kings, "ru", detailed=True) == "пара королей, кикеры Q-5-4"
    top = row_info(Row.TOP, cards("Kd Kc As"))
    assert row_name(top, "en", detailed=True) == "pair of kings, kicker A"
    low = row_info(Row.MIDDLE, cards("7s 5d 4c 3h 2s"), HouseRules(low_middle=True))
    assert (low.row, low.lowball, low.category) == (Row.MIDDLE, True, Category.HIGH_CARD)
    assert row_name(low, "ru") == "лоу 7-5-4-3-2"


def test_a_result_holds_its_own_read_only_rows() -> None:
    from cp_trainer.rules.arrangement import CheckResult
    from cp_trainer.rules.frozen import FrozenMap

    result = check_arrangement(arr("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"))
    assert isinstance(result.complete_rows, FrozenMap)
    assert hash(result) == hash(check_arrangement(arr("Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d")))
    given = dict(result.complete_rows)
    kept = CheckResult(Outcome.LEGAL, (), result.rows, given)
    given.clear()  # the caller's dict changes; the result does not
    assert set(kept.complete_rows) == {Row.TOP, Row.MIDDLE, Row.BOTTOM}
    with pytest.raises(TypeError, match="does not support item assignment"):
        kept.complete_rows[Row.TOP] = result.complete_rows[Row.TOP]  # type: ignore[index]


# --- the words (arrangement_text) -----------------------------------------------------------------


def test_rows_and_hands_are_worded_in_english_unless_asked() -> None:
    from cp_trainer.rules.arrangement import row_info
    from cp_trainer.rules.arrangement_text import row_label, row_name

    assert [row_label(r) for r in Row] == ["top", "middle", "bottom"]
    kings = row_info(Row.MIDDLE, cards("Ks Kh Qd 5c 4c"))
    assert row_name(kings) == "pair of kings" and row_name(kings, detailed=True) == (
        "pair of kings, kickers Q-5-4")
    assert row_name(kings, "ru") == "пара королей"


def test_the_kickers_that_tell_two_equal_hands_apart_are_said_in_the_language_asked() -> None:
    from cp_trainer.rules.arrangement_text import foul_sentences

    twins = check_arrangement(arr("Kd Kc As / Ks Kh Qd 5c 4c / Ad Ah 2c 2d 3s")).fouls
    assert foul_sentences(twins, "ru") == [
        "Ваш верхний ряд (пара королей, кикер A) сильнее среднего ряда (пара королей, кикеры Q-5-4).",
        "Ряды должны идти так: нижний ≥ средний ≥ верхний."]
