"""A settings file that is not a file Qt should read: a FIFO (Qt would block the window's start
forever), a device such as /dev/zero, a folder, or a file far larger than any settings file. The
window starts with the default settings, says so once naming the file, never touches the file,
and keeps the session's changes in a private stand-in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cp_trainer.gui.settings import store as store_module
from cp_trainer.gui.settings.store import Settings, TrainerSettings

# Qt blocks in QSettings' constructor on a FIFO: the check runs in a child with a time limit, so
# that a regression fails the test instead of hanging the suite.
CHILD = """
import sys
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from cp_trainer.gui.settings.store import Settings
s = Settings(sys.argv[1])
print(len(s.problems), s.problems[0] if s.problems else "")
print("saved" if s.save(s.values) else "not saved", s.problems[-1])
"""


def child(path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CP_TRAINER_LANG": "en"}
    return subprocess.run([sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True,
                          timeout=60, env=env)


def test_a_fifo_as_the_settings_file_starts_with_defaults_and_is_left_alone(tmp_path: Path) -> None:
    fifo = tmp_path / "cp.ini"
    os.mkfifo(fifo)
    proc = child(fifo)
    assert proc.returncode == 0, proc.stderr
    count, _, message = proc.stdout.splitlines()[0].partition(" ")
    assert count == "1" and str(fifo) in message and "not a regular file" in message
    assert proc.stdout.splitlines()[1].startswith("not saved The settings cannot be saved to")
    assert fifo.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["cp.ini"]


@pytest.mark.parametrize("kind", ["folder", "device"])
def test_a_folder_or_a_device_as_the_settings_file_is_refused_by_name(qapp: object, tmp_path: Path,
                                                                      kind: str) -> None:
    path = Path("/dev/zero") if kind == "device" else tmp_path / "cp.ini"
    if kind == "folder":
        path.mkdir()
    settings = Settings(path)
    assert settings.values == TrainerSettings()
    assert len(settings.problems) == 1 and str(path) in settings.problems[0]
    assert "not a regular file" in settings.problems[0]
    assert settings.path == path


def test_a_huge_settings_file_is_not_read_and_not_touched(qapp: object, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_SETTINGS_BYTES", 1000)
    path = tmp_path / "cp.ini"
    path.write_text("[view]\n" + "x=1\n" * 400, encoding="utf-8")
    before = path.read_bytes()
    settings = Settings(path)
    assert len(settings.problems) == 1 and "larger than" in settings.problems[0]
    assert settings.save(settings.values) is False
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["cp.ini"]


DEFAULT_CHILD = """
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QSettings
app = QCoreApplication([])
from cp_trainer.gui.settings.store import qt_user_settings_file
qt = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "cp-trainer", "cp-trainer")
print(qt_user_settings_file() == Path(qt.fileName()), qt.fileName())
"""


def test_the_default_settings_file_is_the_one_qt_uses(tmp_path: Path) -> None:
    """Which file is checked before Qt opens it, when no path is given: the one Qt then opens (in a
    child: Qt keeps its default paths from their first use in a process)."""
    env = {k: v for k, v in os.environ.items() if k != "CP_TRAINER_SETTINGS"}
    env.update(XDG_CONFIG_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", DEFAULT_CHILD], capture_output=True, text=True,
                          timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["True", str(tmp_path / "cp-trainer" / "cp-trainer.ini")]
