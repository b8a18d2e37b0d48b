"""The window's status bar after a settings change mid deal: its texts whole or shortened after a
whole word (never cut in one), its message gone with the deal it spoke of and on another page;
and the banner after a surrender says what the screen shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.status_bar import ElidingStatusBar
from cp_trainer.rules.house_rules import HouseRules
from tests.gui.window_fixtures import make_sized_window, make_window, settle, surrender_hand

ELLIPSIS = "…"


@pytest.fixture(autouse=True)
def _english_after(qapp: Any) -> Iterator[None]:
    yield
    from cp_trainer.gui.translation import install_language

    install_language(qapp, "en")


def _cut_at_a_word(shown: str, whole: str) -> bool:
    """``shown`` is ``whole``, or a start of it that ends at a word's end, then "…"."""
    if shown == whole:
        return True
    if not shown.endswith(ELLIPSIS):
        return False
    start = shown[:-1].rstrip(" ·,;:—-")
    return bool(start) and whole.startswith(start) and whole[len(start)] in " ·,;:—-)"


def _bar(window: MainWindow) -> ElidingStatusBar:
    bar = window.statusBar()
    assert isinstance(bar, ElidingStatusBar)
    return bar


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_the_status_bar_never_cuts_a_word(qtbot: Any, tmp_path: Path, size: tuple[int, int],
                                          lang: str) -> None:
    window = make_sized_window(qtbot, tmp_path, size, opponents=1, criss_cross=True, lang=lang)
    window.apply_settings(window.values.replace(house_rules=HouseRules(surrender=True), bot="expert"))
    settle()
    bar = _bar(window)
    message = bar.currentMessage()
    assert "Крисс" in message if lang == "ru" else "Criss Cross" in message, message
    assert _cut_at_a_word(bar.shown_message(), message), bar.shown_message()
    for label in (window.table.rules_label, window.table.next_rules_label):
        assert _cut_at_a_word(label.shown_text(), label.full_text()), label.shown_text()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_settings_message_goes_with_its_deal(qtbot: Any, tmp_path: Path, lang: str) -> None:
    window = make_window(qtbot, tmp_path)
    if lang == "ru":
        window.set_language("ru")
    bar = _bar(window)
    window.apply_settings(window.values.replace(opponents=3))
    assert ("раздача" if lang == "ru" else "this deal") in bar.currentMessage(), bar.currentMessage()
    window.deal_action.trigger()
    assert bar.currentMessage() == ""
    window.apply_settings(window.values.replace(opponents=2))
    assert bar.currentMessage()
    window.show_drill()
    assert bar.currentMessage() == ""
    window.show_chinese()
    window.apply_settings(window.values.replace(opponents=1))  # the deal has 3
    assert bar.currentMessage()
    window.show_paigow()
    assert bar.currentMessage() == ""


@pytest.mark.parametrize(("lang", "false", "true"), [
    ("en", "not shown", "not compared"), ("ru", "не открываются", "не сравниваются")])
def test_the_surrender_banner_says_what_the_screen_shows(qtbot: Any, tmp_path: Path, lang: str,
                                                        false: str, true: str) -> None:
    window = make_window(qtbot, tmp_path)
    if lang == "ru":
        window.set_language("ru")
    surrender_hand(window)
    text = window.table.banner.text()
    assert false not in text and true in text, text
    assert ("не считаются" if lang == "ru" else "not scored") in text, text
