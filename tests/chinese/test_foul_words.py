"""The banner's foul words without Qt: a live foul's words, and the longest fouls a table's rules
can make (the room the banner keeps), which follow the house rules and the language."""

from __future__ import annotations

import pytest

from cp_trainer.chinese.foul_words import DOUBLE_FOUL, foul_words, longest_fouls, order_rule
from cp_trainer.rules.arrangement import Arrangement, check_arrangement, check_partial
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules

LEGAL = Arrangement.parse("2s 5c 7h / Ks Kd Qh Jc 9s / As Ad Ah Ac 8d")


def test_the_longest_foul_names_both_fouls_and_the_order_rule() -> None:
    rules = HouseRules()
    texts = longest_fouls(rules, "en")
    assert texts == (
        "FOUL: Your top row (pair of aces) is stronger than your middle row (pair of kings). The cards "
        "left cannot make your bottom row as strong as your middle row (pair of kings). The rows must "
        "go bottom ≥ middle ≥ top.",
        "FOUL: Your top row (pair of aces) is stronger than your middle row (pair of kings). Your "
        "middle row (pair of kings) is stronger than your bottom row (queen-high). The rows must go "
        "bottom ≥ middle ≥ top.")
    # the whole hand's words are those the live check shows for it
    assert foul_words(check_arrangement(Arrangement.parse(DOUBLE_FOUL), rules), "en") == texts[1]


def test_the_longest_foul_follows_the_house_rules() -> None:
    normal = longest_fouls(HouseRules(), "en")
    low = longest_fouls(HouseRules(low_middle=True), "en")
    assert low != normal
    assert all(text.endswith(order_rule(HouseRules(low_middle=True), "en") + ".") for text in low)
    assert max(len(t) for t in low) < max(len(t) for t in normal)  # one foul fewer: the middle is low


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_longest_foul_is_in_the_language(lang: str) -> None:
    texts = longest_fouls(HouseRules(), lang)
    head = "FOUL:" if lang == "en" else "ФОЛ:"
    assert len(texts) == 2 and all(text.startswith(head) for text in texts)


def test_no_foul_words_for_a_legal_or_unfinished_hand() -> None:
    assert foul_words(check_arrangement(LEGAL, HouseRules()), "en") is None
    half = Arrangement(tuple(parse_cards("2s 5c")), (), ())
    assert foul_words(check_partial(half, HouseRules(), remaining=parse_cards("7h")), "en") is None
