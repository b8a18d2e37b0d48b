"""The question the solver panel asks about a hand, without Qt or the solver: the 13 cards, the
table (rules, opponents, their bots), the player's and the bots' real arrangements to price, and
Criss Cross's known dead cards and hand number. :meth:`cp_trainer.chinese.session.ChineseSession.
solver_question` builds it from the session; :mod:`cp_trainer.gui.solver.bridge` answers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..rules.arrangement import Arrangement
from ..rules.bot_names import BotChoice, BotName
from ..rules.cards import Card
from ..rules.house_rules import HouseRules

__all__ = ["DEFAULT_TIME_BUDGET", "SolverQuestion", "criss_cross_requests"]

DEFAULT_TIME_BUDGET = 1.0  # seconds of adaptive sampling after the minimum samples


@dataclass(frozen=True)
class SolverQuestion:
    """What the solver panel is asked about a hand: the engine's question
    (:class:`~cp_trainer.solver.montecarlo.SolveRequest`) plus what the panel shows beside its
    answer (the player's and the bots' real arrangements, surrenders, Criss Cross's hand number)."""

    cards: tuple[Card, ...]
    rules: HouseRules
    opponents: int = 1
    bot: BotChoice = field(default_factory=lambda: BotChoice(BotName.STANDARD))  # at the table (expert too)
    seat_bots: tuple[BotChoice, ...] = ()  # each opponent's own bot, in the opponents' order
    samples: int = 2000  # the minimum; adaptive sampling may use more
    seed: int | None = None  # None: the deal's own (the same samples for the same deal)
    mine: Arrangement | None = None  # the player's arrangement, to price it too
    actual: tuple[Arrangement, ...] = ()  # the bots' real hands, for hindsight after showdown
    time_budget: float | None = DEFAULT_TIME_BUDGET  # adaptive sampling's budget; None: fixed
    dead: tuple[Card, ...] = ()  # cards in no opponent's hand (Criss Cross: the other hand)
    opponent_seats: tuple[int, ...] | None = None  # Criss Cross: (1, 1), the bot's two hands
    hand_number: int | None = None  # Criss Cross: which of the player's two hands (1 or 2)
    surrendered: bool = False  # the player gave this hand up (after the showdown)
    actual_surrendered: frozenset[int] = frozenset()  # bots (1.., in ``actual``) that gave theirs up

    def __post_init__(self) -> None:  # a bot may come as its text form ("greedy")
        object.__setattr__(self, "bot", BotChoice.of(self.bot))
        object.__setattr__(self, "seat_bots", tuple(BotChoice.of(b) for b in self.seat_bots))

    @property
    def can_surrender(self) -> bool:
        """Is surrendering one of the choices? (A house rule; not in Criss Cross.)"""
        return self.rules.surrender and self.hand_number is None and not self.dead


def criss_cross_requests(hands: Sequence[Arrangement], rules: HouseRules, *, bot: BotChoice | str,
                         samples: int, actual: Sequence[Arrangement] = (),
                         time_budget: float | None = DEFAULT_TIME_BUDGET,
                         seed: int | None = None) -> list[SolverQuestion]:
    """One request per Criss Cross hand of the player (``hands``, set or not: an incomplete one is
    solved without pricing it): each plays the bot's two hands, dealt from the 26 cards the
    player does not hold, both at seat 1; ``actual`` (after the showdown): the bot's two hands."""
    out = []
    for i, arr in enumerate(hands):
        other = tuple(c for j, h in enumerate(hands) if j != i for c in h.cards)
        out.append(SolverQuestion(cards=tuple(arr.cards), rules=rules, opponents=2, bot=BotChoice.of(bot),
                                samples=samples,
                                seed=seed, mine=arr if arr.complete else None, actual=tuple(actual),
                                time_budget=time_budget, dead=other, opponent_seats=(1, 1),
                                hand_number=i + 1))
    return out
