"""``expert`` against ``standard``: how many points a hand the solver's corrections add.

    .venv/bin/python benchmarks/bench_expert.py               # 1,500 hands, ~10 minutes
    .venv/bin/python benchmarks/bench_expert.py --hands 300
    .venv/bin/python benchmarks/bench_expert.py --peer-deals 20000   # the peer file, ~40 minutes

Duplicate over sampled deals: for each random hand (seeded), ``expert`` and ``standard`` set it,
and where they differ both arrangements are scored against the same 10,000 fresh opponent hands
(a seed the expert's own runs never use, so its pick of the best of many noisy means is not
counted in its favour), set by the solver's model of ``standard``; where they agree the difference
is 0. Prints the mean difference per hand with its 95% interval (mean ± 1.96 sd / sqrt(hands)),
how often ``expert`` departs, and its time a decision. Asserts nothing.

``--peer-deals N``: instead, the duplicate match of ``bench_peer.py`` on the first N deals of the
peer file, ``expert`` and ``standard`` each against the peer, and their paired difference: as the
file pairs its hands, then every way its hands can be paired (``bench_peer.pair_sums``: each
setting against the peer's setting of every hand of those deals it shares no card with), and that
on each half of the file alone.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_peer  # noqa: E402

from cp_trainer.rules.cards import Card  # noqa: E402
from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.bots import ExpertBot, get_bot  # noqa: E402
from cp_trainer.solver.montecarlo import SolveRequest, solve  # noqa: E402

RULES = HouseRules()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=1500)
    ap.add_argument("--samples", type=int, default=10_000, help="fresh samples scoring a departure")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--peer-deals", type=int, default=0, metavar="N")
    args = ap.parse_args()
    if args.peer_deals > 0:
        return peer(args.peer_deals)
    rng = np.random.default_rng(args.seed)
    expert, standard = ExpertBot(), get_bot("standard")
    diffs = np.zeros(args.hands)
    spent = 0.0
    departed = 0
    for i in range(args.hands):
        cards = [Card.from_index(int(x)) for x in rng.permutation(52)[:13]]
        own = standard.arrange(cards, RULES)
        t = time.perf_counter()
        corrected = expert.arrange(cards, RULES)
        spent += time.perf_counter() - t
        if corrected != own:
            departed += 1
            check = solve(SolveRequest(tuple(cards), RULES, bot="standard", samples=args.samples,
                                       seed=10**9 + i, reference=own, keep_samples=False))
            diffs[i] = next(c.diff for c in check.candidates if c.arrangement == corrected) or 0.0
        if (i + 1) % 250 == 0 or i + 1 == args.hands:
            d = diffs[: i + 1]
            half = 1.96 * d.std(ddof=1) / np.sqrt(len(d))
            print(f"{i + 1} hands: expert minus standard {d.mean():+.4f} ± {half:.4f} points per hand (95%), "
                  f"departs on {departed} ({departed / (i + 1):.1%}), "
                  f"{spent / (i + 1) * 1e3:.0f} ms a decision",
                  flush=True)
    return 0


def peer(n_deals: int) -> int:
    """``expert`` and ``standard`` against the peer file, duplicate, and their paired difference."""
    from cp_trainer.solver.bots import settings_for
    from cp_trainer.solver.enumerate import setting_arrangement, tables_for
    from cp_trainer.solver.scoring import RowData, arrangement_rows, setting_rows

    hands, peer_rows = bench_peer.read_peer(bench_peer.PEER_FILE)
    hands = hands[:n_deals]
    peer_rows = peer_rows.take(np.arange(2 * n_deals))
    flat = hands.reshape(-1, 13)
    std = settings_for(flat, "standard", RULES)
    tab = tables_for(RULES)
    ours = setting_rows(flat, std, tab, RULES)
    mine = RowData(ours.cls.copy(), ours.roy.copy(), ours.foul.copy(), ours.nat.copy())
    expert = ExpertBot()
    departed = 0
    t = time.perf_counter()
    for i, row in enumerate(flat):
        cards = [Card.from_index(int(x)) for x in row]
        arr = expert.arrange(cards, RULES)
        if arr != setting_arrangement(cards, int(std[i])):
            departed += 1
            rows = arrangement_rows([arr], tab, RULES)
            mine.cls[i], mine.roy[i] = rows.cls[0], rows.roy[0]
            mine.foul[i], mine.nat[i] = rows.foul[0], rows.nat[0]
        if (i + 1) % 2000 == 0:
            print(f"   {i + 1} hands set by expert ({(time.perf_counter() - t) / (i + 1) * 1e3:.0f} ms a "
                  f"decision)", flush=True)
    base = bench_peer.duplicate_points(ours, peer_rows)
    pts = bench_peer.duplicate_points(mine, peer_rows)
    bench_peer.report(f"standard vs peer ({n_deals} deals)", base)
    bench_peer.report(f"expert vs peer (departs on {departed / len(flat):.1%} of hands)", pts)
    bench_peer.report("   expert minus standard (paired)", pts - base)
    # one partner a hand leaves about ± 1.8 points on each departure; every pair of the file's hands
    # that could be one deal scores each departure against some 512 of the peer's settings
    base_points, games = bench_peer.pair_sums(flat, ours, peer_rows)
    mine_points, _ = bench_peer.pair_sums(flat, mine, peer_rows)
    bench_peer.report_pairs("expert vs peer, every pair of the file's hands that could be one deal",
                            mine_points, games)
    gain_points = mine_points - base_points
    bench_peer.report_pairs("   expert minus standard, every pair (paired)", gain_points, games)
    groups = len(games)
    for label, part in (("first", slice(0, groups // 2)), ("second", slice(groups // 2, groups))):
        mean, half = bench_peer.jackknife(gain_points[part, part], games[part, part])
        print(f"   the file's {label} half alone: {mean:+.4f} ± {half:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
