"""A typed, lazy front for Numba: ``@jit`` kernels cost nothing until one is called.

Importing a solver module imports neither Numba (about 0.15 s) nor its cached kernels: ``@jit``
only records the function. The first call of any kernel imports Numba (through
:mod:`cp_trainer.solver.numba_cache`, which places its on-disk cache in a writable folder or turns
caching off),
turns *every* recorded function into a ``numba.njit(cache=True, nogil=True)`` dispatcher, and
puts the dispatchers in place of the recorded functions in the modules that hold them, so that
kernels calling kernels see dispatchers when Numba compiles them. So the command-line paths that
need no kernel (``arrange`` with greedy or standard, ``check``, ``score``, ``--help``) never load
Numba, and the kernels compile (or load from the cache) the first time they run
(``cp_trainer.solver.warm_up``, or ``python -m cp_trainer.precompile`` at set-up, does
that ahead of time).
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["cached", "is_loaded", "jit", "load_kernels"]

_lock = threading.RLock()
_recorded: list[_Kernel] = []
_loaded = False


class _Kernel:
    """A recorded kernel: calls it as its Numba dispatcher (made on first use)."""

    def __init__(self, func: Callable[..., Any]) -> None:
        self.py_func = func
        self.dispatcher: Any = None
        functools.update_wrapper(self, func)

    def __call__(self, *args: Any) -> Any:
        dispatcher = self.dispatcher
        if dispatcher is None:
            load_kernels()
            dispatcher = self.dispatcher
        return dispatcher(*args)

    def __repr__(self) -> str:
        return f"<kernel {self.py_func.__module__}.{self.py_func.__qualname__}>"


def _compile(func: Callable[..., Any]) -> Any:
    from .numba_cache import njit

    return njit(cache=True, nogil=True)(func)


def is_loaded() -> bool:
    """Have the kernels been handed to Numba in this process?"""
    return _loaded


def load_kernels() -> None:
    """Import Numba and make every recorded kernel a dispatcher (once; thread-safe)."""
    global _loaded
    with _lock:
        if _loaded:
            return
        made = {id(kernel): _compile(kernel.py_func) for kernel in _recorded}
        # The dispatchers replace the recorded kernels wherever a module holds one (also under
        # another name, after ``from .tables import sort_hand``), modules in import order, so a
        # kernel's callees are replaced before it. Only then do the recorded kernels hand out
        # their dispatchers: a call from another thread meanwhile waits on the lock, and no
        # dispatcher is compiled while a kernel it calls is still a recorded function.
        for name, module in list(sys.modules.items()):
            if not name.startswith("cp_trainer") or module is None:
                continue
            space = vars(module)
            for attr, value in list(space.items()):
                if isinstance(value, _Kernel) and id(value) in made:
                    space[attr] = made[id(value)]
        for kernel in _recorded:
            kernel.dispatcher = made[id(kernel)]
        _loaded = True


def jit(func: F) -> F:
    """``numba.njit(cache=True, nogil=True)``, made on first use (see the module docstring),
    keeping the function's static type."""
    with _lock:
        if _loaded:  # a module imported after the kernels were loaded: compile it at once
            return cast(F, _compile(func))
        kernel = _Kernel(func)
        _recorded.append(kernel)
        return cast(F, kernel)


def cached(names: tuple[str, ...]) -> bool:
    """Are the kernels called ``names`` (function names) compiled in this process, or in Numba's
    cache for their current source? False when unsure (no cache folder, an unreadable index, a
    newer Numba)."""
    from .numba_cache import caching

    kernels = {k.py_func.__name__: k for k in _recorded}
    try:
        if _loaded and all(getattr(kernels[name].dispatcher, "signatures", None) for name in names):
            return True  # compiled (or loaded) in this process already
        if not caching():
            return False
        from numba.core.caching import FunctionCache

        for name in names:
            index = FunctionCache(kernels[name].py_func)._cache_file._load_index()  # type: ignore[no-untyped-call]
            if not index:
                return False
    except Exception:  # Numba's cache internals: any surprise means "not known to be cached"
        return False
    return True
