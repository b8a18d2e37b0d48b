"""The Drill page's rows: your rows in column 1, the best arrangement beside them in column 2
(a placeholder before the grade, the live check under it while the hand is set), each row's hand
in words in column 3, the hand below both."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.drill.views import MiniArrangement
from cp_trainer.gui.table.live_check import make_banner
from cp_trainer.gui.table.models import ROWS, DealModel, Zone
from cp_trainer.gui.table.zones import zone_view
from cp_trainer.rules.cards import Card

__all__ = ["DrillRows"]


class DrillRows(QGridLayout):
    """The grid of the page's rows; its widgets are ``page``'s children (the page words them)."""

    def __init__(self, page: QWidget, deal: DealModel, renderer: CardRenderer, card_height: int,
                 focus_step: Callable[[int], None]) -> None:
        super().__init__()
        self.yours_label = QLabel(page)
        self.addWidget(self.yours_label, 0, 1)
        self.best_label = QLabel(page)
        self.addWidget(self.best_label, 0, 2)
        self.row_labels: dict[Zone, QLabel] = {}
        self.row_names: dict[Zone, QLabel] = {}  # each row's hand as it forms, as on the table
        self.views: dict[Zone, CardZoneView[Card, Zone]] = {}
        for i, zone in enumerate((*ROWS, Zone.HAND), start=1):
            label = QLabel(page)
            label.setObjectName("rowTitle")  # the table's yellow bold row titles
            self.row_labels[zone] = label
            view = zone_view(deal, zone, renderer, page)
            view.set_card_height(card_height)
            view.focusStep.connect(focus_step)
            label.setBuddy(view)
            self.views[zone] = view
            self.addWidget(label, i, 0)
            if zone is Zone.HAND:
                self.addWidget(view, i, 1, 1, 2)
            else:
                self.addWidget(view, i, 1)
                name = QLabel(page)
                name.setObjectName("drillRowName")
                name.setWordWrap(True)
                name.setMinimumWidth(name.fontMetrics().averageCharWidth() * 22)  # the table keeps 24
                self.row_names[zone] = name
                self.addWidget(name, i, 3, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        self._build_best(page, renderer, card_height)
        self.setColumnStretch(3, 1)

    def _build_best(self, page: QWidget, renderer: CardRenderer, card_height: int) -> None:
        """The best arrangement's rows beside yours, row by row and at your cards' size (a
        placeholder before the grade)."""
        self.best_view = MiniArrangement(renderer, card_height, page)
        self.best_view.setObjectName("drillBest")
        for r, row in enumerate(self.best_view.rows, start=1):
            self.addWidget(row, r, 2, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        self.best_placeholder = QLabel(page)
        self.best_placeholder.setObjectName("drillBestPlaceholder")
        self.best_placeholder.setWordWrap(True)
        self.best_placeholder.setContentsMargins(6, 0, 0, 0)
        self.addWidget(self.best_placeholder, 1, 2, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # the table's live check (a foul, a legal hand, cards left) under it while the hand is set:
        # the room the best arrangement takes after the grade, so nothing moves
        self.banner = make_banner(page, lines=4)
        self.banner.setSizePolicy(QSizePolicy.Policy.Ignored, self.banner.sizePolicy().verticalPolicy())
        self.addWidget(self.banner, 2, 2, 2, 1, Qt.AlignmentFlag.AlignTop)

    def set_card_height(self, height: int) -> None:
        """Every card of the grid (yours, the hand's, the best's) at ``height``."""
        for view in self.views.values():
            if view.iconSize().height() != height:
                view.set_card_height(height)
        self.best_view.set_card_height(height)
