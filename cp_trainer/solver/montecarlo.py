"""The Monte-Carlo solver: which arrangement of 13 cards scores most against a bot.

For the player's 13 cards, :func:`solve` deals N samples of 1 to 3 disjoint opponent hands from
the 39 unseen cards, lets a bot set each, and scores every Pareto candidate (:mod:`.enumerate`)
against every sample under the house rules (:mod:`.scoring`). All candidates meet the same
samples (common random numbers), so their differences are measured far more precisely than their
means. Each candidate gets its mean points per deal and the standard error of that mean, and its
loss against the best with that loss's *paired* standard error; the candidates whose loss is
within :data:`SIGNIFICANCE_Z` paired standard errors are :attr:`SolveResult.equivalent` to the
best (those figures: :mod:`.solve_stats`). Without a seed the samples are the deal's own
(:func:`deal_seed`: the cards in any order, the opponents, the bot), so the same question always
gets the same answer. With ``adaptive`` the run goes on until that verdict is decided (see
:func:`solve`).

The question is a :class:`SolveRequest` (the cards, the rules, the bot, how many samples...);
``solve(request, progress=..., cancel=...)`` answers it. The run goes in chunks: after each one
the ``progress`` callback hears ``(done, total)``, the ``cancel`` flag (a ``threading.Event`` or
any callable returning True to stop) is polled, and an optional ``time_budget`` (seconds) ends
the run early; the result says how many samples it used and why it stopped
(:class:`StopReason`).
Chunks are :data:`CHUNK` samples, or :data:`QUIET_CHUNK` when nobody listens between them (no
progress, cancel, time budget or adaptive stop): fewer hand-offs to the worker threads. The
samples are one stream whatever the chunks, so the answer is the same either way.

:func:`hindsight` is for review after showdown: the arrangement that would have scored most
against the opponents' *actual* arrangements (hindsight, not advice). :meth:`SolveResult.explain`
gives, for the best arrangement or the player's own, the per-row win rates and the scoop chance.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.cards import FULL_DECK, Card
from ..rules.house_rules import HouseRules
from .enumerate import SolverInputError, check_hand, enumerate_hand, setting_arrangement, tables_for
from .fastbots import FastBot, settings_for
from .kernels import deal_opponents
from .names import BotChoice, BotName, UnknownBotError, format_bot
from .scoring import RowData, ScoringParams, arrangement_rows, setting_rows, tie_mode
from .solve_stats import (
    SIGNIFICANCE_Z,
    CandidateResult,
    Explanation,
    Pairing,
    Stats,
    score,
    score_each,
    separation,
    significant,
)
from .stop import StopReason
from .tables import N_SETTINGS, hand_array, sorted_cards

__all__ = ["CHUNK", "QUIET_CHUNK", "SIGNIFICANCE_Z", "CandidateResult", "Explanation", "HindsightResult",
           "SolveRequest", "SolveResult", "StopReason", "deal_seed", "hindsight", "significant", "solve",
           "warm_up"]

#: samples a chunk, between which progress is reported, cancel polled and the budget checked...
CHUNK = 1000
#: ...and when none of that is asked for (a bigger chunk costs less hand-off to the threads)
QUIET_CHUNK = 5000


Cancel = threading.Event | Callable[[], bool] | None
Progress = Callable[[int, int], None] | None


@dataclass(frozen=True)
class SolveRequest:
    """One question for :func:`solve`: the player's 13 ``cards`` under ``rules``, against
    ``opponents`` hands (1 to 3) set by ``bot`` (``greedy``, ``standard`` or a style), or each by its
    own bot of ``opponent_bots`` (the bots actually seated, in the order of the opponents' seats).

    ``samples``: how many sampled deals (with ``adaptive``, the minimum). ``seed``: None for the
    deal's own (:func:`deal_seed`). ``time_budget``: seconds (see :func:`solve`). ``chunk``:
    samples between progress reports (None: :data:`CHUNK`, or :data:`QUIET_CHUNK` when nobody
    listens). ``seat``: the player's seat. ``reference``: an arrangement every candidate is
    compared with. ``keep_samples``: keep the opponents' hands (False: flat memory, but no
    :meth:`SolveResult.explain` of other arrangements). ``adaptive``, ``max_samples``,
    ``tolerance``: sample on until the verdict is decided (see :func:`solve`). ``dead``: cards
    in no opponent's hand; ``opponent_seats``: the opponents' seats when not the other seats
    from 0 up. Sequences are stored as tuples, so a request is hashable and read-only.
    """

    cards: tuple[Card, ...]
    rules: HouseRules = field(default_factory=HouseRules)
    bot: str | BotChoice = BotName.GREEDY
    opponents: int = 1
    samples: int = 10_000
    seed: int | None = None
    time_budget: float | None = None
    chunk: int | None = None
    seat: int = 0
    reference: Arrangement | None = None
    keep_samples: bool = True
    adaptive: bool = False
    max_samples: int = 100_000
    tolerance: float = 0.01
    dead: tuple[Card, ...] = ()
    opponent_seats: tuple[int, ...] | None = None
    opponent_bots: tuple[BotChoice | BotName | str, ...] | None = None

    def __post_init__(self) -> None:
        # any sequence of cards or seats is welcome; stored as tuples
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "dead", tuple(self.dead))
        if self.opponent_seats is not None:
            object.__setattr__(self, "opponent_seats", tuple(self.opponent_seats))
        if self.opponent_bots is not None:
            object.__setattr__(self, "opponent_bots", tuple(self.opponent_bots))

    def check(self) -> list[BotChoice]:
        """Each opponent's bot; :class:`SolverInputError` (one line, naming what is wrong) for a
        question the solver cannot answer."""
        check_hand(self.cards)
        models = _models(self.bot, self.opponent_bots, self.opponents)
        if not 1 <= self.opponents <= 3:
            raise SolverInputError(f"1 to 3 opponents, got {self.opponents}")
        if self.samples < 1:
            raise SolverInputError(f"samples must be at least 1, got {self.samples}")
        dead, opponents = self.dead, self.opponents
        crowded = 13 * (opponents + 1) + len(set(dead)) > 52
        if {c.index for c in dead} & {c.index for c in self.cards} or crowded:
            raise SolverInputError(f"{len(dead)} dead cards leave no room for {opponents} opponents' hands "
                                   "or hold the player's own")
        if self.opponent_seats is not None and len(self.opponent_seats) != opponents:
            raise SolverInputError(f"{opponents} opponents need {opponents} seats, "
                                   f"got {list(self.opponent_seats)}")
        return models


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
    candidates: tuple[CandidateResult, ...]
    elapsed: float
    seat: int
    opponent_rows: RowData = field(repr=False)  # (samples, opponents) hands as set by the bot
    opponent_hands: npt.NDArray[np.int64] = field(repr=False)  # (samples, opponents, 13) card indices
    opponent_settings: npt.NDArray[np.int64] = field(repr=False)  # (samples, opponents) settings
    reference: CandidateResult | None = None  # the ``reference`` arrangement, when one was given
    stop: StopReason = StopReason.SAMPLES  # why sampling stopped
    ties: npt.NDArray[np.int8] | None = field(default=None, repr=False)  # per opponent (tie_mode)

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
    def cancelled(self) -> bool:
        return self.stop is StopReason.CANCELLED

    @property
    def timed_out(self) -> bool:
        return self.stop is StopReason.TIME

    @property
    def complete(self) -> bool:
        return self.samples == self.requested or self.stop in (StopReason.SEPARATED, StopReason.EQUAL)

    @property
    def equivalent(self) -> tuple[CandidateResult, ...]:
        """The candidates not significantly worse than the best (loss within
        :data:`SIGNIFICANCE_Z` paired standard errors), best first; the best is always one."""
        return tuple(c for c in self.candidates if c is self.best or not c.significantly_worse)

    def spread(self) -> float:
        """How far apart the equivalent candidates' means are (0 when the best stands alone)."""
        eq = self.equivalent
        return eq[0].ev - eq[-1].ev

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
        stats = Stats.zeros(1)
        ties = _ties(self.rules, self.seat, self.opponents) if self.ties is None else self.ties
        score(rows, self.opponent_rows, ties, ScoringParams.of(self.rules), stats)
        return stats.explanation(0, arrangement, self.samples, self.samples * self.opponents)

    def versus_best(self, arrangement: Arrangement) -> CandidateResult:
        """``arrangement`` (e.g. the player's own, fouled or not) scored on this result's samples,
        with its loss against the best and that loss's paired standard error."""
        if len(self.opponent_rows.cls) != self.samples:
            raise ValueError("this result kept no samples (solve(keep_samples=False))")
        tab = tables_for(self.rules)
        ties = _ties(self.rules, self.seat, self.opponents) if self.ties is None else self.ties
        params = ScoringParams.of(self.rules)
        best_stats, own = Stats.zeros(1), Stats.zeros(1)
        best = score(arrangement_rows([self.best.arrangement], tab, self.rules), self.opponent_rows, ties,
                      params, best_stats)
        score(arrangement_rows([arrangement], tab, self.rules), self.opponent_rows, ties, params, own, best)
        ex = own.explanation(0, arrangement, self.samples, self.samples * self.opponents)
        loss = max(float(best_stats.sums[0] - own.sums[0]) / self.samples, 0.0)
        se = own.diff_stderr(0, float(best_stats.sums[0]), self.samples)
        return CandidateResult(-1, ex, None, None, loss, se)

    def to_json(self, top: int = 10, *, full: bool = False) -> dict[str, Any]:
        """The ``cp-trainer solve --json`` object; with ``full``, the run's bookkeeping too."""
        record: dict[str, Any] = {
            "input": " ".join(str(c) for c in self.cards),
            "samples": self.samples,
            "best": self.best.to_json(),
            "candidates": [c.to_json() for c in self.candidates[:top]],
            "equivalent": [str(c.arrangement) for c in self.equivalent],
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
            "stop": self.stop.value,
        }


def deal_seed(cards: Sequence[Card], opponents: int = 1, bot: str | BotChoice = "standard",
              dead: Sequence[Card] = (), opponent_bots: Sequence[BotChoice] = ()) -> int:
    """The seed every solve of this deal uses unless one is given: a hash of the 13 cards (in any
    order), the opponents' count and the bot (and the ``dead`` cards, when some are known to be
    out of the opponents' hands), so the same question always meets the same samples (the Hint,
    the showdown, a replay, Try again and the history agree; two identical command lines print
    the same answer). ``opponent_bots``: each opponent's own bot, when they are not all ``bot``."""
    key = "cp-trainer solve v1|" + ",".join(str(i) for i in sorted(c.index for c in cards))
    key += f"|{opponents}|{format_bot(BotChoice.of(bot))}"
    if opponent_bots:
        key += "|" + ",".join(format_bot(b) for b in opponent_bots)
    if dead:
        key += "|" + ",".join(str(i) for i in sorted(c.index for c in dead))
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


def _others(seat: int, opponents: int) -> list[int]:
    """The opponents' seats when none are given: the other seats from 0 up."""
    return [s for s in range(opponents + 1) if s != seat][:opponents]


def _ties(rules: HouseRules, seat: int, opponents: int) -> npt.NDArray[np.int8]:
    return np.array([tie_mode(rules, seat, o) for o in _others(seat, opponents)], dtype=np.int8)


def _models(bot: str | BotChoice, opponent_bots: Sequence[BotChoice | BotName | str] | None,
            opponents: int) -> list[BotChoice]:
    """Each opponent's bot, checked: the solver can play all but ``expert`` (a solver inside a
    solver)."""
    try:
        models = [BotChoice.of(b) for b in opponent_bots] if opponent_bots is not None else \
            [BotChoice.of(bot)] * opponents
    except UnknownBotError as exc:
        raise SolverInputError(str(exc)) from None
    if len(models) != opponents:
        raise SolverInputError(f"{opponents} opponents need {opponents} bots, got {len(models)}")
    for model in models:
        if model.name is BotName.EXPERT:
            raise SolverInputError(f"the solver plays against greedy, standard or a style, not "
                                   f"{model.name.value!r}")
    return models


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


def solve(request: SolveRequest, *, progress: Progress = None, cancel: Cancel = None) -> SolveResult:
    """Expected points of every Pareto candidate of ``request.cards`` against ``opponents`` hands
    set by ``bot`` (the fields of :class:`SolveRequest`). ``progress`` hears ``(done, total)``
    after each chunk; ``cancel`` (an event or a callable) is polled between chunks.

    ``bot`` is ``greedy``, ``standard`` or a style (:mod:`.styles`; ``expert`` as the opponent would
    be a solver inside a solver: refused); ``opponent_bots`` gives each opponent its own (the bots
    actually seated: "best against this table"), in the order of the opponents' seats. ``seat`` is
    the player's seat (it matters for the bank under tied rows); the opponents take the other seats
    from 0 up. At least one sample is always played.
    Without a ``seed`` the samples are the deal's own (:func:`deal_seed`); samples are drawn in
    one stream, so a longer run extends a shorter one's samples.

    Every candidate gets its ``loss`` against the best and that loss's paired standard error;
    :attr:`SolveResult.equivalent` lists those within the solver's accuracy of the best.
    With a ``reference`` arrangement (e.g. the player's own, or a bot's), every candidate also
    gets its difference from the reference and that difference's standard error.
    ``keep_samples=False`` keeps only running sums, so memory stays flat however many samples
    are asked for (the command line's huge N); the result then cannot :meth:`~SolveResult.explain`
    another arrangement or show the opponents' hands.

    ``adaptive``: ``samples`` is the minimum (always played, unless cancelled); then sampling goes
    on chunk by chunk until the best is separated from the runner-up (its lead beyond
    :data:`SIGNIFICANCE_Z` paired standard errors), or the two are declared equal (that many
    standard errors are below ``tolerance`` points: whatever separates them is too small to
    matter), or ``max_samples`` are played, or the ``time_budget`` (seconds) would be overrun:
    that is judged only at ``samples`` x 2, x 4, ... (a time-cut run ends on one of a few counts,
    so that another run of the same question most likely ends on the same one) by the time the
    next doubling would take. Without ``adaptive``, ``time_budget`` stops the run whenever it is
    spent. ``SolveResult.stop`` says which ending it was (:class:`StopReason`).

    ``dead``: cards known to be in no opponent's hand (Criss Cross: the player's other hand, so
    the bot's two hands are the other 26 cards). ``opponent_seats``: the opponents' seats, when
    not the other seats from 0 up (Criss Cross: both of the bot's hands sit at seat 1).
    """
    models = request.check()
    start = time.perf_counter()
    run = _Run(request, models, progress, cancel)
    stop = StopReason.SAMPLES
    checkpoint = request.samples
    while run.done < run.limit:
        run.play(min(run.chunk, run.limit - run.done))
        if progress is not None:
            progress(run.done, request.samples if run.done <= request.samples or not request.adaptive
                     else run.limit)
        if run.done >= run.limit:
            break
        if _cancelled(cancel):
            stop = StopReason.CANCELLED
            break
        if request.adaptive and run.done >= request.samples:
            verdict = separation(run.stats, run.pairing, run.done, request.tolerance)
            if verdict is not None:
                stop = verdict
                break
        if request.time_budget is None:
            continue
        checkpoint, out_of_time = _out_of_time(request, time.perf_counter() - start, run.done, checkpoint)
        if out_of_time:
            stop = StopReason.TIME
            break
    return run.result(stop, time.perf_counter() - start)


def _out_of_time(r: SolveRequest, elapsed: float, done: int, checkpoint: int) -> tuple[int, bool]:
    """Does the time budget end the run now (and the next checkpoint of an adaptive run)?

    Without ``adaptive``, whenever the budget is spent. With it, only at samples x 2^k, and when
    the next doubling would overrun the budget: a run cut by time ends on one of a few sample
    counts, so another machine or session most likely stops at the same one (and gives the same
    answer)."""
    assert r.time_budget is not None
    if not r.adaptive:
        return checkpoint, elapsed >= r.time_budget
    if done < checkpoint:
        return checkpoint, False
    while checkpoint <= done:
        checkpoint *= 2
    return checkpoint, elapsed * checkpoint / done > r.time_budget


class _Run:
    """One solve between its chunks: the candidates' rows, the stream of unseen cards, the running
    sums, and (with ``keep_samples``) the samples played."""

    def __init__(self, r: SolveRequest, models: Sequence[BotChoice], progress: Progress,
                 cancel: Cancel) -> None:
        self.request = r
        self.models = models
        chunk = r.chunk
        if chunk is None:
            quiet = progress is None and cancel is None and r.time_budget is None and not r.adaptive
            chunk = QUIET_CHUNK if quiet else CHUNK
        self.chunk = chunk
        self.mixed = tuple(models) if len(set(models)) > 1 else ()
        self.seed = r.seed if r.seed is not None else deal_seed(r.cards, r.opponents, models[0], r.dead,
                                                                   self.mixed)
        self.limit = max(r.samples, r.max_samples) if r.adaptive else r.samples
        self.tab = tables_for(r.rules)
        hand = hand_array(tuple(r.cards))
        self.cands = candidate_settings(r.cards, r.rules)
        self.cand_rows = setting_rows(np.tile(hand, (len(self.cands), 1)), self.cands, self.tab, r.rules)
        used = {c.index for c in r.cards} | {c.index for c in r.dead}
        self.unseen = np.array([c.index for c in FULL_DECK if c.index not in used], dtype=np.int64)
        self.rng = np.random.default_rng(self.seed)
        self.params = ScoringParams.of(r.rules)
        self.opp_seats = _others(r.seat, r.opponents) if r.opponent_seats is None else list(r.opponent_seats)
        self.ties = np.array([tie_mode(r.rules, r.seat, o) for o in self.opp_seats], dtype=np.int8)
        self.stats = Stats.zeros(len(self.cands))
        self.pairing = Pairing(len(self.cands))
        self.ref_rows = None if r.reference is None else arrangement_rows([r.reference], self.tab, r.rules)
        self.ref_stats = Stats.zeros(1)
        self.chunks: list[RowData] = []
        self.dealt: list[npt.NDArray[np.int64]] = []
        self.chosen: list[npt.NDArray[np.int64]] = []
        self.done = 0

    def _settings(self, hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """How the bots set the opponents' hands (n, opponents, 13), flat. The opponents sit at the
        other seats; only the bank's seat changes how a bot plays. ``standard`` is modelled by its
        rating alone (without card removal: see .removal)."""
        r = self.request
        bot_seat = 1 if r.seat == 0 else 0
        if not self.mixed:
            return settings_for(hands.reshape(-1, 13), self.models[0], r.rules, seat=bot_seat,
                                card_removal=False, foul_seat=self.opp_seats[0])
        settings = np.empty(hands.shape[:2], dtype=np.int64)  # each opponent by its own bot
        for k, model in enumerate(self.models):
            settings[:, k] = settings_for(hands[:, k], model, r.rules, seat=bot_seat, card_removal=False,
                                          foul_seat=self.opp_seats[k])
        return settings.reshape(-1)

    def play(self, n: int) -> None:
        """Deal ``n`` more samples, let the bots set them, and score every candidate against them."""
        r = self.request
        opponents = r.opponents
        hands = np.empty((n, opponents, 13), dtype=np.int64)
        deal_opponents(self.unseen, self.rng.random((n, 13 * opponents)), opponents, hands)
        settings = self._settings(hands)
        rows = setting_rows(hands.reshape(-1, 13), settings, self.tab, r.rules)
        opp = RowData(rows.cls.reshape(n, opponents, 3), rows.roy.reshape(n, opponents, 3),
                      rows.foul.reshape(n, opponents), rows.nat.reshape(n, opponents))
        ref_totals = None
        if self.ref_rows is not None:
            ref_totals = score(self.ref_rows, opp, self.ties, self.params, self.ref_stats)
        self.pairing.add(score_each(self.cand_rows, opp, self.ties, self.params, self.stats, ref_totals),
                         self.stats.sums)
        if r.keep_samples or not self.chunks:  # without keep_samples, only an empty slice of the first
            keep = slice(None) if r.keep_samples else slice(0)
            self.chunks.append(RowData(opp.cls[keep], opp.roy[keep], opp.foul[keep], opp.nat[keep]))
            self.dealt.append(hands[keep])
            self.chosen.append(settings.reshape(n, opponents)[keep])
        self.done += n

    def result(self, stop: StopReason, elapsed: float) -> SolveResult:
        """Every candidate's figures, the best first, and how the run ended."""
        r, stats, done = self.request, self.stats, self.done
        chunks = self.chunks
        opp_all = RowData(np.concatenate([c.cls for c in chunks]), np.concatenate([c.roy for c in chunks]),
                          np.concatenate([c.foul for c in chunks]), np.concatenate([c.nat for c in chunks]))
        ref_result = None
        if r.reference is not None:
            explained = self.ref_stats.explanation(0, r.reference, done, done * r.opponents)
            ref_result = CandidateResult(-1, explained)
        best = int(np.argmax(stats.sums))  # the first of equal means, as the stable sort below
        loss_se = self.pairing.diff_stderr(best, stats, done)
        results = []
        ordered = sorted_cards(r.cards)
        for i, s in enumerate(self.cands):
            ex = stats.explanation(i, setting_arrangement(ordered, int(s), in_engine_order=True), done,
                                   done * r.opponents)
            diff = diff_se = None
            if ref_result is not None:
                diff = ex.ev - ref_result.ev
                diff_se = stats.diff_stderr(i, float(self.ref_stats.sums[0]), done)
            loss = 0.0 if i == best else max(float(stats.sums[best] - stats.sums[i]) / done, 0.0)
            results.append(CandidateResult(int(s), ex, diff, diff_se, loss, float(loss_se[i])))
        order = sorted(range(len(results)), key=lambda i: (i != best, -results[i].ev))
        results = [results[i] for i in order]
        return SolveResult(tuple(r.cards), r.rules, format_bot(self.models[0]), r.opponents, done,
                           self.limit if r.adaptive else r.samples, self.seed, tuple(results), elapsed,
                           r.seat, opp_all, np.concatenate(self.dealt), np.concatenate(self.chosen),
                           ref_result, stop, self.ties)


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
    stats = Stats.zeros(len(cands))
    params = ScoringParams.of(rules)
    score(cand_rows, opp, ties, params, stats)
    best = int(np.argmax(stats.sums))
    actual_points = None
    if actual is not None:
        own = Stats.zeros(1)
        score(arrangement_rows([actual], tab, rules), opp, ties, params, own)
        actual_points = int(own.sums[0])
    return HindsightResult(setting_arrangement(cards, int(cands[best])), int(stats.sums[best]), actual,
                           actual_points)


def warm_up() -> None:
    """Build the tables and compile every kernel on a small problem (call it off the GUI thread)."""
    cards = list(FULL_DECK[:13])
    rules = HouseRules()
    for name in (BotName.GREEDY, BotName.STANDARD):
        try:
            solve(SolveRequest(tuple(cards), rules, bot=name, samples=2, seed=0, chunk=1))
            FastBot(name).arrange(cards, rules)  # after the solve: through the kernels (card removal's too)
        except FileNotFoundError:  # no trained table in a stripped install: standard unavailable
            continue
    hindsight(cards, [setting_arrangement(list(FULL_DECK[13:26]), 0)], rules)
