"""Why a lesson answer is wrong: worked out by the rules core, said in English and Russian."""

from __future__ import annotations

import re

import pytest

from cp_trainer.practice.lesson_reasons import (
    Reason,
    category_reason,
    failure_reason,
    outcome_reason,
    render_reason,
    score_reason,
    stronger_reason,
)
from cp_trainer.practice.lessons import (
    EQUAL,
    ArrangeStep,
    CategoryStep,
    ChoiceStep,
    FirstFailureStep,
    OutcomeStep,
    ScoreStep,
    Step,
    StrongerStep,
    TextStep,
    check_answer,
    load_lessons,
)
from cp_trainer.rules.arrangement import Arrangement, Stage
from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.strength import Category
from cp_trainer.support.i18n import LANGUAGES


def _row(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def test_cards_are_written_as_printed_on_them() -> None:
    assert Card.parse("Ts").label() == "10♠" and Card.parse("Ah").label() == "A♥"


def test_a_straight_flush_beats_four_of_a_kind_and_the_reason_says_so() -> None:
    reason = stronger_reason(_row("As Ad Ah Ac 2d"), _row("Ks Qs Js Ts 9s"))
    assert reason.key == "beats_category"
    assert render_reason(reason, "en") == ("K♠ Q♠ J♠ 10♠ 9♠ (king-high straight flush) beats A♠ A♦ A♥ A♣ 2♦ "
                                           "(four aces): straight flush ranks above four of a kind.")
    assert render_reason(reason, "ru") == ("K♠ Q♠ J♠ 10♠ 9♠ (стрит-флеш до короля) сильнее, чем "
                                           "A♠ A♦ A♥ A♣ 2♦ (каре тузов): категория «стрит-флеш» старше, "
                                           "чем «каре».")


def test_same_category_the_ranks_decide_and_a_short_top_is_not_stronger() -> None:
    kicker = stronger_reason(_row("Qs Qd Ac"), _row("Qh Qc Kd 7s 3c"))
    assert kicker.key == "beats_ranks"
    assert render_reason(kicker, "en").startswith("Both hands are in one category (pair)")
    assert "Q♠ Q♦ A♣ (pair of queens, kicker A) beats Q♥ Q♣ K♦ 7♠ 3♣" in render_reason(kicker, "en")
    runs_out = stronger_reason(_row("As Kd Qc"), _row("Ah Kh Qd Jc 9s"))
    assert runs_out.key == "runs_out"
    assert "runs out of cards" in render_reason(runs_out, "en")
    assert "кончаются карты" in render_reason(runs_out, "ru")
    equal = stronger_reason(_row("Kc Kd 9h 5s 2c"), _row("Kh Ks 9c 5d 2d"))
    assert equal.key == "equal" and "suits do not count" in render_reason(equal, "en")


def test_a_category_and_why_a_top_row_cannot_be_a_straight() -> None:
    flush = category_reason(_row("9h Th Jh Qh Kh"), Category.FLUSH)
    assert render_reason(flush, "en") == ("9♥ 10♥ J♥ Q♥ K♥: king-high straight flush. The category is "
                                          "straight flush, not flush.")
    top = category_reason(_row("Qh Jh Th"), Category.STRAIGHT_FLUSH)
    assert top.key == "category_top"
    assert render_reason(top, "en").startswith("Q♥ J♥ 10♥ in the top row: queen-high.")
    assert "категории «стрит-флеш» в верхнем ряду нет" in render_reason(top, "ru")
    assert category_reason(_row("Qh Jh Th"), Category.PAIR).key == "category"


def test_checks_fouls_and_misdeals_are_explained_with_the_cores_own_words() -> None:
    upside_down = Arrangement.parse("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")
    first = render_reason(failure_reason(upside_down), "en")
    assert first.startswith("The first check that fails is “4. strength order")
    assert "pair of aces is stronger than middle: pair of kings" in first
    assert failure_reason(Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")).key == "no_failure"
    twelve = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c")
    assert outcome_reason(twelve, Stage.SETTING).key == "misdeal"
    assert "12" in render_reason(outcome_reason(twelve, Stage.SETTING), "ru")
    assert outcome_reason(twelve, Stage.SHOWDOWN).key == "foul_showdown"
    assert "bottom needs 5 cards, has 4" in render_reason(outcome_reason(twelve, Stage.SHOWDOWN), "en")


def test_a_score_is_explained_row_by_row() -> None:
    hands = (Arrangement.parse("Jc Jd 2c / 9c 9d 4c 4d 3c / 5c 5d 5h Ac Kc"),
             Arrangement.parse("Qc Qd 2d / Kh Ks 8c 7d 6c / Qh Qs 8h 8s 3d"))
    text = render_reason(score_reason(hands, HouseRules(), 0), "en")
    assert text.splitlines()[0] == "Player A scores +2:"
    assert "top: player B wins — pair of jacks vs pair of queens" in text and "rows 2:1" in text
    assert render_reason(score_reason(hands, HouseRules(), 1), "ru").startswith("Игрок B получает -2:")


def _wrong_answers(step: Step) -> list[object]:
    if isinstance(step, ChoiceStep):
        return [i for i in range(len(step.options)) if i != step.answer]
    if isinstance(step, CategoryStep | FirstFailureStep | OutcomeStep):
        return [o for o in step.options if o != step.answer]
    if isinstance(step, StrongerStep):
        return [i for i in (0, 1, EQUAL) if i != step.answer]
    if isinstance(step, ScoreStep):
        return [step.answer + 1, step.answer - 1]
    return []


LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


@pytest.mark.parametrize("lesson", load_lessons(), ids=lambda lesson: lesson.id)
def test_every_wrong_answer_in_every_lesson_gets_a_reason_in_both_languages(lesson: object) -> None:
    for step in lesson.steps:  # type: ignore[attr-defined]
        if isinstance(step, TextStep | ArrangeStep):
            continue
        for wrong in _wrong_answers(step):
            verdicts = {lang: check_answer(step, wrong, lang) for lang in LANGUAGES}
            assert not any(v.correct for v in verdicts.values())
            en, ru = verdicts["en"].reason, verdicts["ru"].reason
            assert en and ru and en != ru, (step, wrong)
            assert not re.search(r"\bT[♠♥♦♣]", en + ru), "a ten is written 10, as on the card"
            assert not LATIN_WORD.search(re.sub(r"\b(?:[2-9TJQKA][shdc])+\b", "", ru)), ru
        assert check_answer(step, getattr(step, "answer", None), "en").reason == ""


def test_a_reason_is_data_the_same_in_every_language() -> None:
    reason = stronger_reason(_row("2c 2d 3s"), _row("Qh Jh Th"))
    assert reason == Reason(reason.key, reason.facts) and reason.key == "beats_category"
    assert {render_reason(reason, lang) for lang in LANGUAGES} == {
        "2♣ 2♦ 3♠ (pair of twos) beats Q♥ J♥ 10♥ (queen-high): pair ranks above high card.",
        "2♣ 2♦ 3♠ (пара двоек) сильнее, чем Q♥ J♥ 10♥ (старшая карта — дама): "
        "категория «пара» старше, чем «старшая карта».",
    }
