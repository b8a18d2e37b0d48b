"""The bots' rows turning face up at the showdown: each card flips from its back to its face.

Presentation only: :meth:`OpponentSeat.reveal_row` has already put the faces (and the hand's name
and result) on the seat; :class:`RowFlipper` then draws each card of the row narrowing on its back
and widening on its face (a horizontal scale, one card after another), and leaves the face as the
seat set it. A new deal stops every flip first, so no face is ever painted over a new deal's backs.
Off with the animation setting or ``CP_TRAINER_ANIMATIONS=0`` (:mod:`cp_trainer.gui.cards.animation`).
"""

from __future__ import annotations

from collections.abc import Sequence

import shiboken6
from PySide6.QtCore import QObject, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QLabel

from cp_trainer.gui.cards.animation import animations_allowed
from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.table.seats import OpponentSeat
from cp_trainer.rules.cards import Card

__all__ = ["FLIP_MS", "FLIP_STAGGER_MS", "RowFlipper", "flip_frame"]

FLIP_MS = 220  # one card: back narrowing, then face widening
FLIP_STAGGER_MS = 40  # between two cards of a row: a row of five turns within 0.4 s


def flip_frame(renderer: CardRenderer, card: Card, label: QLabel, t: float) -> QPixmap:
    """The card at ``t`` (0: its back, 1: its face) of a flip, the size of ``label``."""
    size = label.size()
    dpr = label.devicePixelRatioF()
    face = renderer.pixmap(card if t >= 0.5 else None, size, dpr)
    scale = abs(1.0 - 2.0 * t)  # 1 → 0 on the back, 0 → 1 on the face
    frame = QPixmap(face.size())
    frame.setDevicePixelRatio(dpr)
    frame.fill(Qt.GlobalColor.transparent)
    width = size.width() * scale
    if width >= 0.5:
        painter = QPainter(frame)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawPixmap(QRectF((size.width() - width) / 2, 0, width, size.height()), face,
                           QRectF(face.rect()))
        painter.end()
    return frame


class _RowFlip:
    def __init__(self, flipper: RowFlipper, seat: OpponentSeat, row: int, cards: Sequence[Card]) -> None:
        self.flipper = flipper
        self.seat = seat
        self.row = row
        self.labels = seat.card_labels[row][:len(cards)]
        self.cards = set_order(cards)  # as the seat shows the row: sets first
        self.animation = QVariantAnimation(seat)  # dies with the seat
        total = FLIP_MS + FLIP_STAGGER_MS * max(0, len(self.cards) - 1)
        self.animation.setDuration(total)
        self.animation.setStartValue(0)
        self.animation.setEndValue(total)
        self.animation.valueChanged.connect(self._frame)
        self.animation.finished.connect(self.done)

    def start(self) -> None:
        self._frame(0)  # the backs at once: the faces the seat just set never flash first
        self.animation.start()

    def _frame(self, _value: object) -> None:
        if not shiboken6.isValid(self.seat):
            return
        elapsed = self.animation.currentTime()
        for i, (label, card) in enumerate(zip(self.labels, self.cards, strict=True)):
            t = min(1.0, max(0.0, (elapsed - i * FLIP_STAGGER_MS) / FLIP_MS))
            label.setPixmap(flip_frame(self.flipper.renderer, card, label, t))

    def done(self) -> None:
        """The faces as the seat shows them (also when stopped half-way)."""
        if self.animation.state() != QVariantAnimation.State.Stopped:
            self.animation.stop()
        if self in self.flipper._flips:
            self.flipper._flips.remove(self)
        if shiboken6.isValid(self.seat):
            for label, card in zip(self.labels, self.cards, strict=True):
                label.setPixmap(self.flipper.renderer.pixmap(card, label.size(), label.devicePixelRatioF()))

    def drop(self) -> None:
        """Stop without painting anything more (a new deal repaints the seat itself)."""
        if shiboken6.isValid(self.animation):
            self.animation.stop()
        if self in self.flipper._flips:
            self.flipper._flips.remove(self)


class RowFlipper(QObject):
    """Flips the bots' rows on the table (``enabled`` follows the setting)."""

    def __init__(self, renderer: CardRenderer, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.renderer = renderer
        self.enabled = True
        self._flips: list[_RowFlip] = []

    def active(self) -> bool:
        return self.enabled and animations_allowed()

    def running(self) -> bool:
        return bool(self._flips)

    def flip(self, seat: OpponentSeat, row: int, cards: Sequence[Card]) -> None:
        """Turn ``row`` of ``seat`` (whose faces are set already) from back to face."""
        if not self.active() or not cards:
            return
        for old in [f for f in self._flips if f.seat is seat and f.row == row]:
            old.done()  # the same row again (shown anew): the last flip ends on its face
        flip = _RowFlip(self, seat, row, cards)
        self._flips.append(flip)
        flip.start()

    def finish(self) -> None:
        """Every row still turning shows its face at once."""
        for flip in list(self._flips):
            flip.done()

    def stop(self) -> None:
        """Drop every flip (a new deal is coming: its backs must not be painted over)."""
        for flip in list(self._flips):
            flip.drop()
