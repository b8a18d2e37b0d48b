"""Fuzzing the command line's inputs: whatever the arguments or the bytes of standard
input of ``check``, ``score``, ``arrange`` and ``paigow``, the answer is exit status 0 or 2 --
never a traceback -- every ``--json`` line is JSON, and nothing invisible is written raw."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cp_trainer.cli import main
from cp_trainer.cli.streams import _is_invisible

COMMANDS: dict[str, list[str]] = {
    "check": ["check"],
    "score": ["score"],
    "arrange": ["arrange", "--bot", "greedy"],
    "paigow": ["paigow"],
}
TOKENS = ["As", "Kd", "Qh", "Jc", "Ts", "9s", "8h", "7d", "2c", "3c", "4d", "5h", "6s", "Ah", "Ad", "Ac",
          "Jk", "Joker", "10h", "1s", "A", "x", "/", "|", " ", "  ", "\t", "\x0b", "\x0c", "\x85",
          "\u2028", "\u2029", "\x1b[2J", "\u202e", "\ufeff", "\x00", "♠", "\U0001f0a1", "-", "--json"]

card_soup = st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join)
any_text = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=200)
argument = st.one_of(card_soup, any_text).filter(lambda t: "\x00" not in t)  # argv holds no NUL
stdin_bytes = st.one_of(
    st.binary(max_size=400),
    st.lists(st.one_of(card_soup, any_text), max_size=8).map(lambda ls: "\n".join(ls).encode()),
)
command = st.sampled_from(sorted(COMMANDS))
# CP_TRAINER_FUZZ_EXAMPLES=5000 for a long run
FUZZ = settings(max_examples=int(os.environ.get("CP_TRAINER_FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@contextlib.contextmanager
def standard_streams(stdin: bytes) -> Iterator[list[str]]:
    """Byte-level standard streams (UTF-8), as a process has; yields [stdout, stderr] as text
    once the block ends."""
    out, err = io.BytesIO(), io.BytesIO()
    streams = (io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"),
               io.TextIOWrapper(out, encoding="utf-8", write_through=True),
               io.TextIOWrapper(err, encoding="utf-8", write_through=True))
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    texts: list[str] = []
    try:
        yield texts
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        for stream in streams[1:]:
            stream.flush()
        texts += [out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")]
        for stream in streams:
            stream.detach()


def run(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    with standard_streams(stdin) as texts:
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's refusals
            status = int(exc.code or 0)
    out, err = texts
    return status, out, err


def check_answer(status: int, out: str, err: str, as_json: bool) -> None:
    assert status in (0, 2), (status, err)
    assert "Traceback" not in err
    for text in (out, err):
        assert not any(_is_invisible(ch) for ch in text.replace("\n", "")), text
    if as_json:
        for line in out.splitlines():
            json.loads(line)


@FUZZ
@given(command, st.lists(argument, min_size=1, max_size=4), st.booleans())
def test_arguments_never_give_a_traceback(name: str, args: list[str], as_json: bool) -> None:
    argv = [*COMMANDS[name], *(["--json"] if as_json else []), "--lang", "en", "--", *args]
    status, out, err = run(argv)
    check_answer(status, out, err, as_json)


@FUZZ
@given(command, stdin_bytes, st.booleans())
def test_standard_input_never_gives_a_traceback(name: str, data: bytes, as_json: bool) -> None:
    argv = [*COMMANDS[name], *(["--json"] if as_json else []), "--lang", "ru"]
    status, out, err = run(argv, data)
    check_answer(status, out, err, as_json)
    lines = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="replace")
    if as_json and any(line.strip().lstrip("\ufeff").strip() for line in lines):
        assert out or err  # every line with text is answered, or the command said why not


@settings(max_examples=6, deadline=None)
@given(st.lists(stdin_bytes, min_size=4, max_size=4))
def test_the_real_command_line_on_fuzzed_input(batches: list[bytes]) -> None:
    # a subprocess for each command, with the fuzzed bytes as its standard input
    for name, data in zip(sorted(COMMANDS), batches, strict=True):
        proc = subprocess.run([sys.executable, "-m", "cp_trainer", *COMMANDS[name], "--json"],
                              input=data, capture_output=True, timeout=120)
        check_answer(proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"), True)
