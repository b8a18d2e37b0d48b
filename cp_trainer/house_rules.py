"""How one table plays: every house choice of RULES.md §1 in one immutable value.

``HouseRules()`` is the default table: Club One rules, Western 2-4, ties push, fouls count
(scoop penalty), no surrender, no royalties, no naturals, A-2-3-4-5 the lowest straight,
normal (high) middle. Per-seat stakes live here too, so one object says how a table settles.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = [
    "MAX_AMOUNT",
    "MAX_MONEY",
    "MAX_ROYALTY",
    "MAX_SCOOP_BONUS",
    "MAX_STAKES",
    "MIN_AMOUNT",
    "MIN_MONEY",
    "HouseRules",
    "HouseRulesError",
    "RoyaltyTable",
    "ScoringSystem",
    "TieRule",
]

# The bounds of a table's amounts: one set, for every way house rules come in (a rules file, the
# command line, the settings and the window's spin boxes). HouseRules itself takes any amount >= 0
# (or > 0 for money); :meth:`HouseRules.bounds_problem` says when one is beyond these.
MIN_AMOUNT, MAX_AMOUNT = 1, 99  # points: a surrender cost, a natural's amount (None: the default)
MAX_ROYALTY = 999  # points: one royalty (0 to 999)
MIN_MONEY, MAX_MONEY = 0.01, 1_000_000.0  # money: a point's value and every seat's stake
MAX_STAKES = 4  # one stake per seat
MAX_SCOOP_BONUS = 10  # points: the extra for winning all three rows (0 to 10)


class HouseRulesError(ValueError):
    """A house-rules value or record is invalid; the message names the field and the value."""


class ScoringSystem(Enum):
    TWO_FOUR = "2-4"  # +1 a row, +1 more for winning at least two rows
    TWO_FOUR_SCOOP = "2-4-scoop"  # +1 a row, +1 more only for winning all three
    ONE_SIX = "1-6"  # +1 a row, +3 more for winning all three

    @property
    def majority_bonus(self) -> int:
        """The extra for winning at least two rows: 1 in 2-4, else 0."""
        return 1 if self is ScoringSystem.TWO_FOUR else 0

    @property
    def scoop_bonus(self) -> int:
        """The system's own extra for winning all three rows (on top of +1 a row and the
        majority bonus): 0 in 2-4, 1 in 2-4-scoop, 3 in 1-6. A house may set its own
        (:attr:`HouseRules.scoop_bonus`): the systems are its presets."""
        return {ScoringSystem.TWO_FOUR: 0, ScoringSystem.TWO_FOUR_SCOOP: 1, ScoringSystem.ONE_SIX: 3}[self]

    @property
    def scoop_points(self) -> int:
        """What a scoop (3-0) is worth: 4, 4 and 6."""
        return 3 + self.majority_bonus + self.scoop_bonus


class TieRule(Enum):
    PUSH = "push"  # a tied row scores nothing
    BANK = "bank"  # the bank wins tied rows


@dataclass(frozen=True)
class RoyaltyTable:
    """Royalty amounts per row (RULES.md §1 defaults)."""

    top_trips: int = 3
    middle_full_house: int = 2
    middle_four_of_a_kind: int = 8
    middle_straight_flush: int = 10
    middle_royal_flush: int = 14
    bottom_four_of_a_kind: int = 4
    bottom_straight_flush: int = 5
    bottom_royal_flush: int = 7

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            _require_count(f"royalty_table.{f.name}", getattr(self, f.name))


def _require_count(name: str, value: object) -> None:
    """An amount of points: a whole number >= 0 (a bool is not one)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise HouseRulesError(f"{name} must be a whole number >= 0, got {value!r}")


def _short(value: object) -> str:
    """``repr(value)``, cut in the middle when it is long (a 5,000-digit number)."""
    text = repr(value) if not isinstance(value, int) or value.bit_length() < 4000 else "a huge number"
    return text if len(text) <= 60 else text[:28] + " … " + text[-28:]


def _require_positive(name: str, value: object) -> None:
    """A money value: a finite number > 0 (a bool is not one)."""
    try:
        finite = isinstance(value, int | float) and math.isfinite(value)
    except OverflowError:  # an int too large for a float
        finite = False
    if isinstance(value, bool) or not finite or not value > 0:  # type: ignore[operator]
        raise HouseRulesError(f"{name} must be a number > 0, got {_short(value)}")


@dataclass(frozen=True)
class HouseRules:
    system: ScoringSystem = ScoringSystem.TWO_FOUR
    ties: TieRule = TieRule.PUSH
    bank: int = 0  # seat (from 0) that wins tied rows under ``ties=BANK``
    ignore_fouls: bool = False  # score fouled hands as they lie
    surrender: bool = False
    surrender_cost: int | None = None  # None: 3 in 2-4 systems, 4 in 1-6
    royalties: bool = False
    royalties_better_hand_only: bool = False  # a royalty is paid only when its row also wins
    royalty_table: RoyaltyTable = field(default_factory=RoyaltyTable)
    naturals: bool = False
    natural_amount: int | None = None  # None: the scoop amount
    point_value: float = 1.0  # money per point
    stakes: tuple[float, ...] | None = None  # per-seat point value; a pair settles at the lower
    wheel_second: bool = False  # A-2-3-4-5 is the second-highest straight
    low_middle: bool = False  # the middle plays 2-7 lowball; the order check is bottom >= top
    # the extra for winning all three rows, 0 to MAX_SCOOP_BONUS; None: the system's own (preset)
    scoop_bonus: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.system, ScoringSystem):
            raise HouseRulesError(f"system must be a ScoringSystem, got {self.system!r}")
        if not isinstance(self.ties, TieRule):
            raise HouseRulesError(f"ties must be a TieRule, got {self.ties!r}")
        if isinstance(self.bank, bool) or not isinstance(self.bank, int) or not 0 <= self.bank <= 3:
            raise HouseRulesError(f"bank must be a seat from 0 to 3, got {self.bank!r}")
        if self.surrender_cost is not None:
            _require_count("surrender_cost", self.surrender_cost)
        if self.natural_amount is not None:
            _require_count("natural_amount", self.natural_amount)
        if self.scoop_bonus is not None:
            _require_count("scoop_bonus", self.scoop_bonus)
        if not isinstance(self.royalty_table, RoyaltyTable):
            raise HouseRulesError(f"royalty_table must be a RoyaltyTable, got {self.royalty_table!r}")
        _require_positive("point_value", self.point_value)
        if self.stakes is not None:
            if not isinstance(self.stakes, tuple):
                raise HouseRulesError(f"stakes must be a list of numbers, got {self.stakes!r}")
            for s in self.stakes:
                _require_positive("every one of the stakes", s)

    @property
    def effective_scoop_bonus(self) -> int:
        """The extra for a scoop: :attr:`scoop_bonus`, or the system's own when None.

        >>> HouseRules().effective_scoop_bonus, HouseRules(scoop_bonus=5).scoop_points
        (0, 9)
        """
        return self.system.scoop_bonus if self.scoop_bonus is None else self.scoop_bonus

    @property
    def scoop_points(self) -> int:
        """What a scoop (3-0) is worth: +1 a row, the system's majority bonus, the scoop bonus."""
        return 3 + self.system.majority_bonus + self.effective_scoop_bonus

    @property
    def effective_surrender_cost(self) -> int:
        if self.surrender_cost is not None:
            return self.surrender_cost
        return 4 if self.system is ScoringSystem.ONE_SIX else 3

    @property
    def effective_natural_amount(self) -> int:
        return self.natural_amount if self.natural_amount is not None else self.scoop_points

    def stake(self, seat: int) -> float:
        """Point value of one seat (``point_value`` unless per-seat ``stakes`` are set)."""
        if self.stakes is None or seat >= len(self.stakes):
            return self.point_value
        return self.stakes[seat]

    def pair_stake(self, a: int, b: int) -> float:
        """Two seats settle at the lower of their stakes.

        >>> HouseRules(stakes=(1.0, 0.5, 2.0)).pair_stake(0, 2), HouseRules().scoop_points
        (1.0, 4)
        """
        return min(self.stake(a), self.stake(b))

    def replace(self, **changes: Any) -> HouseRules:
        return dataclasses.replace(self, **changes)

    def bounds_problem(self) -> str | None:
        """Why an amount is beyond what a table can mean (a surrender cost of 10^30, a point worth
        0.001 or more than a million: see :data:`MAX_AMOUNT` and the rest), or None.

        >>> HouseRules(point_value=0.001).bounds_problem()
        'point_value must be at least 0.01, got 0.001'
        >>> HouseRules(surrender_cost=100).bounds_problem(), HouseRules().bounds_problem()
        ('surrender_cost must be at most 99, got 100', None)
        """
        checks: list[tuple[str, float | None, float, float]] = [
            ("surrender_cost", self.surrender_cost, MIN_AMOUNT, MAX_AMOUNT),
            ("natural_amount", self.natural_amount, MIN_AMOUNT, MAX_AMOUNT),
            ("scoop_bonus", self.scoop_bonus, 0, MAX_SCOOP_BONUS),
            ("point_value", self.point_value, MIN_MONEY, MAX_MONEY),
        ]
        checks += [(f"royalty_table.{f.name}", getattr(self.royalty_table, f.name), 0, MAX_ROYALTY)
                   for f in dataclasses.fields(self.royalty_table)]
        if self.stakes is not None and len(self.stakes) > MAX_STAKES:
            return f"stakes must be at most {MAX_STAKES} numbers (one per seat), got {len(self.stakes)}"
        checks += [("every one of the stakes", s, MIN_MONEY, MAX_MONEY) for s in self.stakes or ()]
        for name, value, low, high in checks:
            if value is None:
                continue
            if value > high:
                return f"{name} must be at most {high:g}, got {_short(value)}"
            if value < low:
                return f"{name} must be at least {low:g}, got {_short(value)}"
        return None

    # --- plain-data form, for settings files, history records and JSON -----------------------

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["system"] = self.system.value
        data["ties"] = self.ties.value
        data["stakes"] = list(self.stakes) if self.stakes is not None else None
        if self.scoop_bonus is None:  # the system's own: left out, so existing records stay as they were
            del data["scoop_bonus"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HouseRules:
        """Inverse of :meth:`to_dict`; unknown keys are rejected, missing keys take defaults."""
        if not isinstance(data, dict):
            raise HouseRulesError(f"house rules must be an object, got {type(data).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise HouseRulesError(f"unknown house-rules field(s): {', '.join(unknown)}")
        kwargs = dict(data)
        try:
            if "system" in kwargs:
                kwargs["system"] = ScoringSystem(kwargs["system"])
            if "ties" in kwargs:
                kwargs["ties"] = TieRule(kwargs["ties"])
            if "royalty_table" in kwargs:
                kwargs["royalty_table"] = RoyaltyTable(**kwargs["royalty_table"])
        except (ValueError, TypeError) as exc:
            raise HouseRulesError(f"invalid house rules: {exc}") from None
        stakes = kwargs.get("stakes")
        if stakes is not None:
            if not isinstance(stakes, list | tuple):
                raise HouseRulesError(f"stakes must be a list of numbers, got {stakes!r}")
            try:
                kwargs["stakes"] = tuple(float(s) for s in stakes)
            except (ValueError, TypeError) as exc:
                raise HouseRulesError(f"stakes: {exc}") from None
        for name in ("ignore_fouls", "surrender", "royalties", "royalties_better_hand_only",
                     "naturals", "wheel_second", "low_middle"):
            if name in kwargs and not isinstance(kwargs[name], bool):
                raise HouseRulesError(f"{name} must be true or false, got {kwargs[name]!r}")
        return cls(**kwargs)
