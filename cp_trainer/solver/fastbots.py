"""The compiled bots, ``greedy``, ``standard`` and the styles on it (see :mod:`.bots` and
:mod:`.styles` for what they do).

Split from :mod:`.bots` so that the Monte-Carlo solver (:mod:`.montecarlo`), which lets these bots
set the opponents' hands, and the ``expert`` bot, which asks the solver, import in one direction:
``fastbots`` ← ``montecarlo`` ← ``bots``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ..rules.arrangement import Arrangement
from ..rules.cards import Card
from ..rules.house_rules import HouseRules
from . import _jit, removal, single, styles
from .enumerate import check_hand, setting_arrangement, tables_for
from .kernel_args import Rating, row_tables
from .kernels import BOT_GREEDY, BOT_STANDARD, bot_settings, removal_settings, setting_value
from .names import STYLES, BotChoice, BotName
from .parallel import run_ranges
from .tables import hand_array
from .winprob import kernel_probs

__all__ = ["POOL_HANDS", "POOL_SEED", "Bot", "BotSpec", "FastBot", "bonuses", "bot_spec", "build_pool_hands",
           "numpy_setting", "removal_pool", "settings_for", "standard_estimate"]

F64 = npt.NDArray[np.float64]


def bonuses(rules: HouseRules) -> tuple[float, float]:
    """(bonus for winning >= 2 rows, bonus for winning all 3) on top of +1 a row."""
    return float(rules.system.majority_bonus), float(rules.effective_scoop_bonus)


@dataclass(frozen=True)
class BotSpec:
    """What a compiled kernel needs to play one of the fast bots under some rules."""

    kind: int
    probs: F64  # (classes, 9), or a mixture's (classes + 1, 9 + 6 kinds): see kernels.setting_value
    bonus2: float
    bonus3: float
    natural_value: float = -1.0  # what a natural is worth, when the bot looks for one (else -1)
    style: bool = False  # a style on standard's kernel (:mod:`.styles`): no card-removal step

    @property
    def rating(self) -> Rating:
        """What the kernels read of it to rate a setting."""
        return Rating(self.probs, self.bonus2, self.bonus3, self.natural_value)


_NO_PROBS = np.zeros((1, 9), dtype=np.float64)


@cache
def bot_spec(name: str, rules: HouseRules, seat: int = 0) -> BotSpec:
    """The kernel inputs of ``greedy``, ``standard`` or a style on it (:mod:`.styles`)."""
    if name == BotName.GREEDY:
        return BotSpec(BOT_GREEDY, _NO_PROBS, 0.0, 0.0)
    if name == BotName.STANDARD or name in STYLES:
        b2, b3 = bonuses(rules)
        probs = kernel_probs(rules, seat)
        natural = float(rules.effective_natural_amount) if rules.naturals else -1.0
        if name == BotName.SCOOP_CHASER:
            b3 += styles.SCOOP_WEIGHT
        elif name == BotName.PAIR_ON_TOP:
            probs = styles.pair_top_probs(probs, tables_for(rules))
        return BotSpec(BOT_STANDARD, probs, b2, b3, natural, style=name != BotName.STANDARD)
    raise ValueError(f"not a compiled bot: {name!r}")


#: a pool: this many random hands (shuffled decks, four hands each, NumPy's generator seeded so)
POOL_HANDS = 20_000
POOL_SEED = 7


def build_pool_hands(rules: HouseRules, seat: int = 0, n: int = POOL_HANDS, seed: int = POOL_SEED
                     ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int16],
                                npt.NDArray[np.int8]]:
    """A card-removal pool for ``seat`` under ``rules``: ``n`` random hands set by ``standard``'s
    rating alone at :func:`.removal.opponent_seat` (the opponents the solver models), their
    settings, row classes and naturals (deterministic; ``scripts/build_removal_pool.py`` ships some)."""
    from .scoring import setting_rows

    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((-(-n // 4), 52)), axis=1).reshape(-1, 13)[:n].astype(np.int64)
    settings = settings_for(decks, "standard", rules, seat=removal.opponent_seat(seat), card_removal=False)
    rows = setting_rows(decks, settings, tables_for(rules), rules)
    return decks, settings, rows.cls.astype(np.int16), rows.nat


@cache
def _built_pool(key: removal.PoolKey) -> removal.Pool:
    rules = _canonical(key)
    hands, _, cls, nat = build_pool_hands(rules)
    meta = {"hands": POOL_HANDS, "seed": POOL_SEED, "bot": "standard (rating alone)",
            "rules": "built in memory", "key": repr(key)}
    return removal.pool_from(hands, cls, meta, nat if rules.naturals else None)


def removal_pool(rules: HouseRules, seat: int = 0) -> removal.Pool:
    """The card-removal pool for ``seat`` under ``rules``: the shipped one set under the same play
    (:func:`.removal.shipped_pool_name`), else one built in memory once (:func:`build_pool_hands`,
    about a second; it loads the compiled kernels)."""
    name = removal.shipped_pool_name(rules, seat)
    if name is not None:
        return removal.load_pool(name)
    return _built_pool(removal.PoolKey.of(rules, seat))


def _canonical(key: removal.PoolKey) -> HouseRules:
    """Rules whose pool (at seat 0) is the pool of ``key``, so equal keys build once."""
    from ..rules.house_rules import ScoringSystem, TieRule

    system = ScoringSystem.TWO_FOUR if key.majority else ScoringSystem.TWO_FOUR_SCOOP
    rules = HouseRules(system=system, scoop_bonus=key.scoop, low_middle=key.low, wheel_second=key.wheel)
    if key.ties != "push":
        rules = rules.replace(ties=TieRule.BANK, bank=1 if key.ties == "won" else 0)
    if key.royalties is not None:
        rules = rules.replace(royalties=True, royalty_table=key.royalties,
                              royalties_better_hand_only=key.better_only)
    if key.natural is not None:
        rules = rules.replace(naturals=True, natural_amount=key.natural)
    return rules


def _removal(spec: BotSpec, rules: HouseRules, card_removal: bool) -> bool:
    """Does this bot take :mod:`.removal`'s step here?"""
    return card_removal and spec.kind == BOT_STANDARD and not spec.style and removal.applies(rules)


def settings_for(hands: npt.NDArray[np.int64], name: str | BotChoice, rules: HouseRules, seat: int = 0,
                 card_removal: bool = True, *, foul_seat: int | None = None,
                 seed: int = 0) -> npt.NDArray[np.int64]:
    """Setting numbers a fast bot picks for each of ``hands`` (M, 13) card indices.

    ``card_removal=False``: ``standard`` by its rating alone, without :mod:`.removal`'s last step
    (the solver's model of its opponents). ``name`` may be a :class:`BotChoice` (a newcomer's
    rate); the newcomer's fouls are drawn for the hands at ``foul_seat`` (default ``seat``) with
    ``seed`` (:func:`.styles.foul_draws`)."""
    choice = BotChoice.of(name)
    spec = bot_spec(choice.name, rules, seat)
    tabs = row_tables(tables_for(rules))
    rating = spec.rating
    hands = np.ascontiguousarray(hands, dtype=np.int64).reshape(-1, 13)
    out = np.empty(hands.shape[0], dtype=np.int64)
    if _removal(spec, rules, card_removal):
        step = removal.kernel_step(removal_pool(rules, seat), removal.StepRules.of(rules, seat))
        delta, k = removal.window(rules)

        def work(lo: int, hi: int) -> None:
            removal_settings(hands[lo:hi], tabs, rules.low_middle, rating, delta, k, step, out[lo:hi])
    else:
        def work(lo: int, hi: int) -> None:
            bot_settings(hands[lo:hi], spec.kind, tabs, rules.low_middle, rating, out[lo:hi])

    run_ranges(work, hands.shape[0], least=64 if spec.kind == BOT_STANDARD else 256)
    return _newcomer(hands, out, choice, rules, seat if foul_seat is None else foul_seat, seed)


def _newcomer(hands: npt.NDArray[np.int64], settings: npt.NDArray[np.int64], choice: BotChoice,
              rules: HouseRules, seat: int, seed: int) -> npt.NDArray[np.int64]:
    """The newcomer's fouls played on ``settings`` (unchanged for every other bot)."""
    if choice.name is not BotName.NEWCOMER or choice.foul_rate == 0.0:
        return settings
    fouls = styles.foul_draws(hands, seat, seed) < choice.foul_rate
    return styles.foul_settings(hands, settings, fouls, rules)


def numpy_setting(name: str, hand: npt.NDArray[np.int64], rules: HouseRules, seat: int = 0,
                  card_removal: bool = True) -> int:
    """The setting ``greedy`` or ``standard`` picks for one hand (card indices in the engine's
    order), computed in NumPy (:mod:`.single`, :mod:`.removal`): the kernel's answer without
    loading Numba."""
    spec = bot_spec(name, rules, seat)
    tab = tables_for(rules)
    sc = single.subset_classes(hand, tab, rules.low_middle)
    if spec.kind == BOT_GREEDY:
        return single.greedy_setting(sc)
    if _removal(spec, rules, card_removal):
        best, legal, value = single.rated_setting(sc, spec.probs, spec.bonus2, spec.bonus3)
        if spec.natural_value >= 0:  # a natural declared, or one however set: no step
            nat = single.natural_setting(sc, tab.class_category)
            if nat >= 0 and spec.natural_value > value.max():
                return nat
            if removal.natural_anyway(hand):
                return best
        return removal.rerank(hand, sc, value, legal, best,
                              removal_pool(rules, seat), removal.StepRules.of(rules, seat), rules)
    return single.standard_setting(sc, spec.probs, spec.bonus2, spec.bonus3, spec.natural_value,
                                   tab.class_category)


class Bot:
    """A strategy: ``arrange(cards, rules)`` returns a legal arrangement of 13 cards."""

    name: str = "bot"

    def setting(self, cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> int:
        raise NotImplementedError

    def arrange(self, cards: Sequence[Card], rules: HouseRules | None = None, seat: int = 0) -> Arrangement:
        rules = rules or HouseRules()
        check_hand(cards)
        return setting_arrangement(cards, self.setting(cards, rules, seat))

    def surrenders(self, cards: Sequence[Card], rules: HouseRules | None = None, seat: int = 0,
                   opponents: int = 1) -> bool:
        """Does the bot give these cards up (surrender, when the house rules allow it)? Never,
        unless the bot says otherwise (:mod:`.bots`)."""
        return False


class FastBot(Bot):
    """``greedy``, ``standard`` or a style on it (see :mod:`.bots`, :mod:`.styles`). One hand is set
    in NumPy (:mod:`.single`: nothing to compile) until the process has loaded the compiled
    kernels, then with the kernel; both give the same settings (the solver sets its thousands with
    the kernel, :func:`settings_for`). A newcomer's fouls (with ``seed``, 0 by default) are drawn
    from the hand and its seat, so a replay gets the same answer."""

    def __init__(self, name: BotName | BotChoice, seed: int = 0) -> None:
        choice = BotChoice.of(name)
        if choice.name is BotName.EXPERT:
            raise ValueError(f"not a compiled bot: {choice.name.value!r}")
        self.choice = choice
        self.name = choice.name
        self.seed = seed

    def setting(self, cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> int:
        hand = hand_array(tuple(cards))
        if not _jit.is_loaded():  # no Numba in this process yet: NumPy, nothing to load
            best = numpy_setting(self.name, hand, rules, seat)
        else:
            best = self._kernel_setting(hand, rules, seat)
        return int(_newcomer(hand.reshape(1, 13), np.array([best], dtype=np.int64), self.choice, rules,
                             seat, self.seed)[0])

    def _kernel_setting(self, hand: npt.NDArray[np.int64], rules: HouseRules, seat: int) -> int:
        spec = bot_spec(self.name, rules, seat)
        if _removal(spec, rules, True):
            return int(settings_for(hand.reshape(1, 13), self.name, rules, seat)[0])
        out = np.empty(1, dtype=np.int64)
        bot_settings(hand.reshape(1, 13), spec.kind, row_tables(tables_for(rules)), rules.low_middle,
                     spec.rating, out)
        return int(out[0])

    def surrenders(self, cards: Sequence[Card], rules: HouseRules | None = None, seat: int = 0,
                   opponents: int = 1) -> bool:
        """``standard``: when its own estimate of its arrangement's points against each opponent
        is below minus the surrender cost; ``greedy`` (exactly specified) and the styles never."""
        rules = rules or HouseRules()
        if self.name != BotName.STANDARD or not rules.surrender:
            return False
        return standard_estimate(cards, rules, seat) < -rules.effective_surrender_cost


def standard_estimate(cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> float:
    """``standard``'s own estimate of the points its arrangement of ``cards`` scores against each
    opponent (from its per-row win probabilities; no sampling, well under a millisecond)."""
    from .scoring import arrangement_rows

    bot = FastBot(BotName.STANDARD)
    spec = bot_spec(BotName.STANDARD, rules, seat)
    cls = arrangement_rows([bot.arrange(cards, rules, seat)], tables_for(rules), rules).cls[0]
    return float(setting_value(int(cls[0]), int(cls[1]), int(cls[2]), spec.probs, spec.bonus2, spec.bonus3))
