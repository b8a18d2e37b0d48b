"""The trainer as a desktop application: its application id, and the launcher files it puts in
(and takes out of) the user's XDG data folder.

The package ships a freedesktop entry, its icon (SVG and PNGs of :data:`PNG_SIZES`) and an
AppStream metainfo file under ``resources/desktop/``, all named by :data:`APP_ID`, the id the
window gives Qt too (``QGuiApplication.setDesktopFileName``), so a launcher groups the window under
the entry. :func:`install` copies them into ``$XDG_DATA_HOME`` (else ``~/.local/share``):

- ``applications/<id>.desktop``, its ``Exec`` and ``TryExec`` set to the command that opens
  this installation's window (:func:`launcher`);
- ``icons/hicolor/scalable/apps/<id>.svg`` and ``icons/hicolor/<N>x<N>/apps/<id>.png``;
- ``metainfo/<id>.metainfo.xml``.

:func:`remove` deletes exactly those paths (:func:`placements`) and nothing else: no folder, no
other file, even one beside them. Both are idempotent. A path that is a folder (not a file we
could have written) is never touched: installing over it is refused, removing leaves it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .i18n import tr
from .resources import resource_path

__all__ = ["APP_ID", "PNG_SIZES", "DesktopError", "Outcome", "data_home", "desktop_entry", "exec_line",
           "install", "launcher", "placements", "remove", "shipped_icon"]

#: the cp_trainer package this module belongs to (its folder)
PACKAGE = Path(__file__).resolve().parents[1]

#: the application id (reverse DNS): the name of the .desktop file, the metainfo's id, the icon's
#: name and the window's desktop file name
APP_ID = "io.github.cp_trainer.CpTrainer"
#: the icon's PNG sizes (pixels), beside its SVG
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: the console script that opens the window
SCRIPT = "cp-trainer"
#: the first line of an installed entry (a comment: launchers ignore it)
MARK = "# Written by 'cp-trainer desktop install'; 'cp-trainer desktop remove' removes it."


class DesktopError(Exception):
    """The launcher cannot be installed or removed; the message (in the user's language) names
    the path and the reason."""


@dataclass(frozen=True)
class Outcome:
    """What :func:`install` or :func:`remove` did, each path absolute: ``changed`` (written, or
    removed), ``unchanged`` (already as wanted: the same content, or absent), ``left`` (not a
    file: never touched)."""

    changed: tuple[Path, ...] = ()
    unchanged: tuple[Path, ...] = ()
    left: tuple[Path, ...] = ()


def shipped(*parts: str) -> Path:
    """A file of the package's ``resources/desktop/`` folder."""
    return resource_path("desktop", *parts)


def shipped_icon(size: int | None = None) -> Path:
    """The shipped icon: the PNG of ``size`` pixels, or the SVG (``None``)."""
    if size is None:
        return shipped("icons", "hicolor", "scalable", "apps", f"{APP_ID}.svg")
    return shipped("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def data_home(lang: str = "en", environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` when it is an absolute path (the specification ignores a relative one),
    else ``~/.local/share``; :class:`DesktopError` when neither can be known."""
    env = os.environ if environ is None else environ
    own = env.get("XDG_DATA_HOME", "")
    if own and os.path.isabs(own):
        return Path(own)
    home = env.get("HOME") if environ is not None else os.path.expanduser("~")
    if not home or not os.path.isabs(home) or home == "/":
        raise DesktopError(tr("desktop.no_home", lang))
    if not os.path.isdir(home):
        raise DesktopError(tr("desktop.home_missing", lang, home=home))
    return Path(home) / ".local" / "share"


def placements(home: Path) -> list[tuple[Path, Path]]:
    """Every file the launcher consists of: (shipped file, where it goes under ``home``). The
    entry's shipped file is its template (:func:`desktop_entry` writes the installed one)."""
    icons = Path("icons", "hicolor")
    out = [(shipped(f"{APP_ID}.desktop"), Path("applications", f"{APP_ID}.desktop")),
           (shipped_icon(), icons / "scalable" / "apps" / f"{APP_ID}.svg")]
    out += [(shipped_icon(size), icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png") for size in PNG_SIZES]
    out.append((shipped(f"{APP_ID}.metainfo.xml"), Path("metainfo", f"{APP_ID}.metainfo.xml")))
    return [(src, home / rel) for src, rel in out]


def _runs_this_python(script: Path) -> bool:
    """Is ``script`` a launcher written for this interpreter (its first lines name the folder of
    ``sys.executable``, as pip writes them: ``#!/venv/bin/python``, or ``exec '/venv/bin/python'``
    for a path with spaces)?"""
    try:
        with script.open("rb") as fh:
            head = fh.read(1024).decode("utf-8", "replace")
    except OSError:
        return False
    folder = os.path.dirname(os.path.abspath(sys.executable))
    return head.startswith("#!") and folder + os.sep in head


def _script_folders() -> list[Path]:
    """Where pip puts this interpreter's scripts: its own scheme (a virtual environment's
    ``bin/``, pipx's too), then the user scheme (``pip install --user``)."""
    folders = [sysconfig.get_path("scripts")]
    with contextlib.suppress(KeyError):
        folders.append(sysconfig.get_path("scripts", f"{os.name}_user"))
    return [Path(f) for f in folders if f]


def _found_by_itself() -> bool:
    """Does this interpreter, started afresh with no ``PYTHONPATH`` and from another folder (as a
    launcher starts it), import this very package?"""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    ask = "import cp_trainer, os; print(os.path.realpath(cp_trainer.__file__))"
    try:
        found = subprocess.run([sys.executable, "-I", "-c", ask], capture_output=True, text=True, env=env,
                               cwd=os.path.abspath(os.sep), timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    here = os.path.realpath(PACKAGE / "__init__.py")
    return found.returncode == 0 and found.stdout.strip() == here


def launcher() -> list[str]:
    """The command the entry runs: the absolute path of this installation's ``cp-trainer``
    script and ``gui``. Absolute, so the entry needs no ``PATH`` (a desktop session's often lacks
    ``~/.local/bin``, and a virtual environment's ``bin/`` is on nobody's), and it opens the very
    installation that wrote it. When this interpreter does not find this package by itself (it
    was run with ``PYTHONPATH``), or it has no such script, the interpreter's absolute path with
    ``-m cp_trainer gui``, through ``env PYTHONPATH=FOLDER`` in the first case."""
    command = [os.path.abspath(sys.executable), "-m", "cp_trainer", "gui"]
    if not _found_by_itself():
        return [shutil.which("env") or "/usr/bin/env", f"PYTHONPATH={PACKAGE.parent}", *command]
    for folder in _script_folders():
        script = folder / SCRIPT
        if script.is_file() and os.access(script, os.X_OK) and _runs_this_python(script):
            return [str(script.absolute()), "gui"]
    return command


_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def _escape_string(text: str) -> str:
    """A desktop entry's string value: backslash and control characters escaped."""
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def exec_line(command: list[str]) -> str:
    """``command`` as an ``Exec`` value of the Desktop Entry Specification: an argument holding a
    reserved character in double quotes (``"``, ``\\``, `````` ` `````` and ``$`` escaped within),
    ``%`` doubled, then the value's own backslash escaping."""
    parts = []
    for arg in command:
        if any(ch in _RESERVED for ch in arg) or not arg:
            arg = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg) + '"'
        parts.append(arg.replace("%", "%%"))
    return _escape_string(" ".join(parts))


def desktop_entry(command: list[str], lang: str = "en") -> str:
    """The installed entry: the shipped one with ``Exec`` running ``command`` and ``TryExec``
    naming its program (a launcher hides the entry once that program is gone)."""
    for arg in command:
        if any(ord(ch) < 32 or ch == "\x7f" for ch in arg):
            raise DesktopError(tr("desktop.bad_path", lang, path=repr(arg)))
    lines = []
    for line in shipped(f"{APP_ID}.desktop").read_text(encoding="utf-8").splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_line(command)
        elif line.startswith("TryExec="):
            line = "TryExec=" + _escape_string(command[0])
        lines.append(line)
    return "\n".join([MARK, *lines]) + "\n"


def _wanted(src: Path, text: str | None) -> bytes:
    return text.encode("utf-8") if text is not None else src.read_bytes()


def _write(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (a temporary file renamed over it: a link there is
    replaced, never written through)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _touch_theme(home: Path) -> None:
    """Tell icon caches the theme folder changed (GTK rereads a folder newer than its cache)."""
    with contextlib.suppress(OSError):
        os.utime(home / "icons" / "hicolor")


def install(home: Path, command: list[str] | None = None, lang: str = "en") -> Outcome:
    """Put the launcher's files under ``home`` (see the module docstring); a file already as
    wanted is left as it is. :class:`DesktopError` when a path is a folder or cannot be written
    (the files written before it stay: installing again completes them)."""
    entry = desktop_entry(launcher() if command is None else command, lang)
    changed: list[Path] = []
    unchanged: list[Path] = []
    for src, dest in placements(home):
        data = _wanted(src, entry if dest.suffix == ".desktop" else None)
        if dest.is_dir() and not dest.is_symlink():
            raise DesktopError(tr("desktop.is_folder", lang, path=str(dest)))
        try:
            if dest.is_file() and not dest.is_symlink() and dest.read_bytes() == data:
                unchanged.append(dest)
                continue
            _write(dest, data)
        except OSError as exc:
            raise DesktopError(tr("desktop.cannot_write", lang, path=str(dest),
                                  reason=exc.strerror or str(exc))) from None
        changed.append(dest)
    if changed:
        _touch_theme(home)
    return Outcome(tuple(changed), tuple(unchanged))


def remove(home: Path, lang: str = "en") -> Outcome:
    """Delete the launcher's files under ``home``: exactly the paths of :func:`placements` that
    are files (or links), nothing else; folders stay, even when left empty."""
    changed: list[Path] = []
    unchanged: list[Path] = []
    left: list[Path] = []
    for _src, dest in placements(home):
        if not dest.is_symlink() and not dest.exists():
            unchanged.append(dest)
            continue
        if dest.is_dir() and not dest.is_symlink():
            left.append(dest)
            continue
        try:
            dest.unlink()
        except FileNotFoundError:
            unchanged.append(dest)
            continue
        except OSError as exc:
            raise DesktopError(tr("desktop.cannot_remove", lang, path=str(dest),
                                  reason=exc.strerror or str(exc))) from None
        changed.append(dest)
    if changed:
        _touch_theme(home)
    return Outcome(tuple(changed), tuple(unchanged), tuple(left))
