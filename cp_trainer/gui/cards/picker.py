"""Picking cards by clicking: a grid of card buttons and a three-row editor.

:class:`CardPicker` shows cards as buttons (the whole deck, or a given hand) and emits
:attr:`CardPicker.picked`; cards already used elsewhere are disabled. :class:`RowsEditor` holds
three typed rows (top 3, middle 5, bottom 5): a picked card goes to the row last focused, or the
next one with room. The rows stay editable as text (``As Kd``, ``A♠ K♦``, ``10h`` all work).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QLineEdit,
    QStyle,
    QStyleOptionFrame,
    QToolButton,
    QWidget,
)

from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.style import DEFAULT_CARD_STYLE, CardStyle, suit_colour
from cp_trainer.gui.translation import follow_language
from cp_trainer.rules.cards import FULL_DECK, Card, CardParseError, Rank, parse_cards

__all__ = ["USED_BACKGROUND", "USED_TEXT", "CardPicker", "RowsEditor", "ShowsCards", "card_style_of",
           "fitting_width", "picker_style_sheet", "typed"]

ROW_SIZES = (3, 5, 5)
# a card already placed: mid grey, not bold, on a grey face with a dashed edge: plainly not on
# offer, yet legible (light grey on near-white measures about 1.7:1; this is above 3:1)
USED_TEXT = "#6e6e6e"
USED_BACKGROUND = "#dedede"


@runtime_checkable
class ShowsCards(Protocol):
    """A window that draws cards (the main window): its renderer says the card style in use."""

    @property
    def renderer(self) -> CardRenderer: ...


def card_style_of(widget: QWidget | None) -> CardStyle:
    """The card style of the window ``widget`` sits in (a :class:`ShowsCards`), else the default:
    the buttons are coloured like the cards on the table (four colours for colour-blind players)."""
    while widget is not None:
        if isinstance(widget, ShowsCards) and isinstance(widget.renderer, CardRenderer):
            return widget.renderer.style
        widget = widget.parentWidget()
    return DEFAULT_CARD_STYLE


def typed(card: Card) -> str:
    """A picked card as the rows write it: ``As``, ``10d`` (ten as on the card, not ``Td``)."""
    return ("10" if card.rank is Rank.TEN else card.rank.char) + card.suit.value


def picker_style_sheet(card: Card, style: CardStyle) -> str:
    """A card button's colours: its suit's colour, and clearly greyed out once the card is used
    (a style sheet's colour would otherwise keep a disabled button looking as available as the rest)."""
    return (f"QToolButton {{ color: {suit_colour(card.suit, style)}; font-weight: bold; }}"
            f"QToolButton:disabled {{ color: {USED_TEXT}; background: {USED_BACKGROUND}; "
            f"font-weight: normal; border: 1px dashed {USED_TEXT}; }}")


class CardPicker(QWidget):
    """Cards to click. With a ``renderer`` each button shows the card's picture (``card_height``
    tall; a used card's picture is drawn greyed); without one, its rank and suit in the suit's colour."""

    picked = Signal(object)  # Card

    def __init__(self, cards: Sequence[Card] | None = None, parent: QWidget | None = None, *,
                 columns: int = 13, renderer: CardRenderer | None = None, card_height: int = 60) -> None:
        super().__init__(parent)
        self.setObjectName("cardPicker")
        self.buttons: dict[Card, QToolButton] = {}
        style = renderer.style if renderer is not None else card_style_of(parent)
        grid = QGridLayout(self)
        grid.setSpacing(2)
        grid.setContentsMargins(0, 0, 0, 0)
        # The whole deck: one line per suit, ranks ascending; a hand: as given.
        deck = list(cards) if cards is not None else sorted(FULL_DECK, key=lambda c: (c.suit.index, c.rank))
        for i, card in enumerate(deck):
            b = QToolButton(self)
            b.setObjectName(f"pick_{card}")
            b.setText(card.label())  # as printed on it: 10♣, not T♣
            b.setAccessibleName(card.label())
            if renderer is not None:
                size = card_size(card_height)
                picture = renderer.pixmap(card, size, self.devicePixelRatioF())
                icon = QIcon(picture)
                icon.addPixmap(_greyed(picture), QIcon.Mode.Disabled)
                b.setIcon(icon)
                b.setIconSize(size)
                b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            else:
                b.setMinimumWidth(34)
                b.setStyleSheet(picker_style_sheet(card, style))
            b.setAutoRaise(False)
            b.setToolTip(card.label())
            b.setProperty("card", str(card))
            b.clicked.connect(self._clicked)
            grid.addWidget(b, i // columns, i % columns)
            self.buttons[card] = b

    def _clicked(self) -> None:
        button = self.sender()
        text = button.property("card") if button is not None else None
        if isinstance(text, str):
            self.picked.emit(Card.parse(text))

    def set_used(self, used: Iterable[Card]) -> None:
        """Disable (and grey) the cards already placed."""
        taken = set(used)
        for card, button in self.buttons.items():
            free = card not in taken
            if button.isEnabled() != free:
                button.setEnabled(free)


def _greyed(picture: QPixmap) -> QPixmap:
    """A used card: its picture faded to a light grey, so it stands apart from the cards left."""
    out = QPixmap(picture.size())
    out.setDevicePixelRatio(picture.devicePixelRatio())
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    painter.setOpacity(0.25)
    painter.drawPixmap(0, 0, picture)
    painter.end()
    return out


def fitting_width(edit: QLineEdit, text: str) -> int:
    """The width ``edit`` needs to show ``text`` whole (its frame and margins included)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    frame = edit.width() - edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option,
                                                        edit).width()
    margins = edit.textMargins()
    return edit.fontMetrics().horizontalAdvance(text) + max(frame, 4) + margins.left() + margins.right() + 6


class _RowEdit(QLineEdit):
    """A row's text field that says when it gets the focus (picked cards then go to it)."""

    focused = Signal()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.focused.emit()


class RowsEditor(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, prefix: str = "") -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.edits: list[QLineEdit] = []
        self.titles: list[QLabel] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, name in enumerate(("top", "middle", "bottom")):
            title = QLabel(self)
            edit = _RowEdit(self)
            edit.setObjectName(f"{prefix}{name}RowEdit")
            edit.textChanged.connect(self._text_changed)
            edit.setProperty("row", i)
            edit.focused.connect(self._focused)
            grid.addWidget(title, i, 0)
            grid.addWidget(edit, i, 1)
            self.titles.append(title)
            self.edits.append(edit)
        self.target = 0
        self.retranslate()

    def retranslate(self) -> None:
        names = (self.tr("Top (3)"), self.tr("Middle (5)"), self.tr("Bottom (5)"))
        for title, text in zip(self.titles, names, strict=True):
            title.setText(text)
        tips = (self.tr("The top row: 3 cards. Click cards in the deck, or type them (As Kd 10h)."),
                self.tr("The middle row: 5 cards. Click cards in the deck, or type them (As Kd 10h)."),
                self.tr("The bottom row: 5 cards. Click cards in the deck, or type them (As Kd 10h)."))
        placeholder = self.tr("e.g. As Kd 10h")
        for edit, tip in zip(self.edits, tips, strict=True):
            edit.setPlaceholderText(placeholder)
            edit.setToolTip(tip)
            edit.setMinimumWidth(fitting_width(edit, placeholder))

    def _text_changed(self, _text: str) -> None:
        self.changed.emit()

    def _focused(self) -> None:
        edit = self.sender()
        row = edit.property("row") if edit is not None else None
        if isinstance(row, int):
            self.target = row

    def row_tokens(self, row: int) -> list[str]:
        return self.edits[row].text().split()

    def add_card(self, card: Card) -> bool:
        """Put ``card`` in the target row, or the next row with room; False when all are full."""
        for step in range(3):
            row = (self.target + step) % 3
            if len(self.row_tokens(row)) < ROW_SIZES[row]:
                self.edits[row].setText(" ".join([*self.row_tokens(row), typed(card)]))
                if len(self.row_tokens(row)) >= ROW_SIZES[row]:
                    self.target = (row + 1) % 3
                else:
                    self.target = row
                return True
        return False

    def text(self) -> str:
        """The rows as arrangement text, top first: ``"Qs Jc 2s / ... / ..."``."""
        return " / ".join(e.text().strip() for e in self.edits)

    def set_text(self, text: str) -> None:
        rows = [r.strip() for r in text.split("/")]
        for edit, row in zip(self.edits, [*rows, "", "", ""][:3], strict=True):
            edit.setText(row)

    def cards(self) -> list[Card]:
        """The readable cards in the rows (unreadable tokens are left for the check to report)."""
        out: list[Card] = []
        for edit in self.edits:
            for token in edit.text().split():
                try:
                    out.extend(parse_cards(token))
                except CardParseError:
                    continue
        return out

    def clear(self) -> None:
        for edit in self.edits:
            edit.setText("")
        self.target = 0
