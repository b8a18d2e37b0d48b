"""``standard``'s card-removal step (cp_trainer.solver.removal): compiled and NumPy agree under
every rule set, it only ever swaps among the settings its rating puts near the best, it plays the
candidate an independent computation of the weighted gain prefers (points as the house scores
them), each rule set gets the pool set under its own play, and the shipped pools are what their
script builds."""

from __future__ import annotations

from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from cp_trainer.rules.cards import Card, parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.solver import removal, single
from cp_trainer.solver.enumerate import tables_for
from cp_trainer.solver.fastbots import BotSpec, bot_spec, numpy_setting, removal_pool, settings_for
from cp_trainer.solver.kernel_args import Tally
from cp_trainer.solver.scoring import (
    RowData,
    ScoringParams,
    royalty_by_class,
    score_each,
    setting_rows,
    tie_mode,
)
from cp_trainer.solver.tables import hand_array
from tests.script_modules import load_script

ROOT = Path(__file__).resolve().parents[2]
RULES = HouseRules()
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


def _hands(n: int, seed: int) -> I64:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :13].astype(np.int64)


def _sorted(hand: I64) -> I64:
    return hand_array(tuple(Card.from_index(int(i)) for i in hand))


@pytest.fixture(scope="module")
def played() -> tuple[I64, I64, I64]:
    """600 hands, standard's settings with and without the step (compiled)."""
    hands = _hands(600, 21)
    return hands, settings_for(hands, "standard", RULES), settings_for(hands, "standard", RULES,
                                                                       card_removal=False)


def test_the_step_changes_some_choices_and_numpy_agrees_with_the_kernel(played: tuple[I64, I64, I64]) -> None:
    hands, with_step, rating = played
    changed = np.flatnonzero(with_step != rating)
    assert 0.1 < len(changed) / len(hands) < 0.4  # about a fifth of the hands
    for i in list(changed[:40]) + list(range(40)):
        assert numpy_setting("standard", _sorted(hands[i]), RULES) == with_step[i], i
        assert numpy_setting("standard", _sorted(hands[i]), RULES, card_removal=False) == rating[i], i


def test_a_changed_choice_is_legal_and_rated_within_the_window_of_the_best(
        played: tuple[I64, I64, I64]) -> None:
    hands, with_step, rating = played
    spec = bot_spec("standard", RULES)
    tab = tables_for(RULES)
    for i in np.flatnonzero(with_step != rating)[:60]:
        sc = single.subset_classes(_sorted(hands[i]), tab, False)
        new, old = int(with_step[i]), int(rating[i])
        assert sc.legal[new]
        v_new, v_old = single.values(sc, np.array([new, old]), spec.probs, spec.bonus2, spec.bonus3)
        assert v_old - removal.window(RULES)[0] <= v_new <= v_old
        # a different triple of row classes: the same classes would play the same
        assert (sc.top[new], sc.middle[new], sc.bottom[new]) != (sc.top[old], sc.middle[old], sc.bottom[old])


def _points(rows: tuple[int, int, int], pool_cls: npt.NDArray[np.int16]) -> I64:
    won = (np.array(rows) > pool_cls).sum(axis=1)
    lost = (np.array(rows) < pool_cls).sum(axis=1)
    points: I64 = (won - lost + (won >= 2) - (lost >= 2)).astype(np.int64)
    return points


def test_the_choice_is_the_best_weighted_gain_computed_independently(played: tuple[I64, I64, I64]) -> None:
    """Weights straight from the hypergeometric formula on the pool's rank counts (float, no
    fixed point), candidates by brute force over every legal setting."""
    hands, with_step, rating = played
    pool = removal.load_pool()
    with np.load(ROOT / "cp_trainer" / "resources" / "solver" / removal.POOL_FILE) as z:
        ranks = z["hands"].astype(np.int64) >> 2
    pool_counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    spec = bot_spec("standard", RULES)
    tab = tables_for(RULES)
    checked = 0
    for i in list(np.flatnonzero(with_step != rating)[:15]) + list(np.flatnonzero(with_step == rating)[:10]):
        hand = _sorted(hands[i])
        w = _weights(hand, pool_counts)
        sc = single.subset_classes(hand, tab, False)
        own_rows, others = _candidates(sc, spec, int(rating[i]))
        base = _points(own_rows, pool.cls)
        gains = {rows: float((w * (_points(rows, pool.cls) - base)).sum()) for rows in others}
        _assert_best_gain(_rows_of(sc, int(with_step[i])), own_rows, gains, w, i)
        checked += 1
    assert checked == 25


def test_rank_ratio_is_a_likelihood_ratio() -> None:
    """For each count the player holds, the ratios reweight the 13-of-52 distribution of an
    opponent's count of that rank into a distribution (it sums to one); four held: none left."""
    r = removal.rank_ratio()
    prior = np.array([comb(4, a) * comb(48, 13 - a) / comb(52, 13) for a in range(5)])
    assert np.allclose((r * prior).sum(axis=1), 1.0)
    assert (r[4, 1:] == 0).all() and r[4, 0] > 1
    assert r[0, 2] > r[1, 2] > r[2, 2] > r[3, 2] == 0  # holding more of a rank leaves the opponent fewer


def test_weights_drop_a_rank_the_player_holds_all_of() -> None:
    pool = removal.load_pool()
    counts = np.zeros(13, dtype=np.int64)
    counts[12] = 4  # four aces
    counts[:9] = 1
    w = removal.weights(pool, counts)
    aces = pool.holds(12)
    with np.load(ROOT / "cp_trainer" / "resources" / "solver" / removal.POOL_FILE) as z:
        ranks = z["hands"].astype(np.int64) >> 2
    quads = np.stack([(ranks == r).sum(axis=1) == 4 for r in range(9)], axis=1).any(axis=1)
    assert np.array_equal(aces, (ranks == 12).any(axis=1))
    # zero exactly when the hand holds an ace, or four of a rank the player holds one of
    assert np.array_equal(w == 0, aces | quads)


# every shipped rule set, the bank seen from both seats, and two combinations built in memory
OTHER_RULES = [(name, rules, 0) for name, rules in removal.POOL_RULES.items() if name != "default"] + [
    ("bank-seat-1", HouseRules(ties=TieRule.BANK), 1),
    ("wheel+bank+scoop5", HouseRules(wheel_second=True, ties=TieRule.BANK, scoop_bonus=5), 0),
    ("1-6+better+low+naturals", HouseRules(system=ScoringSystem.ONE_SIX, royalties=True, low_middle=True,
                                           royalties_better_hand_only=True, naturals=True), 0)]


@pytest.mark.parametrize(("rules", "seat"), [(r, s) for _, r, s in OTHER_RULES],
                         ids=[n for n, _, _ in OTHER_RULES])
def test_every_rule_set_takes_the_step_and_numpy_agrees_with_the_kernel(rules: HouseRules, seat: int) -> None:
    assert removal.applies(rules)
    hands = _hands(240, 4)
    with_step = settings_for(hands, "standard", rules, seat)
    rating = settings_for(hands, "standard", rules, seat, card_removal=False)
    changed = np.flatnonzero(with_step != rating)
    assert 0.03 < len(changed) / len(hands) < 0.45
    for i in list(changed[:25]) + list(range(25)):
        assert numpy_setting("standard", _sorted(hands[i]), rules, seat) == with_step[i], i
    spec = bot_spec("standard", rules, seat)
    tab = tables_for(rules)
    delta = removal.window(rules)[0]
    for i in changed[:25]:  # legal, rated within the window of the best
        sc = single.subset_classes(_sorted(hands[i]), tab, rules.low_middle)
        new, old = int(with_step[i]), int(rating[i])
        assert sc.legal[new]
        v_new, v_old = single.values(sc, np.array([new, old]), spec.probs, spec.bonus2, spec.bonus3)
        assert v_old - delta <= v_new <= v_old


def _house_points(rules: HouseRules, seat: int, rows: npt.NDArray[np.int64], pool: removal.Pool) -> I64:
    """Points of each candidate's rows (C, 3) against every pool hand as the house's scorer
    (cp_trainer.solver.scoring, itself checked against cp_trainer.rules.settlement) scores them, the
    opponent at the solver's seat: (C, N)."""
    tab = tables_for(rules)
    roy = np.zeros((3, tab.n_classes), np.int32)
    if rules.royalties:
        roy = royalty_by_class(tab, rules.royalty_table).copy()
    if rules.low_middle:
        roy[1] = 0  # a low middle earns no royalty
    n = len(pool.cls)

    def rowdata(cls: npt.NDArray[np.int64]) -> RowData:
        r = np.stack([roy[k, cls[:, k]] for k in range(3)], axis=1).astype(np.int32)
        return RowData(cls.astype(np.int16), r, np.zeros(len(cls), np.bool_), np.zeros(len(cls), np.int8))

    cand = rowdata(rows)
    opp = rowdata(pool.cls.astype(np.int64))
    params = ScoringParams.of(rules)
    ties = np.array([tie_mode(rules, seat, removal.opponent_seat(seat))], dtype=np.int8)
    c = len(rows)
    totals = np.zeros((c, n))
    z = np.zeros(c)
    tally = Tally(z.copy(), z.copy(), np.zeros((c, 3), np.int64), np.zeros((c, 3), np.int64),
                  np.zeros(c, np.int64), np.zeros(c, np.int64), z.copy())
    against = RowData(opp.cls.reshape(n, 1, 3), opp.roy.reshape(n, 1, 3), opp.foul.reshape(n, 1),
                      opp.nat.reshape(n, 1))
    score_each(cand, against, ties, params, tally, np.zeros(n), totals)
    out: I64 = totals.astype(np.int64)
    return out


GAIN_RULES = [("1-6", HouseRules(system=ScoringSystem.ONE_SIX), 0),
              ("bank-seat-1", HouseRules(ties=TieRule.BANK), 1),
              ("royalties", HouseRules(royalties=True), 0),
              ("royalties-better", HouseRules(royalties=True, royalties_better_hand_only=True), 0),
              ("low-middle", HouseRules(low_middle=True), 0),
              ("wheel+scoop5", HouseRules(wheel_second=True, scoop_bonus=5), 0)]


@pytest.mark.parametrize(("rules", "seat"), [(r, s) for _, r, s in GAIN_RULES],
                         ids=[n for n, _, _ in GAIN_RULES])
def test_under_other_rules_the_choice_is_the_best_weighted_gain_as_the_house_scores(rules: HouseRules,
                                                                                    seat: int) -> None:
    """Candidates by brute force over every legal setting; each scored against every pool hand by
    the house's scorer; weights in float from the hypergeometric formula."""
    hands = _hands(300, 9)
    with_step = settings_for(hands, "standard", rules, seat)
    rating = settings_for(hands, "standard", rules, seat, card_removal=False)
    pool = removal_pool(rules, seat)
    pool_counts = pool.rank_counts()
    spec = bot_spec("standard", rules, seat)
    tab = tables_for(rules)
    checked = 0
    for i in list(np.flatnonzero(with_step != rating)[:8]) + list(np.flatnonzero(with_step == rating)[:4]):
        hand = _sorted(hands[i])
        w = _weights(hand, pool_counts)
        sc = single.subset_classes(hand, tab, rules.low_middle)
        own_rows, others = _candidates(sc, spec, int(rating[i]), rules)
        pts = _house_points(rules, seat, np.array([own_rows, *others], dtype=np.int64), pool)
        gains = {rows: float((w * (pts[q + 1] - pts[0])).sum()) for q, rows in enumerate(others)}
        _assert_best_gain(_rows_of(sc, int(with_step[i])), own_rows, gains, w, i)
        checked += 1
    assert checked == 12


def _p_given(h: int, a: int) -> float:  # an opponent holds a of a rank we hold h of
    return comb(4 - h, a) * comb(35 + h, 13 - a) / comb(39, 13) if a + h <= 4 else 0.0


def _prior(a: int) -> float:  # ... of a random 13 of 52, as the pool was dealt
    return comb(4, a) * comb(48, 13 - a) / comb(52, 13)


def _weights(hand: I64, pool_counts: I64) -> F64:
    """Each pool hand's importance weight for ``hand``: P(its rank counts | our cards) / P(counts),
    per rank, relative to holding none of it (float, straight from the hypergeometric formula)."""
    mine = np.bincount(hand >> 2, minlength=13)
    factor = np.array([[_p_given(int(mine[r]), a) / _prior(a) / (_p_given(int(mine[r]), 0) / _prior(0))
                        for a in range(5)] for r in range(13)])
    w: F64 = np.prod(factor[np.arange(13), pool_counts], axis=1)
    return w


Rows = tuple[int, int, int]


def _rows_of(sc: single.SubsetClasses, setting: int) -> Rows:
    return int(sc.top[setting]), int(sc.middle[setting]), int(sc.bottom[setting])


def _candidates(sc: single.SubsetClasses, spec: BotSpec, own: int,
                rules: HouseRules | None = None) -> tuple[Rows, list[Rows]]:
    """By brute force over every legal setting: the rating's own choice's rows, and the other row
    triples rated within the rules' window of the best, best first, at most K - 1 of them."""
    delta, k = removal.window(rules or HouseRules())
    legal = np.flatnonzero(sc.legal)
    v = single.values(sc, legal, spec.probs, spec.bonus2, spec.bonus3)
    own_rows = _rows_of(sc, own)
    near = sorted({(-float(v[q]), _rows_of(sc, int(s))) for q, s in enumerate(legal)
                   if v[q] >= v.max() - delta})
    return own_rows, [rows for _, rows in near if rows != own_rows][: k - 1]


def _assert_best_gain(chosen: Rows, own_rows: Rows, gains: dict[Rows, float], w: F64, i: int) -> None:
    """The step kept the rating's choice only when no candidate gains, else took the best gain."""
    if chosen == own_rows:
        assert all(g <= 1e-9 * w.sum() for g in gains.values()), i
    else:
        assert gains[chosen] > 0
        assert gains[chosen] >= max(gains.values()) - 1e-6 * w.sum(), i


def test_the_step_scores_as_the_house_does() -> None:
    """StepRules from RULES.md: 2-4 3-0 = 4, 2-1 = 2; 1-6 scoop 6, 2-1 = 1; scoop bonus 5 in 2-4:
    3-0 = 9; ties to the bank; royalties by row (top trips 3, middle full house 2, bottom quads 4)."""
    two_four = removal.StepRules.of(HouseRules())
    pts = two_four.points
    assert (pts[3, 0], pts[2, 1], pts[1, 1], pts[2, 0], pts[1, 0], pts[0, 3]) == (4, 2, 0, 3, 1, -4)
    one_six = removal.StepRules.of(HouseRules(system=ScoringSystem.ONE_SIX))
    assert (one_six.points[3, 0], one_six.points[2, 1], one_six.points[0, 3]) == (6, 1, -6)
    assert removal.StepRules.of(HouseRules(scoop_bonus=5)).points[3, 0] == 9
    bank = HouseRules(ties=TieRule.BANK, bank=1)
    assert (removal.StepRules.of(bank, 1).tie, removal.StepRules.of(bank, 0).tie, two_four.tie) == (1, -1, 0)
    assert not two_four.roy.any()
    roy = removal.StepRules.of(HouseRules(royalties=True))
    tab = tables_for(HouseRules())
    trips = tab.class_of(int(single_strength("Kc Kd Kh")))
    full_house = tab.class_of(int(single_strength("Kc Kd Kh 2c 2d")))
    quads = tab.class_of(int(single_strength("Kc Kd Kh Ks 2d")))
    table = roy.roy
    assert (table[0, trips], table[1, full_house], table[2, full_house], table[2, quads]) == (3, 2, 0, 4)
    low = removal.StepRules.of(HouseRules(royalties=True, low_middle=True))
    assert not low.roy[1].any() and low.roy[0, trips] == 3


def single_strength(text: str) -> int:
    from cp_trainer.rules.strength import evaluate3, evaluate5

    cards = parse_cards(text)
    return int(evaluate3(cards) if len(cards) == 3 else evaluate5(cards))


def test_a_natural_takes_no_step() -> None:
    """Six pairs are a natural however set, and a declared natural (three flushes) is kept: the
    step does not move them."""
    rules = HouseRules(naturals=True)
    six_pairs = [c.index for c in parse_cards("2c 2d 5c 5d 7h 7s 9c 9d Jh Js Kc Kd Ah")]
    flushes = [c.index for c in parse_cards("2h 5h 9h 3c 6c 8c Tc Qc 4s 7s Js Ks 9s")]
    hands = np.array([six_pairs, flushes], dtype=np.int64)
    assert (settings_for(hands, "standard", rules) == settings_for(hands, "standard", rules,
                                                                   card_removal=False)).all()
    assert removal.natural_anyway(_sorted(hands[0])) and not removal.natural_anyway(_sorted(hands[1]))
    chosen = settings_for(hands, "standard", rules)
    assert (setting_rows(hands, chosen, tables_for(rules), rules).nat == 1).all()
    for h in hands:
        assert numpy_setting("standard", _sorted(h), rules) == numpy_setting("standard", _sorted(h), rules,
                                                                            card_removal=False)


def test_each_rule_set_gets_the_pool_of_its_own_play() -> None:
    """A pool is picked by what changes the opponents' play: 2-4-scoop with a bonus of 3 plays as
    1-6; a seat's bank status; the rest of the table (surrender, stakes) changes nothing."""
    assert removal.shipped_pool_name(HouseRules()) == "default"
    unchanged = HouseRules(surrender=True, point_value=5.0, ignore_fouls=True)
    assert removal.shipped_pool_name(unchanged) == "default"
    assert removal.shipped_pool_name(HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP, scoop_bonus=3)) == "1-6"
    bank = HouseRules(ties=TieRule.BANK)  # the bank at seat 0
    seats = (removal.shipped_pool_name(bank, 0), removal.shipped_pool_name(bank, 1))
    assert seats == ("bank", "bank-opponent")
    assert removal.shipped_pool_name(HouseRules(royalties=True, low_middle=True)) is None
    built = removal_pool(HouseRules(royalties=True, low_middle=True))
    assert built is removal_pool(HouseRules(royalties=True, low_middle=True, surrender=True))
    assert len(built.cls) == 20_000 and built.meta["rules"] == "built in memory"
    naturals = removal.load_pool("naturals")
    assert 19_000 < len(naturals.cls) < 20_000  # the hands that are naturals left out


def test_the_default_rules_and_those_that_change_no_play_take_the_step() -> None:
    assert removal.applies(HouseRules())
    assert removal.applies(HouseRules(surrender=True, point_value=5.0, ignore_fouls=True))


def _script() -> Any:
    return load_script("build_removal_pool")


def test_the_shipped_pool_is_what_its_script_builds() -> None:
    hands, settings, cls, _ = _script().build()
    with np.load(ROOT / "cp_trainer" / "resources" / "solver" / removal.POOL_FILE) as z:
        assert np.array_equal(z["hands"], hands.astype(np.uint8))
        assert np.array_equal(z["settings"], settings.astype(np.int32))
        assert np.array_equal(z["cls"], cls)
        assert "nat" not in z.files
    assert removal.load_pool().meta["hands"] == len(hands) == 20_000


@pytest.mark.parametrize("name", [n for n in removal.POOL_RULES if n != "default"])
def test_every_other_shipped_pool_begins_with_what_its_script_builds(name: str) -> None:
    """The first 2,000 hands rebuilt (the generator's stream is the same: the same decks)."""
    hands, settings, cls, nat = _script().build(2_000, name=name)
    with np.load(ROOT / "cp_trainer" / "resources" / "solver" / removal.pool_file(name)) as z:
        assert len(z["hands"]) == 20_000
        assert np.array_equal(z["hands"][:2_000], hands.astype(np.uint8))
        assert np.array_equal(z["settings"][:2_000], settings.astype(np.int32))
        assert np.array_equal(z["cls"][:2_000], cls)
        assert ("nat" in z.files) == removal.POOL_RULES[name].naturals
        if "nat" in z.files:
            assert np.array_equal(z["nat"][:2_000], nat)
            assert nat.any()
    assert removal.load_pool(name).meta["script"] == "scripts/build_removal_pool.py"


def test_the_candidate_list_keeps_the_k_best_triples_whatever_the_order_they_come_in() -> None:
    """keep_candidate against a sort: each triple by its lowest setting, by rating then setting."""
    from cp_trainer.solver.kernel_args import Candidates
    from cp_trainer.solver.kernels import keep_candidate

    rng = np.random.default_rng(8)
    for _ in range(200):
        k = int(rng.integers(1, 6))
        n = int(rng.integers(1, 30))
        triples = [tuple(int(x) for x in rng.integers(0, 3, 3)) for _ in range(n)]
        rating = {t: float(rng.integers(0, 4)) for t in set(triples)}  # a triple has one rating
        settings = rng.permutation(1000)[:n]
        top_v, top_s, top_c = np.empty(k), np.empty(k, dtype=np.int64), np.empty((k, 3), dtype=np.int64)
        kept = Candidates(0.0, top_v, top_s, top_c)
        nk = 0
        for t, s in zip(triples, settings, strict=True):
            nk = keep_candidate(kept, nk, rating[t], int(s), *t)
        lowest: dict[tuple[int, ...], int] = {}
        for t, s in zip(triples, settings, strict=True):
            lowest[t] = min(lowest.get(t, 10**6), int(s))
        expected = sorted(lowest.items(), key=lambda item: (-rating[item[0]], item[1]))[:k]
        got = [(tuple(int(x) for x in top_c[q]), int(top_s[q])) for q in range(nk)]
        assert got == expected


def test_the_window_is_wider_where_the_rating_is_shortest() -> None:
    """0.1 point and 8 candidates; 0.2 under low middle and a scoop bonus of 2 or more on 2-4's
    majority bonus (with or without the bank); 0.2 and 10 candidates under the default rules
    only (any other house choice the step scores narrows it again); an override for benchmarks
    wins everywhere."""
    from cp_trainer.rules.house_rules import ScoringSystem, TieRule

    assert removal.window(HouseRules()) == (removal.WIDE_DELTA, removal.DEFAULT_K) == (0.2, 10)
    assert removal.window(HouseRules(surrender=True, point_value=2.0)) == (0.2, 10)  # not scored by the step
    for rules in (HouseRules(system=ScoringSystem.ONE_SIX), HouseRules(scoop_bonus=1),
                  HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP), HouseRules(ties=TieRule.BANK),
                  HouseRules(royalties=True), HouseRules(royalties=True, royalties_better_hand_only=True),
                  HouseRules(naturals=True), HouseRules(wheel_second=True)):
        assert removal.window(rules) == (removal.DELTA, removal.K) == (0.1, 8), rules
    for rules in (HouseRules(low_middle=True), HouseRules(scoop_bonus=3, ties=TieRule.BANK),
                  HouseRules(scoop_bonus=2), HouseRules(system=ScoringSystem.ONE_SIX, low_middle=True)):
        assert removal.window(rules) == (removal.WIDE_DELTA, removal.K) == (0.2, 8), rules
    try:
        removal.WINDOW = (0.3, 5)
        assert removal.window(HouseRules()) == removal.window(HouseRules(low_middle=True)) == (0.3, 5)
    finally:
        removal.WINDOW = None
