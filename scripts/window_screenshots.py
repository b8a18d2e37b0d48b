#!/usr/bin/env python3
"""The README's gallery of the trainer, in English and Russian, from the real app.

    .venv/bin/python scripts/window_screenshots.py [--out docs/gallery] [--lang en|ru] [--size 1366x768]

One run writes ``OUT/{en,ru}/NAME.png`` for every NAME below (``--lang`` limits it to one
language): the table mid-hand (a foul the banner explains), the showdown with the solver's
panel, Settings, History with its charts (on a temporary history seeded with some hands), a
lesson, table mode, Pai Gow and the Drill: the window at ``--size`` (default 1366x768, a common
laptop), the dialogs at the size they open at (no larger). With no display it starts its own X
server (``Xvfb``, from the Debian package ``xvfb``), runs the window on it with Qt's ``xcb``
platform, saves the PNGs and stops the server again. Without Xvfb it falls back to Qt's
``offscreen`` platform (same pixels, no window system) and says so. The deal, the seed and the
bot are fixed, so the pictures only change when the window does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEAL = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"
MID_HAND = (("As", 1), ("Ah", 1), ("2s", 1), ("Kd", 2), ("Kc", 2), ("9h", 2), ("8h", 2), ("7d", 2),
            ("Qs", 3), ("Js", 3))  # a foul mid-hand: the banner explains it
SET = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"
#: the pictures, in the README's order
NAMES = ("table-mid-hand", "showdown", "settings", "history", "lesson", "table-mode", "paigow", "drill")
#: hands for the History picture: (arrangement, points, solver EV, your EV)
HISTORY = (("Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c", 2, 0.9, 0.4),
           ("As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c", -4, 0.9, -4.0),
           ("3c 2s 5c / Kd Kc 9h 8h 7d / As Ah Qs Js Ts", 4, 1.1, 1.1),
           ("Qs Js 2s / Kd Kc 9h 8h 7d / As Ah Ts 5c 3c", -1, 0.9, 0.2),
           ("Qs 3c 2s / As Ah 9h 8h 7d / Kd Kc Js Ts 5c", -2, 0.9, -3.0),
           ("Ts 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js 5c", 2, 0.9, 0.7),
           ("Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c", 6, 0.9, 0.4),
           ("5c 3c 2s / Kd Kc Qs Js Ts / As Ah 9h 8h 7d", -2, 0.9, -0.8))


def seed_history(data: Path) -> None:
    """A few Chinese-poker hands over a week, so the History's table and charts have something."""
    from datetime import UTC, datetime, timedelta

    from cp_trainer.history import FoulNote, Game, HandRecord, HistoryStore, OpponentHand
    from cp_trainer.rules.arrangement import Arrangement, check_arrangement
    from cp_trainer.rules.arrangement_text import foul_message
    from cp_trainer.rules.house_rules import HouseRules

    start = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
    with HistoryStore.open(data) as store:
        for i in range(3):
            for j, (arr, points, best, mine) in enumerate(HISTORY):
                check = check_arrangement(Arrangement.parse(arr), HouseRules())
                store.add(HandRecord(
                    game=Game.CHINESE, deal=DEAL, arrangement=arr,
                    played_at=start + timedelta(days=2 * i, minutes=7 * j),
                    fouls=tuple(FoulNote(f.code, foul_message(f, "en")) for f in check.fouls),
                    opponents=(OpponentHand("5h 4h 3s / Kh Th 9s 8s 8c / Ad Jd 9d 5d 3d", float(points),
                                            "standard"),),
                    house_rules=HouseRules().to_dict(), solver_arrangement=SET,
                    solver_ev=best, player_ev=mine + 0.2 * i))


def shoot(out: Path, langs: tuple[str, ...], size: tuple[int, int]) -> list[Path]:
    from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

    from cp_trainer.gui.app import application, create_window
    from cp_trainer.gui.settings.dialog import SettingsDialog
    from cp_trainer.gui.settings.store import Settings
    from cp_trainer.gui.table.models import Zone
    from cp_trainer.rules.arrangement import Arrangement
    from cp_trainer.rules.cards import Card, parse_cards

    app = application()
    saved: list[Path] = []

    def settle(rounds: int = 30) -> None:
        for _ in range(rounds):  # let the window system map and paint the window
            app.processEvents()
            time.sleep(0.01)

    def grab(widget: QWidget, path: Path) -> None:
        """The main window at ``size``; a dialog at its own size, as it opens (within ``size``)."""
        if not isinstance(widget, QMainWindow):
            widget.resize(min(widget.width(), size[0]), min(widget.height(), size[1]))
        else:
            widget.resize(*size)
        settle()
        path.parent.mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(path))
        saved.append(path)

    for lang in langs:
        folder = out / lang
        with tempfile.TemporaryDirectory() as tmp:
            settings = Settings(Path(tmp) / "settings.ini")
            # no animation: every picture shows the table at rest
            settings.save(settings.values.replace(bot="greedy", solver_samples=2000, language=lang,
                                                  animations=False))
            seed_history(Path(tmp) / "data")
            window = create_window(deal=parse_cards(DEAL), seed=7, lang=lang, settings=settings, opponents=2,
                                   data_dir=str(Path(tmp) / "data"))
            window.table.reveal_delay_ms = 0
            window.table.confirm = lambda question: True
            window.resize(*size)
            window.show()
            settle(100)
            deal = window.deal_model
            for card, zone in MID_HAND:
                deal.move(Card.parse(card), Zone(zone))
            grab(window, folder / "table-mid-hand.png")
            deal.return_all()
            arr = Arrangement.parse(SET)
            deal.place(arr.top, arr.middle, arr.bottom)
            window.table.set_hand()
            while window.controller.waiting_for_bots():  # a cold solver: the bots set theirs
                settle(10)
            window.solver_panel.pool.waitForDone()
            grab(window, folder / "showdown.png")

            dialog = SettingsDialog(window.settings.values, window)
            dialog.show()
            grab(dialog, folder / "settings.png")
            dialog.close()

            shoot_practice(window, folder, grab, settle)

            page = window.show_paigow()
            page.tab.play_house_way()
            page.tab.set_hand()  # the dealer's cards turn up; the EV of every setting follows
            page.tab.pool.waitForDone()
            grab(window, folder / "paigow.png")

            window.show_drill()
            grab(window, folder / "drill.png")
            window.show_chinese()
            window.close()
            QApplication.processEvents()
    return saved


def shoot_practice(window: Any, folder: Path, grab: Callable[[Any, Path], None],
                   settle: Callable[[int], None]) -> None:
    """The practice windows: the history (its charts), a lesson's step, table mode filled in."""
    history = window.practice.open_history()
    if history is not None:
        while history.is_loading():  # the hands are read on the window's own thread
            settle(10)
        history.tabs.setCurrentIndex(1)  # the charts, built when their tab is shown
        while not history.charts_built():
            settle(10)
        grab(history, folder / "history.png")
        history.close()

    lessons = window.practice.open_lessons()
    lessons.list.setCurrentRow(min(2, lessons.list.count() - 1))
    for _ in range(2):  # a step with an answer to give
        lessons.next_button.setEnabled(True)
        lessons.next_step()
    grab(lessons, folder / "lesson.png")
    lessons.close()

    table_mode = window.practice.open_table_mode()
    fill_table_mode(table_mode)
    grab(table_mode, folder / "table-mode.png")
    table_mode.close()


def fill_table_mode(dialog: Any) -> None:
    """Two players' hands typed in and settled, as at a real table (names a player of the
    gallery's language would type: Anna and Boris / Анна и Борис)."""
    from cp_trainer.gui.translation import current_language

    anna, boris = ("Анна", "Борис") if current_language() == "ru" else ("Anna", "Boris")
    hands = ((anna, ("Qs 3c 2s", "Kd Kc 9h 8h 7d", "As Ah Js Ts 5c")),
             (boris, ("5h 4h 3s", "Kh Th 9s 8s 8c", "Ad Jd 9d 5d 3d")))
    for player, (name, rows) in zip(dialog.players, hands, strict=False):
        player.name.setText(name)
        player.rows.set_text(" / ".join(rows))
    dialog.settle()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "gallery")
    parser.add_argument("--lang", choices=("en", "ru"), help="only this language (default: both)")
    parser.add_argument("--size", default="1366x768", help="window size WxH (default 1366x768)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size: {args.size!r} is not WxH, e.g. 1366x768")
    langs = (args.lang,) if args.lang else ("en", "ru")
    if args.inside or os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM"):
        for path in shoot(args.out, langs, (width, height)):
            print(path)
        return 0
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        print("window_screenshots: no Xvfb (apt-get install xvfb); using Qt's offscreen platform",
              file=sys.stderr)
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        for path in shoot(args.out, langs, (width, height)):
            print(path)
        return 0
    display = f":{90 + os.getpid() % 100}"
    server = subprocess.Popen([xvfb, display, "-screen", "0", f"{width + 200}x{height + 200}x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        lang = ["--lang", args.lang] if args.lang else []
        return subprocess.call([sys.executable, __file__, "--inside", "--out", str(args.out), *lang,
                                "--size", args.size], env=env)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
