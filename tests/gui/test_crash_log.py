"""A crash leaves a report in the data folder; the next start says so once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from cp_trainer.gui.crash_log import CrashLog
from tests.gui.window_fixtures import make_window

# The real app (run_app) in a child process: it crashes (or exits cleanly) once its window shows,
# and prints what the window said about a last crash.
CHILD = r'''
import os, signal, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from cp_trainer.gui import app, main_window

how = sys.argv[2]
original_show = main_window.MainWindow.show

def show(self):
    original_show(self)
    def then():
        box = self.findChild(QMessageBox, "crashNotice")
        print("NOTICE:", box.text().replace("\n", " ") if box is not None else "none", flush=True)
        if how == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif how == "abort":
            os.abort()
        else:
            QApplication.instance().quit()
    QTimer.singleShot(300, then)

main_window.MainWindow.show = show
sys.exit(app.run_app(data_dir=sys.argv[1], lang=sys.argv[3], seed=1))
'''


def _run(tmp_path: Path, data: Path, how: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CP_TRAINER_ANIMATIONS": "0",
           "CP_TRAINER_SETTINGS": str(tmp_path / "settings.ini")}
    env.pop("PYTHONFAULTHANDLER", None)
    return subprocess.run([sys.executable, "-c", CHILD, str(data), how, lang], env=env, text=True,
                          capture_output=True, timeout=240, check=False)


def _notice(result: subprocess.CompletedProcess[str]) -> str:
    lines = [line for line in result.stdout.splitlines() if line.startswith("NOTICE:")]
    assert lines, result.stdout + result.stderr
    return lines[0].removeprefix("NOTICE:").strip()


@pytest.mark.slow
@pytest.mark.parametrize(("how", "sig"), [("segfault", signal.SIGSEGV), ("abort", signal.SIGABRT)])
def test_a_crash_is_reported_once_at_the_next_start(tmp_path: Path, how: str, sig: int) -> None:
    data = tmp_path / "data"
    crashed = _run(tmp_path, data, how)
    assert crashed.returncode == -sig, crashed.stderr
    assert _notice(crashed) == "none"
    (log,) = data.glob("crash-*.log")
    assert "Current thread" in log.read_text(encoding="utf-8") or "Thread" in log.read_text(encoding="utf-8")

    told = _run(tmp_path, data, "quit", "ru")
    assert told.returncode == 0, told.stderr
    (report,) = data.glob("crash-report-*.txt")
    notice = _notice(told)
    assert str(report) in notice and "неожиданно" in notice  # in the window's language
    assert "Fatal Python error" in report.read_text(encoding="utf-8")
    assert not list(data.glob("crash-*.log"))  # the clean exit left nothing to report

    again = _run(tmp_path, data, "quit")
    assert again.returncode == 0, again.stderr
    assert _notice(again) == "none"  # said once only
    assert list(data.glob("crash-report-*.txt")) == [report]  # the report stays for the player


def test_a_clean_run_leaves_nothing_and_a_killed_one_no_false_report(tmp_path: Path) -> None:
    log = CrashLog(tmp_path)
    assert log.start() is None
    assert log.path.exists()
    log.stop()
    assert not list(tmp_path.iterdir())
    # a run killed with SIGKILL wrote nothing: its empty file is removed, no crash is claimed
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    (tmp_path / f"crash-{dead.stdout.strip()}.log").write_text("", encoding="utf-8")
    other = tmp_path / "crash-report-20260101-000000.txt"
    other.write_text("an older report", encoding="utf-8")
    log = CrashLog(tmp_path)
    assert log.start() is None
    log.stop()
    assert sorted(p.name for p in tmp_path.iterdir()) == [other.name]


def test_a_second_report_never_replaces_the_first(tmp_path: Path) -> None:
    for pid in (999_999_1, 999_999_2):
        path = tmp_path / f"crash-{pid}.log"
        path.write_text(f"Fatal Python error: {pid}", encoding="utf-8")
        os.utime(path, (0, 0))  # the same second: the second name gets a suffix
    log = CrashLog(tmp_path)
    newest = log.start()
    log.stop()
    reports = sorted(tmp_path.glob("crash-report-*.txt"))
    assert len(reports) == 2 and newest in reports
    assert sorted(r.read_text(encoding="utf-8") for r in reports) == ["Fatal Python error: 9999991",
                                                                      "Fatal Python error: 9999992"]


def test_the_notice_names_the_report(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    box = window.report_crash(tmp_path / "crash-report-x.txt")
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert str(tmp_path / "crash-report-x.txt") in box.text()
    box.accept()


def test_a_fifo_or_a_link_in_place_of_this_run_s_log_is_never_opened(tmp_path: Path) -> None:
    """Opening a FIFO to write waits for a reader (the window would never start); a symbolic link
    would have the log written wherever it leads. The run goes on without a crash file."""
    fifo_log = CrashLog(tmp_path)
    os.mkfifo(fifo_log.path)
    assert fifo_log.start() is None and fifo_log.path.is_fifo()
    fifo_log.stop()
    fifo_log.path.unlink()
    target = tmp_path / "elsewhere.txt"
    target.write_text("the user's\n", encoding="utf-8")
    link_log = CrashLog(tmp_path)
    link_log.path.symlink_to(target)
    assert link_log.start() is None
    link_log.stop()
    assert target.read_text(encoding="utf-8") == "the user's\n"
