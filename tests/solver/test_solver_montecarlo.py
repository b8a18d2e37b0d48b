"""The Monte-Carlo solver: right means, reproducible, cancellable, time-boxed; hindsight."""

from __future__ import annotations

import dataclasses
import inspect
import threading

import numpy as np
import pytest

from cp_trainer.rules.arrangement import Arrangement, check_arrangement, row_strengths
from cp_trainer.rules.cards import Deck, parse_cards
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule
from cp_trainer.rules.settlement import settle_pair
from cp_trainer.solver.bots import get_bot
from cp_trainer.solver.enumerate import SolverInputError, enumerate_hand
from cp_trainer.solver.montecarlo import SolveRequest, StopReason, hindsight, solve

CARDS = parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c")


@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(system=ScoringSystem.ONE_SIX, royalties=True,
                                                           ties=TieRule.BANK, bank=1, naturals=True)])
def test_means_are_settle_pair_averages(rules: HouseRules) -> None:
    res = solve(SolveRequest(tuple(CARDS), rules, bot="greedy", opponents=2, samples=60, seed=5, chunk=25))
    assert res.samples == 60 and res.complete
    for cand in (res.best, res.candidates[-1]):
        totals = []
        for s in range(res.samples):
            opps = res.opponent_arrangements(s)
            totals.append(sum(settle_pair(cand.arrangement, o, rules, (0, seat)).points[0]
                              for seat, o in enumerate(opps, start=1)))
        assert cand.ev == pytest.approx(np.mean(totals))
        assert cand.stderr == pytest.approx(np.std(totals, ddof=1) / np.sqrt(len(totals)))
    # the opponents were set by greedy and dealt from the unseen cards, disjoint
    for s in range(3):
        opps = res.opponent_arrangements(s)
        seen = set(CARDS)
        for o in opps:
            again = get_bot("greedy").arrange(sorted(o.cards), rules)
            assert row_strengths(o, rules) == row_strengths(again, rules)
            assert not seen & set(o.cards)
            seen |= set(o.cards)


def test_candidates_are_the_pareto_set_best_first() -> None:
    res = solve(SolveRequest(tuple(CARDS), bot="greedy", samples=300, seed=1))
    assert len(res.candidates) == len(enumerate_hand(CARDS).pareto())
    evs = [c.ev for c in res.candidates]
    assert evs == sorted(evs, reverse=True)
    assert all(check_arrangement(c.arrangement).legal for c in res.candidates)
    assert all(0 < c.stderr < 1 for c in res.candidates)


def test_reproducible_with_a_seed() -> None:
    a = solve(SolveRequest(tuple(CARDS), bot="standard", samples=500, seed=42)).to_json()
    b = solve(SolveRequest(tuple(CARDS), bot="standard", samples=500, seed=42)).to_json()
    c = solve(SolveRequest(tuple(CARDS), bot="standard", samples=500, seed=43)).to_json()
    assert a == b
    assert a["candidates"] != c["candidates"]


def test_progress_and_cancellation() -> None:
    seen: list[tuple[int, int]] = []
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done >= 200:
            stop.set()

    res = solve(SolveRequest(tuple(CARDS), samples=1000, seed=1, chunk=100), progress=progress, cancel=stop)
    assert seen == [(100, 1000), (200, 1000)]
    assert res.cancelled and not res.complete and res.samples == 200
    assert res.stop is StopReason.CANCELLED and not res.timed_out
    full = res.to_json(full=True)
    assert (full["stop"], full["cancelled"], full["timed_out"]) == ("cancelled", True, False)
    assert type(full["stop"]) is str  # the JSON value is the enum's plain string
    res = solve(SolveRequest(tuple(CARDS), samples=1000, seed=1, chunk=100), cancel=lambda: True)
    assert res.cancelled and res.samples == 100


def test_time_budget_stops_early_and_says_so() -> None:
    res = solve(SolveRequest(tuple(CARDS), samples=100_000, seed=1, chunk=500, time_budget=0.0))
    assert res.timed_out and res.samples == 500 and res.requested == 100_000
    assert res.stop is StopReason.TIME and not res.cancelled
    assert res.to_json()["samples"] == 500
    done = solve(SolveRequest(tuple(CARDS), samples=300, seed=1))
    assert done.stop is StopReason.SAMPLES and not (done.cancelled or done.timed_out) and done.complete


def test_a_request_is_read_only_and_its_bad_fields_are_named() -> None:
    request = SolveRequest(list(CARDS), dead=[], opponent_seats=[1])  # type: ignore[arg-type]
    assert isinstance(request.cards, tuple) and request.dead == () and request.opponent_seats == (1,)
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'samples'"):
        request.samples = 5  # type: ignore[misc]
    assert hash(request) == hash(SolveRequest(tuple(CARDS), opponent_seats=(1,)))
    for bad, words in ((dataclasses.replace(request, opponents=4, opponent_seats=None), "1 to 3 opponents"),
                       (dataclasses.replace(request, samples=0), "samples must be at least 1"),
                       (dataclasses.replace(request, bot="expert"),
                        "greedy, standard or a style, not 'expert'"),
                       (dataclasses.replace(request, opponents=2), "2 opponents need 2 seats")):
        with pytest.raises(SolverInputError, match=words):
            solve(bad)
    res = solve(SolveRequest(tuple(CARDS), samples=50, seed=1))
    assert isinstance(res.candidates, tuple) and isinstance(res.equivalent, tuple)


def test_explanations() -> None:
    res = solve(SolveRequest(tuple(CARDS), bot="greedy", samples=400, seed=3))
    best = res.explain()
    assert best.ev == res.best.ev
    assert all(0 <= w + lo <= 1 for w, lo in zip(best.row_win, best.row_loss, strict=True))
    assert 0 <= best.scoop <= min(best.row_win)
    # the player's own choice (here a fouled one) against the same samples
    fouled = Arrangement.parse("4d 3c 2c / As Kd Qh Jc Ts / 9s 8s 7h 6h 5h")
    own = res.explain(fouled)
    assert own.ev == -4 and own.row_loss == (1.0, 1.0, 1.0) and own.scooped == 1.0
    good = res.candidates[3].arrangement
    assert res.explain(good).ev == pytest.approx(res.candidates[3].ev)


def test_hindsight_finds_the_best_answer_to_actual_hands() -> None:
    deck = Deck(seed=9)
    mine, theirs = deck.deal(13), deck.deal(13)
    rules = HouseRules()
    opp = get_bot("greedy").arrange(theirs, rules)
    actual = get_bot("greedy").arrange(mine, rules)
    h = hindsight(mine, [opp], rules, actual=actual)
    assert settle_pair(h.arrangement, opp, rules).points[0] == h.points
    assert h.actual_points == settle_pair(actual, opp, rules).points[0]
    assert h.points >= h.actual_points
    # no legal setting at all scores more (checked by the reference on a sample of settings)
    hs = enumerate_hand(mine, rules)
    legal = np.flatnonzero(hs.legal)
    for s in np.random.default_rng(0).choice(legal, 150):
        assert settle_pair(hs.arrangement(int(s)), opp, rules).points[0] <= h.points


def test_bad_requests() -> None:
    with pytest.raises(SolverInputError, match="greedy, standard or a style"):
        solve(SolveRequest(tuple(CARDS), bot="expert"))
    with pytest.raises(SolverInputError, match="1 to 3"):
        solve(SolveRequest(tuple(CARDS), opponents=4))
    with pytest.raises(ValueError, match="13 cards"):
        solve(SolveRequest(tuple(CARDS[:12])))


def test_reference_differences_are_paired() -> None:
    ref = get_bot("standard").arrange(CARDS)
    res = solve(SolveRequest(tuple(CARDS), bot="standard", samples=400, seed=2, reference=ref))
    assert res.reference is not None
    plain = solve(SolveRequest(tuple(CARDS), bot="standard", samples=400, seed=2))
    assert [c.ev for c in res.candidates] == [c.ev for c in plain.candidates]
    for cand in res.candidates:
        assert cand.diff == pytest.approx(cand.ev - res.reference.ev)
        assert cand.diff_stderr is not None and cand.diff_stderr <= cand.stderr + res.reference.stderr
        # the reference itself, if among the candidates, differs by exactly 0
        if str(cand.arrangement) == str(ref):
            assert cand.diff == pytest.approx(0) and cand.diff_stderr == pytest.approx(0)
    # paired by sample: check one difference's error against a direct computation
    cand = res.candidates[1]
    diffs = []
    for s in range(res.samples):
        (opp,) = res.opponent_arrangements(s)
        diffs.append(settle_pair(cand.arrangement, opp).points[0] - settle_pair(ref, opp).points[0])
    assert cand.diff_stderr == pytest.approx(np.std(diffs, ddof=1) / np.sqrt(len(diffs)))


def test_the_answer_is_the_same_whatever_the_chunks() -> None:
    """A solve nobody listens to runs in bigger chunks (fewer hand-offs to the threads); the
    samples are one stream, so every figure is the same as in the listened-to chunks."""
    from cp_trainer.solver.montecarlo import CHUNK, QUIET_CHUNK, SolveRequest, solve

    cards = parse_cards("As Kd Qh Jc Ts 9s 8s 7h 6h 5h 4d 3c 2c")
    heard: list[int] = []
    quiet = solve(SolveRequest(tuple(cards), bot="standard", samples=QUIET_CHUNK + 700, seed=5))
    listened = solve(SolveRequest(tuple(cards), bot="standard", samples=QUIET_CHUNK + 700, seed=5),
                     progress=lambda done, total: heard.append(done))
    lean = solve(SolveRequest(tuple(cards), bot="standard", samples=QUIET_CHUNK + 700, seed=5,
                              keep_samples=False))
    assert [(c.setting, c.ev, c.loss_stderr) for c in lean.candidates] == \
        [(c.setting, c.ev, c.loss_stderr) for c in listened.candidates]
    assert heard[:2] == [CHUNK, 2 * CHUNK]  # the listened-to run went in small chunks
    assert [(c.setting, c.ev, c.stderr, c.loss, c.loss_stderr) for c in quiet.candidates] == \
        [(c.setting, c.ev, c.stderr, c.loss, c.loss_stderr) for c in listened.candidates]
    assert (quiet.opponent_hands == listened.opponent_hands).all()


def test_solve_takes_one_request_and_its_two_hooks() -> None:
    params = inspect.signature(solve).parameters
    assert list(params) == ["request", "progress", "cancel"]
    assert params["progress"].kind is inspect.Parameter.KEYWORD_ONLY
    assert "cards" in inspect.signature(SolveRequest).parameters
