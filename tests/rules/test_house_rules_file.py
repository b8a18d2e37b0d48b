"""House rules as a TOML file: every key round-trips, every error names the key, the
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

from cp_trainer.rules.house_rules import HouseRules, HouseRulesError, RoyaltyTable, ScoringSystem, TieRule
from cp_trainer.rules.house_rules_file import (
    FILE_KEYS,
    ROYALTY_KEYS,
    RulesFile,
    RulesFileError,
    _walk,
    dumps_rules,
    key_lines,
    loads_rules,
    read_rules_file,
    write_rules_file,
)

SAMPLE = Path(__file__).resolve().parents[2] / "docs" / "house-rules.sample.toml"

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


# --- what the mutation run showed untested (docs/mutation.md) ----------------------------------

def _problem(text: str, **kwargs: Any) -> str:
    """The one problem ``loads_rules`` reports for ``text``."""
    with pytest.raises(RulesFileError, match=r".") as info:
        loads_rules(text, **kwargs)
    (problem,) = info.value.problems
    return problem


KEYS_LISTED = ("system, scoop_bonus, ties, bank, ignore_fouls, surrender, surrender_cost, royalties, "
               "royalties_better_hand_only, naturals, natural_amount, point_value, stakes, wheel_second, "
               "low_middle, criss_cross, royalty_table")


def test_a_rules_file_holds_house_rules_and_a_true_or_false_criss_cross() -> None:
    with pytest.raises(HouseRulesError, match=r"^rules must be HouseRules, got 3$"):
        RulesFile(3)  # type: ignore[arg-type]
    with pytest.raises(HouseRulesError, match=r"^criss_cross must be true or false, got 1$"):
        RulesFile(HouseRules(), 1)  # type: ignore[arg-type]
    with pytest.raises(HouseRulesError, match=r"^criss_cross must be true or false, got None$"):
        RulesFile(HouseRules(), None)  # type: ignore[arg-type]
    assert RulesFile().rules == HouseRules() and RulesFile().criss_cross is False


def test_a_rules_file_error_lists_its_problems_and_joins_them() -> None:
    problems = ["a.toml: line 1: one", "a.toml: line 2: two"]
    error = RulesFileError(problems)
    assert str(error) == "a.toml: line 1: one; a.toml: line 2: two"
    assert error.problems == problems and error.problems is not problems
    problems.append("three")
    assert len(error.problems) == 2  # a copy: what the caller does to its list later changes nothing


def test_an_unknown_key_lists_every_key_in_the_writers_order() -> None:
    assert _problem("\nx = true\n", source="c.toml") == (
        f"c.toml: line 2: unknown key x = true (the keys are: {KEYS_LISTED})")
    assert _problem("[royalty_table]\ntop_pair = false\n") == (
        "line 2: unknown key royalty_table.top_pair = false (the keys are: top_trips, middle_full_house, "
        "middle_four_of_a_kind, middle_straight_flush, middle_royal_flush, bottom_four_of_a_kind, "
        "bottom_straight_flush, bottom_royal_flush)")
    assert _problem("[royalty_table]\ntop_pair = false\n", lang="ru").startswith(
        "строка 2: неизвестный ключ royalty_table.top_pair = false (ключи: top_trips, ")


def _shown_as(toml_value: str) -> str:
    """How a message shows ``toml_value`` (given to an unknown key, which any value may be)."""
    problem = _problem(f"x = {toml_value}\n")
    head, tail = "line 1: unknown key x = ", f" (the keys are: {KEYS_LISTED})"
    assert problem.startswith(head) and problem.endswith(tail), problem
    return problem[len(head):-len(tail)]


SIXTY = "".join(f"{n:02d}" for n in range(30))  # 60 characters, no two runs of 12 alike


@pytest.mark.parametrize(("toml_value", "shown"), [
    ("true", "true"), ("false", "false"), ("1.5", "1.5"), ("-inf", "-inf"), ("7", "7"),
    ("'a\\b\"c'", '"a\\\\b\\"c"'),  # a backslash and a quote, escaped as TOML writes them
    ('"\\u0007"', '"\\x07"'),  # a control character: its escape shown, not sent
    ('"tab\\there"', '"tab\\there"'),
    ('[1, "a", [true]]', '[1, "a", [true]]'),
    ("[]", "[]"), ("{}", "{}"),
    ('{a = 1, "b c" = "d"}', '{a = 1, b c = "d"}'),
    ('{"\\u0007" = 1}', "{\\x07 = 1}"),
    ("1979-05-27", "1979-05-27"), ("07:32:00", "07:32:00"),
    (str(2**199), str(2**199)),  # 200 bits: a number, and 60 digits: shown whole
    (str(2**200), "a huge number"),  # 201 bits
    (f'"{SIXTY[:58]}"', f'"{SIXTY[:58]}"'),  # 60 characters with its quotes: whole
    (f'"{SIXTY[:59]}"', f'"{SIXTY[:39]} … {SIXTY[48:59]}"'),  # 61: cut, 40 and 12 kept
    ("[" + ", ".join(["1"] * 20) + "]", "[" + ", ".join(["1"] * 20) + "]"),  # 20 items, 60 characters
])
def test_a_value_is_shown_as_toml_writes_it_and_cut_when_long(toml_value: str, shown: str) -> None:
    assert _shown_as(toml_value) == shown


def test_a_long_value_is_shown_by_its_first_items_and_characters() -> None:
    long_text = "".join(f"{n:03d}" for n in range(100))  # 300 characters: only the first 200 are shown
    assert _shown_as(f'"{long_text}"') == f'"{long_text[:39]} … {long_text[189:200]}"'
    # 21 items: the first 20 and an ellipsis, then cut to 40 + 12 characters
    items = "[" + ", ".join(["1"] * 20) + ", …]"
    assert _shown_as("[" + ", ".join(["1"] * 21) + "]") == items[:40] + " … " + items[-12:]
    table = "{" + ", ".join(f"k{n} = {n}" for n in range(21)) + "}"
    assert _shown_as(table).endswith("k19 = 19, …}")
    assert _shown_as("{" + ", ".join(f"k{n} = {n}" for n in range(20)) + "}").endswith("k19 = 19}")


def test_a_long_key_is_cut_like_a_value() -> None:
    assert _problem(f"{SIXTY} = 1\n").startswith(f"line 1: unknown key {SIXTY} = 1 (the keys")
    key = SIXTY + "x"
    assert _problem(f"{key} = 1\n").startswith(f"line 1: unknown key {key[:40]} … {key[-12:]} = 1 (")


def test_a_byte_order_mark_is_the_only_thing_taken_off_the_start() -> None:
    assert _problem("X = 1\n").startswith("line 1: unknown key X = 1 (")
    assert _problem("\ufeff\ufeffbank = 9\n").startswith("line 1: bank = 9 is out of range")


def test_a_syntax_error_is_the_toml_readers_own_words_after_the_source() -> None:
    text = 'system = "2-4"\nbank = = 1\n'
    with pytest.raises(tomllib.TOMLDecodeError, match="line 2") as reader:
        tomllib.loads(text)
    assert _problem(text, source="c.toml") == f"c.toml: not a valid TOML file: {reader.value}"
    assert _problem(text, lang="ru") == f"это не правильный файл TOML: {reader.value}"


def test_nesting_too_deep_is_said_in_full_after_the_source_and_line() -> None:
    deep = "\nx = " + "[" * 20 + "]" * 20 + "\n"
    assert _problem(deep, source="c.toml") == (
        "c.toml: line 2: nested more than 16 deep (tables, dotted keys, arrays and inline tables inside "
        "one another)")
    assert _problem(deep, lang="ru").startswith("строка 2: вложенность глубже 16 уровней (")


def test_the_toml_readers_recursion_is_a_last_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    # the pass before the reader refuses a deep text; without it the reader would recurse too
    # deep, and that too is one error, not a traceback
    import cp_trainer.rules.house_rules_file as module

    monkeypatch.setattr(module, "_walk", lambda text: (None, [1]))
    deep = "x = " + "[" * 5000 + "]" * 5000 + "\n"
    assert _problem(deep, source="c.toml") == (
        "c.toml: nested more than 16 deep (tables, dotted keys, arrays and inline tables inside one another)")
    assert _problem(deep, lang="ru").startswith("вложенность глубже 16 уровней (")


def test_house_rules_own_checks_are_a_last_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    # every value is checked key by key first; were a check of the file's to let a value through,
    # HouseRules' own refusal and its bounds would still stop the file, with its source
    import cp_trainer.rules.house_rules_file as module

    real = module._parsers

    def lax(lang: str) -> dict[str, Any]:  # no check of bank nor of surrender_cost at all
        return {**real(lang), "bank": lambda value: value, "surrender_cost": lambda value: value}

    monkeypatch.setattr(module, "_parsers", lax)
    assert _problem("surrender_cost = 400\n", source="c.toml") == (
        "c.toml: surrender_cost must be at most 99, got 400")
    assert _problem("bank = 1.5\n", source="c.toml") == "c.toml: bank must be a seat from 0 to 3, got 1.5"


def test_a_royalty_inside_an_inline_table_is_placed_on_the_tables_line() -> None:
    assert _problem('\nroyalty_table = { top_trips = -1 }\n').startswith(
        "line 2: royalty_table.top_trips = -1 is out of range")
    assert _problem('\nroyalty_table = { "top.trips" = 1 }\n').startswith(
        "line 2: unknown key royalty_table.top.trips = 1 (")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_refusal_of_a_file_is_worded_in_the_language_asked(lang: str, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    words = {
        "missing": ("no such house-rules file: {p}", "нет такого файла правил: {p}"),
        "folder": ("{p} is a folder, not a house-rules file", "{p} — папка, а не файл правил"),
        "special": ("{p} is not a regular file", "{p} — не обычный файл"),
        "too_large": ("{p} is too large for a house-rules file (1000001 bytes; at most 1000000)",
                      "{p} слишком велик для файла правил (1000001 байт; не больше 1000000)"),
        "encoding": ("{p} is not UTF-8 text", "{p} — не текст в кодировке UTF-8"),
        "unreadable": ("cannot read {p}: Permission denied", "не удаётся прочитать {p}: Permission denied"),
        "bad key": ("{p}: line 1: bank = 9 is out of range: expected a whole number from 0 to 3",
                    "{p}: строка 1: bank = 9 вне допустимых значений: нужно целое число от 0 до 3"),
    }
    large, binary, denied, bad = (tmp_path / n for n in ("large.toml", "bin.toml", "denied.toml", "bad.toml"))
    large.write_bytes(b"#" * 1_000_001)
    binary.write_bytes(b"\xff\n")
    denied.write_text("", encoding="utf-8")
    bad.write_text("bank = 9\n", encoding="utf-8")
    paths = {"missing": tmp_path / "none.toml", "folder": tmp_path, "special": Path("/dev/null"),
             "too_large": large, "encoding": binary, "unreadable": denied, "bad key": bad}
    real_open = os.open

    def refuse(name: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.fspath(name) == str(denied):
            raise PermissionError(13, "Permission denied")
        return real_open(name, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    for kind, path in paths.items():
        with pytest.raises(RulesFileError, match=re.escape(str(path))) as info:
            read_rules_file(path, lang)
        expected = words[kind][lang == "ru"].format(p=path)
        assert info.value.problems == [expected], kind


def test_a_file_of_exactly_the_most_bytes_is_read(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_bytes(b'bank = 2\n#' + b"x" * (1_000_000 - 11) + b"\n")
    assert path.stat().st_size == 1_000_000
    assert read_rules_file(path).rules.bank == 2


# --- writing, in detail ------------------------------------------------------------------------

def test_the_written_file_starts_with_its_comment_in_both_languages() -> None:
    text = dumps_rules(RulesFile())
    assert text.startswith(
        "# cp-trainer house rules. Every key is explained in docs/house-rules.sample.toml.\n"
        "# Правила стола cp-trainer; каждый ключ описан в docs/house-rules.sample.toml.\n\n"
        'system = "2-4"\n')


def test_what_would_not_read_back_is_not_written(tmp_path: Path) -> None:
    beyond = RulesFile(HouseRules(point_value=1e7))  # HouseRules holds it; its bounds do not
    with pytest.raises(RulesFileError, match=r": point_value = 10000000\.0 is out of range"):
        dumps_rules(beyond)
    with pytest.raises(RulesFileError, match=r": point_value = 10000000\.0 is out of range"):
        write_rules_file(tmp_path / "club.toml", beyond)
    assert list(tmp_path.iterdir()) == []


def test_the_tables_protocol_form_leaves_out_only_a_scoop_bonus_left_to_the_system() -> None:
    from cp_trainer.rules.house_rules_file import _plain

    keys = [k for k in FILE_KEYS if k != "scoop_bonus"]
    assert list(_plain(RulesFile(), every_key=False)) == keys
    assert list(_plain(RulesFile())) == list(FILE_KEYS)
    assert _plain(RulesFile())["scoop_bonus"] == "auto"
    chosen = RulesFile(HouseRules(scoop_bonus=4))
    assert _plain(chosen, every_key=False)["scoop_bonus"] == 4 == _plain(chosen)["scoop_bonus"]
    assert list(_plain(chosen, every_key=False)) == list(FILE_KEYS)


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_gets_the_usual_mode_under_the_umask(umask: int, mode: int, tmp_path: Path) -> None:
    old = os.umask(umask)
    try:
        write_rules_file(tmp_path / "new.toml", RulesFile())
        write_rules_file(tmp_path / "replaced.toml", RulesFile(), replace=True)  # nothing there to keep
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == mode
    assert stat.S_IMODE((tmp_path / "replaced.toml").stat().st_mode) == mode
    assert os.umask(old) == old  # the umask is as it was


def test_the_temporary_file_is_hidden_beside_the_target(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    made: list[str] = []
    real = tempfile.mkstemp

    def recording(*args: Any, **kwargs: Any) -> tuple[int, str]:
        fd, name = real(*args, **kwargs)
        made.append(name)
        return fd, name

    monkeypatch.setattr(tempfile, "mkstemp", recording)
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    write_rules_file(tmp_path / "club.toml", RulesFile())
    write_rules_file("here.toml", RulesFile())  # a bare name: beside it is the current folder
    first, second = (Path(name) for name in made)
    assert first.parent == tmp_path and re.fullmatch(r"\.club\.toml\..+\.tmp", first.name), first
    assert second.parent.resolve() == tmp_path / "sub" and re.fullmatch(r"\.here\.toml\..+\.tmp", second.name)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml", "sub"]
    assert [p.name for p in (tmp_path / "sub").iterdir()] == ["here.toml"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_refusal_to_write_is_worded_in_the_language_asked(lang: str, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "club.toml"
    path.write_text("# mine\n", encoding="utf-8")
    exists = ("{p} already exists and is not replaced without asking",
              "{p} уже существует и без вопроса не заменяется")[lang == "ru"]
    folder = ("{p} is a folder, not a house-rules file", "{p} — папка, а не файл правил")[lang == "ru"]
    cannot = ("cannot write {p}: {r}", "не удаётся записать {p}: {r}")[lang == "ru"]
    with pytest.raises(RulesFileError, match="club") as info:
        write_rules_file(path, RulesFile(), lang=lang)
    assert info.value.problems == [exists.format(p=path)]
    with pytest.raises(RulesFileError, match=re.escape(str(tmp_path))) as info:
        write_rules_file(tmp_path, RulesFile(), lang=lang)  # a folder, even when not asked to replace
    assert info.value.problems == [folder.format(p=tmp_path)]
    nowhere = tmp_path / "no" / "club.toml"
    with pytest.raises(RulesFileError, match="club") as info:
        write_rules_file(nowhere, RulesFile(), lang=lang)
    assert info.value.problems == [cannot.format(p=nowhere, r="No such file or directory")]

    def full(*_: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(RulesFileError, match="club") as info:
        write_rules_file(path, RulesFile(), replace=True, lang=lang)
    assert info.value.problems == [cannot.format(p=path, r="No space left on device")]

    def odd(*_: Any) -> None:
        raise OSError("the disk said no")  # no error number: its words as they are

    monkeypatch.setattr(os, "replace", odd)
    with pytest.raises(RulesFileError, match="club") as info:
        write_rules_file(path, RulesFile(), replace=True, lang=lang)
    assert info.value.problems == [cannot.format(p=path, r="the disk said no")]
    assert path.read_text(encoding="utf-8") == "# mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml"]


def test_a_file_made_by_another_writer_meanwhile_is_not_replaced(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "club.toml"
    real_link = os.link

    def raced(src: Any, dst: Any) -> None:  # another writer puts its file there first
        Path(dst).write_text("# theirs\n", encoding="utf-8")
        real_link(src, dst)

    monkeypatch.setattr(os, "link", raced)
    with pytest.raises(RulesFileError, match=r"already exists and is not replaced without asking$") as info:
        write_rules_file(path, RulesFile(), lang="en")
    assert info.value.problems == [f"{path} already exists and is not replaced without asking"]
    assert path.read_text(encoding="utf-8") == "# theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml"]
    with pytest.raises(RulesFileError, match=r"уже существует"):
        write_rules_file(tmp_path / "other.toml", RulesFile(), lang="ru")


def test_without_hard_links_the_file_is_still_written_and_never_over_another(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: Any, dst: Any) -> None:
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "club.toml"
    write_rules_file(path, RulesFile(HouseRules(bank=2)))
    assert read_rules_file(path).rules.bank == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml"]

    def raced(src: Any, dst: Any) -> None:  # another writer got there first, then no hard link
        Path(dst).write_text("# theirs\n", encoding="utf-8")
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", raced)
    other = tmp_path / "other.toml"
    for lang, words in (("en", "already exists"), ("ru", "уже существует")):
        other.unlink(missing_ok=True)
        with pytest.raises(RulesFileError, match=words) as info:
            write_rules_file(other, RulesFile(), lang=lang)
        assert info.value.problems[0].startswith(str(other))
        assert other.read_text(encoding="utf-8") == "# theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.toml", "other.toml"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_link_a_read_only_file_and_a_fifo_are_never_written_even_when_asked(lang: str,
                                                                              tmp_path: Path) -> None:
    # the writer is cp_trainer.history.safe_file's: never through a link, never over what is not a
    # regular file, never over a read-only file
    real = tmp_path / "real.toml"
    real.write_text("# mine\n", encoding="utf-8")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    locked = tmp_path / "locked.toml"
    locked.write_text("# locked\n", encoding="utf-8")
    locked.chmod(0o444)
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    words = {link: ("{p} is a symbolic link; house rules are never written through a link",
                    "{p} — символическая ссылка; правила через ссылку не записываются"),
             locked: ("{p} is read-only; it was not replaced",
                      "{p} доступен только для чтения; он не заменён"),
             pipe: ("{p} is not a regular file", "{p} — не обычный файл")}
    for path, (en, ru) in words.items():
        with pytest.raises(RulesFileError) as info:
            write_rules_file(path, RulesFile(), replace=True, lang=lang)
        assert info.value.problems == [(ru if lang == "ru" else en).format(p=path)]
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "# mine\n"
    assert locked.read_text(encoding="utf-8") == "# locked\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "link.toml", "locked.toml", "pipe.toml", "real.toml"]  # no temporary file left


def test_what_nests_too_deep_is_placed_where_it_first_does() -> None:
    text = "".join(f"[t{n}." + ".".join("a" * 14) + "]\nb.c = 1\n" for n in range(5))  # 15 + 2 parts
    assert _problem(text).startswith("line 2: nested more than 16 deep"), _problem(text)
    text = "x = [[1], [" + "[" * 14 + "1" + "]" * 14 + "]]\ny = [" + "[" * 20 + "]" * 20 + "]\n"
    assert _problem(text).startswith("line 1: nested more than 16 deep"), _problem(text)


# --- the key scanner, in detail ----------------------------------------------------------------

@pytest.mark.parametrize(("key", "decoded"), [
    ('"\\b"', "\b"), ('"\\t"', "\t"), ('"\\n"', "\n"), ('"\\f"', "\f"), ('"\\r"', "\r"),
    ('"\\""', '"'), ('"\\\\"', "\\"),
    ('"\\u0041x"', "Ax"), ('"\\U0001F600x"', "\U0001F600x"), ('"b\\u00e9"', "bé"),
    ("'\\t'", "\\t"),  # a literal string has no escapes
    ('"a\\\\\\tb"', "a\\\tb"),
])
def test_a_quoted_key_is_placed_by_its_decoded_name(key: str, decoded: str) -> None:
    text = f"first = 1\n{key} = 2\nlast = 3\n"
    assert decoded in tomllib.loads(text)  # as the reader decodes it: key_lines reads what it has read
    assert key_lines(text) == {"first": 1, decoded: 2, "last": 3}


def test_strings_of_every_kind_end_where_toml_ends_them() -> None:
    text = ('a = """x\n\\"""\ny"""\n'  # an escaped quote inside: the string ends on line 3
            "b = 1\n"
            "c = '''p\\'''\n"  # a literal string: the backslash escapes nothing
            'd = """q\\\\"""\n'  # an even run of backslashes: the quotes close the string
            'e4 = ["""z\\\\\\\\""", 1]\n'  # four of them too
            'e = ["""r""""", [1]]\n'  # five quotes at the end: two of them are the string's
            "f = ['''s''''', [1]]\n"
            'g = ["t\\"]", 1]\n'  # an escaped quote in a one-line string, and a bracket in it
            "h = ['u\\', 1]\n"
            'i = "v" # "\n'
            "j = 2\n")
    data = tomllib.loads(text)
    assert data["a"] == 'x\n"""\ny' and data["c"] == "p\\" and data["e"] == ['r""', [1]]
    assert data["e4"] == ["z\\\\", 1]
    assert key_lines(text) == {"a": 1, "b": 4, "c": 5, "d": 6, "e4": 7, "e": 8, "f": 9, "g": 10, "h": 11,
                               "i": 12, "j": 13}


def test_tables_are_placed_where_they_are_first_defined() -> None:
    text = ('[a.b]\nc = 1\n[a]\nd = 2\n[[t]]\nv = 1\n[[t]]\nv = 2\n[ "q" . r ]\n'
            "s.u = 1\ns.w = 2\n")
    tomllib.loads(text)
    assert key_lines(text) == {"a": 3, "a.b": 1, "a.b.c": 2, "a.d": 4, "t": 5, "t.v": 6, "q": 9, "q.r": 9,
                               "q.r.s": 10, "q.r.s.u": 10, "q.r.s.w": 11}


def test_values_over_several_lines_and_line_ends_of_every_kind() -> None:
    text = ("a = 1\r\nb = [\r\n  1, # ]\r\n  {c = 2},\r\n]\r\n\r\nd = { e.f = [1, {g = 3}], h = 'i' }\n"
            "X = 4\n  \t\n")
    tomllib.loads(text)
    assert key_lines(text) == {"a": 1, "b": 2, "d": 7, "X": 8}


def test_what_is_not_toml_does_not_throw_the_count_of_lines() -> None:
    # the pass that refuses deep nesting comes before the TOML reader, so it reads on past
    # anything, keeping the count of lines (key_lines reads only what the reader has read)
    assert _walk('a = 1\n"b\\\nc = 2\n') == (None, [1, 2, 3, 4])  # a backslash at a line's end
    assert _walk('= 1\nword\nx = 1]\ny = "z\nw = \'v\n') == (None, [1, 2, 3, 4, 5, 6])
    assert _walk("a = '''never\nclosed") == (None, [1, 2])
    assert _walk('"a\\') == (None, [1])
    # ...and where that text nests too deep, the line is still the right one
    problem = _problem('a = "x\\\n\nb = ' + "[" * 17 + "\n")
    assert problem.startswith("line 3: nested more than 16 deep"), problem
    problem = _problem("a = '''x\n''' # [[[\n\nb = " + "[" * 17 + "\n")  # strings, comments: skipped whole
    assert problem.startswith("line 4: nested more than 16 deep"), problem


def test_quotes_just_after_a_multi_line_string_are_its_own_and_no_more() -> None:
    text = ('"k" = """a"""\n'  # the text starts with a quote: no quote of the string's own
            'm = ["""b"""", 1]\n'  # one quote more: the string's
            "n = ['''c'''']\n"
            'o = ["""d""""" ]\n'  # two more
            "p = 2\n")
    assert tomllib.loads(text)["n"] == ["c'"] and tomllib.loads(text)["o"] == ['d""']
    assert key_lines(text) == {"k": 1, "m": 2, "n": 3, "o": 4, "p": 5}


def test_deep_nesting_in_an_inline_tables_key_names_its_line() -> None:
    text = "a = 1\n\nx = {" + ".".join("a" * 16) + " = 1}\n"
    assert _problem(text).startswith("line 3: nested more than 16 deep"), _problem(text)
    assert _problem("\n\nx = {b = 1, " + ".".join("a" * 16) + " = 1}\n").startswith("line 3: nested")


def _deep(text: str) -> bool:
    try:
        loads_rules(text)
    except RulesFileError as exc:
        return "nested more than 16 deep" in str(exc)
    return False


@pytest.mark.parametrize(("name", "at_most", "beyond"), [
    ("a key of 16 parts", ".".join("a" * 16) + " = 1", ".".join("a" * 17) + " = 1"),
    ("a header of 16 parts", "[" + ".".join("a" * 16) + "]", "[" + ".".join("a" * 17) + "]"),
    ("a header and its key", "[" + ".".join("a" * 15) + "]\nb = 1", "[" + ".".join("a" * 16) + "]\nb = 1"),
    ("a header and a dotted key", "[" + ".".join("a" * 10) + "]\n" + ".".join("b" * 6) + " = 1",
     "[" + ".".join("a" * 10) + "]\n" + ".".join("b" * 7) + " = 1"),
    ("arrays in a table", "[t]\nx = " + "[" * 14 + "]" * 14, "[t]\nx = " + "[" * 15 + "]" * 15),
    ("inline tables", "x = " + "{a = " * 15 + "1" + "}" * 15, "x = " + "{a = " * 16 + "1" + "}" * 16),
    ("an inline dotted key", "x = {" + ".".join("a" * 15) + " = 1}", "x = {" + ".".join("a" * 16) + " = 1}"),
    ("an inline dotted key after a comma", "x = {b = 1, " + ".".join("a" * 15) + " = 1}",
     "x = {b = 1, " + ".".join("a" * 16) + " = 1}"),
    ("a dotted key in an array's inline table", "x = [1, {" + ".".join("a" * 14) + " = 1}]",
     "x = [1, {" + ".".join("a" * 15) + " = 1}]"),
    ("many arrays side by side", "x = " + "[" * 14 + "[1], " * 40 + "]" * 14,
     "x = " + "[" * 15 + "[1], " * 40 + "]" * 15),
    ("inline tables side by side", "x = [" + "{a = {b = [1]}}, " * 40 + "[" * 14 + "]" * 14 + "]",
     "x = [" + "{a = {b = [1]}}, " * 40 + "[" * 15 + "]" * 15 + "]"),
    ("arrays on lines of their own", "x = [\n" + "[\n" * 14 + "]\n" * 14 + "]",
     "x = [\n" + "[\n" * 15 + "]\n" * 15 + "]"),
])
def test_nesting_is_counted_the_same_way_in_every_construct(name: str, at_most: str, beyond: str) -> None:
    assert not _deep(at_most + "\n"), name
    assert _deep(beyond + "\n"), name


# --- each key's check, on its bounds and in both languages ---------------------------------------

def test_every_whole_number_is_read_on_its_bounds_and_refused_just_beyond() -> None:
    bounds = {"bank": (0, 3), "scoop_bonus": (0, 10), "surrender_cost": (1, 99), "natural_amount": (1, 99),
              **{f"royalty_table.{name}": (0, 999) for name in ROYALTY_KEYS}}
    for key, (low, high) in bounds.items():
        for value in (low, high):
            rules = loads_rules(f"{key} = {value}\n").rules
            table, _, name = key.rpartition(".")
            assert getattr(rules.royalty_table if table else rules, name) == value, key
        for value in (low - 1, high + 1):
            assert _problem(f"{key} = {value}\n").startswith(f"line 1: {key} = {value} is out of range: "
                                                            f"expected "), key


def test_every_money_amount_is_read_on_its_bounds() -> None:
    assert loads_rules("point_value = 0.01").rules.point_value == 0.01
    assert loads_rules("point_value = 1000000").rules.point_value == 1e6
    assert loads_rules("stakes = [0.01, 1000000, 3, 4]").rules.stakes == (0.01, 1e6, 3.0, 4.0)
    assert loads_rules("stakes = []") == RulesFile()
    assert isinstance(loads_rules("point_value = 3").rules.point_value, float)


BOOL_KEYS = ("ignore_fouls", "surrender", "royalties", "royalties_better_hand_only", "naturals",
             "wheel_second", "low_middle", "criss_cross")
EXPECTED_EN = {
    "system": 'one of "2-4", "2-4-scoop", "1-6"',
    "ties": 'one of "push", "bank"',
    "bank": "a whole number from 0 to 3",
    "scoop_bonus": '"auto" or a whole number from 0 to 10',
    "surrender_cost": '"auto" or a whole number from 1 to 99',
    "natural_amount": '"auto" or a whole number from 1 to 99',
    "point_value": "a number from 0.01 to 1000000",
    "stakes": "a list of at most 4 numbers from 0.01 to 1000000 (empty: every seat plays at point_value)",
    "royalty_table.top_trips": "a whole number from 0 to 999",
    **{key: "true or false" for key in BOOL_KEYS},
}
EXPECTED_RU = {
    "system": 'одно из: "2-4", "2-4-scoop", "1-6"',
    "ties": 'одно из: "push", "bank"',
    "bank": "целое число от 0 до 3",
    "scoop_bonus": '"auto" или целое число от 0 до 10',
    "surrender_cost": '"auto" или целое число от 1 до 99',
    "natural_amount": '"auto" или целое число от 1 до 99',
    "point_value": "число от 0.01 до 1000000",
    "stakes": "список не более чем из 4 чисел от 0.01 до 1000000 (пустой: все места играют по point_value)",
    "royalty_table.top_trips": "целое число от 0 до 999",
    **{key: "true или false" for key in BOOL_KEYS},
}


@pytest.mark.parametrize("key", list(EXPECTED_EN))
def test_a_value_of_the_wrong_type_is_told_what_would_do(key: str) -> None:
    # "auto" is a string, so no true-or-false and no plain whole number; true is no choice, number or list
    wrong = '"auto"' if EXPECTED_EN[key] in ("true or false", "a whole number from 0 to 3",
                                             "a whole number from 0 to 999") else "true"
    assert _problem(f"{key} = {wrong}\n") == (
        f"line 1: {key} = {wrong}: wrong type, expected {EXPECTED_EN[key]}")
    assert _problem(f"{key} = {wrong}\n", lang="ru") == (
        f"строка 1: {key} = {wrong}: неверный тип, нужно {EXPECTED_RU[key]}")


@pytest.mark.parametrize(("key", "value"), [
    ("system", '"2-5"'), ("ties", '"split"'), ("bank", "4"), ("scoop_bonus", "11"), ("surrender_cost", "0"),
    ("natural_amount", "100"), ("point_value", "0.001"), ("stakes", "[1, 2, 3, 4, 5]"),
    ("stakes", "[2000000.5]"), ("royalty_table.top_trips", "1000"),
])
def test_a_value_out_of_range_is_told_what_would_do(key: str, value: str) -> None:
    assert _problem(f"{key} = {value}\n") == (
        f"line 1: {key} = {value} is out of range: expected {EXPECTED_EN[key]}")
    assert _problem(f"{key} = {value}\n", lang="ru") == (
        f"строка 1: {key} = {value} вне допустимых значений: нужно {EXPECTED_RU[key]}")


def test_a_royalty_table_that_is_not_a_table_is_told_so_in_both_languages() -> None:
    assert _problem("royalty_table = [1]\n") == (
        "line 1: royalty_table = [1]: wrong type, expected a table of royalty amounts, [royalty_table]")
    assert _problem("royalty_table = [1]\n", lang="ru") == (
        "строка 1: royalty_table = [1]: неверный тип, нужно таблица выплат роялти, [royalty_table]")


@pytest.mark.parametrize(("text", "shown"), [
    ("point_value = true", "true"), ("point_value = [1]", "[1]"), ("stakes = [1, false]", "[1, false]"),
    ("stakes = {a = 1}", "{a = 1}"), ('system = 2', "2"), ("ties = true", "true"),
    ("scoop_bonus = 1.0", "1.0"), ("natural_amount = false", "false"),
])
def test_a_bool_is_no_number_and_a_number_no_choice(text: str, shown: str) -> None:
    key = text.split(" = ")[0]
    assert _problem(text + "\n").startswith(f"line 1: {key} = {shown}: wrong type, expected ")


def test_a_money_amount_too_large_for_a_float_is_out_of_range() -> None:
    assert _problem("point_value = " + "9" * 400 + "\n") == (
        "line 1: point_value = a huge number is out of range: expected a number from 0.01 to 1000000")
    assert _problem("stakes = [1, " + "9" * 400 + "]\n").startswith(
        "line 1: stakes = [1, a huge number] is out of range: expected a list of at most 4")


def test_every_key_is_checked_whatever_comes_before_it() -> None:
    text = 'x = 1\nbank = 9\nroyalty_table.top_trips = 1\nsurrender = 1\n'
    assert [p.split(": ")[0] for p in _problems(text)] == ["line 1", "line 2", "line 4"]
    text = "[royalty_table]\ntop_pair = 1\ntop_trips = -1\nbottom_royal_flush = 1000\n"
    assert [p.split(": ")[0] for p in _problems(text)] == ["line 2", "line 3", "line 4"]


def _problems(text: str) -> list[str]:
    with pytest.raises(RulesFileError, match=r".") as info:
        loads_rules(text)
    return info.value.problems
