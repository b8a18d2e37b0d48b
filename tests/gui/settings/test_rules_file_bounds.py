"""Settings → *Load house rules…* with a file that has no bounds: nested 1,000 deep,
a FIFO nobody writes to, a device. The window shows one message and keeps its settings; it
never crashes, recurses without end or waits."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import TrainerSettings


@pytest.mark.parametrize("kind", ["array 1,000 deep", "inline table 500 deep", "20,000 dotted parts",
                                  "fifo", "/dev/zero"])
def test_loading_an_unbounded_rules_file_is_one_message(kind: str, qtbot: QtBot, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "club.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "/dev/zero":
        path = Path(kind)
    else:
        path.write_text({"array 1,000 deep": "system = " + "[" * 1000 + "]" * 1000,
                         "inline table 500 deep": "system = " + "{a = " * 500 + "1" + "}" * 500,
                         "20,000 dotted parts": "[" + ".".join(["a"] * 20_000) + "]"}[kind] + "\n",
                        encoding="utf-8")
    shown: list[str] = []

    def warning(parent: QWidget, title: str, text: str, *_: Any) -> QMessageBox.StandardButton:
        shown.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Ok

    def open_name(parent: QWidget, caption: str, folder: str, filters: str) -> tuple[str, str]:
        return str(path), filters.split(";;")[0]

    monkeypatch.setattr(QMessageBox, "warning", warning)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_name)
    dialog = SettingsDialog(TrainerSettings(language="en"))
    qtbot.addWidget(dialog)
    before = dialog.values()
    assert dialog.load_rules_file() is False
    assert len(shown) == 1 and str(path) in shown[0]
    if kind in ("fifo", "/dev/zero"):
        assert "is not a regular file" in shown[0]
    else:
        assert "line 1: nested more than 16 deep" in shown[0]
    assert dialog.values() == before
