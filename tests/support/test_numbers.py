"""The one signed-number formatter: each way its callers write a number, case by case."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cp_trainer.support.numbers import FORMAT, MINUS, PLAIN, Notation, decimal, signed

NAN, INF = float("nan"), float("inf")


def _values() -> list[float]:
    rnd = random.Random(11)
    ties = [rnd.randrange(-10**6, 10**6) / 2**k for k in range(1, 10) for _ in range(40)]
    spread = [rnd.uniform(-1, 1) * 10 ** rnd.randint(-8, 9) for _ in range(800)]
    return [0.0, -0.0, 1e-9, -1e-9, 0.005, -0.005, 0.125, -0.125, 2.5, 0.1 + 0.2, 1e20, INF, -INF, NAN,
            *ties, *spread]


VALUES = _values()


def test_settled_points_have_a_sign_but_zero_none() -> None:
    assert [signed(4, 0), signed(-4, 0), signed(0, 0)] == ["+4", "-4", "0"]
    assert signed(2**70, 0) == f"+{2**70}"  # a whole number keeps every digit


def test_a_zero_that_rounds_keeps_its_sign_only_in_format() -> None:
    assert [signed(0.0), signed(-0.0), signed(-0.001), signed(0.001)] == ["0.00"] * 4
    assert [signed(x, 2, FORMAT) for x in (0.0, -0.0, -0.001, 0.001)] == ["+0.00", "-0.00", "-0.00", "+0.00"]
    assert [signed(NAN, 2, FORMAT), signed(-NAN, 2, FORMAT), signed(NAN)] == ["+nan", "+nan", "-nan"]


@pytest.mark.parametrize("digits", [0, 1, 2, 3])
def test_format_is_pythons_plus_format(digits: int) -> None:
    for x in VALUES:
        assert signed(x, digits, FORMAT) == f"{x:+.{digits}f}", x
        assert decimal(x, digits, FORMAT) == f"{x:.{digits}f}", x


def test_plain_writes_a_nonzero_value_as_format_does() -> None:
    for x in VALUES:
        expected = f"{x:+.2f}"
        if expected[1:] == "0.00":
            expected = "0.00"
        elif x != x:  # NaN: not above zero, so the minus
            expected = "-nan"
        assert signed(x) == expected, x


def test_money_is_whole_cents_else_as_many_digits_as_it_needs() -> None:
    assert [signed(2.5, cents=True), signed(-4, cents=True), signed(0, cents=True)] == [
        "+2.50", "-4.00", "0.00"]
    assert [signed(-0.125, cents=True), signed(1234.5678, cents=True)] == ["-0.125", "+1234.57"]
    assert signed(0.1 + 0.2, cents=True) == "+0.30"  # no float dust
    assert [signed(-1e-9, cents=True), signed(4e-7, cents=True)] == ["0.00", "0.00"]  # nor a negative zero
    assert signed(1234567.891, cents=True) == "+1.23457e+06"
    assert signed(0.3, 3, cents=True) == "+0.30"  # cents decide the digits


def test_the_minus_character_and_the_separators_are_the_notations() -> None:
    window = Notation(minus=MINUS, point=",", group="\u00a0")
    assert [signed(-1200, 0, window), signed(1234.5, 1, window), signed(-0.41, 2, window)] == [
        MINUS + "1\u00a0200", "+1\u00a0234,5", MINUS + "0,41"]
    assert signed(1e7, None, window) == "+1e+07" and signed(12345.5, None, window) == "+12\u00a0345,5"
    rates = replace(FORMAT, minus=MINUS)
    assert [signed(-5.0, 0, rates), signed(-0.3, 0, rates), signed(0.0, 0, rates)] == [
        MINUS + "5", MINUS + "0", "+0"]
    assert signed(1234.5, 1) == "+1234.5"  # no group separator unless one is given


def test_the_command_lines_decimal_comma() -> None:
    ru = replace(FORMAT, point=",")
    assert [signed(0.4134, 3, ru), decimal(0.302, 3, ru), decimal(-0.0001, 3, ru)] == [
        "+0,413", "0,302", "-0,000"]
    assert decimal(-0.0001, 3, PLAIN) == "0.000"  # plain: a zero has no sign, not even a minus


def test_ties_round_to_even_or_away_from_zero() -> None:
    away = Notation(half_up=True)
    assert [signed(0.125), signed(0.125, 2, away), signed(-0.125, 2, away)] == ["+0.12", "+0.13", "-0.13"]
    assert [signed(2.5, 0), signed(2.5, 0, away), signed(0.0625, 3, away)] == ["+2", "+3", "+0.063"]
    assert [signed(123456.5, None), signed(123456.5, None, away)] == ["+123456", "+123457"]
    assert signed(999999.5, None, away) == "+1e+06"  # rounded up a digit, so written with an exponent
    assert signed(2.345, 2, away) == "+2.35" and signed(2.355, 2, away) == "+2.35"  # not ties in binary
    assert [signed(INF, 2, away), signed(-INF, None, away), signed(1e300, 2, away)] == [
        "+inf", "-inf", f"+{1e300:.2f}"]
    assert signed(0.0049, 2, away) == "0.00" and signed(0.005, 2, away) == "+0.01"


def test_as_few_digits_as_needed() -> None:
    assert [signed(2.5, None), signed(4, None), signed(-0.004, None), signed(0, None)] == [
        "+2.5", "+4", "-0.004", "0"]
    assert signed(1234567, None) == "+1.23457e+06"  # a whole number too: six significant digits
