"""Build the pools of opponents ``standard``'s card-removal step plays its candidates against.

    .venv/bin/python scripts/build_removal_pool.py                # regenerate every shipped pool
    .venv/bin/python scripts/build_removal_pool.py --only 1-6     # one of them

One pool per rule set of ``cp_trainer.solver.removal.POOL_RULES`` (``default`` is
``resources/solver/removal_pool_v1.npz``, the others ``removal_pool_v1_NAME.npz``): 20,000 random
hands (5,000 shuffled decks, four hands each, from NumPy's generator seeded 7; the same hands for
every rule set), set by ``standard``'s rating alone (the opponents the solver models: no card
removal) under THOSE rules, at seat 1 (where the solver seats the opponents of seat 0), with the
settings and their row classes, and under naturals each hand's natural (see
``cp_trainer/solver/removal.py``). Deterministic: the tests rebuild them and compare them with
the shipped files. About a second each.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.fastbots import POOL_HANDS, POOL_SEED, build_pool_hands  # noqa: E402
from cp_trainer.solver.removal import POOL_RULES, pool_file, save_pool  # noqa: E402

HANDS = POOL_HANDS
SEED = POOL_SEED


I64 = npt.NDArray[np.int64]


def build(n: int = HANDS, seed: int = SEED, name: str = "default"
          ) -> tuple[I64, I64, npt.NDArray[np.int16], npt.NDArray[np.int8]]:
    """The pool's hands, settings, row classes and naturals (all 0 without naturals)."""
    return build_pool_hands(POOL_RULES[name], 0, n, seed)


def describe(rules: HouseRules) -> str:
    """The rules in the pool's metadata (the default pool's words unchanged)."""
    if rules == HouseRules():
        return "default (2-4, ties push)"
    changed = {k: v for k, v in rules.to_dict().items() if HouseRules().to_dict().get(k) != v}
    return ", ".join(f"{k}={v}" for k, v in sorted(changed.items()))


def write(name: str, out: Path) -> None:
    rules = POOL_RULES[name]
    hands, settings, cls, nat = build(name=name)
    meta = {"hands": HANDS, "seed": SEED, "bot": "standard (rating alone)",
            "rules": describe(rules), "script": "scripts/build_removal_pool.py"}
    save_pool(str(out), hands, settings, cls, meta, nat if rules.naturals else None)
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out-dir", type=Path, default=ROOT / "cp_trainer" / "resources" / "solver")
    ap.add_argument("--only", choices=sorted(POOL_RULES), action="append")
    args = ap.parse_args()
    for name in args.only or list(POOL_RULES):
        write(name, args.out_dir / pool_file(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
