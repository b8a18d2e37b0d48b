"""Card styles and suit colours, shared by the card art generator and the widgets.

No Qt here: ``scripts/make_cards.py`` imports it to colour the SVG faces, and widgets use
:func:`suit_colour` to colour card text ("A♠") the same way the cards are drawn.
"""

from __future__ import annotations

from enum import Enum

from cp_trainer.rules.cards import Rank, Suit

__all__ = ["DEFAULT_CARD_STYLE", "INDEX_TEXT", "CardStyle", "suit_colour"]


class CardStyle(Enum):
    """How suits are coloured. ``value`` is the folder name under ``resources/cards/``."""

    TWO_COLOUR = "two-colour"  # classic: spades and clubs black, hearts and diamonds red
    FOUR_COLOUR = "four-colour"  # spades black, hearts red, diamonds blue, clubs green


DEFAULT_CARD_STYLE = CardStyle.TWO_COLOUR

#: How each rank is written on a card (its corner index and a picture card's letter): tens as "10".
INDEX_TEXT: dict[Rank, str] = {r: (r.char if r is not Rank.TEN else "10") for r in Rank}

BLACK = "#1a1a1a"
RED = "#c8102e"
BLUE = "#0b5cc4"
GREEN = "#137a32"

_COLOURS: dict[CardStyle, dict[Suit, str]] = {
    CardStyle.TWO_COLOUR: {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK},
    CardStyle.FOUR_COLOUR: {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: BLUE, Suit.CLUBS: GREEN},
}


def suit_colour(suit: Suit, style: CardStyle = DEFAULT_CARD_STYLE) -> str:
    """The suit's ink colour in ``style`` as ``#rrggbb``."""
    return _COLOURS[style][suit]
