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
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["cache_dir", "caching", "configure", "njit"]

F = TypeVar("F", bound=Callable[..., Any])

APP_NAME = "cp-trainer"


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


_chosen: list[Path | None] = []


def configure() -> Path | None:
    """Choose the cache folder once per process and tell Numba (before or after its import)."""
    if not _chosen:
        folder = cache_dir()
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
