"""The pool of instructive hands shipped under ``resources/drill/`` and the choice of the next hand.

``resources/drill/pool.jsonl.gz`` (gzipped JSON Lines) holds one JSON object a line: a
:class:`~.grading.HandAnalysis` (the solver's stored answer, so grading is a look-up) plus the
hand's theme, difficulty and greedy's loss; ``scripts/make_drill_pool.py`` regenerates it.
:class:`HandPicker` deals the next drill hand: a hand due for review first, else — with
probability ``random_share`` — an ordinary random hand (analysed at run time), else a pool hand
(of a theme, when asked).
"""

from __future__ import annotations

import gzip
import io
import json
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO

from ..rules.arrangement import Arrangement
from ..rules.cards import FULL_DECK, Card, format_cards, parse_cards
from ..support.bounded_input import open_regular
from ..support.resources import resource_path
from .grading import DrillInputError, HandAnalysis
from .rating import difficulty
from .themes import Theme, detect_theme

__all__ = ["MAX_POOL_BYTES", "MAX_POOL_LINE", "MAX_POOL_LINES", "MAX_POOL_TEXT", "POOL_FILE", "DrillHand",
           "HandPicker", "PoolFileError", "hand_key", "load_pool", "read_pool", "solved_to_hand"]

POOL_FILE = ("drill", "pool.jsonl.gz")
RANDOM_SHARE = 0.25


def hand_key(cards: Sequence[Card]) -> str:
    """The hand's key (its cards, sorted high first): history and the review schedule use it."""
    return format_cards(sorted(cards, reverse=True))


@dataclass(frozen=True)
class DrillHand:
    """A drill hand. ``analysis`` is None for a random hand not analysed yet (:func:`analyse` it
    off the GUI thread); pool hands carry theirs."""

    cards: tuple[Card, ...]
    analysis: HandAnalysis | None
    theme: Theme | None
    difficulty: int | None
    greedy_loss: float | None = None
    source: str = "pool"  # pool / random / review

    @property
    def key(self) -> str:
        return hand_key(self.cards)

    def to_json(self) -> dict[str, Any]:
        """The ``cp-trainer drill --json`` object."""
        return {"cards": format_cards(self.cards), "theme": None if self.theme is None else self.theme.value,
                "difficulty": self.difficulty, "source": self.source}

    def to_pool_json(self) -> dict[str, Any]:
        assert self.analysis is not None and self.theme is not None
        return {"theme": self.theme.value, "difficulty": self.difficulty,
                "greedy_loss": None if self.greedy_loss is None else round(self.greedy_loss, 3)
                } | self.analysis.to_json()

    @classmethod
    def from_pool_json(cls, data: dict[str, Any]) -> DrillHand:
        analysis = HandAnalysis.from_json(data)
        try:
            return cls(analysis.cards, analysis, Theme.parse(str(data["theme"])), int(data["difficulty"]),
                       float(data["greedy_loss"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise DrillInputError(f"not a pool hand: {str(data)[:200]!r} ({exc})") from exc


def solved_to_hand(solved: Any, source: str = "random") -> DrillHand:
    """A :class:`DrillHand` from an :func:`~.analysis.analyse` answer (theme and difficulty)."""
    analysis: HandAnalysis = solved.analysis
    greedy = solved.bot_loss("greedy")
    standard = solved.bot_loss("standard")
    best = analysis.best.arrangement
    greedy_arr: Arrangement = greedy.arrangement
    return DrillHand(analysis.cards, analysis, detect_theme(greedy_arr, best),
                     difficulty([greedy, standard], greedy.loss), greedy.loss, source)


MAX_POOL_BYTES = 64_000_000  # a pool file on disk (the shipped one: 0.7 MB gzipped)
MAX_POOL_TEXT = 100_000_000  # characters it holds, unpacked (the shipped one: 3 MB)
MAX_POOL_LINES = 1_000_000  # lines, blank ones included (the shipped one: 2,200 hands)
MAX_POOL_LINE = 100_000  # characters in one line (a pool hand: about 2,000)


class PoolFileError(ValueError):
    """A pool file that cannot be used: ``key`` (a ``drill.pool.error.*`` message) and its
    fields; :meth:`message` words it in a language, ``str()`` in English."""

    def __init__(self, key: str, **fields: Any) -> None:
        self.key = key
        self.fields = fields
        super().__init__(self.message())

    def message(self, lang: str = "en") -> str:
        from ..support.i18n import tr

        return tr(self.key, lang, **self.fields)


def _pool_hand(line: str, number: int) -> DrillHand:
    try:
        data = json.loads(line)
    except RecursionError:
        raise PoolFileError("drill.pool.error.too_deep", line=number) from None
    except ValueError as exc:
        raise PoolFileError("drill.pool.error.not_json", line=number, error=str(exc)[:200]) from None
    if not isinstance(data, dict):
        raise PoolFileError("drill.pool.error.not_hand", line=number,
                            error=f"a JSON {type(data).__name__}, not an object")
    try:
        return DrillHand.from_pool_json(data)
    except RecursionError:
        raise PoolFileError("drill.pool.error.too_deep", line=number) from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PoolFileError("drill.pool.error.not_hand", line=number, error=str(exc)[:300]) from None


def read_pool(path: Path) -> tuple[DrillHand, ...]:
    """The hands of a pool file (JSON Lines, gzipped when the name ends in ``.gz``). Only a
    regular file of at most :data:`MAX_POOL_BYTES` is read (a FIFO is never waited on, a device
    never read: :mod:`cp_trainer.support.bounded_input`), and what it unpacks to is read in bounded
    pieces (:data:`MAX_POOL_TEXT`, :data:`MAX_POOL_LINES`, :data:`MAX_POOL_LINE`): a gzip bomb
    stops at the limit. Raises :class:`~cp_trainer.support.bounded_input.BoundedInputError` for the
    file, :class:`PoolFileError` for what it holds."""
    hands = []
    with open_regular(path, MAX_POOL_BYTES) as raw:
        try:
            unpacked: BinaryIO | gzip.GzipFile = (gzip.GzipFile(fileobj=raw, mode="rb")
                                                  if path.suffix == ".gz" else raw)
            with io.TextIOWrapper(unpacked, encoding="utf-8") as fh:
                total = 0
                number = 0
                while True:
                    line = fh.readline(MAX_POOL_LINE + 1)
                    if not line:
                        break
                    number += 1
                    total += len(line)
                    if number > MAX_POOL_LINES:
                        raise PoolFileError("drill.pool.error.lines", most=f"{MAX_POOL_LINES:,}")
                    if total > MAX_POOL_TEXT:
                        raise PoolFileError("drill.pool.error.text", most=f"{MAX_POOL_TEXT:,}")
                    if len(line) > MAX_POOL_LINE:
                        raise PoolFileError("drill.pool.error.line_long", line=number,
                                            most=f"{MAX_POOL_LINE:,}")
                    if line.strip():
                        hands.append(_pool_hand(line, number))
        except UnicodeDecodeError:
            raise PoolFileError("drill.pool.error.encoding") from None
        except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
            raise PoolFileError("drill.pool.error.gzip", error=str(exc)[:200]) from None
    return tuple(hands)


@cache
def load_pool() -> tuple[DrillHand, ...]:
    """The shipped pool (empty when the file is missing from a stripped install)."""
    path = resource_path(*POOL_FILE)
    if not path.exists():
        return ()
    return read_pool(path)


def random_cards(rng: random.Random) -> tuple[Card, ...]:
    return tuple(rng.sample(list(FULL_DECK), 13))


class HandPicker:
    """Deals drill hands (see the module docstring). ``due`` holds the keys of hands due for
    review, played first (a key unknown to the pool is dealt as its cards, analysed at run time)."""

    def __init__(self, pool: Sequence[DrillHand], *, rng: random.Random | None = None,
                 theme: Theme | None = None, random_share: float = RANDOM_SHARE) -> None:
        self.pool = tuple(pool)
        self.rng = rng or random.Random()
        self.theme = theme
        self.random_share = random_share if theme is None else 0.0
        self._by_key = {h.key: h for h in self.pool}
        self._choices = [h for h in self.pool if theme is None or h.theme is theme]
        if theme is not None and not self._choices:
            raise DrillInputError(f"no pool hand has the theme {theme.value!r}")

    def next(self, due: Sequence[str] = (), exclude: frozenset[str] = frozenset(),
             current: str | None = None) -> DrillHand:
        """The next hand: not one of ``exclude`` while the pool (or theme) has others, and never
        ``current`` (the hand just dealt) while it has any other."""
        for key in due:
            if key in exclude:
                continue
            known = self._by_key.get(key)
            if known is not None:
                return DrillHand(known.cards, known.analysis, known.theme, known.difficulty,
                                 known.greedy_loss, "review")
            return DrillHand(tuple(parse_cards(key)), None, None, None, None, "review")
        if not self._choices or self.rng.random() < self.random_share:
            return DrillHand(random_cards(self.rng), None, None, None, None, "random")
        for _ in range(20):
            hand = self.rng.choice(self._choices)
            if hand.key not in exclude:
                return hand
        # a small pool (or theme) of mostly excluded hands: one of the rest, else not the current
        fresh = [h for h in self._choices if h.key not in exclude]
        return self.rng.choice(fresh or [h for h in self._choices if h.key != current] or self._choices)
