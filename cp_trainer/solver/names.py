"""The bots' names (:mod:`cp_trainer.rules.bot_names`, where the rules core can read them), here too."""

from __future__ import annotations

from ..rules.bot_names import (
    DEFAULT_FOUL_RATE,
    STYLES,
    BotChoice,
    BotName,
    UnknownBotError,
    format_bot,
    parse_bot,
)

__all__ = ["DEFAULT_FOUL_RATE", "STYLES", "BotChoice", "BotName", "UnknownBotError", "format_bot",
           "parse_bot"]
