"""Drill results in the history: one row a graded drill hand, and its line in an export.

A :class:`DrillRecord` keeps what the grade said (the player's arrangement, the best, both EVs,
the loss with its error, significance, foul, grade), which hand it was (its key: the 13 cards,
high first), where it came from (pool, random, review) and the hand's theme and difficulty. The
player's rating and review schedule are not stored: they follow from the results in order
(:mod:`cp_trainer.drill.profile`), so an import rebuilds them too.

In an export file (:mod:`.jsonl`) a drill result is a line with ``"kind": "drill"``; hand lines
have no ``kind`` and keep their format.

A drill result is kept exactly as a hand is: :meth:`DrillRecord.from_dict` is its one
validator (an import, the store's writes and its reads all go through it, so a damaged row is
named and left out, never exported to be refused on import); its identity (:func:`drill_uid`,
from its time, hand and arrangement; not written in the export, which keeps its format) is unique
in the database, so an import stored twice, or two at once, keeps one copy; and an import stores
its drill results in the one transaction of its hands.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from .limits import MAX_DIFFICULTY, MAX_THEME_CHARS
from .record import (
    RecordError,
    check_text,
    finite_number,
    normalize_arrangement,
    normalize_cards,
    parse_time,
    required_text,
    short_repr,
)

__all__ = ["DRILL_KIND", "GRADES", "SOURCES", "DrillRecord", "drill_uid"]

DRILL_KIND = "drill"
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
SOURCES = ("pool", "random", "review")
ROW_SIZES = (3, 5, 5)  # a drill arrangement: top, middle, bottom


def drill_uid(played_at: str, hand: str, arrangement: str) -> str:
    """A drill result's identity (32 hex digits) from its time (``to_dict`` form), hand and
    arrangement; the database's migration to schema 8 computes it with this same function."""
    text = "\x1f".join((DRILL_KIND, played_at, hand, arrangement))
    return hashlib.sha256(text.encode("utf-8", "backslashreplace")).hexdigest()[:32]


def _rows_of(text: str, what: str, cards: set[str]) -> str:
    """An arrangement of the hand's 13 cards in rows of 3, 5 and 5 (normalised)."""
    arrangement = normalize_arrangement(text, what)
    rows = [row.split() for row in arrangement.split("/")]
    if tuple(len(row) for row in rows) != ROW_SIZES:
        raise RecordError(f"{what} must be rows of 3, 5 and 5 cards (top / middle / bottom), "
                          f"got {short_repr(arrangement)}")
    if {card for row in rows for card in row} != cards or sum(map(len, rows)) != len(cards):
        raise RecordError(f"{what} {short_repr(arrangement)} does not hold exactly the hand's cards")
    return arrangement


@dataclass(frozen=True)
class DrillRecord:
    played_at: datetime
    hand: str  # the 13 cards, high first
    source: str  # pool / random / review
    theme: str | None
    difficulty: int | None
    arrangement: str
    best: str
    ev: float
    best_ev: float
    loss: float
    loss_stderr: float
    significant: bool
    foul: bool
    grade: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": DRILL_KIND,
            "played_at": self.played_at.astimezone(UTC).isoformat(timespec="microseconds"),
            "hand": self.hand, "source": self.source, "theme": self.theme, "difficulty": self.difficulty,
            "arrangement": self.arrangement, "best": self.best, "ev": self.ev, "best_ev": self.best_ev,
            "loss": self.loss, "loss_stderr": self.loss_stderr, "significant": self.significant,
            "foul": self.foul, "grade": self.grade,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DrillRecord:
        """Validate an export line (or a stored row); raise :class:`~.record.RecordError` naming
        the bad field."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a drill result is a JSON object, got {data!r:.80}")
        if data.get("kind") != DRILL_KIND:
            raise RecordError(f"kind must be {DRILL_KIND!r}, got {short_repr(data.get('kind'))}")
        played_at = parse_time(data.get("played_at"))
        hand = normalize_cards(required_text(data, "hand"), "hand")
        cards = set(hand.split())
        if len(hand.split()) != 13 or len(cards) != 13:
            raise RecordError(f"hand must be 13 distinct cards, got {short_repr(hand)}")
        if "Jk" in cards:
            raise RecordError("hand: Chinese poker has no joker")
        source = required_text(data, "source")
        if source not in SOURCES:
            raise RecordError(f"source must be one of {', '.join(SOURCES)}, got {short_repr(source)}")
        grade = required_text(data, "grade")
        if grade not in GRADES:
            raise RecordError(f"grade must be one of {', '.join(GRADES)}, got {short_repr(grade)}")
        theme = data.get("theme")
        if theme is not None:
            if not isinstance(theme, str) or not 0 < len(theme) <= MAX_THEME_CHARS:
                raise RecordError(f"theme must be text of 1 to {MAX_THEME_CHARS} characters or null, "
                                  f"got {short_repr(theme)}")
            check_text(theme, "theme")
        difficulty = data.get("difficulty")
        if difficulty is not None and (isinstance(difficulty, bool) or not isinstance(difficulty, int)
                                       or not 0 <= difficulty <= MAX_DIFFICULTY):
            raise RecordError(f"difficulty must be a whole number from 0 to {MAX_DIFFICULTY} or null, "
                              f"got {short_repr(difficulty)}")
        flags = {}
        for key in ("significant", "foul"):
            value = data.get(key)
            if not isinstance(value, bool):
                raise RecordError(f"{key} must be true or false, got {short_repr(value)}")
            flags[key] = value
        numbers = {k: finite_number(data.get(k), k) for k in ("ev", "best_ev", "loss", "loss_stderr")}
        if (numbers["loss_stderr"] or 0.0) < 0:
            raise RecordError(f"loss_stderr must not be negative, got {short_repr(numbers['loss_stderr'])}")
        return cls(played_at, hand, source, theme, difficulty,
                   _rows_of(required_text(data, "arrangement"), "arrangement", cards),
                   _rows_of(required_text(data, "best"), "best", cards),
                   float(numbers["ev"] or 0.0), float(numbers["best_ev"] or 0.0),
                   float(numbers["loss"] or 0.0), float(numbers["loss_stderr"] or 0.0),
                   flags["significant"], flags["foul"], grade)

    @property
    def identity(self) -> str:
        """The result's stable identity (:func:`drill_uid`): unique in the database, so an import
        spots results it already has."""
        return drill_uid(self.to_dict()["played_at"], self.hand, self.arrangement)


_COLUMNS = ("played_at", "hand", "source", "theme", "difficulty", "arrangement", "best", "ev", "best_ev",
            "loss", "loss_stderr", "significant", "foul", "grade")


def checked(record: DrillRecord) -> DrillRecord:
    """Only what reads back: a result built in the program goes through the one validator too."""
    return DrillRecord.from_dict(record.to_dict())


class _Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    @property
    def lastrowid(self) -> int | None: ...

    def fetchone(self) -> Any: ...


class Connection(Protocol):
    """What :func:`insert` asks of the database (a ``sqlite3.Connection``): this module stays
    free of sqlite3, so the Drill's Qt-free session (which builds records) never loads it."""

    def execute(self, sql: str, parameters: Sequence[Any], /) -> _Cursor: ...


def insert(conn: Connection, records: Iterable[DrillRecord]) -> list[tuple[int, bool]]:
    """Store each result unless one of its identity is stored: (its id, whether it was new). The
    records must come from :meth:`DrillRecord.from_dict` (validated)."""
    out = []
    for r in records:
        d = r.to_dict()
        uid = r.identity
        cur = conn.execute(f"INSERT INTO drill_results ({', '.join(_COLUMNS)}, uid) VALUES "
                           f"({', '.join('?' * len(_COLUMNS))}, ?) ON CONFLICT (uid) DO NOTHING",
                           [*(d[c] for c in _COLUMNS), uid])
        if cur.rowcount == 0:
            row = conn.execute("SELECT id FROM drill_results WHERE uid = ?", (uid,)).fetchone()
            out.append((int(row[0]), False))
        else:
            out.append((int(cur.lastrowid or 0), True))
    return out


def from_row(row: tuple[Any, ...]) -> DrillRecord:
    """A stored row (``id`` first, then :data:`_COLUMNS`) back through the one validator;
    :class:`RecordError` (or another ValueError) when it is damaged."""
    data: dict[str, Any] = dict(zip(_COLUMNS, row[1:], strict=True))
    for key in ("significant", "foul"):
        if data[key] not in (0, 1) or isinstance(data[key], float):
            raise RecordError(f"{key} must be 0 or 1, got {short_repr(data[key])}")
        data[key] = bool(data[key])
    data["kind"] = DRILL_KIND
    return DrillRecord.from_dict(data)


SELECT = f"SELECT id, {', '.join(_COLUMNS)} FROM drill_results ORDER BY played_at, id"
