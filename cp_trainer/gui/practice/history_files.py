"""Export and Import of the History window: the whole history to a JSON Lines file and the hands
of one back, through connections of their own (on a worker thread from the buttons, so the window
never waits on the database), the outcome said in the window's status line.

:class:`HistoryFiles` is a part of :class:`~cp_trainer.gui.practice.history_window.HistoryWindow`
(a base class of it): the window provides the store, the status line, the two buttons, ``_ask``
(work on a thread), ``refresh`` and the texts with a count (``left_out``, ``lines_skipped``: a
plural is found by ``pyside6-lupdate`` only in ``self.tr``); its texts are the window's (context
``HistoryWindow``).
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox, QPushButton, QWidget

from cp_trainer.gui.background import outcome_of
from cp_trainer.gui.translation import fill
from cp_trainer.history import HistoryBusy, HistoryStore, ImportReport, export_jsonl, import_jsonl
from cp_trainer.history.safe_file import FileExistsRefused, TargetRefused

__all__ = ["IMPORT_BACKGROUND_WAIT_S", "IMPORT_WAIT_S", "HistoryFiles"]

IMPORT_WAIT_S = 0.5  # an import on the window's thread asks for the write lock this long, then "busy"
IMPORT_BACKGROUND_WAIT_S = 120.0  # on the worker thread it may wait for another program's import


class HistoryFiles:
    """Export… and Import… of the History window (see the module)."""

    store: HistoryStore
    status: QLabel
    export_button: QPushButton
    import_button: QPushButton

    if TYPE_CHECKING:
        def _ask(self, name: str, work: Callable[[], object],
                 then: Callable[[Any, object], object]) -> None: ...

        def _work_done(self, done: Callable[[Any, object], object], outcome: object) -> None: ...

        def refresh(self) -> None: ...

        def left_out(self, n: int) -> str: ...

        def lines_skipped(self, n: int) -> str: ...

    def _widget(self) -> QWidget:
        return cast(QWidget, self)

    def _kept(self, name: str) -> None:
        kept = QCoreApplication.translate("HistoryWindow", "Not exported: %1 was kept as it is.")
        self.status.setText(fill(kept, name))

    def confirm_replace(self, path: str) -> bool:
        """Ask before an export replaces an existing file (tests replace this method)."""
        answer = QMessageBox.question(
            self._widget(), QCoreApplication.translate("HistoryWindow", "Replace the file?"),
            fill(QCoreApplication.translate(
                "HistoryWindow", "%1 already exists. Replace it with the exported history?"), path),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def export_to(self, path: str | os.PathLike[str], *, wait: bool = True) -> bool:
        """Export to ``path``; an existing file is replaced only after :meth:`confirm_replace`, and
        never a link, a device or a folder. The history is read through its own read-only
        connection; ``wait=False`` (the Export… button) does it on a worker thread, so the window
        never waits on the database. The result is shown in the status line (returned when waiting)."""
        name = os.fspath(path)
        force = False
        with contextlib.suppress(OSError):
            if stat.S_ISREG(os.lstat(name).st_mode):
                if not self.confirm_replace(name):
                    self._kept(name)
                    return False
                force = True
        folder, filename = self.store.path.parent, self.store.path.name

        def work() -> tuple[int, int]:
            with HistoryStore.open_readonly(folder, filename=filename, missing_ok=True) as store:
                n = export_jsonl(store, name, force=force)
                return n, len(store.skipped)

        if wait:
            return self._exported(name, outcome_of(work))
        self._in_background(work, lambda window, outcome: window._exported(name, outcome))
        return True

    def _exported(self, name: str, outcome: object) -> bool:
        if isinstance(outcome, FileExistsRefused):
            self._kept(name)
            return False
        if not isinstance(outcome, tuple):  # refused, cannot write, cannot read the history
            if isinstance(outcome, TargetRefused):
                reason = outcome.reason
            elif isinstance(outcome, OSError):
                reason = outcome.strerror or str(outcome)
            else:
                reason = str(outcome)
            self.status.setText(fill(QCoreApplication.translate("HistoryWindow", "Cannot write %1: %2"),
                                     name, reason))
            return False
        n, skipped = outcome
        done = fill(QCoreApplication.translate("HistoryWindow", "Exported %1 hands to %2"), str(n), name)
        if skipped:
            done += ". " + self.left_out(skipped)
        self.status.setText(done)
        return True

    def import_from(self, path: str | os.PathLike[str], *, wait: bool = True) -> bool:
        """Import the good lines of a file; damaged lines are skipped and the first one named.
        Through its own connection; ``wait=False`` (the Import… button) on a worker thread, where
        it may wait for another program's write lock without the window waiting."""
        folder, filename = self.store.path.parent, self.store.path.name

        def work(wait_s: float, busy_timeout_ms: int | None) -> ImportReport:
            with HistoryStore.open(folder, filename=filename, recover=False,
                                   busy_timeout_ms=busy_timeout_ms) as store:
                return import_jsonl(store, path, wait_s=wait_s)

        if wait:
            return self._imported(outcome_of(lambda: work(IMPORT_WAIT_S, int(IMPORT_WAIT_S * 1000))))
        self.status.setText(fill(QCoreApplication.translate("HistoryWindow", "Importing %1…"),
                                 os.fspath(path)))
        self._in_background(lambda: work(IMPORT_BACKGROUND_WAIT_S, None), HistoryFiles._imported)
        return True

    def _imported(self, outcome: object) -> bool:
        if isinstance(outcome, HistoryBusy):
            self.status.setText(QCoreApplication.translate(
                "HistoryWindow", "Nothing was imported: the history is busy (another program is "
                "writing to it). Try again in a moment."))
            return False
        if not isinstance(outcome, ImportReport):
            self.status.setText(fill(QCoreApplication.translate("HistoryWindow", "Nothing was imported: %1"),
                                     str(outcome)))
            return False
        self.refresh()
        text = fill(QCoreApplication.translate(
            "HistoryWindow", "Imported %1 hands (%2 were already in the history)."),
            outcome.imported, outcome.skipped)
        if outcome.damaged:
            text += " " + fill(self.lines_skipped(outcome.damaged_count), outcome.damaged[0])
        self.status.setText(text)
        return not outcome.damaged

    def _in_background(self, work: Callable[[], object],
                       done: Callable[[Any, object], object]) -> None:
        """Run an export or import on a worker thread; ``done(window, result or exception)``
        then runs on this thread, and :attr:`fileDone` is emitted."""
        self.export_button.setEnabled(False)
        self.import_button.setEnabled(False)
        self._ask("cp-trainer history file", work, lambda window, outcome: window._work_done(done, outcome))

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self._widget(), QCoreApplication.translate("HistoryWindow", "Export the history"),
            "cp-trainer-history.jsonl", QCoreApplication.translate("HistoryWindow", "JSON Lines (*.jsonl)"),
            options=QFileDialog.Option.DontConfirmOverwrite)
        if path:
            self.export_to(path, wait=False)

    def _ask_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self._widget(), QCoreApplication.translate("HistoryWindow", "Import hands"), "",
            QCoreApplication.translate("HistoryWindow", "JSON Lines (*.jsonl);;All files (*)"))
        if path:
            self.import_from(path, wait=False)

