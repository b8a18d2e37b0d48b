"""The teaching table's server: WebSocket at ``/ws`` and the players' page over HTTP, one port.

Built on ``websockets`` (its asyncio server: ``process_request`` answers the plain HTTP requests
for the page, everything else is the WebSocket handshake). No Qt: ``cp-trainer serve`` runs it in
the foreground (:func:`run_forever`), the window in a thread of its own (:class:`ServerThread`).

Every connection is a stranger until it holds a seat, and what strangers can hold is bounded
(:mod:`.strangers`: connections without a seat, in all and per address, a deadline to join, and
tries at the code, slowed per address and in all); the page answers GET and HEAD on the table's
own addresses only, and the WebSocket only the table's own page or a script (:mod:`.page`). Each
message is one JSON object of at most :data:`~.client.MAX_MESSAGE` bytes with a known ``type``
(:mod:`.client`), at most :data:`~.strangers.RATE` a second (a burst of
:data:`~.strangers.BURST`); anything else — lone surrogates, NUL, binary — gets
``{"type": "error", "error": …}`` and the table goes on. A
connection that floods on and on, or whose messages are not read, is closed; its seat can come
back with its token. What goes wrong is logged once a minute per kind, never once per connection.

The hands of each showdown are kept (:class:`~cp_trainer.history.writer.HistoryWriter`: in the
history or its fsynced journal) before the showdown is sent; when they cannot be, the host is told
at once (``observe("history", …)``), and :mod:`.keeping` says afterwards where each hand is.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..history.writer import HistoryWriter, WriterEvent
from ..rules.bot_names import BotChoice, BotName
from ..solver import play_bots
from ..support.i18n import LANGUAGES, tr
from ..support.resources import resource_path
from .client import MAX_MESSAGE, Client, read_message
from .page import PAGE_FILES, Addresses, is_loopback, link_host, page_strings
from .page import response as http_response
from .review import REVIEW_SAMPLES, review
from .seats import TableError
from .strangers import BURST, MAX_STRANGERS, RATE, Gate, GatedConnection, Guard, Say
from .table import Table
from .work import BotWork, RecordWork, ReviewWork

_log = logging.getLogger(__name__)

__all__ = ["BURST", "MAX_MESSAGE", "MAX_STRANGERS", "RATE", "ServerThread", "TableServer", "is_loopback",
           "run_forever"]

MAX_FRAME = 256 * 1024  # a message longer than this closes the connection (websockets' max_size)
FLOOD_CLOSE = 300  # messages refused for speed, in a row, before the connection is closed
REPLACE_AFTER = 60.0  # seconds a person may be gone before a bot takes the seat
KEEP_TIMEOUT = 10.0  # seconds a showdown waits for its hands to be kept before it is shown anyway


@dataclasses.dataclass(frozen=True)
class Pacing:
    """How a table's time is spent: ``review_samples`` sampled deals per review, and
    ``replace_after`` seconds a person may be gone before a bot takes the seat."""

    review_samples: int = REVIEW_SAMPLES
    replace_after: float = REPLACE_AFTER


class TableServer:
    """A :class:`Table` served over WebSocket and HTTP. ``observe`` gets the table's public
    events (called on the server's loop thread), and ``("history", {"message"})`` when hands
    cannot be kept; ``data_dir`` is the history's folder (None: the default one; ``record=False``:
    no history, for tests); ``pacing``: the review's samples and the time before a bot sits in."""

    def __init__(self, table: Table, *, host: str = "127.0.0.1", port: int = 0,
                 data_dir: str | Path | None = None, record: bool = True, writer: HistoryWriter | None = None,
                 observe: Callable[[str, dict[str, Any]], None] | None = None,
                 pacing: Pacing = Pacing()) -> None:
        self.table = table
        self.host = host
        self.port = port
        self.review_samples = pacing.review_samples
        self.replace_after = pacing.replace_after
        self._observer = observe
        self._say = Say()
        self._gate = Gate(self._say)
        self._guard = Guard(self._say)
        self._loop: asyncio.AbstractEventLoop | None = None
        # the history: a writer of the server's own (closed with it), or the window's
        self._own_writer = writer is None and record
        self.writer: HistoryWriter | None = writer if writer is not None else (
            HistoryWriter(data_dir, notify=self._writer_event, lang=lambda: self.table.lang)
            if record else None)
        self.uids: list[str] = []  # the identities of the hands handed to the history
        self.unkept: list[str] = []  # … of those not kept when their showdown was shown
        self._clients: dict[int, Client] = {}  # seat → its connection
        # the bots' hands, the reviews and the history each have a thread: one never holds up another
        self._bot_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer table bots")
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer table reviews")
        self._keep_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cp-trainer table history")
        self._server: Server | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self._page = resource_path("web")
        self._addresses = Addresses(host, port)  # the port is known once it is bound
        table._emit = self._emit
        table._observe = self._observe
        if self.writer is not None:
            table.defer_records = True

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

    def _connection_type(self) -> type[ServerConnection]:
        gate = self._gate

        class Connection(GatedConnection):
            pass

        Connection.gate = gate
        return Connection

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(self._loop_error)
        self._server = await serve(self._handle, self.host, self.port, process_request=self._http,
                                   max_size=MAX_FRAME, compression=None, max_queue=64,
                                   server_header="cp-trainer", open_timeout=10, close_timeout=2,
                                   create_connection=self._connection_type())
        self.port = int(self._server.sockets[0].getsockname()[1])
        self._addresses = Addresses(self.host, self.port)
        self._keep(asyncio.ensure_future(self._ticks()))

    def _loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        self._say(f"loop:{type(exc).__name__}", "the teaching table: %s (%s)", context.get("message"),
                  exc, level=logging.ERROR)

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)
        for task in list(self._tasks):
            task.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._bot_pool.shutdown(wait=False, cancel_futures=True)
        self._keep_pool.shutdown(wait=True)  # hands being kept are kept
        if self.writer is not None and self._own_writer:
            await asyncio.get_running_loop().run_in_executor(None, self.writer.close)

    async def _ticks(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.replace_after / 4))
            try:
                now = time.monotonic()
                for conn in self._gate.overdue(now):
                    self._gate.seated(conn)
                    conn.transport.abort()
                self.table.replace_gone(now, self.replace_after)
                self._run_work()
            except Exception as exc:  # a tick's failure must not stop the next ones
                self._say("tick", "the teaching table's clock failed", level=logging.ERROR, exc=exc)

    def _keep(self, task: asyncio.Future[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:  # said, not lost in the loop
            self._say("work", "the teaching table's work failed", level=logging.ERROR, exc=task.exception())

    # --- the table's output ----------------------------------------------------------------------

    def _emit(self, seat: int, message: dict[str, Any]) -> None:
        client = self._clients.get(seat)
        if client is not None:
            client.send(message)

    def _observe(self, event: str, data: dict[str, Any]) -> None:
        if self._observer is not None:
            try:
                self._observer(event, data)
            except Exception as exc:  # the host's window must not stop the table
                self._say("observer", "the teaching table's host could not be told", level=logging.ERROR,
                          exc=exc)

    def _run_work(self) -> None:
        loop = asyncio.get_running_loop()
        for work in self.table.take_work():
            if isinstance(work, BotWork):
                self._keep(asyncio.ensure_future(self._bots(loop, work)))
            elif isinstance(work, RecordWork):
                self._keep(asyncio.ensure_future(self._keep_hands(loop, work)))
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
        except Exception as exc:  # no review for this hand; the table goes on
            self._say("review", "the solver could not review seat %d of deal %d", work.seat, work.deal,
                      level=logging.ERROR, exc=exc)
            return
        self.table.review_done(work, verdict)
        if self.writer is not None and work.uid is not None:
            self.writer.set_solver(work.uid, str(verdict.best), verdict.best_ev,
                                   verdict.ev if work.arrangement is not None else None, verdict.loss_stderr)

    # --- the history ---------------------------------------------------------------------------

    async def _keep_hands(self, loop: asyncio.AbstractEventLoop, work: RecordWork) -> None:
        """Keep the showdown's hands (in the history or its fsynced journal), then show it."""
        try:
            uids, kept = await loop.run_in_executor(self._keep_pool, self._store, work)
        except Exception as exc:  # nothing may stop the showdown; the host is told
            uids, kept = [], False
            self._history_problem(tr("net.history.failed", self.table.lang, reason=str(exc)))
        if not kept:
            self._history_problem(tr("net.history.not_kept", self.table.lang, hands=len(work.records)))
        self.table.recorded(work, uids)
        self._run_work()

    def _store(self, work: RecordWork) -> tuple[list[str], bool]:
        """(On the history's thread.) The hands' identities and whether they are durable now."""
        assert self.writer is not None
        uids = self.writer.add_hands(work.records)
        self.uids.extend(uids)
        kept = self.writer.wait_durable(KEEP_TIMEOUT)
        if not kept:
            self.unkept.extend(uids)
        return uids, kept

    def _writer_event(self, event: WriterEvent) -> None:
        """(On the writer's thread.) What the server's own history writer tells the host."""
        if event.message and self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is closed: the table is gone
                self._loop.call_soon_threadsafe(self._history_problem, event.message)

    def _history_problem(self, message: str) -> None:
        self._say(f"history:{message}", "%s", message)
        self._observe("history", {"message": message})

    # --- HTTP: the page ------------------------------------------------------------------------

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        method = getattr(request, "method", "GET")
        if not self._addresses.host_ok(request.headers.get("Host")):
            return http_response(HTTPStatus.FORBIDDEN, b"forbidden: not this table's address\n")
        path = request.path.split("?", 1)[0]
        if method not in ("GET", "HEAD"):
            refused = http_response(HTTPStatus.METHOD_NOT_ALLOWED, b"GET and HEAD only\n")
            refused.headers["Allow"] = "GET, HEAD"
            return refused
        if path == "/ws":
            if method != "GET":
                return http_response(HTTPStatus.METHOD_NOT_ALLOWED, b"the WebSocket is opened with GET\n")
            if not self._addresses.origin_ok(request.headers.get("Origin")):
                return http_response(HTTPStatus.FORBIDDEN, b"forbidden: another site's page\n")
            return None  # the WebSocket handshake
        response = self._page_response(path)
        if method == "HEAD":
            response = dataclasses.replace(response, body=b"")
        return response

    def _page_response(self, path: str) -> Response:
        if path.startswith("/strings/") and path.endswith(".json"):
            lang = path[len("/strings/"):-len(".json")]
            if lang in LANGUAGES:
                body = json.dumps(page_strings(lang), ensure_ascii=False).encode()
                return http_response(HTTPStatus.OK, body, "application/json; charset=utf-8")
        if path in PAGE_FILES:
            name, kind = PAGE_FILES[path]
            return http_response(HTTPStatus.OK, (self._page / name).read_bytes(), kind)
        return http_response(HTTPStatus.NOT_FOUND, b"not found\n")

    # --- WebSocket: the players --------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        client = Client(ws)
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
                close_after = self._message(client, raw)
                self._run_work()
                if close_after is not None:
                    if close_after > 0:
                        await asyncio.sleep(close_after)
                    if client.parting is not None:
                        client.send(client.parting)
                    break
        except ConnectionClosed:
            pass
        except Exception as exc:  # never a traceback per connection: said once a minute
            self._say("handler", "a teaching-table connection failed", level=logging.ERROR, exc=exc)
        finally:
            self._gate.seated(ws)
            if client.seat is not None and self._clients.get(client.seat) is client:
                del self._clients[client.seat]
                self.table.disconnected(client.seat, time.monotonic())
            client.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    def _error(self, client: Client, key: str, **params: Any) -> dict[str, Any]:
        return {"type": "error", "error": TableError(key, **params).message(client.lang)}

    def _message(self, client: Client, raw: str | bytes) -> float | None:
        """Handle one message; None, or the seconds to wait before the connection is closed."""
        try:
            msg = read_message(raw)
        except TableError as exc:
            client.send({"type": "error", "error": exc.message(client.lang)})
            return None
        try:
            self._dispatch(client, msg["type"], msg)
        except TableError as exc:
            if exc.key == "wrong_code":  # answered after the delay (see _handle)
                client.parting = {"type": "error", "error": exc.message(client.lang)}
                return self._guard.failed(client.address, time.monotonic())
            client.send({"type": "error", "error": exc.message(client.lang)})
            return 0.0 if exc.close else None
        except Exception as exc:  # a message the table did not foresee: said, and the table goes on
            self._say("message", "a teaching-table message could not be handled", level=logging.ERROR,
                      exc=exc)
            client.send(self._error(client, "internal"))
        return None

    def _dispatch(self, client: Client, kind: str, msg: dict[str, Any]) -> None:
        table = self.table
        lang = msg.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES:
            client.lang = lang
        if kind in ("join", "rejoin"):
            if client.seat is not None:
                raise TableError("already_joined")
            wait = self._guard.wait(client.address, time.monotonic())
            if wait > 0:
                raise TableError("slow_down", close=True, seconds=math.ceil(wait))
            # the seat's messages go to this connection from its first one ("joined") on
            if kind == "join":
                seat = table.join(msg.get("code"), msg.get("name"), lang, attach=self._attach(client))
            else:
                try:
                    seat = table.rejoin(msg.get("token"), lang, attach=self._attach(client))
                except TableError as exc:  # a wrong token counts as a wrong code
                    self._guard.failed(client.address, time.monotonic())
                    raise exc
            self._guard.joined(client.address)
            client.lang = seat.lang
            return
        if client.seat is None:
            raise TableError("join_first")
        seat_index = client.seat
        if kind == "lang":
            table.set_lang(seat_index, lang)
            client.lang = table.seats[seat_index].lang
            client.send(table.state(client.lang))
        elif kind == "check":
            client.send(table.check(seat_index, msg.get("deal"), msg.get("arrangement")))
        elif kind == "set":
            table.set_hand(seat_index, msg.get("deal"), msg.get("arrangement"))
        elif kind == "surrender":
            table.surrender(seat_index, msg.get("deal"))
        elif kind == "next":
            table.next_deal(seat_index)

    def _attach(self, client: Client) -> Callable[[int], None]:
        """Called by the table when a seat is given to ``client`` (before anything is sent)."""

        def attach(seat: int) -> None:
            old = self._clients.get(seat)
            if old is not None and old is not client:  # the same seat from a new connection
                old.seat = None
                old.close(1000, "the seat was taken up by a new connection")
            client.seat = seat
            self._clients[seat] = client
            self._gate.seated(client.ws)

        return attach

    # --- the host's hand on the seats ----------------------------------------------------------

    def host_action(self, action: str, seat: int) -> bool:
        """The host frees a seat (``free``), gives a person's seat to a bot (``bot``) or removes a
        person (``remove``); run on the server's loop. False when the seat does not allow it."""
        table = self.table
        if action == "free":
            done = table.free_seat(seat)
        elif action == "bot":
            done = table.to_bot(seat)
            if self._drop_connection(seat, 1000, "a bot plays this seat now: reconnect to come back"):
                table.disconnected(seat, time.monotonic())
        elif action == "remove":
            done = table.remove(seat)
            self._drop_connection(seat, 1000, "the host removed this player")
        else:
            raise ValueError(f"unknown host action: {action!r}")
        self._run_work()
        return done

    def _drop_connection(self, seat: int, code: int, reason: str) -> bool:
        """Close the connection holding ``seat``; False if none did."""
        client = self._clients.pop(seat, None)
        if client is None:
            return False
        client.seat = None
        client.close(code, reason)
        return True


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
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                self._loop.call_soon_threadsafe(fn)

    def fill_with_bots(self) -> None:
        """Bots take the empty seats and the first deal comes (run on the server's loop)."""

        def fill() -> None:
            self.server.table.fill_with_bots()
            self.server._run_work()

        self.call(fill)

    def host_action(self, action: str, seat: int) -> None:
        """:meth:`TableServer.host_action` on the server's loop."""

        def act() -> None:
            self.server.host_action(action, seat)

        self.call(act)

    def stop(self, timeout: float = 10.0) -> None:
        if self._stop is not None and self._thread.is_alive():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
