"""Start-up: which commands load Numba, and where Numba's cache goes when the home folder is
missing or not writable: never a crash, never a folder named "~"."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cp_trainer.solver import numba_cache as jit

ROOT = Path(__file__).resolve().parents[2]
HAND = "As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s"
# A user the system does not know (a container's random uid): the password database has no entry
# for us, so with HOME unset no home folder can be found. The subprocess's own Python is told so
# (pwd.getpwuid raises KeyError, as it does for such a uid) rather than running as another uid,
# which would need the checkout and its .venv to be readable by everyone (a CI clone may not be).
UNKNOWN_USER = (
    "import pwd, runpy, sys\n"
    "def _no_entry(uid):\n"
    "    raise KeyError(f'getpwuid(): uid not found: {uid}')\n"
    "pwd.getpwuid = _no_entry\n"
)


def _python_code(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          timeout=300)


@pytest.mark.parametrize("command", [
    ["arrange", "--bot", "standard", HAND],
    ["arrange", "--bot", "greedy", "--json", HAND],
    ["check", "As Kd Qh / Jc Ts 9d 8h 7c / 6s 5d 4h 3c 2s"],
    ["--help"],
])
def test_commands_that_need_no_kernel_do_not_load_numba(command: list[str]) -> None:
    code = (f"import sys\nfrom cp_trainer.cli import main\ntry:\n    main({command!r})\n"
            "except SystemExit:\n    pass\nprint('numba loaded:', 'numba' in sys.modules)")
    res = _python_code(code)
    assert res.returncode == 0, res.stderr
    assert res.stdout.rstrip().endswith("numba loaded: False"), res.stdout


def test_solver_modules_import_without_numba() -> None:
    res = _python_code("import sys\nimport cp_trainer.solver.montecarlo, cp_trainer.solver.bots\n"
                       "print('numba' in sys.modules)")
    assert res.returncode == 0 and res.stdout.strip() == "False", res.stderr


# --- where the cache goes ----------------------------------------------------------------------


def test_a_usable_numba_cache_dir_of_the_user_is_kept(tmp_path: Path) -> None:
    assert jit.cache_dir({"NUMBA_CACHE_DIR": str(tmp_path / "mine")}) == tmp_path / "mine"
    assert (tmp_path / "mine").is_dir()


def test_no_home_folder_means_a_private_temporary_folder(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    import platformdirs

    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    # what platformdirs answers when the home folder cannot be found
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda *a, **k: "~/.cache/cp-trainer")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    chosen = jit.cache_dir({})
    assert chosen is not None and chosen.is_absolute()
    assert chosen.parent.parent == tmp_path / "tmp" and chosen.is_dir()
    assert list(work.iterdir()) == []  # no "~" folder in the current directory


def test_a_home_under_a_regular_file_is_passed_over(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("HOME", str(tmp_path / "file" / "sub"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    chosen = jit.cache_dir({"NUMBA_CACHE_DIR": str(tmp_path / "file" / "numba")})  # unusable too
    assert chosen == tmp_path / f"cp-trainer-{os.getuid()}" / "numba"


def test_a_missing_home_is_never_created_for_the_cache(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    # HOME=/nonexistent as root once made /nonexistent/.cache/cp-trainer/numba
    monkeypatch.setenv("HOME", str(tmp_path / "nonexistent"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    chosen = jit.cache_dir({})
    assert not (tmp_path / "nonexistent").exists()
    assert chosen == tmp_path / f"cp-trainer-{os.getuid()}" / "numba"


def test_nothing_writable_means_no_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("HOME", str(tmp_path / "file" / "sub"))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "file" / "tmp"))
    assert jit.cache_dir({}) is None


def test_a_temporary_folder_made_by_someone_else_is_not_used(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda *a, **k: "relative/cache")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / f"cp-trainer-{os.getuid()}").symlink_to(target)  # planted in the shared folder
    assert jit.cache_dir({}) is None


# --- whole commands with a missing or unwritable home ------------------------------------------


def _stranger_prefix() -> list[str]:
    """Python as a user the system does not know (see UNKNOWN_USER); the command follows."""
    return [sys.executable, "-c", UNKNOWN_USER + "sys.argv = sys.argv[1:]\n"
            "if sys.argv[0] == '-m':\n"
            "    sys.argv = sys.argv[1:]\n"
            "    runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
            "else:\n"
            "    exec(compile(sys.argv[1], '<string>', 'exec'))\n"]


def _run_cli(args: list[str], env: dict[str, str], cwd: Path,
             prefix: list[str]) -> subprocess.CompletedProcess[str]:
    python = prefix if prefix else [sys.executable]
    return subprocess.run([*python, "-m", "cp_trainer", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=900)


def _open_folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(0o777)
    return path


def _env(tmp: Path, **changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")
           and k not in ("HOME", "NUMBA_CACHE_DIR", "CP_TRAINER_DATA_DIR", "TMPDIR")}
    # the window's settings file of its own: never the one the test session's other tests use
    env.update(PYTHONPATH=str(ROOT), LANG="C.UTF-8", TMPDIR=str(tmp),
               CP_TRAINER_SETTINGS=str(tmp / "settings.ini"), **changes)
    return env


def _no_home(env: dict[str, str], prefix: list[str], tmp: Path) -> dict[str, str]:
    """HOME unset. As the unknown uid (root) the system has no home for us either; as ourselves
    it still has one (the password file), so the per-user folders are made unusable (relative)
    and the history goes to ``tmp``: the test never writes outside its folder."""
    if not prefix:
        env = dict(env, XDG_CACHE_HOME="relative/cache", XDG_CONFIG_HOME="relative/config",
                   XDG_DATA_HOME="relative/data", CP_TRAINER_DATA_DIR=str(tmp / "data"))
    return env


def _check_commands(env: dict[str, str], cwd: Path, prefix: list[str]) -> None:
    res = _run_cli(["arrange", "--bot", "standard", HAND], env, cwd, prefix)
    assert res.returncode == 0 and "standard sets" in res.stdout, res.stderr
    res = _run_cli(["paigow", "--json", "Js Jh 3d 3c 9d 7h 6c"], env, cwd, prefix)
    assert res.returncode == 0 and '"high"' in res.stdout, res.stderr
    res = _run_cli(["solve", "--samples", "200", "--seed", "1", "--bot", "greedy", HAND], env, cwd, prefix)
    assert res.returncode == 0 and res.stdout.startswith("Best against greedy"), res.stderr
    res = _run_cli(["arrange", "--bot", "expert", HAND], env, cwd, prefix)
    assert res.returncode == 0 and "expert sets" in res.stdout, res.stderr


def _seeded_private_cache(temp: Path) -> tuple[Path, float]:
    """The fingerprint folder of the private cache in ``temp`` (``temp/cp-trainer-<uid>/numba``)
    that a command with no usable home caches in, seeded with this session's compiled kernels
    when it has them (``./dev test`` compiles them first), so that the commands load them instead
    of compiling all again (half a minute each). Its time is set two days back, so that a command
    choosing it shows (it is marked as used); returns the folder and that time."""
    folder = jit.keyed_dir(temp / f"cp-trainer-{os.getuid()}" / "numba", jit.source_fingerprint())
    own = jit.configure()
    if own is not None and own.is_dir():
        shutil.copytree(own, folder, symlinks=True)
    else:  # no cache in this session: the commands compile into the folder, slowly
        folder.mkdir(parents=True)
    (temp / f"cp-trainer-{os.getuid()}").chmod(0o700)
    old = time.time() - 2 * 86400
    os.utime(folder, (old, old))
    return folder, old


@pytest.mark.slow
def test_commands_run_with_no_home_and_leave_no_tilde_folder(tmp_path: Path) -> None:
    work = _open_folder(tmp_path / "work")
    temp = _open_folder(tmp_path / "tmp")
    cache, old = _seeded_private_cache(temp)
    prefix = _stranger_prefix()
    _check_commands(_no_home(_env(temp), prefix, temp), work, prefix)
    assert not (work / "~").exists()
    assert list(work.iterdir()) == []
    assert cache.stat().st_mtime > old + 86400  # the cache was the private temporary one


@pytest.mark.slow
def test_commands_run_with_a_home_that_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("a regular file: nothing can be made under it, even by root")
    work = _open_folder(tmp_path / "work")
    temp = _open_folder(tmp_path / "tmp")
    cache, old = _seeded_private_cache(temp)
    _check_commands(_env(temp, HOME=str(tmp_path / "file" / "sub")), work, [])
    assert list(work.iterdir()) == []
    assert cache.stat().st_mtime > old + 86400  # the cache went here
    assert [p.name for p in cache.parent.iterdir()] == [cache.name]


WINDOW = """
from PySide6.QtWidgets import QApplication
from cp_trainer.gui.app import create_window
window = create_window()
window.show()
QApplication.processEvents()
print("window open")
"""


@pytest.mark.parametrize("home", ["unset", "under a file"])
def test_the_window_opens_without_a_usable_home(tmp_path: Path, home: str) -> None:
    (tmp_path / "file").write_text("a regular file")
    work = _open_folder(tmp_path / "work")
    temp = _open_folder(tmp_path / "tmp")
    env = _env(temp, QT_QPA_PLATFORM="offscreen")
    prefix: list[str] = []
    if home == "unset":
        prefix = _stranger_prefix()
        env = _no_home(env, prefix, temp)
    else:
        env["HOME"] = str(tmp_path / "file" / "sub")
    python = prefix if prefix else [sys.executable]
    res = subprocess.run([*python, "-c", WINDOW], capture_output=True, text=True, env=env,
                         cwd=work, timeout=300)
    assert res.returncode == 0 and "window open" in res.stdout, res.stderr
    assert list(work.iterdir()) == []


def _cache_files(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_precompile_leaves_nothing_for_the_first_solve_to_compile(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = _env(_open_folder(tmp_path / "tmp"), NUMBA_CACHE_DIR=str(cache))
    ask = [sys.executable, "-c", "import cp_trainer.solver as s; print(s.needs_compiling())"]
    fresh = subprocess.run(ask, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert fresh.returncode == 0 and fresh.stdout.strip() == "True", fresh.stderr
    res = subprocess.run([sys.executable, "-m", "cp_trainer.precompile"], capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=900)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("compiling the solver (once)…\nthe solver is ready (")
    assert str(cache) in res.stdout
    before = _cache_files(cache)
    assert any(name.endswith(".nbc") for name in before)
    # what the window and the command line then run: nothing new is compiled
    for args in (["solve", "--samples", "300", "--bot", "standard", "--opponents", "2", HAND],
                 ["solve", "--samples", "300", "--bot", "greedy", "--json", "--royalties", HAND],
                 ["arrange", "--bot", "expert", HAND],
                 ["paigow", "--json", "Js Jh 3d 3c 9d 7h 6c"]):
        run = _run_cli(args, env, tmp_path, [])
        assert run.returncode == 0, run.stderr
    one_hand = ("from cp_trainer.solver._jit import load_kernels\n"
                "from cp_trainer.solver.bots import get_bot\n"
                "from cp_trainer.rules.cards import parse_cards\nload_kernels()\n"
                f"print(get_bot('standard').arrange(parse_cards({HAND!r})))")
    run = subprocess.run([sys.executable, "-c", one_hand], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=300)
    assert run.returncode == 0 and "/" in run.stdout, run.stderr
    assert _cache_files(cache) == before
    warm = subprocess.run(ask, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert warm.returncode == 0 and warm.stdout.strip() == "False", warm.stderr


THREADS = """
import threading
import numpy as np
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver.bots import settings_for
from cp_trainer.solver.enumerate import enumerate_hand
from cp_trainer.solver.montecarlo import SolveRequest, solve
cards = parse_cards("As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s")
hands = np.arange(52, dtype=np.int64)[:39].reshape(3, 13)
jobs = [lambda: settings_for(hands, "standard", HouseRules()),
        lambda: enumerate_hand(cards).pareto(),
        lambda: solve(SolveRequest(tuple(cards), bot="greedy", samples=20, seed=1)),
        lambda: solve(SolveRequest(tuple(cards), bot="standard", samples=20, seed=2))]
errors = []
def run(job):
    try:
        job()
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("errors:", errors)
"""


def test_first_kernel_calls_from_several_threads_at_once() -> None:
    res = _python_code(THREADS)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "errors: []"


def test_after_a_solve_in_this_process_nothing_needs_compiling() -> None:
    from cp_trainer.rules.cards import parse_cards
    from cp_trainer.solver import needs_compiling
    from cp_trainer.solver.montecarlo import SolveRequest, solve

    solve(SolveRequest(tuple(parse_cards(HAND)), bot="standard", samples=10, seed=1))
    assert needs_compiling() is False
