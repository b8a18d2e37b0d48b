"""The bots' names, as one enum for the solver, the command line and the window.

A light module (no NumPy): the window's settings and the command line's parser can name the bots
without loading the solver.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["BotName"]


class BotName(StrEnum):
    """A bot (see :mod:`.bots`); the value is the key stored in settings and history."""

    GREEDY = "greedy"
    STANDARD = "standard"
    EXPERT = "expert"
