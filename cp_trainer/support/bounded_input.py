"""Reading a file the user named, with bounds.

A path on the command line (``--rules FILE``, ``drill --pool FILE``, ``history import FILE``) may
name anything: a FIFO nobody writes to (opening it would block forever), ``/dev/zero`` or
``/dev/urandom`` (reading would never end), a huge file, or one that keeps growing while read.
:func:`open_regular` opens it without ever blocking, and refuses what is not a regular file or
is larger than the caller's limit; the file object it returns also stops with
:class:`InputTooLarge` when more than the limit is read (a file that grows after the check).
:func:`read_bounded` reads such a file whole.

Input read line by line (standard input, a history file) is text or it is refused: a line of more
than :data:`MAX_ENDLESS_CHARS` without an end (``/dev/zero``) is endless, and NUL bytes on
:data:`BINARY_LINES` lines before any valid line (``/dev/urandom``) make it binary
(:class:`BinaryLines` counts them).

Every refusal is a :class:`BoundedInputError` whose ``kind`` says which (``missing``,
``folder``, ``special``, ``too_large``, ``unreadable``), so each caller words it in the user's
language; ``str()`` of it is a one-line English message.

The module is pure Python (no Qt, NumPy or database).
"""

from __future__ import annotations

import errno
import io
import os
import stat
from typing import BinaryIO

__all__ = ["BINARY_LINES", "MAX_ENDLESS_CHARS", "BinaryLines", "BoundedInputError", "InputTooLarge",
           "open_regular", "read_bounded"]

BINARY_LINES = 8  # lines holding a NUL byte, before any valid line, that make input binary
MAX_ENDLESS_CHARS = 64_000_000  # a line this long without an end (/dev/zero) is not text


class BoundedInputError(OSError):
    """A file that is not read: ``kind`` is one of ``missing``, ``folder``, ``special`` (a FIFO,
    a device, a socket), ``too_large`` (``size`` bytes or more; at most ``limit``) or
    ``unreadable`` (``reason`` is the system's)."""

    def __init__(self, kind: str, path: str, *, size: int = 0, limit: int = 0, reason: str = "") -> None:
        self.kind = kind
        self.path = path
        self.size = size
        self.limit = limit
        self.reason = reason
        super().__init__(self._english())

    def message(self, lang: str = "en") -> str:
        """The refusal on one line, in ``lang`` (the ``input.error.*`` messages)."""
        from .i18n import tr

        return tr(f"input.error.{self.kind}", lang, path=self.path, size=f"{self.size:,}",
                  most=f"{self.limit:,}", reason=self.reason)

    def _english(self) -> str:
        return self.message("en")

    def __str__(self) -> str:
        return self._english()


class InputTooLarge(BoundedInputError):
    """More than the limit was read (the file grew after it was opened, or it decompresses to
    more than the limit)."""

    def __init__(self, path: str, size: int, limit: int) -> None:
        super().__init__("too_large", path, size=size, limit=limit)


class _Limited(io.RawIOBase):
    """A raw reader over a descriptor that refuses to give more than ``limit`` bytes."""

    def __init__(self, fd: int, path: str, limit: int) -> None:
        super().__init__()
        self._fd = fd
        self._path = path
        self._limit = limit
        self._read = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview | bytearray) -> int:  # type: ignore[override]
        view = memoryview(buffer).cast("B")
        # ask for one byte past the limit at most: enough to know the file is too large
        want = min(len(view), self._limit + 1 - self._read)
        if want <= 0:
            raise InputTooLarge(self._path, self._read, self._limit)
        try:
            data = os.read(self._fd, want)
        except OSError as exc:
            raise BoundedInputError("unreadable", self._path, reason=_reason(exc)) from None
        self._read += len(data)
        if self._read > self._limit:
            raise InputTooLarge(self._path, self._read, self._limit)
        view[:len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            try:
                os.close(self._fd)
            finally:
                super().close()

    def fileno(self) -> int:
        return self._fd


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def open_regular(path: str | os.PathLike[str], limit: int) -> BinaryIO:
    """``path`` opened for reading as a buffered binary file, when it is a regular file of at
    most ``limit`` bytes; reading more than ``limit`` bytes from it raises
    :class:`InputTooLarge`. Never blocks: a FIFO is opened without waiting for a writer, then
    refused. Raises :class:`BoundedInputError`."""
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise BoundedInputError("missing", name) from None
    except IsADirectoryError:
        raise BoundedInputError("folder", name) from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket, or a FIFO opened for writing only
            raise BoundedInputError("special", name) from None
        raise BoundedInputError("unreadable", name, reason=_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise BoundedInputError("folder", name)
        if not stat.S_ISREG(info.st_mode):
            raise BoundedInputError("special", name)
        if info.st_size > limit:
            raise BoundedInputError("too_large", name, size=info.st_size, limit=limit)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return io.BufferedReader(_Limited(fd, name, limit))


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The whole content of a regular file of at most ``limit`` bytes (see :func:`open_regular`).
    Raises :class:`BoundedInputError`."""
    with open_regular(path, limit) as fh:
        return fh.read()


class BinaryLines:
    """Tells binary input from text, line by line: NUL bytes on :data:`BINARY_LINES` lines before
    any valid line make it binary (``/dev/urandom``); after a valid line, a NUL byte is one bad
    line among good ones. The reader calls :meth:`bad` for each line that is not valid and
    :meth:`valid` for each one that is."""

    def __init__(self) -> None:
        self.nul_lines = 0
        self.seen_valid = False

    def valid(self) -> None:
        self.seen_valid = True

    def bad(self, has_nul: bool) -> bool:
        """Count a line that is not valid (``has_nul``: it holds a NUL byte); True when the input
        is binary (refuse it, read nothing more)."""
        if self.seen_valid or not has_nul:
            return False
        self.nul_lines += 1
        return self.nul_lines >= BINARY_LINES
