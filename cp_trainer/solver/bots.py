"""The bots: named, documented strategies with one interface.

``get_bot(name).arrange(cards, rules) -> Arrangement`` for 13 distinct cards; every bot but the
``newcomer`` returns a legal arrangement (never a foul).

- ``greedy`` — the legal arrangement with the strongest bottom, then the strongest middle, then
  the strongest top (strengths compared; arrangements with the same three strengths are the same
  answer). Exactly specified: the opponent model tests can reproduce.
- ``standard`` — maximises expected points under the house rules from per-row win probabilities
  against a typical opponent (:mod:`.winprob`), rows taken as independent: for 2-4,
  E = sum(w - l) + P(win >= 2) - P(lose >= 2), plus royalties when they are on (its *rating*).
  With naturals on it sets three flushes or three straights when the natural is worth more.
  Under the default rules a last step adjusts for card removal (:mod:`.removal`): the settings
  it rates near its best are played against a stored pool of opponents weighted for the
  player's own cards. The Monte-Carlo solver models ``standard`` opponents by the rating alone.
- ``expert`` — ``standard`` corrected by the Monte-Carlo solver (:mod:`.montecarlo`): 1,000
  samples of one opponent played by ``standard``'s rating, seeded by the hand so that it answers the same
  way every time. The best of ~70 noisy means is biased upwards, and chasing it loses points, so
  the solver's best arrangement replaces ``standard``'s own choice only when it beats it by more
  than ``z`` (1) standard error of the paired difference *and* a second, independent run of
  as many samples confirms the gain (by more than ``confirm_z`` (0.5) standard errors). Tuned on
  300 hands, each change re-measured with 20,000 samples: z = 2 / 1 changed 11 hands
  (+0.0030 points a hand), 1 / 0.5 changed 31 (+0.0046), 0.5 / 0 changed 42 (+0.0049, with more
  changes for the worse).

The styles (:mod:`.styles`: documented, deterministic policies on ``standard``'s kernel, each
by its rating alone):

- ``scoop-chaser`` — ``standard``'s rating with 2 points more weight on winning all three rows.
- ``pair-on-top`` — the best pair (or trips) that can legally go on top goes there; the rest by
  ``standard``'s rating.
- ``newcomer`` (``newcomer:RATE``, default rate 0.15) — ``standard``, but it fouls (swaps its
  middle and bottom rows) at that rate, by a hash of the hand, the seat and a seed: the same hand
  at the same seat always fouls or never does.

The styles never surrender. ``greedy`` ignores naturals (it is exactly specified); a natural is
judged on the arrangement a bot returns (six pairs and the dragon whatever the setting).

Surrender (a house rule): :meth:`Bot.surrenders` says whether a bot gives its hand up, which it
does when that pays more: ``standard`` when its own estimate of its arrangement's points against
each opponent is below minus the surrender cost, ``expert`` when the solver's best is below
minus the cost times the opponents by more than 2 standard errors; ``greedy`` (exactly specified)
never surrenders. Both decide the same way every time for the same cards (``expert``'s solve uses
the deal's own samples). ``expert`` first asks ``standard``'s estimate, which costs well under a
millisecond, and runs its solve (about 0.1 s) only when that estimate is within
:data:`SURRENDER_MARGIN` (1) points per opponent of the cost. ``benchmarks/bench_surrender.py``
measured it: on the 120 weakest of 4,000 random hands and 120 others the solver's best lay at most
0.48 above ``standard``'s estimate and the filter changed no decision; 6% of hands pass it, so
``expert`` decides in about 9 ms a hand on average instead of 134 ms.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import Card
from ..rules.house_rules import HouseRules
from .enumerate import setting_arrangement
from .fastbots import Bot, BotSpec, FastBot, bonuses, bot_spec, settings_for, standard_estimate
from .montecarlo import SolveRequest, solve
from .names import BotChoice, BotName, UnknownBotError

__all__ = ["BOT_NAMES", "SURRENDER_MARGIN", "Bot", "BotChoice", "BotName", "BotSpec", "ExpertBot", "FastBot",
           "UnknownBotError", "bonuses", "bot_spec", "get_bot", "settings_for"]

BOT_NAMES: tuple[str, ...] = tuple(b.value for b in BotName)

#: ``expert`` solves a surrender question only when ``standard``'s estimate (points per opponent)
#: is below minus the surrender cost plus this margin (see the module docstring).
SURRENDER_MARGIN = 1.0


class ExpertBot(Bot):
    """``standard`` corrected by the Monte-Carlo solver (see the module docstring)."""

    name = BotName.EXPERT

    def __init__(self, samples: int = 1000, opponents: int = 1, z: float = 1.0,
                 confirm_z: float = 0.5) -> None:
        self.samples = samples
        self.opponents = opponents
        self.z = z
        self.confirm_z = confirm_z

    def setting(self, cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> int:
        own = FastBot(BotName.STANDARD).setting(cards, rules, seat)
        reference = setting_arrangement(cards, own)
        seed = int(sum(c.index << (6 * (i % 10)) for i, c in enumerate(sorted(cards))))
        result = solve(SolveRequest(tuple(cards), rules, bot=BotName.STANDARD, opponents=self.opponents,
                                    samples=self.samples, seed=seed, seat=seat, reference=reference))
        best = result.best
        assert best.diff is not None and best.diff_stderr is not None
        if not best.diff > self.z * best.diff_stderr:
            return own
        check = solve(SolveRequest(tuple(cards), rules, bot=BotName.STANDARD, opponents=self.opponents,
                                   samples=self.samples, seed=seed + 1, seat=seat, reference=reference))
        again = next(c for c in check.candidates if c.setting == best.setting)
        assert again.diff is not None and again.diff_stderr is not None
        return best.setting if again.diff > self.confirm_z * again.diff_stderr else own

    def surrenders(self, cards: Sequence[Card], rules: HouseRules | None = None, seat: int = 0,
                   opponents: int = 1) -> bool:
        rules = rules or HouseRules()
        if not rules.surrender or not self.worth_asking(cards, rules, seat):
            return False
        best = solve(SolveRequest(tuple(cards), rules, bot=BotName.STANDARD, opponents=opponents,
                                  samples=self.samples, seat=seat)).best
        return bool(best.ev + 2 * best.stderr < -rules.effective_surrender_cost * opponents)

    @staticmethod
    def worth_asking(cards: Sequence[Card], rules: HouseRules, seat: int = 0) -> bool:
        """The cheap filter before :meth:`surrenders`' solve: is ``standard``'s estimate weak
        enough (within :data:`SURRENDER_MARGIN` of the cost) for surrender to be a question?"""
        estimate = standard_estimate(cards, rules, seat)
        return estimate < -rules.effective_surrender_cost + SURRENDER_MARGIN


def get_bot(bot: BotChoice | BotName | str) -> Bot:
    """The bot ``bot`` names (a :class:`BotChoice`, a :class:`BotName`, or its text form such as
    ``newcomer:0.25``); an unknown one is an :class:`UnknownBotError` quoting it."""
    choice = BotChoice.of(bot)
    if choice.name is BotName.EXPERT:
        return ExpertBot()
    return FastBot(choice)
