"""``python -m cp_trainer.precompile``: compile every kernel now, once, at set-up.

Numba compiles the solver's kernels the first time they run (about 15 s on a quiet two-core
machine, far longer on a busy one) and keeps the result in its cache (:mod:`cp_trainer.solver.numba_cache`);
later processes load it in a fraction of a second. ``./dev`` runs this right after installing,
with a visible step, so the first Hint after a fresh install answers at once instead of sitting
at 0% while the compiler works. It compiles the Pai Gow kernels too. Running it again when the
cache is warm takes about a second.

The work is a few :data:`STEPS`, each with its share of a first compile's time: ``--progress``
prints ``progress DONE TOTAL`` (shares done so far, of all) before each step and once at the end,
and nothing else on standard output. The window runs it so on a first start
(:mod:`cp_trainer.gui.first_start`) and shows how far it is.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .solver.numba_cache import configure
from .support.i18n import system_language, tr
from .support.resources import MissingResourcesError

__all__ = ["STEPS", "Step", "main", "precompile"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Step:
    """One part of the compile: ``weight`` is its share of a first compile's time (on a quiet
    two-core machine), ``run`` compiles (or loads from the cache) its kernels."""

    name: str
    weight: int
    run: Callable[[], None]


def _solver() -> None:
    """The Monte-Carlo solver's kernels, the compiled bots' and the hindsight's."""
    from .rules.bot_names import BotName
    from .rules.cards import FULL_DECK
    from .rules.house_rules import HouseRules
    from .solver import montecarlo as mc
    from .solver.enumerate import setting_arrangement
    from .solver.fastbots import FastBot

    cards, rules = list(FULL_DECK[:13]), HouseRules()
    mc.solve(mc.SolveRequest(tuple(cards), rules, bot=BotName.GREEDY, samples=2, seed=0, chunk=1))
    FastBot(BotName.GREEDY).arrange(cards, rules)
    mc.hindsight(cards, [setting_arrangement(list(FULL_DECK[13:26]), 0)], rules)


def _standard() -> None:
    """``standard``'s card-removal step, in the solver and at the table; then whatever else
    :func:`cp_trainer.solver.warm_up` covers (at once, when the steps before compiled it all)."""
    from .rules.cards import FULL_DECK
    from .rules.house_rules import HouseRules
    from .solver import warm_up
    from .solver._jit import load_kernels
    from .solver.bots import get_bot

    load_kernels()  # one hand through the kernel too, as the bots set hands once Numba is loaded
    for name in ("greedy", "standard"):
        try:
            get_bot(name).arrange(list(FULL_DECK[13:26]), HouseRules())
        except FileNotFoundError:  # no trained table in a stripped install: standard unavailable
            continue
    warm_up()


def _paigow() -> None:
    from .paigow.cards import parse_hand
    from .paigow.ev import settings_ev
    from .paigow.house_way import house_way

    hand = parse_hand("Js Jh 3d 3c 9d 7h 6c")
    house_way(hand)
    settings_ev(hand, samples=2, seed=0)


#: the compile, in order; the weights are the seconds each took on a first compile, rounded
STEPS: tuple[Step, ...] = (Step("solver", 40, _solver), Step("standard", 45, _standard),
                           Step("paigow", 15, _paigow))


def precompile(progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
               steps: Sequence[Step] | None = None) -> bool:
    """Compile (or load from the cache) every kernel of the solver and of Pai Gow (``steps``,
    default :data:`STEPS`). ``progress`` hears (weight done, total weight) before each step and
    once at the end; ``cancelled`` is asked between steps (True: stop there; what is compiled
    stays cached). True when done."""
    steps = STEPS if steps is None else steps
    total = sum(step.weight for step in steps)
    done = 0
    for step in steps:
        if cancelled is not None and cancelled():
            return False
        if progress is not None:
            progress(done, total)
        step.run()
        done += step.weight
    if progress is not None:
        progress(total, total)
    return True


def _print_progress(done: int, total: int) -> None:
    print(f"progress {done} {total}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Compile, saying so unless ``--quiet`` (``--progress``: only the progress lines); status 0,
    or 1 with one line for a broken install (no resources folder: in English, since no
    catalogue can be read)."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        return _compile_all("--quiet" in args, "--progress" in args)
    except MissingResourcesError as exc:
        print(f"cp-trainer precompile: {exc}", file=sys.stderr)
        return 1


def _compile_all(quiet: bool, progress: bool = False) -> int:
    lang = system_language()
    folder = configure()
    quiet = quiet or progress
    if not quiet:
        print(tr("setup.compile.start", lang), flush=True)
    start = time.perf_counter()
    precompile(_print_progress if progress else None)
    if not quiet:
        seconds = f"{time.perf_counter() - start:.1f}"
        if folder is None:
            print(tr("setup.compile.no_cache", lang, seconds=seconds), flush=True)
        else:
            print(tr("setup.compile.done", lang, seconds=seconds, folder=str(folder)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
