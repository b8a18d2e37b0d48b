"""Speed of the practice history: storing hands (one transaction each), listing and statistics.

Run: ``.venv/bin/python benchmarks/bench_history.py [HANDS]`` (or ``./dev bench bench_history``).
Prints figures for a temporary database of HANDS hands (default 5,000): a hand is stored at every
showdown, and the history window and ``cp-trainer stats`` read every summary at once.
"""

from __future__ import annotations

import sys
import tempfile
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

from cp_trainer.history import (
    FoulNote,
    Game,
    HandRecord,
    HistoryStore,
    OpponentHand,
    compute_stats,
    export_jsonl,
    import_jsonl,
)
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.history.record import now_utc
from cp_trainer.history.writer import HistoryWriter
from cp_trainer.rules.cards import Deck, format_cards
from cp_trainer.rules.house_rules import HouseRules


def sample_hands(n: int) -> list[HandRecord]:
    start = now_utc()
    rules = HouseRules().to_dict()
    hands = []
    for i in range(n):
        deck = Deck(seed=i)
        mine, bot = deck.deal(13), deck.deal(13)
        arrangement = f"{format_cards(mine[:3])} / {format_cards(mine[3:8])} / {format_cards(mine[8:])}"
        bot_arr = f"{format_cards(bot[:3])} / {format_cards(bot[3:8])} / {format_cards(bot[8:])}"
        hands.append(HandRecord(
            game=Game.CHINESE, deal=format_cards(mine), arrangement=arrangement,
            played_at=start + timedelta(seconds=i), house_rules=rules,
            fouls=(FoulNote("order", "top beats middle"),) if i % 7 == 0 else (),
            opponents=(OpponentHand(bot_arr, float(i % 9 - 4), "standard"),),
            solver_arrangement=arrangement, solver_ev=0.5, player_ev=0.5 - (i % 5) / 10,
        ))
    return hands


def _bench_writer(tmp: str, hands: list[HandRecord]) -> None:
    """Hands recorded through the writer thread: the caller's cost, and how soon one is durable."""
    writer = HistoryWriter(tmp)
    t = time.perf_counter()
    for h in hands[:200]:
        writer.add_hands([replace(h, played_at=h.played_at + timedelta(days=2))])
    queued = time.perf_counter() - t
    writer.flush()
    print(f"recording through the writer thread: {queued / 200 * 1e6:.0f} µs/hand on the caller's "
          f"thread (its own journal file written, not synced), "
          f"{(time.perf_counter() - t) / 200 * 1000:.2f} ms/hand written")
    durable = []
    for h in hands[200:250]:  # one hand at a time, as at a table: how soon it survives a power cut
        t = time.perf_counter()
        writer.add_hands([replace(h, played_at=h.played_at + timedelta(days=3))])
        writer.wait_durable()
        durable.append(time.perf_counter() - t)
        writer.flush()
    durable.sort()
    print(f"a hand durable (its journal fsynced, or stored) after: median {durable[25] * 1000:.1f} ms, "
          f"slowest {durable[-1] * 1000:.1f} ms of 50 (the bound: 1 s)")
    writer.close()


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    hands = sample_hands(n)
    with tempfile.TemporaryDirectory() as tmp, HistoryStore.open(tmp) as store:
        t = time.perf_counter()
        for h in hands[:500]:
            store.add(h)
        per_hand = (time.perf_counter() - t) / 500
        print(f"store one hand per transaction (synchronous=FULL, WAL): {per_hand * 1000:.2f} ms/hand")
        t = time.perf_counter()
        store.add_many(replace(h, played_at=h.played_at + timedelta(days=1)) for h in hands[500:])
        print(f"store {n - 500} hands in one transaction (an import): {time.perf_counter() - t:.2f} s")
        t = time.perf_counter()
        summaries = store.summaries()
        print(f"list {len(summaries)} hand summaries (history window, stats): "
              f"{(time.perf_counter() - t) * 1000:.0f} ms")
        t = time.perf_counter()
        stats = compute_stats(summaries)
        print(f"statistics over {stats.hands} hands: {(time.perf_counter() - t) * 1000:.0f} ms")
        t = time.perf_counter()
        stats = compute_stats(summaries, window=100_000_000)  # linear in the hands, however wide the window
        print(f"statistics with --window 100000000 over {stats.hands} hands: "
              f"{(time.perf_counter() - t) * 1000:.0f} ms")
        t = time.perf_counter()
        full = store.hands()
        print(f"load {len(full)} full hands (export): {(time.perf_counter() - t) * 1000:.0f} ms")
        t = time.perf_counter()
        HistoryStore.open(tmp).close()
        print(f"open (integrity quick_check, migrations) with {n} hands: "
              f"{(time.perf_counter() - t) * 1000:.0f} ms")
        t = time.perf_counter()
        HistoryStore.open_readonly(tmp).close()
        print(f"open read-only (stats, export) with {n} hands: {(time.perf_counter() - t) * 1000:.0f} ms")
        _bench_writer(tmp, hands)
        drills = sample_drills(n)
        t = time.perf_counter()
        store.add_drill_results(drills)
        print(f"store {n} drill results in one transaction (validated): {time.perf_counter() - t:.2f} s")
        writer = HistoryWriter(tmp)
        later = [replace(d, played_at=d.played_at + timedelta(days=30)) for d in drills[:50]]
        t = time.perf_counter()
        for d in later:  # one result at a time, as the Drill page writes them, n already stored
            writer.add_drill_results([d])
            writer.flush()
        print(f"a drill result written through the writer thread with {n} stored: "
              f"{(time.perf_counter() - t) / len(later) * 1000:.1f} ms each (of {len(later)})")
        writer.close()
        t = time.perf_counter()
        read = store.drill_results()
        print(f"read {len(read)} drill results (each validated; Drill tab, export): "
              f"{(time.perf_counter() - t) * 1000:.0f} ms")
        out = Path(tmp) / "export.jsonl"
        t = time.perf_counter()
        exported = export_jsonl(store, out)
        print(f"export {exported} hands and {len(read)} drill results: {time.perf_counter() - t:.2f} s")
        with HistoryStore.open(Path(tmp) / "other") as other:
            t = time.perf_counter()
            report = import_jsonl(other, out)
            print(f"import {report.imported} hands and {report.drill_imported} drill results (one "
                  f"transaction): {time.perf_counter() - t:.2f} s")


def sample_drills(n: int) -> list[DrillRecord]:
    """``n`` drill results of one hand, a minute apart."""
    cards = Deck(seed=1).deal(13)
    hand = format_cards(sorted(cards, reverse=True))
    rows = f"{format_cards(cards[:3])} / {format_cards(cards[3:8])} / {format_cards(cards[8:])}"
    start = now_utc()
    return [DrillRecord(start + timedelta(minutes=i), hand, "pool", "pair_on_top", 1500, rows, rows, 1.0, 1.0,
                        0.0, 0.01, False, False, "best") for i in range(n)]


if __name__ == "__main__":
    main()
