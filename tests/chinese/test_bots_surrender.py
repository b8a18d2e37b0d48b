"""The bots surrender at the table when it pays more, without Qt.

The session asks the solver's bots (:func:`cp_trainer.solver.play_bots`) for their hands; under
house rules that allow surrender each bot also says whether it gives its hand up, and the session
settles those seats as surrendered. Seeds below deal bot 1 a hopeless hand: standard's own
estimate of its best arrangement, ``Tc 8c 6h / Ac 7s 4s 3s 2c / Qd Jd 6d 5d 4d``, is -3.01 points
against each opponent (the solver's: -2.99 ± 0.04); with a surrender cost of 2 it pays more to
surrender.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from cp_trainer.chinese.session import BotJob, BotPlay, ChineseSession, TableSetup
from cp_trainer.history.record import HandRecord
from cp_trainer.history.replay import replay_record
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.bot_names import BotChoice, BotName
from cp_trainer.rules.cards import Card, Deck, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import PairKind
from cp_trainer.solver import play_bots
from cp_trainer.solver.bots import SURRENDER_MARGIN, ExpertBot
from cp_trainer.solver.fastbots import standard_estimate
from cp_trainer.solver.montecarlo import SolveRequest, solve

MINE = parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s")
LEGAL = Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")
HOPELESS = parse_cards("8c Qd 5d Ac 3s Jd 4d 4s 7s 6d 2c 6h Tc")  # bot 1's cards with SEED
SEED = 1121
SURRENDER_2 = HouseRules(surrender=True, surrender_cost=2)


def played(setup: TableSetup, seed: int = SEED) -> ChineseSession:
    s = ChineseSession(setup, bots=play_bots, seed=seed)
    s.new_deal(MINE)
    s.place(LEGAL)
    return s


def test_the_seed_deals_bot_1_the_hopeless_hand() -> None:
    s = ChineseSession(TableSetup(rules=SURRENDER_2, opponents=2), bots=play_bots, seed=SEED)
    s.new_deal(MINE)
    assert sorted(s.opponent_cards[0]) == sorted(HOPELESS)
    assert standard_estimate(HOPELESS, SURRENDER_2, 1) < -3.0


def test_a_bot_with_a_hopeless_hand_surrenders_and_pays_every_hand_still_in() -> None:
    s = played(TableSetup(rules=SURRENDER_2, opponents=2, bot=BotChoice(BotName.STANDARD)))
    assert s.bot_job().surrender and s.bot_job().opponents == 2
    showdown = s.set_hand()
    assert showdown is not None and showdown.settlement is not None
    assert showdown.bots_surrendered == {1} and not showdown.surrendered
    # Worked by hand (RULES.md, Surrender): bot 1 pays the cost, 2, to each hand still in: the
    # player and bot 2. Bot 1 ends at -4; the player collects 2 from it whatever its own rows.
    assert showdown.against(1).kind is PairKind.SURRENDER
    assert showdown.points_against(1) == 2
    assert showdown.settlement.points[1] == -4
    vs_bot_2 = showdown.points_against(2)
    assert showdown.total == 2 + vs_bot_2
    assert showdown.settlement.points[2] == 2 - vs_bot_2
    (record,) = s.settled[0].records
    assert [o.surrendered for o in record.opponents] == [True, False]
    assert [o.points for o in record.opponents] == [2.0, float(vs_bot_2)]
    # the history keeps it: export and import, replay and try again settle bot 1 as surrendered
    assert HandRecord.from_dict(record.to_dict()) == record
    assert record.to_dict()["opponents"][0]["surrendered"] is True
    assert "surrendered" not in record.to_dict()["opponents"][1]
    replayed = replay_record(dataclasses.replace(record, id=1))
    assert replayed.opponents_surrendered == {1} and replayed.differences == ()
    shown = s.show_past(replayed)
    assert shown.bots_surrendered == {1} and shown.total == showdown.total
    s.try_again()
    s.place(LEGAL)
    again = s.set_hand()
    assert again is not None and again.bots_surrendered == {1} and again.total == showdown.total


def test_one_bot_alone_surrenders_and_the_player_collects_the_cost() -> None:
    s = played(TableSetup(rules=SURRENDER_2, opponents=1, bot=BotChoice(BotName.STANDARD)))
    showdown = s.set_hand()
    assert showdown is not None and showdown.bots_surrendered == {1}
    assert showdown.total == 2  # one bot surrendered: it pays the player 2 (hand-worked)
    # and when the player surrenders too, both gave up: they settle 0 (RULES.md)
    s = played(TableSetup(rules=SURRENDER_2, opponents=1, bot=BotChoice(BotName.STANDARD)))
    both = s.set_hand(surrender=True)
    assert both is not None and both.surrendered and both.bots_surrendered == {1} and both.total == 0


@pytest.mark.parametrize("setup", [
    TableSetup(rules=HouseRules(surrender=False), opponents=2),
    TableSetup(rules=dataclasses.replace(SURRENDER_2, surrender=False), opponents=2),
    TableSetup(rules=SURRENDER_2, criss_cross=True),
])
def test_bots_never_surrender_when_the_rules_forbid_it(setup: TableSetup) -> None:
    s = ChineseSession(setup, bots=play_bots, seed=SEED)
    s.new_deal(MINE)
    assert not s.bot_job().surrender
    s.place(LEGAL)
    if setup.criss_cross:
        s.set_hand()
        s.place(_by_rank(s.board.all_cards()))
    showdown = s.set_hand()
    assert showdown is not None and showdown.bots_surrendered == frozenset()
    assert not any(o.surrendered for r in s.settled[0].records for o in r.opponents)
    # the bot itself says no to a surrender the rules do not allow
    assert not ExpertBot().surrenders(HOPELESS, HouseRules(surrender=False), 1)


def _by_rank(cards: Sequence[Card]) -> Arrangement:
    ordered = sorted(cards, reverse=True)
    return Arrangement(tuple(ordered[10:]), tuple(ordered[5:10]), tuple(ordered[:5]))


def test_a_bot_function_that_surrenders_against_the_rules_is_refused() -> None:
    def cheat(job: BotJob) -> BotPlay:
        return BotPlay(play_bots(job).hands, frozenset({1}))

    s = ChineseSession(TableSetup(rules=HouseRules(surrender=False)), bots=cheat, seed=SEED)
    s.new_deal(MINE)
    s.place(LEGAL)
    with pytest.raises(ValueError, match="surrendered"):
        s.set_hand()


def test_expert_surrenders_the_hopeless_hand_the_same_way_every_time() -> None:
    job = BotJob(BotChoice(BotName.EXPERT), SURRENDER_2, (tuple(HOPELESS),), (1,), surrender=True)
    assert play_bots(job).surrendered == {1}
    assert play_bots(job).surrendered == {1}  # its solve uses the deal's own samples
    # at the default cost, 3, the solver's -2.99 ± 0.04 is no clear loss beyond it: it plays
    default = dataclasses.replace(job, rules=HouseRules(surrender=True))
    assert play_bots(default).surrendered == frozenset()


def test_expert_s_filter_changes_no_decision_on_a_sample() -> None:
    """``expert`` skips its solve when standard's estimate is not within SURRENDER_MARGIN of the
    cost. On the hands the filter skips that come closest to it, the solve would not surrender
    either; just below the threshold it is asked, and some of those do surrender."""
    rules = SURRENDER_2
    threshold = -rules.effective_surrender_cost + SURRENDER_MARGIN
    hands = [tuple(Deck(seed=70_000 + i).deal(13)) for i in range(400)]
    scored = sorted((standard_estimate(h, rules, 1), i) for i, h in enumerate(hands))
    skipped = [hands[i] for e, i in scored if e >= threshold][:8]
    asked = [hands[i] for e, i in scored if e < threshold]
    expert = ExpertBot()

    def unfiltered(cards: tuple[Card, ...]) -> bool:
        best = solve(SolveRequest(tuple(cards), rules, bot="standard", samples=expert.samples, seat=1)).best
        return bool(best.ev + 2 * best.stderr < -rules.effective_surrender_cost)

    assert len(skipped) == 8 and len(asked) >= 8
    for cards in skipped:
        assert not expert.worth_asking(list(cards), rules, 1)
        assert not unfiltered(cards) and not expert.surrenders(list(cards), rules, 1)
    assert any(expert.surrenders(list(cards), rules, 1) for cards in asked[:8])
