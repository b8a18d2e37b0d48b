"""The manual's reference pages say what the code does, no more and no less.

- docs/command-line.md has a section ``## cp-trainer NAME`` for every command, naming every option
  of that command (the house-rule switches may be left to docs/house-rules.md, linked from the
  section), and no option the command does not take;
- docs/house-rules.md names every key of a rules file and every house-rule switch of the commands
  (``cp-trainer check --help`` and the others), and nothing unknown; its example file is valid;
- docs/maintainers/development.md names every ``CP_TRAINER_*`` environment variable the code,
  ``./dev`` and the test tools read, and no other.

The options come from the parser ``cp-trainer --help`` prints (``cp_trainer.cli.build_parser``)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import pytest

from cp_trainer.cli import COMMANDS, build_parser
from cp_trainer.rules.house_rules_file import FILE_KEYS, ROYALTY_KEYS, loads_rules

ROOT = Path(__file__).resolve().parents[2]
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")
RULES_GROUP = "house rules"  # the title of the house-rule options' group starts so


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _rules_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for g in parser._action_groups if (g.title or "").startswith(RULES_GROUP)
            for a in g._group_actions]


def _options(parser: argparse.ArgumentParser, *, rules: bool) -> list[argparse.Action]:
    """The parser's options but --help (and the house-rule switches unless ``rules``)."""
    skip = set() if rules else {id(a) for a in _rules_actions(parser)}
    return [a for a in parser._actions if a.option_strings and not isinstance(a, argparse._HelpAction)
            and id(a) not in skip]


def _sections(page: Path) -> dict[str, str]:
    """``## cp-trainer …`` sections of the page: the command's name (``""`` for the bare one)
    → its text up to the next ``## ``."""
    text = page.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    sections: dict[str, str] = {}
    for part in parts[1:]:
        title, _, body = part.partition("\n")
        if title.startswith("cp-trainer"):
            sections[title.removeprefix("cp-trainer").strip()] = body
    return sections


def _parsers_of(name: str) -> list[argparse.ArgumentParser]:
    top = build_parser()
    if not name:
        return [top]
    sub = _subparsers(top)[name]
    return [sub, *_subparsers(sub).values()]


def _all_options() -> set[str]:
    top = build_parser()
    found = {s for a in top._actions for s in a.option_strings}
    for name in COMMANDS:
        for p in _parsers_of(name):
            found |= {s for a in p._actions for s in a.option_strings}
    return found


# --- the command line -------------------------------------------------------------------------

COMMAND_LINE = ROOT / "docs" / "command-line.md"


def test_every_command_has_a_section() -> None:
    assert set(_sections(COMMAND_LINE)) == {"", *COMMANDS}


@pytest.mark.parametrize("name", ["", *COMMANDS], ids=lambda n: n or "cp-trainer")
def test_a_command_section_names_its_options_and_no_other(name: str) -> None:
    section = _sections(COMMAND_LINE)[name]
    mentioned = set(OPTION.findall(section))
    links_rules = "house-rules.md" in section
    missing, known = [], set()
    for parser in _parsers_of(name):
        known |= {s for a in parser._actions for s in a.option_strings}
        for action in _options(parser, rules=not links_rules):
            if not mentioned & set(action.option_strings):
                missing.append(f"{parser.prog}: {action.option_strings[0]}")
    assert missing == []
    assert mentioned - known == set(), f"cp-trainer {name}: options it does not take"


def test_the_rest_of_the_page_names_known_options_only() -> None:
    text = COMMAND_LINE.read_text(encoding="utf-8")
    assert set(OPTION.findall(text)) - _all_options() == set()


def test_a_missing_option_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    sections = _sections(COMMAND_LINE)
    monkeypatch.setattr(sys.modules[__name__], "_sections",
                        lambda page: {**sections, "drill": sections["drill"].replace("--seed", "")})
    with pytest.raises(AssertionError):
        test_a_command_section_names_its_options_and_no_other("drill")


# --- house rules --------------------------------------------------------------------------------

HOUSE_RULES = ROOT / "docs" / "house-rules.md"


def _table_after(text: str, heading: str) -> list[list[str]]:
    """The rows (cells) of the first table after ``heading``, its header and rule left out."""
    rest = text[text.index(heading):]
    rows = []
    for line in rest.splitlines()[1:]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split(" | ")])
        elif rows:
            break
    return rows[2:]


def _rules_switches() -> tuple[set[str], set[str]]:
    """Every house-rule switch of every command: (the first spelling of each, every spelling)."""
    first, every = set(), set()
    for name in COMMANDS:
        for parser in _parsers_of(name):
            for action in _rules_actions(parser):
                first.add(action.option_strings[0])
                every |= set(action.option_strings)
    return first, every


def test_the_switches_are_found() -> None:
    first, every = _rules_switches()
    assert {"--rules", "--system", "--wheel-second", "--criss-cross", "--royalty-table"} <= first
    assert "--no-royalties" in every and "--no-royalties" not in first


def test_the_rules_table_names_every_key_and_switch() -> None:
    text = HOUSE_RULES.read_text(encoding="utf-8")
    rows = _table_after(text, "## Every rule")
    keys = [k for row in rows for k in re.findall(r"`(\w+)`", row[1])]
    switches = {s for row in rows for s in OPTION.findall(row[2])}
    assert sorted(keys) == sorted(FILE_KEYS)
    first, _ = _rules_switches()
    assert first - switches == {"--rules"}  # --rules FILE is the file itself, named in the text
    assert "--rules" in text
    royalty = [k for row in _table_after(text, "## Royalties") for k in re.findall(r"`(\w+)`", row[0])]
    assert sorted(royalty) == sorted(ROYALTY_KEYS)


def test_the_rules_page_names_nothing_unknown() -> None:
    text = HOUSE_RULES.read_text(encoding="utf-8")
    _, every = _rules_switches()
    assert set(OPTION.findall(text)) - every == set()
    known_words = set(FILE_KEYS) | set(ROYALTY_KEYS)
    snake = {w for w in re.findall(r"`([a-z]+(?:_[a-z]+)+)`", text)}
    assert snake - known_words == set()


def test_the_example_file_is_the_one_shown_and_valid() -> None:
    text = HOUSE_RULES.read_text(encoding="utf-8")
    shown = re.search(r"```toml\n(.*?)```", text, re.DOTALL)
    assert shown is not None
    example = (ROOT / "docs" / "examples" / "club.toml").read_text(encoding="utf-8")
    assert shown.group(1) == example
    table = loads_rules(example, source="club.toml")
    assert table.rules.royalties and table.rules.royalty_table.top_trips == 5
    assert table.rules.stakes == (1.0, 0.5, 2.0)


# --- environment variables ------------------------------------------------------------------------

DEVELOPMENT = ROOT / "docs" / "maintainers" / "development.md"
VARIABLE = re.compile(r"CP_TRAINER_[A-Z_]+")


def _variables_read() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "cp_trainer").rglob("*.py"):
        found |= set(VARIABLE.findall(path.read_text(encoding="utf-8")))
    found |= set(re.findall(r"\$\{?(CP_TRAINER_[A-Z_]+)", (ROOT / "dev").read_text(encoding="utf-8")))
    for path in (ROOT / "tests").rglob("*.py"):  # the test tools' own knobs
        found |= set(re.findall(r"environ\.get\(\"(CP_TRAINER_[A-Z_]+)\"",
                                path.read_text(encoding="utf-8")))
    return found


def test_every_environment_variable_is_documented() -> None:
    read = _variables_read()
    assert {"CP_TRAINER_DATA_DIR", "CP_TRAINER_TEST_WORKERS", "CP_TRAINER_SOAK_DISPLAYS"} <= read
    documented = set(VARIABLE.findall(DEVELOPMENT.read_text(encoding="utf-8")))
    assert read - documented == set()
    assert documented - read == set()
