"""ruff and mypy --strict are clean: the suite fails otherwise. Their caches go to temporary
folders: the tests write nothing into the checkout (``./dev lint`` keeps its caches there)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def test_ruff_clean() -> None:
    paths = [p for p in ("cp_trainer", "tests", "benchmarks", "scripts") if (ROOT / p).exists()]
    res = subprocess.run([str(BIN / "ruff"), "check", "--no-cache", *paths], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_mypy_strict_clean(tmp_path: Path) -> None:
    res = subprocess.run([str(BIN / "mypy"), "--cache-dir", str(tmp_path / "mypy")], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
