"""The teaching table's seats and the people on them: codes, names, tokens and what every seat
may know about another (:meth:`Seat.public`), each reader in their own language.

A seat is empty, played by a person, or played by a bot; a person a bot replaced keeps a claim on
the seat (their token). Names are what a person typed, made safe to show (:func:`clean_name`);
codes and tokens are compared in constant time whatever a stranger sends (:func:`same_secret`).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..rules.arrangement import Arrangement
from ..rules.bot_names import BotChoice, BotName, UnknownBotError
from ..rules.cards import Card
from ..support.i18n import tr

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "MAX_NAME", "Seat", "TableError", "clean_name", "new_code",
           "reads_as_bot", "same_secret", "style_label"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud at a table
CODE_LENGTH = 8  # 40 bits: hopeless to guess at the rate the server lets anyone try
MAX_NAME = 24  # visible characters of a player's name
MAX_MARKS = 2  # combining marks kept on one character of a name
# a name that reads as a bot's: "Bot", "Bot 2 (standard)", «Бот 3», "bot for Ann"
_BOT_LIKE = re.compile(r"^(bot|бот)(\b|\d|$)")
# what a name never keeps: controls, formatting (bidirectional marks, zero-width), unassigned, private
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn"}



def new_code() -> str:
    """A random table code: :data:`CODE_LENGTH` characters from :data:`CODE_ALPHABET`, from
    :mod:`secrets`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def same_secret(secret: str, given: object) -> bool:
    """Is ``given`` the text ``secret`` (compared in constant time)? Any value at all may be
    given: a number, None, a string with lone surrogates or NUL is simply not the secret."""
    if not isinstance(given, str):
        return False
    return secrets.compare_digest(secret.encode("utf-8"), given.encode("utf-8", "surrogatepass"))


class TableError(Exception):
    """What a seat asked cannot be done; ``key`` is the ``net.error.*`` message, said in the
    seat's language. ``close``: the connection ends after the error (a wrong code, a bad token)."""

    def __init__(self, key: str, close: bool = False, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.close = close
        self.params = params

    def message(self, lang: str) -> str:
        return tr(f"net.error.{self.key}", lang, **self.params)


def reads_as_bot(name: str) -> bool:
    """Does ``name`` (as :func:`clean_name` made it) read as a bot's, in any language?

    >>> reads_as_bot("Bot 2 (standard)"), reads_as_bot("Бот"), reads_as_bot("Bottom")
    (True, True, False)
    """
    return _BOT_LIKE.match(name.casefold()) is not None


def clean_name(name: object) -> str:
    """A player's name as the table shows it: NFC, without control or formatting characters
    (bidirectional marks, zero-width joiners, NUL), runs of spaces as one, at most
    :data:`MAX_MARKS` combining marks on a character and :data:`MAX_NAME` visible characters.

    >>> clean_name("  Ann\\u202e  Lee\\n")
    'Ann Lee'
    >>> len(clean_name("x" * 500))
    24
    """
    if not isinstance(name, str):
        raise TableError("no_name")
    text = unicodedata.normalize("NFC", name[:64 * MAX_NAME].encode("utf-8", "replace").decode("utf-8"))
    out: list[str] = []
    visible = marks = 0
    for ch in text:
        kind = unicodedata.category(ch)
        if kind in _DROPPED:
            continue
        if kind[0] == "Z" or ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if kind[0] == "M":
            if not out or out[-1] == " " or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            if visible >= MAX_NAME:
                break
            visible, marks = visible + 1, 0
        out.append(ch)
    clean = "".join(out).strip()
    if not clean:
        raise TableError("no_name")
    return clean


def style_label(bot: str, lang: str) -> str:
    """A bot style's name in ``lang`` ("standard" / «стандартный»; a newcomer with its rate)."""
    try:
        choice = BotChoice.of(bot)
    except UnknownBotError:
        return bot
    label = tr(f"net.bot_style.{choice.name.value}", lang)
    if choice.name is BotName.NEWCOMER:
        label += " " + tr("net.bot_style.fouls", lang, rate=f"{100 * choice.foul_rate:g}")
    return label


@dataclass
class Seat:
    """One seat. ``name``, ``token`` and ``lang`` are its person's (empty for a seat no person
    holds). ``bot``: a bot plays this deal; ``human``: the person plays it. ``replaced``: the bot
    plays for the person, who is away (their token gives the seat back); ``coming``: the person
    takes the seat from the next deal (the bot plays this one); ``freeing``: the seat is emptied
    at the next deal."""

    index: int
    name: str = ""
    bot: bool = False
    human: bool = False
    token: str = ""
    lang: str = "en"
    connected: bool = False
    gone_since: float | None = None  # when its connection dropped
    cards: tuple[Card, ...] = ()
    arrangement: Arrangement | None = None
    surrendered: bool = False
    has_set: bool = False
    ready: bool = False  # sent "next" after the showdown
    replaced: bool = False
    coming: bool = False
    freeing: bool = False

    @property
    def taken(self) -> bool:
        return self.bot or self.human

    @property
    def claimed(self) -> bool:
        """A person holds this seat (playing, coming, or replaced while away)."""
        return bool(self.token) and (self.human or self.coming or self.replaced)

    def shown_name(self, lang: str, style: str) -> str:
        """The seat's name for a reader of ``lang``: the person's, or the bot's in that language."""
        if self.human or not self.bot:
            return self.name
        if self.replaced and self.name:
            return tr("net.bot_for", lang, name=self.name, bot=style_label(style, lang))
        return tr("net.bot_name", lang, n=self.index + 1, bot=style_label(style, lang))

    def public(self, lang: str, style: str) -> dict[str, Any]:
        """What every seat may know about this one at any time (never its cards)."""
        out: dict[str, Any] = {"seat": self.index, "name": self.shown_name(lang, style), "bot": self.bot,
                               "connected": self.connected or self.bot, "set": self.has_set}
        if self.bot:
            out["bot_style"] = style
        if self.claimed and not self.human:
            out["person"] = self.name
            out["person_connected"] = self.connected
            out["coming"] = self.coming
        return out
