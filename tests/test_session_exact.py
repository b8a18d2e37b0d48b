"""The session's bookkeeping, exact (issue 20, mutation testing): what a table setup means, what a
deal holds, what each settled hand and its records say, worked out by hand or by the independent
reference scorer (tests/reference_scoring.py), never read back from the session itself."""

from __future__ import annotations

import pytest
from session_fixtures import by_rank_bot

from cp_trainer.house_rules import HouseRules
from cp_trainer.session import ChineseSession, Phase, TableSetup, Zone


def test_the_zones_hold_13_3_5_and_5_cards() -> None:
    assert [(z.capacity, z.is_row) for z in Zone] == [(13, False), (3, True), (5, True), (5, True)]


def test_a_table_setup_and_its_bot_hands() -> None:
    assert TableSetup().bot_hands == 1 and TableSetup(opponents=3).bot_hands == 3
    assert TableSetup(criss_cross=True).bot_hands == 2  # the one bot holds two hands
    base = TableSetup()
    assert base.same_table(TableSetup(lang="ru"))  # the language is no rule of the game
    for other in (TableSetup(rules=HouseRules(surrender=True)), TableSetup(opponents=2),
                  TableSetup(bot="greedy"), TableSetup(criss_cross=True)):
        assert not base.same_table(other) and not other.same_table(base), other


def test_a_new_session_has_nothing_to_arrange() -> None:
    s = ChineseSession(bots=by_rank_bot)
    assert s.phase is Phase.SHOWDOWN and not s.can_arrange() and s.board.locked
    assert (s.deals, s.hands_played, s.hands_to_set, s.session_points, s.session_money) == (0, 0, 1, 0, 0.0)
    assert s.setup == TableSetup() and s.deal_setup == TableSetup() and s.lang == "en"
    with pytest.raises(ValueError, match=r"^not_arranging: undo: the hand is set; deal again to play on$"):
        s.undo()
