"""Standard input answered in chunks: ``arrange``, ``check`` and ``score`` print, byte
for byte, what answering one line at a time prints, bad lines included, in both output modes and
both languages; and a line typed into a pipe is answered before the next one comes."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from cp_trainer.cli import main
from cp_trainer.cli.arrange import arrangement_json, parse_hand, text_lines
from cp_trainer.cli.check import parse_arrangement
from cp_trainer.cli.check import result_json as check_json
from cp_trainer.cli.check import result_text as check_text
from cp_trainer.cli.common import answer_inputs, print_json
from cp_trainer.cli.streams import MAX_LINE, read_chunks, read_lines
from cp_trainer.rules.bot_names import parse_bot
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver import _jit

ROOT = Path(__file__).resolve().parents[2]
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
BAD_HANDS = ["As As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c", "Xx Kd", "As Kd Qh",
             "Jk As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c", "\ufeffAs \x1b[31mKd", "x" * (MAX_LINE + 5)]


def _rows(cards: list[str]) -> str:
    return f"{' '.join(cards[:3])} / {' '.join(cards[3:8])} / {' '.join(cards[8:13])}"


def _input(kind: str, n: int = 300, seed: int = 23) -> str:
    """``n`` random lines for ``kind`` with bad lines and blank lines among them."""
    rng = np.random.default_rng(seed)
    lines: list[str] = []
    for i in range(n):
        cards = [DECK[int(j)] for j in rng.permutation(52)[:26]]
        if i % 50 == 7:
            lines.extend(BAD_HANDS if kind == "arrange" else ["As As Kd / Qh Jc / 7c", "Xx / Kd / Qh"])
            lines.append("   ")
        if kind == "arrange":
            lines.append(" ".join(cards[:13]))
        elif kind == "check":
            lines.append(_rows(cards[:13]))
        else:
            lines.append(f"{_rows(cards[:13])} | {_rows(cards[13:])}")
    return "\n".join(lines) + "\n"


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str,
         *argv: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(list(argv))
    return status, capsys.readouterr().out


def _one_by_one(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str,
                answer: Callable[[str, object], None], parse: Callable[[str], object],
                as_json: bool, lang: str, error_key: str) -> tuple[int, str]:
    """What answering one line at a time prints: each line parsed and answered by itself."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = answer_inputs((), parse, answer, as_json=as_json, lang=lang, error_key=error_key)
    return status, capsys.readouterr().out


@pytest.mark.parametrize("bot", ["greedy", "standard", "pair-on-top", "scoop-chaser", "newcomer:0.3"])
@pytest.mark.parametrize(("as_json", "lang"), [(True, "en"), (False, "en"), (False, "ru")])
def test_arrange_in_chunks_prints_what_one_by_one_prints(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str], bot: str,
                                                         as_json: bool, lang: str) -> None:
    text = _input("arrange")
    rules = HouseRules()

    def answer(line: str, cards: object) -> None:
        assert isinstance(cards, list)
        record = arrangement_json(line, cards, parse_bot(bot), rules, lang)
        if as_json:
            print_json(record)
        else:
            print("\n".join(text_lines(record, parse_bot(bot), lang)), flush=True)

    with monkeypatch.context() as patch:  # one by one in NumPy, as a fresh process sets one hand
        patch.setattr(_jit, "is_loaded", lambda: False)
        want = _one_by_one(monkeypatch, capsys, text, answer, lambda t: parse_hand(t, lang), as_json, lang,
                           "solver.cli.error_line")
    got = _run(monkeypatch, capsys, text, "arrange", "--bot", bot, "--lang", lang, *(["--json"] * as_json))
    assert got[0] == want[0] == 2
    assert got[1].count("\n") >= 300
    assert got[1] == want[1]
    assert _jit.is_loaded()  # 300 hands went through the compiled kernels


@pytest.mark.parametrize(("as_json", "lang"), [(True, "en"), (False, "en"), (False, "ru")])
def test_check_in_chunks_prints_what_one_by_one_prints(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str], as_json: bool,
                                                       lang: str) -> None:
    from cp_trainer.rules.arrangement import Arrangement, check_arrangement

    text = _input("check")

    def answer(line: str, arrangement: object) -> None:
        assert isinstance(arrangement, Arrangement)
        result = check_arrangement(arrangement, HouseRules())
        if as_json:
            print_json(check_json(line, result, lang))
        else:
            print("\n".join(check_text(line, result, lang)), flush=True)

    want = _one_by_one(monkeypatch, capsys, text, answer, lambda t: parse_arrangement(t, lang), as_json, lang,
                       "rules.cli.error_line")
    got = _run(monkeypatch, capsys, text, "check", "--lang", lang, *(["--json"] * as_json))
    assert got == want
    assert got[0] == 2


@pytest.mark.parametrize(("as_json", "lang"), [(True, "en"), (False, "en"), (False, "ru")])
def test_score_in_chunks_prints_what_each_deal_prints_alone(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str], as_json: bool,
                                                            lang: str) -> None:
    text = _input("score", n=120)
    mode = ["--lang", lang, *(["--json"] * as_json)]
    got_status, got = _run(monkeypatch, capsys, text, "score", *mode)
    joined, answered = "", False
    for line in text.splitlines():
        if not line.strip():
            continue
        status, out = _run(monkeypatch, capsys, line + "\n", "score", *mode)
        if status == 0 and answered and not as_json:
            joined += "\n"  # text output: a blank line between answers, none before a bad line's error
        answered = answered or status == 0
        joined += out
    assert got_status == 2
    assert got == joined


def test_chunks_hold_every_line_in_order_and_stay_bounded() -> None:
    text = "".join(f"line {i}\n" for i in range(1000)) + "\n\n" + "y" * 50 + "\n"
    chunks = list(read_chunks(io.StringIO(text), lines=64, chars=200))
    assert [line for chunk in chunks for line in chunk] == list(read_lines(io.StringIO(text)))
    assert all(len(chunk) <= 64 and sum(len(line.text) for line in chunk) < 200 + 50 for chunk in chunks)
    assert len(chunks) > 1000 * 7 // 200


def test_a_line_typed_into_a_pipe_is_answered_before_the_next(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "cp_trainer", "arrange", "--json", "--bot", "standard"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for cards in (DECK[:13], DECK[13:26]):
            proc.stdin.write((" ".join(cards) + "\n").encode())
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], 300)
            assert ready, "no answer while standard input stays open"
            assert proc.stdout.readline().startswith(b'{"input": "' + cards[0].encode())
    finally:
        proc.stdin.close()
        assert proc.wait(300) == 0
        proc.stdout.close()
        if proc.stderr is not None:
            proc.stderr.close()
