"""The solver panel's verdicts: one deal, one answer; worded by the solver's accuracy; Criss Cross's
two hands; surrender as a decision; the bots actually played; numbers the language's way."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QPushButton

from cp_trainer.gui.solver import bridge
from cp_trainer.gui.solver.bridge import Candidate, SolverAnswer, SolverQuestion, criss_cross_requests, solve
from cp_trainer.gui.solver.panel import SolverPanel
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryStore
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import BotChoice
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from tests.gui.window_fixtures import HAND, button, make_data_window, make_window, place

MINE = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"
A = Arrangement.parse("Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
B = Arrangement.parse("Qs Js 2s / Kd Kc 9h 8h 7d / As Ah Ts 5c 3c")
C = Arrangement.parse("Qs Js 3c / Kd Kc 9h 8h 7d / As Ah Ts 5c 2s")


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    bridge.clear_cache()
    yield
    bridge.clear_cache()


def _never(*_a: Any) -> None:
    return None


def _answer(mine: Candidate | None = None, equivalent: tuple[Candidate, ...] = (), **kw: Any) -> SolverAnswer:
    best = Candidate(A, 0.41, 0.05)
    request = SolverQuestion(cards=tuple(A.cards), rules=kw.pop("rules", HouseRules()),
                           mine=None if mine is None else mine.arrangement, bot=kw.pop("bot", "standard"),
                           surrendered=kw.pop("surrendered", False))
    return SolverAnswer(request=request, samples=2400, best=best, candidates=(best,), mine=mine,
                        equivalent=equivalent or (best,), **kw)


def _panel(qtbot: Any) -> SolverPanel:
    from cp_trainer.gui.cards.pixmaps import CardRenderer
    from cp_trainer.gui.cards.style import CardStyle

    panel = SolverPanel(CardRenderer(CardStyle.TWO_COLOUR))
    qtbot.addWidget(panel)
    return panel


def test_the_same_deal_gets_the_same_answer_from_hint_and_showdown(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    panel = window.solver_panel
    place(window, MINE)
    with qtbot.waitSignal(panel.answered, timeout=60_000) as hint:
        window.hint()
    with qtbot.waitSignal(panel.answered, timeout=60_000) as after:
        button(window, "setButton").click()
    first, second = hint.args[0], after.args[0]
    assert first.best == second.best and first.samples == second.samples
    assert first.equivalent == second.equivalent
    assert first.mine == second.mine  # the player's own figures on the same samples
    # without the kept answer, the same question (the deal's own seed) gets the same figures
    bridge.clear_cache()
    again = solve(SolverQuestion(cards=tuple(reversed(first.request.cards)), rules=first.request.rules,
                               bot=first.request.bot, samples=first.samples, mine=first.request.mine,
                               time_budget=0.0), _never, lambda: False)
    assert again.best == first.best and again.mine == first.mine and again.samples == first.samples


def test_a_loss_within_the_accuracy_is_not_a_cost(qtbot: Any) -> None:
    panel = _panel(qtbot)
    close = Candidate(B, 0.40, 0.05, loss=0.01, loss_stderr=0.008, significant=False)
    three = (Candidate(A, 0.41, 0.05), close, Candidate(C, 0.39, 0.05, loss=0.02, loss_stderr=0.011))
    panel._show(_answer(close, three))
    text = panel.figures.text()
    # only the best is drawn: the others as good are counted, not called "these"
    assert "2 other arrangements score the same within the solver's accuracy (the means differ by 0.02 " \
        "at most)." in text and "These" not in text
    assert "as good as the best, within the solver's accuracy" in text and "costs" not in text
    alike = (Candidate(A, 0.41, 0.05), Candidate(B, 0.41, 0.05, loss=0.001, loss_stderr=0.001))
    panel._show(_answer(None, alike))
    assert "1 other arrangement scores exactly the same." in panel.figures.text()
    costly = Candidate(B, 0.30, 0.05, loss=0.11, loss_stderr=0.02, significant=True)
    panel._show(_answer(costly))
    text = panel.figures.text()
    assert "This choice costs you 0.11 ± 0.02 points per hand." in text and "These" not in text
    small = Candidate(B, 0.398, 0.05, loss=0.012, loss_stderr=0.004, significant=True)
    panel._show(_answer(small))
    assert "This choice costs you 0.012 ± 0.004 points per hand." in panel.figures.text()
    best = Candidate(A, 0.41, 0.05)
    panel._show(_answer(best))
    assert "Your arrangement is the solver's best." in panel.figures.text()


def test_numbers_follow_the_language(qtbot: Any) -> None:
    panel = _panel(qtbot)
    app = QApplication.instance()
    try:
        install_language(app, "ru")
        panel._show(_answer(Candidate(B, 0.30, 0.05, loss=0.11, loss_stderr=0.02, significant=True)))
        assert "+0,41" in panel.figures.text() and "0,11" in panel.figures.text()
        assert "2 400" in panel.status.text().replace("\u00a0", " ")
    finally:
        install_language(app, "en")
    panel._show(_answer())
    assert "+0.41" in panel.figures.text() and "2,400" in panel.status.text()


def test_the_panel_names_the_bots_played(qtbot: Any) -> None:
    panel = _panel(qtbot)
    panel._show(_answer(bot="expert"))
    status = panel.status.text()
    assert "against 1 expert bot (each" in status and "played out by the standard bot" in status
    panel._show(_answer(bot="greedy"))
    assert "against 1 greedy bot." in panel.status.text() and "×" not in panel.status.text()


def test_surrender_is_priced_against_the_best(qtbot: Any) -> None:
    panel = _panel(qtbot)
    rules = HouseRules(surrender=True)
    panel._show(_answer(rules=rules, surrender_ev=-3.0))
    assert "Surrendering scores \u22123.00 points per hand: play the best arrangement (3.41 more)." in \
        panel.figures.text()
    panel._show(_answer(rules=rules, surrender_ev=-3.0, surrendered=True))
    text = panel.figures.text()
    assert "You surrendered: \u22123.00 points per hand." in text and "Surrendering cost you 3.41" in text
    # a real solve: two bots, surrender costs 3 a bot
    answer = solve(SolverQuestion(cards=tuple(parse_cards(HAND)), rules=rules, opponents=2, samples=300,
                                time_budget=0.0, surrendered=True), _never, lambda: False)
    assert answer.surrender_ev == -6.0 and answer.mine is None
    verdict = answer.surrender_verdict()
    assert verdict is not None and verdict[0] == pytest.approx(answer.best.ev + 6.0) and verdict[1]


def test_criss_cross_analyses_both_hands(qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CP_TRAINER_DATA_DIR", str(tmp_path / "data"))
    window = make_window(qtbot, tmp_path, seed=21)
    window.apply_settings(window.settings.values.replace(criss_cross=True, opponents=1))
    button(window, "dealButton").click()
    c = window.controller
    panel = window.solver_panel
    one = bridge.arrange(c.player_cards[0], "greedy", c.setup.rules)
    window.deal_model.place(one.top, one.middle, one.bottom)
    hint = window._question()  # the Hint knows the player's other hand is in no bot's hand
    assert hint.hand_number == 1 and sorted(hint.dead) == sorted(c.player_cards[1])
    assert hint.opponents == 2 and hint.opponent_seats == (1, 1) and hint.mine == one
    button(window, "setButton").click()
    assert window._question().hand_number == 2
    two = bridge.arrange(c.player_cards[1], "greedy", c.setup.rules)
    window.deal_model.place(two.top, two.middle, two.bottom)
    answers: list[SolverAnswer] = []
    panel.answered.connect(answers.append)
    button(window, "setButton").click()
    qtbot.waitUntil(lambda: len(answers) == 2 and not panel.is_running(), timeout=120_000)
    first, second = answers
    assert [a.request.hand_number for a in answers] == [1, 2]
    assert first.request.mine == one and second.request.mine == two
    # each hand plays the bot's two hands, dealt from the 26 cards the player does not hold
    assert sorted(first.request.dead) == sorted(c.player_cards[1])
    assert first.request.opponents == 2 and first.request.opponent_seats == (1, 1)
    showdown = c.showdown
    assert showdown is not None
    assert first.hindsight is not None
    assert first.mine_hindsight_points == sum(showdown.cross[(0, k)].points[0] for k in (1, 2))
    hand1 = panel.findChild(QPushButton, "solverHand1")
    hand2 = panel.findChild(QPushButton, "solverHand2")
    assert hand1 is not None and hand2 is not None and hand1.isVisible() and hand2.isChecked()
    assert "your hand 2 of 2" in panel.status.text()
    hand1.click()
    assert panel.answer is first and "your hand 1 of 2" in panel.status.text()
    assert "Hindsight for your hand 1" in panel.hindsight.text()
    # both hands' records in the history carry their own hand's verdict (once the writer's thread
    # has written them: the verdicts are queued after the hands)
    assert window.practice.recorder.writer.flush(10)
    with HistoryStore.open(tmp_path / "data") as store:
        records = sorted(store.hands(), key=lambda h: h.criss_cross_hand or 0)
    assert [h.criss_cross_hand for h in records] == [1, 2]
    for record, answer in zip(records, answers, strict=True):
        assert record.solver_arrangement == str(answer.best.arrangement)
        assert answer.mine is not None and record.player_ev == pytest.approx(answer.mine.ev)


def test_criss_cross_requests_keep_each_hand_apart() -> None:
    cards = parse_cards(HAND)
    other = parse_cards("Ad Ac Kh Ks Qh Qd Jh Jd Th Td 9s 9d 8s")
    first = Arrangement.from_rows([cards[:3], cards[3:8], cards[8:]])
    second = Arrangement.from_rows([other[:3], other[3:8], other[8:]])
    reqs = criss_cross_requests([first, second], HouseRules(), bot="expert", samples=500)
    assert [r.hand_number for r in reqs] == [1, 2]
    assert reqs[0].dead == tuple(second.cards) and reqs[1].dead == tuple(first.cards)
    assert all(not r.can_surrender for r in reqs)


def test_sampling_beyond_the_minimum_shows_a_busy_bar_and_the_count(qtbot: Any) -> None:
    import threading

    panel = _panel(qtbot)
    go = threading.Event()

    def slow(req: SolverQuestion, progress: Any, cancelled: Any) -> SolverAnswer:
        progress(req.samples, req.samples)
        progress(3000, 100_000)
        go.wait(30)
        return _answer()

    panel.solve_fn = slow
    panel.start(SolverQuestion(cards=tuple(A.cards), rules=HouseRules(), samples=2000))
    qtbot.waitUntil(lambda: panel.progress.maximum() == 0, timeout=10_000)
    assert "3,000 random deals so far" in panel.status.text()
    with qtbot.waitSignal(panel.answered, timeout=30_000):
        go.set()
    assert not panel.progress.isVisible() and "2,400 random deals" in panel.status.text()


def test_one_criss_cross_hand_tried_again_is_asked_as_such(qtbot: Any, tmp_path: Path) -> None:
    w = make_data_window(qtbot, tmp_path, parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s"),
                         criss_cross=True, opponents=1)
    c = w.controller
    c.new_deal()
    for i in range(2):
        arr = bridge.arrange(c.player_cards[i], "greedy", c.setup.rules)
        w.deal_model.place(arr.top, arr.middle, arr.bottom)
        c.set_hand()
    assert w.practice.recorder.writer.flush(10)  # hands are written by the writer's thread
    with HistoryStore.open(tmp_path / "data") as store:
        first = store.hands()[0]
    assert w.replay.try_again_record(first)
    request = w._question()
    assert request.hand_number == 1 and request.opponents == 2 and request.opponent_seats == (1, 1)
    assert not request.can_surrender


@pytest.mark.parametrize(("raw", "expected", "problems"), [("2.5", 2.5, 0), ("0", 0.0, 0), ("abc", 1.0, 1),
                                                           ("nan", 1.0, 1), ("31", 1.0, 1)])
def test_the_time_budget_setting_is_saved_and_checked(qapp: object, tmp_path: Path, raw: str, expected: float,
                                                      problems: int) -> None:
    from PySide6.QtCore import QSettings

    from cp_trainer.gui.settings.store import Settings

    path = tmp_path / "cp.ini"
    Settings(path).save(Settings(path).values.replace(solver_time_budget=3.0))
    assert Settings(path).values.solver_time_budget == 3.0
    q = QSettings(str(path), QSettings.Format.IniFormat)
    q.setValue("table/solver_time_budget", raw)
    q.sync()
    del q
    settings = Settings(path)
    # each bad value is named once (the settings may add one line saying the repaired file was saved)
    named = [p for p in settings.problems if "solver_time_budget" in p]
    assert settings.values.solver_time_budget == expected and len(named) == problems


def test_the_settings_dialog_edits_the_time_budget(qtbot: Any) -> None:
    from PySide6.QtWidgets import QDoubleSpinBox

    from cp_trainer.gui.settings.dialog import SettingsDialog
    from cp_trainer.gui.settings.store import TrainerSettings

    dialog = SettingsDialog(TrainerSettings(language="en", solver_time_budget=2.5))
    qtbot.addWidget(dialog)
    spin = dialog.findChild(QDoubleSpinBox, "timeBudgetSpin")
    assert spin is not None and spin.value() == 2.5 and spin.suffix() == " s"
    spin.setValue(0.5)
    assert dialog.values().solver_time_budget == 0.5
    dialog.restore_defaults()
    assert dialog.values().solver_time_budget == 1.0


def _count_answer(opponents: int, equivalent: int, bot: str = "greedy") -> SolverAnswer:
    best = Candidate(A, 0.41, 0.05)
    others = tuple(Candidate(B, 0.41, 0.05, loss=0.001, loss_stderr=0.001) for _ in range(equivalent - 1))
    request = SolverQuestion(cards=tuple(A.cards), rules=HouseRules(), opponents=opponents,
                           bot=BotChoice.of(bot))
    return SolverAnswer(request=request, samples=2400, best=best, candidates=(best,),
                        equivalent=(best, *others))


@pytest.mark.parametrize(("n", "bots", "others"), [
    (1, "1 бота «жадный»", "Ещё 1 раскладка приносит ровно столько же."),
    (2, "2 ботов «жадный»", "Ещё 2 раскладки приносят ровно столько же."),
    (5, "5 ботов «жадный»", "Ещё 5 раскладок приносят ровно столько же."),
])
def test_counts_take_their_plural_forms_in_russian(qtbot: Any, n: int, bots: str, others: str) -> None:
    panel = _panel(qtbot)
    app = QApplication.instance()
    try:
        install_language(app, "ru")
        panel._show(_count_answer(n, n + 1))
        assert "против " + bots + "." in panel.status.text() and "×" not in panel.status.text()
        assert others in panel.figures.text()
    finally:
        install_language(app, "en")
    panel._show(_count_answer(n, n + 1))
    bot_word = "bot" if n == 1 else "bots"
    assert f"against {n} greedy {bot_word}." in panel.status.text()
    other_words = "arrangement scores" if n == 1 else "arrangements score"
    assert f"{n} other {other_words} exactly the same." in panel.figures.text()


def test_a_fouled_arrangement_is_called_a_foul_without_an_error_bar(qtbot: Any) -> None:
    panel = _panel(qtbot)
    fouled = Arrangement.parse("As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c")
    panel._show(_answer(Candidate(fouled, -4.0, 0.0, loss=4.41, loss_stderr=0.05, significant=True)))
    text = panel.figures.text()
    assert "Yours is a foul: \u22124.00 points per hand, the same in every deal." in text
    assert "± 0.00" not in text and "-4" not in text


def test_the_biggest_row_difference_reads_as_a_sentence(qtbot: Any) -> None:
    panel = _panel(qtbot)
    best = Candidate(A, 0.41, 0.05, row_win=(0.3, 0.5, 0.57), scoop=0.1)
    mine = Candidate(B, 0.2, 0.05, row_win=(0.3, 0.5, 0.2), scoop=0.05, loss=0.21, loss_stderr=0.03,
                     significant=True)
    request = SolverQuestion(cards=tuple(A.cards), rules=HouseRules(), mine=B)
    panel._show(SolverAnswer(request=request, samples=2400, best=best, candidates=(best,), mine=mine,
                             equivalent=(best,)))
    assert "The biggest difference: the solver's bottom row wins 57% of the time, yours 20%." in \
        panel.figures.text()
    panel.reset()
    assert panel.status.text().endswith("After the showdown it is always shown.")
