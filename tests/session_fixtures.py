"""A simple, fast bot for session tests (the solver's bots are tested on their own)."""

from __future__ import annotations

from cp_trainer.chinese.session import BotJob, BotPlay
from cp_trainer.rules.arrangement import Arrangement


def by_rank_bot(job: BotJob) -> tuple[Arrangement, ...]:
    """The five highest cards at the bottom, the next five in the middle, the rest on top."""
    out = []
    for cards in job.hands:
        ordered = sorted(cards, reverse=True)
        out.append(Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5])))
    return tuple(out)


def by_rank_surrendering_bot(job: BotJob) -> BotPlay:
    """:func:`by_rank_bot`, and, when the job asks, a bot without an ace surrenders (about 30% of
    hands: the session's surrender paths get exercised)."""
    hands = by_rank_bot(job)
    gone = frozenset(seat for seat, cards in zip(job.seats, job.hands, strict=True)
                     if job.surrender and all(c.rank != 14 for c in cards))
    return BotPlay(hands, gone)
