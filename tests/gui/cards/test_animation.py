"""Cards that move: the deal, a card gliding to its slot, the bots' rows flipping.

The rest of the suite runs with animations off (``CP_TRAINER_ANIMATIONS=0``, tests/conftest.py);
these tests turn them on. They never measure time: an animation's course is driven with
``setCurrentTime`` or waited out with ``waitUntil``, and they check what is painted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractAnimation, QPoint, QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel

from cp_trainer.gui.app import create_window
from cp_trainer.gui.cards.animation import (
    ANIMATIONS_ENV,
    DEAL_MS,
    DEAL_STAGGER_MS,
    GLIDE_MS,
    CardMotion,
    animations_allowed,
    card_rect,
)
from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.paigow.views import PgZone
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings, TrainerSettings
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.table.reveal import FLIP_MS, flip_frame
from cp_trainer.gui.translation import install_language
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card, parse_cards
from tests.gui.dnd import drop_on
from tests.gui.window_fixtures import HAND, make_window

LEGAL = "Qs Js 2s / Kd Kc Ts 9h 8h / As Ah 7d 5c 3c"


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.fixture
def animated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ANIMATIONS_ENV, "1")


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, animated: None) -> MainWindow:
    w = make_window(qtbot, tmp_path)
    w.table.motion.finish()  # the first deal's cards are in their slots
    return w


def motion(window: MainWindow) -> CardMotion:
    return window.table.motion


def slot_in_window(window: MainWindow, zone: Zone, card: Card) -> QRect:
    view = window.table.views[zone]
    rect = card_rect(view, view.zone_model.row_of(card))
    return QRect(view.viewport().mapTo(window, rect.topLeft()), rect.size())


def white_share(image: QImage, rect: QRect) -> float:
    """The part of ``rect`` painted near-white: a card's face is mostly white, the felt is green."""
    inner = rect.adjusted(4, 4, -4, -4)
    total = white = 0
    for x in range(inner.left(), inner.right(), 2):
        for y in range(inner.top(), inner.bottom(), 2):
            colour = image.pixelColor(x, y)
            total += 1
            white += colour.red() > 220 and colour.green() > 220 and colour.blue() > 220
    return white / max(1, total)


def grab(window: MainWindow) -> QImage:
    image = window.grab().toImage()
    image.setDevicePixelRatio(1.0)
    return image


def press(qtbot: Any, window: MainWindow, zone: Zone, card: str, key: Qt.Key) -> None:
    view = window.table.views[zone]
    view.setFocus()
    view.setCurrentIndex(view.zone_model.index(view.zone_model.row_of(c(card))))
    qtbot.keyClick(view, key)


def test_animations_are_on_by_default_and_off_in_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    assert TrainerSettings().animations is True
    assert not animations_allowed()  # tests/conftest.py: no other test waits for a card
    monkeypatch.setenv(ANIMATIONS_ENV, "1")
    assert animations_allowed()


def test_a_key_move_glides_to_its_slot_and_lands_painted(qtbot: Any, window: MainWindow) -> None:
    press(qtbot, window, Zone.HAND, "As", Qt.Key.Key_1)
    # the move itself is done at once: the animation only shows it
    assert window.deal_model.cards(Zone.TOP) == (c("As"),)
    m = motion(window)
    assert m.running()
    assert m.animation.duration() == GLIDE_MS
    assert 150 <= GLIDE_MS <= 250
    (flight,) = m.flights()
    assert flight.card == c("As") and flight.view is window.table.views[Zone.TOP]
    top = window.table.views[Zone.TOP]
    assert top.delegate.hidden == {c("As")}
    layer = m.layer
    assert layer is not None and layer.isVisible()

    # early in its flight (eased: fast at first): in the air between the hand and the top row,
    # its slot still empty
    m.animation.setCurrentTime(GLIDE_MS // 10)
    ((_, rect),) = m.frames(layer)
    slot = slot_in_window(window, Zone.TOP, c("As"))
    assert flight.start.top() > rect.top() > slot.top()
    image = grab(window)
    assert white_share(image, slot) < 0.05
    assert white_share(image, rect.toRect()) > 0.3  # the overlay paints the flying card

    qtbot.waitUntil(lambda: not m.running(), timeout=10_000)
    assert not layer.isVisible()
    assert top.delegate.hidden == set()
    assert white_share(grab(window), slot) > 0.3  # landed: painted in its slot
    assert window.table.views[Zone.HAND].hasFocus()  # the keys go on working where they were


def test_the_flying_card_takes_no_click_and_no_key(qtbot: Any, window: MainWindow) -> None:
    press(qtbot, window, Zone.HAND, "As", Qt.Key.Key_1)
    m = motion(window)
    layer = m.layer
    assert layer is not None and m.running()
    m.animation.setCurrentTime(GLIDE_MS // 2)
    ((_, rect),) = m.frames(layer)
    # the pointer over the flying card reaches what lies under it, never the overlay
    assert window.childAt(rect.center().toPoint()) is not layer
    assert layer.focusPolicy() == Qt.FocusPolicy.NoFocus
    # a double-click on another card while the first one flies moves it at once
    hand = window.table.views[Zone.HAND]
    point = hand.card_center(c("Ah"))
    qtbot.mouseClick(hand.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.mouseDClick(hand.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.deal_model.cards(Zone.TOP) == (c("As"), c("Ah"))


def test_a_move_during_a_glide_lands_the_running_one_at_once(qtbot: Any, window: MainWindow) -> None:
    press(qtbot, window, Zone.HAND, "As", Qt.Key.Key_1)
    m = motion(window)
    first = m.flights()[0]
    press(qtbot, window, Zone.HAND, "Kd", Qt.Key.Key_2)
    assert first.landed
    assert c("As") not in window.table.views[Zone.TOP].delegate.hidden
    (second,) = m.flights()
    assert second.card == c("Kd") and not second.landed
    assert m.animation.currentTime() < GLIDE_MS  # the new one starts from the beginning
    assert window.deal_model.cards(Zone.TOP) == (c("As"),)
    assert window.deal_model.cards(Zone.MIDDLE) == (c("Kd"),)


def test_quick_repeated_key_moves_all_land(qtbot: Any, window: MainWindow) -> None:
    hand = window.table.views[Zone.HAND]
    hand.setFocus()
    hand.setCurrentIndex(hand.zone_model.index(0))
    keys = [Qt.Key.Key_1] * 3 + [Qt.Key.Key_2] * 5 + [Qt.Key.Key_3] * 5
    for key in keys:  # no wait between the keys: each move lands the one still flying
        qtbot.keyClick(hand, key)
    deal = window.deal_model
    assert [len(deal.cards(z)) for z in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM)] == [3, 5, 5]
    m = motion(window)
    assert len(m.flights()) == 1  # only the last card is still in the air
    qtbot.waitUntil(lambda: not m.running(), timeout=10_000)
    assert all(not view.delegate.hidden for view in window.table.views.values())
    image = grab(window)
    for zone in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM):
        for card in deal.cards(zone):
            assert white_share(image, slot_in_window(window, zone, card)) > 0.3, card


def test_a_dropped_card_glides_from_where_it_was_dropped(qtbot: Any, window: MainWindow) -> None:
    deal = window.deal_model
    hand_model = deal.zone_models[Zone.HAND]
    mime = hand_model.mimeData([hand_model.index(hand_model.row_of(c("Qs")))])
    middle = window.table.views[Zone.MIDDLE]
    point = middle.empty_point() + QPoint(40, 5)
    assert drop_on(middle, mime, point)
    assert deal.cards(Zone.MIDDLE) == (c("Qs"),)
    (flight,) = motion(window).flights()
    assert flight.card == c("Qs")
    assert flight.start.center() == middle.viewport().mapTo(window, point)


def test_a_double_click_glides_back_to_the_hand(qtbot: Any, window: MainWindow) -> None:
    window.deal_model.move(c("7d"), Zone.BOTTOM)
    motion(window).finish()
    bottom = window.table.views[Zone.BOTTOM]
    point = bottom.card_center(c("7d"))
    start = slot_in_window(window, Zone.BOTTOM, c("7d"))
    qtbot.mouseDClick(bottom.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.deal_model.zone_of(c("7d")) is Zone.HAND
    (flight,) = motion(window).flights()
    assert flight.view is window.table.views[Zone.HAND]
    assert flight.start == start


def test_a_new_deal_deals_the_cards_in_one_after_another(qtbot: Any, window: MainWindow) -> None:
    window.table.deal_button.click()
    m = motion(window)
    flights = m.flights()
    hand = window.table.views[Zone.HAND]
    assert [f.card for f in flights] == list(window.deal_model.cards(Zone.HAND))
    assert [f.delay for f in flights] == [i * DEAL_STAGGER_MS for i in range(13)]
    assert all(150 <= f.duration <= 250 for f in flights)
    assert m.animation.duration() == 12 * DEAL_STAGGER_MS + DEAL_MS < 1000
    assert hand.delegate.hidden == set(window.deal_model.cards(Zone.HAND))
    layer = m.layer
    assert layer is not None
    m.animation.setCurrentTime(DEAL_STAGGER_MS * 3)  # the fourth card just left the dealer
    assert len(m.frames(layer)) == 4
    assert sum(f.landed for f in m.flights()) == 0
    m.animation.setCurrentTime(DEAL_MS + DEAL_STAGGER_MS)  # the first two are in the hand
    assert [f.landed for f in m.flights()[:3]] == [True, True, False]
    qtbot.waitUntil(lambda: not m.running(), timeout=10_000)
    assert hand.delegate.hidden == set()
    assert layer.isHidden()


def test_a_new_windows_first_deal_is_dealt_as_it_appears(qtbot: Any, tmp_path: Path, animated: None) -> None:
    w = create_window(deal=parse_cards(HAND), seed=11, lang="en", settings=Settings(tmp_path / "s.ini"))
    qtbot.addWidget(w)
    m = motion(w)
    assert not m.running()  # nothing flies in a window not shown yet
    dealt: list[int] = []
    m.animation.stateChanged.connect(
        lambda new, _old: dealt.append(len(m.flights())) if new == QAbstractAnimation.State.Running else None)
    w.show()
    qtbot.waitExposed(w)
    assert dealt == [13]


def test_a_refused_drop_leaves_no_trace(qtbot: Any, window: MainWindow) -> None:
    deal = window.deal_model
    for card in ("As", "Ah", "Kd"):
        deal.move(c(card), Zone.TOP)
    motion(window).finish()
    hand_model = deal.zone_models[Zone.HAND]
    mime = hand_model.mimeData([hand_model.index(hand_model.row_of(c("Qs")))])
    top = window.table.views[Zone.TOP]
    assert not drop_on(top, mime, top.empty_point() + QPoint(30, 0))  # the top row is full
    qtbot.wait(1)  # the event loop runs once, as after a real drop
    place = slot_in_window(window, Zone.HAND, c("Qs"))
    press(qtbot, window, Zone.HAND, "Qs", Qt.Key.Key_2)
    (flight,) = motion(window).flights()
    assert flight.start == place  # from its place in the hand, not from the refused drop's point


def _reveal_started(qtbot: Any, window: MainWindow) -> None:
    window.table.reveal_delay_ms = 60
    window.deal_model.place(*Arrangement.parse(LEGAL).rows)
    motion(window).finish()
    window.table.set_button.click()


def test_the_bots_rows_flip_from_back_to_face(qtbot: Any, window: MainWindow) -> None:
    _reveal_started(qtbot, window)
    flipper = window.table.flipper
    assert flipper.running()  # the top row turns at once, the others follow on the reveal's timer
    seat = window.table._seats[0]
    renderer = window.renderer
    showdown = window.controller.showdown
    assert showdown is not None
    top_cards = set_order(showdown.opponents[0].rows[0])  # the seats show rows sets first
    label = seat.card_labels[0][0]
    back = renderer.pixmap(None, label.size(), label.devicePixelRatioF()).toImage()
    assert label.pixmap().toImage() == back  # the faces the seat has are not flashed first

    def opaque_columns(lab: QLabel) -> int:
        image = lab.pixmap().toImage()
        return sum(any(image.pixelColor(x, y).alpha() > 0 for y in range(0, image.height(), 3))
                   for x in range(image.width()))

    flip = flipper._flips[0]
    flip.animation.setCurrentTime(FLIP_MS // 4)  # the first card's back, half as wide
    assert 0 < opaque_columns(label) < label.width() * 0.75
    flip.animation.setCurrentTime(FLIP_MS * 3 // 4)  # the first card's face, half as wide
    face = renderer.pixmap(top_cards[0], label.size(), label.devicePixelRatioF()).toImage()
    assert label.pixmap().toImage() != face
    assert 0 < opaque_columns(label) < label.width() * 0.75
    assert flip_frame(renderer, top_cards[0], label, 1.0).toImage() == face
    qtbot.waitUntil(lambda: window.table.showdown.step == 3 and not flipper.running(), timeout=15_000)
    for r, row in enumerate(showdown.opponents[0].rows):
        for lab, card in zip(seat.card_labels[r], set_order(row), strict=True):
            shown = renderer.pixmap(card, lab.size(), lab.devicePixelRatioF())
            assert lab.pixmap().toImage() == shown.toImage()


def test_a_new_deal_during_a_flip_keeps_the_new_backs(qtbot: Any, window: MainWindow) -> None:
    _reveal_started(qtbot, window)
    assert window.table.flipper.running()
    window.table.deal_button.click()
    assert not window.table.flipper.running()
    qtbot.wait(FLIP_MS + 50)  # a flip left running would paint a face now
    renderer = window.renderer
    for seat in window.table._seats:
        for labels in seat.card_labels:
            for lab in labels:
                back = renderer.pixmap(None, lab.size(), lab.devicePixelRatioF()).toImage()
                assert lab.pixmap().toImage() == back


def test_the_setting_off_makes_no_animation(qtbot: Any, tmp_path: Path, animated: None) -> None:
    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", solver_samples=400, animations=False))
    w = make_window(qtbot, tmp_path)
    assert not motion(w).running()  # the first deal is not flown in
    press(qtbot, w, Zone.HAND, "As", Qt.Key.Key_1)
    w.table.deal_button.click()
    _reveal_started(qtbot, w)
    assert not motion(w).running() and not w.table.flipper.running()
    layer = motion(w).layer
    assert layer is None or layer.isHidden()
    # and turned on again in Settings, they play from the next move
    w.apply_settings(w.settings.values.replace(animations=True))
    w.table.deal_button.click()
    assert motion(w).running()
    # turned off while cards fly: they land at once
    w.apply_settings(w.settings.values.replace(animations=False))
    assert not motion(w).running()
    assert not w.table.views[Zone.HAND].delegate.hidden


def test_the_environment_turns_them_off_whatever_the_setting(qtbot: Any, tmp_path: Path) -> None:
    assert not animations_allowed()
    w = make_window(qtbot, tmp_path)
    assert w.settings.values.animations
    press(qtbot, w, Zone.HAND, "As", Qt.Key.Key_1)
    assert not motion(w).running()


def test_the_setting_is_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "s.ini"
    settings = Settings(path)
    assert settings.values.animations
    settings.save(settings.values.replace(animations=False))
    assert "animations=false" in path.read_text()
    assert Settings(path).values.animations is False
    path.write_text(path.read_text().replace("animations=false", "animations=sometimes"))
    again = Settings(path)
    assert again.values.animations is True  # a bad value takes the default, and says so
    assert any("view/animations" in p for p in again.problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_settings_dialog_has_the_switch(qtbot: Any, lang: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_language(app, lang)
    try:
        dialog = SettingsDialog(TrainerSettings(language=lang, animations=False))
        qtbot.addWidget(dialog)
        check = dialog.findChild(QCheckBox, "animationsCheck")
        assert check is not None and not check.isChecked()
        assert check.text() == {"en": "Animate the cards (deal, moves, reveal)",
                                "ru": "Анимация карт (раздача, ходы, вскрытие)"}[lang]
        assert check.toolTip()
        check.setChecked(True)
        assert dialog.values().animations is True
        dialog.restore_defaults()
        assert dialog.values().animations is True
    finally:
        install_language(app, "en")


def test_pai_gow_cards_are_dealt_in_and_glide_too(qtbot: Any, tmp_path: Path, animated: None) -> None:
    w = make_window(qtbot, tmp_path)
    page = w.show_paigow()
    tab = page.tab
    m = tab.motion
    m.finish()
    tab.new_button.click()
    assert len(m.flights()) == 7  # the player's seven cards fly in
    m.finish()
    hand = tab.views[PgZone.HAND]
    first = hand.zone_model.card_at(0)
    hand.setFocus()
    hand.setCurrentIndex(hand.zone_model.index(0))
    qtbot.keyClick(hand, Qt.Key.Key_1)
    (flight,) = m.flights()
    assert flight.card == first and flight.view is tab.views[PgZone.LOW]
    qtbot.waitUntil(lambda: not m.running(), timeout=10_000)
    assert not tab.views[PgZone.LOW].delegate.hidden
    w.apply_settings(w.settings.values.replace(animations=False))
    tab.new_button.click()
    assert not m.running()


def test_a_page_shown_mid_deal_draws_no_card_of_the_hidden_table(qtbot: Any, window: MainWindow) -> None:
    window.table.deal_button.click()
    m = motion(window)
    assert m.running()
    window.show_paigow()  # the table is hidden while its cards are still on their way
    m.animation.setCurrentTime(DEAL_STAGGER_MS * 5)
    layer = m.layer
    assert layer is not None
    assert m.frames(layer) == []
    assert all(f.landed for f in m.flights())
    assert not window.table.views[Zone.HAND].delegate.hidden


def test_criss_cross_deals_the_second_hand_in(qtbot: Any, tmp_path: Path, animated: None) -> None:
    settings = Settings(tmp_path / "settings.ini")
    settings.save(settings.values.replace(bot="greedy", solver_samples=400, criss_cross=True, opponents=1))
    w = make_window(qtbot, tmp_path)
    w.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    c = w.controller
    m = motion(w)
    first = arrange(c.player_cards[0], "greedy", c.setup.rules)
    w.deal_model.place(first.top, first.middle, first.bottom)
    m.finish()
    c.set_hand()
    second = set(c.player_cards[1])
    assert {f.card for f in m.flights()} == second  # the second hand's 13 cards fly in
    assert all(f.view is w.table.views[Zone.HAND] for f in m.flights())
