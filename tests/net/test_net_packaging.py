"""The teaching table's page ships in the wheel and the sdist (plain files: no build step)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ("index.html", "app.js", "style.css")


def _copy_of_the_project(tmp_path: Path) -> Path:
    """The packaging inputs, copied (a build writes its egg-info beside them)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "cp_trainer", src / "cp_trainer", ignore=ignore)
    return src


def test_the_page_and_its_texts_are_in_the_wheel_and_the_sdist(tmp_path: Path) -> None:
    src = _copy_of_the_project(tmp_path)
    out = tmp_path / "dist"
    for kind in ("sdist", "wheel"):  # one build a process, as build front ends do
        script = f"import sys; from setuptools import build_meta as b; b.build_{kind}(sys.argv[1])"
        built = subprocess.run([sys.executable, "-c", script, str(out)], cwd=src, capture_output=True,
                               text=True)
        assert built.returncode == 0, built.stderr
    (wheel,) = out.glob("cp_trainer-*.whl")
    (sdist,) = out.glob("cp_trainer-*.tar.gz")
    in_wheel = set(zipfile.ZipFile(wheel).namelist())
    for name in PAGE:
        assert f"cp_trainer/resources/web/{name}" in in_wheel
    assert {"cp_trainer/resources/i18n/net.en.json", "cp_trainer/resources/i18n/net.ru.json",
            "cp_trainer/net/server.py", "cp_trainer/net/table.py"} <= in_wheel
    with tarfile.open(sdist) as tar:
        in_sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for name in PAGE:
        assert f"cp_trainer/resources/web/{name}" in in_sdist
    assert "cp_trainer/net/server.py" in in_sdist
    metadata = zipfile.ZipFile(wheel).read(next(n for n in in_wheel if n.endswith("METADATA"))).decode()
    assert "Requires-Dist: websockets" in metadata and "Requires-Dist: segno" in metadata


def test_the_server_runs_without_qt() -> None:
    """cp-trainer serve needs no display and no Qt: the table's modules never import it."""
    code = ("import sys, cp_trainer.net.server, cp_trainer.net.table, cp_trainer.net.review, "
            "cp_trainer.cli.serve; bad = sorted(m for m in sys.modules if m.startswith(('PySide6', "
            "'cp_trainer.gui'))); print(bad); sys.exit(bool(bad))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
