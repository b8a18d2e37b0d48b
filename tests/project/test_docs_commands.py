"""Every command the README and the manual show is run, so none of them rots.

The fenced ``console`` blocks of README.md and docs/**/*.md hold ``$ command`` lines, each followed
by the output it prints; the ``sh`` blocks hold bare command lines (``# …`` lines are comments).
Each block runs as one test, its commands in order, in a fresh folder (with ``docs/`` beside them,
so ``docs/examples/club.toml`` reads the shipped file) against a fresh practice history of three
hands, with ``$XDG_DATA_HOME`` (where ``cp-trainer desktop install`` writes) in that folder. The
rules, explicit:

- a ``cp-trainer`` command (alone, or at the end of a pipe) runs under bash with ``pipefail`` and
  must exit 0, or with the status a trailing ``# exit status N`` comment names;
- where a ``console`` block shows the output in full (no ``...`` or ``…`` in it), the output must be
  exactly that (standard output, then standard error);
- a command that opens the window (``cp-trainer`` with no command, ``cp-trainer gui``) or serves
  until Ctrl+C (``cp-trainer serve``) runs with ``--help`` added after its options, so each option
  shown is still parsed and checked;
- a ``./dev X`` line is not run (``./dev test`` is the suite running this); ``X`` must be one of
  dev's commands;
- a ``python scripts/X.py`` or ``python benchmarks/X.py`` line (also through ``.venv/bin/python``)
  is not run (they rebuild resources or measure for minutes); the file must exist;
- the appendices (:data:`APPENDICES`) are logs of past runs, some of scripts since removed: their
  blocks are not run;
- any other line is an error: the test would not know how to check it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cp_trainer.history import HistoryStore
from tests.history_fixtures import make_record

ROOT = Path(__file__).resolve().parents[2]
APPENDICES = ("docs/card-removal-findings.md", "docs/mutation.md")  # logs, linked from the manual
PAGES = [p for p in (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))
         if p.relative_to(ROOT).as_posix() not in APPENDICES]
FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w-]*)\s*$")
EXIT = re.compile(r"\s+#\s*exit status (\d+)\s*$")
COMMENT = re.compile(r"\s+# .*$")
SCRIPT = re.compile(r"^(?:\.venv/bin/)?python3? ((?:scripts|benchmarks)/\w+\.py)\b")
BIN = Path(sys.executable).parent  # the environment's cp-trainer
TIMEOUT = 300  # seconds: a solve may compile the solver's kernels first
NOT_RUN = ("gui", "serve")  # they open the window or serve until Ctrl+C: run with --help
TOP_OPTIONS_WITH_VALUE = ("--data-dir",)


@dataclass
class Command:
    line: str
    status: int = 0
    shown: list[str] = field(default_factory=list)


@dataclass
class Block:
    page: Path
    line: int
    lang: str
    commands: list[Command]

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def _blocks(page: Path) -> list[Block]:
    blocks: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang, start = m.group(1), m.group(2), i + 1
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].strip() != fence:
            body.append(lines[i])
            i += 1
        i += 1
        if lang in ("console", "sh"):
            blocks.append(Block(page, start, lang, _commands(lang, body)))
    return blocks


def _commands(lang: str, body: list[str]) -> list[Command]:
    commands: list[Command] = []
    for text in body:
        if lang == "console" and not text.startswith("$ "):
            if commands:
                commands[-1].shown.append(text)
            continue
        text = text[2:] if lang == "console" else text
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        status = 0
        m = EXIT.search(text)
        if m:
            status, text = int(m.group(1)), text[:m.start()]
        text = COMMENT.sub("", text)
        commands.append(Command(text.strip(), status))
    return commands


ALL_BLOCKS = [b for page in PAGES for b in _blocks(page)]


def _dev_commands() -> set[str]:
    text = (ROOT / "dev").read_text(encoding="utf-8")
    case = text[text.index('case "$cmd" in'):]
    return set(re.findall(r"^ {4}([a-z]+)\)$", case, re.MULTILINE))


def _opens_or_serves(words: list[str]) -> bool:
    """Does ``cp-trainer WORDS`` open the window or serve until stopped?"""
    if "--help" in words or "-h" in words or "--version" in words:
        return False
    i = 0
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in TOP_OPTIONS_WITH_VALUE else 1
    return i >= len(words) or words[i] in NOT_RUN


def _cp_trainer_words(line: str) -> list[str] | None:
    """The arguments of the pipeline's cp-trainer command, or None when it runs none."""
    last = line.split("|")[-1].strip()
    words = shlex.split(last)
    if not words or words[0] != "cp-trainer":
        return None
    return words[1:]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A fresh folder with docs/ beside the commands and a history of three hands."""
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    data = tmp_path / "data"
    data.mkdir()
    with HistoryStore.open(data) as store:
        store.add(make_record(0))
        store.add(make_record(1, fouled=True, ev=(0.2, -1.8)))
        store.add(make_record(2))
    return tmp_path


def test_the_pages_show_commands() -> None:
    """The extraction finds what the pages show (a parser that found nothing would pass)."""
    names = {b.name.split(":")[0] for b in ALL_BLOCKS}
    assert {"README.md", "docs/command-line.md", "docs/house-rules.md", "docs/teaching.md"} <= names
    lines = [c.line for b in ALL_BLOCKS for c in b.commands]
    assert "./dev test" in lines and any(line.startswith("cp-trainer serve") for line in lines)
    assert sum(1 for b in ALL_BLOCKS for c in b.commands if c.shown) >= 10


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=lambda b: b.name)
def test_every_command_shown_runs(block: Block, folder: Path) -> None:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "CP_TRAINER_DATA_DIR": str(folder / "data"), "XDG_DATA_HOME": str(folder / "share")}
    for command in block.commands:
        if command.line.startswith("./dev "):
            assert command.line.split()[1] in _dev_commands(), f"{block.name}: {command.line}"
            continue
        script = SCRIPT.match(command.line)
        if script:
            assert (ROOT / script.group(1)).is_file(), f"{block.name}: {command.line}"
            continue
        words = _cp_trainer_words(command.line)
        assert words is not None, f"{block.name}: no rule to check {command.line!r}"
        line = command.line
        window = _opens_or_serves(words)
        if window:
            line += " --help"
        res = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=folder, env=env,
                             capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
        assert res.returncode == (0 if window else command.status), \
            f"{block.name}: {line}\n{res.stdout[-2000:]}{res.stderr[-2000:]}"
        shown = command.shown
        if shown and not window and not any("..." in s or "…" in s for s in shown):
            printed = [s.rstrip() for s in (res.stdout + res.stderr).splitlines()]
            assert printed == [s.rstrip() for s in shown], f"{block.name}: {line}"


def test_a_wrong_output_fails(folder: Path) -> None:
    """The comparison has teeth: a shown output that differs from the real one is caught."""
    (block,) = _blocks_of("```console\n$ cp-trainer check --json \"Qs Jc 2s / Kc Kd Th 9s 8h / "
                          "As Ah Qh 7c 4d\"\n{\"legal\": false}\n```\n", folder)
    with pytest.raises(AssertionError):
        test_every_command_shown_runs(block, folder)


def _blocks_of(text: str, folder: Path) -> list[Block]:
    page = folder / "page.md"
    page.write_text(text, encoding="utf-8")
    return [Block(ROOT / "docs" / "page.md", b.line, b.lang, b.commands) for b in _blocks(page)]


def test_the_rules_for_the_window_and_the_server() -> None:
    assert _opens_or_serves([])
    assert _opens_or_serves(["--data-dir", "D"])
    assert _opens_or_serves(["gui", "--deal", "As"])
    assert _opens_or_serves(["serve", "--host", "0.0.0.0"])
    assert not _opens_or_serves(["--version"])
    assert not _opens_or_serves(["check", "As"])
    assert _cp_trainer_words('echo "x" | cp-trainer check --json') == ["check", "--json"]
    assert _cp_trainer_words("zcat h.gz") is None
