"""The history and the data folder at their edges: read-only folders and leftovers, a folder
name given as the export FILE, paths that lead nowhere, ``~user`` in ``--data-dir``, a full disk
at the first hand, a closed standard input, a junk ``-journal``. Each test runs as root and not
alike (as root, the unprivileged reader is a child process that drops to ``nobody``; no mount, no user
namespace)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cp_trainer.cli import main
from cp_trainer.history import HistoryStore, sqlite_file
from cp_trainer.history.writer import HistoryWriter
from tests.history_fixtures import make_record

NOBODY = 65534


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main([*argv, "--lang", "en"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def seed(folder: Path, n: int = 3) -> Path:
    with HistoryStore.open(folder) as store:
        for i in range(n):
            store.add(make_record(i))
    return folder / "history.sqlite3"


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- read-only commands: nothing left behind, and a folder that cannot be written -----------------


def test_read_only_commands_leave_no_wal_or_shm_behind(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    assert listing(tmp_path / "D") == ["history.sqlite3"]  # a closed history: the file alone
    status, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path / "D"))
    assert status == 0 and "Hands played: 3" in out
    status, out, _ = run(capsys, "history", "export", "--data-dir", str(tmp_path / "D"),
                         str(tmp_path / "h.jsonl"))
    assert status == 0 and "Exported 3 hands" in out
    assert listing(tmp_path / "D") == ["history.sqlite3"]  # no -wal, no -shm


def test_a_history_being_written_is_read_as_committed(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A window holding the history open (its -wal has frames): read through SQLite, every
    committed hand counted, the window's files as they were."""
    seed(tmp_path / "D", 2)
    window = sqlite3.connect(tmp_path / "D" / "history.sqlite3", isolation_level=None)
    window.execute("PRAGMA wal_autocheckpoint = 0")
    store = HistoryStore.open(tmp_path / "D")
    store.add(make_record(7))  # in the -wal only
    try:
        assert (tmp_path / "D" / "history.sqlite3-wal").stat().st_size > 0
        status, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path / "D"))
        assert status == 0 and "Hands played: 3" in out
    finally:
        store.close()
        window.close()


@pytest.fixture
def shared_tmp() -> Iterator[Path]:
    """A temporary folder another user can reach (pytest's own is private to its user)."""
    folder = Path(tempfile.mkdtemp(prefix="cp-trainer-ro-"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        for p in folder.rglob("*"):
            if p.is_dir() and not p.is_symlink():
                os.chmod(p, 0o755)
        shutil.rmtree(folder)


# As root: the command runs once as root on a history of its own (so that every module it needs is
# loaded: the interpreter may live where "nobody" cannot read, e.g. under /root), then the child
# drops to "nobody" (no capability left) and runs it on the folder it cannot write.
AS_NOBODY = """
import os, sys
from cp_trainer.cli import main
warm, out, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
main([{"DATA": warm, "OUT": warm + "/out.jsonl"}.get(a, a) for a in argv])
sys.stdout.flush()
os.setgroups([])
os.setgid(65534)
os.setuid(65534)
print("---", flush=True)
sys.exit(main([{"DATA": os.environ["CP_TRAINER_DATA_DIR"], "OUT": out}.get(a, a) for a in argv]))
"""


def as_a_user_who_cannot_write(folder: Path, *argv: str,
                               out: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command (``DATA`` in ``argv``: the data folder, ``OUT``: ``out``) where ``folder / "D"`` is
    read-only to it: as root, as ``nobody``; otherwise as this user, the folder's write
    permission taken away. Its standard output: what it printed as that user."""
    env = {**os.environ, "HOME": str(folder), "CP_TRAINER_DATA_DIR": str(folder / "D")}
    args = [*argv, "--lang", "en"]
    if os.geteuid() == 0:
        warm = folder / "warm"
        seed(warm, 1)
        proc = subprocess.run([sys.executable, "-c", AS_NOBODY, str(warm), str(out), *args],
                              capture_output=True, text=True, timeout=120, env=env, cwd=folder)
        proc.stdout = proc.stdout.partition("---\n")[2]
        return proc
    os.chmod(folder / "D", 0o555)
    given = {"DATA": str(folder / "D"), "OUT": str(out)}
    return subprocess.run([sys.executable, "-m", "cp_trainer", *[given.get(a, a) for a in args]],
                          capture_output=True, text=True, timeout=120, env=env, cwd=folder)


def test_stats_and_export_read_a_history_in_a_folder_that_cannot_be_written(shared_tmp: Path) -> None:
    seed(shared_tmp / "D")
    for p in [shared_tmp / "D", *(shared_tmp / "D").iterdir()]:
        os.chmod(p, 0o755 if p.is_dir() else 0o644)
    out = shared_tmp / "out"
    out.mkdir(mode=0o777)
    os.chmod(out, 0o777)
    proc = as_a_user_who_cannot_write(shared_tmp, "stats", "--data-dir", "DATA")
    assert proc.returncode == 0 and "Hands played: 3" in proc.stdout, proc.stderr
    proc = as_a_user_who_cannot_write(shared_tmp, "history", "export", "--data-dir", "DATA", "OUT",
                                      out=out / "h.jsonl")
    assert proc.returncode == 0 and "Exported 3 hands" in proc.stdout, proc.stderr
    assert len((out / "h.jsonl").read_text(encoding="utf-8").splitlines()) == 3
    assert listing(shared_tmp / "D") == ["history.sqlite3"]


# --- the export FILE names a folder --------------------------------------------------------------


@pytest.mark.parametrize("tail", ["sub/", "sub/.", "sub//"])
def test_an_export_to_a_name_ending_in_a_slash_is_refused(tmp_path: Path, tail: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    seed(tmp_path / "D")
    (tmp_path / "out").mkdir()
    target = f"{tmp_path / 'out'}/{tail}"
    status, out, err = run(capsys, "history", "export", "--data-dir", str(tmp_path / "D"), target)
    assert status == 2 and out == ""
    assert "a name ending in a slash is a folder" in err and len(err.splitlines()) == 1
    assert listing(tmp_path / "out") == []  # no file named "sub"


# --- paths that lead nowhere ------------------------------------------------------------------------


def test_stats_on_a_symbolic_link_loop_is_an_error_not_an_empty_history(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "D"
    folder.mkdir()
    (folder / "history.sqlite3").symlink_to("other")
    (folder / "other").symlink_to("history.sqlite3")
    status, out, err = run(capsys, "stats", "--data-dir", str(folder))
    assert status == 2 and "No hands" not in out + err
    assert "symbolic link that loops" in err and len(err.splitlines()) == 1


def test_stats_on_a_dangling_symbolic_link_is_an_error(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "D"
    folder.mkdir()
    (folder / "history.sqlite3").symlink_to(tmp_path / "gone.sqlite3")
    status, out, err = run(capsys, "stats", "--data-dir", str(folder))
    assert status == 2 and "No hands" not in out and "leads to no file" in err
    assert not (tmp_path / "gone.sqlite3").exists()  # nothing created through it


def test_stats_when_the_data_folder_is_a_file_is_an_error(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "F").write_text("not a folder\n", encoding="utf-8")
    for extra in ([], ["--json"]):
        status, out, err = run(capsys, "stats", "--data-dir", str(tmp_path / "F"), *extra)
        assert status == 2 and out == "" and "is not a folder" in err
    assert (tmp_path / "F").read_text(encoding="utf-8") == "not a folder\n"


# --- ~user in --data-dir and in the variable agree -------------------------------------------


def test_a_tilde_user_nobody_in_data_dir_is_refused_like_the_variable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    source = tmp_path / "h.jsonl"
    source.write_text("", encoding="utf-8")
    status, _, by_option = run(capsys, "history", "import", str(source), "--data-dir", "~nosuchuser-cp/x")
    assert status == 2 and "there is no user named nosuchuser-cp" in by_option
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", "~nosuchuser-cp/x")
    status2, _, by_variable = run(capsys, "history", "import", str(source))
    assert status2 == 2 and "there is no user named nosuchuser-cp" in by_variable
    assert listing(tmp_path) == ["h.jsonl"]  # no ./~nosuchuser-cp/x made


def test_a_tilde_in_data_dir_is_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    seed(tmp_path / "home" / "hist")
    status, out, _ = run(capsys, "stats", "--data-dir", "~/hist")
    assert status == 0 and "Hands played: 3" in out
    assert not (tmp_path / "~").exists()


# --- a full disk at the first hand ---------------------------------------------------------------


def test_a_new_history_on_a_full_disk_exits_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "h.jsonl"
    source.write_text('{"not": "read"}\n', encoding="utf-8")
    real_connect = sqlite_file._connect

    def full_disk(database: str | Path, **kwargs: object) -> sqlite3.Connection:
        conn = real_connect(database, **kwargs)  # type: ignore[arg-type]
        if str(database) != ":memory:":
            conn.execute("PRAGMA max_page_count = 1")  # SQLite's own "database or disk is full"
        return conn

    monkeypatch.setattr(sqlite_file, "_connect", full_disk)
    status, out, err = run(capsys, "history", "import", str(source), "--data-dir", str(tmp_path / "new"))
    assert status == 1 and out == ""  # docs/command-line.md: 1, the disk full, nothing imported
    assert "full" in err and len(err.splitlines()) == 1


# --- a closed standard input --------------------------------------------------------------------


def test_import_from_a_closed_standard_input_is_an_error(tmp_path: Path) -> None:
    seed(tmp_path / "D", 1)
    proc = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", sys.executable, "-m", "cp_trainer", "history",
                           "import", "/dev/stdin", "--data-dir", str(tmp_path / "D"), "--lang", "en"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == "", proc.stdout
    assert "standard input is closed" in proc.stderr and "Traceback" not in proc.stderr
    with HistoryStore.open_readonly(tmp_path / "D") as store:
        assert store.count() == 1


# --- a junk -journal beside the history ----------------------------------------------------------


@pytest.mark.parametrize("journal_mode", ["wal", "delete"])
def test_a_junk_journal_blocks_no_command(tmp_path: Path, journal_mode: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = seed(tmp_path / "D")
    if journal_mode == "delete":  # a history from before the WAL switch
        with sqlite3.connect(db) as conn:
            conn.execute("PRAGMA journal_mode = DELETE")
    junk = tmp_path / "D" / "history.sqlite3-journal"
    junk.write_bytes(b"\x7fjunk, not a rollback journal" * 70)
    status, out, err = run(capsys, "stats", "--data-dir", str(tmp_path / "D"))
    assert status == 0 and "Hands played: 3" in out, err
    data = str(tmp_path / "D")
    status, out, err = run(capsys, "history", "export", "--data-dir", data, str(tmp_path / "h.jsonl"))
    assert status == 0 and "Exported 3 hands" in out, err
    assert junk.exists()  # the read-only commands changed nothing
    status, out, err = run(capsys, "history", "import", "--data-dir", data, str(tmp_path / "h.jsonl"))
    assert status == 0 and "3 already in the history" in out, err
    writer = HistoryWriter(tmp_path / "D")  # and the window records again
    writer.add_hands([make_record(9)])
    assert writer.flush(20)
    writer.close()
    with HistoryStore.open_readonly(tmp_path / "D") as store:
        assert store.count() == 4


def test_a_crashed_window_s_history_in_a_folder_that_cannot_be_written_is_read_whole(
        shared_tmp: Path) -> None:
    """A window died with hands in its ``-wal`` and no ``-shm`` beside it (a copy on a stick, a
    backup, another user's folder): SQLite's read-only mode cannot open that at all ("unable to
    open database file"). The reader recovers a private copy instead and counts every hand the
    window committed, and the folder stays exactly as it was."""
    seed(shared_tmp / "live", 2)
    window = sqlite3.connect(shared_tmp / "live" / "history.sqlite3", isolation_level=None)
    window.execute("PRAGMA wal_autocheckpoint = 0")
    store = HistoryStore.open(shared_tmp / "live")
    store.add(make_record(7))  # committed, in the -wal only
    (shared_tmp / "D").mkdir()
    try:
        for name in ("history.sqlite3", "history.sqlite3-wal"):
            shutil.copyfile(shared_tmp / "live" / name, shared_tmp / "D" / name)
    finally:
        store.close()
        window.close()
    assert (shared_tmp / "D" / "history.sqlite3-wal").stat().st_size > 0
    for p in [shared_tmp / "D", *(shared_tmp / "D").iterdir()]:
        os.chmod(p, 0o755 if p.is_dir() else 0o644)
    before = {p.name: p.read_bytes() for p in (shared_tmp / "D").iterdir()}
    proc = as_a_user_who_cannot_write(shared_tmp, "stats", "--data-dir", "DATA")
    assert proc.returncode == 0 and "Hands played: 3" in proc.stdout, proc.stderr
    assert {p.name: p.read_bytes() for p in (shared_tmp / "D").iterdir()} == before


def test_a_fifo_named_like_the_wal_is_never_opened_by_the_recovery(tmp_path: Path) -> None:
    """The recovery copies only regular files: a FIFO beside the history would block forever."""
    folder = tmp_path / "D"
    db = seed(folder, 1)
    os.mkfifo(folder / "history.sqlite3-wal")
    assert sqlite_file._recovered_copy(db) is None
