"""The pieces of a first start without a window: the compile in steps that report how far it is
(``python -m cp_trainer.precompile --progress``), and a solve that waits, cancellable, while the
solver is being prepared."""

from __future__ import annotations

import threading
import time

import pytest

from cp_trainer import precompile as pc
from cp_trainer.gui.solver import bridge
from cp_trainer.gui.solver.bridge import Preparation, SolveCancelled, SolverQuestion
from cp_trainer.rules.cards import FULL_DECK
from cp_trainer.rules.house_rules import HouseRules


def test_the_compile_reports_each_step_and_the_end() -> None:
    ran: list[str] = []
    steps = [pc.Step("a", 1, lambda: ran.append("a")), pc.Step("b", 3, lambda: ran.append("b"))]
    heard: list[tuple[int, int]] = []
    assert pc.precompile(lambda done, total: heard.append((done, total)), steps=steps)
    assert ran == ["a", "b"] and heard == [(0, 4), (1, 4), (4, 4)]


def test_a_cancelled_compile_stops_between_steps() -> None:
    ran: list[str] = []
    steps = [pc.Step("a", 1, lambda: ran.append("a")), pc.Step("b", 3, lambda: ran.append("b"))]
    assert not pc.precompile(cancelled=lambda: bool(ran), steps=steps)
    assert ran == ["a"]


def test_the_steps_cover_the_solver_and_pai_gow() -> None:
    assert [s.name for s in pc.STEPS] == ["solver", "standard", "paigow"]
    assert sum(s.weight for s in pc.STEPS) == 100 and all(s.weight > 0 for s in pc.STEPS)


def test_progress_mode_prints_only_progress_lines(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(pc, "STEPS", (pc.Step("a", 30, lambda: None), pc.Step("b", 70, lambda: None)))
    assert pc.main(["--progress"]) == 0
    assert capsys.readouterr().out == "progress 0 100\nprogress 30 100\nprogress 100 100\n"
    assert pc.main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("compiling the solver (once)…\n") and "progress" not in out


def test_waiting_for_the_preparation_ends_with_it() -> None:
    prep = Preparation()
    assert not prep.underway
    prep.wait(lambda: True)  # ready: no wait, whatever Cancel says
    prep.begin()
    assert prep.underway
    threading.Timer(0.2, prep.end).start()
    start = time.monotonic()
    prep.wait(lambda: False)
    assert 0.1 < time.monotonic() - start < 5 and not prep.underway


def test_a_solve_asked_while_the_solver_is_prepared_waits_and_cancel_reaches_it() -> None:
    request = SolverQuestion(tuple(FULL_DECK[:13]), HouseRules(), samples=100, time_budget=None)
    bridge.PREPARATION.begin()
    try:
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        start = time.monotonic()
        with pytest.raises(SolveCancelled):
            bridge.solve(request, lambda done, total: None, cancel.is_set)
        assert 0.2 < time.monotonic() - start < 5
    finally:
        bridge.PREPARATION.end()
