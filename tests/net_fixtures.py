"""Shared pieces of the teaching-table tests: a table server on 127.0.0.1 and a protocol client."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from cp_trainer.net.server import Pacing, ServerThread, TableServer
from cp_trainer.net.table import Table
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver.bots import get_bot

CODE = "TEACH7"
CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][shdc](?![A-Za-z0-9])")

Message = dict[str, Any]


@contextmanager
def hosted(data_dir: Path | None, *, seats: int = 3, bots: int = 1, rules: HouseRules | None = None,
           replace_after: float = 60.0, seed: int | None = 7, bot: str = "greedy") -> Iterator[ServerThread]:
    """A table served on 127.0.0.1 (a free port) from a thread; its history in ``data_dir``."""
    table = Table(seats=seats, bots=bots, bot=bot, rules=rules, code=CODE, seed=seed)
    server = TableServer(table, host="127.0.0.1", port=0, data_dir=data_dir, record=data_dir is not None,
                         pacing=Pacing(review_samples=40, replace_after=replace_after))
    thread = ServerThread(server)
    thread.start()
    try:
        yield thread
    finally:
        thread.stop()


class Client:
    """A protocol client: every message it receives is kept (``log``) in order."""

    def __init__(self, url: str, *, source: str | None = None, **extra: Any) -> None:
        self._stack = ExitStack()
        if source is not None:  # another address of the loopback range: another machine
            extra["source_address"] = (source, 0)
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, open_timeout=10, max_size=2**22, compression=None, **extra))
        self.log: list[Message] = []
        self._read = 0  # messages of the log already handed out by wait()
        self.closed = False

    def send(self, message: Message | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def _pull(self, timeout: float) -> bool:
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return False
        except ConnectionClosed:
            self.closed = True
            return False
        self.log.append(json.loads(raw))
        return True

    def wait(self, kind: str, timeout: float = 30.0,
             where: Callable[[Message], bool] = lambda m: True) -> Message:
        """The next message of type ``kind`` (and ``where``) not handed out before."""
        end = time.monotonic() + timeout
        while True:
            for i in range(self._read, len(self.log)):
                m = self.log[i]
                if m["type"] == kind and where(m):
                    self._read = i + 1
                    return m
            left = end - time.monotonic()
            if self.closed or left <= 0:
                raise AssertionError(f"no {kind!r} message; got {[m['type'] for m in self.log[self._read:]]}")
            self._pull(min(left, 1.0))

    def drain(self, seconds: float = 0.2) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.closed:
            self._pull(max(0.01, end - time.monotonic()))

    def wait_closed(self, timeout: float = 10.0) -> bool:
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            self._pull(0.5)
        return self.closed

    def join(self, name: str, code: str = CODE, lang: str | None = None) -> Message:
        self.send({"type": "join", "code": code, "name": name, **({"lang": lang} if lang else {})})
        return self.wait("joined")

    def close(self) -> None:
        self._stack.close()


def rows_of(cards: str) -> str:
    """The 13 cards as dealt, 3 / 5 / 5 (often a foul: a choice the table must accept)."""
    c = cards.split()
    return f"{' '.join(c[:3])} / {' '.join(c[3:8])} / {' '.join(c[8:])}"


#: fields that hold a random secret, not words: a rejoin token (``secrets.token_urlsafe``) reads
#: like a card about once in a thousand ("5d_VsOa84glz..."), which a leak test must not count
SECRET_FIELDS = frozenset({"token"})


def _without_secrets(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_secrets(v) for k, v in value.items() if k not in SECRET_FIELDS}
    if isinstance(value, list):
        return [_without_secrets(v) for v in value]
    return value


def cards_named(message: Message) -> set[str]:
    """Every card text a message names, outside its secret fields (:data:`SECRET_FIELDS`)."""
    return set(CARD.findall(json.dumps(_without_secrets(message))))


def legal(cards: str) -> str:
    """A legal arrangement of the 13 cards (the greedy bot's)."""
    return str(get_bot("greedy").arrange(parse_cards(cards), HouseRules(), 0))
