"""History export / import as JSON Lines, and the statistics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cp_trainer.history import HistoryStore, ImportFileError, compute_stats, export_jsonl, import_jsonl
from tests.history_fixtures import make_record


def test_export_then_import_into_another_history(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path / "a") as store:
        for i in range(5):
            store.add(make_record(i, fouled=i % 2 == 1, ev=None if i == 3 else (1.0, 0.25)))
        originals = store.hands()
        assert export_jsonl(store, tmp_path / "h.jsonl") == 5
    lines = (tmp_path / "h.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and all(json.loads(line)["game"] == "chinese" for line in lines)
    with HistoryStore.open(tmp_path / "b") as other:
        report = import_jsonl(other, tmp_path / "h.jsonl")
        assert (report.imported, report.skipped) == (5, 0)
        assert [h.with_id(None) for h in other.hands()] == [h.with_id(None) for h in originals]
        again = import_jsonl(other, tmp_path / "h.jsonl")
        assert (again.imported, again.skipped) == (0, 5)
        assert other.count() == 5


def test_import_skips_a_bad_line_names_it_and_imports_the_others(tmp_path: Path) -> None:
    good = [json.dumps(make_record(i).to_dict()) for i in range(4)]
    bad = make_record(9).to_dict()
    bad["deal"] = bad["deal"].replace("2s", "Xx")
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join([good[0], good[1], "", json.dumps(bad), good[2]]) + "\n", encoding="utf-8")
    with HistoryStore.open(tmp_path / "db") as store:
        report = import_jsonl(store, path)
        (damaged,) = report.damaged
        assert damaged.line == 4 and "'Xx'" in str(damaged) and "line 4" in str(damaged)
        assert report.imported == 3 and store.count() == 3
        path.write_text(good[3] + "\n{not json\n", encoding="utf-8")
        report = import_jsonl(store, path)
        assert [(d.line, d.reason) for d in report.damaged] == [
            (2, "not valid JSON (Expecting property name enclosed in double quotes)")]
        assert report.imported == 1 and store.count() == 4
        with pytest.raises(ImportFileError, match="cannot read"):
            import_jsonl(store, tmp_path / "missing.jsonl")


def test_stats_figures(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        assert compute_stats(store.summaries()).points_per_hand is None
        # points: +3, -8 (foul), +3, +3 ; ev lost 0.4 except hand 2 unknown
        store.add(make_record(0))
        store.add(make_record(1, fouled=True, ev=(0.2, -1.8)))
        store.add(make_record(2, ev=None))
        store.add(make_record(3))
        stats = compute_stats(store.summaries(), window=2)
    assert stats.hands == 4 and stats.points_total == pytest.approx(1.0)
    assert stats.points_per_hand == pytest.approx(0.25)
    assert stats.fouls == 1 and stats.foul_rate_per_100 == pytest.approx(25.0)
    assert stats.hands_with_ev == 3
    assert stats.ev_lost_per_hand == pytest.approx((0.4 + 2.0 + 0.4) / 3)
    assert stats.ev_lost_recent == pytest.approx((2.0 + 0.4) / 2)
    assert [p.foul_rate_per_100 for p in stats.series] == pytest.approx([0, 50, 100 / 3, 25])
    assert stats.series[2].ev_lost is None and stats.series[2].ev_lost_avg == pytest.approx(1.2)
    assert stats.to_dict()["foul_rate_per_100"] == 25.0
