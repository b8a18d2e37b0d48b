"""A widget that shows a matplotlib figure, drawn with matplotlib's public Agg API.

The figure is drawn by :class:`~matplotlib.backends.backend_agg.FigureCanvasAgg` into an image
that :meth:`ChartCanvas.paintEvent` puts on screen. Matplotlib's Qt backend is not used: the
repaint goes through Qt's own :meth:`~PySide6.QtWidgets.QWidget.update`, which ends with the
widget, so no timer outlives a closed window and nothing of matplotlib's internals is touched.
"""

from __future__ import annotations

from matplotlib.backend_bases import RendererBase
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PySide6.QtCore import QSize
from PySide6.QtGui import QImage, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

__all__ = ["ChartCanvas"]


class ChartCanvas(QWidget):
    """Shows ``figure`` at the widget's size (and the screen's pixel ratio). :meth:`draw_idle`
    asks for a redraw at the next paint; :meth:`draw` draws at once."""

    def __init__(self, figure: Figure, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.figure = figure
        self.agg = FigureCanvasAgg(figure)
        self._dpi = float(figure.dpi)  # dots per logical inch; times the pixel ratio on screen
        self._image: QImage | None = None
        self._stale = True
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        width, height = (round(v) for v in figure.get_size_inches() * self._dpi)
        self._hint = QSize(width, height)
        self.resize(self._hint)

    def sizeHint(self) -> QSize:
        return self._hint

    def minimumSizeHint(self) -> QSize:
        return QSize(10, 10)

    def draw_idle(self) -> None:
        """Redraw the figure when the widget is next painted (at once if it is not shown)."""
        self._stale = True
        self.update()

    def draw(self) -> None:
        """Draw the figure now, at the widget's size (its text and ticks are then laid out)."""
        ratio = self.devicePixelRatioF()
        if self.width() > 0 and self.height() > 0:
            self.figure.set_dpi(self._dpi * ratio)
            self.figure.set_size_inches(self.width() / self._dpi, self.height() / self._dpi,
                                        forward=False)
        self.agg.draw()  # type: ignore[no-untyped-call]
        pixels = self.agg.buffer_rgba()  # type: ignore[no-untyped-call]
        height, width = pixels.shape[0], pixels.shape[1]
        image = QImage(pixels.tobytes(), width, height, 4 * width, QImage.Format.Format_RGBA8888)
        image.setDevicePixelRatio(ratio)
        self._image = image.copy()  # its own pixels, not the bytes above
        self._stale = False

    def get_renderer(self) -> RendererBase:
        """The renderer of the last :meth:`draw` (for measuring the figure's texts)."""
        renderer: RendererBase = self.agg.get_renderer()  # type: ignore[no-untyped-call]
        return renderer

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._stale = True

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._stale or self._image is None:
            self.draw()
        painter = QPainter(self)
        try:
            if self._image is not None:
                painter.drawImage(0, 0, self._image)
        finally:
            painter.end()
