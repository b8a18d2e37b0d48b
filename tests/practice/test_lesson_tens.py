"""Every text of every lesson that a person reads writes a ten as ``10``, never the rank letter
``T`` (as in "kickers T-9-7" or "T♦"), in both languages: the lesson's own texts, the verdicts and
reasons for every answer offered, and the fouls explained for arrangements the learner may make."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from cp_trainer.practice.lesson_reasons import render_reason, stronger_reason
from cp_trainer.practice.lessons import (
    EQUAL,
    ArrangeStep,
    CategoryStep,
    ChoiceStep,
    FirstFailureStep,
    Lesson,
    OutcomeStep,
    ScoreStep,
    Step,
    StrongerStep,
    check_answer,
    load_lessons,
)
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards

#: A ten written as a rank letter: alone ("kicker T", "Q-J-T-2", "T♦") or as a card ("Td").
TEN_LETTER = re.compile(r"\bT\b|\bT[shdc]\b")
SHUFFLES = 150  # arrangements of each arrange step's cards tried, as a learner might set them


def _answers(step: Step) -> list[object]:
    if isinstance(step, ChoiceStep):
        return list(range(len(step.options)))
    if isinstance(step, CategoryStep | FirstFailureStep | OutcomeStep):
        return list(step.options)
    if isinstance(step, StrongerStep):
        return [0, 1, EQUAL]
    if isinstance(step, ScoreStep):
        return [step.answer, step.answer + 1, "ten"]
    if isinstance(step, ArrangeStep):
        rng = random.Random(7)
        tried: list[object] = [*step.accept, *step.reject]
        for _ in range(SHUFFLES):
            cards = list(step.cards)
            rng.shuffle(cards)
            tried.append(Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:])))
        return tried
    return []


def _texts(lesson: Lesson, lang: str) -> Iterator[str]:
    yield lesson.title(lang)
    yield lesson.summary(lang)
    for step in lesson.steps:
        for name in ("text", "question", "explanation"):
            text = getattr(step, name, None)
            if text is not None:
                yield text(lang)
        yield from (label(lang) for label in getattr(step, "labels", ()))
        yield from (shown.label(lang) for shown in getattr(step, "show", ()) if shown.label is not None)
        if isinstance(step, ChoiceStep):
            yield from (option(lang) for option in step.options)
        for answer in _answers(step):
            verdict = check_answer(step, answer, lang)
            yield verdict.message
            yield verdict.reason
            yield from verdict.details


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_lesson_text_writes_a_ten_as_t(lang: str) -> None:
    lessons = load_lessons()
    assert lessons
    found = sorted({text for lesson in lessons for text in _texts(lesson, lang) if TEN_LETTER.search(text)})
    assert not found, "\n".join(found[:5])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_reason_naming_ten_kickers_writes_10(lang: str) -> None:
    """Two ace-high hands told apart by their kickers: the ten is a ``10``."""
    reason = stronger_reason(tuple(parse_cards("Ah Kd Td 9s 7c")), tuple(parse_cards("As Kh Tc 8s 7d")))
    text = render_reason(reason, lang)
    assert "10-9-7" in text and not TEN_LETTER.search(text), text
