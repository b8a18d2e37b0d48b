"""A table's house rules as a TOML file: written once by a teacher, read by the window and by
every command (``--rules FILE``).

The file holds every field of :class:`~cp_trainer.rules.house_rules.HouseRules` under its own name (the
keys, their order, kinds and bounds are the schema's, :data:`~cp_trainer.rules.house_rules.RULE_FIELDS`),
plus ``criss_cross`` (the variant is a table setting, not a scoring rule, so it lives beside the
rules: :class:`RulesFile`). ``docs/house-rules.sample.toml`` documents every key::

    system = "2-4"            # "2-4", "2-4-scoop" or "1-6"
    scoop_bonus = "auto"      # the system's own, or a whole number from 0 to 10
    surrender_cost = "auto"   # or a whole number from 1 to 99
    stakes = []               # or 1 to 4 numbers, one per seat
    [royalty_table]
    top_trips = 3

A missing key takes the RULES.md default. An unknown key, a value of the wrong type or out of
range is a :class:`RulesFileError` naming the key, the value and its line (a syntax error is the
TOML reader's own words, its line among them); the whole file is refused (nothing is
half-applied). Writing is :func:`cp_trainer.history.safe_file.write_file`'s: a temporary file put
in place in one step, never replacing an existing file unless the caller says the user agreed.

The module is pure Python (``tomllib``, ``tomli_w``): no Qt.
"""

from __future__ import annotations

import math
import os
import re
import stat
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import tomli_w

from ..history.safe_file import FileExistsRefused, TargetRefused, write_file
from ..support.bounded_input import BoundedInputError, read_bounded
from ..support.i18n import DEFAULT_LANGUAGE, tr
from ..support.shown import one_line, shorten
from . import house_rules
from .house_rules import (
    MAX_AMOUNT,
    MAX_MONEY,
    MAX_ROYALTY,
    MAX_STAKES,
    MIN_MONEY,
    HouseRules,
    HouseRulesError,
    RoyaltyTable,
    RuleField,
    RuleKind,
    number_text,
    rule_field,
)

__all__ = [
    "AUTO",
    "CRISS_CROSS",
    "FILE_KEYS",
    "MAX_AMOUNT",
    "MAX_FILE_BYTES",
    "MAX_MONEY",
    "MAX_NESTING",
    "MAX_ROYALTY",
    "MAX_STAKES",
    "MIN_MONEY",
    "ROYALTY_KEYS",
    "RulesFile",
    "RulesFileError",
    "dumps_rules",
    "key_lines",
    "loads_rules",
    "plain_rules",
    "read_rules_file",
    "write_rules_file",
]

AUTO = "auto"  # surrender_cost / natural_amount / scoop_bonus: the system's default
# Every key but criss_cross is a house rule of the schema (cp_trainer.rules.house_rules.RULE_FIELDS), with
# its bounds; the bounds' names are re-exported here.
MAX_FILE_BYTES = 1_000_000  # a rules file is a page of text; a bigger one is not one
# The variant is a table setting, not a scoring rule: the file and the command line hold it beside them.
CRISS_CROSS = RuleField("criss_cross", RuleKind.SWITCH, False, help="houserules.help.criss_cross")


@dataclass(frozen=True)
class RulesFile:
    """What a house-rules file holds: the scoring rules and whether the table plays Criss Cross."""

    rules: HouseRules = field(default_factory=HouseRules)
    criss_cross: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.rules, HouseRules):
            raise HouseRulesError(f"rules must be HouseRules, got {self.rules!r}")
        if not isinstance(self.criss_cross, bool):
            raise HouseRulesError(f"criss_cross must be true or false, got {self.criss_cross!r}")


class RulesFileError(HouseRulesError):
    """A house-rules file that cannot be used. ``problems`` holds one message per bad key (each
    naming the key, the value and the line), or the one reason the file cannot be read."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = list(problems)


# --- showing values and places -------------------------------------------------------------------

_SHOWN = 60


def _cut(text: str) -> str:
    """On one line (control characters escaped) and cut in the middle when long."""
    return shorten(one_line(text), _SHOWN, 40, 12)


def _shown(value: object, lang: str) -> str:
    """A value as written in TOML (``"2-4"``, ``true``, ``[1, 2]``), cut when long."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = '"' + value[:200].replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif isinstance(value, int) and value.bit_length() > 200:
        text = tr("rulesfile.huge_number", lang)
    elif isinstance(value, int | float):
        text = repr(value)
    elif isinstance(value, list):
        text = "[" + ", ".join(_shown(v, lang) for v in value[:20]) + (", …]" if len(value) > 20 else "]")
    elif isinstance(value, dict):
        items = list(value.items())
        text = "{" + ", ".join(f"{_cut(k)} = {_shown(v, lang)}" for k, v in items[:20]) + (
            ", …}" if len(items) > 20 else "}")
    else:  # dates and times
        text = str(value)
    return _cut(text)


MAX_NESTING = 16  # tables, dotted keys and arrays inside one another (a rules file needs 2)

# What the pass over a text before the TOML reader must see: strings and comments (skipped whole,
# their lines counted), brackets, line ends, and a key of more than MAX_NESTING dotted parts (the
# reader's time grows with the square of a key's parts, and it recurses into brackets).
# A repeated group is atomic, (?>(?:...)*), never possessive, (?:...)*+: Python 3.11 before 3.11.5
# (Debian 12's 3.11.2) fails to match a possessive group that has alternatives.
_QUOTED = r"\"(?>(?:[^\"\\\n]|\\.)*)\"|'[^'\n]*+'"
_PART = rf"(?:[A-Za-z0-9_-]++|{_QUOTED})"
_KEY = rf"{_PART}(?>(?:[ \t]*+\.[ \t]*+{_PART})*)"
_TOKEN = re.compile(
    rf"(?P<long>(?<![A-Za-z0-9_-]){_PART}(?:[ \t]*+\.[ \t]*+{_PART}){{{MAX_NESTING},}})"
    r"|(?P<open>[\[{])|(?P<close>[\]}])|(?P<newline>\n)|#[^\n]*+"
    r'|"""(?>(?:[^"\\]|\\[\s\S]|"(?!""))*)"{3,5}'
    r"|'''(?>(?:[^']|'(?!''))*)'{3,5}"
    rf"|{_QUOTED}")
_HEADER = re.compile(rf"[ \t]*\[\[?[ \t]*(?P<key>{_KEY})[ \t]*\]")
_ASSIGNMENT = re.compile(rf"[ \t]*(?P<key>{_KEY})[ \t]*=")


def _walk(text: str) -> tuple[int | None, list[int]]:
    """One pass over a TOML text, in time linear in its length whatever it holds: the line where
    it surely nests deeper than :data:`MAX_NESTING` (a key of more parts, or that many brackets
    open at once; None: nowhere), and the lines where a statement may start (not inside a
    multi-line string or array), up to where the pass stopped."""
    line, depth, starts = 1, 0, [1]
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind == "newline":
            line += 1
            if depth == 0:
                starts.append(line)
        elif kind == "open":
            depth += 1
            if depth >= MAX_NESTING:
                return line, starts
        elif kind == "close":
            depth = max(depth - 1, 0)
        elif kind == "long":
            return line, starts
        else:  # a string or a comment
            line += text.count("\n", match.start(), match.end())
    return None, starts


def _key_parts(key: str) -> list[str]:
    """The parts of a dotted key as the TOML reader decodes them (``"\\u0062ank"`` is ``bank``)."""
    parts = []
    for match in re.finditer(_PART, key):
        part = match.group()
        if part[0] == '"':
            try:
                part = tomllib.loads(f"k = {part}")["k"]
            except tomllib.TOMLDecodeError:  # not TOML: the reader has refused the text already
                part = part[1:-1]
        elif part[0] == "'":
            part = part[1:-1]
        parts.append(part)
    return parts


def key_lines(text: str) -> dict[str, int]:
    """Where each key of a TOML text (one the reader has read) is defined: dotted key → line
    number from 1, for the key itself and every table its dotted name passes through
    (``a.b.c = 1`` places ``a``, ``a.b`` and ``a.b.c``); a table is placed at the header that
    defines it, else where it is first named. Quoted parts are written decoded. A key inside an
    inline table is not listed (its parent key's line is the place to point at). Linear in the
    text."""
    rows = text.split("\n")
    places: dict[str, int] = {}
    defined: set[str] = set()
    table: list[str] = []
    for number in _walk(text)[1]:
        header = _HEADER.match(rows[number - 1])
        found = header or _ASSIGNMENT.match(rows[number - 1])
        if found is None:
            continue
        parts = _key_parts(found["key"])
        if header is not None:
            table = parts
        else:
            parts = table + parts
        for n in range(1, min(len(parts), MAX_NESTING + 1)):
            places.setdefault(".".join(parts[:n]), number)
        name = ".".join(parts)
        if name not in defined:
            defined.add(name)
            places[name] = number
    return places


def _too_deep(data: dict[str, Any]) -> list[str] | None:
    """The keys leading to where ``data`` nests deeper than :data:`MAX_NESTING` -- a table or a
    key is a level, an array a level of its own -- or None; the first such place in the file's
    order. No recursion: ``data`` may be deep."""
    stack: list[tuple[list[str], object, int]] = [([], data, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, dict):
            if value and depth >= MAX_NESTING:
                return path
            stack += reversed([([*path, str(key)], item, depth + 1) for key, item in value.items()])
        elif isinstance(value, list):
            if depth >= MAX_NESTING:
                return path
            stack += reversed([(path, item, depth + 1) for item in value])
    return None


# --- reading -------------------------------------------------------------------------------------


class _Bad(Exception):
    """One key's value is unusable: ``what`` is the message key, ``expected`` what would do."""

    def __init__(self, what: str, expected: str) -> None:
        super().__init__(what)
        self.what = what
        self.expected = expected


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _bool(rule: RuleField, lang: str) -> Callable[[object], bool]:
    def parse(value: object) -> bool:
        if not isinstance(value, bool):
            raise _Bad("type", tr("rulesfile.expected.bool", lang))
        return value
    return parse


def _choice(rule: RuleField, lang: str) -> Callable[[object], str]:
    def parse(value: object) -> str:
        expected = tr("rulesfile.expected.choice", lang, options=", ".join(f'"{o}"' for o in rule.choices))
        if not isinstance(value, str):
            raise _Bad("type", expected)
        if value not in rule.choices:
            raise _Bad("range", expected)
        return value
    return parse


def _whole(rule: RuleField, lang: str) -> Callable[[object], int | None]:
    def parse(value: object) -> int | None:
        key = "rulesfile.expected.whole_or_auto" if rule.auto else "rulesfile.expected.whole"
        expected = tr(key, lang, low=number_text(rule.low), high=number_text(rule.high))
        if rule.auto and value == AUTO:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad("type", expected)
        if not rule.low <= value <= rule.high:
            raise _Bad("range", expected)
        return value
    return parse


def _money_value(rule: RuleField, value: object, expected: str) -> float:
    if not _number(value):
        raise _Bad("type", expected)
    assert isinstance(value, int | float)
    try:
        number = float(value)
    except OverflowError:
        raise _Bad("range", expected) from None
    if not (math.isfinite(number) and rule.low <= number <= rule.high):
        raise _Bad("range", expected)
    return number


def _money(rule: RuleField, lang: str) -> Callable[[object], float]:
    def parse(value: object) -> float:
        return _money_value(rule, value, tr("rulesfile.expected.money", lang, low=number_text(rule.low),
                                            high=number_text(rule.high)))
    return parse


def _stakes(rule: RuleField, lang: str) -> Callable[[object], list[float]]:
    def parse(value: object) -> list[float]:
        expected = tr("rulesfile.expected.stakes", lang, most=rule.most, low=number_text(rule.low),
                      high=number_text(rule.high))
        if not isinstance(value, list):
            raise _Bad("type", expected)
        if len(value) > rule.most:
            raise _Bad("range", expected)
        return [_money_value(rule, v, expected) for v in value]
    return parse


_READERS = {RuleKind.SWITCH: _bool, RuleKind.CHOICE: _choice, RuleKind.WHOLE: _whole,
            RuleKind.MONEY: _money, RuleKind.STAKES: _stakes}


def _file_rules() -> tuple[RuleField, ...]:
    """The file's top-level keys but ``royalty_table``, in the writer's order: the house rules'
    schema and ``criss_cross``."""
    return (*house_rules.RULE_FIELDS, CRISS_CROSS)


def _parsers(lang: str) -> dict[str, Callable[[object], Any]]:
    """Each of :func:`_file_rules`' keys: its check of a value, which gives it as plain data."""
    return {rule.name: _READERS[rule.kind](rule, lang) for rule in _file_rules()}


def _file_keys() -> tuple[str, ...]:
    """Every top-level key of a rules file, in the writer's order."""
    return (*(rule.name for rule in _file_rules()), "royalty_table")


ROYALTY_KEYS = tuple(rule.name for rule in house_rules.ROYALTY_FIELDS)
FILE_KEYS = _file_keys()  # every top-level key of a rules file, in the writer's order


class _Problems:
    """The problems found in one text, each starting with the source and the key's line."""

    def __init__(self, text: str, prefix: str, lang: str) -> None:
        self.text, self.prefix, self.lang = text, prefix, lang
        self.problems: list[str] = []
        self._lines: dict[str, int] | None = None

    def where(self, path: list[str]) -> str:
        """``line N: `` of the longest part of the dotted ``path`` placed in the text, or ""."""
        if self._lines is None:
            self._lines = key_lines(self.text)
        for n in range(len(path), 0, -1):
            place = self._lines.get(".".join(path[:n]))
            if place is not None:
                return tr("rulesfile.where.line", self.lang, line=place)
        return ""

    def bad(self, key: str, value: object, what: str, expected: str = "") -> None:
        # a key inside an inline table is not placed: the line is its table's
        self.problems.append(self.prefix + self.where(key.split(".")) + tr(
            f"rulesfile.error.{what}", self.lang, key=_cut(key), value=_shown(value, self.lang),
            expected=expected))

    def too_deep(self, where: str) -> RulesFileError:
        return RulesFileError([self.prefix + where + tr("rulesfile.error.too_deep", self.lang,
                                                        most=MAX_NESTING)])


def _read_table(data: dict[str, Any], report: _Problems) -> tuple[dict[str, Any], dict[str, int]]:
    """Every key of ``data`` checked: the rules' plain values and the royalty table's amounts
    (what is bad goes to ``report``)."""
    parsers = _parsers(report.lang)
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "royalty_table":
            continue
        parse = parsers.get(key)
        if parse is None:
            report.bad(key, value, "unknown", ", ".join(_file_keys()))
            continue
        try:
            values[key] = parse(value)
        except _Bad as exc:
            report.bad(key, value, exc.what, exc.expected)
    royalties: dict[str, int] = {}
    table = data.get("royalty_table", {})
    if not isinstance(table, dict):
        report.bad("royalty_table", table, "type", tr("rulesfile.expected.table", report.lang))
        return values, royalties
    amounts = {rule.name: _whole(rule, report.lang) for rule in house_rules.ROYALTY_FIELDS}
    for key, value in table.items():
        name = f"royalty_table.{key}"
        if key not in amounts:
            report.bad(name, value, "unknown", ", ".join(amounts))
            continue
        try:
            royalties[key] = amounts[key](value)  # type: ignore[assignment]
        except _Bad as exc:
            report.bad(name, value, exc.what, exc.expected)
    return values, royalties


def loads_rules(text: str, *, source: str = "", lang: str = DEFAULT_LANGUAGE) -> RulesFile:
    """The :class:`RulesFile` a TOML text describes; ``source`` (the file's name) starts every
    message. Raises :class:`RulesFileError` listing every bad key."""
    text = text.lstrip("\ufeff")
    report = _Problems(text, f"{source}: " if source else "", lang)
    deep_line = _walk(text)[0]  # first: the TOML reader is slow on such keys, and recurses
    if deep_line is not None:
        raise report.too_deep(tr("rulesfile.where.line", lang, line=deep_line))
    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError (its words name the line), or a 4,300-digit integer
        raise RulesFileError([report.prefix + tr("rulesfile.error.syntax", lang, error=str(exc))]) from None
    except RecursionError:  # a last guard: the pass above refuses anything this deep
        raise report.too_deep("") from None
    deep = _too_deep(data)
    if deep is not None:
        raise report.too_deep(report.where(deep))
    values, royalties = _read_table(data, report)
    if report.problems:
        raise RulesFileError(report.problems)
    criss_cross = values.pop(CRISS_CROSS.name, False)
    try:
        rules = HouseRules(royalty_table=RoyaltyTable(**royalties),
                           **{name: rule_field(name).value_of(value) for name, value in values.items()})
    except HouseRulesError as exc:  # every value was checked above; kept as a last guard
        raise RulesFileError([report.prefix + str(exc)]) from None
    problem = rules.bounds_problem()  # the same bounds, checked above key by key: a last guard too
    if problem is not None:
        raise RulesFileError([report.prefix + problem])
    return RulesFile(rules, criss_cross)


def read_rules_file(path: str | os.PathLike[str], lang: str = DEFAULT_LANGUAGE) -> RulesFile:
    """Read a house-rules file; any problem (missing, a folder, a pipe or a device, larger than
    :data:`MAX_FILE_BYTES`, unreadable, not UTF-8, not TOML, nested too deep, bad keys) is a
    :class:`RulesFileError` in ``lang``. A FIFO is never waited on, and no more than
    :data:`MAX_FILE_BYTES` are read (:mod:`cp_trainer.support.bounded_input`)."""
    name = os.fspath(path)
    try:
        raw = read_bounded(name, MAX_FILE_BYTES)
    except BoundedInputError as exc:
        if exc.kind == "too_large":
            raise RulesFileError([tr("rulesfile.error.too_large", lang, path=name,
                                     size=exc.size, most=MAX_FILE_BYTES)]) from None
        if exc.kind in ("missing", "folder", "special"):
            raise RulesFileError([tr(f"rulesfile.error.{exc.kind}", lang, path=name)]) from None
        raise RulesFileError([tr("rulesfile.error.unreadable", lang, path=name,
                                 reason=exc.reason)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RulesFileError([tr("rulesfile.error.encoding", lang, path=name)]) from None
    return loads_rules(text, source=name, lang=lang)


# --- writing -------------------------------------------------------------------------------------


def plain_rules(rules_file: RulesFile, *, every_key: bool = True) -> dict[str, Any]:
    """The file's keys and values, in the writer's order (``every_key=False``: without the keys
    :meth:`HouseRules.to_dict` leaves out -- a scoop bonus left to the system --, the form the
    teaching table's protocol has always sent)."""
    rules = rules_file.rules
    kept = rules.to_dict()
    out: dict[str, Any] = {}
    for rule in house_rules.RULE_FIELDS:
        if every_key or rule.name in kept:
            plain = rule.plain_of(getattr(rules, rule.name))
            out[rule.name] = (AUTO if rule.auto else []) if plain is None else plain
    out[CRISS_CROSS.name] = rules_file.criss_cross
    out["royalty_table"] = {rule.name: getattr(rules.royalty_table, rule.name)
                            for rule in house_rules.ROYALTY_FIELDS}
    return out


_plain = plain_rules  # the name the teaching table's protocol knows it by


def dumps_rules(rules_file: RulesFile) -> str:
    """The TOML text of a rules file (every key, in the documented order). Raises
    :class:`RulesFileError` for values a file cannot hold (they would not read back)."""
    text = ("# cp-trainer house rules. Every key is explained in docs/house-rules.sample.toml.\n"
            "# Правила стола cp-trainer; каждый ключ описан в docs/house-rules.sample.toml.\n\n"
            + tomli_w.dumps(plain_rules(rules_file)))
    loads_rules(text)  # what cannot be read back is not written
    return text


def write_rules_file(path: str | os.PathLike[str], rules_file: RulesFile, *, replace: bool = False,
                     lang: str = DEFAULT_LANGUAGE) -> None:
    """Write ``rules_file`` to ``path`` as :func:`~cp_trainer.history.safe_file.write_file` does:
    a temporary file beside it put in place in one step, never through a link nor over anything
    but a regular file, and over an existing file only with ``replace=True`` (the user was
    asked). Any refusal or error is a :class:`RulesFileError` in ``lang``, the old file untouched."""
    name = os.fspath(path)
    text = dumps_rules(rules_file)
    try:
        write_file(path, lambda stream: stream.write(text), replace=replace)
    except FileExistsRefused:
        raise RulesFileError([tr("rulesfile.error.exists", lang, path=name)]) from None
    except TargetRefused:
        raise RulesFileError([tr(f"rulesfile.error.{_refused(name)}", lang, path=name)]) from None
    except OSError as exc:
        raise RulesFileError([tr("rulesfile.error.unwritable", lang, path=name,
                                 reason=exc.strerror or str(exc))]) from None


def _refused(name: str) -> str:
    """Why :func:`write_file` refused ``name``: the message's kind."""
    try:
        mode = os.lstat(name).st_mode
    except OSError:
        return "folder"  # "." or "..": no name of a file
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "folder"
    return "special" if not stat.S_ISREG(mode) else "read_only"
