"""A value quoted back in a message: on one line and cut when long.

Every message that names a bad input quotes it through :func:`shorten` (and :func:`one_line`
where the input may hold a newline or a terminal escape), so a 10 MB line or a 5,000-digit
number is named, never echoed whole, and a control character is shown, never acted on.
"""

from __future__ import annotations

__all__ = ["one_line", "shorten"]


def one_line(text: str) -> str:
    """``text`` with every character that is not printable (newline, NUL, byte-order mark, a
    terminal escape...) written as its Python escape (``\\n``, ``\\x00``, ``\\ufeff``)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def shorten(text: str, most: int, head: int, tail: int = 0, mark: str = " … ") -> str:
    """``text`` itself when it has at most ``most`` characters, else its first ``head``
    characters, ``mark`` and its last ``tail`` (none when ``tail`` is 0)."""
    if len(text) <= most:
        return text
    return text[:head] + mark + (text[-tail:] if tail > 0 else "")
