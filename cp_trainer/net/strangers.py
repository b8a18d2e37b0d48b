"""What strangers on the network may hold: connections without a seat, and tries at the code.

A connection is a stranger from its first byte until it holds a seat. :class:`Gate` bounds the
strangers: at most :data:`MAX_STRANGERS` at once (a new one past that closes the oldest) and
:data:`MAX_STRANGERS_PER_ADDRESS` from one address (more are closed at once); the server closes a
WebSocket that has not joined within :data:`JOIN_DEADLINE` seconds. :class:`Guard` slows down
guessing the table's code: a wrong code is answered only after a delay that grows with each wrong
code from that address past :data:`FREE_TRIES`, and every wrong code waits while more than
:data:`BUSY_TRIES` arrive in a minute from anywhere. :class:`Bucket` bounds one connection's
messages (:data:`RATE` a second, a burst of :data:`BURST`). :class:`Say` logs each kind of
trouble at most once a :data:`SAY_EVERY`.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from dataclasses import dataclass
from typing import Any, ClassVar

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request
from websockets.protocol import Event, State

_log = logging.getLogger("cp_trainer.net.server")

__all__ = ["BURST", "BUSY_DELAY", "BUSY_TRIES", "FREE_TRIES", "JOIN_DEADLINE", "MAX_DELAY", "MAX_STRANGERS",
           "MAX_STRANGERS_PER_ADDRESS", "RATE", "SAY_EVERY", "Bucket", "Gate", "GatedConnection", "Guard",
           "Say"]

RATE = 10.0  # messages a second a connection may send on average …
BURST = 30.0  # … and at once
MAX_STRANGERS = 128  # connections without a seat at once (the oldest goes when a new one comes)
MAX_STRANGERS_PER_ADDRESS = 16  # … from one address (more are closed at once)
JOIN_DEADLINE = 20.0  # seconds a WebSocket may stay open without a seat
FREE_TRIES = 3  # wrong codes an address may send before it is slowed down
MAX_DELAY = 300.0  # the longest an address waits after a wrong code (seconds)
BUSY_TRIES = 30  # wrong codes a minute, from anywhere, before every wrong code waits …
BUSY_DELAY = 5.0  # … this long
SAY_EVERY = 60.0  # seconds between two log lines of one kind


class Say:
    """Log lines of one kind at most once a :data:`SAY_EVERY`, with the count of those left out."""

    def __init__(self) -> None:
        self._last: dict[str, float] = {}
        self._held: collections.Counter[str] = collections.Counter()

    def __call__(self, kind: str, text: str, *args: Any, level: int = logging.WARNING,
                 exc: BaseException | None = None) -> None:
        now = time.monotonic()
        last = self._last.get(kind)
        if last is not None and now - last < SAY_EVERY:
            self._held[kind] += 1
            return
        if len(self._last) > 256:
            self._last.clear()
        self._last[kind] = now
        held = self._held.pop(kind, 0)
        suffix = f" ({held} more like it in the last minute)" if held else ""
        _log.log(level, text + suffix, *args, exc_info=exc)


@dataclass
class Bucket:
    tokens: float = BURST
    at: float = 0.0
    refused: int = 0
    told: float = -1.0

    def take(self, now: float) -> bool:
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.refused = 0
            return True
        self.refused += 1
        return False


class Gate:
    """The connections that hold no seat: bounded in all and per address, oldest out first."""

    def __init__(self, say: Say) -> None:
        self._say = say
        self.strangers: dict[GatedConnection, None] = {}  # in the order they came
        self.per_address: collections.Counter[str] = collections.Counter()

    def admit(self, conn: GatedConnection) -> bool:
        if self.per_address[conn.address] >= MAX_STRANGERS_PER_ADDRESS:
            self._say(f"many:{conn.address}", "the teaching table closes new connections from %s: %d "
                      "are open without a seat", conn.address, MAX_STRANGERS_PER_ADDRESS)
            return False
        if len(self.strangers) >= MAX_STRANGERS:
            oldest = next(iter(self.strangers))
            self._say("full", "the teaching table has %d connections without a seat: the oldest are "
                      "closed as new ones come", MAX_STRANGERS)
            self.seated(oldest)
            oldest.transport.abort()
        self.strangers[conn] = None
        self.per_address[conn.address] += 1
        return True

    def seated(self, conn: ServerConnection) -> None:
        """``conn`` holds a seat now (or is gone): it is no stranger."""
        if isinstance(conn, GatedConnection) and self.strangers.pop(conn, 0) is None:
            self.per_address[conn.address] -= 1
            if self.per_address[conn.address] <= 0:
                del self.per_address[conn.address]

    def overdue(self, now: float) -> list[GatedConnection]:
        return [c for c in self.strangers if now - c.opened > JOIN_DEADLINE]


class GatedConnection(ServerConnection):
    """A connection counted by its server's :class:`Gate` from its first byte to its seat."""

    gate: ClassVar[Gate]
    address = "?"
    opened = 0.0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.opened = time.monotonic()
        if not self.gate.admit(self):
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.seated(self)
        super().connection_lost(exc)

    _head = b""  # the request's bytes until its end is seen
    _cut = False  # its end was seen: what follows before the handshake's answer is dropped

    def data_received(self, data: bytes) -> None:
        """Before the handshake is answered, only the first request's bytes reach the parser: a
        second request sent at once (pipelined) is dropped; the first is answered, then the
        connection closes (a WebSocket client sends nothing before the answer)."""
        if self.protocol.state is State.CONNECTING and len(self._head) < 65536:
            if self._cut:
                return
            before = len(self._head)
            self._head += data
            end = self._head.find(b"\r\n\r\n")
            if end >= 0:
                self._cut = True
                data = data[:end + 4 - before]
        super().data_received(data)

    def process_event(self, event: Event) -> None:
        if self.request is not None and isinstance(event, Request):
            return  # a second request on one connection: never answered
        super().process_event(event)


class Guard:
    """Slows down guessing the table's code: per address, and in all."""

    def __init__(self, say: Say) -> None:
        self._say = say
        self._fails: collections.OrderedDict[str, tuple[int, float]] = collections.OrderedDict()
        self._recent: collections.deque[float] = collections.deque()

    def wait(self, address: str, now: float) -> float:
        """Seconds ``address`` must still wait before it may try a code (0: it may)."""
        entry = self._fails.get(address)
        return max(0.0, entry[1] - now) if entry is not None else 0.0

    def failed(self, address: str, now: float) -> float:
        """A wrong code from ``address``: how long to wait before answering (and before its next
        try)."""
        count = self._fails.pop(address, (0, 0.0))[0] + 1
        delay = 0.0 if count <= FREE_TRIES else min(MAX_DELAY, 2.0 ** (count - FREE_TRIES))
        self._recent.append(now)
        while self._recent and now - self._recent[0] > 60.0:
            self._recent.popleft()
        if len(self._recent) > BUSY_TRIES:
            delay = max(delay, BUSY_DELAY)
            self._say("guessing", "the teaching table had %d wrong codes in a minute: every wrong code "
                      "now waits %g s", len(self._recent), BUSY_DELAY)
        if count > FREE_TRIES:
            self._say(f"guess:{address}", "%s sent %d wrong table codes: it waits %g s before its next try",
                      address, count, delay)
        self._fails[address] = (count, now + delay)
        while len(self._fails) > 4096:
            self._fails.popitem(last=False)
        return delay

    def joined(self, address: str) -> None:
        self._fails.pop(address, None)
