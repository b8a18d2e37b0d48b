"""Build the pool of opponents ``standard``'s card-removal step plays its candidates against.

    .venv/bin/python scripts/build_removal_pool.py     # regenerate resources/solver/removal_pool_v1.npz

20,000 random hands (5,000 shuffled decks, four hands each, from NumPy's generator seeded 7), set
by ``standard``'s rating alone (the opponents the solver models: no card removal), under the
default rules, with the settings and their row classes (see ``cp_trainer/solver/removal.py``).
Deterministic: the tests rebuild it and compare it with the shipped file. About a second.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.enumerate import tables_for  # noqa: E402
from cp_trainer.solver.fastbots import settings_for  # noqa: E402
from cp_trainer.solver.removal import POOL_FILE, save_pool  # noqa: E402
from cp_trainer.solver.scoring import setting_rows  # noqa: E402

HANDS = 20_000
SEED = 7


def build(n: int = HANDS, seed: int = SEED) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64],
                                                       npt.NDArray[np.int16]]:
    """The pool's hands, settings and row classes."""
    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((-(-n // 4), 52)), axis=1).reshape(-1, 13)[:n].astype(np.int64)
    rules = HouseRules()
    settings = settings_for(decks, "standard", rules, card_removal=False)
    cls = setting_rows(decks, settings, tables_for(rules), rules).cls.astype(np.int16)
    return decks, settings, cls


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "resources" / "solver" / POOL_FILE)
    args = ap.parse_args()
    hands, settings, cls = build()
    meta = {"hands": HANDS, "seed": SEED, "bot": "standard (rating alone)",
            "rules": "default (2-4, ties push)", "script": "scripts/build_removal_pool.py"}
    save_pool(str(args.out), hands, settings, cls, meta)
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
