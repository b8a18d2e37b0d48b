"""``--data-dir`` on ``cp-trainer gui`` and on ``cp-trainer`` with no command reaches the window."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.cli import main
from cp_trainer.gui import app


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def fake_run_app(**kw: Any) -> int:
        calls.append(kw)
        return 0

    monkeypatch.setattr(app, "run_app", fake_run_app)
    return calls


def test_gui_takes_the_data_dir(opened: list[dict[str, Any]], tmp_path: Path) -> None:
    assert main(["gui", "--data-dir", str(tmp_path)]) == 0
    assert opened[-1]["data_dir"] == str(tmp_path)


def test_no_command_takes_the_data_dir_too(opened: list[dict[str, Any]], tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path)]) == 0
    assert opened[-1]["data_dir"] == str(tmp_path)
    assert main([]) == 0
    # the default, resolved (and checked) before the window opens: $CP_TRAINER_DATA_DIR here
    assert opened[-1]["data_dir"] == os.environ["CP_TRAINER_DATA_DIR"]


def test_the_top_level_data_dir_reaches_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(tmp_path / "h"), "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["database"] == str(tmp_path / "h" / "history.sqlite3")
    assert not (tmp_path / "h").exists()  # stats only reads: it creates no database


def test_help_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^0$"):
        main(["gui", "--help"])
    assert "--data-dir DIR" in capsys.readouterr().out
