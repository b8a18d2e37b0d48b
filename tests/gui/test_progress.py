"""The one progress-and-cancel widget: progress shows, Cancel is heard once, both languages."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressBar, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.gui.progress import ProgressCancel
from cp_trainer.gui.translation import install_language


def _shown(qtbot: QtBot) -> tuple[QWidget, ProgressCancel]:
    host = QWidget()
    qtbot.addWidget(host)
    runner = ProgressCancel(host, bar_name="someProgress", button_name="someCancel")
    host.show()
    return host, runner


def test_progress_shows_how_far_the_job_is(qtbot: QtBot) -> None:
    host, runner = _shown(qtbot)
    assert not runner.isVisible() and not runner.running  # nothing runs yet: no empty bar
    assert host.findChild(QProgressBar, "someProgress") is runner.bar
    assert host.findChild(QPushButton, "someCancel") is runner.cancel_button
    runner.start(2000)
    assert runner.isVisible() and runner.running and runner.cancel_button.isEnabled()
    assert (runner.bar.minimum(), runner.bar.maximum(), runner.bar.value()) == (0, 2000, 0)
    runner.advance(500, 2000)
    assert runner.bar.value() == 500
    runner.advance(3000, 4000)  # the job learnt it has more to do
    assert (runner.bar.maximum(), runner.bar.value()) == (4000, 3000)
    runner.busy()  # no end known in advance
    assert runner.bar.maximum() == 0
    runner.stop()
    assert not runner.isVisible() and not runner.running
    runner.start(0)  # a job of no steps still draws a bar, not a busy one
    assert runner.bar.maximum() == 1


def test_cancel_is_heard_once_and_re_armed_by_the_next_start(qtbot: QtBot) -> None:
    _host, runner = _shown(qtbot)
    heard: list[bool] = []
    runner.cancelRequested.connect(lambda: heard.append(True))
    runner.start(100)
    qtbot.mouseClick(runner.cancel_button, Qt.MouseButton.LeftButton)
    assert heard == [True] and not runner.cancel_button.isEnabled()
    qtbot.mouseClick(runner.cancel_button, Qt.MouseButton.LeftButton)  # disabled: nothing more
    assert heard == [True]
    runner.start(100)
    assert runner.cancel_button.isEnabled()
    runner.cancel_button.click()
    assert heard == [True, True]


def test_the_button_speaks_the_language_and_the_tips_are_the_owners(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    _host, runner = _shown(qtbot)
    runner.set_tips(progress="deals played", cancel="stop it")
    assert runner.cancel_button.text() == "Cancel"
    assert (runner.bar.toolTip(), runner.cancel_button.toolTip()) == ("deals played", "stop it")
    install_language(app, "ru")
    assert runner.cancel_button.text() == "Отмена"
    install_language(app, "en")
    assert runner.cancel_button.text() == "Cancel"
