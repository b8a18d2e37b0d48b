"""What the teaching table writes down (cp_trainer/net/records.py), worked out by hand from RULES.md:
each person's record of a settled deal, seat by seat, and the live check's one line."""

from __future__ import annotations

from cp_trainer.history.record import FoulNote, Game, OpponentHand
from cp_trainer.net.records import check_message, hand_records
from cp_trainer.net.seats import Seat
from cp_trainer.rules.arrangement import Arrangement, check_arrangement, check_partial
from cp_trainer.rules.arrangement_text import foul_message
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import settle

BOT = "2h 3h 4d / 9s 9d 6c 6d 5d / Ts Td Tc 7d 8d"  # 4-high, two pair, trips of tens
ANN = "Ah Ad 2c / Ks Kd Kc 4h 5s / Qs Qd Qc Qh 8s"  # aces, trips of kings, four queens
# Ben's cards in the order dealt: as dealt (3/5/5) they would foul (trips over seven-high)
BEN_DEALT = "Jh Jd Js 2d 3s 4s 5h 7c 9h 9c 8h 8c 3c"
BEN_AS_DEALT = "Jh Jd Js / 2d 3s 4s 5h 7c / 9h 9c 8h 8c 3c"


def _seat(index: int, text: str, **kwargs: object) -> Seat:
    arr = Arrangement.parse(text)
    return Seat(index, cards=tuple(arr.cards), arrangement=arr, **kwargs)  # type: ignore[arg-type]


def test_each_persons_record_holds_their_own_points_and_a_surrendered_hand_as_dealt() -> None:
    # A bot at seat 0 (before the people), Ann at 1, Ben at 2 surrenders without setting.
    # 2-4: Ann wins all three rows from the bot, 3-0 = 4; Ben's surrender costs him 3 to each
    # seat still in (RULES.md: default 3 in 2-4), so Ann +4 +3, Ben -3 -3.
    rules = HouseRules(surrender=True)
    bot = _seat(0, BOT, bot=True)
    ann = _seat(1, ANN, name="Ann", human=True)
    ben = Seat(2, name="Ben", human=True, cards=tuple(parse_cards(BEN_DEALT)), surrendered=True)
    table = [bot, ann, ben]
    settlement = settle([bot.arrangement, ann.arrangement, None], rules, surrendered={2})
    records, seats = hand_records(table, settlement, rules, "Bot (greedy)", "en")
    assert seats == [1, 2]
    ann_record, ben_record = records
    assert ann_record.game is Game.CHINESE and ann_record.arrangement == ANN
    assert ann_record.deal == "Ah Ad 2c Ks Kd Kc 4h 5s Qs Qd Qc Qh 8s"
    assert ann_record.fouls == () and not ann_record.surrendered
    assert ann_record.opponents == (OpponentHand(BOT, 4.0, "Bot (greedy)"),
                                    OpponentHand(BEN_AS_DEALT, 3.0, "Ben", surrendered=True))
    assert ann_record.points == 7.0
    assert ben_record.arrangement == BEN_AS_DEALT and ben_record.deal == BEN_DEALT
    assert ben_record.fouls == ()  # a surrendered hand is never judged, however it lies
    assert ben_record.surrendered is True
    assert ben_record.opponents == (OpponentHand(BOT, -3.0, "Bot (greedy)"), OpponentHand(ANN, -3.0, "Ann"))
    for record in records:
        assert record.house_rules == rules.to_dict() and record.house_rules["surrender"] is True


def test_the_records_are_judged_under_the_tables_rules_and_worded_in_its_language() -> None:
    # Low middle: Cy's 7-5-4-3-2 middle is the best low, and only bottom >= top is checked
    # (a full house over queens): legal. Dee's bottom, two pair, is below her top trips: a foul,
    # which loses as if scooped (-4 in 2-4). Under the standard rules both would foul (0).
    rules = HouseRules(low_middle=True)
    cy = _seat(0, "Qh Qd 2c / 7h 5d 4h 3c 2h / Ts Td Tc 9s 9d", name="Cy", human=True)
    dee = _seat(1, "Jh Jd Jc / 2s 2d 3s 3d 4s / As Ac Kc Kh 7c", name="Dee", human=True)
    assert cy.arrangement is not None and dee.arrangement is not None
    settlement = settle([cy.arrangement, dee.arrangement], rules)
    (cy_record, dee_record), seats = hand_records([cy, dee], settlement, rules, "Bot", "ru")
    assert seats == [0, 1]
    assert cy_record.fouls == ()
    assert [o.points for o in cy_record.opponents] == [4.0]
    assert [o.points for o in dee_record.opponents] == [-4.0]
    (foul,) = check_arrangement(dee.arrangement, rules).fouls
    assert dee_record.fouls == (FoulNote("order", foul_message(foul, "ru")),)
    assert dee_record.fouls[0].message.startswith("верхний ряд: тройка валетов")


def test_no_settlement_no_records() -> None:
    assert hand_records([_seat(0, ANN, human=True)], None, HouseRules(), "Bot", "en") == ([], [])


TWO_FOULS = Arrangement.parse("Ah Ad 2c / Ks Kd 7h 5s 3c / Qs Qd 9c 8h 4d")
ONE_FOUL = Arrangement.parse("Ah Ad 2c / Ks Kd 7h 5s 3c / Qs Qd Qc 9c 4d")


def test_the_live_check_line_names_each_foul_as_a_sentence() -> None:
    assert check_message(check_partial(ONE_FOUL), ONE_FOUL, "en") == (
        "Top: pair of aces is stronger than middle: pair of kings — bottom ≥ middle ≥ top is required.")
    assert check_message(check_partial(ONE_FOUL), ONE_FOUL, "ru") == (
        "Верхний ряд: пара тузов сильнее, чем средний ряд: пара королей — "
        "требуется нижний ≥ средний ≥ верхний.")
    assert check_message(check_partial(TWO_FOULS), TWO_FOULS, "en") == (
        "Top: pair of aces is stronger than middle: pair of kings — bottom ≥ middle ≥ top is required. "
        "Middle: pair of kings is stronger than bottom: pair of queens — bottom ≥ middle ≥ top is required.")


def test_the_live_check_line_of_a_legal_hand_says_so_or_counts_the_cards_placed() -> None:
    legal = Arrangement.parse(ANN)
    assert check_message(check_partial(legal), legal, "en") == "Legal: you can set this hand."
    assert check_message(check_partial(legal), legal, "ru") == "Фола нет: руку можно выставить."
    partial = Arrangement.parse("Ah Ad / Ks / 2c")
    assert check_message(check_partial(partial), partial, "en") == "No foul so far (4 of 13 cards placed)."
    assert check_message(check_partial(partial), partial, "ru") == "Пока фола нет (разложено 4 из 13 карт)."
