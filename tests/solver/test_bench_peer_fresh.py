"""The peer played by ``benchmarks/bench_peer_fresh.py``: its hand ranks order hands as poker does,
and its search returns a setting of largest value among the legal ones (checked by brute force
on tables made up here: the strategy's own tables are not shipped)."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_peer_fresh as bpf

from cp_trainer.rules.cards import Card
from cp_trainer.rules.strength import evaluate3, evaluate5

DECK = [Card.from_index(i) for i in range(52)]
Tables = tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]


@pytest.fixture(scope="module")
def tables() -> Tables:
    return bpf.rank_tables()


def _rank(cards: list[Card], tables: Tables) -> int:
    five, three = tables
    key = bpf._key(tuple(sorted((c.rank.value for c in cards), reverse=True)))
    if len(cards) == 3:
        return int(three[key])
    return int(five[1 if len({c.suit for c in cards}) == 1 else 0, key])


def test_the_ranks_order_five_and_three_card_hands_as_poker_does(tables: Tables) -> None:
    rng = random.Random(5)
    for _ in range(3000):
        a, b = rng.sample(DECK, 5), rng.sample(DECK, 5)
        assert np.sign(_rank(a, tables) - _rank(b, tables)) == np.sign(evaluate5(a) - evaluate5(b)), (a, b)
        x, y = rng.sample(DECK, 3), rng.sample(DECK, 3)
        assert np.sign(_rank(x, tables) - _rank(y, tables)) == np.sign(evaluate3(x) - evaluate3(y)), (x, y)
    # every rank is used, and a 3-card hand ranks below the 5-card hand it begins (missing kickers lowest)
    five, three = tables
    used = np.union1d(five[five >= 0], three[three >= 0])
    assert np.array_equal(used, np.arange(bpf.N_RANKS))
    aak = [Card.parse(t) for t in ("Ah", "As", "Kc")]
    assert _rank(aak, tables) < _rank([*aak, Card.parse("3d"), Card.parse("2c")], tables)


def _brute_best(cards: list[Card], tables: Tables, wins: npt.NDArray[np.float64]) -> float:
    best = -np.inf
    for front in itertools.combinations(range(13), 3):
        rest = [i for i in range(13) if i not in front]
        rf = _rank([cards[i] for i in front], tables)
        for first in itertools.combinations(rest[1:], 4):
            one = [rest[0], *first]
            other = [i for i in rest if i not in one]
            r1, r2 = _rank([cards[i] for i in one], tables), _rank([cards[i] for i in other], tables)
            if rf >= min(r1, r2) or r1 == r2:
                continue
            best = max(best, bpf._value(wins[0, rf], wins[1, min(r1, r2)], wins[2, max(r1, r2)]))
    return best


def test_the_search_finds_a_legal_setting_of_largest_value(tables: Tables) -> None:
    rng = np.random.default_rng(9)
    # made-up tables: rising chances with flat stretches, as trained ones have (ties happen)
    wins = np.sort(np.round(rng.random((3, bpf.N_RANKS)), 2), axis=1)
    peer = bpf.Peer(wins)
    for _ in range(4):
        cards = bpf.file_order([DECK[int(i)] for i in rng.permutation(52)[:13]])
        arr = peer.arrangement(cards)
        rows = [list(arr.top), list(arr.middle), list(arr.bottom)]
        rf, rm, rb = (_rank(r, tables) for r in rows)
        assert rf < rm < rb
        assert bpf._value(wins[0, rf], wins[1, rm], wins[2, rb]) == _brute_best(cards, tables, wins)
