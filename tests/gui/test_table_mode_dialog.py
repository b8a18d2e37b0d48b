"""The table-mode dialog: cards picked or typed for 2-4 players, checked and settled."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from cp_trainer.cards import parse_cards
from cp_trainer.gui.practice.table_mode import TableModeDialog
from cp_trainer.house_rules import HouseRules

A = "Jc Jd 2c / 9c 9d 4c 4d 3c / 5c 5d 5h Ac Kc"
B = "Th Ts 2d / Kh Ks 8c 7d 6c / Qh Qs 8h 8s 3d"


def test_two_players_picked_by_clicking_and_settled_in_money(qtbot: QtBot) -> None:
    dialog = TableModeDialog(HouseRules())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.count.value() == 2
    assert not dialog.players[2].isVisibleTo(dialog)
    for card in parse_cards(A.replace("/", " ")):
        qtbot.mouseClick(dialog.picker.buttons[card], Qt.MouseButton.LeftButton)
    assert dialog.players[0].rows.text() == A
    assert not dialog.picker.buttons[parse_cards("Jc")[0]].isEnabled()
    qtbot.mouseClick(dialog.players[1].target, Qt.MouseButton.LeftButton)
    for card in parse_cards(B.replace("/", " ")):
        qtbot.mouseClick(dialog.picker.buttons[card], Qt.MouseButton.LeftButton)
    assert dialog.players[1].rows.text() == B
    dialog.players[0].name.setText("Ann")
    dialog.point_value.setValue(2.5)
    qtbot.mouseClick(dialog.settle_button, Qt.MouseButton.LeftButton)
    result = dialog.table_result
    assert result is not None and result.ok
    assert [s.points for s in result.seats] == [4, -4]
    assert [s.money for s in result.seats] == [10.0, -10.0]
    text = dialog.output.toPlainText()
    assert "Ann" in text and "+10.00" in text and "Ann (player A)" in text and "player B" in text


def test_typed_hands_with_a_shared_card_and_a_foul(qtbot: QtBot) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.count.setValue(3)
    assert dialog.players[2].isVisibleTo(dialog)
    dialog.players[0].rows.set_text(A)
    dialog.players[1].rows.set_text(B.replace("Th", "Jc"))
    dialog.players[2].rows.set_text("2h 3h 4h / 6d 6h 7c 7h 9h / Ad Ah As Kd Qc")
    result = dialog.settle()
    assert not result.ok
    assert "J♣ is in more than one hand: player A, player B" in dialog.output.toPlainText()
    dialog.players[1].rows.set_text(B)
    dialog.players[2].rows.set_text("Ad Ah As / 6d 6h 7c 7h 9h / 2h 3h 4h Kd Qc")  # a foul
    result = dialog.settle()
    assert result.ok and result.seats[2].fouled
    assert "FOUL" in dialog.output.toPlainText()
    assert sum(s.points for s in result.seats) == 0
    dialog.clear()
    assert dialog.players[0].rows.text() == " /  / " and dialog.output.toPlainText() == ""
