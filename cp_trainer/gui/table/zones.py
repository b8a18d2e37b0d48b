"""The table's card zones as views: the hand and the three rows, each with its object name and
the keys that move a card (``1``/``2``/``3`` to a row, Backspace / ``0`` / Delete back to the
hand), and the Up / Down steps between them. Shared by the table, the Drill and the lessons."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.table.models import DealModel, Zone
from cp_trainer.rules.cards import Card

__all__ = ["KEY_ZONES", "OBJECT_NAMES", "step_focus", "zone_view"]

OBJECT_NAMES = {Zone.HAND: "handView", Zone.TOP: "topRow", Zone.MIDDLE: "middleRow",
                Zone.BOTTOM: "bottomRow"}
#: ``1``/``2``/``3`` put the current card in the top/middle/bottom row, Backspace (or ``0``)
#: returns it to the hand.
KEY_ZONES = {Qt.Key.Key_1: Zone.TOP, Qt.Key.Key_2: Zone.MIDDLE, Qt.Key.Key_3: Zone.BOTTOM,
             Qt.Key.Key_Backspace: Zone.HAND, Qt.Key.Key_0: Zone.HAND, Qt.Key.Key_Delete: Zone.HAND}


def step_focus(views: Mapping[Zone, CardZoneView[Card, Zone]], sender: object, step: int) -> None:
    """Up / Down: the keyboard focus to the next zone, top row → middle → bottom → hand, from the
    view that asked (``sender``); the zone's first card is made current if none is."""
    order = [Zone.TOP, Zone.MIDDLE, Zone.BOTTOM, Zone.HAND]
    current = next((z for z, v in views.items() if v is sender), Zone.HAND)
    i = order.index(current) + step
    if not 0 <= i < len(order):
        return
    view = views[order[i]]
    view.setFocus(Qt.FocusReason.OtherFocusReason)
    if view.model().rowCount() and not view.currentIndex().isValid():
        view.setCurrentIndex(view.model().index(0, 0))


def zone_view(deal: DealModel, zone: Zone, renderer: CardRenderer,
              parent: QWidget | None = None) -> CardZoneView[Card, Zone]:
    """The table's view of one zone (the hand or a row), with its name and keys."""
    return CardZoneView(deal, zone, renderer, parent, object_name=OBJECT_NAMES[zone], keys=KEY_ZONES)
