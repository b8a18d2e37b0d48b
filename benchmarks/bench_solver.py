"""Speed and strength of the solver engine and bots. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_solver.py                 # everything (several minutes)
    .venv/bin/python benchmarks/bench_solver.py --only speed    # the speed figures only
    .venv/bin/python benchmarks/bench_solver.py --expert-deals 200 --gap-deals 50   # shorter

Speed figures are warm (kernels compiled and cached before timing). Targets:
enumerate+check+Pareto <= 2 ms a hand; greedy <= 0.02 ms; standard <= 0.1 ms; solve (1 opponent,
10,000 samples) <= 0.15 s against greedy and <= 1 s against standard, >= 20x faster than the same
solve on phevaluator's per-hand API.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cp_trainer.rules.cards import FULL_DECK, Card
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.strength import evaluate3, evaluate5
from cp_trainer.solver.bots import ExpertBot, get_bot, settings_for
from cp_trainer.solver.enumerate import enumerate_hand, setting_arrangement
from cp_trainer.solver.montecarlo import SolveRequest, solve, warm_up
from cp_trainer.solver.scoring import ScoringParams, pair_points, setting_rows
from cp_trainer.solver.tables import tables

RULES = HouseRules()
I64 = npt.NDArray[np.int64]


def hands(n: int, seed: int) -> I64:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :13].astype(np.int64)


def deals(n: int, seed: int) -> I64:
    """n deals of two disjoint hands: (n, 2, 13)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :26].reshape(n, 2, 13).astype(np.int64)


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def cards_of(row: I64) -> list[Card]:
    return [Card.from_index(int(i)) for i in row]


# --- speed -------------------------------------------------------------------------------------


def speed() -> None:
    print("== speed (warm)")
    hs = [cards_of(h) for h in hands(500, 1)]

    def enum_all() -> None:
        for h in hs:
            e = enumerate_hand(h, RULES)
            _ = e.legal
            e.pareto()

    t = best_of(enum_all)
    sizes = [len(enumerate_hand(h).pareto()) for h in hs]
    print(f"enumerate 72,072 settings + legal mask + Pareto: {t / len(hs) * 1e3:.3f} ms/hand "
          f"(target <= 2 ms); Pareto size median {int(np.median(sizes))}, max {max(sizes)}")
    batch = hands(100_000, 2)
    for name, target in (("greedy", 0.02), ("standard", 0.1)):
        t = best_of(lambda name=name: settings_for(batch, name, RULES))  # type: ignore[misc]
        print(f"{name} bot: {t / len(batch) * 1e3:.4f} ms/hand in batch (target <= {target} ms)")
        one = get_bot(name)
        t = best_of(lambda one=one: [one.arrange(h, RULES) for h in hs[:200]])  # type: ignore[misc]
        print(f"{name} bot through the Python API (arrange -> Arrangement): {t / 200 * 1e3:.4f} ms/hand")
    hand = hs[0]
    for name, target in (("greedy", 0.15), ("standard", 1.0)):
        t = best_of(lambda name=name: solve(SolveRequest(tuple(hand), RULES, bot=name, samples=10_000,
                                                         seed=1)))  # type: ignore[misc]
        print(f"solve, 1 opponent, {name} bot, N=10,000: {t:.3f} s (target <= {target} s)")
    styles(batch[:20_000], hand)
    ours = best_of(lambda: solve(SolveRequest(tuple(hand), RULES, bot="greedy", samples=10_000, seed=1)))
    n_ph = 100
    ph_scale()  # warm phevaluator's tables
    t = time.perf_counter()
    ph_solve(hand, n_ph, seed=1)
    theirs = (time.perf_counter() - t) / n_ph * 10_000
    print(f"the same solve on phevaluator's per-hand API: {theirs:.1f} s for N=10,000 (extrapolated "
          f"from {n_ph} samples); ours is {theirs / ours:.0f}x faster (target >= 20x)")


def styles(batch: I64, hand: list[Card]) -> None:
    """The styles as the solver's opponent model: batch speed by the rating alone
    (standard's figure beside them), and a solve against one or a table of three."""
    for name in ("standard", "scoop-chaser", "pair-on-top", "newcomer", "newcomer:1"):
        t = best_of(lambda name=name: settings_for(batch, name, RULES, card_removal=False))  # type: ignore[misc]
        print(f"{name} as the solver models it: {t / len(batch) * 1e3:.4f} ms/hand in batch")
    for name in ("scoop-chaser", "pair-on-top", "newcomer"):
        one = SolveRequest(tuple(hand), RULES, bot=name, samples=10_000, seed=1)
        t = best_of(lambda one=one: solve(one))  # type: ignore[misc]
        print(f"solve, 1 opponent, {name} bot, N=10,000: {t:.3f} s")
    table = ("pair-on-top", "newcomer", "scoop-chaser")
    styled = SolveRequest(tuple(hand), RULES, opponent_bots=table, opponents=3, samples=10_000, seed=1)
    t = best_of(lambda: solve(styled))
    std = best_of(lambda: solve(SolveRequest(tuple(hand), RULES, bot="standard", opponents=3, samples=10_000,
                                             seed=1)))
    print(f"solve, 3 opponents, a style per seat ({', '.join(table)}), N=10,000: {t:.3f} s "
          f"(3 standard opponents: {std:.3f} s)")


def ph_scale() -> dict[int, int]:
    """phevaluator's rank (1 best .. 7462) -> our strength, so tops compare with middles."""
    from phevaluator import evaluate_cards

    out: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        seen: dict[int, int] = {}
        plain = []
        for r in ranks:
            plain.append(Card.from_index(r * 4 + seen.get(r, 0)))
            seen[r] = seen.get(r, 0) + 1
        if len(set(ranks)) == 5:
            plain[1] = Card.from_index(ranks[1] * 4 + 1)
            flush = [Card.from_index(r * 4) for r in ranks]
            out[evaluate_cards(*map(str, flush))] = evaluate5(flush)
        out[evaluate_cards(*map(str, plain))] = evaluate5(plain)
    return out


def ph_solve(hand: list[Card], samples: int, seed: int) -> list[float]:
    """The greedy-opponent solve built on phevaluator's evaluate_cards (5-card rows) and the rules
    core's evaluate3 (tops: phevaluator has no 3-card evaluator), the reference figure for speed."""
    from phevaluator import evaluate_cards

    to_strength = ph_scale()

    def rate5(cards: tuple[Card, ...]) -> int:
        return to_strength[evaluate_cards(*(str(c) for c in cards))]

    def greedy(cards: list[Card]) -> tuple[int, int, int]:
        rated = {b: rate5(b) for b in combinations(cards, 5)}
        best_b = max(rated.values())
        best = (-1, -1, -1)
        for b, sb in rated.items():
            if sb != best_b:
                continue
            rest = [c for c in cards if c not in b]
            for m in combinations(rest, 5):
                sm = rated[m] if m in rated else rate5(m)
                st = evaluate3([c for c in rest if c not in m])
                if st <= sm and (sb, sm, st) > best:
                    best = (sb, sm, st)
        return best[2], best[1], best[0]

    # the player's candidates: every legal setting's rows, Pareto-filtered
    rated = {b: rate5(b) for b in combinations(hand, 5)}
    cands: set[tuple[int, int, int]] = set()
    for b, sb in rated.items():
        rest = [c for c in hand if c not in b]
        for m in combinations(rest, 5):
            sm = rated[m]
            st = evaluate3([c for c in rest if c not in m])
            if st <= sm <= sb:
                cands.add((st, sm, sb))
    front = [c for c in cands if not any(o != c and all(x >= y for x, y in zip(o, c, strict=True))
                                          for o in cands)]
    rng = np.random.default_rng(seed)
    unseen = [c for c in FULL_DECK if c not in hand]
    totals = [0.0] * len(front)
    for _ in range(samples):
        opp = [unseen[i] for i in rng.permutation(len(unseen))[:13]]
        o = greedy(opp)
        for k, c in enumerate(front):
            won = sum(a > b for a, b in zip(c, o, strict=True))
            lost = sum(a < b for a, b in zip(c, o, strict=True))
            totals[k] += won - lost + (1 if won >= 2 else -1 if lost >= 2 else 0)
    return [t / samples for t in totals]


# --- strength ------------------------------------------------------------------------------------


def duplicate_points(a_settings: I64, b_settings: I64, d: I64) -> npt.NDArray[np.float64]:
    """Per deal, what bot A scores per hand against bot B with the seats swapped: A sets hand 0
    against B's hand 1, then A sets hand 1 against B's hand 0; the mean of the two."""
    tab = tables(False)
    params = ScoringParams.of(RULES)
    flat = d.reshape(-1, 13)
    ra = setting_rows(flat, a_settings, tab, RULES)
    rb = setting_rows(flat, b_settings, tab, RULES)
    out = np.empty(len(d))
    for i in range(len(d)):
        out[i] = 0.5 * (pair_points(ra, 2 * i, rb, 2 * i + 1, params, 0)
                        + pair_points(ra, 2 * i + 1, rb, 2 * i, params, 0))
    return out


def report(label: str, pts: npt.NDArray[np.float64]) -> None:
    half = 1.96 * pts.std(ddof=1) / np.sqrt(len(pts))
    print(f"{label}: {pts.mean():+.4f} ± {half:.4f} points per hand (95%), {len(pts)} deals")


def strength(match_deals: int, expert_deals: int, expert_samples: int, gap_deals: int,
             gap_samples: int) -> None:
    print("== strength (duplicate: both seats play the same deals, seats swapped)")
    d = deals(match_deals, 3)
    flat = d.reshape(-1, 13)
    std, greedy = settings_for(flat, "standard", RULES), settings_for(flat, "greedy", RULES)
    report("standard vs greedy", duplicate_points(std, greedy, d))

    d = deals(expert_deals, 4)
    flat = d.reshape(-1, 13)
    bot = ExpertBot(samples=expert_samples)
    t = time.perf_counter()
    expert = np.array([bot.setting(cards_of(h), RULES) for h in flat], dtype=np.int64)
    spent = time.perf_counter() - t
    std = settings_for(flat, "standard", RULES)
    report(f"expert (N={expert_samples}) vs standard", duplicate_points(expert, std, d))
    print(f"  (expert took {spent / len(flat):.3f} s a hand)")
    # The duplicate match only sees one opponent hand per deal; where the two bots differ, a
    # 20,000-sample solve measures the expected gain of expert's choice over standard's exactly.
    gains: list[float] = []
    ses: list[float] = []
    for h, e, s in zip(flat, expert, std, strict=True):
        if e == s:
            continue
        cards = cards_of(h)
        res = solve(SolveRequest(tuple(cards), RULES, bot="standard", samples=20_000, seed=7,
                                 reference=setting_arrangement(cards, int(s))))
        mine = next(c for c in res.candidates if c.setting == int(e))
        assert mine.diff is not None and mine.diff_stderr is not None  # a reference was given
        gains.append(mine.diff)
        ses.append(mine.diff_stderr)
    n = len(flat)
    total = float(np.sum(gains)) / n
    half = 1.96 * float(np.sqrt(np.sum(np.square(ses)))) / n
    print(f"expert's expected gain over standard: {total:+.4f} ± {half:.4f} points per hand (95%); "
          f"it changed standard's choice on {len(gains)} of {n} hands, gaining "
          f"{np.mean(gains) if gains else 0:+.3f} a change (20,000-sample solve against standard)")

    gaps, fresh = [], []
    std_bot = get_bot("standard")
    t = time.perf_counter()
    for h in hands(gap_deals, 5):
        cards = cards_of(h)
        own = std_bot.arrange(cards, RULES)
        seed = int(h[0]) * 1000 + int(h[1])
        res = solve(SolveRequest(tuple(cards), RULES, bot="standard", samples=gap_samples, seed=seed,
                                 reference=own))
        best = res.best
        assert best.diff is not None
        gaps.append(best.diff)
        # the same choice re-measured on fresh samples: no best-of-many selection bias
        again = solve(SolveRequest(tuple(cards), RULES, bot="standard", samples=gap_samples, seed=seed + 1,
                                   reference=own))
        fresh.append(next(c.diff for c in again.candidates if c.setting == best.setting))
    g = np.array(gaps)
    report(f"best-response gap of standard (solver N={gap_samples} against standard)", g)
    report("  the solver's choices re-measured on fresh samples (unbiased)", np.array(fresh, dtype=float))
    print(f"  (hands where standard's choice was not the solver's best: {(g > 1e-12).mean():.0%}; "
          f"{(time.perf_counter() - t) / gap_deals:.2f} s a deal; the first figure is biased upwards by "
          f"picking the best of many noisy means, the second is not)")


def main() -> int:
    p = argparse.ArgumentParser(description="solver speed and bot strength figures")
    p.add_argument("--only", choices=("speed", "strength"), default=None)
    p.add_argument("--match-deals", type=int, default=10_000)
    p.add_argument("--expert-deals", type=int, default=1_000)
    p.add_argument("--expert-samples", type=int, default=1_000)
    p.add_argument("--gap-deals", type=int, default=200)
    p.add_argument("--gap-samples", type=int, default=10_000)
    args = p.parse_args()
    t = time.perf_counter()
    warm_up()
    print(f"warm-up (tables + compile or load cached kernels): {time.perf_counter() - t:.2f} s")
    if args.only in (None, "speed"):
        speed()
    if args.only in (None, "strength"):
        strength(args.match_deals, args.expert_deals, args.expert_samples, args.gap_deals, args.gap_samples)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
