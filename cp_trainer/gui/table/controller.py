"""The game on the table: deals, the live check, setting the hand, bots and the showdown.

:class:`TrainerController` connects the :class:`DealModel` (where the player's cards lie) with the
rules core: after every move it runs the core's live check and emits the result; "Set hand" has
the bots set their hands and settles the table with the core's :func:`settle`. It owns no widget;
the main window shows what it emits. No poker rule is decided here.

A past hand from the history comes back with :meth:`TrainerController.show_past`: its rows, the
bots' hands and the house rules it was played under are put on the table, already settled by the
core (:func:`cp_trainer.history.replay.replay_record`), and :attr:`pastShown` is emitted instead
of :attr:`showdownReady` (a review is not a hand played: no score, no record). From there
:meth:`TrainerController.try_again` deals the same 13 cards against the same bot hands under the
same rules; that showdown is an ordinary one, and :attr:`TrainerController.retry_of` says which
past hand it repeats. The next ordinary deal returns to the table's own setup.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import Enum

from PySide6.QtCore import QObject, Signal

from cp_trainer.arrangement import Arrangement, CheckResult, Row, check_partial
from cp_trainer.cards import Card, Deck
from cp_trainer.gui.solver.bridge import arrange
from cp_trainer.gui.table.models import DealModel, Zone
from cp_trainer.history.replay import ReplayedHand, settle_again
from cp_trainer.house_rules import HouseRules
from cp_trainer.settlement import PairResult, Settlement, settle, settle_pair

__all__ = ["Phase", "Showdown", "TableSetup", "TrainerController"]

# One worker thread for the bots of every table in the process.
_BOT_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer-bots")


def _set_bots(bot: str, rules: HouseRules, hands: tuple[tuple[Card, ...], ...],
              seats: tuple[int, ...]) -> tuple[Arrangement, ...]:
    return tuple(arrange(cards, bot, rules, seat=seat) for seat, cards in zip(seats, hands, strict=True))



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
    criss_cross: bool = False  # two players, two 13-card hands each (opponents is then 1)

    @property
    def bot_hands(self) -> int:
        """How many 13-card hands the bots hold: one per bot, or the one bot's two."""
        return 2 if self.criss_cross else self.opponents


@dataclass(frozen=True)
class Showdown:
    """A settled hand: seat 0 is the player, seats 1.. the bots' hands.

    In Criss Cross the player holds two hands (``player_hands``) and the one bot two
    (``opponents``); each of the player's hands is settled against each of the bot's with the
    core's :func:`settle_pair` (``cross[(my hand, bot hand)]``, the player at seat 0).
    """

    player: Arrangement | None  # None when the player surrendered; Criss Cross: the last hand
    opponents: tuple[Arrangement, ...]
    settlement: Settlement | None  # the whole table (None in Criss Cross)
    surrendered: bool = False
    player_hands: tuple[Arrangement, ...] = ()  # Criss Cross: both of the player's hands
    cross: dict[tuple[int, int], PairResult] = field(default_factory=dict)
    # One Criss Cross hand on its own (a replay, or "try again" of it): which of the two it was.
    # Its ``cross`` holds only hand 0's pairs, and it shows like an ordinary table.
    hand_number: int | None = None

    @property
    def criss_cross(self) -> bool:
        """Both of the player's Criss Cross hands (not one of them replayed alone)."""
        return bool(self.cross) and len(self.player_hands) > 1

    @property
    def total(self) -> int:
        """The player's points this hand, against every bot together."""
        if self.settlement is None:
            return sum(p.points[0] for p in self.cross.values())
        return self.settlement.points[0]

    @property
    def money(self) -> float:
        """The player's points this hand in money (points × each pair's stake)."""
        if self.settlement is None:
            return sum(p.money[0] for p in self.cross.values())
        return self.settlement.money[0]

    @property
    def player_fouled(self) -> bool:
        if self.settlement is None:
            return any(p.fouled[0] for p in self.cross.values())
        return self.settlement.hands[0].fouled

    def against(self, seat: int, hand: int = 0) -> PairResult:
        """The player's result (with hand ``hand`` in Criss Cross) against bot hand ``seat`` (1..)."""
        if self.settlement is None:
            return self.cross[(hand, seat)]
        return next(p for p in self.settlement.pairs if p.players == (0, seat))

    def points_against(self, seat: int) -> int:
        """The player's points against bot hand ``seat``, all of the player's hands together."""
        if self.settlement is None:
            return sum(p.points[0] for (_, s), p in self.cross.items() if s == seat)
        return self.against(seat).points_of(0)

    def row_result(self, seat: int, row: int, hand: int = 0) -> str:
        """``won`` / ``lost`` / ``tied`` for the player's row ``row`` (0 top) against ``seat``."""
        return self.against(seat, hand).row_result((Row.TOP, Row.MIDDLE, Row.BOTTOM)[row], 0)


class TrainerController(QObject):
    """Plays hands: deal → the player sets (live check) → bots set → showdown → next deal."""

    checked = Signal(object)  # CheckResult after every change while setting
    dealt = Signal()  # a new hand is on the table
    showdownReady = Signal(object)  # Showdown
    scoreChanged = Signal(int, int)  # session points, hands played
    phaseChanged = Signal(object)  # Phase
    handLocked = Signal(int)  # Criss Cross: the player's first hand is set; hand n is on the table
    pastShown = Signal(object)  # Showdown of a past hand from the history (a review, not played)

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
        self.session_money = 0.0
        self.hands_played = 0
        self.last_check: CheckResult | None = None
        self.player_cards: tuple[tuple[Card, ...], ...] = ()  # 1 hand, or 2 in Criss Cross
        self.hand_index = 0  # which of the player's hands is on the table
        self.locked: tuple[Arrangement, ...] = ()  # Criss Cross: the player's hands already set
        self._seed = seed
        self._bots_future: Future[tuple[Arrangement, ...]] | None = None
        self._bots_job: object = None
        self._deals = 0
        self._rng = random.Random(seed)
        self.past: ReplayedHand | None = None  # the past hand on the table (review)
        self.retry_of: ReplayedHand | None = None  # the past hand being played again
        self._own_setup: TableSetup | None = None  # the table's setup while a past hand's is in force
        deal.changed.connect(self.recheck)

    # --- deals --------------------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card] | None = None) -> None:
        """Deal a new hand: the player's 13 cards (given, or from a shuffled deck) and the bots'.

        With a seed, the n-th deal of the session is always the same.
        """
        self._leave_past()
        seed = self._rng.randrange(2**31) if self._seed is not None else None
        self._deals += 1
        mine = tuple(cards) if cards is not None else ()
        deck = Deck(seed=seed, exclude=mine)
        if not mine:
            mine = tuple(deck.deal(13))
        hands = [mine]
        if self.setup.criss_cross:
            hands.append(tuple(deck.deal(13)))
        self.player_cards = tuple(hands)
        self.hand_index = 0
        self.locked = ()
        self.opponent_cards = tuple(tuple(deck.deal(13)) for _ in range(self.setup.bot_hands))
        self.opponent_hands = ()
        self._start_bots()
        self.showdown = None
        self._set_phase(Phase.SETTING)
        self.deal.new_deal(mine)
        self.dealt.emit()

    # --- past hands ---------------------------------------------------------------------------

    @property
    def in_past(self) -> bool:
        """A past hand (review, or its try again) is on the table under its own house rules."""
        return self._own_setup is not None

    def change_setup(self, setup: TableSetup) -> None:
        """New settings: in force now, or from the next ordinary deal while a past hand is shown."""
        if self._own_setup is not None:
            self._own_setup = setup
            self.setup = dataclasses.replace(self.setup, lang=setup.lang)
        else:
            self.setup = setup

    def set_language(self, lang: str) -> None:
        self.setup = dataclasses.replace(self.setup, lang=lang)
        if self._own_setup is not None:
            self._own_setup = dataclasses.replace(self._own_setup, lang=lang)

    def _leave_past(self) -> None:
        if self._own_setup is not None:
            self.setup = self._own_setup
        self._own_setup = None
        self.past = None
        self.retry_of = None

    def _enter_past(self, replayed: ReplayedHand) -> None:
        if self._own_setup is None:
            self._own_setup = self.setup
        bot = next((o.name for o in replayed.record.opponents if o.name), self._own_setup.bot)
        self.setup = TableSetup(rules=replayed.rules, opponents=len(replayed.opponents), bot=bot,
                                lang=self._own_setup.lang, criss_cross=False)
        self._bots_future = None
        self._bots_job = None
        self.player_cards = (tuple(replayed.player.cards),)
        self.hand_index = 0
        self.locked = ()
        self.opponent_cards = tuple(tuple(o.cards) for o in replayed.opponents)
        self.opponent_hands = replayed.opponents  # the bots' hands as they were set then

    def show_past(self, replayed: ReplayedHand) -> Showdown:
        """Put a past hand on the table, read-only: its rows, the bots' hands, the settlement."""
        self._enter_past(replayed)
        self.past = replayed
        self.retry_of = None
        self.deal.new_deal(replayed.player.cards)
        self.deal.place(replayed.player.top, replayed.player.middle, replayed.player.bottom)
        self.deal.undo_stack.clear()  # the replay is not a move to undo
        self.dealt.emit()
        if replayed.settlement is not None:
            showdown = Showdown(None if replayed.surrendered else replayed.player, replayed.opponents,
                                replayed.settlement, replayed.surrendered)
        else:
            cross = {(0, seat): pair for seat, pair in enumerate(replayed.pairs, start=1)}
            showdown = Showdown(replayed.player, replayed.opponents, None, False, (replayed.player,), cross,
                                hand_number=replayed.criss_cross_hand)
        self.showdown = showdown
        self._set_phase(Phase.SHOWDOWN)
        self.pastShown.emit(showdown)
        return showdown

    def try_again(self, replayed: ReplayedHand | None = None) -> bool:
        """Deal a past hand (default: the one on the table) again: same 13 cards, same bot hands,
        same house rules; False when there is none."""
        replayed = replayed or self.past or self.retry_of
        if replayed is None:
            return False
        self._enter_past(replayed)
        self.past = None
        self.retry_of = replayed
        self.showdown = None
        self._deals += 1
        self._set_phase(Phase.SETTING)
        self.deal.new_deal(replayed.player.cards)
        self.dealt.emit()
        return True

    def _set_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.phaseChanged.emit(phase)

    # --- the live check -----------------------------------------------------------------------

    def arrangement(self) -> Arrangement:
        """The player's rows as they lie now (rows may be partly filled)."""
        d = self.deal
        return Arrangement(d.cards(Zone.TOP), d.cards(Zone.MIDDLE), d.cards(Zone.BOTTOM))

    def check(self) -> CheckResult:
        """The rules core's verdict on the rows as they lie (partial while cards remain in hand).

        The cards still in hand go along, so a partly filled lower row that can no longer reach
        the row above is flagged as soon as that is certain, not only when the row is full.
        """
        return check_partial(self.arrangement(), self.setup.rules, self.setup.lang,
                             remaining=self.deal.cards(Zone.HAND))

    def recheck(self) -> None:
        if self.phase is not Phase.SETTING:
            return
        self.last_check = self.check()
        self.checked.emit(self.last_check)

    def can_set(self) -> bool:
        return self.phase is Phase.SETTING and self.deal.is_complete()

    def can_surrender(self) -> bool:
        """Surrender is a house rule; in Criss Cross both hands would have to go, so it is off."""
        return (self.setup.rules.surrender and not self.setup.criss_cross and self.can_set()
                and not (self.retry_of is not None and self.retry_of.criss_cross_hand is not None))

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

    def _bot_job(self) -> tuple[str, HouseRules, tuple[tuple[Card, ...], ...], tuple[int, ...]]:
        seats = (1,) * len(self.opponent_cards) if self.setup.criss_cross else \
            tuple(range(1, len(self.opponent_cards) + 1))
        return self.setup.bot, self.setup.rules, self.opponent_cards, seats

    def _start_bots(self) -> None:
        """Let the bots set their cards on a worker thread while the player sets (the expert
        bot is a solver: it takes a moment)."""
        job = self._bot_job()
        self._bots_job = job
        self._bots_future = _BOT_POOL.submit(_set_bots, *job)

    def bots_set(self) -> tuple[Arrangement, ...]:
        """Each bot's arrangement of its 13 cards, by the bot and house rules now in force."""
        if not self.opponent_hands:
            job = self._bot_job()
            future, self._bots_future = self._bots_future, None
            if future is not None and self._bots_job == job:
                self.opponent_hands = future.result()
            else:  # the settings changed since the deal: set the bots' cards again
                self.opponent_hands = _set_bots(*job)
        return self.opponent_hands

    @property
    def hands_to_set(self) -> int:
        return len(self.player_cards) or 1

    def set_hand(self, *, surrender: bool = False) -> Showdown | None:
        """Set the player's hand (or surrender it, when the house rules allow) and settle."""
        if not self.can_set():
            return None
        if surrender and not self.can_surrender():
            return None
        player = self.arrangement()
        if self.hand_index + 1 < self.hands_to_set:
            # Criss Cross: this hand is set; the next one comes to the table.
            self.locked = (*self.locked, player)
            self.hand_index += 1
            self.deal.new_deal(self.player_cards[self.hand_index])
            self.handLocked.emit(self.hand_index)
            return None
        bots = self.bots_set()
        if self.setup.criss_cross:
            mine = (*self.locked, player)
            cross = {(i, k): settle_pair(arr, bot, self.setup.rules, (0, 1))
                     for i, arr in enumerate(mine) for k, bot in enumerate(bots, start=1)}
            return self._settled(Showdown(player, bots, None, False, mine, cross))
        if self.retry_of is not None and self.retry_of.criss_cross_hand is not None:
            # one Criss Cross hand again: settled against the bot's two hands as it was then
            _, pairs = settle_again(player, bots, self.setup.rules, criss_cross=True)
            cross = {(0, seat): pair for seat, pair in enumerate(pairs, start=1)}
            return self._settled(Showdown(player, bots, None, False, (player,), cross,
                                          hand_number=self.retry_of.criss_cross_hand))
        hands: list[Arrangement | None] = [None if surrender else player, *bots]
        settlement = settle(hands, self.setup.rules, surrendered={0} if surrender else set())
        return self._settled(Showdown(None if surrender else player, bots, settlement, surrender))

    def _settled(self, showdown: Showdown) -> Showdown:
        self.showdown = showdown
        self.session_points += self.showdown.total
        self.session_money += self.showdown.money
        self.hands_played += 1
        self._set_phase(Phase.SHOWDOWN)
        self.showdownReady.emit(self.showdown)
        self.scoreChanged.emit(self.session_points, self.hands_played)
        return self.showdown
