"""A session's records and totals, seat by seat: each opponent is named by its own seat's bot,
and the money total adds each pair's points at that pair's stake (not points, not one stake)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cp_trainer.chinese.session import BotJob, ChineseSession, TableSetup
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import format_bot, parse_bot
from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from tests.reference_scoring import table_points
from tests.session_fixtures import by_rank_bot

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")
SEAT_BOT_NAMES = ("greedy", "pair-on-top", "newcomer:0.25")
SEAT_BOTS = tuple(parse_bot(b) for b in SEAT_BOT_NAMES)
EXPERT = parse_bot("expert")


def by_rank(cards: Sequence[Card]) -> Arrangement:
    ordered = sorted(cards, reverse=True)
    return Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5]))


def play(setup: TableSetup, seeds: range) -> list[ChineseSession]:
    out = []
    for seed in seeds:
        s = ChineseSession(setup, bots=by_rank_bot, seed=seed)
        s.new_deal(DEAL)
        s.place(LEGAL)
        assert s.set_hand() is not None
        out.append(s)
    return out


@pytest.mark.parametrize("opponents", [2, 3])
def test_each_opponent_is_named_by_its_own_seats_bot(opponents: int) -> None:
    setup = TableSetup(opponents=opponents, bot=EXPERT, seat_bots=SEAT_BOTS[:opponents])
    s = play(setup, range(1))[0]
    (record,) = s.settled[-1].records
    names = [o.name for o in record.opponents]
    assert names == list(SEAT_BOT_NAMES[:opponents])
    assert len(set(names)) == opponents  # three seats, three different names


def test_seats_without_their_own_bot_are_named_by_the_tables_bot() -> None:
    setup = TableSetup(opponents=3, bot=EXPERT, seat_bots=(parse_bot("greedy"),))
    (record,) = play(setup, range(1))[0].settled[-1].records
    assert [o.name for o in record.opponents] == ["greedy", "expert", "expert"]


def test_the_bot_job_asks_each_seat_for_its_own_bot() -> None:
    seen: list[BotJob] = []

    def spy(job: BotJob) -> tuple[Arrangement, ...]:
        seen.append(job)
        return by_rank_bot(job)

    s = ChineseSession(TableSetup(opponents=3, bot=EXPERT, seat_bots=SEAT_BOTS), bots=spy, seed=3)
    s.new_deal(DEAL)
    s.place(LEGAL)
    s.set_hand()
    (job,) = seen
    assert [format_bot(job.bot_at(seat)) for seat in job.seats] == list(SEAT_BOT_NAMES)
    assert job.bot_at(2) == parse_bot("pair-on-top")


@pytest.mark.parametrize("rules", [
    HouseRules(point_value=0.5),
    HouseRules(point_value=3.0, stakes=(2.0, 0.25, 5.0, 1.5)),
    HouseRules(stakes=(0.5, 4.0, 2.0, 0.75)),
])
def test_money_adds_each_pairs_points_at_its_stake(rules: HouseRules) -> None:
    setup = TableSetup(rules=rules, opponents=3, seat_bots=SEAT_BOTS)
    sessions = play(setup, range(6))
    nonzero = 0
    for s in sessions:
        showdown = s.settled[-1].showdown
        assert showdown.settlement is not None
        expected = sum(showdown.against(seat).points[0] * rules.pair_stake(0, seat)
                       for seat in (1, 2, 3))
        assert showdown.money == pytest.approx(expected)
        assert s.session_money == pytest.approx(expected)
        assert s.session_points == sum(showdown.against(seat).points[0] for seat in (1, 2, 3))
        nonzero += expected != 0 and expected != s.session_points
    assert nonzero  # some hand where money and points differ: the test can tell them apart


def test_money_over_several_hands_is_the_sum_of_each_hands_money() -> None:
    rules = HouseRules(point_value=2.0, stakes=(2.0, 0.5, 3.0))
    s = ChineseSession(TableSetup(rules=rules, opponents=2, seat_bots=SEAT_BOTS[:2]), bots=by_rank_bot,
                       seed=11)
    total_money = 0.0
    total_points = 0
    for _ in range(4):
        s.new_deal()
        cards = sorted(s.board.all_cards(), reverse=True)
        s.place(Arrangement(tuple(cards[10:]), tuple(cards[5:10]), tuple(cards[:5])))
        showdown = s.set_hand()
        assert showdown is not None
        total_money += 0.5 * showdown.against(1).points[0] + 2.0 * showdown.against(2).points[0]
        total_points += showdown.total
    assert s.session_money == pytest.approx(total_money)
    assert s.session_points == total_points
    assert s.session_money != pytest.approx(total_points)


def test_criss_cross_money_adds_the_four_pairs_points_at_the_bots_stake() -> None:
    # Two seats: each of the player's two hands settles with each of the bot's two, at the lower
    # of the two stakes (RULES.md: 1 and 0.5, so 0.5 a point), the points from the reference scorer
    rules = HouseRules(stakes=(1.0, 0.5))
    seen = set()
    for seed in range(8):
        s = ChineseSession(TableSetup(rules=rules, criss_cross=True), bots=by_rank_bot, seed=seed)
        s.new_deal()
        for hand in s.player_cards:
            s.place(by_rank(hand))
            shown = s.set_hand()
        assert shown is not None and shown.settlement is None
        points = sum(table_points([mine, bot], rules)[0][0]
                     for mine in shown.player_hands for bot in shown.opponents)
        assert shown.total == s.session_points == points
        assert shown.money == s.session_money == pytest.approx(0.5 * points)
        seen.add(points)
    assert seen - {0}  # some deal where money and points differ: the test tells them apart
