"""Every command that reads standard input refuses endless or binary input at once, the way
``history import`` does: one line on stderr naming standard input, exit status 2, within seconds
(``/dev/zero`` is one line of NUL bytes without end; ``/dev/urandom`` is binary data without end).
Input that is text is still answered line by line, a stray NUL byte in it included."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cp_trainer.cli import main
from cp_trainer.cli import streams as streams_module
from cp_trainer.support.bounded_input import BINARY_LINES, MAX_ENDLESS_CHARS

LEGAL = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"
SEVEN = "Ts Th 5d 5c Ad 9h 6c"

# each command that answers one input per line of standard input, with what a good line is
LINE_COMMANDS = [
    (["check"], LEGAL),
    (["score"], f"{LEGAL} | 2c 3d 4h / 5c 5d 6h 6s 7d / 8d 8c 8s 9d Tc"),
    (["arrange", "--bot", "greedy"], HAND),
    (["arrange", "--bot", "expert"], HAND),
    (["grade", "--samples", "20"], LEGAL),
    (["paigow"], SEVEN),
]
IDS = ["check", "score", "arrange-greedy", "arrange-expert", "grade", "paigow"]
QUICK_S = 10.0  # far more than the refusal takes (well under a second)
HANG_S = 30.0  # a command still reading then has hung


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env.update(LANG="C.UTF-8", PYTHONIOENCODING="utf-8")
    return env


def _run(argv: list[str], stdin: int | str, tmp_path: Path) -> tuple[int, str, str, float]:
    """Run ``cp-trainer argv`` with ``stdin`` (a descriptor, or a device's path); its status,
    output, errors and how long it took."""
    start = time.monotonic()
    fd = os.open(stdin, os.O_RDONLY) if isinstance(stdin, str) else stdin
    try:
        proc = subprocess.run([sys.executable, "-m", "cp_trainer", *argv], stdin=fd, capture_output=True,
                              timeout=HANG_S, env=_env(), cwd=tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail(f"cp-trainer {' '.join(argv)} still read standard input after {HANG_S:g} s")
    finally:
        if isinstance(stdin, str):
            os.close(fd)
    return (proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
            time.monotonic() - start)


@pytest.mark.parametrize(("argv", "good"), LINE_COMMANDS, ids=IDS)
def test_dev_zero_is_refused_at_once(argv: list[str], good: str, tmp_path: Path) -> None:
    status, out, err, took = _run(argv, "/dev/zero", tmp_path)
    lines = err.splitlines()
    assert status == 2 and out == "" and len(lines) == 1, err
    assert lines[0].startswith(f"cp-trainer {argv[0]}: standard input ") and "Traceback" not in err
    assert "without an end" in lines[0] and f"{MAX_ENDLESS_CHARS:,}" in lines[0]
    assert took < QUICK_S


@pytest.mark.parametrize(("argv", "good"), LINE_COMMANDS, ids=IDS)
def test_dev_urandom_is_refused_as_binary(argv: list[str], good: str, tmp_path: Path) -> None:
    status, _, err, took = _run(argv, "/dev/urandom", tmp_path)
    lines = err.splitlines()
    assert status == 2 and len(lines) == 1 and took < QUICK_S, err
    assert lines[0] == (f"cp-trainer {argv[0]}: standard input is binary data (NUL bytes on {BINARY_LINES} "
                        "lines before any valid one), not text; nothing more was read")


def test_the_refusal_is_in_the_users_language(tmp_path: Path) -> None:
    status, _, err, _ = _run(["check", "--lang", "ru"], "/dev/zero", tmp_path)
    assert status == 2 and len(err.splitlines()) == 1
    assert err.startswith("cp-trainer check: стандартный ввод содержит строку длиннее 64,000,000 символов")


@pytest.mark.parametrize(("argv", "good"), LINE_COMMANDS, ids=IDS)
def test_answers_before_an_endless_line_are_given_first(argv: list[str], good: str, tmp_path: Path) -> None:
    # a good line, then /dev/zero: the line is answered, then the endless rest is refused
    read, write = os.pipe()
    feeder = subprocess.Popen(["sh", "-c", f"printf '%s\\n' '{good}'; exec cat /dev/zero"], stdout=write)
    os.close(write)
    try:
        status, out, err, _ = _run([*argv, "--json"], read, tmp_path)
    finally:
        os.close(read)
        feeder.kill()
        feeder.wait()
    answers = out.splitlines()
    assert status == 2 and len(answers) == 1 and '"error"' not in answers[0], (out, err)
    assert len(err.splitlines()) == 1 and "standard input has a line of more than" in err


def test_text_with_nul_bytes_after_a_valid_line_is_still_answered(tmp_path: Path) -> None:
    # NUL bytes count only before any valid line (as history import counts them)
    data = tmp_path / "in.txt"
    data.write_bytes(f"{LEGAL}\n".encode() + b"Qs\0Jc\n" * (BINARY_LINES + 2) + f"{LEGAL}\n".encode())
    with open(data, "rb") as fh:
        status, out, err, _ = _run(["check", "--json"], fh.fileno(), tmp_path)
    assert status == 2 and err == "", err  # bad lines: status 2, each answered in its place
    answers = out.splitlines()
    assert len(answers) == BINARY_LINES + 4 and answers[0].count('"legal": true') == 1
    assert all('"error"' in a for a in answers[1:-1]) and '"legal": true' in answers[-1]


def test_a_few_nul_lines_then_text_is_answered(tmp_path: Path) -> None:
    data = tmp_path / "in.txt"
    data.write_bytes(b"\0\n" * (BINARY_LINES - 1) + f"{LEGAL}\n".encode())
    with open(data, "rb") as fh:
        status, out, err, _ = _run(["check", "--json"], fh.fileno(), tmp_path)
    assert status == 2 and err == "" and len(out.splitlines()) == BINARY_LINES


@pytest.mark.parametrize("argv", [["check", "--rules", "/dev/stdin"], ["drill", "--pool", "/dev/stdin"],
                                  ["history", "import", "/dev/stdin", "--data-dir", "D"]],
                         ids=["rules", "pool", "history-import"])
def test_commands_that_read_a_file_refuse_dev_zero_as_standard_input(argv: list[str], tmp_path: Path) -> None:
    status, out, err, took = _run(argv, "/dev/zero", tmp_path)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and "/dev/stdin" in err, err
    assert took < QUICK_S


def test_the_endless_limit_is_counted_in_the_reader(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # in-process: a line longer than the limit (not endless, only long) is refused as endless
    import io

    monkeypatch.setattr(streams_module, "MAX_ENDLESS_CHARS", 3_000_000)
    monkeypatch.setattr(sys, "stdin", io.StringIO("x" * 3_500_000 + f"\n{LEGAL}\n"))
    status = main(["check"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err == ("cp-trainer check: standard input has a line of more than 3,000,000 characters without "
                   "an end (binary data such as /dev/zero?), not text; nothing more was read\n")


def test_history_import_refuses_by_the_same_numbers() -> None:
    # history import (cp_trainer.history.jsonl) counts bytes, standard input characters: the same
    # rule, the same numbers
    from cp_trainer.history import jsonl, limits

    assert jsonl.BINARY_LINES == BINARY_LINES and limits.MAX_ENDLESS_BYTES == MAX_ENDLESS_CHARS
