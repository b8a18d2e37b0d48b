"""How decisive the solver's verdicts are. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_verdicts.py [--deals 60] [--bot standard] [--budget 1.0]

For random deals, the window's adaptive solve (at least ``--min`` samples, then more until the
verdict is decided, within ``--budget`` seconds): how the runs ended (separated / equal / time /
the sample ceiling), the samples and seconds used, how many candidates were as good as the best,
and how much smaller the paired standard error of the runner-up's difference is than its own
standard error (the gain of common random numbers).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cp_trainer.rules.cards import Deck
from cp_trainer.solver.montecarlo import SolveRequest, solve, warm_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--bot", choices=("greedy", "standard"), default="standard")
    parser.add_argument("--min", type=int, default=2000, help="minimum samples (the window's default)")
    parser.add_argument("--budget", type=float, default=1.0, help="time budget, seconds")
    args = parser.parse_args()
    warm_up()
    ends: Counter[str] = Counter()
    samples, seconds, equivalent, ratio = [], [], [], []
    for seed in range(args.deals):
        cards = Deck(seed=10_000 + seed).deal(13)
        start = time.perf_counter()
        res = solve(SolveRequest(tuple(cards), bot=args.bot, samples=args.min, adaptive=True,
                                 time_budget=args.budget))
        seconds.append(time.perf_counter() - start)
        ends[res.stop] += 1
        samples.append(res.samples)
        equivalent.append(len(res.equivalent))
        if len(res.candidates) > 1:
            second = res.candidates[1]
            ratio.append(second.loss_stderr / second.stderr)
    n = args.deals
    print(f"{n} deals against {args.bot}, at least {args.min} samples, budget {args.budget} s")
    print("  ended: " + ", ".join(f"{k} {v} ({100 * v / n:.0f}%)" for k, v in ends.most_common()))
    print(f"  samples: median {np.median(samples):.0f}, mean {np.mean(samples):.0f}, max {max(samples)}")
    print(f"  seconds: median {np.median(seconds):.3f}, mean {np.mean(seconds):.3f}, max {max(seconds):.3f}")
    print(f"  candidates as good as the best: median {np.median(equivalent):.0f}, "
          f"alone {sum(e == 1 for e in equivalent)} of {n}")
    print(f"  runner-up: paired SE / own SE = median {np.median(ratio):.2f} (common random numbers)")


if __name__ == "__main__":
    main()
