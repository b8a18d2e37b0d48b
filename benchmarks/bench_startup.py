"""Start-up and solve times. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_startup.py              # whole processes + in-process solves
    .venv/bin/python benchmarks/bench_startup.py --runs 11    # more runs per command
    .venv/bin/python benchmarks/bench_startup.py --cold       # also the compile of a fresh install

Whole process: each command is started ``--runs`` times after one unmeasured warm-up run (which
also fills Numba's cache), and its wall time and CPU time (user + system, the operating system's
accounting of the finished child) are printed as min / median / max. Quote the median. On a
busy machine the wall time exceeds the CPU time of a one-threaded command: the CPU time is then
what the command costs on a quiet machine.

In-process: ``solve`` with 10,000 samples against one opponent, kernels loaded beforehand,
median over ``--hands`` random hands (each the best of 3 runs), wall and CPU seconds (with both
cores at work the CPU time exceeds the wall time).

``--cold``: the set-up step (``python -m cp_trainer.precompile``) into an empty cache,
then the first solve a fresh install's Hint would run, loading that cache.

Targets (warm, quiet two-core machine): solve --samples 10000 --bot greedy <= 1.0 s;
arrange --bot standard (one hand) <= 0.7 s; window <= 2 s; in-process solve 10k samples vs greedy
<= 0.05 s and vs standard <= 0.25 s; the first Hint after a fresh install <= 5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HAND = "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s"
WINDOW = ("from PySide6.QtWidgets import QApplication\n"
          "from cp_trainer.gui.app import create_window\n"
          "w = create_window()\nw.show()\nQApplication.processEvents()\n")

COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("cp-trainer --help", ["-m", "cp_trainer", "--help"], None),
    ("cp-trainer check (one hand)",
     ["-m", "cp_trainer", "check", "As Kd Qh / Jc Ts 9d 8h 7c / 6s 5d 4h 3c 2s"], None),
    ("cp-trainer arrange --bot standard (one hand)",
     ["-m", "cp_trainer", "arrange", "--bot", "standard", HAND], 0.7),
    ("cp-trainer solve --samples 10000 --bot greedy",
     ["-m", "cp_trainer", "solve", "--samples", "10000", "--bot", "greedy", "--seed", "1", HAND], 1.0),
    ("cp-trainer solve --samples 10000 --bot standard",
     ["-m", "cp_trainer", "solve", "--samples", "10000", "--bot", "standard", "--seed", "1", HAND], None),
    ("window opens (offscreen)", ["-c", WINDOW], 2.0),
]


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8")
    env.update(extra)
    return env


def timed_run(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one whole process."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {err}")
    return wall, usage.ru_utime + usage.ru_stime


def spread(xs: list[float]) -> str:
    return f"{min(xs):6.3f} {statistics.median(xs):7.3f} {max(xs):7.3f}"


def whole_process(runs: int) -> None:
    print(f"== whole process ({runs} runs after 1 warm-up; seconds: min median max)")
    env = _env()
    print(f"{'command':48s} {'wall':>22s} {'cpu':>22s}  target")
    for label, args, target in COMMANDS:
        timed_run(args, env)
        walls, cpus = zip(*(timed_run(args, env) for _ in range(runs)), strict=True)
        goal = f"<= {target} s" if target else ""
        print(f"{label:48s} {spread(list(walls))}   {spread(list(cpus))}  {goal}")


def in_process(n_hands: int) -> None:
    import numpy as np

    from cp_trainer.rules.cards import Card
    from cp_trainer.rules.house_rules import HouseRules
    from cp_trainer.solver.montecarlo import SolveRequest, solve, warm_up

    try:
        from cp_trainer.solver.parallel import WORKERS
    except ImportError:  # an older cp-trainer, measured for comparison
        WORKERS = 1

    warm_up()
    rng = np.random.default_rng(2026)
    hands = [[Card.from_index(int(i)) for i in rng.permutation(52)[:13]] for _ in range(n_hands)]
    rules = HouseRules()
    print(f"== in-process solve, 1 opponent, 10,000 samples ({n_hands} random hands, each the best of "
          f"3; {WORKERS} worker thread(s))")
    for bot, target in (("greedy", 0.05), ("standard", 0.25)):
        walls: list[float] = []
        cpus: list[float] = []
        for hand in hands:
            best = (float("inf"), 0.0)
            for _ in range(3):
                w, c = time.perf_counter(), time.process_time()
                solve(SolveRequest(tuple(hand), rules, bot=bot, samples=10_000, seed=1, keep_samples=False))
                best = min(best, (time.perf_counter() - w, time.process_time() - c))
            walls.append(best[0])
            cpus.append(best[1])
        print(f"vs {bot:9s} wall {spread(walls)}   cpu {spread(cpus)}  "
              f"(min median max; target <= {target} s)")


def cold() -> None:
    print("== fresh install: the set-up step into an empty cache, then the first Hint-sized solve")
    with tempfile.TemporaryDirectory() as folder:
        env = _env(NUMBA_CACHE_DIR=folder)
        wall, cpu = timed_run(["-m", "cp_trainer.precompile", "--quiet"], env)
        print(f"python -m cp_trainer.precompile: wall {wall:.1f} s, cpu {cpu:.1f} s")
        code = ("import time; t = time.perf_counter()\n"
                "from cp_trainer.rules.cards import parse_cards\n"
                "from cp_trainer.solver.montecarlo import SolveRequest, solve\n"
                f"solve(SolveRequest(tuple(parse_cards({HAND!r})), bot='standard', samples=10000, seed=1))\n"
                "print(time.perf_counter() - t)")
        wall, cpu = timed_run(["-c", code], env)
        print(f"then a new process's first solve (10k samples vs standard, imports included): wall "
              f"{wall:.2f} s, cpu {cpu:.2f} s (target <= 5 s)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--hands", type=int, default=9)
    ap.add_argument("--cold", action="store_true", help="also time the compile of a fresh install")
    args = ap.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} processor(s)")
    whole_process(args.runs)
    in_process(args.hands)
    if args.cold:
        cold()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
