"""How the Pai Gow page shares its room: the width between the game and the EV panel, and the
cards as large as the game's share and the page's height allow, growing with the window.

:class:`PageFit` does it for a page built of a :class:`GameSide` (the game's column and what in
it holds cards) and an :class:`~cp_trainer.gui.paigow.ev_panel.EvPanel`; the page calls
:meth:`PageFit.fit` when it is resized, shown, or its texts change. The searches are the shared
ones of :mod:`cp_trainer.gui.cards.fitting`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QGridLayout, QLabel, QLayout, QWidget

from cp_trainer.gui.cards.fitting import largest_fitting, widest_fitting
from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.paigow.ev_panel import EvPanel
from cp_trainer.gui.paigow.mini_setting import MiniSetting, strip_width
from cp_trainer.paigow.cards import PgCard
from cp_trainer.paigow.session import PgZone

__all__ = ["MAX_CARD_HEIGHT", "MIN_CARD_HEIGHT", "NAME_MIN_WIDTH", "GameSide", "PageFit"]

NAME_MIN_WIDTH = 100  # a hand's name beside its cards (two lines when the window is small)

# the player's cards' height bounds (pixels): the page scales them with the window
MIN_CARD_HEIGHT = 48
MAX_CARD_HEIGHT = 150
HEIGHT_STEP = 2
PAGE_SLACK = 20  # the page's height the game's column leaves free


@dataclass(frozen=True)
class GameSide:
    """The game's side of the page, as the fitting sizes it: the ``column`` that must fit the
    page's height, the player's card ``views`` on a ``grid`` beside row ``titles``, and the
    ``dealer``'s small cards."""

    column: QWidget
    views: Sequence[CardZoneView[PgCard, PgZone]]
    dealer: MiniSetting
    titles: Sequence[QLabel]
    grid: QGridLayout


class PageFit:
    """Sizes ``page``'s two sides and their cards (see the module)."""

    def __init__(self, page: QWidget, game: GameSide, panel: EvPanel) -> None:
        self.page = page
        self.game = game
        self.panel = panel

    def fit(self) -> None:
        """Share the width between the game and the EV panel, and size the cards to the game's
        share and the page's height."""
        if self.page.width() <= 0 or self.page.height() <= 0:
            return
        panel_width, game_width = self.split()
        self.panel.setMinimumWidth(self.panel.needed_width())
        height = self.height_across(game_width)
        largest_fitting(height, MIN_CARD_HEIGHT, self.show_height, self.column_fits, HEIGHT_STEP)
        self.panel.fit_cards(panel_width)

    def split(self) -> tuple[int, int]:
        """The EV panel's width and the game's: two fifths of the page to the panel, or what its
        table needs if more."""
        outer = self.page.layout()
        assert outer is not None
        margins = outer.contentsMargins()
        inner = self.page.width() - margins.left() - margins.right() - outer.spacing()
        panel_width = max(self.panel.needed_width(), inner * 2 // 5)
        return panel_width, inner - panel_width

    def height_across(self, game_width: int) -> int:
        """The largest card height whose 7-card strip, and 5-card strip beside a hand's name,
        fit ``game_width`` beside the row titles."""
        titles = max(t.sizeHint().width() for t in self.game.titles) + 2 * self.game.grid.spacing()

        def fits(height: int) -> bool:
            return (titles + strip_width(height, 5) + NAME_MIN_WIDTH <= game_width
                    and titles + strip_width(height, 7) <= game_width)

        return widest_fitting(MAX_CARD_HEIGHT, MIN_CARD_HEIGHT, fits, HEIGHT_STEP)

    def show_height(self, height: int) -> None:
        """The player's cards ``height`` pixels high, the dealer's three quarters of that, and
        the game's column laid out again."""
        for view in self.game.views:
            if view.iconSize().height() != height:
                view.set_card_height(height)
        self.game.dealer.set_card_height(max(MIN_CARD_HEIGHT - 8, height * 3 // 4))
        column = self._column()
        for child in column.findChildren(QGridLayout):
            child.invalidate()
        column.invalidate()

    def column_fits(self) -> bool:
        """Whether the game's column, as laid out now, fits the page's height."""
        return self._column().minimumSize().height() <= self.page.height() - PAGE_SLACK

    def _column(self) -> QLayout:
        column = self.game.column.layout()
        assert column is not None
        return column
