"""The one place where the window calls the solver package: bots and the Monte-Carlo solver.

The window asks two things of :mod:`cp_trainer.solver`: "how does bot B set these 13 cards"
(:func:`arrange`) and "solve this hand" (:func:`solve`, with progress and cancellation, plus the
hindsight best after the showdown). Everything about the solver's own API is kept here, so the
rest of the GUI works with the small, stable types below. The solver package is imported on
first use, so opening the window does not wait for NumPy and Numba.

One deal, one verdict: the samples of a deal come from its cards (:func:`deal_seed`), and the
last few answers are kept (:data:`CACHE_SIZE`), so the Hint, the showdown, a replay and Try
again ask the same question of the same samples and get the same answer, even when adaptive
sampling was cut by its time budget. Sampling is adaptive (``SolverQuestion.time_budget``): at
least ``samples`` deals, then more until the best is clear of the others or equal to them within
the solver's accuracy, or the budget is spent.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from cp_trainer.chinese.question import DEFAULT_TIME_BUDGET, SolverQuestion, criss_cross_requests
from cp_trainer.gui.solver.bots import BOTS
from cp_trainer.history.record import HandRecord
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.cards import Card
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver.stop import StopReason

__all__ = [
    "BOTS",
    "CACHE_SIZE",
    "DEFAULT_TIME_BUDGET",
    "PREPARATION",
    "Candidate",
    "Preparation",
    "SolveCancelled",
    "SolverAnswer",
    "SolverQuestion",
    "StoredVerdict",
    "arrange",
    "criss_cross_requests",
    "solve",
    "solver_bot",
    "stored_verdict",
]

MAX_SAMPLES = 100_000  # adaptive sampling's ceiling
CACHE_SIZE = 8


class SolveCancelled(Exception):
    """The player pressed Cancel; the solve stopped early."""


class Preparation:
    """Is the solver being made ready (its kernels compiled, or loaded from the cache) for this
    process? The window's start says :meth:`begin` and :meth:`end`
    (:mod:`cp_trainer.gui.first_start`); :func:`solve` meanwhile waits, cancellable, instead of
    sitting in the compiler where Cancel cannot reach it. Thread-safe; ready until begun."""

    POLL = 0.05  # seconds between looks at Cancel while waiting

    def __init__(self) -> None:
        self._ready = threading.Event()
        self._ready.set()

    def begin(self) -> None:
        self._ready.clear()

    def end(self) -> None:
        self._ready.set()

    @property
    def underway(self) -> bool:
        return not self._ready.is_set()

    def wait(self, cancelled: Callable[[], bool]) -> None:
        """Return once the solver is ready; :class:`SolveCancelled` when ``cancelled()`` first."""
        while not self._ready.wait(self.POLL):
            if cancelled():
                raise SolveCancelled()


#: the window's one solver, being made ready or ready
PREPARATION = Preparation()


@dataclass(frozen=True)
class Candidate:
    arrangement: Arrangement
    ev: float
    stderr: float
    row_win: tuple[float, float, float] | None = None  # P(win top / middle / bottom)
    scoop: float | None = None
    loss: float = 0.0  # the best's mean minus this one's
    loss_stderr: float = 0.0  # paired standard error of that loss
    significant: bool = False  # is the loss beyond the solver's accuracy?


@dataclass(frozen=True)
class SolverAnswer:
    request: SolverQuestion
    samples: int
    best: Candidate
    candidates: tuple[Candidate, ...]
    mine: Candidate | None = None  # with its loss against the best
    hindsight: Arrangement | None = None
    hindsight_points: int | None = None
    mine_hindsight_points: int | None = None
    equivalent: tuple[Candidate, ...] = ()  # as good as the best within the accuracy, best first
    surrender_ev: float | None = None  # what surrendering scores, when the rules allow it
    stop: StopReason = StopReason.SAMPLES  # why sampling stopped (montecarlo.SolveResult.stop)

    @property
    def spread(self) -> float:
        """How far apart the equivalent candidates' means are."""
        return self.equivalent[0].ev - self.equivalent[-1].ev if self.equivalent else 0.0

    def surrender_verdict(self) -> tuple[float, bool] | None:
        """(best EV minus surrender EV, is that beyond the solver's accuracy?), or None when
        surrendering is not a choice. Negative: surrendering pays more."""
        if self.surrender_ev is None:
            return None
        from cp_trainer.solver.montecarlo import significant

        gap = self.best.ev - self.surrender_ev  # surrendering's figure is exact: the best's error only
        return gap, significant(abs(gap), self.best.stderr)


class StoredVerdict(Enum):
    """What the solver's verdict stored with a past hand says of the player's choice."""

    BEST = "best"  # the best itself (no loss)
    EQUAL = "equal"  # a loss within the solver's accuracy: as good as the best
    COST = "cost"  # a loss beyond the solver's accuracy
    UNSURE = "unsure"  # a loss stored without its standard error (hands before schema 7)


#: A loss stored without its standard error (hands before schema 7) is still a cost when it is
#: above this: the paired standard error of a loss measured at most 0.13 at the window's default
#: 2,000 samples (30 deals against 3 bots), so at most about 0.56 at the fewest it allows (100),
#: and 2 points is beyond twice that.
SURE_LOSS = 2.0


def stored_verdict(record: HandRecord) -> StoredVerdict | None:
    """The verdict on a stored hand's choice by the rule the panel used at the time: a loss is a
    cost only when it is significant by its paired standard error (None: no solver figure)."""
    loss = record.ev_lost
    if loss is None:
        return None
    if record.loss_stderr is None:  # older hands: no error to judge by
        if loss <= 0.005:
            return StoredVerdict.BEST
        return StoredVerdict.COST if loss > SURE_LOSS else StoredVerdict.UNSURE
    if loss <= 0:
        return StoredVerdict.BEST
    from cp_trainer.solver.montecarlo import significant

    return StoredVerdict.COST if significant(loss, record.loss_stderr) else StoredVerdict.EQUAL


def solver_bot(bot: BotChoice) -> BotChoice:
    """The bot the solver plays against: ``expert`` is itself the solver against ``standard``."""
    return BotChoice(BotName.STANDARD) if bot.name is BotName.EXPERT else bot


def opponent_models(request: SolverQuestion) -> tuple[BotChoice, ...] | None:
    """Each opponent's bot as the solver plays it ("best against this table": the bots actually
    seated), or None when one bot plays them all."""
    if len(request.seat_bots) != request.opponents or len(set(request.seat_bots)) < 2:
        return None
    return tuple(solver_bot(b) for b in request.seat_bots)


def arrange(cards: Sequence[Card], bot: BotChoice | str, rules: HouseRules, *, seat: int = 1) -> Arrangement:
    """How bot ``bot`` sitting at ``seat`` sets ``cards`` under ``rules``."""
    from cp_trainer.solver.bots import get_bot

    return get_bot(bot).arrange(list(cards), rules, seat)


Progress = Callable[[int, int], None]  # (samples done, samples asked)

_cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_cache_lock = threading.Lock()


def _cache_key(request: SolverQuestion) -> tuple[Any, ...]:
    models = opponent_models(request)
    return (tuple(sorted(request.cards)), request.rules, request.opponents, solver_bot(request.bot),
            None if models is None else tuple(models),
            request.samples, request.seed, request.time_budget, tuple(sorted(request.dead)),
            request.opponent_seats)


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()


def _candidate(c: Any) -> Candidate:
    ex = c.explanation
    return Candidate(ex.arrangement, float(ex.ev), float(ex.stderr), tuple(ex.row_win), float(ex.scoop),
                     float(c.loss), float(c.loss_stderr), bool(c.significantly_worse))


def _result(request: SolverQuestion, progress: Progress, cancelled: Callable[[], bool]) -> Any:
    """The solver's result for ``request``'s question: from the cache, or solved (and kept)."""
    from cp_trainer.solver import montecarlo as mc

    key = _cache_key(request)
    with _cache_lock:
        result = _cache.get(key)
        if result is not None:
            _cache.move_to_end(key)
    if result is not None:
        progress(result.samples, result.samples)
        return result
    adaptive = request.time_budget is not None
    question = mc.SolveRequest(request.cards, request.rules, bot=solver_bot(request.bot),
                               opponents=request.opponents, samples=request.samples, seed=request.seed,
                               adaptive=adaptive, max_samples=max(MAX_SAMPLES, request.samples),
                               time_budget=request.time_budget, dead=request.dead,
                               opponent_seats=request.opponent_seats,
                               opponent_bots=opponent_models(request))
    result = mc.solve(question, progress=progress, cancel=cancelled)
    if result.cancelled:
        raise SolveCancelled()
    with _cache_lock:
        _cache[key] = result
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return result


def solve(request: SolverQuestion, progress: Progress, cancelled: Callable[[], bool]) -> SolverAnswer:
    """Run the Monte-Carlo solver for ``request`` (once :data:`PREPARATION` is over); raises
    :class:`SolveCancelled` on Cancel."""
    PREPARATION.wait(cancelled)
    result = _result(request, progress, cancelled)
    mine = None
    if request.mine is not None and request.mine.complete and not request.surrendered:
        mine = _candidate(result.versus_best(request.mine))
    surrender_ev = None
    if request.can_surrender:
        surrender_ev = -float(request.rules.effective_surrender_cost) * request.opponents
    answer = SolverAnswer(
        request=request, samples=int(result.samples), best=_candidate(result.best),
        candidates=tuple(_candidate(c) for c in result.candidates[:10]), mine=mine,
        equivalent=tuple(_candidate(c) for c in result.equivalent), surrender_ev=surrender_ev,
        stop=result.stop)
    if request.actual:
        answer = _hindsight(request, answer, mine is not None)
    return answer


def _hindsight(request: SolverQuestion, answer: SolverAnswer, priced: bool) -> SolverAnswer:
    """The hindsight best against the bots' actual hands. A bot that surrendered pays the cost
    whatever the player's rows (or nothing, when the player surrendered too): the rows are
    compared only with the bots still in."""
    from cp_trainer.solver import montecarlo as mc

    cost = request.rules.effective_surrender_cost
    seats = request.opponent_seats or tuple(range(1, len(request.actual) + 1))
    gone = request.actual_surrendered
    still_in = [(seat, arr) for i, (seat, arr) in enumerate(zip(seats, request.actual, strict=True), start=1)
                if i not in gone]
    collected = cost * len(gone)  # from each bot that surrendered
    played = request.mine if priced else None
    if still_in:
        h = mc.hindsight(list(request.cards), [arr for _, arr in still_in], request.rules, actual=played,
                         opponent_seats=[seat for seat, _ in still_in])
        best, points, mine_points = h.arrangement, int(h.points) + collected, h.actual_points
    else:  # every bot surrendered: any arrangement collects the same
        best, points, mine_points = answer.best.arrangement, collected, 0 if played is not None else None
    if mine_points is not None:
        mine_points = int(mine_points) + collected
    if request.surrendered:
        mine_points = -cost * len(still_in)  # paid to every bot still in; two surrendered settle 0
    return replace(answer, hindsight=best, hindsight_points=points, mine_hindsight_points=mine_points)
