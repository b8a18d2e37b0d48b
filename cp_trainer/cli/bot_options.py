"""``--bot``: a bot by name, a newcomer with its rate (``newcomer:0.25``), or one per opponent.

The text forms are :func:`cp_trainer.rules.bot_names.parse_bot`'s; a bad one is argparse's one-line
usage error quoting it (exit status 2).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..rules.bot_names import STYLES, BotChoice, BotName, UnknownBotError, format_bot, parse_bot
from .common import CliError

__all__ = ["BOT_HELP", "bot_type", "bots_type", "table_bots"]

#: the bots and styles, for --help
BOT_HELP = ("greedy, standard, expert, or a style: " + ", ".join(s.value for s in STYLES)
            + " (newcomer:RATE fouls at that rate, 0 to 1; default 0.15)")


def bot_type(*, expert: bool = True) -> Callable[[str], BotChoice]:
    """One bot; ``expert=False`` where the bot must be one the solver can play (not ``expert``)."""
    def parse(text: str) -> BotChoice:
        try:
            choice = parse_bot(text)
        except UnknownBotError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if not expert and choice.name is BotName.EXPERT:
            raise argparse.ArgumentTypeError(
                "the solver's opponents are played by greedy, standard or a style, not 'expert'")
        return choice
    return parse


def bots_type(text: str) -> tuple[BotChoice, ...]:
    """One bot for every opponent, or one per opponent separated by commas (seat 1 first)."""
    parse = bot_type(expert=False)
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= 3:
        raise argparse.ArgumentTypeError(f"one bot, or one per opponent (at most 3), got {text!r}")
    return tuple(parse(p) for p in parts)


def table_bots(bots: tuple[BotChoice, ...], opponents: int) -> tuple[BotChoice, list[BotChoice] | None, str]:
    """``--bot``'s bots for ``opponents`` opponents: (the bot, each opponent's own or None when one
    plays them all, the text that names them)."""
    if len(bots) == 1:
        return bots[0], None, format_bot(bots[0])
    if len(bots) != opponents:
        raise CliError(f"--bot: {len(bots)} bots for {opponents} opponents: give one bot, "
                       "or one per opponent")
    return bots[0], list(bots), ",".join(format_bot(b) for b in bots)
