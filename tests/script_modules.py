"""Load one of the project's ``scripts/`` as a module (they are not a package), for the tests
that check what a script builds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str) -> ModuleType:
    """``scripts/NAME.py`` run as the module ``_script_NAME`` (registered in ``sys.modules``, so
    its dataclasses and pickles resolve)."""
    spec = importlib.util.spec_from_file_location(f"_script_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
