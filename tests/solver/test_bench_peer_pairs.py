"""The peer file played every way it can be paired (``benchmarks/bench_peer.py``'s
``pair_sums``): it plays exactly the pairs of hands that share no card, its own deal's other hand
among them, and its jackknife interval agrees with the ordinary one where the games are
independent. Small made-up files, checked by brute force."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_peer

from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.solver.enumerate import tables_for
from cp_trainer.solver.fastbots import settings_for
from cp_trainer.solver.scoring import RowData, setting_rows

RULES = HouseRules()


def _file(deals: int, seed: int) -> tuple[npt.NDArray[np.int64], RowData, RowData]:
    """Deals of two hands from one shuffled deck; 'ours' set by greedy, 'the peer' by standard."""
    rng = np.random.default_rng(seed)
    hands = np.array([rng.permutation(52)[:26] for _ in range(deals)], dtype=np.int64).reshape(-1, 13)
    tab = tables_for(RULES)
    ours = setting_rows(hands, settings_for(hands, "greedy", RULES), tab, RULES)
    peer = setting_rows(hands, settings_for(hands, "standard", RULES), tab, RULES)
    return hands, ours, peer


def test_every_pair_without_a_shared_card_is_played_once_each_way() -> None:
    hands, ours, peer = _file(40, seed=3)
    points, games = bench_peer.pair_sums(hands, ours, peer, groups=8)
    want_points = want_games = 0.0
    disjoint_partners = 0
    for i in range(len(hands)):
        for j in range(len(hands)):
            if not set(hands[i].tolist()) & set(hands[j].tolist()):
                want_games += 1
                want_points += float(bench_peer.points_2_4(ours.take([i]), peer.take([j]))[0])
                disjoint_partners += j == (i ^ 1)
    assert disjoint_partners == len(hands)  # a deal's two hands never share a card
    assert games.shape == (8, 8)
    assert games.sum() == want_games > len(hands)
    assert np.isclose(points.sum(), want_points)


def test_the_jackknife_agrees_with_the_ordinary_interval_on_independent_deals() -> None:
    _, ours, peer = _file(400, seed=5)
    per_deal = bench_peer.duplicate_points(ours, peer)
    groups = 200
    group = np.arange(len(per_deal)) * groups // len(per_deal)
    # the file's own pairing only: a deal's two games, in its group's diagonal cell
    points = np.diag(np.bincount(group, weights=2 * per_deal, minlength=groups).astype(np.float64))
    games = np.diag(2.0 * np.bincount(group, minlength=groups).astype(np.float64))
    mean, half = bench_peer.jackknife(points, games)
    assert np.isclose(mean, per_deal.mean())
    ordinary = 1.96 * per_deal.std(ddof=1) / np.sqrt(len(per_deal))
    assert 0.8 * ordinary < half < 1.25 * ordinary
    assert mean < 0  # greedy loses to standard
