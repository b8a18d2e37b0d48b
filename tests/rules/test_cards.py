from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cp_trainer.rules.cards import (
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
    with pytest.raises(CardParseError, match=f"^not a card: {re.escape(repr(bad))}") as info:
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
    with pytest.raises(ValueError, match=r"^cannot deal 40 cards from a deck of "):
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
    with pytest.raises(CardParseError, match=f"^not a card: {re.escape(repr(bad))}") as info:
        Card.parse(bad)
    assert info.value.token == bad


def test_glued_cards_name_the_whole_token_when_refused() -> None:
    with pytest.raises(CardParseError, match=r"^not a card: 'AsK\u017f'$") as info:
        parse_cards("Qd AsK\u017f")
    assert info.value.token == "AsK\u017f"


@pytest.mark.parametrize(("text", "expected"), [
    ("A♠\ufe0f", "As"), ("A♠\ufe0e", "As"), ("10♥\ufe0e", "Th"), ("A♤", "As"),
    ("A♠\ufe0fK♥\ufe0f", "As Kh"), ("Q♡J♧", "Qh Jc"),
])
def test_emoji_and_text_presentation_suits(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


# --- exact answers (each one a rule a wrong card module would break) ---------------------------

def test_error_messages_name_the_token_and_the_reason() -> None:
    err = CardParseError("Xx", "unknown rank")
    assert str(err) == "not a card: 'Xx' (unknown rank)"
    assert err.token == "Xx" and err.reason == "unknown rank"
    assert str(CardParseError("Xx")) == "not a card: 'Xx'" and CardParseError("Xx").reason == ""
    from cp_trainer.rules.cards import CardError, DuplicateCardError

    dup = DuplicateCardError(parse_cards("As Td"))
    assert str(dup) == "duplicate card: As Td" and dup.cards == tuple(parse_cards("As Td"))
    assert isinstance(dup, CardError) and isinstance(dup, ValueError)
    with pytest.raises(CardParseError, match=r"^not a card: 'Jk' \(there is no joker in Chinese poker\)$"):
        Card.parse("Jk")
    with pytest.raises(CardParseError, match=r"^not a card: 'JOKER' \(there is no joker"):
        Card.parse("JOKER")
    # (the joker's reason shows: the card pattern must not take "Jk" for a jack first)
    with pytest.raises(CardParseError, match=r"^not a card: 'Ax'$"):
        Card.parse("Ax")


@pytest.mark.parametrize(("text", "rank"), [("a", Rank.ACE), (" K ", Rank.KING), ("10", Rank.TEN),
                                            ("t", Rank.TEN), ("2", Rank.TWO), ("9", Rank.NINE)])
def test_rank_parse(text: str, rank: Rank) -> None:
    assert Rank.parse(text) is rank
    assert str(rank) == rank.char and Rank.parse(rank.char) is rank


@pytest.mark.parametrize("bad", ["1", "11", "X", "", "AA"])
def test_rank_parse_refuses(bad: str) -> None:
    with pytest.raises(CardParseError, match=r"^not a card: .* \(unknown rank\)$") as info:
        Rank.parse(bad)
    assert info.value.token == bad


@pytest.mark.parametrize(("text", "suit"), [("s", Suit.SPADES), ("S", Suit.SPADES), (" h ", Suit.HEARTS),
                                            ("♦", Suit.DIAMONDS), ("♧", Suit.CLUBS), ("♠\ufe0f", Suit.SPADES),
                                            ("♡\ufe0e", Suit.HEARTS), ("D", Suit.DIAMONDS)])
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("bad", ["x", "", "ss", "♠♠", "spades"])
def test_suit_parse_refuses(bad: str) -> None:
    with pytest.raises(CardParseError, match=r"^not a card: .* \(unknown suit\)$") as info:
        Suit.parse(bad)
    assert info.value.token == bad


def test_suits_symbols_order_and_colour() -> None:
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.index for s in Suit] == [0, 1, 2, 3]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert [str(s) for s in Suit] == ["c", "d", "h", "s"]


def test_card_order_is_rank_then_suit() -> None:
    two_c, two_s, three_c = Card.parse("2c"), Card.parse("2s"), Card.parse("3c")
    assert two_c < two_s < three_c and not two_s < two_c and not two_c < two_c
    assert two_c <= two_c <= two_s and not three_c <= two_s
    assert three_c > two_s > two_c and not two_c > two_c
    assert three_c >= three_c >= two_s and not two_c >= two_s
    assert sorted(parse_cards("As 2d Kc 2c")) == parse_cards("2c 2d Kc As")
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(two_c, op)(5) is NotImplemented
    with pytest.raises(TypeError, match="not supported between instances"):
        _ = two_c < 5


def test_card_needs_a_rank_and_a_suit() -> None:
    with pytest.raises(TypeError, match=r"^Card needs a Rank and a Suit$"):
        Card(14, Suit.SPADES)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^Card needs a Rank and a Suit$"):
        Card(Rank.ACE, "s")  # type: ignore[arg-type]
    assert Card(Rank.ACE, Suit.SPADES) == Card.parse("As")


def test_index_and_its_bounds() -> None:
    assert Card.parse("2c").index == 0 and Card.parse("2s").index == 3 and Card.parse("3c").index == 4
    assert Card.parse("As").index == 51 and Card.from_index(51) == Card.parse("As")
    assert Card.from_index(0) == Card.parse("2c")
    for bad in (-1, 52):
        with pytest.raises(ValueError, match=rf"^card index out of range: {bad}$"):
            Card.from_index(bad)


def test_card_texts() -> None:
    ten = Card.parse("Th")
    assert (str(ten), ten.pretty(), ten.label(), repr(ten)) == ("Th", "T♥", "10♥", "Card('Th')")
    assert ten.format() == "Th" and ten.format(symbols=True) == "T♥"
    assert Card.parse("9c").label() == "9♣"
    from cp_trainer.rules.cards import label_cards, tens_as_10

    assert label_cards(parse_cards("As Td 2c")) == "A♠ 10♦ 2♣"
    assert tens_as_10("T♥ T♠ beat T-9 and QT♦") == "10♥ 10♠ beat T-9 and QT♦"
    assert format_cards(parse_cards("As Td")) == "As Td"
    assert format_cards(parse_cards("As Td"), True) == "A♠ T♦"


def test_parse_cards_forms() -> None:
    assert parse_cards(" As,Td ;2c ") == parse_cards("As Td 2c")
    assert parse_cards(["As Td", " 2c", ""]) == parse_cards("As Td 2c")
    assert parse_cards("AsKd10h") == parse_cards("As Kd Th")
    assert parse_cards("") == [] and parse_cards([]) == []
    with pytest.raises(CardParseError, match=r"^not a card: 'AsKx'$"):
        parse_cards("AsKx")
    with pytest.raises(CardParseError, match=r"^not a card: 'AsKdX'$"):  # two cards and a stray letter
        parse_cards("AsKdX")
    with pytest.raises(CardParseError, match=r"^not a card: 'As'x$|^not a card: 'Asx'$"):
        parse_cards(["Asx"])


def test_find_duplicates_lists_each_once_in_first_seen_order() -> None:
    assert find_duplicates(parse_cards("Kd As Kd As Kd 2c")) == parse_cards("Kd As")
    assert find_duplicates(parse_cards("As Kd")) == []


def test_deck_deals_from_the_top_and_refuses_too_many() -> None:
    deck = Deck(seed=3, exclude=parse_cards("As Kd"))
    assert len(deck) == 50 and Card.parse("As") not in deck.cards and list(deck) == list(deck.cards)
    top = deck.cards[:5]
    assert deck.deal(5) == list(top) and len(deck) == 45
    assert deck.deal(0) == [] and len(deck) == 45
    with pytest.raises(ValueError, match=r"^cannot deal 46 cards from a deck of 45$"):
        deck.deal(46)
    with pytest.raises(ValueError, match=r"^cannot deal -1 cards from a deck of 45$"):
        deck.deal(-1)
    assert len(deck.deal(45)) == 45 and len(deck) == 0
    assert Deck(seed=3).cards == Deck(seed=3).cards != Deck(seed=4).cards
