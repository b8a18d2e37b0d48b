"""Python objects that Qt calls back stay alive as long as the Qt object they serve.

PySide frees a Python object when Python holds no reference to it, even while its C++ side
lives on under a Qt parent; PySide's own parent link does not always hold it (a dialog after
``exec()`` is no longer held by its parent). If Qt then calls one of the object's Python
overrides (``eventFilter``, ``paint``, ``data``, ``run``...), the call lands on freed memory:
"Error calling Python override of QObject::eventFilter()" at best, a segfault later at worst.

:func:`keep_alive` is the one place such an object is owned: it holds ``obj`` until ``owner``'s
C++ object is destroyed (its ``destroyed`` signal), whatever becomes of ``owner``'s Python side.
"""

from __future__ import annotations

from functools import partial

import shiboken6
from PySide6.QtCore import QObject

__all__ = ["keep_alive", "kept_owners"]

#: What each owner (by the address of its C++ object) keeps alive.
_kept: dict[int, list[object]] = {}


def _address(owner: QObject) -> int:
    return int(shiboken6.getCppPointer(owner)[0])


def _release(address: int, *_args: object) -> None:
    _kept.pop(address, None)


def keep_alive(owner: QObject, obj: object) -> None:
    """Hold ``obj`` until ``owner`` (its C++ object) is destroyed."""
    address = _address(owner)
    held = _kept.get(address)
    if held is None:
        held = _kept[address] = []
        owner.destroyed.connect(partial(_release, address))
    held.append(obj)


def kept_owners() -> set[int]:
    """The owners holding objects now, by their C++ address (for tests: a destroyed owner
    releases its own)."""
    return set(_kept)
