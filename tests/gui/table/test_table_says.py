"""A table that fits every screen, uses its space, and says what it is doing.

Each test plays the window as a user would (offscreen; the first window on a
real screen with a window manager is in ``test_first_window_x.py``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.window_fit import FRAME_GUESS, MIN_SIZE, first_size
from cp_trainer.paigow.cards import JOKER, parse_pg_cards
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import ScoringSystem
from tests.gui.window_fixtures import make_window

LEGAL = Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")


def _labels(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def settle() -> None:
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


# --- 1. the first window fits the screen --------------------------------------------------------

@pytest.mark.parametrize("screen", [(1366, 768), (1024, 700), (1280, 720)])
def test_the_first_window_and_its_frame_fit_the_screen(screen: tuple[int, int]) -> None:
    available = QRect(0, 0, *screen)
    size = first_size(available)
    assert size.width() + FRAME_GUESS.width() <= screen[0]
    assert size.height() + FRAME_GUESS.height() <= screen[1]
    assert size.width() >= MIN_SIZE.width() and size.height() >= MIN_SIZE.height()


def test_a_large_screen_gets_a_large_window_not_all_of_it() -> None:
    """A large screen's first window is large (1728 x 972 at 1920 x 1080), but not all of it."""
    size = first_size(QRect(0, 0, 1920, 1080))
    assert size == QSize(1728, 972)
    assert size.width() + FRAME_GUESS.width() < 1920 and size.height() + FRAME_GUESS.height() < 1080
    assert first_size(QRect(0, 0, 1280, 1024)).width() >= 1180  # never below the preferred size
    # a panel at the screen's foot: the free area is what counts
    assert first_size(QRect(0, 0, 1366, 728)).height() + FRAME_GUESS.height() <= 728


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_smallest_window_holds_the_whole_table(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """1024 x 700 less a title bar: the table still fits (nothing squeezed) in both languages."""
    window = make_window(qtbot, tmp_path)
    if lang == "ru":
        window.set_language("ru")
    window.resize(MIN_SIZE.width() + 40, MIN_SIZE.height() + 20)
    settle()
    assert window.table.fits()
    button = window.table.set_button
    bottom = button.mapTo(window, button.rect().bottomLeft()).y()
    assert bottom < window.statusBar().mapTo(window, window.statusBar().rect().topLeft()).y()
    window.set_language("en")


# --- 2. Criss Cross leaves the top row whole ------------------------------------------------------

def _row_room(window: MainWindow) -> dict[Zone, tuple[int, int]]:
    """Each row's inner width and the width its full set of cards needs."""
    settle()
    out = {}
    for zone in (Zone.TOP, Zone.MIDDLE, Zone.BOTTOM):
        view = window.table.views[zone]
        out[zone] = (view.viewport().width(), view.gridSize().width() * view.capacity)
    return out


def test_a_criss_cross_deal_leaves_every_row_room_for_its_cards(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.resize(1366, 738)
    for zone, (room, need) in _row_room(window).items():
        assert room >= need, (zone, room, need)
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    window.deal_action.trigger()
    ordered = sorted(window.deal_model.all_cards(), reverse=True)
    window.deal_model.place(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5]))
    window.table.set_button.click()  # hand 1 set: its seat joins the bots'
    for zone, (room, need) in _row_room(window).items():
        assert room >= need, ("criss cross", zone, room, need)
    window.apply_settings(window.settings.values.replace(criss_cross=False, opponents=2))
    window.deal_action.trigger()
    window.deal_action.trigger()
    for zone, (room, need) in _row_room(window).items():
        assert room >= need, ("after", zone, room, need)


# --- 5. the deal's table, always in view ---------------------------------------------------------

def test_the_deals_table_is_on_the_table_and_the_next_deals_marked(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    table = window.table
    line = table.rules_label.full_text()
    for part in ("2-4", "ties push", "no royalties", "no surrender", "no naturals", "1 greedy bot"):
        assert part in line, line
    assert table.rules_label.isVisible() and not table.next_rules_label.isVisible()
    rules = dataclasses.replace(window.values.house_rules, royalties=True, system=ScoringSystem.ONE_SIX)
    window.apply_settings(window.values.replace(house_rules=rules, opponents=2))
    # the deal on the table still plays by the old table, and says so; the marker names the change
    assert "no royalties" in table.rules_label.full_text()
    assert table.next_rules_label.isVisible()
    marker = table.next_rules_label.full_text()
    assert "1-6" in marker and "royalties" in marker and "2 greedy bots" in marker, marker
    assert "played to the end" in window.statusBar().currentMessage()
    window.deal_action.trigger()
    line = table.rules_label.full_text()
    assert "1-6" in line and "royalties" in line and "no royalties" not in line and "2 greedy bots" in line
    assert not table.next_rules_label.isVisible()


def test_a_settings_change_after_the_showdown_says_nothing_of_playing_on(qtbot: Any,
                                                                         tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    assert window.controller.showdown is not None
    window.apply_settings(window.values.replace(opponents=3))
    message = window.statusBar().currentMessage()
    assert "next deal" in message and "played to the end" not in message
    assert "3 greedy bots" in window.table.next_rules_label.full_text()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_table_line_is_translated_and_never_cut_mid_word(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    window.set_language(lang)
    rules = dataclasses.replace(window.values.house_rules, royalties=True, surrender=True, naturals=True,
                                low_middle=True)
    window.apply_settings(window.values.replace(house_rules=rules, criss_cross=True, opponents=1))
    window.deal_action.trigger()
    window.resize(1024, 660)
    settle()
    label = window.table.rules_label
    shown = label.shown_text()
    assert shown == label.full_text() or shown == label.short_text() or shown.endswith("…")
    if lang == "ru":
        assert "Крисс-Кросс" in label.full_text() and "роялти" in label.full_text()
    else:
        assert "Criss Cross" in label.full_text() and "low middle" in label.full_text()
    window.set_language("en")


# --- 6. Criss Cross: the solver panel follows the hand on the table -------------------------------

def test_set_hand_1_of_2_clears_hand_1s_answer(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1, solver_samples=100))
    window.deal_action.trigger()
    window.hint()
    qtbot.waitUntil(lambda: window.solver_panel.answer is not None, timeout=60_000)
    panel = window.solver_panel
    assert panel.play_button.isVisible()
    best = panel.answer
    assert best is not None
    window.deal_model.place(best.best.arrangement.top, best.best.arrangement.middle,
                            best.best.arrangement.bottom)
    window.table.set_button.click()
    assert window.controller.hand_index == 1
    assert panel.answer is None and not panel.play_button.isVisible() and not panel.best_rows.isVisible()
    # Hint now answers for hand 2, and its arrangement plays on hand 2
    window.hint()
    qtbot.waitUntil(lambda: panel.answer is not None, timeout=60_000)
    assert panel.answer is not None and panel.answer.request.hand_number == 2
    panel.play_button.click()
    assert window.deal_model.is_complete()
    assert "another hand" not in window.statusBar().currentMessage()


# --- 10. sets first, one order everywhere --------------------------------------------------------

@pytest.mark.parametrize(("cards", "shown"), [
    ("As 9h 9d", "9h 9d As"),
    ("4c 2s 2h 2d 2c", "2s 2h 2d 2c 4c"),
    ("Qs Qh 3s 3h 3d", "3s 3h 3d Qs Qh"),
    ("Ks Kh 4s 4h Ad", "Ks Kh 4s 4h Ad"),
    ("Ts 8h 6d 4c 2s", "Ts 8h 6d 4c 2s"),
])
def test_sets_come_first_as_players_read_them(cards: str, shown: str) -> None:
    assert _labels(set_order(parse_cards(cards))) == shown


def test_pai_gow_sets_first_and_the_joker_leads() -> None:
    assert _labels(set_order(parse_pg_cards("4h 3s 2s 2h 2d"))) == "2s 2h 2d 4h 3s"
    assert set_order(parse_pg_cards("Ks Jk Kh"))[0] is JOKER


def test_rows_seats_and_the_solver_panel_show_one_order(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, deal="Qs Qh 3s 3h 3d As 9h 9d Kd Jc 8c 7c 5h")
    arr = Arrangement.parse("As 9h 9d / Kd Jc 8c 7c 5h / Qs Qh 3s 3h 3d")
    assert window.deal_model.place(arr.top, arr.middle, arr.bottom)
    assert _labels(window.deal_model.cards(Zone.TOP)) == "9h 9d As"
    assert _labels(window.deal_model.cards(Zone.BOTTOM)) == "3s 3h 3d Qs Qh"
    window.solver_panel.best_rows.show_arrangement(arr)
    tips = [lab.toolTip() for lab in window.solver_panel.best_rows._labels[2]]
    assert tips == [Card.parse(c).label() for c in ("3s", "3h", "3d", "Qs", "Qh")]
    seat = window.table._seats[0]
    seat.reveal_row(2, arr.bottom, "", "tied", "")
    assert [lab.toolTip() for lab in seat.card_labels[2]] == tips


# --- the smaller ones ------------------------------------------------------------------------------

def test_one_card_left_is_said_in_the_singular(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    deal = window.deal_model
    assert deal.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    deal.move(Card.parse("2s"), Zone.HAND)
    assert "1 card left to place" in window.table.banner.text()
    deal.move(Card.parse("3c"), Zone.HAND)
    assert "2 cards left to place" in window.table.banner.text()


@pytest.mark.parametrize(("left", "word"),
                         [(1, "карту"), (2, "карты"), (5, "карт"), (11, "карт"), (12, "карт")])
def test_cards_left_in_russian_take_the_counts_form(qtbot: Any, tmp_path: Path, left: int, word: str) -> None:
    window = make_window(qtbot, tmp_path)
    window.set_language("ru")
    deal = window.deal_model
    assert deal.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    for card in [*LEGAL.top, *LEGAL.middle, *LEGAL.bottom][:left]:  # the weakest rows emptied first
        deal.move(card, Zone.HAND)
    text = window.table.banner.text()
    assert f"Пока фола нет. Осталось разложить {left} {word};" in text, text


def test_the_deal_button_and_the_menu_say_the_same(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    menu = window.deal_action.text().replace("&", "")
    assert window.table.deal_button.text() == menu
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    assert window.table.deal_button.text() == window.deal_action.text().replace("&", "")


# --- 7. the marks beside the bots' rows are explained ----------------------------------------------

def test_the_showdown_explains_the_marks(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    banner = window.table.banner
    assert "✓ you won that row, ✗ you lost it, = a tie" in banner.text()
    assert not banner.is_cut()
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    window.deal_action.trigger()
    for _ in range(2):  # each hand set as the greedy bot would: legal
        mine = arrange(window.deal_model.all_cards(), "greedy", window.controller.setup.rules)
        assert window.deal_model.place(mine.top, mine.middle, mine.bottom)
        window.table.set_button.click()
    assert window.controller.showdown is not None
    assert '"1 ✓ · 2 ✗" means your hand 1 won that row' in banner.text(), banner.text()
    assert not banner.is_cut()


# --- 8. the Drill names the kicker -----------------------------------------------------------------

def test_the_drills_verdict_names_the_kickers_of_rows_of_one_kind() -> None:
    from cp_trainer.drill.grading import DrillGrade, GradeLevel
    from cp_trainer.drill.why import explain

    yours = Arrangement.parse("Jh Jd 4c / Qs Qh As 9c 3d / Ks Kh 8s 7s 2h")
    best = Arrangement.parse("Jh Jd As / Qs Qh 9c 4c 3d / Ks Kh 8s 7s 2h")
    grade = DrillGrade(yours, -0.5, best, 0.2, 0.7, 0.1, True, False, GradeLevel.MISTAKE, 1000)
    en = explain(grade).render("en")
    assert "top: pair of jacks, kicker A (stronger) instead of pair of jacks, kicker 4" in en, en
    assert "kickers decide" in en
    assert "pair of queens, kickers 9-4-3 (weaker) instead of pair of queens, kickers A-9-3" in en, en
    ru = explain(grade).render("ru")
    assert "кикер" in ru and "решают кикеры" in ru


# --- 9. pictures: each row's chance as bars, the cost as a scale -----------------------------------

def test_the_solver_draws_the_rows_chances_and_the_cost(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    arr = Arrangement.parse("As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c")  # a foul: no scale
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    panel = window.solver_panel
    qtbot.waitUntil(lambda: panel.answer is not None and not panel.is_running(), timeout=60_000)
    answer = panel.answer
    assert answer is not None and answer.best.row_win is not None and answer.mine is not None
    settle()
    for r in range(3):
        bars = panel.rate_bars[r]
        assert bars.isVisible() and bars.best == answer.best.row_win[r]
        assert answer.mine.row_win is not None and bars.yours == answer.mine.row_win[r]
    assert panel.cost_scale.isVisible()
    assert panel.cost_scale.share() == pytest.approx(min(1.0, max(0.0, answer.mine.loss) / 2))
    image = panel.rate_bars[0].grab().toImage()
    assert image.pixelColor(2, 3).name() != image.pixelColor(image.width() - 2, 3).name() or \
        answer.best.row_win[0] > 0.97
    panel.reset()
    assert not panel.cost_scale.isVisible() and not panel.rate_bars[0].isVisible()
    del arr


# --- the drop onto a card of a row with room -------------------------------------------------------

def test_a_card_dropped_on_a_card_of_a_row_with_room_takes_the_free_place(qtbot: Any, tmp_path: Path,
                                                                          monkeypatch: Any) -> None:
    from PySide6.QtCore import QModelIndex, Qt

    from cp_trainer.gui.cards import models

    window = make_window(qtbot, tmp_path)
    deal = window.deal_model
    assert deal.move(Card.parse("As"), Zone.TOP)
    hand, top = deal.zone_models[Zone.HAND], deal.zone_models[Zone.TOP]
    mime = hand.mimeData([hand.index(hand.row_of(Card.parse("Kd")))])
    onto = top.index(top.row_of(Card.parse("As")))
    assert top.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, onto)
    assert {str(c) for c in deal.cards(Zone.TOP)} == {"As", "Kd"}  # both there: nothing swapped out
    # with Shift held the drop swaps
    monkeypatch.setattr(models, "swap_held", lambda: True)
    mime = hand.mimeData([hand.index(hand.row_of(Card.parse("Qs")))])
    onto = top.index(top.row_of(Card.parse("As")))
    assert top.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, onto)
    assert {str(c) for c in deal.cards(Zone.TOP)} == {"Qs", "Kd"}
    assert deal.zone_of(Card.parse("As")) is Zone.HAND
    monkeypatch.setattr(models, "swap_held", lambda: False)
    # a full row: onto a card swaps, as before
    assert deal.move(Card.parse("2s"), Zone.TOP)
    mime = hand.mimeData([hand.index(hand.row_of(Card.parse("As")))])
    onto = top.index(top.row_of(Card.parse("2s")))
    assert top.dropMimeData(mime, Qt.DropAction.MoveAction, -1, -1, onto)
    assert deal.zone_of(Card.parse("2s")) is Zone.HAND and deal.zone_of(Card.parse("As")) is Zone.TOP
    assert not top.canDropMimeData(hand.mimeData([hand.index(0)]), Qt.DropAction.MoveAction, -1, -1,
                                   QModelIndex())


# --- 6 and 4: Criss Cross's showdown, both hands' answers at one size --------------------------------

@pytest.mark.parametrize("size", [(1366, 738), (1024, 660)])
def test_criss_cross_answers_keep_their_size_and_hand_2_its_hindsight(qtbot: Any, tmp_path: Path,
                                                                      size: tuple[int, int]) -> None:
    window = make_window(qtbot, tmp_path)
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1, solver_samples=100))
    window.deal_action.trigger()
    window.resize(*size)
    for _ in range(2):
        mine = arrange(window.deal_model.all_cards(), "greedy", window.controller.setup.rules)
        assert window.deal_model.place(mine.top, mine.middle, mine.bottom)
        window.table.set_button.click()
    panel = window.solver_panel
    qtbot.waitUntil(lambda: len(panel.answers) == 2 and not panel.is_running(), timeout=120_000)
    settle()
    # the last answer shown is hand 2's: its hindsight has its sentence (or, folded, its tooltip)
    assert panel.answer is panel.answers[1] and panel.answer.hindsight is not None
    assert panel.hindsight_rows.isVisible()
    assert panel.hindsight.isVisible() or "Hindsight" in panel.hindsight_title.toolTip()
    seen = []
    for i in (0, 1, 0, 1):
        panel.hand_buttons[i].click()
        settle()
        seen.append((panel.best_rows.card_height, panel.hindsight_rows.card_height,
                     panel.hindsight.isVisible()))
    assert len(set(seen)) == 1, seen


# --- the History window beside the table, not kept above it -------------------------------------------

def test_the_history_window_is_not_kept_above_the_table(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, data_dir=str(tmp_path / "data"))
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    assert window.practice.recorder.writer.flush(10)
    history = window.practice.open_history()
    assert history is not None and history.isVisible() and history.isWindow()
    handle = history.windowHandle()
    assert handle is not None and handle.transientParent() is None
    history.close()
