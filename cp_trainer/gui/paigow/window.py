"""Pai Gow Poker in the trainer: a *Game → Pai Gow Poker…* action opening the Pai Gow tab in a
window of its own (the Chinese-poker table stays as it is).

:func:`install_paigow` is the whole hook a main window needs (one call, like the Practice menu);
the action's text follows the language at runtime.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication
from PySide6.QtWidgets import QMainWindow, QMenu, QVBoxLayout, QWidget

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.gui.style import STYLE_SHEET
from cp_trainer.gui.translation import current_language
from cp_trainer.history import FoulNote, Game, HandRecord, OpponentHand
from cp_trainer.history.record import now_utc
from cp_trainer.i18n import tr
from cp_trainer.paigow.cards import PgCard, format_pg_cards
from cp_trainer.paigow.ev import EvResult
from cp_trainer.paigow.resolve import COMMISSION, Settlement

__all__ = ["PaiGowHistory", "PaiGowLauncher", "PaiGowWindow", "install_paigow", "record_of"]

#: What a Pai Gow hand in the history was played under (the history groups hands by it).
HOUSE_RULES = {"game": "paigow", "house_way": "golden_nugget", "commission": COMMISSION}


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


class PaiGowHistory(QObject):
    """Stores every settled Pai Gow hand through the trainer's hand recorder (the Practice
    menu's), and adds the best setting's EV and the player's when the simulation answers."""

    def __init__(self, tab: PaiGowTab, recorder: Any) -> None:
        super().__init__(tab)
        self.tab = tab
        self.recorder = recorder
        self.last_id: str | None = None  # the identity (uid) of the hand recorded last
        self._last_cards: list[str] | None = None
        tab.settled.connect(self.record)
        tab.evFinished.connect(self.add_ev)

    def record(self, settlement: Settlement) -> str | None:
        deal = self.tab.deal.all_cards()
        self.last_id = self.recorder.store_hand(record_of(settlement, deal))
        self._last_cards = sorted(map(str, deal))
        return self.last_id

    def add_ev(self, result: EvResult) -> bool:
        """Store the simulation's verdict if it is about the hand recorded last."""
        if self.last_id is None or self._last_cards != sorted(map(str, result.cards)):
            return False
        setting = self.tab.deal.setting()
        if setting is None:
            return False
        mine = result.index_of(setting)
        best = result.best
        ok = bool(self.recorder.set_solver(self.last_id, best.setting.format(), best.ev,
                                           None if mine is None else result.settings[mine].ev))
        self.last_id = None
        return ok


class PaiGowWindow(QMainWindow):
    """A window holding one :class:`PaiGowTab` (``objectName`` ``paigowWindow``)."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None, **tab_args: Any) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setObjectName("paigowWindow")
        self.tab = PaiGowTab(renderer, self, **tab_args)
        felt = QWidget(self)
        felt.setObjectName("felt")
        self.tab.setParent(felt)
        layout = QVBoxLayout(felt)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tab)
        self.setCentralWidget(felt)
        self.setStyleSheet(STYLE_SHEET + "#paigowTab QLabel { color: #ffffff; }")
        self.retranslate()
        self.resize(1400, 760)  # room for every column of the EV table beside the hands

    def retranslate(self) -> None:
        self.setWindowTitle(tr("paigow.gui.window_title", current_language()))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.tab.shutdown()
        super().closeEvent(event)


class PaiGowLauncher(QObject):
    """The *Pai Gow Poker…* action on a main window and the window it opens."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.paigow_window: PaiGowWindow | None = None
        self.history: PaiGowHistory | None = None
        self.action = QAction(window)
        self.action.setObjectName("paigowAction")
        self.action.triggered.connect(self.open)
        menu = getattr(window, "game_menu", None)
        quit_action = getattr(window, "quit_action", None)
        if isinstance(menu, QMenu) and isinstance(quit_action, QAction):
            menu.insertAction(quit_action, self.action)
            menu.insertSeparator(quit_action)
        elif isinstance(menu, QMenu):
            menu.addAction(self.action)
        else:
            window.menuBar().addAction(self.action)
        window.installEventFilter(self)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(tr("paigow.gui.menu", current_language()))
        self.action.setToolTip(tr("paigow.gui.menu_tip", current_language()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def open(self) -> PaiGowWindow:
        if self.paigow_window is None:
            renderer = getattr(self.window, "renderer", None)
            self.paigow_window = PaiGowWindow(
                renderer if isinstance(renderer, CardRenderer) else CardRenderer(), self.window)
            recorder = getattr(getattr(self.window, "practice", None), "recorder", None)
            if recorder is not None and hasattr(recorder, "store_hand"):
                self.history = PaiGowHistory(self.paigow_window.tab, recorder)
        self.paigow_window.show()
        if QGuiApplication.platformName() != "offscreen":
            self.paigow_window.raise_()
            self.paigow_window.activateWindow()
        return self.paigow_window


def install_paigow(window: QMainWindow) -> PaiGowLauncher:
    """Add *Game → Pai Gow Poker…* to the trainer's main window."""
    return PaiGowLauncher(window)
