#!/usr/bin/env python3
"""Render the application icon's PNG sizes from its SVG (the files are committed).

    .venv/bin/python scripts/render_icons.py          # write the PNGs
    .venv/bin/python scripts/render_icons.py --check  # change nothing; exit 1 if one is missing

The SVG is ``resources/desktop/icons/hicolor/scalable/apps/<app id>.svg``; each size in
:data:`cp_trainer.support.desktop.PNG_SIZES` goes to ``resources/desktop/icons/hicolor/<N>x<N>/apps/``.
It runs ``rsvg-convert`` (Debian's librsvg2-bin). Run it after changing the SVG.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cp_trainer.support.desktop import APP_ID, PNG_SIZES  # noqa: E402

ICONS = ROOT / "cp_trainer" / "resources" / "desktop" / "icons" / "hicolor"


def png_path(size: int) -> Path:
    return ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the icon's PNG sizes from its SVG.")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a PNG is missing")
    args = parser.parse_args(argv)
    missing = [size for size in PNG_SIZES if not png_path(size).is_file()]
    if args.check:
        for size in missing:
            print(f"missing: {png_path(size).relative_to(ROOT)}")
        return 1 if missing else 0
    tool = shutil.which("rsvg-convert")
    if tool is None:
        print("rsvg-convert is not installed: apt-get install librsvg2-bin", file=sys.stderr)
        return 1
    svg = ICONS / "scalable" / "apps" / f"{APP_ID}.svg"
    for size in PNG_SIZES:
        out = png_path(size)
        out.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([tool, "--width", str(size), "--height", str(size), "--output", str(out), str(svg)],
                       check=True)
        print(out.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
