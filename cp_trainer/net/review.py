"""The solver's work for the teaching table: each person's review (the bots' hands are
:func:`cp_trainer.solver.play_bots`).

It runs off the server's event loop (in its thread pool: the solver's kernels release the GIL).
The review is ``cp-trainer grade``'s verdict (:func:`cp_trainer.solver.grade.grade`): the best
arrangement, the loss against it, the loss's paired standard error and whether it is significant.
A hand surrendered before it was set is reviewed against what the surrender cost: each opponent
is paid the house rules' surrender amount, and the best arrangement's expected points are
compared with that (its error is the best's own standard error).
"""

from __future__ import annotations

from .work import Review, ReviewWork

__all__ = ["REVIEW_SAMPLES", "review"]

REVIEW_SAMPLES = 1000  # sampled deals per review: a second or two per seat on a busy machine


def review(work: ReviewWork, samples: int = REVIEW_SAMPLES) -> Review:
    """The solver's verdict on ``work``'s hand."""
    from ..solver.grade import Opponents, grade
    from ..solver.montecarlo import SolveRequest, significant, solve

    if work.arrangement is not None:
        g = grade(list(work.cards), work.arrangement, against=Opponents(work.bot, work.opponents),
                  samples=samples, rules=work.rules, seat=work.seat)
        return Review(g.best, g.best_ev, g.ev, g.loss, g.loss_stderr, g.significant)
    result = solve(SolveRequest(tuple(work.cards), work.rules, bot=work.bot, opponents=work.opponents,
                                samples=samples, seat=work.seat, keep_samples=False))
    best = result.best
    ev = -float(work.rules.effective_surrender_cost * work.opponents)
    loss = max(0.0, best.ev - ev)
    return Review(best.arrangement, best.ev, ev, loss, best.stderr, significant(loss, best.stderr))
