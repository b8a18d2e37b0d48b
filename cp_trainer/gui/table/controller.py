"""The game on the table for Qt: a thin adapter that shows a :class:`ChineseSession`.

The session (:mod:`cp_trainer.chinese.session`) owns the game: the phase, the deal, the player's rows with
undo/redo, the table setup frozen for the deal, the settlement and the log of settled hands.
:class:`TrainerController` forwards the window's actions to it and emits what changed, so the
widgets can show it; it keeps no game state of its own. Besides, it lets the bots set their
hands, and decide whether to surrender when the house rules allow it, on a worker thread while
the player arranges (the expert bot is a solver: it takes a moment): the session asks for them
at "Set hand" and gets the answer prepared for that deal.

A past hand from the history comes back with :meth:`TrainerController.show_past` (read-only,
:attr:`pastShown` instead of :attr:`showdownReady`: a review is not a hand played); from there
:meth:`TrainerController.try_again` deals the same cards against the same bot hands.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from cp_trainer.chinese.board import Refused
from cp_trainer.chinese.session import (
    BotJob,
    BotPlay,
    ChineseSession,
    Phase,
    SettledHand,
    Showdown,
    TableSetup,
)
from cp_trainer.gui.numbers import points
from cp_trainer.gui.table.models import DealModel
from cp_trainer.gui.translation import fill
from cp_trainer.history.replay import ReplayedHand
from cp_trainer.rules.arrangement import Arrangement, CheckResult
from cp_trainer.rules.cards import Card
from cp_trainer.rules.naturals import natural_of
from cp_trainer.solver import play_bots

if TYPE_CHECKING:
    from cp_trainer.gui.solver.bridge import SolverAnswer

__all__ = ["Phase", "Showdown", "TableSetup", "TrainerController"]

# One worker thread for the bots of every table in the process (the bots play with
# :func:`~cp_trainer.solver.play_bots`).
_BOT_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer-bots")


class TrainerController(QObject):
    """Plays hands: deal → the player sets (live check) → bots set → showdown → next deal."""

    checked = Signal(object)  # CheckResult after every change while setting
    dealt = Signal()  # a new hand is on the table
    showdownReady = Signal(object)  # Showdown
    settled = Signal(object)  # SettledHand: what the history records, once per settled hand
    verdict = Signal(object)  # SolverAnswer about a hand: what the history adds to its record
    scoreChanged = Signal(int, int)  # session points, hands played
    phaseChanged = Signal(object)  # Phase
    handLocked = Signal(int)  # Criss Cross: the player's first hand is set; hand n is on the table
    pastShown = Signal(object)  # Showdown of a past hand from the history (a review, not played)
    # True: Set hand waits for the bots still setting theirs (the window stays responsive);
    # False: they are done (the showdown, or botsFailed, follows at once)
    botsWaiting = Signal(bool)
    botsFailed = Signal(str)  # the bots could not set their hands (the reason)
    _botsReady = Signal()  # the bots' thread finished the deal's job (delivered on the GUI thread)

    def __init__(self, deal: DealModel, *, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.deal = deal
        self.session: ChineseSession = deal.chinese
        self._prefetch: tuple[BotJob, Future[BotPlay]] | None = None
        #: Set hand pressed while the bots still set theirs: the surrender flag it waits with
        self._pending: bool | None = None
        self._botsReady.connect(self._bots_ready)
        self.session.bots = self._bots
        self.last_check: CheckResult | None = None
        deal.changed.connect(self.recheck)

    @classmethod
    def create(cls, setup: TableSetup | None = None, *, seed: int | None = None,
               parent: QObject | None = None) -> TrainerController:
        """A controller over a new session (and its deal model) at ``setup``."""
        deal = DealModel(ChineseSession(setup, bots=play_bots, seed=seed), parent)
        return cls(deal, parent=parent)

    def record_verdict(self, answer: SolverAnswer) -> None:
        """The solver answered about a hand at this table: pass its verdict on to the history
        (:attr:`verdict`; the recorder keeps it when it is about a hand just settled)."""
        self.verdict.emit(answer)

    # --- the session's state, read-only ------------------------------------------------------

    @property
    def setup(self) -> TableSetup:
        """The table the deal on it is played at (frozen for the deal)."""
        return self.session.deal_setup

    @property
    def next_setup(self) -> TableSetup:
        return self.session.setup

    @property
    def phase(self) -> Phase:
        return self.session.phase

    @property
    def showdown(self) -> Showdown | None:
        return self.session.showdown

    @property
    def session_points(self) -> int:
        return self.session.session_points

    @property
    def session_money(self) -> float:
        return self.session.session_money

    @property
    def hands_played(self) -> int:
        return self.session.hands_played

    @property
    def opponent_cards(self) -> tuple[tuple[Card, ...], ...]:
        return self.session.opponent_cards

    @property
    def player_cards(self) -> tuple[tuple[Card, ...], ...]:
        return self.session.player_cards

    @property
    def hand_index(self) -> int:
        return self.session.hand_index

    @property
    def locked(self) -> tuple[Arrangement, ...]:
        return self.session.locked

    @property
    def hands_to_set(self) -> int:
        return self.session.hands_to_set

    @property
    def past(self) -> ReplayedHand | None:
        return self.session.past

    @property
    def retry_of(self) -> ReplayedHand | None:
        return self.session.retry_of

    # --- deals --------------------------------------------------------------------------------

    def new_deal(self, cards: Sequence[Card] | None = None) -> None:
        """Deal a new hand at the table of the current settings."""
        self._stop_waiting()
        self.session.new_deal(cards)
        self._start_bots()
        self._dealt()

    def _dealt(self) -> None:
        self.deal.refresh()
        self.dealt.emit()
        self.phaseChanged.emit(self.phase)
        self.recheck()

    def change_setup(self, setup: TableSetup) -> bool:
        """New settings, for the next deal; True when the deal on the table plays by others."""
        return self.session.change_setup(setup)

    def set_language(self, lang: str) -> None:
        self.session.set_language(lang)

    # --- past hands ---------------------------------------------------------------------------

    def show_past(self, replayed: ReplayedHand) -> Showdown:
        """Put a past hand on the table, read-only: its rows, the bots' hands, the settlement."""
        self._stop_waiting()
        showdown = self.session.show_past(replayed)
        self._prefetch = None
        self.deal.refresh()
        self.dealt.emit()
        self.phaseChanged.emit(self.phase)
        self.pastShown.emit(showdown)
        return showdown

    def try_again(self, replayed: ReplayedHand | None = None) -> bool:
        """Deal a past hand (default: the one on the table) again; False when there is none."""
        try:
            self.session.try_again(replayed)
        except Refused:
            return False
        self._stop_waiting()
        self._prefetch = None
        self._dealt()
        return True

    # --- the live check -----------------------------------------------------------------------

    def arrangement(self) -> Arrangement:
        """The player's rows as they lie now (rows may be partly filled)."""
        return self.session.arrangement()

    def check(self) -> CheckResult:
        return self.session.check()

    def locked_check(self) -> CheckResult | None:
        return self.session.locked_check()

    def recheck(self) -> None:
        if self.phase is not Phase.SETTING:
            return
        self.last_check = self.check()
        self.checked.emit(self.last_check)

    def can_set(self) -> bool:
        return self.session.can_set()

    def can_surrender(self) -> bool:
        return self.session.can_surrender()

    def can_undo(self) -> bool:
        return self.session.can_undo()

    def can_redo(self) -> bool:
        return self.session.can_redo()

    def foul_warning(self) -> str | None:
        """What to confirm before setting a fouled hand, or None for a legal one."""
        if self.session.foul_to_confirm() is None:
            return None
        rules = self.setup.rules
        if rules.ignore_fouls:
            return self.tr("This hand fouls. Under the current house rules fouls are ignored, so it "
                           "will be scored as it lies. Set it anyway?")
        own = natural_of(self.arrangement()) if rules.naturals else None
        if own is not None:
            text = fill(self.tr("This hand fouls, but it holds a natural (%1): it is settled as a natural, "
                                "its rows are not compared."), own.label(self.setup.lang))
        else:
            text = self._foul_cost()
        return text + " " + self.tr("Set it anyway?")

    def _foul_cost(self) -> str:
        """What a fouled hand loses under the deal's house rules: the scoop to each opponent (each
        opponent hand in Criss Cross), more where one collects royalties, a natural's amount to a
        natural, and a surrendering opponent pays instead."""
        rules, cross = self.setup.rules, self.setup.criss_cross
        if cross and rules.royalties:
            text = self.tr("This hand fouls: it loses at least %1 to each of the opponent's two hands "
                           "(%2 in all), more where a hand collects royalties.")
        elif cross:
            text = self.tr("This hand fouls: it loses %1 to each of the opponent's two hands (%2 in all).")
        elif rules.royalties:
            text = self.tr("This hand fouls: it loses at least %1 to each opponent, more where an "
                           "opponent collects royalties.")
        else:
            text = self.tr("This hand fouls: it loses %1 to each opponent.")
        text = fill(text, points(rules.scoop_points), points(2 * rules.scoop_points))
        if rules.naturals and rules.effective_natural_amount != rules.scoop_points:
            text += " " + fill(self.tr("A hand with a natural wins %1 from it instead."),
                               points(rules.effective_natural_amount))
        if rules.surrender and not cross:
            text += " " + fill(self.tr("An opponent who surrenders pays it %1 instead."),
                               points(rules.effective_surrender_cost))
        return text

    # --- the bots -----------------------------------------------------------------------------

    def _start_bots(self) -> None:
        """Let the bots set their cards on a worker thread while the player sets."""
        job = self.session.bot_job()
        self._prefetch = (job, _BOT_POOL.submit(play_bots, job))

    def waiting_for_bots(self) -> bool:
        """Set hand was pressed and waits for the bots' thread (a cold solver's first deal)."""
        return self._pending is not None

    def _stop_waiting(self) -> None:
        if self._pending is not None:
            self._pending = None
            self.botsWaiting.emit(False)

    def _bots_pending(self) -> bool:
        """Setting the hand now would wait for the bots' thread."""
        prefetch = self._prefetch
        return (prefetch is not None and not prefetch[1].done()
                and self.hand_index + 1 >= self.hands_to_set and self.can_set())

    def _bots_ready(self) -> None:
        surrender, self._pending = self._pending, None
        if surrender is None:
            return  # a new deal came meanwhile
        self.botsWaiting.emit(False)
        try:
            self.set_hand(surrender=surrender)
        except Exception as exc:  # a bot that cannot play (missing tables...): said, never raised
            self.botsFailed.emit(str(exc))

    def _bots(self, job: BotJob) -> BotPlay:
        prefetch, self._prefetch = self._prefetch, None
        if prefetch is not None and prefetch[0] == job:
            return prefetch[1].result()
        return play_bots(job)

    def _emit_ready(self) -> None:
        """On the bots' thread: tell the GUI thread (a queued signal) the job is done."""
        with contextlib.suppress(RuntimeError):  # the controller was deleted meanwhile
            self._botsReady.emit()

    def bots_set(self) -> tuple[Arrangement, ...]:
        """Each bot's arrangement of its cards (set once per deal)."""
        return self.session.bots_set()

    # --- setting the hand ---------------------------------------------------------------------

    def set_hand(self, *, surrender: bool = False) -> Showdown | None:
        """Set the player's hand (or surrender it, when the house rules allow) and settle.

        None when the session refused (rows not 3 / 5 / 5, no surrender under these rules, the
        hand already set) or when the first of two Criss Cross hands was set.
        """
        if self._pending is not None:
            return None  # already waiting for the bots
        if self._bots_pending() and (not surrender or self.can_surrender()):
            # the bots are still setting theirs (a cold solver): wait for them without blocking
            # the window; the showdown follows from _bots_ready
            assert self._prefetch is not None
            self._pending = surrender
            self.botsWaiting.emit(True)
            self._prefetch[1].add_done_callback(lambda _future: self._emit_ready())
            return None
        before = self.hand_index
        try:
            showdown = self.session.set_hand(surrender=surrender)
        except Refused:
            return None
        self.deal.refresh()
        if showdown is None:
            if self.hand_index != before:
                self.handLocked.emit(self.hand_index)
            self.recheck()
            return None
        hand: SettledHand = self.session.settled[-1]
        self.phaseChanged.emit(self.phase)
        self.settled.emit(hand)
        self.showdownReady.emit(showdown)
        self.scoreChanged.emit(self.session_points, self.hands_played)
        return showdown
