#!/usr/bin/env python3
"""Render a widget or window to a PNG, headless (offscreen ``widget.grab()``), to look at it.

    .venv/bin/python scripts/screenshot.py cards [--out /tmp/cards.png] [--height 120] [--dpr 2]
    .venv/bin/python scripts/screenshot.py settings [--out /tmp/settings.png] [--lang ru]
    .venv/bin/python scripts/screenshot.py widget MODULE:FACTORY [--out PNG] [--size 1280x800]

``cards`` is a contact sheet of every card in both styles, the back and the joker. ``settings``
is the settings dialog. ``widget`` imports ``MODULE``, calls ``FACTORY()`` (no arguments) and
grabs the widget it returns, e.g. ``cp_trainer.gui.settings.dialog:SettingsDialog``.
Other scripts can ``from screenshot import grab_to_png``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QPixmap  # noqa: E402
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QWidget  # noqa: E402


def app_instance() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    return QApplication(sys.argv[:1])


def grab_to_png(widget: QWidget, out: Path, size: tuple[int, int] | None = None) -> Path:
    """Lay out ``widget`` (at ``size`` if given), render it and save a PNG; returns the path."""
    if size is not None:
        widget.resize(*size)
    else:  # the size it asks for (adjustSize() would clamp it to the small offscreen screen)
        widget.resize(widget.sizeHint().expandedTo(widget.minimumSizeHint()))
    widget.show()
    QApplication.processEvents()
    pixmap: QPixmap = widget.grab()
    out.parent.mkdir(parents=True, exist_ok=True)
    if not pixmap.save(str(out), "PNG"):
        raise OSError(f"could not write {out}")
    return out


def contact_sheet(height: int = 120, dpr: float = 1.0) -> QWidget:
    """Every card of both styles (one row per suit and style), the back and the joker, on felt."""
    from cp_trainer.gui.cards.pixmaps import JOKER, CardRenderer, card_size
    from cp_trainer.gui.cards.style import CardStyle
    from cp_trainer.rules.cards import Card, Rank, Suit

    sheet = QWidget()
    sheet.setObjectName("cardSheet")
    sheet.setStyleSheet("#cardSheet { background: #1f6b3a; } QLabel { color: white; }")
    grid = QGridLayout(sheet)
    grid.setSpacing(6)
    renderer = CardRenderer()
    size = card_size(height)
    row = 0
    for style in CardStyle:
        renderer.style = style
        grid.addWidget(QLabel(style.value), row, 0, 1, 13)
        row += 1
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            for col, rank in enumerate(sorted(Rank, reverse=True)):
                label = QLabel()
                label.setPixmap(renderer.pixmap(Card(rank, suit), size, dpr))
                grid.addWidget(label, row, col)
            row += 1
    for col, face in enumerate((None, JOKER)):
        label = QLabel()
        label.setPixmap(renderer.pixmap(face, size, dpr))
        label.setAlignment(Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(label, row, col)
    return sheet


def _factory(spec: str) -> QWidget:
    module_name, _, attr = spec.partition(":")
    if not attr:
        raise SystemExit(f"screenshot: expected MODULE:FACTORY, got {spec!r}")
    widget = getattr(importlib.import_module(module_name), attr)()
    if not isinstance(widget, QWidget):
        raise SystemExit(f"screenshot: {spec} returned {type(widget).__name__}, not a QWidget")
    return widget


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render a widget to a PNG (headless).")
    parser.add_argument("what", choices=("cards", "settings", "widget"))
    parser.add_argument("factory", nargs="?", help="MODULE:FACTORY for 'widget'")
    parser.add_argument("--out", type=Path, help="PNG to write (default /tmp/<what>.png)")
    parser.add_argument("--height", type=int, default=120, help="card height for 'cards'")
    parser.add_argument("--dpr", type=float, default=1.0, help="device pixel ratio for 'cards'")
    parser.add_argument("--size", help="WIDTHxHEIGHT to resize the widget to")
    parser.add_argument("--lang", choices=("en", "ru"), default="en")
    args = parser.parse_args(argv)
    app = app_instance()
    from cp_trainer.gui.translation import install_language

    install_language(app, args.lang)
    size = tuple(int(v) for v in args.size.lower().split("x")) if args.size else None
    if args.what == "cards":
        widget = contact_sheet(args.height, args.dpr)
    elif args.what == "settings":
        from cp_trainer.gui.settings.dialog import SettingsDialog

        widget = SettingsDialog()
    else:
        if not args.factory:
            parser.error("'widget' needs MODULE:FACTORY")
        widget = _factory(args.factory)
    out = args.out or Path(f"/tmp/{args.what}.png")
    grab_to_png(widget, out, size)  # type: ignore[arg-type]
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
