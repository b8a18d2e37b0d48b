"""The solver work the Drill page runs on its worker thread, by default: a random (or review)
hand's analysis, a grade the pool did not store, and the per-row rates behind the why line. Each
imports the solver when it runs (slow: never on the GUI thread, never at the page's import)."""

from __future__ import annotations

from collections.abc import Callable

from cp_trainer.drill.grading import DrillGrade
from cp_trainer.drill.pool import DrillHand, solved_to_hand
from cp_trainer.drill.session import Nets
from cp_trainer.rules.arrangement import Arrangement

__all__ = ["RatesFn", "analyse_hand", "grade_hand", "row_rates"]

#: the per-row comparison of the player's rows and the best's (yours, best)
RatesFn = Callable[[DrillHand, DrillGrade], tuple[Nets, Nets]]


def analyse_hand(hand: DrillHand) -> DrillHand:
    """A random (or review) hand's solver answer, theme and difficulty (slow: a worker thread)."""
    from cp_trainer.drill.analysis import analyse

    return solved_to_hand(analyse(list(hand.cards)), hand.source)


def row_rates(hand: DrillHand, grade: DrillGrade) -> tuple[Nets, Nets]:
    """The solver's per-row comparison of the player's rows and the best's (a solve)."""
    from cp_trainer.drill.analysis import row_nets

    assert hand.analysis is not None
    yours, best = row_nets(hand.analysis, [grade.arrangement, grade.best])
    return yours, best


def grade_hand(hand: DrillHand, arrangement: Arrangement) -> DrillGrade:
    from cp_trainer.drill.analysis import grade_live

    assert hand.analysis is not None
    return grade_live(hand.analysis, arrangement)
