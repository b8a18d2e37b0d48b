"""Speed of the Drill: loading the pool, grading a pool hand (a look-up), analysing a random hand.

Run: ``.venv/bin/python benchmarks/bench_drill.py [RANDOM_HANDS]`` (or ``./dev bench bench_drill``).
Prints: the time to read the shipped pool; the time to grade every pool hand's greedy
arrangement from its stored answer (what Set costs on a pool hand); and, after one warm-up, the
time to analyse RANDOM_HANDS (default 5) random hands with the solver (what Set costs on a random
hand: two solves of 2,000 samples against ``standard``), plus the rating and schedule replay of
1,000 results.
"""

from __future__ import annotations

import random
import sys
import time
from datetime import timedelta

from cp_trainer.drill.analysis import analyse
from cp_trainer.drill.pool import load_pool, random_cards
from cp_trainer.drill.profile import DrillProfile
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.history.record import now_utc
from cp_trainer.solver.bots import get_bot


def main() -> None:
    n_random = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    t = time.perf_counter()
    pool = load_pool()
    print(f"load pool: {len(pool)} hands in {time.perf_counter() - t:.2f} s")
    greedy = get_bot("greedy")
    arrangements = [greedy.arrange(list(h.cards)) for h in pool]
    t = time.perf_counter()
    graded = 0
    for hand, arr in zip(pool, arrangements, strict=True):
        assert hand.analysis is not None
        graded += hand.analysis.grade(arr) is not None
    per = (time.perf_counter() - t) / max(len(pool), 1)
    print(f"grade a pool hand (stored answer): {per * 1000:.3f} ms; {graded} of {len(pool)} found")
    rng = random.Random(1)
    analyse(random_cards(rng))  # warm-up: tables and kernels
    t = time.perf_counter()
    for _ in range(n_random):
        analyse(random_cards(rng))
    print(f"analyse a random hand (2 x 2,000 samples vs standard): "
          f"{(time.perf_counter() - t) / n_random:.3f} s")
    start = now_utc()
    records = [DrillRecord(start + timedelta(minutes=i), " ".join(map(str, random_cards(rng))), "pool",
                           "pair_on_top", 1500, "x", "y", 0.0, 0.5, 0.5, 0.05, True, False,
                           "mistake" if i % 3 else "best") for i in range(1000)]
    t = time.perf_counter()
    DrillProfile.replay(records)
    print(f"replay 1,000 results (rating + schedule): {time.perf_counter() - t:.3f} s")


if __name__ == "__main__":
    main()
