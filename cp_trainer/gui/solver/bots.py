"""The bots' names: the keys stored in settings and history, and their names for people.

``BOTS`` are the solver's bot keys, the values of :class:`~cp_trainer.bot_names.BotName` (a
light module: the settings and the window need not load NumPy). :func:`bot_label` is the
translated name shown on seats, in the solver panel and in the history.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from cp_trainer.bot_names import BotChoice, BotName, UnknownBotError

__all__ = ["BOTS", "bot_label", "bots_label"]

BOTS = tuple(b.value for b in BotName)


def bot_label(bot: BotChoice | BotName | str) -> str:
    """``greedy`` → "greedy" / "жадный", a newcomer with its rate ("newcomer, fouls 15%"); an
    unknown key is shown as it is."""
    try:
        choice = BotChoice.of(bot)
    except UnknownBotError:
        return str(bot)
    names: dict[BotName, str] = {
        BotName.GREEDY: QCoreApplication.translate("Bots", "greedy"),
        BotName.STANDARD: QCoreApplication.translate("Bots", "standard"),
        BotName.EXPERT: QCoreApplication.translate("Bots", "expert"),
        BotName.SCOOP_CHASER: QCoreApplication.translate("Bots", "scoop-chaser"),
        BotName.PAIR_ON_TOP: QCoreApplication.translate("Bots", "pair-on-top"),
        BotName.NEWCOMER: QCoreApplication.translate("Bots", "newcomer"),
    }
    if choice.name is BotName.NEWCOMER:
        return QCoreApplication.translate("Bots", "newcomer, fouls %1%").replace(
            "%1", f"{100 * choice.foul_rate:g}")
    return names[choice.name]


def bots_label(bot: BotChoice, seat_bots: tuple[BotChoice, ...] = ()) -> str:
    """The bots of a table: one name when one bot plays every seat, else each seat's, in order."""
    if not seat_bots or len(set(seat_bots)) == 1:
        return bot_label(seat_bots[0] if seat_bots else bot)
    return ", ".join(bot_label(b) for b in seat_bots)
