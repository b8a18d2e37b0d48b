"""What a solve measures of each candidate (:mod:`.montecarlo`): running sums, means and
standard errors, and whether a difference is real.

Every candidate meets the same samples, so the difference between two candidates is measured
sample by sample (*paired*), far more precisely than either mean: :class:`Stats` keeps each
candidate's running sums (the scoring kernels add to them, :func:`score`, :func:`score_each`),
:class:`Pairing` what the paired standard error of (best - candidate) needs for a best known only
at the end, and :func:`separation` says when an adaptive run's verdict is decided. A difference
counts as real beyond :data:`SIGNIFICANCE_Z` paired standard errors (:func:`significant`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from .kernel_args import Tally
from .scoring import RowData, ScoringParams, score_block
from .scoring import score_each as score_each_block
from .stop import StopReason

__all__ = ["SIGNIFICANCE_Z", "CandidateResult", "Explanation", "Pairing", "Stats", "score", "score_each",
           "separation", "significant"]

#: A difference counts as real when it exceeds this many paired standard errors (about 97.7%
#: one-sided confidence); smaller ones are within the solver's accuracy.
SIGNIFICANCE_Z = 2.0


def significant(diff: float, diff_stderr: float) -> bool:
    """Is a positive difference beyond :data:`SIGNIFICANCE_Z` paired standard errors? (An exact
    difference, stderr 0, is significant when it is above rounding noise.)"""
    return diff > max(SIGNIFICANCE_Z * diff_stderr, 1e-9)


@dataclass(frozen=True)
class Explanation:
    """How an arrangement fares against the sampled opponents: mean points (and its standard
    error), and per opponent the chance of winning / losing each row (top, middle, bottom) and
    of scooping / being scooped."""

    arrangement: Arrangement
    ev: float
    stderr: float
    row_win: tuple[float, float, float]
    row_loss: tuple[float, float, float]
    scoop: float
    scooped: float

    def to_json(self) -> dict[str, Any]:
        return {"arrangement": str(self.arrangement), "ev": self.ev, "stderr": self.stderr,
                "row_win": list(self.row_win), "row_loss": list(self.row_loss),
                "scoop": self.scoop, "scooped": self.scooped}


@dataclass(frozen=True)
class CandidateResult:
    setting: int  # the setting number (:mod:`.enumerate`), -1 for an arrangement given as such
    explanation: Explanation
    # with a reference arrangement: this mean minus the reference's, and that difference's
    # standard error (paired by sample, so far smaller than either mean's)
    diff: float | None = None
    diff_stderr: float | None = None
    # the best candidate's mean minus this one's (0 for the best) and that difference's paired
    # standard error: what choosing this candidate costs, and how sure that figure is
    loss: float = 0.0
    loss_stderr: float = 0.0

    @property
    def arrangement(self) -> Arrangement:
        return self.explanation.arrangement

    @property
    def ev(self) -> float:
        return self.explanation.ev

    @property
    def stderr(self) -> float:
        return self.explanation.stderr

    @property
    def significantly_worse(self) -> bool:
        """Is this candidate worse than the best beyond the solver's accuracy (:func:`significant`)?"""
        return significant(self.loss, self.loss_stderr)

    def to_json(self) -> dict[str, Any]:
        return {"arrangement": str(self.arrangement), "ev": round(self.ev, 6),
                "stderr": round(self.stderr, 6), "diff_stderr": round(self.loss_stderr, 6)}


class Stats(Tally):
    """Each candidate's running sums (the kernels add to them: :class:`.kernel_args.Tally`)."""

    __slots__ = ()

    @classmethod
    def zeros(cls, n: int) -> Stats:
        return cls(np.zeros(n), np.zeros(n), np.zeros((n, 3), np.int64), np.zeros((n, 3), np.int64),
                   np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n))

    def diff_stderr(self, i: int, ref_sum: float, samples: int) -> float:
        """Standard error of (candidate i's mean - the reference's mean), paired by sample."""
        if samples < 2:
            return float("nan")
        d = (float(self.sums[i]) - ref_sum) / samples
        var = max(float(self.diff_squares[i]) / samples - d * d, 0.0) * samples / (samples - 1)
        return float((var / samples) ** 0.5)

    def explanation(self, i: int, arrangement: Arrangement, samples: int, matches: int) -> Explanation:
        mean = float(self.sums[i] / samples) if samples else 0.0
        if samples > 1:
            var = max(float(self.squares[i] / samples) - mean * mean, 0.0) * samples / (samples - 1)
            stderr = (var / samples) ** 0.5
        else:
            stderr = float("nan")
        m = max(matches, 1)
        w = self.row_wins[i] / m
        lo = self.row_losses[i] / m
        return Explanation(arrangement, mean, stderr, (float(w[0]), float(w[1]), float(w[2])),
                           (float(lo[0]), float(lo[1]), float(lo[2])), float(self.scoops[i] / m),
                           float(self.scooped[i] / m))


def score(cands: RowData, opp: RowData, ties: npt.NDArray[np.int8], params: ScoringParams,
           stats: Stats, ref: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
    """Add the candidates' scores against ``opp`` to ``stats``; return the last candidate's
    per-sample totals. ``ref``: a reference's per-sample totals, for paired differences."""
    n = opp.cls.shape[0]
    totals = np.zeros(n)
    score_block(cands, opp, ties, params, stats, np.zeros(n) if ref is None else ref, totals)
    return totals


def score_each(cands: RowData, opp: RowData, ties: npt.NDArray[np.int8], params: ScoringParams,
                stats: Stats, ref: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
    """:func:`score`, and every candidate's per-sample totals, (candidates, samples)."""
    n = opp.cls.shape[0]
    out = np.empty((cands.cls.shape[0], n))
    score_each_block(cands, opp, ties, params, stats, np.zeros(n) if ref is None else ref, out)
    return out


class Pairing:
    """What the paired standard error of (candidate b - candidate i) needs, for any b chosen at the
    end (the best is known only then): every candidate's per-sample totals (int32), as long as
    they fit in :attr:`limit` numbers. Past that (a huge run without kept samples) the
    :attr:`watch` leading candidates are frozen and only their cross-products with every
    candidate are summed; a best outside them (rare: it trailed after millions of samples) falls
    back to the unpaired, larger error sqrt(se_b² + se_i²)."""

    limit = 12_000_000
    watch = 24

    def __init__(self, n_cands: int) -> None:
        self.n = n_cands
        self.totals: list[npt.NDArray[np.int32]] = []  # chunks of (candidates, samples)
        self.stored = 0
        self.watched: npt.NDArray[np.int64] | None = None  # frozen leaders
        self.cross: npt.NDArray[np.float64] | None = None  # (candidates, watched) sums of x_i * x_w

    def add(self, totals: npt.NDArray[np.float64], sums: npt.NDArray[np.float64]) -> None:
        if self.cross is not None and self.watched is not None:
            self.cross += totals @ totals[self.watched].T
            return
        self.totals.append(totals.astype(np.int32))
        self.stored += totals.size
        if self.stored > self.limit:
            self.watched = np.argsort(-sums, kind="stable")[:self.watch]
            every = np.concatenate(self.totals, axis=1).astype(np.float64)
            self.cross = every @ every[self.watched].T
            self.totals = []

    def diff_stderr(self, b: int, stats: Stats, samples: int,
                    among: npt.NDArray[np.int64] | None = None) -> npt.NDArray[np.float64]:
        """Paired standard error of (b's mean - each candidate's mean), 0 for b itself; only for
        the candidates ``among`` when given (the others are NaN)."""
        idx = np.arange(self.n) if among is None else np.asarray(among, dtype=np.int64)
        out = np.full(self.n, np.nan)
        if samples < 2 or idx.size == 0:
            return out
        mean_d = (stats.sums[b] - stats.sums[idx]) / samples
        if self.cross is None:
            q = np.zeros(idx.size, dtype=np.int64)
            for part in self.totals:  # chunk by chunk, in integers: exact, no big temporaries
                d = part[b] - part[idx]
                q += np.einsum("ij,ij->i", d, d, dtype=np.int64)
            var = np.maximum(q / samples - mean_d * mean_d, 0.0) * samples / (samples - 1)
        else:
            assert self.watched is not None
            hit = np.flatnonzero(self.watched == b)
            if hit.size:
                q2 = stats.squares[b] + stats.squares[idx] - 2 * self.cross[idx, int(hit[0])]
                var = np.maximum(q2 / samples - mean_d * mean_d, 0.0) * samples / (samples - 1)
            else:
                own = np.maximum(stats.squares / samples - (stats.sums / samples) ** 2, 0.0)
                var = (own[idx] + own[b]) * samples / (samples - 1)
        out[idx] = np.sqrt(var / samples)
        out[b] = 0.0
        return out


def separation(stats: Stats, pairing: Pairing, samples: int, tolerance: float) -> StopReason | None:
    """Is the verdict decided? ``SEPARATED`` when every other candidate is significantly worse
    than the leader, ``EQUAL`` when each one that is not is known to within ``tolerance`` (equal
    for any purpose), else None (sampling more could change the verdict)."""
    if len(stats.sums) < 2:
        return StopReason.SEPARATED
    means = stats.sums / samples
    own = np.sqrt(np.maximum(stats.squares / samples - means * means, 0.0) / max(samples - 1, 1))
    best = int(np.argmax(stats.sums))
    loss = means[best] - means
    # sd(x - y) <= sd(x) + sd(y): a candidate this far behind is worse whatever the pairing
    close = np.flatnonzero(loss <= SIGNIFICANCE_Z * (own + own[best]))
    close = close[close != best]
    if close.size == 0:
        return StopReason.SEPARATED
    se = pairing.diff_stderr(best, stats, samples, close)[close]
    undecided = ~(loss[close] > np.maximum(SIGNIFICANCE_Z * se, 1e-9))
    if not undecided.any():
        return StopReason.SEPARATED
    if (SIGNIFICANCE_Z * se[undecided] < tolerance).all():
        return StopReason.EQUAL
    return None
