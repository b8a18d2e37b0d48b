"""Every limit of the practice history, in one place.

What an import accepts, the store keeps, and what the store gives out exports and imports again:
the validators (:meth:`.record.HandRecord.from_dict`, :meth:`.drill_record.DrillRecord.from_dict`),
the store's read and write paths (:mod:`.store`) and the JSON Lines reader and writer
(:mod:`.jsonl`) all take their bounds from here, so no two of them can disagree (a hand that an
import accepts is never counted as damage by the store and left out of every export).
"""

from __future__ import annotations

__all__ = [
    "IMPORT_IDLE_S",
    "MAX_DAMAGED_KEPT",
    "MAX_DIFFICULTY",
    "MAX_ENDLESS_BYTES",
    "MAX_FOULS",
    "MAX_IMPORT_BYTES",
    "MAX_LESSON_ID_CHARS",
    "MAX_LINE_BYTES",
    "MAX_NUMBER",
    "MAX_THEME_CHARS",
    "MAX_YEAR",
    "MIN_YEAR",
]

MAX_NUMBER = 1e9  # far beyond any hand's points or EV: a larger number is a broken file
MIN_YEAR, MAX_YEAR = 1900, 9000  # any time in between converts to every local time without overflow
MAX_FOULS = 1000  # far more than any arrangement has (a hand's fouls, stored and imported)
MAX_DIFFICULTY = 5000  # a drill hand's difficulty rating
MAX_THEME_CHARS = 64  # a drill theme's name ("pair_on_top")
MAX_LESSON_ID_CHARS = 200  # a lesson's id in the lesson progress

# One line of an export file: a hand is under 2 kB; a longer line is not one. The exporter never
# writes a longer line, so every line it writes imports again.
MAX_LINE_BYTES = 1_000_000
MAX_ENDLESS_BYTES = 64_000_000  # a line this long without an end (/dev/zero): not a history file
# All an import reads: about 230,000 hands (a hand's line is about 1.1 kB, 4 kB once read), years of
# daily practice; a longer file or stream (/dev/urandom) is refused, so memory stays bounded.
MAX_IMPORT_BYTES = 256_000_000
MAX_DAMAGED_KEPT = 100  # damaged lines kept with their reasons; the rest are counted only
# A pipe, FIFO or device is read as long as data keeps coming; this long without a byte (a FIFO
# nobody writes to) ends the import with a message instead of waiting forever.
IMPORT_IDLE_S = 60.0
