"""Cards, ranks, suits and the 52-card deck.

Pure value types with paired parse / format: ``Card.parse("Td")`` and ``str(card) == "Td"``.
Parsing accepts ``As``, ``Td``, ``10d``, ``tD``, ``A♠``, ``10♥`` (any letter case, ASCII suit
letters or suit symbols). Errors are :class:`CardParseError` (a ``ValueError``) quoting the bad
token.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

__all__ = [
    "FULL_DECK",
    "Card",
    "CardError",
    "CardParseError",
    "Deck",
    "DuplicateCardError",
    "Rank",
    "Suit",
    "find_duplicates",
    "format_cards",
    "label_cards",
    "parse_cards",
    "set_order",
    "tens_as_10",
]


class CardError(ValueError):
    """Base class for errors about card text or card sets."""


class CardParseError(CardError):
    """A token is not a card. ``token`` holds the offending text."""

    def __init__(self, token: str, reason: str = "") -> None:
        self.token = token
        self.reason = reason
        msg = f"not a card: {token!r}"
        if reason:
            msg += f" ({reason})"
        super().__init__(msg)


class DuplicateCardError(CardError):
    """The same card appears more than once. ``cards`` holds the repeated cards."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)
        super().__init__("duplicate card: " + " ".join(str(c) for c in self.cards))


class Rank(IntEnum):
    """Card rank; the integer value is the rank's strength (2..14, ace high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One-letter ASCII form: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CHARS[self.value]

    def __str__(self) -> str:
        return self.char

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key in _RANK_BY_TEXT:
            return _RANK_BY_TEXT[key]
        raise CardParseError(text, "unknown rank")


class Suit(Enum):
    """Card suit. ``value`` is the ASCII letter; ``symbol`` the Unicode suit sign."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        """0..3 in the order clubs, diamonds, hearts, spades."""
        return _SUIT_ORDER.index(self)

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip()
        suit = _SUIT_BY_TEXT.get(key) or _SUIT_BY_TEXT.get(key.lower())
        if suit is None:
            raise CardParseError(text, "unknown suit")
        return suit


_RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_BY_TEXT: dict[str, Rank] = {c: Rank(v) for v, c in _RANK_CHARS.items()}
_RANK_BY_TEXT["10"] = Rank.TEN
_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _s in _SUIT_ORDER:
    _SUIT_BY_TEXT[_s.value] = _s
    _SUIT_BY_TEXT[_s.symbol] = _s
# Outline and variation-selector forms people paste from the web: U+FE0F asks for the emoji
# presentation (A♠️), U+FE0E for the text one.
_SUIT_BY_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
for _sym in list(_SUIT_BY_TEXT):
    _SUIT_BY_TEXT[_sym + "\ufe0f"] = _SUIT_BY_TEXT[_sym]
    _SUIT_BY_TEXT[_sym + "\ufe0e"] = _SUIT_BY_TEXT[_sym]

# Letter cases spelled out: re.IGNORECASE would take the Kelvin sign for K and a long s for s.
# One token is one card: the suit part holds no space ("A s" is two tokens, not the ace of spades).
_CARD_RE = re.compile(r"^(10|[2-9TJQKAtjqka])(\S+)$")


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Ordered by rank, then suit (clubs < diamonds < hearts < spades)."""

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
            raise TypeError("Card needs a Rank and a Suit")

    # Ordered by index (rank, then suit); Suit is a plain Enum, so the order is explicit.
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    @property
    def index(self) -> int:
        """0..51: ``(rank - 2) * 4 + suit.index``; 2c is 0, As is 51."""
        return (self.rank.value - 2) * 4 + self.suit.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise ValueError(f"card index out of range: {index}")
        return _ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse one card: ``As``, ``Td``, ``10d``, ``tD``, ``A♠``, ``10♥``."""
        token = text.strip()
        # before the pattern, which reads "Jk" and "joker" as a jack of an unknown suit
        if token.lower() in ("jk", "joker"):
            raise CardParseError(text, "there is no joker in Chinese poker")
        m = _CARD_RE.match(token)
        if not m:
            raise CardParseError(text)
        try:
            rank = Rank.parse(m.group(1))
            suit = Suit.parse(m.group(2))
        except CardParseError:
            raise CardParseError(text) from None
        return _ALL_CARDS[(rank.value - 2) * 4 + suit.index]

    def pretty(self) -> str:
        """With the suit symbol: ``A♠``, ``T♥`` (the command line's notation)."""
        return self.rank.char + self.suit.symbol

    def label(self) -> str:
        """As a person reads it, as the card pictures show it: ``A♠``, ``10♥``.

        >>> Card.parse("Th").label(), Card.parse("9c").label()
        ('10♥', '9♣')
        """
        return ("10" if self.rank is Rank.TEN else self.rank.char) + self.suit.symbol

    def format(self, symbols: bool = False) -> str:
        return self.pretty() if symbols else str(self)

    def __str__(self) -> str:
        return self.rank.char + self.suit.value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


_ALL_CARDS: tuple[Card, ...] = tuple(
    object.__new__(Card) for _ in range(52)
)
for _i, _c in enumerate(_ALL_CARDS):
    object.__setattr__(_c, "rank", Rank(_i // 4 + 2))
    object.__setattr__(_c, "suit", _SUIT_ORDER[_i % 4])

FULL_DECK: tuple[Card, ...] = _ALL_CARDS

_SPLIT_RE = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or given as separate tokens).

    Also accepts cards written together without spaces (``AsKd``). Raises
    :class:`CardParseError` naming the first bad token.

    >>> parse_cards("As 10d, k♥")
    [Card('As'), Card('Td'), Card('Kh')]
    >>> format_cards(parse_cards("AsKd"), symbols=True)
    'A♠ K♦'
    >>> parse_cards("As Xx")
    Traceback (most recent call last):
    ...
    cp_trainer.rules.cards.CardParseError: not a card: 'Xx'
    """
    tokens: list[str]
    if isinstance(text, str):
        tokens = [t for t in _SPLIT_RE.split(text.strip()) if t]
    else:
        tokens = []
        for part in text:
            tokens.extend(t for t in _SPLIT_RE.split(part.strip()) if t)
    cards: list[Card] = []
    for tok in tokens:
        try:
            cards.append(Card.parse(tok))
        except CardParseError:
            glued = _split_glued(tok)
            if glued is None:
                raise
            cards.extend(glued)
    return cards


_GLUED_RE = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠♧♢♡♤][\ufe0e\ufe0f]?)")


def _split_glued(token: str) -> list[Card] | None:
    parts = _GLUED_RE.findall(token)
    if len(parts) < 2 or "".join(r + s for r, s in parts) != token:
        return None
    try:
        return [Card.parse(r + s) for r, s in parts]
    except CardParseError:
        return None  # the caller names the whole token


_TEN_WITH_SUIT = re.compile("(?<![0-9A-Za-z])T(?=[" + "".join(s.symbol for s in Suit) + "])")


def tens_as_10(text: str) -> str:
    """A text for a person with every ten written as the pictures show it: ``T♥`` becomes ``10♥``
    (a ``T`` not followed by a suit symbol is left alone).

    >>> tens_as_10("Q♥ J♥ T♥ beat T-9")
    'Q♥ J♥ 10♥ beat T-9'
    """
    return _TEN_WITH_SUIT.sub("10", text)


def label_cards(cards: Iterable[Card]) -> str:
    """Cards as a person reads them (a ten is ``10``): ``A♠ 10♦ 2♣``; the window's texts use
    this, the command line keeps :func:`format_cards` (its output is a contract).

    >>> label_cards(parse_cards("As Td 2c"))
    'A♠ 10♦ 2♣'
    """
    return " ".join(c.label() for c in cards)


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """``As Td 2c`` (or ``A♠ T♦ 2♣`` with ``symbols``)."""
    return " ".join(c.format(symbols) for c in cards)


def set_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` as players read a set row: the cards of a rank held more than once first (larger
    sets first, then higher ranks), then the single cards high to low; equal ranks by suit (spades
    first). The product shows every row and hand this way; the command line's texts keep theirs.

    >>> format_cards(set_order(parse_cards("Ah 9s 2c 9d 2d 2h")))
    '2h 2d 2c 9s 9d Ah'
    """
    cards = tuple(cards)
    counts = Counter(c.rank for c in cards)
    return tuple(sorted(cards, key=lambda c: (-counts[c.rank], -c.rank.value, -c.suit.index)))


def find_duplicates(cards: Iterable[Card]) -> list[Card]:
    """Cards that occur more than once, each listed once, in first-seen order."""
    seen: set[Card] = set()
    dups: list[Card] = []
    for c in cards:
        if c in seen and c not in dups:
            dups.append(c)
        seen.add(c)
    return dups


class Deck:
    """A 52-card deck. ``Deck(seed=7)`` shuffles reproducibly; ``deal(n)`` takes from the top."""

    def __init__(self, seed: int | None = None, *, exclude: Iterable[Card] = ()) -> None:
        excluded = set(exclude)
        self._cards = [c for c in FULL_DECK if c not in excluded]
        self._rng = random.Random(seed)
        self._rng.shuffle(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards)

    def deal(self, n: int) -> list[Card]:
        if n < 0 or n > len(self._cards):
            raise ValueError(f"cannot deal {n} cards from a deck of {len(self._cards)}")
        hand, self._cards = self._cards[:n], self._cards[n:]
        return hand
