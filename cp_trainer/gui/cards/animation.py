"""Cards that move: the deal, a card gliding to its slot, for the card strips of either game.

Presentation only. The board model changes at once, as without animation; :class:`CardMotion`
then shows the change: every card that went to another zone is drawn by an overlay over the
window, flying from where it was (or from where it was dropped) to its new slot, while its new
slot is painted empty (``CardDelegate.hidden``) until it lands. A new deal flies the hand's cards
in from the dealer's side of the felt, one after another. Input is never held: the overlay lets
the mouse through and takes no focus, and a move made while cards are still flying lands those
cards at once before the new one starts, so quick repeated moves all land.

Built on Qt's animation framework (one :class:`QVariantAnimation` per batch of flights, its value
the milliseconds gone). It is off when the setting says so, and everywhere when the environment
variable ``CP_TRAINER_ANIMATIONS`` is ``0`` (the tests set it: no test waits for a card to land).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEasingCurve, QEvent, QObject, QPoint, QRect, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QDropEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from cp_trainer.gui.cards.delegates import face_of
from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.lifetimes import keep_alive

__all__ = [
    "ANIMATIONS_ENV",
    "DEAL_MS",
    "DEAL_STAGGER_MS",
    "GLIDE_MS",
    "CardMotion",
    "FlightLayer",
    "animations_allowed",
    "card_rect",
]

#: ``CP_TRAINER_ANIMATIONS=0`` turns every animation off, whatever the setting (tests, screenshots).
ANIMATIONS_ENV = "CP_TRAINER_ANIMATIONS"
GLIDE_MS = 200  # a moved card, from its old place to its slot
DEAL_MS = 180  # one dealt card, from the dealer to its slot in the hand
DEAL_STAGGER_MS = 30  # between two dealt cards: 13 cards land within 0.55 s

AnyView = CardZoneView[Any, Any]


def animations_allowed() -> bool:
    """False when the environment turns animations off (``CP_TRAINER_ANIMATIONS=0``)."""
    return os.environ.get(ANIMATIONS_ENV, "1").strip().lower() not in ("0", "false", "no", "off")


def card_rect(view: AnyView, row: int) -> QRect:
    """Where the delegate draws the ``row``-th card of ``view``, in viewport coordinates (also for
    a row the model no longer has: a strip's cells are a fixed grid)."""
    grid = view.gridSize()
    size = view.iconSize()
    cell = QRect(row * grid.width(), 0, grid.width(), view.viewport().height())
    return QRect(cell.x() + (cell.width() - size.width()) // 2,
                 cell.y() + (cell.height() - size.height()) // 2, size.width(), size.height())


def to_layer(widget: QWidget, point: QPoint, layer: QWidget) -> QPoint:
    """``point`` of ``widget`` in the coordinates of ``layer``, a child of the same window."""
    host = layer.parentWidget() or layer
    return layer.mapFrom(host, widget.mapTo(host, point))


def _cards(view: AnyView) -> list[Any]:
    model = view.zone_model
    return [model.card_at(row) for row in range(model.rowCount())]


@dataclass
class Flight:
    """One card on its way: from ``start`` (overlay coordinates) to its slot in ``view``."""

    card: Any
    view: AnyView
    start: QRect
    delay: int  # ms after the batch starts
    duration: int
    landed: bool = False

    def target(self, layer: QWidget) -> QRect | None:
        """The card's slot now, in the layer's coordinates (None: the card left the view)."""
        row = self.view.zone_model.row_of(self.card)
        if row < 0:
            return None
        rect = card_rect(self.view, row)
        return QRect(to_layer(self.view.viewport(), rect.topLeft(), layer), rect.size())


class FlightLayer(QWidget):
    """The transparent overlay the flying cards are painted on: lets every click and key through."""

    def __init__(self, motion: CardMotion, parent: QWidget) -> None:
        super().__init__(parent)
        self.motion = motion
        self.setObjectName("cardFlightLayer")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        for flight, rect in self.motion.frames(self):
            radius = max(3.0, rect.width() / 16)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 70))  # a soft shadow: the card is above the felt
            painter.drawRoundedRect(rect.translated(3, 4), radius, radius)
            view = flight.view
            pixmap = view.renderer.pixmap(face_of(flight.card), view.iconSize(), self.devicePixelRatioF())
            painter.drawPixmap(rect, pixmap, QRectF(pixmap.rect()))
        painter.end()


class CardMotion(QObject):
    """Animates the moves and deals shown by ``views`` (the strips of one board model).

    ``enabled`` follows the setting; :meth:`running` tells whether cards are flying;
    :meth:`finish` lands them at once.
    """

    def __init__(self, views: Sequence[AnyView], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.views = list(views)
        self.enabled = True
        self.glide_ms = GLIDE_MS
        self.deal_ms = DEAL_MS
        self.deal_stagger_ms = DEAL_STAGGER_MS
        self._flights: list[Flight] = []
        self._where: dict[Any, tuple[AnyView, int]] = {}
        self._dropped: tuple[Any, QRect] | None = None  # a card just dropped, and where
        self._deal_on_show: AnyView | None = None  # dealt before the window was shown
        self._layer: FlightLayer | None = None
        self._painted = QRect()  # where the layer drew cards last (repainted, with the new places)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0)
        self.animation.setEndValue(1)
        self.animation.valueChanged.connect(self._tick)
        self.animation.finished.connect(self.finish)
        boards = {id(v.deal): v.deal for v in self.views}
        for board in boards.values():
            board.changed.connect(self._changed)
        for view in self.views:
            view.viewport().installEventFilter(self)
        if parent is not None:  # Qt calls eventFilter while the strips (the parent's) live
            keep_alive(parent, self)
        self._where = self._places()

    # --- state ------------------------------------------------------------------------------

    def active(self) -> bool:
        return self.enabled and animations_allowed()

    def running(self) -> bool:
        return bool(self._flights)

    def flights(self) -> list[Flight]:
        return list(self._flights)

    @property
    def layer(self) -> FlightLayer | None:
        return self._layer

    def _places(self) -> dict[Any, tuple[AnyView, int]]:
        return {card: (view, row) for view in self.views for row, card in enumerate(_cards(view))}

    def _host(self) -> QWidget:
        return self.views[0].window()

    def _ensure_layer(self) -> FlightLayer:
        host = self._host()
        if self._layer is None or self._layer.parentWidget() is not host:
            if self._layer is not None:
                self._layer.deleteLater()
            self._layer = FlightLayer(self, host)
        self._layer.setGeometry(host.rect())
        return self._layer

    def _in_view(self, view: AnyView, rect: QRect, layer: QWidget) -> QRect:
        return QRect(to_layer(view.viewport(), rect.topLeft(), layer), rect.size())

    # --- what starts a flight -----------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and self._deal_on_show is not None \
                and watched is self._deal_on_show.viewport():
            view, self._deal_on_show = self._deal_on_show, None
            self.deal_in(view)  # the first deal of a new window is dealt as it appears
            return False
        # A card dropped on a strip flies from where the pointer let it go (the drag showed it
        # there, centred under the pointer), not from its old place.
        if event.type() == QEvent.Type.Drop and isinstance(event, QDropEvent):
            views = [v for v in self.views if v.viewport() is watched]
            if views:
                view = views[0]
                cards = view.zone_model.cards_in(event.mimeData())
                if len(cards) == 1:
                    size = view.iconSize()
                    centre = view.viewport().mapTo(self._host(), event.position().toPoint())
                    rect = QRect(0, 0, size.width(), size.height())
                    rect.moveCenter(centre)
                    self._dropped = (cards[0], rect)
                    # the view handles the drop right after this; a refused one leaves no trace
                    QTimer.singleShot(0, self._forget_drop)
        return False

    def _forget_drop(self) -> None:
        self._dropped = None

    def _changed(self) -> None:
        old, new = self._where, self._places()
        self._where = new
        dropped, self._dropped = self._dropped, None
        if not self.active():
            self.finish()
            return
        self.finish()  # cards still flying land now: the new move starts from a settled table
        layer = self._ensure_layer()
        flights = []
        for card, (view, _row) in new.items():
            before = old.get(card)
            if before is None or before[0] is view:
                continue  # a new card (a deal flies them in itself), or one that stayed in its strip
            if dropped is not None and dropped[0] == card:
                start = dropped[1]
            else:
                start = self._in_view(before[0], card_rect(before[0], before[1]), layer)
            flights.append(Flight(card, view, start, 0, self.glide_ms))
        self._start(flights)

    def deal_in(self, view: AnyView, origin: QPoint | None = None) -> None:
        """Fly ``view``'s cards in one after another from ``origin`` (window coordinates; default:
        the top centre of the view's parent, the dealer's side of the felt)."""
        self.finish()
        self._where = self._places()
        self._deal_on_show = None
        if not self.active():
            return
        if not view.isVisible():
            if not view.window().isVisible():  # a window not shown yet: deal as it appears
                self._deal_on_show = view
            return
        layer = self._ensure_layer()
        size = view.iconSize()
        if origin is None:  # the first card's top edge on the top edge of the felt
            parent = view.parentWidget() or view
            origin = to_layer(parent, QPoint(parent.width() // 2, size.height() // 2 + 4), layer)
        start = QRect(0, 0, size.width(), size.height())
        start.moveCenter(origin)
        cards = _cards(view)
        self._start([Flight(card, view, QRect(start), i * self.deal_stagger_ms, self.deal_ms)
                     for i, card in enumerate(cards)])

    # --- flying -------------------------------------------------------------------------------

    def _start(self, flights: list[Flight]) -> None:
        if not flights:
            return
        self._flights = flights
        for flight in flights:
            flight.view.delegate.hidden.add(flight.card)
            flight.view.viewport().update()
        layer = self._ensure_layer()
        layer.show()
        layer.raise_()
        self.animation.setDuration(max(f.delay + f.duration for f in flights))
        self.animation.setStartValue(0)
        self.animation.setEndValue(self.animation.duration())
        self._painted = QRect()
        self.animation.start()
        self._repaint(layer)

    def _progress(self, flight: Flight, elapsed: int) -> float:
        return min(1.0, max(0.0, (elapsed - flight.delay) / max(1, flight.duration)))

    def frames(self, layer: QWidget) -> list[tuple[Flight, QRectF]]:
        """Where each card in the air is drawn now (layer coordinates)."""
        elapsed = self.animation.currentTime()
        curve = QEasingCurve(QEasingCurve.Type.OutCubic)
        out = []
        for flight in self._flights:
            if flight.landed or elapsed < flight.delay or not flight.view.isVisible():
                continue  # a dealt card not yet dealt, one already in its slot, or a hidden strip's
            target = flight.target(layer)
            if target is None:
                continue
            t = curve.valueForProgress(self._progress(flight, elapsed))
            a, b = QRectF(flight.start), QRectF(target)
            out.append((flight, QRectF(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t,
                                       a.width() + (b.width() - a.width()) * t,
                                       a.height() + (b.height() - a.height()) * t)))
        return out

    def _tick(self, _value: object) -> None:
        elapsed = self.animation.currentTime()
        for flight in self._flights:
            # landed, or its strip is gone from view (another page shown): no card flies to it
            if not flight.landed and (self._progress(flight, elapsed) >= 1.0 or not flight.view.isVisible()):
                self._land(flight)
        if self._layer is not None:
            self._repaint(self._layer)

    def _repaint(self, layer: FlightLayer) -> None:
        """Repaint only where cards were and are now (not the whole window, every frame)."""
        host = layer.parentWidget()
        if host is not None and layer.geometry() != host.rect():  # the window was resized
            layer.setGeometry(host.rect())
            self._painted = layer.rect()
        now = QRect()
        for _flight, rect in self.frames(layer):
            now = now.united(rect.toAlignedRect().adjusted(-2, -2, 6, 7))  # and its shadow
        layer.update(self._painted.united(now))
        self._painted = now

    def _land(self, flight: Flight) -> None:
        flight.landed = True
        flight.view.delegate.hidden.discard(flight.card)
        flight.view.viewport().update()

    def finish(self) -> None:
        """Every card in the air to its slot at once (nothing flies afterwards)."""
        if self.animation.state() != QVariantAnimation.State.Stopped:
            self.animation.stop()
        flights, self._flights = self._flights, []
        for flight in flights:
            if not flight.landed:
                self._land(flight)
        if self._layer is not None:
            self._layer.hide()
