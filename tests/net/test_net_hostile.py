"""Strangers on the same network: odd text, raw HTTP, foreign pages, code guessing, idle
connections and a full disk. Every client is on 127.0.0.0/8 (another address of it stands for
another machine), every loop is bounded in count and time."""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from cp_trainer.net import server as server_module
from cp_trainer.net import strangers as limits
from cp_trainer.net.keeping import where_kept
from cp_trainer.net.server import ServerThread
from tests.net_fixtures import CODE, Client, hosted, legal


@pytest.fixture
def no_errors(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    """Fails the test if the server logged an error (a traceback, a failed handler)."""
    caplog.set_level(logging.WARNING)
    yield caplog
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


def port_of(host: ServerThread) -> int:
    assert host.line is not None
    return int(host.line["url"].rsplit(":", 1)[1].split("/")[0])


def raw_http(port: int, data: bytes, source: str = "127.0.0.1", timeout: float = 5.0) -> bytes:
    """Send ``data`` on one connection and read until the server closes it."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as s:
        s.sendall(data)
        out = b""
        with contextlib.suppress(TimeoutError, ConnectionResetError):
            while chunk := s.recv(65536):
                out += chunk
    return out


def request(method: str, port: int, path: str = "/", host: str | None = None, extra: str = "") -> bytes:
    host = host or f"127.0.0.1:{port}"
    return f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{extra}\r\n".encode()


def test_any_text_gets_an_error_reply_never_a_traceback(no_errors: pytest.LogCaptureFixture) -> None:
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        c = Client(host.line["url"])
        for raw in ('{"type":"join","code":"\\ud800","name":"Ann"}',
                    '{"type":"join","code":"' + CODE + '","name":"\\udfff"}',
                    '{"type":"rejoin","token":"\\ud800\\udc00\\ud800"}',
                    '{"type":"\\ud800"}', '{"\\ud800":1,"type":"join"}'):
            c.send(raw)
            assert c.wait("error")["error"]
        c.send({"type": "unknown\x00\u202e"})
        assert "unknown" in c.wait("error")["error"]
        # NUL, right-to-left marks and 60 KB of combining marks in a name: a clean name
        c.send({"type": "join", "code": CODE, "name": "\u202eAnn\x00" + "\u0301" * 10000})
        joined = c.wait("joined")
        state = c.wait("table")
        name = state["seats"][joined["seat"]]["name"]
        assert name.startswith("Ann") and len(name) <= 6 and "\x00" not in name and "\u202e" not in name
        c.close()


def test_http_answers_get_and_head_only_and_survives_pipelining(no_errors: pytest.LogCaptureFixture) -> None:
    with hosted(None) as host:
        port = port_of(host)
        get = raw_http(port, request("GET", port))
        assert get.startswith(b"HTTP/1.1 200") and b"<html" in get.lower()
        head = raw_http(port, request("HEAD", port))
        head_top, _, head_body = head.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200") and head_body == b""
        assert b"Content-Length: " + str(len(get.partition(b"\r\n\r\n")[2])).encode() in head_top
        for method in ("POST", "PUT", "DELETE", "TRACE", "BREW", "OPTIONS"):
            answer = raw_http(port, request(method, port, extra="Content-Length: 0\r\n"))
            assert answer.startswith(b"HTTP/1.1 405"), (method, answer[:80])
            assert b"Allow: GET, HEAD" in answer
        for _ in range(10):  # two requests in one packet: the first answered, then closed
            answer = raw_http(port, request("GET", port, "/style.css") + request("GET", port, "/app.js"))
            assert answer.startswith(b"HTTP/1.1 200")


def test_foreign_origins_and_hosts_are_refused(no_errors: pytest.LogCaptureFixture) -> None:
    with hosted(None) as host:
        assert host.line is not None
        url, port = host.line["url"], port_of(host)
        for origin in ("http://evil.example", f"http://evil.example:{port}", "null",
                       f"https://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"):
            with pytest.raises(InvalidStatus) as err:
                connect(url, origin=Origin(origin), open_timeout=5).close()
            assert err.value.response.status_code == 403, origin
        with connect(url, origin=Origin(f"http://127.0.0.1:{port}"), open_timeout=5):
            pass  # the table's own page
        with connect(url, open_timeout=5):
            pass  # a script: no Origin
        for name in ("evil.example", "localhost.evil.example", "10.1.2.3", "[::2]"):
            answer = raw_http(port, request("GET", port, host=f"{name}:{port}"))
            assert answer.startswith(b"HTTP/1.1 403"), name
        assert raw_http(port, request("GET", port, host=f"127.0.0.1:{port + 1}")).startswith(b"HTTP/1.1 403")
        assert raw_http(port, request("GET", port, host=f"localhost:{port}")).startswith(b"HTTP/1.1 200")


def test_guessing_the_code_is_slowed_per_address_and_logged(monkeypatch: pytest.MonkeyPatch,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(limits, "FREE_TRIES", 2)
    caplog.set_level(logging.WARNING)
    with hosted(None, seats=3, bots=1) as host:
        assert host.line is not None
        url = host.line["url"]
        for _ in range(2):  # free tries: answered at once, the connection closed
            guess = Client(url, source="127.0.0.9")
            started = time.monotonic()
            guess.send({"type": "join", "code": "WRONG123", "name": "Eve"})
            assert guess.wait("error")["error"] and guess.wait_closed()
            assert time.monotonic() - started < 1.0
        guess = Client(url, source="127.0.0.9")
        started = time.monotonic()
        guess.send({"type": "join", "code": "WRONG123", "name": "Eve"})
        guess.drain(0.3)
        # meanwhile (guessing in parallel) that address may not even try the right code
        again = Client(url, source="127.0.0.9")
        again.send({"type": "join", "code": CODE, "name": "Eve"})
        assert "try again" in again.wait("error")["error"] and again.wait_closed()
        guess.wait("error")
        assert time.monotonic() - started >= 1.8  # the third wrong code waited 2 s for its answer
        # another address is not slowed down
        ann = Client(url, source="127.0.0.10")
        assert ann.join("Ann")["seat"] == 0
        ann.close()
    assert any("127.0.0.9 sent 3 wrong table codes" in r.getMessage() for r in caplog.records)


def test_idle_strangers_are_bounded_and_a_player_still_joins(monkeypatch: pytest.MonkeyPatch,
                                                             no_errors: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(limits, "JOIN_DEADLINE", 2.0)
    with hosted(None, seats=2, bots=1) as host:
        assert host.line is not None
        port = port_of(host)
        server = host.server
        idle: list[socket.socket] = []
        try:
            for i in range(60):  # 60 idle connections from one address
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5,
                                                     source_address=("127.0.0.20", 0)))
                if i == 0:
                    idle[0].sendall(request("GET", port, "/ws")[:20])  # a handshake never finished
            time.sleep(0.5)
            strangers = list(server._gate.strangers)
            most = limits.MAX_STRANGERS_PER_ADDRESS
            assert sum(1 for c in strangers if c.address == "127.0.0.20") <= most
            started = time.monotonic()
            ann = Client(host.line["url"])
            assert ann.join("Ann")["seat"] == 0
            assert time.monotonic() - started < 2.0
            # a WebSocket that never joins is closed after the deadline
            lurker = Client(host.line["url"], source="127.0.0.21")
            assert lurker.wait_closed(timeout=8)
            ann.close()
        finally:
            for s in idle:
                s.close()


@contextlib.contextmanager
def full_disk(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``folder`` on a tiny tmpfs filled to the last byte (as root), or, where mounting is not
    allowed, every write of the history failing with ENOSPC. Yields which of the two it is."""
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
                             capture_output=True).returncode == 0
    try:
        if mounted:
            with contextlib.suppress(OSError), open(folder / "filler", "wb") as fh:
                while True:
                    fh.write(b"\0" * 4096)
                    fh.flush()
            yield "tmpfs"
        else:

            def no_room(fd: int, data: bytes) -> int:
                raise OSError(errno.ENOSPC, "No space left on device")

            monkeypatch.setattr("cp_trainer.history.writer.os.write", no_room)
            monkeypatch.setattr("cp_trainer.history.store.HistoryStore.add_many",
                                lambda self, records: (_ for _ in ()).throw(
                                    sqlite3.OperationalError("database or disk is full")))
            yield "injected"
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_a_full_disk_is_told_at_once_and_the_summary_tells_the_truth(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "KEEP_TIMEOUT", 1.0)
    folder = tmp_path / "history"
    with full_disk(folder, monkeypatch):
        told: list[str] = []
        with hosted(folder, seats=2, bots=1) as host:
            host.server._observer = (
                lambda event, data: told.append(data["message"]) if event == "history" else None)
            assert host.line is not None
            ann = Client(host.line["url"])
            ann.join("Ann")
            deal = ann.wait("deal")
            ann.send({"type": "set", "deal": 1, "arrangement": legal(deal["cards"])})
            ann.wait("showdown", timeout=30)  # the game goes on
            deadline = time.monotonic() + 10
            while not told and time.monotonic() < deadline:
                time.sleep(0.1)
            ann.close()
            uids = list(host.server.uids)
        assert any("could not keep the 1 hand" in m for m in told), told
        assert any("disk is full" in m for m in told), told  # the writer names the cause
        kept = where_kept(folder, uids)
        assert kept.stored == 0 and sum(kept.waiting.values()) == 0 and kept.lost == 1


def test_a_history_from_a_newer_cp_trainer_stops_serve_and_is_left_as_it_is(tmp_path: Path) -> None:
    from cp_trainer.history.schema import SCHEMA_VERSION

    db = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = db.read_bytes()
    proc = subprocess.run([sys.executable, "-m", "cp_trainer", "serve", "--port", "0",
                           "--data-dir", str(tmp_path), "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and proc.stdout == ""
    assert "newer version of cp-trainer" in proc.stderr and "Traceback" not in proc.stderr
    assert db.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_a_short_code_is_warned(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "cp_trainer", "serve", "--port", "0", "--code", "ABC234",
                             "--data-dir", str(tmp_path), "--lang", "en"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = json.loads(proc.stdout.readline())
        assert line["code"] == "ABC234"
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "shorter than the default 8 characters" in err


def test_away_seats_go_to_a_bot_even_when_the_host_window_fails(caplog: pytest.LogCaptureFixture) -> None:
    """The host's observer raising on every event (a window gone, a slot failing) never stops the
    table's clock: away seats are still given to a bot, the deal still completes."""
    caplog.set_level(logging.ERROR)
    with hosted(None, seats=3, bots=1, replace_after=1.0) as host:
        assert host.line is not None

        def broken(event: str, data: object) -> None:
            raise RuntimeError("the host window is gone")

        host.server._observer = broken
        a, b = Client(host.line["url"]), Client(host.line["url"])
        a.join("Ann")
        b.join("Bob")
        da = a.wait("deal")
        b.wait("deal")
        b.close()
        assert "Bob" in a.wait("notice", timeout=15)["message"]
        a.send({"type": "set", "deal": 1, "arrangement": legal(da["cards"])})
        assert a.wait("showdown", timeout=20)["hands"][1]["bot"] is True
        a.close()
    said = [r.getMessage() for r in caplog.records]
    assert said and len(said) < 5  # said once a minute, not once an event


@pytest.mark.parametrize("kind", ["not sqlite", "a folder", "a link"])
def test_a_history_that_cannot_be_used_is_named_when_the_table_starts(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "history.sqlite3"
    if kind == "not sqlite":
        db.write_bytes(b"this is not a database\n" * 100)
    elif kind == "a folder":
        db.mkdir()
    else:
        db.symlink_to(tmp_path / "elsewhere.sqlite3")
    proc = subprocess.Popen([sys.executable, "-m", "cp_trainer", "serve", "--port", "0",
                             "--data-dir", str(tmp_path), "--lang", "en"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        json.loads(proc.stdout.readline())  # it starts: the hands will wait in a journal
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert f"the history in {tmp_path} cannot be used as it is" in err, err
    assert "Traceback" not in err


def test_a_seat_the_host_gives_to_a_bot_is_away_at_once() -> None:
    with hosted(None, seats=3, bots=1) as host:
        assert host.line is not None
        a, b = Client(host.line["url"]), Client(host.line["url"])
        a.join("Ann")
        b.join("Bob")
        b.wait("deal")
        host.host_action("bot", 0)
        assert "host gave your seat" in a.wait("notice")["message"] and a.wait_closed()
        state = b.wait("table", where=lambda m: m["seats"][0].get("person_connected") is False)
        assert state["seats"][0]["person"] == "Ann" and state["seats"][0]["bot"] is True
        b.close()
