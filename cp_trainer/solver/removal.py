"""Card removal: ``standard``'s last step, which re-ranks its best few settings against a pool.

``standard`` rates a setting from per-row win probabilities against a typical opponent, rows
taken as independent (or, where a scoop pays extra, independent within each of a few kinds of
opponent) and whatever the player holds (:mod:`.winprob`). Two things that rating
misses are worth points: the player's own 13 cards change what an opponent can hold (holding
three kings, an opponent's pair of kings is rare), and an opponent's rows are not independent (a
strong bottom comes with a strong middle). Both are captured by playing the candidates against a
stored pool of opponents, weighted for the player's cards:

1. The candidates: the legal settings that ``standard``'s rating puts within :data:`DELTA` points
   of its best (:data:`WIDE_DELTA` under low middle, a scoop bonus of 2 or more with 2-4's
   majority bonus, and the default rules: :func:`window`), one per distinct triple of row classes
   (the lowest setting number of each), the best :data:`K` of them by rating (:data:`DEFAULT_K`
   under the default rules; then by setting number), ``standard``'s own choice first.
2. The pool: 20,000 random hands set by ``standard``'s rating alone (the opponents the solver
   models) under the rules being played, with their row classes: one shipped per rule set of
   :data:`POOL_RULES` (:data:`POOL_FILE` for the default rules, ``scripts/build_removal_pool.py``
   rebuilds them all), picked by what changes the opponents' play (:class:`PoolKey`: the scoring
   system and scoop bonus, ties and whether the opponents' seat is the bank, royalties, naturals,
   low middle, wheel second); a combination not shipped gets its pool built in memory once
   (:func:`.fastbots.removal_pool`, about a second). Under naturals the pool hands that are
   naturals are left out: every setting scores the same against them.
3. A pool hand's weight is the likelihood of its rank counts given the player's (hypergeometric
   per rank: the player's cards leave 39 unseen; suits ignored), relative to holding none of each
   rank, as a fixed-point integer (:data:`SCALE`), so sums are exact whatever their order. Its
   factors are multiplied a group of ranks at a time (:data:`GROUPS`): per hand of the player, one
   table per group (:func:`group_factors`), so a pool hand's weight is four lookups.
4. Each other candidate's gain over ``standard``'s choice is the weighted sum, over the pool, of
   its points minus the choice's points against the pool hand's rows, as the house scores two
   legal hands (:class:`StepRules`): the system's points and bonuses (scoop bonus included), ties
   pushing or going to the bank (the player's seat wins them when it is the bank, loses them when
   the opponents' seat is), each row's royalty (to the better hand only, if so), the middle
   compared low under low middle, the classes of the rules' tables (wheel second). All integers.
   The candidate with the largest positive gain is played (the earlier one among equal gains);
   none positive: the choice.

It holds under every rule set (:func:`applies`). Naturals: a natural ``standard`` declares (three
flushes or three straights worth more than its best ordinary setting), and a hand that is a
natural however it is set (six pairs, a dragon), take no step; otherwise the candidates are scored
as their rows (a candidate that happens to hold three flushes is not counted as a natural: rare).
The Monte-Carlo solver sets the opponents with the rating alone (the step costs
about three times the rating: a solve would take three times as long), which differs from
``standard``'s choice on about a fifth of the hands, always between settings it rates within
the step's window (:func:`window`) of each other. ``benchmarks/bench_peer.py`` measures what
the step is worth under the default rules, ``benchmarks/bench_gap.py`` its best-response gap
under every rule set.

This module is the NumPy twin of the compiled step (:func:`.removal_kernels.removal_choice`): the same
candidates, weights and gains, so one hand gets the same setting with or without Numba.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules.frozen import FrozenMap
from ..rules.house_rules import HouseRules, RoyaltyTable, ScoringSystem, TieRule
from ..support.resources import resource_path
from .kernel_args import RemovalStep
from .scoring import ScoringParams, royalty_by_class, tie_mode
from .single import SubsetClasses
from .tables import tables
from .winprob import mixture_name

__all__ = [
    "DEFAULT_K",
    "DELTA",
    "GROUPS",
    "POOL_FILE",
    "POOL_RULES",
    "SCALE",
    "WIDE_DELTA",
    "WINDOW",
    "K",
    "Pool",
    "PoolKey",
    "StepRules",
    "applies",
    "group_factors",
    "kernel_step",
    "load_pool",
    "natural_anyway",
    "opponent_seat",
    "pool_file",
    "pool_from",
    "rank_codes",
    "rank_ratio",
    "relative_ratio",
    "rerank",
    "save_pool",
    "shipped_pool_name",
    "weights",
    "window",
]

POOL_FILE = "removal_pool_v1.npz"
#: candidates: at most this many distinct row-class triples (``standard``'s choice included)...
K = 8
#: ...that ``standard``'s rating puts within this many points of its best
DELTA = 0.1
#: the window where the rating leaves more of the choice to the step (:func:`window`)
WIDE_DELTA = 0.2
#: the candidates under the default rules, with :data:`WIDE_DELTA` (:func:`window`)
DEFAULT_K = 10
#: when set, the window and candidates under every rule set (``benchmarks/bench_gap.py --delta``)
WINDOW: tuple[float, int] | None = None
#: a pool hand's weight in units of 1 / SCALE
SCALE = float(1 << 20)
#: the ranks (0 the deuce ... 12 the ace) whose factors of a pool hand's weight are multiplied in
#: one table (:func:`group_factors`), so a weight is four lookups
GROUPS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11, 12))

I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

#: The shipped pools, by name: each set by ``standard``'s rating alone under these rules, its
#: hands played at seat 1 (the seat the solver models the opponents of seat 0 at,
#: :func:`opponent_seat`). ``default`` is :data:`POOL_FILE`; the others ``removal_pool_v1_NAME.npz``.
POOL_RULES: Mapping[str, HouseRules] = FrozenMap({
    "default": HouseRules(),
    "2-4-scoop": HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP),
    "1-6": HouseRules(system=ScoringSystem.ONE_SIX),
    "bank": HouseRules(ties=TieRule.BANK, bank=0),  # seat 0 the bank: the opponents lose ties
    "bank-opponent": HouseRules(ties=TieRule.BANK, bank=1),  # the opponent (seat 1) is the bank
    "royalties": HouseRules(royalties=True),
    "royalties-better": HouseRules(royalties=True, royalties_better_hand_only=True),
    "naturals": HouseRules(naturals=True),
    "low-middle": HouseRules(low_middle=True),
    "wheel-second": HouseRules(wheel_second=True),
    "1-6-royalties": HouseRules(system=ScoringSystem.ONE_SIX, royalties=True),
    "royalties-naturals": HouseRules(royalties=True, naturals=True),
})


def applies(rules: HouseRules) -> bool:
    """Does ``standard`` re-rank for card removal under these rules? Under every rule set: the
    step scores as the house does (:class:`StepRules`) against a pool set under the same rules
    (shipped, or built once in memory: :func:`.fastbots.removal_pool`)."""
    return isinstance(rules, HouseRules)


def window(rules: HouseRules) -> tuple[float, int]:
    """The step's window and candidates under ``rules``: :data:`DELTA` and :data:`K`, or the wider
    :data:`WIDE_DELTA` where the rating is shortest (measured by ``benchmarks/bench_gap.py``):
    under low middle, whose rating leaves fewest settings within :data:`DELTA`, and where a
    scoop pays a bonus of 2 or more on top of 2-4's majority bonus (the mixture rating narrows the
    gap there less than under 1-6: ``docs/card-removal-findings.md``). Under the default rules
    (2-4, ties pushing, no royalties or naturals: the rules the strongest public strategy plays)
    :data:`WIDE_DELTA` and :data:`DEFAULT_K`: against that strategy on fresh deals the wider
    step gained about 0.0015 points a hand on each of three sets of 100,000 deals, at about 0.07
    ms a decision (``docs/card-removal-findings.md``, "A wider step under the default rules")."""
    if WINDOW is not None:
        return WINDOW
    if rules.low_middle or mixture_name(rules) == "scoop-3":
        return WIDE_DELTA, K
    if PoolKey.of(rules) == _default_key():
        return WIDE_DELTA, DEFAULT_K
    return DELTA, K


@cache
def _default_key() -> PoolKey:
    return PoolKey.of(HouseRules())


def opponent_seat(seat: int) -> int:
    """The seat the solver sets the opponents of ``seat`` at (:mod:`.montecarlo`): only the bank's
    seat changes how a bot plays."""
    return 1 if seat == 0 else 0


@dataclass(frozen=True)
class PoolKey:
    """What decides a pool: the rules as they change ``standard``'s rating-alone play of the
    opponents (seated at :func:`opponent_seat`) and their row classes. ``ties``: ``push``, or
    ``won`` / ``lost`` by the opponents (they are / are not the bank)."""

    majority: int
    scoop: int
    ties: str
    royalties: RoyaltyTable | None
    better_only: bool
    natural: int | None
    wheel: bool
    low: bool

    @classmethod
    def of(cls, rules: HouseRules, seat: int = 0) -> PoolKey:
        ties = "push"
        if rules.ties is TieRule.BANK:
            ties = "won" if rules.bank == opponent_seat(seat) else "lost"
        return cls(rules.system.majority_bonus, rules.effective_scoop_bonus, ties,
                   rules.royalty_table if rules.royalties else None,
                   rules.royalties and rules.royalties_better_hand_only,
                   rules.effective_natural_amount if rules.naturals else None, rules.wheel_second,
                   rules.low_middle)


@cache
def _shipped_keys() -> dict[PoolKey, str]:
    return {PoolKey.of(rules): name for name, rules in POOL_RULES.items()}


def shipped_pool_name(rules: HouseRules, seat: int = 0) -> str | None:
    """The shipped pool for these rules and seat (a name of :data:`POOL_RULES`), or None."""
    return _shipped_keys().get(PoolKey.of(rules, seat))


def pool_file(name: str) -> str:
    """The resource file of the shipped pool ``name``."""
    return POOL_FILE if name == "default" else f"removal_pool_v1_{name}.npz"


@dataclass(frozen=True)
class StepRules:
    """How the step scores a candidate against a pool hand (:func:`.removal_kernels.removal_points`):
    ``points[won, lost]`` (the system's majority and scoop bonuses included), ``tie`` +1 when the
    player wins tied rows (it is the bank), -1 when it loses them (the opponent at
    :func:`opponent_seat` is the bank), 0 when they push; ``roy[row, class]`` each row's royalty
    (zeros without royalties; the low middle earns none) and ``better_only``."""

    points: I64
    tie: int
    roy: I64
    better_only: bool

    @classmethod
    def of(cls, rules: HouseRules, seat: int = 0) -> StepRules:
        return _step_rules(rules, seat)

    @property
    def royalties(self) -> bool:
        """Does any row earn a royalty?"""
        return bool(self.roy.any())

    def kernel_args(self) -> tuple[int, int, int, I64, bool, bool]:
        """What the compiled step reads of the rules, in :class:`.kernel_args.RemovalStep`'s order:
        the majority and scoop bonuses (``points`` is +1 a row and those:
        :func:`.settlement.row_points`), ..."""
        p = self.points
        majority = int(p[2, 1] - 1)  # 2-1: one row net, plus the majority bonus
        scoop = int(p[3, 0] - 3 - majority)
        return majority, scoop, self.tie, self.roy, self.royalties, self.better_only


@cache
def _step_rules(rules: HouseRules, seat: int) -> StepRules:
    tab = tables(rules.wheel_second)
    tie = tie_mode(rules, seat, opponent_seat(seat))
    roy = np.zeros((3, tab.n_classes), dtype=np.int64)
    if rules.royalties:
        roy[:] = royalty_by_class(tab, rules.royalty_table)
        if rules.low_middle:
            roy[1] = 0
    points = np.ascontiguousarray(ScoringParams.of(rules).points, dtype=np.int64)
    return StepRules(points, tie, roy, rules.royalties and rules.royalties_better_hand_only)


def rank_ratio() -> F64:
    """``R[h, a]``: P(an opponent holds ``a`` cards of a rank | the player holds ``h`` of it and 39
    cards are unseen) / P(a random 13 of 52 holds ``a`` of it); hypergeometric."""
    r = np.zeros((5, 5))
    for h in range(5):
        for a in range(5):
            if a + h <= 4:
                given = comb(4 - h, a) * comb(35 + h, 13 - a) / comb(39, 13)
                r[h, a] = given / (comb(4, a) * comb(48, 13 - a) / comb(52, 13))
    return r


def relative_ratio(counts: I64, ratio: F64) -> F64:
    """``rel[rank, a]``: the factor of a pool hand holding ``a`` of ``rank`` for a player holding
    ``counts[rank]`` of it, relative to holding none (so only the ranks a pool hand holds count)."""
    by_rank = ratio[counts]  # (13, 5)
    return by_rank / by_rank[:, :1]


def rank_codes(counts: npt.NDArray[np.integer]) -> I16:
    """``codes[i, g]``: hand ``i``'s counts of the ranks of group ``g`` of :data:`GROUPS` (``counts``
    (N, 13) by rank) in base 5, lowest rank first."""
    codes = np.zeros((counts.shape[0], len(GROUPS)), dtype=np.int16)
    for g, ranks in enumerate(GROUPS):
        for place, rank in enumerate(ranks):
            codes[:, g] += (np.asarray(counts[:, rank]) * 5 ** place).astype(np.int16)
    return codes


@dataclass(frozen=True)
class Pool:
    """The pool, in the shapes the compiled step reads.

    ``cls`` (N, 3) row classes (top, middle, bottom); ``codes`` (N, 4) the hands' rank counts by
    group (:func:`rank_codes`); ``by_row_cls`` (3, N, 3) and ``by_row_codes`` (3, N, 4) the same
    sorted by each row's class and ``vals`` (3, N) those classes (for a range of classes at once);
    ``ratio`` (5, 5) :func:`rank_ratio`; ``meta`` how the pool was made."""

    cls: I16
    codes: I16
    by_row_cls: I16
    by_row_codes: I16
    vals: I16
    ratio: F64
    meta: Mapping[str, Any]  # read-only (a copy of the mapping given)

    def __post_init__(self) -> None:
        object.__setattr__(self, "meta", FrozenMap(self.meta))

    def kernel_args(self) -> tuple[I16, I16, I16, F64, float, I16, I16]:
        """What the compiled step reads of the pool, in :class:`.kernel_args.RemovalStep`'s order."""
        return self.by_row_cls, self.by_row_codes, self.vals, self.ratio, SCALE, self.cls, self.codes

    def rank_counts(self) -> I64:
        """(N, 13): how many cards of each rank (0 the deuce ... 12 the ace) each hand holds."""
        counts = np.zeros((self.cls.shape[0], 13), dtype=np.int64)
        for g, ranks in enumerate(GROUPS):
            code = self.codes[:, g].astype(np.int64)
            for place, rank in enumerate(ranks):
                counts[:, rank] = code // 5 ** place % 5
        return counts

    def holds(self, rank: int) -> npt.NDArray[np.bool_]:
        """Which pool hands hold a card of ``rank`` (0 the deuce ... 12 the ace)."""
        found: npt.NDArray[np.bool_] = self.rank_counts()[:, rank] > 0
        return found


def kernel_step(pool: Pool, step: StepRules) -> RemovalStep:
    """What :func:`.kernels.removal_settings` reads of ``pool`` and ``step``."""
    return RemovalStep(*pool.kernel_args(), *step.kernel_args())


def pool_from(hands: npt.NDArray[np.integer], cls: npt.NDArray[np.integer], meta: Mapping[str, Any],
              nat: npt.NDArray[np.integer] | None = None) -> Pool:
    """The pool of these hands (card indices) and their row classes; ``nat`` (naturals on): the
    hands that are naturals are left out (against them every setting scores the same)."""
    if nat is not None:
        keep = np.asarray(nat) == 0
        hands, cls = hands[keep], cls[keep]
    counts = np.stack([((hands >> 2) == r).sum(axis=1) for r in range(13)], axis=1)
    codes = rank_codes(counts)
    pcls = np.ascontiguousarray(cls, dtype=np.int16)
    order = np.argsort(pcls, axis=0, kind="stable").T  # (3, N): the hands by each row's class
    by_row_cls = np.ascontiguousarray(pcls[order])
    vals = np.ascontiguousarray(np.stack([by_row_cls[r, :, r] for r in range(3)]))
    return Pool(pcls, codes, by_row_cls, np.ascontiguousarray(codes[order]), vals, rank_ratio(), meta)


@cache
def load_pool(name: str = "default") -> Pool:
    """The shipped pool ``name`` (of :data:`POOL_RULES`; :func:`pool_file`)."""
    with np.load(resource_path("solver", pool_file(name))) as z:
        hands = z["hands"].astype(np.int64)
        cls = z["cls"]
        meta = json.loads(str(z["meta"]))
        nat = z["nat"] if "nat" in z.files else None
    return pool_from(hands, cls, meta, nat)


def save_pool(path: str, hands: npt.NDArray[np.integer], settings: npt.NDArray[np.integer],
              cls: npt.NDArray[np.integer], meta: dict[str, Any],
              nat: npt.NDArray[np.integer] | None = None) -> None:
    """Write a pool: the hands (card indices), the settings they were given and their row classes
    (and with naturals on, each hand's natural: 0 none, 1 natural, 2 dragon)."""
    arrays: dict[str, npt.NDArray[Any]] = {
        "hands": np.asarray(hands, dtype=np.uint8), "settings": np.asarray(settings, np.int32),
        "cls": np.asarray(cls, dtype=np.int16), "meta": np.array(json.dumps(meta, sort_keys=True))}
    if nat is not None:
        arrays["nat"] = np.asarray(nat, dtype=np.int8)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def group_factors(counts: I64, ratio: F64) -> F64:
    """``factors[g, code]`` (4, 625): for a player holding ``counts[rank]`` of each rank, the product
    in rank order of the :func:`relative_ratio` factors of a pool hand holding the counts ``code``
    (:func:`rank_codes`) of group ``g``'s ranks (as :func:`.removal_kernels.removal_factors` computes it:
    the same products in the same order). Groups of three ranks fill the first 125 codes."""
    rel = relative_ratio(counts, ratio)
    code = np.arange(625)
    factors = np.zeros((len(GROUPS), 625))
    for g, ranks in enumerate(GROUPS):
        n = 5 ** len(ranks)
        product = rel[ranks[0], code[:n] % 5]
        for place, rank in enumerate(ranks[1:], start=1):
            product = product * rel[rank, code[:n] // 5 ** place % 5]
        factors[g, :n] = product
    return factors


def weights(pool: Pool, counts: I64) -> I64:
    """Every pool hand's weight for a player holding ``counts[rank]`` of each rank, in units of
    1 / :data:`SCALE`: the product of its rank groups' :func:`group_factors`, two by two, rounded
    (as the compiled step computes it for the hands it reads)."""
    f = group_factors(counts, pool.ratio)
    c = pool.codes.astype(np.int64)
    w = (f[0, c[:, 0]] * f[1, c[:, 1]]) * (f[2, c[:, 2]] * f[3, c[:, 3]])
    fixed: I64 = np.floor(w * SCALE + 0.5).astype(np.int64)
    return fixed


def points(step: StepRules, t: int, m: int, b: int, x: I16, y: I16, z: I16) -> I64:
    """:func:`.removal_kernels.removal_points` of rows (t, m, b) against each pool hand's (x, y, z)."""
    won = np.zeros(x.shape, dtype=np.int64)
    lost = np.zeros(x.shape, dtype=np.int64)
    roy = np.zeros(x.shape, dtype=np.int64)
    for r, (a, c) in enumerate(((t, x), (m, y), (b, z))):
        c64 = c.astype(np.int64)
        o = np.where(a > c64, 1, np.where(a < c64, -1, step.tie))
        won += o > 0
        lost += o < 0
        mine, theirs = step.roy[r, a], step.roy[r, c64]
        if step.better_only:
            roy += np.where(o > 0, mine, np.where(o < 0, -theirs, 0))
        else:
            roy += mine - theirs
    out: I64 = step.points[won, lost] + roy
    return out


def natural_anyway(hand: I64) -> bool:
    """Six pairs or a dragon: a natural however the hand is set (:func:`.kernels.natural_anyway`)."""
    counts = np.bincount(hand >> 2, minlength=13)
    return bool((counts > 0).sum() == 13 or (counts // 2).sum() >= 6)


def rerank(hand: I64, rows: SubsetClasses, value: F64, legal: I64, best: int,
           pool: Pool, step: StepRules | None = None, rules: HouseRules | None = None) -> int:
    """``standard``'s setting after the card-removal step (see the module docstring).

    ``hand``: the 13 card indices; ``rows``: the hand's subsets rated, whose ``top``, ``middle``
    and ``bottom`` hold every setting's row classes;
    ``value``: the rating of the ``legal`` settings (in that order); ``best``: ``standard``'s
    choice; ``step``: how the house scores (default: the default rules); ``rules``: whose
    :func:`window` (default: the default rules')."""
    step = step or StepRules.of(HouseRules())
    top, middle, bottom = rows.top, rows.middle, rows.bottom
    delta, k = window(rules or HouseRules())
    floor = value.max() - delta
    near = value >= floor
    s = legal[near]
    v = value[near]
    key = top[s] * (1 << 32) + middle[s] * (1 << 16) + bottom[s]
    _, reps = np.unique(key, return_index=True)  # s ascends: each triple's lowest setting
    reps = reps[np.lexsort((s[reps], -v[reps]))]  # by rating, then setting number
    own = top[best] * (1 << 32) + middle[best] * (1 << 16) + bottom[best]
    reps = reps[key[reps] != own][: k - 1]
    if len(reps) == 0:
        return best
    counts = np.bincount(hand >> 2, minlength=13).astype(np.int64)
    w = weights(pool, counts)
    x, y, z = pool.cls[:, 0], pool.cls[:, 1], pool.cls[:, 2]
    base = points(step, int(top[best]), int(middle[best]), int(bottom[best]), x, y, z)
    chosen = best
    best_gain = 0
    for q in reps:
        c = int(s[q])
        gain = int((w * (points(step, int(top[c]), int(middle[c]), int(bottom[c]), x, y, z) - base)).sum())
        if gain > best_gain:
            best_gain = gain
            chosen = c
    return chosen
