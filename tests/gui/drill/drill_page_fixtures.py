"""A shown Drill page as its tests open and play it: the stored pool hand (and a second on
other cards), a clock the test moves, and play by the keyboard alone."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from cp_trainer.drill.grading import HandAnalysis
from cp_trainer.drill.pool import DrillHand
from cp_trainer.drill.themes import Theme
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.drill.page import DrillPage
from cp_trainer.gui.table.models import Zone
from cp_trainer.history import HistoryStore
from cp_trainer.rules.arrangement import Arrangement
from tests.drill_fixtures import STORED

__all__ = ["OTHER", "T0", "Clock", "make_page", "play_by_keys", "pool"]

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


OTHER = "As Ks Qs Js Ts 9h 8h 7h 6h 5d 4d 3d 2d"


def pool(both: bool = False) -> list[DrillHand]:
    """The stored hand, and (``both``) its answer copied onto other cards as a second hand."""
    a = HandAnalysis.from_json(STORED)
    hands = [DrillHand(a.cards, a, Theme.PAIR_ON_TOP, 1619, 0.794)]
    if both:
        b = HandAnalysis.from_json(STORED | {"cards": OTHER})
        hands.append(DrillHand(b.cards, b, Theme.PAIR_ON_TOP, 1500, 0.5))
    return hands


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


def make_page(qtbot: Any, tmp_path: Path, **kw: Any) -> tuple[DrillPage, HistoryStore, Clock]:
    store = HistoryStore.open(tmp_path / "data")
    clock = Clock()
    kw.setdefault("pool", pool())
    kw.setdefault("random_share", 0.0)
    kw.setdefault("rates_fn", None)
    page = DrillPage(CardRenderer(), store=store, seed=1, clock=clock, **kw)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    return page, store, clock


def play_by_keys(qtbot: Any, page: DrillPage, text: str) -> None:
    """Put every card where ``text`` says, with the keyboard only: Left/Right to pick the card in
    the hand, 1/2/3 to send it to a row."""
    arrangement = Arrangement.parse(text)
    hand = page.views[Zone.HAND]
    for key, row in zip((Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3), arrangement.rows, strict=True):
        for card in row:
            hand.setFocus()
            model = hand.zone_model
            hand.setCurrentIndex(model.index(0))
            while model.card_at(hand.currentIndex().row()) != card:
                qtbot.keyClick(hand, Qt.Key.Key_Right)
            qtbot.keyClick(hand, key)
    assert page.deal.is_complete()
