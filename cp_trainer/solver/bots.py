"""The bots: named, documented strategies with one interface.

``get_bot(name).arrange(cards, rules) -> Arrangement`` for 13 distinct cards; every bot returns
a legal arrangement (never a foul).

- ``greedy`` — the legal arrangement with the strongest bottom, then the strongest middle, then
  the strongest top (strengths compared; arrangements with the same three strengths are the same
  answer). Exactly specified: the opponent model tests can reproduce.
- ``standard`` — maximises expected points under the house rules from per-row win probabilities
  against a typical opponent (:mod:`.winprob`), rows taken as independent: for 2-4,
  E = sum(w - l) + P(win >= 2) - P(lose >= 2), plus royalties when they are on. With naturals
  on it sets three flushes or three straights when the natural is worth more.
- ``expert`` — ``standard`` corrected by the Monte-Carlo solver (:mod:`.montecarlo`): 1,000
  samples of one opponent played by ``standard``, seeded by the hand so that it answers the same
  way every time. The best of ~70 noisy means is biased upwards, and chasing it loses points, so
  the solver's best arrangement replaces ``standard``'s own choice only when it beats it by more
  than ``z`` (1) standard error of the paired difference *and* a second, independent run of
  as many samples confirms the gain (by more than ``confirm_z`` (0.5) standard errors). Tuned on
  300 hands, each change re-measured with 20,000 samples: z = 2 / 1 changed 11 hands
  (+0.0030 points a hand), 1 / 0.5 changed 31 (+0.0046), 0.5 / 0 changed 42 (+0.0049, with more
  changes for the worse).

``greedy`` ignores naturals (it is exactly specified); a natural is judged on the arrangement a bot
returns (six pairs and the dragon whatever the setting).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ..arrangement import Arrangement
from ..cards import Card
from ..house_rules import HouseRules, ScoringSystem
from . import _jit, single
from .enumerate import check_hand, setting_arrangement, tables_for
from .kernels import BOT_GREEDY, BOT_STANDARD, bot_setting, bot_settings
from .parallel import run_ranges
from .tables import COMB3, COMB5, SPLIT_MID, SPLIT_TOP, hand_array
from .winprob import load_winprob, row_probabilities

__all__ = ["BOT_NAMES", "Bot", "BotSpec", "get_bot"]

BOT_NAMES = ("greedy", "standard", "expert")
F64 = npt.NDArray[np.float64]


def bonuses(rules: HouseRules) -> tuple[float, float]:
    """(bonus for winning >= 2 rows, bonus for winning all 3) on top of +1 a row."""
    if rules.system is ScoringSystem.TWO_FOUR:
        return 1.0, 0.0
    if rules.system is ScoringSystem.TWO_FOUR_SCOOP:
        return 0.0, 1.0
    return 0.0, 3.0


@dataclass(frozen=True)
class BotSpec:
    """What a compiled kernel needs to play one of the fast bots under some rules."""

    kind: int
    probs: F64  # (classes, 9): see kernels.setting_value
    bonus2: float
    bonus3: float
    natural_value: float = -1.0  # what a natural is worth, when the bot looks for one (else -1)


_NO_PROBS = np.zeros((1, 9), dtype=np.float64)


@cache
def bot_spec(name: str, rules: HouseRules, seat: int = 0) -> BotSpec:
    """The kernel inputs of ``greedy`` or ``standard``."""
    if name == "greedy":
        return BotSpec(BOT_GREEDY, _NO_PROBS, 0.0, 0.0)
    if name == "standard":
        b2, b3 = bonuses(rules)
        wp = load_winprob(low_middle=rules.low_middle)
        probs = np.ascontiguousarray(row_probabilities(wp, rules, seat).T)
        natural = float(rules.effective_natural_amount) if rules.naturals else -1.0
        return BotSpec(BOT_STANDARD, probs, b2, b3, natural)
    raise ValueError(f"not a compiled bot: {name!r}")


def settings_for(hands: npt.NDArray[np.int64], name: str, rules: HouseRules,
                 seat: int = 0) -> npt.NDArray[np.int64]:
    """Setting numbers a fast bot picks for each of ``hands`` (M, 13) card indices."""
    spec = bot_spec(name, rules, seat)
    tab = tables_for(rules)
    hands = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, 13)
    out = np.empty(hands.shape[0], dtype=np.int64)

    def work(lo: int, hi: int) -> None:
        bot_settings(hands[lo:hi], spec.kind, tab.nf5, tab.fl5, tab.t3, tab.nf5_low, tab.fl5_low,
                     rules.low_middle, SPLIT_MID, SPLIT_TOP, spec.probs, spec.bonus2, spec.bonus3,
                     spec.natural_value, tab.class_category, COMB3, out[lo:hi])

    run_ranges(work, hands.shape[0], least=64 if spec.kind == BOT_STANDARD else 256)
    return out


def numpy_setting(name: str, hand: npt.NDArray[np.int64], rules: HouseRules, seat: int = 0) -> int:
    """The setting ``greedy`` or ``standard`` picks for one hand (card indices in the engine's
    order), computed in NumPy (:mod:`.single`): the kernel's answer without loading Numba."""
    spec = bot_spec(name, rules, seat)
    tab = tables_for(rules)
    sc = single.subset_classes(hand, tab, rules.low_middle)
    if spec.kind == BOT_GREEDY:
        return single.greedy_setting(sc)
    return single.standard_setting(sc, spec.probs, spec.bonus2, spec.bonus3, spec.natural_value,
                                   tab.class_category)


class Bot:
    """A strategy: ``arrange(cards, rules)`` returns a legal arrangement of 13 cards."""

    name = "bot"

    def setting(self, cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> int:
        raise NotImplementedError

    def arrange(self, cards: Sequence[Card], rules: HouseRules | None = None, seat: int = 0) -> Arrangement:
        rules = rules or HouseRules()
        check_hand(cards)
        return setting_arrangement(cards, self.setting(cards, rules, seat))


class FastBot(Bot):
    """``greedy`` or ``standard`` (see the module docstring). One hand is set in NumPy
    (:mod:`.single`: nothing to compile) until the process has loaded the compiled kernels, then
    with the kernel; both give the same settings (the solver sets its thousands with the kernel,
    :func:`settings_for`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def setting(self, cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> int:
        spec = bot_spec(self.name, rules, seat)
        tab = tables_for(rules)
        if _jit.is_loaded():  # Numba is paid for in this process already: the kernel is faster
            c5 = np.empty(len(COMB5), dtype=np.int16)
            return int(bot_setting(hand_array(tuple(cards)), spec.kind, tab.nf5, tab.fl5, tab.t3,
                                   tab.nf5_low, tab.fl5_low, rules.low_middle, SPLIT_MID, SPLIT_TOP,
                                   spec.probs, spec.bonus2, spec.bonus3, spec.natural_value,
                                   tab.class_category, COMB3, c5, np.empty_like(c5),
                                   np.empty(len(COMB3), dtype=np.int16)))
        return numpy_setting(self.name, hand_array(tuple(cards)), rules, seat)


class ExpertBot(Bot):
    """``standard`` corrected by the Monte-Carlo solver (see the module docstring)."""

    name = "expert"

    def __init__(self, samples: int = 1000, opponents: int = 1, z: float = 1.0,
                 confirm_z: float = 0.5) -> None:
        self.samples = samples
        self.opponents = opponents
        self.z = z
        self.confirm_z = confirm_z

    def setting(self, cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> int:
        from .montecarlo import solve

        own = FastBot("standard").setting(cards, rules, seat)
        reference = setting_arrangement(cards, own)
        seed = int(sum(c.index << (6 * (i % 10)) for i, c in enumerate(sorted(cards))))
        result = solve(cards, rules, bot="standard", opponents=self.opponents, samples=self.samples,
                       seed=seed, seat=seat, reference=reference)
        best = result.best
        assert best.diff is not None and best.diff_stderr is not None
        if not best.diff > self.z * best.diff_stderr:
            return own
        check = solve(cards, rules, bot="standard", opponents=self.opponents, samples=self.samples,
                      seed=seed + 1, seat=seat, reference=reference)
        again = next(c for c in check.candidates if c.setting == best.setting)
        assert again.diff is not None and again.diff_stderr is not None
        return best.setting if again.diff > self.confirm_z * again.diff_stderr else own


def get_bot(name: str) -> Bot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`)."""
    if name in ("greedy", "standard"):
        return FastBot(name)
    if name == "expert":
        return ExpertBot()
    raise ValueError(f"unknown bot: {name!r} (choose from {', '.join(BOT_NAMES)})")
