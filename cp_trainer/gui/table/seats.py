"""An opponent's seat: three rows of small cards, face down until showdown, then row by row.

Each revealed row carries its hand's name and the player's result against it (won / lost /
tied, as a word and a colour, so colour is never the only sign); the seat's footer shows the
points the player won or lost against this bot, with the rules core's explanation as tooltip.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from cp_trainer.cards import Card
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.fitted import FittedLabel

__all__ = ["OpponentSeat"]

RESULT_COLOURS = {"won": "#a5f3a0", "lost": "#ffab91", "tied": "#e0e0e0", "mixed": "#ffffff"}


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" when narrower than its text (never cut mid-letter), or
    shows its ``short`` form if it has one; the whole text is then its tooltip (before the one
    given with ``setToolTip``). ``text()`` and ``full_text()`` are the text it was given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._short = ""
        self._own_tip = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def full_text(self) -> str:
        return self._full

    def text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def set_full_text(self, text: str, short: str = "") -> None:
        self._full = text
        self._short = short
        self._elide()

    def setText(self, text: str) -> None:
        self.set_full_text(text)

    def clear(self) -> None:
        self.set_full_text("")

    def setToolTip(self, tip: str) -> None:
        self._own_tip = tip
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.setFixedHeight(self.fontMetrics().lineSpacing() + 2)
            self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        width = max(1, self.contentsRect().width())
        if self._short and metrics.horizontalAdvance(self._full) > width:
            shown = self._short
        else:
            shown = metrics.elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        if super().text() != shown:
            super().setText(shown)
        tips = [self._full] if shown != self._full else []
        super().setToolTip("\n\n".join([*tips, self._own_tip] if self._own_tip else tips))


class OpponentSeat(QFrame):
    """One bot at the table.

    Its height follows the card height alone (a title line, three rows of cards, a points line),
    never its texts: a face-down seat and a revealed one take the same room. When the seat is
    narrow, the cards of a row overlap like a hand of cards (each one's corner still shows rank
    and suit), so the hand names beside them get the room to be read whole.
    """

    #: The least room the hand names get beside the cards, in average characters of their font.
    NAME_CHARS = 21

    def __init__(self, seat: int, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.renderer = renderer
        self.setObjectName(f"seat{seat}")
        self.setProperty("seat", True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._card_height = 44
        self._step = 0  # pixels from one card of a row to the next
        self._rows: list[tuple[Card, ...] | None] = [None, None, None]
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(3)
        self.title = ElidedLabel(self)
        self.title.setObjectName("seatTitle")
        layout.addWidget(self.title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        layout.addLayout(grid)
        self.card_boxes: list[QWidget] = []
        self.card_labels: list[list[QLabel]] = []
        self.name_labels: list[FittedLabel] = []
        self.result_labels: list[ElidedLabel] = []
        for r, n in enumerate((3, 5, 5)):
            box = QWidget(self)  # no layout: the cards are placed by _paint_row, overlapping if need be
            labels = [QLabel(box) for _ in range(n)]
            self.card_boxes.append(box)
            self.card_labels.append(labels)
            name = FittedLabel(self, lines=1)
            name.setObjectName("seatHandName")
            result = ElidedLabel(self)
            result.setObjectName("seatResult")
            words = QVBoxLayout()
            words.setSpacing(0)
            words.addWidget(name)
            words.addWidget(result)
            words.addStretch(1)
            grid.addWidget(box, r, 0, Qt.AlignmentFlag.AlignTop)
            grid.addLayout(words, r, 1)
            self.name_labels.append(name)
            self.result_labels.append(result)
        grid.setColumnStretch(1, 1)
        self.grid = grid
        self.points = ElidedLabel(self)
        self.points.setObjectName("seatPoints")
        layout.addWidget(self.points)
        self.face_down()

    def set_title(self, text: str, tooltip: str) -> None:
        self.title.setText(text)
        self.setToolTip(tooltip)

    def set_card_height(self, height: int) -> None:
        self._card_height = height
        self._lay_out()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def _lay_out(self) -> None:
        """Card step, row boxes and the lines of the hand names, from the card height and the width."""
        size: QSize = card_size(self._card_height)
        full = size.width() + 2
        names = self.name_labels[0]
        room = (self.contentsRect().width() - 16 - self.grid.horizontalSpacing()
                - names.fontMetrics().averageCharWidth() * self.NAME_CHARS)
        step = max(int(size.width() * 0.42), min(full, (room - size.width()) // 4))
        changed = step != self._step
        self._step = step
        for r in range(3):
            self.card_boxes[r].setFixedSize(size.width() + 4 * step, size.height())
            if changed or self.card_labels[r][0].size() != size:
                self._paint_row(r)
        line = max(1, self.result_labels[0].fontMetrics().lineSpacing() + 2)
        for name in self.name_labels:  # the rows' height is the cards': the words use what is there
            name.set_lines(max(1, min(2, size.height() // line - 1)))

    def _paint_row(self, r: int) -> None:
        size: QSize = card_size(self._card_height)
        dpr = self.devicePixelRatioF()
        cards = self._rows[r]
        step = self._step or size.width() + 2
        for i, lab in enumerate(self.card_labels[r]):
            face = cards[i] if cards is not None and i < len(cards) else None
            lab.setPixmap(self.renderer.pixmap(face, size, dpr))
            lab.setFixedSize(size)
            lab.move(i * step, 0)
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
        self.name_labels[r].setText(name)
        label = self.result_labels[r]
        # too narrow for "✓ you win": the sign alone (colour and tooltip say the rest)
        first = result_text.split()[0] if result_text.split() else ""
        sign = first if first in ("✓", "✗", "=") else ""
        label.set_full_text(result_text, sign)
        label.setStyleSheet(f"color: {RESULT_COLOURS.get(result, '#ffffff')}; font-weight: bold;")

    def show_surrendered(self, text: str) -> None:
        """The bot gave its hand up: its cards stay face down (a surrendered hand is not shown),
        and ``text`` stands where its rows' names would."""
        self.face_down()
        self.name_labels[0].setText(text)
        for r in range(3):
            self.result_labels[r].clear()

    def show_points(self, text: str, tooltip: str) -> None:
        self.points.setText(text)
        self.points.setToolTip(tooltip)
