"""The house-rule options every playing command shares, and ``--rules FILE``.

    add_rules_options(parser)          # check: add_rules_options(parser, scoring=False)
    table = rules_of(args, lang)        # a RulesFile: the file's rules, command-line options on top

Every option defaults to "not given" so that a rule the command line does not mention keeps the
file's value (or the RULES.md default without a file); an on/off rule has both spellings
(``--royalties`` / ``--no-royalties``) so the command line can switch off what a file switches on.
A bad file or option is a :class:`~cp_trainer.cli.common.CliError` (one line, exit status 2).
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from ..house_rules import (
    MAX_AMOUNT,
    MAX_MONEY,
    MAX_ROYALTY,
    MAX_SCOOP_BONUS,
    MAX_STAKES,
    MIN_AMOUNT,
    MIN_MONEY,
    HouseRules,
    HouseRulesError,
    ScoringSystem,
    TieRule,
)
from ..house_rules_file import ROYALTY_KEYS, RulesFile, RulesFileError, read_rules_file
from .common import CliError

__all__ = ["add_rules_options", "house_rules", "rules_of"]

# The on/off rules: (HouseRules field, also the option's dest; help; whether check takes it too).
_SWITCHES: tuple[tuple[str, str, bool], ...] = (
    ("ignore_fouls", "score fouled hands as they lie", False),
    ("surrender", "surrender allowed: write 'surrender' in place of a player's arrangement", False),
    ("royalties", "pay royalties (RULES.md table, or --royalty-table)", False),
    ("royalties_better_hand_only", "with --royalties: a royalty is paid only when its row also wins",
     False),
    ("naturals", "naturals (three straights, three flushes, six pairs, dragon) win at once", False),
    ("wheel_second", "A-2-3-4-5 is the second-highest straight", True),
    ("low_middle", "the middle plays 2-7 lowball (the lower middle wins); order check bottom >= top",
     True),
)


def _whole(low: int, high: int) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, got {value}")
        return value
    return parse


def _money(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not MIN_MONEY <= value <= MAX_MONEY:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be {MIN_MONEY:g} to {MAX_MONEY:.0f}, got {text}")
    return value


def _stakes(text: str) -> tuple[float, ...]:
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= MAX_STAKES or not all(parts):
        raise argparse.ArgumentTypeError(
            f"one stake per player, 1 to {MAX_STAKES} numbers separated by commas, got {text!r}")
    return tuple(_money(p) for p in parts)


def _royalty_table(text: str) -> dict[str, int]:
    table: dict[str, int] = {}
    for item in text.split(","):
        key, eq, amount = (s.strip() for s in item.partition("="))
        if not eq or key not in ROYALTY_KEYS:
            raise argparse.ArgumentTypeError(
                f"{item.strip()!r}: expected KEY=N with KEY one of {', '.join(ROYALTY_KEYS)}")
        try:
            table[key] = _whole(0, MAX_ROYALTY)(amount)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"{key}: {exc}") from None
    return table


def add_rules_options(parser: argparse.ArgumentParser, *, scoring: bool = True,
                      criss_cross: bool = False) -> None:
    """``--rules FILE`` and the house-rule options. ``scoring=False`` (``check``) keeps only the
    rules that change legality (wheel second, low middle); ``criss_cross`` adds ``--criss-cross``."""
    g = parser.add_argument_group(
        "house rules (defaults: RULES.md, Western 2-4; options given here override --rules FILE)")
    g.add_argument("--rules", metavar="FILE", default=None,
                   help="read the house rules from a TOML file (see docs/house-rules.sample.toml)")
    if scoring:
        g.add_argument("--system", choices=[s.value for s in ScoringSystem], default=None,
                       help="scoring system (default 2-4)")
        g.add_argument("--scoop-bonus", type=_whole(0, MAX_SCOOP_BONUS), default=None, metavar="N",
                       help=f"the extra for winning all three rows, 0 to {MAX_SCOOP_BONUS} (default: the "
                            "system's own: 0 in 2-4, 1 in 2-4-scoop, 3 in 1-6)")
        g.add_argument("--ties", choices=[t.value for t in TieRule], default=None,
                       help="tied rows: push (score nothing) or bank (the bank wins them); default push")
        g.add_argument("--bank", type=int, default=None, metavar="N",
                       help="the player (counted from 0) who takes tied rows under --ties bank")
    for name, text, legality in _SWITCHES:
        if scoring or legality:
            g.add_argument("--" + name.replace("_", "-"), dest=name, default=None,
                           action=argparse.BooleanOptionalAction, help=text)
    if not scoring:
        return
    g.add_argument("--surrender-cost", type=_whole(MIN_AMOUNT, MAX_AMOUNT), default=None, metavar="N",
                   help="what a surrender pays each player still in (default 3 in 2-4, 4 in 1-6)")
    g.add_argument("--natural-amount", type=_whole(MIN_AMOUNT, MAX_AMOUNT), default=None, metavar="N",
                   help="what a natural collects from each player without one (default: the scoop)")
    g.add_argument("--royalty-table", type=_royalty_table, default=None, metavar="KEY=N,...",
                   help="royalty amounts, e.g. top_trips=3,middle_full_house=2 (keys: "
                        + ", ".join(ROYALTY_KEYS) + "); keys not named keep their amounts")
    g.add_argument("--point-value", type=_money, default=None, metavar="X",
                   help="money per point (adds \"money\" to the result)")
    g.add_argument("--stakes", type=_stakes, default=None, metavar="S0,S1[,S2[,S3]]",
                   help="each player's point value; a pair settles at the lower of its two stakes")
    if criss_cross:
        g.add_argument("--criss-cross", dest="criss_cross", default=None,
                       action=argparse.BooleanOptionalAction,
                       help="two players with two hands each: give A1 A2 B1 B2; each of A's hands "
                            "settles against both of B's")


def rules_of(args: argparse.Namespace, lang: str = "en") -> RulesFile:
    """The file named by ``--rules`` (or the defaults), with every option given on top."""
    path = getattr(args, "rules", None)
    if path is not None:
        if not path.strip():
            raise CliError(f"--rules: no file named, got {path!r}")
        try:
            table = read_rules_file(path, lang)
        except RulesFileError as exc:
            raise CliError(str(exc)) from None
    else:
        table = RulesFile()
    rules = table.rules
    changes: dict[str, Any] = {}
    for name in ("system", "ties"):
        value = getattr(args, name, None)
        if value is not None:
            changes[name] = ScoringSystem(value) if name == "system" else TieRule(value)
    for name in ("bank", "scoop_bonus", "surrender_cost", "natural_amount", "point_value", "stakes",
                 *(s[0] for s in _SWITCHES)):
        value = getattr(args, name, None)
        if value is not None:
            changes[name] = value
    table_changes = getattr(args, "royalty_table", None)
    if table_changes:
        changes["royalty_table"] = dataclasses.replace(rules.royalty_table, **table_changes)
    try:
        rules = rules.replace(**changes)
    except HouseRulesError as exc:
        raise CliError(str(exc)) from None
    problem = rules.bounds_problem()  # each option was checked alone; this is HouseRules' own word
    if problem is not None:
        raise CliError(problem)
    crossed = getattr(args, "criss_cross", None)
    return RulesFile(rules, table.criss_cross if crossed is None else crossed)


def house_rules(args: argparse.Namespace, lang: str = "en") -> HouseRules:
    """Just the scoring rules of :func:`rules_of`."""
    return rules_of(args, lang).rules
