"""Grade one arrangement: its expected points, the best's, what the choice costs, and whether that
cost is real or within the solver's noise.

:func:`grade` solves the deal (:func:`.montecarlo.solve`) with the arrangement as the reference,
so the arrangement and every candidate meet the same sampled opponents (common random numbers):
the *loss* (best mean minus the arrangement's mean) is measured by the paired standard error of
that difference, far smaller than either mean's own error. The loss is **significant** when it
exceeds :data:`SIGNIFICANCE_Z` (2) paired standard errors — about 97.7% one-sided confidence that
the arrangement is really worse — the same rule that decides which candidates are
:attr:`~.montecarlo.SolveResult.equivalent` to the best.

An illegal (fouled) arrangement is graded too: it is scored as the house rules score a foul, so
its loss includes the foul's cost. The arrangement must hold the same 13 cards, 3 / 5 / 5.
Without a seed the samples come from :func:`.montecarlo.deal_seed`, so grading twice gives the
same numbers, and the same samples as ``cp-trainer solve`` of the same deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.house_rules import HouseRules
from .enumerate import SolverInputError, check_hand
from .montecarlo import SIGNIFICANCE_Z, SolveRequest, significant, solve
from .names import BotChoice

__all__ = ["SIGNIFICANCE_Z", "Grade", "Opponents", "grade"]


@dataclass(frozen=True)
class Grade:
    """The verdict on one arrangement of a deal (all figures in points per deal).

    ``loss`` is ``best_ev - ev`` (0 when the arrangement is itself the best), ``loss_stderr`` its
    paired standard error, ``significant`` whether the loss is beyond the solver's accuracy,
    ``samples`` the sampled deals used."""

    arrangement: Arrangement
    ev: float
    stderr: float
    best: Arrangement
    best_ev: float
    loss: float
    loss_stderr: float
    significant: bool
    samples: int

    def to_json(self, text: str) -> dict[str, Any]:
        """The ``cp-trainer grade --json`` object (``text``: the input as given)."""
        return {"input": text, "arrangement": str(self.arrangement), "ev": round(self.ev, 6),
                "best": {"arrangement": str(self.best), "ev": round(self.best_ev, 6)},
                "loss": round(self.loss, 6), "loss_stderr": round(self.loss_stderr, 6),
                "significant": self.significant}


def check_arrangement_of(cards: Sequence[Card], arrangement: Arrangement) -> None:
    """Raise :class:`SolverInputError` unless ``arrangement`` is ``cards`` in rows of 3 / 5 / 5."""
    if not arrangement.complete:
        raise SolverInputError(
            f"an arrangement has 3 / 5 / 5 cards, got {len(arrangement.top)} / "
            f"{len(arrangement.middle)} / {len(arrangement.bottom)}: {str(arrangement)!r}")
    if sorted(arrangement.cards) != sorted(cards):
        raise SolverInputError(f"the arrangement {str(arrangement)!r} does not hold the 13 cards dealt")


@dataclass(frozen=True)
class Opponents:
    """Who a grade plays against: ``count`` hands set by ``bot`` (``greedy``, ``standard`` or a
    style), or each by its own bot of ``bots`` (one per opponent)."""

    bot: str | BotChoice = "standard"
    count: int = 1
    bots: Sequence[BotChoice | str] | None = None


def grade(cards: Sequence[Card], arrangement: Arrangement, *, against: Opponents = Opponents(),
          samples: int = 2000, rules: HouseRules | None = None, seed: int | None = None,
          seat: int = 0, time_budget: float | None = None) -> Grade:
    """Grade ``arrangement`` of ``cards`` against the ``against`` opponents under ``rules`` with
    ``samples`` sampled deals (see the module docstring).

    Raises :class:`SolverInputError` (a ``ValueError``) for cards that are not 13 distinct
    cards, an arrangement of other cards or other row sizes, or a bot the solver cannot play."""
    rules = rules or HouseRules()
    check_hand(cards)
    check_arrangement_of(cards, arrangement)
    if samples < 2:
        raise SolverInputError(f"grading needs at least 2 samples (a standard error), got {samples}")
    result = solve(SolveRequest(tuple(cards), rules, bot=against.bot, opponents=against.count,
                                samples=samples, seed=seed, seat=seat, reference=arrangement,
                                keep_samples=False, time_budget=time_budget,
                                opponent_bots=None if against.bots is None else tuple(against.bots)))
    ref = result.reference
    assert ref is not None
    best = result.best
    assert best.diff is not None and best.diff_stderr is not None
    if best.diff <= 0:  # the arrangement is as good as every candidate: it is the best
        return Grade(arrangement, ref.ev, ref.stderr, arrangement, ref.ev, 0.0, best.diff_stderr, False,
                     result.samples)
    return Grade(arrangement, ref.ev, ref.stderr, best.arrangement, best.ev, best.diff, best.diff_stderr,
                 significant(best.diff, best.diff_stderr), result.samples)
