"""Per-row win probabilities for the ``standard`` bot.

The shipped table ``resources/solver/winprob_v1.npz`` holds, for each row (top, middle, bottom),
how often a typical opponent's row falls in each strength class: the row classes of hands the
``standard`` bot itself set in self-play (``scripts/train_winprob.py``, iterated until the
distribution stops moving). From that histogram a row of class ``c`` wins with probability
P(opponent's row < c), ties with P(= c) and loses with P(> c), so the probabilities rise with
strength by construction and need no smoothing.

The file also carries the class strengths it was counted on (checked at load) and its training
metadata (JSON).

Those rows are taken as independent, and where a scoop pays little that is close enough. Where
it pays a bonus of :data:`MIXTURE_MIN_SCOOP` points or more (1-6, a scoop bonus of 2 and up), how
an opponent's rows go together decides most of what a setting is worth (a strong bottom comes
with a strong middle, so scoops both ways are likelier than the product of the rows says). There
the rating reads a *mixture* table (:class:`Mixture`, ``winprob_mix_v1_NAME.npz``, trained by
``scripts/train_mixture.py`` under :data:`MIXTURE_RULES`): the opponents as a few kinds of hand
(latent classes), rows independent within a kind. Its rows' sums are the one-row histograms, so
the expected rows won and lost are as before; only the majority and scoop bonuses are counted
kind by kind (:func:`.kernels.setting_value`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..rules.frozen import FrozenMap
from ..rules.house_rules import HouseRules, ScoringSystem, TieRule
from ..support.resources import resource_path
from .scoring import royalty_by_class
from .tables import Tables, tables

__all__ = ["MIXTURE_MIN_SCOOP", "MIXTURE_RULES", "WINPROB_FILE", "WINPROB_LOW_FILE", "Mixture", "WinProb",
           "kernel_probs", "load_mixture", "load_winprob", "mixture_file", "mixture_name",
           "row_probabilities", "save_mixture", "save_winprob"]

WINPROB_FILE = "winprob_v1.npz"
WINPROB_LOW_FILE = "winprob_lowmid_v1.npz"  # the low-middle variant
F64 = npt.NDArray[np.float64]

#: The mixture tables, by name: each trained by self-play under these rules
#: (``scripts/train_mixture.py``), in ``winprob_mix_v1_NAME.npz``; :func:`mixture_name` picks one.
MIXTURE_RULES: Mapping[str, HouseRules] = FrozenMap({
    "1-6": HouseRules(system=ScoringSystem.ONE_SIX),  # no majority bonus, a scoop 3 more
    "scoop-3": HouseRules(scoop_bonus=3),  # 2-4's majority bonus and a scoop 3 more
})
#: the smallest scoop bonus (points on top of the rows and the majority) rated with a mixture
MIXTURE_MIN_SCOOP = 2


@dataclass(frozen=True)
class WinProb:
    """Opponent row-class histograms ``hist[row, class]`` and the training metadata."""

    hist: F64
    metadata: Mapping[str, Any]  # read-only (a copy of the mapping given)

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata", FrozenMap(self.metadata))

    def win_tie_loss(self) -> tuple[F64, F64, F64]:
        """``(win, tie, loss)`` probabilities, each ``[row, class]``."""
        total = self.hist.sum(axis=1, keepdims=True)
        pmf = self.hist / total
        below = np.cumsum(pmf, axis=1) - pmf
        return below, pmf, np.clip(1.0 - below - pmf, 0.0, 1.0)


def save_winprob(path: Path, hist: F64, metadata: dict[str, Any]) -> None:
    tab = tables(False)
    np.savez_compressed(path, hist=hist, class_strength=tab.class_strength, low_strength=tab.low_strength,
                        metadata=np.array(json.dumps(metadata, sort_keys=True)))


@cache
def load_winprob(path: str | None = None, low_middle: bool = False) -> WinProb:
    """The shipped table (for the low-middle variant: its own, whose middle row counts low
    classes), or the file at ``path``."""
    name = WINPROB_LOW_FILE if low_middle else WINPROB_FILE
    file = Path(path) if path else resource_path("solver", name)
    with np.load(file, allow_pickle=False) as data:
        tab = tables(False)
        same = np.array_equal(data["class_strength"], tab.class_strength)
        if "low_strength" in data.files:
            same = same and np.array_equal(data["low_strength"], tab.low_strength)
        if not same:
            raise ValueError(f"{file.name} was counted on other strength classes; regenerate it "
                             "with scripts/train_winprob.py")
        return WinProb(data["hist"].astype(np.float64), json.loads(str(data["metadata"])))


def row_probabilities(wp: WinProb, rules: HouseRules, seat: int = 0, tab: Tables | None = None) -> F64:
    """Win/loss probabilities of the top, middle, bottom by class (rows 0-5), then
    the expected royalty of each row, by class.

    Ties push, or count as won (lost) when ``seat`` is (is not) the bank under ``TieRule.BANK``.
    With royalties on, a row's royalty is counted in full (or times its win chance when only the
    better hand is paid).
    """
    tab = tab or tables(rules.wheel_second)
    win, tie, loss = wp.win_tie_loss()
    # Probabilities are defined for every class, so the wheel's own class under *wheel ranks
    # second* (between the king-high and ace-high straights) is rated where it now ranks.
    if rules.ties is TieRule.BANK:
        if rules.bank == seat:
            win = win + tie
        else:
            loss = loss + tie
    probs = np.zeros((9, tab.n_classes), dtype=np.float64)
    for r in range(3):
        probs[2 * r] = win[r]
        probs[2 * r + 1] = loss[r]
    if rules.royalties:
        roy = royalty_by_class(tab, rules.royalty_table).astype(np.float64)
        probs[6:9] = roy * win if rules.royalties_better_hand_only else roy
        if rules.low_middle:
            probs[7] = 0.0  # a low middle earns no royalty
    return probs



@dataclass(frozen=True)
class Mixture:
    """Opponents as ``K`` kinds of hand: ``hist[kind, row, class]``, each kind's row-class counts
    (the training's share of each hand in each kind), and the training metadata. Summed over the
    kinds, the one-row histograms (:meth:`marginal`)."""

    hist: F64
    metadata: Mapping[str, Any]

    def __post_init__(self) -> None:
        object.__setattr__(self, "metadata", FrozenMap(self.metadata))
        if self.hist.ndim != 3 or self.hist.shape[1] != 3 or not (self.hist.sum(axis=2) > 0).all():
            raise ValueError(f"a mixture table needs counts [kind, row, class] with every kind's rows "
                             f"counted, not an array of shape {self.hist.shape}")

    @property
    def weights(self) -> F64:
        """Each kind's share of the hands."""
        counts = self.hist[:, 0].sum(axis=1)
        share: F64 = counts / counts.sum()
        return share

    def marginal(self) -> WinProb:
        return WinProb(self.hist.sum(axis=0), self.metadata)


def mixture_name(rules: HouseRules) -> str | None:
    """The mixture table these rules are rated with (a name of :data:`MIXTURE_RULES`), or None
    (independent rows): where a scoop pays :data:`MIXTURE_MIN_SCOOP` or more on top, 1-6's
    table without a majority bonus, ``scoop-3``'s with one. Not under low middle, whose middle
    row is counted on its own classes (:data:`WINPROB_LOW_FILE`)."""
    if rules.low_middle or rules.effective_scoop_bonus < MIXTURE_MIN_SCOOP:
        return None
    return "1-6" if rules.system.majority_bonus == 0 else "scoop-3"


def mixture_file(name: str) -> str:
    return f"winprob_mix_v1_{name}.npz"


def save_mixture(path: Path, hist: F64, metadata: dict[str, Any]) -> None:
    tab = tables(False)
    np.savez_compressed(path, hist=hist, class_strength=tab.class_strength,
                        metadata=np.array(json.dumps(metadata, sort_keys=True)))


@cache
def load_mixture(name: str, path: str | None = None) -> Mixture:
    """The shipped mixture table ``name``, or the file at ``path``."""
    file = Path(path) if path else resource_path("solver", mixture_file(name))
    with np.load(file, allow_pickle=False) as data:
        if not np.array_equal(data["class_strength"], tables(False).class_strength):
            raise ValueError(f"{file.name} was counted on other strength classes; regenerate it "
                             "with scripts/train_mixture.py")
        return Mixture(data["hist"].astype(np.float64), json.loads(str(data["metadata"])))


def kernel_probs(rules: HouseRules, seat: int = 0, mixture: Mixture | None = None) -> F64:
    """``standard``'s kernel table under ``rules`` (:func:`.kernels.setting_value`): one row a class,
    :func:`row_probabilities` side by side (9 columns). With a mixture table (``mixture``, else
    :func:`mixture_name`'s), those columns come from its one-row histograms, then the top's win and
    loss against each kind, the middle's and the bottom's follow (:func:`.kernels.mixture_value`:
    6 more columns a kind), and one more row holds each kind's share (at the top's win columns)."""
    if mixture is None and (name := mixture_name(rules)) is not None:
        mixture = load_mixture(name)
    if mixture is None:
        independent = load_winprob(low_middle=rules.low_middle)
        return np.ascontiguousarray(row_probabilities(independent, rules, seat).T)
    kinds = [row_probabilities(WinProb(kind, {}), rules, seat).T[:, :6] for kind in mixture.hist]
    # by row, then kind: the top's (win, loss) against each kind, the middle's, the bottom's
    by_row = [np.stack([kind[:, 2 * r:2 * r + 2] for kind in kinds], axis=1).reshape(len(kinds[0]), -1)
              for r in range(3)]
    table = np.concatenate([row_probabilities(mixture.marginal(), rules, seat).T, *by_row], axis=1)
    shares = np.zeros((1, table.shape[1]))
    shares[0, 9:9 + 2 * len(kinds):2] = mixture.weights
    return np.ascontiguousarray(np.concatenate([table, shares]))
