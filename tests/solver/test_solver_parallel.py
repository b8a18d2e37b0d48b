"""The solver's work split over threads: every item once, errors raised, answers unchanged."""

from __future__ import annotations

import itertools
import threading

import pytest

from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver import parallel
from cp_trainer.solver.montecarlo import SolveRequest, solve


@pytest.mark.parametrize(("n", "least", "workers"), [(0, 1, 2), (1, 1, 2), (10, 3, 2), (1000, 256, 2),
                                                      (1000, 10, 4), (7, 100, 4)])
def test_ranges_cover_every_item_once(monkeypatch: pytest.MonkeyPatch, n: int, least: int,
                                      workers: int) -> None:
    monkeypatch.setattr(parallel, "WORKERS", workers)
    parts = parallel.ranges(n, least)
    assert 1 <= len(parts) <= workers
    assert parts[0][0] == 0 and parts[-1][1] == n
    assert all(a[1] == b[0] for a, b in itertools.pairwise(parts))
    assert all(hi - lo >= min(least, n) for lo, hi in parts) or len(parts) == 1


def test_run_ranges_runs_side_by_side_and_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "WORKERS", 2)
    seen: list[tuple[int, int, str]] = []

    def work(lo: int, hi: int) -> None:
        seen.append((lo, hi, threading.current_thread().name))

    parallel.run_ranges(work, 100, 10)
    assert sorted((lo, hi) for lo, hi, _ in seen) == [(0, 50), (50, 100)]
    assert len({name for *_, name in seen}) == 2

    def fail(lo: int, hi: int) -> None:
        if lo == 0:
            raise ValueError(f"range {lo}-{hi} failed")

    with pytest.raises(ValueError, match="range 0-50 failed"):
        parallel.run_ranges(fail, 100, 10)


def test_solve_answers_the_same_on_one_or_several_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c")
    answers = []
    for workers in (1, 2, 3):
        monkeypatch.setattr(parallel, "WORKERS", workers)
        res = solve(SolveRequest(tuple(cards), HouseRules(), bot="standard", samples=3000, seed=4,
                                 chunk=3000))
        answers.append([(c.setting, c.ev, c.stderr, c.explanation.row_win) for c in res.candidates])
    assert answers[0] == answers[1] == answers[2]
