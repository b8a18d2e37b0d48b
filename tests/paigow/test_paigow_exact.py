"""Pai Gow rules worked by hand, exactly: every value a mutant of the code would change.

Each expected value here comes from docs/RULES.md's Pai Gow part worked by hand, not from the
implementation's output: the session's moves and refusals word for word, the ranking of EVs, the
settlement's words, the house way's examples.
"""

from __future__ import annotations

import itertools
import math
import warnings
from datetime import datetime, timedelta

import numpy as np
import pytest

from cp_trainer.chinese.board import MoveKind, Refusal, Refused
from cp_trainer.history.record import FoulNote, Game, OpponentHand
from cp_trainer.paigow.cards import (
    JOKER,
    JOKER_CODE,
    CardCountError,
    HandPart,
    PgCard,
    TwoJokersError,
    card_code,
    card_from_code,
    check_distinct,
    effective_rank,
    format_pg_cards,
    label_pg_cards,
    parse_hand,
    parse_pg_cards,
    sort_for_display,
)
from cp_trainer.paigow.ev import dealer_samples, outcome_matrix, settings_ev
from cp_trainer.paigow.hands import (
    PgCategory,
    _windows,
    category_of,
    describe_high,
    describe_low,
    evaluate_high,
    evaluate_low,
)
from cp_trainer.paigow.house_way import HouseRule, house_way
from cp_trainer.paigow.resolve import (
    COMMISSION,
    WIN_PAYOUT,
    DealerFoulError,
    Result,
    payout_of,
    settle,
)
from cp_trainer.paigow.session import PaiGowSession, PgPhase, PgZone
from cp_trainer.paigow.setting import (
    BACKS,
    FRONTS,
    LOW_PAIRS,
    SETTING_COUNT,
    Setting,
    SettingFormatError,
    all_settings,
    check_setting,
    parse_setting,
    setting_from_index,
)
from cp_trainer.rules.cards import Card, CardParseError, DuplicateCardError

PLAYER = parse_pg_cards("As Ah Kd Qc 9s 5h 2c")
DEALER = parse_pg_cards("Kc Kh 8d 7c 6s 4h 3d")
AS, AH, KD, QC, S9, H5, C2 = PLAYER


def dealt() -> PaiGowSession:
    s = PaiGowSession(seed=1)
    s.new_deal((PLAYER, DEALER))
    return s


# --- the session: what can be done, and each move ------------------------------------------------


def test_a_new_session_has_nothing_to_set_undo_or_redo() -> None:
    s = PaiGowSession(seed=1)
    assert s.phase is PgPhase.SETTLED and s.hands_played == 0 and s.total == 0.0
    assert not s.can_arrange() and not s.can_set() and not s.can_undo() and not s.can_redo()
    assert s.setting() is None and s.check() is None
    assert s.dealer_way is None and s.settlement is None and s.settled == []
    assert s.dealer_cards == () and s.board.all_cards() == ()


def test_can_set_only_when_five_and_two_are_placed() -> None:
    s = dealt()
    assert s.can_arrange() and not s.can_set()
    for card in (AS, AH, KD, QC, S9):
        s.move(card, PgZone.HIGH)
    s.move(H5, PgZone.LOW)
    assert not s.can_set() and s.setting() is None and s.check() is None  # one card still in hand
    s.move(C2, PgZone.LOW)
    assert s.can_set()
    assert s.setting() == Setting((AS, AH, KD, QC, S9), (H5, C2))
    s.set_hand()
    assert not s.can_set() and not s.can_arrange()  # set: the board is complete but locked


def test_can_undo_and_redo_follow_the_moves() -> None:
    s = dealt()
    assert not s.can_undo() and not s.can_redo()
    move = s.move(AS, PgZone.LOW)
    assert move.kind is MoveKind.MOVE and move.cards == (AS,)
    assert s.can_undo() and not s.can_redo()
    assert s.undo().cards == (AS,)
    assert not s.can_undo() and s.can_redo()
    assert s.board.zone_of(AS) is PgZone.HAND
    assert s.redo().cards == (AS,)
    assert s.can_undo() and not s.can_redo()
    assert s.board.zone_of(AS) is PgZone.LOW


def test_swap_exchanges_two_cards_of_different_hands() -> None:
    s = dealt()
    s.place(Setting((AS, AH, KD, QC, S9), (H5, C2)))
    move = s.swap(AS, C2)
    assert move.kind is MoveKind.SWAP and move.cards == (AS, C2)
    assert s.board.zone_of(AS) is PgZone.LOW and s.board.zone_of(C2) is PgZone.HIGH
    s.undo()
    assert s.board.zone_of(AS) is PgZone.HIGH and s.board.zone_of(C2) is PgZone.LOW


def test_drop_onto_a_card_of_a_set_hand_swaps_and_into_the_hand_moves() -> None:
    s = dealt()
    s.move(AS, PgZone.HIGH)
    move = s.drop(KD, PgZone.HIGH, onto=AS)  # K♦ from the hand onto A♠: they change places
    assert move.kind is MoveKind.SWAP
    assert s.board.zone_of(KD) is PgZone.HIGH and s.board.zone_of(AS) is PgZone.HAND
    move = s.drop(QC, PgZone.LOW)  # onto nothing: a move
    assert move.kind is MoveKind.MOVE and s.board.zone_of(QC) is PgZone.LOW


def test_place_and_return_all() -> None:
    s = dealt()
    move = s.place(Setting((AS, AH, KD, QC, S9), (H5, C2)))
    assert move.kind is MoveKind.PLACE
    assert set(s.board.cards(PgZone.HIGH)) == {AS, AH, KD, QC, S9}
    assert set(s.board.cards(PgZone.LOW)) == {H5, C2}
    assert s.board.cards(PgZone.HAND) == ()
    move = s.return_all()
    assert move.kind is MoveKind.RETURN_ALL and set(move.cards) == set(PLAYER)
    assert set(s.board.cards(PgZone.HAND)) == set(PLAYER)
    assert s.board.cards(PgZone.HIGH) == () and s.board.cards(PgZone.LOW) == ()


def test_place_house_way_sets_the_pair_behind_and_the_next_two_in_front() -> None:
    # RULES.md: one pair plays behind, the two highest other cards in front: AA-9-5-2 / K-Q.
    s = dealt()
    s.place_house_way()
    assert s.setting() == Setting((AS, AH, S9, H5, C2), (KD, QC))


@pytest.mark.parametrize(("action", "words"), [
    (lambda s: s.move(AS, PgZone.LOW), "move A♠"),
    (lambda s: s.swap(AS, C2), "swap A♠ and 2♣"),
    (lambda s: s.drop(AS, PgZone.LOW), "drop A♠"),
    (lambda s: s.place(Setting((AS, AH, KD, QC, S9), (H5, C2))), "place a setting"),
    (lambda s: s.place_house_way(), "play the house way"),
    (lambda s: s.return_all(), "clear the hands"),
    (lambda s: s.undo(), "undo"),
    (lambda s: s.redo(), "redo"),
    (lambda s: s.set_hand(), "set the hand"),
])
def test_every_move_after_the_set_is_refused_in_words(action: object, words: str) -> None:
    s = dealt()
    s.place_house_way()
    s.set_hand()
    with pytest.raises(Refused, match=r"^not_arranging: ") as refused:
        action(s)  # type: ignore[operator]
    assert refused.value.reason is Refusal.NOT_ARRANGING
    assert refused.value.detail == f"{words}: the hand is set; deal again to play on"


def test_before_the_first_deal_nothing_moves() -> None:
    s = PaiGowSession(seed=1)
    with pytest.raises(Refused, match=r"^not_arranging: undo: the hand is set; deal again to play on$"):
        s.undo()


def test_set_is_refused_naming_how_many_cards_each_hand_holds() -> None:
    s = dealt()
    s.move(AS, PgZone.HIGH)
    s.move(AH, PgZone.HIGH)
    s.move(KD, PgZone.LOW)
    with pytest.raises(Refused, match=r"^incomplete: ") as refused:
        s.set_hand()
    assert refused.value.detail == "the high and low hands hold 2 / 1 cards, not 5 / 2"
    assert s.phase is PgPhase.SETTING and s.settled == [] and s.total == 0.0


def test_a_set_hand_is_logged_with_its_record_and_the_total_adds_up() -> None:
    s = dealt()
    s.place_house_way()
    settlement = s.set_hand()
    # AA-9-5-2 / K-Q against the dealer's house way KK-6-4-3 / 8-7 (one pair: pair in back, next
    # two highest, 8-7, in front): aces beat kings, K-Q beats 8-7: a win, +0.95.
    assert settlement.result is Result.WIN and settlement.payout == 0.95 and (settlement.high,
                                                                            settlement.low) == (1, 1)
    assert s.phase is PgPhase.SETTLED and s.settlement == settlement
    assert s.dealer_way is not None
    assert s.dealer_way.setting == Setting(tuple(parse_pg_cards("Kc Kh 6s 4h 3d")),
                                           tuple(parse_pg_cards("8d 7c")))
    assert s.hands_played == 1 and s.total == 0.95
    (hand,) = s.settled
    assert hand.number == 1 and set(hand.cards) == set(PLAYER) and len(hand.cards) == 7
    assert hand.dealer == s.dealer_way and hand.settlement == settlement
    record = hand.record
    assert record.game is Game.PAIGOW and record.fouls == () and not record.fouled
    assert record.arrangement == "As Ah 9s 5h 2c / Kd Qc"
    assert sorted(record.deal.split()) == sorted(str(c) for c in PLAYER)
    assert record.opponents == (OpponentHand("Kh Kc 6s 4h 3d / 8d 7c", 0.95, "dealer"),)
    assert record.house_rules == {"game": "paigow", "house_way": "golden_nugget", "commission": 0.05}
    assert record.points == 0.95
    assert isinstance(record.played_at, datetime) and record.played_at.utcoffset() == timedelta(0)
    # A second deal: the same cards, set as a foul (the aces in front): -1, the total 0.95 - 1.
    s.new_deal((PLAYER, DEALER))
    assert s.can_arrange() and s.settlement is None and s.dealer_way is None
    assert s.board.cards(PgZone.HAND) == tuple(PLAYER)
    s.place(Setting((KD, QC, S9, H5, C2), (AS, AH)))
    s.set_hand()
    assert s.hands_played == 2 and [h.number for h in s.settled] == [1, 2]
    assert s.total == pytest.approx(0.95 - 1.0)
    foul = s.settled[1].record
    assert foul.fouls == (FoulNote("order", "foul: the low hand (pair of aces) beats the high hand "
                                            "(king-high, kickers Q-9-5-2)"),)
    assert foul.opponents[0].points == -1.0


def test_a_russian_session_words_its_checks_and_settlements_in_russian() -> None:
    s = PaiGowSession(seed=1, lang="ru")
    s.new_deal((PLAYER, DEALER))
    s.place(Setting((KD, QC, S9, H5, C2), (AS, AH)))
    check = s.check()
    assert check is not None and check.foul
    assert check.message == ("фол: малая рука (пара тузов) сильнее большой руки "
                             "(старшая карта — король, кикеры Q-9-5-2)")
    settlement = s.set_hand()
    assert settlement.player.message == check.message
    assert s.settled[0].record.fouls[0].message == check.message


def test_a_seeded_session_deals_the_same_shuffles_and_another_seed_others() -> None:
    def deals(seed: int) -> list[tuple[str, str]]:
        s = PaiGowSession(seed=seed)
        out = []
        for _ in range(3):
            s.new_deal()
            out.append((format_pg_cards(s.board.all_cards()), format_pg_cards(s.dealer_cards)))
        return out

    a, b, c = deals(7), deals(7), deals(8)
    assert a == b and a != c
    for player, dealer in a:
        cards = player.split() + dealer.split()
        assert len(cards) == len(set(cards)) == 14
    assert len(set(a)) == 3  # each deal a fresh shuffle


@pytest.mark.parametrize(("player", "dealer"), [
    (PLAYER[:6], DEALER),  # 6 cards to the player
    (PLAYER, DEALER[:6]),  # 6 to the dealer
    ((*PLAYER[:6], DEALER[0]), DEALER),  # K♣ twice: 13 distinct cards
])
def test_a_deal_that_is_not_seven_distinct_cards_each_is_refused(player: tuple[PgCard, ...],
                                                                  dealer: tuple[PgCard, ...]) -> None:
    s = PaiGowSession(seed=1)
    with pytest.raises(Refused, match=r"^bad_deal: a Pai Gow deal is 7 distinct cards each") as refused:
        s.new_deal((player, dealer))
    assert refused.value.detail == ("a Pai Gow deal is 7 distinct cards each for the player and the "
                                    f"dealer, not {format_pg_cards(player)!r} and "
                                    f"{format_pg_cards(dealer)!r}")
    assert s.phase is PgPhase.SETTLED  # nothing dealt


# --- the EV: ranking, and the estimates worked from the outcomes -----------------------------------

HAND = parse_hand("Ts Th 5d 5c Ad 9h 6c")


def test_ranked_is_best_first_and_ties_in_index_order() -> None:
    res = settings_ev(parse_hand("As Ah 2c 5d 7h 9s Jc"), 400, seed=2)
    ranked = res.ranked()
    assert sorted(x.index for x in ranked) == list(range(21))
    assert ranked[0] == res.best
    for a, b in itertools.pairwise(ranked):
        assert a.ev > b.ev or (a.ev == b.ev and a.index < b.index)
    # the aces in front with a jack-high back foul: each worth exactly -1, the last, in index order
    fouls = [x for x in ranked if x.foul]
    assert fouls and ranked[-len(fouls):] == sorted(fouls, key=lambda x: x.index)


def test_index_of_finds_a_setting_of_the_hand_and_nothing_else() -> None:
    res = settings_ev(HAND, 10, seed=1)
    for j in (0, 7, 20):
        assert res.index_of(setting_from_index(HAND, j)) == j
    other = Setting(tuple(parse_pg_cards("Ks Kh 5d 5c Ad")), tuple(parse_pg_cards("9h 6c")))
    assert res.index_of(other) is None
    assert res.house.index == res.house_way_index == house_way(HAND).index


def test_the_estimates_are_the_means_of_the_payouts_of_the_same_dealer_hands() -> None:
    n, seed = 500, 4
    res = settings_ev(HAND, n, seed=seed, chunk=n)  # one chunk: the dealer hands drawn as below
    dealer = dealer_samples(HAND, n, np.random.default_rng(seed))
    out = outcome_matrix(HAND, dealer)
    pay = np.where(out == 1, 0.95, np.where(out == 0, 0.0, -1.0))
    hk = house_way(HAND).index
    assert (res.samples, res.requested, res.seed, res.cancelled) == (n, n, seed, False)
    assert res.cards == tuple(HAND)
    for j, x in enumerate(res.settings):
        assert x.index == j and x.setting == setting_from_index(HAND, j)
        assert x.ev == pytest.approx(pay[:, j].mean(), abs=1e-12)
        assert x.se == pytest.approx(pay[:, j].std(ddof=1) / math.sqrt(n), abs=1e-12)
        d = pay[:, j] - pay[:, hk]
        assert x.vs_house == pytest.approx(d.mean(), abs=1e-12)
        assert x.vs_house_se == pytest.approx(d.std(ddof=1) / math.sqrt(n), abs=1e-12)
        assert (x.win, x.push, x.lose) == pytest.approx(
            ((out[:, j] == 1).mean(), (out[:, j] == 0).mean(), (out[:, j] == -1).mean()))
        assert x.foul == setting_from_index(HAND, j).is_foul()
    assert res.house.vs_house == 0.0 and res.house.vs_house_se == 0.0


def test_chunks_draw_the_same_hands_as_one_and_report_progress() -> None:
    seen: list[tuple[int, int]] = []
    a = settings_ev(HAND, 250, seed=9, chunk=100, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(100, 250), (200, 250), (250, 250)] and a.samples == 250
    rng = np.random.default_rng(9)
    dealer = np.concatenate([dealer_samples(HAND, m, rng) for m in (100, 100, 50)])
    out = outcome_matrix(HAND, dealer)
    pay = np.where(out == 1, 0.95, np.where(out == 0, 0.0, -1.0))
    assert [x.ev for x in a.settings] == pytest.approx(list(pay.mean(axis=0)), abs=1e-12)
    assert [x.se for x in a.settings] == pytest.approx(
        list(pay.std(axis=0, ddof=1) / math.sqrt(250)), abs=1e-12)
    d = pay - pay[:, [house_way(HAND).index]]
    assert [x.vs_house_se for x in a.settings] == pytest.approx(
        list(d.std(axis=0, ddof=1) / math.sqrt(250)), abs=1e-12)


def test_two_samples_have_a_standard_error() -> None:
    two = settings_ev(HAND, 2, seed=5)
    pay = np.where(outcome_matrix(HAND, dealer_samples(HAND, 2, np.random.default_rng(5))) == 1,
                   0.95, 0.0)
    pay = np.where(outcome_matrix(HAND, dealer_samples(HAND, 2, np.random.default_rng(5))) == -1,
                   -1.0, pay)
    for j, x in enumerate(two.settings):
        assert not math.isnan(x.se) and not math.isnan(x.vs_house_se)
        assert x.se == pytest.approx(pay[:, j].std(ddof=1) / math.sqrt(2), abs=1e-12)


def test_one_sample_has_no_standard_error_and_none_is_refused() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no 0/0 is ever divided: the error is not estimated
        one = settings_ev(HAND, 1, seed=1)
        nothing = settings_ev(HAND, 10, seed=1, cancel=lambda: True)
    assert nothing.samples == 0
    assert one.samples == 1 and not math.isnan(one.house.ev)
    assert all(math.isnan(x.se) and math.isnan(x.vs_house_se) for x in one.settings)
    assert all(x.win + x.push + x.lose == 1.0 for x in one.settings)
    with pytest.raises(ValueError, match=r"^samples must be at least 1, got 0$"):
        settings_ev(HAND, 0)


def test_a_run_cancelled_before_its_first_chunk_estimates_nothing() -> None:
    res = settings_ev(HAND, 100, seed=1, cancel=lambda: True)
    assert res.cancelled and res.samples == 0 and res.requested == 100
    for x in res.settings:
        assert math.isnan(x.ev) and math.isnan(x.se) and math.isnan(x.vs_house)
        assert (x.win, x.push, x.lose) == (0.0, 0.0, 0.0)


def test_the_ev_names_both_rules_when_a_straight_plays_as_two_pair() -> None:
    # A-K-Q-J-T with kings, queens and the ace single: played as two pair, then split (the
    # higher pair jacks or better, the lower 6s or better, an ace single): the queens in front.
    hand = parse_hand("As Kd Kc Qh Qs Jd Tc")
    res = settings_ev(hand, 5, seed=1)
    assert res.house_way_rules == (HouseRule.AS_TWO_PAIR_ACE, HouseRule.TWO_PAIR_SPLIT_JACKS_ACE)
    assert {str(c) for c in res.house.setting.low} == {"Qh", "Qs"}
    assert settings_ev(HAND, 5, seed=1).house_way_rules == (HouseRule.TWO_PAIR_TOGETHER,)


@pytest.mark.parametrize(("cards", "error", "match"), [
    ("Ts Th 5d 5c Ad 9h", CardCountError, r"^a Pai Gow hand has 7 cards, got 6$"),
    ("Ts Th 5d 5c Ad 9h 6c 2s", CardCountError, r"^a Pai Gow hand has 7 cards, got 8$"),
])
def test_the_ev_takes_seven_cards(cards: str, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        settings_ev(parse_pg_cards(cards), 10)
    with pytest.raises(error, match=match):
        dealer_samples(parse_pg_cards(cards), 10, np.random.default_rng(1))


def test_the_ev_refuses_a_repeated_card() -> None:
    cards = [*parse_pg_cards("Ts Th 5d 5c Ad 9h"), parse_pg_cards("Ts")[0]]
    with pytest.raises(DuplicateCardError, match=r"^duplicate card: Ts$"):
        settings_ev(cards, 10)


def test_dealer_hands_are_seven_of_the_46_unseen_cards() -> None:
    dealer = dealer_samples(HAND, 400, np.random.default_rng(3))
    assert dealer.shape == (400, 7)
    held = {card_code(c) for c in HAND}
    for row in dealer:
        assert len(set(row.tolist())) == 7 and not held & set(row.tolist())
    seen = set(dealer.ravel().tolist())
    assert seen == set(range(53)) - held  # every unseen card, the joker too, turns up


# --- words: results, categories, rules, settlements, input errors -------------------------------


@pytest.mark.parametrize(("result", "en", "ru", "payout"), [
    (Result.WIN, "win", "выигрыш", 0.95),
    (Result.PUSH, "push", "ничья", 0.0),
    (Result.LOSE, "loss", "проигрыш", -1.0),
    (Result.FOUL, "foul", "фол", -1.0),
])
def test_results_are_named_and_paid_as_the_rules_say(result: Result, en: str, ru: str,
                                                      payout: float) -> None:
    assert result.label() == result.label("en") == en
    assert result.label("ru") == ru
    assert payout_of(result) == payout


def test_the_commission_is_five_percent_of_a_win() -> None:
    assert COMMISSION == 0.05 and WIN_PAYOUT == 0.95


@pytest.mark.parametrize(("category", "en", "ru"), [
    (PgCategory.HIGH_CARD, "high card", "старшая карта"),
    (PgCategory.PAIR, "pair", "пара"),
    (PgCategory.TWO_PAIR, "two pair", "две пары"),
    (PgCategory.STRAIGHT, "straight", "стрит"),
    (PgCategory.FIVE_ACES, "five aces", "пять тузов"),
])
def test_categories_are_named(category: PgCategory, en: str, ru: str) -> None:
    assert category.label() == category.label("en") == en
    assert category.label("ru") == ru


def test_every_rule_has_its_own_words_in_each_language() -> None:
    assert HouseRule.NO_PAIR.text() == "no pair: highest card in back, next two in front"
    assert HouseRule.THREE_PAIR.text("ru") == "три пары: старшая пара — в малую руку"
    for lang in ("en", "ru"):
        texts = [rule.text(lang) for rule in HouseRule]
        assert len(set(texts)) == len(HouseRule)


def test_a_rule_text_names_both_rules_in_the_language_asked() -> None:
    hw = house_way("As Kd Kc Qh Qs Jd Tc")
    assert hw.rule_text() == ("straight or flush with two pair and an ace singleton: played as two "
                              "pair; two pair, jacks or better and 6s or better with an ace: split")
    assert hw.rule_text("ru") == ("стрит или флеш с двумя парами и одиночным тузом: играть как две "
                                  "пары; две пары, валеты или старше и шестёрки или старше при "
                                  "одиночном тузе: разбить")
    assert house_way("As Ah Kd Qc 9s 5h 2c").rule_text("ru") == (
        "одна пара: она идёт в большую руку, две старшие из остальных — в малую")


def test_house_way_reads_text_and_refuses_a_wrong_hand() -> None:
    hw = house_way("As Ah Kd Qc 9s 5h 2c")
    assert hw.cards == tuple(PLAYER) and hw.rules == (HouseRule.ONE_PAIR,)
    assert hw.setting == Setting((AS, AH, S9, H5, C2), (KD, QC))
    assert hw.setting == setting_from_index(PLAYER, hw.index)
    assert house_way(PLAYER) == hw
    with pytest.raises(CardCountError, match=r"^a Pai Gow hand has 7 cards, got 6$"):
        house_way(PLAYER[:6])
    with pytest.raises(CardCountError, match=r"^a Pai Gow hand has 7 cards, got 6$"):
        house_way("As Ah Kd Qc 9s 5h")
    with pytest.raises(DuplicateCardError, match=r"^duplicate card: As$"):
        house_way([*PLAYER[:6], AS])
    with pytest.raises(TwoJokersError, match=r"^2 jokers"):
        house_way([*PLAYER[:5], JOKER, JOKER])


def S(text: str) -> Setting:  # a setting, as the rules write it
    return parse_setting(text)


def test_a_win_is_worded_hand_by_hand() -> None:
    out = settle(S("Ts Th 6c 5d 5c / Ad 9h"), S("Ks Kh 8c 7d 2c / Qd Jh"))
    assert (out.result, out.payout, out.high, out.low) == (Result.WIN, 0.95, 1, 1)
    assert out.message() == out.message("en") == (
        "win (+0.95). High hand: your two pair, tens and fives, kicker 6 beats the dealer's pair "
        "of kings, kickers 8-7-2. Low hand: your A-9 beats the dealer's Q-J.")
    assert out.message("ru") == (
        "выигрыш (+0.95). В большой руке ваша комбинация (две пары: десятки и пятёрки, кикер 6) "
        "бьёт комбинацию крупье (пара королей, кикеры 8-7-2). В малой руке ваша комбинация (A-9) "
        "бьёт комбинацию крупье (Q-J).")
    assert out.message("en", lambda x: f"{x:.3f}").startswith("win (0.950). ")


def test_a_lost_and_a_tied_hand_are_worded_as_the_dealers() -> None:
    # the high hands tie exactly (kings, 8-7-2 both): the tie goes to the dealer; the low loses
    out = settle(S("Ks Kh 8c 7d 2c / Qd Jh"), S("Kd Kc 8s 7h 2d / Ad Jc"))
    assert (out.result, out.payout, out.high, out.low) == (Result.LOSE, -1.0, -1, -1)
    assert out.message() == (
        "loss (-1.00). High hand: the dealer's pair of kings, kickers 8-7-2 ties your pair of "
        "kings, kickers 8-7-2, and a tie goes to the dealer. Low hand: the dealer's A-J beats "
        "your Q-J.")
    # one each: a push
    push = settle(S("As Ah 8c 7d 2c / Qd Jh"), S("Kd Kc 8s 7h 2d / Ad Jc"))
    assert (push.result, push.payout, push.high, push.low) == (Result.PUSH, 0.0, 1, -1)
    assert push.message() == (
        "push (+0.00). High hand: your pair of aces, kickers 8-7-2 beats the dealer's pair of "
        "kings, kickers 8-7-2. Low hand: the dealer's A-J beats your Q-J.")


def test_a_foul_is_worded_with_its_reason_and_pays_minus_one() -> None:
    out = settle(S("Ts 2h 6c 5d 4c / Ad Ah"), S("Ks Kh 8c 7d 2c / Qd Jh"))
    assert (out.result, out.payout, out.high, out.low) == (Result.FOUL, -1.0, 0, 0)
    assert out.message() == ("-1.00: foul: the low hand (pair of aces) beats the high hand "
                             "(ten-high, kickers 6-5-4-2)")
    assert out.message("ru") == ("-1.00: фол: малая рука (пара тузов) сильнее большой руки "
                                 "(старшая карта — десятка, кикеры 6-5-4-2)")


def test_settle_words_the_checks_in_the_language_given() -> None:
    out = settle(S("Ts Th 6c 5d 5c / Ad 9h"), S("Ks Kh 8c 7d 2c / Qd Jh"), "ru")
    assert out.player.lang == "ru" and out.dealer.lang == "ru"
    assert out.player.low_text == "A-9" and out.dealer.high_text == "пара королей, кикеры 8-7-2"
    assert out.player == check_setting(S("Ts Th 6c 5d 5c / Ad 9h"))  # the language is no part of it


def test_a_dealer_foul_is_refused_naming_both_hands() -> None:
    with pytest.raises(DealerFoulError, match=r"^the dealer's setting is a foul ") as err:
        settle(S("Ts Th 6c 5d 5c / Ad 9h"), S("Ks 3h 8c 7d 2c / Qd Qh"))
    assert str(err.value) == ("the dealer's setting is a foul (pair of queens beats king-high, "
                              "kickers 8-7-3-2); the dealer sets by house way and never fouls")
    assert err.value.check.foul and err.value.check.setting == S("Ks 3h 8c 7d 2c / Qd Qh")


def test_a_copy_of_the_low_hand_with_a_joker_is_the_dealers() -> None:
    # Jk-K counts as A-K: a copy of the dealer's A-K, which goes to the dealer
    out = settle(S("Ts Th 6c 5d 5c / Jk Kh"), S("Ks Kd 8c 8d 2s / Ad Kc"))
    assert (out.high, out.low, out.result) == (-1, -1, Result.LOSE)
    assert "the dealer's A-K ties your A-K, and a tie goes to the dealer" in out.message()


def test_joker_writes_itself_jk_everywhere() -> None:
    assert (JOKER.pretty(), JOKER.label(), JOKER.format(), JOKER.format(True), str(JOKER),
            repr(JOKER)) == ("Jk", "Jk", "Jk", "Jk", "Jk", "JOKER")
    assert JOKER.index == JOKER_CODE == 52 and card_code(JOKER) == 52
    assert card_from_code(52) is JOKER and card_from_code(0) == Card.from_index(0)
    assert effective_rank(JOKER) == 14 and effective_rank(KD) == 13 and effective_rank(C2) == 2


def test_cards_are_written_and_labelled_as_people_read_them() -> None:
    cards = parse_pg_cards("Jk As Td 2c")
    assert format_pg_cards(cards) == "Jk As Td 2c"
    assert format_pg_cards(cards, symbols=True) == "Jk A♠ T♦ 2♣"
    assert label_pg_cards(cards) == "Jk A♠ 10♦ 2♣"
    assert sort_for_display(parse_pg_cards("2c Td Jk As")) == cards


def test_cards_are_read_from_words_and_lists() -> None:
    assert parse_pg_cards("As,Kd;  Jk\tjoker".replace("joker", "Qh")) == parse_pg_cards("As Kd Jk Qh")
    assert parse_pg_cards(["As Kd", "JOKER"]) == [AS, KD, JOKER]
    assert parse_pg_cards(" ") == []
    assert parse_hand("As Ah Kd Qc 9s 5h 2c") == PLAYER
    assert parse_hand("As Ah", size=2) == [AS, AH]
    with pytest.raises(CardParseError, match=r"Zz") as err:
        parse_pg_cards("As Zz")
    assert err.value.token == "Zz"


@pytest.mark.parametrize(("expected", "got", "kind", "words"), [
    (7, 6, HandPart.HAND, "a Pai Gow hand has 7 cards, got 6"),
    (5, 4, HandPart.HIGH, "the high hand has 5 cards, got 4"),
    (2, 3, HandPart.LOW, "the low hand has 2 cards, got 3"),
])
def test_a_count_error_says_which_hand(expected: int, got: int, kind: HandPart, words: str) -> None:
    err = CardCountError(expected, got, kind)
    assert (err.expected, err.got, err.kind, str(err)) == (expected, got, kind, words)
    assert CardCountError(7, 8).kind is HandPart.HAND


def test_two_jokers_are_counted() -> None:
    with pytest.raises(TwoJokersError, match=r"^2 jokers: the deck has only one joker$") as err:
        check_distinct([JOKER, AS, JOKER])
    assert err.value.count == 2
    check_distinct([JOKER, AS, KD])  # one joker is fine


# --- settings -------------------------------------------------------------------------------------


def test_settings_are_numbered_by_their_two_low_cards() -> None:
    assert LOW_PAIRS[0] == (0, 1) and LOW_PAIRS[1] == (0, 2) and LOW_PAIRS[20] == (5, 6)
    assert SETTING_COUNT == 21
    first = setting_from_index(PLAYER, 0)
    assert first == Setting((KD, QC, S9, H5, C2), (AS, AH))
    assert setting_from_index(PLAYER, 20) == Setting((AS, AH, KD, QC, S9), (H5, C2))
    assert all_settings(PLAYER) == [setting_from_index(PLAYER, i) for i in range(21)]
    for i, (a, b) in enumerate(LOW_PAIRS):
        assert set(BACKS[i].tolist()) == set(range(7)) - {a, b}
        assert FRONTS[i].tolist() == [a, b]


@pytest.mark.parametrize("index", [-1, 21])
def test_a_setting_index_out_of_range_is_refused(index: int) -> None:
    with pytest.raises(ValueError, match=rf"^setting index out of range: {index}$"):
        setting_from_index(PLAYER, index)


def test_a_setting_takes_seven_cards() -> None:
    with pytest.raises(CardCountError, match=r"^a Pai Gow hand has 7 cards, got 6$"):
        setting_from_index(PLAYER[:6], 0)


def test_a_setting_holds_its_cards_highest_first_and_writes_itself() -> None:
    s = Setting((C2, H5, S9, AS, JOKER), (QC, KD))
    assert s.high == (JOKER, AS, S9, H5, C2) and s.low == (KD, QC)
    assert s.cards == (JOKER, AS, S9, H5, C2, KD, QC)
    assert s.format() == "Jk As 9s 5h 2c / Kd Qc"
    assert s.format(symbols=True) == "Jk A♠ 9♠ 5♥ 2♣ / K♦ Q♣"
    assert parse_setting(s.format()) == s == parse_setting("Jk As 9s 5h 2c|Kd Qc")
    # the joker and the ace: a pair of aces behind, K-Q in front: legal
    assert not s.is_foul() and s.high_value() > s.low_value()
    assert category_of(s.high_value()) is PgCategory.PAIR


@pytest.mark.parametrize(("high", "low", "words"), [
    ((AS, AH, KD, QC), (S9, H5), "the high hand has 5 cards, got 4"),
    ((AS, AH, KD, QC, S9, C2), (H5,), "the high hand has 5 cards, got 6"),
    ((AS, AH, KD, QC, S9), (H5, C2, JOKER), "the low hand has 2 cards, got 3"),
])
def test_a_setting_of_the_wrong_sizes_is_refused(high: tuple[PgCard, ...], low: tuple[PgCard, ...],
                                                  words: str) -> None:
    with pytest.raises(CardCountError, match=rf"^{words}$"):
        Setting(high, low)


def test_a_setting_repeating_a_card_is_refused() -> None:
    with pytest.raises(DuplicateCardError, match=r"^duplicate card: As$"):
        Setting((AS, AH, KD, QC, S9), (AS, C2))


@pytest.mark.parametrize("text", ["As Ah Kd Qc 9s 5h 2c", "As Ah / Kd / Qc 9s 5h 2c", ""])
def test_a_setting_text_without_one_slash_is_refused_quoting_it(text: str) -> None:
    with pytest.raises(SettingFormatError, match=r"^a setting is 'HIGH / LOW'") as err:
        parse_setting(text)
    assert err.value.text == text
    assert str(err.value) == f"a setting is 'HIGH / LOW' (5 cards, a slash, 2 cards), got {text!r}"


def test_a_check_names_both_hands_in_its_language_and_in_any_other() -> None:
    check = check_setting(S("Jk Ks Qs 9s 4s / 7h 7d"), "ru")
    assert check.lang == "ru" and not check.foul
    assert check.high_value == S("Jk Ks Qs 9s 4s / 7h 7d").high_value()
    assert check.low_value == evaluate_low(parse_pg_cards("7h 7d"))
    # the joker fills the flush as its highest missing card, the ace
    assert check.high_text == "флеш до туза, кикеры K-Q-9-4" and check.low_text == "пара семёрок"
    assert check.high_text_in("en") == "ace-high flush, kickers K-Q-9-4"
    assert check.low_text_in("en") == "pair of sevens"
    assert check.message == "большая рука — флеш до туза, кикеры K-Q-9-4, малая — пара семёрок: без фола"
    assert check.message_in("en") == ("high hand ace-high flush, kickers K-Q-9-4, low hand pair of "
                                      "sevens: legal")
    assert check_setting(S("Jk Ks Qs 9s 4s / 7h 7d")).lang == "en"


# --- hand values ------------------------------------------------------------------------------------


def test_straight_windows_in_pai_gow_order() -> None:
    masks, highs = _windows()

    def mask(*ranks: int) -> int:
        return sum(1 << r for r in ranks)

    want = [(mask(10, 11, 12, 13, 14), 15), (mask(14, 2, 3, 4, 5), 14)]
    want += [(mask(*range(h - 4, h + 1)), h) for h in range(13, 5, -1)]  # K-high down to 6-high
    assert list(zip(masks.tolist(), highs.tolist(), strict=True)) == want


@pytest.mark.parametrize(("low", "words", "ru"), [
    ("Jk Kh", "A-K", "A-K"),
    ("2c 3d", "3-2", "3-2"),
    ("Jk Ad", "pair of aces", "пара тузов"),
    ("Td 9h", "T-9", "T-9"),
])
def test_low_hands_in_words(low: str, words: str, ru: str) -> None:
    cards = parse_pg_cards(low)
    assert describe_low(cards) == describe_low(cards, "en") == words
    assert describe_low(cards, "ru") == ru


def test_high_hands_in_words() -> None:
    five = evaluate_high(parse_pg_cards("As Ah Ad Ac Jk"))
    assert category_of(five) is PgCategory.FIVE_ACES
    assert describe_high(five) == "five aces" and describe_high(five, "ru") == "пять тузов"
    pair = evaluate_high(parse_pg_cards("Ks Kh 8c 7d 2c"))
    assert describe_high(pair) == "pair of kings"
    assert describe_high(pair, detailed=True) == "pair of kings, kickers 8-7-2"
    assert describe_high(pair, "ru", detailed=True) == "пара королей, кикеры 8-7-2"


@pytest.mark.parametrize("n", [1, 3])
def test_a_low_hand_is_two_cards(n: int) -> None:
    with pytest.raises(CardCountError, match=rf"^the low hand has 2 cards, got {n}$"):
        evaluate_low(PLAYER[:n])


@pytest.mark.parametrize("n", [4, 6])
def test_a_high_hand_is_five_cards(n: int) -> None:
    with pytest.raises(CardCountError, match=rf"^the high hand has 5 cards, got {n}$") as err:
        evaluate_high(PLAYER[:n])
    assert err.value.kind is HandPart.HIGH


def test_a_dealer_hand_is_the_seven_unseen_cards_with_the_smallest_random_keys() -> None:
    # One uniform key per unseen card and sample: the 7 smallest pick the hand, which makes every
    # 7 of the 46 equally likely (and a seed reproducible).
    keys = np.random.default_rng(21).random((50, 46))
    unseen = [c for c in range(53) if c not in {card_code(x) for x in HAND}]
    dealer = dealer_samples(HAND, 50, np.random.default_rng(21))
    for row, k in zip(dealer, keys, strict=True):
        assert set(row.tolist()) == {unseen[i] for i in np.argsort(k)[:7]}
