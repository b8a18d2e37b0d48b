"""Cards as large as the room allows: the one search every page sizes its cards with.

A page knows how to show its cards at a height (``apply``) and whether its content then fits
its room (``fits``); :func:`largest_fitting` finds the largest height between a floor and a
ceiling that fits, in about log2(range / step) layout passes rather than one pass per step, and
leaves the page showing it. Whether a height fits is assumed to fall with the height (larger
cards never take less room); a page that does not fit even at the floor is left at the floor,
the least its cards may be.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["largest_fitting", "widest_fitting"]


def largest_fitting(high: int, low: int, apply: Callable[[int], None], fits: Callable[[], bool],
                    step: int = 2) -> int:
    """The largest of ``high``, ``high - step``, … down to ``low`` at which ``fits()`` holds once
    ``apply(height)`` has run; ``low`` if none does. ``apply`` is last called with the height
    returned, so the page shows it.

    >>> shown = []
    >>> largest_fitting(100, 20, shown.append, lambda: shown[-1] <= 57)
    56
    >>> shown[-1]
    56
    >>> largest_fitting(100, 20, shown.append, lambda: False), shown[-1]
    (20, 20)
    """
    if step <= 0:
        raise ValueError(f"step must be positive, not {step}")
    if high <= low:
        apply(low)
        return low
    apply(high)
    if fits():
        return high
    # heights as steps below high: 0 does not fit; find the fewest steps that fit
    bad, good = 0, -(-(high - low) // step)
    at = -1
    while good - bad > 1:
        mid = (bad + good) // 2
        at = max(low, high - mid * step)
        apply(at)
        if fits():
            good = mid
        else:
            bad = mid
    height = max(low, high - good * step)
    if at != height:
        apply(height)
    return height


def widest_fitting(high: int, low: int, fits: Callable[[int], bool], step: int = 2) -> int:
    """The largest of ``high``, ``high - step``, … down to ``low`` for which ``fits(height)``
    holds, ``low`` if none: for a measure that needs no layout (cards across a known width).

    >>> widest_fitting(100, 20, lambda h: h * 13 <= 800)
    60
    """
    chosen: list[int] = []
    return largest_fitting(high, low, chosen.append, lambda: fits(chosen[-1]), step)
