"""Game → Host a teaching table…: the window hosts, one real Chromium and two protocol
clients play ten deals beside a bot; the dialog shows the link, the code, a QR code, the seats,
and at the showdown every hand with the solver's review of each person, in the window's
language; the hands are in the window's history."""

from __future__ import annotations

import gc
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cp_trainer.cli import main as cli_main
from cp_trainer.gui.teaching import TeachingDialog
from cp_trainer.gui.translation import install_language
from cp_trainer.history import HistoryStore
from tests.gui.window_fixtures import make_window
from tests.net_fixtures import Client
from tests.net_game import chromium, play_game

DEALS = 10


@pytest.mark.slow
def test_the_window_hosts_ten_deals(qtbot: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "history"
    window = make_window(qtbot, tmp_path, data_dir=str(data))
    action = window.teaching.action
    assert action in window.game_menu.actions() and action.text() == "Host a &teaching table…"
    action.trigger()
    dialog = window.teaching.dialog
    assert isinstance(dialog, TeachingDialog) and dialog.isVisible()
    dialog._review_samples = 40
    dialog.seats_spin.setValue(4)
    dialog.bots_spin.setValue(1)
    line = dialog.start(host="127.0.0.1")
    assert line["url"].startswith("ws://127.0.0.1:") and line["seats"] == 4
    assert not dialog.qr_label.pixmap().isNull()
    assert line["code"] in dialog.code_label.text() and line["page"] in dialog.link_label.text()
    gc.collect()  # every object Qt calls back is owned by Python (a freed one would crash here)

    result: dict[str, Any] = {}

    def game() -> None:
        try:
            with chromium(tmp_path / "profile", width=1280, height=900) as driver:  # a desktop
                result["seen"], result["outs"] = play_game(driver, line["url"], line["page"], DEALS,
                                                                 line["code"])
        except BaseException as exc:
            result["error"] = exc

    thread = threading.Thread(target=game, daemon=True)
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=240_000)
    if "error" in result:
        raise result["error"]
    showdowns = result["outs"][0]["showdowns"]
    assert [sd["deal"] for sd in showdowns] == list(range(1, DEALS + 1))
    for sd in showdowns:
        capsys.readouterr()
        assert cli_main(["score", "--json", *[h["arrangement"] for h in sd["hands"]]]) == 0
        score = json.loads(capsys.readouterr().out)
        assert sd["points"] == score["points"] and sd["pairs"] == score["pairs"]

    # the teacher's view: every seat, the last showdown, and the solver's review of each person
    qtbot.waitUntil(lambda: dialog.showdown is not None and dialog.showdown["deal"] == DEALS
                    and len(dialog.reviews) == 3, timeout=60_000)
    text = dialog.table_view.toPlainText()
    for name in ("Chromium", "Client 0", "Client 1"):
        assert name in text
    assert f"Showdown of deal {DEALS}" in text and text.count("Solver:") == 3
    assert [s["set"] for s in dialog.seats] == [True] * 4

    install_language(QApplication.instance(), "ru")
    assert dialog.windowTitle() == "Учебный стол"
    assert "Вскрытие" in dialog.table_view.toPlainText() and "Солвер" in dialog.table_view.toPlainText()
    assert window.teaching.action.text() == "Открыть &учебный стол…"
    install_language(QApplication.instance(), "en")

    dialog.close()  # closing the dialog closes the table
    assert not dialog.hosting
    window.practice.recorder.writer.flush(10)
    with HistoryStore.open(data) as store:
        assert len(store.hands()) == 3 * DEALS


def test_deal_now_gives_the_empty_seats_to_bots(qtbot: Any, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, data_dir=str(tmp_path / "history"))
    window.teaching.action.trigger()
    dialog = window.teaching.dialog
    assert dialog is not None
    dialog.seats_spin.setValue(3)
    line = dialog.start(host="127.0.0.1")
    try:
        assert not dialog.fill_button.isEnabled()  # nobody there yet
        client = Client(line["url"])
        client.join("Ann", code=line["code"])
        qtbot.waitUntil(dialog.fill_button.isEnabled, timeout=10_000)
        qtbot.mouseClick(dialog.fill_button, Qt.MouseButton.LeftButton)
        deal = client.wait("deal", 30)
        assert deal["deal"] == 1 and deal["seat"] == 0
        state = client.wait("table", 10, lambda m: m["phase"] == "setting")
        assert [s["bot"] for s in state["seats"]] == [False, True, True]
        qtbot.waitUntil(lambda: not dialog.fill_button.isEnabled(), timeout=10_000)
        client.close()
    finally:
        dialog.close()
