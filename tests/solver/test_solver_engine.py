"""Enumeration, legal mask, Pareto set and the greedy / standard bots."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from cp_trainer.rules.arrangement import check_arrangement, row_strengths
from cp_trainer.rules.cards import Deck, parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.solver import removal
from cp_trainer.solver.bots import bot_spec, get_bot
from cp_trainer.solver.enumerate import HandSettings, enumerate_hand, setting_arrangement
from cp_trainer.solver.fastbots import numpy_setting
from cp_trainer.solver.kernels import setting_value
from cp_trainer.solver.tables import hand_array
from tests.script_modules import load_script

HANDS = [Deck(seed=s).deal(13) for s in range(12)]
# a hand with a huge Pareto set (many ways to spread similar ranks) and one with quads and a flush
HANDS.append(parse_cards("As Ks Qs Js 9s 8h 7h 6h 5h 4d 3d 2d Td"))
HANDS.append(parse_cards("Ac Ad Ah As Kc Qc Jc 9c 2h 3h 5d 7s 8s"))


def _triples(hs: HandSettings) -> npt.NDArray[np.int32]:
    return np.stack([hs.top, hs.middle, hs.bottom], axis=1).astype(np.int32)


LOW = HouseRules(low_middle=True)


@pytest.mark.parametrize(("cards", "rules"), [(c, HouseRules()) for c in HANDS[:4]] + [(HANDS[4], LOW)])
def test_settings_match_the_reference_check(cards, rules: HouseRules) -> None:  # type: ignore[no-untyped-def]
    hs = enumerate_hand(cards, rules)
    assert hs.top.shape == hs.middle.shape == hs.bottom.shape == (72_072,)
    rng = np.random.default_rng(7)
    legal = hs.legal
    picks = np.concatenate([rng.choice(np.flatnonzero(legal), 40), rng.choice(np.flatnonzero(~legal), 40)])
    for s in picks:
        arr = hs.arrangement(int(s))
        assert sorted(arr.cards) == sorted(cards)
        assert row_strengths(arr, rules) == hs.strengths(int(s))
        assert check_arrangement(arr, rules).legal == bool(legal[s])


@pytest.mark.parametrize(("cards", "legal_only", "rules"), [(c, True, HouseRules()) for c in HANDS]
                         + [(HANDS[0], False, HouseRules()), (HANDS[1], True, LOW), (HANDS[2], True, LOW)])
def test_pareto_set(cards, legal_only: bool, rules: HouseRules) -> None:  # type: ignore[no-untyped-def]
    hs = enumerate_hand(cards, rules)
    members = hs.pareto(legal_only=legal_only)
    pool = np.unique(_triples(hs)[hs.legal] if legal_only else _triples(hs), axis=0)
    front = _triples(hs)[members]
    assert len(np.unique(front, axis=0)) == len(front)  # one setting per strength triple
    if legal_only:
        assert hs.legal[members].all()
    # no member is matched-or-beaten by another candidate with a strictly better row
    for x in front:
        ge = (pool[:, 0] >= x[0]) & (pool[:, 1] >= x[1]) & (pool[:, 2] >= x[2])
        assert ge.sum() == 1  # only x itself
    # every candidate is matched or beaten row by row by a member
    covered = np.zeros(len(pool), dtype=bool)
    for x in front:
        covered |= (pool[:, 0] <= x[0]) & (pool[:, 1] <= x[1]) & (pool[:, 2] <= x[2])
    assert covered.all()


def test_pareto_sizes_vary() -> None:
    sizes = [len(enumerate_hand(c).pareto()) for c in HANDS]
    assert min(sizes) < 100 < max(sizes)


@pytest.mark.parametrize(("cards", "rules"),
                         [(c, HouseRules()) for c in HANDS] + [(c, LOW) for c in HANDS[:4]])
def test_greedy_is_lexicographic_max(cards, rules: HouseRules) -> None:  # type: ignore[no-untyped-def]
    hs = enumerate_hand(cards, rules)
    t = _triples(hs)[hs.legal]
    best = max(zip(t[:, 2].tolist(), t[:, 1].tolist(), t[:, 0].tolist(), strict=True))
    arr = get_bot("greedy").arrange(cards, rules)
    assert check_arrangement(arr, rules).legal
    top, mid, bot = row_strengths(arr, rules)
    cs = hs.tables.class_strength
    ms = hs.tables.low_strength if rules.low_middle else cs
    assert (bot, mid, top) == (int(cs[best[0]]), int(ms[best[1]]), int(cs[best[2]]))


def test_greedy_worked_example() -> None:
    arr = get_bot("greedy").arrange(parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c"))
    assert str(arr) == "4d 3c 2c / 9s 8s 7h 6h 5h / As Kd Qh Jc Ts"


_F = npt.NDArray[np.float64]
_I = npt.NDArray[np.integer[Any]]


def _bonus_terms(p: _F, t: _I, m: _I, b: _I, c: int, bonus2: float, bonus3: float) -> _F:
    wt, lt, wm, lm, wb, lb = p[t, c], p[t, c + 1], p[m, c + 2], p[m, c + 3], p[b, c + 4], p[b, c + 5]
    w3, l3 = wt * wm * wb, lt * lm * lb
    w2 = wt * wm + wt * wb + wm * wb - 2 * w3
    l2 = lt * lm + lt * lb + lm * lb - 2 * l3
    out: _F = bonus2 * (w2 - l2) + bonus3 * (w3 - l3)
    return out


def _values_by_hand(p: _F, t: _I, m: _I, b: _I, bonus2: float, bonus3: float) -> _F:
    """The rating written out here: rows won minus lost, the bonuses (rows independent, or kind by
    kind of a mixture table: 6 columns a kind after the 9, the kinds' shares in the last row)."""
    rows = p[t, 0] - p[t, 1] + p[m, 2] - p[m, 3] + p[b, 4] - p[b, 5]
    if p.shape[1] == 9:
        bonus = _bonus_terms(p, t, m, b, 0, bonus2, bonus3)
    else:
        kinds = (p.shape[1] - 9) // 6  # by row, then kind: top (w, l) x kinds, middle, bottom
        bonus = np.zeros(len(t))
        for k in range(kinds):
            w = [p[x, 9 + 2 * (r * kinds + k)] for r, x in enumerate((t, m, b))]
            lo = [p[x, 10 + 2 * (r * kinds + k)] for r, x in enumerate((t, m, b))]
            w3, l3 = w[0] * w[1] * w[2], lo[0] * lo[1] * lo[2]
            w2 = w[0] * w[1] + w[0] * w[2] + w[1] * w[2] - 2 * w3
            l2 = lo[0] * lo[1] + lo[0] * lo[2] + lo[1] * lo[2] - 2 * l3
            bonus = bonus + p[-1, 9 + 2 * k] * (bonus2 * (w2 - l2) + bonus3 * (w3 - l3))
    out: _F = rows + bonus + p[t, 6] + p[m, 7] + p[b, 8]
    return out


def test_mixture_tables_are_used_where_a_scoop_pays_extra() -> None:
    """1-6 and a scoop bonus of 3 are rated with a mixture table (the rows' correlation), whose
    one-row columns are its kinds summed; 2-4 and low middle with independent rows."""
    from cp_trainer.solver.winprob import load_mixture, mixture_name

    assert bot_spec("standard", HouseRules()).probs.shape[1] == 9
    assert bot_spec("standard", HouseRules(low_middle=True, scoop_bonus=5)).probs.shape[1] == 9
    assert mixture_name(HouseRules(system=ScoringSystem.ONE_SIX)) == "1-6"
    assert mixture_name(HouseRules(scoop_bonus=3)) == "scoop-3"
    assert mixture_name(HouseRules(scoop_bonus=1)) is None
    for name in ("1-6", "scoop-3"):
        mix = load_mixture(name)
        assert mix.hist.shape[0] >= 2 and mix.weights.sum() == pytest.approx(1.0)
        p = bot_spec("standard", HouseRules(system=ScoringSystem.ONE_SIX) if name == "1-6"
                     else HouseRules(scoop_bonus=3)).probs
        assert p.shape == (mix.hist.shape[2] + 1, 9 + 6 * mix.hist.shape[0])
        n = mix.hist.shape[0]
        assert p[-1, 9:9 + 2 * n:2] == pytest.approx(mix.weights)
        # the shares' weighted sum of each kind's win column is the one-row win column, each row
        for r in range(3):
            kinds = np.stack([p[:-1, 9 + 2 * (r * n + k)] for k in range(n)])
            assert (mix.weights @ kinds) == pytest.approx(p[:-1, 2 * r], abs=1e-9)
            # each kind's win probability rises with the class (the branch and bound needs it)
            assert (np.diff(kinds, axis=1) >= -1e-12).all() and (np.diff(kinds, axis=1) > 0).any()


@pytest.mark.parametrize("rules", [
    HouseRules(), HouseRules(low_middle=True), HouseRules(royalties=True), HouseRules(wheel_second=True),
    HouseRules(system=ScoringSystem.ONE_SIX), HouseRules(scoop_bonus=3), HouseRules(ties=TieRule.BANK),
], ids=["default", "low-middle", "royalties", "wheel-second", "1-6", "scoop-3", "bank"])
def test_every_win_figure_rises_and_every_loss_figure_falls_with_the_class(rules: HouseRules) -> None:
    """What the search's bounds rely on (kernels.standard_setting, kernels.row_value): for each row,
    and for each kind of a mixture, a stronger class wins at least as often and loses at most as
    often, to within the tables' rounding (far below kernels.BOUND_SLACK)."""
    from cp_trainer.solver.kernels import BOUND_SLACK

    p = bot_spec("standard", rules).probs
    kinds = (p.shape[1] - 9) // 6
    body = p[:-1] if kinds else p
    columns = [(2 * r, 2 * r + 1) for r in range(3)]
    columns += [(9 + 2 * (r * kinds + k), 10 + 2 * (r * kinds + k)) for r in range(3) for k in range(kinds)]
    for win, loss in columns:
        assert np.diff(body[:, win]).min() >= -1e-12 and np.diff(body[:, loss]).max() <= 1e-12
        assert body[-1, win] > body[0, win] and body[-1, loss] < body[0, loss]
    assert BOUND_SLACK >= 1e3 * 1e-12


@pytest.mark.parametrize(("system", "low"),
                         [(s, False) for s in ScoringSystem] + [(ScoringSystem.TWO_FOUR, True)])
def test_standard_maximises_its_value_over_every_legal_setting(system: ScoringSystem, low: bool) -> None:
    rules = HouseRules(system=system, royalties=system is ScoringSystem.ONE_SIX, low_middle=low)
    spec = bot_spec("standard", rules)
    bot = get_bot("standard")
    for cards in HANDS:
        hs = enumerate_hand(cards, rules)
        legal = np.flatnonzero(hs.legal)
        p = spec.probs
        t, m, b = hs.top[legal], hs.middle[legal], hs.bottom[legal]
        values = _values_by_hand(p, t, m, b, spec.bonus2, spec.bonus3)
        arr = bot.arrange(cards, rules)
        assert check_arrangement(arr, rules).legal
        st, sm, sb = row_strengths(arr, rules)
        top, bottom = hs.tables.class_of(st), hs.tables.class_of(sb)
        mid = hs.tables.low_class_of(sm) if low else hs.tables.class_of(sm)
        chosen = setting_value(top, mid, bottom, p, spec.bonus2, spec.bonus3)
        if removal.applies(rules):  # the card-removal step may pick another setting rated near the best
            assert values.max() - removal.window(rules)[0] <= chosen <= values.max() + 1e-12
            rating = setting_arrangement(cards, numpy_setting("standard", hand_array(cards), rules,
                                                              card_removal=False))
            st, sm, sb = row_strengths(rating, rules)
            sm_class = hs.tables.low_class_of(sm) if low else hs.tables.class_of(sm)
            chosen = setting_value(hs.tables.class_of(st), sm_class, hs.tables.class_of(sb), p,
                                   spec.bonus2, spec.bonus3)
        assert chosen == pytest.approx(values.max(), abs=1e-12)


def test_standard_is_not_greedy() -> None:
    greedy, standard = get_bot("greedy"), get_bot("standard")
    differ = sum(greedy.arrange(c) != standard.arrange(c) for c in HANDS)
    assert differ >= len(HANDS) // 2


# A hand where the solver corrects ``standard``: it breaks the pair of kings on top for a pair of
# fours, and the middle's straight for a king-high diamond flush.
EXPERT_HAND = Deck(seed=398).deal(13)
STANDARD_SETS = "Ks Kd Td / 6s 5d 4c 3d 2d / Qs Js 9s 4s 2s"
EXPERT_SETS = "6s 4s 4c / Kd Td 5d 3d 2d / Ks Qs Js 9s 2s"
# A hand where a narrow step (0.1 points, 8 triples) needs the solver's correction and the default
# rules' wider step makes the correction itself: trips of aces at the bottom, queens on top.
WIDE_STEP_HAND = Deck(seed=257).deal(13)
NARROW_STEP_SETS = "Ac 6s 6h / As Kc Qc Jh Ts / Ad Kd Qd 7d 4d"
WIDE_STEP_SETS = "Qd Qc Jh / Kd Kc Ts 7d 4d / As Ad Ac 6s 6h"
# A hand where standard's card-removal step makes the solver's correction itself: it keeps
# the 9 for the top (K-Q-9) instead of the 4, as its rating alone would not.
REMOVAL_HAND = Deck(seed=36).deal(13)
RATING_SETS = "Kc Qs 4c / As Ad 9h 7c 2h / Jh Jd Jc 5h 5d"
REMOVAL_SETS = "Kc Qs 9h / As Ad 7c 4c 2h / Jh Jd Jc 5h 5d"


def test_expert_sets_a_legal_hand() -> None:
    from cp_trainer.solver.bots import ExpertBot
    from cp_trainer.solver.montecarlo import SolveRequest, solve

    standard = get_bot("standard").arrange(EXPERT_HAND)
    expert = ExpertBot().arrange(EXPERT_HAND)
    assert check_arrangement(expert).legal
    assert sorted(expert.cards) == sorted(EXPERT_HAND)
    # The expert departs from standard here, and an independent solve (another seed than the
    # bot's own runs) says the departure is worth more: +0.22 a hand, ~6 standard errors.
    assert str(standard) == STANDARD_SETS
    assert str(expert) == EXPERT_SETS
    check = solve(SolveRequest(tuple(EXPERT_HAND), HouseRules(), bot="standard", samples=5000, seed=2024,
                               reference=standard))
    gain = next(c for c in check.candidates if c.arrangement == expert)
    assert gain.diff is not None and gain.diff_stderr is not None
    assert gain.diff > 4 * gain.diff_stderr > 0
    # Where the solver finds no real gain, the expert keeps standard's choice.
    assert ExpertBot().arrange(HANDS[0]) == get_bot("standard").arrange(HANDS[0])


def test_the_default_rules_wider_step_makes_the_correction_the_solver_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cp_trainer.solver.montecarlo import SolveRequest, solve

    standard = get_bot("standard")
    assert str(standard.arrange(WIDE_STEP_HAND)) == WIDE_STEP_SETS
    monkeypatch.setattr(removal, "WINDOW", (removal.DELTA, removal.K))
    narrow = standard.arrange(WIDE_STEP_HAND)
    assert str(narrow) == NARROW_STEP_SETS
    monkeypatch.setattr(removal, "WINDOW", None)
    # An independent solve says the wider step's choice is worth more: +0.31 a hand, ~9 standard errors.
    check = solve(SolveRequest(tuple(WIDE_STEP_HAND), HouseRules(), bot="standard", samples=5000,
                               seed=2024, reference=narrow))
    gain = next(c for c in check.candidates if str(c.arrangement) == WIDE_STEP_SETS)
    assert gain.diff is not None and gain.diff_stderr is not None
    assert gain.diff > 4 * gain.diff_stderr > 0


def test_standard_s_card_removal_makes_a_correction_the_solver_confirms() -> None:
    from cp_trainer.solver.montecarlo import SolveRequest, solve

    rules = HouseRules()
    rating = setting_arrangement(REMOVAL_HAND, numpy_setting("standard", hand_array(REMOVAL_HAND), rules,
                                                             card_removal=False))
    removal = get_bot("standard").arrange(REMOVAL_HAND)
    assert (str(rating), str(removal)) == (RATING_SETS, REMOVAL_SETS)
    check = solve(SolveRequest(tuple(REMOVAL_HAND), rules, bot="standard", samples=5000, seed=2024,
                               reference=rating))
    gain = next(c for c in check.candidates if c.arrangement == removal)
    assert gain.diff is not None and gain.diff_stderr is not None
    assert gain.diff > 4 * gain.diff_stderr > 0


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("genius")
    with pytest.raises(ValueError, match="13 cards"):
        enumerate_hand(HANDS[0][:12])
    with pytest.raises(ValueError, match="duplicate"):
        enumerate_hand(HANDS[0][:12] + HANDS[0][:1])


@pytest.mark.parametrize(("text", "natural"), [
    ("2h 5h 3h 3c 6c 8c Tc Qc 4s 7s Js Ks As", "three_flushes"),
    ("Qc Kd Ah 5c 6d 7h 8s 9c 5d 6h 7s 8c 9d", "three_straights"),
])
def test_standard_sets_a_natural_when_naturals_pay(text: str, natural: str) -> None:
    from cp_trainer.rules.naturals import natural_of

    cards = parse_cards(text)
    arr = get_bot("standard").arrange(cards, HouseRules(naturals=True))
    found = natural_of(arr)
    assert found is not None and found.value == natural
    assert check_arrangement(arr).legal


def test_the_mixture_fit_finds_two_kinds_of_hand_that_it_was_given() -> None:
    """Hands of two kinds (weak rows together, strong rows together; a share of 0.3 strong):
    the fit's counts recover the shares and keep every row's total count (its one-row columns)."""
    fit = load_script("train_mixture").fit
    rng = np.random.default_rng(3)
    n = 6000
    strong = rng.random(n) < 0.3
    classes = np.where(strong[:, None], rng.integers(60, 80, (n, 3)), rng.integers(0, 20, (n, 3)))
    hist, loglik = fit(classes.astype(np.int64), 2, 30, 100)
    shares = np.sort(hist[:, 0].sum(axis=1) / n)
    assert shares == pytest.approx([0.3, 0.7], abs=0.02)
    for r in range(3):
        assert hist[:, r].sum(axis=0) == pytest.approx(np.bincount(classes[:, r], minlength=100))
    assert np.isfinite(loglik) and loglik < 0
    # one kind is the strong one: its rows' counts are above class 60
    kind = int(np.argmin(hist[:, 0].sum(axis=1)))
    assert hist[kind, :, 60:].sum() / hist[kind].sum() > 0.99
