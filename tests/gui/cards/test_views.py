"""Moving cards in the views: drag and drop through viewport events, double-click and keys."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.table.models import DealModel, Zone
from cp_trainer.gui.table.zones import zone_view
from cp_trainer.rules.cards import Card, parse_cards
from tests.gui.dnd import drop_on

HAND = parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s")


class Table(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.deal = DealModel(parent=self)
        renderer = CardRenderer()
        layout = QHBoxLayout(self)
        self.views = {z: zone_view(self.deal, z, renderer, self) for z in Zone}
        for view in self.views.values():
            view.set_card_height(60)
            layout.addWidget(view)
        self.deal.new_deal(HAND)


@pytest.fixture
def table(qtbot: Any) -> Table:
    t = Table()
    qtbot.addWidget(t)
    t.show()
    qtbot.waitExposed(t)
    return t


def c(text: str) -> Card:
    return Card.parse(text)


def drag(table: Table, card: str, dest: Zone, onto: str | None = None) -> bool:
    deal = table.deal
    src = deal.zone_of(c(card))
    assert src is not None
    model = deal.zone_models[src]
    mime = model.mimeData([model.index(model.row_of(c(card)))])
    view = table.views[dest]
    pos = view.card_center(c(onto)) if onto else view.empty_point()
    return drop_on(view, mime, pos)


def test_drop_into_rows_onto_cards_and_a_full_row(table: Table) -> None:
    refused: list[str] = []
    table.deal.refused.connect(lambda _z, msg: refused.append(msg))
    assert drag(table, "2s", Zone.TOP)
    assert drag(table, "3c", Zone.TOP)
    assert drag(table, "As", Zone.TOP)
    assert table.deal.cards(Zone.TOP) == (c("As"), c("3c"), c("2s"))
    assert not drag(table, "Kd", Zone.TOP)  # full row refuses, and says so
    assert refused == ["The top row is full (3 cards). Drop the card onto a card in that row to swap them."]
    assert drag(table, "Kd", Zone.TOP, onto="As")  # onto a card: swap
    assert c("Kd") in table.deal.cards(Zone.TOP) and table.deal.zone_of(c("As")) is Zone.HAND
    assert drag(table, "Kd", Zone.BOTTOM)  # row to row
    assert drag(table, "3c", Zone.HAND)  # back to the hand
    assert table.deal.cards(Zone.TOP) == (c("2s"),)
    table.deal.undo()
    assert table.deal.cards(Zone.TOP) == (c("3c"), c("2s"))


def test_drag_from_a_view_by_mouse(table: Table, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    target = table.views[Zone.MIDDLE]
    results: list[bool] = []

    def fake_exec(self: QDrag, *args: Any) -> Qt.DropAction:
        results.append(drop_on(target, self.mimeData(), target.empty_point()))
        return Qt.DropAction.MoveAction

    monkeypatch.setattr(QDrag, "exec", fake_exec)
    hand = table.views[Zone.HAND]
    start = hand.card_center(c("Qs"))
    qtbot.mousePress(hand.viewport(), Qt.MouseButton.LeftButton, pos=start)
    end = start + QPoint(QApplication.startDragDistance() + 20, 30)
    qtbot.mouseMove(hand.viewport(), start + QPoint(3, 3))
    qtbot.mouseMove(hand.viewport(), end)
    qtbot.mouseRelease(hand.viewport(), Qt.MouseButton.LeftButton, pos=end)
    assert results == [True]
    assert table.deal.cards(Zone.MIDDLE) == (c("Qs"),)
    assert len(table.deal.cards(Zone.HAND)) == 12  # removed once, not twice


def test_double_click_and_keys(table: Table, qtbot: Any) -> None:
    hand = table.views[Zone.HAND]
    pos = hand.card_center(c("As"))
    qtbot.mouseClick(hand.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(hand.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert table.deal.cards(Zone.TOP) == (c("As"),)
    top = table.views[Zone.TOP]
    qtbot.mouseClick(top.viewport(), Qt.MouseButton.LeftButton, pos=top.card_center(c("As")))
    qtbot.mouseDClick(top.viewport(), Qt.MouseButton.LeftButton, pos=top.card_center(c("As")))
    assert table.deal.zone_of(c("As")) is Zone.HAND
    hand.setFocus()
    hand.setCurrentIndex(hand.model().index(0, 0))
    qtbot.keyClick(hand, Qt.Key.Key_Right)
    assert hand.currentIndex().row() == 1
    qtbot.keyClick(hand, Qt.Key.Key_3)  # Ah to the bottom
    assert table.deal.cards(Zone.BOTTOM) == (c("Ah"),)
    qtbot.keyClick(hand, Qt.Key.Key_2)  # the next card, Kd, to the middle
    assert table.deal.cards(Zone.MIDDLE) == (c("Kd"),)
    bottom = table.views[Zone.BOTTOM]
    bottom.setFocus()
    bottom.setCurrentIndex(bottom.model().index(0, 0))
    qtbot.keyClick(bottom, Qt.Key.Key_Backspace)
    assert table.deal.cards(Zone.BOTTOM) == ()
