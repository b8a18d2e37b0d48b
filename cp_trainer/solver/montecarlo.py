"""The Monte-Carlo solver: which arrangement of 13 cards scores most against a bot.

For the player's 13 cards, :func:`solve` deals N samples of 1 to 3 disjoint opponent hands from
the 39 unseen cards, lets a bot set each, and scores every Pareto candidate (:mod:`.enumerate`)
against every sample under the house rules (:mod:`.scoring`). All candidates meet the same
samples (common random numbers), so their differences are measured far more precisely than their
means. Each candidate gets its mean points per deal and the standard error of that mean; with a
seed the whole answer is reproducible.

The run goes in chunks: after each one the ``progress`` callback hears ``(done, total)``, the
``cancel`` flag (a ``threading.Event`` or any callable returning True to stop) is polled, and an
optional ``time_budget`` (seconds) ends the run early; the result says how many samples it used.

:func:`hindsight` is for review after showdown: the arrangement that would have scored most
against the opponents' *actual* arrangements (hindsight, not advice). :meth:`SolveResult.explain`
gives, for the best arrangement or the player's own, the per-row win rates and the scoop chance.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..arrangement import Arrangement
from ..cards import FULL_DECK, Card
from ..house_rules import HouseRules
from .enumerate import SolverInputError, check_hand, enumerate_hand, setting_arrangement, tables_for
from .fastbots import FastBot, settings_for
from .kernels import deal_opponents
from .names import BotName
from .scoring import RowData, ScoringParams, arrangement_rows, score_block, setting_rows, tie_mode
from .tables import N_SETTINGS, hand_array

__all__ = ["CandidateResult", "Explanation", "HindsightResult", "SolveResult", "hindsight", "solve",
           "warm_up"]

Cancel = threading.Event | Callable[[], bool] | None
Progress = Callable[[int, int], None] | None


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

    @property
    def arrangement(self) -> Arrangement:
        return self.explanation.arrangement

    @property
    def ev(self) -> float:
        return self.explanation.ev

    @property
    def stderr(self) -> float:
        return self.explanation.stderr

    def to_json(self) -> dict[str, Any]:
        return {"arrangement": str(self.arrangement), "ev": round(self.ev, 6),
                "stderr": round(self.stderr, 6)}


@dataclass(frozen=True)
class _Stats:
    sums: npt.NDArray[np.float64]
    squares: npt.NDArray[np.float64]
    row_wins: npt.NDArray[np.int64]
    row_losses: npt.NDArray[np.int64]
    scoops: npt.NDArray[np.int64]
    scooped: npt.NDArray[np.int64]
    diff_squares: npt.NDArray[np.float64]

    @classmethod
    def zeros(cls, n: int) -> _Stats:
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


def _score(cands: RowData, opp: RowData, ties: npt.NDArray[np.int8], params: ScoringParams,
           stats: _Stats, ref: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
    """Add the candidates' scores against ``opp`` to ``stats``; return the last candidate's
    per-sample totals. ``ref``: a reference's per-sample totals, for paired differences."""
    n = opp.cls.shape[0]
    totals = np.zeros(n)
    score_block(cands.cls, cands.roy, cands.foul, cands.nat, opp.cls, opp.roy, opp.foul, opp.nat, ties,
                params.points, params.scoop, params.natural_amount, params.better_only, stats.sums,
                stats.squares, stats.row_wins, stats.row_losses, stats.scoops, stats.scooped,
                np.zeros(n) if ref is None else ref, stats.diff_squares, totals)
    return totals


@dataclass(frozen=True)
class SolveResult:
    """The solver's answer; ``candidates`` best first."""

    cards: tuple[Card, ...]
    rules: HouseRules
    bot: str
    opponents: int
    samples: int  # samples used
    requested: int  # samples asked for
    seed: int
    candidates: list[CandidateResult]
    cancelled: bool
    timed_out: bool
    elapsed: float
    seat: int
    opponent_rows: RowData = field(repr=False)  # (samples, opponents) hands as set by the bot
    opponent_hands: npt.NDArray[np.int64] = field(repr=False)  # (samples, opponents, 13) card indices
    opponent_settings: npt.NDArray[np.int64] = field(repr=False)  # (samples, opponents) settings
    reference: CandidateResult | None = None  # the ``reference`` arrangement, when one was given

    def opponent_arrangements(self, sample: int) -> list[Arrangement]:
        """How the bot set each opponent's hand in one sample."""
        out = []
        for hand, setting in zip(self.opponent_hands[sample], self.opponent_settings[sample], strict=True):
            cards = [Card.from_index(int(i)) for i in hand]
            out.append(setting_arrangement(cards, int(setting)))
        return out

    @property
    def best(self) -> CandidateResult:
        return self.candidates[0]

    @property
    def complete(self) -> bool:
        return self.samples == self.requested

    def explain(self, arrangement: Arrangement | None = None) -> Explanation:
        """Row win rates and scoop chance of ``arrangement`` (default: the best) against the same
        samples. A fouled arrangement is scored as the rules score fouls."""
        if arrangement is None:
            return self.best.explanation
        if len(self.opponent_rows.cls) != self.samples:
            raise ValueError("this result kept no samples (solve(keep_samples=False)): it can explain "
                             "only its candidates")
        tab = tables_for(self.rules)
        rows = arrangement_rows([arrangement], tab, self.rules)
        stats = _Stats.zeros(1)
        _score(rows, self.opponent_rows, _ties(self.rules, self.seat, self.opponents),
               ScoringParams.of(self.rules), stats)
        return stats.explanation(0, arrangement, self.samples, self.samples * self.opponents)

    def to_json(self, top: int = 10, *, full: bool = False) -> dict[str, Any]:
        """The ``cp-trainer solve --json`` object; with ``full``, the run's bookkeeping too."""
        record: dict[str, Any] = {
            "input": " ".join(str(c) for c in self.cards),
            "samples": self.samples,
            "best": self.best.to_json(),
            "candidates": [c.to_json() for c in self.candidates[:top]],
        }
        if not full:
            return record
        return record | {
            "bot": self.bot,
            "opponents": self.opponents,
            "seed": self.seed,
            "requested": self.requested,
            "cancelled": self.cancelled,
            "timed_out": self.timed_out,
            "pareto": len(self.candidates),
        }


def _ties(rules: HouseRules, seat: int, opponents: int) -> npt.NDArray[np.int8]:
    others = [s for s in range(opponents + 1) if s != seat][:opponents]
    return np.array([tie_mode(rules, seat, o) for o in others], dtype=np.int8)


def _cancelled(cancel: Cancel) -> bool:
    if cancel is None:
        return False
    if isinstance(cancel, threading.Event):
        return cancel.is_set()
    return bool(cancel())


def candidate_settings(cards: Sequence[Card], rules: HouseRules) -> npt.NDArray[np.int64]:
    """The settings worth scoring: the Pareto set (of every setting under *ignore fouls*), plus
    one setting holding three flushes or three straights when naturals are on."""
    hs = enumerate_hand(cards, rules)
    cands = hs.pareto(legal_only=not rules.ignore_fouls).astype(np.int64)
    if rules.naturals:
        rows = setting_rows(np.tile(hand_array(tuple(cards)), (N_SETTINGS, 1)),
                            np.arange(N_SETTINGS), hs.tables, rules)
        natural = np.flatnonzero(rows.nat > 0)
        if natural.size and not (rows.nat[cands] > 0).any():
            cands = np.append(cands, natural[0])
    return cands


def solve(
    cards: Sequence[Card],
    rules: HouseRules | None = None,
    *,
    bot: str = BotName.GREEDY,
    opponents: int = 1,
    samples: int = 10_000,
    seed: int | None = None,
    progress: Progress = None,
    cancel: Cancel = None,
    time_budget: float | None = None,
    chunk: int = 1000,
    seat: int = 0,
    reference: Arrangement | None = None,
    keep_samples: bool = True,
) -> SolveResult:
    """Expected points of every Pareto candidate against ``opponents`` hands set by ``bot``.

    ``bot`` is ``greedy`` or ``standard`` (``expert`` as the opponent would be a solver inside a
    solver: refused). ``seat`` is the player's seat (it matters for the bank under tied rows);
    the opponents take the other seats from 0 up. At least one sample is always played.
    With a ``reference`` arrangement (e.g. the player's own, or a bot's), every candidate also
    gets its difference from the reference and that difference's standard error.
    ``keep_samples=False`` keeps only running sums, so memory stays flat however many samples
    are asked for (the command line's huge N); the result then cannot :meth:`~SolveResult.explain`
    another arrangement or show the opponents' hands.
    """
    rules = rules or HouseRules()
    check_hand(cards)
    if bot not in (BotName.GREEDY, BotName.STANDARD):
        raise SolverInputError(f"the solver plays against greedy or standard, not {bot!r}")
    if not 1 <= opponents <= 3:
        raise SolverInputError(f"1 to 3 opponents, got {opponents}")
    if samples < 1:
        raise SolverInputError(f"samples must be at least 1, got {samples}")
    start = time.perf_counter()
    seed = secrets.randbits(63) if seed is None else seed
    tab = tables_for(rules)
    hand = hand_array(tuple(cards))
    cands = candidate_settings(cards, rules)
    cand_rows = setting_rows(np.tile(hand, (len(cands), 1)), cands, tab, rules)
    used = {c.index for c in cards}
    unseen = np.array([c.index for c in FULL_DECK if c.index not in used], dtype=np.int64)
    rng = np.random.default_rng(seed)
    params = ScoringParams.of(rules)
    ties = _ties(rules, seat, opponents)
    stats = _Stats.zeros(len(cands))
    ref_rows = arrangement_rows([reference], tab, rules) if reference is not None else None
    ref_stats = _Stats.zeros(1)
    chunks: list[RowData] = []
    dealt: list[npt.NDArray[np.int64]] = []
    chosen: list[npt.NDArray[np.int64]] = []
    done = 0
    cancelled = timed_out = False
    while done < samples:
        n = min(chunk, samples - done)
        hands = np.empty((n, opponents, 13), dtype=np.int64)
        deal_opponents(unseen, rng.random((n, 13 * opponents)), opponents, hands)
        flat = hands.reshape(-1, 13)
        # opponents sit at the other seats; only the bank's seat changes how a bot plays
        settings = settings_for(flat, bot, rules, seat=1 if seat == 0 else 0)
        rows = setting_rows(flat, settings, tab, rules)
        opp = RowData(rows.cls.reshape(n, opponents, 3), rows.roy.reshape(n, opponents, 3),
                      rows.foul.reshape(n, opponents), rows.nat.reshape(n, opponents))
        ref_totals = None
        if ref_rows is not None:
            ref_totals = _score(ref_rows, opp, ties, params, ref_stats)
        _score(cand_rows, opp, ties, params, stats, ref_totals)
        if keep_samples or not chunks:  # without keep_samples, only an empty slice of the first
            keep = slice(None) if keep_samples else slice(0)
            chunks.append(RowData(opp.cls[keep], opp.roy[keep], opp.foul[keep], opp.nat[keep]))
            dealt.append(hands[keep])
            chosen.append(settings.reshape(n, opponents)[keep])
        done += n
        if progress is not None:
            progress(done, samples)
        if done < samples:
            if _cancelled(cancel):
                cancelled = True
                break
            if time_budget is not None and time.perf_counter() - start >= time_budget:
                timed_out = True
                break
    opp_all = RowData(np.concatenate([c.cls for c in chunks]), np.concatenate([c.roy for c in chunks]),
                      np.concatenate([c.foul for c in chunks]), np.concatenate([c.nat for c in chunks]))
    ref_result = None
    if reference is not None:
        ref_result = CandidateResult(-1, ref_stats.explanation(0, reference, done, done * opponents))
    results = []
    for i, s in enumerate(cands):
        ex = stats.explanation(i, setting_arrangement(cards, int(s)), done, done * opponents)
        diff = diff_se = None
        if ref_result is not None:
            diff = ex.ev - ref_result.ev
            diff_se = stats.diff_stderr(i, float(ref_stats.sums[0]), done)
        results.append(CandidateResult(int(s), ex, diff, diff_se))
    results.sort(key=lambda r: -r.ev)
    return SolveResult(tuple(cards), rules, bot, opponents, done, samples, seed, results, cancelled,
                       timed_out, time.perf_counter() - start, seat, opp_all, np.concatenate(dealt),
                       np.concatenate(chosen), ref_result)


@dataclass(frozen=True)
class HindsightResult:
    """The arrangement that would have scored most against the opponents' actual arrangements
    (for review after showdown; hindsight, not advice), and what the player's own scored."""

    arrangement: Arrangement
    points: int
    actual: Arrangement | None
    actual_points: int | None

    def to_json(self) -> dict[str, Any]:
        return {"hindsight": str(self.arrangement), "points": self.points,
                "actual": None if self.actual is None else str(self.actual),
                "actual_points": self.actual_points}


def hindsight(cards: Sequence[Card], opponents: Sequence[Arrangement], rules: HouseRules | None = None,
              *, seat: int = 0, opponent_seats: Sequence[int] | None = None,
              actual: Arrangement | None = None) -> HindsightResult:
    """Best arrangement of ``cards`` against these opponents' arrangements (seats: the player at
    ``seat``, the opponents at ``opponent_seats``, default the other seats from 0 up)."""
    rules = rules or HouseRules()
    check_hand(cards)
    if not opponents:
        raise SolverInputError("hindsight needs at least one opponent arrangement")
    tab = tables_for(rules)
    seats = list(opponent_seats) if opponent_seats is not None else [
        s for s in range(len(opponents) + 1) if s != seat][:len(opponents)]
    ties = np.array([tie_mode(rules, seat, o) for o in seats], dtype=np.int8)
    orows = arrangement_rows(list(opponents), tab, rules)
    opp = RowData(orows.cls.reshape(1, -1, 3), orows.roy.reshape(1, -1, 3), orows.foul.reshape(1, -1),
                  orows.nat.reshape(1, -1))
    cands = candidate_settings(cards, rules)
    cand_rows = setting_rows(np.tile(hand_array(tuple(cards)), (len(cands), 1)), cands, tab, rules)
    stats = _Stats.zeros(len(cands))
    params = ScoringParams.of(rules)
    _score(cand_rows, opp, ties, params, stats)
    best = int(np.argmax(stats.sums))
    actual_points = None
    if actual is not None:
        own = _Stats.zeros(1)
        _score(arrangement_rows([actual], tab, rules), opp, ties, params, own)
        actual_points = int(own.sums[0])
    return HindsightResult(setting_arrangement(cards, int(cands[best])), int(stats.sums[best]), actual,
                           actual_points)


def warm_up() -> None:
    """Build the tables and compile every kernel on a small problem (call it off the GUI thread)."""
    cards = list(FULL_DECK[:13])
    rules = HouseRules()
    for name in (BotName.GREEDY, BotName.STANDARD):
        try:
            FastBot(name).arrange(cards, rules)
            solve(cards, rules, bot=name, samples=2, seed=0, chunk=1)
        except FileNotFoundError:  # no trained table in a stripped install: standard unavailable
            continue
    hindsight(cards, [setting_arrangement(list(FULL_DECK[13:26]), 0)], rules)
