"""The history window's model: Qt's model tester, sorting by value, and the filters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtTest import QAbstractItemModelTester

from cp_trainer.gui.practice.history_model import (
    HAND_ID_ROLE,
    HistoryFilterProxy,
    HistoryTableModel,
    rules_label,
)
from cp_trainer.history import HistoryStore
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from tests.history_fixtures import make_record


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    s = HistoryStore.open(tmp_path)
    one_six = HouseRules(system=ScoringSystem.ONE_SIX, royalties=True)
    s.add(make_record(0, ev=(0.5, 0.45)))  # lost 0.05, +3
    s.add(make_record(1, fouled=True, ev=(0.3, -2.0)))  # lost 2.3, foul, -8
    s.add(make_record(2, ev=None, rules=one_six))  # no EV, +3
    s.add(make_record(3, ev=(1.0, 0.2), rules=one_six))  # lost 0.8, +3
    s.add(make_record(4, fouled=True, ev=None))  # foul, no EV
    return s


def _tested(model: QAbstractItemModel) -> QAbstractItemModelTester:
    return QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)


def _column(model: QAbstractItemModel, col: int, role: int = Qt.ItemDataRole.DisplayRole) -> list[object]:
    return [model.data(model.index(r, col), role) for r in range(model.rowCount())]


def test_model_passes_qt_model_tester_and_shows_the_hands(qtbot: object, store: HistoryStore) -> None:
    model = HistoryTableModel(store)
    tester = _tested(model)
    assert model.rowCount() == 5 and model.columnCount() == 6
    assert _column(model, 2) == ["+3", "\u22128", "+3", "+3", "\u22128"]
    assert _column(model, 3) == ["0.05", "2.30", "", "0.80", ""]
    assert _column(model, 4) == ["0", "1", "0", "0", "1"]  # a zero, as the other columns show theirs
    assert _column(model, 5)[2] == "1-6, ties push, royalties"
    assert model.headerData(3, Qt.Orientation.Horizontal) == "EV lost"
    store.add(make_record(5))
    model.refresh()
    assert model.rowCount() == 6
    del tester


def test_filters_and_sorting(qtbot: object, store: HistoryStore) -> None:
    model = HistoryTableModel(store)
    proxy = HistoryFilterProxy()
    proxy.setSourceModel(model)
    tester = _tested(proxy)
    ids = [model.data(model.index(r, 0), HAND_ID_ROLE) for r in range(model.rowCount())]

    def shown() -> list[int]:
        return [ids.index(proxy.data(proxy.index(r, 0), HAND_ID_ROLE)) for r in range(proxy.rowCount())]

    proxy.set_fouls_only(True)
    assert shown() == [1, 4]
    proxy.set_fouls_only(False)
    proxy.set_min_ev_lost(0.5)
    assert shown() == [1, 3]
    proxy.set_min_ev_lost(None)
    one_six = next(k for k in model.rule_sets() if json.loads(k)["system"] == "1-6")
    proxy.set_rules(one_six)
    assert shown() == [2, 3]
    proxy.set_fouls_only(True)
    assert shown() == []
    proxy.set_fouls_only(False)
    proxy.set_rules(None)
    proxy.sort(3, Qt.SortOrder.DescendingOrder)  # EV lost, by value; unknown EV last
    assert shown()[:3] == [1, 3, 0]
    proxy.sort(2, Qt.SortOrder.AscendingOrder)  # points: -8 before +3
    assert [proxy.data(proxy.index(r, 2)) for r in range(5)] == ["\u22128", "\u22128", "+3", "+3", "+3"]
    del tester


def test_rules_label_lists_what_is_on() -> None:
    label = rules_label(json.dumps(HouseRules(naturals=True, point_value=0.25).to_dict()))
    assert label == "2-4, ties push, naturals, 1 point = 0.25"
    # one wording with the table's line: the same words, here only the rules that are on
    from cp_trainer.gui.table.rules_line import rules_text

    everything = rules_text(HouseRules(naturals=True, point_value=0.25))
    assert everything == "2-4 · ties push · no royalties · no surrender · naturals · 1 point = 0.25"
    for part in label.split(", "):
        assert part in everything
    off = rules_label(json.dumps(HouseRules(ignore_fouls=True, low_middle=True, surrender=True).to_dict()))
    assert "fouls not scored" in off and "low middle" in off and "surrender for" in off
    assert "no " not in off  # only the rules that are on


def test_rules_label_names_pai_gow_rules_not_their_json() -> None:
    from cp_trainer.gui.paigow.window import HOUSE_RULES

    assert rules_label(json.dumps(HOUSE_RULES)) == "house way, commission 5%"
    assert rules_label("not json") == "not json"
