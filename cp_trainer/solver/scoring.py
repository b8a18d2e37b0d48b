"""Pair scoring under :class:`~cp_trainer.rules.house_rules.HouseRules`, vectorised for the solver.

It follows :func:`cp_trainer.rules.settlement.settle_pair` exactly (the tests compare the two on many
random hands and rules): naturals first, then fouls (a fouled hand loses as if scooped and pays
the legal hand's royalties; two fouled hands settle 0), then row against row with the system's
bonus, ties pushing or going to the bank seat, and royalties on top (to the better hand only if
the rules say so). Surrender is a decision, not a setting of rows, so it is not scored here.

A hand is described by :class:`RowData`: three row class ids (:mod:`.tables`), the royalty of
each row (zero when royalties are off or the hand fouled), whether it fouled and its natural rank
(0 none, 1 natural, 2 dragon; 0 when naturals are off).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement, Row
from ..rules.house_rules import HouseRules, RoyaltyTable, TieRule
from ..rules.royalties import row_royalty
from ..rules.settlement import prepare_hand, row_points
from ._jit import jit
from .kernel_args import HandRows, RowRules, Rows, RowTables, Scorer, Tally, row_tables, tally_part
from .parallel import run_ranges
from .removal_kernels import row_outcome, row_royalty_net
from .tables import N_SPLITS, Tables, eval3, eval5, sort_hand

__all__ = ["RowData", "ScoringParams", "arrangement_rows", "score_pair", "setting_rows"]

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class RowData:
    """M hands: ``cls`` (M, 3) top/middle/bottom class ids, ``roy`` (M, 3), ``foul`` (M,),
    ``nat`` (M,)."""

    cls: I16
    roy: I32
    foul: npt.NDArray[np.bool_]
    nat: I8

    def __len__(self) -> int:
        return int(self.cls.shape[0])

    def take(self, index: npt.NDArray[np.int64] | npt.NDArray[np.int32] | list[int]) -> RowData:
        return RowData(self.cls[index], self.roy[index], self.foul[index], self.nat[index])

    def arrays(self, part: slice = slice(None)) -> Rows:
        """The hands ``part`` (all by default) as the kernels read them."""
        return Rows(self.cls[part], self.roy[part], self.foul[part], self.nat[part])


@dataclass(frozen=True)
class ScoringParams:
    """The house rules as the kernels need them."""

    points: I32  # points[won, lost], system bonus included
    scoop: int
    natural_amount: int
    better_only: bool
    royalties: bool
    naturals: bool
    ignore_fouls: bool

    @classmethod
    def of(cls, rules: HouseRules) -> ScoringParams:
        pts = np.zeros((4, 4), dtype=np.int32)
        for won in range(4):
            for lost in range(4 - won):
                pts[won, lost] = row_points(won, lost, rules.system, rules.scoop_bonus)
        return cls(pts, rules.scoop_points, rules.effective_natural_amount,
                   rules.royalties_better_hand_only, rules.royalties, rules.naturals, rules.ignore_fouls)

    def scorer(self) -> Scorer:
        """What the pair scorer (:func:`score_pair`) reads of these."""
        return Scorer(self.points, self.scoop, self.natural_amount, self.better_only)


def tie_mode(rules: HouseRules, seat: int, other: int) -> int:
    """+1: ``seat`` takes tied rows from ``other``; -1: ``other`` does; 0: ties push."""
    if rules.ties is not TieRule.BANK:
        return 0
    if rules.bank == seat:
        return 1
    if rules.bank == other:
        return -1
    return 0


@cache
def royalty_by_class(tab: Tables, table: RoyaltyTable) -> I32:
    """``[row, class]`` royalty (rows top, middle, bottom) for every class id."""
    out = np.zeros((3, tab.n_classes), dtype=np.int32)
    for i, row in enumerate((Row.TOP, Row.MIDDLE, Row.BOTTOM)):
        for c, s in enumerate(tab.class_strength):
            out[i, c] = row_royalty(row, int(s), table)
    return out


# --- kernels -----------------------------------------------------------------------------------


@jit
def score_pair(a: HandRows, b: HandRows, tie: int, scorer: Scorer) -> tuple[int, int, int]:
    """(points for a, bitmask of rows a won, bitmask of rows b won); row bit 0 = top."""
    a_cls, a_roy, a_foul, a_nat = a
    b_cls, b_roy, b_foul, b_nat = b
    points, scoop, nat_amount, better_only = scorer
    if a_nat > 0 or b_nat > 0:
        if a_nat == b_nat:
            return 0, 0, 0
        return (nat_amount if a_nat > b_nat else -nat_amount), 0, 0
    if a_foul and b_foul:
        return 0, 0, 0
    if b_foul:
        return scoop + a_roy[0] + a_roy[1] + a_roy[2], 7, 0
    if a_foul:
        return -(scoop + b_roy[0] + b_roy[1] + b_roy[2]), 0, 7
    won = 0
    lost = 0
    wmask = 0
    lmask = 0
    roy = 0
    for r in range(3):
        if a_cls[r] > b_cls[r] or (a_cls[r] == b_cls[r] and tie > 0):
            won += 1
            wmask |= 1 << r
            roy += a_roy[r]
            if not better_only:
                roy -= b_roy[r]
        elif a_cls[r] < b_cls[r] or tie < 0:
            lost += 1
            lmask |= 1 << r
            roy -= b_roy[r]
            if not better_only:
                roy += a_roy[r]
        elif not better_only:
            roy += a_roy[r] - b_roy[r]
    return points[won, lost] + roy, wmask, lmask


@jit
def _score_candidate(c: int, cands: Rows, opp: Rows, ties: I8, scorer: Scorer, tally: Tally, ref: F64,
                     totals: F64) -> None:
    """Score candidate ``c`` of ``cands`` against S samples of K opponents (``opp`` shaped (S, K, ...))
    and add its per-sample total to ``tally.sums``/``squares``, and its row and scoop counts.

    ``ref`` (S,) holds a reference arrangement's per-sample totals: ``tally.diff_squares`` gathers
    the squared paired differences (for the standard error of a difference). ``totals`` (S,)
    receives the candidate's per-sample totals."""
    c_cls, c_roy, c_foul, c_nat = cands
    o_cls, o_roy, o_foul, o_nat = opp
    points = scorer.points
    better_only = scorer.better_only
    n_s = o_cls.shape[0]
    n_k = o_cls.shape[1]
    wins = np.zeros(3, dtype=np.int64)
    losses = np.zeros(3, dtype=np.int64)
    acc = 0.0
    acc2 = 0.0
    dacc2 = 0.0
    n_scoops = 0
    n_scooped = 0
    special = c_foul[c] or c_nat[c] > 0
    a0 = c_cls[c, 0]
    a1 = c_cls[c, 1]
    a2 = c_cls[c, 2]
    r0 = c_roy[c, 0]
    r1 = c_roy[c, 1]
    r2 = c_roy[c, 2]
    for s in range(n_s):
        total = 0
        for k in range(n_k):
            if special or o_foul[s, k] or o_nat[s, k] > 0:
                p, w, lo = score_pair(HandRows(c_cls[c], c_roy[c], c_foul[c], c_nat[c]),
                                      HandRows(o_cls[s, k], o_roy[s, k], o_foul[s, k], o_nat[s, k]),
                                      ties[k], scorer)
            else:  # the common case, inlined: two legal hands, no natural
                tie = ties[k]
                o0 = row_outcome(a0, o_cls[s, k, 0], tie)
                o1 = row_outcome(a1, o_cls[s, k, 1], tie)
                o2 = row_outcome(a2, o_cls[s, k, 2], tie)
                won = (o0 > 0) + (o1 > 0) + (o2 > 0)
                lost = (o0 < 0) + (o1 < 0) + (o2 < 0)
                p = (points[won, lost] + row_royalty_net(o0, r0, o_roy[s, k, 0], better_only)
                     + row_royalty_net(o1, r1, o_roy[s, k, 1], better_only)
                     + row_royalty_net(o2, r2, o_roy[s, k, 2], better_only))
                w = (o0 > 0) | ((o1 > 0) << 1) | ((o2 > 0) << 2)
                lo = (o0 < 0) | ((o1 < 0) << 1) | ((o2 < 0) << 2)
            total += p
            for r in range(3):
                if w & (1 << r):
                    wins[r] += 1
                elif lo & (1 << r):
                    losses[r] += 1
            if w == 7:
                n_scoops += 1
            elif lo == 7:
                n_scooped += 1
        acc += total
        acc2 += total * total
        dacc2 += (total - ref[s]) ** 2
        totals[s] = total
    tally.sums[c] += acc
    tally.squares[c] += acc2
    tally.diff_squares[c] += dacc2
    for r in range(3):
        tally.row_wins[c, r] += wins[r]
        tally.row_losses[c, r] += losses[r]
    tally.scoops[c] += n_scoops
    tally.scooped[c] += n_scooped


@jit
def _score_block(cands: Rows, opp: Rows, ties: I8, scorer: Scorer, tally: Tally, ref: F64,
                 totals: F64) -> None:
    """Score C candidates against S samples of K opponents (:func:`_score_candidate`, each
    candidate's sums in ``tally``); ``totals`` (S,) receives the last candidate's per-sample totals."""
    for c in range(cands.cls.shape[0]):
        _score_candidate(c, cands, opp, ties, scorer, tally, ref, totals)


@jit
def _score_each(cands: Rows, opp: Rows, ties: I8, scorer: Scorer, tally: Tally, ref: F64,
                totals: F64) -> None:
    """:func:`_score_block`, keeping every candidate's per-sample totals: ``totals`` is (C, S)."""
    for c in range(cands.cls.shape[0]):
        _score_candidate(c, cands, opp, ties, scorer, tally, ref, totals[c])


def score_block(cands: RowData, opp: RowData, ties: I8, params: ScoringParams, tally: Tally, ref: F64,
                totals: F64) -> None:
    """Score C candidates against S samples of K opponents (``opp`` shaped (S, K, ...)) and add
    each candidate's per-sample total to ``tally`` (see :func:`_score_candidate`; ``ref`` (S,) a
    reference's per-sample totals), the candidates split over the processor cores
    (:mod:`.parallel`). ``totals`` (S,) receives the last candidate's per-sample totals."""
    n_c = len(cands)
    work_per_candidate = opp.cls.shape[0] * opp.cls.shape[1]
    least = max(1, 4_000 // max(work_per_candidate, 1))  # below that a thread costs more than it saves
    opp_rows = opp.arrays()
    scorer = params.scorer()

    def work(lo: int, hi: int) -> None:
        out = totals if hi == n_c else np.empty_like(totals)  # the last candidate's totals only
        part = slice(lo, hi)
        _score_block(cands.arrays(part), opp_rows, ties, scorer, tally_part(tally, part), ref, out)

    if n_c == 0:
        return
    run_ranges(work, n_c, least)


def score_each(cands: RowData, opp: RowData, ties: I8, params: ScoringParams, tally: Tally, ref: F64,
               totals: F64) -> None:
    """:func:`score_block`, keeping *every* candidate's per-sample totals: ``totals`` is
    (C, S). The candidates split over the processor cores."""
    n_c = len(cands)
    least = max(1, 4_000 // max(opp.cls.shape[0] * opp.cls.shape[1], 1))
    opp_rows = opp.arrays()
    scorer = params.scorer()

    def work(lo: int, hi: int) -> None:
        part = slice(lo, hi)
        _score_each(cands.arrays(part), opp_rows, ties, scorer, tally_part(tally, part), ref, totals[part])

    if n_c > 0:
        run_ranges(work, n_c, least)


@jit
def natural_rank(hand: npt.NDArray[np.int64], top: npt.NDArray[np.int64], mid_cat: int, bot_cat: int) -> int:
    """Natural of one setting (see :mod:`cp_trainer.rules.naturals`): 2 dragon, 1 other, 0 none.
    ``top`` holds the top's three card indices; categories are :class:`Category` values."""
    counts = np.zeros(13, dtype=np.int64)
    for c in hand:
        counts[c >> 2] += 1
    distinct = 0
    pairs = 0
    for r in range(13):
        if counts[r] > 0:
            distinct += 1
        pairs += counts[r] // 2
    if distinct == 13:
        return 2
    if pairs >= 6:
        return 1
    flushes = (mid_cat == 5 or mid_cat == 8) and (bot_cat == 5 or bot_cat == 8)
    if flushes and (top[0] & 3) == (top[1] & 3) and (top[1] & 3) == (top[2] & 3):
        return 1
    straights = (mid_cat == 4 or mid_cat == 8) and (bot_cat == 4 or bot_cat == 8)
    if straights:
        r0 = top[0] >> 2
        r1 = top[1] >> 2
        r2 = top[2] >> 2
        lo = min(r0, r1, r2)
        hi = max(r0, r1, r2)
        distinct3 = r0 != r1 and r1 != r2 and r0 != r2
        if distinct3 and (hi - lo == 2 or (lo == 0 and hi == 12 and r0 + r1 + r2 == 13)):
            return 1
    return 0


@jit
def rows_of_settings(hands: I64, settings: I64, tabs: RowTables, rules: RowRules, out: Rows) -> None:
    """Row data of hands (M, 13) set as ``settings`` (M,), into ``out``. Under the low-middle variant
    (``rules.low``) the middle's class is its low class, it earns no royalty, and only bottom >= top
    is required."""
    nf5, fl5, t3, nf5_low, fl5_low, categories, comb5, comb3, split_mid, split_top = tabs
    low, roy_table, royalties, naturals, ignore_fouls = rules
    out_cls, out_roy, out_foul, out_nat = out
    top = np.empty(3, dtype=np.int64)
    for i in range(hands.shape[0]):
        h = sort_hand(hands[i])
        b, j = divmod(settings[i], N_SPLITS)
        bc = comb5[b]
        mc = comb5[split_mid[b, j]]
        tc = comb3[split_top[b, j]]
        for q in range(3):
            top[q] = h[tc[q]]
        t = eval3(top[0], top[1], top[2], t3)
        m = eval5(h[mc[0]], h[mc[1]], h[mc[2]], h[mc[3]], h[mc[4]], nf5, fl5)
        bo = eval5(h[bc[0]], h[bc[1]], h[bc[2]], h[bc[3]], h[bc[4]], nf5, fl5)
        ml = m
        if low:
            ml = eval5(h[mc[0]], h[mc[1]], h[mc[2]], h[mc[3]], h[mc[4]], nf5_low, fl5_low)
        out_cls[i, 0] = t
        out_cls[i, 1] = ml
        out_cls[i, 2] = bo
        foul = (not ignore_fouls) and ((t > bo) if low else (m > bo or t > m))
        out_foul[i] = foul
        for r in range(3):
            paid = royalties and not foul and not (low and r == 1)
            out_roy[i, r] = roy_table[r, out_cls[i, r]] if paid else 0
        out_nat[i] = natural_rank(h, top, categories[m], categories[bo]) if naturals else 0


def setting_rows(hands: I64, settings: npt.NDArray[np.integer], tab: Tables, rules: HouseRules) -> RowData:
    """:class:`RowData` of hands (M, 13) card indices set as ``settings`` (M,)."""
    hands = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, 13)
    m = hands.shape[0]
    out = RowData(np.empty((m, 3), np.int16), np.empty((m, 3), np.int32), np.empty(m, np.bool_),
                  np.empty(m, np.int8))
    roy = royalty_by_class(tab, rules.royalty_table) if rules.royalties else np.zeros((3, 1), np.int32)
    row_rules = RowRules(rules.low_middle, roy, rules.royalties, rules.naturals, rules.ignore_fouls)
    rows_of_settings(hands, np.asarray(settings, dtype=np.int64).reshape(-1), row_tables(tab), row_rules,
                     out.arrays())
    return out


def arrangement_rows(arrangements: list[Arrangement], tab: Tables, rules: HouseRules) -> RowData:
    """:class:`RowData` of arbitrary 3/5/5 arrangements (fouled ones too), via the reference
    :func:`~cp_trainer.rules.settlement.prepare_hand`."""
    m = len(arrangements)
    out = RowData(np.zeros((m, 3), np.int16), np.zeros((m, 3), np.int32), np.zeros(m, np.bool_),
                  np.zeros(m, np.int8))
    for i, arr in enumerate(arrangements):
        view = prepare_hand(arr, rules)
        if view.strengths is None:  # wrong row sizes: always a foul, rows never compared
            out.foul[i] = True
            continue
        for r, s in enumerate(view.strengths):
            out.cls[i, r] = tab.low_class_of(s) if rules.low_middle and r == 1 else tab.class_of(s)
        out.roy[i] = view.royalties
        out.foul[i] = view.fouled
        out.nat[i] = view.natural.rank if view.natural is not None else 0
    return out


def pair_points(a: RowData, i: int, b: RowData, j: int, params: ScoringParams, tie: int) -> int:
    """Points hand ``a[i]`` scores against ``b[j]`` (a convenience for tests and reviews)."""
    p, _, _ = score_pair(HandRows(a.cls[i], a.roy[i], bool(a.foul[i]), int(a.nat[i])),
                         HandRows(b.cls[j], b.roy[j], bool(b.foul[j]), int(b.nat[j])), tie, params.scorer())
    return int(p)
