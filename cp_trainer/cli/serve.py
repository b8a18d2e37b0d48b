"""``cp-trainer serve``: host a teaching table without the window.

Players open the page on a phone or laptop, join with the code and a name, and play; every
settled hand goes into the host's history. When ready it prints one JSON line,
``{"url": "ws://HOST:PORT/ws", "page": "http://HOST:PORT/", "code": CODE, "seats": N}``; Ctrl+C
closes the table, the history intact.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.bot_names import format_bot
from ..support.i18n import tr
from .common import CliError, add_lang_option, lang_of, print_json, shown, whole_number
from .rules_options import rules_of

if TYPE_CHECKING:
    from ..rules.house_rules import HouseRules

CODE_RE = re.compile(r"[A-Za-z0-9]{6,32}")
CODE_LENGTH = 8  # the length of a random code (cp_trainer.net.table.CODE_LENGTH, not imported for --help)


def _seats(text: str) -> int:
    value = whole_number(2)(text)
    if value > 4:
        raise argparse.ArgumentTypeError(f"a table has 2 to 4 seats, got {value}")
    return value


def _port(text: str) -> int:
    value = whole_number(0)(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, got {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 1 <= value <= 86_400:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be 1 to 86400 seconds, got {text}")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ..rules.bot_names import BotChoice, BotName
    from .bot_options import BOT_HELP, bot_type

    p = sub.add_parser(
        "serve", help="host a teaching table: players join from a browser",
        description=("Host a teaching table of closed Chinese poker: the trainer deals, players open "
                     "the page printed (a phone or laptop on the same network), join with the code "
                     "and a name, arrange their 13 cards with live foul checks, and see the showdown "
                     "and the solver's review of each player. Seats no person takes are bots. Every "
                     "settled hand goes into the history. When ready, prints one JSON line: "
                     "{\"url\", \"page\", \"code\", \"seats\"}. Ctrl+C closes the table."),
    )
    p.add_argument("--host", default="127.0.0.1", metavar="H",
                   help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for the "
                        "players' phones on the network)")
    p.add_argument("--port", type=_port, default=8765, metavar="P",
                   help="port (default 8765; 0 picks a free one)")
    p.add_argument("--seats", type=_seats, default=4, metavar="N",
                   help="seats at the table, 2 to 4 (default 4)")
    p.add_argument("--bots", type=whole_number(0), default=0, metavar="K",
                   help="seats played by bots from the start (default 0); the first deal comes when "
                        "people have taken the others")
    p.add_argument("--bot", type=bot_type(), default=BotChoice(BotName.STANDARD), metavar="BOT",
                   help="which bot plays (default standard): " + BOT_HELP)
    p.add_argument("--rules", metavar="FILE", default=None,
                   help="the table's house rules, a TOML file (see docs/house-rules.sample.toml)")
    p.add_argument("--code", default=None, metavar="CODE",
                   help="the table's code (6 to 32 letters and digits; default: a random one)")
    p.add_argument("--replace-after", type=_seconds, default=60.0, metavar="SECONDS",
                   help="a player gone this long is replaced by a bot (default 60)")
    p.add_argument("--review-samples", type=whole_number(2), default=None, metavar="N",
                   help="sampled deals of the solver's review of each player (default 1,000)")
    p.add_argument("--data-dir", metavar="DIR", default=None,
                   help="folder holding the practice history (default: the trainer's)")
    add_lang_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import asyncio  # here, not at the top: every command's --help builds this parser
    import contextlib
    import signal

    from ..net.keeping import where_kept
    from ..net.server import Pacing, TableServer, is_loopback, run_forever
    from ..net.table import Table
    from .data_folder import data_folder

    lang = lang_of(args)
    rules = _table_rules(args, lang)
    folder = data_folder(args.data_dir, lang)
    _check_history(folder, lang)
    table = Table(seats=args.seats, bots=args.bots, bot=format_bot(args.bot), rules=rules, code=args.code,
                  lang=lang)
    extra: dict[str, Any] = {}
    if args.review_samples is not None:
        extra["review_samples"] = args.review_samples
    server = TableServer(table, host=args.host, port=args.port, data_dir=folder,
                         pacing=Pacing(replace_after=args.replace_after, **extra))

    def tell(event: str, data: dict[str, Any]) -> None:
        if event == "history":  # the host is told at once when hands cannot be kept
            print(data["message"], file=sys.stderr, flush=True)

    server._observer = tell

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        def ready(line: dict[str, Any]) -> None:
            if not is_loopback(args.host):  # said once it listens, beside the players' link
                print(tr("net.cli.public", lang, host=shown(args.host)), file=sys.stderr, flush=True)
                print(tr("net.cli.link", lang, link=server.players_link), file=sys.stderr, flush=True)
            print_json(line)

        await run_forever(server, ready, stop)

    try:
        asyncio.run(main())
    except OSError as exc:  # the port is taken, the address is not this machine's
        raise CliError(tr("net.cli.bind", lang, host=shown(args.host), port=args.port,
                          reason=shown(exc.strerror or str(exc)))) from None
    kept = where_kept(folder, server.uids)
    print(tr("net.cli.closed", lang, hands=kept.stored), file=sys.stderr, flush=True)
    for name, waiting in kept.waiting.items():
        print(tr("net.cli.waiting", lang, file=name, count=waiting), file=sys.stderr, flush=True)
    if kept.lost:
        print(tr("net.cli.lost", lang, count=kept.lost), file=sys.stderr, flush=True)
        return 1
    return 0


def _table_rules(args: argparse.Namespace, lang: str) -> HouseRules:
    """The table's house rules, once the seats, bots, bank, code and host are checked."""
    table_rules = rules_of(args, lang)
    if table_rules.criss_cross:
        raise CliError(tr("net.cli.criss_cross", lang))
    rules = table_rules.rules
    if args.bots >= args.seats:
        raise CliError(tr("net.cli.bots", lang, most=args.seats - 1, seats=args.seats, bots=args.bots))
    if not 0 <= rules.bank < args.seats:
        raise CliError(tr("net.cli.bank", lang, bank=rules.bank, seats=args.seats))
    if args.code is not None and not CODE_RE.fullmatch(args.code):
        raise CliError(tr("net.cli.code", lang, code=shown(repr(args.code))))
    if not args.host.strip():
        raise CliError(f"--host: no address named, got {args.host!r}")
    if args.code is not None and len(args.code) < CODE_LENGTH:
        print(tr("net.cli.weak_code", lang, code=args.code, length=CODE_LENGTH), file=sys.stderr, flush=True)
    return rules


def _check_history(folder: Path, lang: str) -> None:
    """Refuse a history from a newer cp-trainer (never moved aside, never written); warn of one
    that cannot be used as it is (the writer moves a damaged one aside, and says so)."""
    from ..history.store import HistoryError, HistoryNewer, HistoryStore

    try:
        HistoryStore.open_readonly(folder, missing_ok=True).close()
    except HistoryNewer as exc:
        raise CliError(tr("net.cli.newer", lang, reason=shown(str(exc)))) from None
    except HistoryError as exc:
        print(tr("net.cli.unusable", lang, folder=shown(str(folder)), reason=shown(str(exc))),
              file=sys.stderr, flush=True)
