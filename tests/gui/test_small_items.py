"""Small things the window gets right: the money in the status bar after Try
again, numbers the language's way, a ten written 10, the chart legend clear of the bars, Save PNG's
folder, Pai Gow's ties said plainly."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from cp_trainer.gui.app import create_window
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.numbers import integer, number, signed
from cp_trainer.gui.practice.hand_html import card_keys
from cp_trainer.gui.practice.history_model import COLUMNS
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.solver.bridge import SolveCancelled, SolverAnswer, SolverQuestion
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryStore
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from tests.gui.history_wait import open_and_wait
from tests.history_fixtures import make_record

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")


@pytest.fixture(autouse=True)
def english_after(qapp: QApplication) -> Iterator[None]:
    yield
    install_language(qapp, "en")


def _window(qtbot: QtBot, tmp_path: Path, *, point_value: float = 1.0, solve: bool = False) -> MainWindow:
    s = Settings(tmp_path / "settings.ini")
    values = s.values.replace(bot="greedy", solver_samples=400)
    s.save(values.replace(house_rules=replace(values.house_rules, point_value=point_value)))
    w = create_window(deal=DEAL, seed=5, lang="en", settings=s, data_dir=str(tmp_path / "data"))
    qtbot.addWidget(w)
    w.table.reveal_delay_ms = 0
    w.table.confirm = lambda question: True
    if not solve:
        w.solver_panel.start = lambda request: None  # type: ignore[method-assign]
    w.show()
    return w


def test_the_money_stays_in_the_status_bar_after_try_again(qtbot: QtBot, tmp_path: Path) -> None:
    # A hand played at 1 a point, then the point made worth 2.5: the session has money now. Trying
    # the old hand again plays it at its own rules (no money in them): the session's money must
    # stay in the status bar, before and after that hand's showdown.
    window = _window(qtbot, tmp_path)
    c = window.controller
    score = window.table.score_label
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert c.set_hand() is not None
    assert "money:" not in score.text()  # no money at 1 a point
    assert window.practice.recorder.writer.flush(10)
    values = window.settings.values
    window.apply_settings(values.replace(house_rules=replace(values.house_rules, point_value=2.5)))
    c.new_deal(DEAL)
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert c.set_hand() is not None
    money = c.session_money
    assert money != 0 and "money:" in score.text()
    history = open_and_wait(window.practice)
    assert history is not None
    history.select_row(history.proxy.rowCount() - 1)  # the first hand, at 1 a point
    history.try_again_button.click()
    assert c.retry_of is not None and c.setup.rules.point_value == 1
    assert "money:" in score.text()
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert c.set_hand() is not None
    assert "money:" in score.text() and score.isVisible()


def _history(qtbot: QtBot, tmp_path: Path, settings: QSettings | None = None) -> HistoryWindow:
    store = HistoryStore.open(tmp_path / "db")
    if not store.summaries():
        for i in range(12):
            store.add(make_record(i, fouled=i % 4 == 1, ev=(0.5, 0.1 * i)))
    window = HistoryWindow(store, None, settings)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    return window


def test_the_chart_legends_cover_no_bar_and_no_point(qtbot: QtBot, tmp_path: Path) -> None:
    window = _history(qtbot, tmp_path)
    charts = window.charts
    assert charts.stats.hands == 12
    charts.canvas.draw()
    renderer = charts.canvas.get_renderer()
    legends = [(ax, legend) for ax in charts.figure.axes if (legend := ax.get_legend()) is not None]
    assert len(legends) == 2  # EV lost, points
    for ax, legend in legends:
        box = legend.get_window_extent(renderer)
        assert not box.overlaps(ax.get_window_extent(renderer))  # beside the plot, not on it
        for bar in ax.patches:
            assert not box.overlaps(bar.get_window_extent(renderer))
        for bars in ax.collections:  # the points chart's bars: one collection of rectangles
            for bar_path in bars.get_paths():
                assert not box.overlaps(bar_path.get_extents(bars.get_transform()))
        for line in ax.lines:
            assert not box.overlaps(line.get_window_extent(renderer))


def test_save_png_opens_in_pictures_then_where_it_saved_last(qtbot: QtBot, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    (home / "Pictures").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_PICTURES_DIR", str(home / "Pictures"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    asked: list[str] = []
    target = tmp_path / "charts" / "mine.png"
    target.parent.mkdir()

    def answer(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        asked.append(start)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = _history(qtbot, tmp_path, settings)
    pictures = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.PicturesLocation)
    assert Path(pictures) == home / "Pictures"
    window.save_png_button.click()
    assert Path(asked[0]).parent == home / "Pictures"  # not the program's working folder
    assert target.read_bytes()[:4] == b"\x89PNG"
    window.save_png_button.click()
    assert Path(asked[1]).parent == target.parent  # where it saved last
    again = _history(qtbot, tmp_path, QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    again.save_png_button.click()
    assert Path(asked[2]).parent == target.parent  # remembered in the settings file


def test_numbers_are_written_the_languages_way_as_in_settings(qtbot: QtBot, tmp_path: Path) -> None:
    # the solver's text writes "100,000" as Settings does: both the chosen language's way.
    window = _window(qtbot, tmp_path, solve=False)
    panel = window.solver_panel

    def until_cancelled(_request: SolverQuestion, _progress: Callable[[int, int], None],
                        cancelled: Callable[[], bool]) -> SolverAnswer:
        while not cancelled():
            time.sleep(0.005)
        raise SolveCancelled

    panel.solve_fn = until_cancelled
    del panel.start  # the real start again (it writes the status line); the solve waits for Cancel
    values = window.settings.values.replace(solver_samples=100_000)
    window.apply_settings(values)
    dialog = SettingsDialog(values)
    qtbot.addWidget(dialog)
    spin = dialog.findChild(QAbstractSpinBox, "samplesSpin")
    assert spin is not None
    point = dialog.findChild(QAbstractSpinBox, "pointValueSpin")
    assert point is not None
    for lang, grouped, one in (("en", "100,000", "1.00"), ("ru", "100\u00a0000", "1,00")):
        window.set_language(lang)
        assert grouped in spin.text() and point.text() == one
        window.hint()
        assert grouped in panel.status.text(), panel.status.text()
        panel.cancel()
    # a negative number takes the typographic minus (U+2212), never a hyphen
    assert number(-1234.5, 2) == "\u22121\u00a0234,50" and signed(0.95) == "+0,95"
    assert signed(-1200, 0) == "\u22121\u00a0200" and signed(-0.5) == "\u22120,50"
    window.set_language("en")
    assert integer(100_000) == "100,000" and signed(0.95) == "+0.95" and signed(-0.001) == "0.00"
    assert integer(-5) == "\u22125" and number(-0.25) == "\u22120.25"


def test_a_ten_is_written_10_as_the_cards_show_it(qtbot: QtBot, tmp_path: Path) -> None:
    # The pictures say "10"; the texts said "T": the solver's text, the hindsight, the
    # history's detail, the bots' card tips. The command line keeps "T" (a contract).
    window = _window(qtbot, tmp_path, solve=True)
    window.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
    assert window.controller.set_hand() is not None
    qtbot.waitUntil(lambda: window.solver_panel.answer is not None and not window.solver_panel.is_running(),
                    timeout=60_000)
    panel = window.solver_panel
    solver_texts = " ".join((panel.status.text(), panel.figures.text(), panel.hindsight.text()))
    assert "10♦" in solver_texts and "T♦" not in solver_texts
    tips = [lab.toolTip() for seat in window.table._seats for labels in seat.card_labels for lab in labels]
    assert all(not tip.startswith("T") for tip in tips) and any(tip.startswith("10") for tip in tips)
    assert window.practice.recorder.writer.flush(10)
    history = open_and_wait(window.practice)
    assert history is not None
    history.select_row(0)
    detail = history.detail.toPlainText()
    assert "10♦" in detail and "T♦" not in detail
    assert parse_cards("Td")[0].pretty() == "T♦"  # the command line's notation is unchanged


def test_the_history_writes_numbers_and_tens_the_languages_way(qtbot: QtBot, tmp_path: Path) -> None:
    window = _history(qtbot, tmp_path)
    window.select_row(0)
    ev_lost = window.proxy.index(0, COLUMNS.index("ev_lost"))
    assert "." in window.proxy.data(ev_lost)
    install_language(None, "ru")
    assert "," in window.proxy.data(ev_lost) and "." not in window.proxy.data(ev_lost)
    window.select_row(0)
    detail = window.detail.toPlainText()
    assert "10♦" in detail and "T♦" not in detail  # the cards as dealt
    # the bots' hands (Tc, Th, Ts in the record) are pictures: the card art writes 10
    assert "Tc" in card_keys(window.detail.toHtml()) and window.detail.images


def test_the_chart_ticks_are_written_the_languages_way(qtbot: QtBot, tmp_path: Path) -> None:
    window = _history(qtbot, tmp_path)
    install_language(None, "ru")
    charts = window.charts
    charts.canvas.draw()
    ev_axis = charts.figure.axes[0]
    ticks = [t.get_text() for t in ev_axis.get_yticklabels() if t.get_text()]
    assert any("," in t for t in ticks) and not any("." in t for t in ticks), ticks
    hands = [t.get_text() for t in charts.figure.axes[2].get_xticklabels() if t.get_text()]
    assert hands and all(t.lstrip("-").isdigit() for t in hands), hands  # whole hands
    charts.set_hands([make_record(0)])  # one hand: still whole hands, not 0.6 ... 1.4
    charts.canvas.draw()
    hands = [t.get_text() for t in charts.figure.axes[2].get_xticklabels() if t.get_text()]
    assert hands and all(t.lstrip("-").isdigit() for t in hands), hands
