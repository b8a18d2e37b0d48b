"""``./dev soak``: play the real window with real X events for a long time, on random seeds.

    PYTHONPATH=tests python -m soak.run [--actions N] [--seed S] [--seeds K] [--shots DIR] [--keep]

Each seed is one run of the installed app under Xvfb and openbox (:mod:`.xsession`), played by
:class:`~.player.Player` until N X actions were sent. A failed run prints its seed (run it again
with ``--seed S``), the reason and the app's stderr, and keeps its folder (logs, screenshot). The
end prints the figures: actions, seeds, time, failures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from .player import Player
from .xsession import SoakFailure, XSession

__all__ = ["main", "run_seed"]


def run_seed(seed: int, actions: int, *, shots: Path | None = None, keep: bool = False,
             verbose: bool = False) -> tuple[int, dict[str, int]]:
    """Play ``actions`` X actions on ``seed``; the actions sent and the steps taken. Raises
    :class:`SoakFailure` (the folder is then kept, its path in the message)."""
    log = (lambda line: print(f"  [{seed}] {line}", file=sys.stderr)) if verbose else None
    session = XSession(seed=seed % 2**31, log=log)
    player = Player(session, random.Random(seed))
    ok = False
    try:
        session.start()
        shot_at = {actions // 4, actions // 2, 3 * actions // 4}

        def on_step(_name: str) -> None:
            if shots is not None and shot_at and session.actions >= min(shot_at):
                shot_at.discard(min(shot_at))
                session.screenshot(shots / f"soak-{seed}-{session.actions}.png")

        player.play(actions, on_step)
        session.check()
        session.quit()
        ok = True
        if player.misses:
            print(f"soak: seed {seed}: {len(player.misses)} step(s) did not reach their aim: "
                  + "; ".join(player.misses[:5]), file=sys.stderr)
        return session.actions, player.steps
    except SoakFailure as exc:
        raise SoakFailure(f"seed {seed}, after {session.actions} actions (steps {player.steps}): {exc}\n"
                          f"{session.report()}") from None
    finally:
        session.close(keep=keep or not ok)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="./dev soak", description="Play the real window with real X events "
                                "(Xvfb, openbox, xdotool) and fail on a crash, a hang or an error line.")
    p.add_argument("--actions", type=int, default=2000, metavar="N", help="X actions per seed (default 2000)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="the first seed (default: random)")
    p.add_argument("--seeds", type=int, default=3, metavar="K", help="how many seeds (default 3)")
    p.add_argument("--shots", type=Path, default=None, metavar="DIR", help="save a few screenshots there")
    p.add_argument("--keep", action="store_true", help="keep each run's folder (logs) even when it passed")
    p.add_argument("-v", "--verbose", action="store_true", help="print every X action")
    a = p.parse_args(argv)
    if a.actions < 1 or a.seeds < 1:
        p.error("--actions and --seeds must be at least 1")
    first = a.seed if a.seed is not None else random.SystemRandom().randrange(2**31)
    if a.shots is not None:
        a.shots.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    total = 0
    failures: list[int] = []
    for seed in range(first, first + a.seeds):
        t = time.monotonic()
        try:
            sent, steps = run_seed(seed, a.actions, shots=a.shots, keep=a.keep, verbose=a.verbose)
        except SoakFailure as exc:
            failures.append(seed)
            print(f"soak: FAILED {exc}", file=sys.stderr)
            continue
        total += sent
        print(f"soak: seed {seed}: {sent} actions in {time.monotonic() - t:.0f} s; steps: "
              + ", ".join(f"{k} {v}" for k, v in sorted(steps.items())))
    print(f"soak: {total} actions on {a.seeds - len(failures)} passing seed(s) of {a.seeds} "
          f"(from {first}), {time.monotonic() - start:.0f} s, {len(failures)} failure(s)"
          + (f": seeds {' '.join(map(str, failures))}" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
