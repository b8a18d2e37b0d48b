"""A fixed solver answer for the Drill tests (numbers stored, never recomputed)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from cp_trainer.drill.grading import HandAnalysis
from cp_trainer.drill.pool import DrillHand
from cp_trainer.drill.profile import result_record
from cp_trainer.drill.themes import Theme
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.rules.arrangement import Arrangement

# A solver answer stored by scripts/make_drill_pool.py (standard opponent, 2,000 samples):
# the full house K-K-K-6-6 in the bottom and trip fours on top beat greedy's ace on top by 0.79.
STORED: dict[str, Any] = json.loads(
    '{"theme": "pair_on_top", "difficulty": 1619, "greedy_loss": 0.794, '
    '"cards": "Ad Ks Kh Kd Qs Qh Qd 6h 6c 5h 4s 4d 4c", "bot": "standard", "opponents": 1, '
    '"samples": 2000, "seed": 1781716066848190843, "candidates": ['
    '["mbbbmmmbbmttt", 3.202, 0.031, 0.0, 0.0], ["mmmmbbbbbmttt", 3.202, 0.031, 0.0, 0.0], '
    '["tbbtbbbmmtmmm", 2.532, 0.033, 0.67, 0.038], ["tmmtbbbbbtmmm", 2.532, 0.033, 0.67, 0.038], '
    '["mmmmtttbbmbbb", 2.483, 0.041, 0.719, 0.028], ["tbbbbbtmmtmmm", 2.408, 0.032, 0.794, 0.038], '
    '["tmbbbtmmtbmmb", 2.45, 0.03, 0.05, 0.01], ["btbmmbtbmmmbt", 2.45, 0.03, 0.05, 0.03], '
    '["mmbtbbbtmbtmm", 2.45, 0.03, 0.25, 0.05], ["tbtmbmbbmbmmt", 2.0, 0.03, 1.2, 0.05]]}')


# --- graded drill results, as the history stores them -------------------------------------------

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
GREEDY = "Ad Qd 5h / 6h 6c 4s 4d 4c / Ks Kh Kd Qs Qh"
BEST = "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6c"


def drill_hand() -> DrillHand:
    a = HandAnalysis.from_json(STORED)
    return DrillHand(a.cards, a, Theme.PAIR_ON_TOP, 1619, 0.794)


def records() -> list[DrillRecord]:
    hand = drill_hand()
    assert hand.analysis is not None
    out = []
    for i, text in enumerate([GREEDY, BEST, GREEDY]):
        grade = hand.analysis.grade(Arrangement.parse(text))
        assert grade is not None
        out.append(result_record(hand, grade, T0 + timedelta(minutes=5 * i)))
    return out
