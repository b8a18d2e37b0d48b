"""The Pai Gow tab: moving cards (drag, double-click, keys), Set and payment, the advice panel
with the house way and the EV of all 21 settings run off the GUI thread, cancel, language."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.paigow.ev_panel import EvPanel
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.gui.paigow.views import PgZone
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HandRecord
from cp_trainer.paigow.cards import PgCard, parse_pg_cards
from cp_trainer.paigow.ev import EvResult, settings_ev
from cp_trainer.paigow.house_way import house_way
from cp_trainer.paigow.session import PaiGowSession
from cp_trainer.paigow.setting import parse_setting
from tests.gui.dnd import drop_on
from tests.gui.paigow.paigow_fixtures import DEALER, PLAYER, FakeRecorder, make_tab


def card(text: str) -> PgCard:
    return parse_pg_cards(text)[0]


def drag(tab: PaiGowTab, text: str, dest: PgZone, onto: str | None = None) -> bool:
    c = card(text)
    src = tab.deal.zone_of(c)
    assert src is not None
    model = tab.deal.zone_models[src]
    mime = model.mimeData([model.index(model.row_of(c))])
    view = tab.views[dest]
    pos = view.card_center(card(onto)) if onto else view.empty_point()
    return drop_on(view, mime, pos)


def test_drag_double_click_and_keys_move_cards(qtbot: Any) -> None:
    tab = make_tab(qtbot)
    deal = tab.deal
    assert len(deal.cards(PgZone.HAND)) == 7
    assert drag(tab, "Jk", PgZone.LOW)  # the joker drags like any card
    assert drag(tab, "9h", PgZone.LOW)
    refused: list[str] = []
    deal.refused.connect(lambda _z, m: refused.append(m))
    assert not drag(tab, "Ad", PgZone.LOW)  # full
    assert drag(tab, "Ad", PgZone.LOW, onto="9h")  # onto a card: swap
    assert set(map(str, deal.cards(PgZone.LOW))) == {"Jk", "Ad"}
    assert card("9h") in deal.cards(PgZone.HAND)
    # Double-click: hand -> first hand with room (the high hand now), and back.
    view = tab.views[PgZone.HAND]
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.card_center(card("9h")))
    assert card("9h") in deal.cards(PgZone.HIGH)
    high = tab.views[PgZone.HIGH]
    qtbot.mouseDClick(high.viewport(), Qt.MouseButton.LeftButton, pos=high.card_center(card("9h")))
    assert card("9h") in deal.cards(PgZone.HAND)
    # Keys: 2 sends the current card to the high hand.
    view.setFocus()
    view.setCurrentIndex(view.zone_model.index(view.zone_model.row_of(card("Ts"))))
    qtbot.keyClick(view, Qt.Key.Key_2)
    assert card("Ts") in deal.cards(PgZone.HIGH)
    tab.grab()  # paints every card, the joker included


def test_live_check_names_hands_and_fouls(qtbot: Any) -> None:
    tab = make_tab(qtbot)
    assert not tab.set_button.isEnabled()
    assert tab.deal.place(parse_setting("Ts 9h 5d 5c Jk / Th Ad"))
    assert "two pair" not in tab.status.text()
    assert tab.status.property("state") == "legal"
    assert tab.set_button.isEnabled()
    assert tab.deal.place(parse_setting("Ts 9h 5d 5c Th / Ad Jk"))  # aces over two pair: legal
    assert tab.status.property("state") == "legal"
    assert tab.deal.place(parse_setting("Ts 9h 5d Ad Th / 5c Jk"))
    assert tab.zone_names[PgZone.HIGH].text().startswith("pair of tens")
    assert tab.zone_names[PgZone.LOW].text() == "A-5"
    tab.deal.return_all()
    assert tab.deal.place(parse_setting("Ts 9h 5d 5c Th / Ad Jk"))
    # A foul: an ace-king low hand over a nine-high high hand.
    tab.new_deal((parse_pg_cards("As Kd 9h 7c 5s 3d 4h"), DEALER))
    assert tab.deal.place(parse_setting("9h 7c 5s 4h 3d / As Kd"))
    assert tab.status.property("state") == "foul"
    assert "foul" in tab.status.text().lower()  # capitalised at the start of the line
    assert tab.zone_names[PgZone.HIGH].text() == "nine-high, kickers 7-5-4-3"
    assert tab.zone_names[PgZone.LOW].text() == "A-K"
    assert tab.set_button.isEnabled()  # a foul may be set (and loses)


def test_undo_and_redo_while_setting_only(qtbot: Any) -> None:
    tab = make_tab(qtbot)
    assert not tab.undo_button.isEnabled()
    assert drag(tab, "Jk", PgZone.LOW)
    assert tab.undo_button.isEnabled()
    tab.undo_button.click()
    assert card("Jk") in tab.deal.cards(PgZone.HAND) and tab.redo_button.isEnabled()
    tab.redo_button.click()
    assert card("Jk") in tab.deal.cards(PgZone.LOW)
    assert tab.deal.place(parse_setting("Ts Th 5d 5c 9h / Ad Jk"))
    tab.cancel()
    tab.set_hand()
    tab.cancel()
    assert not tab.undo_button.isEnabled() and not tab.redo_button.isEnabled()
    assert not tab.deal.undo()
    assert tab.deal.setting() == parse_setting("Ts Th 5d 5c 9h / Ad Jk")


def test_set_pays_by_house_way_and_shows_the_advice(qtbot: Any) -> None:
    threads: list[int] = []

    def recording(cards: Any, samples: int, **kw: Any) -> EvResult:
        threads.append(threading.get_ident())
        return settings_ev(cards, samples, **kw)

    tab = make_tab(qtbot, ev_fn=recording)
    mine = parse_setting("Ts Th 5d 5c 9h / Ad Jk")
    assert tab.deal.place(mine)
    with qtbot.waitSignal(tab.evFinished, timeout=60_000) as blocker:
        result = tab.set_hand()
    assert result is not None
    dealer = house_way(DEALER)
    # Worked by hand: the dealer keeps the kings behind (Ks Kh 8c 7d 2c / Qd Jh); tens and fives
    # beat the kings, the joker's pair of aces beats queen-jack: both hands won, +0.95.
    assert dealer.setting == parse_setting("Ks Kh 8c 7d 2c / Qd Jh")
    assert (result.high, result.low) == (1, 1)
    assert result.result.value == "win" and result.payout == pytest.approx(0.95)
    assert dealer.rule_text("en") in tab.dealer_rule.text()
    assert tab.result.text().startswith("Win (+0.95)\n")  # the outcome, then one line per hand
    assert tab.session.text() == "Session total: +0.95 · hands played: 1"
    # The cards are locked once set.
    assert not drag(tab, "Ad", PgZone.HAND)
    assert not tab.game.can_arrange()
    # The advice: the house way for my cards and the EV of all 21 settings, computed elsewhere.
    ev: EvResult = blocker.args[0]
    assert threads and threads[0] != threading.get_ident()
    assert len(ev.settings) == 21 and ev.samples == 2000
    assert tab.panel.ev_table.rowCount() == 21
    assert house_way(PLAYER).rule_text("en") in tab.panel.house_rule.text()
    notes = [tab.panel.ev_table.item(r, 4).text() for r in range(21)]  # type: ignore[union-attr]
    assert sum("house way" in n for n in notes) == 1 and sum("yours" in n for n in notes) == 1
    evs = [ev.settings[i].ev for i in range(21)]
    assert tab.panel.ev_table.item(0, 2).text().startswith(f"{max(evs):+.3f}")  # type: ignore[union-attr]
    assert "Best:" in tab.panel.figures.text() and "Yours:" in tab.panel.figures.text()
    # A new deal starts over, face down.
    tab.new_deal()
    assert tab.game.can_arrange() and tab.panel.ev_table.rowCount() == 0
    assert "face down" in tab.dealer_rule.text()


def test_play_house_way_then_hint(qtbot: Any) -> None:
    tab = make_tab(qtbot)
    tab.play_house_way()
    assert tab.deal.setting() == house_way(tab.deal.all_cards()).setting
    with qtbot.waitSignal(tab.evFinished, timeout=60_000):
        tab.hint_button.click()
    assert tab.game.can_arrange()  # a hint does not set the hand
    assert tab.panel.ev_table.rowCount() == 21
    # yours is the house way: said so, not "(0.000 ± 0.000 against the house way)"
    text = tab.panel.figures.text()
    assert "(this is the house way)" in text and "0.000 ± 0.000" not in text
    headers = [tab.panel.ev_table.horizontalHeaderItem(c).text() for c in range(5)]  # type: ignore[union-attr]
    assert headers == ["Low", "High", "EV", "Vs house", "Note"]  # short: the table fits at 1024 px


def test_ev_can_be_cancelled(qtbot: Any) -> None:
    started = threading.Event()

    def slow(cards: Any, samples: int, *, seed: Any, progress: Any, cancel: Any) -> EvResult:
        started.set()
        for _ in range(2000):
            if cancel():
                break
            threading.Event().wait(0.005)
        return settings_ev(cards, 10, seed=seed, cancel=lambda: True)

    tab = make_tab(qtbot, ev_fn=slow)
    tab.show_advice()
    assert started.wait(10) and tab.is_running()
    assert tab.panel.cancel_button.isVisible()
    tab.panel.cancel_button.click()
    assert not tab.is_running()
    assert tab.panel.advice_status.text() == "Simulation cancelled."
    tab.shutdown()
    QApplication.processEvents()
    assert tab.panel.ev_table.rowCount() == 0


def test_the_ev_panel_stands_alone_and_simulates_once_per_deal(qtbot: Any) -> None:
    session = PaiGowSession(seed=4)
    session.new_deal((PLAYER, DEALER))
    asked: list[tuple[PgCard, ...]] = []

    def counting(cards: Any, samples: int, **kw: Any) -> EvResult:
        asked.append(tuple(cards))
        return settings_ev(cards, samples, **kw)

    panel = EvPanel(session, CardRenderer(), ev_fn=counting, samples=300, seed=4)
    qtbot.addWidget(panel)
    panel.retranslate()
    assert panel.ev_table.isHidden() and "Press" in panel.advice_status.text()
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.show_advice()
    assert asked == [tuple(PLAYER)] and panel.ev_table.rowCount() == 21
    notes = [panel.ev_table.item(r, 4).text() for r in range(21)]  # type: ignore[union-attr]
    assert not any("yours" in n for n in notes)  # the cards are still in the hand
    session.place_house_way()
    panel.show_advice()  # the same cards: the answer shown again, now with the player's setting
    assert len(asked) == 1 and not panel.is_running()
    notes = [panel.ev_table.item(r, 4).text() for r in range(21)]  # type: ignore[union-attr]
    assert notes.count("house way, yours") == 1 and "(this is the house way)" in panel.figures.text()
    session.new_deal((DEALER, PLAYER))
    panel.reset()
    assert panel.ev_result is None and panel.ev_table.isHidden() and not panel.house_rule.text()
    with qtbot.waitSignal(panel.finished, timeout=60_000):
        panel.show_advice()
    assert asked[-1] == tuple(DEALER) and len(asked) == 2
    panel.shutdown()


@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


def test_texts_follow_the_language(qtbot: Any, english_after: QApplication) -> None:
    tab = make_tab(qtbot)
    assert tab.set_button.text() == "Set"
    install_language(english_after, "ru")  # Qt's LanguageChange retranslates the page
    assert tab.set_button.text() == "Готово"
    assert tab.zone_titles[PgZone.LOW].text() == "Малая рука (2)"
    assert "рубашкой" in tab.dealer_rule.text()
    assert tab.panel.advice_title.text() == "Правила казино и EV каждой расстановки"  # the EV panel's own
    assert tab.panel.ev_table.horizontalHeaderItem(0).text() == "Малая"  # type: ignore[union-attr]


def test_pai_gow_is_a_page_of_the_main_window(qtbot: Any, tmp_path: Any) -> None:
    from PySide6.QtGui import QAction

    from tests.gui.window_fixtures import make_window

    window = make_window(qtbot, tmp_path, data_dir=str(tmp_path / "data"))
    action = window.findChild(QAction, "paigowAction")
    assert action is not None and action.text() == "&Pai Gow Poker"
    assert action in window.game_menu.actions()
    action.trigger()
    page = window.paigow
    assert page is not None and window.pages.currentWidget() is page and page.isVisible()
    assert window.paigow_history is not None  # hands go to the Practice menu's history
    assert len(page.tab.deal.cards(PgZone.HAND)) == 7
    # The Game and Edit menus act on the game shown.
    assert not window.set_action.isEnabled() and not window.undo_action.isEnabled()
    page.tab.play_house_way()
    assert window.set_action.isEnabled() and window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert len(page.tab.deal.cards(PgZone.HAND)) == 7
    window.redo_action.trigger()
    page.tab.cancel()
    window.set_action.trigger()
    page.tab.cancel()
    assert page.tab.settlement is not None and not window.undo_action.isEnabled()
    assert window.practice.recorder.writer.flush(10)  # the history is written on its own thread
    store = window.practice.recorder.store()
    assert store is not None and store.count() == 1
    window.deal_action.trigger()
    assert page.tab.settlement is None and page.tab.hands_played == 1
    window.chinese_action.trigger()
    assert window.pages.currentWidget() is window.chinese_page
    assert window.controller.hands_played == 0  # the table's game is its own


def test_settled_hands_go_to_the_history_with_the_ev(qtbot: Any) -> None:
    from cp_trainer.gui.paigow.window import PaiGowHistory
    from cp_trainer.history import Game

    tab = make_tab(qtbot)
    recorder = FakeRecorder()
    PaiGowHistory(tab, recorder)
    mine = parse_setting("Ts 9h 5d 5c Th / Ad Jk")  # two pair behind aces: legal
    assert tab.deal.place(mine)
    with qtbot.waitSignal(tab.evFinished, timeout=60_000) as blocker:
        tab.set_hand()
    (record,) = recorder.records
    assert record.game is Game.PAIGOW and not record.fouled
    assert HandRecord.from_dict(record.to_dict()) == record  # passes the history's validator
    assert record.arrangement == "Ts Th 9h 5d 5c / Jk Ad"
    assert record.points == pytest.approx(0.95)
    assert record.opponents[0].arrangement == house_way(DEALER).setting.format()
    ev: EvResult = blocker.args[0]
    ((rid, arrangement, best_ev, mine_ev),) = recorder.solver
    assert rid == "1" and arrangement == ev.best.setting.format() and best_ev == ev.best.ev
    assert mine_ev == ev.settings[ev.index_of(mine)].ev  # type: ignore[index]
    # A fouled setting is stored with its foul note and -1.
    tab.new_deal((parse_pg_cards("As Kd 9h 7c 5s 3d 4h"), DEALER))
    assert tab.deal.place(parse_setting("9h 7c 5s 4h 3d / As Kd"))
    assert tab.status.property("state") == "foul"
    with qtbot.waitSignal(tab.evFinished, timeout=60_000):
        tab.set_hand()
    fouled = recorder.records[1]
    assert fouled.fouled and fouled.points == -1.0
    assert "foul" in fouled.fouls[0].message
    assert HandRecord.from_dict(fouled.to_dict()) == fouled
    assert recorder.solver[1][0] == "2"
