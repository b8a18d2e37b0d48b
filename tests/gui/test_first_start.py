"""The window's first start: its icon and desktop file name, and the notice while the solver
compiles (a stand-in child process plays the compile, except in the last test, which runs the
real check on an empty cache)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QPushButton

from cp_trainer.gui.first_start import PanelNotice, SolverPreparation, Stage, StatusNotice, prepare_solver
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.solver import bridge
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.translation import install_language
from cp_trainer.support.desktop import APP_ID, PNG_SIZES
from tests.gui.window_fixtures import make_window

#: a stand-in for ``python -m cp_trainer.precompile --progress``: reports two steps, then waits
#: for the file ``GO`` (at most a minute) and exits with status ``STATUS``
FAKE_COMPILE = textwrap.dedent("""
    import os, sys, time
    go, status = sys.argv[1], int(sys.argv[2])
    print("progress 0 100", flush=True)
    time.sleep(0.2)
    print("progress 40 100", flush=True)
    end = time.monotonic() + 60
    while not os.path.exists(go) and time.monotonic() < end:
        time.sleep(0.05)
    print("progress 100 100", flush=True)
    sys.exit(status)
""")


class Jobs:
    """The in-process jobs, recorded: ``load`` (the kernels into the process) and ``here`` (the
    compile in a worker thread, when no child can do it)."""

    def __init__(self) -> None:
        self.loaded = 0
        self.compiled_here = 0

    def load(self, _progress: Any, _cancelled: Any) -> None:
        self.loaded += 1

    def here(self, progress: Any, _cancelled: Any) -> None:
        progress(0, 100)
        time.sleep(0.3)
        progress(85, 100)
        self.compiled_here += 1


def _prep(window: MainWindow, tmp_path: Path, jobs: Jobs, *, status: int = 0, needed: bool = True,
          caching: bool = True) -> SolverPreparation:
    return SolverPreparation(window, check=lambda: needed, caching=lambda: caching,
                             command=[sys.executable, "-c", FAKE_COMPILE, str(tmp_path / "go"), str(status)],
                             compile_here=jobs.here, load=jobs.load)


def _notices(window: MainWindow) -> tuple[StatusNotice, PanelNotice]:
    status = window.findChild(StatusNotice, "preparingNotice")
    panel = window.findChild(PanelNotice, "solverPreparing")
    assert status is not None and panel is not None
    return status, panel


def test_the_window_has_the_icon_and_the_desktop_file_name(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    assert QGuiApplication.desktopFileName() == APP_ID
    for icon in (window.windowIcon(), QGuiApplication.windowIcon()):
        assert not icon.isNull()
        assert {QSize(n, n) for n in PNG_SIZES} <= set(icon.availableSizes())
    assert not window.windowIcon().pixmap(QSize(48, 48)).toImage().isNull()


def test_a_first_start_says_it_compiles_and_the_window_stays_usable(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    jobs = Jobs()
    prep = prepare_solver(window, _prep(window, tmp_path, jobs))
    try:
        qtbot.waitUntil(lambda: prep.compiling, timeout=30_000)
        status, panel = _notices(window)
        assert status.isVisible() and panel.isVisible()
        assert status.label.text().startswith("Preparing the solver (once): ")
        assert "15 to 60 seconds, once" in status.toolTip()
        assert "Hint answers as soon as it is ready" in panel.text()
        assert bridge.PREPARATION.underway
        qtbot.waitUntil(lambda: prep.percent() >= 40, timeout=30_000)
        assert status.bar.value() >= 40 and prep.percent() < 100
        # the window is usable meanwhile: cards move, and a Hint waits, saying so
        assert window.deal_model.move(window.deal_model.cards(Zone.HAND)[0], Zone.BOTTOM)
        hint = window.findChild(QPushButton, "hintButton")
        assert hint is not None
        hint.click()
        qtbot.waitUntil(lambda: panel.text().startswith("Your Hint starts as soon as the solver is ready"),
                        timeout=5_000)
        with qtbot.waitSignal(window.solver_panel.answered, timeout=120_000):
            (tmp_path / "go").touch()
        assert prep.stage is Stage.READY and jobs.loaded == 1 and jobs.compiled_here == 0
        assert not status.isVisible() and not panel.isVisible()
        assert not bridge.PREPARATION.underway
        assert window.statusBar().currentMessage().startswith("The solver is ready (prepared in ")
    finally:
        prep.stop()


def test_nothing_is_said_when_the_solver_is_in_the_cache(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    jobs = Jobs()
    stages: list[Stage] = []
    prep = _prep(window, tmp_path, jobs, needed=False)
    prep.changed.connect(lambda: stages.append(prep.stage))
    prepare_solver(window, prep)
    qtbot.waitUntil(lambda: prep.stage is Stage.READY, timeout=30_000)
    assert Stage.COMPILING not in stages and jobs.loaded == 1
    status, panel = _notices(window)
    assert not status.isVisible() and not panel.isVisible()
    assert window.statusBar().currentMessage() == ""


def test_closing_the_window_ends_the_compile_at_once(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    jobs = Jobs()
    prep = prepare_solver(window, _prep(window, tmp_path, jobs))
    qtbot.waitUntil(lambda: prep.compiling, timeout=30_000)
    process = prep._process
    assert process is not None
    pid = process.processId()
    window.solver_panel.start(window._question())  # a Hint waiting for the solver
    start = time.monotonic()
    window.close()
    prep.stop()
    assert time.monotonic() - start < 10
    assert not bridge.PREPARATION.underway and jobs.loaded == 0
    with pytest.raises(ProcessLookupError):  # the child is gone (and reaped)
        os.kill(pid, 0)


def test_a_child_that_fails_compiles_in_the_window_instead(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    jobs = Jobs()
    (tmp_path / "go").touch()
    prep = prepare_solver(window, _prep(window, tmp_path, jobs, status=1))
    qtbot.waitUntil(lambda: prep.stage is Stage.READY, timeout=30_000)
    assert jobs.compiled_here == 1 and jobs.loaded == 1
    assert window.statusBar().currentMessage().startswith("The solver is ready")


def test_without_a_cache_folder_it_compiles_here_and_says_every_start(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    jobs = Jobs()
    prep = prepare_solver(window, _prep(window, tmp_path, jobs, caching=False))
    qtbot.waitUntil(lambda: prep.compiling, timeout=30_000)
    status, _panel = _notices(window)
    assert "every start: no folder keeps it" in status.label.text()
    qtbot.waitUntil(lambda: prep.stage is Stage.READY, timeout=30_000)
    assert jobs.compiled_here == 1 and jobs.loaded == 1


def test_the_notices_speak_russian(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    jobs = Jobs()
    prep = prepare_solver(window, _prep(window, tmp_path, jobs))
    try:
        qtbot.waitUntil(lambda: prep.compiling, timeout=30_000)
        install_language(QApplication.instance(), "ru")
        status, panel = _notices(window)
        assert status.label.text().startswith("Подготовка солвера (один раз): ")
        assert panel.text().startswith("Солвер готовится для этого компьютера")
        assert "от 15 до 60 секунд" in status.toolTip()
    finally:
        prep.stop()


REAL_FIRST_START = textwrap.dedent("""
    import sys, time
    from cp_trainer.gui.app import application, create_window
    from cp_trainer.gui.first_start import StatusNotice, prepare_solver
    from cp_trainer.gui.settings.store import Settings
    app = application()
    window = create_window(lang="en", settings=Settings(sys.argv[1]), data_dir=sys.argv[2])
    window.show()
    prep = prepare_solver(window)
    end = time.monotonic() + 240
    while time.monotonic() < end and prep.stage.value == "checking":
        app.processEvents()
        time.sleep(0.02)
    for _ in range(20):
        app.processEvents()
    notice = window.findChild(StatusNotice, "preparingNotice")
    print(prep.stage.value, prep._process is not None, notice.isVisible(), flush=True)
    start = time.monotonic()
    window.close()
    prep.stop()
    print(f"stopped {time.monotonic() - start:.1f}", flush=True)
""")


@pytest.mark.slow
def test_a_real_first_start_on_an_empty_cache_shows_the_notice(tmp_path: Path) -> None:
    """The real check (is the solver in Numba's cache?) and the real child on an empty cache: the
    notice shows while the child compiles; closing stops it (the compile is not waited for)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), QT_QPA_PLATFORM="offscreen")
    res = subprocess.run([sys.executable, "-c", REAL_FIRST_START, str(tmp_path / "settings.ini"),
                          str(tmp_path / "data")], capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    first, second = res.stdout.splitlines()
    assert first == "compiling True True", res.stdout + res.stderr[-2000:]
    assert float(second.split()[1]) < 10
