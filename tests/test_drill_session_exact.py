"""The Drill's session field by field: each refusal's reason and exact words, what each phase
allows, the numbers and difficulties of the graded hands, and what a deal resets.
(test_drill_session.py holds the session's course; test_drill_session_machine.py its state machine.)"""

from __future__ import annotations

import pytest
from drill_session_fixtures import BEST, NOT_STORED, STORED_KEY, Clock, analyse, grade, pool

from cp_trainer.arrangement import Arrangement
from cp_trainer.board import Refusal, Refused
from cp_trainer.drill.session import DrillPhase, DrillResult, DrillSession, GradeJob


def on_stored(clock: Clock | None = None) -> DrillSession:
    s = DrillSession(pool(), seed=3, clock=clock or Clock(), random_share=0.0)
    while s.hand.key != STORED_KEY:
        s.next_hand()
    return s


def test_each_refusal_names_its_reason_and_says_why_in_full() -> None:
    s = on_stored()
    with pytest.raises(Refused, match=r"^incomplete: the rows hold 0 / 0 / 0 cards, not 3 / 5 / 5$") as e:
        s.set_hand()
    assert e.value.reason is Refusal.INCOMPLETE
    s.place(Arrangement.parse(NOT_STORED))
    job = s.set_hand()
    assert isinstance(job, GradeJob)
    with pytest.raises(Refused, match=r"^grading: next hand: the solver is grading this one; wait for its "
                                      r"grade$") as e:
        s.next_hand()
    assert e.value.reason is Refusal.GRADING
    with pytest.raises(Refused, match=r"^not_arranging: set the hand: the solver is grading the hand set$") as e:
        s.set_hand()
    assert e.value.reason is Refusal.NOT_ARRANGING
    stranger = GradeJob(job.hand, job.arrangement)
    with pytest.raises(Refused, match=rf"^not_grading: grade: no grade of {STORED_KEY} is awaited$") as e:
        s.graded(stranger, *job.run(analyse, grade))
    assert e.value.reason is Refusal.NOT_GRADING
    hand, answer = job.run(analyse, grade)
    other = grade(hand, Arrangement.parse(BEST))
    with pytest.raises(Refused, match=rf"^wrong_cards: a grade of {BEST} \({STORED_KEY}\) answers no job: "
                                      rf"{NOT_STORED} was set$") as e:
        s.graded(job, hand, other)
    assert e.value.reason is Refusal.WRONG_CARDS
    result = s.graded(job, hand, answer)
    assert isinstance(result, DrillResult) and result.number == 1 and s.phase is DrillPhase.GRADED
    with pytest.raises(Refused, match=r"^not_arranging: set the hand: the hand is graded; ask for the next "
                                      r"hand$") as e:
        s.set_hand()
    assert e.value.reason is Refusal.NOT_ARRANGING
