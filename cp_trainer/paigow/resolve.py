"""Settling a player's set hand against the dealer's (RULES.md §2).

Each hand is compared with the dealer's hand of the same size; a copy (equal hands) goes to the
dealer. Winning both pays +1 less the 5% commission (+0.95), one each is a push (0), losing both
costs the stake (-1). A fouled player setting loses the stake (result ``foul``, -1); the dealer
sets by house way and never fouls, so a fouled dealer setting is refused as bad input.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..i18n import tr
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

    def message(self, lang: str = "en") -> str:
        if self.result is Result.FOUL:
            return tr("paigow.settle.foul", lang, reason=self.player.message)
        side = {1: "paigow.settle.player_wins", -1: "paigow.settle.dealer_wins"}
        high = tr(side[self.high], lang, player=self.player.high_text, dealer=self.dealer.high_text)
        low = tr(side[self.low], lang, player=self.player.low_text, dealer=self.dealer.low_text)
        return tr("paigow.settle.summary", lang, result=self.result.label(lang),
                  payout=f"{self.payout:+.2f}", high=high, low=low)


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
