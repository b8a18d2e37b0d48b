"""The card-removal step's compiled kernels (:mod:`.removal`): a candidate setting scored against
the stored pool of opponents, weighted for the player's own cards.

Apart from :mod:`.kernels` (the bots' search) so each file holds one concern; the bots' kernel
:func:`.kernels.removal_setting` calls :func:`removal_choice` here, and the solver's scorer
(:mod:`.scoring`) shares :func:`row_outcome` and :func:`row_royalty_net`.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._jit import jit
from .kernel_args import Candidates, Ranges, RemovalStep, StepScratch

I16 = npt.NDArray[np.int16]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
B = npt.NDArray[np.bool_]

@jit
def row_outcome(a: int, x: int, tie: int) -> int:
    """+1 the row of class ``a`` beats ``x``, -1 it loses, else ``tie`` (+1 ties won, -1 lost, 0 push;
    see :func:`.scoring.tie_mode`)."""
    if a > x:
        return 1
    if a < x:
        return -1
    return tie


@jit
def row_royalty_net(outcome: int, a_roy: int, x_roy: int, better_only: bool) -> int:
    """Royalty points collected minus paid on one row (to the better hand only: the row's winner).
    The step here and the solver's scorer (:mod:`.scoring`) both use these two."""
    if not better_only:
        return a_roy - x_roy
    if outcome > 0:
        return a_roy
    if outcome < 0:
        return -x_roy
    return 0


@jit
def removal_row_points(t: int, m: int, b: int, x: int, y: int, z: int, step: RemovalStep) -> int:
    """Points of rows of classes (t, m, b) against (x, y, z) without royalties: +1 a row won, -1 a
    row lost, ``step.majority`` more for two rows or more and ``step.scoop`` more for three
    (``settlement.row_points``), ties by ``step.tie`` (see :func:`row_outcome`). Small and without
    branches on the classes, so that it is inlined in the step's loop (else the step is about 2.5
    times slower)."""
    tie = step.tie
    won = int(np.int64(t > x) + np.int64(m > y) + np.int64(b > z))
    lost = int(np.int64(t < x) + np.int64(m < y) + np.int64(b < z))
    if tie != 0:
        tied = int(np.int64(t == x) + np.int64(m == y) + np.int64(b == z))
        if tie > 0:
            won += tied
        else:
            lost += tied
    return row_points(won, lost, step.majority, step.scoop)


@jit
def row_points(won: int, lost: int, majority: int, scoop: int) -> int:
    """The points of ``won`` rows won and ``lost`` lost (``settlement.row_points``): +1 a row,
    ``majority`` more for two or more and ``scoop`` more for three."""
    return int(won - lost + majority * (np.int64(won >= 2) - np.int64(lost >= 2))
               + scoop * (np.int64(won == 3) - np.int64(lost == 3)))


@jit
def removal_royalties(t: int, m: int, b: int, x: int, y: int, z: int, step: RemovalStep) -> int:
    """The royalties of rows (t, m, b) against (x, y, z): ``step.roy[row, class]`` collected minus
    paid."""
    tie, roy, better_only = step.tie, step.roy, step.better_only
    return (row_royalty_net(row_outcome(t, x, tie), roy[0, t], roy[0, x], better_only)
            + row_royalty_net(row_outcome(m, y, tie), roy[1, m], roy[1, y], better_only)
            + row_royalty_net(row_outcome(b, z, tie), roy[2, b], roy[2, z], better_only))


@jit
def removal_points(t: int, m: int, b: int, x: int, y: int, z: int, step: RemovalStep, royalties: bool) -> int:
    """Points of rows of classes (t, m, b) against (x, y, z) as the house scores two legal hands
    without a natural: :func:`removal_row_points`, and with ``royalties``
    :func:`removal_royalties`."""
    p = removal_row_points(t, m, b, x, y, z, step)
    if royalties:
        p += removal_royalties(t, m, b, x, y, z, step)
    return p


@jit
def removal_factors(hand: I64, ratio: F64, factors: F64) -> None:
    """The weight factors of the rank groups of :data:`.removal.GROUPS` for a player holding
    ``hand``: ``factors[g, code]`` the product, in rank order, of ``ratio[h, a] / ratio[h, 0]``
    (``h`` the player's count of a rank, ``a`` a pool hand's) over group ``g``'s ranks, ``code`` the
    pool hand's counts of them in base 5, lowest rank first (:func:`.removal.group_factors` is its
    twin)."""
    counts = np.zeros(13, dtype=np.int64)
    for q in range(13):
        counts[hand[q] >> 2] += 1
    rel = np.empty((5, 5))  # rel[h, a]: for a rank the player holds h of
    for h in range(5):
        for a in range(5):
            rel[h, a] = ratio[h, a] / ratio[h, 0]
    # each product in rank order, ((r0 r1) r2) r3, as a loop nest whose outer loops hold the
    # partial products (the same numbers as multiplying each entry out: no index arithmetic)
    for g in range(3):
        h0 = counts[3 * g]
        h1 = counts[3 * g + 1]
        h2 = counts[3 * g + 2]
        for a0 in range(5):
            for a1 in range(5):
                p01 = rel[h0, a0] * rel[h1, a1]
                for a2 in range(5):
                    factors[g, a0 + 5 * a1 + 25 * a2] = p01 * rel[h2, a2]
    h0 = counts[9]
    h1 = counts[10]
    h2 = counts[11]
    h3 = counts[12]
    for a0 in range(5):
        for a1 in range(5):
            p01 = rel[h0, a0] * rel[h1, a1]
            for a2 in range(5):
                p012 = p01 * rel[h2, a2]
                for a3 in range(5):
                    factors[3, a0 + 5 * a1 + 25 * a2 + 125 * a3] = p012 * rel[h3, a3]


@jit
def removal_weight(factors: F64, code: I16, scale: float) -> int:
    """A pool hand's weight in units of 1 / ``scale``: the product of its four rank groups' factors
    (``code``: its group codes, :func:`removal_factors`), rounded to the nearest unit."""
    w = (factors[0, code[0]] * factors[1, code[1]]) * (factors[2, code[2]] * factors[3, code[3]])
    return int(np.floor(w * scale + 0.5))


@jit
def zone_outcome(a: int, lo: int, hi: int, zone: int, tie: int) -> int:
    """The outcome (as :func:`row_outcome`) of a row of class ``a`` (``lo`` or ``hi``) against a
    class in ``zone`` of (lo, hi) (:func:`row_zone`), compared doubled so that "between" is a class
    of its own."""
    if zone == 0:
        rep = 2 * lo - 1
    elif zone == 1:
        rep = 2 * lo
    elif zone == 2:
        rep = lo + hi
    elif zone == 3:
        rep = 2 * hi
    else:
        rep = 2 * hi + 1
    return row_outcome(2 * a, rep, tie)


@jit
def row_zone(c: int, lo: int, hi: int) -> int:
    """Where class ``c`` lies about ``lo`` <= ``hi``: 0 below lo, 1 at lo, 2 between (at lo when
    lo == hi), 3 at hi, 4 above hi. Without branches, so that the pass over the pool is vectorised."""
    return int(np.int64(c >= lo) + np.int64(c > lo) + np.int64(c >= hi) + np.int64(c > hi))


@jit
def zone_tables(cand: I64, best: I64, lo: I64, hi: I64, step: RemovalStep, better_only: bool,
                scratch: StepScratch) -> None:
    """What the sorted pass of :func:`removal_choice` reads for a candidate of rows ``cand`` against
    ``best`` (rows of equal royalties; ``lo``/``hi`` each row's two classes), by the zones
    (:func:`row_zone`) of a pool hand's three rows, at z0 * 25 + z1 * 5 + z2, into ``scratch``
    (``better_only``: royalties paid to the better hand only; ``step``: the bonuses, tie mode and
    royalties):

    - ``table[r]``: the points it gains on such a hand (:func:`removal_points`, and with royalties to
      the better hand only the player's share of them), 0 for a hand the pass of row ``r`` skips
      (between the two settings' classes on a differing row before ``r``: counted there).
    - ``live[r]``: 1 where the pass of row ``r`` counts the hand, else 0.
    - ``paid[s, z]``: the sign of the pool hand's own row-``s`` royalty in the gain (to the better
      hand only it is paid by whoever loses the row). Otherwise the pool hand's royalties cancel
      out: the two settings' rows earn the same.

    Only what a pass reads is written: not ``table[r]``/``live[r]`` of a row whose two classes are
    equal, nor the odd zones of such a row (no class lies between)."""
    majority, scoop, tie, roy = step.majority, step.scoop, step.tie, step.roy
    table, live, paid = scratch.table, scratch.live, scratch.paid
    oc = np.empty((3, 5), dtype=np.int64)
    ob = np.empty((3, 5), dtype=np.int64)
    for s in range(3):
        for z in range(5):
            oc[s, z] = zone_outcome(cand[s], lo[s], hi[s], z, tie)
            ob[s, z] = zone_outcome(best[s], lo[s], hi[s], z, tie)
            paid[s, z] = np.int64(ob[s, z] < 0) - np.int64(oc[s, z] < 0)
    # on a row where the two settings' classes are equal a class is below, at or above it (zones
    # 0, 2, 4: :func:`row_zone`), so the odd zones are never read; nor is a row's table where the
    # classes are equal (its pass is not made)
    eq0 = lo[0] == hi[0]
    eq1 = lo[1] == hi[1]
    eq2 = lo[2] == hi[2]
    for z0 in range(5):
        if eq0 and z0 % 2 == 1:
            continue
        for z1 in range(5):
            if eq1 and z1 % 2 == 1:
                continue
            for z2 in range(5):
                if eq2 and z2 % 2 == 1:
                    continue
                zs = (z0, z1, z2)
                won_c = lost_c = won_b = lost_b = mine = 0
                for s in range(3):
                    won_c += oc[s, zs[s]] > 0
                    lost_c += oc[s, zs[s]] < 0
                    won_b += ob[s, zs[s]] > 0
                    lost_b += ob[s, zs[s]] < 0
                    if better_only:  # the player's royalty, collected when it wins the row
                        mine += roy[s, cand[s]] * (np.int64(oc[s, zs[s]] > 0) - np.int64(ob[s, zs[s]] > 0))
                d = (row_points(won_c, lost_c, majority, scoop) - row_points(won_b, lost_b, majority, scoop)
                     + mine)
                i = z0 * 25 + z1 * 5 + z2
                in0 = lo[0] < hi[0] and 1 <= z0 <= 3
                in1 = lo[1] < hi[1] and 1 <= z1 <= 3
                for r in range(3):
                    if lo[r] == hi[r]:
                        continue
                    counted = (r >= 1 and in0) or (r == 2 and in1)
                    live[r, i] = 0 if counted else 1
                    table[r, i] = 0 if counted else d


@jit
def zone_pass(step: RemovalStep, scratch: StepScratch, r: int, first: int, last: int, lo: I64, hi: I64,
              better_only: bool) -> int:
    """The weighted gain over pool hands ``first`` to ``last`` of the copy sorted by row ``r``
    (``step.by_row_cls[r]``, and ``scratch.weights[r]`` their weights, :func:`removal_weight`),
    read from :func:`zone_tables`' ``table[r]`` (and with royalties to the better hand only,
    ``better_only``, each hand's own royalties through ``live[r]`` and ``paid``). No branch on the
    data."""
    cls_r = step.by_row_cls[r]
    weights_r = scratch.weights[r]
    table_r = scratch.table[r]
    live_r = scratch.live[r]
    paid = scratch.paid
    roy = step.roy
    gain = 0
    for x in range(first, last):
        x0 = cls_r[x, 0]
        y0 = cls_r[x, 1]
        z0 = cls_r[x, 2]
        a = row_zone(x0, lo[0], hi[0])
        b = row_zone(y0, lo[1], hi[1])
        c = row_zone(z0, lo[2], hi[2])
        i = a * 25 + b * 5 + c
        d = table_r[i]
        if better_only:
            d += live_r[i] * (paid[0, a] * roy[0, x0] + paid[1, b] * roy[1, y0] + paid[2, c] * roy[2, z0])
        gain += weights_r[x] * d
    return gain


@jit
def sorted_pass(step: RemovalStep, scratch: StepScratch, r: int, first: int, last: int, lo: I64,
                hi: I64) -> int:
    """:func:`zone_pass` without royalties to the better hand only: on the copy sorted by row ``r``
    (``step.vals[r]`` its classes) the hands ``first`` to ``last`` lie at ``lo[r]``, between, then at
    ``hi[r]`` (zones 1, 2, 3, ``lo[r] < hi[r]``), so only the other two rows' zones are worked out
    hand by hand. The same sum."""
    cls_r = step.by_row_cls[r]
    weights_r = scratch.weights[r]
    vals_r = step.vals[r]
    table_r = scratch.table[r]
    p = 1 if r == 0 else 0  # the other two rows, and each row's place in a zone index
    q = 1 if r == 2 else 2
    sp = 25 if p == 0 else 5
    sq = 5 if q == 1 else 1
    sr = 25 if r == 0 else (5 if r == 1 else 1)
    at_lo_end = first + np.searchsorted(vals_r[first:last], lo[r], side="right")
    at_hi = first + np.searchsorted(vals_r[first:last], hi[r], side="left")
    lp = lo[p]
    hp = hi[p]
    lq = lo[q]
    hq = hi[q]
    gain = 0
    for zone in range(1, 4):
        start = first if zone == 1 else (at_lo_end if zone == 2 else at_hi)
        end = at_lo_end if zone == 1 else (at_hi if zone == 2 else last)
        base = sr * zone
        for x in range(start, end):
            i = base + sp * row_zone(cls_r[x, p], lp, hp) + sq * row_zone(cls_r[x, q], lq, hq)
            gain += weights_r[x] * table_r[i]
    return gain


@jit
def removal_choice(hand: I64, best: int, rows: tuple[int, int, int], kept: Candidates, nk: int,
                   step: RemovalStep, scratch: StepScratch) -> int:
    """The card-removal step (:mod:`.removal`, whose NumPy twin it matches): the first ``nk`` kept
    candidate of largest positive weighted gain over ``best`` (row classes ``rows``: top, middle,
    bottom) against the pool of ``step``, else ``best``.

    When a candidate's rows earn the same royalties as ``best``'s, only pool hands with a row class
    between the two settings' can score differently, so the comparison reads just those, from the
    pool's copy sorted by that row (``by_row_*[row]``, ``vals[row]`` its classes), in order; a hand
    between on two rows is counted at the first (:func:`zone_tables`, :func:`zone_pass`, and
    without royalties to the better hand only :func:`sorted_pass`).
    Otherwise the royalty differs against every pool hand: it reads them all (``cls``/``codes``).

    Every such range of a row holds the pool hands of ``best``'s own class on that row, so the
    ranges of all candidates make one range a row: its hands' weights are worked out once
    (:func:`range_weights`), not once for each candidate that reads them (about 2.5 times as often).
    ``scratch``: :class:`.kernel_args.StepScratch`."""
    bt, bm, bb = rows
    top_s, top_c = kept.setting, kept.classes
    cls, codes, scale = step.cls, step.codes, step.scale
    factors = scratch.factors
    removal_factors(hand, step.ratio, factors)
    own = np.empty(3, dtype=np.int64)
    own[0] = bt
    own[1] = bm
    own[2] = bb
    ranges = Ranges(np.empty(nk, dtype=np.int64),  # the candidates played off, in order
                    np.zeros(nk, dtype=np.bool_),  # ... whose royalties differ: read the whole pool
                    np.zeros((nk, 3), dtype=np.int64), np.zeros((nk, 3), dtype=np.int64))
    played, whole, first, last = ranges
    n_played = candidate_ranges(own, nk, kept, step, ranges)
    range_weights(n_played, ranges, step, scratch)
    cand = np.empty(3, dtype=np.int64)
    lo = np.empty(3, dtype=np.int64)
    hi = np.empty(3, dtype=np.int64)
    roy_better = step.royalties and step.better_only
    chosen = best
    best_gain = 0
    for i in range(n_played):
        q = played[i]
        t = top_c[q, 0]
        m = top_c[q, 1]
        b = top_c[q, 2]
        gain = 0
        if whole[i]:
            for x in range(cls.shape[0]):
                x0 = cls[x, 0]
                y0 = cls[x, 1]
                z0 = cls[x, 2]
                d = (removal_points(t, m, b, x0, y0, z0, step, True)
                     - removal_points(bt, bm, bb, x0, y0, z0, step, True))
                gain += removal_weight(factors, codes[x], scale) * d
        else:
            cand[0] = t
            cand[1] = m
            cand[2] = b
            for r in range(3):
                lo[r] = min(cand[r], own[r])
                hi[r] = max(cand[r], own[r])
            zone_tables(cand, own, lo, hi, step, roy_better, scratch)
            for r in range(3):
                if first[i, r] >= last[i, r]:
                    continue
                if roy_better:
                    gain += zone_pass(step, scratch, r, first[i, r], last[i, r], lo, hi, roy_better)
                else:
                    gain += sorted_pass(step, scratch, r, first[i, r], last[i, r], lo, hi)
        if gain > best_gain:
            best_gain = gain
            chosen = top_s[q]
    return chosen


@jit
def candidate_ranges(own: I64, nk: int, kept: Candidates, step: RemovalStep, ranges: Ranges) -> int:
    """Which of the ``nk`` kept candidates :func:`removal_choice` plays off against ``best`` (row
    classes ``own``), in order, into ``ranges.played`` (all but ``best``'s own triple, at most the
    list's length less one); for each, ``whole``: its royalties differ (the whole pool counts), else
    the range ``first[i, r]`` to ``last[i, r]`` of the copy sorted by row ``r`` that its pass reads
    (empty where the two settings' classes are equal). Returns how many were played."""
    top_s, top_c = kept.setting, kept.classes
    vals, roy, royalties = step.vals, step.roy, step.royalties
    played, whole, first, last = ranges
    n = 0
    for q in range(nk):
        t = top_c[q, 0]
        m = top_c[q, 1]
        b = top_c[q, 2]
        if t == own[0] and m == own[1] and b == own[2]:
            continue
        if n == top_s.shape[0] - 1:
            break
        played[n] = q
        if royalties and (roy[0, t] != roy[0, own[0]] or roy[1, m] != roy[1, own[1]]
                          or roy[2, b] != roy[2, own[2]]):
            whole[n] = True
        else:
            for r in range(3):
                if top_c[q, r] != own[r]:
                    first[n, r] = np.searchsorted(vals[r], min(top_c[q, r], own[r]), side="left")
                    last[n, r] = np.searchsorted(vals[r], max(top_c[q, r], own[r]), side="right")
        n += 1
    return n


@jit
def range_weights(n: int, ranges: Ranges, step: RemovalStep, scratch: StepScratch) -> None:
    """``scratch.weights[r, x]`` (:func:`removal_weight`) for every pool hand ``x`` of the copy
    sorted by row ``r`` that a pass of :func:`candidate_ranges`' first ``n`` ranges reads: the union
    of a row's ranges, which is one range (each holds ``best``'s own class on that row)."""
    _, whole, first, last = ranges
    by_row_codes, scale = step.by_row_codes, step.scale
    factors, weights = scratch.factors, scratch.weights
    for r in range(3):
        lo = by_row_codes.shape[1]
        hi = 0
        for i in range(n):
            if not whole[i] and first[i, r] < last[i, r]:
                lo = min(lo, first[i, r])
                hi = max(hi, last[i, r])
        for x in range(lo, hi):
            weights[r, x] = removal_weight(factors, by_row_codes[r, x], scale)
