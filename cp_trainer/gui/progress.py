"""One progress bar with a Cancel button, for every long job the window runs on a worker.

The solver panel and Pai Gow's EV simulation show the same thing while they work: how far the
job is (a bar with known steps, or a busy bar when no end is known in advance) and a Cancel
button beside it. :class:`ProgressCancel` is that pair: the owner says :meth:`~ProgressCancel.start`,
:meth:`~ProgressCancel.advance`, :meth:`~ProgressCancel.busy` and :meth:`~ProgressCancel.stop`,
and hears :attr:`~ProgressCancel.cancelRequested` when Cancel is pressed. The button's text
follows the language by itself; the tooltips are the owner's (they say what is being run).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from cp_trainer.gui.translation import follow_language

__all__ = ["ProgressCancel"]


class ProgressCancel(QWidget):
    """A progress bar (``bar``) and a Cancel button (``cancel_button``) on one line; hidden until
    :meth:`start`. ``bar_name`` and ``button_name`` are their object names (the style sheet, the
    tests and the soak test find them by these)."""

    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None, *, bar_name: str = "progress",
                 button_name: str = "cancelButton") -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.bar = QProgressBar(self)
        self.bar.setObjectName(bar_name)
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName(button_name)
        self.cancel_button.clicked.connect(self._cancel_pressed)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.cancel_button)
        self.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.cancel_button.setText(self.tr("Cancel"))

    def set_tips(self, *, progress: str, cancel: str) -> None:
        """The tooltips: what the bar counts and what Cancel stops (the owner's words)."""
        self.bar.setToolTip(progress)
        self.cancel_button.setToolTip(cancel)

    @property
    def running(self) -> bool:
        """Is a job shown (started and not stopped)?"""
        return not self.isHidden()

    def start(self, total: int) -> None:
        """A job of ``total`` steps begins: an empty bar and a live Cancel button, shown."""
        self.bar.setRange(0, max(1, total))
        self.bar.setValue(0)
        self.cancel_button.setEnabled(True)
        self.setVisible(True)

    def advance(self, done: int, total: int) -> None:
        """``done`` of ``total`` steps are done (``total`` may change as the job learns more)."""
        self.bar.setRange(0, max(1, total))
        self.bar.setValue(min(done, max(1, total)))

    def busy(self) -> None:
        """The job goes on with no end known in advance: a busy bar."""
        self.bar.setRange(0, 0)

    def stop(self) -> None:
        """The job ended (finished, failed or cancelled): hidden, the bar emptied."""
        self.setVisible(False)
        self.bar.setValue(0)

    def _cancel_pressed(self) -> None:
        self.cancel_button.setEnabled(False)  # pressed once is enough: a second press stops nothing more
        self.cancelRequested.emit()
