"""The named groups of arrays and numbers the compiled kernels take.

A kernel takes a few of these groups instead of dozens of positional arrays: Numba compiles a
:class:`typing.NamedTuple` of arrays and numbers in nopython mode as a struct, field by field (a
field read costs nothing), and its on-disk cache keys the compiled code by the group's type like
any other argument. Importing this module needs neither NumPy's kernels nor Numba.

- :class:`RowTables`: what rates a hand's rows and lays out its settings (:mod:`.tables`).
- :class:`HandClasses`: one hand's subsets rated (bottoms, middles, tops).
- :class:`Rating`: ``standard``'s rating of a setting under the house rules (:func:`.kernels.setting_value`).
- :class:`Candidates`: the settings the search keeps for the card-removal step, and its window.
- :class:`RemovalStep`, :class:`StepScratch`: the card-removal step's pool and rules, its buffers.
- :class:`Rows`, :class:`HandRows`, :class:`Scorer`, :class:`RowRules`, :class:`Tally`: the
  scorer's hands, house rules and running sums (:mod:`.scoring`).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from .tables import Tables

__all__ = ["BotScratch", "Candidates", "HandClasses", "HandRows", "Ranges", "Rating", "RemovalStep",
           "RowRules", "RowTables", "Rows", "Scorer", "Search", "SearchScratch", "StepScratch", "Tally",
           "row_tables", "tally_part"]

B = npt.NDArray[np.bool_]
I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


class RowTables(NamedTuple):
    """What rates a hand's rows (one wheel setting's :class:`.tables.Tables`) and lays out its
    settings (:data:`.tables.COMB5`, :data:`.tables.COMB3`, :data:`.tables.SPLIT_MID`,
    :data:`.tables.SPLIT_TOP`)."""

    nf5: I16
    fl5: I16
    t3: I16
    nf5_low: I16
    fl5_low: I16
    categories: I8  # class id -> Category value
    comb5: I8
    comb3: I8
    split_mid: I16
    split_top: I16


@cache
def row_tables(tab: Tables) -> RowTables:
    """The :class:`RowTables` of one wheel setting's tables (made once per tables)."""
    from .tables import COMB3, COMB5, SPLIT_MID, SPLIT_TOP

    return RowTables(tab.nf5, tab.fl5, tab.t3, tab.nf5_low, tab.fl5_low, tab.class_category, COMB5, COMB3,
                     SPLIT_MID, SPLIT_TOP)


class HandClasses(NamedTuple):
    """One hand's subsets rated (:func:`.tables.subset_classes`): every 5-card subset as a bottom
    (``c5``) and as a middle (``c5mid``: ``c5`` itself, or its low class under the low middle),
    every 3-card subset as a top (``c3``)."""

    c5: I16
    c5mid: I16
    c3: I16


class Rating(NamedTuple):
    """How ``standard`` rates a setting (:func:`.kernels.setting_value`): the per-class table
    ``probs``, the majority and scoop bonuses, and what a natural is worth (-1: it looks for none)."""

    probs: F64
    bonus2: float
    bonus3: float
    natural_value: float


class Candidates(NamedTuple):
    """The K best distinct row-class triples the search keeps within ``delta`` of the best (the
    card-removal step plays them off): their ratings, setting numbers and (K, 3) classes. K 0 and
    ``delta`` 0: the setting alone."""

    delta: float
    value: F64
    setting: I64
    classes: I64


class BotScratch(NamedTuple):
    """Where a bot rates a hand's subsets (:func:`.tables.subset_classes`): 1,287 bottoms, as
    many low middles, 286 tops."""

    c5: I16
    c5low: I16
    c3: I16


class SearchScratch(NamedTuple):
    """The branch and bound's buffers (:func:`.kernels.standard_setting`): the bottoms in play,
    minus their bounds and the rest of each bound, and a mixture's per-kind coefficients."""

    cand: I64
    bound: F64
    rest: F64
    coef: F64


class Search(NamedTuple):
    """Where the branch and bound stands: the best setting so far, its value, greedy's setting,
    and how many candidates it keeps."""

    best: int
    value: float
    greedy: int
    kept: int


class RemovalStep(NamedTuple):
    """What the card-removal step (:func:`.removal_kernels.removal_choice`) reads: the pool
    (:class:`.removal.Pool`: sorted by each row's class, those classes, the rank ratios, the weight
    scale, and the pool as stored) and how it scores (:class:`.removal.StepRules`: the majority and
    scoop bonuses, the tie mode, the royalties by row and class, whether any row earns one and
    whether only the better hand collects)."""

    by_row_cls: I16
    by_row_codes: I16
    vals: I16
    ratio: F64
    scale: float
    cls: I16
    codes: I16
    majority: int
    scoop: int
    tie: int
    roy: I64
    royalties: bool
    better_only: bool


class StepScratch(NamedTuple):
    """The card-removal step's buffers, of shapes (4, 625), (3, 125), (3, 125), (3, 5) and
    (3, pool size): :func:`.removal_kernels.removal_choice`."""

    factors: F64
    table: I64
    live: I64
    paid: I64
    weights: I64


class Ranges(NamedTuple):
    """Which candidates the step plays off, in order, and for each whether it reads the whole pool
    or the range ``first[i, r]`` to ``last[i, r]`` of the copy sorted by row ``r``
    (:func:`.removal_kernels.candidate_ranges`)."""

    played: I64
    whole: B
    first: I64
    last: I64


class Rows(NamedTuple):
    """M hands as the scorer sees them (:class:`.scoring.RowData`): (M, 3) row classes, (M, 3)
    royalties, (M,) fouled and (M,) natural rank."""

    cls: I16
    roy: I32
    foul: B
    nat: I8


class HandRows(NamedTuple):
    """One hand of :class:`Rows`."""

    cls: I16
    roy: I32
    foul: bool
    nat: int


class Scorer(NamedTuple):
    """The house rules as the pair scorer needs them (:class:`.scoring.ScoringParams`):
    ``points[won, lost]`` (system bonus included), the scoop, what a natural collects, and
    whether royalties go to the better hand only."""

    points: I32
    scoop: int
    nat_amount: int
    better_only: bool


class RowRules(NamedTuple):
    """The house rules that make a setting's :class:`Rows` (:func:`.scoring.rows_of_settings`): the
    low middle, the royalty by row and class, and whether royalties, naturals and fouls count
    (``ignore_fouls``: they do not)."""

    low: bool
    roy_table: I32
    royalties: bool
    naturals: bool
    ignore_fouls: bool


class Tally(NamedTuple):
    """Each candidate's running sums (:func:`.scoring.score_block`): of its per-sample totals and
    their squares, its rows won and lost (C, 3), its scoops won and suffered, and its squared
    differences from a reference's totals."""

    sums: F64
    squares: F64
    row_wins: I64
    row_losses: I64
    scoops: I64
    scooped: I64
    diff_squares: F64


T = TypeVar("T", bound=Tally)


def tally_part(tally: T, part: slice) -> T:
    """The candidates ``part`` of ``tally``: views of its arrays (what a kernel adds to them lands
    in ``tally``), of the same class."""
    return tally._replace(sums=tally.sums[part], squares=tally.squares[part], row_wins=tally.row_wins[part],
                          row_losses=tally.row_losses[part], scoops=tally.scoops[part],
                          scooped=tally.scooped[part], diff_squares=tally.diff_squares[part])
