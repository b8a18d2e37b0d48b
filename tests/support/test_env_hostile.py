"""The environment a command runs in, at its worst: closed or full standard streams, a
KOI8-R locale, control characters in what is echoed, huge lines and arguments. The real command
line runs in a subprocess with exactly the redirections a shell would make; every case ends with
one line on stderr and a non-zero status (or a correct answer), never a traceback."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cp_trainer
from cp_trainer.cli import main
from cp_trainer.cli.streams import MAX_LINE, escape_invisible, json_line

HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"
LEGAL = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
PAIGOW = "As Kd Qh Jc Ts 9s 8s"
DEAL = f"{LEGAL} | Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d"
# the commands that read standard input when given no arguments, each with one good argument
READERS: list[tuple[list[str], list[str]]] = [
    (["check"], [LEGAL]), (["score"], DEAL.split(" | ")), (["arrange", "--bot", "greedy"], [HAND]),
    (["paigow"], [PAIGOW]),
]
INVISIBLE = ["\x0b", "\x0c", "\x85", "\u2028", "\u2029", "\x1b[2J", "\u202e", "\x7f"]


def cli(*argv: str, shell: str = "", stdin: bytes | None = b"", env: dict[str, str] | None = None,
        ) -> subprocess.CompletedProcess[bytes]:
    """``python -m cp_trainer ARGV`` with the shell redirections ``shell`` (``<&-``, ``>&-``,
    ``>/dev/full``) applied by a real shell, as a user would type them."""
    command = ["sh", "-c", f'exec "$@" {shell}', "sh", sys.executable, "-m", "cp_trainer", *argv]
    # as a user runs it: no PYTHONUNBUFFERED (a buffered stderr, see streams._settle) unless asked
    full_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUNBUFFERED")}
    full_env.update(env or {})
    return subprocess.run(command, input=stdin, capture_output=True, timeout=120, env=full_env)


def one_line_error(proc: subprocess.CompletedProcess[bytes], needle: str) -> str:
    err = proc.stderr.decode()
    assert "Traceback" not in err, err
    assert err.count("\n") == 1 and needle in err, err
    return err


# --- closed and full standard streams ------------------------------------------------------

@pytest.mark.parametrize(("argv", "good"), READERS)
def test_closed_standard_input_is_one_line_and_status_2(argv: list[str], good: list[str]) -> None:
    proc = cli(*argv, shell="<&-", stdin=None)
    assert proc.returncode == 2 and proc.stdout == b""
    one_line_error(proc, "standard input is closed")
    # arguments need no standard input: a closed one is no problem then
    assert cli(*argv, *good, shell="<&-", stdin=None).returncode == 0


@pytest.mark.parametrize(("argv", "good"), [*READERS, (["stats", "--json"], []),
                                            (["solve", "--samples", "10", "--bot", "greedy"], [HAND]),
                                            (["--help"], []), (["check", "--help"], [])])
@pytest.mark.parametrize("shell", [">/dev/full", ">&-"])
def test_a_full_or_closed_standard_output_is_reported(argv: list[str], good: list[str], shell: str,
                                                      tmp_path: Path) -> None:
    proc = cli(*argv, *good, shell=shell, env={"CP_TRAINER_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 1, proc.stderr
    one_line_error(proc, "No space left on device" if "full" in shell else "standard output is closed")


@pytest.mark.parametrize("shell", ["2>&-", "2>/dev/full"])
@pytest.mark.parametrize("argv", [["check", "As"], ["check", "--bot", "x"], ["score", LEGAL]])
@pytest.mark.parametrize("unbuffered", ["", "1"])
def test_an_error_with_stderr_closed_or_full_keeps_its_status(shell: str, argv: list[str],
                                                              unbuffered: str) -> None:
    # buffered, the failed message stays in stderr's buffer, and Python's own flush at exit
    # failed on it: exit status 120 instead of 2
    proc = cli(*argv, shell=shell, env={"PYTHONUNBUFFERED": unbuffered} if unbuffered else None)
    assert proc.returncode == 2 and proc.stdout == b""  # never sent to stdout instead


def test_stream_messages_are_in_the_users_language() -> None:
    proc = cli("check", "--lang", "ru", LEGAL, shell=">/dev/full")
    assert proc.returncode == 1
    one_line_error(proc, "не удаётся писать в стандартный вывод")


def test_a_closed_stdout_never_lends_its_descriptor_to_a_file(tmp_path: Path) -> None:
    # the history database opened after '>&-' must not become descriptor 1
    proc = cli("stats", "--data-dir", str(tmp_path), shell=">&-")
    assert proc.returncode == 1
    database = tmp_path / "history.sqlite3"
    # stats opens the history read-only and creates none; if one is there, it holds no output
    assert not database.exists() or b"No hands" not in database.read_bytes()


def test_a_reader_that_stops_early_is_not_an_error() -> None:
    lines = (LEGAL + "\n").encode() * 20_000
    proc = subprocess.run(f'"{sys.executable}" -m cp_trainer check --json | head -n 1', shell=True,
                          input=lines, capture_output=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == b"" and json.loads(proc.stdout)["legal"] is True


# --- encodings -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def koi8r_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """``LANG=ru_RU.KOI8-R``, with the locale compiled into a temporary folder (``LOCPATH``) so
    the test does not depend on the machine's installed locales. Where ``localedef`` is missing,
    ``PYTHONIOENCODING=koi8-r`` gives Python the same streams."""
    folder = tmp_path_factory.mktemp("locales")
    localedef = shutil.which("localedef")
    if localedef is not None:
        made = subprocess.run([localedef, "-i", "ru_RU", "-f", "KOI8-R", str(folder / "ru_RU.KOI8-R")],
                              capture_output=True, timeout=120)
        if made.returncode == 0:
            return {"LOCPATH": str(folder), "LANG": "ru_RU.KOI8-R", "LC_ALL": "ru_RU.KOI8-R"}
    return {"LANG": "ru_RU.KOI8-R", "LC_ALL": "ru_RU.KOI8-R", "PYTHONIOENCODING": "koi8-r"}


def test_the_koi8r_environment_gives_koi8r_streams(koi8r_env: dict[str, str]) -> None:
    proc = subprocess.run([sys.executable, "-c", "import sys; print(sys.stdout.encoding)"],
                          capture_output=True, env={**os.environ, **koi8r_env}, timeout=60)
    assert proc.stdout.strip().lower().replace(b"_", b"-") == b"koi8-r"


@pytest.mark.parametrize(("argv", "russian"), [
    (["check", "--json", LEGAL], "пара королей"),
    (["arrange", "--json", "--bot", "greedy", HAND], "стрит"),
    (["paigow", "--json", PAIGOW], "стрит"),
    (["score", "--json", *DEAL.split(" | ")], None),
])
def test_json_is_utf8_whatever_the_locale(koi8r_env: dict[str, str], argv: list[str],
                                          russian: str | None) -> None:
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", *argv], capture_output=True, timeout=120,
                          env={**os.environ, **koi8r_env})
    assert proc.returncode == 0 and proc.stderr == b""
    text = proc.stdout.decode("utf-8")  # strict: KOI8-R bytes would not decode
    json.loads(text)
    if russian is not None:
        assert russian in text


@pytest.mark.parametrize(("argv", "word"), [
    (["check", LEGAL], "законно"), (["arrange", "--bot", "greedy", HAND], "стрит"),
    (["paigow", PAIGOW], "стрит"), (["score", *DEAL.split(" | ")], "итог"),
])
def test_text_follows_the_locale_and_writes_suits_it_lacks_as_escapes(
        koi8r_env: dict[str, str], argv: list[str], word: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", *argv], capture_output=True, timeout=120,
                          env={**os.environ, **koi8r_env})
    assert proc.returncode == 0 and proc.stderr == b""
    text = proc.stdout.decode("koi8-r")
    assert word in text and ("\\u2014" in text or "\\u2660" in text)  # in no KOI8-R: — ♠


# --- control characters: escaped in all output ----------------------------------------------

def no_raw_invisible(text: str) -> bool:
    return all(ch not in text for ch in ("\x0b", "\x0c", "\x85", "\u2028", "\u2029", "\x1b", "\u202e",
                                         "\x7f", "\r"))


@pytest.mark.parametrize("bad", INVISIBLE)
@pytest.mark.parametrize(("argv", "good"), [
    (["check"], LEGAL), (["arrange", "--bot", "greedy"], HAND), (["paigow"], PAIGOW),
])
def test_a_successful_echo_escapes_control_characters(argv: list[str], good: str, bad: str) -> None:
    # the character inside the input, where it is whitespace or part of a token; the answer may
    # be a success or a refusal, but what it echoes is escaped
    text = good.replace(" ", f" {bad}", 1) + bad
    proc = cli(*argv, "--lang", "en", text)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode in (0, 2) and "Traceback" not in err
    assert no_raw_invisible(out) and no_raw_invisible(err)
    assert repr(bad[0])[1:-1] in out + err


@pytest.mark.parametrize("bad", INVISIBLE)
def test_stdin_echo_escapes_control_characters(bad: str) -> None:
    lines = f"{LEGAL.replace(' ', bad + ' ', 1)}\nQs Jc 2s / Kc{bad}Kd Th 9s 8h / As Ah Qh 7c 4d\n"
    proc = cli("check", "--lang", "en", stdin=lines.encode())
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode in (0, 2) and err == ""
    assert no_raw_invisible(out) and repr(bad[0])[1:-1] in out


@pytest.mark.parametrize("bad", ["\u2028", "\u2029", "\x85", "\x1b", "\u202e", "\x7f", "\ufeff"])
def test_json_escapes_invisible_characters(bad: str) -> None:
    text = LEGAL.replace(" ", f" {bad}", 1)  # a bad line is answered on stdout too
    proc = cli("check", "--json", stdin=f"{text}\n".encode())
    raw = proc.stdout.decode("utf-8")
    assert proc.returncode in (0, 2) and raw.count("\n") == 1 and bad not in raw
    assert f"\\u{ord(bad):04x}" in raw
    assert json.loads(raw)["input"] == text  # escaped, not changed


def test_file_names_are_escaped_in_the_output(tmp_path: Path) -> None:
    folder = tmp_path / "data\x1b]0;pwned\x07\u2028x"
    proc = cli("stats", "--data-dir", str(folder))
    out = proc.stdout.decode()
    assert proc.returncode == 0 and no_raw_invisible(out) and "\x07" not in out
    assert "data\\x1b]0;pwned\\x07\\u2028x" in out
    proc = cli("stats", "--json", "--data-dir", str(folder))
    assert json.loads(proc.stdout)["database"] == str(folder / "history.sqlite3")


def test_an_exported_file_name_is_escaped(tmp_path: Path) -> None:
    target = tmp_path / "out\x1b[2J\x85.jsonl"
    from cp_trainer.history import HistoryStore

    HistoryStore.open(tmp_path / "data").close()  # export reads an existing history only
    proc = cli("history", "export", "--data-dir", str(tmp_path / "data"), str(target))
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode in (0, 2) and "Traceback" not in err
    assert no_raw_invisible(out + err) and "out\\x1b[2J\\x85.jsonl" in out + err


def test_json_line_and_escape_invisible() -> None:
    assert json_line({"a": "x\u2028y\x85z\ud800"}) == '{"a": "x\\u2028y\\u0085z\\ud800"}'
    assert json_line({"a": "\U000e0001"}) == '{"a": "\\udb40\\udc01"}'
    assert json_line({"a": "пара ♠\u00a0"}) == '{"a": "пара ♠\u00a0"}'
    assert escape_invisible("a\x1b[2Jb\nc\u2028\t") == "a\\x1b[2Jb\nc\\u2028\\t"
    assert escape_invisible("Итого: 2\u00a0000 ♠\n") == "Итого: 2\u00a0000 ♠\n"


# --- huge input -----------------------------------------------------------------------------

@pytest.mark.parametrize("as_json", [False, True])
def test_a_line_above_the_limit_is_refused_by_itself(as_json: bool) -> None:
    huge = "As " * (10_000_000 // 3)
    stdin = f"{huge}\n{LEGAL}\n".encode()
    proc = cli("check", "--lang", "en", *(["--json"] if as_json else []), stdin=stdin)
    assert proc.returncode == 2 and proc.stderr == b""
    first, second = proc.stdout.decode().splitlines()[:2] if as_json else \
        (proc.stdout.decode().splitlines()[0], proc.stdout.decode().splitlines()[1])
    if as_json:
        refused, answered = json.loads(first), json.loads(second)
        assert "line 1 has 10000000 characters" in refused["error"] and len(refused["input"]) < 100
        assert answered["legal"] is True
    else:
        assert "line 1 has 10000000 characters" in first and len(first) < 300
        assert second.startswith(LEGAL + ": legal")


def test_a_line_at_the_limit_is_still_read() -> None:
    line = ("As Kd " * MAX_LINE)[:MAX_LINE - 1].strip()
    proc = cli("check", "--lang", "en", "--json", stdin=(line + "\n").encode())
    record = json.loads(proc.stdout)
    assert proc.returncode == 2 and "rows" in record["error"]  # parsed, and refused as a non-arrangement


def test_a_huge_line_is_not_read_into_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(("Kd " * 3_400_000 + "\n" + LEGAL + "\n").encode()),
                             encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            status = main(["check", "--lang", "en"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert status == 2 and out.getvalue().splitlines()[1].startswith(LEGAL)
    assert peak < 8 * MAX_LINE, peak  # a bounded buffer, not 10 MB of text and its tokens


@pytest.mark.parametrize("argv", [
    ["solve", "--samples", "10", "--seed", "5" * 5000, HAND],
    ["gui", "--seed", "5" * 5000],
    ["check", "--lang", "x" * 5000, LEGAL],
    ["arrange", "--bot", "b" * 5000, HAND],
    ["stats", "--window", "9" * 5000],
])
def test_argparse_does_not_echo_a_huge_argument_whole(argv: list[str]) -> None:
    proc = cli(*argv)
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "Traceback" not in err
    refusal = err.splitlines()[-1]  # after the usage lines
    assert len(err) < 1500 and refusal.startswith("cp-trainer ") and len(refusal) < 500


def test_gui_refuses_a_negative_seed_at_the_command_line() -> None:
    proc = cli("gui", "--seed", "-1", env={"QT_QPA_PLATFORM": "offscreen"})
    err = proc.stderr.decode()
    assert proc.returncode == 2 and "--seed" in err and "at least 0" in err and "Traceback" not in err


# --- the data folder: HOME and CP_TRAINER_DATA_DIR -------------------------------------------

def no_default_data_dir() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("CP_TRAINER_DATA_DIR", None)
    return env


def run_env(argv: list[str], env: dict[str, str], *, unprivileged: bool = False, cwd: Path | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    """``python -m cp_trainer ARGV`` in ``env``; ``unprivileged``: as a user without root's
    rights (:func:`unprivileged_user`)."""
    env = {k: v for k, v in env.items() if k != "PYTHONIOENCODING"}
    prefix, options = unprivileged_user() if unprivileged else ((), {})
    return subprocess.run([*prefix, sys.executable, "-m", "cp_trainer", *argv], capture_output=True,
                          timeout=timeout, env=env, stdin=subprocess.DEVNULL, cwd=cwd, **options)


# --- an unprivileged user, wherever the suite runs ---------------------------------------------
#
# Root writes anywhere, so the tests of an unwritable home need a user who cannot. A user
# namespace (``unshare -U``) is refused in a chroot and in most containers, so as root the child
# drops to the user "nobody" itself (subprocess's user/group: setgroups, setgid, setuid in the
# child, before it runs Python) when "nobody" can run this Python and cp-trainer; else (a Python
# in root's own home) it runs in a user namespace, where root has no rights outside it. Any
# other user already is unprivileged, and runs as itself (in a user namespace when the system
# allows one, where its uid is "nobody"'s too).

_IMPORT = [sys.executable, "-c", "import cp_trainer.cli"]


def _works(prefix: tuple[str, ...], options: dict[str, Any]) -> bool:
    if prefix and shutil.which(prefix[0]) is None:
        return False
    try:
        return subprocess.run([*prefix, *_IMPORT], capture_output=True, timeout=120, cwd="/",
                              **options).returncode == 0
    except OSError:
        return False


def _as_nobody() -> dict[str, Any]:
    nobody = pwd.getpwnam("nobody")
    return {"user": nobody.pw_uid, "group": nobody.pw_gid, "extra_groups": []}


@functools.cache
def _unprivileged() -> tuple[tuple[str, ...], bool]:
    """(command prefix, whether to drop to "nobody") for :func:`unprivileged_user`."""
    if os.geteuid() == 0 and _works((), _as_nobody()):
        return (), True
    if _works(("unshare", "-U"), {}):
        return ("unshare", "-U"), False
    assert os.geteuid() != 0, ("as root, neither can the user nobody run this Python and cp-trainer "
                               f"({sys.executable}) nor is a user namespace allowed")
    return (), False


def unprivileged_user() -> tuple[tuple[str, ...], dict[str, Any]]:
    """(command prefix, ``subprocess.run`` options) that run a child without root's rights."""
    prefix, drop = _unprivileged()
    return prefix, _as_nobody() if drop else {}


def unprivileged_uid() -> int:
    """The user the child of :func:`unprivileged_user` is, in the user database."""
    prefix, drop = _unprivileged()
    if drop or prefix:
        return int(pwd.getpwnam("nobody").pw_uid)  # a user namespace's unmapped uid is the overflow uid
    return os.getuid()


@pytest.fixture
def open_tmp(tmp_path: Path) -> Iterator[Path]:
    """A temporary folder the child of :func:`unprivileged_user` can enter and write in: for
    "nobody", a folder of its own owned by "nobody" (pytest's are root's alone, mode 0700), else
    ``tmp_path``."""
    if not unprivileged_user()[1]:  # a user namespace keeps the uid the files know
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="cp-trainer-unprivileged-"))
    try:
        os.chown(folder, pwd.getpwnam("nobody").pw_uid, pwd.getpwnam("nobody").pw_gid)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_the_unprivileged_user_cannot_write_a_read_only_folder(open_tmp: Path) -> None:
    # what the tests below rely on, checked where they run (a chroot, a container, a VM)
    locked = open_tmp / "locked"
    locked.mkdir(mode=0o555)
    prefix, options = unprivileged_user()
    code = "import os, sys; print(os.geteuid()); open(sys.argv[1] + '/f', 'w')"
    probe = subprocess.run([*prefix, sys.executable, "-c", code, str(locked)], capture_output=True,
                           timeout=60, **options)
    assert probe.returncode == 1 and b"PermissionError" in probe.stderr, probe.stderr
    assert int(probe.stdout) != 0 and list(locked.iterdir()) == []


@pytest.mark.parametrize("argv", [["stats"], ["stats", "--json"], ["history", "export", "out.jsonl"],
                                  ["history", "import", "in.jsonl"], ["gui"], []])
def test_a_tilde_user_nobody_is_named_on_one_line(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "CP_TRAINER_DATA_DIR": "~nosuchuser/x", "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", *argv], capture_output=True, timeout=120,
                          env=env, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == b""
    one_line_error(proc, "CP_TRAINER_DATA_DIR=~nosuchuser/x: there is no user named nosuchuser")
    assert list(tmp_path.iterdir()) == []  # no "~nosuchuser" folder made here


@pytest.mark.parametrize("argv", [["gui"], []])
def test_a_settings_file_of_a_tilde_user_nobody_is_named_on_one_line(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "CP_TRAINER_SETTINGS": "~nosuchuser/cp.ini", "QT_QPA_PLATFORM": "offscreen",
           "CP_TRAINER_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", *argv], capture_output=True, timeout=120,
                          env=env, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == b""
    one_line_error(proc, "CP_TRAINER_SETTINGS=~nosuchuser/cp.ini: there is no user named nosuchuser")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [["stats"], ["history", "export", "out.jsonl"], ["gui", "--lang", "en"]])
def test_a_home_that_does_not_exist_is_not_created(argv: list[str], tmp_path: Path) -> None:
    home = tmp_path / "nonexistent"
    proc = run_env(argv, {**no_default_data_dir(), "HOME": str(home), "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2
    one_line_error(proc, f"the home folder {home} does not exist")
    assert not home.exists()


def test_a_home_that_cannot_be_written_is_one_line(open_tmp: Path) -> None:
    home = open_tmp / "home"
    home.mkdir()
    home.chmod(0o555)
    # root writes anywhere: run as an unprivileged user
    try:
        proc = run_env(["stats"], {**no_default_data_dir(), "HOME": str(home)}, unprivileged=True)
    finally:
        home.chmod(0o755)
    assert proc.returncode == 2
    one_line_error(proc, f"cannot create the data folder {home}/.local/share/cp-trainer: {home} is not "
                         "writable; give --data-dir DIR or set CP_TRAINER_DATA_DIR")
    assert list(home.iterdir()) == []


def test_a_home_in_the_way_of_the_data_folder_is_one_line(tmp_path: Path) -> None:
    (tmp_path / ".local").write_text("a file where a folder should be")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    # stats only reads (a missing history is "no hands"); import must make the folder, and cannot
    proc = run_env(["history", "import", str(empty)], {**no_default_data_dir(), "HOME": str(tmp_path)})
    assert proc.returncode == 2
    one_line_error(proc, "cannot create the history folder")


def test_no_home_anywhere_is_one_line_and_makes_no_tilde_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pwd

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    # HOME unset, and a user the password database does not know (a container's random uid)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("CP_TRAINER_DATA_DIR", raising=False)
    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    monkeypatch.chdir(tmp_path)
    assert main(["stats"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no home folder" in err and "--data-dir" in err
    assert list(tmp_path.iterdir()) == []  # no "~" folder in the current one


def test_an_empty_home_is_no_home(tmp_path: Path) -> None:
    proc = run_env(["stats"], {**no_default_data_dir(), "HOME": ""})
    assert proc.returncode == 2
    one_line_error(proc, "there is no home folder")


def test_home_unset_uses_the_user_databases_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # as "nobody", whose home (/nonexistent) is missing: never anyone's real home
    env = no_default_data_dir()
    env.pop("HOME", None)
    home = pwd.getpwuid(unprivileged_uid()).pw_dir
    if not os.path.isdir(home):
        proc = run_env(["stats"], env, unprivileged=True)
        assert proc.returncode == 2
        one_line_error(proc, f"the home folder {home} does not exist")
        return
    # an ordinary user without user namespaces, whose home exists: the user database is asked
    # here, in this process, with that home moved away (the real one is never touched)
    gone = tmp_path / "gone"
    real = pwd.getpwuid
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: pwd.struct_passwd(
        (*real(uid)[:5], str(gone), *real(uid)[6:])))
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("CP_TRAINER_DATA_DIR", raising=False)
    assert main(["stats"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and f"the home folder {gone} does not exist" in err


@pytest.mark.parametrize("argv", [["stats"], ["gui"]])
def test_a_data_folder_path_too_long_says_so(argv: list[str], tmp_path: Path) -> None:
    folder = tmp_path.joinpath(*["d" * 100] * 5)
    proc = run_env([*argv, "--data-dir", str(folder)], {**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2
    err = one_line_error(proc, "the data folder path is too long for the history database")
    assert "at most 400" in err and not folder.exists()


@pytest.mark.parametrize("home", ["unset", "read-only"])
@pytest.mark.parametrize("argv", [["arrange", "--bot", "greedy", HAND], ["solve", "--samples", "10", HAND],
                                  ["paigow", PAIGOW], ["check", LEGAL]])
def test_the_card_commands_need_no_home(argv: list[str], home: str, open_tmp: Path) -> None:
    # run as an unprivileged user (as root: "nobody", whose home, /nonexistent, is missing)
    cwd, env = open_tmp / "cwd", no_default_data_dir()
    cwd.mkdir()
    if unprivileged_user()[1]:
        os.chown(cwd, pwd.getpwnam("nobody").pw_uid, pwd.getpwnam("nobody").pw_gid)
    if home == "unset":
        env.pop("HOME", None)
    else:
        env["HOME"] = str(open_tmp / "home")
        (open_tmp / "home").mkdir(mode=0o555)
    proc = run_env(argv, env, unprivileged=True, cwd=cwd, timeout=300)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert list(cwd.iterdir()) == []  # no folder named "~" left here


# --- a broken install: the resources folder gone -------------------------------------------------

@pytest.mark.parametrize("args", [
    ["check", "As Kd Qh / Jc Ts 9d 8h 7c / 6s 5d 4h 3c 2s"],
    ["arrange", "--bot", "standard", "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s"],
])
def test_a_missing_resources_folder_is_one_line_and_status_1(tmp_path: Path, args: list[str]) -> None:
    # a copy of the package with no resources beside it (a partial install): no traceback from
    # the first translation the command reads
    shutil.copytree(Path(cp_trainer.__file__).parent, tmp_path / "cp_trainer",
                    ignore=shutil.ignore_patterns("__pycache__", "resources"))
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    res = subprocess.run([sys.executable, "-m", "cp_trainer", *args], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=120)
    assert res.returncode == 1, res
    assert "Traceback" not in res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"cp-trainer {args[0]}: "), res.stderr
    assert "resources folder is missing" in lines[0] and "reinstall" in lines[0]
    assert res.stdout == ""


def test_precompile_without_the_resources_folder_is_one_line_and_status_1(tmp_path: Path) -> None:
    # ./dev runs it right after installing: a partial install ends here in one line, no traceback
    shutil.copytree(Path(cp_trainer.__file__).parent, tmp_path / "cp_trainer",
                    ignore=shutil.ignore_patterns("__pycache__", "resources"))
    env = dict(os.environ, PYTHONPATH=str(tmp_path), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    res = subprocess.run([sys.executable, "-m", "cp_trainer.precompile"], capture_output=True, text=True,
                         env=env, cwd=tmp_path, timeout=120)
    assert res.returncode == 1, res
    assert "Traceback" not in res.stderr
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cp-trainer precompile: "), res.stderr
    assert "resources folder is missing" in lines[0] and res.stdout == ""
