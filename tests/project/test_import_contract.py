"""The import contract of pyproject.toml ([tool.importlinter]), checked with import-linter.

The rules core imports neither Qt, NumPy, Numba, the solver nor the GUI; Chinese poker does not
import Pai Gow; Pai Gow's rules do not import Qt; the Drill's core imports neither Qt nor the GUI.
The real tree must keep every contract, and a planted bad import (in a copy of the package, in a
temporary folder) must break the contract it offends: proof that the check can fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

PURE_CORE = "pure-core"
NO_PAI_GOW = "chinese-poker-without-pai-gow"
PAI_GOW_NO_QT = "pai-gow-without-qt"
DRILL_NO_QT = "drill-without-qt"


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports on the package in ``tree`` with ``tree``'s pyproject.toml."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(tree)
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", str(tree / "pyproject.toml")],
        capture_output=True, text=True, cwd=tree, env=env, timeout=120,
    )


def test_the_tree_keeps_every_contract() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package and its pyproject.toml, without caches."""
    base = tmp_path_factory.mktemp("contract")
    shutil.copytree(ROOT / "cp_trainer", base / "cp_trainer",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    shutil.copy(ROOT / "pyproject.toml", base / "pyproject.toml")
    return base


# (module file, line planted at its end, the contract that must break)
PLANTS = [
    ("rules/arrangement.py", "import numpy\n", PURE_CORE),
    ("rules/cards.py", "from PySide6.QtCore import QObject\n", PURE_CORE),
    # An import inside a function counts too.
    ("rules/settlement.py", "def _late():\n    from ..solver import bots\n    return bots\n", PURE_CORE),
    ("support/i18n.py", "import cp_trainer.gui.style\n", PURE_CORE),
    # ... nor the database, directly or through the history's store
    ("rules/royalties.py", "import sqlite3\n", PURE_CORE),
    ("chinese/session.py", "from ..history.store import HistoryStore\n", PURE_CORE),
    # the Drill's session, through the record it builds
    ("history/drill_record.py", "import sqlite3\n", PURE_CORE),
    ("drill/session.py", "def _late():\n    from ..drill import analysis\n    return analysis.analyse\n",
     PURE_CORE),
    ("rules/naturals.py", "from ..paigow import cards as _pg\n", NO_PAI_GOW),
    ("solver/bots.py", "from ..paigow.hands import describe_high\n", NO_PAI_GOW),
    ("paigow/resolve.py", "import PySide6\n", PAI_GOW_NO_QT),
    ("drill/grading.py", "def _late():\n    from ..gui.drill import page\n    return page\n", DRILL_NO_QT),
]


@pytest.mark.parametrize(("module", "line", "contract"), PLANTS)
def test_a_planted_import_breaks_its_contract(pristine: Path, tmp_path: Path, module: str, line: str,
                                              contract: str) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(pristine, tree)
    with (tree / "cp_trainer" / module).open("a", encoding="utf-8") as f:
        f.write("\n\n" + line)
    result = _lint(tree)
    assert result.returncode != 0, result.stdout
    broken = [ln for ln in result.stdout.splitlines() if ln.endswith(" BROKEN")]
    names = {PURE_CORE: "The rules core imports", NO_PAI_GOW: "Chinese poker",
             PAI_GOW_NO_QT: "Pai Gow's rules", DRILL_NO_QT: "The Drill's core"}
    # (Qt in cards.py breaks Pai Gow's contract too: Pai Gow imports cards.)
    assert any(ln.startswith(names[contract]) for ln in broken), result.stdout
    dotted = "cp_trainer." + module.removesuffix(".py").replace("/", ".")
    assert dotted in result.stdout  # the report names the offending module


# What import-linter cannot see: a package's __init__ runs whenever one of its modules is
# imported, so cp_trainer.history's own imports reach every module that imports history.record.
#: the packages of the rules core (and the Drill's session): every module of each
CORE_PACKAGES = ["rules", "chinese", "practice", "support"]
HEAVY = ["sqlite3", "cp_trainer.history.store", "PySide6", "numpy", "numba", "cp_trainer.solver"]


def test_importing_the_core_loads_neither_the_database_nor_the_heavy_libraries() -> None:
    code = ("import importlib, pkgutil, sys\n"
            f"for p in {CORE_PACKAGES!r}:\n"
            "    pkg = importlib.import_module('cp_trainer.' + p)\n"
            "    for m in pkgutil.iter_modules(pkg.__path__, pkg.__name__ + '.'):\n"
            "        importlib.import_module(m.name)\n"
            "importlib.import_module('cp_trainer.drill.session')\n"
            f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                            cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_the_history_package_still_offers_every_name() -> None:
    import cp_trainer.history as history

    for name in history.__all__:
        assert getattr(history, name) is not None
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = history.no_such_name
