"""``cp-trainer check`` and ``score``: their arguments, what they print (text and ``--json``),
their exit statuses and their one-line refusals."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from cp_trainer.cli import main

LEGAL = "Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d"
FOUL = "As Ah 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d"
EX2_A = "Js Jh 3d / Ks Kh 6s 6h 2c / 5s 5h 5c Ad 2d"
EX2_B = "Ts Th 7d / Kc Kd 8s 7h 6c / Qc Qd 4s 4h 3c"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_check_json_legal_and_foul(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "check", "--json", "--lang", "en", LEGAL, FOUL)
    assert status == 0 and err == ""
    legal, foul = json_lines(out)
    assert legal == {
        "input": LEGAL, "legal": True, "fouls": [],
        "rows": {"top": {"cards": "Qs Jc 2s", "category": "high_card", "name": "queen-high"},
                 "middle": {"cards": "Kc Kd Th 9s 8h", "category": "pair", "name": "pair of kings"},
                 "bottom": {"cards": "As Ah Qh 7c 4d", "category": "pair", "name": "pair of aces"}},
    }
    assert foul["legal"] is False
    fouls = foul["fouls"]
    assert isinstance(fouls, list) and [f["code"] for f in fouls] == ["order", "order"]
    assert "top: pair of aces" in fouls[0]["message"]


def test_check_wrong_sizes_and_duplicates_are_fouls(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "check", "--json", "--lang", "ru", "As Ah / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d",
                         "As Ah 2s / As Kd Th 9s 8h / Qs Jc Qh 7c 4d")
    assert status == 0
    sizes, dup = json_lines(out)
    assert sizes["rows"] is None and sizes["legal"] is False
    # The short top, and the middle's kings over the bottom's queens: every failure is reported.
    assert [f["code"] for f in sizes["fouls"]] == ["row_size", "order"]
    assert "верхний ряд" in sizes["fouls"][0]["message"]
    assert dup["fouls"][0]["code"] == "duplicate" and "As" in dup["fouls"][0]["message"]


def test_check_text_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "check", "--lang", "en", FOUL)
    assert out.splitlines()[0] == f"{FOUL}: FOUL"
    assert "pair of kings" in out and "bottom ≥ middle ≥ top" in out
    _, out, _ = run(capsys, "check", "--lang", "ru", LEGAL)
    assert out.splitlines()[0] == f"{LEGAL}: законно"
    assert "пара королей" in out and "средний ряд" in out


def test_check_variants(capsys: pytest.CaptureFixture[str]) -> None:
    low = "Qs Qd 9c / 7h 5d 4c 3s 2h / Ks Kh 8d 6c 6d"
    _, out, _ = run(capsys, "check", "--json", low)
    assert json_lines(out)[0]["legal"] is False
    _, out, _ = run(capsys, "check", "--json", "--lang", "en", "--low-middle", low)
    record = json_lines(out)[0]
    assert record["legal"] is True and record["rows"]["middle"]["name"] == "7-5-4-3-2 low"
    wheel = "2s 3d 4c / 9h Kd Qc Js Th / Ah 2d 3c 4s 5h"
    _, out, _ = run(capsys, "check", "--json", "--wheel-second", wheel)
    assert json_lines(out)[0]["legal"] is True
    a, b = "Qs Qd 9c / 7h 5d 4c 3s 2h / Ks Kh 8d 6c 6d", "Js Jd 9d / 8h 6h 4d 3c 2c / As Ah Ad Tc 9h"
    _, out, _ = run(capsys, "score", "--json", "--low-middle", a, b)
    assert json_lines(out)[0]["points"] == [2, -2]
    _, out, _ = run(capsys, "score", "--json", a, b)
    assert json_lines(out)[0]["points"] == [0, 0]  # under the normal order both hands foul


@pytest.mark.parametrize(("arg", "needle"), [
    ("As 1x 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d", "'1x'"),
    ("As Kd 2s / Kc Kd Th 9s 8h", "3 rows"),
])
def test_check_bad_arguments(capsys: pytest.CaptureFixture[str], arg: str, needle: str) -> None:
    status, out, err = run(capsys, "check", "--lang", "en", LEGAL, arg)
    assert status == 2 and out == ""  # nothing answered: every argument must parse first
    assert needle in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_check_stdin_answers_every_line(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{LEGAL}\n\nQs Jx 2s / / \n{FOUL}\n"))
    status, out, _ = run(capsys, "check", "--json", "--lang", "en")
    assert status == 2
    first, bad, last = json_lines(out)
    assert first["legal"] is True and last["legal"] is False
    assert bad["input"] == "Qs Jx 2s / /" and "'Jx'" in str(bad["error"])


def test_score_example2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--json", EX2_A, EX2_B)
    assert status == 0
    assert json_lines(out) == [{"points": [4, -4], "pairs": [
        {"players": [0, 1], "rows": {"top": 0, "middle": 0, "bottom": 0}, "points": [4, -4]}]}]
    _, out, _ = run(capsys, "score", "--lang", "en", EX2_A, EX2_B)
    assert "player A vs player B: +4 / -4" in out and "total: player A +4, player B -4" in out
    _, out, _ = run(capsys, "score", "--lang", "ru", EX2_A, EX2_B)
    assert "выигрывает игрок A" in out and "итог: игрок A +4, игрок B -4" in out


def test_score_rules_options(capsys: pytest.CaptureFixture[str]) -> None:
    a = "Ks 8s 3c / 9s 9c 6c 5c 4h / Js Jh 7s 7h 2s"
    tie_win_loss = "Kd 8d 3d / 8h 8c 6d 5d 4d / Qs Qh 7c 7d 2h"  # top tied, a wins middle, loses bottom
    _, out, _ = run(capsys, "score", "--json", a, tie_win_loss)
    assert json_lines(out)[0]["points"] == [0, 0]
    pair = json_lines(out)[0]["pairs"][0]
    assert pair["rows"] == {"top": None, "middle": 0, "bottom": 1}
    _, out, _ = run(capsys, "score", "--json", "--ties", "bank", "--bank", "1", a, tie_win_loss)
    assert json_lines(out)[0]["points"] == [-2, 2]
    fouled = "Js Jh 7s / 9s 9c 6c 5c 4h / Ks 8s 3c 7h 2s"
    _, out, _ = run(capsys, "score", "--json", "--system", "1-6", fouled, tie_win_loss)
    assert json_lines(out)[0]["points"] == [-6, 6]
    _, out, _ = run(capsys, "score", "--json", "--ignore-fouls", fouled, tie_win_loss)
    # As they lie: JJ7 beats K-8-3, nines beat eights, K-high loses to queens up: 2-1.
    record = json_lines(out)[0]
    assert record["points"] == [2, -2]
    assert record["pairs"][0]["rows"] == {"top": 0, "middle": 0, "bottom": 1}


def test_score_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", "--lang", "en", "--ties", "bank", "--bank", "2", EX2_A, EX2_B)
    assert status == 2 and "--bank 2" in err and out == ""
    status, _, err = run(capsys, "score", "--lang", "en", EX2_A, EX2_A)
    assert status == 2 and "Js" in err  # one card cannot be in two hands
    status, _, err = run(capsys, "score", "--lang", "en", EX2_A.replace("3d", "Jh"), EX2_B)
    assert status == 2 and "Jh appears twice" in err and "player A" in err
    status, _, err = run(capsys, "score", "--lang", "en", EX2_A)
    assert status == 2 and "2 to 4" in err


def test_score_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = f"{EX2_A} | {EX2_B}\n{EX2_A} | 1x / Kc / 2d\n{EX2_B}|{EX2_A}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    status, out, _ = run(capsys, "score", "--json", "--lang", "en")
    assert status == 2
    first, bad, last = json_lines(out)
    assert first["points"] == [4, -4] and last["points"] == [-4, 4]
    assert bad["input"] == f"{EX2_A} | 1x / Kc / 2d" and "'1x'" in str(bad["error"])


def test_python_dash_m_reports_bad_input_on_stderr() -> None:
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "check", "--lang", "en",
                           "As 1x 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        "cp-trainer check: not a card: '1x' in \"As 1x 2s / Kc Kd Th 9s 8h / Qs Jc Qh 7c 4d\""]


def test_stdin_bytes_that_are_not_text_answer_an_error_line_not_a_traceback() -> None:
    # A strict UTF-8 stdin (as under en_US.UTF-8) with a stray byte, and a file saved with a
    # byte-order mark: the bad line is answered as an error, the others are checked.
    data = b"\xef\xbb\xbf" + LEGAL.encode() + b"\n\xff\xfe" + LEGAL.encode() + b"\n" + FOUL.encode() + b"\n"
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "check", "--json", "--lang", "en"],
                          input=data, capture_output=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert b"Traceback" not in proc.stderr
    assert proc.returncode == 2
    first, bad, last = json_lines(proc.stdout.decode("utf-8"))  # the output is valid UTF-8
    assert first["input"] == LEGAL and first["legal"] is True
    assert "error" in bad and "\ufffd" in bad["input"]
    assert last["legal"] is False


def test_output_the_terminal_cannot_encode_is_escaped_not_a_traceback() -> None:
    # Russian names and suit symbols on a stdout that only takes ASCII (a Latin-1 locale, a
    # Windows pipe): the verdict still comes out.
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "check", "--lang", "ru", FOUL],
                          capture_output=True, timeout=60, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert b"Traceback" not in proc.stderr and proc.returncode == 0
    assert proc.stdout.decode("ascii").startswith(FOUL + ": ")


SIX_PAIRS = "2h 2d 9h / 3c 3h 4d 4s 5c / 5d 6h 6s 7c 7h"
QUADS = "Ks Kd 3d / Ac Ad Qs Qh 2c / 8c 8d 8h 8s Jc"  # wins every row; bottom quads: royalty 4
WHEEL = "2s 3d 4c / 6h 6d 7c 8s 9h / Ah 2d 3c 4s 5h"
KING_STRAIGHT = "2h 3h 4d / 6s 6c 7d 8d 9d / 9c Kd Qc Js Th"


@pytest.mark.parametrize(("flags", "hands", "points", "rows"), [
    ((), (SIX_PAIRS, QUADS), [-4, 4], {"top": 1, "middle": 1, "bottom": 1}),
    (("--naturals",), (SIX_PAIRS, QUADS), [4, -4], {"top": None, "middle": None, "bottom": None}),
    (("--naturals", "--system", "1-6"), (SIX_PAIRS, QUADS), [6, -6],
     {"top": None, "middle": None, "bottom": None}),
    (("--royalties",), (SIX_PAIRS, QUADS), [-8, 8], {"top": 1, "middle": 1, "bottom": 1}),
    ((), (WHEEL, KING_STRAIGHT), [-1, 1], {"top": None, "middle": None, "bottom": 1}),
    (("--wheel-second",), (WHEEL, KING_STRAIGHT), [1, -1], {"top": None, "middle": None, "bottom": 0}),
    (("--system", "2-4-scoop"), (EX2_A, "Qs Qh 7d / Kc Kd 8s 7h 6c / Tc Td 4s 4h 3c"), [1, -1],
     {"top": 1, "middle": 0, "bottom": 0}),
])
def test_score_contract_flags(capsys: pytest.CaptureFixture[str], flags: tuple[str, ...],
                              hands: tuple[str, str], points: list[int], rows: dict[str, int | None]) -> None:
    status, out, err = run(capsys, "score", "--json", *flags, *hands)
    assert status == 0 and err == ""
    pair = {"players": [0, 1], "rows": rows, "points": points}
    assert json_lines(out) == [{"points": points, "pairs": [pair]}]


@pytest.mark.parametrize("arg", [
    "As 1x\nfoo / Kc / 2d", "As \x1b[31m1x / Kc / 2d", "1x\n2y", "As K\x00 / / "])
def test_bad_input_is_echoed_on_one_line_without_control_characters(
        capsys: pytest.CaptureFixture[str], arg: str) -> None:
    status, out, err = run(capsys, "check", "--lang", "en", arg)
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1
    assert not any(ord(ch) < 32 for ch in err[:-1])  # a newline, NUL or ESC shows escaped


def test_text_mode_echoes_stdin_lines_without_control_characters(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    tabbed = LEGAL.replace(" / ", " /\x0b")  # a vertical tab separates cards like a space
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"\x1b]0;pwned\x07{LEGAL}\n{tabbed}\n"))
    status, out, _ = run(capsys, "check", "--lang", "en")
    assert status == 2
    assert "\x1b" not in out and "\x07" not in out and "\x0b" not in out
    assert "\\x1b]0;pwned\\x07" in out and "/\\x0b" in out
