"""Plain work on a daemon thread whose result comes back on the GUI thread, the thread holding
no reference to the window that asked.

Why not :class:`cp_trainer.gui.worker.Worker`: a History import may wait up to two minutes for
another program's write lock, and a thread pool makes the application wait for it on exit; a
daemon thread does not. Why not a signal of the window itself: a thread that emits on the
window has to hold the window, and when the window is closed meanwhile that thread may drop its
last Python reference, which destroys the window's C++ object on the thread, not the GUI
thread — a crash (the History window closed right after an export, say).

So the thread holds only ``work`` (which must hold no Qt object either: paths, names, numbers)
and the one :func:`relay`, a ``QObject`` made on the GUI thread that is never destroyed. Its
:attr:`Relay.arrived` carries ``(ticket, outcome)``: ``ticket`` is what :func:`start_thread`
returned, ``outcome`` the work's result or the exception it raised (a value, never a crash). A
window connects ``relay().arrived`` to one of its own methods (queued to the GUI thread, and
dropped by Qt once the window is destroyed) and keeps the tickets it asked for.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

__all__ = ["Relay", "outcome_of", "relay", "start_thread"]


class Relay(QObject):
    """Carries results from the worker threads to the GUI thread (see the module)."""

    arrived = Signal(int, object)  # (ticket, outcome)


_relay: Relay | None = None
_lock = threading.Lock()
_tickets = itertools.count(1)


def relay() -> Relay:
    """The one relay, made on the first call (from the GUI thread) and never destroyed."""
    global _relay
    with _lock:
        if _relay is None:
            _relay = Relay()
        return _relay


def outcome_of(work: Callable[[], object]) -> object:
    """``work()``'s result, or the exception it raised (shown by the caller, never a crash)."""
    try:
        return work()
    except Exception as exc:
        return exc


def start_thread(name: str, work: Callable[[], object]) -> int:
    """Run ``work`` on a daemon thread called ``name``; return its ticket. Its outcome arrives as
    ``relay().arrived(ticket, outcome)`` on the GUI thread. ``work`` must hold no Qt object."""
    with _lock:
        ticket = next(_tickets)
    target = relay()

    def run() -> None:
        target.arrived.emit(ticket, outcome_of(work))

    threading.Thread(target=run, name=name, daemon=True).start()
    return ticket
