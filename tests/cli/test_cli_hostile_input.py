"""The worst a user can type at ``arrange``, ``solve``, ``paigow`` and ``history``: one clear line
naming the problem, exit status 2, never a traceback, nothing acted on or left behind."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tracemalloc
from pathlib import Path

import pytest

from cp_trainer.cli import main

HAND = "As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"
ESC = "\x1b[2J"  # a terminal's clear-screen: shown, never acted on


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse's own refusals
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def refused(status: int, out: str, err: str, needle: str) -> bool:
    return (status == 2 and out == "" and needle in err and "Traceback" not in err
            and err.splitlines()[-1].count(needle) >= 1)


@pytest.mark.parametrize(("flag", "value"), [
    ("--seed", "-1"), ("--seed", "abc"), ("--samples", "1"), ("--samples", "-5"),
    ("--time-budget", "-1"), ("--time-budget", "nan"), ("--top", "0"),
])
def test_solve_refuses_bad_numbers(capsys: pytest.CaptureFixture[str], flag: str, value: str) -> None:
    status, out, err = run(capsys, "solve", "--samples", "10", flag, value, HAND)
    assert refused(status, out, err, flag), err


def test_solve_json_is_strict_json(capsys: pytest.CaptureFixture[str]) -> None:
    # NaN is not JSON: the fewest samples allowed still give a finite standard error
    status, out, _ = run(capsys, "solve", "--json", "--bot", "greedy", "--samples", "2", "--seed", "3",
                         HAND)
    assert status == 0

    def no_constants(name: str) -> None:
        raise AssertionError(f"{name} in JSON output")

    record = json.loads(out, parse_constant=no_constants)
    assert record["samples"] == 2 and isinstance(record["best"]["stderr"], float)


def test_solve_takes_the_cards_of_all_its_arguments_as_one_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    twelve, last = HAND.rsplit(" ", 1)
    status, out, err = run(capsys, "solve", "--json", "--bot", "greedy", "--samples", "20", "--seed", "1",
                           twelve, last)
    assert status == 0 and err == ""
    assert json.loads(out)["input"] == HAND
    status, out, err = run(capsys, "solve", "--samples", "20", "--lang", "en", twelve, "2c 3d")
    assert refused(status, out, err, "got 14")


def test_solve_refuses_a_bank_seat_nobody_sits_at(capsys: pytest.CaptureFixture[str]) -> None:
    # as score does: with 1 opponent the players are 0 and 1, so --bank 2 would silently push ties
    status, out, err = run(capsys, "solve", "--lang", "en", "--samples", "10", "--opponents", "1",
                           "--ties", "bank", "--bank", "2", HAND)
    assert refused(status, out, err, "--bank 2: no such player (players are 0 to 1)")
    status, _, _ = run(capsys, "solve", "--json", "--samples", "10", "--opponents", "2", "--ties", "bank",
                       "--bank", "2", HAND)
    assert status == 0


@pytest.mark.parametrize("argv", [
    ("arrange", "--bot", "greedy", f"As Kd{ESC} Qh"),
    ("solve", "--samples", "10", f"As Kd{ESC} Qh"),
    ("paigow", f"As Kd{ESC} Qh"),
    ("paigow", "--settle", f"As Kd{ESC} / Qh", "Ks Kh 8c 7d 2c / Qd Jh"),
])
def test_control_characters_in_an_argument_are_shown_not_sent_to_the_terminal(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *argv, "--lang", "en")
    assert status == 2 and out == ""
    assert "\x1b" not in err and "\\x1b[2J" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("argv", [("arrange", "--bot", "greedy"), ("paigow",)])
def test_control_characters_on_standard_input_are_shown_not_sent_to_the_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"As Kd{ESC} Qh\nNUL\x00 here\n"))
    status, out, _ = run(capsys, *argv, "--lang", "en")
    assert status == 2
    assert "\x1b" not in out and "\x00" not in out
    assert "\\x1b[2J" in out and "\\x00" in out and len(out.splitlines()) == 2


@pytest.mark.parametrize("target", ["", ".", "/", "folder", "folder/"])
def test_history_export_to_no_file_name_or_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], target: str) -> None:
    from cp_trainer.history import HistoryStore

    (tmp_path / "folder").mkdir()
    HistoryStore.open(tmp_path / "data").close()
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "history", "export", "--data-dir", "data", "--lang", "en", target)
    assert status == 2 and out == "" and "Traceback" not in err and len(err.splitlines()) == 1
    assert "cannot write" in err
    # nothing half-written is left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "folder"]
    assert list((tmp_path / "folder").iterdir()) == []


def test_solve_memory_does_not_grow_with_the_samples(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # a huge --samples runs until Ctrl-C: the command keeps no per-sample data, only running sums
    # and, up to a limit, the candidates' per-sample totals for the paired errors; the limit made
    # small here so that both runs pass it (the shipped one, 12 million numbers, is 48 MB)
    from cp_trainer.solver.montecarlo import QUIET_CHUNK
    from cp_trainer.solver.solve_stats import Pairing

    monkeypatch.setattr(Pairing, "limit", 50_000)

    def peak(samples: int) -> int:
        tracemalloc.start()
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                assert main(["solve", "--json", "--bot", "greedy", "--opponents", "3", "--samples",
                             str(samples), "--seed", "1", HAND]) == 0
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(10)  # tables and compiled kernels are loaded once, outside the measure
    small, large = peak(2 * QUIET_CHUNK), peak(8 * QUIET_CHUNK)  # each run several chunks long
    assert large < 1.3 * small, (small, large)


def test_a_solve_without_kept_samples_explains_only_its_candidates() -> None:
    from cp_trainer.rules.arrangement import Arrangement
    from cp_trainer.rules.cards import parse_cards
    from cp_trainer.solver.montecarlo import SolveRequest, solve

    cards = parse_cards(HAND)
    kept = solve(SolveRequest(tuple(cards), bot="greedy", samples=300, seed=2))
    lean = solve(SolveRequest(tuple(cards), bot="greedy", samples=300, seed=2, keep_samples=False))
    assert [(c.arrangement, c.ev, c.stderr) for c in lean.candidates] == \
        [(c.arrangement, c.ev, c.stderr) for c in kept.candidates]
    assert lean.explain() == kept.explain()
    with pytest.raises(ValueError, match="kept no samples"):
        lean.explain(Arrangement.parse("4d 3c 2c / 9s 8s 7h 6h 5h / As Kd Qh Jc Ts"))


@pytest.mark.parametrize("argv", [("arrange", "--bot", "greedy"), ("check",), ("paigow",)])
@pytest.mark.parametrize("line", ["As " * 100_000, "x" * 300_000])
def test_a_huge_line_is_named_in_a_short_message(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...],
                                                line: str) -> None:
    # the JSON echoes the input (the contract), but the message names the problem in a few hundred
    # characters instead of quoting megabytes back
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\n"))
    status, out, _ = run(capsys, *argv, "--json", "--lang", "en")
    (record,) = (json.loads(x) for x in out.splitlines())
    assert status == 2 and record["input"] == line.strip() and len(record["error"]) < 1000
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\n"))
    status, out, _ = run(capsys, *argv, "--lang", "en")
    assert status == 2 and len(out.splitlines()) == 1 and len(out) < 2000
    assert " … " in out


@pytest.mark.parametrize("argv", [("stats",), ("history", "export", "out.jsonl"),
                                  ("history", "import", "in.jsonl")])
def test_an_empty_data_dir_is_refused_not_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.jsonl").write_text("")
    status, out, err = run(capsys, *argv, "--data-dir", "  ", "--lang", "en")
    assert refused(status, out, err, "--data-dir")
    status, out, err = run(capsys, *argv, "--data-dir", "", "--lang", "en")
    assert refused(status, out, err, "--data-dir")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]  # no database made here


@pytest.mark.parametrize(("field", "number"), [
    ("points", "1" + "0" * 400), ("points", "1" + "0" * 5000), ("points", "1e308"),
    ("point_value", "1" + "0" * 400),  # HouseRules converted it to a float: OverflowError
])
def test_history_import_refuses_numbers_no_hand_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       number: str, field: str) -> None:
    # 1e400 does not fit a float, 5,000 digits exceed Python's int parsing limit, and two hands
    # of 1e308 points make the total infinite (stats --json would print Infinity, not JSON)
    from tests.history_fixtures import make_record

    lines = []
    for i in (1, 2):
        record = make_record(i).to_dict()
        if field == "points":
            record["opponents"][0]["points"] = 12345
        else:
            record["house_rules"]["point_value"] = 12345
        lines.append(json.dumps(record).replace("12345", number))
    (tmp_path / "in.jsonl").write_text("\n".join(lines) + "\n")
    status, out, err = run(capsys, "history", "import", "--data-dir", str(tmp_path / "data"),
                           str(tmp_path / "in.jsonl"), "--lang", "en")
    # each line is refused on its own (named, its number quoted short), none is imported
    assert status == 2 and "Imported 0 hands" in out and "Traceback" not in err and len(err.splitlines()) == 3
    assert "line 1" in err and "line 2" in err and "2 lines were not valid hands" in err and len(err) < 1000


def test_a_locked_history_is_reported_not_moved_aside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # another program (the trainer's window) holding the write lock is a moment's problem, not a
    # corrupt file: the user's history must stay where it is
    import sqlite3

    from cp_trainer.history import HistoryStore, sqlite_file
    from tests.history_fixtures import make_record

    with HistoryStore.open(tmp_path) as store:
        store.add(make_record(0))
    from cp_trainer.history import jsonl as jsonl_module

    monkeypatch.setattr(sqlite_file, "BUSY_TIMEOUT_MS", 50)
    monkeypatch.setattr(jsonl_module, "IMPORT_WAIT_S", 0.2)
    (tmp_path / "in.jsonl").write_text(json.dumps(make_record(1).to_dict()) + "\n")
    other = sqlite3.connect(tmp_path / "history.sqlite3", isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        # stats only reads: a writer holding the lock does not stop it (WAL)
        status, out, err = run(capsys, "stats", "--json", "--data-dir", str(tmp_path))
        assert status == 0 and json.loads(out)["hands"] == 1
        status, out, err = run(capsys, "history", "import", "--data-dir", str(tmp_path),
                               str(tmp_path / "in.jsonl"))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert status == 1 and out == "" and "busy" in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir() if "unreadable" in p.name) == []
    status, out, _ = run(capsys, "history", "import", "--data-dir", str(tmp_path), str(tmp_path / "in.jsonl"))
    assert status == 0
    status, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path))
    assert status == 0 and json.loads(out)["hands"] == 2


def test_a_folder_in_place_of_the_history_file_is_reported_not_moved(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "history.sqlite3").mkdir()
    (tmp_path / "history.sqlite3" / "keep.txt").write_text("mine")
    status, out, err = run(capsys, "stats", "--data-dir", str(tmp_path))
    assert status == 2 and out == "" and "history.sqlite3" in err and len(err.splitlines()) == 1
    assert (tmp_path / "history.sqlite3" / "keep.txt").read_text() == "mine"


def test_a_joker_in_chinese_poker_is_named_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "--lang", "en", "Jk Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d")
    assert status == 2 and err.count("\n") == 1
    assert "'Jk'" in err and "no joker in Chinese poker" in err
    status, out, err = run(capsys, "arrange", "--lang", "ru", "--bot", "greedy",
                           "Joker Jc 2s Kc Kd Th 9s 8h As Ah Qh 7c 4d")
    assert status == 2 and out == "" and "«Joker»" in err and "нет джокера" in err
    status, _, err = run(capsys, "check", "--lang", "en", "1x Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d")
    assert status == 2 and "joker" not in err


def test_gui_refuses_an_empty_data_dir(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.gui import app

    opened: list[object] = []
    monkeypatch.setattr(app, "run_app", lambda **kw: opened.append(kw) or 0)  # type: ignore[func-returns-value]
    for argv in (("gui", "--data-dir", ""), ("--data-dir", " ")):
        status, _, err = run(capsys, *argv)
        assert status == 2 and "--data-dir" in err and err.count("\n") == 1
    assert opened == []


def test_house_rules_refuse_numbers_too_large_for_a_float() -> None:
    from cp_trainer.rules.house_rules import HouseRules, HouseRulesError

    for value in (10**400, 10**5000):
        with pytest.raises(HouseRulesError, match="point_value") as info:
            HouseRules(point_value=value)
        assert len(str(info.value)) < 120
