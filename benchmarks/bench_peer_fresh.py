"""``standard`` against the peer on fresh deals: the peer played here, not read from a file.

    .venv/bin/python benchmarks/bench_peer_fresh.py --coefficients PATH     # check, then 20,000 deals
    .venv/bin/python benchmarks/bench_peer_fresh.py                         # says what it needs
    .venv/bin/python benchmarks/bench_peer_fresh.py --coefficients PATH --deals 100000 --seed 7
    .venv/bin/python benchmarks/bench_peer_fresh.py --coefficients PATH --check-deals 20000 --deals 0

The peer of ``bench_peer.py`` (``../shared/benchmarks/``) is Paul Hankin's ``cpoker`` "coef"
strategy (Go, MIT licence, github.com/paulhankin/cpoker). This is an independent Python/Numba
implementation of what that strategy does, written from its published description and checked
against its recorded play; it needs the strategy's trained probabilities, ``coefficients.data``
of that repository (three tables of 7,930 numbers: for each row, the chance that a row of each
rank wins), which this project does not ship: pass its path.

What the strategy does: every 5-card and 3-card hand gets a rank from 0 to 7,929 (the ranks of
the ``poker`` library v2: hand class, then the cards that decide it, 3-card hands ranked among
the 5-card ones as if the missing kickers were the lowest); a setting is legal when the front's
rank is below both 5-card rows' and the two 5-card rows differ in rank, and the lower 5-card row
is the middle; its value is the 2-4 expectation with the rows independent,
``pf + pm + pb - qf - qm - qb + P(win 2 or 3) - P(lose 2 or 3)`` with ``p`` the table's chance
and ``q = 1 - p``. It plays the setting of largest value. Settings are visited in the original's
order (fronts as 3-subsets of the cards in the order given, then the 5-card splits with the
first remaining card in the first 5-card row), skipping one whose three ranks are all at most
those of a setting kept so far (a list of at most 128, pruned as the original prunes it), and a
later setting of equal value replaces the earlier: so ties go the same way. Cards are given in
the shared file's order (rank from the ace down, then clubs, diamonds, hearts, spades).

First the implementation is checked against the shared file's recorded arrangements
(``--check-deals``, default all 20,000 deals: 40,000 hands, about 100 s); any difference stops the
run. Then ``--deals`` fresh deals (NumPy seed ``--seed``) are played duplicate, as ``bench_peer.py``
plays the file: ``standard`` (default rules) sets each hand and plays it against the peer's
setting of the other hand of the deal. Prints the mean with its 95% interval. Asserts nothing.
"""

from __future__ import annotations

import argparse
import csv
import functools
import itertools
import stat
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_peer  # noqa: E402
from numba import njit  # noqa: E402

from cp_trainer.rules.arrangement import Arrangement  # noqa: E402
from cp_trainer.rules.cards import Card, parse_cards  # noqa: E402
from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.bots import settings_for  # noqa: E402
from cp_trainer.solver.enumerate import tables_for  # noqa: E402
from cp_trainer.solver.scoring import arrangement_rows, setting_rows  # noqa: E402

I64 = npt.NDArray[np.int64]
I16 = npt.NDArray[np.int16]
F64 = npt.NDArray[np.float64]

RULES = HouseRules()
N_RANKS = 7930
#: the file is about 214 KB; anything much larger is not it (and /dev/zero never ends)
MAX_COEFFICIENT_BYTES = 1 << 20
#: fresh deals a run may ask for (10 million: about 14 hours of the peer on two cores)
MAX_DEALS = 10_000_000
SUIT_ORDER = "cdhs"


# --- the ranks of the ``poker`` library -------------------------------------------------------------

def _packed_code(kind: int, deciders: list[int]) -> int:
    """The library's unpacked score: the class, then up to five deciding card values, base 16."""
    code = kind
    for value in [*deciders, 0, 0, 0, 0, 0][:5]:
        code = code * 16 + value
    return code


def hand_code(ranks: list[int], flush: bool) -> int:
    """The unpacked score of 3 or 5 cards (values 2..14; ``flush``: five of one suit)."""
    values = sorted(ranks, reverse=True)
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    sizes = [n for _, n in groups]
    distinct = len(counts) == len(values)
    top = 0
    if len(values) == 5 and distinct:
        top = values[0] if values[0] - values[4] == 4 else 5 if values == [14, 5, 4, 3, 2] else 0
    flush = flush and len(values) == 5
    lead = groups[0][0]
    rest = [v for v in values if v != lead]
    if not flush and not top and distinct:
        return _packed_code(0, values)
    if sizes.count(2) == 1 and max(sizes) == 2:
        return _packed_code(1, [lead, *rest])
    if sizes.count(2) == 2:
        high, low = groups[0][0], groups[1][0]
        return _packed_code(2, [high, low, *[v for v in values if v not in (high, low)]])
    if max(sizes) == 3 and 2 not in sizes:
        return _packed_code(3, [lead, *rest])
    if top and not flush:
        return _packed_code(4, [top])
    if flush and not top:
        return _packed_code(5, values)
    if max(sizes) == 3:
        return _packed_code(6, [lead, groups[1][0]])
    if max(sizes) == 4:
        return _packed_code(7, [lead, *rest])
    if top:
        return _packed_code(8, [top])
    return _packed_code(9, [lead])


@functools.cache
def rank_tables() -> tuple[I16, I16]:
    """The packed rank (0..7,929) of every 5-card rank pattern (by base-13 key of its values from
    the highest; row 1 for a flush) and of every 3-card one."""
    patterns5 = list(itertools.combinations_with_replacement(range(14, 1, -1), 5))
    patterns3 = list(itertools.combinations_with_replacement(range(14, 1, -1), 3))
    codes = {hand_code(list(p), False) for p in patterns5 + patterns3}
    codes |= {hand_code(list(p), True) for p in patterns5 if len(set(p)) == 5}
    order = sorted(codes)
    assert len(order) == N_RANKS, len(order)
    packed = {code: i for i, code in enumerate(order)}
    five = np.full((2, 13 ** 5), -1, dtype=np.int16)
    three = np.full(13 ** 3, -1, dtype=np.int16)
    for p in patterns5:
        key = _key(p)
        five[0, key] = packed[hand_code(list(p), False)]
        if len(set(p)) == 5:
            five[1, key] = packed[hand_code(list(p), True)]
    for q in patterns3:
        three[_key(q)] = packed[hand_code(list(q), False)]
    return five, three


def _key(values: tuple[int, ...]) -> int:
    key = 0
    for v in values:
        key = key * 13 + v - 2
    return key


@njit(cache=False)
def _subset_ranks(values: I64, suits: I64, five: I16, three: I16) -> I16:
    """The packed rank of every 3- and 5-card subset of the 13 cards, by bit mask of positions."""
    out = np.full(1 << 13, -1, dtype=np.int16)
    buf = np.empty(5, dtype=np.int64)
    for mask in range(1 << 13):
        n = 0
        suit_bits = 0
        for i in range(13):
            if mask >> i & 1:
                if n < 5:
                    buf[n] = values[i]
                n += 1
                suit_bits |= 1 << suits[i]
        if n != 3 and n != 5:
            continue
        for i in range(1, n):  # insertion sort, highest first
            v = buf[i]
            j = i - 1
            while j >= 0 and buf[j] < v:
                buf[j + 1] = buf[j]
                j -= 1
            buf[j + 1] = v
        key = 0
        for i in range(n):
            key = key * 13 + buf[i] - 2
        if n == 3:
            out[mask] = three[key]
        else:
            out[mask] = five[1 if suit_bits & (suit_bits - 1) == 0 else 0, key]
    return out


# --- the strategy ------------------------------------------------------------------------------------

@njit(cache=False)
def _value(pf: float, pm: float, pb: float) -> float:
    qf, qm, qb = 1 - pf, 1 - pm, 1 - pb
    win2 = pf * pm + pf * pb + pm * pb - 2 * pf * pm * pb
    lose2 = qf * qm + qf * qb + qm * qb - 2 * qf * qm * qb
    return pf + pm + pb - qf - qm - qb + win2 - lose2


@njit(cache=False)
def _split(f0: int, f1: int, f2: int, b1: int, b2: int, b3: int, b4: int) -> tuple[int, int]:
    """The masks of the two 5-card rows: the remaining cards' positions 0, b1+1 .. b4+1 and the rest."""
    first = 0
    other = 0
    seen_front = 0
    taken = 0
    picks = (-1, b1, b2, b3, b4)
    fronts = (f0, f1, f2)
    for i in range(13):
        if seen_front < 3 and fronts[seen_front] == i:
            seen_front += 1
        elif taken < 5 and i == picks[taken] + seen_front + 1:
            first |= 1 << i
            taken += 1
        else:
            other |= 1 << i
    return first, other


@njit(cache=False)
def _dominated(kept: I64, n_kept: int, f: int, lo: int, hi: int) -> tuple[bool, int]:
    """Is (f, lo, hi) at most a kept setting's ranks? Kept settings it beats on every row are
    dropped on the way (the last moved into the gap, which this pass then skips)."""
    i = 0
    while i < n_kept:
        if kept[i, 0] >= f and kept[i, 1] >= lo and kept[i, 2] >= hi:
            return True, n_kept
        if kept[i, 0] <= f and kept[i, 1] <= lo and kept[i, 2] <= hi:
            kept[i, :] = kept[n_kept - 1, :]
            n_kept -= 1
        i += 1
    return False, n_kept


@njit(cache=False)
def play(ranks: I16, wins: F64) -> tuple[int, int, int]:
    """The strategy's setting of 13 cards: masks (front, middle, back) of card positions."""
    kept = np.empty((128, 3), dtype=np.int64)
    n_kept = 0
    best = (0, 0, 0)
    best_value = -9999999.9
    for f2 in range(2, 13):
        for f1 in range(1, f2):
            for f0 in range(f1):
                front = (1 << f0) | (1 << f1) | (1 << f2)
                rf = ranks[front]
                for b4 in range(3, 9):
                    for b3 in range(2, b4):
                        for b2 in range(1, b3):
                            for b1 in range(b2):
                                first, other = _split(f0, f1, f2, b1, b2, b3, b4)
                                r1, r2 = ranks[first], ranks[other]
                                if rf >= r1 or rf >= r2 or r1 == r2:
                                    continue
                                lo, hi = min(r1, r2), max(r1, r2)
                                dominated, n_kept = _dominated(kept, n_kept, rf, lo, hi)
                                if dominated:
                                    continue
                                if n_kept < 128:
                                    kept[n_kept, 0], kept[n_kept, 1], kept[n_kept, 2] = rf, lo, hi
                                    n_kept += 1
                                value = _value(wins[0, rf], wins[1, lo], wins[2, hi])
                                if value >= best_value:
                                    best_value = value
                                    best = (front, first, other) if r1 < r2 else (front, other, first)
    return best


def read_coefficients(path: Path) -> F64:
    """The three tables of ``coefficients.data``: each its length (7930), then its numbers."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise ValueError("not a regular file")
        with path.open("rb") as f:
            data = f.read(MAX_COEFFICIENT_BYTES + 1)
        if len(data) > MAX_COEFFICIENT_BYTES:
            raise ValueError(f"larger than {MAX_COEFFICIENT_BYTES:,} bytes")
        words = data.decode("ascii").split()
        tables = []
        at = 0
        for _ in range(3):
            n = int(words[at])
            if n != N_RANKS:
                raise ValueError(f"a table of {n} numbers, not {N_RANKS}")
            tables.append([float(w) for w in words[at + 1:at + 1 + n]])
            at += 1 + n
        if at != len(words) or any(len(t) != N_RANKS for t in tables):
            raise ValueError("not three tables of 7930 numbers")
    except (OSError, UnicodeDecodeError, ValueError, IndexError) as e:
        raise SystemExit(f"bench_peer_fresh: {path} is not the strategy's coefficients.data ({e})") from None
    return np.array(tables, dtype=np.float64)


class Peer:
    def __init__(self, wins: F64) -> None:
        self.wins = wins
        self.five, self.three = rank_tables()

    def arrangement(self, cards: list[Card]) -> Arrangement:
        values = np.array([c.rank.value for c in cards], dtype=np.int64)
        suits = np.array([SUIT_ORDER.index(c.suit.value) for c in cards], dtype=np.int64)
        masks = play(_subset_ranks(values, suits, self.five, self.three), self.wins)
        rows = [" ".join(str(cards[i]) for i in range(13) if m >> i & 1) for m in masks]
        return Arrangement.parse(" / ".join(rows))


def file_order(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (-c.rank.value, SUIT_ORDER.index(c.suit.value)))


def check(peer: Peer, n_deals: int) -> int:
    """How many of the shared file's first ``n_deals`` deals' arrangements the peer here sets otherwise."""
    differ = 0
    with bench_peer.PEER_FILE.open(encoding="utf-8") as f:
        for k, row in enumerate(csv.DictReader(f, delimiter="\t")):
            if k >= n_deals:
                break
            for side in ("a", "b"):
                got = peer.arrangement(parse_cards(row[f"hand_{side}"]))
                want = Arrangement.parse(row[f"peer_{side}"])
                rows_got = [frozenset(r) for r in (got.top, got.middle, got.bottom)]
                if rows_got != [frozenset(r) for r in (want.top, want.middle, want.bottom)]:
                    differ += 1
    return differ


def _peer_chunk(args: tuple[F64, I64]) -> list[Arrangement]:
    wins, hands = args
    peer = Peer(wins)
    return [peer.arrangement([Card.from_index(int(x)) for x in h]) for h in hands]


def fresh(wins: F64, n_deals: int, seed: int, workers: int) -> F64:
    """Per deal, ``standard``'s duplicate points against the peer on ``n_deals`` fresh deals."""
    rng = np.random.default_rng(seed)
    hands = np.empty((2 * n_deals, 13), dtype=np.int64)
    for d in range(n_deals):
        deck = [Card.from_index(int(x)) for x in rng.permutation(52)[:26]]
        for side in range(2):
            hands[2 * d + side] = [c.index for c in file_order(deck[13 * side:13 * side + 13])]
    chunks = np.array_split(hands, max(1, workers * 8))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        arrangements = [a for part in pool.map(_peer_chunk, [(wins, c) for c in chunks]) for a in part]
    tab = tables_for(RULES)
    theirs = arrangement_rows(arrangements, tab, RULES)
    ours = setting_rows(hands, settings_for(hands, "standard", RULES), tab, RULES)
    return bench_peer.duplicate_points(ours, theirs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--coefficients", type=Path, help="the strategy's coefficients.data (without it "
                    "nothing is played: ./dev bench runs every benchmark with no arguments)")
    ap.add_argument("--check-deals", type=int, default=20_000, metavar="N")
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=20261204)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if not 0 <= args.deals <= MAX_DEALS:
        ap.error(f"--deals must be a whole number from 0 to {MAX_DEALS:,}, not {args.deals}")
    if not 0 <= args.check_deals <= 20_000:
        ap.error(f"--check-deals must be a whole number from 0 to 20,000 (the shared file's deals), "
                 f"not {args.check_deals}")
    if not 1 <= args.workers <= 64:
        ap.error(f"--workers must be a whole number from 1 to 64, not {args.workers}")
    if args.coefficients is None:
        print("bench_peer_fresh: skipped: it plays the peer from its trained probabilities; pass "
              "--coefficients PATH (coefficients.data of github.com/paulhankin/cpoker)", file=sys.stderr)
        return 0
    wins = read_coefficients(args.coefficients)
    peer = Peer(wins)
    if args.check_deals > 0:
        t = time.perf_counter()
        differ = check(peer, args.check_deals)
        print(f"checked against the shared file: {differ} of {2 * args.check_deals} hands set otherwise "
              f"({time.perf_counter() - t:.0f} s)", flush=True)
        if differ:
            print("the peer here is not the file's peer: no fresh deals played", file=sys.stderr)
            return 1
    if args.deals > 0:
        t = time.perf_counter()
        pts = fresh(wins, args.deals, args.seed, args.workers)
        bench_peer.report(f"standard vs the peer on fresh deals (seed {args.seed}, "
                          f"{time.perf_counter() - t:.0f} s)", pts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
