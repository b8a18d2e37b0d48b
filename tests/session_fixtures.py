"""A simple, fast bot for session tests (the solver's bots are tested on their own)."""

from __future__ import annotations

from cp_trainer.arrangement import Arrangement
from cp_trainer.session import BotJob


def by_rank_bot(job: BotJob) -> tuple[Arrangement, ...]:
    """The five highest cards at the bottom, the next five in the middle, the rest on top."""
    out = []
    for cards in job.hands:
        ordered = sorted(cards, reverse=True)
        out.append(Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5])))
    return tuple(out)
