"""The bots' names, as one enum for the session, the solver, the command line and the window.

A light module of the rules core (no NumPy, no solver): the session, the settings and the command
line's parser can name the bots without loading the solver (:mod:`cp_trainer.solver.names`
offers the same names).

A seat's bot is a :class:`BotChoice`: a :class:`BotName` and, for the ``newcomer``, the rate at
which it fouls. Its text form (settings, ``--bot``, history) is the name, with ``:RATE`` for a
newcomer whose rate is not the default: ``standard``, ``newcomer``, ``newcomer:0.25``.
:func:`parse_bot` reads it, :func:`format_bot` writes it; an unknown name or a bad rate is an
:class:`UnknownBotError` (a ``ValueError``) quoting what was given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["DEFAULT_FOUL_RATE", "STYLES", "BotChoice", "BotName", "UnknownBotError", "format_bot",
           "parse_bot"]


class BotName(StrEnum):
    """A bot (see :mod:`cp_trainer.solver.bots`); the value is the key stored in settings and history."""

    GREEDY = "greedy"
    STANDARD = "standard"
    EXPERT = "expert"
    SCOOP_CHASER = "scoop-chaser"
    PAIR_ON_TOP = "pair-on-top"
    NEWCOMER = "newcomer"


#: the bots with a style (:mod:`cp_trainer.solver.styles`): policies built on ``standard``
STYLES: tuple[BotName, ...] = (BotName.SCOOP_CHASER, BotName.PAIR_ON_TOP, BotName.NEWCOMER)

#: how often a ``newcomer`` fouls when no rate is given
DEFAULT_FOUL_RATE = 0.15


class UnknownBotError(ValueError):
    """A bot's name (or a newcomer's rate) that names no bot; the message quotes it."""


@dataclass(frozen=True)
class BotChoice:
    """The bot at one seat: its name and, for the ``newcomer`` only, how often it fouls (0 to 1)."""

    name: BotName
    foul_rate: float = 0.0

    def __post_init__(self) -> None:
        if not isinstance(self.name, BotName):
            object.__setattr__(self, "name", _name(str(self.name)))
        rate = self.foul_rate
        if isinstance(rate, bool) or not isinstance(rate, int | float) or not math.isfinite(rate) \
                or not 0.0 <= rate <= 1.0:
            raise UnknownBotError(f"a foul rate is a number from 0 to 1, got {rate!r}")
        if self.name is not BotName.NEWCOMER and rate != 0.0:
            raise UnknownBotError(f"only the newcomer has a foul rate, not {self.name.value!r}")
        object.__setattr__(self, "foul_rate", float(rate))

    @classmethod
    def of(cls, bot: BotChoice | BotName | str) -> BotChoice:
        """A choice from a choice, a name, or its text form (:func:`parse_bot`)."""
        if isinstance(bot, BotChoice):
            return bot
        if isinstance(bot, BotName):
            return cls(bot, DEFAULT_FOUL_RATE if bot is BotName.NEWCOMER else 0.0)
        return parse_bot(bot)

    def __str__(self) -> str:
        return format_bot(self)


def _name(text: str) -> BotName:
    try:
        return BotName(text)
    except ValueError:
        raise UnknownBotError(f"unknown bot: {text!r} (choose from "
                              f"{', '.join(b.value for b in BotName)}; newcomer:RATE for a rate)") from None


def parse_bot(text: str) -> BotChoice:
    """``"standard"``, ``"newcomer"`` (rate :data:`DEFAULT_FOUL_RATE`) or ``"newcomer:0.25"``.

    >>> parse_bot("newcomer:0.25"), str(parse_bot("pair-on-top"))
    (BotChoice(name=<BotName.NEWCOMER: 'newcomer'>, foul_rate=0.25), 'pair-on-top')
    >>> try:
    ...     parse_bot("wizard")
    ... except UnknownBotError as exc:
    ...     print(str(exc)[:24])
    unknown bot: 'wizard' (c
    """
    if not isinstance(text, str):
        raise UnknownBotError(f"a bot is named by text, got {text!r}")
    name_text, colon, rate_text = text.strip().partition(":")
    name = _name(name_text.strip())
    if not colon:
        return BotChoice.of(name)
    if name is not BotName.NEWCOMER:
        raise UnknownBotError(f"only the newcomer takes a foul rate (newcomer:RATE), got {text!r}")
    try:
        rate = float(rate_text)
    except ValueError:
        raise UnknownBotError(f"a newcomer's foul rate is a number from 0 to 1, got {text!r}") from None
    if not (math.isfinite(rate) and 0.0 <= rate <= 1.0):
        raise UnknownBotError(f"a newcomer's foul rate is a number from 0 to 1, got {text!r}")
    return BotChoice(name, rate)


def format_bot(bot: BotChoice | BotName) -> str:
    """The text form :func:`parse_bot` reads back: the name, and ``:RATE`` for a newcomer whose
    rate is not the default (``newcomer:0.25``)."""
    choice = BotChoice.of(bot)
    if choice.name is BotName.NEWCOMER and choice.foul_rate != DEFAULT_FOUL_RATE:
        return f"{choice.name.value}:{choice.foul_rate!r}"
    return choice.name.value
