"""One player's connection to the teaching table (:class:`Client`), and the checks every message
passes before the table sees it (:func:`read_message`).

Each message is one JSON object of at most :data:`MAX_MESSAGE` bytes with a known ``type``
(:data:`TYPES`), with no lone surrogate in any string; anything else is a
:class:`~cp_trainer.net.seats.TableError` the server answers with. A connection that does not
read what it is sent (more than :data:`MAX_OUTBOX` messages waiting) is closed.

>>> read_message('{"type": "next"}')
{'type': 'next'}
>>> for raw in (b"{}", "[1]", '{"type": "fly"}', '{"type": "join", "name": "\\\\ud800"}'):
...     try:
...         read_message(raw)
...     except TableError as exc:
...         print(exc.key)
binary
no_type
unknown_type
bad_text
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from ..support.i18n import DEFAULT_LANGUAGE
from .seats import TableError
from .strangers import Bucket

__all__ = ["MAX_MESSAGE", "MAX_OUTBOX", "TYPES", "Client", "has_surrogate", "read_message"]

MAX_MESSAGE = 64 * 1024  # bytes of one message; a longer one is refused with an error
MAX_OUTBOX = 500  # messages waiting for a connection that does not read: it is closed
TYPES = ("join", "rejoin", "check", "set", "surrender", "next", "lang")


def has_surrogate(value: Any, depth: int = 0) -> bool:
    """Does a decoded JSON value hold a lone surrogate (``"\\ud800"``) in any string or key?"""
    if isinstance(value, str):
        return any(0xD800 <= ord(ch) <= 0xDFFF for ch in value)
    if depth > 32:
        return False
    if isinstance(value, dict):
        return any(has_surrogate(k, depth + 1) or has_surrogate(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(has_surrogate(v, depth + 1) for v in value)
    return False


def read_message(raw: str | bytes) -> dict[str, Any]:
    """The JSON object a message holds, its ``type`` one of :data:`TYPES`; a
    :class:`~cp_trainer.net.seats.TableError` saying what is wrong with it otherwise."""
    if isinstance(raw, bytes):
        raise TableError("binary")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise TableError("too_large", limit=MAX_MESSAGE // 1024)
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise TableError("not_json") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise TableError("no_type")
    if has_surrogate(msg):
        raise TableError("bad_text")
    if msg["type"] not in TYPES:
        raise TableError("unknown_type", type=repr(msg["type"][:40]))
    return msg


class Client:
    """One connection and its outgoing messages, sent in order by one writer task."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.address = getattr(ws, "address", "?")
        self.seat: int | None = None
        self.lang = DEFAULT_LANGUAGE
        # texts to send; None: stop sending; a (code, reason) pair: close the connection
        self.outbox: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue()
        self.bucket = Bucket(at=time.monotonic())
        self.parting: dict[str, Any] | None = None  # the last word before the connection closes

    def send(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() >= MAX_OUTBOX:  # it does not read what it is sent
            self.outbox.put_nowait((1008, "too many messages waiting"))
            return
        self.outbox.put_nowait(json.dumps(message, ensure_ascii=False))

    def close(self, code: int, reason: str) -> None:
        self.outbox.put_nowait((code, reason))

    async def writer(self) -> None:
        while True:
            item = await self.outbox.get()
            try:
                if item is None:
                    return
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return
                await self.ws.send(item)
            except ConnectionClosed:
                return
