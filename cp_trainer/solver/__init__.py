"""Solver engine, bots and the Monte-Carlo solver for closed Chinese poker.

Importing this package is cheap: NumPy and Numba load, and kernels compile, on first use.
Call :func:`warm_up` from a worker thread to do that ahead of time (the GUI does, so that its
first solve answers at full speed).

- :mod:`.tables` — every 5- and 3-card row as a class id (a dense rank of its strength).
- :mod:`.enumerate` — all 72,072 settings of 13 cards, the legal mask and the Pareto set.
- :mod:`.scoring` — pair scoring under :class:`~cp_trainer.house_rules.HouseRules`, vectorised.
- :mod:`.bots` — the ``greedy``, ``standard`` and ``expert`` bots.
- :mod:`.montecarlo` — the solver: expected points per candidate, hindsight, explanations.
"""

from __future__ import annotations

__all__ = ["warm_up"]


def warm_up() -> None:
    """Load the tables and compile (or load from cache) every kernel. Safe to call twice."""
    from .montecarlo import warm_up as _warm

    _warm()
