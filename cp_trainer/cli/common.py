"""Shared pieces of the subcommands: language, house-rules options, errors, JSON output, and the
way every command reads its inputs (arguments, else one per line of standard input)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from ..rules.cards import CardParseError
from ..support.bounded_input import BinaryLines
from ..support.i18n import LANGUAGES, normalize_lang, system_language, tr
from ..support.shown import one_line, shorten
from .streams import MAX_LINE, InputLine, binary_input, json_line, read_chunks, read_lines

EXIT_INPUT_ERROR = 2

T = TypeVar("T")


class CliError(Exception):
    """An error to report on one line of stderr, with an exit status (2: bad input)."""

    def __init__(self, message: str, status: int = EXIT_INPUT_ERROR) -> None:
        super().__init__(message)
        self.status = status


class InputError(ValueError):
    """One input (an argument or a line of standard input) the command cannot read; the message,
    in the user's language, names the problem."""


SHOWN_LIMIT = 400  # characters of input echoed in a message; a longer text shows its two ends


def joker_hint(exc: CardParseError, lang: str) -> str:
    """" (there is no joker in Chinese poker)" when the bad token was a joker, else ""."""
    return tr("cards.no_joker", lang) if exc.token.strip().lower() in ("jk", "joker") else ""


def shown(text: str) -> str:
    """Input as echoed to a person: on one line, control and invisible characters escaped (a
    newline, NUL, byte-order mark or terminal escape in the input is shown, not acted on), and a
    text longer than :data:`SHOWN_LIMIT` cut to its beginning and end around " … " (a 10 MB line
    is named, not quoted back)."""
    return one_line(shorten(text, SHOWN_LIMIT, 300, 60))


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=None,
        help="language of the messages (default: the system locale, else English)",
    )


def lang_of(args: argparse.Namespace) -> str:
    lang = getattr(args, "lang", None)
    return normalize_lang(lang) if lang else system_language()


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object per line")


def print_json(obj: Any) -> None:
    """One line of JSON on standard output (UTF-8 with ``--json``; invisible characters escaped:
    :func:`~cp_trainer.cli.streams.json_line`)."""
    print(json_line(obj), flush=True)


MAX_SEED = 2**64 - 1  # random seeds: what a 64-bit generator state can tell apart


def whole_number(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number of at least ``least`` (``--seed -1`` is refused at the
    command line, not later by the random generator) and, with ``most``, at most ``most`` (a count
    of 99999999999999999999 is refused at once, not run for ever)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            if text.strip().lstrip("+-").isdigit():  # over Python's 4,300 digits
                digits = len(text.strip())
                if most is not None:
                    raise argparse.ArgumentTypeError(
                        f"must be {least:,} to {most:,}, got a number of {digits:,} digits") from None
                raise argparse.ArgumentTypeError(f"too large a number ({digits} digits)") from None
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if most is not None and value > most:
            raise argparse.ArgumentTypeError(f"must be {least:,} to {most:,}, got {value}")
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, got {value}")
        return value

    return parse


def seed_number() -> Callable[[str], int]:
    """An argparse ``type`` for ``--seed``: a whole number from 0 to :data:`MAX_SEED`."""
    return whole_number(0, MAX_SEED)


def parse_arguments(texts: Iterable[str], parse: Callable[[str], T]) -> list[tuple[str, T]]:
    """Every command-line input parsed before anything is answered; the first bad one is the
    command's error (one line, exit status 2)."""
    parsed: list[tuple[str, T]] = []
    for text in texts:
        try:
            parsed.append((text, parse(text)))
        except InputError as exc:
            raise CliError(str(exc)) from None
    return parsed


def _bad_line_text(text: str, exc: InputError, *, as_json: bool, lang: str, error_key: str) -> str:
    """What :func:`answer_inputs` prints for a bad line, newline included."""
    if as_json:
        return json_line({"input": text, "error": str(exc)}) + "\n"
    return tr(error_key, lang, input=shown(text), error=shown(str(exc))) + "\n"


def _parse_line(line: InputLine, parse: Callable[[str], T], lang: str) -> tuple[str, T]:
    text = line.text
    if line.too_long:
        raise InputError(tr("cli.line_too_long", lang, number=line.number, length=line.length,
                            limit=MAX_LINE))
    return text, parse(text)


def _write_out(parts: list[str]) -> None:
    if parts:
        sys.stdout.write("".join(parts))
        sys.stdout.flush()


def answer_chunks(arguments: Iterable[str], parse: Callable[[str], T],
                  render: Callable[[list[tuple[str, T]]], Iterator[str]],
                  *, as_json: bool, lang: str, error_key: str) -> int:
    """:func:`answer_inputs` in batches: the same output, byte for byte, but standard
    input is answered a chunk at a time (:func:`~cp_trainer.cli.streams.read_chunks`), so that
    ``render`` can answer many inputs at once (the compiled bots set thousands of hands in one
    call). ``render(items)`` gets the chunk's good inputs as ``(text, parsed)`` and yields, in
    order, the text each one prints (newline included); a chunk's answers and its bad lines are
    written together, each in its line's place, then flushed. A :class:`CliError` from ``render``
    stops the command after what was answered before it is written, as one by one; so does
    standard input that is not text (:func:`answer_inputs`). Returns the exit status."""
    texts = list(arguments)
    if texts:
        _write_out(list(render(parse_arguments(texts, parse))))
        return 0
    status = 0
    binary = BinaryLines()
    for chunk in read_chunks():
        parts: list[str | None] = []  # None: the place of the next answer from render
        good: list[tuple[str, T]] = []
        for line in chunk:
            try:
                good.append(_parse_line(line, parse, lang))
            except InputError as exc:
                if binary.bad(line.nul):  # no valid line yet: every part is a bad line's
                    _write_out([part for part in parts if part is not None])
                    raise binary_input() from None
                status = EXIT_INPUT_ERROR
                text = f"{line.text} …" if line.too_long else line.text
                parts.append(_bad_line_text(text, exc, as_json=as_json, lang=lang, error_key=error_key))
                continue
            binary.valid()
            parts.append(None)
        answers = render(good) if good else iter(())
        out: list[str] = []
        try:
            for part in parts:
                out.append(next(answers) if part is None else part)
        except CliError:
            _write_out(out)
            raise
        _write_out(out)
    return status


def answer_inputs(arguments: Iterable[str], parse: Callable[[str], T], answer: Callable[[str, T], None],
                  *, as_json: bool, lang: str, error_key: str) -> int:
    """Parse and answer each input: the ``arguments`` when there are any (:func:`parse_arguments`),
    else each line of standard input (:func:`~cp_trainer.cli.streams.read_lines`: a line longer
    than :data:`~cp_trainer.cli.streams.MAX_LINE` is a bad line), where a bad line is answered
    ``{"input", "error"}`` with ``--json`` or as the text line ``error_key`` (input and error
    shown escaped), the other lines still run, and the exit status is 2 at the end. Standard
    input that is not text stops the command with :class:`~cp_trainer.cli.streams.StreamError`
    (exit status 2), nothing more read: a line without an end
    (:func:`~cp_trainer.cli.streams.read_lines`), or NUL bytes on
    :data:`~cp_trainer.support.bounded_input.BINARY_LINES` lines before any valid one
    (:class:`~cp_trainer.support.bounded_input.BinaryLines`). Returns the exit status."""
    texts = list(arguments)
    if texts:
        for text, item in parse_arguments(texts, parse):
            answer(text, item)
        return 0
    status = 0
    binary = BinaryLines()
    for line in read_lines():
        text = line.text
        try:
            if line.too_long:
                text = f"{text} …"
                raise InputError(tr("cli.line_too_long", lang, number=line.number, length=line.length,
                                    limit=MAX_LINE))
            item = parse(text)
        except InputError as exc:
            if binary.bad(line.nul):
                raise binary_input() from None
            status = EXIT_INPUT_ERROR
            if as_json:
                print_json({"input": text, "error": str(exc)})
            else:
                print(tr(error_key, lang, input=shown(text), error=shown(str(exc))), flush=True)
            continue
        binary.valid()
        answer(text, item)
    return status
