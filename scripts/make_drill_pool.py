#!/usr/bin/env python3
"""Find instructive drill hands and store them with their solver answers.

    nice -n 15 .venv/bin/python scripts/make_drill_pool.py                 # ≥ 2,000 hands, ≤ 40 min
    .venv/bin/python scripts/make_drill_pool.py --target 50 --minutes 1 --out /tmp/pool.jsonl

Random hands (from ``--seed``) are analysed by :func:`cp_trainer.drill.analysis.analyse` (one
opponent set by the ``standard`` bot, ``--samples`` samples on a seed derived from the cards); a
hand is kept when the natural (greedy) arrangement loses at least ``--min-loss`` points per deal
to the best, significantly. Each kept hand gets its theme (how the best differs from greedy) and
difficulty (how the bots fare), and is written as one JSON line to ``--out`` (default
``resources/drill/pool.jsonl.gz``) as soon as it is found — to ``OUT.partial`` (plain text), gzipped
to ``OUT`` when the run ends (the target reached, the time spent, or Ctrl+C).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cp_trainer.drill.analysis import DRILL_SAMPLES, analyse  # noqa: E402
from cp_trainer.drill.pool import hand_key, random_cards, solved_to_hand  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "cp_trainer" / "resources" / "drill"
                        / "pool.jsonl.gz")
    parser.add_argument("--target", type=int, default=2200, help="hands to find (default 2200)")
    parser.add_argument("--minutes", type=float, default=40.0, help="stop after this long (default 40)")
    parser.add_argument("--samples", type=int, default=DRILL_SAMPLES)
    parser.add_argument("--min-loss", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_name(args.out.name + ".partial")
    start = time.monotonic()
    tried = kept = 0
    themes: Counter[str] = Counter()
    seen: set[str] = set()
    try:
        with partial.open("w", encoding="utf-8") as fh:
            while kept < args.target and time.monotonic() - start < args.minutes * 60:
                cards = random_cards(rng)
                if hand_key(cards) in seen:
                    continue
                seen.add(hand_key(cards))
                tried += 1
                solved = analyse(cards, samples=args.samples)
                greedy = solved.bot_loss("greedy")
                if greedy.loss < args.min_loss or not greedy.significant:
                    continue
                hand = solved_to_hand(solved, "pool")
                kept += 1
                themes[hand.theme.value if hand.theme else "?"] += 1
                fh.write(json.dumps(hand.to_pool_json(), ensure_ascii=False, separators=(",", ":")) + "\n")
                fh.flush()
                if kept % 100 == 0:
                    print(f"{kept} kept of {tried} tried, {time.monotonic() - start:.0f} s", flush=True)
    except KeyboardInterrupt:
        print("interrupted: keeping what was found", file=sys.stderr)
    with partial.open("rb") as src, gzip.open(args.out, "wb", compresslevel=9) as dst:
        dst.write(src.read())
    partial.unlink()
    print(f"{kept} hands kept of {tried} tried in {time.monotonic() - start:.0f} s -> {args.out}")
    print("themes: " + ", ".join(f"{k} {v}" for k, v in themes.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
