"""A hand record's parts, field by field (cp_trainer/history/record.py): each foul and each
opponent refused with the field and the value named, what a missing opponent name reads as, the
cards a deal holds, and how a bad value is quoted back (at most 60 characters)."""

from __future__ import annotations

from typing import Any

import pytest

from cp_trainer.history import HandRecord
from cp_trainer.history.record import RecordError, short_repr
from cp_trainer.rules.cards import parse_cards
from tests.history_fixtures import make_record

GOOD_FOUL = {"code": "order", "message": "top: pair of aces is stronger than middle: pair of kings"}
OPPONENT = {"arrangement": "2c 3c 4h / 5c 6d 8c 9c Tc / Jd Jh Js Qc Qd", "points": 2.0, "name": "greedy"}


def chinese(**changes: Any) -> dict[str, Any]:
    return {**make_record().to_dict(), **changes}


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(RecordError) as caught:
        HandRecord.from_dict(data)
    return str(caught.value)


@pytest.mark.parametrize("foul", [
    {"code": "", "message": "m"},  # an empty code
    {"code": "order"},  # no message
    {"code": "order", "message": 7},  # a message that is not text
    {"message": "m"},  # no code
    {"code": 3, "message": "m"},
])
def test_a_foul_needs_a_code_and_a_message_and_is_named_by_its_place(foul: dict[str, Any]) -> None:
    assert refused(chinese(fouls=[GOOD_FOUL, foul])) == (
        f"fouls[1] must be an object with text 'code' and 'message', got {foul!r}")


@pytest.mark.parametrize("foul", ["order", 5, None, ["order", "m"]])
def test_a_foul_that_is_not_an_object_is_refused(foul: Any) -> None:
    assert refused(chinese(fouls=[foul])) == (
        f"fouls[0] must be an object with text 'code' and 'message', got {foul!r}")


@pytest.mark.parametrize("field", ["code", "message"])
def test_a_fouls_text_must_be_unicode_and_the_error_names_the_field(field: str) -> None:
    foul = {**GOOD_FOUL, field: "a\ud800"}
    assert refused(chinese(fouls=[GOOD_FOUL, foul])) == (
        f"fouls[1].{field}: text that is not valid Unicode (a lone surrogate): 'a\\ud800'")


def test_a_good_foul_is_kept_as_given() -> None:
    (foul,) = HandRecord.from_dict(chinese(fouls=[GOOD_FOUL])).fouls
    assert (foul.code, foul.message) == (GOOD_FOUL["code"], GOOD_FOUL["message"])


@pytest.mark.parametrize("item", [5, "greedy", None, ["greedy"]])
def test_an_opponent_that_is_not_an_object_is_refused(item: Any) -> None:
    assert refused(chinese(opponents=[OPPONENT, item])) == f"opponents[1] must be an object, got {item!r}"


def test_an_opponents_fields_are_named_by_its_place() -> None:
    assert refused(chinese(opponents=[OPPONENT, {**OPPONENT, "name": 7}])) == (
        "opponents[1].name must be text, got 7")
    assert refused(chinese(opponents=[OPPONENT, {**OPPONENT, "name": "b\ud800"}])) == (
        "opponents[1].name: text that is not valid Unicode (a lone surrogate): 'b\\ud800'")
    assert refused(chinese(opponents=[OPPONENT, {**OPPONENT, "arrangement": "2c 3c Xx"}])) == (
        "opponents[1].arrangement: not a card: 'Xx'")
    assert refused(chinese(opponents=[OPPONENT, {**OPPONENT, "surrendered": "yes"}])) == (
        "opponents[1].surrendered must be true or false, got 'yes'")


def test_an_opponent_without_a_name_has_an_empty_one() -> None:
    unnamed = {k: v for k, v in OPPONENT.items() if k != "name"}
    (opponent,) = HandRecord.from_dict(chinese(opponents=[unnamed])).opponents
    assert opponent.name == "" and opponent.points == 2.0 and not opponent.surrendered


def test_a_paigow_deals_cards_leave_the_joker_out() -> None:
    record = HandRecord.from_dict({
        "game": "paigow", "played_at": "2026-10-16T12:00:00+00:00", "deal": "Ad Ah Jk As Ac 4d 7h",
        "arrangement": "Ad Ah As 7h 4d / Ac Jk"})
    assert record.deal_cards() == parse_cards("Ad Ah As Ac 4d 7h")
    assert make_record().deal_cards() == parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")


def test_a_bad_value_is_quoted_in_at_most_60_characters() -> None:
    assert short_repr("x" * 58) == "'" + "x" * 58 + "'"  # 60 characters: kept whole
    assert short_repr("x" * 59) == "'" + "x" * 56 + "..."  # 61: the first 57 and "..."
    assert len(short_repr("x" * 10_000)) == 60


def test_a_number_of_200_bits_or_more_is_described_not_printed() -> None:
    # 2**199 - 1 has 199 bits and 60 digits: printed whole; 2**199 has 200 bits
    assert short_repr(2**199 - 1) == str(2**199 - 1) and len(str(2**199 - 1)) == 60
    assert short_repr(2**199) == "a number of over 60 digits"
    assert short_repr(-(2**199)) == "a number of over 60 digits"


def test_a_value_nested_too_deep_to_print_is_described_by_its_type() -> None:
    deep_list: list[Any] = []
    deep_dict: dict[str, Any] = {}
    for _ in range(100_000):
        deep_list, deep_dict = [deep_list], {"a": deep_dict}
    assert short_repr(deep_list) == "a list nested too deep"
    assert short_repr(deep_dict) == "a dict nested too deep"


@pytest.mark.parametrize(("change", "said"), [
    ({"natural_amount": 10**400}, "house_rules: natural_amount must be at most "),
    ({"surrender_cost": 100}, "house_rules: surrender_cost must be at most 99, got 100"),
    ({"point_value": 0.001}, "house_rules: point_value must be at least 0.01, got 0.001"),
    ({"stakes": [1.0, 10**9]}, "house_rules: every one of the stakes must be at most "),
])
def test_house_rules_beyond_what_a_table_can_mean_are_refused(change: dict[str, Any], said: str) -> None:
    rules = {**make_record().to_dict()["house_rules"], **change}
    assert refused(chinese(house_rules=rules)).startswith(said)


def test_house_rules_at_their_bounds_are_kept() -> None:
    rules = {**make_record().to_dict()["house_rules"], "surrender_cost": 99, "point_value": 0.01}
    kept = HandRecord.from_dict(chinese(house_rules=rules))
    assert kept.house_rules["surrender_cost"] == 99
