"""Messages of the rules core in the user's language (English and Russian).

The core does not use Qt, so its texts live in JSON catalogs under ``resources/i18n/``: every
``*.<lang>.json`` there (``core.en.json``, ``arrangement.ru.json``, ...) is merged into that
language's catalog, one key per message, ``str.format`` placeholders. A key defined in two files
is an error, so modules keep their own files without clashing. The GUI
uses Qt's own translation system for its widgets and shows these texts as the core returns them.
"""

from __future__ import annotations

import json
import locale
import os
from functools import cache
from typing import Any

from .resources import resource_path

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"


def normalize_lang(lang: str | None) -> str:
    """``"ru_RU.UTF-8"`` → ``"ru"``; unknown or empty → the system default."""
    if not lang:
        return system_language()
    code = lang.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    if code not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang!r} (choose from {', '.join(LANGUAGES)})")
    return code


def system_language() -> str:
    """The language of the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var)
        if value:
            code = value.split(":")[0].lower().replace("-", "_").split("_")[0].split(".")[0]
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    code = loc.lower().split("_")[0]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalog(lang: str) -> dict[str, Any]:
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language: {lang!r}")
    data: dict[str, Any] = {}
    for path in sorted(resource_path("i18n").glob(f"*.{lang}.json")):
        with path.open(encoding="utf-8") as fh:
            part = json.load(fh)
        clash = sorted(set(part) & set(data))
        if clash:
            raise KeyError(f"{path.name} redefines message(s): {', '.join(clash)}")
        data.update(part)
    return data


def tr(key: str, lang: str = DEFAULT_LANGUAGE, /, **kwargs: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``kwargs``.

    A key missing from the Russian catalog falls back to English; a key missing everywhere is a
    programming error (``KeyError``), caught by the catalog tests.
    """
    cat = catalog(lang)
    text = cat.get(key)
    if text is None:
        text = catalog(DEFAULT_LANGUAGE)[key]
    if not isinstance(text, str):
        raise KeyError(f"message {key!r} is not a string")
    return text.format(**kwargs) if kwargs else text


def tr_list(key: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """A list-valued catalog entry (e.g. rank names by rank)."""
    cat = catalog(lang)
    value = cat.get(key, catalog(DEFAULT_LANGUAGE).get(key))
    if not isinstance(value, list):
        raise KeyError(f"message {key!r} is not a list")
    return [str(v) for v in value]
