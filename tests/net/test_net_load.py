"""The teaching table under attack from its own network, as a stock desktop runs it (1,024 open
files): 1,000 idle connections, 300 wrong codes and a message flood from other loopback
addresses, while three real players join and play ten deals. Every deal completes, every hand is
in the history, stderr stays small. Bounded: every loop has a count and a time limit, and the
server is stopped by its PID."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.history import HistoryStore
from tests.net_fixtures import Client, legal

CODE = "LOADTEST9"
IDLE = 1000
WRONG = 300
DEALS = 10


def idle_flood(port: int, held: list[socket.socket], stop: threading.Event) -> int:
    """Open IDLE connections from 100 other addresses that never say anything; how many opened."""
    opened = 0
    for i in range(IDLE):
        if stop.is_set():
            break
        with contextlib.suppress(OSError):
            held.append(socket.create_connection(("127.0.0.1", port), timeout=2,
                                                 source_address=(f"127.0.0.{2 + i % 100}", 0)))
            opened += 1
    return opened


def wrong_code(url: str, i: int) -> bool:
    """One wrong code from one of 50 addresses; True if it was answered within 2 s."""
    with contextlib.suppress(Exception):
        c = Client(url, source=f"127.0.1.{1 + i % 50}")
        try:
            c.send({"type": "join", "code": f"WRONG{i:04d}", "name": "Eve"})
            c.wait("error", timeout=2)
            return True
        finally:
            c.close()
    return False


def flood(url: str) -> int:
    """5,000 messages as fast as one connection can send them; how many went out."""
    sent = 0
    with contextlib.suppress(Exception):
        c = Client(url, source="127.0.2.1")
        try:
            for _ in range(5000):
                c.send('{"type":"check"}')
                sent += 1
        finally:
            c.close()
    return sent


@pytest.mark.slow
def test_three_players_play_ten_deals_through_a_flood(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    err_path = tmp_path / "stderr.txt"
    with open(err_path, "w") as err:
        command = ["prlimit", "--nofile=1024", "--", sys.executable, "-m", "cp_trainer", "serve",
                   "--port", "0", "--seats", "3", "--code", CODE, "--review-samples", "2",
                   "--data-dir", str(tmp_path / "data"), "--lang", "en"]
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, text=True)
    held: list[socket.socket] = []
    stop = threading.Event()
    try:
        assert proc.stdout is not None
        line = json.loads(proc.stdout.readline())
        url, port = line["url"], int(line["url"].rsplit(":", 1)[1].split("/")[0])
        started = time.monotonic()
        opened = idle_flood(port, held, stop)
        flood_time = time.monotonic() - started
        with ThreadPoolExecutor(max_workers=12) as pool:
            guesses = [pool.submit(wrong_code, url, i) for i in range(WRONG)]
            flooding = pool.submit(flood, url)
            join_times = []
            players = []
            for name in ("Ann", "Bob", "Cid"):
                t0 = time.monotonic()
                player = Client(url)
                player.send({"type": "join", "code": CODE, "name": name})
                player.wait("joined", timeout=10)
                join_times.append(time.monotonic() - t0)
                players.append(player)
            deal_times = []
            for deal in range(1, DEALS + 1):
                t0 = time.monotonic()

                def this_deal(message: dict[str, Any], deal: int = deal) -> bool:
                    return bool(message["deal"] == deal)

                for p in players:
                    cards = p.wait("deal", timeout=30, where=this_deal)["cards"]
                    p.send({"type": "set", "deal": deal, "arrangement": legal(cards)})
                for p in players:
                    p.wait("showdown", timeout=30, where=this_deal)
                for p in players:
                    p.send({"type": "next"})
                deal_times.append(time.monotonic() - t0)
            answered = sum(g.result() for g in guesses)
            flooded = flooding.result()
            for p in players:
                p.close()
        stop.set()
    finally:
        for s in held:
            s.close()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
    errors = err_path.read_text(encoding="utf-8", errors="replace")
    print(f"\nidle connections opened {opened} in {flood_time:.1f} s; joins {max(join_times):.2f} s at "
          f"most; deals {sum(deal_times):.1f} s ({max(deal_times):.2f} s at most); wrong codes answered "
          f"within 2 s: {answered} of {WRONG}; flood messages sent {flooded}; "
          f"stderr {len(errors.encode())} bytes")
    assert proc.returncode == 0, errors[-2000:]
    assert opened >= IDLE * 0.9  # the flood really happened
    assert max(join_times) < 5.0
    assert "Traceback" not in errors and "Errno 24" not in errors and "Too many open files" not in errors
    assert len(errors.encode()) < 20_000, errors[-2000:]
    with HistoryStore.open_readonly(tmp_path / "data") as store:
        assert store.count() == 3 * DEALS
    assert f"hands in the history from this table: {3 * DEALS}" in errors
    assert not [n for n in os.listdir(tmp_path / "data") if n.startswith("pending-hands")]
