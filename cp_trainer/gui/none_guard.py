"""Work around PySide6 6.12 under-counting None (and True / False) on Python 3.11.

With PySide6 6.12 on Python 3.11, each call of a Qt method that returns nothing (``setText``,
``setEnabled``, ``setChecked``, ...) gives back ``None`` without taking a new reference to it, so
``sys.getrefcount(None)`` falls by one per call; some paths do the same with ``True`` and
``False``. From Python 3.12 these objects are immortal (PEP 683) and this is harmless; on 3.11 the
count reaches zero after some thousands of calls (a few hundred deals in the trainer, or a test
run) and the process aborts with "Fatal Python error: none_dealloc: deallocating None" (or
``bool_dealloc``).

:func:`protect_singletons` gives these objects a reference count no program can use up — what
3.12 does for every interpreter. ``cp_trainer.gui`` calls it on import, before any widget exists.
Remove this once the project needs Python >= 3.12 or a PySide6 without the bug.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["RESERVE", "SINGLETONS", "protect_singletons"]

RESERVE = 1 << 40  # references held on behalf of PySide6
SINGLETONS: tuple[object, ...] = (None, True, False, Ellipsis, NotImplemented)


def protect_singletons() -> int:
    """Top up the reference counts of None, True, False, ... on CPython < 3.12 (release builds).

    Returns how many counts it raised (0 on Python >= 3.12, or when they are still high).
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return 0
    if hasattr(sys, "gettotalrefcount"):  # a debug build lays out objects differently
        return 0
    raised = 0
    for obj in SINGLETONS:
        count = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt: an object's first field
        if count.value < RESERVE // 2:
            count.value += RESERVE
            raised += 1
    return raised
