"""The bots' names: the keys stored in settings and history, and their names for people.

``BOTS`` are the solver's bot keys, the values of :class:`~cp_trainer.rules.bot_names.BotName` (a
light module: the settings and the window need not load NumPy). :func:`bot_label` is the
translated name shown on seats, in the solver panel and in the history.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QCoreApplication

from cp_trainer.gui.translation import fill
from cp_trainer.rules.bot_names import BotChoice, BotName, UnknownBotError
from cp_trainer.support.i18n import join_words, tr, tr_count

__all__ = ["BOTS", "bot_label", "bots_phrase"]

BOTS = tuple(b.value for b in BotName)


def bot_label(bot: BotChoice | BotName | str) -> str:
    """``greedy`` → "greedy" / "жадный", a newcomer with its rate ("newcomer (fouls 15%)"); an
    unknown key is shown as it is."""
    try:
        choice = BotChoice.of(bot)
    except UnknownBotError:
        return str(bot)
    return _name(choice) + _note(choice)


def _note(choice: BotChoice) -> str:
    """What follows a bot's name: a newcomer's foul rate (`` (fouls 15%)``), else nothing."""
    if choice.name is not BotName.NEWCOMER:
        return ""
    rate = f"{100 * choice.foul_rate:g}"
    return " " + fill(QCoreApplication.translate("Bots", "(fouls %1%)"), rate)


def _name(choice: BotChoice) -> str:
    names: dict[BotName, str] = {
        BotName.GREEDY: QCoreApplication.translate("Bots", "greedy"),
        BotName.STANDARD: QCoreApplication.translate("Bots", "standard"),
        BotName.EXPERT: QCoreApplication.translate("Bots", "expert"),
        BotName.SCOOP_CHASER: QCoreApplication.translate("Bots", "scoop-chaser"),
        BotName.PAIR_ON_TOP: QCoreApplication.translate("Bots", "pair-on-top"),
        BotName.NEWCOMER: QCoreApplication.translate("Bots", "newcomer"),
    }
    return names[choice.name]


def bots_phrase(bots: tuple[BotChoice, ...], lang: str, *,
                case: Literal["table", "against"] = "table") -> str:
    """The bots of a table (one per bot seat, in order) as a sentence writes them: one style
    "3 standard bots" / "1 newcomer bot (fouls 15%)", several "3 bots: standard, scoop-chaser and
    newcomer (fouls 15%)"; Russian names in quotes. ``case``: as the table's line says it
    (``table``), or after "against" (``against``: Russian «против 3 ботов: ...»)."""
    one, mixed = {"table": ("table.rules.bots", "table.rules.bots_mixed"),
                  "against": ("solver.panel.bots", "solver.panel.bots_mixed")}[case]
    n = len(bots)
    if len(set(bots)) == 1:
        return tr_count(one, n, lang, n=str(n), bot=_name(bots[0])) + _note(bots[0])
    names = [tr("table.bots.quoted", lang, name=_name(b)) + _note(b) for b in bots]
    return tr_count(mixed, n, lang, n=str(n), bots=join_words(names, lang))
