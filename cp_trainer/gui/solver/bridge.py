"""The one place where the window calls the solver package: bots and the Monte-Carlo solver.

The window asks two things of :mod:`cp_trainer.solver`: "how does bot B set these 13 cards"
(:func:`arrange`) and "solve this hand" (:func:`solve`, with progress and cancellation, plus the
hindsight best after the showdown). Everything about the solver's own API is kept here, so the
rest of the GUI works with the small, stable types below. The solver package is imported on
first use, so opening the window does not wait for NumPy and Numba.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cp_trainer.arrangement import Arrangement
from cp_trainer.cards import Card
from cp_trainer.gui.solver.bots import BOTS
from cp_trainer.house_rules import HouseRules

__all__ = ["BOTS", "Candidate", "SolveCancelled", "SolveRequest", "SolverAnswer", "arrange", "solve",
           "solver_bot"]



class SolveCancelled(Exception):
    """The player pressed Cancel; the solve stopped early."""


@dataclass(frozen=True)
class SolveRequest:
    cards: tuple[Card, ...]
    rules: HouseRules
    opponents: int = 1
    bot: str = "standard"
    samples: int = 2000
    seed: int | None = None
    mine: Arrangement | None = None  # the player's arrangement, to price it too
    actual: tuple[Arrangement, ...] = ()  # the bots' real hands, for hindsight after showdown


@dataclass(frozen=True)
class Candidate:
    arrangement: Arrangement
    ev: float
    stderr: float
    row_win: tuple[float, float, float] | None = None  # P(win top / middle / bottom)
    scoop: float | None = None


@dataclass(frozen=True)
class SolverAnswer:
    request: SolveRequest
    samples: int
    best: Candidate
    candidates: tuple[Candidate, ...]
    mine: Candidate | None = None
    hindsight: Arrangement | None = None
    hindsight_points: int | None = None
    mine_hindsight_points: int | None = None


def solver_bot(bot: str) -> str:
    """The bot the solver plays against: ``expert`` is itself the solver against ``standard``."""
    return "standard" if bot == "expert" else bot


def arrange(cards: Sequence[Card], bot: str, rules: HouseRules, *, seat: int = 1) -> Arrangement:
    """How bot ``bot`` sitting at ``seat`` sets ``cards`` under ``rules``."""
    from cp_trainer.solver.bots import get_bot

    return get_bot(bot).arrange(list(cards), rules, seat)


Progress = Callable[[int, int], None]  # (samples done, samples asked)


def _candidate(explanation: Any) -> Candidate:
    return Candidate(explanation.arrangement, float(explanation.ev), float(explanation.stderr),
                     tuple(explanation.row_win), float(explanation.scoop))


def solve(request: SolveRequest, progress: Progress, cancelled: Callable[[], bool]) -> SolverAnswer:
    """Run the Monte-Carlo solver for ``request``; raises :class:`SolveCancelled` on Cancel."""
    from cp_trainer.solver import montecarlo as mc

    result = mc.solve(list(request.cards), request.rules, bot=solver_bot(request.bot),
                      opponents=request.opponents, samples=request.samples, seed=request.seed,
                      progress=progress, cancel=cancelled)
    if result.cancelled:
        raise SolveCancelled()
    mine = None
    if request.mine is not None and request.mine.complete:
        mine = _candidate(result.explain(request.mine))
    answer = SolverAnswer(
        request=request, samples=int(result.samples), best=_candidate(result.best.explanation),
        candidates=tuple(Candidate(c.arrangement, float(c.ev), float(c.stderr))
                         for c in result.candidates[:10]),
        mine=mine)
    if request.actual:
        h = mc.hindsight(list(request.cards), list(request.actual), request.rules,
                         actual=request.mine if request.mine is not None and request.mine.complete else None)
        answer = SolverAnswer(request, answer.samples, answer.best, answer.candidates, mine,
                              h.arrangement, int(h.points),
                              None if h.actual_points is None else int(h.actual_points))
    return answer
