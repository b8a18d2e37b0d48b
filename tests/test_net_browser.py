"""Issue 22's "done when", against ``cp-trainer serve``: one real Chromium (360 px wide, as a
phone) and two protocol clients play ten deals beside a bot on 127.0.0.1; the points match
``cp-trainer score``; no seat sees another's cards before the showdown; every person's hands are
in the host's history; Ctrl+C closes the table with the history intact."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from net_fixtures import CODE
from net_game import chromium, play_game

from cp_trainer.cli import main as cli_main
from cp_trainer.history import HistoryStore

DEALS = 10


def check_points(showdowns: list[dict[str, object]], capsys: pytest.CaptureFixture[str]) -> None:
    for sd in showdowns:
        hands = sd["hands"]
        assert isinstance(hands, list) and len(hands) == 4
        capsys.readouterr()
        assert cli_main(["score", "--json", *[h["arrangement"] for h in hands]]) == 0
        score = json.loads(capsys.readouterr().out)
        assert sd["points"] == score["points"] and sd["pairs"] == score["pairs"]


@pytest.mark.slow
def test_ten_deals_against_cp_trainer_serve(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "history"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cp_trainer", "serve", "--port", "0", "--seats", "4", "--bots", "1",
         "--bot", "greedy", "--code", CODE, "--review-samples", "40", "--data-dir", str(data),
         "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = json.loads(proc.stdout.readline())
        assert list(line) == ["url", "page", "code", "seats"]
        assert line["url"].startswith("ws://127.0.0.1:") and line["url"].endswith("/ws")
        assert line["page"] == line["url"][:-2].replace("ws://", "http://")
        assert (line["code"], line["seats"]) == (CODE, 4)
        with chromium(tmp_path / "profile") as driver:
            seen, outs = play_game(driver, line["url"], line["page"], DEALS)
        assert seen["foul_message"]
        assert len(seen["points"]) == DEALS
        showdowns = outs[0]["showdowns"]
        assert [sd["deal"] for sd in showdowns] == list(range(1, DEALS + 1))
        assert showdowns == outs[1]["showdowns"]
        # the browser showed the same points as the protocol
        for shown, sd in zip(seen["points"], showdowns, strict=True):
            assert [int(t.split()[0]) for t in shown] == sd["points"]
        check_points(showdowns, capsys)
        assert sum(1 for sd in showdowns for h in sd["hands"] if h["bot"]) == DEALS
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "closed" in err
    with HistoryStore.open(data) as store:
        hands = store.hands()
    assert len(hands) == 3 * DEALS  # every person's hand of every deal
