"""What the solver's model of ``standard`` costs. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_solver_model.py              # 150 hands, ~2 minutes
    .venv/bin/python benchmarks/bench_solver_model.py --hands 400

The solver sets its ``standard`` opponents by the bot's rating alone, without the card-removal
step the bot itself takes (``cp_trainer/solver/removal.py``: it would make every solve slower,
about 1.5 times since the step weighs by rank groups: 347 -> 539 ms for 10,000 samples). For
random hands this solves each one twice on the same samples: once as shipped, once with the
opponents set by the whole bot (the solver's ``settings_for`` call swapped for the bot's own),
and prints how often the best arrangement is the same, how far the best's expected points move,
how much the shipped solver's best loses against the real bot, and the time a solve takes each
way.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.rules.cards import Card  # noqa: E402
from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver import montecarlo  # noqa: E402

RULES = HouseRules()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--samples", type=int, default=10_000)
    args = ap.parse_args()
    space = vars(montecarlo)  # the solver's own name for the bots' batch call, swapped below
    shipped = space["settings_for"]

    def whole_bot(hands: Any, name: str, rules: HouseRules, seat: int = 0, card_removal: bool = True,
                  **options: Any) -> Any:
        return shipped(hands, name, rules, seat=seat, card_removal=True, **options)

    rng = np.random.default_rng(17)
    same = 0
    moved = np.zeros(args.hands)
    lost = np.zeros(args.hands)
    spent = [0.0, 0.0]
    montecarlo.warm_up()  # the kernels (the card-removal step's too) before anything is timed
    for i in range(args.hands):
        cards = [Card.from_index(int(x)) for x in rng.permutation(52)[:13]]
        space["settings_for"] = shipped
        question = montecarlo.SolveRequest(tuple(cards), RULES, bot="standard", samples=args.samples, seed=i)
        t = time.perf_counter()
        model = montecarlo.solve(question)
        spent[0] += time.perf_counter() - t
        space["settings_for"] = whole_bot
        t = time.perf_counter()
        real = montecarlo.solve(question)
        spent[1] += time.perf_counter() - t
        space["settings_for"] = shipped
        same += model.best.arrangement == real.best.arrangement
        moved[i] = real.best.ev - model.best.ev
        lost[i] = next(c.loss for c in real.candidates if c.arrangement == model.best.arrangement)
    print(f"{args.hands} hands, {args.samples} samples, 1 opponent: the same best on {same} "
          f"({same / args.hands:.0%}); the best's expected points, real bot minus model, "
          f"{moved.mean():+.4f} on average (sd {moved.std(ddof=1):.4f}); the shipped best loses "
          f"{lost.mean():.4f} a hand on average against the real bot (max {lost.max():.4f}, over 0.02 on "
          f"{int((lost > 0.02).sum())} hands)")
    print(f"a solve takes {spent[0] / args.hands * 1e3:.0f} ms with the model, "
          f"{spent[1] / args.hands * 1e3:.0f} ms with the whole bot (both cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
