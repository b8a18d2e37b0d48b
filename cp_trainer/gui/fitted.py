"""Labels that keep their size whatever their text: the table's controls never move.

A :class:`FittedLabel` is word-wrapped and holds a fixed number of lines of its own font
(``set_lines``), decided by the widget that owns it from the room there is, never from the text
shown. A text that needs more lines is cut at a word and ends in "…"; the whole text is then
its tooltip (before the label's own tooltip, if it has one). ``text()`` is always the whole text.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

__all__ = ["ELLIPSIS", "FittedLabel", "fit_clauses", "fit_words", "needed_height", "reserve_width"]

ELLIPSIS = "…"


def _height_of(metrics: QFontMetrics, width: int, text: str) -> int:
    flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
    return metrics.boundingRect(QRect(0, 0, max(1, width), 100_000), flags, text).height()


def fit_words(metrics: QFontMetrics, width: int, height: int, text: str) -> str:
    """``text`` if it fits ``width`` x ``height`` word-wrapped, else its longest start cut at a
    word that fits with "…" after it."""
    if _height_of(metrics, width, text) <= height:
        return text
    words = text.split(" ")
    lo, hi = 0, len(words)  # the longest prefix of words that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _height_of(metrics, width, " ".join(words[:mid]).rstrip(" ,;:—-") + ELLIPSIS) <= height:
            lo = mid
        else:
            hi = mid - 1
    shown = " ".join(words[:lo]).rstrip(" ,;:—-") + ELLIPSIS
    if lo == 0:  # not even one word: cut the first one by letters
        shown = metrics.elidedText(text.split("\n")[0], Qt.TextElideMode.ElideRight, max(1, width))
    return shown


def fit_clauses(metrics: QFontMetrics, width: int, text: str, sep: str = " · ") -> str:
    """``text`` if it fits ``width`` on one line, else its longest start of whole clauses (parted
    by ``sep``) that fits with "…" after it: a line is shortened by its meaning, never cut in a
    word. A first clause too long alone is cut at a word."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    clauses = text.split(sep)
    for n in range(len(clauses) - 1, 0, -1):
        shown = sep.join(clauses[:n]) + sep + ELLIPSIS
        if metrics.horizontalAdvance(shown) <= width:
            return shown
    words = clauses[0].split(" ")
    for n in range(len(words), 0, -1):
        shown = " ".join(words[:n]).rstrip(" ,;:—-") + ELLIPSIS
        if metrics.horizontalAdvance(shown) <= width:
            return shown
    return ELLIPSIS


def reserve_width(widget: QWidget, texts: tuple[str, ...]) -> None:
    """Make a button or label at least as wide as the widest of the ``texts`` it ever shows, so
    that a change between them moves nothing beside it."""
    widget.ensurePolished()
    current = widget.property("text")
    widest = 0
    for text in texts:
        widget.setProperty("text", text)
        widest = max(widest, widget.sizeHint().width())
    widget.setProperty("text", current)
    widget.setMinimumWidth(widest)


class FittedLabel(QLabel):
    """A word-wrapped label of a fixed number of lines; see the module's docstring."""

    def __init__(self, parent: QWidget | None = None, *, lines: int = 2) -> None:
        super().__init__(parent)
        self._full = ""
        self._forms = [""]
        self._whole_lines = False
        self._own_tip = ""
        self._lines = lines
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._reserve()

    # --- the text -----------------------------------------------------------------------------

    def text(self) -> str:
        """The whole text, however much of it is shown."""
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def is_cut(self) -> bool:
        """Only part of a text shown (not one of its forms whole)."""
        return self.shown_text() not in self._forms

    def setText(self, text: str) -> None:
        self.set_forms([text])

    def set_forms(self, forms: list[str], *, whole_lines: bool = False) -> None:
        """Show the first of ``forms`` (a text and shorter ways of saying it) that fits whole,
        checked again whenever the label's size changes; if none does, the last one cut. The
        first is the whole text: ``text()`` and, when another is shown, the tooltip."""
        self._forms = [f for f in forms if f] or [""]
        self._whole_lines = whole_lines
        self._full = self._forms[0]
        self._fit()

    def clear(self) -> None:
        self.setText("")

    def setToolTip(self, tip: str) -> None:
        self._own_tip = tip
        self._show_tip()

    def _show_tip(self) -> None:
        parts = [self._full] if self.shown_text() != self._full else []
        if self._own_tip:
            parts.append(self._own_tip)
        super().setToolTip("\n\n".join(parts))

    # --- the size -----------------------------------------------------------------------------

    def lines(self) -> int:
        return self._lines

    def set_lines(self, lines: int) -> None:
        if lines != self._lines:
            self._lines = lines
            self._reserve()

    def line_height(self) -> int:
        self.ensurePolished()
        return self.fontMetrics().lineSpacing()

    def extra_height(self) -> int:
        """Frame, margins and padding around the text (a style sheet's border and padding are in
        the contents margins)."""
        m = self.contentsMargins()
        return m.top() + m.bottom() + 2 * self.margin()

    def _needs(self, text: str, width: int | None = None) -> int:
        """The height QLabel lays ``text`` out in at the label's width, or at ``width`` (its own
        height for width: a few pixels more than the font's boundingRect, and what decides
        whether the last line is drawn whole)."""
        if super().text() != text:
            super().setText(text)
        fixed = self.minimumHeight()
        if fixed:  # QLabel's answer is never below its minimum height: the text's own height
            self.setMinimumHeight(0)
        need = QLabel.heightForWidth(self, max(1, self.width() if width is None else width))
        if fixed:
            self.setMinimumHeight(fixed)
        return need

    def lines_for(self, texts: list[str], width: int, most: int) -> int:
        """The fewest lines (1 to ``most``) in which QLabel lays out each of ``texts`` whole when
        the label is ``width`` wide (frame and padding included): the font's own measure of the
        wrapped text is a line short where QLabel breaks the words differently (the foul
        banner's longest text would be cut a line early)."""
        self.ensurePolished()
        shown = super().text()
        need = max((self._needs(text, width) for text in texts), default=0)
        if super().text() != shown:
            super().setText(shown)
        lines = 1
        while lines < most and self.height_for_lines(lines) < need:
            lines += 1
        return lines

    def height_for_lines(self, lines: int) -> int:
        """The height QLabel itself needs for ``lines`` lines of its font (measured on such a text)."""
        self.ensurePolished()
        shown = super().text()
        need = self._needs("\n".join(["Ág"] * max(1, lines)))
        if super().text() != shown:
            super().setText(shown)
        # never less than the lines' spacing and the frame (plus a pixel or two a line rounds to)
        return max(need, lines * self.line_height() + self.extra_height() + 2)

    def _reserve(self) -> None:
        self.setFixedHeight(self.height_for_lines(self._lines))
        self._fit()

    def _fit(self) -> None:
        shown = self._full
        if self.isVisible() or self.width() > 1:  # cut only once the label has its real width
            room = self.height()
            fitting = [f for f in self._forms[:-1] if self._fits(f, room)]
            shown = fitting[0] if fitting else self._cut(self._forms[-1])
        if super().text() != shown:
            super().setText(shown)
        self._show_tip()

    def _fits(self, text: str, room: int) -> bool:
        """``text`` fits whole; with ``whole_lines`` each of its lines on one line (not wrapped)."""
        if self._whole_lines:
            width = self.contentsRect().width() - 2 * self.margin()
            if any(self.fontMetrics().horizontalAdvance(line) > width for line in text.split("\n")):
                return False
        return self._needs(text) <= room

    def _cut(self, text: str) -> str:
        """``text`` if QLabel lays it out within the label's height, else its longest start cut
        at a word that does, with "…" after it."""
        room = self.height()
        if self._needs(text) <= room:
            return text
        rect = self.contentsRect().adjusted(self.margin(), self.margin(), -self.margin(), -self.margin())
        # the font's measure first (fast), then words dropped until QLabel's own layout fits
        guess = fit_words(self.fontMetrics(), rect.width(), self._lines * self.line_height(), text)
        words = guess.removesuffix(ELLIPSIS).split(" ") if guess.endswith(ELLIPSIS) else text.split(" ")
        while words:
            shown = " ".join(words).rstrip(" ,;:—-") + ELLIPSIS
            if self._needs(shown) <= room:
                return shown
            words.pop()
        return self.fontMetrics().elidedText(text.split("\n")[0], Qt.TextElideMode.ElideRight,
                                             max(1, rect.width()))

    def hasHeightForWidth(self) -> bool:
        return False  # its height is fixed: the layout must not ask the text

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._reserve()


def needed_height(widget: QWidget) -> int:
    """The least height of ``widget``'s content at its width, as its layout gives it (word-wrapped
    texts at their height for that width)."""
    layout = widget.layout()
    if layout is None:
        return 0
    need = layout.minimumSize().height()
    if layout.hasHeightForWidth():
        need = max(need, layout.totalHeightForWidth(widget.width()))
    return need
