"""Opponents with a style: the scoop-chaser, the pair-on-top player and the newcomer.

Each is a deterministic policy on ``standard``'s kernel; the solver sets them in batches, and
"best against this table" plays the bots actually seated, a style per seat.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from cp_trainer.chinese.session import BotJob
from cp_trainer.rules.arrangement import check_arrangement
from cp_trainer.rules.bot_names import (
    DEFAULT_FOUL_RATE,
    BotChoice,
    BotName,
    UnknownBotError,
    format_bot,
    parse_bot,
)
from cp_trainer.rules.cards import Card, Deck, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import settle_pair
from cp_trainer.solver import play_bots, styles
from cp_trainer.solver.bots import get_bot
from cp_trainer.solver.enumerate import SolverInputError, enumerate_hand, setting_arrangement, tables_for
from cp_trainer.solver.fastbots import numpy_setting, settings_for
from cp_trainer.solver.montecarlo import SolveRequest, solve
from cp_trainer.solver.scoring import setting_rows
from cp_trainer.solver.tables import hand_array

RULES = HouseRules()
I64 = npt.NDArray[np.int64]


def _hands(n: int, seed: int) -> I64:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(52)[:13] for _ in range(n)], dtype=np.int64)


def _cards(hand: I64) -> list[Card]:
    return [Card.from_index(int(i)) for i in hand]


# --- names ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "choice", "back"), [
    ("standard", BotChoice(BotName.STANDARD), "standard"),
    ("scoop-chaser", BotChoice(BotName.SCOOP_CHASER), "scoop-chaser"),
    ("pair-on-top", BotChoice(BotName.PAIR_ON_TOP), "pair-on-top"),
    ("newcomer", BotChoice(BotName.NEWCOMER, DEFAULT_FOUL_RATE), "newcomer"),
    (" newcomer:0.25 ", BotChoice(BotName.NEWCOMER, 0.25), "newcomer:0.25"),
    ("newcomer:0", BotChoice(BotName.NEWCOMER, 0.0), "newcomer:0.0"),
])
def test_a_bot_parses_and_formats_back(text: str, choice: BotChoice, back: str) -> None:
    assert parse_bot(text) == choice
    assert format_bot(choice) == back
    assert parse_bot(back) == choice


@pytest.mark.parametrize(("text", "message"), [
    ("genius", r"unknown bot: 'genius' \(choose from greedy, standard, expert, scoop-chaser"),
    ("", r"unknown bot: ''"),
    ("newcomer:1.5", r"foul rate is a number from 0 to 1, got 'newcomer:1.5'"),
    ("newcomer:nan", r"foul rate is a number from 0 to 1, got 'newcomer:nan'"),
    ("newcomer:lots", r"foul rate is a number from 0 to 1, got 'newcomer:lots'"),
    ("standard:0.1", r"only the newcomer takes a foul rate \(newcomer:RATE\), got 'standard:0.1'"),
])
def test_an_unknown_bot_is_a_clear_value_error(text: str, message: str) -> None:
    with pytest.raises(UnknownBotError, match=message):
        parse_bot(text)
    assert issubclass(UnknownBotError, ValueError)


def test_only_the_newcomer_has_a_rate() -> None:
    with pytest.raises(UnknownBotError, match="only the newcomer has a foul rate, not 'standard'"):
        BotChoice(BotName.STANDARD, 0.1)
    with pytest.raises(UnknownBotError, match=r"a foul rate is a number from 0 to 1, got -0.1"):
        BotChoice(BotName.NEWCOMER, -0.1)
    with pytest.raises(UnknownBotError, match="unknown bot: 'genius'"):
        get_bot("genius")


# --- the policies ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", [BotName.SCOOP_CHASER, BotName.PAIR_ON_TOP, BotName.NEWCOMER])
def test_a_style_is_deterministic_and_agrees_with_its_numpy_twin(name: BotName) -> None:
    hands = _hands(60, 3)
    first = settings_for(hands, name, RULES, card_removal=False)
    again = settings_for(hands[::-1].copy(), name, RULES, card_removal=False)[::-1]
    assert (first == again).all()  # the same hand, the same answer, whatever else is in the batch
    bot = get_bot(name)
    for hand, setting in zip(hands[:25], first[:25], strict=True):
        cards = _cards(hand)
        assert bot.arrange(cards, RULES, 0) == bot.arrange(list(reversed(cards)), RULES, 0)
        if name is not BotName.NEWCOMER:  # the NumPy path (no Numba yet) picks the same setting
            assert numpy_setting(name, hand_array(tuple(cards)), RULES, card_removal=False) == setting


@pytest.mark.parametrize("name", [BotName.SCOOP_CHASER, BotName.PAIR_ON_TOP])
def test_the_scoop_chaser_and_the_pair_on_top_player_never_foul(name: BotName) -> None:
    hands = _hands(400, 4)
    for rules in (RULES, HouseRules(low_middle=True), HouseRules(royalties=True, naturals=True)):
        rows = setting_rows(hands, settings_for(hands, name, rules, card_removal=False), tables_for(rules),
                            rules.replace(ignore_fouls=False))
        assert not rows.foul.any()


def _best_top_pair(cards: list[Card]) -> int:
    """The highest pair (15: trips) any legal setting can put on top, by brute force; -1 if none."""
    hs = enumerate_hand(cards, RULES)
    strength = hs.tables.class_strength.astype(np.int64)[hs.top[hs.legal]]
    category = strength >> 20
    rank = np.where(category == 1, (strength >> 16) & 0xF, np.where(category == 3, 15, -1))
    return int(rank.max())


def test_the_pair_on_top_player_puts_the_best_legal_pair_on_top() -> None:
    bot = get_bot("pair-on-top")
    deals = [Deck(seed=s).deal(13) for s in range(40)]
    deals.append(parse_cards("As Ad 7c 7d 7h 3s 3c 3d 9c 9h 2c 5s Kd"))  # aces fit on top
    seen_pair = 0
    for cards in deals:
        arr = bot.arrange(cards, RULES)
        assert check_arrangement(arr, RULES).legal
        best = _best_top_pair(list(cards))
        ranks = sorted((c.rank.value for c in arr.top), reverse=True)
        if best < 0:
            continue
        seen_pair += 1
        got = 15 if ranks[0] == ranks[2] else ranks[1] if ranks[0] == ranks[1] or ranks[1] == ranks[2] else -1
        assert got == best, (arr, best)
    assert seen_pair > 30
    assert [c.rank.value for c in bot.arrange(deals[-1], RULES).top].count(14) == 2


def _scoops(setting_a: I64, hands_a: I64, hands_b: I64, setting_b: I64) -> int:
    scoops = 0
    for ha, sa, hb, sb in zip(hands_a, setting_a, hands_b, setting_b, strict=True):
        pair = settle_pair(setting_arrangement(_cards(ha), int(sa), in_engine_order=False),
                           setting_arrangement(_cards(hb), int(sb), in_engine_order=False), RULES)
        scoops += pair.points[0] == RULES.scoop_points
    return scoops


def test_the_scoop_chaser_scoops_more_often_than_standard() -> None:
    rng = np.random.default_rng(11)
    decks = np.array([rng.permutation(52)[:26] for _ in range(600)], dtype=np.int64)
    mine, theirs = np.sort(decks[:, :13], axis=1)[:, ::-1].copy(), decks[:, 13:].copy()
    opp = settings_for(theirs, "standard", RULES, card_removal=False)
    chaser = _scoops(settings_for(mine, "scoop-chaser", RULES, card_removal=False), mine, theirs, opp)
    standard = _scoops(settings_for(mine, "standard", RULES, card_removal=False), mine, theirs, opp)
    assert chaser > standard, (chaser, standard)


def test_the_newcomer_fouls_at_its_rate_and_only_then() -> None:
    hands = _hands(2000, 5)
    for rate in (0.0, 0.15, 0.5):
        choice = BotChoice(BotName.NEWCOMER, rate)
        settings = settings_for(hands, choice, RULES, card_removal=False)
        fouled = setting_rows(hands, settings, tables_for(RULES), RULES).foul
        drawn = styles.foul_draws(hands, 0) < rate
        assert (fouled == drawn).all()  # it fouls exactly the hands its hash picks (all can foul)
        assert abs(fouled.mean() - rate) < 0.03
        plain = settings_for(hands, "standard", RULES, card_removal=False)
        assert (settings[~drawn] == plain[~drawn]).all()  # else it plays standard
    # the seat and the seed change which hands foul, not how many
    seat1 = styles.foul_draws(hands, 1) < 0.5
    seeded = styles.foul_draws(hands, 0, seed=7) < 0.5
    base = styles.foul_draws(hands, 0) < 0.5
    assert (seat1 != base).any() and (seeded != base).any()
    # order of the cards does not matter
    assert (styles.foul_draws(hands[:, ::-1].copy(), 0) == styles.foul_draws(hands, 0)).all()


def test_the_newcomer_fouls_under_the_low_middle_too() -> None:
    rules = HouseRules(low_middle=True)
    hands = _hands(300, 6)
    settings = settings_for(hands, BotChoice(BotName.NEWCOMER, 1.0), rules, card_removal=False)
    assert setting_rows(hands, settings, tables_for(rules), rules).foul.mean() > 0.95


def test_the_table_plays_each_seat_by_its_own_bot() -> None:
    deck = Deck(seed=9)
    hands = tuple(tuple(deck.deal(13)) for _ in range(3))
    seat_bots = (BotChoice(BotName.PAIR_ON_TOP), BotChoice(BotName.NEWCOMER, 1.0), BotChoice(BotName.GREEDY))
    job = BotJob(BotChoice(BotName.STANDARD), RULES, hands, (1, 2, 3), seat_bots=seat_bots)
    result = play_bots(job)
    for seat, (cards, arr) in enumerate(zip(hands, result.hands, strict=True), start=1):
        assert arr == get_bot(seat_bots[seat - 1]).arrange(list(cards), RULES, seat)
    assert not check_arrangement(result.hands[1], RULES).legal  # the newcomer at rate 1 fouls
    assert play_bots(job) == result


# --- the solver against the bots actually seated --------------------------------------------------

HAND = parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c")


def test_the_solver_models_each_opponent_by_its_seated_bot() -> None:
    seated = (BotChoice(BotName.NEWCOMER, 1.0), BotChoice(BotName.PAIR_ON_TOP))
    result = solve(SolveRequest(tuple(HAND), RULES, opponent_bots=seated, opponents=2, samples=300, seed=1))
    tab = tables_for(RULES)
    hands = result.opponent_hands
    for k, model in enumerate(seated):
        expected = settings_for(hands[:, k], model, RULES, seat=1, card_removal=False, foul_seat=k + 1)
        assert (result.opponent_settings[:, k] == expected).all()
    fouls = setting_rows(hands[:, 0], result.opponent_settings[:, 0], tab, RULES).foul
    assert fouls.all()  # the newcomer at rate 1 fouls every hand: the solver sees it
    # a fouling table is worth more to the player than a standard one
    standard = solve(SolveRequest(tuple(HAND), RULES, bot="standard", opponents=2, samples=300, seed=1))
    assert result.best.ev > standard.best.ev + 1.0
    # the same table, the same answer; the deal's own seed differs from a plain table's
    again = solve(SolveRequest(tuple(HAND), RULES, opponent_bots=seated, opponents=2, samples=300))
    assert again.seed != solve(SolveRequest(tuple(HAND), RULES, bot="newcomer", opponents=2, samples=10)).seed


def test_the_solver_refuses_the_expert_and_a_wrong_count_of_bots() -> None:
    with pytest.raises(SolverInputError, match="not 'expert'"):
        solve(SolveRequest(tuple(HAND), RULES, opponent_bots=("standard", "expert"), opponents=2, samples=10))
    with pytest.raises(SolverInputError, match="2 opponents need 2 bots, got 1"):
        solve(SolveRequest(tuple(HAND), RULES, opponent_bots=("standard",), opponents=2, samples=10))
    with pytest.raises(SolverInputError, match="unknown bot: 'genius'"):
        solve(SolveRequest(tuple(HAND), RULES, bot="genius", samples=10))


def test_a_plain_table_solves_as_before() -> None:
    """One bot for every seat given either way: the same samples and the same answer."""
    a = solve(SolveRequest(tuple(HAND), RULES, bot="standard", opponents=2, samples=500))
    b = solve(SolveRequest(tuple(HAND), RULES, opponent_bots=("standard", "standard"), opponents=2,
                           samples=500))
    assert a.seed == b.seed and [c.ev for c in a.candidates] == [c.ev for c in b.candidates]


# --- the Drill's grading against a style ----------------------------------------------------------

def test_the_drill_grades_against_a_style() -> None:
    from cp_trainer.drill.analysis import analyse, grade_live
    from cp_trainer.drill.grading import DrillInputError, HandAnalysis

    solved = analyse(HAND, RULES, bot="newcomer:1", samples=300)
    analysis = solved.analysis
    assert analysis.bot == BotChoice(BotName.NEWCOMER, 1.0)
    data = analysis.to_json()
    assert data["bot"] == "newcomer:1.0"
    assert HandAnalysis.from_json(data) == analysis
    # a live grade meets the same samples: against a table that always fouls, the best is worth
    # at least the scoop to every opponent
    assert analysis.best.ev >= RULES.scoop_points - 1e-9
    graded = grade_live(analysis, get_bot("greedy").arrange(HAND), RULES)
    assert graded.ev >= RULES.scoop_points - 1e-9  # the newcomer's fouls are in the grading's model
    with pytest.raises(DrillInputError, match=r"not a drill hand: .*unknown bot: 'wizard'"):
        HandAnalysis.from_json({**data, "bot": "wizard"})
    with pytest.raises(DrillInputError, match="not 'expert'"):
        HandAnalysis.from_json({**data, "bot": "expert"})
