"""A table's house rules as a TOML file: written once by a teacher, read by the window and by
every command (``--rules FILE``).

The file holds every field of :class:`~cp_trainer.house_rules.HouseRules` under its own name, plus
``criss_cross`` (the variant is a table setting, not a scoring rule, so it lives beside the rules:
:class:`RulesFile`). ``docs/house-rules.sample.toml`` documents every key::

    system = "2-4"            # "2-4", "2-4-scoop" or "1-6"
    scoop_bonus = "auto"      # the system's own, or a whole number from 0 to 10
    surrender_cost = "auto"   # or a whole number from 1 to 99
    stakes = []               # or 1 to 4 numbers, one per seat
    [royalty_table]
    top_trips = 3

A missing key takes the RULES.md default. An unknown key, a value of the wrong type or out of
range is a :class:`RulesFileError` naming the key, the value and its line; the whole file is
refused (nothing is half-applied). Writing goes through a temporary file renamed into place, and
never replaces an existing file unless the caller says the user agreed.

The module is pure Python (``tomllib``, ``tomli_w``): no Qt.
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .bounded_input import BoundedInputError, read_bounded
from .house_rules import (
    MAX_AMOUNT,
    MAX_MONEY,
    MAX_ROYALTY,
    MAX_SCOOP_BONUS,
    MAX_STAKES,
    MIN_AMOUNT,
    MIN_MONEY,
    HouseRules,
    HouseRulesError,
    RoyaltyTable,
    ScoringSystem,
    TieRule,
)
from .i18n import DEFAULT_LANGUAGE, tr

__all__ = [
    "AUTO",
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
    "loads_rules",
    "read_rules_file",
    "write_rules_file",
]

AUTO = "auto"  # surrender_cost / natural_amount / scoop_bonus: the system's default
# The bounds of every amount are HouseRules' own (cp_trainer.house_rules), re-exported here.
MAX_FILE_BYTES = 1_000_000  # a rules file is a page of text; a bigger one is not one

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
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return text if len(text) <= _SHOWN else text[:40] + " … " + text[-12:]


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


class _TooDeep(Exception):
    """Keys, tables and values nested more than :data:`MAX_NESTING` deep, from ``line``."""

    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


_BARE = re.compile(r"[A-Za-z0-9_-]*")
_BLANK = re.compile(r"[ \t]*")
_PLAIN = re.compile(r"[^\"'\[\]{},#\n]*")  # a value's text up to anything the scanner must see
_BASIC_RUN = re.compile(r'[^"\\\n]*')  # a basic string's text up to its quote, an escape or the line's end
_LITERAL_RUN = re.compile(r"[^'\n]*")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\",
            "e": "\x1b"}


class _Scanner:
    """One pass over a TOML text, never going back (linear time whatever the text): where each
    key and table is defined, and how deep anything nests. It follows TOML's structure -- table
    headers, dotted and quoted keys (escapes decoded), strings of the four kinds, arrays and
    inline tables across lines, comments -- and is never thrown by a text that is not TOML (it
    reads on; the TOML reader reports the error)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.lines: dict[str, int] = {}
        self.defined: set[str] = set()

    # -- small steps ---------------------------------------------------------------------------

    def _blank(self) -> None:
        self.i = _BLANK.match(self.text, self.i).end()  # type: ignore[union-attr]

    def _to_line_end(self) -> None:
        """Skip the rest of the line (a comment, or what the TOML reader will refuse)."""
        end = self.text.find("\n", self.i)
        self.i = len(self.text) if end < 0 else end

    def _string(self) -> str:
        """The string starting at ``i`` (any of TOML's four kinds), decoded as far as a key
        needs; ``i`` ends past its closing quote."""
        text, quote = self.text, self.text[self.i]
        if text.startswith(quote * 3, self.i):
            close = quote * 3
            self.i += 3
            start = self.i
            while True:
                end = text.find(close, self.i)
                if end < 0:
                    self.line += text.count("\n", self.i)
                    self.i = len(text)
                    return ""
                if quote == '"' and _escaped(text, start, end):
                    self.i = end + 1
                    continue
                break
            end += _extra_quotes(text, end + 3, quote)
            self.line += text.count("\n", start, end)
            self.i = end + 3
            return text[start:end]
        self.i += 1
        out: list[str] = []
        run = _BASIC_RUN if quote == '"' else _LITERAL_RUN
        while True:
            end = run.match(text, self.i).end()  # type: ignore[union-attr]
            out.append(text[self.i:end])
            self.i = end
            if end < len(text) and text[end] == "\\":  # only a basic string's run stops here
                out.append(self._escape())
                continue
            break
        if self.i < len(text) and text[self.i] == quote:
            self.i += 1
        return "".join(out)

    def _escape(self) -> str:
        """A basic string's escape at ``i`` (the backslash), decoded; ``i`` ends past it."""
        text = self.text
        code = text[self.i + 1:self.i + 2]
        if code in ("u", "U"):
            width = 4 if code == "u" else 8
            digits = text[self.i + 2:self.i + 2 + width]
            self.i += 2 + len(digits)
            try:
                return chr(int(digits, 16))
            except ValueError:  # not TOML: the reader says so
                return ""
        self.i += 2 if code and code != "\n" else 1
        return _ESCAPES.get(code, "")

    def _key(self) -> list[str]:
        """A dotted key at ``i`` (bare and quoted parts, spaces around the dots): its parts.
        More than :data:`MAX_NESTING` parts is :class:`_TooDeep`."""
        parts: list[str] = []
        text = self.text
        while True:
            self._blank()
            if self.i < len(text) and text[self.i] in "\"'":
                parts.append(self._string())
            else:
                end = _BARE.match(text, self.i).end()  # type: ignore[union-attr]
                if end == self.i:
                    return parts
                parts.append(text[self.i:end])
                self.i = end
            if len(parts) > MAX_NESTING:
                raise _TooDeep(self.line)
            self._blank()
            if self.i < len(text) and text[self.i] == ".":
                self.i += 1
                continue
            return parts

    def _place(self, parts: list[str]) -> None:
        """Note the line of ``parts`` (its first definition: a table's header or a key) and of
        every table it names on the way (where a table is first named, unless it has a line of
        its own)."""
        for n in range(1, len(parts)):
            self.lines.setdefault(".".join(parts[:n]), self.line)
        name = ".".join(parts)
        if name not in self.defined:
            self.defined.add(name)
            self.lines[name] = self.line

    # -- the text ------------------------------------------------------------------------------

    def scan(self) -> dict[str, int]:
        text = self.text
        table: list[str] = []
        while self.i < len(text):
            self._blank()
            if self.i >= len(text):
                break
            ch = text[self.i]
            if ch == "\n":
                self.line += 1
                self.i += 1
            elif ch in "#\r":
                self._to_line_end()
            elif ch == "[":
                self.i += 2 if text.startswith("[[", self.i) else 1
                parts = self._key()
                table = parts
                self._place(parts)
                self._to_line_end()
            else:
                parts = self._key()
                self._blank()
                if not parts or not text.startswith("=", self.i):
                    self._to_line_end()
                    continue
                self.i += 1
                full = table + parts
                if len(full) > MAX_NESTING:
                    raise _TooDeep(self.line)
                self._place(full)
                self._value(len(full))
        return self.lines

    def _value(self, level: int) -> None:
        """Skip the value at ``i`` (which may run over several lines: arrays, multi-line
        strings), counting its lines; ``level`` is how deep it sits. Past the value, the rest of
        the line is skipped too."""
        text = self.text
        opened: list[tuple[str, int]] = []  # the open arrays and inline tables, with their level
        while self.i < len(text):
            self.i = _PLAIN.match(text, self.i).end()  # type: ignore[union-attr]
            if self.i >= len(text):
                return
            ch = text[self.i]
            if ch == "\n":
                if not opened:
                    return
                self.line += 1
                self.i += 1
            elif ch == "#":
                self._to_line_end()
            elif ch in "\"'":
                self._string()
            elif ch in "[{":
                level += 1
                if level > MAX_NESTING:
                    raise _TooDeep(self.line)
                opened.append((ch, level))
                self.i += 1
                if ch == "{":
                    level = self._inline_key(level)
            elif ch in "]}":
                self.i += 1
                if opened:
                    opened.pop()
                if not opened:
                    self._to_line_end()
                    return
                level = opened[-1][1]
            else:  # ","
                self.i += 1
                if opened:
                    level = opened[-1][1]
                    if opened[-1][0] == "{":
                        level = self._inline_key(level)

    def _inline_key(self, level: int) -> int:
        """Past the key of an inline table's entry: the level of its value (the ``=`` after the
        key is plain text to :meth:`_value`, which reads on from it)."""
        parts = self._key()
        level += max(len(parts) - 1, 0)
        if level > MAX_NESTING:
            raise _TooDeep(self.line)
        return level


def _escaped(text: str, start: int, end: int) -> bool:
    """Is the quote at ``end`` escaped (an odd run of backslashes before it, not before
    ``start``)?"""
    n = end
    while n > start and text[n - 1] == "\\":
        n -= 1
    return (end - n) % 2 == 1


def _extra_quotes(text: str, after: int, quote: str) -> int:
    """TOML lets a multi-line string end with one or two of its quotes just before the closing
    three (``\"\"\"\"\"``): how many of them."""
    extra = 0
    while extra < 2 and text.startswith(quote, after + extra):
        extra += 1
    return extra


def key_lines(text: str) -> dict[str, int]:
    """Where each key of a (valid) TOML text is defined: dotted key → line number from 1, for
    the key itself and every table its dotted name passes through (``a.b.c = 1`` places ``a``,
    ``a.b`` and ``a.b.c``). Quoted parts are written decoded (``"bank"`` is ``bank``). A table
    header maps the table's own name; a key inside an inline table is not listed (its parent
    key's line is the place to point at). Linear in the text, whatever it holds; raises
    :class:`_TooDeep` past :data:`MAX_NESTING`."""
    return _Scanner(text).scan()


# --- reading -------------------------------------------------------------------------------------


class _Bad(Exception):
    """One key's value is unusable: ``what`` is the message key, ``expected`` what would do."""

    def __init__(self, what: str, expected: str) -> None:
        super().__init__(what)
        self.what = what
        self.expected = expected


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _bool(lang: str) -> Callable[[object], bool]:
    def parse(value: object) -> bool:
        if not isinstance(value, bool):
            raise _Bad("type", tr("rulesfile.expected.bool", lang))
        return value
    return parse


def _choice(options: tuple[str, ...], lang: str) -> Callable[[object], str]:
    def parse(value: object) -> str:
        expected = tr("rulesfile.expected.choice", lang, options=", ".join(f'"{o}"' for o in options))
        if not isinstance(value, str):
            raise _Bad("type", expected)
        if value not in options:
            raise _Bad("range", expected)
        return value
    return parse


def _whole(low: int, high: int, lang: str, *, auto: bool = False) -> Callable[[object], int | None]:
    def parse(value: object) -> int | None:
        key = "rulesfile.expected.whole_or_auto" if auto else "rulesfile.expected.whole"
        expected = tr(key, lang, low=low, high=high)
        if auto and value == AUTO:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad("type", expected)
        if not low <= value <= high:
            raise _Bad("range", expected)
        return value
    return parse


def _money_value(value: object, expected: str) -> float:
    if not _number(value):
        raise _Bad("type", expected)
    assert isinstance(value, int | float)
    try:
        number = float(value)
    except OverflowError:
        raise _Bad("range", expected) from None
    if not (math.isfinite(number) and MIN_MONEY <= number <= MAX_MONEY):
        raise _Bad("range", expected)
    return number


def _money(lang: str) -> Callable[[object], float]:
    def parse(value: object) -> float:
        return _money_value(value, tr("rulesfile.expected.money", lang, low=f"{MIN_MONEY:g}",
                                      high=f"{MAX_MONEY:.0f}"))
    return parse


def _stakes(lang: str) -> Callable[[object], tuple[float, ...] | None]:
    def parse(value: object) -> tuple[float, ...] | None:
        expected = tr("rulesfile.expected.stakes", lang, most=MAX_STAKES, low=f"{MIN_MONEY:g}",
                      high=f"{MAX_MONEY:.0f}")
        if not isinstance(value, list):
            raise _Bad("type", expected)
        if not value:
            return None
        if len(value) > MAX_STAKES:
            raise _Bad("range", expected)
        return tuple(_money_value(v, expected) for v in value)
    return parse


def _parsers(lang: str) -> dict[str, Callable[[object], Any]]:
    """The file's top-level keys (but ``royalty_table``), in the order the writer uses."""
    parsers: dict[str, Callable[[object], Any]] = {
        "system": _choice(tuple(s.value for s in ScoringSystem), lang),
        "scoop_bonus": _whole(0, MAX_SCOOP_BONUS, lang, auto=True),
        "ties": _choice(tuple(t.value for t in TieRule), lang),
        "bank": _whole(0, 3, lang),
        "ignore_fouls": _bool(lang),
        "surrender": _bool(lang),
        "surrender_cost": _whole(MIN_AMOUNT, MAX_AMOUNT, lang, auto=True),
        "royalties": _bool(lang),
        "royalties_better_hand_only": _bool(lang),
        "naturals": _bool(lang),
        "natural_amount": _whole(MIN_AMOUNT, MAX_AMOUNT, lang, auto=True),
        "point_value": _money(lang),
        "stakes": _stakes(lang),
        "wheel_second": _bool(lang),
        "low_middle": _bool(lang),
        "criss_cross": _bool(lang),
    }
    return parsers


ROYALTY_KEYS = tuple(f.name for f in dataclasses.fields(RoyaltyTable))
# Every top-level key of a rules file, in the order the writer uses (_parsers' order).
FILE_KEYS = ("system", "scoop_bonus", "ties", "bank", "ignore_fouls", "surrender", "surrender_cost",
             "royalties",
             "royalties_better_hand_only", "naturals", "natural_amount", "point_value", "stakes",
             "wheel_second", "low_middle", "criss_cross", "royalty_table")


def loads_rules(text: str, *, source: str = "", lang: str = DEFAULT_LANGUAGE) -> RulesFile:
    """The :class:`RulesFile` a TOML text describes; ``source`` (the file's name) starts every
    message. Raises :class:`RulesFileError` listing every bad key."""
    prefix = f"{source}: " if source else ""
    text = text.lstrip("\ufeff")
    try:
        lines = key_lines(text)  # first: what nests too deep is refused before the TOML reader recurses
    except _TooDeep as exc:
        raise RulesFileError([prefix + tr("rulesfile.where.line", lang, line=exc.line)
                              + tr("rulesfile.error.too_deep", lang, most=MAX_NESTING)]) from None
    try:
        data = tomllib.loads(text)
    except ValueError as exc:  # TOMLDecodeError, or an integer of more than 4,300 digits
        raise RulesFileError([prefix + tr("rulesfile.error.syntax", lang, error=str(exc))]) from None
    except RecursionError:  # a last guard: the scan above refuses anything this deep
        raise RulesFileError([prefix + tr("rulesfile.error.too_deep", lang, most=MAX_NESTING)]) from None
    problems: list[str] = []

    def bad(key: str, value: object, what: str, expected: str = "") -> None:
        # a key the scan did not place (inside an inline table) is placed at its table's line
        place = lines.get(key) or lines.get(key.partition(".")[0])
        where = tr("rulesfile.where.line", lang, line=place) if place else ""
        problems.append(prefix + where + tr(f"rulesfile.error.{what}", lang, key=_cut(key),
                                            value=_shown(value, lang), expected=expected))

    parsers = _parsers(lang)
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key == "royalty_table":
            continue
        parse = parsers.get(key)
        if parse is None:
            bad(key, value, "unknown", ", ".join(FILE_KEYS))
            continue
        try:
            values[key] = parse(value)
        except _Bad as exc:
            bad(key, value, exc.what, exc.expected)
    royalties: dict[str, int] = {}
    table = data.get("royalty_table", {})
    if not isinstance(table, dict):
        bad("royalty_table", table, "type", tr("rulesfile.expected.table", lang))
    else:
        amount = _whole(0, MAX_ROYALTY, lang)
        for key, value in table.items():
            name = f"royalty_table.{key}"
            if key not in ROYALTY_KEYS:
                bad(name, value, "unknown", ", ".join(ROYALTY_KEYS))
                continue
            try:
                royalties[key] = amount(value)  # type: ignore[assignment]
            except _Bad as exc:
                bad(name, value, exc.what, exc.expected)
    if problems:
        raise RulesFileError(problems)
    criss_cross = values.pop("criss_cross", False)
    if "system" in values:
        values["system"] = ScoringSystem(values["system"])
    if "ties" in values:
        values["ties"] = TieRule(values["ties"])
    try:
        rules = HouseRules(royalty_table=RoyaltyTable(**royalties), **values)
    except HouseRulesError as exc:  # every value was checked above; kept as a last guard
        raise RulesFileError([prefix + str(exc)]) from None
    problem = rules.bounds_problem()  # the same bounds, checked above key by key: a last guard too
    if problem is not None:
        raise RulesFileError([prefix + problem])
    return RulesFile(rules, criss_cross)


def read_rules_file(path: str | os.PathLike[str], lang: str = DEFAULT_LANGUAGE) -> RulesFile:
    """Read a house-rules file; any problem (missing, a folder, a pipe or a device, larger than
    :data:`MAX_FILE_BYTES`, unreadable, not UTF-8, not TOML, nested too deep, bad keys) is a
    :class:`RulesFileError` in ``lang``. A FIFO is never waited on, and no more than
    :data:`MAX_FILE_BYTES` are read (:mod:`cp_trainer.bounded_input`)."""
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


def _plain(rules_file: RulesFile, *, every_key: bool = True) -> dict[str, Any]:
    """The file's keys and values (``every_key=False``: without a scoop bonus left to the system,
    the form the teaching table's protocol has always sent)."""
    rules = rules_file.rules
    data = rules.to_dict()
    royalty_table = data.pop("royalty_table")
    out: dict[str, Any] = {}
    for key in FILE_KEYS[:-1]:
        if key == "scoop_bonus" and rules.scoop_bonus is None and not every_key:
            continue  # the system's own: left out, so the table's protocol reads as before
        if key == "criss_cross":
            out[key] = rules_file.criss_cross
        elif key in ("surrender_cost", "natural_amount", "scoop_bonus"):
            out[key] = AUTO if data.get(key) is None else data[key]
        elif key == "stakes":
            out[key] = [float(s) for s in data[key]] if data[key] is not None else []
        elif key == "point_value":
            out[key] = float(data[key])
        else:
            out[key] = data[key]
    out["royalty_table"] = royalty_table
    return out


def dumps_rules(rules_file: RulesFile) -> str:
    """The TOML text of a rules file (every key, in the documented order). Raises
    :class:`RulesFileError` for values a file cannot hold (they would not read back)."""
    text = ("# cp-trainer house rules. Every key is explained in docs/house-rules.sample.toml.\n"
            "# Правила стола cp-trainer; каждый ключ описан в docs/house-rules.sample.toml.\n\n"
            + tomli_w.dumps(_plain(rules_file)))
    loads_rules(text)  # what cannot be read back is not written
    return text


def write_rules_file(path: str | os.PathLike[str], rules_file: RulesFile, *, replace: bool = False,
                     lang: str = DEFAULT_LANGUAGE) -> None:
    """Write ``rules_file`` to ``path`` atomically (a temporary file beside it, renamed into
    place). An existing file is replaced only with ``replace=True`` (the user was asked);
    otherwise, and on any error writing, :class:`RulesFileError` and the old file is untouched."""
    target = Path(os.fspath(path))
    name = os.fspath(path)
    if target.is_dir():
        raise RulesFileError([tr("rulesfile.error.folder", lang, path=name)])
    if not replace and target.exists():
        raise RulesFileError([tr("rulesfile.error.exists", lang, path=name)])
    text = dumps_rules(rules_file)
    mode = 0o666 & ~_umask()
    if replace and target.exists():
        mode = target.stat().st_mode & 0o777
    tmp: Path | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent)  # a bare name's parent is "."
        tmp = Path(tmp_name)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        if replace:
            os.replace(tmp, target)
        else:
            _link_new(tmp, target, name, lang)
        tmp = None
    except OSError as exc:
        raise RulesFileError([tr("rulesfile.error.unwritable", lang, path=name,
                                 reason=exc.strerror or str(exc))]) from None
    finally:
        if tmp is not None:
            tmp.unlink(missing_ok=True)


def _link_new(tmp: Path, target: Path, name: str, lang: str) -> None:
    """Put ``tmp`` at ``target`` only if nothing is there (no race with another writer)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise RulesFileError([tr("rulesfile.error.exists", lang, path=name)]) from None
    except OSError:  # a file system without hard links
        if target.exists():
            raise RulesFileError([tr("rulesfile.error.exists", lang, path=name)]) from None
        os.replace(tmp, target)
        return
    tmp.unlink()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
