"""The solver beside the table: runs off the GUI thread, can be cancelled, answers for its hand."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLabel, QPushButton

from cp_trainer.gui.solver.bridge import SolverAnswer, SolverQuestion, solve
from cp_trainer.gui.solver.panel import SolverPanel
from cp_trainer.gui.table.models import Zone
from cp_trainer.rules.arrangement import Arrangement
from tests.gui.window_fixtures import make_window, place


def test_hint_solves_in_the_background_and_plays_the_answer(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    panel = window.findChild(SolverPanel, "solverPanel")
    assert panel is not None
    threads: list[int] = []

    def recording(req: SolverQuestion, progress: Any, cancelled: Any) -> SolverAnswer:
        threads.append(threading.get_ident())
        return solve(req, progress, cancelled)

    panel.solve_fn = recording
    hint = window.findChild(QPushButton, "hintButton")
    assert hint is not None
    with qtbot.waitSignal(panel.answered, timeout=60_000) as blocker:
        hint.click()
        # the window stays usable while it runs: move a card
        assert window.deal_model.move(window.deal_model.cards(Zone.HAND)[0], Zone.BOTTOM)
    answer = blocker.args[0]
    assert threads and threads[0] != threading.get_ident()
    assert sorted(answer.request.cards) == sorted(window.deal_model.all_cards())
    assert answer.samples >= 400  # the minimum; adaptive sampling may add more
    assert "points per hand" in panel.figures.text()
    play = panel.findChild(QPushButton, "playSolverButton")
    assert play is not None and play.isVisible()
    play.click()
    assert window.deal_model.is_complete()
    assert window.controller.arrangement() == answer.best.arrangement
    # After the showdown: the player's own EV, and hindsight labelled as such.
    with qtbot.waitSignal(panel.answered, timeout=60_000) as blocker:
        window.findChild(QPushButton, "setButton").click()  # type: ignore[union-attr]
    after = blocker.args[0]
    assert after.mine is not None and after.hindsight is not None
    hindsight = panel.findChild(QLabel, "hindsightLabel")
    assert hindsight is not None and hindsight.text().startswith("Hindsight")
    assert "Your arrangement is the solver's best." in panel.figures.text() or "costs you" in \
        panel.figures.text()


def test_solver_can_be_cancelled(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    panel = window.solver_panel
    started = threading.Event()
    seen: list[int] = []

    def slow(req: SolverQuestion, progress: Any, cancelled: Any) -> SolverAnswer:
        def tell(done: int, total: int) -> None:
            seen.append(done)
            started.set()
            progress(done, total)
        return solve(SolverQuestion(req.cards, req.rules, req.opponents, req.bot, samples=100_000),
                     tell, cancelled)

    panel.solve_fn = slow
    answers: list[object] = []
    panel.answered.connect(answers.append)
    window.hint()
    assert panel.is_running()
    assert started.wait(30)
    cancel = panel.findChild(QPushButton, "cancelButton")
    assert cancel is not None and cancel.isVisible()
    cancel.click()
    assert not panel.is_running()
    assert panel.pool.waitForDone(30_000)
    qtbot.wait(50)
    assert answers == [] and panel.answer is None
    assert seen and seen[-1] < 100_000
    assert "cancelled" in panel.status.text()


def test_an_answer_places_only_on_its_own_hand(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    place(window, "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
    other = Arrangement.parse("Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 4c")
    window.solver_panel.playRequested.emit(other)
    assert window.controller.arrangement() == Arrangement.parse("Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c")
