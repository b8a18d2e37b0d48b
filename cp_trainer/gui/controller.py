"""The game on the table: deals, the live check, setting the hand, bots and the showdown.

:class:`TrainerController` connects the :class:`DealModel` (where the player's cards lie) with the
rules core: after every move it runs the core's live check and emits the result; "Set hand" has
the bots set their hands and settles the table with the core's :func:`settle`. It owns no widget;
the main window shows what it emits. No poker rule is decided here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from PySide6.QtCore import QObject, Signal

from ..arrangement import Arrangement, CheckResult, check_partial
from ..cards import Card, Deck
from ..house_rules import HouseRules
from ..settlement import PairResult, Settlement, settle
from .models import ROWS, DealModel, Zone
from .solver_bridge import arrange

__all__ = ["Phase", "Showdown", "TableSetup", "TrainerController"]



class Phase(Enum):
    SETTING = "setting"  # the player is placing cards
    SHOWDOWN = "showdown"  # the hand is set and settled


@dataclass(frozen=True)
class TableSetup:
    """What the table plays: house rules, number of bots and which bot, and the language of
    the rules core's messages."""

    rules: HouseRules = field(default_factory=HouseRules)
    opponents: int = 1
    bot: str = "standard"
    lang: str = "en"


@dataclass(frozen=True)
class Showdown:
    """A settled hand: seat 0 is the player, seats 1.. the bots."""

    player: Arrangement | None  # None when the player surrendered
    opponents: tuple[Arrangement, ...]
    settlement: Settlement
    surrendered: bool = False

    @property
    def total(self) -> int:
        """The player's points this hand, against every bot together."""
        return self.settlement.points[0]

    def against(self, seat: int) -> PairResult:
        """The player's result against bot ``seat`` (1..3)."""
        return next(p for p in self.settlement.pairs if p.players == (0, seat))

    def row_result(self, seat: int, row: int) -> str:
        """``won`` / ``lost`` / ``tied`` for the player's row ``row`` (0 top) against ``seat``."""
        winner = self.against(seat).rows[("top", "middle", "bottom")[row]]
        return "tied" if winner is None else "won" if winner == 0 else "lost"


class TrainerController(QObject):
    """Plays hands: deal → the player sets (live check) → bots set → showdown → next deal."""

    checked = Signal(object)  # CheckResult after every change while setting
    dealt = Signal()  # a new hand is on the table
    showdownReady = Signal(object)  # Showdown
    scoreChanged = Signal(int, int)  # session points, hands played
    phaseChanged = Signal(object)  # Phase

    def __init__(self, deal: DealModel, setup: TableSetup | None = None, *,
                 seed: int | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.deal = deal
        self.setup = setup or TableSetup()
        self.phase = Phase.SETTING
        self.opponent_cards: tuple[tuple[Card, ...], ...] = ()
        self.opponent_hands: tuple[Arrangement, ...] = ()
        self.showdown: Showdown | None = None
        self.session_points = 0
        self.hands_played = 0
        self.last_check: CheckResult | None = None
        self._seed = seed
        self._deals = 0
        self._rng = random.Random(seed)
        deal.changed.connect(self.recheck)

    # --- deals --------------------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card] | None = None) -> None:
        """Deal a new hand: the player's 13 cards (given, or from a shuffled deck) and the bots'.

        With a seed, the n-th deal of the session is always the same.
        """
        seed = self._rng.randrange(2**31) if self._seed is not None else None
        self._deals += 1
        mine = tuple(cards) if cards is not None else ()
        deck = Deck(seed=seed, exclude=mine)
        if not mine:
            mine = tuple(deck.deal(13))
        self.opponent_cards = tuple(tuple(deck.deal(13)) for _ in range(self.setup.opponents))
        self.opponent_hands = ()
        self.showdown = None
        self._set_phase(Phase.SETTING)
        self.deal.new_deal(mine)
        self.dealt.emit()

    def _set_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.phaseChanged.emit(phase)

    # --- the live check -----------------------------------------------------------------------

    def arrangement(self) -> Arrangement:
        """The player's rows as they lie now (rows may be partly filled)."""
        d = self.deal
        return Arrangement(d.cards(Zone.TOP), d.cards(Zone.MIDDLE), d.cards(Zone.BOTTOM))

    def check(self) -> CheckResult:
        """The rules core's verdict on the rows as they lie (partial while cards remain in hand)."""
        return check_partial(self.arrangement(), self.setup.rules, self.setup.lang)

    def recheck(self) -> None:
        if self.phase is not Phase.SETTING:
            return
        self.last_check = self.check()
        self.checked.emit(self.last_check)

    def can_set(self) -> bool:
        return self.phase is Phase.SETTING and self.deal.is_complete()

    def foul_warning(self) -> str | None:
        """What to confirm before setting a fouled hand, or None for a legal one."""
        if not self.can_set():
            return None
        result = self.check()
        if not result.fouled:
            return None
        rules = self.setup.rules
        if rules.ignore_fouls:
            return self.tr("This hand fouls. Under the current house rules fouls are ignored, so it "
                       "will be scored as it lies. Set it anyway?")
        return self.tr("This hand fouls and will lose %1 to each opponent. Set it anyway?").replace(
            "%1", str(rules.scoop_points))

    # --- showdown -----------------------------------------------------------------------------

    def bots_set(self) -> tuple[Arrangement, ...]:
        """Each bot's arrangement of its 13 cards (computed once per deal)."""
        if not self.opponent_hands:
            self.opponent_hands = tuple(arrange(cards, self.setup.bot, self.setup.rules, seat=seat)
                                        for seat, cards in enumerate(self.opponent_cards, start=1))
        return self.opponent_hands

    def set_hand(self, *, surrender: bool = False) -> Showdown | None:
        """Set the player's hand (or surrender it, when the house rules allow) and settle."""
        if not self.can_set():
            return None
        if surrender and not self.setup.rules.surrender:
            return None
        player = self.arrangement()
        bots = self.bots_set()
        hands: list[Arrangement | None] = [None if surrender else player, *bots]
        settlement = settle(hands, self.setup.rules, surrendered={0} if surrender else set())
        self.showdown = Showdown(None if surrender else player, bots, settlement, surrender)
        self.session_points += self.showdown.total
        self.hands_played += 1
        self._set_phase(Phase.SHOWDOWN)
        self.showdownReady.emit(self.showdown)
        self.scoreChanged.emit(self.session_points, self.hands_played)
        return self.showdown

    def row_zones(self) -> tuple[Zone, Zone, Zone]:
        return ROWS
