"""The bots' names: the keys stored in settings and history, and their names for people.

``BOTS`` are the solver's bot keys, the values of :class:`~cp_trainer.solver.names.BotName` (a
light module: the settings and the window need not load NumPy). :func:`bot_label` is the
translated name shown on seats, in the solver panel and in the history.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from cp_trainer.solver.names import BotName

__all__ = ["BOTS", "bot_label"]

BOTS = tuple(b.value for b in BotName)


def bot_label(bot: str) -> str:
    """``greedy`` → "greedy" / "жадный"; an unknown key is shown as it is."""
    names: dict[str, str] = {
        BotName.GREEDY: QCoreApplication.translate("Bots", "greedy"),
        BotName.STANDARD: QCoreApplication.translate("Bots", "standard"),
        BotName.EXPERT: QCoreApplication.translate("Bots", "expert"),
    }
    return names.get(bot, bot)
