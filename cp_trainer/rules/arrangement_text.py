"""An arrangement check in words (English / Russian): the renderer of :mod:`cp_trainer.rules.arrangement`.

The check returns data (:class:`~cp_trainer.rules.arrangement.Foul`,
:class:`~cp_trainer.rules.arrangement.RowInfo`, :class:`~cp_trainer.rules.arrangement.Row`); this
module words them, as :mod:`cp_trainer.rules.settlement_text`
does for settlement. :func:`foul_message` is the compact one-line form the command line prints,
:func:`foul_sentences` the plain sentences of the window's banner and the Drill.

>>> from cp_trainer.rules.arrangement import Arrangement, check_arrangement
>>> foul = check_arrangement(Arrangement.parse("As Ad 2c / Ks Kd 7h 6h 5c / Qs Qd 9c 8c 3h")).fouls[0]
>>> foul_message(foul, "en")
'top: pair of aces is stronger than middle: pair of kings — bottom ≥ middle ≥ top is required'
>>> row_label(foul.rows[1], "ru")
'средний ряд'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..support.i18n import capitalised, tr
from .arrangement import Foul, FoulCode, OrderCheck, Row, RowInfo
from .strength import describe, describe_lowball

__all__ = ["for_people", "foul_message", "foul_sentences", "row_label", "row_name"]

# a ten standing alone: a rank in "kickers T-9-7", "kicker T", a card "Td" or "T♦" (not "QT")
_TEN = re.compile(r"\bT([shdc♠♥♦♣]?)\b")
_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def for_people(text: str) -> str:
    """A text of the rules core as the window shows it: every ten written ``10``, as the card
    pictures show it (the command line keeps ``T``: its output is a contract).

    >>> for_people("pair of jacks, kickers T-9-7; kicker T; Td in two rows; T♥; QT")
    'pair of jacks, kickers 10-9-7; kicker 10; 10♦ in two rows; 10♥; QT'
    """
    return _TEN.sub(lambda m: "10" + _SUIT_SYMBOLS.get(m.group(1), m.group(1)), text)


def row_label(row: Row, lang: str = "en") -> str:
    """``top`` / ``верхний ряд``."""
    return tr(f"rules.row.{row.value}", lang)


def row_name(info: RowInfo, lang: str = "en", *, detailed: bool = False) -> str:
    """A judged row's hand in words: ``pair of kings`` / ``пара королей``; with ``detailed``,
    kickers too (not for a low)."""
    if info.lowball:
        return describe_lowball(info.cards, lang)
    return describe(info.strength, lang, detailed=detailed)


def foul_message(foul: Foul, lang: str = "en") -> str:
    """A foul (or misdeal) in words, naming the rows and hands: the renderer of :class:`Foul`."""
    if foul.code is FoulCode.MISDEAL:
        return tr("rules.misdeal", lang, n=foul.count, size=foul.size)
    if foul.code is FoulCode.ROW_SIZE:
        row = foul.rows[0]
        key = "rules.foul.row_too_long" if foul.live else "rules.foul.row_size"
        return tr(key, lang, row=row_label(row, lang), n=foul.count, size=foul.size)
    if foul.code is FoulCode.DUPLICATE:
        labels = ", ".join(row_label(r, lang) for r in foul.rows)
        return tr("rules.foul.duplicate", lang, card=str(foul.card), n=foul.count, rows=labels)
    upper = foul.upper
    assert upper is not None
    required = tr("rules.order.low_middle" if foul.low_middle else "rules.order.normal", lang)
    if foul.lower is None:  # OrderCheck.UNREACHABLE: the lower row is not full yet
        return tr("rules.foul.order_unreachable", lang, upper=row_label(upper.row, lang),
                  upper_hand=row_name(upper, lang), lower=row_label(foul.rows[1], lang), required=required)
    lower = foul.lower
    a, b = row_name(upper, lang), row_name(lower, lang)
    if a == b and not (upper.lowball or lower.lowball):
        # Same words, different hands: name the kickers that decide it.
        a, b = row_name(upper, lang, detailed=True), row_name(lower, lang, detailed=True)
    key = "rules.foul.order_partial" if foul.order_check is OrderCheck.PARTIAL else "rules.foul.order"
    return tr(key, lang, upper=row_label(upper.row, lang), upper_hand=a, lower=row_label(lower.row, lang),
              lower_hand=b, required=required)


def foul_sentences(fouls: Sequence[Foul], lang: str = "en") -> list[str]:
    """The fouls as plain sentences for a reader (the window's banner, the Drill): "Your top row
    (pair of aces) is stronger than your middle row (pair of kings)." — one per foul, then the
    order rule said once ("The rows must go bottom ≥ middle ≥ top.") when a foul breaks it.
    A ten is written ``10`` (:func:`for_people`). :func:`foul_message` stays the compact one-line
    form the command line prints."""
    sentences: list[str] = []
    required: str | None = None
    for foul in fouls:
        upper = foul.upper
        if foul.code is not FoulCode.ORDER or upper is None:
            text = foul_message(foul, lang)
            sentences.append(tr("rules.say.other", lang, message=capitalised(text)))
            continue
        required = tr("rules.order.low_middle" if foul.low_middle else "rules.order.normal", lang)
        lower_row = foul.rows[1]
        if foul.lower is None:
            sentences.append(tr("rules.say.order_unreachable", lang,
                                upper=tr(f"rules.say.row.{upper.row.value}", lang),
                                upper_hand=row_name(upper, lang),
                                lower=tr(f"rules.say.row.{lower_row.value}", lang)))
            continue
        lower = foul.lower
        a, b = row_name(upper, lang), row_name(lower, lang)
        if a == b and not (upper.lowball or lower.lowball):
            a, b = row_name(upper, lang, detailed=True), row_name(lower, lang, detailed=True)
        key = "rules.say.order_partial" if foul.order_check is OrderCheck.PARTIAL else "rules.say.order"
        sentences.append(tr(key, lang, upper=tr(f"rules.say.row.{upper.row.value}", lang), upper_hand=a,
                            lower_gen=tr(f"rules.say.row_gen.{lower_row.value}", lang), lower_hand=b))
    if required is not None:
        sentences.append(tr("rules.say.required", lang, required=required))
    return [for_people(text) for text in sentences]
