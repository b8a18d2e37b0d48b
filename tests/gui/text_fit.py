"""Does a text fit its widget? Font metrics against the room the style gives the text."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QStyle, QStyleOptionFrame


def text_room(edit: QLineEdit) -> int:
    """The width a line edit has for its text: its contents rect less margins (and its own 2 px a side)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    room = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    return room.width() - margins.left() - margins.right() - 4


def placeholder_fits(edit: QLineEdit) -> bool:
    return edit.fontMetrics().horizontalAdvance(edit.placeholderText()) <= text_room(edit)
