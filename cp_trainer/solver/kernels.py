"""The bots' compiled kernels: one hand (13 card indices) in, one setting number out.

Kept apart from :mod:`.bots` (the documented strategies and their Python interface) so the
solver can call them in batches without Python in the loop.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ._jit import jit
from .kernel_args import (
    BotScratch,
    Candidates,
    HandClasses,
    Rating,
    RemovalStep,
    RowTables,
    Search,
    SearchScratch,
    StepScratch,
)
from .removal_kernels import removal_choice
from .tables import N_SPLITS, sort_hand, subset_classes

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

BOT_GREEDY = 0
BOT_STANDARD = 1
# how far a split's bound (:func:`row_value`) must miss the window before the split is skipped: far
# more than the rounding of the sums compared (values are a few points, their rounding 1e-15) and
# than the tables' own unevenness (adjacent classes' figures step back by at most 1e-15)
BOUND_SLACK = 1e-9
# The search first looks at the bottoms whose loose bound reaches greedy's value plus this many points,
# then, with the best found there, at the rest the loose bound still allows (:func:`standard_setting`).
# Only how fast: the choice is the same for any value. The best setting's value is usually 1 to 2
# points above greedy's, so this first band often holds it and the second is then narrow.
FIRST_BAND = 2.0


@jit
def greedy_setting(hc: HandClasses, tabs: RowTables, low: bool) -> int:
    """Strongest bottom, then strongest middle, then strongest top, among legal settings.

    The strongest 5-card subset can always be the bottom of a legal setting (the best middle of
    the other eight cards is at least as strong as any top they leave), so only bottoms of the
    top class are searched, and no middle can beat them. ``hc.c5mid``: the subsets rated as
    middles (their low classes under the low-middle variant, ``low``, where the strongest middle
    is the best low and only bottom >= top is required).
    """
    c5, c5mid, c3 = hc
    split_mid = tabs.split_mid
    split_top = tabs.split_top
    best_b = c5.max()
    best_m = -1
    best_t = -1
    best = -1
    for b in range(c5.shape[0]):
        if c5[b] != best_b:
            continue
        for j in range(N_SPLITS):
            m = c5mid[split_mid[b, j]]
            t = c3[split_top[b, j]]
            if t > (best_b if low else m):
                continue
            if m > best_m or (m == best_m and t > best_t):
                best_m = m
                best_t = t
                best = b * N_SPLITS + j
    return best


@jit
def expected_points(wt: float, lt: float, wm: float, lm: float, wb: float, lb: float,
                    bonus2: float, bonus3: float) -> float:
    """Expected points of one hand against one opponent from independent per-row win (w) and
    loss (l) probabilities: sum(w - l) + bonus2 * (P(win >= 2) - P(lose >= 2))
    + bonus3 * (P(win 3) - P(lose 3))."""
    w3 = wt * wm * wb
    l3 = lt * lm * lb
    w2 = wt * wm + wt * wb + wm * wb - 2.0 * w3
    l2 = lt * lm + lt * lb + lm * lb - 2.0 * l3
    return (wt - lt) + (wm - lm) + (wb - lb) + bonus2 * (w2 - l2) + bonus3 * (w3 - l3)


@jit
def setting_value(t: int, m: int, b: int, probs: F64, bonus2: float, bonus3: float) -> float:
    """Expected points of rows of classes (t, m, b). ``probs[class]`` holds the win and loss
    probability of the top, middle, bottom (6 columns), then the royalty (or expected royalty) of
    each row (3 columns): one class's figures side by side, so a lookup touches one cache line.

    A mixture table (:func:`.winprob.kernel_probs`: more than 9 columns) rates the bonuses kind by
    kind instead: :func:`mixture_value`."""
    if probs.shape[1] > 9:
        return mixture_value(t, m, b, probs, bonus2, bonus3)
    value: float = expected_points(probs[t, 0], probs[t, 1], probs[m, 2], probs[m, 3], probs[b, 4],
                                   probs[b, 5], bonus2, bonus3)
    return value + float(probs[t, 6] + probs[m, 7] + probs[b, 8])


@jit
def mixture_value(t: int, m: int, b: int, probs: F64, bonus2: float, bonus3: float) -> float:
    """:func:`setting_value` from a mixture table (:func:`.winprob.kernel_probs`) of ``K`` kinds of
    opponent: the rows won minus lost from the first six columns (the one-row figures), then for
    each kind ``k`` the majority and scoop bonuses as :func:`expected_points` counts them, rows
    independent within the kind, times its share. A row's figures by kind lie side by side (the
    top's win and loss against kind k at columns 9 + 2k and 10 + 2k, the middle's 2K further on,
    the bottom's 4K further), so each row's lookup reads a few cache lines; the shares are in the
    table's last row at the top's columns. Each kind's figures rise with every row's class, so the
    sum does too (the branch and bound of :func:`standard_setting` holds).

    For a given bottom the bonus terms are linear in the products and sums of the top's and the
    middle's figures (:func:`kind_coefficients`), so a search that rates many settings of one
    bottom works them out once (:func:`bottom_coefficients`, :func:`mixture_rest`); this function
    does the same operations in the same order, so both give the same number to the last bit."""
    value: float = (probs[t, 0] - probs[t, 1]) + (probs[m, 2] - probs[m, 3]) + (probs[b, 4] - probs[b, 5])
    last = probs.shape[0] - 1
    kinds = (probs.shape[1] - 9) // 6
    for k in range(kinds):
        ct = 9 + 2 * k
        cm = ct + 2 * kinds
        cb = cm + 2 * kinds
        share = probs[last, ct]
        c0, c1 = kind_coefficients(probs[b, cb], share, bonus2, bonus3)
        c2, c3 = kind_coefficients(probs[b, cb + 1], share, bonus2, bonus3)
        value += kind_terms(probs[t, ct], probs[m, cm], probs[t, ct + 1], probs[m, cm + 1], c0, c1, c2, c3)
    return value + float((probs[t, 6] + probs[m, 7]) + probs[b, 8])


@jit
def kind_coefficients(x: float, share: float, bonus2: float, bonus3: float) -> tuple[float, float]:
    """Against one kind (of ``share``), with the bottom winning (or losing) with probability
    ``x``: the weights of p_t * p_m and of p_t + p_m (the top's and the middle's probabilities of
    the same outcome) in the bonus terms of :func:`expected_points`, since
    P(>= 2 of 3) = p_t p_m (1 - 2x) + x (p_t + p_m) and P(3 of 3) = p_t p_m x."""
    return share * (bonus2 + (bonus3 - 2.0 * bonus2) * x), share * (bonus2 * x)


@jit
def kind_terms(wt: float, wm: float, lt: float, lm: float, c0: float, c1: float, c2: float,
               c3: float) -> float:
    """One kind's share of the bonus terms, from the top's and middle's win (w) and loss (l)
    probabilities against it and :func:`kind_coefficients` of its bottom's win (c0, c1) and loss
    (c2, c3)."""
    return (c0 * (wt * wm) + c1 * (wt + wm)) - (c2 * (lt * lm) + c3 * (lt + lm))


@jit
def bottom_coefficients(b: int, probs: F64, bonus2: float, bonus3: float, coef: F64) -> None:
    """``coef[k]``: kind ``k``'s :func:`kind_coefficients` of a bottom of class ``b`` (win, then
    loss), for :func:`mixture_rest`; ``coef`` of shape (K, 4) or more rows."""
    last = probs.shape[0] - 1
    kinds = (probs.shape[1] - 9) // 6
    for k in range(kinds):
        ct = 9 + 2 * k
        cb = ct + 4 * kinds
        share = probs[last, ct]
        coef[k, 0], coef[k, 1] = kind_coefficients(probs[b, cb], share, bonus2, bonus3)
        coef[k, 2], coef[k, 3] = kind_coefficients(probs[b, cb + 1], share, bonus2, bonus3)


@jit
def mixture_rest(t: int, m: int, b: int, probs: F64, coef: F64) -> float:
    """:func:`mixture_value` of (t, m, b) with ``coef`` the bottom's :func:`bottom_coefficients`:
    the same number, with a third of the work."""
    value: float = (probs[t, 0] - probs[t, 1]) + (probs[m, 2] - probs[m, 3]) + (probs[b, 4] - probs[b, 5])
    kinds = (probs.shape[1] - 9) // 6
    for k in range(kinds):
        ct = 9 + 2 * k
        cm = ct + 2 * kinds
        value += kind_terms(probs[t, ct], probs[m, cm], probs[t, ct + 1], probs[m, cm + 1], coef[k, 0],
                            coef[k, 1], coef[k, 2], coef[k, 3])
    return value + float((probs[t, 6] + probs[m, 7]) + probs[b, 8])


@jit
def row_value(c: int, row: int, probs: F64) -> float:
    """The part of :func:`setting_value` that a row of class ``c`` (``row`` 0 the top, 1 the
    middle) adds alone: won minus lost, and its royalty. The rest, the majority and scoop bonuses,
    rises with every row's class, so for one bottom a setting's value is at most its top's and
    middle's ``row_value`` plus what the rest is with the strongest legal top and middle
    (:func:`standard_setting` skips a split whose bound misses the window by more than
    :data:`BOUND_SLACK`: no choice changes)."""
    value: float = (probs[c, 2 * row] - probs[c, 2 * row + 1]) + probs[c, 6 + row]
    return value


@jit
def copy_candidate(kept: Candidates, dst: int, src: int) -> None:
    """Entry ``src`` of the candidate list copied over entry ``dst``."""
    top_v, top_s, top_c = kept.value, kept.setting, kept.classes
    top_v[dst] = top_v[src]
    top_s[dst] = top_s[src]
    top_c[dst, 0] = top_c[src, 0]
    top_c[dst, 1] = top_c[src, 1]
    top_c[dst, 2] = top_c[src, 2]


@jit
def keep_candidate(kept: Candidates, nk: int, v: float, s: int, t: int, m: int, b: int) -> int:
    """Keep setting ``s`` (rows of classes t, m, b, rated ``v``) in the list of the best distinct
    class triples, ordered by rating then setting number, each triple by its lowest setting
    (``kept``, ``nk`` of them so far, at most its length); the new count."""
    top_v, top_s, top_c = kept.value, kept.setting, kept.classes
    k = top_v.shape[0]
    for q in range(nk):
        if top_c[q, 0] == t and top_c[q, 1] == m and top_c[q, 2] == b:
            if s >= top_s[q]:
                return nk
            for r in range(q, nk - 1):  # the same triple by a lower setting: out, then in again
                copy_candidate(kept, r, r + 1)
            nk -= 1
            break
    if nk == k and (v < top_v[k - 1] or (v == top_v[k - 1] and s > top_s[k - 1])):
        return nk
    q = nk if nk < k else k - 1
    if nk < k:
        nk += 1
    while q > 0 and (top_v[q - 1] < v or (top_v[q - 1] == v and top_s[q - 1] > s)):
        copy_candidate(kept, q, q - 1)
        q -= 1
    top_v[q] = v
    top_s[q] = s
    top_c[q, 0] = t
    top_c[q, 1] = m
    top_c[q, 2] = b
    return nk


@jit
def loose_threshold(floor: float, top_max: int, mid_max: int, top_class: int, rating: Rating,
                    low: bool) -> int:
    """The weakest bottom class whose loose bound (:func:`standard_setting`) reaches ``floor``
    (``top_class`` when none below it does): the bound rises with the class."""
    probs, bonus2, bonus3 = rating.probs, rating.bonus2, rating.bonus3
    lo = 0
    hi = top_class
    while lo < hi:
        mid = (lo + hi) // 2
        loose = setting_value(min(top_max, mid), mid_max if low else mid, mid, probs, bonus2, bonus3)
        if loose >= floor:
            hi = mid
        else:
            lo = mid + 1
    return lo


@jit
def bottom_bounds(hc: HandClasses, tabs: RowTables, rating: Rating, low: bool, floor: float, lo_c: int,
                  hi_c: int, scratch: SearchScratch) -> int:
    """The bottoms of class ``lo_c`` to ``hi_c`` (excluded) whose bound over the other eight cards
    reaches ``floor``, into ``scratch.cand`` with minus that bound (``bound``) and its
    :func:`row_value` rest (``rest``); how many."""
    c5, c5mid, c3 = hc
    split_mid = tabs.split_mid
    split_top = tabs.split_top
    probs, bonus2, bonus3 = rating.probs, rating.bonus2, rating.bonus3
    cand, bound, rest = scratch.cand, scratch.bound, scratch.rest
    n = 0
    for b in range(c5.shape[0]):
        cb = c5[b]
        if cb < lo_c or cb >= hi_c:
            continue
        m8 = -1
        t8 = -1
        for j in range(N_SPLITS):
            m = c5mid[split_mid[b, j]]
            t = c3[split_top[b, j]]
            if (low or m <= cb) and m > m8:
                m8 = m
            if t > t8 and (not low or t <= cb):
                t8 = t
        if m8 < 0 or t8 < 0:
            continue
        tb = t8 if low else min(t8, m8)
        v = setting_value(tb, m8, cb, probs, bonus2, bonus3)
        if v >= floor:
            cand[n] = b
            bound[n] = -v
            rest[n] = v - (row_value(tb, 0, probs) + row_value(m8, 1, probs))
            n += 1
    return n


@jit
def open_bottoms(n: int, scratch: SearchScratch, hc: HandClasses, tabs: RowTables, rating: Rating, low: bool,
                 kept: Candidates, found: Search) -> Search:
    """Rate the settings of :func:`bottom_bounds`' ``n`` bottoms, strongest bound first, while a bound
    reaches the window (``kept.delta`` below the best), keeping candidates in ``kept`` when it has
    room for any; where the search stands after them."""
    c5, c5mid, c3 = hc
    split_mid = tabs.split_mid
    split_top = tabs.split_top
    probs, bonus2, bonus3 = rating.probs, rating.bonus2, rating.bonus3
    cand, bound, rest, coef = scratch
    delta = kept.delta
    keep = kept.value.shape[0] > 0
    mixture = probs.shape[1] > 9
    best, best_v, greedy, nk = found
    order = np.argsort(bound[:n])
    for q in order:
        if -bound[q] < best_v - delta:
            break
        b = cand[q]
        cb = c5[b]
        if mixture:
            bottom_coefficients(cb, probs, bonus2, bonus3, coef)
        for j in range(N_SPLITS):
            m = c5mid[split_mid[b, j]]
            t = c3[split_top[b, j]]
            if (t > cb) if low else (m > cb or t > m):
                continue
            if row_value(t, 0, probs) + row_value(m, 1, probs) + rest[q] < best_v - delta - BOUND_SLACK:
                continue  # its bound (:func:`row_value`) cannot reach the window
            if mixture:
                v = mixture_rest(t, m, cb, probs, coef)
            else:
                v = setting_value(t, m, cb, probs, bonus2, bonus3)
            s = b * N_SPLITS + j
            if v > best_v or (v == best_v and best != greedy and s < best):
                best_v = v
                best = s
            if keep and v >= best_v - delta:
                nk = keep_candidate(kept, nk, v, s, t, m, cb)
    return Search(best, best_v, greedy, nk)


@jit
def standard_setting(hc: HandClasses, tabs: RowTables, rating: Rating, low: bool,
                     kept: Candidates) -> tuple[int, int]:
    """The legal setting of highest :func:`setting_value`, by branch and bound, and how many
    candidates it kept: with ``kept`` of length K > 0, the K best distinct row-class triples
    rated at least the best minus ``kept.delta`` (:func:`keep_candidate`; the card-removal step,
    :mod:`.removal`, plays them off). ``delta`` 0 and K 0: the setting alone.

    The value rises with every row's class, so a bottom of class b bounds its settings by the
    value of (top <= min(best top, b), middle b, bottom b), and more tightly, once the other eight
    cards are looked at, by (best top of the eight, best middle of the eight, b). Bottoms are
    opened in order of that bound, strongest first, until the bound cannot reach the best found.
    That is done twice: first for the bottoms whose loose bound reaches greedy's value plus
    :data:`FIRST_BAND`, then for the weaker ones the best found so far leaves in play, so the
    tighter bound (a pass over the bottom's 56 splits) is worked out for fewer bottoms; a
    setting within the window has a bottom in one band or the other, so the result is the same.
    Within an opened bottom, a split whose top and middle (:func:`row_value`) plus the rest of the
    bottom's bound cannot reach the window is skipped before it is rated.

    Among settings of exactly the best value it returns greedy's own when that is one of them,
    else the lowest setting number (so :mod:`.single` can find the same one in NumPy).
    """
    c5, c5mid, c3 = hc
    split_mid = tabs.split_mid
    split_top = tabs.split_top
    probs = rating.probs
    delta = kept.delta
    best = greedy_setting(hc, tabs, low)
    b0, j0 = divmod(best, N_SPLITS)
    best_v = setting_value(c3[split_top[b0, j0]], c5mid[split_mid[b0, j0]], c5[b0], probs, rating.bonus2,
                           rating.bonus3)
    found = Search(best, best_v, best, 0)
    top_max = c3.max()
    mid_max = c5mid.max()
    n_b = c5.shape[0]
    mixture = probs.shape[1] > 9
    scratch = SearchScratch(np.empty(n_b, dtype=np.int64), np.empty(n_b, dtype=np.float64),
                            np.empty(n_b, dtype=np.float64),
                            np.empty(((probs.shape[1] - 9) // 6 if mixture else 0, 4)))
    top_class = int(c5.max()) + 1
    cut = loose_threshold(best_v + FIRST_BAND - delta, top_max, mid_max, top_class, rating, low)
    for stage in range(2):
        if stage == 0:
            lo_c = cut
            hi_c = top_class
        else:
            lo_c = loose_threshold(found.value - delta, top_max, mid_max, top_class, rating, low)
            hi_c = cut
        if lo_c >= hi_c:
            continue
        n = bottom_bounds(hc, tabs, rating, low, found.value - delta, lo_c, hi_c, scratch)
        found = open_bottoms(n, scratch, hc, tabs, rating, low, kept, found)
    best, best_v, _, nk = found
    while nk > 0 and kept.value[nk - 1] < best_v - delta:  # kept before the best rose
        nk -= 1
    return best, nk


@jit
def natural_anyway(hand: I64) -> bool:
    """Six pairs or a dragon: a natural however the hand is set."""
    counts = np.zeros(13, dtype=np.int64)
    for q in range(13):
        counts[hand[q] >> 2] += 1
    distinct = 0
    pairs = 0
    for r in range(13):
        if counts[r] > 0:
            distinct += 1
        pairs += counts[r] // 2
    return distinct == 13 or pairs >= 6


@jit
def natural_setting(hand: I64, c5: I16, tabs: RowTables) -> int:
    """A setting holding three flushes or three straights (legal order preferred), or -1.

    Only bottoms that are straights or flushes are looked at, so this is cheap. (Six pairs and
    the dragon are naturals however the hand is set.)"""
    categories = tabs.categories
    split_mid = tabs.split_mid
    split_top = tabs.split_top
    comb3 = tabs.comb3
    found = -1
    for b in range(c5.shape[0]):
        cb = categories[c5[b]]
        if cb < 4 or cb == 6 or cb == 7:
            continue
        for j in range(N_SPLITS):
            m = c5[split_mid[b, j]]
            cm = categories[m]
            tc = comb3[split_top[b, j]]
            x = hand[tc[0]]
            y = hand[tc[1]]
            z = hand[tc[2]]
            natural = False
            if (cb == 5 or cb == 8) and (cm == 5 or cm == 8):
                natural = (x & 3) == (y & 3) and (y & 3) == (z & 3)
            if not natural and (cb == 4 or cb == 8) and (cm == 4 or cm == 8):
                rx = x >> 2
                ry = y >> 2
                rz = z >> 2
                lo = min(rx, ry, rz)
                hi = max(rx, ry, rz)
                distinct = rx != ry and ry != rz and rx != rz
                natural = distinct and (hi - lo == 2 or (lo == 0 and hi == 12 and rx + ry + rz == 13))
            if natural:
                if m <= c5[b]:
                    return b * N_SPLITS + j
                found = b * N_SPLITS + j
    return found


@jit
def bot_setting(hand: I64, kind: int, tabs: RowTables, low: bool, rating: Rating, scratch: BotScratch,
                kept: Candidates) -> int:
    """One hand set by a bot (the setting refers to the hand sorted highest first).

    ``rating.natural_value`` >= 0 (naturals on, standard bot): what a natural
    is worth; the bot sets three flushes or three straights when that is worth more than its
    best ordinary setting. ``scratch``: where the hand's subsets are rated; ``kept``: empty
    candidate lists (the setting alone), made once by the caller."""
    hand = sort_hand(hand)
    c5, c5low, c3 = scratch
    subset_classes(hand, tabs.nf5, tabs.fl5, tabs.t3, c5, c3)
    c5mid = c5
    if low:
        subset_classes(hand, tabs.nf5_low, tabs.fl5_low, tabs.t3, c5low, c3)
        c5mid = c5low
    hc = HandClasses(c5, c5mid, c3)
    if kind == BOT_GREEDY:
        return greedy_setting(hc, tabs, low)
    best, _ = standard_setting(hc, tabs, rating, low, kept)
    natural_value = rating.natural_value
    if natural_value >= 0:
        nat = natural_setting(hand, c5, tabs)
        if nat >= 0:
            b, j = divmod(best, N_SPLITS)
            if natural_value > setting_value(c3[tabs.split_top[b, j]], c5mid[tabs.split_mid[b, j]], c5[b],
                                             rating.probs, rating.bonus2, rating.bonus3):
                return nat
    return best


@jit
def bot_scratch() -> BotScratch:
    """Fresh :class:`.kernel_args.BotScratch`."""
    return BotScratch(np.empty(1287, dtype=np.int16), np.empty(1287, dtype=np.int16),
                      np.empty(286, dtype=np.int16))


@jit
def bot_settings(hands: I64, kind: int, tabs: RowTables, low: bool, rating: Rating, out: I64) -> None:
    """Set every hand of ``hands`` (M, 13) with a compiled bot."""
    scratch = bot_scratch()
    kept = Candidates(0.0, np.empty(0), np.empty(0, dtype=np.int64), np.empty((0, 3), dtype=np.int64))
    for i in range(hands.shape[0]):
        out[i] = bot_setting(hands[i], kind, tabs, low, rating, scratch, kept)


@jit
def removal_setting(hand: I64, tabs: RowTables, low: bool, rating: Rating, kept: Candidates,
                    scratch: BotScratch, step: RemovalStep, step_scratch: StepScratch) -> int:
    """One hand set by ``standard`` with its card-removal step (:mod:`.removal`). With naturals on
    (``rating.natural_value`` >= 0) a natural it declares (as :func:`bot_setting`) or a hand that is
    one however set (six pairs, a dragon) takes no step. ``kept`` holds K candidates; ``scratch``
    and ``step_scratch`` the subsets' and the step's (:func:`removal_choice`) buffers."""
    hand = sort_hand(hand)
    c5, c5low, c3 = scratch
    subset_classes(hand, tabs.nf5, tabs.fl5, tabs.t3, c5, c3)
    c5mid = c5
    if low:
        subset_classes(hand, tabs.nf5_low, tabs.fl5_low, tabs.t3, c5low, c3)
        c5mid = c5low
        best, nk = standard_setting(HandClasses(c5, c5low, c3), tabs, rating, True, kept)
    else:  # the constant lets Numba drop the low-middle branches of the search (twice as fast)
        best, nk = standard_setting(HandClasses(c5, c5, c3), tabs, rating, False, kept)
    b, j = divmod(best, N_SPLITS)
    split_mid = tabs.split_mid
    split_top = tabs.split_top
    natural_value = rating.natural_value
    if natural_value >= 0:
        nat = natural_setting(hand, c5, tabs)
        if nat >= 0 and natural_value > setting_value(c3[split_top[b, j]], c5mid[split_mid[b, j]], c5[b],
                                                      rating.probs, rating.bonus2, rating.bonus3):
            return nat
        if natural_anyway(hand):
            return best
    if nk < 2:  # nothing rated near the choice
        return best
    return removal_choice(hand, best, (c3[split_top[b, j]], c5mid[split_mid[b, j]], c5[b]), kept, nk, step,
                          step_scratch)


@jit
def removal_settings(hands: I64, tabs: RowTables, low: bool, rating: Rating, delta: float, k: int,
                     step: RemovalStep, out: I64) -> None:
    """Set every hand of ``hands`` (M, 13) with ``standard`` and its card-removal step, keeping
    ``k`` candidates within ``delta`` of its best."""
    kept = Candidates(delta, np.empty(k), np.empty(k, dtype=np.int64), np.empty((k, 3), dtype=np.int64))
    scratch = bot_scratch()
    step_scratch = StepScratch(np.empty((4, 625)), np.empty((3, 125), dtype=np.int64),
                               np.empty((3, 125), dtype=np.int64), np.empty((3, 5), dtype=np.int64),
                               np.empty((3, step.cls.shape[0]), dtype=np.int64))
    for i in range(hands.shape[0]):
        out[i] = removal_setting(hands[i], tabs, low, rating, kept, scratch, step, step_scratch)


@jit
def deal_opponents(unseen: I64, uniforms: F64, n_opponents: int, out: I64) -> None:
    """Deal ``n_opponents`` disjoint 13-card hands per sample from ``unseen`` (partial
    Fisher-Yates driven by ``uniforms`` (S, 13 * K)); ``out`` is (S, K, 13)."""
    n = unseen.shape[0]
    deck = np.empty(n, dtype=np.int64)
    for s in range(uniforms.shape[0]):
        for i in range(n):  # not deck[:] = unseen: a slice copy costs ~2 s more to compile
            deck[i] = unseen[i]
        for i in range(13 * n_opponents):
            j = i + int(uniforms[s, i] * (n - i))
            if j >= n:
                j = n - 1
            tmp = deck[i]
            deck[i] = deck[j]
            deck[j] = tmp
            out[s, i // 13, i % 13] = deck[i]
