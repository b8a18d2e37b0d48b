"""Train ``standard``'s mixture tables (the opponents as a few kinds of hand) by self-play.

    .venv/bin/python scripts/train_mixture.py                 # regenerate every mixture table (~2 min)
    .venv/bin/python scripts/train_mixture.py --only 1-6      # one of them

One table per rule set of ``cp_trainer.solver.winprob.MIXTURE_RULES``, written to
``resources/solver/winprob_mix_v1_NAME.npz`` (see ``cp_trainer/solver/winprob.py``). Round 0 sets
``--hands`` random hands (shuffled decks, four hands each) with ``standard``'s rating from the
independent-row table under those rules, at seat 1 (where the solver seats the opponents), and
fits a latent-class model to their row classes: ``--kinds`` kinds of hand, each with its own
three row-class distributions, rows independent within a kind, by ``--iterations`` rounds of EM
(started from the hands ranked by their summed row classes, cut into equal groups). Each later
round sets fresh hands with the previous round's mixture in play and fits again (``--rounds`` in
all); the last fit is written with its metadata. Deterministic for a seed. Uses one core for the
fit and every core for the play.
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
sys.path.insert(0, str(ROOT / "scripts"))  # train_winprob's dealing, when loaded from elsewhere

from train_winprob import deal  # noqa: E402

from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.fastbots import bonuses  # noqa: E402
from cp_trainer.solver.kernel_args import Rating, row_tables  # noqa: E402
from cp_trainer.solver.kernels import BOT_STANDARD, bot_settings  # noqa: E402
from cp_trainer.solver.parallel import run_ranges  # noqa: E402
from cp_trainer.solver.scoring import setting_rows  # noqa: E402
from cp_trainer.solver.tables import tables  # noqa: E402
from cp_trainer.solver.winprob import (  # noqa: E402
    MIXTURE_RULES,
    Mixture,
    kernel_probs,
    load_winprob,
    mixture_file,
    row_probabilities,
    save_mixture,
)

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
SEAT = 1  # the opponents' seat in a solve (removal.opponent_seat(0))
#: what a class never seen in a kind is given in the fit's likelihood (not in the table)
PSEUDO = 1e-3


def play(hands: I64, probs: F64, rules: HouseRules) -> I64:
    """The row classes (N, 3) of ``hands`` set by ``standard``'s rating from ``probs``."""
    tab = tables(rules.wheel_second)
    b2, b3 = bonuses(rules)
    out = np.empty(len(hands), dtype=np.int64)

    tabs = row_tables(tab)
    rating = Rating(probs, b2, b3, -1.0)

    def work(lo: int, hi: int) -> None:
        bot_settings(hands[lo:hi], BOT_STANDARD, tabs, rules.low_middle, rating, out[lo:hi])

    run_ranges(work, len(hands), least=256)
    classes: I64 = setting_rows(hands, out, tab, rules).cls.astype(np.int64)
    return classes


def counts(classes: I64, share: F64, n_classes: int) -> F64:
    """Each kind's row-class counts ``[kind, row, class]``, each hand counted by its ``share``
    (N, kinds) in the kind."""
    return np.stack([np.stack([np.bincount(classes[:, r], weights=share[:, k], minlength=n_classes)
                               for r in range(3)]) for k in range(share.shape[1])])


def fit(classes: I64, kinds: int, iterations: int, n_classes: int) -> tuple[F64, float]:
    """EM for a latent-class model of the rows: the counts ``[kind, row, class]`` (each hand
    counted in each kind by its share) and the mean log-likelihood a hand."""
    n = len(classes)
    order = np.argsort(classes.sum(axis=1), kind="stable")
    start = np.empty(n, dtype=np.int64)
    start[order] = np.arange(n) * kinds // n
    share = np.full((n, kinds), 0.1 / kinds)
    share[np.arange(n), start] += 0.9
    loglik = float("nan")
    for _ in range(iterations):
        hist = counts(classes, share, n_classes)
        weight = hist[:, 0].sum(axis=1) / n
        prob = (hist + PSEUDO) / (hist + PSEUDO).sum(axis=2, keepdims=True)
        log = np.log(weight)[None, :] + sum(np.log(prob[:, r, classes[:, r]]).T for r in range(3))
        top = log.max(axis=1, keepdims=True)
        share = np.exp(log - top)
        total = share.sum(axis=1, keepdims=True)
        loglik = float((top[:, 0] + np.log(total[:, 0])).mean())
        share /= total
    return counts(classes, share, n_classes), loglik


def train(name: str, args: argparse.Namespace) -> None:
    rules = MIXTURE_RULES[name]
    n_classes = tables(False).n_classes
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    probs = np.ascontiguousarray(row_probabilities(load_winprob(), rules, SEAT).T)  # rows independent
    history = []
    hist = np.zeros(0)
    for r in range(args.rounds):
        hist, loglik = fit(play(deal(rng, args.hands), probs, rules), args.kinds, args.iterations, n_classes)
        history.append(round(loglik, 5))
        mixture = Mixture(hist, {})
        probs = kernel_probs(rules, SEAT, mixture)
        print(f"{name} round {r}: log-likelihood {loglik:.4f} a hand, kinds {np.round(mixture.weights, 3)} "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    metadata = {
        "version": 1,
        "what": ("row-class counts [kind, top/middle/bottom, class] of a latent-class model of hands "
                 "set by standard"),
        "rules": rules.to_dict(),
        "seat": SEAT,
        "kinds": args.kinds,
        "rounds": args.rounds,
        "iterations": args.iterations,
        "hands_per_round": args.hands,
        "seed": args.seed,
        "log_likelihood": history,
        "created": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": "python scripts/train_mixture.py " + " ".join(sys.argv[1:]),
    }
    out = args.out_dir / mixture_file(name)
    out.parent.mkdir(parents=True, exist_ok=True)
    save_mixture(out, hist, metadata)
    print(f"wrote {out}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", choices=list(MIXTURE_RULES), help="train this table only")
    p.add_argument("--kinds", type=int, default=8, help="kinds of hand (default 8)")
    p.add_argument("--hands", type=int, default=400_000, help="hands a round (default 400,000)")
    p.add_argument("--rounds", type=int, default=3, help="self-play rounds (default 3)")
    p.add_argument("--iterations", type=int, default=60, help="EM iterations a round (default 60)")
    p.add_argument("--seed", type=int, default=20261202)
    p.add_argument("--out-dir", type=Path, default=ROOT / "cp_trainer" / "resources" / "solver")
    args = p.parse_args()
    if not (1 <= args.kinds <= 64 and 1000 <= args.hands <= 10_000_000 and 1 <= args.rounds <= 20
            and 1 <= args.iterations <= 1000):
        p.error("--kinds 1-64, --hands 1,000-10,000,000, --rounds 1-20, --iterations 1-1,000")
    for name in [args.only] if args.only else list(MIXTURE_RULES):
        train(name, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
