"""The Drill page's Alt-key underlines, drawn only while Alt is held (as on Windows), not always:
the page's titles and buttons read cleaner."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleHintReturn, QStyleOption, QWidget

from cp_trainer.gui.lifetimes import keep_alive

__all__ = ["AltUnderlines", "underline_while_alt"]


class AltUnderlines(QProxyStyle):
    """The keyboard-shortcut underlines drawn only while Alt is held."""

    def styleHint(self, hint: QStyle.StyleHint, option: QStyleOption | None = None,
                  widget: QWidget | None = None, returnData: QStyleHintReturn | None = None) -> int:
        if hint == QStyle.StyleHint.SH_UnderlineShortcut:
            return int(bool(QGuiApplication.queryKeyboardModifiers() & Qt.KeyboardModifier.AltModifier))
        return super().styleHint(hint, option, widget, returnData)


class _AltWatcher(QObject):
    """The application's key events: Alt pressed or released anywhere draws the underlines of
    ``widgets`` again (shown while it is held)."""

    def __init__(self, widgets: list[QWidget], parent: QObject) -> None:
        super().__init__(parent)
        self.widgets = widgets

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease) and isinstance(event, QKeyEvent) \
                and event.key() == Qt.Key.Key_Alt:
            for keyed in self.widgets:
                keyed.update()
        return False


def underline_while_alt(widgets: Sequence[QWidget], owner: QWidget) -> AltUnderlines:
    """``widgets`` underline their Alt-keys only while Alt is held; the style they share is
    returned (its owner keeps it), the watcher of the Alt key is ``owner``'s child."""
    style = AltUnderlines()
    keyed = list(widgets)
    for widget in keyed:
        widget.setStyle(style)
    app = QGuiApplication.instance()
    if app is not None:  # a child of the owner, owned until the owner dies
        watcher = _AltWatcher(keyed, owner)
        keep_alive(owner, watcher)
        app.installEventFilter(watcher)
    return style
