"""The deal model: moves, swaps, full rows, sorting, undo/redo and drag-and-drop mime data."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtTest import QAbstractItemModelTester

from cp_trainer.gui.table.models import CARD_MIME_TYPE, CardRole, DealModel, HandSort, Zone
from cp_trainer.rules.cards import Card, parse_cards

HAND = parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s")


@pytest.fixture
def deal(qapp: object) -> DealModel:
    model = DealModel()
    for zone_model in model.zone_models.values():
        QAbstractItemModelTester(zone_model, QAbstractItemModelTester.FailureReportingMode.Fatal, model)
    model.new_deal(HAND)
    return model


def c(text: str) -> Card:
    return Card.parse(text)


def test_new_deal_puts_every_card_in_the_hand_sorted_by_rank(deal: DealModel) -> None:
    hand = deal.zone_models[Zone.HAND]
    assert hand.rowCount() == 13
    assert hand.data(hand.index(0), CardRole) == c("As")
    assert hand.data(hand.index(0), Qt.ItemDataRole.DisplayRole) == "A♠"
    assert "A♠" in hand.data(hand.index(0), Qt.ItemDataRole.ToolTipRole)
    assert [str(x) for x in deal.cards(Zone.HAND)][-1] == "2s"
    assert all(deal.zone_models[z].rowCount() == 0 for z in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM))


def test_moves_swaps_and_a_full_row_refusing(deal: DealModel) -> None:
    refused: list[tuple[int, str]] = []
    deal.refused.connect(lambda z, m: refused.append((z, m)))
    for card in ("2s", "3c", "5c"):
        assert deal.move(c(card), Zone.TOP)
    assert deal.cards(Zone.TOP) == (c("5c"), c("3c"), c("2s"))  # sorted high to low
    assert not deal.move(c("As"), Zone.TOP)
    assert refused and refused[0][0] == Zone.TOP and "full" in refused[0][1]
    assert deal.swap(c("As"), c("3c"))
    assert c("As") in deal.cards(Zone.TOP) and c("3c") in deal.cards(Zone.HAND)
    assert deal.move(c("As"), Zone.MIDDLE)  # row to row
    assert deal.zone_of(c("As")) == Zone.MIDDLE
    assert not deal.swap(c("5c"), c("2s"))  # same row: nothing to swap


def test_undo_and_redo_every_move(deal: DealModel) -> None:
    deal.move(c("As"), Zone.BOTTOM)
    deal.move(c("Ah"), Zone.BOTTOM)
    deal.swap(c("Ah"), c("Kd"))
    assert deal.cards(Zone.BOTTOM) == (c("As"), c("Kd"))
    deal.undo()
    assert deal.cards(Zone.BOTTOM) == (c("As"), c("Ah"))
    deal.undo()
    deal.undo()
    assert deal.cards(Zone.HAND) == tuple(sorted(HAND, key=lambda x: (-x.rank.value, -x.suit.index)))
    deal.redo()
    assert deal.cards(Zone.BOTTOM) == (c("As"),)


def test_hand_sorts_by_suit(deal: DealModel) -> None:
    deal.set_hand_sort(HandSort.SUIT)
    assert [str(x) for x in deal.cards(Zone.HAND)][:3] == ["Kc", "5c", "3c"]
    deal.set_hand_sort(HandSort.RANK)
    assert str(deal.cards(Zone.HAND)[0]) == "As"


def test_place_and_complete(deal: DealModel) -> None:
    top, middle, bottom = parse_cards("Qs 3c 2s"), parse_cards("Kd Kc 9h 8h 7d"), parse_cards(
        "As Ah Js Ts 5c")
    assert deal.place(top, middle, bottom)
    assert deal.is_complete()
    deal.undo()
    assert not deal.is_complete() and len(deal.cards(Zone.HAND)) == 13
    assert not deal.place(top, middle, parse_cards("As Ah Js Ts 4c"))  # not this deal's cards


def test_mime_data_moves_swaps_and_full_row_refuses(deal: DealModel) -> None:
    hand = deal.zone_models[Zone.HAND]
    top = deal.zone_models[Zone.TOP]
    assert hand.mimeTypes() == [CARD_MIME_TYPE]
    for _ in range(3):
        mime = hand.mimeData([hand.index(0)])
        assert top.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, QModelIndex())
        assert top.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, QModelIndex())
    assert deal.cards(Zone.TOP) == (c("As"), c("Ah"), c("Kd"))
    mime = hand.mimeData([hand.index(0)])  # Kc
    assert not top.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, QModelIndex())
    # ... but dropping onto a card of the full row swaps them.
    assert top.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, top.index(2))
    assert top.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, top.index(2))
    assert c("Kc") in deal.cards(Zone.TOP) and c("Kd") in deal.cards(Zone.HAND)
    # a card back to its own zone, and foreign data, are refused
    mime = top.mimeData([top.index(0)])
    assert not top.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, QModelIndex())
    assert hand.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, QModelIndex())
    mime.setData(CARD_MIME_TYPE, b"Xx")
    assert not hand.canDropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, QModelIndex())


def test_a_drag_over_a_full_row_is_refused_once_each_time_it_comes_in(deal: DealModel) -> None:
    """The zone's model, not its view, remembers that a drag hovering over a full row was told."""
    refused: list[tuple[int, str]] = []
    deal.refused.connect(lambda z, m: refused.append((z, m)))
    hand, top = deal.zone_models[Zone.HAND], deal.zone_models[Zone.TOP]
    for card in ("As", "Ah", "Kd"):
        assert deal.move(c(card), Zone.TOP)
    mime = hand.mimeData([hand.index(0)])
    top.drag_entered()
    for _ in range(3):  # the drag moves about over the row: said once
        top.refuse_hover(mime, QModelIndex())
    assert refused == [(Zone.TOP, deal.full_message(Zone.TOP))]
    top.refuse_hover(mime, top.index(0))  # over a card: a swap, nothing to say
    top.drag_entered()  # it comes in again: said again
    top.refuse_hover(mime, QModelIndex())
    assert len(refused) == 2
    # a zone with room, and a card already in the zone, are not refused
    middle = deal.zone_models[Zone.MIDDLE]
    middle.drag_entered()
    middle.refuse_hover(mime, QModelIndex())
    top.drag_entered()
    top.refuse_hover(top.mimeData([top.index(0)]), QModelIndex())
    assert len(refused) == 2


def _signals(model: QAbstractItemModel) -> dict[str, int]:
    counts = {"reset": 0, "inserted": 0, "removed": 0, "moved": 0}

    def bump(name: str) -> None:
        counts[name] += 1

    model.modelReset.connect(lambda: bump("reset"))
    model.rowsInserted.connect(lambda *_: bump("inserted"))
    model.rowsRemoved.connect(lambda *_: bump("removed"))
    model.rowsMoved.connect(lambda *_: bump("moved"))
    return counts


def test_a_move_removes_one_row_and_inserts_one_without_a_reset(deal: DealModel) -> None:
    hand, top = deal.zone_models[Zone.HAND], deal.zone_models[Zone.TOP]
    hand_signals, top_signals = _signals(hand), _signals(top)
    kept = QPersistentModelIndex(hand.index(2))  # Kd: a card that stays in the hand
    assert deal.move(c("Ah"), Zone.TOP)
    assert hand_signals == {"reset": 0, "inserted": 0, "removed": 1, "moved": 0}
    assert top_signals == {"reset": 0, "inserted": 1, "removed": 0, "moved": 0}
    assert kept.isValid() and hand.data(kept, CardRole) == c("Kd") and kept.row() == 1
    assert deal.swap(c("As"), c("Ah"))  # the top row: Ah out, As in
    assert top_signals == {"reset": 0, "inserted": 2, "removed": 1, "moved": 0}
    assert deal.cards(Zone.TOP) == (c("As"),)


def test_sorting_the_hand_moves_its_rows_without_a_reset(deal: DealModel) -> None:
    hand = deal.zone_models[Zone.HAND]
    counts = _signals(hand)
    deal.set_hand_sort(HandSort.SUIT)
    assert counts["reset"] == 0 and counts["inserted"] == 0 and counts["removed"] == 0
    assert counts["moved"] > 0
    assert tuple(hand.data(hand.index(r), CardRole) for r in range(hand.rowCount())) == deal.cards(Zone.HAND)
    assert [str(x) for x in deal.cards(Zone.HAND)][:3] == ["Kc", "5c", "3c"]
