"""The bots' names: the keys stored in settings and history, and their names for people.

``BOTS`` are the solver's bot keys (``cp_trainer.solver.bots.BOT_NAMES``, repeated here so the
settings and the window need not import the solver package, which loads NumPy); a test keeps the
two equal. :func:`bot_label` is the translated name shown on seats, in the solver panel and in
the history.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

__all__ = ["BOTS", "bot_label"]

BOTS = ("greedy", "standard", "expert")


def bot_label(bot: str) -> str:
    """``greedy`` → "greedy" / "жадный"; an unknown key is shown as it is."""
    names = {
        "greedy": QCoreApplication.translate("Bots", "greedy"),
        "standard": QCoreApplication.translate("Bots", "standard"),
        "expert": QCoreApplication.translate("Bots", "expert"),
    }
    return names.get(bot, bot)
