"""Expected value of all 21 settings of a hand against a dealer who sets by house way.

Monte-Carlo over the 46 cards the player does not hold: each sample deals the dealer 7 of them,
sets them by house way and settles every one of the player's 21 settings against it (the same
dealer hands for all 21, so their differences are measured more precisely than their values).
A fouled setting loses the stake every time (EV -1).

Reproducible with ``seed``; ``progress(done, total)`` is called after every chunk and
``cancel()`` is polled there, so a GUI can run :func:`settings_ev` in a worker thread and stop
it; a cancelled run returns what it has (``cancelled=True``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..solver.numba_cache import njit
from .cards import PAIGOW_DECK, CardCountError, PgCard, card_code, check_distinct
from .house_way import house_way_codes
from .resolve import WIN_PAYOUT
from .setting import BACKS, FRONTS, SETTING_COUNT, Setting, setting_from_index

__all__ = ["DEFAULT_SAMPLES", "EvResult", "SettingEv", "dealer_samples", "outcome_matrix",
           "settings_ev"]

DEFAULT_SAMPLES = 20_000
DEFAULT_CHUNK = 2_000


@njit(cache=True)
def _outcomes(dealer: np.ndarray, p_high: np.ndarray, p_low: np.ndarray, fronts: np.ndarray,
              backs: np.ndarray) -> np.ndarray:
    """(samples, 21) int8: +1 the setting wins both hands, 0 push, -1 loses (copies: dealer)."""
    n = dealer.shape[0]
    out = np.empty((n, p_high.shape[0]), np.int8)
    highs = np.empty(21, np.int64)
    lows = np.empty(21, np.int64)
    for i in range(n):
        k, _, _ = house_way_codes(dealer[i], fronts, backs, highs, lows)
        dh = highs[k]
        dl = lows[k]
        for j in range(p_high.shape[0]):
            s = (1 if p_high[j] > dh else -1) + (1 if p_low[j] > dl else -1)
            out[i, j] = 1 if s == 2 else (0 if s == 0 else -1)
    return out


@dataclass(frozen=True, slots=True)
class SettingEv:
    """One setting's estimate: ``ev`` per unit staked with its standard error, and the difference
    from the house-way setting (same dealer hands) with that difference's standard error."""

    index: int
    setting: Setting
    foul: bool
    ev: float
    se: float
    vs_house: float
    vs_house_se: float
    win: float
    push: float
    lose: float


@dataclass(frozen=True, slots=True)
class EvResult:
    cards: tuple[PgCard, ...]
    settings: tuple[SettingEv, ...]  # index order, 21
    samples: int
    requested: int
    seed: int | None
    cancelled: bool
    house_way_index: int
    house_way_rules: tuple[int, ...]

    @property
    def best(self) -> SettingEv:
        return max(self.settings, key=lambda s: s.ev)

    @property
    def house(self) -> SettingEv:
        return self.settings[self.house_way_index]

    def index_of(self, setting: Setting) -> int | None:
        """The index of ``setting`` among this hand's 21 (None if it is not a setting of it)."""
        return next((s.index for s in self.settings if s.setting == setting), None)

    def ranked(self) -> list[SettingEv]:
        """Best first."""
        return sorted(self.settings, key=lambda s: (-s.ev, s.index))


def _codes(cards: Sequence[PgCard]) -> np.ndarray:
    if len(cards) != 7:
        raise CardCountError(7, len(cards))
    check_distinct(cards)
    return np.array([card_code(c) for c in cards], dtype=np.int64)


def dealer_samples(cards: Sequence[PgCard], n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` random dealer hands (card codes, shape (n, 7)) from the 46 cards not in ``cards``."""
    held = set(_codes(cards).tolist())
    unseen = np.array([c for c in range(len(PAIGOW_DECK)) if c not in held], dtype=np.int64)
    keys = rng.random((n, unseen.shape[0]))
    return unseen[np.argpartition(keys, 7, axis=1)[:, :7]]


def outcome_matrix(cards: Sequence[PgCard], dealer: np.ndarray) -> np.ndarray:
    """Outcomes (+1/0/-1) of the 21 settings against given dealer hands; fouls count -1."""
    codes = _codes(cards)
    highs = np.empty(21, np.int64)
    lows = np.empty(21, np.int64)
    house_way_codes(codes, FRONTS, BACKS, highs, lows)
    out = _outcomes(np.ascontiguousarray(dealer, dtype=np.int64), highs, lows, FRONTS, BACKS)
    out[:, lows > highs] = -1
    return out


def settings_ev(
    cards: Sequence[PgCard],
    samples: int = DEFAULT_SAMPLES,
    *,
    seed: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    chunk: int = DEFAULT_CHUNK,
) -> EvResult:
    """Estimate the EV of every setting of ``cards`` against a house-way dealer."""
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    hand = tuple(cards)
    codes = _codes(hand)
    highs = np.empty(21, np.int64)
    lows = np.empty(21, np.int64)
    hk, r1, r2 = house_way_codes(codes, FRONTS, BACKS, highs, lows)
    fouls = lows > highs
    rng = np.random.default_rng(seed)
    pay = np.array([-1.0, 0.0, WIN_PAYOUT])  # by outcome + 1
    total = np.zeros(21)
    total_sq = np.zeros(21)
    diff_sq = np.zeros(21)
    counts = np.zeros((21, 3), np.int64)
    done = 0
    cancelled = False
    while done < samples:
        if cancel is not None and cancel():
            cancelled = True
            break
        m = min(chunk, samples - done)
        out = outcome_matrix(hand, dealer_samples(hand, m, rng))
        x = pay[out.astype(np.int64) + 1]
        total += x.sum(axis=0)
        total_sq += (x * x).sum(axis=0)
        d = x - x[:, [hk]]
        diff_sq += (d * d).sum(axis=0)
        for o in (-1, 0, 1):
            counts[:, o + 1] += (out == o).sum(axis=0)
        done += m
        if progress is not None:
            progress(done, samples)
    results = []
    n = max(done, 1)
    house_mean = total[hk] / n
    for j in range(SETTING_COUNT):
        mean = total[j] / n
        var = max(total_sq[j] / n - mean * mean, 0.0)
        diff = mean - house_mean
        dvar = max(diff_sq[j] / n - diff * diff, 0.0)
        se = math.sqrt(var / (n - 1)) if done > 1 else math.nan
        dse = math.sqrt(dvar / (n - 1)) if done > 1 else math.nan
        results.append(SettingEv(
            index=j, setting=setting_from_index(hand, j), foul=bool(fouls[j]),
            ev=float(mean) if done else math.nan, se=se,
            vs_house=float(diff) if done else math.nan, vs_house_se=dse,
            win=counts[j, 2] / n, push=counts[j, 1] / n, lose=counts[j, 0] / n,
        ))
    rules = (int(r1),) if r2 < 0 else (int(r1), int(r2))
    return EvResult(hand, tuple(results), done, samples, seed, cancelled, int(hk), rules)
