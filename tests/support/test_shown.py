"""The one shortener of quoted values."""

from __future__ import annotations

from cp_trainer.support.shown import one_line, shorten


def test_a_short_text_stays_whole() -> None:
    assert shorten("abc", 3, 1, 1) == "abc"
    assert shorten("", 0, 0) == ""


def test_a_long_text_keeps_its_two_ends_around_the_mark() -> None:
    assert shorten("abcdefghij", 9, 3, 2) == "abc … ij"
    assert shorten("abcdefghij", 9, 3) == "abc … "
    assert shorten("abcdefghij", 5, 4, mark="…") == "abcd…"
    assert shorten("x" * 10**6, 60, 28, 28) == "x" * 28 + " … " + "x" * 28


def test_one_line_escapes_what_a_terminal_would_act_on() -> None:
    assert one_line("plain text, ünïcode") == "plain text, ünïcode"
    assert one_line("a\nb\x00c\x1b[2J\ufeff") == "a\\nb\\x00c\\x1b[2J\\ufeff"
