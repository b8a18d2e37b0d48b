"""Why a Monte-Carlo run stopped, as one enum for the solver, the command line and the window.

A light module (no NumPy), like :mod:`.names`: the window's answers can carry the reason without
loading the solver.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["StopReason"]


class StopReason(StrEnum):
    """Why sampling stopped; the value is the ``stop`` string of ``--json`` output."""

    SAMPLES = "samples"  # every sample asked for was played
    SEPARATED = "separated"  # adaptive: the best is clear of the runner-up
    EQUAL = "equal"  # adaptive: the best and the runner-up are equal within the tolerance
    TIME = "time"  # the time budget was spent
    CANCELLED = "cancelled"  # the cancel flag was raised
