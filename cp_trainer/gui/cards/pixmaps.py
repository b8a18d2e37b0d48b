"""Card pictures for the widgets: the SVG art of ``resources/cards/`` rendered to pixmaps.

``CardRenderer().pixmap(card, QSize(100, 140), dpr)`` draws a card at a logical size, sharp on
HiDPI screens (the pixmap has ``size * dpr`` device pixels and ``devicePixelRatio() == dpr``).
``card`` is a :class:`~cp_trainer.cards.Card`, ``"Jk"`` for the joker, or ``None`` for the back.
Results are cached per (style, card, size, dpr), so repainting is cheap.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from cp_trainer.cards import Card, Rank
from cp_trainer.gui.cards.style import DEFAULT_CARD_STYLE, CardStyle
from cp_trainer.resources import resource_path

__all__ = ["BIG_SUIT_BELOW", "CARD_ASPECT", "JOKER", "CardArtError", "CardFace", "CardRenderer", "card_size"]

JOKER = "Jk"
CARD_ASPECT = 250 / 350  # width / height of the art (poker size, 2.5 x 3.5)

CardFace = Card | str | None  # a card, "Jk" (joker) or None (the back)

#: Cards lower than this many pixels get their suit drawn large (issue 12: at the bots' and the
#: solver's sizes the corner's small spade and club looked alike).
BIG_SUIT_BELOW = 60
#: Where the ace's central pip sits in the art (scripts/make_cards.py: 120 units at the centre of
#: 250 x 350): left and top as fractions of the card, and its size as a fraction of the width.
_ACE_PIP = ((125 - 60) / 250, (175 - 60) / 350, 120 / 250)


class CardArtError(ValueError):
    """The card art is missing or unreadable, or the card key is unknown; names the culprit."""


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
        self._svg(path).render(painter, QRectF(0, 0, pixmap.width(), pixmap.height()))
        if isinstance(card, Card) and height < BIG_SUIT_BELOW:
            self._big_suit(painter, card, pixmap)
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        self._cache[key] = pixmap
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return pixmap

    def _big_suit(self, painter: QPainter, card: Card, pixmap: QPixmap) -> None:
        """A small card drawn for reading, not for show: its rank in the corner as the art has it,
        then the suit large under the rank (what still shows when cards overlap, as in a bot's
        seat) and larger again in the lower right, in place of the pips and pictures, which are
        too small to tell a spade from a club at these sizes."""
        w, h = pixmap.width(), pixmap.height()
        background = pixmap.toImage().pixelColor(max(0, round(w * 0.06)), round(h * 0.97) - 1)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # no seam between the two
        painter.fillRect(QRectF(w * 0.03, h * 0.20, w * 0.94, h * 0.77).toRect(), background)
        # and beside the rank
        painter.fillRect(QRectF(w * 0.265, h * 0.02, w * 0.71, h * 0.20).toRect(), background)
        painter.restore()
        self._suit(painter, card, QRectF(w * 0.04, h * 0.23, w * 0.40, w * 0.40))
        self._suit(painter, card, QRectF(w * 0.38, h * 0.50, w * 0.56, w * 0.56))

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
