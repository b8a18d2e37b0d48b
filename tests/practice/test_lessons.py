"""Lessons as data: every lesson loads, and the rules core accepts exactly the right answers."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from cp_trainer.practice.lessons import (
    EQUAL,
    ArrangeStep,
    CategoryStep,
    ChoiceStep,
    FirstFailureStep,
    LessonError,
    OutcomeStep,
    ScoreStep,
    StrongerStep,
    Text,
    TextStep,
    check_answer,
    load_lesson,
    load_lessons,
)
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import format_cards, parse_cards
from cp_trainer.support.i18n import LANGUAGES, catalog
from cp_trainer.support.resources import resource_path

LESSONS = load_lessons()


def test_the_seed_lessons_are_all_there() -> None:
    assert [lesson.id for lesson in LESSONS] == [
        "hand_rankings", "check_order", "example_1", "example_2", "fouls_vs_misdeals", "systems_and_ties"]
    for lesson in LESSONS:
        assert lesson.questions, f"{lesson.id} asks nothing"
        for lang in LANGUAGES:
            assert lesson.title(lang) and lesson.summary(lang)


def _wrong_answers(step: object) -> list[object]:
    if isinstance(step, ChoiceStep):
        return [i for i in range(len(step.options)) if i != step.answer]
    if isinstance(step, CategoryStep | FirstFailureStep | OutcomeStep):
        return [o for o in step.options if o != step.answer]
    if isinstance(step, StrongerStep):
        return [i for i in (0, 1, EQUAL) if i != step.answer]
    if isinstance(step, ScoreStep):
        return [step.answer + 1, step.answer - 1, -step.answer if step.answer else 4, "not a number"]
    raise AssertionError(step)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_expected_answers_accepted_and_wrong_ones_rejected(lesson: object) -> None:
    for step in lesson.steps:  # type: ignore[attr-defined]
        if isinstance(step, TextStep):
            continue
        if isinstance(step, ArrangeStep):
            for good in step.accept:
                assert check_answer(step, good).correct, good
                assert check_answer(step, str(good), "ru").correct
            for bad in step.reject:
                assert not check_answer(step, bad).correct, bad
            continue
        for lang in LANGUAGES:
            assert check_answer(step, step.answer, lang).correct
        for wrong in _wrong_answers(step):
            verdict = check_answer(step, wrong)
            assert not verdict.correct, (step, wrong)
            assert verdict.message


def test_example_1_checks_a_learners_arrangement_with_the_core() -> None:
    (lesson,) = [lesson for lesson in LESSONS if lesson.id == "example_1"]
    legal, foul = (s for s in lesson.steps if isinstance(s, ArrangeStep))
    assert legal.cards == tuple(parse_cards("A♠ A♥ K♣ K♦ Q♠ Q♥ J♣ T♦ 9♠ 8♥ 7♣ 4♦ 2♠"))
    mine = Arrangement.parse("2s 4d 7c / Qs Qh Jc Td 9s / As Ah Kc Kd 8h")
    assert check_answer(legal, mine).correct and not check_answer(foul, mine).correct
    upside_down = check_answer(legal, "As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s", "en")
    assert not upside_down.correct and any("pair of aces" in d for d in upside_down.details)
    assert check_answer(foul, "As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s").correct
    wrong_cards = check_answer(legal, "Qs Jc 3s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
    assert not wrong_cards.correct and "A♠" in wrong_cards.message and "10♦" in wrong_cards.message
    assert not check_answer(legal, "As Ah / Kc").correct
    assert not check_answer(legal, "not / cards / at all").correct


def _write(tmp_path: Path, lesson: dict[str, object]) -> Path:
    path = tmp_path / "x.json"
    path.write_text(json.dumps(lesson), encoding="utf-8")
    return path


def test_a_lesson_whose_answer_the_core_disagrees_with_is_refused(tmp_path: Path) -> None:
    base = json.loads(resource_path("lessons", "04_example_2.json").read_text(encoding="utf-8"))
    assert load_lesson(_write(tmp_path, base)).id == "example_2"
    base["steps"][2]["answer"] = 3
    expected = r"x\.json: step 3: the lesson's answer 3 is not the rules core's 4"
    with pytest.raises(LessonError, match=expected):
        load_lesson(_write(tmp_path, base))


def test_bad_lesson_files_are_named(tmp_path: Path) -> None:
    good = json.loads(resource_path("lessons", "03_example_1.json").read_text(encoding="utf-8"))
    no_ru = json.loads(json.dumps(good))
    del no_ru["title"]["ru"]
    with pytest.raises(LessonError, match="title has no 'ru' text"):
        load_lesson(_write(tmp_path, no_ru))
    bad_example = json.loads(json.dumps(good))
    bad_example["steps"][1]["accept"].append("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")
    with pytest.raises(LessonError, match="step 2: the core does not accept"):
        load_lesson(_write(tmp_path, bad_example))
    bad_card = json.loads(json.dumps(good))
    bad_card["steps"][1]["cards"] = "As Ah Zz"
    with pytest.raises(LessonError, match="'Zz'"):
        load_lesson(_write(tmp_path, bad_card))
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "y.json").write_text("{", encoding="utf-8")
    with pytest.raises(LessonError, match=r"y\.json: cannot read"):
        load_lessons(folder)


# --- both languages, one register --------------------------------------------------------

CARD_NOTATION = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[shdc♠♥♦♣](?![\w])")
INFORMAL = re.compile(r"\b(?:ты|тебя|тебе|тобой|твой|твоя|твоё|твои|твоего|твоей|посмотри|попробуй|введи|"
                      r"разложи|уточни|согласуй|приравнивай|выбери|нажми|сравни|проверь|посчитай)\b",
                      re.IGNORECASE)


def _texts(value: object) -> list[Text]:
    """Every text a lesson (or a step, an option...) holds."""
    if isinstance(value, Text):
        return [value]
    if isinstance(value, tuple | list):
        return [t for v in value for t in _texts(v)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [t for f in dataclasses.fields(value) for t in _texts(getattr(value, f.name))]
    return []


def _lesson_strings() -> list[tuple[str, str]]:
    pairs = [(t("en"), t("ru")) for lesson in LESSONS for t in _texts(lesson)]
    en, ru = catalog("en"), catalog("ru")
    pairs += [(en[k], ru[k]) for k in en if k.startswith("lessons.")]
    return pairs


def test_every_lesson_string_is_translated_in_the_polite_register() -> None:
    pairs = _lesson_strings()
    assert len(pairs) > 120
    for en, ru in pairs:
        words = re.sub(r"\b[A-Za-z]\b", "", CARD_NOTATION.sub("", en))  # card notation, seat letters
        if re.search(r"[A-Za-z]{2,}", words):
            assert en != ru, f"not translated: {en!r}"
        latin = re.findall(r"[A-Za-z]{2,}", CARD_NOTATION.sub("", re.sub(r"\{\w+\}", "", ru)))
        assert not latin, f"English left in the Russian {ru!r}: {latin}"
        assert not INFORMAL.search(ru), f"'ты' in {ru!r}: the lessons say 'вы'"
        for text in (en, ru):
            assert not re.search(r"(?<![\w])T[♠♥♦♣]", text), f"a ten is written 10, as on the card: {text!r}"


def test_no_option_repeats_its_own_text() -> None:
    """A hand's label names the hand, the picture shows its cards: never 'Q♥ J♥ T♥: Q♥ J♥ T♥'."""
    for lesson in LESSONS:
        for step in lesson.steps:
            if isinstance(step, StrongerStep):
                for lang in LANGUAGES:
                    for label, hand in zip(step.labels, step.hands, strict=True):
                        assert not CARD_NOTATION.search(label(lang)), label(lang)
                        assert format_cards(hand, True) not in label(lang)


def test_lesson_texts_write_a_ten_as_the_cards_show_it() -> None:
    # The lesson files write "T♥" (as the command line does); the window's pictures say "10".
    lessons = {lesson.id: lesson for lesson in load_lessons()}
    texts = [step_text(step, lang) for lesson in lessons.values() for step in lesson.steps
             for lang in LANGUAGES]
    assert any("10♥" in t for t in texts) and any("10♦" in t for t in texts)
    assert not any(re.search("(?<![0-9A-Za-z])T[♠♥♦♣]", t) for t in texts)
    wrong = check_answer(next(s for s in lessons["example_1"].steps if isinstance(s, ArrangeStep)),
                         Arrangement.parse("2s 3c 4d / 5c 6d 7c 8h 9s / Th Jc Qd Kh As"), "en")
    assert not wrong.correct and "10♦" in wrong.message and "T♦" not in wrong.message


def step_text(step: object, lang: str) -> str:
    """Every text of a step (its text, question, options, explanation) in ``lang``."""
    parts: list[str] = []
    for field in dataclasses.fields(step):  # type: ignore[arg-type]
        value = getattr(step, field.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Text):
                parts.append(item(lang))
    return " ".join(parts)
