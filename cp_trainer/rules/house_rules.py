"""How one table plays: every house choice of RULES.md §1 in one immutable value.

``HouseRules()`` is the default table: Club One rules, Western 2-4, ties push, fouls count
(scoop penalty), no surrender, no royalties, no naturals, A-2-3-4-5 the lowest straight,
normal (high) middle. Per-seat stakes live here too, so one object says how a table settles.

:data:`RULE_FIELDS` (and :data:`ROYALTY_FIELDS`) describe each rule once -- its name, kind,
bounds, default and help -- for every way a table's rules come in: the rules file
(:mod:`cp_trainer.rules.house_rules_file`), the command line (``cp_trainer.cli.rules_options``), the
settings file and the settings dialog's limits (``cp_trainer.gui.settings``). A new rule is a
field of :class:`HouseRules`, its entry in :data:`RULE_FIELDS` and its help in the catalogs.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..support.i18n import DEFAULT_LANGUAGE, tr
from ..support.shown import shorten

__all__ = [
    "MAX_AMOUNT",
    "MAX_MONEY",
    "MAX_ROYALTY",
    "MAX_SCOOP_BONUS",
    "MAX_SEAT",
    "MAX_STAKES",
    "MIN_AMOUNT",
    "MIN_MONEY",
    "ROYALTY_FIELDS",
    "RULE_FIELDS",
    "HouseRules",
    "HouseRulesError",
    "RoyaltyTable",
    "RuleField",
    "RuleKind",
    "ScoringSystem",
    "TieRule",
    "number_text",
    "rule_field",
]

# The bounds of a table's amounts: one set, for every way house rules come in (a rules file, the
# command line, the settings and the window's spin boxes). HouseRules itself takes any amount >= 0
# (or > 0 for money); :meth:`HouseRules.bounds_problem` says when one is beyond these.
MIN_AMOUNT, MAX_AMOUNT = 1, 99  # points: a surrender cost, a natural's amount (None: the default)
MAX_ROYALTY = 999  # points: one royalty (0 to 999)
MIN_MONEY, MAX_MONEY = 0.01, 1_000_000.0  # money: a point's value and every seat's stake
MAX_STAKES = 4  # one stake per seat
MAX_SEAT = MAX_STAKES - 1  # seats are counted from 0: the bank is one of them
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
    return shorten(text, 60, 28, 28)


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
        if isinstance(self.bank, bool) or not isinstance(self.bank, int) or not 0 <= self.bank <= MAX_SEAT:
            raise HouseRulesError(f"bank must be a seat from 0 to {MAX_SEAT}, got {self.bank!r}")
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
        checks: list[tuple[str, object, float, float]] = []
        for rule in RULE_FIELDS:  # the bounds of the schema, the one set every way in uses
            value = getattr(self, rule.name)
            if rule.kind is RuleKind.STAKES and value is not None:
                if len(value) > rule.most:
                    return f"{rule.name} must be at most {rule.most} numbers (one per seat), got {len(value)}"
                checks += [(f"every one of the {rule.name}", s, rule.low, rule.high) for s in value]
            elif rule.kind in (RuleKind.WHOLE, RuleKind.MONEY):
                checks.append((rule.name, value, rule.low, rule.high))
        checks += [(f"royalty_table.{rule.name}", getattr(self.royalty_table, rule.name), rule.low, rule.high)
                   for rule in ROYALTY_FIELDS]
        for name, value, low, high in checks:
            if value is None:
                continue
            assert isinstance(value, int | float)
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
        for name in (rule.name for rule in RULE_FIELDS if rule.kind is RuleKind.SWITCH):
            if name in kwargs and not isinstance(kwargs[name], bool):
                raise HouseRulesError(f"{name} must be true or false, got {kwargs[name]!r}")
        return cls(**kwargs)


# --- the schema: each rule once, for every way house rules come in ---------------------------


class RuleKind(Enum):
    """What values a rule takes."""

    SWITCH = "switch"  # true or false
    CHOICE = "choice"  # one of a few words: an Enum's values
    WHOLE = "whole"  # a whole number from low to high (with ``auto``: or None, the system's own)
    MONEY = "money"  # a number from low to high
    STAKES = "stakes"  # up to ``most`` money amounts, one per seat (none: None)


def number_text(value: float) -> str:
    """A bound as people write it: ``3``, ``0.01``, ``1000000`` (never ``1e+06``)."""
    if isinstance(value, float) and value.is_integer():
        return f"{value:.0f}"
    return f"{value:g}" if isinstance(value, float) else str(value)


@dataclass(frozen=True)
class RuleField:
    """One rule as every way in sees it. ``name`` is the :class:`HouseRules` field, the rules
    file's key and the settings file's key (``rules/<name>``); :attr:`option` is the command
    line's. ``low`` and ``high`` bound a whole number or a money amount (each stake, for
    ``STAKES``); ``help`` is the catalog key of the command line's help, which may name
    ``{low}``, ``{high}``, ``{most}`` and ``{default}``."""

    name: str
    kind: RuleKind
    default: Any
    help: str = ""
    low: float = 0
    high: float = 0
    auto: bool = False  # None is allowed (the system's own amount), written "auto"
    enum: type[ScoringSystem] | type[TieRule] | None = None  # CHOICE: the values' Enum
    most: int = 0  # STAKES: at most this many
    legality: bool = False  # it changes which arrangements are legal (``check`` takes it too)

    @property
    def option(self) -> str:
        """The command line's option: ``--surrender-cost``."""
        return "--" + self.name.replace("_", "-")

    @property
    def choices(self) -> tuple[str, ...]:
        """A CHOICE's words, in the Enum's order."""
        return tuple(str(e.value) for e in self.enum) if self.enum is not None else ()

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The rule's help in ``lang``, its bounds and default filled in."""
        default = self.plain_of(self.default)
        return tr(self.help, lang, low=number_text(self.low), high=number_text(self.high), most=self.most,
                  default="auto" if default is None else default)

    def value_of(self, plain: Any) -> Any:
        """A checked plain value (a word, a number, a list) as the :class:`HouseRules` field holds it."""
        if self.enum is not None:
            return self.enum(plain)
        if self.kind is RuleKind.STAKES:
            return tuple(float(s) for s in plain) if plain else None
        if self.kind is RuleKind.MONEY:
            return float(plain)
        return plain

    def plain_of(self, value: Any) -> Any:
        """The field's value as plain data: an Enum's word, stakes as a list (None stays None)."""
        if isinstance(value, Enum):
            return value.value
        if self.kind is RuleKind.STAKES:
            return None if value is None else [float(s) for s in value]
        if self.kind is RuleKind.MONEY:
            return float(value)
        return value


def _rule(name: str, kind: RuleKind, **more: Any) -> RuleField:
    """The schema's entry for the :class:`HouseRules` field ``name`` (its default is the field's)."""
    default = next(f.default for f in dataclasses.fields(HouseRules) if f.name == name)
    return RuleField(name, kind, default, help=f"houserules.help.{name}", **more)


# Every HouseRules field but the royalty table, in the rules file's order (the writer's, the
# command line's and the settings file's).
RULE_FIELDS: tuple[RuleField, ...] = (
    _rule("system", RuleKind.CHOICE, enum=ScoringSystem),
    _rule("scoop_bonus", RuleKind.WHOLE, low=0, high=MAX_SCOOP_BONUS, auto=True),
    _rule("ties", RuleKind.CHOICE, enum=TieRule),
    _rule("bank", RuleKind.WHOLE, low=0, high=MAX_SEAT),
    _rule("ignore_fouls", RuleKind.SWITCH),
    _rule("surrender", RuleKind.SWITCH),
    _rule("surrender_cost", RuleKind.WHOLE, low=MIN_AMOUNT, high=MAX_AMOUNT, auto=True),
    _rule("royalties", RuleKind.SWITCH),
    _rule("royalties_better_hand_only", RuleKind.SWITCH),
    _rule("naturals", RuleKind.SWITCH),
    _rule("natural_amount", RuleKind.WHOLE, low=MIN_AMOUNT, high=MAX_AMOUNT, auto=True),
    _rule("point_value", RuleKind.MONEY, low=MIN_MONEY, high=MAX_MONEY),
    _rule("stakes", RuleKind.STAKES, low=MIN_MONEY, high=MAX_MONEY, most=MAX_STAKES),
    _rule("wheel_second", RuleKind.SWITCH, legality=True),
    _rule("low_middle", RuleKind.SWITCH, legality=True),
)

# The royalty table's amounts, in RoyaltyTable's order (the file's [royalty_table], the settings'
# rules/royalty_table/<name>, the command line's --royalty-table NAME=N).
ROYALTY_FIELDS: tuple[RuleField, ...] = tuple(
    RuleField(f.name, RuleKind.WHOLE, f.default, low=0, high=MAX_ROYALTY)
    for f in dataclasses.fields(RoyaltyTable))


def rule_field(name: str) -> RuleField:
    """The schema's entry of the rule ``name`` (a :data:`RULE_FIELDS` or :data:`ROYALTY_FIELDS` name)."""
    for rule in (*RULE_FIELDS, *ROYALTY_FIELDS):
        if rule.name == name:
            return rule
    raise KeyError(name)
