"""Build the solver's lookup tables from the reference evaluators and ship them.

    .venv/bin/python scripts/build_solver_tables.py      # regenerate resources/solver/tables_v1.npz

The tables (every 5-card and 3-card row's class id, the subsets and splits of 13 cards; see
``cp_trainer/solver/tables.py``) take about 0.3 s to build from ``evaluate5``/``evaluate3``, which
every process paid at start-up; loading the shipped file takes about a millisecond. The tests
check the shipped file equals a fresh build, so it cannot drift from the reference.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.solver.tables import TABLES_FILE, save_tables  # noqa: E402


def main() -> int:
    out = ROOT / "cp_trainer" / "resources" / "solver" / TABLES_FILE
    save_tables(str(out))
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
