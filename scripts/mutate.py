"""Mutation testing of the rules (``./dev mutate [MODULE...]``), one module at a time, with mutmut.

Each module is mutated in its own work folder ``.mutation/<module>/`` (a copy of the package, the
tests and a pyproject.toml whose ``[tool.mutmut]`` names that module and the narrow set of tests
that guard it), so a run is fast and its results are kept: a second run only tries the mutants of
changed code. The table printed at the end is the one docs/mutation.md keeps.

    ./dev mutate                 every module below, one after the other
    ./dev mutate royalties       one module (or several)
    ./dev mutate --list          the modules and their tests
    ./dev mutate royalties --survivors   also print the diff of every surviving mutant
    ./dev mutate royalties --retry       try again only the mutants the last run did not kill
                                         (after new tests: mutmut keeps each verdict otherwise)

Mutmut forks one worker per core (``--max-children``, default 1 here: the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import tomli_w

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutation"


@dataclass(frozen=True)
class Target:
    """One module to mutate: its file(s) under cp_trainer/ and the tests that guard it."""

    name: str
    files: tuple[str, ...]
    tests: tuple[str, ...]
    max_examples: int = 0  # the per-mutant cap on a property test's examples (0: MAX_EXAMPLES)


#: the packages whose modules are mutated, each module guarded by its package's own tests
#: (tests/<package>/): a module's own tests must catch a wrong payout, record or choice in it
PACKAGES = ("rules", "chinese", "paigow", "drill", "history", "net")
#: the modules mutated where a package is mostly plumbing (files, sockets, threads): the ones that
#: decide something a test can state exactly (every module of the other packages is mutated)
ONLY_MODULES = {
    "history": ("record", "drill_record"),  # a hand's and a drill result's validation
    "net": ("records",),  # the teaching table's record of each person's hand
}
#: test files of a package left out of its modules' runs: they drive the code in another process
#: (a server, a browser, a writer killed), where no mutant is seen, fill a disk, or try the store's
#: files, locks and imports against hostile input (each record passes the validator on its way:
#: a minute of tests per mutant), and take minutes
SLOW_TESTS = {
    "history": ("test_history_kill.py", "test_history_full_disk.py", "test_history_data_folder.py",
                "test_history_hostile.py", "test_history_records.py"),
    "net": ("test_net_browser.py", "test_net_load.py", "test_net_page.py", "test_net_page_return.py",
            "test_net_packaging.py"),
}
#: the state machines' property tests (an example starts with every scenario) run fewer examples
FEWER_EXAMPLES = {"session": 10, "drill_session": 10}


def _targets() -> tuple[Target, ...]:
    targets = []
    for package in PACKAGES:
        skipped = SLOW_TESTS.get(package, ())
        tests = tuple(sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / package).glob("test_*.py")
                             if p.name not in skipped))
        only = ONLY_MODULES.get(package)
        for path in sorted((ROOT / "cp_trainer" / package).glob("*.py")):
            if path.name == "__init__.py" or (only is not None and path.stem not in only):
                continue
            name = path.stem if package in ("rules", "chinese") else f"{package}_{path.stem}"
            targets.append(Target(name, (str(path.relative_to(ROOT)),), tests, FEWER_EXAMPLES.get(name, 0)))
    return tuple(targets)


TARGETS = _targets()
BY_NAME = {t.name: t for t in TARGETS}

# mutmut's exit codes per mutant (mutmut/__main__.py: status_by_exit_code)
# A test failed, or the tests crashed or ran out of time (the mutant was noticed all the same).
KILLED_CODES = {1, 3, 36, -24, 24, 152, 255, -11, -9}
NO_TESTS_CODES = {5, 33}  # no test of the selection reaches the mutated function
SKIPPED = 34


def _work_dir(target: Target) -> Path:
    """The module's work folder, its copy of the package and tests refreshed from the tree."""
    work = WORK / target.name
    work.mkdir(parents=True, exist_ok=True)
    for name in ("cp_trainer", "tests", "docs"):
        src, dst = ROOT / name, work / name
        if dst.exists():
            shutil.rmtree(dst)
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    tests = list(target.tests)
    config["tool"]["mutmut"] = {
        "source_paths": ["cp_trainer"],
        "only_mutate": list(target.files),
        "pytest_add_cli_args_test_selection": tests,
        "pytest_add_cli_args": ["-p", "mutation_profile", "-p", "no:cacheprovider", "-q"],
        "also_copy": ["docs"],
        "timeout_multiplier": 5.0,
    }
    (work / "pyproject.toml").write_text(tomli_w.dumps(config), encoding="utf-8")
    plugins = work / "_plugins"
    plugins.mkdir(exist_ok=True)
    cap = target.max_examples or MAX_EXAMPLES
    (plugins / "mutation_profile.py").write_text(PROFILE.replace("{cap}", str(cap)), encoding="utf-8")
    return work


# A pytest plugin for the mutation runs (-p mutation_profile): the functions run through mutmut's
# trampolines, several times slower, so no hypothesis deadline; every run draws the same examples,
# so a mutant is killed or not, never by luck; and no property test draws more than
# MAX_EXAMPLES examples (each mutant reruns them: the suite's 150-400 would take hours on a shared
# machine). A kill is a kill all the same; a survivor might fall to more examples, so the score
# is a lower bound. No shrinking: a failing example kills the mutant as it is (shrinking a state
# machine's failure could take longer than the mutant's timeout). And the solver runs on one
# thread: mutmut forks each mutant's run from a process whose solver thread pool
# (cp_trainer/solver/parallel.py) may already exist, and the pool's threads do not survive a
# fork, so a mutant whose tests ask the solver would wait for them until its timeout — a "kill"
# that says nothing. One core for this process (before cp_trainer is imported) makes the
# solver's WORKERS 1: it then never uses the pool.
MAX_EXAMPLES = 30
PROFILE = """\
import os

os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
CAP = {cap}

from hypothesis import HealthCheck, Phase, settings  # noqa: E402

settings.register_profile("mutation", deadline=None, derandomize=True, database=None,
                          max_examples=CAP, suppress_health_check=list(HealthCheck),
                          phases=(Phase.explicit, Phase.reuse, Phase.generate))
settings.load_profile("mutation")

_init = settings.__init__


def _capped(self, parent=None, **kwargs):
    if isinstance(kwargs.get("max_examples"), int):
        kwargs["max_examples"] = min(kwargs["max_examples"], CAP)
    _init(self, parent, **kwargs)


settings.__init__ = _capped
"""


@dataclass(frozen=True)
class Score:
    name: str
    mutants: int
    killed: int
    survived: tuple[str, ...]
    untested: tuple[str, ...]
    failed: bool = False  # mutmut could not run (the clean tests failed): no score

    @property
    def percent(self) -> float:
        if self.failed:
            return 0.0
        return 100.0 * self.killed / self.mutants if self.mutants else 100.0


def _score(target: Target, work: Path) -> Score:
    """Count the verdicts mutmut left in the work folder's ``mutants/**/*.meta`` files."""
    killed, survived, untested, total = 0, [], [], 0
    wanted = {str(Path(f).with_suffix("")).replace("/", ".") for f in target.files}
    for meta in sorted((work / "mutants").rglob("*.py.meta")):
        module = str(meta.relative_to(work / "mutants")).removesuffix(".py.meta").replace("/", ".")
        if module not in wanted:
            continue
        data = json.loads(meta.read_text(encoding="utf-8"))
        for key, code in sorted(data.get("exit_code_by_key", {}).items()):
            if code == SKIPPED:
                continue
            total += 1
            if code in KILLED_CODES:
                killed += 1
            elif code in NO_TESTS_CODES:
                untested.append(key)
            else:
                survived.append(key)
    return Score(target.name, total, killed, tuple(survived), tuple(untested))


def run(target: Target, children: int, show: bool, retry: bool = False) -> Score:
    work = _work_dir(target)
    again: list[str] = []
    if retry:  # the mutants not killed last time, named: mutmut then tries them again
        last = _score(target, work)
        again = [*last.survived, *last.untested]
        # and which test reaches which function is measured again: mutmut measures it only for
        # new tests, so a test that was changed to reach another function would not be run there
        (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(work / "_plugins")
    mutmut = Path(sys.executable).with_name("mutmut")
    print(f"== {target.name}: mutating {', '.join(target.files)} against {', '.join(target.tests)}",
          flush=True)
    log = work / "mutmut.log"
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.run([str(mutmut), "run", "--max-children", str(children), *again], cwd=work,
                              env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-15:]
        print("\n".join(tail))
        print(f"mutate: mutmut failed for {target.name} (exit status {proc.returncode}); see {log}")
        return Score(target.name, 0, 0, (), (), failed=True)
    score = _score(target, work)
    if show:
        for key in score.survived + score.untested:
            diff = subprocess.run([str(mutmut), "show", key], cwd=work, env=env, capture_output=True,
                                  text=True)
            print(diff.stdout)
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="./dev mutate", description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", metavar="MODULE", help="default: every module")
    parser.add_argument("--list", action="store_true", help="list the modules and their tests")
    parser.add_argument("--survivors", action="store_true", help="print every surviving mutant's diff")
    parser.add_argument("--retry", action="store_true",
                        help="try again only the mutants the last run left alive (after new tests)")
    parser.add_argument("--max-children", type=int, default=1, metavar="N",
                        help="mutants tried at once (default 1)")
    args = parser.parse_args(argv)
    if args.list:
        for t in TARGETS:
            print(f"{t.name:20} {' '.join(t.files)}\n{'':20} tests: {' '.join(t.tests)}")
        return 0
    unknown = [m for m in args.modules if m not in BY_NAME]
    if unknown:
        parser.error(f"no such module: {unknown[0]} (choose from {', '.join(BY_NAME)})")
    if args.max_children < 1:
        parser.error(f"--max-children must be 1 or more, got {args.max_children}")
    scores = [run(BY_NAME[m], args.max_children, args.survivors, args.retry)
              for m in (args.modules or BY_NAME)]
    print()
    print("| module | mutants | killed | % | survivors |")
    print("| --- | ---: | ---: | ---: | --- |")
    for s in scores:
        names = [k.rsplit(".", 1)[-1] for k in s.survived + s.untested]
        if s.failed:
            print(f"| {s.name} | - | - | - | mutmut could not run |")
            continue
        print(f"| {s.name} | {s.mutants} | {s.killed} | {s.percent:.1f} | {', '.join(names) or '-'} |")
    return 0 if all(s.percent >= 90.0 for s in scores) else 1


if __name__ == "__main__":
    raise SystemExit(main())
