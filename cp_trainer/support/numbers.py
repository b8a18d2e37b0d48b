"""Signed numbers in text: the one formatter behind every ``+0.41`` the program writes.

:func:`signed` writes a number with its sign; a :class:`Notation` says how, apart from the digits:
the plus and minus characters, the decimal point and the group separator, whether a value that
rounds to zero keeps its sign, and how ties round. The command line writes Python's way
(:data:`PLAIN` and :data:`FORMAT`, its output is a contract); the window passes the notation of
the language in force (``cp_trainer.gui.numbers``: the locale's separators, the typographic minus,
ties away from zero as Qt's ``QLocale`` rounds them). Money (``cents=True``) takes two decimals
when it is whole cents, else as many digits as it needs.

>>> signed(4, 0), signed(-4, 0), signed(0, 0)
('+4', '-4', '0')
>>> signed(0.8), signed(-0.001), signed(-0.001, notation=FORMAT)
('+0.80', '0.00', '-0.00')
>>> signed(2.5, cents=True), signed(-0.125, cents=True), signed(0, cents=True)
('+2.50', '-0.125', '0.00')
>>> signed(1234.5, 1, Notation(minus=MINUS, point=",", group=" ")), signed(-1.5, 1, Notation(minus=MINUS))
('+1 234,5', '−1.5')
>>> decimal(-0.0004, 3, FORMAT), decimal(0.413, 3, Notation(point=","))
('-0.000', '0,413')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal, localcontext

__all__ = ["FORMAT", "MINUS", "PLAIN", "Notation", "decimal", "signed"]

MINUS = "\u2212"  # the typographic minus, as the window and the lessons write a negative number

_SIGNIFICANT = 6  # the digits of a number written with as few digits as it needs ("g" format)
_EXACT = 2.0 ** 53  # from here on every float is a whole number: nothing to round


@dataclass(frozen=True, slots=True)
class Notation:
    """How :func:`signed` writes a number, apart from its digits.

    ``plus`` / ``minus`` lead a positive / negative value (``plus=""``: a sign for negatives
    only). ``point`` and ``group`` are the decimal point and the thousands separator (``group=""``:
    no grouping). ``zero_sign``: a value that rounds to zero keeps its sign (``+0.00``,
    ``-0.00``), as Python's ``f"{x:+.2f}"`` writes it; else it has none (``0.00``). ``half_up``:
    a tie rounds away from zero (``0.125`` to ``0.13``, as ``QLocale`` rounds), else to even
    (``0.12``, as Python's ``format``).
    """

    plus: str = "+"
    minus: str = "-"
    point: str = "."
    group: str = ""
    zero_sign: bool = False
    half_up: bool = False


#: settled points and money: ``+4``, ``-4``, ``0`` (zero has no sign)
PLAIN = Notation()
#: Python's ``f"{x:+.2f}"`` exactly: ``+0.00`` for zero, ``-0.00`` for a negative that rounds to it
FORMAT = Notation(zero_sign=True)


def _rounded(x: float, digits: int | None) -> float | Decimal:
    """``x`` (not negative) rounded half away from zero to ``digits`` decimals (``None``: to
    :data:`_SIGNIFICANT` significant digits), exactly: no tie is left for ``format`` to settle."""
    if not math.isfinite(x) or x == 0 or x >= _EXACT:
        return x
    with localcontext() as context:
        context.prec = 80
        exact = Decimal(x)
        places = -digits if digits is not None else exact.adjusted() - _SIGNIFICANT + 1
        rounded = exact.quantize(Decimal(1).scaleb(places), rounding=ROUND_HALF_UP)
    # "g" decides between plain and exponent digits by the rounded value: give it that value
    return rounded if digits is not None else float(rounded)


def _digits(x: float, digits: int | None, notation: Notation) -> str:
    """``x`` (not negative) without a sign: ``digits`` decimals, or as few as it needs (``None``)."""
    group = "," if notation.group else ""
    if isinstance(x, int) and digits == 0:  # a whole number of points: every digit, exactly
        text = format(x, group + "d")
    else:
        x = float(x)  # as few digits as a float needs: 1.23457e+06, not 1234567
        value = _rounded(x, digits) if notation.half_up else x
        text = format(value, group + (f".{digits}f" if digits is not None else f".{_SIGNIFICANT}g"))
    return text.translate({ord(","): notation.group, ord("."): notation.point})


def _whole_cents(x: float) -> bool:
    return abs(x * 100 - round(x * 100)) < 1e-6


def signed(x: float, digits: int | None = 2, notation: Notation = PLAIN, *, cents: bool = False) -> str:
    """``x`` with its sign: ``digits`` decimals (0 for a whole number of points), or as few as it
    needs with ``None`` (six significant digits: ``+2.5``, ``+1.23457e+06``), written in
    ``notation``. ``cents``: money, the amount first rounded to millionths (no float dust, no
    negative zero), then two decimals when it is whole cents, else as few as it needs (``digits``
    is not used).

    >>> signed(0.125), signed(0.125, notation=Notation(half_up=True))
    ('+0.12', '+0.13')
    >>> signed(123456.5, None), signed(123456.5, None, Notation(group=",", half_up=True))
    ('+123456', '+123,457')
    >>> signed(0.1 + 0.2, cents=True), signed(1234.5678, cents=True), signed(-1e-9, cents=True)
    ('+0.30', '+1234.57', '0.00')
    >>> signed(float("nan"), notation=FORMAT), signed(float("-inf"), 0)
    ('+nan', '-inf')
    """
    if cents:
        x = round(x, 6) + 0.0
        digits = 2 if _whole_cents(x) else None
    text = _digits(abs(x), digits, notation)
    if notation.zero_sign:
        negative = x < 0 or (x == 0 and math.copysign(1.0, x) < 0)
        return (notation.minus if negative else notation.plus) + text
    if text == _digits(0, digits, notation):
        return text
    return (notation.plus if x > 0 else notation.minus) + text


def decimal(x: float, digits: int = 2, notation: Notation = PLAIN) -> str:
    """``x`` with ``digits`` decimals and a sign for a negative value only: :func:`signed`
    without the plus (``0.413``, ``-1.500``).

    >>> decimal(1.5, 3), decimal(-1.5, 3, Notation(minus=MINUS, point=","))
    ('1.500', '−1,500')
    """
    return signed(x, digits, replace(notation, plus=""))
