from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cp_trainer.cards import (
    FULL_DECK,
    Card,
    CardParseError,
    Deck,
    Rank,
    Suit,
    find_duplicates,
    format_cards,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("As", "As"), ("Td", "Td"), ("10d", "Td"), ("tD", "Td"), ("A♠", "As"), ("10♥", "Th"),
     ("2c", "2c"), ("kH", "Kh"), ("q♦", "Qd"), ("J♣", "Jc")],
)
def test_parse_accepts_every_documented_form(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("bad", ["1x", "", "A", "Ax", "11s", "1s", "As5", "Zz", "10", "♠A"])
def test_parse_rejects_and_quotes_the_token(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    assert info.value.token == bad
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_deck_has_52_distinct_cards_and_indices() -> None:
    assert len(set(FULL_DECK)) == 52
    assert [c.index for c in FULL_DECK] == list(range(52))
    assert Card.from_index(51) == Card(Rank.ACE, Suit.SPADES)


def test_seeded_deck_is_reproducible_and_complete() -> None:
    a, b = Deck(seed=7), Deck(seed=7)
    assert a.cards == b.cards
    assert Deck(seed=8).cards != a.cards
    hand = a.deal(13)
    assert len(hand) == 13 and len(a) == 39
    assert set(hand) | set(a.cards) == set(FULL_DECK)
    with pytest.raises(ValueError):
        a.deal(40)


def test_parse_cards_and_symbols() -> None:
    cards = parse_cards("A♠ A♥ K♣ K♦ Q♠ Q♥ J♣ T♦ 9♠ 8♥ 7♣ 4♦ 2♠")
    assert format_cards(cards) == "As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s"
    assert format_cards(cards[:2], symbols=True) == "A♠ A♥"
    assert parse_cards("AsKd,10h") == parse_cards("As Kd Th")
    assert find_duplicates(parse_cards("As Kd As Kd As")) == parse_cards("As Kd")


@given(st.lists(st.sampled_from(FULL_DECK), max_size=13), st.booleans())
def test_format_parse_round_trip(cards: list[Card], symbols: bool) -> None:
    assert parse_cards(format_cards(cards, symbols=symbols)) == cards


@given(st.sampled_from(FULL_DECK))
def test_card_index_round_trip(card: Card) -> None:
    assert Card.from_index(card.index) is card
    assert Card.parse(str(card).lower()) is card


@pytest.mark.parametrize("bad", [
    "\u212as",  # KELVIN SIGN, which a case-insensitive Unicode match takes for K
    "A\u017f",  # LATIN SMALL LETTER LONG S, likewise taken for s
    "A s", "10\u00a0s", "A\ts",  # one token is one card: no space inside
    "Ａｓ", "１０ｄ", "\x00", "As\x00", "A\u200bs", "1O", "10", "A♠♠",
])
def test_hostile_tokens_are_refused_quoting_the_whole_token(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    assert info.value.token == bad


def test_glued_cards_name_the_whole_token_when_refused() -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards("Qd AsK\u017f")
    assert info.value.token == "AsK\u017f"


@pytest.mark.parametrize(("text", "expected"), [
    ("A♠\ufe0f", "As"), ("A♠\ufe0e", "As"), ("10♥\ufe0e", "Th"), ("A♤", "As"),
    ("A♠\ufe0fK♥\ufe0f", "As Kh"), ("Q♡J♧", "Qh Jc"),
])
def test_emoji_and_text_presentation_suits(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected
