"""The standard streams of every command, in one place.

- A standard stream the command was started without (``<&-``, ``>&-``) is reopened on
  ``/dev/null`` at once, so no file the command opens later (a database, an export) can take
  descriptor 0, 1 or 2 and receive stray writes; the command still knows the stream was closed.
- Reading standard input that was closed, writing to standard output that was closed, or a write
  that fails (a full disk: ``>/dev/full``) raises :class:`StreamError`, which the command line
  reports on one line of stderr with a non-zero exit status -- never a traceback, never exit 0
  with the output lost.
- Everything written to standard output and standard error has its control and invisible
  characters escaped (a terminal escape, ``\\x0b``, ``\\x85``, U+2028 in an input or a file name is
  shown, never acted on); text the stream's encoding lacks (``♠`` under a KOI8-R locale) is
  written as a backslash escape instead of failing.
- ``--json`` output is UTF-8 whatever the locale (JSON is UTF-8), and :func:`json_line` escapes
  U+2028, U+2029, U+0085 and every other invisible character as ``\\uXXXX``.
- Standard input is read line by line with a bounded buffer: a line longer than
  :data:`MAX_LINE` characters is refused by itself (the rest of it skipped unread into memory),
  and the other lines still run. Input that is not text is refused as a whole, at once, with
  :class:`StreamError` (exit status 2), by the rules of :mod:`cp_trainer.support.bounded_input` that
  ``history import`` reads by too: a line of more than
  :data:`~cp_trainer.support.bounded_input.MAX_ENDLESS_CHARS` without an end (``/dev/zero``), or NUL
  bytes on :data:`~cp_trainer.support.bounded_input.BINARY_LINES` lines before any valid one
  (``/dev/urandom``: :func:`binary_input`, raised by the command, which knows a valid line).
- Commands answer standard input in chunks (:func:`read_chunks`): as many lines as are
  already there, up to :data:`CHUNK_LINES` lines or :data:`CHUNK_CHARS` characters, so a file or a
  fast pipe is answered in batches while a person typing one line at a time gets each answer at
  once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import select
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from ..support.bounded_input import BINARY_LINES, MAX_ENDLESS_CHARS

__all__ = [
    "CHUNK_CHARS",
    "CHUNK_LINES",
    "MAX_LINE",
    "InputLine",
    "StandardStreams",
    "StreamError",
    "binary_input",
    "escape_invisible",
    "json_line",
    "read_chunks",
    "read_lines",
]

MAX_LINE = 1_000_000  # characters in one line of standard input (a hand is under 100)
_CHUNK = 1 << 16  # characters read at a time while skipping the rest of a too-long line
CHUNK_LINES = 4096  # lines of standard input answered together, at most (read_chunks)
CHUNK_CHARS = 1 << 22  # characters of standard input answered together, at most (read_chunks)


class StreamError(Exception):
    """A standard stream cannot be used (closed, or a write failed). :meth:`message` says which,
    on one line, in the user's language; ``status`` is the exit status the command ends with."""

    def __init__(self, key: str, status: int = 1, **fields: str) -> None:
        super().__init__(key)
        self.key = key
        self.status = status
        self.fields = fields

    def message(self, lang: str) -> str:
        from ..support.i18n import tr

        return tr(self.key, lang, **self.fields)


# --- escaping --------------------------------------------------------------------------------

def _is_invisible(ch: str) -> bool:
    """A character a terminal would act on or not show: control, format, separator, surrogate,
    private-use and unassigned characters. Spaces (U+00A0 and the like) are kept."""
    import unicodedata

    return not ch.isprintable() and unicodedata.category(ch) != "Zs"


def escape_invisible(text: str) -> str:
    """``text`` with every invisible character (see :func:`_is_invisible`) except the newline
    written as a Python-style escape (``\\x1b``, ``\\u2028``, ``\\U000e0001``)."""
    if all(part.isprintable() for part in text.split("\n")):
        return text  # the common case, at C speed
    return "".join(repr(ch)[1:-1] if ch != "\n" and _is_invisible(ch) else ch for ch in text)


def _json_escape(ch: str) -> str:
    return json.dumps(ch)[1:-1]  # \\uXXXX, a surrogate pair beyond the BMP


def json_line(obj: Any) -> str:
    """``obj`` as one line of JSON: non-ASCII text as itself (read as UTF-8), but every invisible
    character -- U+2028, U+2029, U+0085, a lone surrogate, a bidirectional override -- escaped
    as ``\\uXXXX`` (JSON's own escapes cover U+0000-U+001F), so the line is one line to every
    reader, JavaScript's included, and encodes as UTF-8 without error."""
    text = json.dumps(obj, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(_json_escape(ch) if _is_invisible(ch) else ch for ch in text)


# --- output ----------------------------------------------------------------------------------

class _GuardedOutput:
    """Stands in for ``sys.stdout`` / ``sys.stderr``: escapes what is written, and turns a closed
    stream or a failed write into :class:`StreamError` (a broken pipe stays BrokenPipeError: the
    reader stopped reading, as ``| head`` does, which is not an error)."""

    def __init__(self, name: str, stream: IO[str] | None) -> None:
        self._name = name
        self._stream = stream
        self.failed = False

    def _fail(self, exc: OSError | None) -> StreamError:
        self.failed = True
        if exc is None:
            return StreamError(f"cli.{self._name}.closed")
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        return StreamError(f"cli.{self._name}.failed", reason=reason)

    def write(self, text: str) -> int:
        if self._stream is None:
            raise self._fail(None)
        try:
            return self._stream.write(escape_invisible(text))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._fail(exc) from None

    def flush(self) -> None:
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._fail(exc) from None

    def writelines(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)

    @property
    def closed(self) -> bool:
        return self._stream is None or self._stream.closed

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()

    def __getattr__(self, name: str) -> Any:  # fileno, encoding, buffer, ...
        if self._stream is None:
            raise AttributeError(name)
        return getattr(self._stream, name)


def _reopen_closed_descriptors() -> None:
    """Put ``/dev/null`` on descriptors 0-2 that are not open, so a file opened later never
    becomes a standard stream (Python already set the matching ``sys`` stream to ``None``)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError as exc:
            if exc.errno != errno.EBADF:
                continue
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:  # a lower descriptor was free after all: put it where it belongs
                os.dup2(null, fd)
                os.close(null)


@dataclass
class _Saved:
    stdout: Any
    stderr: Any
    stdout_config: dict[str, Any] | None


class StandardStreams:
    """Installed for the run of one command (:meth:`install`), then put back (:meth:`restore`).

    While installed, ``sys.stdout`` and ``sys.stderr`` are guarded (see :class:`_GuardedOutput`).
    """

    def __init__(self) -> None:
        _reopen_closed_descriptors()
        self._saved = _Saved(sys.stdout, sys.stderr, _text_config(sys.stdout))
        self.stdout = _GuardedOutput("stdout", sys.stdout)
        self.stderr = _GuardedOutput("stderr", sys.stderr)
        _reconfigure(sys.stdout, errors="backslashreplace")  # ♠ on a KOI8-R terminal: \u2660
        sys.stdout = self.stdout
        sys.stderr = self.stderr  # even when closed: print(file=None) would write to stdout

    @classmethod
    def install(cls) -> StandardStreams:
        return cls()

    def use_utf8(self) -> None:
        """Standard output is written in UTF-8 (for ``--json``: JSON is UTF-8 whatever the locale)."""
        _reconfigure(self._saved.stdout, encoding="utf-8")

    def finish(self) -> None:
        """Write out what is still buffered (a failure raises :class:`StreamError`)."""
        self.stdout.flush()

    def discard(self) -> None:
        """After standard output failed: point descriptor 1 at ``/dev/null`` so that Python's own
        flush at exit finds nothing to complain about."""
        stream = self._saved.stdout
        with contextlib.suppress(OSError, ValueError, AttributeError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())
            os.close(null)

    def restore(self) -> None:
        """Put the standard streams back, with nothing left in their buffers that cannot be
        written (see :func:`_settle`)."""
        sys.stdout = self._saved.stdout
        sys.stderr = self._saved.stderr
        if self._saved.stdout_config is not None:
            with contextlib.suppress(OSError, ValueError):
                _reconfigure(self._saved.stdout, **self._saved.stdout_config)
        _settle(self._saved.stdout)
        _settle(self._saved.stderr)


def _settle(stream: Any) -> None:
    """Flush ``stream``; when that fails (``2>/dev/full``), point its descriptor at
    ``/dev/null`` and flush again, so its buffer empties.

    A write that failed leaves its bytes in the stream's buffer (a buffered stderr: any Python
    run without ``PYTHONUNBUFFERED``). Python flushes ``sys.stdout`` and ``sys.stderr`` once
    more at exit, and when that flush fails it replaces the exit status with 120: an error with
    stderr full would end 120 instead of 2. After this, the final flush has nothing to fail on.
    """
    if stream is None:
        return
    try:
        stream.flush()
        return
    except (OSError, ValueError):  # ValueError: closed
        pass
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)
        stream.flush()


def _text_config(stream: Any) -> dict[str, Any] | None:
    encoding, errors = getattr(stream, "encoding", None), getattr(stream, "errors", None)
    if not isinstance(encoding, str) or not isinstance(errors, str):
        return None
    return {"encoding": encoding, "errors": errors}


def _reconfigure(stream: Any, **config: Any) -> None:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        # flushing what was written before may fail: the next write says so
        with contextlib.suppress(OSError):
            reconfigure(**config)


# --- input -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class InputLine:
    """One line of standard input: ``text`` (stripped), or for a line longer than
    :data:`MAX_LINE`, its first characters and ``too_long`` (``length`` counted up to the end of
    the line, which was skipped without being kept). ``nul``: the line holds a NUL byte."""

    number: int
    text: str
    too_long: bool = False
    length: int = 0
    nul: bool = False


def binary_input() -> StreamError:
    """The refusal of standard input that is binary data (NUL bytes on
    :data:`~cp_trainer.support.bounded_input.BINARY_LINES` lines before any valid one)."""
    return StreamError("cli.stdin.binary", status=2, lines=str(BINARY_LINES))


def read_lines(stream: IO[str] | None = None) -> Iterator[InputLine]:
    """The non-blank lines of standard input (or ``stream``), stripped of spaces and a byte-order
    mark. Bytes that are not text in the input's encoding read as U+FFFD, so such a line is
    answered as bad input. Raises :class:`StreamError` (exit status 2) when standard input is
    closed, or at a line of more than :data:`~cp_trainer.support.bounded_input.MAX_ENDLESS_CHARS`
    characters (endless: ``/dev/zero``), without reading further."""
    source = sys.stdin if stream is None else stream
    if source is None:
        raise StreamError("cli.stdin.closed", status=2)
    _reconfigure(source, errors="replace")
    number = 0
    while True:
        line = source.readline(MAX_LINE + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            length = len(line)
            nul = "\0" in line
            while True:  # skip the rest of the line in bounded pieces
                more = source.readline(_CHUNK)
                length += len(more)
                nul = nul or "\0" in more
                if not more or more.endswith("\n"):
                    break
                if length > MAX_ENDLESS_CHARS:
                    raise StreamError("cli.stdin.endless", status=2, limit=f"{MAX_ENDLESS_CHARS:,}")
            yield InputLine(number, line[:80], too_long=True, length=length, nul=nul)
            continue
        text = line.strip().lstrip("\ufeff").strip()
        if text:
            yield InputLine(number, text, nul="\0" in text)


def _more_ready(source: IO[str]) -> bool:
    """Can the next read from ``source`` go on without waiting? True for a regular file or an
    in-memory stream; for a pipe or a terminal, when the operating system holds input (or its
    end) for it. Lines the stream has already buffered may make this say False early: a chunk
    then ends sooner than it had to, which costs speed, never an answer."""
    try:
        fd = source.fileno()
    except (OSError, ValueError, AttributeError):
        return True  # no descriptor (io.StringIO): everything is there
    try:
        ready, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(ready)


def read_chunks(stream: IO[str] | None = None, lines: int = CHUNK_LINES,
                chars: int = CHUNK_CHARS) -> Iterator[list[InputLine]]:
    """The lines of :func:`read_lines` in chunks to answer together: a chunk ends after ``lines``
    lines or ``chars`` characters, at the end of the input, or when no more input is there yet
    (a pipe whose writer has not written the next line, a person at a terminal), so that what was
    read is answered before the command waits for more."""
    source = sys.stdin if stream is None else stream
    chunk: list[InputLine] = []
    size = 0
    try:
        for line in read_lines(source):
            chunk.append(line)
            size += len(line.text)
            if len(chunk) >= lines or size >= chars or (source is not None and not _more_ready(source)):
                yield chunk
                chunk, size = [], 0
    except StreamError:  # endless input: the lines read before it are answered first
        if chunk:
            yield chunk
        raise
    if chunk:
        yield chunk
