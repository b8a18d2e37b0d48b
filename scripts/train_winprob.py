"""Train the ``standard`` bot's per-row win-probability table by self-play.

    .venv/bin/python scripts/train_winprob.py            # regenerate resources/solver/winprob_v1.npz

Round 0 counts the row classes of hands set by ``greedy``. Each later round sets fresh random
hands with ``standard`` playing from the previous round's table and counts again, until the
table stops moving (no row's win-probability curve moves more than ``--tol`` between rounds;
each round's table is the average of the previous one and the new count) or
``--rounds`` is reached. The last round is counted on ``--final-hands`` hands. The output holds
the histogram, the class strengths it was counted on, and the metadata (JSON) of the run.
Default rules (2-4, ties push); the bot adapts the probabilities to other rules at play time.
``--low-middle`` trains the separate table of the low-middle variant (middles rated 2-7 low).
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.bots import bonuses  # noqa: E402
from cp_trainer.solver.kernel_args import Rating, row_tables  # noqa: E402
from cp_trainer.solver.kernels import BOT_GREEDY, BOT_STANDARD, bot_settings  # noqa: E402
from cp_trainer.solver.scoring import setting_rows  # noqa: E402
from cp_trainer.solver.tables import tables  # noqa: E402
from cp_trainer.solver.winprob import (  # noqa: E402
    WINPROB_FILE,
    WINPROB_LOW_FILE,
    WinProb,
    row_probabilities,
    save_winprob,
)

F64 = npt.NDArray[np.float64]


def deal(rng: np.random.Generator, n: int) -> npt.NDArray[np.int64]:
    """n random 13-card hands (4 per shuffled deck, so hands of one deal are disjoint)."""
    decks = np.argsort(rng.random((-(-n // 4), 52)), axis=1)[:, :52].reshape(-1, 13)
    return decks[:n].astype(np.int64)


def histogram(hands: npt.NDArray[np.int64], kind: int, probs: F64, rules: HouseRules) -> F64:
    tab = tables(False)
    b2, b3 = bonuses(rules)
    settings = np.empty(len(hands), dtype=np.int64)
    bot_settings(hands, kind, row_tables(tab), rules.low_middle, Rating(probs, b2, b3, -1.0), settings)
    rows = setting_rows(hands, settings, tab, rules)
    hist = np.zeros((3, tab.n_classes), dtype=np.float64)
    for r in range(3):
        hist[r] = np.bincount(rows.cls[:, r], minlength=tab.n_classes)
    return hist


def distance(a: F64, b: F64) -> float:
    """Largest gap between the two rounds' win-probability curves (Kolmogorov-Smirnov)."""
    ca = np.cumsum(a, axis=1) / a.sum(axis=1, keepdims=True)
    cb = np.cumsum(b, axis=1) / b.sum(axis=1, keepdims=True)
    return float(np.abs(ca - cb).max())


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=200_000, help="hands per round (default 200,000)")
    p.add_argument("--final-hands", type=int, default=1_000_000, help="hands in the last round")
    p.add_argument("--rounds", type=int, default=25, help="most rounds after round 0 (default 25)")
    p.add_argument("--tol", type=float, default=0.002,
                   help="stop when no win probability moves more (default 0.002)")
    p.add_argument("--seed", type=int, default=20261129)
    p.add_argument("--low-middle", action="store_true",
                   help=f"train for the low-middle variant (default output {WINPROB_LOW_FILE})")
    p.add_argument("--out", type=Path, default=None,
                   help=f"output file (default resources/solver/{WINPROB_FILE})")
    args = p.parse_args()
    if args.out is None:
        name = WINPROB_LOW_FILE if args.low_middle else WINPROB_FILE
        args.out = ROOT / "cp_trainer" / "resources" / "solver" / name

    rules = HouseRules(low_middle=args.low_middle)
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    hist = histogram(deal(rng, args.hands), BOT_GREEDY, np.zeros((1, 9)), rules)
    history: list[float] = []
    print(f"round 0 (greedy): {time.perf_counter() - start:.1f} s", flush=True)
    rounds = 0
    for rounds in range(1, args.rounds + 1):
        probs = np.ascontiguousarray(row_probabilities(WinProb(hist, {}), rules).T)
        last = rounds == args.rounds
        new = histogram(deal(rng, args.hands), BOT_STANDARD, probs, rules)
        d = distance(hist, new)
        history.append(round(d, 6))
        # damped update (half old, half new) so best responses settle instead of cycling
        hist = 0.5 * hist / hist.sum(axis=1, keepdims=True) + 0.5 * new / new.sum(axis=1, keepdims=True)
        print(f"round {rounds}: change {d:.5f}  ({time.perf_counter() - start:.1f} s)", flush=True)
        if d < args.tol or last:
            break
    probs = np.ascontiguousarray(row_probabilities(WinProb(hist, {}), rules).T)
    final = histogram(deal(rng, args.final_hands), BOT_STANDARD, probs, rules)
    history.append(round(distance(hist, final), 6))
    metadata = {
        "version": 1,
        "what": "opponent row-class histograms [top, middle, bottom] of hands set by the standard bot",
        "rules": rules.to_dict(),
        "rounds": rounds,
        "hands_per_round": args.hands,
        "final_hands": args.final_hands,
        "seed": args.seed,
        "tol": args.tol,
        "changes": history,
        "created": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": "python scripts/train_winprob.py " + " ".join(sys.argv[1:]),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_winprob(args.out, final, metadata)
    print(f"wrote {args.out} after {rounds} rounds, {time.perf_counter() - start:.1f} s; changes {history}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
