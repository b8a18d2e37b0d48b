"""The small items of issue 12, each reproduced first: the money in the status bar after Try
again, numbers the language's way, a ten written 10, the chart legend clear of the bars, Save PNG's
folder, Pai Gow's ties said plainly."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from history_fixtures import make_record
from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from cp_trainer.arrangement import Arrangement
from cp_trainer.cards import parse_cards
from cp_trainer.gui.app import create_window
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryStore

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
    history = window.practice.open_history()
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
    charts.canvas.draw()  # type: ignore[no-untyped-call]
    renderer = charts.canvas.get_renderer()  # type: ignore[no-untyped-call]
    legends = [(ax, legend) for ax in charts.figure.axes if (legend := ax.get_legend()) is not None]
    assert len(legends) == 2  # EV lost, points
    for ax, legend in legends:
        box = legend.get_window_extent(renderer)
        assert not box.overlaps(ax.get_window_extent(renderer))  # beside the plot, not on it
        for bar in ax.patches:
            assert not box.overlaps(bar.get_window_extent(renderer))
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
