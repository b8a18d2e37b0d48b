"""./dev mutate (scripts/mutate.py): every module it names exists with its tests, and its count of
mutmut's verdicts is right (on a results file made here, in a temporary folder)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.script_modules import load_script

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mutate() -> ModuleType:
    return load_script("mutate")


def test_every_listed_module_and_its_tests_exist(mutate: ModuleType) -> None:
    # every module of the mutated packages (or the ones named for a package), named by its package
    for package in mutate.PACKAGES:
        modules = {p.stem for p in (ROOT / "cp_trainer" / package).glob("*.py")} - {"__init__"}
        if package in mutate.ONLY_MODULES:
            assert set(mutate.ONLY_MODULES[package]) <= modules, package
            modules = set(mutate.ONLY_MODULES[package])
        names = {m if package in ("rules", "chinese") else f"{package}_{m}" for m in modules}
        assert names <= set(mutate.BY_NAME), package
    assert {"cards", "settlement", "session", "paigow_house_way", "drill_session", "history_record",
            "net_records"} <= set(mutate.BY_NAME)
    # a package's modules are run against its own tests, the slow ones left out
    assert "tests/net/test_net_records.py" in mutate.BY_NAME["net_records"].tests
    assert not any("browser" in t for t in mutate.BY_NAME["net_records"].tests)
    assert "tests/history/test_history_validation.py" in mutate.BY_NAME["history_record"].tests
    for target in mutate.TARGETS:
        for path in (*target.files, *target.tests):
            assert (ROOT / path).is_file(), path


def test_the_score_counts_each_verdict(mutate: ModuleType, tmp_path: Path) -> None:
    meta = tmp_path / "mutants" / "cp_trainer" / "rules" / "royalties.py.meta"
    meta.parent.mkdir(parents=True)
    codes = {"a": 1, "b": 0, "c": 33, "d": 36, "e": 34, "f": -24, "g": None}
    meta.write_text(json.dumps({"exit_code_by_key": {f"cp_trainer.rules.royalties.x_{k}": v
                                                     for k, v in codes.items()}}), encoding="utf-8")
    other = tmp_path / "mutants" / "cp_trainer" / "rules" / "cards.py.meta"  # another module: not counted
    other.write_text(json.dumps({"exit_code_by_key": {"cp_trainer.rules.cards.x_a": 0}}), encoding="utf-8")
    score = mutate._score(mutate.BY_NAME["royalties"], tmp_path)
    # killed: a test failed (1), timed out (36, -24); skipped (34) is not a mutant; None: not tried
    assert (score.mutants, score.killed) == (6, 3)
    assert score.survived == ("cp_trainer.rules.royalties.x_b", "cp_trainer.rules.royalties.x_g")
    assert score.untested == ("cp_trainer.rules.royalties.x_c",)
    assert score.percent == 50.0


def test_an_unknown_module_is_refused(mutate: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match=r"^2$"):
        mutate.main(["no_such_module"])
    assert "no such module: no_such_module" in capsys.readouterr().err


def test_the_runs_profile_caps_examples_per_module_and_keeps_the_solver_on_one_thread(
        mutate: ModuleType) -> None:
    assert mutate.BY_NAME["session"].max_examples == 10 and mutate.BY_NAME["cards"].max_examples == 0
    assert mutate.BY_NAME["drill_session"].max_examples == 10  # the Drill's state machine too
    text = mutate.PROFILE.replace("{cap}", "10")
    compile(text, "mutation_profile.py", "exec")  # the plugin the runs load is valid Python
    assert "CAP = 10\n" in text and "max_examples=CAP" in text
    # before anything imports the solver: one core, so its WORKERS is 1 and no thread pool is forked
    assert text.index("os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})") < text.index("hypothesis")
