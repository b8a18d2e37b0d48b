"""``cp-trainer stats``: the progress figures of the practice history (same as the charts), and
the hands that wait in a recording journal (``pending-hands*.jsonl``: the trainer stopped before it
wrote them into the database; its next start adds them)."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..support.i18n import tr
from ..support.numbers import FORMAT, signed
from .common import CliError, add_json_option, add_lang_option, lang_of, print_json
from .history_common import add_data_dir_option, open_store_readonly, report_damaged

MAX_WINDOW = 1_000_000_000  # history.stats.MAX_WINDOW, without importing the history for --help


def _window(text: str) -> int:
    """A whole number; the range is checked by :func:`run` (one line, without the usage)."""
    try:
        return int(text)
    except ValueError:
        if text.strip().lstrip("+-").isdigit():  # over Python's 4,300 digits
            raise argparse.ArgumentTypeError(f"must be 1 to {MAX_WINDOW:,}, got a number of "
                                             f"{len(text.strip()):,} digits") from None
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "stats", help="progress figures from the practice history",
        description=("Points per hand, fouls per 100 hands and EV lost per hand (the solver's "
                     "expected points minus your arrangement's) over the hands in the history. "
                     "The history is only read: a damaged database is reported (exit status 2) "
                     "and left as it is; a damaged hand is named on stderr and left out. Hands "
                     "waiting in a recording journal (pending-hands*.jsonl, left when the trainer "
                     "stopped before writing them) are counted apart and named (with --json: "
                     "\"waiting\": {\"hands\", \"files\"}, only when some wait)."),
    )
    p.add_argument("--game", choices=("chinese", "paigow"), default="chinese",
                   help="which game's hands (default chinese)")
    p.add_argument("--window", type=_window, default=20, metavar="N",
                   help=f"hands in the EV-lost moving average, 1 to {MAX_WINDOW:,} (default 20)")
    p.add_argument("--series", action="store_true",
                   help="with --json, also list the figures after every hand")
    add_data_dir_option(p)
    add_json_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Waiting:
    """Hands of one game waiting in the recording journals: how many, and the files holding them."""

    hands: int
    files: tuple[Path, ...]

    def shown_files(self, folder: Path) -> str:
        """The one file's path, or the journals' pattern in ``folder`` when several hold hands."""
        from ..history.writer import JOURNAL_PREFIX

        return str(self.files[0]) if len(self.files) == 1 else str(folder / f"{JOURNAL_PREFIX}*.jsonl")


def waiting_hands(folder: Path, game: str) -> Waiting:
    """The valid hands of ``game`` in the recording journals in ``folder``, read as the trainer
    replays them (a damaged line is left out). Only regular files are read, never blocking (a FIFO
    in a journal's place), each at most an import's size; nothing is changed."""
    from ..history.limits import MAX_IMPORT_BYTES
    from ..history.writer import JOURNAL_PREFIX
    from ..support.bounded_input import BoundedInputError, open_regular

    total, files = 0, []
    try:
        paths = sorted(folder.glob(f"{JOURNAL_PREFIX}*.jsonl"))
    except OSError:
        paths = []
    for path in paths:
        try:
            with open_regular(path, MAX_IMPORT_BYTES) as fh:
                n = sum(_hands_in(raw, game) for raw in fh)
        except (BoundedInputError, OSError):
            continue
        if n:
            total += n
            files.append(path)
    return Waiting(total, tuple(files))


def _hands_in(raw: bytes, game: str) -> int:
    """The valid hands of ``game`` in one journal line (a job: ``{"hands": [...]}``)."""
    from ..history.record import HandRecord, RecordError

    try:
        job: Any = json.loads(raw)
    except (ValueError, RecursionError):
        return 0
    hands = job.get("hands") if isinstance(job, dict) else None
    if not isinstance(hands, list):
        return 0
    count = 0
    for data in hands:
        try:
            count += HandRecord.from_dict(data).game.value == game
        except (RecordError, ValueError, TypeError, KeyError, RecursionError):
            continue
    return count


def run(args: argparse.Namespace) -> int:
    from ..history import Game, HistoryError, compute_stats
    from ..history.stats import MAX_WINDOW

    lang = lang_of(args)
    if not 1 <= args.window <= MAX_WINDOW:
        raise CliError(f"--window must be from 1 to {MAX_WINDOW:,}, got {str(args.window)[:40]}")
    with open_store_readonly(args, lang, missing_ok=True) as store:
        try:
            summaries = store.summaries(Game(args.game))
        except HistoryError as exc:  # damage SQLite's quick check did not see
            raise CliError(str(exc)) from None
        stats = compute_stats(summaries, window=args.window)
        path = store.path
        report_damaged("stats", store.skipped, "history.stats.damaged", lang)
    waiting = waiting_hands(path.parent, args.game)
    if args.json:
        data = {"database": str(path), "game": args.game, **stats.to_dict(series=args.series)}
        if waiting.hands:
            data["waiting"] = {"hands": waiting.hands, "files": [str(f) for f in waiting.files]}
        print_json(data)
        return 0
    waiting_line = (tr("history.stats.waiting", lang, n=waiting.hands, files=waiting.shown_files(path.parent))
                    if waiting.hands else None)
    if stats.hands == 0:
        print("\n".join(filter(None, [tr("history.stats.empty", lang, path=path), waiting_line])))
        return 0
    lines = [
        tr("history.stats.title", lang, path=path),
        tr("history.stats.hands", lang, n=stats.hands),
        tr("history.stats.points", lang, total=signed(stats.points_total, 1, FORMAT),
           per_hand="-" if stats.points_per_hand is None else signed(stats.points_per_hand, 2, FORMAT)),
        tr("history.stats.fouls", lang, n=stats.fouls, rate=f"{stats.foul_rate_per_100:.1f}"),
    ]
    if stats.hands_with_ev:
        lines.append(tr("history.stats.ev_lost", lang, per_hand=f"{stats.ev_lost_per_hand:.3f}",
                        n=stats.hands_with_ev, window=min(stats.window, stats.hands_with_ev),
                        recent=f"{stats.ev_lost_recent:.3f}"))
    else:
        lines.append(tr("history.stats.no_ev", lang))
    if waiting_line:
        lines.append(waiting_line)
    print("\n".join(lines))
    return 0
