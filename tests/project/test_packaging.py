"""The built wheel carries resources/ and works from any working directory; one version number;
the linters pinned; the sdist carries the docs and tests it needs and passes them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


APP_ID = "io.github.cp_trainer.CpTrainer"
#: the desktop files every install carries, as resources/ holds them
DESKTOP_FILES = [f"desktop/{APP_ID}.desktop", f"desktop/{APP_ID}.metainfo.xml",
                 f"desktop/icons/hicolor/scalable/apps/{APP_ID}.svg",
                 *(f"desktop/icons/hicolor/{n}x{n}/apps/{APP_ID}.png"
                   for n in (16, 24, 32, 48, 64, 128, 256, 512))]


IGNORED = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", "*.egg-info", "build", "dist",
                                 ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache")


def _copy_of_the_project(tmp: Path) -> Path:
    """The checkout, copied: a build writes build/ and egg-info beside its inputs, and the tests
    write only inside temporary folders (two workers building in the checkout's one build/ also
    collided: "File exists: build/bdist...")."""
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=IGNORED)
    return src


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    src = _copy_of_the_project(out)
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", str(out), str(src)],
        capture_output=True, text=True, cwd=out,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = out.glob("cp_trainer-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cp_trainer/resources/i18n/core.en.json" in names
    assert "cp_trainer/resources/i18n/core.ru.json" in names
    assert "cp_trainer/py.typed" in names  # PEP 561: the package's annotations are its types
    # the desktop entry, its icon and the AppStream metainfo (cp-trainer desktop install)
    assert {f"cp_trainer/resources/{name}" for name in DESKTOP_FILES} <= set(names)
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
               "import cp_trainer, cp_trainer.support.resources as r; print(cp_trainer.__file__); "
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


def test_the_wheel_has_the_gui_script_and_puts_the_launcher_in_place(installed: Path, tmp_path: Path) -> None:
    """The wheel declares cp-trainer-gui beside cp-trainer, and its ``desktop install`` writes an
    entry whose command opens this very install, here without PYTHONPATH (a --target install)."""
    (dist_info,) = installed.glob("cp_trainer-*.dist-info")
    entry_points = (dist_info / "entry_points.txt").read_text(encoding="utf-8")
    assert "[gui_scripts]\ncp-trainer-gui = cp_trainer.cli.gui:gui_main" in entry_points
    assert "[console_scripts]\ncp-trainer = cp_trainer.cli:main" in entry_points
    env = dict(os.environ, PYTHONPATH=str(installed), LANG="C.UTF-8", XDG_DATA_HOME=str(tmp_path / "share"))
    res = subprocess.run([sys.executable, "-m", "cp_trainer", "desktop", "install"], capture_output=True,
                         text=True, env=env, cwd=tmp_path, timeout=120)
    assert res.returncode == 0, res.stderr
    entry = (tmp_path / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"PYTHONPATH={installed.resolve()} " in entry  # the folder holding the package
    ask = "import json; from cp_trainer.support.desktop import launcher; print(json.dumps(launcher()))"
    command = json.loads(subprocess.run([sys.executable, "-c", ask], capture_output=True, text=True,
                                        env=env, cwd=tmp_path, timeout=60, check=True).stdout)
    bare = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    opened = subprocess.run([*command, "--help"], capture_output=True, text=True, env=bare, cwd=tmp_path,
                            timeout=60)
    assert opened.returncode == 0 and opened.stdout.startswith("usage: cp-trainer gui"), opened.stderr
    for name in DESKTOP_FILES:
        rel = name.removeprefix("desktop/").replace(f"{APP_ID}.desktop", f"applications/{APP_ID}.desktop")
        rel = rel.replace(f"{APP_ID}.metainfo.xml", f"metainfo/{APP_ID}.metainfo.xml")
        assert (tmp_path / "share" / rel).is_file(), rel


# --- one version number ------------------------------------------------------------------------

def test_one_version_number_everywhere(installed: Path) -> None:
    """cp_trainer.__version__ is the only place the version is written: pyproject.toml reads it
    (dynamic), the wheel's metadata carries it, and ``--version`` prints it."""
    import cp_trainer

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "cp_trainer.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", cp_trainer.__version__)
    (dist_info,) = installed.glob("cp_trainer-*.dist-info")
    metadata = (dist_info / "METADATA").read_text(encoding="utf-8")
    assert f"\nVersion: {cp_trainer.__version__}\n" in metadata
    assert dist_info.name == f"cp_trainer-{cp_trainer.__version__}.dist-info"
    res = _run(installed, "-m", "cp_trainer", "--version")
    assert res.returncode == 0, res.stderr
    assert res.stdout == f"cp-trainer {cp_trainer.__version__}\n"
    # no other file of the package or its build writes a version of its own
    pattern = re.compile(r"""(__version__|\bversion)\s*=\s*["']\d""")
    writers = [p.relative_to(ROOT).as_posix()
               for p in [ROOT / "pyproject.toml", *(ROOT / "cp_trainer").rglob("*.py")]
               if pattern.search(p.read_text(encoding="utf-8"))]
    assert writers == ["cp_trainer/__init__.py"]


def test_the_metadata_has_its_licence_and_classifiers(installed: Path) -> None:
    (dist_info,) = installed.glob("cp_trainer-*.dist-info")
    metadata = (dist_info / "METADATA").read_text(encoding="utf-8")
    assert "\nLicense-Expression: MIT\n" in metadata
    assert "Classifier: Programming Language :: Python :: 3.11" in metadata
    assert "Classifier: Typing :: Typed" in metadata
    licence = next(dist_info.rglob("LICENSE")).read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and licence == (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_the_linters_are_pinned() -> None:
    """A new release of a linter cannot turn the suite red: ruff, mypy and import-linter are
    pinned exactly in the test extra, and the installed ones are the pinned ones."""
    from importlib.metadata import version

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]["test"]
    for tool in ("ruff", "mypy", "import-linter"):
        (pin,) = [r for r in extra if re.match(rf"{tool}\b(?!-)", r)]
        name, pinned = pin.split("==")
        assert name == tool and re.fullmatch(r"[\d.]+", pinned), pin
        assert version(tool) == pinned, f"{tool} {version(tool)} is installed, {pinned} is pinned"


# --- the sdist -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def unpacked_sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist built from a copy of the project (a build writes beside its inputs), unpacked."""
    tmp = tmp_path_factory.mktemp("sdist")
    src = _copy_of_the_project(tmp)
    script = "import sys; from setuptools import build_meta as b; print(b.build_sdist(sys.argv[1]))"
    built = subprocess.run([sys.executable, "-c", script, str(tmp / "dist")], cwd=src,
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (sdist,) = (tmp / "dist").glob("cp_trainer-*.tar.gz")
    with tarfile.open(sdist) as tar:
        # extractall's filter arrived in Python 3.11.4; Debian 12's own Python is 3.11.2
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tmp / "unpacked", filter="data")
        else:  # our own sdist, just built
            tar.extractall(tmp / "unpacked")
    (top,) = (tmp / "unpacked").iterdir()
    return top


def test_the_sdist_carries_the_docs_tests_and_licence(unpacked_sdist: Path) -> None:
    for name in ("LICENSE", "CHANGELOG.md", "README.md", "dev", "MANIFEST.in"):
        assert (unpacked_sdist / name).is_file(), name
    for name in DESKTOP_FILES:
        assert (unpacked_sdist / "cp_trainer" / "resources" / name).is_file(), name
    for folder in ("docs", "tests", "scripts", "benchmarks"):
        wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}
        shipped = {p.relative_to(unpacked_sdist).as_posix() for p in (unpacked_sdist / folder).rglob("*")
                   if p.is_file()}
        assert wanted - shipped == set(), f"missing from the sdist: {sorted(wanted - shipped)[:10]}"
        assert not any("__pycache__" in name or name.endswith(".pyc") for name in shipped)


def test_every_readme_link_is_a_file_of_the_sdist(unpacked_sdist: Path) -> None:
    """The README's links are relative (the project has no public host): each one resolves
    inside the unpacked sdist, so they work wherever the sdist is read."""
    readme = (unpacked_sdist / "README.md").read_text(encoding="utf-8")
    links = [t for t in re.findall(r"\]\(([^)\s]+)\)", readme) if not t.startswith(("#", "http"))]
    assert "docs/RULES.md" in links and "docs/house-rules.sample.toml" in links
    missing = [t for t in links if not (unpacked_sdist / t.split("#")[0]).exists()]
    assert missing == []


def test_the_sdist_passes_its_own_tests_that_read_docs(unpacked_sdist: Path) -> None:
    """The tests that read docs/ (the house-rules sample, the docs' wording) pass inside the
    unpacked sdist, against the sdist's own copy of the package."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(unpacked_sdist)
    which = subprocess.run([sys.executable, "-c", "import cp_trainer; print(cp_trainer.__file__)"],
                           cwd=unpacked_sdist, env=env, capture_output=True, text=True)
    assert Path(which.stdout.strip()).is_relative_to(unpacked_sdist), which.stdout + which.stderr
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "tests/rules/test_house_rules_file.py", "tests/support/test_catalog_wording.py"],
                         cwd=unpacked_sdist, env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-2000:]
    assert " passed" in res.stdout and "skipped" not in res.stdout
