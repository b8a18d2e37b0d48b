"""The teaching table's server: WebSocket at ``/ws`` and the players' page over HTTP, one port.

Built on ``websockets`` (its asyncio server: ``process_request`` answers the plain HTTP requests
for the page, everything else is the WebSocket handshake). No Qt: ``cp-trainer serve`` runs it in
the foreground (:func:`run_forever`), the window in a thread of its own (:class:`ServerThread`).

Every connection is a stranger: each message is one JSON object of at most :data:`MAX_MESSAGE`
bytes with a known ``type``, at most :data:`RATE` a second (a burst of :data:`BURST`); anything
else gets ``{"type": "error", "error": …}`` and the table goes on. A connection that floods on
and on, or whose messages are not read, is closed; its seat can come back with its token.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import ipaddress
import json
import logging
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..bot_names import BotChoice, BotName
from ..history.writer import HistoryWriter
from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog
from ..resources import resource_path
from .review import REVIEW_SAMPLES, play_bots, review
from .table import BotWork, ReviewWork, Table, TableError

_log = logging.getLogger(__name__)

__all__ = ["BURST", "MAX_MESSAGE", "RATE", "ServerThread", "TableServer", "is_loopback", "run_forever"]

MAX_MESSAGE = 64 * 1024  # bytes of one message; a longer one is refused with an error
MAX_FRAME = 256 * 1024  # a message longer than this closes the connection (websockets' max_size)
RATE = 10.0  # messages a second a connection may send on average …
BURST = 30.0  # … and at once
FLOOD_CLOSE = 300  # messages refused for speed, in a row, before the connection is closed
MAX_OUTBOX = 500  # messages waiting for a connection that does not read: it is closed
REPLACE_AFTER = 60.0  # seconds a person may be gone before a bot takes the seat
PAGE_FILES = {"/": ("index.html", "text/html; charset=utf-8"),
              "/index.html": ("index.html", "text/html; charset=utf-8"),
              "/app.js": ("app.js", "text/javascript; charset=utf-8"),
              "/style.css": ("style.css", "text/css; charset=utf-8")}
TYPES = ("join", "rejoin", "check", "set", "surrender", "next", "lang")


def is_loopback(host: str) -> bool:
    """Does ``host`` listen on this machine only?"""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def link_host(host: str) -> str:
    """The host to put in the table's link: a wildcard address is replaced by this machine's
    address on its network (what a phone beside it can reach); IPv6 in brackets."""
    if host in ("0.0.0.0", "::", ""):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the interface
            host = str(s.getsockname()[0])
        if host in ("0.0.0.0", "::", ""):
            host = "127.0.0.1"
    return f"[{host}]" if ":" in host else host


def page_strings(lang: str) -> dict[str, str]:
    """The page's texts (``net.page.*`` of the catalogs) in ``lang``, English where missing."""
    strings = {k: v for k, v in catalog(DEFAULT_LANGUAGE).items() if k.startswith("net.page.")}
    if lang != DEFAULT_LANGUAGE:
        strings.update({k: v for k, v in catalog(lang).items() if k.startswith("net.page.")})
    return {k[len("net.page."):]: str(v) for k, v in strings.items()}


@dataclass
class _Bucket:
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


class _Client:
    """One connection and its outgoing messages, sent in order by one writer task."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.lang = DEFAULT_LANGUAGE
        # texts to send; None: stop sending; a (code, reason) pair: close the connection
        self.outbox: asyncio.Queue[str | tuple[int, str] | None] = asyncio.Queue()
        self.bucket = _Bucket(at=time.monotonic())

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


class TableServer:
    """A :class:`Table` served over WebSocket and HTTP. ``observe`` gets the table's public
    events (called on the server's loop thread); ``data_dir`` is the history's folder (None: the
    default one; ``record=False``: no history, for tests)."""

    def __init__(self, table: Table, *, host: str = "127.0.0.1", port: int = 0,
                 data_dir: str | Path | None = None, record: bool = True, writer: HistoryWriter | None = None,
                 observe: Callable[[str, dict[str, Any]], None] | None = None,
                 review_samples: int = REVIEW_SAMPLES, replace_after: float = REPLACE_AFTER) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.review_samples = review_samples
        self.replace_after = replace_after
        self._observer = observe
        # the history: a writer of the server's own (closed with it), or the window's
        self._own_writer = writer is None and record
        self.writer: HistoryWriter | None = writer if writer is not None else (
            HistoryWriter(data_dir) if record else None)
        self._clients: dict[int, _Client] = {}  # seat → its connection
        # the bots' hands and the reviews each have a thread: a slow review never holds up a deal
        self._bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer table bots")
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer table reviews")
        self._server: Server | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self._page = resource_path("web")
        table._emit = self._emit
        table._observe = self._observe
        if self.writer is not None:
            table._record = self.writer.add_hands

    # --- addresses -----------------------------------------------------------------------------

    @property
    def ready_line(self) -> dict[str, Any]:
        """``{"url", "page", "code", "seats"}``: what ``cp-trainer serve`` prints when ready (the
        host as given)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        where = f"{host}:{self.port}"
        return {"url": f"ws://{where}/ws", "page": f"http://{where}/", "code": self.table.code,
                "seats": self.table.size}

    @property
    def players_link(self) -> str:
        """The page with the code filled in, at an address the players can reach: for a wildcard
        host, this machine's address on its network."""
        return f"http://{link_host(self.host)}:{self.port}/?code={self.table.code}"

    # --- running -------------------------------------------------------------------------------

    async def start(self) -> None:
        self._server = await serve(self._handle, self.host, self.port, process_request=self._http,
                                   max_size=MAX_FRAME, compression=None, max_queue=64,
                                   server_header="cp-trainer", open_timeout=10, close_timeout=2)
        self.port = int(self._server.sockets[0].getsockname()[1])
        self._keep(asyncio.ensure_future(self._ticks()))

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        for task in list(self._tasks):
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        if self.writer is not None and self._own_writer:
            await asyncio.get_running_loop().run_in_executor(None, self.writer.close)

    async def _ticks(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.replace_after / 4))
            self.table.replace_gone(time.monotonic(), self.replace_after)
            self._run_work()

    def _keep(self, task: asyncio.Future[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:  # said, not lost in the loop
            _log.error("the teaching table's work failed", exc_info=task.exception())

    # --- the table's output ----------------------------------------------------------------------

    def _emit(self, seat: int, message: dict[str, Any]) -> None:
        client = self._clients.get(seat)
        if client is not None:
            client.send(message)

    def _observe(self, event: str, data: dict[str, Any]) -> None:
        if self._observer is not None:
            self._observer(event, data)

    def _run_work(self) -> None:
        loop = asyncio.get_running_loop()
        for work in self.table.take_work():
            if isinstance(work, BotWork):
                self._keep(asyncio.ensure_future(self._bots(loop, work)))
            else:
                self._keep(asyncio.ensure_future(self._review(loop, work)))

    async def _bots(self, loop: asyncio.AbstractEventLoop, work: BotWork) -> None:
        try:
            play = await loop.run_in_executor(self._bot_pool, play_bots, work.job)
        except Exception:  # the table must go on: the greedy bot sets these hands instead
            _log.exception("the %s bot could not set its hands; the greedy bot does", work.job.bot)
            job = dataclasses.replace(work.job, bot=BotChoice(BotName.GREEDY), seat_bots=(), surrender=False)
            play = await loop.run_in_executor(self._bot_pool, play_bots, job)
        self.table.bots_done(work, play)
        self._run_work()

    async def _review(self, loop: asyncio.AbstractEventLoop, work: ReviewWork) -> None:
        try:
            verdict = await loop.run_in_executor(self._pool, review, work, self.review_samples)
        except Exception:  # no review for this hand; the table goes on
            _log.exception("the solver could not review seat %d of deal %d", work.seat, work.deal)
            return
        self.table.review_done(work, verdict)
        if self.writer is not None and work.uid is not None:
            self.writer.set_solver(work.uid, str(verdict.best), verdict.best_ev,
                                   verdict.ev if work.arrangement is not None else None, verdict.loss_stderr)

    # --- HTTP: the page ------------------------------------------------------------------------

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            return None  # the WebSocket handshake
        if path.startswith("/strings/") and path.endswith(".json"):
            lang = path[len("/strings/"):-len(".json")]
            if lang in LANGUAGES:
                body = json.dumps(page_strings(lang), ensure_ascii=False).encode()
                return _response(HTTPStatus.OK, body, "application/json; charset=utf-8")
        if path in PAGE_FILES:
            name, kind = PAGE_FILES[path]
            return _response(HTTPStatus.OK, (self._page / name).read_bytes(), kind)
        return _response(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    # --- WebSocket: the players --------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        client = _Client(ws)
        writer = asyncio.ensure_future(client.writer())
        try:
            async for raw in ws:
                now = time.monotonic()
                if not client.bucket.take(now):
                    if client.bucket.refused >= FLOOD_CLOSE:
                        client.send(self._error(client, "flood"))
                        await asyncio.sleep(0)
                        break
                    if now - client.bucket.told >= 1.0:
                        client.bucket.told = now
                        client.send(self._error(client, "too_fast"))
                    continue
                if self._message(client, raw):
                    break
                self._run_work()
        except ConnectionClosed:
            pass
        finally:
            if client.seat is not None and self._clients.get(client.seat) is client:
                del self._clients[client.seat]
                self.table.disconnected(client.seat, time.monotonic())
            client.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    def _error(self, client: _Client, key: str, **params: Any) -> dict[str, Any]:
        return {"type": "error", "error": TableError(key, **params).message(client.lang)}

    def _message(self, client: _Client, raw: str | bytes) -> bool:
        """Handle one message; True when the connection is to close."""
        if isinstance(raw, bytes):
            client.send(self._error(client, "binary"))
            return False
        if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
            client.send(self._error(client, "too_large", limit=MAX_MESSAGE // 1024))
            return False
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError):
            client.send(self._error(client, "not_json"))
            return False
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            client.send(self._error(client, "no_type"))
            return False
        kind = msg["type"]
        if kind not in TYPES:
            client.send(self._error(client, "unknown_type", type=kind[:40]))
            return False
        try:
            self._dispatch(client, kind, msg)
        except TableError as exc:
            client.send({"type": "error", "error": exc.message(client.lang)})
            return exc.close
        return False

    def _dispatch(self, client: _Client, kind: str, msg: dict[str, Any]) -> None:
        table = self.table
        lang = msg.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES:
            client.lang = lang
        if kind in ("join", "rejoin"):
            if client.seat is not None:
                raise TableError("already_joined")
            # the seat's messages go to this connection from its first one ("joined") on
            if kind == "join":
                seat = table.join(msg.get("code"), msg.get("name"), lang, attach=self._attach(client))
            else:
                seat = table.rejoin(msg.get("token"), lang, attach=self._attach(client))
            client.lang = seat.lang
            return
        if client.seat is None:
            raise TableError("join_first")
        seat_index = client.seat
        if kind == "lang":
            table.set_lang(seat_index, lang)
            client.lang = table.seats[seat_index].lang
        elif kind == "check":
            client.send(table.check(seat_index, msg.get("deal"), msg.get("arrangement")))
        elif kind == "set":
            table.set_hand(seat_index, msg.get("deal"), msg.get("arrangement"))
        elif kind == "surrender":
            table.surrender(seat_index, msg.get("deal"))
        elif kind == "next":
            table.next_deal(seat_index)

    def _attach(self, client: _Client) -> Callable[[int], None]:
        """Called by the table when a seat is given to ``client`` (before anything is sent)."""

        def attach(seat: int) -> None:
            old = self._clients.get(seat)
            if old is not None and old is not client:  # the same seat from a new connection
                old.seat = None
                old.close(1000, "the seat was taken up by a new connection")
            client.seat = seat
            self._clients[seat] = client

        return attach


def _response(status: HTTPStatus, body: bytes, kind: str) -> Response:
    headers = Headers([
        ("Content-Type", kind), ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy",
         "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'none'"),
    ])
    return Response(status.value, status.phrase, headers, body)


async def run_forever(server: TableServer, ready: Callable[[dict[str, Any]], None],
                      stop: asyncio.Event) -> None:
    """Serve until ``stop`` is set; ``ready`` gets the ready line once the port is bound."""
    try:
        await server.start()
        ready(server.ready_line)
        await stop.wait()
    finally:
        await server.stop()


class ServerThread:
    """A :class:`TableServer` on its own thread and event loop (the window's way to host)."""

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self.line: dict[str, Any] | None = None
        self._thread = threading.Thread(target=self._run, name="cp-trainer teaching table", daemon=True)

    def start(self, timeout: float = 15.0) -> dict[str, Any]:
        """Start serving; the ready line, or the error that stopped it (e.g. the port is taken)."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the teaching table did not start")
        if self._failed is not None:
            raise self._failed
        assert self.line is not None
        return self.line

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)

        async def main() -> None:
            self._stop = asyncio.Event()

            def ready(line: dict[str, Any]) -> None:
                self.line = line
                self._ready.set()

            await run_forever(self.server, ready, self._stop)

        try:
            self._loop.run_until_complete(main())
        except BaseException as exc:  # told to the thread that started it
            self._failed = exc
            self._ready.set()
        finally:
            self._loop.close()

    def call(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the server's loop (the table is only ever touched there)."""
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(fn)

    def fill_with_bots(self) -> None:
        """Bots take the empty seats and the first deal comes (run on the server's loop)."""

        def fill() -> None:
            self.server.table.fill_with_bots()
            self.server._run_work()

        self.call(fill)

    def stop(self, timeout: float = 10.0) -> None:
        if self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
