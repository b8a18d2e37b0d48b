"""Why a lesson answer is wrong, worked out by the rules core and said in English or Russian.

:func:`stronger_reason`, :func:`category_reason` and the others look at what a lesson step
asked and return a :class:`Reason` (:func:`cp_trainer.practice.lessons.check_answer` picks the one for the
step): a message key and its facts as data (cards, hand strengths, categories, foul checks, a
settlement), the same in every language. :func:`render_reason` says it in one language, naming
the hands with :func:`strength.describe` and the fouls with the core's own messages:

>>> from cp_trainer.rules.cards import parse_cards
>>> reason = stronger_reason(tuple(parse_cards("As Ad Ah Ac 2d")), tuple(parse_cards("Ks Qs Js Ts 9s")))
>>> reason.key, render_reason(reason, "en")  # doctest: +NORMALIZE_WHITESPACE
('beats_category', 'K♠ Q♠ J♠ 10♠ 9♠ (king-high straight flush) beats A♠ A♦ A♥ A♣ 2♦ (four aces):
straight flush ranks above four of a kind.')

Cards are written as on the cards themselves: ``10♠``, never ``T♠``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..rules.arrangement import Arrangement, Outcome, Stage, check_arrangement
from ..rules.arrangement_text import for_people, foul_message
from ..rules.cards import Card, label_cards
from ..rules.house_rules import HouseRules
from ..rules.settlement import settle
from ..rules.settlement_text import explain_settlement, seat_name, signed
from ..rules.strength import Category, category_of, describe, evaluate, ranks_of
from ..support.i18n import capitalised, tr

__all__ = [
    "Cards",
    "Check",
    "Hand",
    "Reason",
    "Said",
    "Seat",
    "Settled",
    "Words",
    "category_reason",
    "choice_reason",
    "failure_reason",
    "outcome_reason",
    "render_reason",
    "score_reason",
    "stronger_reason",
]

_TOP_ONLY = (Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND)


# --- the facts a reason carries (rendered per language) -------------------------------------


@dataclass(frozen=True)
class Cards:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Hand:
    """A hand's name: ``pair of kings`` (``detailed``: with its kickers)."""

    strength: int
    detailed: bool = False


@dataclass(frozen=True)
class Check:
    """What the core's check says about an arrangement: its fouls (or misdeal) in words."""

    arrangement: Arrangement
    stage: Stage = Stage.SHOWDOWN


@dataclass(frozen=True)
class Settled:
    """A settlement of ``hands`` explained pair by pair, as the table explains a showdown."""

    hands: tuple[Arrangement, ...]
    rules: HouseRules


@dataclass(frozen=True)
class Seat:
    """A seat's name: ``player A``."""

    seat: int


@dataclass(frozen=True)
class Said:
    """Another catalog message, e.g. the name of a check."""

    key: str


@dataclass(frozen=True)
class Words:
    """A text given in every language (a lesson's own option)."""

    by_lang: Mapping[str, str]


Fact = Cards | Hand | Category | Check | Settled | Seat | Said | Words | int | str


@dataclass(frozen=True)
class Reason:
    """Why an answer is wrong: the message ``lessons.reason.<key>`` and its facts."""

    key: str
    facts: Mapping[str, Fact] = field(default_factory=dict)


def _fact(value: Fact, lang: str) -> str:
    if isinstance(value, Cards):
        return label_cards(value.cards)
    if isinstance(value, Hand):
        return describe(value.strength, lang, detailed=value.detailed)
    if isinstance(value, Category):
        return value.label(lang)
    if isinstance(value, Check):
        result = check_arrangement(value.arrangement, stage=value.stage)
        problems = result.fouls or ((result.misdeal,) if result.misdeal is not None else ())
        return "; ".join(foul_message(p, lang) for p in problems)
    if isinstance(value, Seat):
        return seat_name(value.seat, lang)
    if isinstance(value, Said):
        return tr(value.key, lang)
    if isinstance(value, Words):
        return value.by_lang.get(lang) or value.by_lang["en"]
    if isinstance(value, Settled):
        lines = explain_settlement(settle(list(value.hands), value.rules), value.rules, lang)
        return "\n".join(line.strip() for line in lines)
    return str(value)


def render_reason(reason: Reason, lang: str = "en") -> str:
    """The reason in ``lang`` (a sentence: its first letter capital), every ten written ``10`` as
    the card pictures show it ("kickers 10-9-7", never "T-9-7")."""
    return for_people(capitalised(tr(f"lessons.reason.{reason.key}", lang,
                                     **{k: _fact(v, lang) for k, v in reason.facts.items()})))


# --- working out the reason (lessons.check_answer picks the one for its step) ----------------


def category_reason(cards: tuple[Card, ...], chosen: Category) -> Reason:
    """Why ``cards`` are not ``chosen``: what they are (and, in a top row, why they cannot be)."""
    strength = evaluate(cards)
    facts: dict[str, Fact] = {"cards": Cards(cards), "hand": Hand(strength),
                              "category": category_of(strength), "chosen": chosen}
    if len(cards) == 3 and chosen not in _TOP_ONLY:
        return Reason("category_top", facts)
    return Reason("category", facts)


def stronger_reason(first: tuple[Card, ...], second: tuple[Card, ...]) -> Reason:
    """Which of two rows is stronger and why (or why they are equal)."""
    a, b = evaluate(first), evaluate(second)
    if a == b:
        return Reason("equal", {"cards_a": Cards(first), "cards_b": Cards(second), "hand": Hand(a)})
    (win, s_win), (lose, s_lose) = ((first, a), (second, b)) if a > b else ((second, b), (first, a))
    facts: dict[str, Fact] = {"cards_w": Cards(win), "cards_l": Cards(lose)}
    if category_of(s_win) != category_of(s_lose):
        facts.update(hand_w=Hand(s_win), hand_l=Hand(s_lose), cat_w=category_of(s_win),
                     cat_l=category_of(s_lose))
        return Reason("beats_category", facts)
    if len(lose) < len(win) and ranks_of(s_win)[: len(lose)] == ranks_of(s_lose)[: len(lose)]:
        # Everything the top row has is equal; then it runs out of cards and is not the stronger.
        facts.update(category=category_of(s_win))
        return Reason("runs_out", facts)
    facts.update(hand_w=Hand(s_win, detailed=True), hand_l=Hand(s_lose, detailed=True),
                 category=category_of(s_win))
    return Reason("beats_ranks", facts)


def failure_reason(arrangement: Arrangement) -> Reason:
    """The first check ``arrangement`` fails, with the core's words for it (or: none fails)."""
    fouls = check_arrangement(arrangement).fouls
    if not fouls:
        return Reason("no_failure")
    return Reason("first_failure", {"check": Said(f"lessons.failure.{fouls[0].code}"),
                                    "fouls": Check(arrangement)})


def outcome_reason(arrangement: Arrangement, stage: Stage) -> Reason:
    """What ``arrangement`` is when checked at ``stage``: legal, a foul (why) or a misdeal."""
    result = check_arrangement(arrangement, stage=stage)
    if result.outcome is Outcome.LEGAL:
        return Reason("legal")
    if result.outcome is Outcome.MISDEAL:
        return Reason("misdeal", {"count": len(arrangement.cards)})
    key = "foul_setting" if stage is Stage.SETTING else "foul_showdown"
    return Reason(key, {"fouls": Check(arrangement, stage)})


def score_reason(hands: tuple[Arrangement, ...], rules: HouseRules, seat: int) -> Reason:
    """What ``seat`` scores and how the settlement gets there, pair by pair."""
    points = settle(list(hands), rules).points[seat]
    return Reason("score", {"seat": Seat(seat), "points": signed(points), "lines": Settled(hands, rules)})


def choice_reason(option: Mapping[str, str]) -> Reason:
    """The right option of a multiple choice (``option``: its text per language)."""
    return Reason("choice", {"option": Words(dict(option))})
