#!/usr/bin/env python3
"""Refresh the GUI translations: collect strings into the .ts sources, compile them to .qm.

    .venv/bin/python scripts/build_translations.py           # lupdate + lrelease (the one command)
    .venv/bin/python scripts/build_translations.py --check   # change nothing; exit 1 if stale

1. ``pyside6-lupdate`` scans ``cp_trainer/gui/**/*.py`` for ``self.tr("...")`` and
   ``QCoreApplication.translate("Context", "...")`` and merges new strings into
   ``resources/translations/cp_trainer_<lang>.ts`` (new ones are marked ``type="unfinished"``;
   strings no longer in the code are dropped).
2. It lists the strings still missing a translation: translate them in the .ts (any text
   editor, or ``.venv/bin/pyside6-linguist``), remove ``type="unfinished"``, run it again.
3. ``pyside6-lrelease`` compiles each .ts into the ``.qm`` the app loads (committed too).

``tests/test_translations.py`` fails while any string lacks a translation or a .qm is stale.
See ``docs/translations.md``.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUI_DIR = ROOT / "cp_trainer" / "gui"
TRANSLATIONS_DIR = ROOT / "cp_trainer" / "resources" / "translations"
LANGUAGES = ("ru",)  # English is the source language


def ts_path(lang: str, folder: Path = TRANSLATIONS_DIR) -> Path:
    return folder / f"cp_trainer_{lang}.ts"


def qm_path(lang: str, folder: Path = TRANSLATIONS_DIR) -> Path:
    return folder / f"cp_trainer_{lang}.qm"


def tool(name: str) -> str:
    """A Qt tool shipped with PySide6: beside this Python first, then on PATH."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"build_translations: {name} not found (install PySide6 into .venv)")
    return found


def sources() -> list[str]:
    """Every GUI module, relative to the repository root, in a stable order."""
    return sorted(str(p.relative_to(ROOT)) for p in GUI_DIR.rglob("*.py"))


def _run(args: list[str]) -> None:
    done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"build_translations: {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def update_ts(ts: Path) -> None:
    """Merge the strings of the GUI sources into ``ts`` (created if missing)."""
    _run([tool("pyside6-lupdate"), *sources(), "-locations", "none", "-no-obsolete", "-ts", str(ts)])


def release(ts: Path, qm: Path) -> None:
    _run([tool("pyside6-lrelease"), "-silent", str(ts), "-qm", str(qm)])


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    translation: str  # the first form for plurals
    finished: bool
    forms: tuple[str, ...] = ()


def messages(ts: Path) -> list[Message]:
    """Every message of a .ts file."""
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        if not name:
            # A bare tr(...) call: that is the rules core's catalog function (cp_trainer.support.i18n.tr,
            # JSON keys), which lupdate cannot tell from Qt's; Qt strings always have a context.
            continue
        for message in context.iter("message"):
            translation = message.find("translation")
            forms: tuple[str, ...] = ()
            text = ""
            finished = False
            if translation is not None:
                forms = tuple(f.text or "" for f in translation.iter("numerusform"))
                text = forms[0] if forms else (translation.text or "")
                filled = all(forms) if forms else bool(text)
                finished = filled and translation.get("type") not in ("unfinished", "vanished", "obsolete")
            found.append(Message(name, message.findtext("source", ""), text, finished, forms))
    return found


def unfinished(ts: Path) -> list[Message]:
    return [m for m in messages(ts) if not m.finished]


def check() -> list[str]:
    """What is out of date, as messages (empty when all is current). Changes nothing."""
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for lang in LANGUAGES:
            committed = ts_path(lang)
            if not committed.is_file():
                problems.append(f"{committed.relative_to(ROOT)} is missing")
                continue
            fresh = Path(tmp) / committed.name
            shutil.copyfile(committed, fresh)
            update_ts(fresh)
            if [(m.context, m.source) for m in messages(fresh)] != [
                (m.context, m.source) for m in messages(committed)
            ]:
                problems.append(f"{committed.relative_to(ROOT)} misses strings of the code or keeps old ones")
            for m in unfinished(fresh):
                problems.append(f"{lang}: no translation for {m.context}: {m.source!r}")
            qm = Path(tmp) / qm_path(lang).name
            release(committed, qm)
            if not qm_path(lang).is_file() or not filecmp.cmp(qm, qm_path(lang), shallow=False):
                problems.append(f"{qm_path(lang).relative_to(ROOT)} is not built from the current .ts")
    return problems


def build() -> int:
    TRANSLATIONS_DIR.mkdir(parents=True, exist_ok=True)
    missing = 0
    for lang in LANGUAGES:
        ts = ts_path(lang)
        update_ts(ts)
        release(ts, qm_path(lang))
        todo = unfinished(ts)
        missing += len(todo)
        print(f"{ts.relative_to(ROOT)}: {len(messages(ts))} strings, {len(todo)} untranslated")
        for m in todo:
            print(f"    {m.context}: {m.source!r}")
    if missing:
        print("Translate the strings above in the .ts file(s), then run this script again.")
    return 1 if missing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Update the .ts sources and compile the .qm files.")
    parser.add_argument("--check", action="store_true", help="report stale files, change nothing")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    return build()


if __name__ == "__main__":
    sys.exit(main())
