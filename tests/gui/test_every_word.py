"""Every word right in both languages, and the same cards everywhere: each test plays the window
(offscreen) as a person would, and reads the words in English and in Russian."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.numbers import points
from cp_trainer.gui.practice.hand_html import hand_html
from cp_trainer.gui.solver.bridge import SolverQuestion
from cp_trainer.gui.solver.verdict_words import opponents_phrase
from cp_trainer.gui.translation import install_language
from cp_trainer.history import Game, HandRecord
from cp_trainer.history.record import FoulNote, OpponentHand, now_utc
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import parse_bot
from cp_trainer.rules.cards import format_cards, label_cards, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import settle
from cp_trainer.support.i18n import count_points, join_words, plural_index
from tests.gui.window_fixtures import HAND, make_window, surrender_hand

LEGAL = Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")
FOUL = Arrangement.parse("As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c")  # aces on top of kings


def settle_events() -> None:
    for _ in range(3):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def _ru(window: MainWindow, lang: str) -> None:
    if lang == "ru":
        window.set_language("ru")


# --- counted points ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "en", "ru"), [
    (1, "1 point", "1 очко"), (-1, "-1 point", "-1 очко"), (2, "2 points", "2 очка"),
    (5, "5 points", "5 очков"), (11, "11 points", "11 очков"), (21, "21 points", "21 очко"),
    (0, "0 points", "0 очков")])
def test_points_take_the_counts_form(n: int, en: str, ru: str) -> None:
    assert count_points(n) == en and count_points(n, "ru") == ru


def test_the_windows_points_have_their_sign_and_unit(qapp: Any) -> None:
    assert points(-1, signed=True) == "\u22121 point" and points(1, signed=True) == "+1 point"
    assert points(4) == "4 points"
    install_language(qapp, "ru")
    try:
        assert points(-2, signed=True) == "\u22122 очка" and points(5) == "5 очков"
    finally:
        install_language(qapp, "en")


def test_lists_are_joined_as_sentences() -> None:
    assert join_words(["a"]) == "a" and join_words(["a", "b"]) == "a and b"
    assert join_words(["a", "b", "c"], "ru") == "a, b и c"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_showdown_total_counts_its_points(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    _ru(window, lang)
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    showdown = window.controller.showdown
    assert showdown is not None
    text = window.table.result_label.text()
    counted = points(showdown.total, signed=True)
    head = "Total this hand: " if lang == "en" else "Итого за раздачу: "
    assert head + counted + "." in text, text
    if lang == "ru":
        word = ["очко", "очка", "очков"][plural_index(showdown.total, "ru")]
        assert counted.endswith(word)
    else:
        assert counted.endswith("point" if abs(showdown.total) == 1 else "points")
    window.set_language("en")


@pytest.mark.parametrize(("lang", "said"), [("en", "a scoop is worth 4 points."),
                                            ("ru", "скуп стоит 4 очка.")])
def test_the_help_counts_the_scoops_points(qapp: Any, lang: str, said: str) -> None:
    from cp_trainer.gui.help_text import rules_html

    install_language(qapp, lang)
    try:
        assert said in rules_html(HouseRules())
    finally:
        install_language(qapp, "en")


# --- the foul question -----------------------------------------------------------------------------

def _foul_question(window: MainWindow, rules: HouseRules, **table: Any) -> str:
    window.apply_settings(window.values.replace(house_rules=rules, **table))
    window.deal_action.trigger()
    ordered = sorted(window.deal_model.all_cards(), reverse=True)  # the strongest on top: a foul
    assert window.deal_model.place(tuple(ordered[:3]), tuple(ordered[3:8]), tuple(ordered[8:]))
    warning = window.controller.foul_warning()
    assert warning is not None
    return warning


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_foul_question_says_what_royalties_can_add(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    _ru(window, lang)
    question = _foul_question(window, HouseRules(royalties=True), opponents=2)
    if lang == "en":
        assert "loses at least 4 points to each opponent, more where an opponent collects royalties" \
            in question, question
        assert question.endswith("Set it anyway?")
    else:
        assert "проигрывает каждому сопернику 4 очка, а сопернику, получающему роялти, — больше" \
            in question, question
        assert question.endswith("Всё равно вскрыть?") and "раскрыть" not in question
        assert window.table.set_button.text().replace("&", "").startswith("Вскрыть")
    window.set_language("en")


def test_the_foul_question_is_true_of_the_settlement() -> None:
    """A fouled hand loses the scoop to each legal hand and the royalties it collects on top."""
    rules = HouseRules(royalties=True)
    quads = Arrangement.parse("Qd 9c 8c / Jh Jd 6h 5h 4c / 7s 7h 7d 7c 2d")  # four sevens: 4 more
    result = settle([FOUL, quads], rules)
    assert result.points[0] == -(rules.scoop_points + 4)  # "at least 4": here 8


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_foul_question_counts_criss_cross_per_opponent_hand(qtbot: Any, tmp_path: Path,
                                                                lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    _ru(window, lang)
    question = _foul_question(window, HouseRules(system=HouseRules().system), criss_cross=True, opponents=1)
    if lang == "en":
        assert "loses 4 points to each of the opponent's two hands (8 points in all)" in question, question
    else:
        assert "каждой из двух рук соперника 4 очка (всего 8 очков)" in question, question
    window.set_language("en")


def test_the_foul_question_names_naturals_and_surrender(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    rules = HouseRules(naturals=True, natural_amount=3, surrender=True, surrender_cost=2)
    question = _foul_question(window, rules)
    assert "A hand with a natural wins 3 points from it instead." in question, question
    assert "An opponent who surrenders pays it 2 points instead." in question


# --- lists of bots ---------------------------------------------------------------------------------

MIXED = (parse_bot("standard"), parse_bot("scoop-chaser"), parse_bot("newcomer:0.15"))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "3 bots: standard, scoop-chaser and newcomer (fouls 15%)"),
    ("ru", "3 бота: «стандартный», «охотник за скупом» и «новичок» (фолит в 15% рук)")])
def test_the_table_line_lists_its_bots_as_a_sentence(qtbot: Any, tmp_path: Path, lang: str,
                                                      said: str) -> None:
    window = make_window(qtbot, tmp_path)
    _ru(window, lang)
    window.apply_settings(window.values.replace(opponents=3, seat_bots=MIXED))
    window.deal_action.trigger()
    line = window.table.rules_label.full_text()
    assert said in line, line
    window.apply_settings(window.values.replace(opponents=2, seat_bots=(), bot=parse_bot("pair-on-top")))
    window.deal_action.trigger()
    line = window.table.rules_label.full_text()
    assert ("2 pair-on-top bots" if lang == "en" else "2 бота «пара наверху»") in line, line
    window.set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["3 bots: standard, scoop-chaser and newcomer (fouls 15%)", "1 newcomer bot (fouls 15%)",
            "2 standard bots"]),
    ("ru", ["3 ботов: «стандартный», «охотник за скупом» и «новичок» (фолит в 15% рук)",
            "1 бота «новичок» (фолит в 15% рук)", "2 ботов «стандартный»"])])
def test_the_solver_names_the_bots_it_plays_against(qapp: Any, lang: str, said: list[str]) -> None:
    install_language(qapp, lang)
    try:
        mixed = SolverQuestion(cards=(), rules=HouseRules(), opponents=3, bot=MIXED[0], seat_bots=MIXED)
        one = SolverQuestion(cards=(), rules=HouseRules(), opponents=1, bot=MIXED[2])
        two = SolverQuestion(cards=(), rules=HouseRules(), opponents=2, bot=MIXED[0])
        assert [opponents_phrase(r) for r in (mixed, one, two)] == said
    finally:
        install_language(qapp, "en")


# --- after a surrender -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_after_a_surrender_the_banner_explains_no_marks(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    _ru(window, lang)
    surrender_hand(window)
    banner = window.table.banner.text()
    assert "✓" not in banner, banner
    assert ("You surrendered" if lang == "en" else "Вы отказались от руки") in banner, banner
    line = window.table.rules_label.full_text()
    if lang == "ru":
        assert "отказ от руки за 3 очка" in line and "сдач" not in line, line
    else:
        assert "surrender for 3 points" in line, line
    window.set_language("en")


# --- the same cards everywhere -------------------------------------------------------------------------

def test_the_first_reveal_shows_the_bots_rows_sets_first(qtbot: Any, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.gui.cards.animation import ANIMATIONS_ENV

    monkeypatch.setenv(ANIMATIONS_ENV, "1")
    window = make_window(qtbot, tmp_path)
    (seat,) = [s for s in window.table._seats if s.seat == 1]
    flipper = window.table.flipper
    flipper.enabled = True
    assert flipper.active()
    cards = parse_cards("Ks Kh 4s 4h 4d")  # three fours: the fours first
    seat.reveal_row(2, cards, "", "tied", "")
    flipper.flip(seat, 2, cards)
    flipper.finish()
    renderer = flipper.renderer
    shown = [lab.pixmap().toImage() for lab in seat.card_labels[2]]
    for image, card, lab in zip(shown, set_order(cards), seat.card_labels[2], strict=False):
        assert image == renderer.pixmap(card, lab.size(), lab.devicePixelRatioF()).toImage(), card


def test_the_drill_writes_a_ten_as_on_the_cards() -> None:
    from cp_trainer.drill.grading import DrillGrade, GradeLevel
    from cp_trainer.drill.why import explain

    yours = Arrangement.parse("Jh Jd 4c / Qs Qh Td 9c 3d / Ks Kh 8s 7s 2h")
    best = Arrangement.parse("Jh Jd Td / Qs Qh 9c 4c 3d / Ks Kh 8s 7s 2h")
    grade = DrillGrade(yours, -0.5, best, 0.2, 0.7, 0.1, True, False, GradeLevel.MISTAKE, 1000)
    for lang in ("en", "ru"):
        text = explain(grade).render(lang)
        assert "T" not in text.replace("The", "").replace("Top", ""), text
        assert "10-9-3" in text, text


def test_the_banner_writes_a_ten_as_on_the_cards(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, deal="Qs Qh Ts Qd Qc 5d 4c 3s As Ah Ad 2d 2c")
    # queens with a ten on top over queens in the middle: the kickers decide, and name the ten
    rows = [parse_cards(r) for r in ("Qs Qh Ts", "Qd Qc 5d 4c 3s", "As Ah Ad 2d 2c")]
    assert window.deal_model.place(*rows)
    text = window.table.banner.text()
    assert "pair of queens, kicker 10" in text and "kicker T" not in text, text


def test_the_history_shows_the_cards_as_dealt(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    dealt = parse_cards(HAND)
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    (record,) = window.controller.session.settled[-1].records
    assert record.deal == format_cards(dealt)
    text = hand_html(record, "en")
    shown = label_cards(dealt)
    assert all(c.label() in text for c in dealt)
    assert [text.find(c.label()) for c in dealt] == sorted(text.find(c.label()) for c in dealt), shown


# --- the history keeps the figures ---------------------------------------------------------------------

def test_a_surrendered_hand_keeps_the_solvers_figure(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.apply_settings(window.values.replace(house_rules=HouseRules(surrender=True), solver_samples=100))
    window.deal_action.trigger()
    stored: list[tuple[str, str, float, float | None, float | None]] = []
    recorder = window.practice.recorder

    def set_solver(*args: Any) -> bool:
        stored.append(args)
        return True

    recorder.set_solver = set_solver  # type: ignore[method-assign,assignment]
    cards = sorted(window.deal_model.all_cards())
    assert window.deal_model.place(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
    window.table.surrender_button.click()
    panel = window.solver_panel
    qtbot.waitUntil(lambda: panel.answer is not None and not panel.is_running(), timeout=60_000)
    answer = panel.answer
    assert answer is not None and answer.surrender_ev is not None
    assert stored, "no solver figure stored for the surrendered hand"
    (uid, best, best_ev, player_ev, error) = stored[-1]
    assert uid == recorder.last_id and best == str(answer.best.arrangement)
    assert player_ev == answer.surrender_ev and error == answer.best.stderr
    (record,) = window.controller.session.settled[-1].records
    record = dataclasses.replace(record, solver_arrangement=best, solver_ev=best_ev, player_ev=player_ev,
                                 loss_stderr=error)
    text = hand_html(record, "en")
    assert "No solver figure" not in text and "Surrendering scored" in text, text


def test_a_pai_gow_ev_asked_before_set_is_recorded(qtbot: Any) -> None:
    from cp_trainer.gui.paigow.window import PaiGowHistory
    from cp_trainer.paigow.setting import parse_setting
    from tests.gui.paigow.paigow_fixtures import FakeRecorder, make_tab

    tab = make_tab(qtbot)
    recorder = FakeRecorder()
    history = PaiGowHistory(tab, recorder)
    with qtbot.waitSignal(tab.evFinished, timeout=60_000):
        tab.show_advice()  # "House way & EV" before Set
    assert tab.deal.place(parse_setting("Ts 9h 5d 5c Th / Ad Jk"))
    tab.set_hand()
    settle_events()
    assert recorder.records and recorder.solver, "the EV asked before Set was not recorded"
    assert recorder.solver[0][0] == "1"
    del history


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pai_gow_hand_in_the_history_speaks_the_language(qapp: Any, lang: str) -> None:
    record = HandRecord(
        game=Game.PAIGOW, deal="Qs Qh 9h 7c 5s 3d 4h", arrangement="9h 7c 5s 4h 3d / Qs Qh",
        played_at=now_utc(),
        fouls=(FoulNote("order", "foul: the low hand (pair of queens) beats the high hand (nine-high)"),),
        opponents=(OpponentHand("Ks Kh 8c 7d 2c / Qd Jh", -1.0, "dealer"),), house_rules={})
    install_language(qapp, lang)
    try:
        text = hand_html(record, lang)
    finally:
        install_language(qapp, "en")
    if lang == "ru":
        assert "малая рука (пара дам) сильнее большой руки" in text, text
        assert "foul" not in text and "dealer" not in text.lower().replace("dealt", ""), text
        assert "Крупье" in text
    else:
        assert "the low hand (pair of queens) beats the high hand" in text and "Dealer" in text
        assert "foul: the low" not in text


# --- the solver panel ------------------------------------------------------------------------------

def test_a_fouls_average_is_not_called_the_same_in_every_deal(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    window.apply_settings(window.values.replace(house_rules=HouseRules(royalties=True), solver_samples=100))
    window.deal_action.trigger()
    ordered = sorted(window.deal_model.all_cards(), reverse=True)
    assert window.deal_model.place(tuple(ordered[:3]), tuple(ordered[3:8]), tuple(ordered[8:]))
    window.table.set_button.click()
    panel = window.solver_panel
    qtbot.waitUntil(lambda: panel.answer is not None and not panel.is_running(), timeout=60_000)
    answer = panel.answer
    assert answer is not None and answer.mine is not None
    text = panel.figures.text()
    if answer.mine.stderr > 0:
        assert "the same in every deal" not in text and "on average" in text, text
    else:
        assert "the same in every deal" in text, text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_chance_bars_keep_their_room(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    _ru(window, lang)
    window.resize(1024, 700)
    assert window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    window.table.set_button.click()
    panel = window.solver_panel
    qtbot.waitUntil(lambda: panel.answer is not None and not panel.is_running(), timeout=60_000)
    settle_events()
    for bars in panel.rate_bars:
        assert bars.isVisible() and bars.width() >= 40, (lang, bars.width())
    window.set_language("en")

