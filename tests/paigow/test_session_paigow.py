"""The Pai Gow session without Qt: undo/redo while setting, refusals, the log, and random play."""

from __future__ import annotations

import contextlib
import copy

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from cp_trainer.chinese.board import Refusal, Refused
from cp_trainer.history.record import Game
from cp_trainer.paigow.cards import PgCard, parse_pg_cards
from cp_trainer.paigow.ev import settings_ev
from cp_trainer.paigow.house_way import house_way
from cp_trainer.paigow.resolve import Result
from cp_trainer.paigow.session import PaiGowSession, PgPhase, PgSettled, PgVerdict, PgZone
from cp_trainer.paigow.setting import Setting

PLAYER = parse_pg_cards("As Ah Kd Qc 9s 5h 2c")
DEALER = parse_pg_cards("Kc Kh 8d 7c 6s 4h 3d")


def dealt() -> PaiGowSession:
    s = PaiGowSession(seed=1)
    s.new_deal((PLAYER, DEALER))
    return s


def test_undo_and_redo_while_setting_and_never_after() -> None:
    s = dealt()
    s.move(PLAYER[0], PgZone.LOW)
    s.move(PLAYER[1], PgZone.LOW)
    assert s.board.cards(PgZone.LOW) == (PLAYER[0], PLAYER[1])
    s.undo()
    assert s.board.cards(PgZone.LOW) == (PLAYER[0],)
    s.redo()
    s.return_all()
    s.undo()
    assert len(s.board.cards(PgZone.LOW)) == 2
    s.place(Setting(tuple(PLAYER[:5]), tuple(PLAYER[5:])))
    settlement = s.set_hand()
    # Worked by hand: the dealer's house way is KK-6-4-3 / 8-7; AA-K-Q-9 beats the kings, 5-2
    # loses to 8-7: one hand each, a push.
    assert settlement.result is Result.PUSH and settlement.payout == 0.0
    assert not s.can_undo() and not s.can_redo()
    with pytest.raises(Refused, match=r"^not_arranging: ") as refused:
        s.undo()
    assert refused.value.reason is Refusal.NOT_ARRANGING


def test_set_is_refused_until_5_and_2_and_a_foul_is_paid_as_one() -> None:
    s = dealt()
    with pytest.raises(Refused, match=r"^incomplete: ") as refused:
        s.set_hand()
    assert refused.value.reason is Refusal.INCOMPLETE and s.phase is PgPhase.SETTING
    # The low hand holds the aces: a pair over the high hand's K-high, a foul.
    s.place(Setting(tuple(PLAYER[2:]), tuple(PLAYER[:2])))
    check = s.check()
    assert check is not None and check.foul
    settlement = s.set_hand()
    assert settlement.result is Result.FOUL and settlement.payout == -1.0
    (hand,) = s.settled
    assert hand.record.game is Game.PAIGOW and hand.record.fouled and hand.record.points == -1.0


def test_a_dropped_card_returns_to_the_hand_without_a_swap() -> None:
    s = dealt()
    s.move(PLAYER[0], PgZone.HIGH)
    s.drop(PLAYER[0], PgZone.HAND, onto=PLAYER[1])
    assert s.board.zone_of(PLAYER[0]) is PgZone.HAND and s.board.zone_of(PLAYER[1]) is PgZone.HAND


def test_a_bad_deal_is_refused_quoting_it() -> None:
    s = PaiGowSession()
    with pytest.raises(Refused, match="As Ah") as refused:
        s.new_deal((PLAYER[:2], DEALER))
    assert refused.value.reason is Refusal.BAD_DEAL


def test_the_advice_is_about_the_cards_dealt_now() -> None:
    s = dealt()
    assert s.player_house_way() == house_way(PLAYER)
    result = settings_ev(PLAYER, 200, seed=2)
    other = settings_ev(DEALER, 200, seed=2)
    assert s.is_about(result) and not s.is_about(other)
    assert s.yours(result) is None  # the cards are still in the hand
    mine = Setting(tuple(PLAYER[:5]), tuple(PLAYER[5:]))
    s.place(mine)
    index = s.yours(result)
    assert index is not None and result.settings[index].setting == mine
    assert s.yours(other) is None
    s.new_deal((DEALER, PLAYER))  # the same 14 cards, the other way round
    assert not s.is_about(result) and s.is_about(other)


def test_a_settled_hand_takes_the_verdict_of_its_own_cards_only() -> None:
    s = dealt()
    s.place_house_way()
    s.set_hand()
    (hand,) = s.settled
    result = settings_ev(PLAYER, 200, seed=2)
    verdict = hand.verdict(result)
    best = max(result.settings, key=lambda x: x.ev)
    assert verdict == PgVerdict(best.setting.format(), best.ev, result.house.ev)  # set by house way
    assert hand.verdict(settings_ev(DEALER, 200, seed=2)) is None
    # a fouled setting is one of the 21 too: its EV is the stake lost every time
    s.new_deal((PLAYER, DEALER))
    s.place(Setting(tuple(PLAYER[2:]), tuple(PLAYER[:2])))
    s.set_hand()
    fouled = s.settled[-1].verdict(result)
    assert fouled is not None and fouled.player_ev == -1.0 and fouled.best == verdict.best


class PaiGowMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.session = PaiGowSession(seed=3)
        self.session.new_deal()
        self.frozen: list[PgSettled] = []

    def _card(self, i: int) -> PgCard:
        cards = self.session.board.all_cards()
        return cards[i % len(cards)]

    @rule(i=st.integers(0, 6), zone=st.sampled_from(list(PgZone)), j=st.none() | st.integers(0, 6))
    def drop(self, i: int, zone: PgZone, j: int | None) -> None:
        with contextlib.suppress(Refused):
            self.session.drop(self._card(i), zone, None if j is None else self._card(j))

    @rule(undo=st.booleans())
    def undo_redo(self, undo: bool) -> None:
        with contextlib.suppress(Refused):
            self.session.undo() if undo else self.session.redo()

    @rule(house=st.booleans())
    def set_hand(self, house: bool) -> None:
        try:
            if house:
                self.session.place_house_way()
            self.session.set_hand()
        except Refused:
            return
        self.frozen.append(copy.deepcopy(self.session.settled[-1]))

    @rule()
    def new_deal(self) -> None:
        self.session.new_deal()

    @invariant()
    def cards_and_log(self) -> None:
        s = self.session
        b = s.board
        cards = [*b.all_cards(), *s.dealer_cards]
        assert len(cards) == len(set(map(str, cards))) == 14
        for zone in PgZone:
            assert len(b.cards(zone)) <= zone.capacity
        assert s.settled == self.frozen
        assert s.total == pytest.approx(sum(h.record.points for h in s.settled))
        if s.phase is PgPhase.SETTLED:
            assert not s.can_undo() and s.settlement is not None


PaiGowMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=25, deadline=None)
TestPaiGowSession = PaiGowMachine.TestCase
