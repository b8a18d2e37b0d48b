"""Card pictures for the widgets: the SVG art of ``resources/cards/`` rendered to pixmaps.

``CardRenderer().pixmap(card, QSize(100, 140), dpr)`` draws a card at a logical size, sharp on
HiDPI screens (the pixmap has ``size * dpr`` device pixels and ``devicePixelRatio() == dpr``).
``card`` is a :class:`~cp_trainer.rules.cards.Card`, ``"Jk"`` for the joker, or ``None`` for the back.
Results are cached per (style, card, size, dpr), so repainting is cheap.

Cards lower than :data:`BIG_SUIT_BELOW` pixels are drawn for reading rather than from the art: the
rank large and bold in the corner (:func:`draw_index`, inside :func:`rank_index_rect`), the suit
under it and larger again in the lower right. Every widget (table, bots, solver, lessons, Pai Gow)
gets the same picture at the same size.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtSvg import QSvgRenderer

from cp_trainer.gui.cards.style import DEFAULT_CARD_STYLE, INDEX_TEXT, CardStyle, suit_colour
from cp_trainer.rules.cards import Card, Rank
from cp_trainer.support.resources import resource_path

__all__ = [
    "BIG_SUIT_BELOW",
    "CARD_ASPECT",
    "INDEX_FONT",
    "JOKER",
    "CardArtError",
    "CardFace",
    "CardRenderer",
    "card_size",
    "draw_index",
    "rank_index_rect",
]

JOKER = "Jk"
CARD_ASPECT = 250 / 350  # width / height of the art (poker size, 2.5 x 3.5)

CardFace = Card | str | None  # a card, "Jk" (joker) or None (the back)

#: Cards lower than this many pixels get a face drawn for reading: the rank large, the suit large
#: (at smaller sizes the art's small corner spade and club look alike, and its corner Q reads as
#: "O" and J as "I").
#: From this height up the art's own corner index has capitals of 11 px and more.
BIG_SUIT_BELOW = 80
#: A small card's rank index (fractions of the card): its column's left and right, the top of the
#: letters, their cap height, and the room left below the baseline (a fraction of the cap height)
#: for a Q's tail and a J's hook. The column stays within the 42 % of a card that shows when a
#: bot's cards overlap.
_RANK_LEFT, _RANK_RIGHT = 0.06, 0.42
_RANK_TOP, _RANK_CAP, _RANK_DESCENT = 0.04, 0.25, 0.26
#: The index's font: outlines of its glyphs are drawn, made a little bolder at small sizes.
INDEX_FONT = "DejaVu Sans"
#: Where the ace's central pip sits in the art (scripts/make_cards.py: 120 units at the centre of
#: 250 x 350): left and top as fractions of the card, and its size as a fraction of the width.
_ACE_PIP = ((125 - 60) / 250, (175 - 60) / 350, 120 / 250)


class CardArtError(ValueError):
    """The card art is missing or unreadable, or the card key is unknown; names the culprit."""


def rank_index_rect(width: float, height: float) -> QRectF:
    """Where a card ``width`` x ``height`` pixels writes its rank in the top-left corner (inside the
    border; a Q's tail and a J's hook included)."""
    if height < BIG_SUIT_BELOW:
        return QRectF(width * _RANK_LEFT, height * _RANK_TOP, width * (_RANK_RIGHT - _RANK_LEFT),
                      height * (_RANK_TOP + _RANK_CAP * (1 + _RANK_DESCENT)) - height * _RANK_TOP + 1)
    return QRectF(width * 0.03, height * 0.03, width * 0.25, height * 0.195)


def card_size(height: int) -> QSize:
    """The logical size of a card ``height`` pixels tall, keeping the art's proportions."""
    return QSize(max(1, round(height * CARD_ASPECT)), max(1, height))


def _art_key(card: CardFace) -> str:
    if card is None:
        return "back"
    if isinstance(card, Card):
        return str(card)
    if isinstance(card, str):
        if card.strip().lower() in ("jk", "joker"):
            return "joker"
        if card.strip().lower() == "back":
            return "back"
        try:
            return str(Card.parse(card))
        except ValueError:
            pass
    raise CardArtError(f"no card art for {card!r} (use a Card, 'Jk' for the joker or None for the back)")


_GLYPHS: dict[str, tuple[QPainterPath, float]] = {}


def _index_outline(text: str) -> tuple[QPainterPath, float]:
    """``text`` in the bold index font as an outline (100 px em, baseline at y = 0, the glyphs of
    "10" set close together) and the font's cap height."""
    cached = _GLYPHS.get(text)
    if cached is None:
        font = QFont(INDEX_FONT)
        font.setBold(True)
        font.setPixelSize(100)
        path = QPainterPath()
        x = 0.0
        for ch in text:
            glyph = QPainterPath()
            glyph.addText(0, 0, font, ch)
            box = glyph.boundingRect()
            path.addPath(glyph.translated(x - box.left(), 0))
            x += box.width() + 5
        cached = _GLYPHS[text] = (path, QFontMetricsF(font).capHeight())
    return cached


def draw_index(painter: QPainter, text: str, colour: QColor, rect: QRectF, cap: float) -> None:
    """A rank index: ``text`` with capitals ``cap`` pixels high, its top at ``rect``'s top, centred
    in ``rect``'s width and squeezed to fit it (the 10), a little bolder than the font so its
    strokes hold at a few pixels."""
    path, font_cap = _index_outline(text)
    box = path.boundingRect()
    scale_y = cap / font_cap
    scale_x = min(scale_y, rect.width() / box.width())
    left = rect.left() + (rect.width() - box.width() * scale_x) / 2 - box.left() * scale_x
    shape = QTransform(scale_x, 0, 0, scale_y, left, rect.top() + cap).map(path)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(colour, max(0.3, min(1.2, cap * 0.06)), Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    painter.setBrush(colour)
    painter.drawPath(shape)
    painter.restore()


class CardRenderer:
    """Renders card faces, the back and the joker from SVG; switch ``style`` at any time."""

    def __init__(self, style: CardStyle = DEFAULT_CARD_STYLE, *, art_dir: Path | None = None,
                 cache_size: int = 600) -> None:
        self._style = style
        self._art_dir = art_dir if art_dir is not None else resource_path("cards")
        self._svgs: dict[Path, QSvgRenderer] = {}
        self._cache: OrderedDict[tuple[str, int, int, float], QPixmap] = OrderedDict()
        self._cache_size = cache_size

    @property
    def style(self) -> CardStyle:
        return self._style

    @style.setter
    def style(self, style: CardStyle) -> None:
        self._style = CardStyle(style)

    def art_path(self, card: CardFace) -> Path:
        """The SVG file drawn for ``card`` in the current style."""
        key = _art_key(card)
        if key in ("back", "joker"):
            return self._art_dir / f"{key}.svg"
        return self._art_dir / self._style.value / f"{key}.svg"

    def _svg(self, path: Path) -> QSvgRenderer:
        renderer = self._svgs.get(path)
        if renderer is None:
            if not path.is_file():
                raise CardArtError(f"card art is missing: {path} (run scripts/make_cards.py)")
            renderer = QSvgRenderer(str(path))
            if not renderer.isValid():
                raise CardArtError(f"card art is not valid SVG: {path}")
            self._svgs[path] = renderer
        return renderer

    def pixmap(self, card: CardFace, size: QSize | tuple[int, int], dpr: float = 1.0) -> QPixmap:
        """``card`` drawn to fill ``size`` logical pixels at device pixel ratio ``dpr``."""
        width, height = (size.width(), size.height()) if isinstance(size, QSize) else size
        if width <= 0 or height <= 0:
            raise CardArtError(f"card size must be positive, got {width}x{height}")
        dpr = float(dpr) if dpr > 0 else 1.0
        path = self.art_path(card)
        key = (str(path), width, height, dpr)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        pixmap = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if isinstance(card, Card) and height < BIG_SUIT_BELOW:
            self._small_face(painter, card, pixmap.width(), pixmap.height())
        else:
            self._svg(path).render(painter, QRectF(0, 0, pixmap.width(), pixmap.height()))
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        self._cache[key] = pixmap
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return pixmap

    def _small_face(self, painter: QPainter, card: Card, w: int, h: int) -> None:
        """A small card drawn for reading, not for show: the rank large in the corner, the suit
        under it (what still shows when cards overlap, as in a bot's seat) and larger again in the
        lower right, in place of the pips and pictures, which are too small to tell a spade from a
        club at these sizes. Drawn in device pixels ``w`` x ``h``."""
        sx, sy = w / 250, h / 350  # the art's units
        pen = max(1.0, 3 * sx)
        blank = QRectF(pen / 2, pen / 2, w - pen, h - pen)
        painter.setPen(QPen(QColor("#8c8c8c"), pen))
        painter.setBrush(QColor("#fdfdfb"))
        painter.drawRoundedRect(blank, 14 * sx, 14 * sy)
        colour = QColor(suit_colour(card.suit, self._style))
        draw_index(painter, INDEX_TEXT[card.rank], colour, rank_index_rect(w, h), h * _RANK_CAP)
        column = (_RANK_RIGHT - _RANK_LEFT) * w
        under = h * (_RANK_TOP + _RANK_CAP * (1 + _RANK_DESCENT)) + 0.02 * h
        small = w * 0.40  # a little wider than the letters: the suit's shape must read too
        self._suit(painter, card, QRectF(w * _RANK_LEFT + (column - small) / 2, under, small, small))
        big = w * 0.56
        self._suit(painter, card, QRectF(w * 0.95 - big, h * 0.955 - big, big, big))

    def _suit(self, painter: QPainter, card: Card, target: QRectF) -> None:
        """The suit of ``card`` filling ``target``: the ace's big central pip, clipped and scaled."""
        painter.save()
        painter.setClipRect(target)
        ace_w = target.width() / _ACE_PIP[2]  # the ace's card drawn so that its pip fills the target
        ace_h = ace_w / CARD_ASPECT
        self._svg(self.art_path(Card(Rank.ACE, card.suit))).render(
            painter, QRectF(target.x() - _ACE_PIP[0] * ace_w, target.y() - _ACE_PIP[1] * ace_h, ace_w, ace_h))
        painter.restore()

    def clear_cache(self) -> None:
        self._cache.clear()
