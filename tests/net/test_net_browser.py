"""The teaching table end to end, against ``cp-trainer serve``: one real Chromium (360 px wide, as a
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

from cp_trainer.cli import main as cli_main
from cp_trainer.history import HistoryStore
from tests.net_fixtures import CODE
from tests.net_game import chromium, play_game

DEALS = 10


def check_points(showdowns: list[dict[str, object]], capsys: pytest.CaptureFixture[str]) -> None:
    for sd in showdowns:
        hands = sd["hands"]
        assert isinstance(hands, list) and len(hands) == 4
        capsys.readouterr()
        assert cli_main(["score", "--json", *[h["arrangement"] for h in hands]]) == 0
        score = json.loads(capsys.readouterr().out)
        assert sd["points"] == score["points"]
        # what score --json says of each pair; the table may say more (e.g. each pair's kind)
        pairs = sd["pairs"]
        assert isinstance(pairs, list)
        assert [{k: p[k] for k in s} for p, s in zip(pairs, score["pairs"], strict=True)] == score["pairs"]


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
            assert [int(t.split()[0].replace("\u2212", "-")) for t in shown] == \
                [sd["points"][h["seat"]] for h in sorted(sd["hands"], key=lambda h: h["name"] != "Chromium")]
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



@pytest.mark.slow
def test_a_player_who_moves_fast_is_never_refused_for_speed(tmp_path: Path) -> None:
    """Under load (a machine busy with the bots and reviews) a check sent after every move would
    reach the server as a burst; past its limit some would be refused ("too many messages at
    once") and the page would wait for a verdict that never comes. Here twice
    the burst the server allows, in one go: the page keeps one check in flight, and the verdict it
    shows is the server's for the arrangement finally on the board."""
    from selenium.webdriver.common.by import By

    from cp_trainer.net.records import check_message
    from cp_trainer.net.server import BURST
    from cp_trainer.rules.arrangement import Arrangement, check_partial
    from cp_trainer.rules.cards import parse_cards
    from cp_trainer.rules.house_rules import HouseRules
    from tests.net_fixtures import hosted
    from tests.net_game import wait

    with hosted(None, seats=2, bots=1) as host, chromium(tmp_path / "profile") as driver:
        assert host.line is not None
        driver.get(f"{host.line['page']}?code={CODE}&lang=en")
        wait(driver, lambda d: d.find_element(By.ID, "join-button").text == "Join")
        driver.find_element(By.ID, "name").send_keys("Fast")
        driver.find_element(By.ID, "join-button").click()
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#hand .card")) == 13, 60)
        cards = driver.execute_script("return [...document.querySelectorAll('#hand .card')]"
                                      ".map((e) => e.dataset.card);")
        moves = 2 * int(BURST)  # each a clear and a card put on top: all in one task of the page
        driver.execute_script(
            "const [cards, n] = arguments; for (let i = 0; i < n; i++) {"
            " document.getElementById('clear').click();"
            " document.querySelector('#hand .card[data-card=\"' + cards[i % 3] + '\"]').click();"
            " document.querySelector('#row-0 .row-name').click(); }",
            cards, moves)
        top = parse_cards(cards[(moves - 1) % 3])
        shown = driver.execute_script(
            "return [...document.querySelectorAll('#row-0 .card[data-card]')].map((e) => e.dataset.card);")
        assert shown == [str(c) for c in top]  # the last move's card, alone on top
        board = Arrangement(tuple(top), (), ())
        left = [c for c in parse_cards(" ".join(cards)) if c not in top]
        expected = check_message(check_partial(board, HouseRules(), remaining=left), board, "en")
        wait(driver, lambda d: d.find_element(By.ID, "check").text == expected, 30)
        assert driver.find_element(By.ID, "error").text == ""
