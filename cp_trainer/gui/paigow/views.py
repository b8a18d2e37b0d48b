"""Pai Gow cards on the felt: the player's 7 cards split into hand, high (5) and low (2).

The same card toolkit as the Chinese-poker table (:mod:`cp_trainer.gui.cards`): :class:`PaiGowDeal`
is the :class:`~cp_trainer.gui.cards.models.BoardModel` of a
:class:`~cp_trainer.paigow.session.PaiGowSession`, and :func:`pg_zone_view` makes the
:class:`~cp_trainer.gui.cards.views.CardZoneView` of one zone, with Pai Gow's keys: ``1`` (low),
``2`` (high), Backspace / ``0`` (back to the hand). Double-click sends a card from the hand to the
first hand with room (low, then high) and back. No game state lives here.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QWidget

from cp_trainer.gui.cards.models import BoardModel
from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.paigow.cards import PgCard, parse_pg_cards, sort_for_display
from cp_trainer.paigow.session import PaiGowSession, PgZone
from cp_trainer.paigow.setting import Setting

__all__ = ["PG_MIME_TYPE", "PaiGowDeal", "PgZone", "pg_zone_view"]

PG_MIME_TYPE = "application/x-cp-trainer-paigow-cards"

OBJECT_NAMES = {PgZone.HAND: "pgHand", PgZone.HIGH: "pgHigh", PgZone.LOW: "pgLow"}
KEY_ZONES = {Qt.Key.Key_1: PgZone.LOW, Qt.Key.Key_2: PgZone.HIGH, Qt.Key.Key_Backspace: PgZone.HAND,
             Qt.Key.Key_0: PgZone.HAND, Qt.Key.Key_Delete: PgZone.HAND}


class PaiGowDeal(BoardModel[PgCard, PgZone]):
    """Where each of the player's 7 cards lies, as the Pai Gow session's board says."""

    MIME_TYPE = PG_MIME_TYPE

    def __init__(self, session: PaiGowSession, parent: QObject | None = None) -> None:
        self.paigow = session
        super().__init__(session, tuple(PgZone), (PgZone.LOW, PgZone.HIGH), parent)
        self.refresh()

    def ordered(self, zone: PgZone, cards: Sequence[PgCard]) -> tuple[PgCard, ...]:
        """The cards still in hand high to low; a set hand sets first ("2 2 2 4 3", as at the table)."""
        if zone is PgZone.HAND:
            return tuple(sort_for_display(cards))
        return set_order(cards)

    def parse_dragged(self, text: str) -> Sequence[PgCard]:
        return parse_pg_cards(text)

    def full_message(self, zone: PgZone) -> str:
        return {PgZone.HAND: self.tr("Your cards are all in the hand already."),
                PgZone.HIGH: self.tr("The high hand is full (5 cards). Drop the card onto a card there "
                                     "to swap them."),
                PgZone.LOW: self.tr("The low hand is full (2 cards). Drop the card onto a card there to "
                                    "swap them.")}[zone]

    def tooltip(self, card: PgCard, zone: PgZone) -> str:
        return card.label() + " — " + self.tr(
            "drag it to the high or low hand or onto a card to swap; double-click, or press 1 (low), "
            "2 (high), Backspace (back to your cards)")

    def setting(self) -> Setting | None:
        """The player's setting once all 7 cards are placed."""
        return self.paigow.setting()

    def place(self, setting: Setting) -> bool:
        """Put the cards into the given high and low hands at once (e.g. the house way)."""
        return self._do(lambda: self.paigow.place(setting))


def pg_zone_view(deal: PaiGowDeal, zone: PgZone, renderer: CardRenderer,
                 parent: QWidget | None = None) -> CardZoneView[PgCard, PgZone]:
    """One Pai Gow zone as a strip of cards (object names ``pgHand``, ``pgHigh``, ``pgLow``)."""
    view = CardZoneView(deal, zone, renderer, parent, object_name=OBJECT_NAMES[zone], keys=KEY_ZONES)
    view.set_card_height(72)  # the page fits the window at its smallest, 1024 x 700
    return view
