"""Speed of Pai Gow: the house way and the EV of all 21 settings.

Run: ``.venv/bin/python benchmarks/bench_paigow.py`` (or ``./dev bench bench_paigow``). Prints
figures; targets: house way >= 50,000 hands/s; EV of 21 settings with 20,000 dealer hands <= 1 s.
The first run also shows the one-off Numba compile (cached on disk afterwards).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from cp_trainer.paigow.cards import PAIGOW_DECK
from cp_trainer.paigow.ev import settings_ev
from cp_trainer.paigow.house_way import house_way, house_way_indices
from cp_trainer.paigow.setting import BACKS, FRONTS


def main() -> None:
    start = time.perf_counter()
    house_way("Ts Th 5d 5c Ad 9h 6c")
    settings_ev(list(PAIGOW_DECK[:7]), 10, seed=0)
    print(f"warm-up (Numba load or compile): {time.perf_counter() - start:.2f} s")

    rng = np.random.default_rng(1)
    n = 200_000
    hands = np.argsort(rng.random((n, 53)), axis=1)[:, :7].astype(np.int64)
    best = min(_timed(lambda: house_way_indices(hands, FRONTS, BACKS)) for _ in range(3))
    print(f"house way, batch kernel:        {n / best:>12,.0f} hands/s  (target >= 50,000)")

    rnd = random.Random(2)
    texts = [" ".join(str(c) for c in rnd.sample(PAIGOW_DECK, 7)) for _ in range(5_000)]
    t = _timed(lambda: [house_way(x) for x in texts])
    print(f"house way, one hand from text:  {len(texts) / t:>12,.0f} hands/s  (Python API)")

    times = []
    for i in range(10):
        hand = rnd.sample(PAIGOW_DECK, 7)
        times.append(_timed(lambda h=hand, s=i: settings_ev(h, 20_000, seed=s)))  # type: ignore[misc]
    print(f"EV of 21 settings, 20,000 dealer hands: median {statistics.median(times):.3f} s, "
          f"worst {max(times):.3f} s  (target <= 1 s)")


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
