"""Readable everywhere: every dialog, message box and tooltip the trainer can show, and
its pages, in English and Russian, grabbed and measured: WCAG AA, 4.5:1 for every text.

Message boxes are opened without blocking: Qt's static ``QMessageBox.question`` / ``warning`` are
replaced by ones that build the same box (same parent, title and text), ``open()`` it and answer
No, so each box is grabbed as the user would see it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QLabel,
    QMessageBox,
    QToolTip,
    QWidget,
)
from pytestqt.qtbot import QtBot

from cp_trainer.gui.app import create_window
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryBusy, HistoryStore
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from tests.gui.contrast import assert_readable, settle_texts
from tests.history_fixtures import make_record

DEAL = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"
FOUL = "As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c"
LEGAL = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"
StdButton = QMessageBox.StandardButton


class Boxes:
    """Message boxes opened (not executed) in place of Qt's blocking static functions."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.opened: list[QMessageBox] = []
        for name, icon in (("question", QMessageBox.Icon.Question), ("warning", QMessageBox.Icon.Warning),
                           ("information", QMessageBox.Icon.Information),
                           ("critical", QMessageBox.Icon.Critical)):
            monkeypatch.setattr(QMessageBox, name, self._opener(icon))

    def _opener(self, icon: QMessageBox.Icon) -> Any:
        def show(parent: QWidget | None, title: str, text: str,
                 buttons: StdButton = StdButton.Ok, default: StdButton = StdButton.NoButton) -> StdButton:
            box = QMessageBox(icon, title, text, buttons, parent)
            box.open()
            self.opened.append(box)
            return StdButton.No if buttons & StdButton.No else StdButton.Ok
        return staticmethod(show)

    def last(self) -> QMessageBox:
        assert self.opened, "no message box was shown"
        return self.opened[-1]


@pytest.fixture(params=["en", "ru"])
def lang(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    yield str(request.param)
    install_language(qapp, "en")


def _window(qtbot: QtBot, tmp_path: Path, lang: str, **values: Any) -> MainWindow:
    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", solver_samples=200, language=lang, **values))
    window = create_window(deal=parse_cards(DEAL), seed=7, lang=lang, settings=settings,
                           data_dir=str(tmp_path / "data"))
    qtbot.addWidget(window)
    window.table.reveal_delay_ms = 0
    window.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solving here
    window.resize(1180, 800)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, lang: str) -> MainWindow:
    return _window(qtbot, tmp_path, lang)


def _place(window: MainWindow, text: str) -> None:
    arr = Arrangement.parse(text)
    assert window.deal_model.place(arr.top, arr.middle, arr.bottom)


# --- the table's questions ----------------------------------------------------------------------

def test_foul_confirmation_is_readable_and_named_a_foul(window: MainWindow, lang: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = Boxes(monkeypatch)
    _place(window, FOUL)
    window.table.set_button.click()
    box = boxes.last()
    assert box.windowTitle() == {"en": "This hand fouls", "ru": "В этой руке фол"}[lang]
    assert window.controller.showdown is None  # No: still setting
    assert_readable(box, least=3)  # the question and Yes / No


def test_surrender_confirmation_is_readable_and_not_called_a_foul(qtbot: QtBot, tmp_path: Path, lang: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.rules.house_rules import HouseRules

    window = _window(qtbot, tmp_path, lang, house_rules=HouseRules(surrender=True))
    boxes = Boxes(monkeypatch)
    _place(window, LEGAL)
    assert window.table.surrender_button.isVisible()
    window.table.surrender_button.click()
    box = boxes.last()
    assert box.windowTitle() == {"en": "Surrender this hand?", "ru": "Отказаться от этой руки?"}[lang]
    assert window.controller.showdown is None
    assert_readable(box, least=3)


def test_a_message_box_asked_from_the_felt_keeps_its_own_colours(window: MainWindow) -> None:
    """The root cause: the felt's white-text rule reached windows parented below the table."""
    for parent in (window.table, window.solver_panel, window.table.views[next(iter(window.table.views))]):
        box = QMessageBox(QMessageBox.Icon.Question, "?", "Set it anyway?",
                          StdButton.Yes | StdButton.No, parent)
        box.open()
        found = assert_readable(box, least=3)
        assert any("Set it anyway?" in m.widget for m in found)
        box.close()


# --- the main window's pages ----------------------------------------------------------------------

def test_the_table_mid_hand_and_at_showdown(window: MainWindow) -> None:
    _place(window, FOUL)
    assert_readable(window, least=10)
    window.table.confirm = lambda question: True
    window.deal_model.return_all()
    _place(window, LEGAL)
    window.table.set_button.click()
    assert window.controller.showdown is not None
    assert_readable(window, least=10)


def test_pai_gow_and_drill_pages(window: MainWindow) -> None:
    window.show_paigow()
    assert_readable(window, least=5)
    window.show_drill()
    assert_readable(window, least=5)


# --- dialogs ----------------------------------------------------------------------------------------

def test_settings_dialog_and_its_rules_file_error(window: MainWindow, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.gui.settings.dialog import SettingsDialog

    dialog = SettingsDialog(window.settings.values, window)
    dialog.open()
    assert_readable(dialog, least=15)
    boxes = Boxes(monkeypatch)
    bad = tmp_path / "club.toml"
    bad.write_text("system = 'nine'\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(bad), "")))
    assert not dialog.load_rules_file()
    assert_readable(boxes.last(), least=2)
    dialog.reject()


def test_settings_problems_at_start(window: MainWindow) -> None:
    window.settings.problems.append("point_value: 'abc' is not a number; the default 1 is used")
    window._report_settings_problems()
    box = window.findChild(QMessageBox, "settingsProblems")
    assert isinstance(box, QMessageBox)
    assert_readable(box, least=2)


@pytest.mark.parametrize("page", ["rules", "rankings"])
def test_help(window: MainWindow, page: str) -> None:
    assert_readable(window.show_help(page), least=2)


def _seed_history(data: Path) -> None:
    with HistoryStore.open(data) as store:
        for i in range(6):
            store.add(make_record(i, fouled=i % 3 == 0, ev=(0.5, 0.1 * i)))


def test_history_window_and_its_messages(window: MainWindow, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _seed_history(tmp_path / "data")
    history = window.practice.open_history()
    assert history is not None
    history.resize(1100, 700)
    history.select_row(0)
    assert_readable(history, least=8)
    # the busy and damaged messages: the notice and the status line
    history.show_notice(history.tr("%n damaged hand(s) in the history are not shown.", "", 2))
    history._imported(HistoryBusy("busy"))
    assert history.status.text() and history.notice.isVisible()
    found = assert_readable(history, least=8)
    assert any("historyNotice" in m.widget for m in found) and any("historyStatus" in m.widget for m in found)
    # replacing a file asks first
    boxes = Boxes(monkeypatch)
    target = tmp_path / "out.jsonl"
    target.write_text("", encoding="utf-8")
    assert not history.export_to(target)
    assert_readable(boxes.last(), least=3)


def test_lessons_window(window: MainWindow) -> None:
    lessons = window.practice.open_lessons()
    assert_readable(lessons, least=4)
    for _ in range(4):  # a few steps on: the answers, the feedback
        lessons.next_button.setEnabled(True)
        lessons.next_step()
        lessons.check()
        assert_readable(lessons, least=4)


def test_table_mode(window: MainWindow) -> None:
    dialog = window.practice.open_table_mode()
    assert_readable(dialog, least=6)
    dialog.settle()  # nothing entered: "Cannot settle yet", in red
    assert_readable(dialog, least=6)


@pytest.mark.qt_log_ignore("This plugin does not support raise",  # a tooltip is raised
                           "This plugin does not support propagateSizeHints")
def test_tooltips(window: MainWindow) -> None:
    from cp_trainer.gui.settings.dialog import SettingsDialog

    dialog = SettingsDialog(window.settings.values, window)
    dialog.open()
    settle_texts(dialog)
    targets: list[QWidget] = [window.table.deal_button, window.table.banner, window.solver_panel, dialog]
    for target in targets:
        QToolTip.showText(target.mapToGlobal(QPoint(4, 4)), "Deal 13 new cards — Раздать", target)
        settle_texts(target)
        tips = [w for w in QApplication.topLevelWidgets()
                if w.metaObject().className() == "QTipLabel" and w.isVisible()]
        assert tips, "no tooltip shown"
        tip = tips[0]
        assert isinstance(tip, QLabel)
        assert_readable(tip, least=1)
        QToolTip.hideText()
    dialog.reject()


def test_every_window_the_trainer_opens_is_covered() -> None:
    """A new QDialog / QMessageBox in the code is a reminder to measure it here too."""
    import cp_trainer.gui as gui

    root = Path(gui.__file__).parent
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if any(word in p.read_text(encoding="utf-8") for word in ("QMessageBox", "(QDialog)")))
    # trace.py only reads the names of open message boxes for the soak test's state trace
    assert users == ["main_window.py", "practice/history_files.py", "practice/lessons_window.py",
                     "practice/table_mode.py", "settings/dialog.py", "table/widget.py", "teaching.py",
                     "trace.py"]


def test_crash_notice(window: MainWindow, tmp_path: Path) -> None:
    assert_readable(window.report_crash(tmp_path / "crash-report.txt"), least=2)


def test_teaching_table_dialog(window: MainWindow) -> None:
    dialog = window.teaching.open()
    assert_readable(dialog, least=3)
    dialog.close()

