"""Solver engine, bots and the Monte-Carlo solver for closed Chinese poker.

Importing this package is cheap: NumPy and Numba load, and kernels compile, on first use.
Call :func:`warm_up` from a worker thread to do that ahead of time (the GUI does, so that its
first solve answers at full speed).

- :mod:`.tables` — every 5- and 3-card row as a class id (a dense rank of its strength).
- :mod:`.enumerate` — all 72,072 settings of 13 cards, the legal mask and the Pareto set.
- :mod:`.scoring` — pair scoring under :class:`~cp_trainer.rules.house_rules.HouseRules`, vectorised.
- :mod:`.bots` — the ``greedy``, ``standard`` and ``expert`` bots.
- :mod:`.montecarlo` — the solver: expected points per candidate, hindsight, explanations
  (:mod:`.solve_stats`: the running sums, paired standard errors and verdicts).
- :mod:`.kernel_args` — the named groups of arrays the compiled kernels take.

:func:`play_bots` is how every table (the window's, the teaching table's) lets the bots play a deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..chinese.session import BotJob, BotPlay

__all__ = ["needs_compiling", "play_bots", "warm_up"]


def warm_up() -> None:
    """Load the tables and compile (or load from cache) every kernel. Safe to call twice."""
    from .montecarlo import warm_up as _warm

    _warm()


#: the kernels a solve runs, by function name (the others are compiled inside them), and the one
#: ``standard`` sets a hand with at the table (its card-removal step), which :func:`warm_up` compiles too
SOLVE_KERNELS = ("subset_classes", "pareto_kernel", "rows_of_settings", "deal_opponents", "bot_settings",
                 "_score_block", "_score_each", "removal_settings")


def needs_compiling() -> bool:
    """Will the next solve have to compile kernels first (a fresh install, a changed solver)?

    Then it takes seconds (about 15 on a quiet two-core machine) instead of a fraction of one:
    a window can say so ("compiling the solver (once)…") instead of sitting at 0%. Imports Numba
    (about 0.2 s): call it off the GUI thread.
    """
    from . import _jit, montecarlo  # noqa: F401  (importing montecarlo records every solve kernel)

    return not _jit.cached(SOLVE_KERNELS)


def play_bots(job: BotJob) -> BotPlay:
    """A deal's bot hands as the table plays them: each set by its seat's bot (``job.bot_at``)
    at its own seat and, when the job asks (surrender allowed, not Criss Cross), each bot's
    decision to surrender against ``job.opponents`` hands. The same cards always get the same
    answer. Loads the bots (NumPy, the kernels) on first use."""
    from ..chinese.session import BotPlay
    from .bots import get_bot

    seated = tuple(zip(job.seats, job.hands, strict=True))
    bots = {seat: get_bot(job.bot_at(seat)) for seat in set(job.seats)}
    hands = tuple(bots[seat].arrange(list(cards), job.rules, seat) for seat, cards in seated)
    gone = frozenset(seat for seat, cards in seated
                     if job.surrender and bots[seat].surrenders(list(cards), job.rules, seat, job.opponents))
    return BotPlay(hands, gone)
