#!/usr/bin/env python3
"""The README's screenshots of the trainer window, mid-hand and at showdown, from the real app.

    .venv/bin/python scripts/window_screenshots.py [--out docs/screenshots] [--lang en] [--size 1280x800]

With no display it starts its own X server (``Xvfb``, from the Debian package ``xvfb``), runs
the window on it with Qt's ``xcb`` platform, saves the PNGs and stops the server again. Without
Xvfb it falls back to Qt's ``offscreen`` platform (same pixels, no window system) and says so.
The deal, the seed and the bot are fixed, so the pictures only change when the window does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEAL = "As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s"
MID_HAND = (("As", 1), ("Ah", 1), ("2s", 1), ("Kd", 2), ("Kc", 2), ("9h", 2), ("8h", 2), ("7d", 2),
            ("Qs", 3), ("Js", 3))  # a foul mid-hand: the banner explains it
SET = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"


def shoot(out: Path, lang: str, size: tuple[int, int]) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from cp_trainer.arrangement import Arrangement
    from cp_trainer.cards import Card, parse_cards
    from cp_trainer.gui.app import application, create_window
    from cp_trainer.gui.settings.store import Settings
    from cp_trainer.gui.table.models import Zone

    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(Path(tmp) / "settings.ini")
        # no animation: every picture shows the table at rest
        settings.save(settings.values.replace(bot="greedy", solver_samples=2000, language=lang,
                                              animations=False))
        window = create_window(deal=parse_cards(DEAL), seed=7, lang=lang, settings=settings, opponents=2)
        window.table.reveal_delay_ms = 0
        window.table.confirm = lambda _question: True
        window.resize(*size)
        window.show()
        for _ in range(100):  # let the window system map and paint the window (~1 s)
            app.processEvents()
            time.sleep(0.01)
        deal = window.deal_model
        for card, zone in MID_HAND:
            deal.move(Card.parse(card), Zone(zone))
        app.processEvents()
        out.mkdir(parents=True, exist_ok=True)
        saved = []

        def grab(name: str) -> None:
            for _ in range(20):
                app.processEvents()
                time.sleep(0.01)
            path = out / name
            window.grab().save(str(path))
            saved.append(path)

        grab(f"window-mid-hand-{lang}.png")
        deal.return_all()
        arr = Arrangement.parse(SET)
        deal.place(arr.top, arr.middle, arr.bottom)
        window.table.set_hand()
        window.solver_panel.pool.waitForDone()
        grab(f"window-showdown-{lang}.png")
        window.close()
        QApplication.processEvents()
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", default="en", choices=("en", "ru"))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    if args.inside or os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM"):
        for path in shoot(args.out, args.lang, (width, height)):
            print(path)
        return 0
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        print("window_screenshots: no Xvfb (apt-get install xvfb); using Qt's offscreen platform",
              file=sys.stderr)
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        for path in shoot(args.out, args.lang, (width, height)):
            print(path)
        return 0
    display = f":{90 + os.getpid() % 100}"
    server = subprocess.Popen([xvfb, display, "-screen", "0", f"{width + 200}x{height + 200}x24",
                               "-nolisten", "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        return subprocess.call([sys.executable, __file__, "--inside", "--out", str(args.out),
                                "--lang", args.lang, "--size", args.size], env=env)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    sys.exit(main())
