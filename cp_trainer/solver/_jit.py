"""A typed front for Numba: ``@jit`` compiles on first call, caches to disk, releases the GIL.

Numba is imported here only, so modules that merely import the solver package stay light; the
kernels compile the first time they run (``cp_trainer.solver.warm_up`` does that in a worker).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])


def jit(func: F) -> F:
    """``numba.njit(cache=True, nogil=True)`` keeping the function's static type."""
    return cast(F, numba.njit(cache=True, nogil=True)(func))
