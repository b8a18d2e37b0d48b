"""Short interactive lessons for newcomers, as data (``resources/lessons/*.json``).

A lesson is a title and a list of steps, every text in English and Russian. Steps that ask
something are checked by the rules core, never by an answer key alone:

========================  =========================================  ===========================
kind                      the learner answers                        checked with
========================  =========================================  ===========================
``text``                  nothing (read, then go on)                 —
``choice``                the index of an option                     the lesson's ``answer``
``category``              a category key (``pair``, ``flush``, …)    :func:`strength.evaluate`
``stronger``              0 / 1 (which hand) or 2 (equal)            :func:`strength.evaluate`
``first_failure``         a foul code or ``none``                    :func:`check_arrangement`
``outcome``               ``legal`` / ``foul`` / ``misdeal``         :func:`check_arrangement`
``arrange``               an :class:`Arrangement` of the 13 cards    :func:`check_arrangement`
``score``                 the points of one seat                     :func:`settlement.settle`
========================  =========================================  ===========================

Where a step also stores the expected ``answer``, :func:`load_lesson` checks it against the core, so
a lesson file can never teach something the rules core disagrees with. ``arrange`` steps carry
``accept`` / ``reject`` example arrangements, checked the same way by the tests.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules.arrangement import Arrangement, ArrangementParseError, Outcome, Stage, check_arrangement
from ..rules.arrangement_text import for_people, foul_message
from ..rules.cards import Card, CardParseError, find_duplicates, label_cards, parse_cards, tens_as_10
from ..rules.house_rules import HouseRules, HouseRulesError
from ..rules.settlement import settle
from ..rules.strength import Category, category_of, evaluate
from ..support.i18n import LANGUAGES, tr
from ..support.resources import resource_path
from .lesson_reasons import (
    Reason,
    category_reason,
    choice_reason,
    failure_reason,
    outcome_reason,
    render_reason,
    score_reason,
    stronger_reason,
)

__all__ = [
    "ArrangeStep",
    "CategoryStep",
    "ChoiceStep",
    "FirstFailureStep",
    "Lesson",
    "LessonError",
    "OutcomeStep",
    "ScoreStep",
    "Shown",
    "Step",
    "StrongerStep",
    "TextStep",
    "Verdict",
    "check_answer",
    "expected_answer",
    "load_lesson",
    "load_lessons",
    "wrong_answer_reason",
]

FAILURE_CODES = ("row_size", "duplicate", "order", "none")
OUTCOMES = ("legal", "foul", "misdeal")
EQUAL = 2  # the third option of a "stronger" step


class LessonError(ValueError):
    """A lesson file is invalid; the message names the file, the step and the field."""


@dataclass(frozen=True)
class Text:
    """One text in every language."""

    by_lang: Mapping[str, str]

    def __call__(self, lang: str) -> str:
        """The text in ``lang``, a ten written 10 as on the card pictures (the files say ``T♥``)."""
        return tens_as_10(self.by_lang.get(lang) or self.by_lang["en"])


@dataclass(frozen=True)
class Verdict:
    correct: bool
    message: str  # feedback for the learner, in the language asked
    details: tuple[str, ...] = ()  # e.g. the fouls the core found
    reason: str = ""  # why a wrong answer is wrong, worked out by the rules core


@dataclass(frozen=True)
class Shown:
    """Cards a text step shows as pictures: a row of cards or a whole arrangement, maybe labelled."""

    cards: tuple[Card, ...] | Arrangement
    label: Text | None = None


@dataclass(frozen=True)
class TextStep:
    text: Text
    show: tuple[Shown, ...] = ()


@dataclass(frozen=True)
class ChoiceStep:
    question: Text
    options: tuple[Text, ...]
    answer: int
    explanation: Text | None = None


@dataclass(frozen=True)
class CategoryStep:
    question: Text
    cards: tuple[Card, ...]
    answer: str
    explanation: Text | None = None

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(c.key for c in Category)


@dataclass(frozen=True)
class StrongerStep:
    question: Text
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    labels: tuple[Text, Text]
    answer: int
    explanation: Text | None = None


@dataclass(frozen=True)
class FirstFailureStep:
    question: Text
    arrangement: Arrangement
    answer: str
    explanation: Text | None = None

    @property
    def options(self) -> tuple[str, ...]:
        return FAILURE_CODES


@dataclass(frozen=True)
class OutcomeStep:
    question: Text
    arrangement: Arrangement
    stage: Stage
    answer: str
    explanation: Text | None = None

    @property
    def options(self) -> tuple[str, ...]:
        return OUTCOMES


@dataclass(frozen=True)
class ArrangeStep:
    question: Text
    cards: tuple[Card, ...]
    goal: str  # "legal" or "foul"
    accept: tuple[Arrangement, ...]
    reject: tuple[Arrangement, ...]
    explanation: Text | None = None


@dataclass(frozen=True)
class ScoreStep:
    question: Text
    hands: tuple[Arrangement, ...]
    labels: tuple[Text, ...]
    rules: HouseRules
    seat: int
    answer: int
    explanation: Text | None = None


Step = (TextStep | ChoiceStep | CategoryStep | StrongerStep | FirstFailureStep | OutcomeStep
        | ArrangeStep | ScoreStep)


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    title: Text
    summary: Text
    steps: tuple[Step, ...]

    @property
    def questions(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if not isinstance(s, TextStep))


# --- the answers the rules core gives -------------------------------------------------------


def expected_answer(step: Step) -> object:
    """The right answer, computed by the rules core (for ``choice``: the lesson's own answer)."""
    if isinstance(step, ChoiceStep):
        return step.answer
    if isinstance(step, CategoryStep):
        return category_of(evaluate(step.cards)).key
    if isinstance(step, StrongerStep):
        a, b = (evaluate(h) for h in step.hands)
        return 0 if a > b else 1 if b > a else EQUAL
    if isinstance(step, FirstFailureStep):
        fouls = check_arrangement(step.arrangement).fouls
        return fouls[0].code if fouls else "none"
    if isinstance(step, OutcomeStep):
        return check_arrangement(step.arrangement, stage=step.stage).outcome.value
    if isinstance(step, ScoreStep):
        return settle(list(step.hands), step.rules).points[step.seat]
    raise TypeError(f"{type(step).__name__} has no single expected answer")


def check_answer(step: Step, answer: object, lang: str = "en") -> Verdict:
    """Judge a learner's answer to one step."""
    if isinstance(step, TextStep):
        return Verdict(True, "")
    if isinstance(step, ArrangeStep):
        return _check_arrangement(step, answer, lang)
    if isinstance(step, ScoreStep):
        try:
            value = float(str(answer).strip().replace("−", "-").replace(",", "."))
        except ValueError:
            return Verdict(False, tr("lessons.not_a_number", lang, answer=str(answer)))
        correct = math.isclose(value, float(settle(list(step.hands), step.rules).points[step.seat]))
    else:
        correct = answer == expected_answer(step)
    if correct:
        return Verdict(True, tr("lessons.correct", lang))
    reason = wrong_answer_reason(step, answer)
    return Verdict(False, tr("lessons.wrong", lang), reason=render_reason(reason, lang) if reason else "")


def wrong_answer_reason(step: Step, answer: object) -> Reason | None:
    """Why ``answer`` to ``step`` is wrong, as data (:mod:`cp_trainer.practice.lesson_reasons`); None for a
    step that has no single right answer (text, arrange: the arrange check lists the fouls itself)."""
    if isinstance(step, ChoiceStep):
        return choice_reason(step.options[step.answer].by_lang)
    if isinstance(step, CategoryStep):
        return category_reason(step.cards, Category[str(answer).upper()]) if answer in step.options else None
    if isinstance(step, StrongerStep):
        return stronger_reason(*step.hands)
    if isinstance(step, FirstFailureStep):
        return failure_reason(step.arrangement)
    if isinstance(step, OutcomeStep):
        return outcome_reason(step.arrangement, step.stage)
    if isinstance(step, ScoreStep):
        return score_reason(step.hands, step.rules, step.seat)
    return None


def _check_arrangement(step: ArrangeStep, answer: object, lang: str) -> Verdict:
    if isinstance(answer, str):
        try:
            answer = Arrangement.parse(answer)
        except (ArrangementParseError, CardParseError) as exc:
            return Verdict(False, tr("lessons.arrange.unreadable", lang, error=str(exc)))
    if not isinstance(answer, Arrangement):
        raise TypeError(f"an arrange step takes an Arrangement, got {type(answer).__name__}")
    if sorted(answer.cards) != sorted(step.cards) or not answer.complete:
        return Verdict(False, tr("lessons.arrange.use_the_cards", lang, cards=label_cards(step.cards)))
    result = check_arrangement(answer)
    details = tuple(for_people(foul_message(f, lang)) for f in result.fouls)  # "kickers 10-9", not "T-9"
    if step.goal == "legal":
        if result.outcome is Outcome.LEGAL:
            return Verdict(True, tr("lessons.arrange.legal_ok", lang))
        return Verdict(False, tr("lessons.arrange.need_legal", lang), details)
    if result.outcome is Outcome.FOUL:
        return Verdict(True, tr("lessons.arrange.foul_ok", lang), details)
    return Verdict(False, tr("lessons.arrange.need_foul", lang))


# --- loading and validating -----------------------------------------------------------------


def lessons_dir() -> Path:
    return resource_path("lessons")


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson in ``resources/lessons/`` (or ``folder``), in their ``order``."""
    folder = folder or lessons_dir()
    lessons = [load_lesson(p) for p in sorted(folder.glob("*.json"))]
    ids = [lesson.id for lesson in lessons]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise LessonError(f"lesson id used twice: {', '.join(dup)}")
    return sorted(lessons, key=lambda lesson: (lesson.order, lesson.id))


def load_lesson(path: Path) -> Lesson:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LessonError(f"{path.name}: cannot read the lesson: {exc}") from None
    try:
        return _lesson(data)
    except LessonError as exc:
        raise LessonError(f"{path.name}: {exc}") from None


def _lesson(data: Any) -> Lesson:
    if not isinstance(data, dict):
        raise LessonError("a lesson is a JSON object")
    lesson_id = data.get("id")
    if not isinstance(lesson_id, str) or not lesson_id:
        raise LessonError(f"id must be non-empty text, got {lesson_id!r}")
    order = data.get("order")
    if not isinstance(order, int):
        raise LessonError(f"order must be an integer, got {order!r}")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError("steps must be a non-empty list")
    steps = []
    for i, raw in enumerate(raw_steps):
        try:
            steps.append(_step(raw))
        except LessonError as exc:
            raise LessonError(f"step {i + 1}: {exc}") from None
    return Lesson(lesson_id, order, _text(data, "title"), _text(data, "summary"), tuple(steps))


def _text(data: Mapping[str, Any], key: str) -> Text:
    value = data.get(key)
    if not isinstance(value, dict):
        raise LessonError(f"{key} must be an object with a text per language")
    for lang in LANGUAGES:
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            raise LessonError(f"{key} has no {lang!r} text")
    return Text({lang: value[lang] for lang in LANGUAGES})


def _opt_text(data: Mapping[str, Any], key: str) -> Text | None:
    return _text(data, key) if key in data else None


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise LessonError(f"{what} must be card text")
    try:
        cards = tuple(parse_cards(value))
    except CardParseError as exc:
        raise LessonError(f"{what}: {exc}") from None
    if len(set(cards)) != len(cards):
        raise LessonError(f"{what}: a card is repeated in {value!r}")
    return cards


def _arrangement(value: Any, what: str) -> Arrangement:
    if not isinstance(value, str):
        raise LessonError(f"{what} must be arrangement text")
    try:
        return Arrangement.parse(value)
    except (ArrangementParseError, CardParseError) as exc:
        raise LessonError(f"{what}: {exc}") from None


def _shown(value: Any) -> tuple[Shown, ...]:
    if not isinstance(value, list):
        raise LessonError("show must be a list of {\"cards\": ..., \"label\": ...}")
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise LessonError(f"show[{i}] must be an object with cards")
        raw = item.get("cards")
        cards = (_arrangement(raw, f"show[{i}]") if isinstance(raw, str) and "/" in raw
                 else _cards(raw, f"show[{i}]"))
        out.append(Shown(cards, _opt_text(item, "label")))
    return tuple(out)


def _choice_of(data: Mapping[str, Any], allowed: Sequence[object]) -> Any:
    answer = data.get("answer")
    if answer not in allowed or isinstance(answer, bool):
        raise LessonError(f"answer must be one of {list(allowed)}, got {answer!r}")
    return answer


def _choice_step(data: dict[str, Any], question: Text, explanation: Text | None) -> Step:
    raw = data.get("options")
    if not isinstance(raw, list) or len(raw) < 2:
        raise LessonError("a choice needs at least two options")
    options = tuple(_text({"o": o}, "o") for o in raw)
    return ChoiceStep(question, options, _choice_of(data, range(len(options))), explanation)


def _category_step(data: dict[str, Any], question: Text, explanation: Text | None) -> Step:
    cards = _cards(data.get("cards"), "cards")
    if len(cards) not in (3, 5):
        raise LessonError(f"cards must be a 3- or 5-card row, got {len(cards)}")
    return CategoryStep(question, cards, _choice_of(data, [c.key for c in Category]), explanation)


def _stronger_step(data: dict[str, Any], question: Text, explanation: Text | None) -> Step:
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != 2:
        raise LessonError("stronger needs two hands")
    pair = (_cards(hands[0], "hands[0]"), _cards(hands[1], "hands[1]"))
    if any(len(h) not in (3, 5) for h in pair):
        raise LessonError("each hand must be a 3- or 5-card row")
    labels = data.get("labels")
    if not isinstance(labels, list) or len(labels) != 2:
        raise LessonError("stronger needs two labels")
    texts = (_text({"l": labels[0]}, "l"), _text({"l": labels[1]}, "l"))
    return StrongerStep(question, pair, texts, _choice_of(data, (0, 1, EQUAL)), explanation)


def _first_failure_step(data: dict[str, Any], question: Text, explanation: Text | None) -> Step:
    return FirstFailureStep(question, _arrangement(data.get("arrangement"), "arrangement"),
                            _choice_of(data, FAILURE_CODES), explanation)


def _outcome_step(data: dict[str, Any], question: Text, explanation: Text | None) -> Step:
    stage_text = data.get("stage", "showdown")
    try:
        stage = Stage(stage_text)
    except ValueError:
        raise LessonError(f"stage must be 'setting' or 'showdown', got {stage_text!r}") from None
    return OutcomeStep(question, _arrangement(data.get("arrangement"), "arrangement"), stage,
                       _choice_of(data, OUTCOMES), explanation)


def _arrange_step(data: dict[str, Any], question: Text, explanation: Text | None) -> ArrangeStep:
    """An arrange step, checked by the core against its accepted and rejected examples."""
    cards = _cards(data.get("cards"), "cards")
    if len(cards) != 13:
        raise LessonError(f"an arrange step deals 13 cards, got {len(cards)}")
    goal = data.get("goal")
    if goal not in ("legal", "foul"):
        raise LessonError(f"goal must be 'legal' or 'foul', got {goal!r}")
    accept = tuple(_arrangement(a, "accept") for a in data.get("accept", []))
    reject = tuple(_arrangement(a, "reject") for a in data.get("reject", []))
    if not accept:
        raise LessonError("an arrange step needs at least one accepted example")
    arrange = ArrangeStep(question, cards, goal, accept, reject, explanation)
    for example in accept:
        if not check_answer(arrange, example).correct:
            raise LessonError(f"the core does not accept the example {example}")
    for example in reject:
        if check_answer(arrange, example).correct:
            raise LessonError(f"the core accepts the rejected example {example}")
    return arrange


def _score_step(data: dict[str, Any], question: Text, explanation: Text | None) -> Step:
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list) or not 2 <= len(raw_hands) <= 4:
        raise LessonError("score needs 2 to 4 hands")
    hands = tuple(_arrangement(h, f"hands[{i}]") for i, h in enumerate(raw_hands))
    shared = find_duplicates(c for h in hands for c in set(h.cards))
    if shared:
        raise LessonError(f"card {shared[0]} is in two hands")
    raw_labels = data.get("labels")
    if not isinstance(raw_labels, list) or len(raw_labels) != len(hands):
        raise LessonError("score needs one label per hand")
    labels = tuple(_text({"l": lab}, "l") for lab in raw_labels)
    try:
        rules = HouseRules.from_dict(data.get("rules", {}))
    except HouseRulesError as exc:
        raise LessonError(f"rules: {exc}") from None
    seat = data.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < len(hands):
        raise LessonError(f"seat must be a hand's index, got {seat!r}")
    answer = data.get("answer")
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise LessonError(f"answer must be an integer, got {answer!r}")
    return ScoreStep(question, hands, labels, rules, seat, answer, explanation)


#: the question steps by kind, each read from (data, question, explanation)
_QUESTION_STEPS: dict[str, Callable[[dict[str, Any], Text, Text | None], Step]] = {
    "choice": _choice_step,
    "category": _category_step,
    "stronger": _stronger_step,
    "first_failure": _first_failure_step,
    "outcome": _outcome_step,
    "score": _score_step,
}


def _step(data: Any) -> Step:
    if not isinstance(data, dict):
        raise LessonError("a step is a JSON object")
    kind = data.get("kind")
    if kind == "text":
        return TextStep(_text(data, "text"), _shown(data.get("show", [])))
    question = _text(data, "question")
    explanation = _opt_text(data, "explanation")
    if kind == "arrange":
        return _arrange_step(data, question, explanation)
    make = _QUESTION_STEPS.get(kind) if isinstance(kind, str) else None
    if make is None:
        raise LessonError(f"unknown step kind {kind!r}")
    step = make(data, question, explanation)
    core = expected_answer(step)
    if core != getattr(step, "answer", core):
        raise LessonError(f"the lesson's answer {getattr(step, 'answer', None)!r} is not the rules "
                          f"core's {core!r}")
    return step
