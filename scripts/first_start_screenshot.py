#!/usr/bin/env python3
"""A picture of the window's first start while the solver compiles, from the real app.

    .venv/bin/python scripts/first_start_screenshot.py [--out docs/gallery/first-start-compiling.png]
                                                       [--lang en|ru] [--size 1366x768]

The compiled code's cache is an empty temporary folder (``NUMBA_CACHE_DIR``), so the window
really compiles, as after a fresh ``pip install``: the picture is taken once the status bar's
notice has shown for a few seconds and Hint has been pressed (the solver panel says the Hint
waits). The compile is then stopped and the folder deleted. With no display it starts its own
X server (``Xvfb``, Debian's ``xvfb``) and runs the window there with Qt's ``xcb`` platform.
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
#: seconds of compiling shown before the picture
SHOWN_AFTER = 8.0
#: the longest wait for the notice to appear
NOTICE_TIMEOUT = 120.0


def shoot(out: Path, lang: str, size: tuple[int, int]) -> Path:
    from PySide6.QtWidgets import QApplication

    from cp_trainer.gui.app import application, create_window
    from cp_trainer.gui.first_start import prepare_solver
    from cp_trainer.gui.settings.store import Settings
    from cp_trainer.rules.cards import parse_cards

    app = application()

    def wait(seconds: float, until: object = None) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (callable(until) and until()):
            app.processEvents()
            time.sleep(0.02)

    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(Path(tmp) / "settings.ini")
        settings.save(settings.values.replace(bot="greedy", language=lang, animations=False))
        window = create_window(deal=parse_cards(DEAL), seed=7, lang=lang, settings=settings, opponents=2,
                               data_dir=str(Path(tmp) / "data"))
        window.resize(*size)
        window.show()
        prep = prepare_solver(window)
        try:
            wait(NOTICE_TIMEOUT, lambda: prep.compiling)
            if not prep.compiling:
                raise SystemExit(f"first_start_screenshot: nothing to compile (stage {prep.stage.value})")
            wait(SHOWN_AFTER / 2)
            window.hint()
            wait(SHOWN_AFTER / 2)
            out.parent.mkdir(parents=True, exist_ok=True)
            window.grab().save(str(out))
        finally:
            window.close()  # as the app closes: the waiting Hint is cancelled, then the compile stopped
            QApplication.processEvents()
            prep.stop()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "gallery" / "first-start-compiling.png")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    parser.add_argument("--size", default="1366x768", help="window size WxH (default 1366x768)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size: {args.size!r} is not WxH, e.g. 1366x768")
    if args.inside or os.environ.get("DISPLAY") or os.environ.get("QT_QPA_PLATFORM"):
        cache = tempfile.mkdtemp(prefix="cp-trainer-first-start-")
        os.environ["NUMBA_CACHE_DIR"] = cache  # before anything reads it: an empty cache
        try:
            print(shoot(args.out, args.lang, (width, height)))
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        return 0
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        print("first_start_screenshot: no display and no Xvfb (apt-get install xvfb)", file=sys.stderr)
        return 1
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
