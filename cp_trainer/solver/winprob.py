"""Per-row win probabilities for the ``standard`` bot.

The shipped table ``resources/solver/winprob_v1.npz`` holds, for each row (top, middle, bottom),
how often a typical opponent's row falls in each strength class: the row classes of hands the
``standard`` bot itself set in self-play (``scripts/train_winprob.py``, iterated until the
distribution stops moving). From that histogram a row of class ``c`` wins with probability
P(opponent's row < c), ties with P(= c) and loses with P(> c), so the probabilities rise with
strength by construction and need no smoothing.

The file also carries the class strengths it was counted on (checked at load) and its training
metadata (JSON).
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

from ..frozen import FrozenMap
from ..house_rules import HouseRules, TieRule
from ..resources import resource_path
from .scoring import royalty_by_class
from .tables import Tables, tables

__all__ = ["WINPROB_FILE", "WINPROB_LOW_FILE", "WinProb", "load_winprob", "row_probabilities", "save_winprob"]

WINPROB_FILE = "winprob_v1.npz"
WINPROB_LOW_FILE = "winprob_lowmid_v1.npz"  # the low-middle variant
F64 = npt.NDArray[np.float64]


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

