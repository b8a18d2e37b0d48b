"""``python -m cp_trainer.precompile``: compile every kernel now, once, at set-up.

Numba compiles the solver's kernels the first time they run (about 15 s on a quiet two-core
machine, far longer on a busy one) and keeps the result in its cache (:mod:`cp_trainer.jit`);
later processes load it in a fraction of a second. ``./dev`` runs this right after installing,
with a visible step, so the first Hint after a fresh install answers at once instead of sitting
at 0% while the compiler works. It compiles the Pai Gow kernels too. Running it again when the
cache is warm takes about a second.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from .i18n import system_language, tr
from .jit import configure
from .resources import MissingResourcesError

__all__ = ["main", "precompile"]


def precompile() -> None:
    """Compile (or load from the cache) every kernel of the solver and of Pai Gow."""
    from .cards import FULL_DECK
    from .house_rules import HouseRules
    from .paigow.cards import parse_hand
    from .paigow.ev import settings_ev
    from .paigow.house_way import house_way
    from .solver import warm_up
    from .solver._jit import load_kernels
    from .solver.bots import get_bot

    warm_up()
    load_kernels()  # one hand through the kernel too, as the bots set hands once Numba is loaded
    for name in ("greedy", "standard"):
        get_bot(name).arrange(list(FULL_DECK[13:26]), HouseRules())
    hand = parse_hand("Js Jh 3d 3c 9d 7h 6c")
    house_way(hand)
    settings_ev(hand, samples=2, seed=0)


def main(argv: Sequence[str] | None = None) -> int:
    """Compile, saying so unless ``--quiet``; status 0, or 1 with one line for a broken install
    (no resources folder: in English, since no catalogue can be read)."""
    try:
        return _compile_all("--quiet" in list(sys.argv[1:] if argv is None else argv))
    except MissingResourcesError as exc:
        print(f"cp-trainer precompile: {exc}", file=sys.stderr)
        return 1


def _compile_all(quiet: bool) -> int:
    lang = system_language()
    folder = configure()
    if not quiet:
        print(tr("setup.compile.start", lang), flush=True)
    start = time.perf_counter()
    precompile()
    if not quiet:
        seconds = f"{time.perf_counter() - start:.1f}"
        if folder is None:
            print(tr("setup.compile.no_cache", lang, seconds=seconds), flush=True)
        else:
            print(tr("setup.compile.done", lang, seconds=seconds, folder=str(folder)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
