"""Numba, set up once for the whole package: where its on-disk cache goes, and ``njit``.

Every compiled kernel of cp-trainer (the solver's, Pai Gow's) is decorated through this module,
so that Numba's cache is placed before Numba decides on its own. Left alone, Numba writes the
compiled code beside the sources when that folder is writable, else under ``~/.cache/numba``:
with no usable home folder (``HOME`` unset for a user the system does not know) that is a
folder literally named ``~`` in the current directory, and when nothing is writable the import
of a kernel module fails with "no locator available".

Here the cache goes to the first writable folder of: ``NUMBA_CACHE_DIR`` when the user set it,
the user cache folder (``platformdirs``, e.g. ``~/.cache/cp-trainer/numba``), a private folder
in the system's temporary folder; when none is writable, kernels are compiled without caching
(slower to start, never a crash). Only absolute folders count, so no ``~`` folder appears.

Inside that folder, the compiled code goes to a subfolder named by a fingerprint of the kernels'
sources (``src-`` and 16 hex digits; :func:`source_fingerprint`). Numba's own cache checks only
the file that defines a kernel: a kernel whose callee in *another* file changed (``scoring.py``
calling ``removal_kernels.row_outcome``) would load its old compiled code, callee and all, and
answer as before the change. A changed source gives a new fingerprint, so everything compiles
afresh; the same sources (another checkout, a reinstall) find their code again. Old fingerprint
folders are pruned (:func:`prune`): a folder is kept while it is among the most recently used or
was used within a day, so two versions running side by side do not delete each other's code.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["cache_dir", "caching", "configure", "keyed_dir", "njit", "prune", "source_fingerprint"]

F = TypeVar("F", bound=Callable[..., Any])

APP_NAME = "cp-trainer"
PACKAGE = Path(__file__).resolve().parent.parent
#: the packages whose modules hold compiled kernels, the modules they call and the constants they
#: read (every ``.py`` file in them counts, with this file)
KERNEL_PACKAGES = ("solver", "paigow")
KEYED_PREFIX = "src-"
_KEYED_NAME = re.compile(re.escape(KEYED_PREFIX) + r"[0-9a-f]{16}")
#: pruning keeps this many other fingerprint folders, the most recently used, whatever their age
KEEP_RECENT = 3
#: and any other used this recently (seconds)
KEEP_IDLE = 24 * 3600


def _usable(path: Path) -> bool:
    """Is ``path`` an absolute folder we can create and write in (as Numba will)?"""
    if not path.is_absolute():
        return False
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError:
        return False
    return True


def _private_temp_dir(base: Path) -> Path | None:
    """``base/cp-trainer-<uid>/numba``, when that folder is ours (not made by someone else in a
    shared temporary folder) and writable."""
    uid = os.getuid() if hasattr(os, "getuid") else None
    top = base / f"{APP_NAME}-{uid if uid is not None else 'user'}"
    try:
        top.mkdir(mode=0o700, exist_ok=True)
        info = top.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or (uid is not None and info.st_uid != uid):
        return None
    folder = top / "numba"
    return folder if _usable(folder) else None


def _user_cache_dir() -> Path | None:
    """The user cache folder, only inside a home folder that exists: a missing home
    (``HOME=/nonexistent``) is never created for a cache."""
    try:
        import platformdirs

        home = Path(os.path.expanduser("~"))
        if not home.is_absolute() or not home.is_dir():
            return None
        return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "numba"
    except Exception:  # no home folder, an unreadable environment: no user cache
        return None


def cache_dir(environ: Mapping[str, str] | None = None) -> Path | None:
    """Where Numba's cache goes (see the module docstring), or None: no caching."""
    env = os.environ if environ is None else environ
    own = env.get("NUMBA_CACHE_DIR", "")
    if own and _usable(Path(own)):
        return Path(own)
    user = _user_cache_dir()
    if user is not None and _usable(user):
        return user
    try:
        temp = Path(tempfile.gettempdir())
    except (OSError, FileNotFoundError):
        return None
    return _private_temp_dir(temp) if temp.is_absolute() else None


def source_fingerprint(package: Path = PACKAGE) -> str:
    """16 hex digits of a hash over the kernels' sources (names and contents, not times: a fresh
    checkout of the same code has the same fingerprint). An unreadable file counts as empty."""
    files: list[Path] = []  # this file is among the solver's
    for name in KERNEL_PACKAGES:
        files += sorted((package / name).glob("*.py"))
    digest = hashlib.sha256()
    for path in files:
        try:
            data = path.read_bytes()
        except OSError:
            data = b""
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(len(data).to_bytes(8, "little") + data)
    return digest.hexdigest()[:16]


def keyed_dir(base: Path, fingerprint: str) -> Path:
    """The fingerprint's folder in ``base``; ``base`` itself when it is that folder already (a
    child process inherits the ``NUMBA_CACHE_DIR`` that :func:`configure` set)."""
    name = KEYED_PREFIX + fingerprint
    return base if base.name == name else base / name


def prune(current: Path, now: float | None = None) -> list[Path]:
    """Delete the fingerprint folders beside ``current`` that are neither among the
    :data:`KEEP_RECENT` most recently used nor used within :data:`KEEP_IDLE` seconds; returns what
    was deleted. Only real folders named like a fingerprint folder are touched (never a file, a
    link, or anything else the folder holds), and a failure leaves the folder as it is."""
    now = time.time() if now is None else now
    others: list[tuple[float, Path]] = []
    try:
        with os.scandir(current.parent) as entries:
            for entry in entries:
                if (entry.name != current.name and _KEYED_NAME.fullmatch(entry.name)
                        and entry.is_dir(follow_symlinks=False)):
                    others.append((entry.stat(follow_symlinks=False).st_mtime, Path(entry.path)))
    except OSError:
        return []
    others.sort(reverse=True)
    deleted = []
    for used, folder in others[KEEP_RECENT:]:
        if now - used > KEEP_IDLE:
            shutil.rmtree(folder, ignore_errors=True)
            if not folder.exists():
                deleted.append(folder)
    return deleted


def _keyed(base: Path | None) -> Path | None:
    """The fingerprint folder to cache in, marked as used now (its time), old ones pruned."""
    if base is None:
        return None
    folder = keyed_dir(base, source_fingerprint())
    if not _usable(folder):
        return None
    with contextlib.suppress(OSError):
        os.utime(folder)
    prune(folder)
    return folder


_chosen: list[Path | None] = []


def configure() -> Path | None:
    """Choose the cache folder once per process and tell Numba (before or after its import)."""
    if not _chosen:
        folder = _keyed(cache_dir())
        _chosen.append(folder)
        if folder is not None:
            os.environ["NUMBA_CACHE_DIR"] = str(folder)
            config = sys.modules.get("numba.core.config")
            if config is not None:
                config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    return _chosen[0]


def caching() -> bool:
    """Are compiled kernels kept on disk in this process?"""
    return configure() is not None


def njit(*, cache: bool = False, **options: Any) -> Callable[[F], F]:
    """``numba.njit(**options)``, with ``cache=True`` honoured only where a cache folder exists."""
    use_cache = cache and caching()
    import numba  # after configure(): Numba reads NUMBA_CACHE_DIR when it is imported

    def decorate(func: F) -> F:
        compiled: F = numba.njit(cache=use_cache, **options)(func)
        return compiled

    return decorate
