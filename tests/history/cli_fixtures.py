"""What the history's command-line tests share: running a command and looking at the files."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from hypothesis import strategies as st

from cp_trainer.cli import main
from cp_trainer.history import HistoryStore
from tests.history_fixtures import make_record

__all__ = ["JSON_VALUES", "digest", "hist", "lines_of", "listing", "run", "seed"]

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main([*argv, "--lang", "en"] if argv[0] in ("stats", "history") else list(argv))
    except SystemExit as exc:  # argparse's own refusals
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return status, out, err


def hist(capsys: pytest.CaptureFixture[str], tmp_path: Path, action: str, target: Path | str,
         *extra: str, data: str = "D") -> tuple[int, str, str]:
    """``cp-trainer history ACTION [EXTRA] --data-dir tmp_path/DATA TARGET``."""
    return run(capsys, "history", action, *extra, "--data-dir", str(tmp_path / data), str(target))


def seed(folder: Path, n: int = 3) -> Path:
    with HistoryStore.open(folder) as store:
        for i in range(n):
            store.add(make_record(i))
    return folder / "history.sqlite3"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()
