"""Both processor cores for the solver: a kernel's work split into ranges run side by side.

The kernels release the GIL (``nogil``), so plain threads run them in parallel; the calling
thread takes one range itself. Threads, not Numba's ``parallel=True``: its default threading
layer aborts the process when two threads (the window's Hint and its warm-up, say) launch
parallel kernels at once, and it compiles several times slower.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

__all__ = ["WORKERS", "ranges", "run_ranges"]



def _cores() -> int:
    """Processor cores this process may run on (its affinity, else the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


#: threads a kernel's work is split over (the processor cores, at most 4)
WORKERS = max(1, min(4, _cores()))

_pool: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=max(1, WORKERS - 1), thread_name_prefix="cp-solver")
        return _pool


def ranges(n: int, least: int) -> list[tuple[int, int]]:
    """``[0, n)`` in up to :data:`WORKERS` nearly equal ranges of at least ``least`` items."""
    parts = max(1, min(WORKERS, n // max(least, 1)))
    bounds = [n * i // parts for i in range(parts + 1)]
    return [(bounds[i], bounds[i + 1]) for i in range(parts)]


def run_ranges(work: Callable[[int, int], None], n: int, least: int) -> None:
    """Call ``work(lo, hi)`` for the ranges of :func:`ranges`, side by side; the last one in this
    thread. Exceptions are raised here, after every range has finished."""
    parts = ranges(n, least)
    if len(parts) == 1:
        work(*parts[0])
        return
    pool = _executor()
    futures: list[Future[None]] = [pool.submit(work, lo, hi) for lo, hi in parts[:-1]]
    try:
        work(*parts[-1])
    finally:
        for f in futures:
            f.result()
