"""Inputs without bounds: a house-rules file nested without end, a text that a naive key scanner
reads in cubic time, a FIFO, a device or a huge file named as an input, a deeply nested
pool line, and count options without an upper bound. Each is a one-line error with exit status
2 (or the right answer), never a traceback, a hang or unbounded memory."""

from __future__ import annotations

import gc
import gzip
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import pytest

from cp_trainer.cli import main
from cp_trainer.rules.house_rules_file import (
    MAX_FILE_BYTES,
    MAX_NESTING,
    RulesFile,
    RulesFileError,
    key_lines,
    loads_rules,
    read_rules_file,
)
from cp_trainer.support.bounded_input import BoundedInputError, InputTooLarge, open_regular, read_bounded

HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"
LEGAL = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
DEAL = f"{LEGAL} | Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d"

# Every command that takes --rules, with arguments that would otherwise run.
RULES_COMMANDS: list[list[str]] = [
    ["check", LEGAL], ["score", *DEAL.split(" | ")], ["arrange", "--bot", "greedy", HAND],
    ["solve", "--samples", "10", "--bot", "greedy", HAND],
    ["grade", "--samples", "10", "--bot", "greedy", LEGAL], ["gui"],
]

DEEP_TEXTS: dict[str, str] = {
    "array 1,000 deep": "system = " + "[" * 1000 + "]" * 1000 + "\n",
    "inline table 500 deep": "system = " + "{a = " * 500 + "1" + "}" * 500 + "\n",
    "header of 20,000 dotted parts": "[" + ".".join(["a"] * 20_000) + "]\n",
    "key of 20,000 dotted parts": ".".join(["a"] * 20_000) + " = 1\n",
    "inline key of 20,000 dotted parts": "x = {" + ".".join(["a"] * 20_000) + " = 1}\n",
    "arrays on many lines": "bank = 1\nstakes = [\n" + "[\n" * 1000 + "]\n" * 1000 + "]\n",
}


def one_line(err: str) -> str:
    assert "Traceback" not in err, err
    assert err.count("\n") == 1, err
    return err


# --- 5: nesting --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(DEEP_TEXTS))
def test_a_rules_text_nested_too_deep_is_one_error_naming_its_line(name: str) -> None:
    with pytest.raises(RulesFileError, match=rf"nested more than {MAX_NESTING} deep") as info:
        loads_rules(DEEP_TEXTS[name], source="club.toml")
    (problem,) = info.value.problems
    line = MAX_NESTING + 1 if name == "arrays on many lines" else 1  # where it goes too deep
    assert problem.startswith(f"club.toml: line {line}: nested more than {MAX_NESTING} deep"), problem


def test_nesting_up_to_the_limit_is_read() -> None:
    # what the TOML reader can read without trouble is still judged key by key
    text = "stakes = " + "[" * (MAX_NESTING - 1) + "1" + "]" * (MAX_NESTING - 1) + "\n"
    with pytest.raises(RulesFileError, match=r"^line 1: stakes = \[\[\[.*wrong type"):
        loads_rules(text)
    with pytest.raises(RulesFileError, match="nested more than"):
        loads_rules("stakes = " + "[" * MAX_NESTING + "1" + "]" * MAX_NESTING + "\n")


def test_nesting_is_refused_in_russian_too() -> None:
    with pytest.raises(RulesFileError, match="строка 1: вложенность глубже 16"):
        loads_rules(DEEP_TEXTS["array 1,000 deep"], lang="ru")


@pytest.mark.parametrize("argv", RULES_COMMANDS, ids=[a[0] for a in RULES_COMMANDS])
def test_every_command_refuses_a_deep_rules_file_on_one_line(argv: list[str], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CP_TRAINER_SETTINGS", str(tmp_path / "settings.ini"))
    for n, text in enumerate(DEEP_TEXTS.values()):
        path = tmp_path / f"deep{n}.toml"
        path.write_text(text, encoding="utf-8")
        assert main([argv[0], "--rules", str(path), *argv[1:]]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert f"deep{n}.toml: line " in one_line(err) and "nested more than 16 deep" in err


# --- 6: the key scanner is linear ----------------------------------------------------------------

def _calls(action: Callable[[], object]) -> int:
    """Python function calls made by ``action`` (the scanner's steps: its regular expressions
    only ever match one run of one character class, so this counts all of its work).

    Whatever else runs on this thread meanwhile only adds calls (once in a full run: 60 calls
    against 56; a collection running other objects' finalizers, or a signal handler, can do that),
    so the collector is off and the fewest of three runs counts."""
    counts = []
    for _ in range(3):
        count = 0

        def profile(frame: object, event: str, arg: object) -> None:
            nonlocal count
            if event in ("call", "c_call"):
                count += 1

        gc.collect()
        gc.disable()
        sys.setprofile(profile)
        try:
            action()
        finally:
            sys.setprofile(None)
            gc.enable()
        counts.append(count)
    return min(counts)


@pytest.mark.parametrize("spaces", [3_000, 30_000, 300_000])
def test_a_long_run_of_spaces_after_a_bracket_reads_at_once(spaces: int) -> None:
    # a naive header pattern backtracks cubically here: tens of seconds for 3,000 spaces, no end for 30,000
    text = f"foo = [\n[{' ' * spaces}1\n]]\n"
    assert key_lines(text) == {"foo": 1}
    with pytest.raises(RulesFileError, match=r"^line 1: unknown key foo = \[\[1\]\]"):
        loads_rules(text)


@pytest.mark.parametrize("shape", [
    "foo = [\n[{pad}1\n]]\n",  # an array of arrays over several lines
    "[{pad}royalty_table{pad}]\n{pad}top_trips{pad}={pad}3\n",
    'a{pad}.{pad}"b"{pad}.{pad}c = "{pad}"\n',
    'note = """{pad}\n{pad}"""\n',
    "[{pad}\n",  # not TOML at all: still one pass
    "x = [{pad}#{pad}\n]\n",
])
def test_the_scanners_work_does_not_grow_with_the_padding(shape: str) -> None:
    small = _calls(lambda: key_lines(shape.format(pad=" " * 10)))
    large = _calls(lambda: key_lines(shape.format(pad=" " * 100_000)))
    assert large == small


def test_the_scanners_work_grows_with_the_lines_and_no_faster() -> None:
    def text(lines: int) -> str:
        return "".join(f"k{n}.x = [1, 'a', {{b = \"\\\"\"}}] # c\n" for n in range(lines))

    assert _calls(lambda: key_lines(text(3_000))) <= 10 * _calls(lambda: key_lines(text(300)))


def test_key_lines_of_dotted_quoted_and_multiline_texts() -> None:
    text = ('a.b.c = 1\n"q.r" = 2\n\'lit\' . "\\u0062" = 3\n"\\u0062ank" = 4\n'
            'm = """x\n[not_a_table]\ny = \\"""\n"""\n'
            "arr = [\n  [1, 2],\n  { k = 1 },  # ] not the end\n  '''\n]'''\n]\n"
            "[[ t . 'u' ]]\nv = 5\n")
    assert key_lines(text) == {
        "a": 1, "a.b": 1, "a.b.c": 1, "q.r": 2, "lit": 3, "lit.b": 3, "bank": 4, "m": 5,
        "arr": 9, "t": 15, "t.u": 15, "t.u.v": 16,
    }


@pytest.mark.parametrize(("text", "named"), [
    ("bank = 1\na.b = 1\n", ["line 2", "unknown key a = {b = 1}"]),
    ("\n\nroyalty_table.top_trips = 5000\n", ["line 3", "royalty_table.top_trips", "5000"]),
    ('\n"bank" = 9\n', ["line 2", "bank = 9", "out of range"]),
    ('\n"\\u0062ank" = 9\n', ["line 2", "bank = 9", "out of range"]),
    ("\n'royalty_table' . \"top_pair\" = -1\n", ["line 2", "royalty_table.top_pair = -1"]),
    ('\n\n"x y".z = 1\n', ["line 3", "unknown key x y = {z = 1}"]),
    ("[royalty_table]\nx.y = 1\n", ["line 2", "unknown key royalty_table.x"]),
])
def test_dotted_and_quoted_keys_are_named_with_their_line(text: str, named: list[str]) -> None:
    with pytest.raises(RulesFileError, match=re.escape(named[-1])) as info:
        loads_rules(text)
    (problem,) = info.value.problems
    for part in named:
        assert part in problem, problem
    assert problem.startswith(named[0] + ": "), problem


# --- 6 and 7: what a named file may be -------------------------------------------------------------

def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def _in_time(action: Callable[[], object], seconds: float = 60) -> object:
    """Run ``action`` in a thread; fail (instead of hanging the suite) if it has not ended."""
    result: list[object] = []

    def run() -> None:
        try:
            result.append(action())
        except BaseException as exc:
            result.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return result[0]


def test_the_bounded_reader_refuses_a_fifo_without_waiting(tmp_path: Path) -> None:
    outcome = _in_time(lambda: read_bounded(_fifo(tmp_path), 100))
    assert isinstance(outcome, BoundedInputError) and outcome.kind == "special"
    assert "not a regular file" in str(outcome)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_the_bounded_reader_refuses_devices(device: str) -> None:
    with pytest.raises(BoundedInputError, match="not a regular file") as info:
        read_bounded(device, 100)
    assert info.value.kind == "special"


def test_the_bounded_reader_refuses_large_missing_and_folders(tmp_path: Path) -> None:
    big = tmp_path / "big"
    big.write_bytes(b"x" * 101)
    with pytest.raises(BoundedInputError, match="is too large") as info:
        read_bounded(big, 100)
    assert info.value.kind == "too_large" and info.value.size == 101
    assert read_bounded(big, 101) == b"x" * 101
    for path, kind in ((tmp_path / "none", "missing"), (tmp_path, "folder")):
        with pytest.raises(BoundedInputError, match=re.escape(str(path))) as info:
            read_bounded(path, 100)
        assert info.value.kind == kind


def test_a_file_that_grows_after_the_check_is_still_cut_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "growing"
    path.write_bytes(b"x" * 10)
    with open_regular(path, 100) as fh:
        path.write_bytes(b"x" * 10_000)  # grows after it was opened and measured
        with pytest.raises(InputTooLarge, match=r"growing is too large \(101 bytes or more; at most 100\)$"):
            fh.read()


def test_proc_files_of_size_zero_are_read_to_their_end() -> None:
    assert read_bounded("/proc/self/stat", 100_000).startswith(str(os.getpid()).encode())


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "huge", "growing"])
def test_rules_of_a_fifo_a_device_or_a_huge_file_are_refused_unread(kind: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import cp_trainer.support.bounded_input as bounded

    path: str | Path = kind
    if kind == "fifo":
        path = _fifo(tmp_path)
    elif kind == "huge":
        path = tmp_path / "huge.toml"
        with open(path, "wb") as fh:
            fh.truncate(10 * 1024**3)  # 10 GB, sparse
    elif kind == "growing":
        path = tmp_path / "grows.toml"
        path.write_text("bank = 1\n")

        def grow_after_the_check(name: str, limit: int) -> BinaryIO:
            handle = open_regular(name, limit)
            Path(name).write_bytes(b"#" * (MAX_FILE_BYTES + 10))
            return handle

        monkeypatch.setattr(bounded, "open_regular", grow_after_the_check)
    outcome = _in_time(lambda: read_rules_file(path))
    assert isinstance(outcome, RulesFileError)
    if kind in ("fifo", "/dev/zero"):
        assert str(outcome) == f"{path} is not a regular file"
    else:
        assert "is too large for a house-rules file" in str(outcome)
        assert f"at most {MAX_FILE_BYTES}" in str(outcome)


def test_the_command_line_refuses_a_fifo_as_rules_without_blocking(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "check", "--rules", str(fifo), LEGAL],
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and proc.stdout == b""
    assert one_line(proc.stderr.decode()).endswith(f"{fifo} is not a regular file\n")


def test_an_ordinary_rules_file_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('system = "1-6"\n[royalty_table]\ntop_trips = 5\n', encoding="utf-8")
    table = read_rules_file(path)
    assert isinstance(table, RulesFile) and table.rules.royalty_table.top_trips == 5


# --- 7: drill --pool -------------------------------------------------------------------------------

def _pool_line() -> str:
    from cp_trainer.drill.pool import load_pool

    return json.dumps(load_pool()[0].to_pool_json())


def _drill(tmp_path: Path, pool: str | Path, *more: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "cp_trainer", "drill", "--pool", str(pool), *more],
                          capture_output=True, timeout=120, stdin=subprocess.DEVNULL, cwd=tmp_path)


def test_drill_pool_of_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    proc = _drill(tmp_path, _fifo(tmp_path))
    assert proc.returncode == 2 and proc.stdout == b""
    assert "is not a regular file" in one_line(proc.stderr.decode())


def test_drill_pool_of_dev_zero_is_refused_unread(tmp_path: Path) -> None:
    proc = _drill(tmp_path, "/dev/zero")
    assert proc.returncode == 2 and proc.stdout == b""
    assert "cannot read the pool file /dev/zero: /dev/zero is not a regular file" in one_line(
        proc.stderr.decode())


def test_a_pool_file_too_large_is_refused_unread(tmp_path: Path) -> None:
    from cp_trainer.drill.pool import MAX_POOL_BYTES

    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as fh:
        fh.truncate(MAX_POOL_BYTES + 1)
    proc = _drill(tmp_path, path)
    assert proc.returncode == 2
    assert "is too large" in one_line(proc.stderr.decode())


@pytest.mark.slow
@pytest.mark.parametrize("content", ["zeros", "newlines", "one long line", "long lines"])
def test_a_gzipped_pool_that_unpacks_without_end_is_cut_at_the_limit(content: str, tmp_path: Path) -> None:
    from cp_trainer.drill.pool import MAX_POOL_LINE, MAX_POOL_LINES, MAX_POOL_TEXT, read_pool

    path = tmp_path / "bomb.jsonl.gz"
    block = {"zeros": b"\0" * (1 << 20), "newlines": b"\n" * (1 << 20), "one long line": b" " * (1 << 20),
             "long lines": (b" " * (MAX_POOL_LINE - 1) + b"\n") * 10}[content]
    with gzip.open(path, "wb", compresslevel=1) as fh:
        fh.write((_pool_line() + "\n").encode())
        fh.write(block * 2)
        while content == "long lines" and fh.tell() <= MAX_POOL_TEXT:  # from a file of about 100 KB
            fh.write(block)
    assert path.stat().st_size < 2_000_000
    with pytest.raises(ValueError, match=r"^(line 2 is longer|more than|it unpacks to more) ") as info:
        read_pool(path)
    message = str(info.value)
    if content == "newlines":
        assert message == f"more than {MAX_POOL_LINES:,} lines"
    elif content == "long lines":
        assert message == f"it unpacks to more than {MAX_POOL_TEXT:,} characters"
    else:
        assert message == f"line 2 is longer than {MAX_POOL_LINE:,} characters"
    proc = _drill(tmp_path, path)
    assert proc.returncode == 2 and "bomb.jsonl.gz" in one_line(proc.stderr.decode())


@pytest.mark.parametrize("line", [
    "[" * 40_000 + "]" * 40_000, '{"a":' * 15_000 + "1" + "}" * 15_000, "[1, 2]", '"text"', "5", "null",
    '{"theme": "x"}', "not json", '{"cards": ' + "[" * 5000 + "]" * 5000 + "}",
])
def test_a_bad_pool_line_is_one_error_naming_the_line(line: str, tmp_path: Path) -> None:
    path = tmp_path / "pool.jsonl"
    path.write_text(_pool_line() + "\n\n" + line + "\n", encoding="utf-8")
    proc = _drill(tmp_path, path)
    assert proc.returncode == 2 and proc.stdout == b""
    err = one_line(proc.stderr.decode())
    assert f"cannot read the pool file {path}: line 3 is " in err, err


def test_a_good_pool_file_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "pool.jsonl"
    path.write_text(_pool_line() + "\n", encoding="utf-8")
    proc = _drill(tmp_path, path, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["cards"]


# --- 8: every count has an upper bound -----------------------------------------------------------

HUGE = "99999999999999999999999999"
# (command and its other arguments, option, the bound's text in --help and in the refusal)
COUNTS: list[tuple[list[str], str, str]] = [
    (["solve", HAND], "--samples", "2 to 1,000,000"),
    (["grade", LEGAL], "--samples", "2 to 1,000,000"),
    (["solve", HAND], "--top", "1 to 72,072"),
    (["solve", HAND], "--time-budget", "0 to 3,600 seconds"),
    (["solve", HAND], "--seed", "0 to 18,446,744,073,709,551,615"),
    (["grade", LEGAL], "--seed", "0 to 18,446,744,073,709,551,615"),
    (["drill"], "--count", "1 to 10,000"),
    (["drill"], "--seed", "0 to 18,446,744,073,709,551,615"),
    (["gui"], "--seed", "0 to 18,446,744,073,709,551,615"),
    (["stats"], "--window", "1 to 1,000,000,000"),
]


@pytest.mark.parametrize(("argv", "option", "bound"), COUNTS, ids=[f"{a[0]} {o}" for a, o, _ in COUNTS])
@pytest.mark.parametrize("value", [HUGE, "9" * 5000, "inf"])
def test_a_count_beyond_its_bound_is_refused_at_once(argv: list[str], option: str, bound: str, value: str,
                                                     capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path))
    try:
        status = main([argv[0], option, value, *argv[1:]])
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    one_line(err.splitlines()[-1] + "\n")
    assert option in err and "Traceback" not in err
    if value != "inf" or option == "--time-budget":
        assert bound.replace(",", "") in err.replace(",", ""), err


@pytest.mark.parametrize(("argv", "option", "bound"), COUNTS, ids=[f"{a[0]} {o}" for a, o, _ in COUNTS])
def test_every_count_says_its_bound_in_help(argv: list[str], option: str, bound: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$"):
        main([argv[0], "--help"])
    text = " ".join(capsys.readouterr().out.split())
    words = bound.replace(" seconds", "").split(" to ")
    if option == "--seed":
        words = ["0", str(2**64 - 1)]
    helped = text[text.rindex(option + " "):]  # the option's own help, after the usage
    assert all(w in helped[:400] for w in words), helped[:400]


def test_the_bounds_themselves_are_accepted() -> None:
    from cp_trainer.cli import build_parser

    parser = build_parser()
    args = parser.parse_args(["solve", "--samples", "1000000", "--top", "72072", "--time-budget", "3600",
                              "--seed", str(2**64 - 1), HAND])
    assert (args.samples, args.top, args.time_budget, args.seed) == (1_000_000, 72_072, 3600.0, 2**64 - 1)
    assert parser.parse_args(["drill", "--count", "10000", "--seed", "0"]).count == 10_000


def test_the_command_lines_window_bound_is_the_statistics_own() -> None:
    from cp_trainer.cli import stats
    from cp_trainer.history import stats as history_stats

    assert stats.MAX_WINDOW == history_stats.MAX_WINDOW


def test_drill_help_says_the_pool_files_bound(capsys: pytest.CaptureFixture[str]) -> None:
    from cp_trainer.drill.pool import MAX_POOL_BYTES

    with pytest.raises(SystemExit, match=r"^0$"):
        main(["drill", "--help"])
    assert MAX_POOL_BYTES == 64_000_000 and "at most 64 MB" in " ".join(capsys.readouterr().out.split())
