"""House rules as a TOML file (issue 14): every key round-trips, every error names the key, the
value and the line, nothing is half-applied, and writing never replaces a file unasked."""

from __future__ import annotations

import dataclasses
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.house_rules import HouseRules, RoyaltyTable, ScoringSystem, TieRule
from cp_trainer.house_rules_file import (
    FILE_KEYS,
    ROYALTY_KEYS,
    RulesFile,
    RulesFileError,
    dumps_rules,
    key_lines,
    loads_rules,
    read_rules_file,
    write_rules_file,
)

SAMPLE = Path(__file__).resolve().parent.parent / "docs" / "house-rules.sample.toml"

# One non-default value for every key of the file: (key, TOML text, the RulesFile it gives).
NON_DEFAULTS: list[tuple[str, str, RulesFile]] = [
    ("system", 'system = "1-6"', RulesFile(HouseRules(system=ScoringSystem.ONE_SIX))),
    ("system", 'system = "2-4-scoop"', RulesFile(HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP))),
    ("scoop_bonus", "scoop_bonus = 0", RulesFile(HouseRules(scoop_bonus=0))),
    ("scoop_bonus", "scoop_bonus = 10", RulesFile(HouseRules(scoop_bonus=10))),
    ("ties", 'ties = "bank"', RulesFile(HouseRules(ties=TieRule.BANK))),
    ("bank", "bank = 3", RulesFile(HouseRules(bank=3))),
    ("ignore_fouls", "ignore_fouls = true", RulesFile(HouseRules(ignore_fouls=True))),
    ("surrender", "surrender = true", RulesFile(HouseRules(surrender=True))),
    ("surrender_cost", "surrender_cost = 5", RulesFile(HouseRules(surrender_cost=5))),
    ("royalties", "royalties = true", RulesFile(HouseRules(royalties=True))),
    ("royalties_better_hand_only", "royalties_better_hand_only = true",
     RulesFile(HouseRules(royalties_better_hand_only=True))),
    ("naturals", "naturals = true", RulesFile(HouseRules(naturals=True))),
    ("natural_amount", "natural_amount = 7", RulesFile(HouseRules(natural_amount=7))),
    ("point_value", "point_value = 0.25", RulesFile(HouseRules(point_value=0.25))),
    ("point_value", "point_value = 3", RulesFile(HouseRules(point_value=3.0))),
    ("stakes", "stakes = [1, 0.5, 2.5]", RulesFile(HouseRules(stakes=(1.0, 0.5, 2.5)))),
    ("wheel_second", "wheel_second = true", RulesFile(HouseRules(wheel_second=True))),
    ("low_middle", "low_middle = true", RulesFile(HouseRules(low_middle=True))),
    ("criss_cross", "criss_cross = true", RulesFile(criss_cross=True)),
    *[(f"royalty_table.{name}", f"[royalty_table]\n{name} = 21",
       RulesFile(HouseRules(royalty_table=RoyaltyTable(**{name: 21})))) for name in ROYALTY_KEYS],
]


def test_every_key_of_the_file_is_a_house_rule_or_criss_cross() -> None:
    rule_fields = {f.name for f in dataclasses.fields(HouseRules)}  # to_dict leaves a None scoop bonus out
    assert set(FILE_KEYS) == rule_fields | {"criss_cross"}
    assert {key for key, _, _ in NON_DEFAULTS} >= set(FILE_KEYS) - {"royalty_table"} | {
        f"royalty_table.{name}" for name in ROYALTY_KEYS}


def test_an_empty_file_is_the_default_table() -> None:
    assert loads_rules("") == RulesFile(HouseRules(), criss_cross=False)
    assert loads_rules("# only a comment\n\n[royalty_table]\n") == RulesFile()


@pytest.mark.parametrize(("key", "text", "expected"), NON_DEFAULTS, ids=[t for _, t, _ in NON_DEFAULTS])
def test_every_key_round_trips_file_rules_file(key: str, text: str, expected: RulesFile,
                                               tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(text + "\n", encoding="utf-8")
    read = read_rules_file(path)
    assert read == expected  # file -> rules: this key changed, every other key at its default
    again = tmp_path / "again.toml"
    write_rules_file(again, read)  # rules -> file
    assert read_rules_file(again) == expected  # -> rules again: the same
    data = tomllib.loads(again.read_text(encoding="utf-8"))
    given = tomllib.loads(text)
    table, _, name = key.rpartition(".")
    if table:
        assert data[table][name] == given[table][name]
    else:
        assert data[name] == given[name]
    assert list(data) == list(FILE_KEYS)  # the writer writes every key, in the documented order


def test_writer_spells_none_as_auto_and_no_stakes_as_an_empty_list() -> None:
    data = tomllib.loads(dumps_rules(RulesFile()))
    assert data["surrender_cost"] == "auto" and data["natural_amount"] == "auto"
    assert data["stakes"] == []
    assert data["point_value"] == 1.0 and isinstance(data["point_value"], float)
    assert data["royalty_table"] == {"top_trips": 3, "middle_full_house": 2, "middle_four_of_a_kind": 8,
                                     "middle_straight_flush": 10, "middle_royal_flush": 14,
                                     "bottom_four_of_a_kind": 4, "bottom_straight_flush": 5,
                                     "bottom_royal_flush": 7}


def test_a_whole_club_round_trips() -> None:
    club = RulesFile(HouseRules(system=ScoringSystem.ONE_SIX, ties=TieRule.BANK, bank=2, ignore_fouls=True,
                                surrender=True, surrender_cost=6, royalties=True,
                                royalties_better_hand_only=True,
                                royalty_table=RoyaltyTable(top_trips=4, bottom_royal_flush=20),
                                naturals=True, natural_amount=9, point_value=0.125,
                                stakes=(2.0, 0.5, 1.0, 4.0), wheel_second=True, low_middle=True),
                     criss_cross=True)
    assert loads_rules(dumps_rules(club)) == club


# --- errors ----------------------------------------------------------------------------------

BAD: list[tuple[str, str, list[str]]] = [
    # (file text, what the message must say, ...) -- key, value and line
    ("system = \"2-4\"\nsurender = true\n", "unknown", ["line 2", "surender", "true"]),
    ("[royalty_table]\ntop_trips = 3\ntop_trip = 4\n", "unknown", ["line 3", "royalty_table.top_trip", "4"]),
    ("[house]\nsystem = \"1-6\"\n", "unknown", ["line 1", "house"]),
    ("bank = \"1\"\n", "wrong type", ["line 1", "bank", '"1"', "whole number"]),
    ("bank = 1.0\n", "wrong type", ["line 1", "bank", "1.0"]),
    ("surrender = \"yes\"\n", "wrong type", ["line 1", "surrender", '"yes"', "true or false"]),
    ("surrender = 1\n", "wrong type", ["line 1", "surrender", "1"]),
    ("\n\nsurrender_cost = \"three\"\n", "wrong type", ["line 3", "surrender_cost", '"three"']),
    ("natural_amount = true\n", "wrong type", ["line 1", "natural_amount", "true"]),
    ("point_value = \"1\"\n", "wrong type", ["line 1", "point_value", '"1"']),
    ("stakes = 2\n", "wrong type", ["line 1", "stakes", "2"]),
    ("stakes = [1, \"2\"]\n", "wrong type", ["line 1", "stakes", '[1, "2"]']),
    ("royalty_table = 3\n", "wrong type", ["line 1", "royalty_table", "3"]),
    ("[royalty_table]\nmiddle_full_house = 2.5\n", "wrong type",
     ["line 2", "royalty_table.middle_full_house", "2.5"]),
    ("ties = \"banker\"\n", "out of range", ["line 1", "ties", '"banker"', '"push"', '"bank"']),
    ("system = \"1-4\"\n", "out of range", ["line 1", "system", '"1-4"', '"2-4-scoop"']),
    ("bank = 4\n", "out of range", ["line 1", "bank", "4", "0 to 3"]),
    ("bank = -1\n", "out of range", ["line 1", "bank", "-1"]),
    ("surrender_cost = 0\n", "out of range", ["line 1", "surrender_cost", "0", "1 to 99"]),
    ("natural_amount = 100\n", "out of range", ["line 1", "natural_amount", "100"]),
    ("scoop_bonus = 11\n", "out of range", ["line 1", "scoop_bonus", "11", "0 to 10"]),
    ("scoop_bonus = -1\n", "out of range", ["line 1", "scoop_bonus", "-1"]),
    ("point_value = 0\n", "out of range", ["line 1", "point_value", "0"]),
    ("point_value = -2.5\n", "out of range", ["line 1", "point_value", "-2.5"]),
    ("point_value = nan\n", "out of range", ["line 1", "point_value", "nan"]),
    ("point_value = inf\n", "out of range", ["line 1", "point_value", "inf"]),
    ("stakes = [1, 0]\n", "out of range", ["line 1", "stakes", "[1, 0]"]),
    ("stakes = [1, 1, 1, 1, 1]\n", "out of range", ["line 1", "stakes", "[1, 1, 1, 1, 1]", "at most 4"]),
    ("[royalty_table]\n\ntop_trips = -3\n", "out of range", ["line 3", "royalty_table.top_trips", "-3"]),
    ("royalty_table = { top_trips = 1000 }\n", "out of range", ["line 1", "royalty_table.top_trips", "1000"]),
    ("royalty_table.bottom_royal_flush = -1\n", "out of range",
     ["line 1", "royalty_table.bottom_royal_flush", "-1"]),
]


@pytest.mark.parametrize(("text", "kind", "named"), BAD, ids=[t.strip() for t, _, _ in BAD])
def test_a_bad_key_is_named_with_its_value_and_line(text: str, kind: str, named: list[str],
                                                    tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesFileError, match=re.escape(f"{path}: ")) as info:
        read_rules_file(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    assert kind in message
    for part in named:
        assert part in message, (part, message)


def test_every_bad_key_is_reported_and_nothing_is_half_applied() -> None:
    text = 'system = "1-6"\nbank = 9\nroyalties = true\nfoo = 1\n[royalty_table]\ntop_trips = "x"\n'
    with pytest.raises(RulesFileError, match=r"^club\.toml: line 2: bank = 9 is out of range") as info:
        loads_rules(text, source="club.toml")
    problems = info.value.problems
    assert [p.split(": ")[1] for p in problems] == ["line 2", "line 4", "line 6"]
    assert all(p.startswith("club.toml: line ") for p in problems)


def test_hostile_values_are_named_short_and_escaped() -> None:
    with pytest.raises(RulesFileError, match="not a valid TOML file"):
        loads_rules("bank = " + "9" * 5000)  # more digits than Python turns into an int
    with pytest.raises(RulesFileError, match=r"^line 1: bank = a huge number is out of range") as info:
        loads_rules("bank = " + "9" * 300)
    assert str(info.value) == ("line 1: bank = a huge number is out of range: "
                               "expected a whole number from 0 to 3")
    with pytest.raises(RulesFileError, match=r"^line 1: system = \"\\x1b\[31m\" is out of range") as info:
        loads_rules('system = "\\u001b[31m"\n' + "k" * 500 + " = 1\nstakes = [" + "1," * 10_000 + "]\n")
    first, second, third = info.value.problems
    assert first.startswith('line 1: system = "\\x1b[31m" is out of range')  # the escape shown, not sent
    assert len(second) < 400 and " … " in second
    assert len(third) < 400 and ", …]" in third


def test_bad_toml_syntax_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('system = "2-4"\nbank = = 1\n', encoding="utf-8")
    with pytest.raises(RulesFileError, match=r"not a valid TOML file: .*line 2"):
        read_rules_file(path)
    path.write_text('system = "2-4"\nsystem = "1-6"\n', encoding="utf-8")  # a key twice
    with pytest.raises(RulesFileError, match=r"not a valid TOML file: .*line 2"):
        read_rules_file(path)


def test_missing_file_folder_and_not_text(tmp_path: Path) -> None:
    with pytest.raises(RulesFileError, match=r"no such house-rules file: .*nowhere\.toml"):
        read_rules_file(tmp_path / "nowhere.toml")
    with pytest.raises(RulesFileError, match=r"is a folder, not a house-rules file"):
        read_rules_file(tmp_path)
    binary = tmp_path / "club.toml"
    binary.write_bytes(b"system = \"\xff\xfe\"\n")
    with pytest.raises(RulesFileError, match=r"is not UTF-8 text"):
        read_rules_file(binary)


def test_a_device_and_a_huge_file_are_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(RulesFileError, match=r"/dev/zero is not a regular file"):
        read_rules_file("/dev/zero")  # read to the end, it would never end
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"# " + b"x" * 1_000_000 + b"\n")
    with pytest.raises(RulesFileError, match=r"too large .* \(1000003 bytes; at most 1000000\)"):
        read_rules_file(huge)


def test_an_unreadable_file_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "club.toml"
    path.write_text("", encoding="utf-8")

    real_open = os.open

    def denied(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.fspath(name) == str(path):
            raise PermissionError(13, "Permission denied")
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)  # chmod 0 does not stop root
    with pytest.raises(RulesFileError, match=r"cannot read .*club\.toml: Permission denied"):
        read_rules_file(path)


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_bytes("\ufeffsystem = \"1-6\"\n".encode())
    assert read_rules_file(path).rules.system is ScoringSystem.ONE_SIX


def test_errors_speak_russian() -> None:
    with pytest.raises(RulesFileError, match=r"^клуб\.toml: строка 1: bank = 9 вне допустимых") as info:
        loads_rules("bank = 9\n", source="клуб.toml", lang="ru")
    assert str(info.value) == ("клуб.toml: строка 1: bank = 9 вне допустимых значений: нужно целое число "
                               "от 0 до 3")


def test_a_rules_file_error_is_a_value_error() -> None:
    assert issubclass(RulesFileError, ValueError)


# --- writing ---------------------------------------------------------------------------------


def test_writing_never_replaces_a_file_unasked(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text("# the teacher's own notes\n", encoding="utf-8")
    with pytest.raises(RulesFileError, match="already exists"):
        write_rules_file(path, RulesFile(HouseRules(surrender=True)))
    assert path.read_text(encoding="utf-8") == "# the teacher's own notes\n"
    write_rules_file(path, RulesFile(HouseRules(surrender=True)), replace=True)
    assert read_rules_file(path).rules.surrender is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml"]  # no temporary file left


def test_writing_to_a_folder_or_nowhere_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(RulesFileError, match="is a folder"):
        write_rules_file(tmp_path, RulesFile(), replace=True)
    with pytest.raises(RulesFileError, match="cannot write"):
        write_rules_file(tmp_path / "no" / "such" / "club.toml", RulesFile())
    assert list(tmp_path.iterdir()) == []


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    write_rules_file(path, RulesFile())
    path.chmod(0o640)
    write_rules_file(path, RulesFile(criss_cross=True), replace=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert read_rules_file(path).criss_cross is True


def test_a_failed_write_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "club.toml"
    write_rules_file(path, RulesFile(HouseRules(bank=1)))
    before = path.read_bytes()

    def broken(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(RulesFileError, match="No space left on device"):
        write_rules_file(path, RulesFile(HouseRules(bank=2)), replace=True)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml"]


def test_key_lines_finds_tables_dotted_and_quoted_keys() -> None:
    text = ('# comment\nsystem = "2-4"\n"bank" = 1\nroyalty_table.top_trips = 3\n'
            'note = """\nfake = 1\n"""\n[ royalty_table ]\nbottom_royal_flush = 7\n')
    lines = key_lines(text)
    assert lines["system"] == 2 and lines["bank"] == 3 and lines["royalty_table.top_trips"] == 4
    assert "fake" not in lines  # inside a multi-line string
    assert lines["royalty_table"] == 8 and lines["royalty_table.bottom_royal_flush"] == 9


# --- the sample in docs/ ---------------------------------------------------------------------


def test_the_sample_file_documents_every_key_in_both_languages() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert list(data) == list(FILE_KEYS)
    assert list(data["royalty_table"]) == list(ROYALTY_KEYS)
    lines = text.splitlines()
    for key, number in key_lines(text).items():
        # each key is preceded by its comment: English, then a Russian line (Cyrillic letters)
        comments = []
        i = number - 2
        while i >= 0 and lines[i].startswith("#"):
            comments.append(lines[i])
            i -= 1
        assert comments, f"{key} has no comment"
        assert any(any("а" <= ch <= "я" for ch in c.lower()) for c in comments), f"{key}: no Russian"
        assert any(c[2:3].isascii() and c[2:3].isalpha() for c in comments), f"{key}: no English"


def test_the_sample_file_is_the_default_table() -> None:
    assert read_rules_file(SAMPLE) == RulesFile()
