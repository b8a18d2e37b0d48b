"""Where a played hand is saved: :class:`HandRecorder` takes each hand the table's controller
settles and queues it for :class:`cp_trainer.history.writer.HistoryWriter`, whose thread writes
it (one transaction: deal, rows and fouls, the bots' hands and points, the house rules); the
solver's verdict on that same hand follows when its answer arrives (Criss Cross: one record for
each of the player's two hands). The GUI thread never waits on the database; a hand that cannot
be written yet waits in a journal in the data folder.

The path of a played hand: session (``settled``) → controller (``settled`` signal) →
:meth:`HandRecorder.record` → :meth:`HistoryWriter.add_hands`.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal

from cp_trainer.chinese.session import SettledHand
from cp_trainer.gui.solver.bridge import SolverAnswer
from cp_trainer.gui.table.controller import TrainerController
from cp_trainer.gui.translation import current_language
from cp_trainer.history import HandRecord, HistoryBusy, HistoryError, HistoryStore
from cp_trainer.history.writer import EventKind, HistoryWriter, WriterEvent
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card

__all__ = ["HandRecorder"]


def _rows_key(arr: Arrangement) -> tuple[tuple[Card, ...], ...]:
    """The rows as sets of cards (the table sorts cards inside a row)."""
    return tuple(tuple(sorted(row)) for row in arr.rows)


class HandRecorder(QObject):
    """Stores each hand ``controller``'s session settles in the history; adds the solver's
    verdict later (:meth:`record`, then :meth:`add_solver_answer`)."""

    recorded = Signal(int)  # the stored hand's id
    failed = Signal(str)
    drillRecorded = Signal()  # drill results were written (by the writer's thread)
    _written = Signal(object)  # a WriterEvent from the writer's thread, delivered on this (GUI) thread

    def __init__(self, controller: TrainerController, parent: QObject | None = None,
                 data_dir: str | None = None) -> None:
        super().__init__(parent)
        self.data_dir = data_dir
        self._store: HistoryStore | None = None
        self._open_failed = False
        self.last_id: str | None = None  # the identity (uid) of the hand recorded last
        # every hand of the last showdown (Criss Cross: both), so each one's verdict finds its record
        self._solver_ids: dict[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]], str] = {}
        self._surrendered_ids: dict[tuple[Card, ...], str] = {}
        controller.settled.connect(self.record)
        controller.verdict.connect(self.add_solver_answer)
        # Hands are written by the writer's thread (the GUI never waits on the database); one that
        # cannot be written yet waits in a journal in the data folder.
        self.writer = HistoryWriter(data_dir, notify=self._written.emit, lang=current_language)
        self._written.connect(self._on_written)
        writer = self.writer
        self.destroyed.connect(lambda *_: writer.close())

    def _on_written(self, event: WriterEvent) -> None:
        if event.kind is EventKind.RECORDED:
            for hand_id in event.ids:
                self.recorded.emit(hand_id)
        elif event.kind is EventKind.DRILL_RECORDED:
            self.drillRecorded.emit()
        else:
            self.failed.emit(event.message)

    def store(self) -> HistoryStore | None:
        """The history, opened on first use (None when it cannot be opened)."""
        if self._store is None and not self._open_failed:
            try:
                self._store = HistoryStore.open(self.data_dir, busy_timeout_ms=500)  # the GUI thread
            except HistoryError as exc:
                self._open_failed = not isinstance(exc, HistoryBusy)  # busy: try again next time
                self.failed.emit(str(exc))
                return None
            if self._store.recovery is not None:
                self.failed.emit(self._store.recovery.message(current_language()))
        return self._store

    def record(self, hand: SettledHand) -> str | None:
        """Store what the session settled (one transaction): its record, or in Criss Cross the
        record of each of the player's two hands; every hand's verdict then finds its record."""
        records = hand.records
        self.last_id = None
        ids = self.store_hands(records)
        rows = [Arrangement.parse(r.arrangement) for r in records]
        self._solver_ids = {(tuple(sorted(arr.cards)), _rows_key(arr)): hand_id
                            for arr, hand_id in zip(rows, ids, strict=False)}
        # a surrendered hand: the solver is asked about its cards, not its rows
        self._surrendered_ids = {tuple(sorted(arr.cards)): hand_id
                                 for arr, hand_id, r in zip(rows, ids, records, strict=False)
                                 if r.surrendered}
        hand_id = ids[-1] if ids else None
        if hand_id is not None:  # the hand on the table: the last
            self.last_id = hand_id
        return hand_id

    def store_hand(self, record: HandRecord) -> str | None:
        """Store a hand built elsewhere (e.g. the Pai Gow tab's, with ``Game.PAIGOW``)."""
        ids = self.store_hands([record])
        return ids[0] if ids else None

    def store_hands(self, records: Sequence[HandRecord]) -> list[str]:
        """Queue hands for the writer (one transaction); their identities, at once."""
        return self.writer.add_hands(records)

    def set_solver(self, uid: str, arrangement: str, solver_ev: float, player_ev: float | None,
                   loss_stderr: float | None = None) -> bool:
        """Queue a verdict for the hand of identity ``uid`` (written after the hand)."""
        self.writer.set_solver(uid, arrangement, solver_ev, player_ev, loss_stderr)
        return True

    def add_solver_answer(self, answer: SolverAnswer) -> bool:
        """Store the solver's verdict if it is about a hand of the last showdown (Criss Cross: either)."""
        req = answer.request
        if req.mine is None:
            return self._add_surrender_answer(answer)
        hand_id = self._solver_ids.get((tuple(sorted(req.cards)), _rows_key(req.mine)))
        if hand_id is None:
            return False
        player_ev = answer.mine.ev if answer.mine is not None else None
        loss_stderr = answer.mine.loss_stderr if answer.mine is not None else None
        return self.set_solver(hand_id, str(answer.best.arrangement), answer.best.ev, player_ev, loss_stderr)

    def _add_surrender_answer(self, answer: SolverAnswer) -> bool:
        """A surrendered hand's verdict: the best arrangement against what surrendering scored."""
        req = answer.request
        hand_id = self._surrendered_ids.get(tuple(sorted(req.cards))) if req.surrendered else None
        if hand_id is None or answer.surrender_ev is None:
            return False
        # surrendering's figure is exact: the error of the gap is the best's
        return self.set_solver(hand_id, str(answer.best.arrangement), answer.best.ev, answer.surrender_ev,
                               answer.best.stderr)

    def close(self) -> None:
        self.writer.close()
        if self._store is not None:
            self._store.close()
            self._store = None
