"""An opponent's seat: three rows of small cards, face down until showdown, then row by row.

Each revealed row carries its hand's name and the player's result against it (won / lost /
tied, as a word and a colour, so colour is never the only sign); the seat's footer shows the
points the player won or lost against this bot, with the rules core's explanation as tooltip.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from cp_trainer.cards import Card
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size

__all__ = ["OpponentSeat"]

RESULT_COLOURS = {"won": "#a5f3a0", "lost": "#ffab91", "tied": "#e0e0e0", "mixed": "#ffffff"}


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when narrower than its text (never cut mid-letter), or
    shows its ``short`` form if it has one; the whole text is then its tooltip.
    ``full_text()`` is the text it was given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._short = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def full_text(self) -> str:
        return self._full

    def set_full_text(self, text: str, short: str = "") -> None:
        self._full = text
        self._short = short
        self._elide()

    def clear(self) -> None:
        self._full = self._short = ""
        super().clear()
        self.setToolTip("")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        width = max(1, self.width())
        if self._short and metrics.horizontalAdvance(self._full) > width:
            shown = self._short
        else:
            shown = metrics.elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")


class OpponentSeat(QFrame):
    """One bot at the table."""

    def __init__(self, seat: int, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.renderer = renderer
        self.setObjectName(f"seat{seat}")
        self.setProperty("seat", True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self._card_height = 44
        self._rows: list[tuple[Card, ...] | None] = [None, None, None]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(3)
        self.title = QLabel(self)
        self.title.setObjectName("seatTitle")
        layout.addWidget(self.title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        layout.addLayout(grid)
        self.card_boxes: list[QWidget] = []
        self.card_labels: list[list[QLabel]] = []
        self.name_labels: list[ElidedLabel] = []
        self.result_labels: list[ElidedLabel] = []
        for r, n in enumerate((3, 5, 5)):
            box = QWidget(self)
            box_layout = QHBoxLayout(box)
            box_layout.setContentsMargins(0, 0, 0, 0)
            box_layout.setSpacing(2)
            labels = []
            for _ in range(n):
                lab = QLabel(box)
                box_layout.addWidget(lab)
                labels.append(lab)
            box_layout.addStretch(1)
            self.card_boxes.append(box)
            self.card_labels.append(labels)
            name = ElidedLabel(self)
            name.setObjectName("seatHandName")
            result = ElidedLabel(self)
            result.setObjectName("seatResult")
            words = QVBoxLayout()
            words.setSpacing(0)
            words.addWidget(name)
            words.addWidget(result)
            grid.addWidget(box, r, 0)
            grid.addLayout(words, r, 1)
            self.name_labels.append(name)
            self.result_labels.append(result)
        grid.setColumnStretch(1, 1)
        self.points = QLabel(self)
        self.points.setObjectName("seatPoints")
        self.points.setWordWrap(True)
        layout.addWidget(self.points)
        self.face_down()

    def set_title(self, text: str, tooltip: str) -> None:
        self.title.setText(text)
        self.setToolTip(tooltip)

    def set_card_height(self, height: int) -> None:
        self._card_height = height
        for r in range(3):
            self._paint_row(r)

    def _paint_row(self, r: int) -> None:
        size: QSize = card_size(self._card_height)
        self.card_boxes[r].setFixedWidth(len(self.card_labels[r]) * (size.width() + 2))
        dpr = self.devicePixelRatioF()
        cards = self._rows[r]
        for i, lab in enumerate(self.card_labels[r]):
            face = cards[i] if cards is not None and i < len(cards) else None
            lab.setPixmap(self.renderer.pixmap(face, size, dpr))
            lab.setFixedSize(size)
            lab.setToolTip(face.label() if face is not None else "")

    def face_down(self) -> None:
        """A new deal: 13 cards face down, no results."""
        self._rows = [None, None, None]
        for r in range(3):
            self._paint_row(r)
            self.name_labels[r].clear()
            self.result_labels[r].clear()
        self.points.clear()
        self.points.setToolTip("")

    def reveal_row(self, r: int, cards: Sequence[Card], name: str, result: str, result_text: str) -> None:
        """Turn row ``r`` face up, with its hand name and the player's result (won/lost/tied)."""
        self._rows[r] = tuple(cards)
        self._paint_row(r)
        self.name_labels[r].set_full_text(name)
        label = self.result_labels[r]
        # too narrow for "✓ you win": the sign alone (colour and tooltip say the rest)
        first = result_text.split()[0] if result_text.split() else ""
        sign = first if first in ("✓", "✗", "=") else ""
        label.set_full_text(result_text, sign)
        label.setStyleSheet(f"color: {RESULT_COLOURS.get(result, '#ffffff')}; font-weight: bold;")

    def show_points(self, text: str, tooltip: str) -> None:
        self.points.setText(text)
        self.points.setToolTip(tooltip)
        self.points.setAlignment(Qt.AlignmentFlag.AlignLeft)
