"""Progress figures from the history: EV lost per hand, foul rate per 100 hands, points per hand.

Pure functions over :class:`~cp_trainer.history.store.HandSummary`-like rows (anything with
``played_at``, ``points``, ``ev_lost`` and ``fouled``), oldest first. The charts and
``cp-trainer stats`` use the same :func:`compute_stats`, so they always show the same figures.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

__all__ = ["FOUL_WINDOW", "HistoryStats", "SeriesPoint", "compute_stats"]

DEFAULT_WINDOW = 20  # hands in the EV-lost moving average
MAX_WINDOW = 1_000_000_000  # a window beyond the history is the whole history; beyond this, a typo
FOUL_WINDOW = 100  # foul rate is "per 100 hands": over the last 100 hands


class HandLike(Protocol):
    @property
    def played_at(self) -> datetime: ...
    @property
    def points(self) -> float: ...
    @property
    def ev_lost(self) -> float | None: ...
    @property
    def fouled(self) -> bool: ...


@dataclass(frozen=True)
class SeriesPoint:
    """The figures after hand number ``n`` (1-based)."""

    n: int
    played_at: datetime
    points: float
    ev_lost: float | None
    ev_lost_avg: float | None  # moving average over the last `window` hands with a known EV
    foul_rate_per_100: float  # fouls per 100 hands over the last FOUL_WINDOW hands
    points_per_hand: float  # running mean of points since the first hand


@dataclass(frozen=True)
class HistoryStats:
    hands: int
    window: int
    points_total: float
    points_per_hand: float | None
    fouls: int
    foul_rate_per_100: float | None
    hands_with_ev: int
    ev_lost_per_hand: float | None  # mean over all hands with a known EV
    ev_lost_recent: float | None  # the moving average's last value
    series: tuple[SeriesPoint, ...]

    def to_dict(self, *, series: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hands": self.hands,
            "points_total": _round(self.points_total),
            "points_per_hand": _round(self.points_per_hand),
            "fouls": self.fouls,
            "foul_rate_per_100": _round(self.foul_rate_per_100),
            "hands_with_ev": self.hands_with_ev,
            "ev_lost_per_hand": _round(self.ev_lost_per_hand),
            "ev_lost_moving_average": _round(self.ev_lost_recent),
            "moving_average_window": self.window,
        }
        if series:
            data["series"] = [
                {"n": p.n, "played_at": p.played_at.isoformat(), "points": p.points,
                 "ev_lost": _round(p.ev_lost), "ev_lost_avg": _round(p.ev_lost_avg),
                 "foul_rate_per_100": _round(p.foul_rate_per_100),
                 "points_per_hand": _round(p.points_per_hand)}
                for p in self.series
            ]
        return data


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def compute_stats(hands: Sequence[HandLike], window: int = DEFAULT_WINDOW) -> HistoryStats:
    """The figures over ``hands`` in one pass: linear in the number of hands whatever ``window``."""
    if not 1 <= window <= MAX_WINDOW:
        raise ValueError(f"moving-average window must be from 1 to {MAX_WINDOW:,} hands, got {window}")
    series: list[SeriesPoint] = []
    # Running sums over the last `window` EV figures and the last FOUL_WINDOW hands: adding the new
    # value and taking off the one leaving keeps every step O(1). The EV sum is recomputed now and
    # then so float rounding cannot build up.
    recent_ev: deque[float] = deque()
    recent_ev_sum = 0.0
    recent_fouls: deque[bool] = deque()
    recent_foul_count = 0
    points_total = 0.0
    fouls = 0
    ev_sum = 0.0
    ev_n = 0
    for n, hand in enumerate(hands, start=1):
        points_total += hand.points
        fouls += hand.fouled
        recent_fouls.append(hand.fouled)
        recent_foul_count += hand.fouled
        if len(recent_fouls) > FOUL_WINDOW:
            recent_foul_count -= recent_fouls.popleft()
        lost = hand.ev_lost
        if lost is not None:
            recent_ev.append(lost)
            recent_ev_sum += lost
            if len(recent_ev) > window:
                recent_ev_sum -= recent_ev.popleft()
            ev_sum += lost
            ev_n += 1
            if ev_n % 4096 == 0:
                recent_ev_sum = math.fsum(recent_ev)
        series.append(SeriesPoint(
            n=n, played_at=hand.played_at, points=hand.points, ev_lost=lost,
            ev_lost_avg=recent_ev_sum / len(recent_ev) if recent_ev else None,
            foul_rate_per_100=100.0 * recent_foul_count / len(recent_fouls),
            points_per_hand=points_total / n,
        ))
    count = len(series)
    return HistoryStats(
        hands=count,
        window=window,
        points_total=points_total,
        points_per_hand=points_total / count if count else None,
        fouls=fouls,
        foul_rate_per_100=100.0 * fouls / count if count else None,
        hands_with_ev=ev_n,
        ev_lost_per_hand=ev_sum / ev_n if ev_n else None,
        ev_lost_recent=series[-1].ev_lost_avg if series else None,
        series=tuple(series),
    )
