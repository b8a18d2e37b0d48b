"""The one search every page sizes its cards with."""

from __future__ import annotations

import pytest

from cp_trainer.gui.cards.fitting import largest_fitting, widest_fitting


@pytest.mark.parametrize("limit", [20, 21, 22, 57, 99, 100, 150])
def test_largest_fitting_finds_the_largest_step_that_fits(limit: int) -> None:
    shown: list[int] = []
    got = largest_fitting(100, 20, shown.append, lambda: shown[-1] <= limit)
    steps = [h for h in range(100, 19, -2) if h <= limit]
    assert got == (steps[0] if steps else 20)
    assert shown[-1] == got  # the page is left showing what was found
    assert len(shown) <= 8  # a bisection: log2(40) + 2 layout passes, not one per step


def test_largest_fitting_stays_at_the_floor_when_nothing_fits() -> None:
    shown: list[int] = []
    assert largest_fitting(100, 30, shown.append, lambda: False) == 30
    assert shown[-1] == 30


def test_largest_fitting_with_an_odd_range_never_goes_below_the_floor() -> None:
    shown: list[int] = []
    assert largest_fitting(101, 20, shown.append, lambda: shown[-1] <= 20) == 20
    assert min(shown) == 20


def test_a_ceiling_under_the_floor_gives_the_floor() -> None:
    shown: list[int] = []
    assert largest_fitting(10, 20, shown.append, lambda: True) == 20
    assert shown == [20]


def test_a_step_must_be_positive() -> None:
    with pytest.raises(ValueError, match="step must be positive, not 0"):
        largest_fitting(100, 20, lambda h: None, lambda: True, step=0)


def test_widest_fitting_measures_without_layout() -> None:
    assert widest_fitting(120, 30, lambda h: h * 13 <= 800) == 60
    assert widest_fitting(120, 30, lambda h: h * 13 <= 800, step=4) == 60
    assert widest_fitting(120, 30, lambda h: False) == 30
