"""Speed of the rules core: the live check the GUI runs per card drop, the full check, settlement.

Run: ``.venv/bin/python benchmarks/bench_rules.py`` (or ``./dev bench bench_rules``). Prints
microseconds per call; no thresholds (speed is measured here, never asserted by tests).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from cp_trainer.rules.arrangement import Arrangement, check_arrangement, check_partial
from cp_trainer.rules.arrangement_text import foul_message
from cp_trainer.rules.cards import FULL_DECK, Card
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import settle, settle_pair


def _per_call(fn: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n * 1e6


def _live(item: tuple[Arrangement, tuple[Card, ...]]) -> object:
    return check_partial(item[0], remaining=item[1])


def main() -> None:
    rnd = random.Random(1)
    deals = []
    for _ in range(200):
        deck = list(FULL_DECK)
        rnd.shuffle(deck)
        deals.append([Arrangement(tuple(deck[k:k + 3]), tuple(deck[k + 3:k + 8]), tuple(deck[k + 8:k + 13]))
                      for k in (0, 13, 26, 39)])
    full = [d[0] for d in deals]
    partial = [Arrangement(a.top[:2], a.middle, a.bottom[:3]) for a in full]
    # Three cards placed, ten still in hand: the live check's hardest case with ``remaining``.
    early = [(Arrangement(a.top, (), ()), a.middle + a.bottom) for a in full]
    rules = HouseRules(royalties=True, naturals=True)
    it = iter(range(10**9))

    def pick(items: list[Arrangement]) -> Arrangement:
        return items[next(it) % len(items)]

    k = iter(range(10**9))
    cases: list[tuple[str, Callable[[], object], int]] = [
        ("check_partial (partly filled rows)", lambda: check_partial(pick(partial)), 5000),
        ("check_partial, 3 placed, remaining=10", lambda: _live(early[next(k) % 200]), 2000),
        ("check_partial (all 13 placed)", lambda: check_partial(pick(full)), 5000),
        ("check_arrangement, Russian messages",
         lambda: [foul_message(f, "ru") for f in check_arrangement(pick(full)).fouls], 5000),
        ("settle_pair (royalties, naturals)", lambda: settle_pair(pick(full), pick(partial), rules), 5000),
        ("settle, 4 players", lambda: settle(deals[next(k) % 200], rules), 1000),
    ]
    for name, fn, n in cases:
        print(f"{name + ':':<40}{_per_call(fn, n):8.1f} µs")

if __name__ == "__main__":
    main()
