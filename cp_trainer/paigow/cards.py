"""Pai Gow cards: the 52 cards of :mod:`cp_trainer.rules.cards` plus one joker (53 in all).

A Pai Gow card is a :class:`~cp_trainer.rules.cards.Card` or :data:`JOKER`. The joker is written
``Jk`` (also ``Joker``, any letter case). Every card has an integer *code*: the card's
``index`` (0..51) or 52 for the joker; the fast evaluators work on codes.

Input errors are :class:`PaiGowInputError` subclasses (all ``ValueError``) naming the problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeAlias

from ..rules.cards import FULL_DECK, Card, CardParseError, DuplicateCardError, find_duplicates, parse_cards

__all__ = [
    "HAND_SIZE",
    "JOKER",
    "JOKER_CODE",
    "PAIGOW_DECK",
    "CardCountError",
    "HandPart",
    "Joker",
    "PaiGowInputError",
    "PgCard",
    "TwoJokersError",
    "card_code",
    "card_from_code",
    "check_distinct",
    "effective_rank",
    "format_pg_cards",
    "label_pg_cards",
    "parse_hand",
    "parse_pg_cards",
    "sort_for_display",
]

HAND_SIZE = 7
JOKER_CODE = 52


@dataclass(frozen=True, slots=True)
class Joker:
    """The one joker of the Pai Gow deck (use the :data:`JOKER` instance)."""

    @property
    def index(self) -> int:
        return JOKER_CODE

    def pretty(self) -> str:
        return "Jk"

    def label(self) -> str:
        return "Jk"

    def format(self, symbols: bool = False) -> str:
        return "Jk"

    def __str__(self) -> str:
        return "Jk"

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
PgCard: TypeAlias = Card | Joker
PAIGOW_DECK: tuple[PgCard, ...] = (*FULL_DECK, JOKER)


class PaiGowInputError(ValueError):
    """Base class for bad Pai Gow input (cards, hands, settings)."""


class TwoJokersError(PaiGowInputError):
    """More than one joker: the Pai Gow deck has only one."""

    def __init__(self, count: int) -> None:
        self.count = count
        super().__init__(f"{count} jokers: the deck has only one joker")


class HandPart(StrEnum):
    """Which cards a count is about: the whole ``hand`` (7), the ``high`` hand (5), the ``low`` (2)."""

    HAND = "hand"
    HIGH = "high"
    LOW = "low"


class CardCountError(PaiGowInputError):
    """A hand has the wrong number of cards; ``kind`` says which (a :class:`HandPart`)."""

    def __init__(self, expected: int, got: int, kind: HandPart = HandPart.HAND) -> None:
        self.expected = expected
        self.got = got
        self.kind = HandPart(kind)
        what = {HandPart.HAND: "a Pai Gow hand", HandPart.HIGH: "the high hand",
                HandPart.LOW: "the low hand"}[self.kind]
        super().__init__(f"{what} has {expected} cards, got {got}")


_JOKER_RE = re.compile(r"^(jk|joker)$", re.IGNORECASE)
_SPLIT_RE = re.compile(r"[\s,;]+")


def card_code(card: PgCard) -> int:
    """0..51 for a card (its ``index``), 52 for the joker."""
    return card.index


def card_from_code(code: int) -> PgCard:
    if code == JOKER_CODE:
        return JOKER
    return Card.from_index(code)


def effective_rank(card: PgCard) -> int:
    """The rank a card counts as outside straights and flushes: the joker is an ace (14)."""
    return 14 if isinstance(card, Joker) else card.rank.value


def parse_pg_cards(text: str | Iterable[str]) -> list[PgCard]:
    """Parse cards and jokers (``Jk`` / ``Joker``), separated by spaces or commas.

    Raises :class:`~cp_trainer.rules.cards.CardParseError` for an unknown token,
    :class:`~cp_trainer.rules.cards.DuplicateCardError` for a repeated card and
    :class:`TwoJokersError` for a second joker (all ``ValueError``).
    """
    parts = [text] if isinstance(text, str) else list(text)
    tokens = [t for part in parts for t in _SPLIT_RE.split(part.strip()) if t]
    cards: list[PgCard] = []
    for tok in tokens:
        if _JOKER_RE.match(tok):
            cards.append(JOKER)
        else:
            try:
                cards.extend(parse_cards(tok))
            except CardParseError:
                raise CardParseError(tok) from None
    check_distinct(cards)
    return cards


def parse_hand(text: str | Iterable[str], size: int = HAND_SIZE) -> list[PgCard]:
    """Parse exactly ``size`` (7) distinct Pai Gow cards; errors as :func:`parse_pg_cards`."""
    cards = parse_pg_cards(text)
    if len(cards) != size:
        raise CardCountError(size, len(cards))
    return cards


def check_distinct(cards: Sequence[PgCard]) -> None:
    """Raise if ``cards`` hold a repeated card or more than one joker."""
    jokers = sum(1 for c in cards if isinstance(c, Joker))
    if jokers > 1:
        raise TwoJokersError(jokers)
    dups = find_duplicates(c for c in cards if isinstance(c, Card))
    if dups:
        raise DuplicateCardError(dups)


def sort_for_display(cards: Iterable[PgCard]) -> list[PgCard]:
    """Highest first; the joker leads (it plays as an ace), then by rank and suit."""
    return sorted(cards, key=lambda c: -c.index)


def label_pg_cards(cards: Iterable[PgCard]) -> str:
    """``Jk A♠ 10♦``: as a person reads them (the window's texts)."""
    return " ".join(c.label() for c in cards)


def format_pg_cards(cards: Iterable[PgCard], symbols: bool = False) -> str:
    """``Jk As Td`` (or with suit symbols)."""
    return " ".join(c.format(symbols) for c in cards)
