"""The solver's answer for a hand, computed: what the pool script stores, and what a random
drill hand gets at run time (the same function, so both are graded alike).

Two runs of :func:`~cp_trainer.solver.montecarlo.solve` on the same samples (one seed): the first
finds the best candidate, the second measures every candidate's loss to that best with the
standard error of the *paired* difference. Only the ``KEEP_COUNT`` candidates nearest the best
that lose at most ``KEEP_LOSS`` points are stored, plus the bots' own arrangements, which difficulty
and themes need; an arrangement not stored is graded live.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.arrangement import Arrangement, row_strengths
from ..rules.bot_names import BotChoice
from ..rules.cards import Card
from ..rules.house_rules import HouseRules
from .grading import CandidateAnswer, DrillGrade, HandAnalysis, _is_foul, classify

__all__ = ["DRILL_BOT", "DRILL_OPPONENTS", "DRILL_SAMPLES", "SolvedHand", "analyse", "grade_live",
           "hand_seed", "row_nets"]

# How drill hands are measured: one opponent set by the ``standard`` bot, 2,000 samples.
DRILL_BOT = "standard"
DRILL_OPPONENTS = 1
DRILL_SAMPLES = 2000
KEEP_LOSS = 1.5
KEEP_COUNT = 40


def hand_seed(cards: Sequence[Card]) -> int:
    """A seed derived from the cards (any order), so a hand always meets the same samples."""
    seed = 0
    for i, c in enumerate(sorted(c.index for c in cards)):
        seed ^= (c + 1) << (5 * (i % 12))
    return seed & ((1 << 63) - 1)


@dataclass(frozen=True)
class SolvedHand:
    """A hand's analysis with the arrangements the bots choose for it."""

    analysis: HandAnalysis
    greedy: Arrangement
    standard: Arrangement

    def bot_loss(self, name: str) -> CandidateAnswer:
        arr = self.greedy if name == "greedy" else self.standard
        cand = self.analysis.find(arr)
        assert cand is not None  # analyse() always keeps the bots' arrangements
        return cand


def analyse(cards: Sequence[Card], rules: HouseRules | None = None, *, bot: str | BotChoice = DRILL_BOT,
            opponents: int = DRILL_OPPONENTS, samples: int = DRILL_SAMPLES, seed: int | None = None,
            keep: float = KEEP_LOSS) -> SolvedHand:
    """Measure every candidate of ``cards`` (13 distinct cards; raises the solver's input errors)."""
    from ..solver.bots import get_bot
    from ..solver.montecarlo import SolveRequest, solve

    rules = rules or HouseRules()
    seed = hand_seed(cards) if seed is None else seed
    first = solve(SolveRequest(tuple(cards), rules, bot=bot, opponents=opponents, samples=samples,
                               seed=seed, keep_samples=False))
    best = first.best.arrangement
    second = solve(SolveRequest(tuple(cards), rules, bot=bot, opponents=opponents, samples=samples,
                                seed=seed, reference=best, keep_samples=False))
    greedy = get_bot("greedy").arrange(cards, rules)
    standard = get_bot("standard").arrange(cards, rules)
    must = {row_strengths(greedy, rules), row_strengths(standard, rules)}
    rows: list[CandidateAnswer] = []
    for c in second.candidates:  # best first
        assert c.diff is not None and c.diff_stderr is not None
        loss = max(-c.diff, 0.0)
        if (loss <= keep and len(rows) < KEEP_COUNT) or row_strengths(c.arrangement, rules) in must:
            rows.append(CandidateAnswer(c.arrangement, c.ev, c.stderr, loss, c.diff_stderr))
    rows.sort(key=lambda r: r.loss)
    analysis = HandAnalysis.of(cards, rows, bot, opponents, second.samples, seed)
    return SolvedHand(analysis, greedy, standard)


def row_nets(analysis: HandAnalysis, arrangements: Sequence[Arrangement],
             rules: HouseRules | None = None) -> list[tuple[float, float, float]]:
    """Per arrangement, each row's win rate minus its loss rate (top, middle, bottom) against the
    analysis's own samples (same bot, opponents, samples and seed): the solver's per-row
    comparison behind the why line. One solve: call it off the GUI thread."""
    from ..solver.montecarlo import SolveRequest, solve

    rules = rules or HouseRules()
    result = solve(SolveRequest(tuple(analysis.cards), rules, bot=analysis.bot,
                                opponents=analysis.opponents, samples=analysis.samples, seed=analysis.seed))
    out = []
    for arr in arrangements:
        ex = result.explain(arr)
        out.append((ex.row_win[0] - ex.row_loss[0], ex.row_win[1] - ex.row_loss[1],
                    ex.row_win[2] - ex.row_loss[2]))
    return out


def grade_live(analysis: HandAnalysis, arrangement: Arrangement,
               rules: HouseRules | None = None) -> DrillGrade:
    """Grade any arrangement of the hand: from the stored answer when it matches a candidate,
    else by the solver's ``grade`` on the same samples (opponent bot, count, samples and seed of
    the analysis). Slow in that case (a solve): call it off the GUI thread."""
    rules = rules or HouseRules()
    stored = analysis.grade(arrangement, rules)
    if stored is not None:
        return stored
    # here, not in grading.py: the Drill's session never loads the solver
    from ..solver.grade import Opponents, grade

    g = grade(list(analysis.cards), arrangement, against=Opponents(analysis.bot, analysis.opponents),
              samples=analysis.samples, rules=rules, seed=analysis.seed)
    foul = _is_foul(arrangement, rules)
    return DrillGrade(arrangement, g.ev, g.best, g.best_ev, g.loss, g.loss_stderr, g.significant, foul,
                      classify(g.loss, g.significant, foul=foul), g.samples)
