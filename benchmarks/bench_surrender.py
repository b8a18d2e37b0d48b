"""What the bots' surrender decision costs, and whether ``expert``'s cheap filter changes any
decision. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_surrender.py [--deals 4000] [--weakest 120] [--random 120]

Over ``--deals`` random hands (surrender allowed, default cost): the time of ``standard``'s
decision (its own estimate, no sampling) and of ``expert``'s (a 1,000-sample solve, skipped by
the filter when ``standard``'s estimate is not weak); how many hands pass the filter; and, on
the ``--weakest`` hands by ``standard``'s estimate plus ``--random`` others, ``expert``'s
decisions with and without the filter (they must agree), and how far the solver's best EV ever
lay above ``standard``'s estimate (the margin the filter relies on).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cp_trainer.rules.cards import Deck
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver.bots import SURRENDER_MARGIN, ExpertBot, get_bot
from cp_trainer.solver.fastbots import standard_estimate
from cp_trainer.solver.montecarlo import SolveRequest, solve, warm_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--weakest", type=int, default=120)
    parser.add_argument("--random", type=int, default=120)
    parser.add_argument("--opponents", type=int, default=1)
    args = parser.parse_args()
    warm_up()
    rules = HouseRules(surrender=True)
    cost = rules.effective_surrender_cost
    hands = [tuple(Deck(seed=50_000 + i).deal(13)) for i in range(args.deals)]
    standard, expert = get_bot("standard"), ExpertBot(opponents=args.opponents)
    standard.surrenders(hands[0], rules)

    start = time.perf_counter()
    estimates = [standard_estimate(h, rules, 1) for h in hands]
    per_estimate = (time.perf_counter() - start) / len(hands)
    start = time.perf_counter()
    std_yes = sum(standard.surrenders(h, rules, 1, args.opponents) for h in hands)
    per_standard = (time.perf_counter() - start) / len(hands)
    passing = sum(e < -cost + SURRENDER_MARGIN for e in estimates)
    print(f"{len(hands)} hands, surrender cost {cost}, {args.opponents} opponent(s)")
    print(f"standard: {per_standard * 1000:.2f} ms a decision, surrenders {std_yes} "
          f"({std_yes / len(hands):.2%}); its estimate alone {per_estimate * 1000:.2f} ms")
    print(f"expert's filter (estimate < {-cost + SURRENDER_MARGIN:+.1f}) passes {passing} "
          f"({passing / len(hands):.2%}) hands on to the solver")

    order = sorted(range(len(hands)), key=lambda i: estimates[i])
    step = max(1, (len(order) - args.weakest) // max(1, args.random))
    sample = order[:args.weakest] + order[args.weakest::step]
    sample = sample[:args.weakest + args.random]
    changed, above, yes, solve_time = 0, -99.0, 0, 0.0
    for i in sample:
        start = time.perf_counter()
        best = solve(SolveRequest(tuple(hands[i]), rules, bot="standard", opponents=args.opponents,
                                  samples=expert.samples, seat=1)).best
        solve_time += time.perf_counter() - start
        unfiltered = bool(best.ev + 2 * best.stderr < -cost * args.opponents)
        filtered = expert.surrenders(hands[i], rules, 1, args.opponents)
        yes += unfiltered
        changed += unfiltered != filtered
        above = max(above, best.ev / args.opponents - estimates[i])
    per_solve = solve_time / len(sample)
    print(f"expert without the filter: {per_solve * 1000:.0f} ms a decision (one solve)")
    print(f"expert with it: about {(per_estimate + per_solve * passing / len(hands)) * 1000:.1f} ms a "
          f"decision on average")
    print(f"checked {len(sample)} hands ({args.weakest} weakest + {len(sample) - args.weakest} spread): "
          f"expert surrenders {yes}, decisions changed by the filter: {changed}")
    print(f"solver's best minus standard's estimate (per opponent), at most {above:+.2f} "
          f"(the filter's margin: {SURRENDER_MARGIN})")


if __name__ == "__main__":
    main()
