"""The examples in the rules core's docstrings run as tests (and so stay true).

The packages of the pure core and the games' rules are collected here, every module of each: they
import no Qt, so running their doctests never starts a GUI. Each package must hold examples, so
that a package whose examples were all dropped by mistake shows.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

#: the packages whose docstring examples run here: every module of each (none imports Qt)
CORE_PACKAGES = ("cp_trainer.rules", "cp_trainer.chinese", "cp_trainer.practice", "cp_trainer.support",
                 "cp_trainer.paigow", "cp_trainer.drill")


def _modules(package: str) -> list[str]:
    found = importlib.import_module(package)
    return [package, *sorted(m.name for m in pkgutil.iter_modules(found.__path__, package + "."))]


CORE_MODULES = tuple(name for package in CORE_PACKAGES for name in _modules(package))


@pytest.mark.parametrize("name", CORE_MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             raise_on_error=False, report=True)
    assert result.failed == 0, f"{result.failed} of {name}'s docstring examples failed (see the output)"


def test_a_wrong_example_fails() -> None:
    # The runner used above reports a wrong example as a failure (it is not silently skipped).
    def wrong() -> None:
        """
        >>> 1 + 1
        3
        """

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(verbose=False)
    for test in finder.find(wrong, "wrong", globs={}):
        runner.run(test, out=lambda _text: None)
    assert runner.summarize(verbose=False).failed == 1


@pytest.mark.parametrize("package", CORE_PACKAGES)
def test_each_package_has_examples(package: str) -> None:
    finder = doctest.DocTestFinder()
    examples = sum(len(test.examples) for name in _modules(package)
                   for test in finder.find(importlib.import_module(name)))
    assert examples > 0, f"{package} has no docstring examples"
