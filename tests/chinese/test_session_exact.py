"""The session's bookkeeping, exact (what a mutant would change): what a table setup means, what a
deal holds, what each settled hand and its records say, worked out by hand or by the independent
reference scorer (tests/reference_scoring.py), never read back from the session itself."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from cp_trainer.chinese.board import Refused
from cp_trainer.chinese.session import (
    BotFn,
    BotJob,
    BotPlay,
    ChineseSession,
    Phase,
    Showdown,
    TableSetup,
    Zone,
)
from cp_trainer.history.record import FoulNote, Game, OpponentHand
from cp_trainer.history.replay import replay_record
from cp_trainer.rules.arrangement import Arrangement, Row, check_arrangement
from cp_trainer.rules.arrangement_text import foul_message
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.cards import Card, format_cards, parse_cards
from cp_trainer.rules.frozen import FrozenMap
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.settlement import PairKind, settle_pair
from tests.reference_scoring import table_points
from tests.session_fixtures import by_rank_bot, by_rank_surrendering_bot

GREEDY, STANDARD = BotChoice(BotName.GREEDY), BotChoice(BotName.STANDARD)


def test_the_zones_hold_13_3_5_and_5_cards() -> None:
    assert [(z.capacity, z.is_row) for z in Zone] == [(13, False), (3, True), (5, True), (5, True)]


def test_a_table_setup_and_its_bot_hands() -> None:
    assert TableSetup().bot_hands == 1 and TableSetup(opponents=3).bot_hands == 3
    assert TableSetup(criss_cross=True).bot_hands == 2  # the one bot holds two hands
    base = TableSetup()
    assert base.same_table(TableSetup(lang="ru"))  # the language is no rule of the game
    for other in (TableSetup(rules=HouseRules(surrender=True)), TableSetup(opponents=2),
                  TableSetup(bot=GREEDY), TableSetup(criss_cross=True)):
        assert not base.same_table(other) and not other.same_table(base), other


def test_a_new_session_has_nothing_to_arrange() -> None:
    s = ChineseSession(bots=by_rank_bot)
    assert s.phase is Phase.SHOWDOWN and not s.can_arrange() and s.board.locked
    assert (s.deals, s.hands_played, s.hands_to_set, s.session_points, s.session_money) == (0, 0, 1, 0, 0.0)
    assert s.setup == TableSetup() and s.deal_setup == TableSetup() and s.lang == "en"
    assert (s.hand_index, s.locked, s.player_cards, s.opponent_cards, s.opponent_hands) == (0, (), (), (), ())
    assert s.opponents_surrendered == frozenset() and isinstance(s.opponents_surrendered, frozenset)
    assert (s.showdown, s.past, s.retry_of) == (None, None, None) and not s.can_try_again()
    assert s.settled == [] and s.arrangement() == Arrangement()
    with pytest.raises(ValueError, match=r"^not_arranging: undo: the hand is set; deal again to play on$"):
        s.undo()


MINE = tuple(parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s"))
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")  # a pair of kings < aces
FOUL = Arrangement.parse("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")  # aces on top of kings


def dealt(setup: TableSetup | None = None, seed: int = 31, bots: BotFn = by_rank_bot) -> ChineseSession:
    """MINE dealt; with seed 31 the bots' hands (one or two, or Criss Cross's two) and the player's
    second Criss Cross hand, each set by rank, do not foul."""
    s = ChineseSession(setup, bots=bots, seed=seed)
    s.new_deal(MINE)
    return s


def by_rank(cards: Sequence[Card]) -> Arrangement:
    ordered = sorted(cards, reverse=True)
    return Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5]))


def test_a_deal_gives_every_seat_its_own_thirteen_cards() -> None:
    s = dealt(TableSetup(opponents=3))
    assert s.player_cards == (MINE,) and len(s.opponent_cards) == 3
    every = [c for hand in (*s.player_cards, *s.opponent_cards) for c in hand]
    assert len(every) == 52 and len(set(every)) == 52  # the whole deck, each card once
    assert s.phase is Phase.SETTING and s.can_arrange() and not s.board.locked
    assert s.board.state() == (MINE, (), (), ()) and s.deals == 1 and s.hand_index == 0
    assert s.opponent_hands == () and s.showdown is None and s.hands_to_set == 1
    crossed = dealt(TableSetup(criss_cross=True))
    assert len(crossed.player_cards) == 2 and crossed.player_cards[0] == MINE
    assert len(crossed.opponent_cards) == 2 and crossed.hands_to_set == 2
    every = [c for hand in (*crossed.player_cards, *crossed.opponent_cards) for c in hand]
    assert len(every) == 52 and len(set(every)) == 52 and all(len(h) == 13 for h in crossed.player_cards)


def test_a_dealt_hand_must_be_thirteen_different_cards() -> None:
    s = ChineseSession(bots=by_rank_bot, seed=1)
    for bad in (MINE[:12], (*MINE[:12], MINE[0]), (*MINE, parse_cards("3c")[0])):
        text = " ".join(str(c) for c in bad)
        with pytest.raises(Refused, match=f"^bad_deal: a deal is 13 different cards, not '{text}'$"):
            s.new_deal(bad)
    assert s.deals == 0 and s.phase is Phase.SHOWDOWN


def test_seeded_deals_repeat_and_unseeded_ones_do_not() -> None:
    a, b = ChineseSession(bots=by_rank_bot, seed=9), ChineseSession(bots=by_rank_bot, seed=9)
    a.new_deal()
    b.new_deal()
    first = a.player_cards
    assert first == b.player_cards and a.opponent_cards == b.opponent_cards
    a.new_deal()
    assert a.player_cards != first  # the second deal of a seed is another deal
    c, d = ChineseSession(bots=by_rank_bot), ChineseSession(bots=by_rank_bot)
    c.new_deal()
    d.new_deal()
    assert c.player_cards != d.player_cards  # without a seed: shuffled (1 in 10^11 to fail)
    # the player's cards given, a seed still decides the bots' cards, the same each time
    assert dealt(seed=4).opponent_cards == dealt(seed=4).opponent_cards != dealt(seed=8).opponent_cards


def test_the_bots_job_names_each_seat() -> None:
    s = dealt(TableSetup(rules=HouseRules(surrender=True), opponents=2, bot=GREEDY))
    job = s.bot_job()
    assert job == BotJob(GREEDY, HouseRules(surrender=True), s.opponent_cards, (1, 2), surrender=True,
                         seat_bots=(GREEDY, GREEDY))
    assert job.opponents == 2


def test_a_bot_must_set_its_own_cards_and_surrender_only_its_own_seats() -> None:
    def wrong_cards(job: BotJob) -> tuple[Arrangement, ...]:
        return (LEGAL,) * len(job.hands)

    s = dealt(bots=wrong_cards)
    s.place(LEGAL)
    with pytest.raises(ValueError, match=r"^the bots set other cards than they were dealt: \(Arrangement\("):
        s.set_hand()
    assert s.phase is Phase.SETTING and s.opponent_hands == ()

    def beyond(job: BotJob) -> BotPlay:
        return BotPlay(by_rank_bot(job), frozenset({3}))

    s = dealt(TableSetup(rules=HouseRules(surrender=True), opponents=2), bots=beyond)
    s.place(LEGAL)
    with pytest.raises(ValueError, match=r"^the bots surrendered seats \[3\] at this table$"):
        s.set_hand()

    def the_players_seat(job: BotJob) -> BotPlay:
        return BotPlay(by_rank_bot(job), frozenset({0, 1}))

    s = dealt(TableSetup(rules=HouseRules(surrender=True), opponents=2), bots=the_players_seat)
    s.place(LEGAL)
    with pytest.raises(ValueError, match=r"^the bots surrendered seats \[0, 1\] at this table$"):
        s.set_hand()

    def last_seat(job: BotJob) -> BotPlay:
        return BotPlay(by_rank_bot(job), frozenset({2}))

    s = dealt(TableSetup(rules=HouseRules(surrender=True), opponents=2), bots=last_seat)
    s.place(LEGAL)
    shown = s.set_hand()
    assert shown is not None and shown.bots_surrendered == {2} and s.opponents_surrendered == {2}


def test_the_bots_set_once_a_deal() -> None:
    jobs: list[BotJob] = []

    def counting(job: BotJob) -> tuple[Arrangement, ...]:
        jobs.append(job)
        return by_rank_bot(job)

    s = dealt(bots=counting)
    hands = s.bots_set()
    assert hands == tuple(by_rank(c) for c in s.opponent_cards) and s.bots_set() is hands
    s.place(LEGAL)
    s.set_hand()
    assert len(jobs) == 1


def test_a_showdown_scores_as_the_reference_scorer_says_in_points_and_money() -> None:
    rules = HouseRules(point_value=2.5)
    s = dealt(TableSetup(rules=rules, opponents=2))
    s.place(LEGAL)
    shown = s.set_hand()
    assert shown is not None and shown.settlement is not None
    bots = tuple(by_rank(c) for c in s.opponent_cards)
    points, money, pair = table_points([LEGAL, *bots], rules)
    assert shown.total == points[0] and shown.money == pytest.approx(money[0]) == 2.5 * points[0]
    assert [shown.points_against(seat) for seat in (1, 2)] == [pair[(0, 1)], pair[(0, 2)]]
    assert shown.player == LEGAL and shown.opponents == bots and not shown.player_fouled
    assert not shown.criss_cross and not shown.surrendered and shown.hand_number is None
    assert shown.pairs() == tuple(shown.settlement.pairs) and len(shown.pairs()) == 3
    assert s.session_points == points[0] and s.session_money == pytest.approx(money[0])
    assert s.phase is Phase.SHOWDOWN and s.board.locked and s.showdown is shown
    assert not s.can_arrange() and not s.can_set() and not s.can_undo() and not s.can_redo()
    # a second hand adds to the session's score
    s.new_deal(MINE)
    s.place(FOUL)
    second = s.set_hand()
    assert second is not None and second.player_fouled
    points2, money2, _ = table_points([FOUL, *(by_rank(c) for c in s.opponent_cards)], rules)
    assert second.total == points2[0] < 0  # a foul loses to each bot that does not foul too
    assert s.session_points == points[0] + points2[0]
    assert s.session_money == pytest.approx(money[0] + money2[0])


def test_each_settled_hand_is_numbered_and_keeps_its_table() -> None:
    setup = TableSetup(opponents=2, lang="ru")
    s = dealt(setup)
    s.place(LEGAL)
    s.set_hand()
    s.change_setup(TableSetup(opponents=1, lang="ru"))
    s.new_deal(MINE)
    s.place(LEGAL)
    s.set_hand()
    first, second = s.settled
    assert (first.number, first.deal, first.setup) == (1, 1, setup)
    assert (second.number, second.deal, second.setup.opponents) == (2, 2, 1)
    assert first.retry_of is None and s.hands_played == 2


def test_the_record_of_a_hand_says_what_was_played() -> None:
    rules = HouseRules(surrender=True)
    s = dealt(TableSetup(rules=rules, opponents=2, bot=GREEDY, lang="ru"))
    s.place(FOUL)
    s.set_hand()
    (record,) = s.settled[0].records
    assert record.game is Game.CHINESE and record.deal == format_cards(MINE)  # as dealt, not as set
    assert record.arrangement == str(FOUL) and record.house_rules == rules.to_dict()
    assert not record.surrendered and record.criss_cross_hand is None
    fouls = check_arrangement(FOUL, rules).fouls
    assert record.fouls == tuple(FoulNote(f.code, foul_message(f, "ru")) for f in fouls) and record.fouls
    assert all(any("а" <= ch <= "я" for ch in note.message) for note in record.fouls)  # in Russian
    bots = tuple(by_rank(c) for c in s.opponent_cards)
    assert record.opponents == tuple(OpponentHand(str(b), -4.0, "greedy", surrendered=False) for b in bots)
    assert record.points == -8
    assert isinstance(record.played_at, datetime) and record.played_at.utcoffset() == timedelta(0)
    assert abs(datetime.now(UTC) - record.played_at) < timedelta(hours=1)  # stamped now, in UTC


def test_a_records_fouls_are_the_deals_rules_fouls() -> None:
    # a straight in the middle over two pair at the bottom: a foul, but not under *low middle*
    low = Arrangement.parse("Qs Qh 2s / Jc Td 9s 8h 7c / As Ah Kc Kd 4d")
    s = dealt(TableSetup(rules=HouseRules(low_middle=True)))
    s.place(low)
    s.set_hand()
    assert s.settled[0].records[0].fouls == () and check_arrangement(low).fouls


def test_the_record_of_a_surrender_has_no_fouls_and_names_the_bots_that_surrendered() -> None:
    rules = HouseRules(surrender=True)
    s = dealt(TableSetup(rules=rules, opponents=2), bots=by_rank_surrendering_bot)
    s.place(FOUL)
    shown = s.set_hand(surrender=True)
    assert shown is not None and shown.player is None and shown.surrendered
    (record,) = s.settled[0].records
    assert record.surrendered and record.fouls == ()  # a surrendered hand is never shown
    s.show_past(replay_record(dataclasses.replace(record, id=1)))
    assert s.opponents_surrendered == shown.bots_surrendered and s.opponent_hands == shown.opponents
    assert s.showdown is not None and s.showdown.bots_surrendered == shown.bots_surrendered
    # played again: the same bot hands, the same bot still surrendered
    s.try_again()
    assert s.opponents_surrendered == {1} and s.opponent_hands == shown.opponents
    s.place(LEGAL)
    again = s.set_hand()
    assert again is not None and again.bots_surrendered == {1}
    assert again.against(1).kind is PairKind.SURRENDER and again.against(2).kind is PairKind.SHOWDOWN
    gone = shown.bots_surrendered
    assert gone == {1}  # seat 1 holds no ace: the fixture bot gives it up; seat 2 plays
    assert [o.surrendered for o in record.opponents] == [seat in gone for seat in (1, 2)]
    points, _, _ = table_points([None, *shown.opponents], rules, {0} | gone)
    assert shown.total == points[0] == sum(o.points for o in record.opponents)


def crossed_out(setup: TableSetup | None = None) -> tuple[ChineseSession, Showdown]:
    """A Criss Cross deal played out; with seed 78 no hand fouls and every pair settles differently
    by seat and by hand (the player's hands win 2 and 4 from the bot's first, lose 2 and 4 to its
    second)."""
    s = dealt(setup or TableSetup(criss_cross=True), seed=78)
    s.place(LEGAL)
    assert s.set_hand() is None  # the first hand is set: the second comes to the table
    assert s.phase is Phase.SETTING and s.hand_index == 1 and s.locked == (LEGAL,)
    assert s.board.state() == (s.player_cards[1], (), (), ()) and not s.can_undo()
    s.place(by_rank(s.player_cards[1]))
    shown = s.set_hand()
    assert shown is not None
    return s, shown


def test_a_criss_cross_deal_settles_each_hand_against_each_of_the_bots_hands() -> None:
    s, shown = crossed_out()
    second = by_rank(s.player_cards[1])
    bots = tuple(by_rank(c) for c in s.opponent_cards)
    assert shown.settlement is None and shown.criss_cross and shown.player_hands == (LEGAL, second)
    assert shown.player == second and shown.opponents == bots and set(shown.cross) == {(0, 1), (0, 2),
                                                                                       (1, 1), (1, 2)}
    rules = HouseRules()
    for (i, seat), pair in shown.cross.items():
        assert pair.points[0] == table_points([(LEGAL, second)[i], bots[seat - 1]], rules)[0][0]
        assert shown.against(seat, i) is pair
    assert shown.total == sum(p.points[0] for p in shown.cross.values()) == s.session_points
    assert shown.pairs() == tuple(shown.cross.values())
    assert [p.points[0] for p in shown.cross.values()] == [2, -2, 4, -4]  # (0, 1), (0, 2), (1, 1), (1, 2)
    assert shown.points_against(1) == 6 and shown.points_against(2) == -6
    for seat in (1, 2):
        for row, name in enumerate((Row.TOP, Row.MIDDLE, Row.BOTTOM)):
            assert shown.row_result(seat, row) is shown.cross[(0, seat)].row_result(name, 0)
            assert shown.row_result(seat, row, 1) is shown.cross[(1, seat)].row_result(name, 0)
    assert any(shown.row_result(seat, row) is not shown.row_result(seat, row, 1)
               for seat in (1, 2) for row in range(3))
    assert not shown.player_fouled
    first, last = s.settled[0].records
    assert (first.criss_cross_hand, last.criss_cross_hand) == (1, 2)
    assert (first.arrangement, last.arrangement) == (str(LEGAL), str(second))
    for hand, record in enumerate((first, last)):
        expected = [shown.cross[(hand, seat)].points[0] for seat in (1, 2)]
        assert [o.points for o in record.opponents] == expected


def test_a_criss_cross_foul_in_either_hand_is_the_players_foul() -> None:
    s = dealt(TableSetup(criss_cross=True))
    s.place(FOUL)
    s.set_hand()
    s.place(by_rank(s.player_cards[1]))
    shown = s.set_hand()
    assert shown is not None and shown.player_fouled
    assert shown.cross[(0, 1)].fouled[0] and not shown.cross[(1, 1)].fouled[0]


def test_money_in_criss_cross_is_points_times_the_stake() -> None:
    _, shown = crossed_out(TableSetup(rules=HouseRules(point_value=3.0), criss_cross=True))
    assert shown.money == pytest.approx(3.0 * shown.total)


def test_a_change_of_setup_is_told_only_when_the_table_differs_after_a_deal() -> None:
    s = ChineseSession(bots=by_rank_bot, seed=2)
    assert s.change_setup(TableSetup(opponents=3)) is False and s.setup_pending  # nothing dealt yet
    s.new_deal(MINE)
    assert s.deal_setup.opponents == 3 and not s.setup_pending
    assert s.change_setup(TableSetup(opponents=3, lang="ru")) is False  # the language only
    assert s.lang == "ru" and s.deal_setup.lang == "ru" and s.setup.lang == "ru"
    assert s.change_setup(TableSetup(opponents=2, lang="ru")) is True and s.setup_pending
    assert s.deal_setup.opponents == 3  # the deal on the table stays as dealt
    s.set_language("en")
    assert s.lang == "en" and s.setup.lang == "en" and s.setup.opponents == 2
    s.new_deal(MINE)
    assert not s.setup_pending and len(s.opponent_cards) == 2


def test_a_past_hand_is_shown_unscored_and_played_again_at_its_own_table() -> None:
    s = dealt(TableSetup(opponents=2, bot=GREEDY))
    s.place(FOUL)
    shown = s.set_hand()
    assert shown is not None
    record = dataclasses.replace(s.settled[0].records[0], id=1)
    s.change_setup(TableSetup(opponents=1, bot=STANDARD, lang="ru"))
    s.new_deal()
    past = s.show_past(replay_record(record))
    assert past.total == shown.total and past.player == FOUL and past.opponents == shown.opponents
    assert s.phase is Phase.SHOWDOWN and s.board.locked and s.hands_played == 1
    assert s.board.state() == ((), FOUL.top, FOUL.middle, FOUL.bottom)
    assert s.opponent_hands == shown.opponents and s.opponents_surrendered == frozenset()
    # the past hand's own table: its rules, its two bots by name, the language of now
    assert s.deal_setup == TableSetup(rules=HouseRules(), opponents=2, bot=GREEDY, lang="ru",
                                     seat_bots=(GREEDY, GREEDY))
    assert s.past is not None and s.retry_of is None and s.can_try_again()
    deals = s.deals
    s.try_again()
    assert s.deals == deals + 1 and s.retry_of is not None and s.past is None and s.can_try_again()
    assert s.opponent_hands == shown.opponents and s.board.state() == (tuple(FOUL.cards), (), (), ())
    s.place(LEGAL)
    again = s.set_hand()
    assert again is not None and again.opponents == shown.opponents
    assert s.settled[-1].retry_of is s.retry_of and s.settled[-1].number == 2
    # try again a second time: the same hand again, from the one just played
    s.try_again()
    assert s.retry_of is not None and s.phase is Phase.SETTING


def test_a_past_hand_without_bot_names_is_played_by_the_bot_of_the_settings() -> None:
    s = dealt()
    s.place(LEGAL)
    s.set_hand()
    record = s.settled[0].records[0]
    nameless = dataclasses.replace(record, id=1, opponents=tuple(dataclasses.replace(o, name="")
                                                                 for o in record.opponents))
    s.change_setup(TableSetup(bot=GREEDY))
    s.show_past(replay_record(nameless))
    assert s.deal_setup.bot == GREEDY and not s.deal_setup.criss_cross


def test_a_past_surrender_is_shown_without_the_players_rows() -> None:
    s = dealt(TableSetup(rules=HouseRules(surrender=True)))
    s.place(LEGAL)
    s.set_hand(surrender=True)
    past = s.show_past(replay_record(dataclasses.replace(s.settled[0].records[0], id=1)))
    assert past.surrendered and past.player is None and past.total == -3


def test_one_criss_cross_hand_again_is_settled_against_both_of_the_bots_hands() -> None:
    s, shown = crossed_out()
    second = s.settled[0].records[1]
    s.show_past(replay_record(dataclasses.replace(second, id=2)))
    assert s.showdown is not None and s.showdown.hand_number == 2 and not s.showdown.criss_cross
    assert set(s.showdown.cross) == {(0, 1), (0, 2)} and s.showdown.settlement is None
    alone = by_rank(s.player_cards[0])  # the second hand, as it was set
    assert s.showdown.player == alone and s.showdown.player_hands == (alone,)
    assert s.showdown.opponents == shown.opponents and s.showdown.surrendered is False
    assert s.showdown.against(1) is s.showdown.cross[(0, 1)]
    assert s.showdown.total == shown.cross[(1, 1)].points[0] + shown.cross[(1, 2)].points[0] == 0
    assert [p.points[0] for p in s.showdown.pairs()] == [4, -4]
    s.try_again()
    assert s.hands_to_set == 1 and not s.surrender_allowed()
    s.place(by_rank(s.player_cards[0]))
    again = s.set_hand()
    assert again is not None and again.hand_number == 2 and not again.criss_cross
    assert set(again.cross) == {(0, 1), (0, 2)} and again.settlement is None
    assert again.total == shown.cross[(1, 1)].points[0] + shown.cross[(1, 2)].points[0]
    (record,) = s.settled[-1].records
    assert record.criss_cross_hand == 2


def test_surrender_is_refused_for_one_criss_cross_hand_played_again() -> None:
    s, _ = crossed_out(TableSetup(rules=HouseRules(surrender=True), criss_cross=True))
    s.try_again(replay_record(dataclasses.replace(s.settled[0].records[0], id=1)))
    s.place(LEGAL)
    assert s.deal_setup.rules.surrender and not s.surrender_allowed() and not s.can_surrender()
    with pytest.raises(Refused, match=r"^no_surrender: the house rules of this deal do not allow surrender$"):
        s.set_hand(surrender=True)


def test_the_live_check_is_under_the_deals_rules_in_its_language_and_knows_the_cards_left() -> None:
    def placed(setup: TableSetup, rows: str) -> ChineseSession:
        s = dealt(setup)
        for zone, text in zip((Zone.TOP, Zone.MIDDLE, Zone.BOTTOM), rows.split("/"), strict=True):
            for card in parse_cards(text):
                s.move(card, zone)
        return s

    # queens on top of a full middle of jack-high: a foul already, under the usual rules; under
    # *low middle* only the bottom must beat the top, and aces and kings are still in the hand
    rows = "Qs Qh / Jc Td 9s 8h 2s /"
    plain = placed(TableSetup(), rows)
    assert plain.check().fouled
    assert not placed(TableSetup(rules=HouseRules(low_middle=True)), rows).check().fouled
    assert placed(TableSetup(lang="ru"), rows).check() == plain.check()  # data: the same in every language
    # aces on top, and a middle of 2 and 4 that no card left can lift to a pair of aces
    s = placed(TableSetup(), "As Ah Kc / 2s 4d /")
    assert s.check().fouled and s.board.cards(Zone.HAND)


def test_nothing_moves_after_the_showdown_and_each_refusal_says_what_was_tried() -> None:
    s = dealt()
    assert not s.can_undo() and not s.can_redo()  # nothing moved yet
    s.move(LEGAL.top[0], Zone.TOP)
    s.undo()
    assert s.can_redo() and not s.can_undo()
    s.place(LEGAL)
    assert not s.can_redo()
    s.set_hand()
    a, b = LEGAL.top[0], LEGAL.bottom[0]
    for action, what in ((lambda: s.swap(a, b), "swap Q♠ and A♠"), (lambda: s.drop(a, Zone.HAND), "drop Q♠"),
                         (lambda: s.drop(a, Zone.BOTTOM, b), "drop Q♠"),
                         (lambda: s.place(LEGAL), "place an arrangement"),
                         (lambda: s.set_hand(), "set the hand")):
        with pytest.raises(Refused, match=f"^not_arranging: {what}: the hand is set; deal again to play on$"):
            action()


def test_criss_cross_is_two_seats_so_the_bots_stake_and_the_bank_are_seat_ones() -> None:
    rules = HouseRules(stakes=(1.0, 0.5), ties=TieRule.BANK, bank=1, system=ScoringSystem.ONE_SIX)
    s, shown = crossed_out(TableSetup(rules=rules, criss_cross=True))
    assert shown.surrendered is False and shown.money == pytest.approx(0.5 * shown.total)
    mine, bots = shown.player_hands, shown.opponents
    for (i, seat), pair in shown.cross.items():
        assert pair.players == (0, 1) and pair.stake == 0.5  # the one bot sits at seat 1
        assert pair.points == settle_pair(mine[i], bots[seat - 1], rules, (0, 1)).points
    # one of the hands played again: the same two seats, the same rules
    s.try_again(replay_record(dataclasses.replace(s.settled[0].records[1], id=2)))
    s.place(by_rank(s.player_cards[0]))
    again = s.set_hand()
    assert again is not None and again.player == mine[1] and again.player_hands == (mine[1],)
    assert again.surrendered is False and again.hand_number == 2
    for seat in (1, 2):
        assert again.cross[(0, seat)].players == (0, 1) and again.cross[(0, seat)].stake == 0.5
        assert again.cross[(0, seat)].points == shown.cross[(1, seat)].points
    assert again.total == shown.cross[(1, 1)].points[0] + shown.cross[(1, 2)].points[0]
    assert again.money == pytest.approx(0.5 * again.total)


EXPERT, QUARTER = BotChoice(BotName.EXPERT), BotChoice(BotName.NEWCOMER, 0.25)


def test_bots_given_by_name_or_text_are_kept_as_choices() -> None:
    # TableSetup's and BotJob's docstrings: a bot may be given as text; each is kept as a BotChoice
    setup = TableSetup(bot="newcomer:0.25", seat_bots=["greedy", BotName.EXPERT])  # type: ignore[arg-type]
    assert setup.bot == QUARTER and setup.seat_bots == (GREEDY, EXPERT)
    assert type(setup.bot) is BotChoice and type(setup.seat_bots) is tuple
    job = BotJob("newcomer:0.25", HouseRules(), (MINE,), (1,),  # type: ignore[arg-type]
                 seat_bots=["greedy", BotName.EXPERT])  # type: ignore[arg-type]
    assert job.bot == QUARTER and job.seat_bots == (GREEDY, EXPERT)
    assert type(job.bot) is BotChoice and type(job.seat_bots) is tuple
    assert setup == TableSetup(bot=QUARTER, seat_bots=(GREEDY, EXPERT))


def test_a_seat_is_played_by_its_own_bot_and_the_seats_beyond_by_the_tables() -> None:
    setup = TableSetup(opponents=3, bot=STANDARD, seat_bots=(GREEDY, EXPERT))
    assert [setup.bot_at(seat) for seat in (1, 2, 3, 4)] == [GREEDY, EXPERT, STANDARD, STANDARD]
    assert setup.seated_bots == (GREEDY, EXPERT, STANDARD)
    job = BotJob(STANDARD, HouseRules(), (MINE,) * 3, (1, 2, 3), seat_bots=(GREEDY, EXPERT))
    assert [job.bot_at(seat) for seat in (1, 2, 3, 4)] == [GREEDY, EXPERT, STANDARD, STANDARD]
    one = BotJob(STANDARD, HouseRules(), (MINE,), (1,), seat_bots=(QUARTER,))
    assert (one.bot_at(1), one.bot_at(2)) == (QUARTER, STANDARD)


def test_each_record_names_the_bot_of_each_seat_and_criss_cross_the_one_bot_twice() -> None:
    s = dealt(TableSetup(opponents=2, bot=STANDARD, seat_bots=(GREEDY, EXPERT)))
    assert s.bot_job().seat_bots == (GREEDY, EXPERT)
    s.place(LEGAL)
    s.set_hand()
    (record,) = s.settled[0].records
    assert [o.name for o in record.opponents] == ["greedy", "expert"]
    s.show_past(replay_record(dataclasses.replace(record, id=1)))  # the same bots at their seats
    assert (s.deal_setup.bot, s.deal_setup.seat_bots) == (GREEDY, (GREEDY, EXPERT))
    # Criss Cross: one bot (seat 1's) holds both bot hands, and each record names it for both
    s, _ = crossed_out(TableSetup(criss_cross=True, bot=STANDARD, seat_bots=(QUARTER,)))
    assert s.bot_job().seat_bots == (QUARTER,)
    assert [[o.name for o in r.opponents] for r in s.settled[0].records] == [["newcomer:0.25"] * 2] * 2


def test_a_showdowns_pairs_are_a_read_only_copy_of_those_given() -> None:
    bot = by_rank(parse_cards("Ks Kh Qd Qc Js Jh Tc 9d 8s 7h 6c 5d 3s"))
    pair = settle_pair(LEGAL, bot, HouseRules(), (0, 1))
    given = {(0, 1): pair}
    shown = Showdown(LEGAL, (bot,), None, player_hands=(LEGAL,), cross=given)
    given.clear()  # the caller's dict changes: the showdown does not
    assert isinstance(shown.cross, FrozenMap) and dict(shown.cross) == {(0, 1): pair}
    assert shown.total == pair.points[0] and shown.pairs() == (pair,)
    assert hash(shown) == hash(dataclasses.replace(shown))  # a value: hashable, as frozen as it says
