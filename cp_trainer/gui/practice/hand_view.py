"""The History window's view of one stored hand: :func:`~cp_trainer.gui.practice.hand_html.hand_html`
in a text browser, its cards drawn as the table draws them (the same art and card style)."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QTextBrowser, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.practice.hand_html import add_card_images, hand_html
from cp_trainer.history import HandRecord

__all__ = ["HandDetail"]


class HandDetail(QTextBrowser):
    """A stored hand with its cards as pictures, or a line saying what the pane is for."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handDetail")
        self.renderer = renderer
        self.images = 0  # how many different cards the hand shown has pictures of

    def show_hand(self, record: HandRecord, lang: str) -> None:
        text = hand_html(record, lang)
        self.setHtml(text)
        # after setHtml (which starts a new document); the layout then draws the pictures
        self.images = add_card_images(self.document(), text, self.renderer, self.devicePixelRatioF())
        self.document().markContentsDirty(0, self.document().characterCount())

    def show_hint(self, hint: str) -> None:
        """Until a hand is selected: ``hint`` centred in grey (never a blank white box)."""
        self.images = 0
        self.setHtml('<p align="center" style="color:#555555; margin-top:40px;">'
                     + html.escape(hint) + "</p>")
