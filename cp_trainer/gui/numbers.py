"""Numbers the chosen language's way, everywhere the window writes one.

A number reads as Settings' spin boxes show it (``100,000``, not ``100000``): every number in
a text goes through :class:`QLocale` of the language in force (``current_language()``), as the
spin boxes do: ``100,000`` and ``+0.41`` in English, ``100 000`` and ``+0,41`` in Russian.
The command line keeps its own plain notation (its output is a contract).
A negative number takes the typographic minus ``−`` (U+2212) in both languages, as the lessons
write it; the hyphen is left to ranges ("2-4"). A signed number is written by the program's one
formatter, :func:`cp_trainer.support.numbers.signed`, in the notation of the language in force.
"""

from __future__ import annotations

from PySide6.QtCore import QLocale

from cp_trainer.gui.translation import current_language
from cp_trainer.support import numbers
from cp_trainer.support.i18n import count_points
from cp_trainer.support.numbers import MINUS

__all__ = ["MINUS", "integer", "locale", "notation", "number", "percent", "points", "short", "signed"]


def locale() -> QLocale:
    """The locale of the language in force (the one the spin boxes are given too)."""
    return QLocale(current_language())


def _minus(text: str) -> str:
    """``text`` with the locale's leading negative sign (a hyphen) written as the typographic minus."""
    sign = locale().negativeSign()
    return MINUS + text[len(sign):] if sign and text.startswith(sign) else text


def notation() -> numbers.Notation:
    """The language in force's way of writing a signed number: its plus sign, decimal point and
    group separator, the typographic minus, and ties rounded away from zero (as ``QLocale``)."""
    loc = locale()
    return numbers.Notation(plus=loc.positiveSign(), minus=MINUS, point=loc.decimalPoint(),
                            group=loc.groupSeparator(), half_up=True)


def number(x: float, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals and the language's separators: ``1,234.50`` / ``1 234,50``."""
    return _minus(locale().toString(float(x), "f", digits))


def signed(x: float, digits: int | None = 2) -> str:
    """``x`` with its sign, the one way the window writes one: ``+0.41`` / ``−1,50`` with
    ``digits`` decimals, ``+6`` / ``−1 200`` with 0, as few digits as it needs with ``None``
    (``+2.5``, as :func:`short`). A value that rounds to zero has no sign (``0.00``, ``0``)."""
    return numbers.signed(float(x), digits, notation())


_signed = signed  # for points(), whose keyword ``signed`` hides the function


def short(x: float) -> str:
    """As few digits as the value needs: ``4``, ``2.5`` / ``2,5``."""
    return _minus(locale().toString(float(x), "g", 6))


def integer(n: int) -> str:
    """A count the language's way: ``100,000`` / ``100 000``."""
    return _minus(locale().toString(int(n)))


def points(n: int, *, signed: bool = False) -> str:
    """A whole number of points with its unit in the form the count takes: ``1 point``,
    ``−1 point``, ``+2 points``; ``1 очко``, ``2 очка``, ``5 очков`` (``signed``: with its sign)."""
    return count_points(n, current_language(), _signed(n, 0) if signed else integer(n))


def percent(x: float) -> str:
    """A share as a whole percentage: ``90%``."""
    return _minus(locale().toString(float(round(100 * x)), "f", 0)) + "%"
