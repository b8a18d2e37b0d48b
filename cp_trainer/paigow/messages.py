"""Pai Gow input errors in the user's language (for the command line and the trainer)."""

from __future__ import annotations

from ..rules.cards import CardParseError, DuplicateCardError
from ..support.i18n import tr
from .cards import CardCountError, TwoJokersError
from .resolve import DealerFoulError
from .setting import SettingFormatError

__all__ = ["error_message"]


def error_message(exc: ValueError, lang: str = "en") -> str:
    """One line naming what was wrong with the input."""
    if isinstance(exc, CardParseError):
        return tr("paigow.error.not_a_card", lang, token=exc.token)
    if isinstance(exc, DuplicateCardError):
        return tr("paigow.error.duplicate", lang, cards=" ".join(str(c) for c in exc.cards))
    if isinstance(exc, TwoJokersError):
        return tr("paigow.error.two_jokers", lang, count=exc.count)
    if isinstance(exc, CardCountError):
        return tr(f"paigow.error.count_{exc.kind}", lang, got=exc.got)
    if isinstance(exc, SettingFormatError):
        return tr("paigow.error.setting_format", lang, text=exc.text)
    if isinstance(exc, DealerFoulError):
        return tr("paigow.error.dealer_foul", lang, low=exc.check.low_text, high=exc.check.high_text)
    return str(exc)
