"""Drill results in the history: one row a graded drill hand, and its line in an export.

A :class:`DrillRecord` keeps what the grade said (the player's arrangement, the best, both EVs,
the loss with its error, significance, foul, grade), which hand it was (its key: the 13 cards,
high first), where it came from (pool, random, review) and the hand's theme and difficulty. The
player's rating and review schedule are not stored: they follow from the results in order
(:mod:`cp_trainer.drill.profile`), so an import rebuilds them too.

In an export file (:mod:`.jsonl`) a drill result is a line with ``"kind": "drill"``; hand lines
have no ``kind`` and keep their format.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .record import RecordError, _number, _text, normalize_arrangement, normalize_cards, parse_time

__all__ = ["DRILL_KIND", "GRADES", "SOURCES", "DrillRecord"]

DRILL_KIND = "drill"
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
SOURCES = ("pool", "random", "review")


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
        """Validate an export line; raise :class:`~.record.RecordError` naming the bad field."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a drill result is a JSON object, got {data!r:.80}")
        if data.get("kind") != DRILL_KIND:
            raise RecordError(f"kind must be {DRILL_KIND!r}, got {data.get('kind')!r:.60}")
        hand = normalize_cards(_text(data, "hand"), "hand")
        if len(hand.split()) != 13 or len(set(hand.split())) != 13:
            raise RecordError(f"hand must be 13 distinct cards, got {hand!r}")
        source = _text(data, "source")
        if source not in SOURCES:
            raise RecordError(f"source must be one of {', '.join(SOURCES)}, got {source!r:.60}")
        grade = _text(data, "grade")
        if grade not in GRADES:
            raise RecordError(f"grade must be one of {', '.join(GRADES)}, got {grade!r:.60}")
        theme = data.get("theme")
        if theme is not None and not isinstance(theme, str):
            raise RecordError(f"theme must be text or null, got {theme!r:.60}")
        difficulty = data.get("difficulty")
        if difficulty is not None and (isinstance(difficulty, bool) or not isinstance(difficulty, int)
                                       or not 0 <= difficulty <= 5000):
            raise RecordError("difficulty must be a whole number from 0 to 5000 or null, "
                              f"got {difficulty!r:.60}")
        flags = {}
        for key in ("significant", "foul"):
            value = data.get(key)
            if not isinstance(value, bool):
                raise RecordError(f"{key} must be true or false, got {value!r:.60}")
            flags[key] = value
        numbers = {k: _number(data.get(k), k) for k in ("ev", "best_ev", "loss", "loss_stderr")}
        return cls(parse_time(data.get("played_at")), hand, source, theme, difficulty,
                   normalize_arrangement(_text(data, "arrangement"), "arrangement"),
                   normalize_arrangement(_text(data, "best"), "best"),
                   float(numbers["ev"] or 0.0), float(numbers["best_ev"] or 0.0),
                   float(numbers["loss"] or 0.0), float(numbers["loss_stderr"] or 0.0),
                   flags["significant"], flags["foul"], grade)

    @property
    def identity(self) -> tuple[str, str, str]:
        """(time, hand, arrangement): how an import spots results it already has."""
        return (self.to_dict()["played_at"], self.hand, self.arrangement)


_COLUMNS = ("played_at", "hand", "source", "theme", "difficulty", "arrangement", "best", "ev", "best_ev",
            "loss", "loss_stderr", "significant", "foul", "grade")


def insert(conn: sqlite3.Connection, records: Iterable[DrillRecord]) -> list[int]:
    ids = []
    for r in records:
        d = r.to_dict()
        values = [d[c] for c in _COLUMNS]
        cur = conn.execute(f"INSERT INTO drill_results ({', '.join(_COLUMNS)}) VALUES "
                           f"({', '.join('?' * len(_COLUMNS))})", values)
        ids.append(int(cur.lastrowid or 0))
    return ids


def select(conn: sqlite3.Connection) -> list[DrillRecord]:
    """Every drill result, oldest first."""
    rows = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM drill_results ORDER BY played_at, id")
    out = []
    for r in rows:
        data = dict(zip(_COLUMNS, r, strict=True))
        out.append(DrillRecord(parse_time(data["played_at"]), data["hand"], data["source"], data["theme"],
                               data["difficulty"], data["arrangement"], data["best"], data["ev"],
                               data["best_ev"], data["loss"], data["loss_stderr"], bool(data["significant"]),
                               bool(data["foul"]), data["grade"]))
    return out
