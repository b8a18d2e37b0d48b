"""The contrast maths of tests/gui/contrast.py against WCAG's own figures, and its measuring."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from tests.gui.contrast import AA_TEXT, contrast_ratio, luminance, painted_contrast, text_contrasts


@pytest.mark.parametrize(("a", "b", "ratio"), [
    ("#000000", "#ffffff", 21.0),
    ("#ffffff", "#000000", 21.0),  # the order does not matter
    ("#777777", "#ffffff", 4.48),  # WCAG's classic just-below-AA grey
    ("#767676", "#ffffff", 4.54),  # ... and the lightest grey that passes
    ("#ff0000", "#ffffff", 4.00),
    ("#0000ff", "#ffffff", 8.59),
    ("#808080", "#808080", 1.0),
])
def test_contrast_ratio_matches_wcag(a: str, b: str, ratio: float) -> None:
    assert contrast_ratio(a, b) == pytest.approx(ratio, abs=0.01)


def test_luminance_ends_and_middle() -> None:
    assert luminance("#000000") == 0.0
    assert luminance("#ffffff") == pytest.approx(1.0)
    assert luminance("#808080") == pytest.approx(0.2159, abs=1e-4)  # sRGB's curve, not 128/255


def test_painted_contrast_finds_background_and_ink() -> None:
    image = QImage(20, 10, QImage.Format.Format_RGB32)
    image.fill(QColor("#efefef"))
    for x in range(3, 6):
        image.setPixelColor(x, 5, QColor("#ffffff"))  # white "text" on light grey
        image.setPixelColor(x, 6, QColor("#c0c0c0"))
    found = painted_contrast(image, image.rect())
    assert found is not None
    background, ink, ratio = found
    assert background.name() == "#efefef" and ink.name() == "#c0c0c0"  # the farthest of the two
    assert ratio < AA_TEXT


def test_text_contrasts_flags_white_on_grey_and_passes_black(qtbot: QtBot) -> None:
    root = QWidget()
    qtbot.addWidget(root)
    layout = QVBoxLayout(root)
    bad, good = QLabel("unreadable", root), QLabel("readable", root)
    bad.setStyleSheet("color: #ffffff;")
    good.setStyleSheet("color: #000000;")
    layout.addWidget(bad)
    layout.addWidget(good)
    root.setStyleSheet("background: #efefef;")
    root.show()
    qtbot.waitExposed(root)
    found = {m.widget.split(" ", 1)[1]: m.ratio for m in text_contrasts(root)}
    assert found["'unreadable'"] < 1.2
    assert found["'readable'"] > 15
