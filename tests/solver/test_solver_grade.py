"""Grading one arrangement: EV, the best's, the loss, its paired error and its significance."""

from __future__ import annotations

import numpy as np
import pytest

from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from cp_trainer.rules.settlement import settle_pair
from cp_trainer.solver.bots import get_bot
from cp_trainer.solver.enumerate import SolverInputError
from cp_trainer.solver.grade import Opponents, grade
from cp_trainer.solver.montecarlo import SolveRequest, solve

CARDS = parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c")
FOULED = Arrangement.parse("4d 3c 2c / As Kd Qh Jc Ts / 9s 8s 7h 6h 5h")


def test_the_best_arrangement_loses_nothing() -> None:
    res = solve(SolveRequest(tuple(CARDS), bot="greedy", samples=600))
    g = grade(CARDS, res.best.arrangement, against=Opponents("greedy"), samples=600)
    assert g.samples == 600
    assert g.ev == pytest.approx(res.best.ev) and g.best_ev == pytest.approx(res.best.ev)
    assert g.loss == 0 and not g.significant
    assert g.best == g.arrangement == res.best.arrangement


def test_a_fouled_arrangement_pays_the_foul_against_every_opponent() -> None:
    rules = HouseRules()
    g = grade(CARDS, FOULED, against=Opponents("standard", 2), samples=400, rules=rules)
    # the bots never foul: a fouled hand loses all three rows and the scoop bonus to each of two
    assert g.ev == -8.0 and g.stderr == 0.0
    assert g.loss == pytest.approx(g.best_ev + 8.0)
    assert g.significant and g.loss > 5
    # 1-6 scores a foul as a scoop: 6 a bot
    g16 = grade(CARDS, FOULED, against=Opponents("standard"), samples=200,
                rules=HouseRules(system=ScoringSystem.ONE_SIX))
    assert g16.ev == -6.0


def test_loss_and_its_paired_error_match_a_direct_computation() -> None:
    mine = get_bot("greedy").arrange(CARDS)
    g = grade(CARDS, mine, against=Opponents("greedy"), samples=300, seed=11)
    res = solve(SolveRequest(tuple(CARDS), bot="greedy", samples=300, seed=11))
    best = g.best
    assert best == res.best.arrangement
    diffs = []
    for s in range(res.samples):
        (opp,) = res.opponent_arrangements(s)
        rules = HouseRules()
        diffs.append(settle_pair(best, opp, rules).points[0] - settle_pair(mine, opp, rules).points[0])
    assert g.loss == pytest.approx(float(np.mean(diffs)))
    assert g.loss_stderr == pytest.approx(float(np.std(diffs, ddof=1) / np.sqrt(len(diffs))))
    assert g.significant == (g.loss > 2 * g.loss_stderr)


def test_grading_is_reproducible_without_a_seed() -> None:
    mine = get_bot("greedy").arrange(CARDS)
    a = grade(CARDS, mine, samples=300)
    b = grade(list(reversed(CARDS)), mine, samples=300)
    assert a == b


@pytest.mark.parametrize("text", ["4d 3c / As Kd Qh Jc Ts 2c / 9s 8s 7h 6h 5h",
                                  "4d 3c Ah / As Kd Qh Jc Ts / 9s 8s 7h 6h 5h"])
def test_an_arrangement_of_other_cards_is_refused(text: str) -> None:
    refusal = r"^(an arrangement has 3 / 5 / 5 cards, got 2 / 6 / 5|the arrangement .* does not hold the 13)"
    with pytest.raises(SolverInputError, match=refusal):
        grade(CARDS, Arrangement.parse(text), samples=10)
