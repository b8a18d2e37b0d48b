"""Shared helpers for the Pai Gow page's tests: a shown tab on a fixed deal, and a stand-in for
the trainer's hand recorder."""

from __future__ import annotations

from typing import Any

from PySide6.QtTest import QAbstractItemModelTester

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.paigow.tab import PaiGowTab
from cp_trainer.history import HandRecord
from cp_trainer.paigow.cards import parse_pg_cards

__all__ = ["DEALER", "PLAYER", "FakeRecorder", "make_tab"]

PLAYER = parse_pg_cards("Ts Th 5d 5c Ad 9h Jk")
DEALER = parse_pg_cards("Ks Kh 8c 7d 2c Qd Jh")


def make_tab(qtbot: Any, **kw: Any) -> PaiGowTab:
    """The tab shown on the deal ``PLAYER`` / ``DEALER`` (2000 samples unless told), every change
    of every zone's model checked by Qt's model tester."""
    kw.setdefault("samples", 2000)
    tab = PaiGowTab(CardRenderer(), deal=(PLAYER, DEALER), seed=4, **kw)
    qtbot.addWidget(tab)
    for model in tab.deal.zone_models.values():
        QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal, tab)
    tab.show()
    qtbot.waitExposed(tab)
    return tab


class FakeRecorder:
    """The two things the Pai Gow history asks of the trainer's hand recorder."""

    def __init__(self) -> None:
        self.records: list[HandRecord] = []
        self.solver: list[tuple[str, str, float, float | None]] = []

    def store_hand(self, record: HandRecord) -> str | None:
        self.records.append(record)
        return str(len(self.records))

    def set_solver(self, uid: str, arrangement: str, solver_ev: float, player_ev: float | None) -> bool:
        self.solver.append((uid, arrangement, solver_ev, player_ev))
        return True
