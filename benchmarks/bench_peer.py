"""Strength of the bots against the strongest public strategy, and standard's best-response gap.
Prints figures with 95% intervals; asserts nothing.

    .venv/bin/python benchmarks/bench_peer.py                  # peer match + gap (~10 minutes)
    .venv/bin/python benchmarks/bench_peer.py --gap-deals 0    # the peer match only (~1 minute)

Peer match: the 20,000 deals of ``../shared/benchmarks/peer-deals-hankin-coef.tsv`` (Paul
Hankin's trained "coef" strategy, 2-4, heads-up; see that folder's README), played duplicate:
our bot sets ``hand_a`` and plays it against the peer's ``peer_b``, then sets ``hand_b`` against
``peer_a``; a deal scores the mean of the two games. Mean ± 1.96 sd / sqrt(deals). Then the same
file played every way it can be (:func:`pair_sums`): each of our settings against the peer's
setting of every hand of the file it shares no card with (about 512, some 20 million games), with
a jackknife interval over groups of deals; about seven times narrower.

Best-response gap: for random hands, how much more the solver's best arrangement (N samples
against one ``standard`` opponent) scores than ``standard``'s own choice, re-measured on fresh
samples so that picking the best of many noisy means does not inflate it. Mean ± 1.96 sd / sqrt(n).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cp_trainer.rules.arrangement import Arrangement  # noqa: E402
from cp_trainer.rules.cards import Card, parse_cards  # noqa: E402
from cp_trainer.rules.house_rules import HouseRules  # noqa: E402
from cp_trainer.solver.bots import get_bot, settings_for  # noqa: E402
from cp_trainer.solver.enumerate import tables_for  # noqa: E402
from cp_trainer.solver.montecarlo import SolveRequest, solve  # noqa: E402
from cp_trainer.solver.scoring import RowData, arrangement_rows, setting_rows  # noqa: E402

RULES = HouseRules()
_PEER_NAME = Path("shared") / "benchmarks" / "peer-deals-hankin-coef.tsv"
# ``../shared`` beside the project; a git worktree one level deeper (``wt/NAME``) finds it too
PEER_FILE = Path(os.environ.get("CP_PEER_FILE", next(
    (p / _PEER_NAME for p in (ROOT.parent, ROOT.parent.parent) if (p / _PEER_NAME).exists()),
    ROOT.parent / _PEER_NAME)))
I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
#: groups of deals the jackknife of :func:`pair_sums` leaves out one at a time
PAIR_GROUPS = 200


def read_peer(path: Path) -> tuple[I64, RowData]:
    """Hands (deals, 2, 13) and the peer's rows, in the same order (deal 0 hand a, hand b, ...)."""
    hands: list[list[int]] = []
    arrangements: list[Arrangement] = []
    with path.open(encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            for side in ("a", "b"):
                hands.append([c.index for c in parse_cards(row[f"hand_{side}"])])
                arrangements.append(Arrangement.parse(row[f"peer_{side}"]))
    rows = arrangement_rows(arrangements, tables_for(RULES), RULES)
    return np.array(hands, dtype=np.int64).reshape(-1, 2, 13), rows


def points_2_4(a: RowData, b: RowData) -> F64:
    """Points of a[i] against b[i] under 2-4 with ties pushing and no royalties (the peer file's
    rules), vectorised."""
    return class_points_2_4(a.cls, a.foul, b.cls, b.foul)


def class_points_2_4(cls_a: npt.NDArray[np.integer], foul_a: npt.NDArray[np.bool_],
                     cls_b: npt.NDArray[np.integer], foul_b: npt.NDArray[np.bool_]) -> F64:
    """:func:`points_2_4` of row classes (..., 3) and fouls (...), broadcast against each other:
    e.g. candidates (K, 1, 3) against opponents (1, M, 3) give (K, M)."""
    won = (cls_a > cls_b).sum(axis=-1)
    lost = (cls_a < cls_b).sum(axis=-1)
    pts = (won - lost + np.where(won >= 2, 1, 0) - np.where(lost >= 2, 1, 0)).astype(np.float64)
    pts = np.where(foul_a & ~foul_b, -4.0, pts)
    pts = np.where(foul_b & ~foul_a, 4.0, pts)
    out: F64 = np.where(foul_a & foul_b, 0.0, pts)
    return out


def peer_match(hands: I64, peer: RowData, settings: I64) -> F64:
    """Per deal, the duplicate points of the settings (of hands (deals*2, 13) in file order)."""
    return duplicate_points(setting_rows(hands.reshape(-1, 13), settings, tables_for(RULES), RULES), peer)


def duplicate_points(ours: RowData, peer: RowData) -> F64:
    """Per deal, the duplicate points of our rows (deals*2, file order) against the peer's."""
    n = len(ours.cls) // 2
    swap = np.arange(2 * n).reshape(n, 2)[:, ::-1].reshape(-1)  # a <-> b within each deal
    pts = points_2_4(ours, peer.take(swap))
    per_deal: F64 = pts.reshape(n, 2).mean(axis=1)
    return per_deal


def card_masks(hands: I64) -> npt.NDArray[np.uint64]:
    """Each hand's cards (rows of card indices) as a 52-bit mask."""
    masks = np.zeros(len(hands), dtype=np.uint64)
    for j in range(hands.shape[1]):
        masks |= np.left_shift(np.uint64(1), hands[:, j].astype(np.uint64))
    return masks


def pair_sums(hands: I64, ours: RowData, peer: RowData, groups: int = PAIR_GROUPS) -> tuple[F64, F64]:
    """Every pair of the file's hands that could be one deal (no card in common), played
    duplicate: our setting of each hand against the peer's setting of every other hand it could
    meet (its own deal's other hand among them; about 512 a hand), so each of our settings is
    scored against a uniform sample of the peer's play instead of one hand of it. Returns the
    points and the number of games, summed by (our hand's group, the peer hand's group), the
    deals split into ``groups`` consecutive groups (for :func:`jackknife`)."""
    n = len(hands)
    groups = max(2, min(groups, n // 2))
    masks = card_masks(hands)
    group = (np.arange(n) // 2) * groups // max(n // 2, 1)
    points = np.zeros((groups, groups))
    games = np.zeros((groups, groups))
    for i in range(n):
        met = np.flatnonzero((masks & masks[i]) == 0)
        pts = points_2_4(ours.take(np.full(len(met), i)), peer.take(met))
        points[group[i]] += np.bincount(group[met], weights=pts, minlength=groups)
        games[group[i]] += np.bincount(group[met], minlength=groups)
    return points, games


def jackknife(points: F64, games: F64) -> tuple[float, float]:
    """The mean points a game of :func:`pair_sums`' sums and its 95% half-width, by the
    delete-a-group jackknife: a group's deals leave as our hands and as the peer's at once, so
    the interval counts that each peer hand is met by hundreds of ours."""
    g = len(points)
    kept_points = points.sum() - points.sum(axis=1) - points.sum(axis=0) + np.diag(points)
    kept_games = games.sum() - games.sum(axis=1) - games.sum(axis=0) + np.diag(games)
    left_out = kept_points / kept_games
    var = (g - 1) / g * float(((left_out - left_out.mean()) ** 2).sum())
    return float(points.sum() / games.sum()), 1.96 * float(np.sqrt(var))


def report_pairs(label: str, points: F64, games: F64) -> None:
    mean, half = jackknife(points, games)
    print(f"{label}: {mean:+.4f} ± {half:.4f} points per hand (95%, jackknife over {len(points)} groups "
          f"of deals), {games.sum():,.0f} games", flush=True)


def report(label: str, pts: F64) -> None:
    half = 1.96 * pts.std(ddof=1) / np.sqrt(len(pts))
    print(f"{label}: {pts.mean():+.4f} ± {half:.4f} points per hand (95%), {len(pts)} deals", flush=True)


def one_thread(flat: I64) -> None:
    """``standard``'s time a decision on one core (the kernel called directly, no second thread)."""
    from cp_trainer.solver import removal
    from cp_trainer.solver.fastbots import bot_spec
    from cp_trainer.solver.kernel_args import row_tables
    from cp_trainer.solver.kernels import removal_settings

    spec = bot_spec("standard", RULES)
    tabs = row_tables(tables_for(RULES))
    step = removal.kernel_step(removal.load_pool(), removal.StepRules.of(RULES))
    out = np.empty(len(flat), dtype=np.int64)
    times = []
    for _ in range(3):
        t = time.perf_counter()
        removal_settings(flat, tabs, RULES.low_middle, spec.rating, removal.DELTA, removal.K, step, out)
        times.append((time.perf_counter() - t) / len(flat))
    print(f"   standard on one core: {min(times) * 1e3:.4f} ms a decision (best of 3, {len(flat)} hands)")


def gap(n_hands: int, samples: int) -> None:
    rng = np.random.default_rng(5)
    std = get_bot("standard")
    gaps: list[float] = []
    t = time.perf_counter()
    for _ in range(n_hands):
        h = rng.permutation(52)[:13]
        cards = [Card.from_index(int(i)) for i in h]
        own = std.arrange(cards, RULES)
        seed = int(h[0]) * 1000 + int(h[1])
        res = solve(SolveRequest(tuple(cards), RULES, bot="standard", samples=samples, seed=seed,
                                 reference=own, keep_samples=False))
        best = res.best
        again = solve(SolveRequest(tuple(cards), RULES, bot="standard", samples=samples, seed=seed + 1,
                                   reference=own, keep_samples=False))
        gaps.append(float(next(c.diff for c in again.candidates if c.setting == best.setting) or 0.0))
    g = np.array(gaps)
    half = 1.96 * g.std(ddof=1) / np.sqrt(len(g))
    print(f"best-response gap of standard: {g.mean():+.4f} ± {half:.4f} points per hand (95%), "
          f"{len(g)} hands, solver {samples} samples against standard, re-measured on fresh samples "
          f"({(time.perf_counter() - t) / n_hands:.2f} s a hand)", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer-file", type=Path, default=PEER_FILE)
    ap.add_argument("--gap-deals", type=int, default=300)
    ap.add_argument("--gap-samples", type=int, default=10_000)
    args = ap.parse_args()
    hands, peer = read_peer(args.peer_file)
    print(f"== peer match: {len(hands)} deals of {args.peer_file.name}, duplicate, 2-4, ties push")
    flat = hands.reshape(-1, 13)
    settings_for(flat[:64], "standard", RULES)  # load the kernels and the pool before timing
    matches: dict[str, F64] = {}
    chosen: dict[str, I64] = {}
    alone = "standard's rating alone (no card removal; the solver's model)"
    for label, bot, removal in (("standard", "standard", True), (alone, "standard", False),
                                ("greedy", "greedy", True)):
        t = time.perf_counter()
        chosen[label] = settings = settings_for(flat, bot, RULES, card_removal=removal)
        spent = (time.perf_counter() - t) / len(flat)
        matches[label] = peer_match(hands, peer, settings)
        report(f"{label} vs peer ({spent * 1e3:.4f} ms a decision, both cores)", matches[label])
    gain = matches["standard"] - matches[alone]
    report("   standard minus its rating alone (paired)", gain)
    half = len(hands) // 2
    print(f"   standard vs peer, the file's two halves: {matches['standard'][:half].mean():+.4f} / "
          f"{matches['standard'][half:].mean():+.4f}")
    standard = setting_rows(flat, chosen["standard"], tables_for(RULES), RULES)
    points, games = pair_sums(flat, standard, peer)
    report_pairs("   standard vs peer, every pair of the file's hands that could be one deal", points, games)
    one_thread(flat[:4000])
    if args.gap_deals > 0:
        print("== best-response gap")
        gap(args.gap_deals, args.gap_samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
