"""Settings: 7 cards split into a 5-card high hand and a 2-card low hand.

The 21 ways to choose the low hand are numbered 0..20 in a fixed order (:data:`LOW_PAIRS`: the
positions of the two low cards in the 7-card hand, lexicographic). A setting whose low hand beats
its high hand is a foul; :func:`check_setting` says so in words (en/ru), as in Chinese poker.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..support.i18n import tr
from .cards import (
    CardCountError,
    HandPart,
    PaiGowInputError,
    PgCard,
    check_distinct,
    format_pg_cards,
    parse_pg_cards,
    sort_for_display,
)
from .hands import describe_high, describe_low, evaluate_high, evaluate_low

__all__ = [
    "BACKS",
    "FRONTS",
    "LOW_PAIRS",
    "SETTING_COUNT",
    "Setting",
    "SettingCheck",
    "SettingFormatError",
    "all_settings",
    "check_setting",
    "parse_setting",
    "setting_from_index",
]

LOW_PAIRS: tuple[tuple[int, int], ...] = tuple(itertools.combinations(range(7), 2))
SETTING_COUNT = len(LOW_PAIRS)  # 21
FRONTS = np.array(LOW_PAIRS, dtype=np.int64)
BACKS = np.array([[i for i in range(7) if i not in p] for p in LOW_PAIRS], dtype=np.int64)


class SettingFormatError(PaiGowInputError):
    """A setting's text is not ``HIGH / LOW``; ``text`` holds it."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"a setting is 'HIGH / LOW' (5 cards, a slash, 2 cards), got {text!r}")


@dataclass(frozen=True, slots=True)
class Setting:
    """A set hand: ``high`` (5 cards, the back) and ``low`` (2 cards, the front), each held
    highest card first (the joker leads)."""

    high: tuple[PgCard, ...]
    low: tuple[PgCard, ...]

    def __post_init__(self) -> None:
        # Cards are kept in display order, so equal settings compare equal.
        object.__setattr__(self, "high", tuple(sort_for_display(self.high)))
        object.__setattr__(self, "low", tuple(sort_for_display(self.low)))
        if len(self.high) != 5:
            raise CardCountError(5, len(self.high), HandPart.HIGH)
        if len(self.low) != 2:
            raise CardCountError(2, len(self.low), HandPart.LOW)
        check_distinct((*self.high, *self.low))

    @property
    def cards(self) -> tuple[PgCard, ...]:
        return (*self.high, *self.low)

    def high_value(self) -> int:
        return evaluate_high(self.high)

    def low_value(self) -> int:
        return evaluate_low(self.low)

    def is_foul(self) -> bool:
        return self.low_value() > self.high_value()

    def format(self, symbols: bool = False) -> str:
        """``HIGH / LOW``, the form :func:`parse_setting` reads."""
        return format_pg_cards(self.high, symbols) + " / " + format_pg_cards(self.low, symbols)


def setting_from_index(cards: Sequence[PgCard], index: int) -> Setting:
    """Setting number ``index`` (0..20) of a 7-card hand: ``LOW_PAIRS[index]`` go low."""
    if len(cards) != 7:
        raise CardCountError(7, len(cards))
    if not 0 <= index < SETTING_COUNT:
        raise ValueError(f"setting index out of range: {index}")
    low = LOW_PAIRS[index]
    return Setting(high=tuple(c for i, c in enumerate(cards) if i not in low),
                   low=(cards[low[0]], cards[low[1]]))


def all_settings(cards: Sequence[PgCard]) -> list[Setting]:
    """The 21 settings of a 7-card hand, in index order."""
    return [setting_from_index(cards, i) for i in range(SETTING_COUNT)]


_SLASH_RE = re.compile(r"\s*[/|]\s*")


def parse_setting(text: str) -> Setting:
    """Read ``"HIGH / LOW"`` (5 cards, a slash, 2 cards; ``|`` also separates)."""
    parts = _SLASH_RE.split(text.strip())
    if len(parts) != 2:
        raise SettingFormatError(text)
    high = parse_pg_cards(parts[0])
    low = parse_pg_cards(parts[1])
    if len(high) != 5:
        raise CardCountError(5, len(high), HandPart.HIGH)
    if len(low) != 2:
        raise CardCountError(2, len(low), HandPart.LOW)
    return Setting(tuple(high), tuple(low))


@dataclass(frozen=True, slots=True)
class SettingCheck:
    """What a setting holds and whether it fouls, as data; the ``*_text`` properties word it in
    ``lang`` (the language the check was asked for), :meth:`message_in` in any language."""

    setting: Setting
    high_value: int
    low_value: int
    foul: bool
    lang: str = field(default="en", compare=False)

    @property
    def high_text(self) -> str:
        return self.high_text_in(self.lang)

    @property
    def low_text(self) -> str:
        return self.low_text_in(self.lang)

    def high_text_in(self, lang: str) -> str:
        return describe_high(self.high_value, lang, detailed=True)

    def low_text_in(self, lang: str) -> str:
        return describe_low(self.setting.low, lang)

    @property
    def message(self) -> str:
        return self.message_in(self.lang)

    def message_in(self, lang: str) -> str:
        """``legal: ...`` / ``foul: the low hand ... beats ...`` naming both hands."""
        key = "paigow.setting.foul" if self.foul else "paigow.setting.ok"
        return tr(key, lang, high=self.high_text_in(lang), low=self.low_text_in(lang))

    def foul_reason_in(self, lang: str) -> str:
        """Why the setting fouls, without the word "foul" (for a list under a "Foul" heading):
        ``the low hand (pair of queens) beats the high hand (...)``."""
        return tr("paigow.setting.foul_reason", lang, high=self.high_text_in(lang),
                  low=self.low_text_in(lang))


def check_setting(setting: Setting, lang: str = "en") -> SettingCheck:
    """Name both hands and say whether the setting is legal or a foul (and why)."""
    hv, lv = setting.high_value(), setting.low_value()
    return SettingCheck(setting, hv, lv, lv > hv, lang)
