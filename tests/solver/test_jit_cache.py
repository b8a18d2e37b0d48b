"""Numba's cache is keyed by the kernels' sources (cp_trainer.solver.numba_cache).

Numba checks only the file that defines a kernel: with ``removal_kernels.row_outcome`` changed,
``scoring._score_block`` (which calls it) would load its old compiled code and a solve would
answer as before the change. So the cache goes to a folder named by a fingerprint of all the
kernels' sources."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cp_trainer.solver import numba_cache as jit

ROOT = Path(__file__).resolve().parents[2]
DAY = 24 * 3600


def _copy_sources(target: Path) -> Path:
    """The files the fingerprint reads, copied (with their times) into ``target``."""
    package = target / "cp_trainer"
    package.mkdir(parents=True)
    for name in jit.KERNEL_PACKAGES:
        shutil.copytree(jit.PACKAGE / name, package / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return package


def test_the_fingerprint_follows_the_contents_of_every_kernel_source(tmp_path: Path) -> None:
    package = _copy_sources(tmp_path)
    first = jit.source_fingerprint(package)
    assert first == jit.source_fingerprint(jit.PACKAGE)
    assert len(first) == 16 and int(first, 16) >= 0
    callee = package / "solver" / "removal_kernels.py"
    original = callee.read_bytes()
    callee.write_bytes(original.replace(b"return 1\n", b"return -1\n", 1))
    changed = jit.source_fingerprint(package)
    assert changed != first
    callee.write_bytes(original)
    os.utime(callee, (1, 1))  # another time, the same code: the same folder
    assert jit.source_fingerprint(package) == first
    (package / "paigow" / "new_kernels.py").write_text("X = 1\n")
    assert jit.source_fingerprint(package) != first


def test_a_module_that_holds_no_kernel_does_not_change_it(tmp_path: Path) -> None:
    package = _copy_sources(tmp_path)
    first = jit.source_fingerprint(package)
    (package / "gui").mkdir()
    (package / "gui" / "window.py").write_text("TITLE = 'changed'\n")
    assert jit.source_fingerprint(package) == first


def test_the_keyed_folder_is_inside_the_base_and_never_nested() -> None:
    base = Path("/cache/numba")
    assert jit.keyed_dir(base, "0123456789abcdef") == base / "src-0123456789abcdef"
    keyed = base / "src-0123456789abcdef"
    assert jit.keyed_dir(keyed, "0123456789abcdef") == keyed
    assert jit.keyed_dir(keyed, "fedcba9876543210") == keyed / "src-fedcba9876543210"


def _configure_in_child(cache: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env.update(PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=cache)
    code = "from cp_trainer.solver import numba_cache as jit; print(jit.configure())"
    res = subprocess.run([sys.executable, "-c", code],
                         capture_output=True, text=True, env=env, timeout=120)
    assert res.returncode == 0, res.stderr
    return res.stdout.strip()


def test_a_process_and_its_children_cache_in_the_same_keyed_folder(tmp_path: Path) -> None:
    keyed = tmp_path / f"src-{jit.source_fingerprint()}"
    assert _configure_in_child(str(tmp_path)) == str(keyed)
    assert keyed.is_dir()
    # a child process inherits NUMBA_CACHE_DIR=<keyed folder>: no src-…/src-… inside it
    assert _configure_in_child(str(keyed)) == str(keyed)
    assert [p.name for p in keyed.iterdir()] == []


def _folder(parent: Path, name: str, used: float) -> Path:
    folder = parent / name
    (folder / "solver_abc").mkdir(parents=True)
    (folder / "solver_abc" / "kernel.nbi").write_bytes(b"index")
    os.utime(folder, (used, used))
    return folder


def test_pruning_keeps_the_most_recently_used_however_old(tmp_path: Path) -> None:
    now = 1_000_000_000.0
    current = _folder(tmp_path, "src-" + "0" * 16, now - 30 * DAY)  # the one in use: kept, however old
    ages = {f"src-{i:016x}": now - (i + 2) * DAY for i in range(1, 7)}  # 3 to 8 days ago
    folders = {name: _folder(tmp_path, name, used) for name, used in ages.items()}
    deleted = jit.prune(current, now=now)
    kept = {f"src-{i:016x}" for i in (1, 2, 3)}  # KEEP_RECENT = 3: the three used last
    assert {p.name for p in deleted} == set(ages) - kept
    for name, folder in folders.items():
        assert folder.is_dir() == (name in kept), name
    assert current.is_dir()


def test_pruning_keeps_what_was_used_within_a_day_and_touches_nothing_else(tmp_path: Path) -> None:
    now = 1_000_000_000.0
    current = _folder(tmp_path, "src-" + "0" * 16, now)
    today = {f"src-{i:016x}": now - i * 3600 for i in range(1, 6)}  # 1 to 5 hours ago: all kept
    older = {f"src-{i:016x}": now - (i - 8.5) * DAY for i in range(10, 13)}  # 1.5 to 3.5 days: deleted
    folders = {name: _folder(tmp_path, name, used) for name, used in (today | older).items()}
    (tmp_path / "src-00000000000000aa").write_text("a file named like a folder")
    _folder(tmp_path, "src-NOT-A-FINGERPRINT", now - 99 * DAY)
    _folder(tmp_path, "solver_2ad039170e8b1893c19c16916df0bba0156c253f", now - 99 * DAY)
    elsewhere = _folder(tmp_path / "elsewhere", "data", now - 99 * DAY)
    (tmp_path / "src-00000000000000bb").symlink_to(elsewhere, target_is_directory=True)
    os.utime(tmp_path / "src-00000000000000bb", (now - 99 * DAY,) * 2, follow_symlinks=False)

    deleted = jit.prune(current, now=now)

    assert {p.name for p in deleted} == set(older)
    for name, folder in folders.items():
        assert folder.is_dir() == (name in today), name
    assert current.is_dir()
    assert (tmp_path / "src-00000000000000aa").is_file()
    assert (tmp_path / "src-NOT-A-FINGERPRINT").is_dir()
    assert (tmp_path / "solver_2ad039170e8b1893c19c16916df0bba0156c253f").is_dir()
    assert (tmp_path / "src-00000000000000bb").is_symlink()
    assert (elsewhere / "solver_abc" / "kernel.nbi").is_file()


def test_pruning_an_unreadable_folder_deletes_nothing(tmp_path: Path) -> None:
    assert jit.prune(tmp_path / "missing" / "src-0000000000000000") == []


@pytest.mark.parametrize("used_days_ago", [0.5, 2.0])
def test_configure_marks_its_folder_used(tmp_path: Path, used_days_ago: float) -> None:
    keyed = tmp_path / f"src-{jit.source_fingerprint()}"
    keyed.mkdir()
    old = keyed.stat().st_mtime - used_days_ago * DAY
    os.utime(keyed, (old, old))
    _configure_in_child(str(tmp_path))
    assert keyed.stat().st_mtime > old + used_days_ago * DAY / 2
