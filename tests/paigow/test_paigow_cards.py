"""Pai Gow cards: the joker, the 53-card deck, and input errors that name the problem."""

from __future__ import annotations

import pytest

from cp_trainer.paigow.cards import (
    JOKER,
    JOKER_CODE,
    PAIGOW_DECK,
    CardCountError,
    PaiGowInputError,
    TwoJokersError,
    card_code,
    card_from_code,
    parse_hand,
    parse_pg_cards,
    sort_for_display,
)
from cp_trainer.paigow.messages import error_message
from cp_trainer.rules.cards import Card, CardParseError, DuplicateCardError


def test_deck_has_52_cards_and_one_joker() -> None:
    assert len(PAIGOW_DECK) == 53
    assert len(set(PAIGOW_DECK)) == 53
    assert sum(1 for c in PAIGOW_DECK if c is JOKER) == 1
    assert [card_code(c) for c in PAIGOW_DECK] == list(range(53))
    assert all(card_from_code(card_code(c)) == c for c in PAIGOW_DECK)
    assert card_code(JOKER) == JOKER_CODE == 52


@pytest.mark.parametrize("token", ["Jk", "jk", "JK", "Joker", "joker", "JOKER"])
def test_joker_spellings(token: str) -> None:
    assert parse_pg_cards(f"As {token} 2c") == [Card.parse("As"), JOKER, Card.parse("2c")]
    assert str(JOKER) == "Jk"


def test_cards_parse_as_in_chinese_poker() -> None:
    assert parse_pg_cards("10d, A♠ kh") == [Card.parse("Td"), Card.parse("As"), Card.parse("Kh")]
    assert parse_pg_cards(["As", "Jk"]) == [Card.parse("As"), JOKER]


def test_two_jokers_is_an_error() -> None:
    with pytest.raises(TwoJokersError, match="2 jokers") as err:
        parse_pg_cards("Jk As Joker")
    assert isinstance(err.value, ValueError)
    assert "only one joker" in error_message(err.value, "en")
    assert "джокер" in error_message(err.value, "ru")


def test_duplicate_card_is_named() -> None:
    with pytest.raises(DuplicateCardError, match=r"^duplicate card: As$") as err:
        parse_hand("As Kd Qd Jd 3c 2c As")
    assert err.value.cards == (Card.parse("As"),)
    assert error_message(err.value) == "duplicate card: As"


@pytest.mark.parametrize("bad", ["Xx", "1s", "Jq", "Jokers"])
def test_unknown_token_is_named(bad: str) -> None:
    with pytest.raises(CardParseError, match=r"^not a card: ") as err:
        parse_hand(f"As Kd Qd Jd 3c {bad} 2c")
    assert err.value.token == bad
    assert bad in error_message(err.value)


@pytest.mark.parametrize("text,got", [("As Kd", 2), ("As Kd Qd Jd 3c 2c 4h 5h", 8), ("", 0)])
def test_hand_needs_seven_cards(text: str, got: int) -> None:
    with pytest.raises(CardCountError, match=rf"^a Pai Gow hand has 7 cards, got {got}$") as err:
        parse_hand(text)
    assert isinstance(err.value, PaiGowInputError)
    assert err.value.got == got
    assert error_message(err.value) == f"a Pai Gow hand has 7 cards, got {got}"
    assert str(got) in error_message(err.value, "ru")


def test_display_order_puts_the_joker_first() -> None:
    cards = parse_pg_cards("2c Jk As Td")
    assert [str(c) for c in sort_for_display(cards)] == ["Jk", "As", "Td", "2c"]
