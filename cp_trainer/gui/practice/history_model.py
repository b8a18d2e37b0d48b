"""The practice history as a Qt table model, with the history window's filters.

:class:`HistoryTableModel` lists the hands of a :class:`~cp_trainer.history.HistoryStore` (date,
game, points, EV lost, fouls, house rules); :class:`HistoryFilterProxy` sorts any column by its
value (not its text) and filters: fouls only, EV lost above a threshold, one set of house rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QDateTime,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from cp_trainer.gui.numbers import integer, locale, number, signed
from cp_trainer.gui.table.rules_line import rules_text
from cp_trainer.gui.translation import fill
from cp_trainer.history import HandSummary, HistoryError, HistoryStore
from cp_trainer.rules.house_rules import HouseRules, HouseRulesError

__all__ = ["COLUMNS", "HAND_ID_ROLE", "SORT_ROLE", "HistoryFilterProxy", "HistoryTableModel",
           "played_at_text", "rules_label", "shown_ev_lost"]

SORT_ROLE = Qt.ItemDataRole.UserRole
HAND_ID_ROLE = Qt.ItemDataRole.UserRole + 1
COLUMNS = ("date", "game", "points", "ev_lost", "fouls", "rules")
_Index = QModelIndex | QPersistentModelIndex


def played_at_text(when: datetime) -> str:
    """When a hand was played, in the language's short date and time (``30.11.2026 13:56`` in
    Russian, ``11/30/26 1:56 PM`` in English), local time."""
    moment = QDateTime.fromSecsSinceEpoch(int(when.timestamp()))
    return locale().toString(moment, QLocale.FormatType.ShortFormat)


def shown_ev_lost(ev_lost: float) -> float:
    """The EV lost as shown and plotted: never below 0. The solver's figure is an estimate with
    an error; an arrangement that seems to beat it by a little (-0.20) lost nothing within that
    noise, and a negative "loss" read as a gain the solver missed."""
    return max(0.0, ev_lost)


def rules_label(rules_json: str) -> str:
    """A short name for a set of house rules: ``2-4, ties push`` and the options that are on, in
    the table's words (:func:`cp_trainer.gui.table.rules_line.rules_parts`)."""
    try:
        data = json.loads(rules_json)
    except ValueError:
        return rules_json
    if isinstance(data, dict) and data.get("game") == "paigow":
        commission = data.get("commission")
        label = QCoreApplication.translate("HistoryTableModel", "house way, commission %1%")
        rate = f"{float(commission) * 100:g}" if isinstance(commission, int | float) else "?"
        return fill(label, rate)
    try:
        rules = HouseRules.from_dict(data)
    except (ValueError, HouseRulesError):
        return rules_json
    return rules_text(rules, only_on=True, separator=", ")  # the table's words, the rules that are on


class HistoryTableModel(QAbstractTableModel):
    """One row per stored hand, oldest first (the proxy sorts)."""

    def __init__(self, store: HistoryStore | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._rows: list[HandSummary] = []
        self._labels: dict[str, str] = {}
        self.refresh()

    def refresh(self) -> None:
        """Reload from the database (after a hand was played or a file imported). Damaged rows are
        left out (``store.skipped``); a history that cannot be read at all lists nothing and
        :attr:`error` says why."""
        self.beginResetModel()
        self.error: HistoryError | None = None
        try:
            self._rows = self._store.summaries() if self._store is not None else []
        except HistoryError as exc:
            self._rows = []
            self.error = exc
        self._labels = {}
        self.endResetModel()

    def set_rows(self, rows: list[HandSummary], error: HistoryError | None = None) -> None:
        """Show ``rows`` read elsewhere (the History window reads them on a thread of its own)."""
        self.beginResetModel()
        self.error = error
        self._rows = list(rows) if error is None else []
        self._labels = {}
        self.endResetModel()

    def rows(self) -> list[HandSummary]:
        return list(self._rows)

    def summary(self, row: int) -> HandSummary:
        return self._rows[row]

    def rule_sets(self) -> list[str]:
        """The distinct house rules in the list, most played first."""
        counts: dict[str, int] = {}
        for s in self._rows:
            counts[s.house_rules] = counts.get(s.house_rules, 0) + 1
        return sorted(counts, key=lambda k: (-counts[k], k))

    def label_of(self, rules_json: str) -> str:
        if rules_json not in self._labels:
            self._labels[rules_json] = rules_label(rules_json)
        return self._labels[rules_json]

    # --- QAbstractTableModel ----------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Date"), self.tr("Game"), self.tr("Points"), self.tr("EV lost"), self.tr("Fouls"),
                    self.tr("House rules"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("When the hand was played (local time)"),
                self.tr("Chinese poker or Pai Gow"),
                self.tr("Your points against all opponents together"),
                self.tr("The solver's expected points minus your arrangement's (empty: no solver figure); "
                        "the solver's figure has an error, so an arrangement within it lost 0.00"),
                self.tr("How many problems the rules core found in your arrangement"),
                self.tr("The house rules the hand was played under"),
            )[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        s = self._rows[index.row()]
        col = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if col == "date":
                return played_at_text(s.played_at)
            if col == "game":
                return self.tr("Chinese poker") if s.game.value == "chinese" else self.tr("Pai Gow")
            if col == "points":
                return signed(s.points, None)
            if col == "ev_lost":
                return "" if s.ev_lost is None else number(shown_ev_lost(s.ev_lost))
            if col == "fouls":
                return integer(s.foul_count)
            return self.label_of(s.house_rules)
        if role == SORT_ROLE:
            values: dict[str, Any] = {
                "date": s.played_at.isoformat(), "game": s.game.value, "points": s.points,
                "ev_lost": s.ev_lost if s.ev_lost is not None else float("-inf"),
                "fouls": s.foul_count, "rules": self.label_of(s.house_rules),
            }
            return values[col]
        if role == HAND_ID_ROLE:
            return s.id
        if role == Qt.ItemDataRole.TextAlignmentRole and col in ("points", "ev_lost", "fouls"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and col == "rules":
            return self.label_of(s.house_rules)
        if role == Qt.ItemDataRole.ToolTipRole and col == "ev_lost" and s.ev_lost is not None \
                and s.ev_lost < 0:
            return fill(self.tr("The solver's figure is an estimate with an error: your arrangement scored "
                                "%1 above it, within that noise, so it lost nothing."), number(-s.ev_lost))
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class HistoryFilterProxy(QSortFilterProxyModel):
    """Sorts by value; filters fouls only / EV lost above a threshold / one set of house rules."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self._fouls_only = False
        self._min_ev_lost: float | None = None
        self._rules: str | None = None

    def set_fouls_only(self, on: bool) -> None:
        self._refilter(lambda: setattr(self, "_fouls_only", on))

    def set_min_ev_lost(self, threshold: float | None) -> None:
        """Show only hands whose EV lost is above ``threshold`` (None: no such filter)."""
        self._refilter(lambda: setattr(self, "_min_ev_lost", threshold))

    def set_rules(self, rules_json: str | None) -> None:
        self._refilter(lambda: setattr(self, "_rules", rules_json))

    def _refilter(self, change: Callable[[], None]) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.9 (invalidateFilter is deprecated there)
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            change()
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, HistoryTableModel):
            return True
        s = model.summary(source_row)
        if self._fouls_only and not s.fouled:
            return False
        if self._min_ev_lost is not None and (s.ev_lost is None or s.ev_lost <= self._min_ev_lost):
            return False
        return self._rules is None or s.house_rules == self._rules
