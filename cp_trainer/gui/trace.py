"""An opt-in window-state trace for tools that drive the real window (the soak test).

``CP_TRAINER_TRACE=PATH`` makes the running window write, a few times a second, what it shows
to ``PATH`` (JSON, replaced whole each time so a reader never sees half of it): a sequence number
that grows while the event loop answers (a heartbeat: if it stops, the window hangs), the page,
the phase of the deal, the language, the widget keys go to, and every visible top-level window
with the screen rectangles of its named widgets, its menu bar and any open menu. A driver
sending real X events (``xdotool``) reads it to find what to click and to wait for the window's
state instead of sleeping. ``CP_TRAINER_TRACE_GC=1`` also collects garbage before each snapshot (the young
generations; all of them every two seconds, or every time with ``CP_TRAINER_TRACE_GC=full``), so a
Python object that Qt still calls after Python freed it fails at once instead of hours later.
``CP_TRAINER_TRACE_MS`` sets the period (default 150 ms).

Nothing of this runs unless the variable is set; it never changes what the window does.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from typing import Any

from PySide6.QtCore import QObject, QPoint, QRect, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QMenuBar,
    QMessageBox,
    QSpinBox,
    QTabBar,
    QWidget,
)

__all__ = ["ENV_GC", "ENV_PERIOD", "ENV_TRACE", "StateTrace", "install_trace"]

ENV_TRACE = "CP_TRAINER_TRACE"
ENV_GC = "CP_TRAINER_TRACE_GC"
ENV_PERIOD = "CP_TRAINER_TRACE_MS"
#: item views with more rows than this list only their first ones (the history table)
MAX_ITEMS = 40
#: how often ``CP_TRAINER_TRACE_GC`` runs a full collection (the young generations: every tick)
FULL_GC_SECONDS = 2.0

Rect = list[int]


def _rect(widget: QWidget) -> Rect | None:
    """The visible part of ``widget`` in screen coordinates, or None when none of it shows."""
    region = widget.visibleRegion()
    if region.isEmpty():
        return None
    box = region.boundingRect()
    top_left = widget.mapToGlobal(box.topLeft())
    return [top_left.x(), top_left.y(), box.width(), box.height()]


def _global(widget: QWidget, box: QRect) -> Rect:
    top_left = widget.mapToGlobal(QPoint(box.x(), box.y()))
    return [top_left.x(), top_left.y(), box.width(), box.height()]


def _button_key(button: QAbstractButton) -> str | None:
    """A standard dialog button's key ("std:Ok", "std:Yes"…), the same in every language."""
    parent = button.parentWidget()
    while parent is not None:
        if isinstance(parent, QMessageBox):
            return f"std:{parent.standardButton(button).name}"
        if isinstance(parent, QDialogButtonBox):
            return f"std:{parent.standardButton(button).name}"
        if parent.isWindow():
            return None
        parent = parent.parentWidget()
    return None


def _entry(w: QWidget, rect: Rect) -> dict[str, Any]:
    """What the trace records of one visible widget: its class, place, state and text."""
    entry: dict[str, Any] = {"cls": type(w).__name__, "rect": rect, "enabled": w.isEnabled()}
    if isinstance(w, QAbstractButton):
        entry["text"] = w.text()
        if w.isCheckable():
            entry["checked"] = w.isChecked()
    elif isinstance(w, QLabel):
        entry["text"] = w.text()[:200]
    elif isinstance(w, QComboBox):
        entry["index"] = w.currentIndex()
        entry["count"] = w.count()
        entry["text"] = w.currentText()
    elif isinstance(w, QSpinBox):
        entry["value"] = w.value()
        entry["range"] = [w.minimum(), w.maximum()]
    elif isinstance(w, QAbstractSpinBox):
        entry["text"] = w.text()
    if isinstance(w, QAbstractItemView) and w.model() is not None:
        model = w.model()
        viewport = w.viewport()
        items: list[Rect] = []
        for row in range(min(model.rowCount(), MAX_ITEMS)):
            box = w.visualRect(model.index(row, 0))
            if box.isValid() and viewport.rect().intersects(box):
                items.append(_global(viewport, box.intersected(viewport.rect())))
        entry["rows"] = model.rowCount()
        entry["items"] = items
    if isinstance(w, QTabBar):
        entry["tabs"] = [_global(w, w.tabRect(i)) for i in range(w.count())]
        entry["index"] = w.currentIndex()
    return entry


class StateTrace(QObject):
    """Writes the window's state to ``path`` every ``period_ms`` (see the module's text)."""

    def __init__(self, window: QWidget, path: str, *, collect: bool = False, full_gc: bool = False,
                 period_ms: int = 150) -> None:
        super().__init__(window)
        self.full_gc = full_gc
        self.window = window
        self.path = path
        self.collect = collect
        self.seq = 0
        self._full_gc = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(period_ms)
        self._timer.timeout.connect(self.tick)
        self._timer.start()

    def tick(self) -> None:
        started = time.monotonic()
        if self.collect:
            # the young generations each time (a cycle just dropped is freed at once), all of
            # them every FULL_GC_SECONDS (a full collection is slow on a heap holding NumPy and Numba)
            if self.full_gc or started - self._full_gc >= FULL_GC_SECONDS:
                gc.collect()
                self._full_gc = started
            else:
                gc.collect(1)
        collected = time.monotonic()
        self.seq += 1
        try:
            state = self.snapshot()
            state["time"] = started  # what was sent before this tick began is handled in it
            state["gc_ms"] = round((collected - started) * 1000, 1)
            state["snapshot_ms"] = round((time.monotonic() - collected) * 1000, 1)
        except RuntimeError as exc:  # a widget deleted between two lines: the next tick sees it gone
            state = {"seq": self.seq, "pid": os.getpid(), "error": str(exc)}
        tmp = f"{self.path}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(state, f, ensure_ascii=False)
            os.replace(tmp, self.path)
        except OSError as exc:
            print(f"cp-trainer: {ENV_TRACE}: cannot write {self.path}: {exc.strerror or exc}; "
                  "the trace stops", file=sys.stderr)
            self._timer.stop()

    # --- what is shown ----------------------------------------------------------------------------

    def _action_names(self) -> dict[int, str]:
        """Each QAction and QMenu held by the window (or its practice and drill parts) under the
        attribute's name, for actions Qt knows by no object name."""
        names: dict[int, str] = {}
        owners: list[object] = [self.window]
        for attr in ("practice", "drill"):
            part = getattr(self.window, attr, None)
            if part is not None:
                owners.append(part)
                menu = getattr(part, "menu", None)
                if menu is not None:
                    owners.append(menu)
        for owner in owners:
            for attr, value in vars(owner).items():
                if isinstance(value, QAction | QMenu):
                    names.setdefault(id(value), attr)
        return names

    def _action_key(self, action: QAction, names: dict[int, str]) -> str:
        menu = action.menu()
        if isinstance(menu, QMenu):
            return menu.objectName() or names.get(id(menu), "") or action.text()
        return action.objectName() or names.get(id(action), "") or action.text()

    def _widgets(self, top: QWidget) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for w in top.findChildren(QWidget):
            if not w.isVisible() or w.window() is not top:
                continue
            key = w.objectName()
            if isinstance(w, QAbstractButton) and not key:
                key = _button_key(w) or ""
            if not key or (key.startswith("qt_") and not isinstance(w, QTabBar)):
                continue
            rect = _rect(w)
            if rect is None:
                continue
            entry = _entry(w, rect)
            if key in found:
                n = 2
                while f"{key}#{n}" in found:
                    n += 1
                key = f"{key}#{n}"
            found[key] = entry
        return found

    def _menubar(self, bar: QMenuBar, names: dict[int, str]) -> list[dict[str, Any]]:
        return [{"key": self._action_key(a, names), "text": a.text(), "enabled": a.isEnabled(),
                 "rect": _global(bar, bar.actionGeometry(a))}
                for a in bar.actions() if a.isVisible() and not a.isSeparator()]

    def _menu(self, menu: QMenu, names: dict[int, str]) -> dict[str, Any]:
        return {"key": menu.objectName() or names.get(id(menu), ""), "rect": _rect(menu),
                "actions": [{"key": self._action_key(a, names), "text": a.text(), "enabled": a.isEnabled(),
                             "checked": a.isChecked(), "rect": _global(menu, menu.actionGeometry(a))}
                            for a in menu.actions() if a.isVisible() and not a.isSeparator()]}

    def snapshot(self) -> dict[str, Any]:
        from cp_trainer.gui.translation import current_language

        win = self.window
        names = self._action_names()
        controller = getattr(win, "controller", None)
        state: dict[str, Any] = {"seq": self.seq, "pid": os.getpid(), "time": time.monotonic(),
                                 "lang": current_language(), "title": win.windowTitle()}
        if controller is not None:
            state["phase"] = controller.phase.name
            state["criss_cross"] = bool(controller.setup.criss_cross)
            state["hand_index"] = controller.hand_index
            state["deals"] = controller.session.deals  # a new deal is told from a redrawn old one
            state["hands"] = len(controller.player_cards)
            state["opponents"] = len(controller.opponent_cards)
        pages = getattr(win, "pages", None)
        if pages is not None:
            current = pages.currentWidget()
            state["page"] = ("paigow" if current is getattr(win, "paigow", None)
                             else "chinese" if current is getattr(win, "chinese_page", None) else "drill")
        panel = getattr(win, "solver_panel", None)
        if panel is not None:
            state["solving"] = panel.is_running()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        modal = app.activeModalWidget()
        active = app.activeWindow()
        popup = app.activePopupWidget()
        # a menu with its actions, or a combo box's open list (Space on a focused combo box opens
        # it, and Return then chooses in the list instead of pressing the dialog's default button)
        if isinstance(popup, QMenu):
            state["popup"] = self._menu(popup, names)
        elif popup is not None:
            state["popup"] = {"key": popup.objectName() or type(popup).__name__, "rect": _rect(popup),
                              "actions": []}
        else:
            state["popup"] = None
        # the widget keys go to: a player who pressed Tab knows whether Space opens a list
        focus = app.focusWidget()
        state["focus"] = (None if focus is None else
                          {"key": focus.objectName() or type(focus).__name__, "cls": type(focus).__name__})
        windows = []
        for top in app.topLevelWidgets():
            if not top.isVisible() or isinstance(top, QMenu) or top.windowType().name == "ToolTip":
                continue
            if type(top).__name__ in ("QTipLabel", "QComboBoxPrivateContainer"):
                continue
            entry: dict[str, Any] = {"key": top.objectName() or type(top).__name__, "cls": type(top).__name__,
                                     "title": top.windowTitle(), "winid": int(top.winId()),
                                     "rect": _global(top, top.rect()), "modal": top is modal,
                                     "active": top is active, "widgets": self._widgets(top)}
            bar = top.findChild(QMenuBar)
            if isinstance(bar, QMenuBar) and bar.window() is top and bar.isVisible():
                entry["menubar"] = self._menubar(bar, names)
            if isinstance(top, QMessageBox):
                entry["text"] = top.text()[:300]
            windows.append(entry)
        state["windows"] = windows
        return state


#: the running traces: Qt calls their timers' slot for as long as the window lives, so Python holds them
_RUNNING: list[StateTrace] = []


def install_trace(window: QWidget) -> StateTrace | None:
    """Start the trace when ``CP_TRAINER_TRACE`` asks for it (None otherwise)."""
    path = os.environ.get(ENV_TRACE, "")
    if not path:
        return None
    raw = os.environ.get(ENV_PERIOD, "") or "150"
    try:
        period = int(raw)
        if not 10 <= period <= 60_000:
            raise ValueError
    except ValueError:
        print(f"cp-trainer: {ENV_PERIOD} must be a whole number of milliseconds from 10 to 60000, "
              f"not {raw!r}; using 150", file=sys.stderr)
        period = 150
    collect = os.environ.get(ENV_GC, "") not in ("", "0")
    full = os.environ.get(ENV_GC) == "full"
    trace = StateTrace(window, path, collect=collect, full_gc=full, period_ms=period)
    _RUNNING.append(trace)
    return trace
