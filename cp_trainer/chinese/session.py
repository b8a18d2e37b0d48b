"""A game of closed Chinese poker against bots, as plain Python (no Qt): the one owner of its state.

:class:`ChineseSession` is to the trainer's table what python-chess's ``Board`` is to a chess GUI:
the window shows it and forwards the player's actions to it, and holds no game state of its own.
It owns

- the **phase**: the player arranges (:attr:`Phase.SETTING`; in Criss Cross the first hand is set
  and the second comes to the table), then the hand is set and settled (:attr:`Phase.SHOWDOWN`),
  then the next deal;
- the **deal**: the player's 13 cards (26 in Criss Cross), the bots' cards and, once they have set
  them, the bots' arrangements;
- the player's **board** (:class:`~cp_trainer.chinese.board.Board`): where each card lies, with undo and
  redo that exist only while arranging;
- the **table setup** (house rules, bots, Criss Cross) **frozen for the deal**: a change of the
  settings (:meth:`ChineseSession.change_setup`) always applies from the next deal;
- the **settlement** and the **log** of settled hands (:attr:`ChineseSession.settled`): every
  settled hand once, with the records the history stores (both hands of a Criss Cross deal);
- **replay** of a past hand (read-only) and **try again** (the same cards against the same bot
  hands under the same house rules).

Every action either happens or raises :class:`~cp_trainer.chinese.board.Refused` (a ``ValueError``) with a
:class:`~cp_trainer.chinese.board.Refusal` saying why; the ``can_*`` methods answer in advance.

The bots are not part of the rules: the session asks a :data:`BotFn` given to it (the GUI passes
the solver's bots, tests may pass a simple one) to set the bots' cards, once per deal, and, when
the house rules allow surrender (not in Criss Cross), which bots give their hand up
(:class:`BotPlay`); those seats are settled as surrendered and their records say so.

>>> from cp_trainer.rules.cards import parse_cards
>>> def bots(job: BotJob) -> tuple[Arrangement, ...]:  # each bot hand as dealt: 3 / 5 / 5
...     return tuple(Arrangement(h[:3], h[3:8], h[8:]) for h in job.hands)
>>> s = ChineseSession(bots=bots, seed=1)
>>> s.new_deal(parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"))
>>> s.can_set()
False
>>> _ = s.place(Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts"))
>>> s.can_set(), s.can_undo()
(True, True)
>>> showdown = s.set_hand()
>>> s.phase.value, s.can_undo(), s.hands_played, len(s.settled[0].records)
('showdown', False, 1, 1)
>>> s.undo()
Traceback (most recent call last):
...
cp_trainer.chinese.board.Refused: not_arranging: undo: the hand is set; deal again to play on
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from enum import Enum

from ..history.replay import ReplayedHand, settle_again
from ..rules.arrangement import Arrangement, CheckResult, check_arrangement, check_partial
from ..rules.bot_names import BotChoice, UnknownBotError, parse_bot
from ..rules.cards import Card, Deck, format_cards
from ..rules.settlement import settle, settle_pair
from .board import Board, Refusal, Refused
from .question import SolverQuestion, criss_cross_requests
from .rows import ROWS, RowActions, Zone, row_board
from .showdown import SettledHand, Showdown, hand_records
from .table_setup import BotFn, BotJob, BotPlay, TableSetup

__all__ = [
    "ROWS",
    "BotFn",
    "BotJob",
    "BotPlay",
    "ChineseSession",
    "Phase",
    "Refusal",
    "Refused",
    "RowActions",
    "SettledHand",
    "Showdown",
    "TableSetup",
    "Zone",
]


class Phase(Enum):
    SETTING = "setting"  # the player is placing cards
    SHOWDOWN = "showdown"  # the hand is set and settled (or a past hand is shown)


class ChineseSession(RowActions):
    """Closed Chinese poker against bots: deal → arrange (undo/redo) → set → showdown → next deal.

    ``setup`` is the table for the next deal; :attr:`deal_setup` the one the deal on the table is
    played at. ``bots`` sets the bots' hands; ``seed`` makes the n-th deal always the same.
    """

    def __init__(self, setup: TableSetup | None = None, *, bots: BotFn,
                 seed: int | None = None) -> None:
        self.setup = setup or TableSetup()
        self.deal_setup = self.setup
        self.bots = bots
        self._seed = seed
        self._rng = random.Random(seed)
        self.board: Board[Card, Zone] = row_board()
        self.board.lock()
        self.phase = Phase.SHOWDOWN  # nothing dealt yet: nothing to arrange
        self.deals = 0
        self.player_cards: tuple[tuple[Card, ...], ...] = ()  # 1 hand, or 2 in Criss Cross
        self.hand_index = 0  # which of the player's hands is on the table
        self.locked: tuple[Arrangement, ...] = ()  # Criss Cross: the player's hands already set
        self.opponent_cards: tuple[tuple[Card, ...], ...] = ()
        self.opponent_hands: tuple[Arrangement, ...] = ()
        self.opponents_surrendered: frozenset[int] = frozenset()  # bot seats (1..) that surrendered
        self.showdown: Showdown | None = None
        self.past: ReplayedHand | None = None  # a past hand shown (review: no score, no record)
        self.retry_of: ReplayedHand | None = None  # the past hand being played again
        self.settled: list[SettledHand] = []
        self.session_points = 0
        self.session_money = 0.0

    # --- reading ------------------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.deal_setup.lang

    @property
    def hands_played(self) -> int:
        return len(self.settled)

    @property
    def hands_to_set(self) -> int:
        return len(self.player_cards) or 1

    @property
    def setup_pending(self) -> bool:
        """The settings for the next deal differ from the table the deal on it is played at."""
        return not self.setup.same_table(self.deal_setup)

    def arrangement(self) -> Arrangement:
        """The player's rows as they lie now (rows may be partly filled)."""
        b = self.board
        return Arrangement(b.cards(Zone.TOP), b.cards(Zone.MIDDLE), b.cards(Zone.BOTTOM))

    def check(self) -> CheckResult:
        """The rules core's verdict on the rows as they lie (partial while cards remain in hand)."""
        return check_partial(self.arrangement(), self.deal_setup.rules,
                             remaining=self.board.cards(Zone.HAND))

    def locked_check(self) -> CheckResult | None:
        """Criss Cross: the rules core's verdict on the hand set last (None: none is set yet)."""
        return check_arrangement(self.locked[-1], self.deal_setup.rules) if self.locked else None

    def bot_job(self) -> BotJob:
        """What the bots have to set this deal (by the deal's own bot and rules)."""
        s = self.deal_setup
        n = len(self.opponent_cards)
        seats = (1,) * n if s.criss_cross else tuple(range(1, n + 1))
        return BotJob(s.bot, s.rules, self.opponent_cards, seats,
                      surrender=s.rules.surrender and not s.criss_cross, seat_bots=s.seated_bots)

    def solver_question(self, *, samples: int, time_budget: float | None,
                        showdown: Showdown | None = None) -> SolverQuestion:
        """What the solver is asked about the hand on the table (``showdown``: after it, with the
        bots' real hands). No seed: the deal's own samples, so the same deal gets the same answer
        in every session, as the history and Try again expect. Criss Cross: this hand, the other
        one dead; a past Criss Cross hand played again: that hand against the bot's two."""
        setup = self.deal_setup
        mine: Arrangement | None = self.arrangement() if self.board.is_complete() else None
        actual: tuple[Arrangement, ...] = ()
        gone: frozenset[int] = frozenset()
        if showdown is not None:
            mine, actual, gone = showdown.player, showdown.opponents, showdown.bots_surrendered
        question = SolverQuestion(cards=self.board.all_cards(), rules=setup.rules,
                                  opponents=min(3, len(self.opponent_cards)), bot=setup.bot_at(1),
                                  seat_bots=() if setup.criss_cross else setup.seated_bots,
                                  samples=samples, mine=mine, actual=actual, time_budget=time_budget,
                                  surrendered=showdown is not None and showdown.surrendered,
                                  actual_surrendered=gone)
        if setup.criss_cross and len(self.player_cards) == 2:  # this hand, knowing the other one
            other = self.player_cards[1 - self.hand_index]
            question = dataclasses.replace(question, opponents=2, dead=tuple(other), opponent_seats=(1, 1),
                                           hand_number=self.hand_index + 1)
        past = self.retry_of or self.past
        if past is not None and past.criss_cross_hand is not None:  # one Criss Cross hand again
            question = dataclasses.replace(question, opponent_seats=(1,) * question.opponents,
                                           hand_number=past.criss_cross_hand)
        return question

    def showdown_questions(self, showdown: Showdown, *, samples: int,
                           time_budget: float | None) -> list[SolverQuestion]:
        """What the solver is asked after ``showdown``: the hand with the bots' real hands, or in
        Criss Cross each of the player's two hands against the bot's two."""
        if showdown.criss_cross:
            setup = self.deal_setup
            return criss_cross_requests(showdown.player_hands, setup.rules, bot=setup.bot_at(1),
                                        samples=samples, actual=showdown.opponents,
                                        time_budget=time_budget)
        return [self.solver_question(samples=samples, time_budget=time_budget, showdown=showdown)]

    def can_arrange(self) -> bool:
        return self.phase is Phase.SETTING

    def can_undo(self) -> bool:
        return self.phase is Phase.SETTING and self.board.can_undo()

    def can_redo(self) -> bool:
        return self.phase is Phase.SETTING and self.board.can_redo()

    def can_set(self) -> bool:
        """The hand can be set: arranging, and the rows hold 3 / 5 / 5 cards."""
        return self.phase is Phase.SETTING and self.board.is_complete()

    def surrender_allowed(self) -> bool:
        """Surrender is a house rule; in Criss Cross both hands would have to go, so it is off."""
        s = self.deal_setup
        return (s.rules.surrender and not s.criss_cross
                and not (self.retry_of is not None and self.retry_of.criss_cross_hand is not None))

    def can_surrender(self) -> bool:
        return self.surrender_allowed() and self.can_set()

    def foul_to_confirm(self) -> CheckResult | None:
        """The check of a complete hand that fouls (the player confirms before setting it)."""
        if not self.can_set():
            return None
        result = self.check()
        return result if result.fouled else None

    # --- settings -----------------------------------------------------------------------------

    def change_setup(self, setup: TableSetup) -> bool:
        """New settings, for the next deal (always: a deal is played at the table it was dealt at).

        The language is no rule of the game and follows at once. True when the deal on the table
        is played at another table than the new settings say (the window tells the player).
        """
        self.setup = setup
        self.set_language(setup.lang)
        return self.setup_pending and self.deals > 0

    def set_language(self, lang: str) -> None:
        self.setup = _with_lang(self.setup, lang)
        self.deal_setup = _with_lang(self.deal_setup, lang)

    # --- deals --------------------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card] | None = None) -> None:
        """Deal a new hand at the table of the current settings: the player's 13 cards (given, or
        from a shuffled deck), in Criss Cross 13 more, and the bots' cards."""
        mine = tuple(cards) if cards is not None else ()
        if cards is not None and (len(mine) != 13 or len(set(mine)) != 13):
            raise Refused(Refusal.BAD_DEAL, f"a deal is 13 different cards, not {format_cards(mine)!r}")
        seed = self._rng.randrange(2**31) if self._seed is not None else None
        deck = Deck(seed=seed, exclude=mine)
        if not mine:
            mine = tuple(deck.deal(13))
        setup = self.setup
        hands = [mine]
        if setup.criss_cross:
            hands.append(tuple(deck.deal(13)))
        self.deals += 1
        self.deal_setup = setup
        self.past = None
        self.retry_of = None
        self._start(tuple(hands), tuple(tuple(deck.deal(13)) for _ in range(setup.bot_hands)), ())

    def _start(self, player: tuple[tuple[Card, ...], ...], opponents: tuple[tuple[Card, ...], ...],
               opponent_hands: tuple[Arrangement, ...],
               opponents_surrendered: frozenset[int] = frozenset()) -> None:
        self.player_cards = player
        self.hand_index = 0
        self.locked = ()
        self.opponent_cards = opponents
        self.opponent_hands = opponent_hands
        self.opponents_surrendered = opponents_surrendered
        self.showdown = None
        self.board = row_board(player[0])
        self.phase = Phase.SETTING

    # --- arranging ----------------------------------------------------------------------------

    def _arranging(self, action: str) -> None:
        if self.phase is not Phase.SETTING:
            raise Refused(Refusal.NOT_ARRANGING, f"{action}: the hand is set; deal again to play on")

    # --- setting the hand and the showdown ------------------------------------------------------

    def bots_set(self) -> tuple[Arrangement, ...]:
        """Each bot hand's arrangement, set once per deal by the deal's bot and house rules
        (and :attr:`opponents_surrendered`, the bots that gave theirs up)."""
        if not self.opponent_hands:
            job = self.bot_job()
            play = self.bots(job)
            if not isinstance(play, BotPlay):
                play = BotPlay(tuple(play))
            hands = play.hands
            if [sorted(h.cards) for h in hands] != [sorted(c) for c in self.opponent_cards]:
                raise ValueError(f"the bots set other cards than they were dealt: {hands!r}")
            if play.surrendered and (not job.surrender
                                     or not play.surrendered <= set(range(1, len(hands) + 1))):
                raise ValueError(f"the bots surrendered seats {sorted(play.surrendered)} at this table")
            self.opponent_hands = hands
            self.opponents_surrendered = frozenset(play.surrendered)
        return self.opponent_hands

    def set_hand(self, *, surrender: bool = False) -> Showdown | None:
        """Set the player's hand (or surrender it, when the house rules allow) and settle.

        Criss Cross, first hand: it is set and the second comes to the table; returns None.
        Otherwise the :class:`Showdown`, also appended to :attr:`settled` with its records.
        """
        self._arranging("set the hand")
        if not self.board.is_complete():
            sizes = " / ".join(str(len(self.board.cards(z))) for z in ROWS)
            raise Refused(Refusal.INCOMPLETE, f"the rows hold {sizes} cards, not 3 / 5 / 5")
        if surrender and not self.surrender_allowed():
            raise Refused(Refusal.NO_SURRENDER, "the house rules of this deal do not allow surrender")
        player = self.arrangement()
        if self.hand_index + 1 < self.hands_to_set:
            self.locked = (*self.locked, player)
            self.hand_index += 1
            self.board = row_board(self.player_cards[self.hand_index])
            return None
        bots = self.bots_set()  # may raise (a bot that cannot play): nothing has changed then
        rules = self.deal_setup.rules
        if self.deal_setup.criss_cross:
            mine = (*self.locked, player)
            cross = {(i, k): settle_pair(arr, bot, rules, (0, 1))
                     for i, arr in enumerate(mine) for k, bot in enumerate(bots, start=1)}
            showdown = Showdown(player, bots, None, False, mine, cross)
        elif self.retry_of is not None and self.retry_of.criss_cross_hand is not None:
            # one Criss Cross hand again: settled against the bot's two hands as it was then
            _, pairs = settle_again(player, bots, rules, criss_cross=True)
            cross = {(0, seat): pair for seat, pair in enumerate(pairs, start=1)}
            showdown = Showdown(player, bots, None, False, (player,), cross,
                                hand_number=self.retry_of.criss_cross_hand)
        else:
            gone = self.opponents_surrendered
            hands: list[Arrangement | None] = [None if surrender else player, *bots]
            settlement = settle(hands, rules, surrendered=({0} if surrender else set()) | gone)
            showdown = Showdown(None if surrender else player, bots, settlement, surrender,
                                bots_surrendered=gone)
        self.board.lock()
        self.phase = Phase.SHOWDOWN
        self.showdown = showdown
        self.session_points += showdown.total
        self.session_money += showdown.money
        records = hand_records(showdown, self.deal_setup, self.player_cards, player)
        self.settled.append(SettledHand(len(self.settled) + 1, self.deals, showdown, self.deal_setup,
                                        records, self.retry_of))
        return showdown

    # --- past hands ---------------------------------------------------------------------------

    def _past_setup(self, replayed: ReplayedHand) -> TableSetup:
        bots = tuple(_recorded_bot(o.name, self.setup.bot) for o in replayed.record.opponents)
        return TableSetup(rules=replayed.rules, opponents=len(replayed.opponents),
                          bot=bots[0] if bots else self.setup.bot, lang=self.lang, criss_cross=False,
                          seat_bots=bots)

    def show_past(self, replayed: ReplayedHand) -> Showdown:
        """Put a past hand on the table, read-only: its rows, the bots' hands, the settlement.

        A review is not a hand played: no points, no record. The next deal is an ordinary one.
        """
        self.deal_setup = self._past_setup(replayed)
        self.past = replayed
        self.retry_of = None
        self._start((tuple(replayed.player.cards),), tuple(tuple(o.cards) for o in replayed.opponents),
                    replayed.opponents, replayed.opponents_surrendered)
        p = replayed.player
        self.board.place({Zone.TOP: p.top, Zone.MIDDLE: p.middle, Zone.BOTTOM: p.bottom})
        self.board.lock()
        if replayed.settlement is not None:
            showdown = Showdown(None if replayed.surrendered else p, replayed.opponents,
                                replayed.settlement, replayed.surrendered,
                                bots_surrendered=replayed.opponents_surrendered)
        else:
            cross = {(0, seat): pair for seat, pair in enumerate(replayed.pairs, start=1)}
            showdown = Showdown(p, replayed.opponents, None, False, (p,), cross,
                                hand_number=replayed.criss_cross_hand)
        self.showdown = showdown
        self.phase = Phase.SHOWDOWN
        return showdown

    def can_try_again(self) -> bool:
        return (self.past or self.retry_of) is not None

    def try_again(self, replayed: ReplayedHand | None = None) -> None:
        """Deal a past hand (default: the one on the table, or the one tried again last) again:
        the same 13 cards against the same bot hands under the same house rules."""
        replayed = replayed or self.past or self.retry_of
        if replayed is None:
            raise Refused(Refusal.NO_PAST_HAND, "there is no past hand on the table to try again")
        self.deal_setup = self._past_setup(replayed)
        self.past = None
        self.retry_of = replayed
        self.deals += 1
        self._start((tuple(replayed.player.cards),), tuple(tuple(o.cards) for o in replayed.opponents),
                    replayed.opponents, replayed.opponents_surrendered)


def _with_lang(setup: TableSetup, lang: str) -> TableSetup:
    return setup if setup.lang == lang else dataclasses.replace(setup, lang=lang)


def _recorded_bot(name: str, default: BotChoice) -> BotChoice:
    """The bot a history record names (its text form), or ``default`` for a record that names
    none or one this version does not know."""
    try:
        return parse_bot(name) if name else default
    except UnknownBotError:
        return default
