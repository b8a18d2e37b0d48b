"""A game of Pai Gow Poker against the house-way dealer, as plain Python (no Qt).

:class:`PaiGowSession` owns what the Pai Gow page shows: the deal (7 cards to the player, 7 face
down to the dealer), where the player's cards lie (a :class:`~cp_trainer.chinese.board.Board` over the
hand, the high and the low hand, with undo and redo while setting), the phase, the settlement
against the dealer's house way, the session's total and the log of settled hands with the record
the history stores. Every action either happens or raises :class:`~cp_trainer.chinese.board.Refused`.
It also says what the advice is about: the house way for the player's own cards, whether an EV
simulation (:func:`~cp_trainer.paigow.ev.settings_ev`) answers for the cards dealt, which of its
21 settings is the player's, and a settled hand's verdict for the history.

>>> from cp_trainer.paigow.cards import parse_pg_cards
>>> s = PaiGowSession(seed=1)
>>> s.new_deal((parse_pg_cards("As Ah Kd Qc 9s 5h 2c"), parse_pg_cards("Kc Kh 8d 7c 6s 4h 3d")))
>>> s.place_house_way()
>>> s.setting().format()
'As Ah 9s 5h 2c / Kd Qc'
>>> s.set_hand().payout
0.95
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..chinese.board import Board, Move, Refusal, Refused
from ..history.record import FoulNote, Game, HandRecord, OpponentHand, now_utc
from .cards import PAIGOW_DECK, PgCard, format_pg_cards
from .ev import EvResult
from .house_way import HouseWay, house_way
from .resolve import COMMISSION, Settlement, settle
from .setting import Setting, SettingCheck, check_setting

__all__ = ["HOUSE_RULES", "PaiGowSession", "PgPhase", "PgSettled", "PgVerdict", "PgZone", "record_of",
           "same_cards"]

#: What a Pai Gow hand in the history was played under (the history groups hands by it).
HOUSE_RULES = {"game": "paigow", "house_way": "golden_nugget", "commission": COMMISSION}


class PgZone(IntEnum):
    HAND = 0
    HIGH = 1
    LOW = 2

    @property
    def capacity(self) -> int:
        return _CAPACITY[self]


_CAPACITY = {PgZone.HAND: 7, PgZone.HIGH: 5, PgZone.LOW: 2}


class PgPhase(IntEnum):
    SETTING = 0  # the player places the 7 cards
    SETTLED = 1  # set, the dealer's cards up and paid


def record_of(settlement: Settlement, deal: Sequence[PgCard]) -> HandRecord:
    """A settled Pai Gow hand as a history record: the setting high hand first, the dealer's
    setting as the one opponent, the payout as the points, a foul as a foul note."""
    player = settlement.player
    fouls = (FoulNote("order", player.message),) if player.foul else ()
    return HandRecord(
        game=Game.PAIGOW, deal=format_pg_cards(deal), arrangement=player.setting.format(),
        played_at=now_utc(), fouls=fouls,
        opponents=(OpponentHand(settlement.dealer.setting.format(), settlement.payout, "dealer"),),
        house_rules=dict(HOUSE_RULES))


def same_cards(a: Sequence[PgCard], b: Sequence[PgCard]) -> bool:
    """Whether ``a`` and ``b`` hold the same cards, in whatever order."""
    return sorted(map(str, a)) == sorted(map(str, b))


@dataclass(frozen=True)
class PgVerdict:
    """What the EV simulation says of a settled hand, as the history stores it: the best setting
    (written as :meth:`~cp_trainer.paigow.setting.Setting.format` does) and its EV, and the EV of
    the setting the player set."""

    best: str
    best_ev: float
    player_ev: float | None


@dataclass(frozen=True)
class PgSettled:
    """One settled Pai Gow hand: the player's 7 cards, the dealer's house way, the settlement."""

    number: int
    cards: tuple[PgCard, ...]
    dealer: HouseWay
    settlement: Settlement
    record: HandRecord

    def verdict(self, result: EvResult) -> PgVerdict | None:
        """The verdict of ``result`` on this hand; None when ``result`` is about other cards."""
        if not same_cards(result.cards, self.cards):
            return None
        best = result.best
        mine = result.index_of(self.settlement.player.setting)
        return PgVerdict(best.setting.format(), best.ev, None if mine is None else result.settings[mine].ev)


class PaiGowSession:
    """Pai Gow against the house way: deal → set (undo/redo) → the dealer shows → paid → next deal."""

    def __init__(self, *, seed: int | None = None, lang: str = "en") -> None:
        self.rng = random.Random(seed)
        self.lang = lang
        self.board: Board[PgCard, PgZone] = Board(PgZone, PgZone.HAND, _CAPACITY)
        self.board.lock()
        self.phase = PgPhase.SETTLED  # nothing dealt yet
        self.dealer_cards: tuple[PgCard, ...] = ()
        self.dealer_way: HouseWay | None = None
        self.settlement: Settlement | None = None
        self.settled: list[PgSettled] = []
        self.total = 0.0

    # --- reading ------------------------------------------------------------------------------

    @property
    def hands_played(self) -> int:
        return len(self.settled)

    def setting(self) -> Setting | None:
        """The player's setting once all 7 cards are placed."""
        b = self.board
        if not b.is_complete():
            return None
        return Setting(b.cards(PgZone.HIGH), b.cards(PgZone.LOW))

    def check(self) -> SettingCheck | None:
        """The live check of a complete setting (None while cards are still in the hand)."""
        setting = self.setting()
        return None if setting is None else check_setting(setting, self.lang)

    def player_house_way(self) -> HouseWay:
        """How the house way would set the player's 7 cards (the advice beside the game)."""
        return house_way(self.board.all_cards())

    def is_about(self, result: EvResult) -> bool:
        """Whether ``result`` is the EV of the player's 7 cards dealt now."""
        return same_cards(result.cards, self.board.all_cards())

    def yours(self, result: EvResult) -> int | None:
        """The index of the player's setting among ``result``'s 21 (None while cards are still in
        the hand, or when ``result`` is about other cards)."""
        setting = self.setting()
        if setting is None or not self.is_about(result):
            return None
        return result.index_of(setting)

    def can_arrange(self) -> bool:
        return self.phase is PgPhase.SETTING

    def can_set(self) -> bool:
        return self.phase is PgPhase.SETTING and self.board.is_complete()

    def can_undo(self) -> bool:
        return self.phase is PgPhase.SETTING and self.board.can_undo()

    def can_redo(self) -> bool:
        return self.phase is PgPhase.SETTING and self.board.can_redo()

    # --- dealing ------------------------------------------------------------------------------

    def new_deal(self, deal: tuple[Sequence[PgCard], Sequence[PgCard]] | None = None) -> None:
        """Deal 7 cards each to the player and the dealer (given, or from a shuffled deck)."""
        if deal is None:
            cards = list(PAIGOW_DECK)
            self.rng.shuffle(cards)
            player, dealer = cards[:7], cards[7:14]
        else:
            player, dealer = list(deal[0]), list(deal[1])
            if len(player) != 7 or len(dealer) != 7 or len({str(c) for c in (*player, *dealer)}) != 14:
                raise Refused(Refusal.BAD_DEAL, "a Pai Gow deal is 7 distinct cards each for the player "
                              f"and the dealer, not {format_pg_cards(player)!r} and "
                              f"{format_pg_cards(dealer)!r}")
        self.board.reset(player)
        self.dealer_cards = tuple(dealer)
        self.dealer_way = None
        self.settlement = None
        self.phase = PgPhase.SETTING

    # --- setting ------------------------------------------------------------------------------

    def _arranging(self, action: str) -> None:
        if self.phase is not PgPhase.SETTING:
            raise Refused(Refusal.NOT_ARRANGING, f"{action}: the hand is set; deal again to play on")

    def move(self, card: PgCard, dest: PgZone) -> Move[PgCard]:
        self._arranging(f"move {card.pretty()}")
        return self.board.move(card, dest)

    def swap(self, a: PgCard, b: PgCard) -> Move[PgCard]:
        self._arranging(f"swap {a.pretty()} and {b.pretty()}")
        return self.board.swap(a, b)

    def drop(self, card: PgCard, dest: PgZone, onto: PgCard | None = None) -> Move[PgCard]:
        self._arranging(f"drop {card.pretty()}")
        return self.board.drop(card, dest, onto)

    def place(self, setting: Setting) -> Move[PgCard]:
        self._arranging("place a setting")
        return self.board.place({PgZone.HIGH: setting.high, PgZone.LOW: setting.low})

    def place_house_way(self) -> None:
        """Put the player's cards where the house way would."""
        self._arranging("play the house way")
        self.place(house_way(self.board.all_cards()).setting)

    def return_all(self) -> Move[PgCard]:
        self._arranging("clear the hands")
        return self.board.return_all()

    def undo(self) -> Move[PgCard]:
        self._arranging("undo")
        return self.board.undo()

    def redo(self) -> Move[PgCard]:
        self._arranging("redo")
        return self.board.redo()

    def set_hand(self) -> Settlement:
        """Set: the dealer's cards turn up, set by house way, and the hand is paid."""
        self._arranging("set the hand")
        setting = self.setting()
        if setting is None:
            sizes = f"{len(self.board.cards(PgZone.HIGH))} / {len(self.board.cards(PgZone.LOW))}"
            raise Refused(Refusal.INCOMPLETE, f"the high and low hands hold {sizes} cards, not 5 / 2")
        dealer = house_way(self.dealer_cards)
        settlement = settle(setting, dealer.setting, self.lang)
        self.board.lock()
        self.phase = PgPhase.SETTLED
        self.dealer_way = dealer
        self.settlement = settlement
        self.total += settlement.payout
        cards = self.board.all_cards()
        self.settled.append(PgSettled(len(self.settled) + 1, cards, dealer, settlement,
                                      record_of(settlement, cards)))
        return settlement
