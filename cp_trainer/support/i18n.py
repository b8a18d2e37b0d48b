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


def plural_index(n: int, lang: str = DEFAULT_LANGUAGE) -> int:
    """Which of a count's three forms (one, few, many) ``n`` takes in ``lang``: English has one
    (1) and many; Russian one (1, 21, 101…), few (2–4, 22–24…) and many (0, 5–20, 25…)."""
    n = abs(n)
    if lang != "ru":
        return 0 if n == 1 else 2
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def tr_count(key: str, n: int, lang: str = DEFAULT_LANGUAGE, /, **kwargs: Any) -> str:
    """The form of the list-valued message ``key`` (one, few, many) that the count ``n`` takes in
    ``lang`` (:func:`plural_index`), formatted with ``kwargs``: ``2 greedy bots`` /
    ``2 ботов «жадный»``."""
    return tr_list(key, lang)[plural_index(n, lang)].format(**kwargs)


def count_points(n: int, lang: str = DEFAULT_LANGUAGE, /, text: str | None = None) -> str:
    """A whole number of points with its unit in the form the count takes: ``1 point``,
    ``−1 point``, ``2 points``; ``1 очко``, ``2 очка``, ``5 очков``. ``text`` is the number as it
    is to be shown (with its sign, the language's separators), else ``str(n)``.

    >>> count_points(-1), count_points(2), count_points(22, "ru"), count_points(5, "ru", "+5")
    ('-1 point', '2 points', '22 очка', '+5 очков')
    """
    return tr_count("core.points", n, lang, n=str(n) if text is None else text)


def join_words(items: list[str] | tuple[str, ...], lang: str = DEFAULT_LANGUAGE, /) -> str:
    """A list as a sentence writes it: ``a``, ``a and b``, ``a, b and c`` / ``a, b и c``.

    >>> join_words(["standard", "scoop-chaser", "newcomer"]), join_words(["a", "b"], "ru")
    ('standard, scoop-chaser and newcomer', 'a и b')
    """
    if len(items) <= 1:
        return "".join(items)
    return tr("core.list.and", lang, rest=", ".join(items[:-1]), last=items[-1])


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital: a line of the core's text written as a sentence.

    >>> capitalised("итог: +2"), capitalised("  rows 2:1")
    ('Итог: +2', '  rows 2:1')
    """
    return text[:1].upper() + text[1:]
