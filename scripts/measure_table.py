#!/usr/bin/env python3
"""How well the first window fits the screen and how much of the table the player's cards use.

    .venv/bin/python scripts/measure_table.py [--display :31] [--sizes 1024x700,1366x768,1920x1080]

For every screen size it starts an X server (``Xvfb``) of that size on ``--display`` with the
``openbox`` window manager (so the window has a title bar, as on a desktop), starts the trainer
as on a first run (no saved window size, a fresh deal of 13 cards, two bots) and reports:

- ``window``: the window's frame (title bar included) as it opened, and whether it fits the
  screen's available geometry;
- ``rows+hand``: the share of the table's area (the felt left of the solver panel) covered by the
  player's three rows and hand strip, first mid-hand and then at the showdown;
- ``card``: the height in pixels of the player's cards.

Each measure is taken on the window as it opened, and again maximised. The figures go to standard
output as a table (``--json`` prints them as JSON). Every process it starts is stopped again.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEAL = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"
SET = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"


def measure_inside() -> dict[str, Any]:
    """Run in the X session: open the window, measure it as opened and maximised."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication

    from cp_trainer.gui.app import application, create_window
    from cp_trainer.gui.settings.store import Settings
    from cp_trainer.gui.table.models import ROWS, Zone
    from cp_trainer.rules.arrangement import Arrangement
    from cp_trainer.rules.cards import parse_cards

    app = application()

    def settle(seconds: float = 1.5) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.02)

    def covered(window: Any) -> tuple[float, int]:
        table = window.table
        area = max(1, table.width() * table.height())
        zones = [*ROWS, Zone.HAND]
        used = 0
        for zone in zones:
            view = table.views[zone]
            if not view.isVisible():
                continue
            rect = QRect(view.mapTo(table, view.rect().topLeft()), view.size()).intersected(table.rect())
            used += rect.width() * rect.height()
        return used / area, table.views[Zone.MIDDLE].iconSize().height()

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(Path(tmp) / "settings.ini")
        settings.save(settings.values.replace(bot="greedy", solver_samples=200, animations=False))
        window = create_window(deal=parse_cards(DEAL), seed=7, lang="en", settings=settings, opponents=2,
                               data_dir=str(Path(tmp) / "data"))
        window.table.reveal_delay_ms = 0
        window.table.confirm = lambda question: True
        window.show()
        settle(2.5)
        screen = window.screen().availableGeometry()
        frame = window.frameGeometry()
        out["screen"] = f"{screen.width()}x{screen.height()}"
        out["frame"] = f"{frame.width()}x{frame.height()}+{frame.x()}+{frame.y()}"
        out["fits"] = screen.contains(frame)
        for state in ("opened", "maximised"):
            if state == "maximised":
                window.showMaximized()
                settle(2.0)
            deal = window.deal_model
            deal.return_all()
            settle(0.3)
            out[f"{state}_setting"], out[f"{state}_card"] = covered(window)
            cards = sorted(deal.all_cards(), reverse=True)  # any 3 / 5 / 5 will do (a foul too)
            arr = Arrangement.parse(SET) if state == "opened" else Arrangement(
                tuple(cards[10:]), tuple(cards[5:10]), tuple(cards[:5]))
            if not deal.place(arr.top, arr.middle, arr.bottom):
                raise SystemExit(f"measure_table: could not place {arr}")
            window.table.set_hand()
            while window.controller.waiting_for_bots():  # a cold solver: the bots set theirs
                settle(0.1)
            window.solver_panel.pool.waitForDone()
            settle(0.8)
            out[f"{state}_showdown"], out[f"{state}_showdown_card"] = covered(window)
            window.table.deal_button.click()
            settle(0.5)
        window.close()
        QApplication.processEvents()
    return out


def run_screen(display: str, size: str) -> dict[str, Any]:
    xvfb, openbox = shutil.which("Xvfb"), shutil.which("openbox")
    if xvfb is None or openbox is None:
        raise SystemExit("measure_table: needs Xvfb and openbox (apt-get install xvfb openbox)")
    server = subprocess.Popen([xvfb, display, "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wm: subprocess.Popen[bytes] | None = None
    try:
        time.sleep(1.0)
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        wm = subprocess.Popen([openbox], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.5)
        done = subprocess.run([sys.executable, __file__, "--inside"], env=env, capture_output=True,
                              text=True, timeout=300)
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            raise SystemExit(f"measure_table: the window at {size} failed:\n{done.stderr[-2000:]}")
        result: dict[str, Any] = json.loads(lines[-1])
        result["size"] = size
        return result
    finally:
        for proc in (wm, server):
            if proc is not None:
                proc.terminate()
                proc.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--display", default=":31", help="the X display to start (default :31)")
    parser.add_argument("--sizes", default="1024x700,1366x768,1920x1080",
                        help="screen sizes WxH, comma-separated")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside:
        print(json.dumps(measure_inside()))
        return 0
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    for size in sizes:
        parts = size.lower().split("x")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            parser.error(f"--sizes: {size!r} is not WxH, e.g. 1366x768")
    results = [run_screen(args.display, size) for size in sizes]
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print("| screen | first window (frame) | fits | rows+hand, mid-hand | showdown | card px | "
          "maximised: rows+hand | showdown | card px |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['size']} | {r['frame']} | {'yes' if r['fits'] else 'NO'} | {r['opened_setting']:.0%} | "
              f"{r['opened_showdown']:.0%} | {r['opened_card']} | {r['maximised_setting']:.0%} | "
              f"{r['maximised_showdown']:.0%} | {r['maximised_card']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
