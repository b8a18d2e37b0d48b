"""``standard``'s best-response gap under every rule set, before and after its card-removal step.
Prints a table with 95% intervals and the time a decision; asserts nothing.

    .venv/bin/python benchmarks/bench_gap.py                          # every rule set (hours)
    .venv/bin/python benchmarks/bench_gap.py --hands 40 --samples 2000 --rules "default (2-4);1-6"
    .venv/bin/python benchmarks/bench_gap.py --time-only                # ms a decision (~2 minutes)
    .venv/bin/python benchmarks/bench_gap.py --rules "1-6" --delta 0.2 --k 8   # a wider step, measured

``--delta``/``--k`` replace the step's window and candidates (:func:`.removal.window`: 0.1 and
8; 0.2 and 8 under low middle and where a scoop bonus of 2 or more comes with 2-4's; 0.2 and 10
under the default rules) for the whole run, when either is given
(:data:`.removal.WINDOW`), to measure what a wider step would buy and cost; the
solver's model of the opponents (the rating alone) is the same either way.

The gap, as ``bench_peer.gap``: for random hands (the same hands under every rule set), the
solver's best arrangement against one ``standard`` opponent (``--samples`` samples; the solver
models the opponent by its rating alone) is found, then re-measured on fresh samples so that
picking the best of many noisy means does not inflate it; the gap is its mean there minus the
mean of ``standard``'s own arrangement on the same samples. "before" is ``standard`` by its
rating alone (``card_removal=False``), "after" with its card-removal step; both are measured
against the same best arrangement on the same re-measuring samples (paired), so "before -
after" is what the step gains. Heads-up, the player at seat 0. Mean ± 1.96 sd / sqrt(hands).

The time a decision is ``standard``'s compiled kernel called directly on one core (no second
thread), best of 3 over ``--time-hands`` random hands, for the rating alone and with the step.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.rules.cards import Card  # noqa: E402
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule  # noqa: E402
from cp_trainer.solver import removal  # noqa: E402
from cp_trainer.solver.enumerate import setting_arrangement, tables_for  # noqa: E402
from cp_trainer.solver.fastbots import bot_spec, removal_pool, settings_for  # noqa: E402
from cp_trainer.solver.kernel_args import row_tables  # noqa: E402
from cp_trainer.solver.kernels import bot_settings, removal_settings  # noqa: E402
from cp_trainer.solver.montecarlo import SolveRequest, solve  # noqa: E402
from cp_trainer.solver.scoring import setting_rows  # noqa: E402

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

RULE_SETS: dict[str, HouseRules] = {
    "default (2-4)": HouseRules(),
    "2-4 scoop only": HouseRules(system=ScoringSystem.TWO_FOUR_SCOOP),
    "1-6": HouseRules(system=ScoringSystem.ONE_SIX),
    "ties to the bank (seat 0 the bank)": HouseRules(ties=TieRule.BANK, bank=0),
    "ties to the bank (the opponent)": HouseRules(ties=TieRule.BANK, bank=1),
    "royalties": HouseRules(royalties=True),
    "royalties (better hand only)": HouseRules(royalties=True, royalties_better_hand_only=True),
    "naturals": HouseRules(naturals=True),
    "low middle": HouseRules(low_middle=True),
    "wheel second": HouseRules(wheel_second=True),
    "1-6 + royalties": HouseRules(system=ScoringSystem.ONE_SIX, royalties=True),
    "royalties + naturals": HouseRules(royalties=True, naturals=True),
    "1-6 + royalties + naturals": HouseRules(system=ScoringSystem.ONE_SIX, royalties=True, naturals=True),
    "2-4 scoop bonus 3 + bank": HouseRules(scoop_bonus=3, ties=TieRule.BANK),
}


#: The widest step ``--delta``/``--k`` may ask for: a window of 10 points holds every sensible
#: setting, and 100 candidates more than any hand has within it.
MAX_DELTA = 10.0
MAX_K = 100


def hands_for(n: int) -> I64:
    """The gap's hands: ``bench_peer.gap``'s (NumPy's generator seeded 5, one permutation each)."""
    rng = np.random.default_rng(5)
    return np.array([rng.permutation(52)[:13] for _ in range(n)], dtype=np.int64)


def _rows_key(hand: I64, setting: int, rules: HouseRules) -> tuple[int, ...]:
    rows = setting_rows(hand.reshape(1, 13), np.array([setting]), tables_for(rules), rules)
    return (*(int(c) for c in rows.cls[0]), int(rows.nat[0]), int(rows.foul[0]))


def gaps(rules: HouseRules, hands: I64, samples: int) -> tuple[F64, F64, float]:
    """Per hand, the gap of ``standard`` by its rating alone and with its step (paired), and the
    seconds a hand took."""
    after = settings_for(hands, "standard", rules)
    before = settings_for(hands, "standard", rules, card_removal=False)
    g_before: list[float] = []
    g_after: list[float] = []
    t = time.perf_counter()
    for h, s_after, s_before in zip(hands, after, before, strict=True):
        cards = tuple(Card.from_index(int(i)) for i in h)
        own = setting_arrangement(list(cards), int(s_after))
        seed = int(h[0]) * 1000 + int(h[1])
        best = solve(SolveRequest(cards, rules, bot="standard", samples=samples, seed=seed,
                                  keep_samples=False)).best
        again = solve(SolveRequest(cards, rules, bot="standard", samples=samples, seed=seed + 1,
                                   reference=own, keep_samples=False))
        by_setting = {c.setting: c for c in again.candidates}
        gap_after = float(by_setting[best.setting].diff or 0.0)
        g_after.append(gap_after)
        if s_before == s_after:
            g_before.append(gap_after)
            continue
        # the rating's own arrangement on the same samples: a candidate with the same rows scores the same
        key = _rows_key(h, int(s_before), rules)
        twin = next((c for c in again.candidates if _rows_key(h, c.setting, rules) == key), None)
        if twin is None:  # not among the candidates: measured against it on the same samples
            mine = setting_arrangement(list(cards), int(s_before))
            third = solve(SolveRequest(cards, rules, bot="standard", samples=samples, seed=seed + 1,
                                       reference=mine, keep_samples=False))
            g_before.append(float(next(c for c in third.candidates if c.setting == best.setting).diff or 0.0))
        else:
            g_before.append(by_setting[best.setting].ev - twin.ev)
    return np.array(g_before), np.array(g_after), (time.perf_counter() - t) / len(hands)


def one_core_ms(rules: HouseRules, hands: I64) -> tuple[float, float]:
    """``standard``'s ms a decision on one core: the rating alone, and with the step."""
    spec = bot_spec("standard", rules)
    tabs = row_tables(tables_for(rules))
    step = removal.kernel_step(removal_pool(rules), removal.StepRules.of(rules))
    out = np.empty(len(hands), dtype=np.int64)

    def rating() -> None:
        bot_settings(hands, spec.kind, tabs, rules.low_middle, spec.rating, out)

    delta, k = removal.window(rules)

    def with_step() -> None:
        removal_settings(hands, tabs, rules.low_middle, spec.rating, delta, k, step, out)

    figures = []
    for run in (rating, with_step):
        run()  # compiled and warm
        times = []
        for _ in range(3):
            t = time.perf_counter()
            run()
            times.append((time.perf_counter() - t) / len(hands))
        figures.append(min(times) * 1e3)
    return figures[0], figures[1]


def interval(x: F64) -> str:
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else float("nan")
    return f"{x.mean():+.4f} ± {half:.4f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--samples", type=int, default=4000)
    ap.add_argument("--time-hands", type=int, default=4000)
    ap.add_argument("--time-only", action="store_true", help="the time a decision only (no gap)")
    ap.add_argument("--delta", type=float, default=None,
                    help=f"the step's window under every rule set (default: each rule set's own, "
                         f"removal.window; with --k alone {removal.DELTA})")
    ap.add_argument("--k", type=int, default=None,
                    help=f"the step's candidates under every rule set (with --delta alone {removal.K})")
    ap.add_argument("--rules", default="all", help="';'-separated names of: " + "; ".join(RULE_SETS))
    args = ap.parse_args()
    override = args.delta is not None or args.k is not None  # else each rule set's own window
    args.delta = removal.DELTA if args.delta is None else args.delta
    args.k = removal.K if args.k is None else args.k
    if not 0 <= args.delta <= MAX_DELTA:  # also refuses nan
        ap.error(f"--delta must be a number from 0 to {MAX_DELTA} points, not {args.delta}")
    if not 1 <= args.k <= MAX_K:  # the kernel keeps K candidates in arrays of that length
        ap.error(f"--k must be a whole number from 1 to {MAX_K}, not {args.k}")
    window_text = (f"{removal.DELTA}, {removal.K} ({removal.WIDE_DELTA} under low middle and a scoop "
                   f"bonus of 2 or more with 2-4's majority bonus; {removal.WIDE_DELTA}, {removal.DEFAULT_K} "
                   "under the default rules: removal.window)")
    if override:
        window_text = f"{args.delta}, {args.k} under every rule set"
        removal.WINDOW = (float(args.delta), int(args.k))  # read at every call (settings_for, rerank)
    names = list(RULE_SETS)
    if args.rules != "all":
        names = [w.strip() for w in args.rules.split(";")]
        unknown = [n for n in names if n not in RULE_SETS]
        if unknown:
            ap.error(f"unknown rule sets: {unknown}")
    hands = hands_for(args.hands)
    rng = np.random.default_rng(17)
    timing = np.argsort(rng.random((args.time_hands, 52)), axis=1)[:, :13].astype(np.int64)
    if args.time_only:
        print(f"== standard's ms a decision on one core ({args.time_hands} hands, best of 3)")
        print("| rule set | ms a decision, one core: before / after |\n| --- | --- |", flush=True)
    else:
        print(f"== standard's best-response gap: {args.hands} hands, solver {args.samples} samples against "
              f"standard (rating alone), re-measured on fresh samples; heads-up, seat 0; points a hand, 95%; "
              f"the step's window and candidates: {window_text}")
        print("| rule set | changed | gap before (rating alone) | gap after (with the step) | before - after "
              "(paired) | ms a decision, one core: before / after | s a hand |")
        print("| --- | --- | --- | --- | --- | --- | --- |", flush=True)
    for name in names:
        rules = RULE_SETS[name]
        if removal.shipped_pool_name(rules) is None:
            t = time.perf_counter()
            removal_pool(rules)
            spent = time.perf_counter() - t
            print(f"({name}: no shipped pool; built in memory in {spent:.2f} s)", flush=True)
        ms_before, ms_after = one_core_ms(rules, timing)
        if args.time_only:
            print(f"| {name} | {ms_before:.3f} / {ms_after:.3f} |", flush=True)
            continue
        before, after, spent = gaps(rules, hands, args.samples)
        changed = np.mean(settings_for(hands, "standard", rules) != settings_for(hands, "standard", rules,
                                                                               card_removal=False))
        print(f"| {name} | {changed:.0%} | {interval(before)} | {interval(after)} | "
              f"{interval(before - after)} | {ms_before:.3f} / {ms_after:.3f} | {spent:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
