"""WCAG 2 contrast, and measuring it on a grabbed widget: readable everywhere.

:func:`contrast_ratio` is the WCAG 2.x formula (relative luminance of sRGB colours, then
``(L1 + 0.05) / (L2 + 0.05)``); AA asks 4.5:1 for text. :func:`text_contrasts` measures every
visible text-bearing widget of a window as drawn: the background is the colour painted most
often in the widget's text area of the grabbed image, the text colour is the widget's own
(palette or style sheet), and the pixel painted farthest from that background checks it (a
colour drawn by rich text or a style that the palette does not know). The lower of the two is
the widget's contrast.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QItemDelegate,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyledItemDelegate,
    QTabBar,
    QTextEdit,
    QToolButton,
    QWidget,
)

__all__ = ["AA_TEXT", "Measure", "contrast_ratio", "luminance", "painted_contrast", "text_contrasts"]

#: WCAG 2 level AA for normal-size text.
AA_TEXT = 4.5


def _channel(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor | str) -> float:
    """The relative luminance of an sRGB colour (0 black .. 1 white), as WCAG 2 defines it."""
    c = QColor(colour)
    return 0.2126 * _channel(c.red()) + 0.7152 * _channel(c.green()) + 0.0722 * _channel(c.blue())


def contrast_ratio(a: QColor | str, b: QColor | str) -> float:
    """WCAG 2 contrast between two colours: 1 (same) .. 21 (black on white), order irrelevant."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


@dataclass(frozen=True)
class Measure:
    """One widget's text as drawn: its colours and their contrast."""

    widget: str  # class, object name and text, to say which widget fails
    text: QColor
    background: QColor
    ratio: float

    def __str__(self) -> str:
        return f"{self.widget}: {self.text.name()} on {self.background.name()} = {self.ratio:.2f}"


def _pixels(image: QImage, rect: QRect) -> Iterator[QColor]:
    """The colours of ``rect`` in ``image`` (device pixels; every other pixel of a large area)."""
    ratio = image.devicePixelRatio()
    r = QRect(int(rect.x() * ratio), int(rect.y() * ratio), int(rect.width() * ratio),
              int(rect.height() * ratio)).intersected(image.rect())
    step = 1 if r.width() * r.height() <= 40_000 else 2
    for y in range(r.top(), r.bottom() + 1, step):
        for x in range(r.left(), r.right() + 1, step):
            yield image.pixelColor(x, y)


def _ring(rect: QRect, width: int = 2) -> list[QRect]:
    """The band ``width`` pixels wide just inside ``rect``'s edges: what lies behind the text."""
    w = min(width, rect.width() // 2, rect.height() // 2) or 1
    left, top, width_, height = rect.left(), rect.top(), rect.width(), rect.height()
    return [QRect(left, top, width_, w), QRect(left, rect.bottom() - w + 1, width_, w),
            QRect(left, top, w, height), QRect(rect.right() - w + 1, top, w, height)]


def _dominant(colours: Iterable[QColor]) -> QColor | None:
    """The colour painted most often, shades of a gradient counted together (16 levels a channel)."""
    buckets: dict[tuple[int, int, int], list[QColor]] = {}
    for c in colours:
        buckets.setdefault((c.red() >> 4, c.green() >> 4, c.blue() >> 4), []).append(c)
    if not buckets:
        return None
    most = max(buckets.values(), key=len)
    n = len(most)
    return QColor(round(sum(c.red() for c in most) / n), round(sum(c.green() for c in most) / n),
                  round(sum(c.blue() for c in most) / n))


def painted_contrast(image: QImage, rect: QRect) -> tuple[QColor, QColor, float] | None:
    """(background, colour farthest from it, their contrast) in ``rect`` of ``image``: the
    background is the colour painted most often along the rect's edges (text seldom reaches them,
    and bold text can outnumber a gradient's every single shade inside)."""
    background = _dominant(c for band in _ring(rect) for c in _pixels(image, band))
    if background is None:
        return None
    colours = {c.rgb() for c in _pixels(image, rect)}
    farthest = max((QColor.fromRgb(rgb) for rgb in colours), key=lambda c: contrast_ratio(c, background))
    return background, farthest, contrast_ratio(farthest, background)


def _text_of(w: QWidget) -> str:
    if isinstance(w, QLabel):
        return "" if w.pixmap() is not None and not w.pixmap().isNull() else w.text()
    if isinstance(w, QAbstractButton):
        return w.text()
    if isinstance(w, QGroupBox):
        return w.title()
    if isinstance(w, QLineEdit):
        return w.text() or w.placeholderText()
    if isinstance(w, QComboBox):
        return w.currentText()
    if isinstance(w, QTextEdit):
        return w.toPlainText()
    return ""


def _roles(w: QWidget) -> tuple[QPalette.ColorRole, QWidget]:
    """The palette role a widget's text is drawn in, and the widget whose area shows it."""
    if isinstance(w, QPushButton | QToolButton) or (isinstance(w, QComboBox) and not w.isEditable()):
        return QPalette.ColorRole.ButtonText, w
    if isinstance(w, QLineEdit | QComboBox):
        return QPalette.ColorRole.Text, w
    if isinstance(w, QTextEdit):
        return QPalette.ColorRole.Text, w.viewport()
    return QPalette.ColorRole.WindowText, w


def _text_rect(w: QWidget, area: QWidget) -> QRect:
    """Where the text of ``w`` is drawn, in ``area``'s coordinates (a check box's without its box)."""
    rect = area.rect()
    if isinstance(w, QCheckBox | QRadioButton):
        style = w.style()
        metric = (QStyle.PixelMetric.PM_IndicatorWidth if isinstance(w, QCheckBox)
                  else QStyle.PixelMetric.PM_ExclusiveIndicatorWidth)
        skip = style.pixelMetric(metric, None, w) + style.pixelMetric(
            QStyle.PixelMetric.PM_CheckBoxLabelSpacing, None, w) + 2
        rect.setLeft(rect.left() + skip)
    elif isinstance(w, QPushButton | QToolButton | QComboBox | QLineEdit):
        rect = rect.adjusted(3, 3, -3, -3)  # the frame is not behind the text
    elif isinstance(w, QGroupBox):
        rect.setHeight(w.fontMetrics().height() + 2)
    elif isinstance(w, QLabel):
        m = w.margin()  # inside its frame, border, padding and margin (a tooltip's, a banner's)
        rect = w.contentsRect().adjusted(m, m, -m, -m)
    return rect


def _describe(w: QWidget, text: str) -> str:
    short = text if len(text) <= 40 else text[:37] + "…"
    return f"{type(w).__name__}#{w.objectName()} {short!r}"


def _widgets(root: QWidget) -> Iterable[QWidget]:
    yield root
    yield from root.findChildren(QWidget)


def text_contrasts(root: QWidget, image: QImage | None = None) -> list[Measure]:
    """The contrast of every visible, enabled widget with text in window ``root`` (grabbed now
    unless ``image`` is given). Item views and tab bars are measured on their viewport/tabs."""
    image = image if image is not None else root.grab().toImage()
    found: list[Measure] = []
    for w in _widgets(root):
        if not w.isVisible() or not w.isEnabled() or w.window() is not root:
            continue
        if isinstance(w, QAbstractItemView):
            if type(w.itemDelegate()) not in (QStyledItemDelegate, QItemDelegate):
                continue  # a delegate of its own (the card views) draws pictures, not text
            role, area, rect = QPalette.ColorRole.Text, w.viewport(), w.viewport().rect()
            text = f"{w.model().rowCount() if w.model() is not None else 0} rows"
        elif isinstance(w, QTabBar):
            role, area, rect, text = QPalette.ColorRole.WindowText, w, w.rect(), w.tabText(w.currentIndex())
        else:
            text = _text_of(w)
            if not text.strip():
                continue
            role, area = _roles(w)
            rect = _text_rect(w, area)
        if rect.width() < 2 or rect.height() < 2:
            continue
        origin = area.mapTo(root, QPoint(0, 0))
        painted = painted_contrast(image, rect.translated(origin))
        if painted is None:
            continue
        background, farthest, drawn = painted
        colour = w.palette().color(QPalette.ColorGroup.Active, role)
        own = contrast_ratio(colour, background)
        ratio = min(own, drawn) if text.strip() and not isinstance(w, QAbstractItemView | QTabBar) else own
        found.append(Measure(_describe(w, text), colour if own <= drawn else farthest, background, ratio))
    return found


def settle_texts(widget: QWidget) -> None:
    for _ in range(3):
        QApplication.processEvents()


def assert_readable(widget: QWidget, least: int = 1) -> list[Measure]:
    """Every text of ``widget``'s window (grabbed now) at WCAG AA; ``least`` texts at least were measured."""
    settle_texts(widget)
    window = widget.window()
    found = text_contrasts(window)
    assert len(found) >= least, [str(m) for m in found]
    bad = [str(m) for m in found if m.ratio < AA_TEXT]
    assert not bad, f"{window.objectName() or type(window).__name__}: " + "; ".join(bad)
    return found
