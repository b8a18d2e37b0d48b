"""The Chinese-poker session without Qt: six table defects as regression tests, and its rules.

Game state held in several Qt objects lets the window and the game disagree; the session owns
that state, so each defect is pinned here, where it would come back first.
"""

from __future__ import annotations

import dataclasses

import pytest

from cp_trainer.chinese.board import Refusal, Refused
from cp_trainer.chinese.session import BotJob, ChineseSession, Phase, TableSetup, Zone
from cp_trainer.history.record import Game
from cp_trainer.history.replay import replay_record
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from tests.session_fixtures import by_rank_bot

DEAL = parse_cards("As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s")
FOUL = Arrangement.parse("As Ah Qh / Kc Kd Td 9s 8h / Qs Jc 7c 4d 2s")
LEGAL = Arrangement.parse("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d")


def session(setup: TableSetup | None = None, seed: int = 7) -> ChineseSession:
    s = ChineseSession(setup, bots=by_rank_bot, seed=seed)
    s.new_deal(DEAL)
    return s


def arrange_legal(s: ChineseSession) -> None:
    """Set the cards on the table into a legal hand (the bot's way, which is legal for these)."""
    cards = s.board.all_cards()
    if sorted(cards) == sorted(DEAL):
        s.place(LEGAL)
        return
    ordered = sorted(cards, reverse=True)
    s.place(Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5])))


# --- defect 1: Ctrl+Z after the showdown ------------------------------------------------------

def test_defect1_undo_and_redo_are_gone_after_the_showdown() -> None:
    s = session()
    s.move(DEAL[0], Zone.BOTTOM)
    s.undo()
    s.redo()
    s.undo()
    arrange_legal(s)
    assert s.can_undo()
    showdown = s.set_hand()
    assert showdown is not None and s.phase is Phase.SHOWDOWN
    assert not s.can_undo() and not s.can_redo()
    rows = s.board.state()
    for action in (s.undo, s.redo, s.return_all):
        with pytest.raises(Refused, match=r"^not_arranging: ") as refused:
            action()
        assert refused.value.reason is Refusal.NOT_ARRANGING
    with pytest.raises(Refused, match=r"^not_arranging: move "):
        s.move(LEGAL.top[0], Zone.HAND)
    assert s.board.state() == rows  # the scored rows are exactly as they were set
    assert s.settled[-1].showdown.player == LEGAL


# --- defect 2: Criss Cross switched off between deals, while the first hand was set ----------

def test_defect2_criss_cross_off_mid_deal_still_settles_and_records_both_hands() -> None:
    s = session(TableSetup(criss_cross=True))
    s.new_deal()  # "Next deal", Criss Cross on
    assert s.hands_to_set == 2
    assert s.change_setup(TableSetup(opponents=2, criss_cross=False))  # applies from the next deal
    arrange_legal(s)
    assert s.set_hand() is None  # "Set hand 1 of 2": the first hand is set
    assert s.hand_index == 1 and len(s.locked) == 1
    assert len(s.board.cards(Zone.HAND)) == 13  # the second hand, and nothing else
    arrange_legal(s)
    showdown = s.set_hand()
    assert showdown is not None and showdown.criss_cross
    assert len(showdown.player_hands) == 2 and len(showdown.opponents) == 2
    (hand,) = s.settled
    assert [r.criss_cross_hand for r in hand.records] == [1, 2]  # both hands reach the history
    assert {r.arrangement for r in hand.records} == {str(a) for a in showdown.player_hands}
    s.new_deal()
    assert not s.deal_setup.criss_cross and len(s.opponent_cards) == 2  # the new table, now


# --- defect 3: settings changed mid-deal -------------------------------------------------------

def test_defect3_a_settings_change_never_touches_the_deal_on_the_table() -> None:
    s = session(TableSetup(opponents=1, bot=BotChoice(BotName.STANDARD)))
    before = (s.deal_setup, s.opponent_cards, s.player_cards, s.bot_job())
    pending = s.change_setup(TableSetup(rules=HouseRules(royalties=True), opponents=3,
                                        bot=BotChoice(BotName.EXPERT), criss_cross=False))
    assert pending and s.setup_pending
    assert (s.deal_setup, s.opponent_cards, s.player_cards, s.bot_job()) == before
    assert s.hands_to_set == 1
    arrange_legal(s)
    s.set_hand()
    (hand,) = s.settled
    assert hand.setup.bot.name == "standard" and not hand.setup.rules.royalties
    assert [o.name for o in hand.records[0].opponents] == ["standard"]
    s.new_deal()
    assert s.deal_setup.bot.name == "expert" and len(s.opponent_cards) == 3 and not s.setup_pending


def test_a_language_change_is_no_pending_table_change() -> None:
    s = session()
    assert not s.change_setup(dataclasses.replace(s.setup, lang="ru"))
    assert s.lang == "ru" and not s.setup_pending


# --- defect 4: the keys after "Set hand 1 of 2" -----------------------------------------------

def test_defect4_after_the_first_criss_cross_hand_the_second_is_arranged_at_once() -> None:
    s = session(TableSetup(criss_cross=True))
    arrange_legal(s)
    assert s.set_hand() is None
    assert s.phase is Phase.SETTING and s.can_arrange()
    card = s.board.cards(Zone.HAND)[0]
    s.move(card, Zone.TOP)  # what key "1" does
    assert s.board.zone_of(card) is Zone.TOP
    assert s.can_undo()


# --- defect 5: a row card dropped onto a hand card ------------------------------------------

def test_defect5_a_row_card_dropped_onto_a_hand_card_returns_without_a_swap() -> None:
    s = session()
    row_card, hand_card = DEAL[0], DEAL[1]
    s.move(row_card, Zone.BOTTOM)
    s.drop(row_card, Zone.HAND, onto=hand_card)
    assert s.board.zone_of(row_card) is Zone.HAND
    assert s.board.zone_of(hand_card) is Zone.HAND
    assert not s.board.cards(Zone.BOTTOM)


def test_a_card_dropped_onto_a_row_card_swaps_with_it() -> None:
    s = session()
    a, b = DEAL[0], DEAL[1]
    s.move(a, Zone.BOTTOM)
    s.drop(b, Zone.BOTTOM, onto=a)
    assert s.board.zone_of(b) is Zone.BOTTOM and s.board.zone_of(a) is Zone.HAND


# --- defect 6: Set hand with empty rows -------------------------------------------------------

@pytest.mark.parametrize("placed", [0, 1, 12])
def test_defect6_set_hand_is_refused_until_the_rows_hold_3_5_5(placed: int) -> None:
    s = session()
    for card in DEAL[:placed]:
        s.move(card, next(z for z in (Zone.BOTTOM, Zone.MIDDLE, Zone.TOP) if s.board.has_room(z)))
    assert not s.can_set()
    with pytest.raises(Refused, match=r"^incomplete: the rows hold ") as refused:
        s.set_hand()
    assert refused.value.reason is Refusal.INCOMPLETE
    assert s.phase is Phase.SETTING and not s.settled


# --- the rest of the session's rules -------------------------------------------------------------

def test_refusals_quote_the_input_and_change_nothing() -> None:
    s = session()
    stranger = Card.parse("3h")
    with pytest.raises(Refused, match="3♥") as refused:
        s.move(stranger, Zone.TOP)
    assert refused.value.reason is Refusal.UNKNOWN_CARD
    for card in DEAL[:3]:
        s.move(card, Zone.TOP)
    state = s.board.state()
    with pytest.raises(Refused, match=r"^zone_full: ") as full:
        s.move(DEAL[3], Zone.TOP)
    assert full.value.reason is Refusal.ZONE_FULL and s.board.state() == state
    with pytest.raises(Refused, match=r"^wrong_cards: ") as wrong:
        s.place(Arrangement.parse("2h 3h 4h / 5h 6h 7h 8h 9h / Th Jh Qh Kh Ah"))
    assert wrong.value.reason is Refusal.WRONG_CARDS and s.board.state() == state
    with pytest.raises(Refused, match=r"^bad_deal: a deal is 13 different cards") as bad:
        s.new_deal(DEAL[:12])
    assert bad.value.reason is Refusal.BAD_DEAL and isinstance(bad.value, ValueError)
    with pytest.raises(Refused, match=r"^no_past_hand: ") as no_past:
        s.try_again()
    assert no_past.value.reason is Refusal.NO_PAST_HAND


def test_surrender_only_under_its_house_rule() -> None:
    s = session()
    arrange_legal(s)
    with pytest.raises(Refused, match=r"^no_surrender: ") as refused:
        s.set_hand(surrender=True)
    assert refused.value.reason is Refusal.NO_SURRENDER and s.phase is Phase.SETTING
    s = session(TableSetup(rules=HouseRules(surrender=True)))
    arrange_legal(s)
    showdown = s.set_hand(surrender=True)
    assert showdown is not None and showdown.surrendered and showdown.player is None
    cost = HouseRules(surrender=True).effective_surrender_cost
    assert showdown.total == -cost  # worked by hand: one bot, the surrender costs 3 in 2-4
    assert s.settled[0].records[0].surrendered and s.settled[0].records[0].fouls == ()


def test_showdown_points_by_hand_and_the_record() -> None:
    s = session()
    s.place(FOUL)
    assert s.foul_to_confirm() is not None
    showdown = s.set_hand()
    assert showdown is not None
    # A foul loses as if scooped: -4 in 2-4 against the one bot (worked by hand, seed rules).
    assert showdown.total == -4 and s.session_points == -4 and s.hands_played == 1
    (record,) = s.settled[0].records
    assert record.game is Game.CHINESE and record.arrangement == str(FOUL)
    assert record.points == -4 and record.fouled


def test_replay_is_read_only_and_unscored_and_try_again_plays_it_again() -> None:
    s = session()
    s.place(FOUL)
    s.set_hand()
    record = dataclasses.replace(s.settled[0].records[0], id=1)
    s.new_deal()
    replayed = replay_record(record)
    shown = s.show_past(replayed)
    assert shown.total == -4 and s.phase is Phase.SHOWDOWN and s.hands_played == 1
    assert not s.can_undo() and not s.can_set()
    s.try_again()
    assert s.retry_of is replayed and s.can_arrange()
    assert sorted(s.board.all_cards()) == sorted(DEAL)
    s.place(LEGAL)
    again = s.set_hand()
    assert again is not None and again.opponents == replayed.opponents  # the same bot hands
    assert s.hands_played == 2 and s.settled[-1].retry_of is replayed
    s.new_deal()
    assert s.retry_of is None and s.past is None


def test_a_bot_that_fails_leaves_the_hand_unset() -> None:
    def broken(job: BotJob) -> tuple[Arrangement, ...]:
        raise RuntimeError("no tables")

    s = ChineseSession(bots=broken, seed=1)
    s.new_deal(DEAL)
    s.place(LEGAL)
    with pytest.raises(RuntimeError, match=r"^no tables$"):
        s.set_hand()
    assert s.phase is Phase.SETTING and s.can_set() and not s.settled


def test_seeded_sessions_deal_the_same() -> None:
    a, b = ChineseSession(bots=by_rank_bot, seed=3), ChineseSession(bots=by_rank_bot, seed=3)
    for _ in range(3):
        a.new_deal()
        b.new_deal()
        assert a.player_cards == b.player_cards and a.opponent_cards == b.opponent_cards
