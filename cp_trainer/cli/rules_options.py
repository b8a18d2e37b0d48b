"""The house-rule options every playing command shares, and ``--rules FILE``.

    add_rules_options(parser)          # check: add_rules_options(parser, scoring=False)
    table = rules_of(args, lang)        # a RulesFile: the file's rules, command-line options on top

Each option is made from the rule's entry in the schema (:data:`~cp_trainer.rules.house_rules.RULE_FIELDS`:
its name, kind, bounds and help). Every option defaults to "not given" so that a rule the command
line does not mention keeps the file's value (or the RULES.md default without a file); an on/off
rule has both spellings (``--royalties`` / ``--no-royalties``) so the command line can switch off
what a file switches on. A bad file or option is a :class:`~cp_trainer.cli.common.CliError` (one
line, exit status 2).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from typing import Any

from ..rules import house_rules as schema
from ..rules.house_rules import HouseRulesError, RuleField, RuleKind, number_text
from ..rules.house_rules_file import CRISS_CROSS, RulesFile, RulesFileError, read_rules_file
from ..support.i18n import DEFAULT_LANGUAGE, tr
from .common import CliError

__all__ = ["add_rules_options", "rules_of"]


def _whole(rule: RuleField) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not rule.low <= value <= rule.high:
            raise argparse.ArgumentTypeError(
                f"must be {number_text(rule.low)} to {number_text(rule.high)}, got {value}")
        return value
    return parse


def _money(rule: RuleField) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not rule.low <= value <= rule.high:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(
                f"must be {number_text(rule.low)} to {number_text(rule.high)}, got {text}")
        return value
    return parse


def _stakes(rule: RuleField) -> Callable[[str], tuple[float, ...]]:
    def parse(text: str) -> tuple[float, ...]:
        parts = [p.strip() for p in text.split(",")]
        if not 1 <= len(parts) <= rule.most or not all(parts):
            raise argparse.ArgumentTypeError(
                f"one stake per player, 1 to {rule.most} numbers separated by commas, got {text!r}")
        return tuple(_money(rule)(p) for p in parts)
    return parse


def _royalty_table(text: str) -> dict[str, int]:
    amounts = {rule.name: _whole(rule) for rule in schema.ROYALTY_FIELDS}
    table: dict[str, int] = {}
    for item in text.split(","):
        key, eq, amount = (s.strip() for s in item.partition("="))
        if not eq or key not in amounts:
            raise argparse.ArgumentTypeError(
                f"{item.strip()!r}: expected KEY=N with KEY one of {', '.join(amounts)}")
        try:
            table[key] = amounts[key](amount)
        except argparse.ArgumentTypeError as exc:
            raise argparse.ArgumentTypeError(f"{key}: {exc}") from None
    return table


def _stakes_metavar(most: int) -> str:
    """``S0[,S1[,S2[,S3]]]``: one to ``most`` stakes."""
    return "S0" + "".join(f"[,S{n}" for n in range(1, most)) + "]" * (most - 1)


def _add_option(group: argparse._ArgumentGroup, rule: RuleField) -> None:
    """The option of one rule of the schema (its value is the field's, or None: not given)."""
    text = rule.describe(DEFAULT_LANGUAGE)
    if rule.kind is RuleKind.SWITCH:
        group.add_argument(rule.option, dest=rule.name, default=None, action=argparse.BooleanOptionalAction,
                           help=text)
    elif rule.kind is RuleKind.CHOICE:
        group.add_argument(rule.option, dest=rule.name, choices=rule.choices, default=None, help=text)
    elif rule.kind is RuleKind.WHOLE:
        group.add_argument(rule.option, dest=rule.name, type=_whole(rule), default=None, metavar="N",
                           help=text)
    elif rule.kind is RuleKind.MONEY:
        group.add_argument(rule.option, dest=rule.name, type=_money(rule), default=None, metavar="X",
                           help=text)
    else:
        group.add_argument(rule.option, dest=rule.name, type=_stakes(rule), default=None,
                           metavar=_stakes_metavar(rule.most), help=text)


def add_rules_options(parser: argparse.ArgumentParser, *, scoring: bool = True,
                      criss_cross: bool = False) -> None:
    """``--rules FILE`` and an option for each house rule of the schema, in its order.
    ``scoring=False`` (``check``) keeps only the rules that change legality (wheel second, low
    middle); ``criss_cross`` adds ``--criss-cross``."""
    g = parser.add_argument_group(
        "house rules (defaults: RULES.md, Western 2-4; options given here override --rules FILE)")
    g.add_argument("--rules", metavar="FILE", default=None,
                   help="read the house rules from a TOML file (see docs/house-rules.sample.toml)")
    for rule in schema.RULE_FIELDS:
        if scoring or rule.legality:
            _add_option(g, rule)
    if scoring:
        royalty = schema.ROYALTY_FIELDS[0]
        text = tr("houserules.help.royalty_table", DEFAULT_LANGUAGE, low=number_text(royalty.low),
                  high=number_text(royalty.high), keys=", ".join(rule.name for rule in schema.ROYALTY_FIELDS))
        g.add_argument("--royalty-table", type=_royalty_table, default=None, metavar="KEY=N,...", help=text)
    if criss_cross:
        _add_option(g, CRISS_CROSS)


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
    for rule in schema.RULE_FIELDS:
        value = getattr(args, rule.name, None)
        if value is not None:
            changes[rule.name] = rule.value_of(value)
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
    crossed = getattr(args, CRISS_CROSS.name, None)
    return RulesFile(rules, table.criss_cross if crossed is None else crossed)

