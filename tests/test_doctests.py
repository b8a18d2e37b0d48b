"""The examples in the rules core's docstrings run as tests (and so stay true).

Only the pure core is collected here: its modules import no Qt, so running their doctests never
starts a GUI. Each module must hold at least one example, so that one dropped by mistake shows.
"""

from __future__ import annotations

import doctest
import importlib

import pytest

CORE_MODULES = (
    "cp_trainer.cards",
    "cp_trainer.frozen",
    "cp_trainer.i18n",
    "cp_trainer.strength",
    "cp_trainer.arrangement",
    "cp_trainer.arrangement_text",
    "cp_trainer.settlement",
    "cp_trainer.house_rules",
    "cp_trainer.board",
    "cp_trainer.session",
    "cp_trainer.lesson_reasons",
    "cp_trainer.bot_names",
    "cp_trainer.paigow.session",
    "cp_trainer.drill.session",
)


@pytest.mark.parametrize("name", CORE_MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             raise_on_error=False, report=True)
    assert result.attempted > 0, f"{name} has no docstring examples"
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
