"""Settings, fouls and settlement against the dealer (RULES.md §2)."""

from __future__ import annotations

import pytest

from cp_trainer.paigow.cards import CardCountError, TwoJokersError, parse_pg_cards
from cp_trainer.paigow.resolve import DealerFoulError, Result, settle
from cp_trainer.paigow.setting import (
    LOW_PAIRS,
    SettingFormatError,
    all_settings,
    check_setting,
    parse_setting,
)
from cp_trainer.rules.cards import DuplicateCardError


def s(text: str):  # type: ignore[no-untyped-def]
    return parse_setting(text)


def test_there_are_21_distinct_settings() -> None:
    hand = parse_pg_cards("As Kd Qh 9s 7c 4d Jk")
    settings = all_settings(hand)
    assert len(settings) == len(LOW_PAIRS) == 21
    assert len({frozenset(map(str, x.low)) for x in settings}) == 21


def test_foul_is_explained_in_both_languages() -> None:
    check = check_setting(s("Ts 2h 6c 5d 4c / Ad Ah"))
    assert check.foul
    assert check.message == ("foul: the low hand (pair of aces) beats the high hand "
                             "(ten-high, kickers 6-5-4-2)")
    ru = check_setting(s("Ts 2h 6c 5d 4c / Ad Ah"), "ru")
    assert ru.message.startswith("фол: малая рука (пара тузов)")
    # A high-card low above a high-card high hand; and a low pair over a lower high pair.
    assert check_setting(s("Qs Th 6c 5d 4c / Ad 2h")).foul
    assert check_setting(s("Qs Qh 6c 5d 4c / Kd Kh")).foul
    assert not check_setting(s("As Kh 6c 5d 4c / Ad Kd")).foul  # AK-high over AK: legal
    assert not check_setting(s("Qs Qh Ac 5d 4c / Qd Qc")).foul  # QQ+kickers over QQ: legal


@pytest.mark.parametrize("player,dealer,result,payout", [
    ("Ts Th 6c 5d 5c / Ad 9h", "Ks Kh 8c 7d 2c / Qd Jh", "win", 0.95),
    ("Ts Th 6c 5d 5c / Ad 9h", "Ks Kh 8c 7d 2c / Qd Qh", "push", 0.0),
    ("As 9h 6c 5d 3c / Td 2h", "Ks Kh 8c 7d 2c / Qd Qh", "lose", -1.0),
    ("Ts 2h 6c 5d 4c / Ad Ah", "Ks Kh 8c 7d 2c / Qd Jh", "foul", -1.0),
])
def test_settlement(player: str, dealer: str, result: str, payout: float) -> None:
    out = settle(s(player), s(dealer))
    assert out.result is Result(result)
    assert out.payout == pytest.approx(payout)
    assert out.message("en") and out.message("ru")


def test_copies_go_to_the_dealer() -> None:
    # Same ranks in both hands: each player hand copies the dealer's, so the player loses both.
    out = settle(s("Ks Kh 8c 7d 2c / Qd Jh"), s("Kd Kc 8s 7h 2d / Qs Jc"))
    assert (out.result, out.high, out.low) == (Result.LOSE, -1, -1)
    # A copy of the low hand and a won high hand: one each, a push.
    out = settle(s("As Ah 8c 7d 2c / Qd Jh"), s("Kd Kc 8s 7h 2d / Qs Jc"))
    assert out.result is Result.PUSH


def test_the_message_says_a_tie_goes_to_the_dealer_plainly() -> None:
    # plain words, not "beats or copies": a copy is called a tie that goes to the dealer,
    # a beaten hand simply beaten.
    out = settle(s("As Ah 8c 7d 2c / Qd Jh"), s("Kd Kc 8s 7h 2d / Qs Jc"))
    text = out.message("en")
    assert "Low hand: the dealer's Q-J ties your Q-J, and a tie goes to the dealer" in text
    assert "copies" not in text and "beats or" not in text
    assert "равна вашей (Q-J), а равенство в пользу крупье" in out.message("ru")
    # the hands are sentences, not a chain of colons ("loss (-1.00): high hand: …")
    assert "): " not in text and ". High hand: " in text and ". Low hand: " in text
    assert ". В большой руке " in out.message("ru") and "рука:" not in out.message("ru")
    lost = settle(s("Ks Kh 8c 7d 2c / Qd Jh"), s("As Ac 8s 7h 2d / Ad Jc"))
    assert "the dealer's pair of aces" in lost.message("en") and "ties" not in lost.message("en")


def test_each_hands_duel_is_worded_once_for_the_message_and_the_window() -> None:
    out = settle(s("As Ah 8c 7d 2c / Qd Jh"), s("Kd Kc 8s 7h 2d / Qs Jc"))
    duels = out.duels("en")
    assert duels == ("your pair of aces, kickers 8-7-2 beats the dealer's pair of kings, kickers 8-7-2",
                     "the dealer's Q-J ties your Q-J, and a tie goes to the dealer")
    assert all(duel in out.message("en") for duel in duels)
    russian = out.duels("ru")
    assert russian is not None and all(duel in out.message("ru") for duel in russian)
    assert "крупье" in russian[1]
    assert settle(s("9h 7c 5s 4h 3d / As Ad"), s("Kd Kc 8s 7h 2d / Qs Jc")).duels("en") is None


def test_the_message_names_the_hands_in_the_language_asked_for() -> None:
    # A settlement made in English and shown after a switch to Russian: no English hand names left.
    out = settle(s("Ts Th 5d 5c 9h / Ad Jk"), s("Ks Kh 8c 7d 2c / Qd Jh"), "en")
    russian = out.message("ru")
    assert "пара" in russian and "pair" not in russian
    assert out.message("ru", lambda x: f"{x:+.2f}".replace(".", ",")).startswith("выигрыш (+0,95)")


def test_joker_in_settlement() -> None:
    # The joker's five aces beat a straight flush; K-Q beats K-J.
    out = settle(s("As Ah Ad Ac Jk / Kd Qd"), s("9s Ts Js Qs Ks / Kh Jh"))
    assert out.result is Result.WIN


def test_bad_settings() -> None:
    with pytest.raises(SettingFormatError, match=r"^a setting is 'HIGH / LOW' \(5 cards, a slash, 2 cards\)"):
        s("Ts Th 6c 5d 5c Ad 9h")
    with pytest.raises(CardCountError, match="high hand has 5 cards, got 4"):
        s("Ts Th 6c 5d / Ad 9h")
    with pytest.raises(CardCountError, match="low hand has 2 cards, got 3"):
        s("Ts Th 6c 5d 4d / Ad 9h 2c")
    with pytest.raises(DuplicateCardError, match=r"^duplicate card: Ts$"):
        s("Ts Th 6c 5d 4d / Ts 9h")
    with pytest.raises(DuplicateCardError, match=r"^duplicate card: Ad$"):
        settle(s("Ts Th 6c 5d 5c / Ad 9h"), s("Ks Kh 8c 7d 2c / Ad Jh"))
    with pytest.raises(TwoJokersError, match=r"^2 jokers: the deck has only one joker$"):
        settle(s("Jk Th 6c 5d 5c / Ad 9h"), s("Ks Kh 8c 7d 2c / Jk Jh"))
    with pytest.raises(DealerFoulError, match="dealer"):
        settle(s("Ts Th 6c 5d 5c / Ad 9h"), s("Ks 3h 8c 7d 2c / Qd Qh"))
