"""Pai Gow Poker as a page of the trainer's window, and its hands in the history.

:class:`PaiGowPage` holds the :class:`PaiGowTab` on the felt; the main window shows it instead of
the Chinese-poker table when the player picks *Game → Pai Gow Poker* (and back with *Game →
Chinese poker*). :class:`PaiGowHistory` stores every hand the page's session settles through the
trainer's :class:`~cp_trainer.gui.practice.recorder.HandRecorder`, and adds the session's verdict
(:meth:`~cp_trainer.paigow.session.PgSettled.verdict`: the best setting's EV and the player's) when
the simulation answers.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QVBoxLayout, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.paigow.ev_panel import EvFn
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.gui.style import felt_text
from cp_trainer.history import HandRecord
from cp_trainer.paigow.ev import DEFAULT_SAMPLES, EvResult, settings_ev
from cp_trainer.paigow.resolve import Settlement
from cp_trainer.paigow.session import HOUSE_RULES, PgSettled, record_of

__all__ = ["HOUSE_RULES", "PaiGowHistory", "PaiGowPage", "Recorder", "record_of"]


class Recorder(Protocol):
    """What the Pai Gow history needs of the trainer's hand recorder."""

    def store_hand(self, record: HandRecord) -> str | None: ...

    def set_solver(self, uid: str, arrangement: str, solver_ev: float, player_ev: float | None) -> bool: ...


class PaiGowHistory(QObject):
    """Stores every settled Pai Gow hand through ``recorder``; adds the EV when it comes."""

    def __init__(self, tab: PaiGowTab, recorder: Recorder) -> None:
        super().__init__(tab)
        self.tab = tab
        self.recorder = recorder
        self.last_id: str | None = None  # the identity (uid) of the hand recorded last
        self._last: PgSettled | None = None  # that hand, while its verdict is awaited
        tab.settled.connect(self.record)
        tab.evFinished.connect(self.add_ev)

    def record(self, _settlement: Settlement) -> str | None:
        """Store the hand the session settled last (its record is the session's), with the
        simulation's verdict when it came before the hand was set."""
        hand = self.tab.game.settled[-1]
        self.last_id = hand_id = self.recorder.store_hand(hand.record)
        self._last = hand
        if self.tab.ev_result is not None:  # "House way & EV" answered before Set: its verdict now
            self.add_ev(self.tab.ev_result)
        return hand_id

    def add_ev(self, result: EvResult) -> bool:
        """Store the simulation's verdict if it is about the hand recorded last."""
        if self.last_id is None or self._last is None:
            return False
        verdict = self._last.verdict(result)
        if verdict is None:
            return False
        ok = bool(self.recorder.set_solver(self.last_id, verdict.best, verdict.best_ev, verdict.player_ev))
        self.last_id = None
        self._last = None
        return ok


class PaiGowPage(QWidget):
    """The Pai Gow page of the main window (``objectName`` ``paigowPage``): the tab on the felt."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None, *, seed: int | None = None,
                 ev_fn: EvFn = settings_ev, samples: int = DEFAULT_SAMPLES) -> None:
        super().__init__(parent)
        self.setObjectName("paigowPage")
        felt = QWidget(self)
        felt.setObjectName("felt")
        self.tab = PaiGowTab(renderer, felt, seed=seed, ev_fn=ev_fn, samples=samples)
        inner = QVBoxLayout(felt)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.tab)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(felt)
        self.setStyleSheet(felt_text(("#paigowTab",)))  # white on the felt, not in its dialogs

    def shutdown(self) -> None:
        self.tab.shutdown()
