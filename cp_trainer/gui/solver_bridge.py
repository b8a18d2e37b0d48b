"""The one place where the window calls the solver package: bots and the Monte-Carlo solver.

The window asks two things of :mod:`cp_trainer.solver`: "how does bot B set these 13 cards" and
"solve this hand". Everything about the solver's own API is kept here, so the rest of the GUI
works with the small, stable types below.

Until the solver's bots are importable, :func:`arrange` falls back to the ``greedy`` strategy of
the solver issue (strongest bottom, then strongest middle, then the top), computed with the rules
core's evaluators. That fallback is an adapter, not a rule: it only picks a row split.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..arrangement import Arrangement
from ..cards import Card
from ..house_rules import HouseRules
from ..strength import evaluate3, evaluate5

__all__ = [
    "BOTS",
    "Candidate",
    "SolveCancelled",
    "SolveRequest",
    "SolverAnswer",
    "arrange",
    "solve",
    "solver_available",
]

BOTS = ("greedy", "standard", "expert")


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
    extra: dict[str, Any] = field(default_factory=dict)


def _module(name: str) -> Any:
    try:
        return importlib.import_module(f"cp_trainer.solver.{name}")
    except ImportError:
        return None


def solver_available() -> bool:
    return _module("montecarlo") is not None


def solver_bot(bot: str) -> str:
    """The bot the solver plays against: ``expert`` is itself the solver against ``standard``."""
    return "standard" if bot == "expert" else bot


def arrange(cards: Sequence[Card], bot: str, rules: HouseRules, *, seat: int = 1) -> Arrangement:
    """How bot ``bot`` sitting at ``seat`` sets ``cards`` under ``rules``."""
    bots = _module("bots")
    if bots is None:
        return greedy_fallback(cards, rules)
    result = bots.get_bot(bot).arrange(list(cards), rules, seat)
    assert isinstance(result, Arrangement)
    return result


def greedy_fallback(cards: Sequence[Card], rules: HouseRules) -> Arrangement:
    """Strongest bottom, then strongest middle of the rest, the last three on top."""
    hand = list(cards)
    if len(hand) != 13:
        raise ValueError(f"a bot sets 13 cards, got {len(hand)}")
    ws = rules.wheel_second
    bottom = max(combinations(hand, 5), key=lambda b: evaluate5(b, wheel_second=ws))
    rest = [c for c in hand if c not in bottom]
    middle = max(combinations(rest, 5), key=lambda m: evaluate5(m, wheel_second=ws))
    top = [c for c in rest if c not in middle]
    evaluate3(top)
    return Arrangement(tuple(top), tuple(middle), tuple(bottom))


Progress = Callable[[int, int], None]  # (samples done, samples asked)


def _candidate(explanation: Any) -> Candidate:
    return Candidate(explanation.arrangement, float(explanation.ev), float(explanation.stderr),
                     tuple(explanation.row_win), float(explanation.scoop))


def solve(request: SolveRequest, progress: Progress, cancelled: Callable[[], bool]) -> SolverAnswer:
    """Run the Monte-Carlo solver for ``request``; raises :class:`SolveCancelled` on Cancel."""
    mc = _module("montecarlo")
    if mc is None:
        raise RuntimeError("the solver is not available in this build")
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
