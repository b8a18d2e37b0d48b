"""What knowing how the peer plays is worth over ``standard`` on the peer file.

    .venv/bin/python benchmarks/bench_peer_oracle.py              # K = 20, about 2 minutes
    .venv/bin/python benchmarks/bench_peer_oracle.py --k 10 --z 1 2 3

Can any ``expert`` be shown above ``standard`` on the 20,000 deals of ``bench_peer.py``'s file?
``expert`` corrects ``standard`` against the solver's model of its opponents (``standard``'s own
rating); this asks what a correction is worth when the model *is* the peer. For each hand of the
file the opponents are the peer's own settings of the file's other hands that share no card with
it (about 512: a uniform sample of the hands the peer can hold against it, set as the peer sets
them; never the hand of its own deal, which it is scored against). Among ``standard``'s setting
and the next best by its rating (one per triple of row classes, ``--k`` in all), the *oracle*
takes the one that scores most against those opponents, when that is more than z standard errors
above ``standard``'s setting. Both are then played duplicate against the file as in
``bench_peer.py``; the paired difference is printed for each z.

Also, for each z, an estimate free of the pick's luck: the pick made on one half of the opponents
and scored on the other half (the best-response gap against the peer as far as 256 of its hands
show it), and the mean of the best candidate's in-sample score, which can only overstate what the
best of these candidates is worth. Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_peer  # noqa: E402

from cp_trainer.solver.enumerate import tables_for  # noqa: E402
from cp_trainer.solver.fastbots import bot_spec, settings_for  # noqa: E402
from cp_trainer.solver.scoring import RowData, setting_rows  # noqa: E402
from cp_trainer.solver.single import rated_setting, subset_classes  # noqa: E402

RULES = bench_peer.RULES
I64 = npt.NDArray[np.int64]


def candidates(hand: I64, own: int, k: int) -> I64:
    """``standard``'s setting first, then the legal settings of highest rating, one per distinct
    triple of row classes, ``k`` in all."""
    spec = bot_spec("standard", RULES)
    sc = subset_classes(hand, tables_for(RULES), RULES.low_middle)
    _, legal, value = rated_setting(sc, spec.probs, spec.bonus2, spec.bonus3)
    chosen = [own]
    seen = {(int(sc.top[own]), int(sc.middle[own]), int(sc.bottom[own]))}
    for at in np.argsort(-value, kind="stable"):
        s = int(legal[at])
        key = (int(sc.top[s]), int(sc.middle[s]), int(sc.bottom[s]))
        if key not in seen:
            seen.add(key)
            chosen.append(s)
            if len(chosen) == k:
                break
    return np.array(chosen, dtype=np.int64)


@dataclass
class Oracle:
    """One z: the rows the oracle plays, how often it departs, its half-sample gains."""

    z: float
    rows: RowData
    departs: int = 0
    half_gains: list[float] = field(default_factory=list)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer-file", type=Path, default=bench_peer.PEER_FILE)
    ap.add_argument("--k", type=int, default=20, help="candidates a hand, standard's own included (2-100)")
    ap.add_argument("--z", type=float, nargs="+", default=[0.0, 1.0, 2.0, 3.0])
    args = ap.parse_args()
    if not 2 <= args.k <= 100:
        ap.error(f"--k must be from 2 to 100, not {args.k}")
    if not args.peer_file.is_file():
        print(f"bench_peer_oracle: needs the peer file; {args.peer_file} is not a file "
              "(set CP_PEER_FILE or pass --peer-file)")
        return 0
    tab = tables_for(RULES)
    deals, peer = bench_peer.read_peer(args.peer_file)
    hands = -np.sort(-deals.reshape(-1, 13), axis=1)  # the engine's order: setting numbers refer to it
    own = settings_for(hands, "standard", RULES)
    base = setting_rows(hands, own, tab, RULES)
    oracles = [Oracle(z, RowData(base.cls.copy(), base.roy.copy(), base.foul.copy(), base.nat.copy()))
               for z in args.z]
    masks = bench_peer.card_masks(hands)
    deal = np.arange(len(hands)) // 2
    peer_cls, peer_foul = peer.cls, peer.foul
    in_sample: list[float] = []
    opponents = 0
    t = time.perf_counter()
    for i, hand in enumerate(hands):
        against = ((masks & masks[i]) == 0) & (deal != deal[i])
        opponents += int(against.sum())
        cand = candidates(hand, int(own[i]), args.k)
        rows = setting_rows(np.repeat(hands[i:i + 1], len(cand), axis=0), cand, tab, RULES)
        diff = bench_peer.class_points_2_4(rows.cls[:, None, :], rows.foul[:, None],
                                           peer_cls[against][None], peer_foul[against][None])
        diff -= diff[0]
        mean = diff.mean(axis=1)
        se = diff.std(axis=1, ddof=1) / np.sqrt(diff.shape[1])
        best = int(np.argmax(mean))
        in_sample.append(float(mean[best]))
        half = np.random.default_rng(i).random(diff.shape[1]) < 0.5
        pick_on, score_on = diff[:, half], diff[:, ~half]
        half_mean = pick_on.mean(axis=1)
        half_se = pick_on.std(axis=1, ddof=1) / np.sqrt(pick_on.shape[1])
        half_best = int(np.argmax(half_mean))
        for o in oracles:
            if best > 0 and mean[best] > o.z * se[best]:
                o.departs += 1
                o.rows.cls[i], o.rows.foul[i] = rows.cls[best], rows.foul[best]
            taken = half_best > 0 and half_mean[half_best] > o.z * half_se[half_best]
            o.half_gains.append(float(score_on[half_best].mean()) if taken else 0.0)
        if (i + 1) % 10_000 == 0:
            print(f"   {i + 1} hands ({(time.perf_counter() - t) / (i + 1) * 1e3:.1f} ms a hand)", flush=True)
    standard = bench_peer.duplicate_points(base, peer)
    print(f"== {len(deals)} deals of {args.peer_file.name}; {args.k} candidates a hand, "
          f"{opponents / len(hands):.0f} peer hands a hand as its opponents")
    bench_peer.report("standard vs peer", standard)
    print(f"   best candidate's in-sample gain (overstates the best): {np.mean(in_sample):+.4f} a hand")
    for o in oracles:
        paired = bench_peer.duplicate_points(o.rows, peer) - standard
        gains = np.array(o.half_gains)
        gap = 1.96 * gains.std(ddof=1) / np.sqrt(len(gains))
        print(f"-- z = {o.z:g}: the oracle departs on {o.departs / len(hands):.1%} of hands")
        bench_peer.report("   oracle minus standard vs peer (paired)", paired)
        print(f"   picked on half its opponents, scored on the other half: {gains.mean():+.4f} ± "
              f"{gap:.4f} a hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
