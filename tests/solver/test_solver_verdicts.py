"""Consistent, decisive verdicts: deal seeds, paired errors against the best, equivalence,
adaptive sampling."""

from __future__ import annotations

import numpy as np
import pytest

from cp_trainer.rules.cards import Deck, parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import settle_pair
from cp_trainer.solver.montecarlo import (
    SIGNIFICANCE_Z,
    SolveRequest,
    StopReason,
    deal_seed,
    significant,
    solve,
)
from cp_trainer.solver.solve_stats import Pairing

CARDS = parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c")
CLEAR = Deck(seed=0).deal(13)  # the best stands alone after 1,000 samples
SLOW = Deck(seed=2).deal(13)  # the best needs many more samples to stand alone
TIED = Deck(seed=4).deal(13)  # several candidates equal within 0.01


def test_the_deal_seed_ignores_card_order_but_not_the_question() -> None:
    assert deal_seed(CARDS) == deal_seed(list(reversed(CARDS)))
    assert deal_seed(CARDS, 1, "standard") != deal_seed(CARDS, 2, "standard")
    assert deal_seed(CARDS, 1, "standard") != deal_seed(CARDS, 1, "greedy")
    assert deal_seed(CARDS) != deal_seed(CLEAR)
    assert 0 <= deal_seed(CARDS) < 2 ** 63


def test_the_same_deal_gets_the_same_answer_in_any_order() -> None:
    a = solve(SolveRequest(tuple(CARDS), bot="standard", samples=800))
    b = solve(SolveRequest(tuple(reversed(CARDS)), bot="standard", samples=800))
    assert a.seed == b.seed == deal_seed(CARDS, 1, "standard")
    assert a.to_json() | {"input": ""} == b.to_json() | {"input": ""}
    # a longer run extends the shorter one's samples: its first 800 deals are the same
    c = solve(SolveRequest(tuple(CARDS), bot="standard", samples=1600, chunk=700))
    assert np.array_equal(c.opponent_hands[:800], a.opponent_hands)


def test_losses_are_paired_against_the_best() -> None:
    rules = HouseRules()
    res = solve(SolveRequest(tuple(CARDS), rules, bot="greedy", samples=300, seed=4, chunk=128))
    best = res.best
    assert best.loss == 0 and best.loss_stderr == 0
    for cand in res.candidates[1:6]:
        diffs = []
        for s in range(res.samples):
            (opp,) = res.opponent_arrangements(s)
            diffs.append(settle_pair(best.arrangement, opp, rules).points[0]
                         - settle_pair(cand.arrangement, opp, rules).points[0])
        assert cand.loss == pytest.approx(float(np.mean(diffs)))
        assert cand.loss_stderr == pytest.approx(float(np.std(diffs, ddof=1) / np.sqrt(len(diffs))))


def test_paired_errors_are_far_below_each_means_own() -> None:
    res = solve(SolveRequest(tuple(CARDS), bot="standard", samples=2000))
    close = [c for c in res.candidates[1:] if c.loss < 0.2]
    assert len(close) >= 2
    for cand in close:
        # common random numbers: the candidates rise and fall together with the sampled deals
        assert cand.loss_stderr < 0.5 * min(cand.stderr, res.best.stderr)
    # and the unpaired error of a difference would be larger still
    assert all(c.loss_stderr < np.hypot(c.stderr, res.best.stderr) for c in res.candidates[1:])


def test_significance_rule() -> None:
    assert significant(0.05, 0.02) and not significant(0.04, 0.02)
    assert significant(4.0, 0.0) and not significant(0.0, 0.0) and not significant(-0.1, 0.01)
    assert SIGNIFICANCE_Z == 2.0


def test_equivalent_candidates_are_those_not_significantly_worse() -> None:
    res = solve(SolveRequest(tuple(TIED), bot="greedy", samples=3000))
    eq = res.equivalent
    assert eq[0] is res.best and len(eq) >= 2
    assert [c.ev for c in eq] == sorted((c.ev for c in eq), reverse=True)
    for cand in res.candidates[1:]:
        assert (cand in eq) == (cand.loss <= SIGNIFICANCE_Z * cand.loss_stderr)
    assert res.spread() == pytest.approx(eq[0].ev - eq[-1].ev)
    alone = solve(SolveRequest(tuple(CLEAR), bot="greedy", samples=1000))
    assert alone.equivalent == (alone.best,) and alone.spread() == 0


def test_adaptive_sampling_stops_when_the_verdict_is_decided() -> None:
    clear = solve(SolveRequest(tuple(CLEAR), bot="greedy", samples=1000, adaptive=True))
    assert clear.stop is StopReason.SEPARATED and clear.samples == 1000 and clear.complete
    slow = solve(SolveRequest(tuple(SLOW), bot="greedy", samples=1000, adaptive=True, max_samples=40_000))
    assert slow.stop is StopReason.SEPARATED and 1000 < slow.samples < 40_000
    assert slow.equivalent == (slow.best,)
    # the same samples as a fixed run of that length: the same verdict
    fixed = solve(SolveRequest(tuple(SLOW), bot="greedy", samples=slow.samples))
    assert fixed.to_json() == slow.to_json()
    # had it stopped one chunk earlier, the verdict was not decided yet
    early = solve(SolveRequest(tuple(SLOW), bot="greedy", samples=slow.samples - 1000))
    assert len(early.equivalent) > 1
    tied = solve(SolveRequest(tuple(TIED), bot="greedy", samples=1000, adaptive=True, tolerance=0.01))
    assert tied.stop is StopReason.EQUAL and len(tied.equivalent) >= 2
    assert all(SIGNIFICANCE_Z * c.loss_stderr < 0.01 for c in tied.equivalent)


def test_adaptive_sampling_stops_at_the_limit_or_the_budget() -> None:
    seen: list[tuple[int, int]] = []
    capped = solve(SolveRequest(tuple(SLOW), bot="greedy", samples=1000, adaptive=True, max_samples=3000),
                   progress=lambda d, t: seen.append((d, t)))
    assert capped.stop is StopReason.SAMPLES and capped.samples == 3000 == capped.requested
    assert seen == [(1000, 1000), (2000, 3000), (3000, 3000)]
    # the budget never cuts the minimum short, only what comes after it
    timed = solve(SolveRequest(tuple(SLOW), bot="greedy", samples=2000, adaptive=True, time_budget=0.0))
    assert timed.stop is StopReason.TIME and timed.timed_out and timed.samples == 2000


def test_huge_runs_keep_their_pairing_in_bounded_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    full = solve(SolveRequest(tuple(CARDS), bot="greedy", samples=3000, keep_samples=False))
    monkeypatch.setattr(Pairing, "limit", 40_000)  # freeze the leaders after the first chunks
    frozen = solve(SolveRequest(tuple(CARDS), bot="greedy", samples=3000, keep_samples=False))
    for a, b in zip(full.candidates, frozen.candidates, strict=True):
        assert a.ev == b.ev
        if b.arrangement in [c.arrangement for c in frozen.candidates[:Pairing.watch]]:
            assert a.loss_stderr == pytest.approx(b.loss_stderr)
        else:  # outside the watched leaders: the unpaired bound, never smaller
            assert b.loss_stderr >= a.loss_stderr - 1e-12


def test_bots_surrender_only_when_it_pays_more() -> None:
    from cp_trainer.solver.bots import get_bot

    weak = parse_cards("6s Ad 2h Kc 8h Jc 4s Qc 3s 9d Ac 7h 6d")
    rules = HouseRules(surrender=True)
    # the solver agrees: even its best arrangement scores less than surrendering (-3)
    best = solve(SolveRequest(tuple(weak), rules, bot="standard", samples=3000)).best
    assert best.ev + 2 * best.stderr < -rules.effective_surrender_cost
    assert get_bot("standard").surrenders(weak, rules)
    assert get_bot("expert").surrenders(weak, rules)
    assert not get_bot("greedy").surrenders(weak, rules)  # exactly specified: it never does
    assert not get_bot("standard").surrenders(weak, HouseRules())  # not without the house rule
    assert not get_bot("standard").surrenders(CARDS, rules) and not get_bot("expert").surrenders(CARDS, rules)
