"""The session's rules, exact answers: what it allows in Criss Cross and when it
refuses, each refusal naming its reason; what the bots are asked to do; what a deal settles to."""

from __future__ import annotations

import pytest

from cp_trainer.chinese.board import Refusal, Refused
from cp_trainer.chinese.session import BotJob, BotPlay, ChineseSession, Phase, TableSetup, Zone
from cp_trainer.rules.arrangement import Arrangement, Row
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from tests.session_fixtures import by_rank_bot, by_rank_surrendering_bot

MINE = tuple(parse_cards("As Ad Ah Ac Ks Kd Qh Jc 9s 8d 7h 5c 2s"))
LEGAL = Arrangement.parse("2s 5c 7h / Ks Kd Qh Jc 9s / As Ad Ah Ac 8d")
SURRENDER = HouseRules(surrender=True)


def crossed(rules: HouseRules = SURRENDER) -> ChineseSession:
    s = ChineseSession(TableSetup(rules=rules, criss_cross=True), bots=by_rank_surrendering_bot, seed=3)
    s.new_deal(MINE)
    return s


def test_surrender_is_refused_in_criss_cross_not_ignored() -> None:
    s = crossed()
    assert s.deal_setup.rules.surrender and not s.surrender_allowed()
    s.place(LEGAL)
    assert s.can_set() and not s.can_surrender()
    with pytest.raises(Refused, match=r"^no_surrender: the house rules of this deal do not allow surrender$"
                       ) as info:
        s.set_hand(surrender=True)
    assert info.value.reason is Refusal.NO_SURRENDER
    assert s.phase is Phase.SETTING and s.hand_index == 0 and s.board.is_complete()  # nothing happened
    assert s.set_hand() is None and s.hand_index == 1  # the first hand is set, the second comes
    second = s.board.all_cards()
    s.place(Arrangement(tuple(second[:3]), tuple(second[3:8]), tuple(second[8:])))
    with pytest.raises(Refused, match=r"^no_surrender:"):
        s.set_hand(surrender=True)
    assert s.hand_index == 1 and not s.settled
    shown = s.set_hand()
    assert shown is not None and not shown.surrendered and len(shown.cross) == 4


def test_the_bots_may_not_surrender_in_criss_cross() -> None:
    s = crossed()
    job = s.bot_job()
    assert job.surrender is False and job.seats == (1, 1) and len(job.hands) == 2 and job.opponents == 2
    plain = ChineseSession(TableSetup(rules=SURRENDER, opponents=3), bots=by_rank_bot, seed=3)
    plain.new_deal(MINE)
    job = plain.bot_job()
    assert job.surrender is True and job.seats == (1, 2, 3) and job.bot.name == "standard"
    assert ChineseSession(TableSetup(opponents=2), bots=by_rank_bot).bot_job().surrender is False


def test_a_bot_that_surrenders_where_it_may_not_is_an_error() -> None:
    def cheat(job: BotJob) -> BotPlay:
        return BotPlay(by_rank_bot(job), frozenset({1}))

    s = ChineseSession(TableSetup(opponents=1), bots=cheat, seed=3)  # surrender is off
    s.new_deal(MINE)
    s.place(LEGAL)
    with pytest.raises(ValueError, match=r"^the bots surrendered seats \[1\] at this table$"):
        s.set_hand()
    assert s.phase is Phase.SETTING and not s.settled


def test_surrender_needs_the_house_rule() -> None:
    s = ChineseSession(TableSetup(opponents=1), bots=by_rank_bot, seed=3)
    s.new_deal(MINE)
    s.place(LEGAL)
    assert not s.surrender_allowed()
    with pytest.raises(Refused, match=r"^no_surrender:"):
        s.set_hand(surrender=True)
    s2 = ChineseSession(TableSetup(rules=SURRENDER, opponents=2), bots=by_rank_bot, seed=3)
    s2.new_deal(MINE)
    s2.place(LEGAL)
    assert s2.can_surrender()
    shown = s2.set_hand(surrender=True)
    assert shown is not None and shown.surrendered and shown.total == -6 and shown.money == -6.0
    assert s2.session_points == -6 and s2.settled[0].records[0].surrendered
    assert [o.points for o in s2.settled[0].records[0].opponents] == [-3.0, -3.0]


def test_refusals_name_their_reason() -> None:
    s = ChineseSession(TableSetup(), bots=by_rank_bot, seed=3)
    with pytest.raises(Refused, match=r"^bad_deal: a deal is 13 different cards, not 'As As'$"):
        s.new_deal(parse_cards("As As"))
    s.new_deal(MINE)
    with pytest.raises(Refused, match=r"^incomplete: the rows hold 0 / 0 / 0 cards, not 3 / 5 / 5$"):
        s.set_hand()
    with pytest.raises(Refused, match=r"^wrong_sizes: .*: the rows hold \(2, 5, 6\), not 3 / 5 / 5$"):
        s.place(Arrangement(LEGAL.top[:2], LEGAL.middle, (*LEGAL.bottom, LEGAL.top[2])))
    s.place(LEGAL)
    s.set_hand()
    for action, name in ((s.undo, "undo"), (s.redo, "redo"), (s.return_all, "clear the rows")):
        with pytest.raises(Refused, match=f"^not_arranging: {name}: the hand is set; deal again to play on$"):
            action()
    with pytest.raises(Refused, match=r"^not_arranging: move A♠: the hand is set"):
        s.move(MINE[0], Zone.HAND)
    with pytest.raises(Refused, match=r"^no_past_hand: there is no past hand on the table to try again$"):
        s.try_again()


def test_a_change_of_settings_waits_for_the_next_deal() -> None:
    s = ChineseSession(TableSetup(), bots=by_rank_bot, seed=3)
    assert s.change_setup(TableSetup(opponents=2)) is False  # nothing dealt yet: nothing to tell
    s.new_deal(MINE)
    assert len(s.opponent_cards) == 2 and not s.setup_pending
    assert s.change_setup(TableSetup(opponents=3)) is True and s.setup_pending
    assert len(s.opponent_cards) == 2 and s.deal_setup.opponents == 2
    assert s.change_setup(TableSetup(opponents=2, lang="ru")) is False and s.lang == "ru"
    s.new_deal()
    assert s.deals == 2 and s.deal_setup.lang == "ru"


FOULING = Arrangement.parse("As Ad Ah / Ks Kd Qh Jc 9s / Ac 2s 5c 7h 8d")  # trips top over a pair


def test_the_player_is_asked_to_confirm_a_foul_only() -> None:
    s = ChineseSession(TableSetup(), bots=by_rank_bot, seed=3)
    s.new_deal(MINE)
    assert s.foul_to_confirm() is None  # nothing placed: nothing to confirm
    s.place(FOULING)
    fouled = s.foul_to_confirm()
    assert fouled is not None and fouled.fouled and s.check().fouled
    s.return_all()
    s.place(LEGAL)
    assert s.foul_to_confirm() is None and s.check().legal


def test_the_check_of_rows_partly_filled() -> None:
    s = ChineseSession(TableSetup(lang="ru"), bots=by_rank_bot, seed=3)
    s.new_deal(MINE)
    for card in LEGAL.top:
        s.move(card, Zone.TOP)
    partial = s.check()
    assert not partial.fouled and s.lang == "ru"
    for card in LEGAL.bottom[:3]:
        s.move(card, Zone.BOTTOM)
    assert not s.check().fouled


def test_points_and_rows_against_each_bot() -> None:
    s = ChineseSession(TableSetup(opponents=2), bots=by_rank_bot, seed=3)
    s.new_deal(MINE)
    s.place(LEGAL)
    shown = s.set_hand()
    assert shown is not None and shown.settlement is not None
    for seat in (1, 2):
        pair = shown.against(seat)
        assert pair.players == (0, seat) and shown.points_against(seat) == pair.points[0]
        for row, name in enumerate((Row.TOP, Row.MIDDLE, Row.BOTTOM)):
            assert shown.row_result(seat, row) is pair.row_result(name, 0)
    assert shown.total == shown.points_against(1) + shown.points_against(2)
    crossed = ChineseSession(TableSetup(criss_cross=True), bots=by_rank_bot, seed=3)
    crossed.new_deal(MINE)
    crossed.place(LEGAL)
    crossed.set_hand()
    second = crossed.board.all_cards()
    crossed.place(Arrangement(tuple(second[:3]), tuple(second[3:8]), tuple(second[8:])))
    cross = crossed.set_hand()
    assert cross is not None and cross.settlement is None
    for seat in (1, 2):
        first, second_pair = cross.cross[(0, seat)], cross.cross[(1, seat)]
        assert cross.points_against(seat) == first.points[0] + second_pair.points[0]
        assert cross.row_result(seat, 2, hand=1) is second_pair.row_result(Row.BOTTOM, 0)
    assert cross.total == sum(p.points[0] for p in cross.pairs())
