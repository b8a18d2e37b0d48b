"""The history window: filters through its widgets, a past hand in detail, try again, files, charts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.history import HistoryStore
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from tests.history_fixtures import DEAL, make_record


def _window(qtbot: QtBot, store: HistoryStore) -> HistoryWindow:
    window = HistoryWindow(store)
    qtbot.addWidget(window)
    return window


def _seeded(tmp_path: Path) -> HistoryStore:
    store = HistoryStore.open(tmp_path / "db")
    store.add(make_record(0, ev=(0.5, 0.45)))
    store.add(make_record(1, fouled=True, ev=(0.3, -2.0)))
    store.add(make_record(2, ev=(1.0, 0.2), rules=HouseRules(system=ScoringSystem.ONE_SIX)))
    return store


def test_filters_from_the_widgets(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, _seeded(tmp_path))
    assert window.proxy.rowCount() == 3
    window.fouls_only.setChecked(True)
    assert window.proxy.rowCount() == 1
    window.fouls_only.setChecked(False)
    window.threshold.setValue(0.5)
    window.costly.setChecked(True)
    assert window.proxy.rowCount() == 2
    window.threshold.setValue(1.0)
    assert window.proxy.rowCount() == 1
    window.costly.setChecked(False)
    assert window.rules_box.count() == 3  # all, 2-4, 1-6
    index = next(i for i in range(1, 3) if "1-6" in window.rules_box.itemText(i))
    window.rules_box.setCurrentIndex(index)
    assert window.proxy.rowCount() == 1
    window.rules_box.setCurrentIndex(0)
    assert window.proxy.rowCount() == 3


def test_a_past_hand_in_detail_and_try_again(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, _seeded(tmp_path))
    window.fouls_only.setChecked(True)
    window.select_row(0)
    text = window.detail.toPlainText()
    assert "pair of aces is stronger than middle" in text  # the core's explanation
    assert "greedy" in text and "standard" in text  # the bots' hands
    assert "Solver’s arrangement" in text and "2.30" in text and "2.300" not in text
    assert window.try_again_button.isEnabled()
    with qtbot.waitSignal(window.tryAgain) as blocker:
        window.try_again_button.click()
    assert sorted(blocker.args[0]) == sorted(parse_cards(DEAL))


def test_export_import_and_a_bad_file(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, _seeded(tmp_path))
    out = tmp_path / "h.jsonl"
    assert window.export_to(out)
    assert "Exported 3 hands" in window.status.text()
    other = _window(qtbot, HistoryStore.open(tmp_path / "other"))
    assert other.import_from(out) and other.proxy.rowCount() == 3
    lines = out.read_text(encoding="utf-8").splitlines()
    lines[2] = json.dumps({**json.loads(lines[2]), "game": "bridge"})
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    empty = _window(qtbot, HistoryStore.open(tmp_path / "third"))
    assert not empty.import_from(out)  # the damaged line is named and skipped, the others imported
    assert "line 3" in empty.status.text() and "Imported 2 hands" in empty.status.text()
    assert empty.proxy.rowCount() == 2


def test_export_over_an_existing_file_asks_first(qtbot: QtBot, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window = _window(qtbot, _seeded(tmp_path))
    notes = tmp_path / "notes.jsonl"
    notes.write_text("my notes\n", encoding="utf-8")
    asked: list[str] = []

    def refuse(path: str) -> bool:
        asked.append(path)
        return False

    monkeypatch.setattr(window, "confirm_replace", refuse)
    assert not window.export_to(notes)
    assert asked == [str(notes)] and notes.read_text(encoding="utf-8") == "my notes\n"
    assert "kept as it is" in window.status.text()
    monkeypatch.setattr(window, "confirm_replace", lambda path: True)
    assert window.export_to(notes)
    assert len(notes.read_text(encoding="utf-8").splitlines()) == 3
    link = tmp_path / "link.jsonl"
    link.symlink_to(notes)
    assert not window.export_to(link)  # never through a link, even when the user would agree
    assert "symbolic link" in window.status.text() and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db", "link.jsonl", "notes.jsonl"]


def test_charts_are_drawn_and_saved_as_png(qtbot: QtBot, tmp_path: Path) -> None:
    window = _window(qtbot, _seeded(tmp_path))
    assert window.charts.stats.hands == 3
    assert "Hands: 3" in window.charts.summary_label.text()
    png = tmp_path / "progress.png"
    window.charts.save_png(png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    empty = _window(qtbot, HistoryStore.open(tmp_path / "empty"))
    assert empty.charts.stats.hands == 0 and not empty.charts.canvas.isVisibleTo(empty.charts)


def test_a_garbage_database_is_announced(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"garbage" * 100)
    window = _window(qtbot, HistoryStore.open(tmp_path))
    assert window.notice.isVisibleTo(window)
    assert "unreadable" in window.notice.text()


def test_in_the_background_the_window_shows_before_the_hands_are_read(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The History window is never an empty frame while the database is read and the charts
    are built (both off the GUI thread). Behind a gate the loader thread cannot read: the window is
    shown, says it is reading, and its event loop runs; the charts are not built until their
    tab is shown; opening the gate fills the list."""
    import threading

    from cp_trainer.gui.practice import history_window

    store = _seeded(tmp_path)
    gate, asked = threading.Event(), threading.Event()
    real = history_window.read_summaries

    def gated(folder: Path, filename: str) -> object:
        asked.set()
        assert gate.wait(30)
        return real(folder, filename)

    monkeypatch.setattr(history_window, "read_summaries", gated)
    window = HistoryWindow(store, background=True)
    qtbot.addWidget(window)
    window.refresh()
    window.show()
    qtbot.waitExposed(window)
    assert asked.wait(10)  # the loader thread is waiting at the gate, the window is up
    qtbot.wait(20)  # the event loop runs meanwhile
    assert window.isVisible() and window.is_loading()
    assert window.proxy.rowCount() == 0
    assert window.status.text() == "Reading the history…"
    assert not window.charts_built()  # nothing drawn for a tab not shown
    gate.set()
    qtbot.waitUntil(lambda: not window.is_loading(), timeout=10_000)
    assert window.proxy.rowCount() == 3 and window.status.text() == ""
    window.tabs.setCurrentIndex(1)  # the Progress tab: its charts now, with the hands read
    qtbot.waitUntil(window.charts_built, timeout=30_000)
    assert window.charts.stats.hands == 3


def test_a_read_asked_again_meanwhile_wins(qtbot: QtBot, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Two reads in flight (a hand stored while the first was read): only the newer is shown."""
    from cp_trainer.gui.practice import history_window

    store = _seeded(tmp_path)
    window = HistoryWindow(store, background=True)
    qtbot.addWidget(window)
    window.refresh()
    first = window._reading
    window.refresh()
    window._read_done(first, ([], 0))  # the older answer comes last: dropped too
    assert window.is_loading()
    qtbot.waitUntil(lambda: not window.is_loading(), timeout=10_000)
    assert window.proxy.rowCount() == 3
    assert history_window.read_summaries is not None
