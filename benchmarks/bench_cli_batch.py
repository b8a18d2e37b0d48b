"""Whole-process speed of the commands that read standard input. Prints figures;
asserts nothing.

    .venv/bin/python benchmarks/bench_cli_batch.py                    # 40,000 hands, every command
    .venv/bin/python benchmarks/bench_cli_batch.py --hands 2000       # fewer hands
    .venv/bin/python benchmarks/bench_cli_batch.py --root /tmp/old    # another checkout (before)
    .venv/bin/python benchmarks/bench_cli_batch.py --only arrange-standard

The input is generated with a seeded random generator (``--seed``, default 2026): random 13-card
hands for ``arrange``, and for ``check`` / ``score`` the same hands set by a fixed rule (the first
three cards on top, the next five in the middle) so that some are fouls. Each command is run once
on the whole input as a whole process (imports, Numba's cached kernels and all) with standard
output to ``/dev/null``; the wall time, the CPU time (user + system of the finished child, the
operating system's accounting) and hands a second by each are printed. On a busy machine the wall
time exceeds the CPU time; the CPU time is what the command costs on a quiet one (with two threads
at work the CPU time can exceed the wall time). The load average is printed before and after.

Target (two-core machine): ``arrange --json --bot standard`` >= 5,000 hands a second,
40,000 hands in under 10 s whole-process.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def hands(n: int, seed: int) -> list[list[str]]:
    rng = np.random.default_rng(seed)
    deck = [r + s for r in RANKS for s in SUITS]
    return [[deck[int(i)] for i in rng.permutation(52)[:13]] for _ in range(n)]


def arrangement(cards: list[str]) -> str:
    return f"{' '.join(cards[:3])} / {' '.join(cards[3:8])} / {' '.join(cards[8:])}"


COMMANDS: dict[str, list[str]] = {
    "arrange-standard": ["arrange", "--json", "--bot", "standard"],
    "arrange-greedy": ["arrange", "--json", "--bot", "greedy"],
    "arrange-standard-text": ["arrange", "--bot", "standard", "--lang", "en"],
    "check": ["check", "--json"],
    "score": ["score", "--json"],
}


def input_for(name: str, dealt: list[list[str]]) -> str:
    if name.startswith("arrange"):
        return "".join(" ".join(h) + "\n" for h in dealt)
    if name == "check":
        return "".join(arrangement(h) + "\n" for h in dealt)
    # score: two players a line, from two hands of one deck
    rng = np.random.default_rng(len(dealt))
    deck = [r + s for r in RANKS for s in SUITS]
    lines = []
    for _ in dealt:
        cards = [deck[int(i)] for i in rng.permutation(52)[:26]]
        lines.append(f"{arrangement(cards[:13])} | {arrangement(cards[13:])}\n")
    return "".join(lines)


def run(root: Path, args: list[str], text: str) -> tuple[float, float, int]:
    """(wall, cpu, exit status) of one whole process reading ``text``."""
    env = dict(os.environ, PYTHONPATH=str(root), LANG="C.UTF-8")
    with tempfile.TemporaryFile() as source:
        source.write(text.encode())
        source.seek(0)
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "cp_trainer", *args], stdin=source,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=root)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to run (default: this one)")
    ap.add_argument("--only", choices=sorted(COMMANDS), action="append", help="run only these commands")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} processor(s); {args.hands} hands, seed {args.seed}, root {args.root}")
    dealt = hands(args.hands, args.seed)
    run(args.root, ["arrange", "--bot", "standard", " ".join(dealt[0])], "")  # warm the caches
    print(f"{'command':28s} {'wall s':>8s} {'cpu s':>8s} {'hands/s wall':>13s} {'hands/s cpu':>12s}")
    for name in args.only or list(COMMANDS):
        wall, cpu, status = run(args.root, COMMANDS[name], input_for(name, dealt))
        note = "" if status == 0 else f"  (exit status {status})"
        print(f"{name:28s} {wall:8.2f} {cpu:8.2f} {args.hands / wall:13.0f} {args.hands / cpu:12.0f}{note}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
