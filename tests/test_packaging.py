"""The built wheel carries resources/ and works from any working directory."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(out), str(ROOT)],
        capture_output=True, text=True, cwd=out,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = out.glob("cp_trainer-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cp_trainer/_resources/i18n/core.en.json" in names
    assert "cp_trainer/_resources/i18n/core.ru.json" in names
    assert "cp_trainer/py.typed" in names  # PEP 561: the package's annotations are its types
    target = out / "site"
    inst = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
         str(wheel)],
        capture_output=True, text=True, cwd=out,
    )
    assert inst.returncode == 0, inst.stderr
    return target


def _run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(site), LANG="C.UTF-8")
    return subprocess.run([sys.executable, *args], capture_output=True, text=True,
                          cwd=site.parent, env=env)


def test_wheel_finds_its_resources_from_elsewhere(installed: Path) -> None:
    res = _run(installed, "-c",
               "import cp_trainer, cp_trainer.resources as r; print(cp_trainer.__file__); "
               "print(r.resources_dir())")
    assert res.returncode == 0, res.stderr
    module_file, resources = res.stdout.split()
    assert module_file.startswith(str(installed))
    assert resources.startswith(str(installed))
    assert (Path(resources) / "i18n" / "core.ru.json").is_file()


def test_wheel_command_line_runs(installed: Path) -> None:
    res = _run(installed, "-m", "cp_trainer", "--help")
    assert res.returncode == 0, res.stderr
    assert "cp-trainer" in res.stdout
