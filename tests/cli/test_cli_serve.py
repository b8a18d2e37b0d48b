"""``cp-trainer serve``'s command line: bad options are refused on one line
with exit status 2, the ready line is exactly one JSON line, Ctrl+C ends the table cleanly."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cp_trainer.cli import main as cli_main
from cp_trainer.net.server import is_loopback


def refusal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    try:
        status = cli_main(["serve", *args])
    except SystemExit as exc:  # argparse's own refusals
        status = int(exc.code or 0)
    assert status == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.strip().splitlines()[-1]


@pytest.mark.parametrize(("args", "said"), [
    (["--seats", "5"], "2 to 4 seats"), (["--seats", "1"], "at least 2"),
    (["--seats", "2", "--bots", "2"], "--bots: 0 to 1"), (["--bots", "-1"], "at least 0"),
    (["--code", "abc"], "--code: 6 to 32"), (["--code", "bad code!"], "--code"),
    (["--port", "-1"], "at least 0"), (["--port", "65536"], "0 to 65535"),
    (["--replace-after", "nan"], "1 to 86400"), (["--review-samples", "1"], "at least 2"),
    (["--lang", "fr"], "invalid choice"), (["--bot", "nobody"], "unknown bot: 'nobody'"),
    (["--host", " "], "--host"), (["--data-dir", ""], "--data-dir"),
    (["--rules", "/no/such/rules.toml"], "no such house-rules file"),
])
def test_bad_options_are_refused_on_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                             said: str) -> None:
    line = refusal(capsys, *args, "--lang", "en") if "--lang" not in args else refusal(capsys, *args)
    assert line.startswith("cp-trainer serve") and said in line


def test_a_criss_cross_table_or_a_bank_beyond_the_seats_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crossed = tmp_path / "cc.toml"
    crossed.write_text("criss_cross = true\n", encoding="utf-8")
    assert "Criss Cross" in refusal(capsys, "--rules", str(crossed), "--lang", "en")
    bank = tmp_path / "bank.toml"
    bank.write_text('ties = "bank"\nbank = 3\n', encoding="utf-8")
    assert "bank" in refusal(capsys, "--rules", str(bank), "--seats", "2", "--lang", "en")


def test_only_loopback_addresses_stay_on_this_machine() -> None:
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "::1", "localhost"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.20", "example.org"))


def test_the_ready_line_and_ctrl_c(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cp_trainer", "serve", "--port", "0", "--seats", "3",
                             "--data-dir", str(tmp_path), "--lang", "en"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        raw = proc.stdout.readline()
        assert re.fullmatch(r'\{"url": "ws://127\.0\.0\.1:(\d+)/ws", "page": "http://127\.0\.0\.1:\1/", '
                            r'"code": "[A-Z2-9]{8}", "seats": 3\}\n', raw), raw
        line = json.loads(raw)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0 and out == ""  # one line, nothing more
    assert err.strip() == "the table is closed; hands in the history from this table: 0"
    assert line["code"] not in err
