"""Settling a player's set hand against the dealer's (RULES.md §2).

Each hand is compared with the dealer's hand of the same size; a copy (equal hands) goes to the
dealer. Winning both pays +1 less the 5% commission (+0.95), one each is a push (0), losing both
costs the stake (-1). A fouled player setting loses the stake (result ``foul``, -1); the dealer
sets by house way and never fouls, so a fouled dealer setting is refused as bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..support.i18n import tr
from ..support.numbers import FORMAT, signed
from .cards import PaiGowInputError, check_distinct
from .setting import Setting, SettingCheck, check_setting

__all__ = ["COMMISSION", "DealerFoulError", "Result", "Settlement", "payout_of", "settle"]

COMMISSION = 0.05
WIN_PAYOUT = round(1.0 - COMMISSION, 10)  # 0.95


class Result(StrEnum):
    WIN = "win"
    PUSH = "push"
    LOSE = "lose"
    FOUL = "foul"

    def label(self, lang: str = "en") -> str:
        return tr(f"paigow.result.{self.value}", lang)


_PAYOUTS = {Result.WIN: WIN_PAYOUT, Result.PUSH: 0.0, Result.LOSE: -1.0, Result.FOUL: -1.0}


def payout_of(result: Result) -> float:
    return _PAYOUTS[result]


class DealerFoulError(PaiGowInputError):
    """The dealer's setting fouls (the house way never does)."""

    def __init__(self, check: SettingCheck) -> None:
        self.check = check
        super().__init__(f"the dealer's setting is a foul ({check.low_text} beats {check.high_text}); "
                         "the dealer sets by house way and never fouls")


@dataclass(frozen=True, slots=True)
class Settlement:
    """The outcome for the player: ``result``, ``payout`` per unit staked, and each hand's duel
    (+1 the player's hand wins, -1 the dealer's wins, copies included; 0 when fouled)."""

    result: Result
    payout: float
    high: int
    low: int
    player: SettingCheck
    dealer: SettingCheck

    def message(self, lang: str = "en", number: Callable[[float], str] | None = None) -> str:
        """The outcome in words, in ``lang`` (the hands named in ``lang`` too, whatever language
        the settlement was made in); ``number`` writes the payout (default ``+0.95``)."""
        payout = number(self.payout) if number is not None else signed(self.payout, 2, FORMAT)
        if self.result is Result.FOUL:
            return tr("paigow.settle.foul", lang, payout=payout, reason=self.player.message_in(lang))
        duels = self.duels(lang)
        assert duels is not None  # played unless fouled
        high, low = duels
        return tr("paigow.settle.summary", lang, result=self.result.label(lang), payout=payout,
                  high=high, low=low)

    def duels(self, lang: str = "en") -> tuple[str, str] | None:
        """The high hand's duel and the low hand's in words, in ``lang``: who won each, a copy
        said plainly to go to the dealer; None for a foul (no duel is played)."""
        if self.result is Result.FOUL:
            return None
        high = self._duel(self.high, lang, self.player.high_text_in(lang), self.dealer.high_text_in(lang),
                          self.player.high_value == self.dealer.high_value)
        low = self._duel(self.low, lang, self.player.low_text_in(lang), self.dealer.low_text_in(lang),
                         self.player.low_value == self.dealer.low_value)
        return high, low

    @staticmethod
    def _duel(side: int, lang: str, player: str, dealer: str, tie: bool) -> str:
        """One hand's duel: a tie says plainly that it goes to the dealer."""
        if side > 0:
            key = "paigow.settle.player_wins"
        else:
            key = "paigow.settle.dealer_ties" if tie else "paigow.settle.dealer_wins"
        return tr(key, lang, player=player, dealer=dealer)


def settle(player: Setting, dealer: Setting, lang: str = "en") -> Settlement:
    """Settle ``player`` against ``dealer`` (14 distinct cards, one joker at most)."""
    check_distinct((*player.cards, *dealer.cards))
    p = check_setting(player, lang)
    d = check_setting(dealer, lang)
    if d.foul:
        raise DealerFoulError(d)
    if p.foul:
        return Settlement(Result.FOUL, payout_of(Result.FOUL), 0, 0, p, d)
    high = 1 if p.high_value > d.high_value else -1
    low = 1 if p.low_value > d.low_value else -1
    if high + low == 2:
        result = Result.WIN
    elif high + low == 0:
        result = Result.PUSH
    else:
        result = Result.LOSE
    return Settlement(result, payout_of(result), high, low, p, d)
