"""Results are data (enums whose values are the old strings); words come from renderers."""

from __future__ import annotations

import json
from typing import cast

import pytest

from cp_trainer.rules.arrangement import (
    Arrangement,
    FoulCode,
    OrderCheck,
    Outcome,
    Row,
    check_arrangement,
    check_partial,
)
from cp_trainer.rules.arrangement_text import foul_message, row_label, row_name
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import PairKind, RowResult, settle
from cp_trainer.rules.strength import Category

FOUL = Arrangement.parse("As Ad 2c / Ks Kd 7h 6h 5c / Qs Qd 9c 8c 3h")


def test_the_verdict_is_the_same_data_in_every_language() -> None:
    en = ru = check_arrangement(FOUL)  # the language is no part of the data
    assert [f.code for f in en.fouls] == [FoulCode.ORDER, FoulCode.ORDER]
    first = en.fouls[0]
    assert first.rows == (Row.TOP, Row.MIDDLE) and first.order_check is OrderCheck.FULL
    assert first.upper is not None and first.upper.category is Category.PAIR
    # One renderer words it in either language.
    assert foul_message(first, "en").startswith("top: pair of aces is stronger than middle: pair of kings")
    assert foul_message(ru.fouls[0], "ru").startswith("верхний ряд: пара тузов сильнее")


def test_enum_values_are_the_old_strings() -> None:
    # Callers that compare with strings (the window, history records) keep working.
    pairs: list[tuple[str, str]] = [(FoulCode.ROW_SIZE, "row_size"), (Row.BOTTOM, "bottom"),
                                    (Outcome.MISDEAL, "misdeal"), (PairKind.BOTH_FOULED, "both_fouled"),
                                    (RowResult.TIED, "tied")]
    assert all(member == text and f"{member}" == text for member, text in pairs)
    assert json.dumps({Row.TOP: FoulCode.DUPLICATE}) == '{"top": "duplicate"}'


def test_every_foul_kind_renders() -> None:
    sizes = check_arrangement(Arrangement.parse("As Ad / Ks Kd 7h 6h 5c 4c / Qs Qd 9c 8c 3h"))
    size = sizes.fouls[0]
    assert (size.code, size.rows, size.count, size.size) == (FoulCode.ROW_SIZE, (Row.TOP,), 2, 3)
    assert foul_message(size) == "top needs 3 cards, has 2"
    dup = check_arrangement(Arrangement.parse("As Ad 2c / As Kd 7h 6h 5c / Qs Qd 9c 8c 3h")).fouls[0]
    assert (dup.code, dup.card, dup.count, dup.rows) == (FoulCode.DUPLICATE, parse_cards("As")[0], 2,
                                                         (Row.TOP, Row.MIDDLE))
    assert foul_message(dup) == "As appears 2 times (top, middle)"
    live = check_partial(Arrangement.parse("Qs Qd / 2c 3d 4h 5s / "),
                         remaining=parse_cards("7h 8c 9d Ts Jd Kd 3s"))
    (unreachable,) = live.fouls
    assert unreachable.order_check is OrderCheck.UNREACHABLE and unreachable.lower is None
    assert foul_message(unreachable).startswith("middle can no longer reach top: pair of queens")


def test_row_results_per_seat() -> None:
    a = Arrangement.parse("Qs Js 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
    b = Arrangement.parse("Kh Jh 3c / Tc Th Jc 9c 8c / Ac Ad Qd 7d 4c")
    pair = settle([a, b], HouseRules()).pairs[0]
    assert [pair.row_result(r, 0) for r in Row] == [RowResult.LOST, RowResult.WON, RowResult.TIED]
    assert [pair.row_result(r, 1) for r in Row] == [RowResult.WON, RowResult.LOST, RowResult.TIED]
    as_strings = cast(dict[str, int | None], pair.rows)
    assert as_strings["top"] == pair.rows[Row.TOP] == 1  # the old string keys still read


def test_frozen_results_hold_no_mutable_lists_or_dicts() -> None:
    import copy
    import pickle

    from cp_trainer.rules.settlement import settle_pair

    legal = Arrangement.parse("Qs Js 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
    table = settle([legal, FOUL])
    assert isinstance(table.points, tuple) and isinstance(table.money, tuple)
    assert isinstance(table.pairs, tuple) and isinstance(table.hands, tuple)
    pair = table.pairs[0]
    with pytest.raises(TypeError, match="does not support item assignment"):
        pair.rows[Row.TOP] = 1  # type: ignore[index]
    assert pair.rows == {"top": 0, "middle": 0, "bottom": 0}
    # a copy of the caller's dict: changing that dict afterwards changes nothing
    given = dict(pair.rows)
    again = settle_pair(legal, FOUL)
    rebuilt = type(again)(again.players, again.kind, given, again.points)
    given[Row.TOP] = None
    assert rebuilt.rows[Row.TOP] == 0
    # still copyable, picklable and hashable, as a frozen value should be
    assert copy.deepcopy(table) == table and pickle.loads(pickle.dumps(table)) == table
    assert hash(pair) == hash(copy.deepcopy(pair))
    assert json.dumps(table.to_json()) == json.dumps(
        {"points": [4, -4], "pairs": [{"players": [0, 1], "rows": {"top": 0, "middle": 0, "bottom": 0},
                                       "points": [4, -4]}]})
    partial = check_partial(Arrangement.parse("2c 3d / Ks Kd 7h 6h 5c / "))
    assert list(partial.complete_rows) == [Row.MIDDLE]
    with pytest.raises(TypeError, match="does not support item assignment"):
        partial.complete_rows[Row.TOP] = partial.complete_rows[Row.MIDDLE]  # type: ignore[index]


def test_the_renderer_words_rows_and_hands() -> None:
    result = check_arrangement(FOUL)
    assert result.rows is not None
    names = [row_name(info, "en") for info in result.rows]
    assert names == ["pair of aces", "pair of kings", "pair of queens"]
    assert [row_label(info.row, "ru") for info in result.rows] == ["верхний ряд", "средний ряд", "нижний ряд"]
    assert row_label(Row.BOTTOM, "en") == "bottom" and row_label(Row.BOTTOM, "ru") == "нижний ряд"
    top = check_arrangement(FOUL).rows
    assert top is not None and row_name(top[0], "ru") == "пара тузов"
    assert row_name(top[2], "en", detailed=True).startswith("pair of queens")
