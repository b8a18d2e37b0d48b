"""Six ways a table could go wrong, each played through the window as a player would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.table.models import Zone
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card
from tests.gui.dnd import drop_on
from tests.gui.window_fixtures import make_window

HAND = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"
LEGAL = Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")


def _place(window: MainWindow, arrangement: Arrangement | None = None) -> None:
    """The solver panel's "Play this" way of placing a whole hand (one undoable step)."""
    if arrangement is None:
        ordered = sorted(window.deal_model.all_cards(), reverse=True)
        arrangement = Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5]))
    assert window.deal_model.place(arrangement.top, arrangement.middle, arrangement.bottom)


def _rows(window: MainWindow) -> list[list[str]]:
    return [sorted(map(str, window.deal_model.cards(z))) for z in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM)]


def test_defect1_no_undo_after_the_showdown(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.deal_model.move(Card.parse("2s"), Zone.TOP)
    window.deal_model.move(Card.parse("2s"), Zone.HAND)
    _place(window, LEGAL)
    assert window.undo_action.isEnabled()
    window.set_action.trigger()
    assert window.controller.showdown is not None
    rows = _rows(window)
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    window.undo_action.trigger()
    window.table.undo_button.click()
    assert _rows(window) == rows
    assert "Legal" in window.table.banner.text()


def test_defect2_criss_cross_switched_off_mid_deal_settles_both_hands(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, data_dir=str(tmp_path / "data"))
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    window.deal_action.trigger()  # Next deal, Criss Cross on
    window.apply_settings(window.settings.values.replace(criss_cross=False, opponents=2))
    _place(window)
    assert window.table.set_button.text() == "Set hand 1 of 2"
    window.table.set_button.click()
    assert window.controller.showdown is None and window.controller.hand_index == 1
    assert len(window.deal_model.cards(Zone.HAND)) == 13
    _place(window)
    window.table.set_button.click()
    showdown = window.controller.showdown
    assert showdown is not None and showdown.criss_cross and len(showdown.player_hands) == 2
    assert window.practice.recorder.writer.flush(10)  # the history is written on its own thread
    store = window.practice.recorder.store()
    assert store is not None and store.count() == 2  # both hands reach the history


def test_defect3_a_settings_change_mid_deal_leaves_the_table_alone(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    seats = [s.title.text() for s in window.table._seats]
    button = window.table.set_button.text()
    cards = window.controller.opponent_cards
    window.apply_settings(window.settings.values.replace(opponents=3, bot="expert", criss_cross=False))
    assert [s.title.text() for s in window.table._seats] == seats
    assert window.table.set_button.text() == button
    assert window.controller.opponent_cards == cards
    assert "next deal" in window.statusBar().currentMessage()
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    assert window.table.set_button.text() == "Set hand"  # no "1 of 2" for a one-hand deal
    assert window.controller.opponent_cards == cards
    window.deal_action.trigger()
    assert window.table.set_button.text() == "Set hand 1 of 2"


def test_defect4_the_keys_work_after_set_hand_1_of_2(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    window.deal_action.trigger()
    _place(window)
    window.table.set_button.setFocus()
    window.table.set_button.click()
    hand = window.table.views[Zone.HAND]
    assert window.focusWidget() is hand  # (offscreen has no active window: ask the window)
    assert hand.currentIndex().isValid()
    card = hand.zone_model.card_at(hand.currentIndex().row())
    qtbot.keyClick(hand, "1")
    assert card is not None and window.deal_model.zone_of(card) is Zone.TOP


def test_defect5_a_row_card_dropped_onto_a_hand_card_comes_back(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    deal = window.deal_model
    row_card, hand_card = Card.parse("As"), Card.parse("9h")
    assert deal.move(row_card, Zone.BOTTOM)
    model = deal.zone_models[Zone.BOTTOM]
    mime = model.mimeData([model.index(model.row_of(row_card))])
    hand_view = window.findChild(CardZoneView, "handView")
    assert hand_view is not None
    assert drop_on(hand_view, mime, hand_view.card_center(hand_card))
    assert deal.zone_of(row_card) is Zone.HAND and deal.zone_of(hand_card) is Zone.HAND
    assert deal.cards(Zone.BOTTOM) == ()


def test_defect6_set_hand_is_disabled_until_the_rows_are_3_5_5(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    assert not window.set_action.isEnabled() and not window.table.set_button.isEnabled()
    window.set_action.trigger()
    assert window.controller.showdown is None
    window.deal_model.move(Card.parse("As"), Zone.BOTTOM)
    assert not window.set_action.isEnabled()
    window.deal_model.move(Card.parse("As"), Zone.HAND)
    _place(window, LEGAL)
    assert window.set_action.isEnabled()
