"""The window's one signed-number formatter, in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.numbers import MINUS, points, signed
from cp_trainer.gui.translation import install_language


@pytest.fixture
def russian(qapp: QApplication) -> Iterator[None]:
    install_language(qapp, "ru")
    yield
    install_language(qapp, "en")


def test_signed_in_english(qapp: QApplication) -> None:
    assert [signed(0.413), signed(-1.5), signed(0.001), signed(-0.004)] == [
        "+0.41", "\u22121.50", "0.00", "0.00"]
    assert [signed(0.4136, 3), signed(6, 0), signed(-1200, 0), signed(0, 0)] == [
        "+0.414", "+6", "\u22121,200", "0"]
    assert [signed(2.5, None), signed(-4, None), signed(0, None)] == ["+2.5", "\u22124", "0"]
    assert points(-1, signed=True) == "\u22121 point" and points(2, signed=True) == "+2 points"


def test_signed_in_russian(russian: None) -> None:
    assert [signed(0.413), signed(-1200, 0), signed(2.5, None)] == ["+0,41", "\u22121\u00a0200", "+2,5"]


def test_ties_round_away_from_zero_as_the_spin_boxes_do(qapp: QApplication) -> None:
    assert [signed(0.125), signed(-0.125), signed(0.0625, 3), signed(2.5, 0)] == [
        "+0.13", "\u22120.13", "+0.063", "+3"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_signed_writes_the_digits_qlocale_writes(qapp: QApplication, lang: str) -> None:
    install_language(qapp, lang)
    try:
        loc = QLocale(lang)
        for x in [0.125, 2.5, 123456.5, 999.995, 1234.5678, 1e7, 1e-9, -0.0, 7 / 3, -1234567.891]:
            for digits in (None, 0, 1, 2, 3):
                form, places = ("g", 6) if digits is None else ("f", digits)
                text = loc.toString(abs(x), form, places)
                expected = text if text == loc.toString(0.0, form, places) else (
                    (loc.positiveSign() if x > 0 else MINUS) + text)
                assert signed(x, digits) == expected, (x, digits)
    finally:
        install_language(qapp, "en")
