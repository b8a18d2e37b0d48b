"""A foul in the words the table's banner shows, and the longest such words a table's rules can
make, without Qt: the banner keeps the room of the longest (so nothing under it moves mid-hand).

>>> from cp_trainer.rules.house_rules import HouseRules
>>> longest = longest_fouls(HouseRules(), "en")
>>> longest[0].startswith("FOUL: ")
True
>>> order_rule(HouseRules(low_middle=True), "en") != order_rule(HouseRules(), "en")
True
"""

from __future__ import annotations

from ..rules.arrangement import Arrangement, CheckResult, Outcome, check_arrangement, check_partial
from ..rules.arrangement_text import foul_message, foul_sentences
from ..rules.cards import parse_cards
from ..rules.house_rules import HouseRules
from ..support.i18n import tr

__all__ = ["foul_words", "longest_fouls", "order_rule"]

#: A hand half set that fouls twice (top, middle, bottom, still in hand).
HALF_SET_FOUL = ("As Ah 2s", "Kd Kc 9h 8h 7d", "Qs Js", "Ts 5c 3c")
#: A whole hand that breaks both halves of the order: its two sentences and the rule are at least
#: as long as the half-set one's.
DOUBLE_FOUL = "As Ah 2s / Kd Kc 9h 8h 7d / Qs Js Ts 5c 3c"


def order_rule(rules: HouseRules, lang: str) -> str:
    """The order the rows must go in under ``rules`` ("bottom ≥ middle ≥ top")."""
    return tr("rules.order.low_middle" if rules.low_middle else "rules.order.normal", lang)


def foul_words(result: CheckResult, lang: str) -> str | None:
    """The banner's words for a fouled hand or a misdeal, every word the rules core's: the heading,
    one sentence per foul and the order rule once at the end (one paragraph: whole sentences need
    no bullets to stay apart). None when ``result`` has neither."""
    if result.fouls:
        head = tr("rules.cli.foul", lang) + ":"
        return " ".join([head, *foul_sentences(result.fouls, lang)])
    if result.outcome is Outcome.MISDEAL and result.misdeal is not None:
        return foul_message(result.misdeal, lang)
    return None


def longest_fouls(rules: HouseRules, lang: str) -> tuple[str, ...]:
    """The banner's longest foul texts under ``rules`` in ``lang``: a hand half set that fouls
    twice, and a whole hand that does (those of the two hands that foul under these rules)."""
    half = Arrangement(*(tuple(parse_cards(row)) for row in HALF_SET_FOUL[:3]))
    checks = (check_partial(half, rules, remaining=parse_cards(HALF_SET_FOUL[3])),
              check_arrangement(Arrangement.parse(DOUBLE_FOUL), rules))
    texts = (foul_words(check, lang) for check in checks)
    return tuple(text for text in texts if text is not None)
