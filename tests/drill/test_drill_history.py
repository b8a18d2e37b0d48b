"""Drill results in the history: the migration, storage, export/import, and the profile rebuilt
from them (rating, review queue, per-day and per-theme figures)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from cp_trainer.drill.grading import GradeLevel
from cp_trainer.drill.profile import DrillProfile
from cp_trainer.drill.rating import PlayerRating
from cp_trainer.history import HistoryStore, export_jsonl, import_jsonl, read_jsonl
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.history.jsonl import read_lines
from cp_trainer.history.schema import MIGRATIONS, SCHEMA_VERSION
from tests.drill_fixtures import T0, records
from tests.history_fixtures import make_record


def test_migration_adds_the_drill_table_to_an_older_history(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    for step in MIGRATIONS[:4]:  # a history of before the hands' identities and the drill
        conn.executescript(step)
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None and store.schema_version == SCHEMA_VERSION
        store.add(make_record(0))
        store.add_drill_results(records())
        assert [r.grade for r in store.drill_results()] == ["mistake", "best", "mistake"]
        assert store.count() == 1  # hands and drill results are apart


def test_results_round_trip_through_the_database(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        store.add_drill_results(records())
        assert store.drill_results() == records()


def test_export_and_import_carry_drill_results_as_their_own_lines(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path / "a") as store:
        store.add(make_record(0))
        store.add_drill_results(records())
        assert export_jsonl(store, tmp_path / "h.jsonl") == 1
    lines = [json.loads(line) for line in (tmp_path / "h.jsonl").read_text(encoding="utf-8").splitlines()]
    assert ["kind" in line for line in lines] == [False, True, True, True]
    assert lines[1]["kind"] == "drill" and lines[1]["grade"] == "mistake"
    assert len(read_jsonl(tmp_path / "h.jsonl")) == 1  # the hands only, as before
    with HistoryStore.open(tmp_path / "b") as other:
        report = import_jsonl(other, tmp_path / "h.jsonl")
        assert (report.imported, report.drill_imported, report.drill_skipped) == (1, 3, 0)
        assert other.drill_results() == records()
        again = import_jsonl(other, tmp_path / "h.jsonl")
        assert (again.imported, again.drill_imported, again.drill_skipped) == (0, 0, 3)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("grade", "great", "grade must be one of"),
    ("hand", "As Ks", "13 distinct cards"),
    ("loss", "x", "loss must be a finite number"),
    ("significant", 1, "significant must be true or false"),
    ("played_at", "2026-11-30T09:00:00", "time zone"),
    ("difficulty", 1e6, "difficulty must be a whole number"),
])
def test_a_bad_drill_line_is_named_and_left_out(tmp_path: Path, field: str, value: object,
                                               message: str) -> None:
    good = records()[0].to_dict()
    bad = good | {field: value}
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps(make_record(0).to_dict()) + "\n" + json.dumps(good) + "\n" + json.dumps(bad)
                    + "\n", encoding="utf-8")
    with HistoryStore.open(tmp_path / "db") as store:
        report = import_jsonl(store, path)
        (damaged,) = report.damaged
        assert damaged.line == 3 and message in str(damaged)
        # the good lines are imported (per line, as hands are)
        assert (report.imported, report.drill_imported) == (1, 1)
        assert store.drill_results() == [records()[0]]


def test_profile_replays_rating_and_schedule() -> None:
    recs = records()
    profile = DrillProfile.replay(recs)
    # the player and the hand play each other: the hand starts at its difficulty ± 120
    player, hand = PlayerRating(), PlayerRating(1619, 120)
    for level in (GradeLevel.MISTAKE, GradeLevel.BEST, GradeLevel.MISTAKE):
        player, hand = (player.after_game(hand.rating, hand.deviation, level.score),
                        hand.after_game(player.rating, player.deviation, 1 - level.score))
    expected = player
    assert profile.rating == expected
    assert profile.hand_rating(recs[0].hand, 1619) == hand
    assert profile.overall.hands == 3 and profile.overall.streak == 0 and profile.overall.best_streak == 1
    # the missed hand is under review, due again a minute after its last miss (fsrs' relearning step
    # or learning step): due today
    assert profile.due_count(T0 + timedelta(minutes=10)) == 1
    assert [d.hands for d in profile.days] == [3]
    assert profile.days[0].rating == pytest.approx(expected.rating)
    assert [(t.theme, t.hands) for t in profile.themes] == [("pair_on_top", 3)]
    assert profile.themes[0].mean_loss == pytest.approx(2 * 0.794 / 3)


def test_a_hand_always_missed_grows_harder_and_one_always_solved_easier() -> None:
    rec = records()[0]
    missed = DrillProfile.replay([replace(rec, grade="blunder", played_at=T0 + timedelta(days=i))
                                  for i in range(3)])
    solved = DrillProfile.replay([replace(rec, grade="best", played_at=T0 + timedelta(days=i))
                                  for i in range(3)])
    assert missed.hand_rating(rec.hand, 1619).rating > 1619 > solved.hand_rating(rec.hand, 1619).rating
    assert DrillProfile().hand_rating(rec.hand, None).rating == 1500


def test_profile_from_an_export_equals_the_original(tmp_path: Path) -> None:
    recs = [*records(), replace(records()[1], played_at=T0 + timedelta(days=1))]
    with HistoryStore.open(tmp_path / "a") as store:
        store.add_drill_results(recs)
        export_jsonl(store, tmp_path / "h.jsonl")
    drills = read_lines(tmp_path / "h.jsonl").drills
    a, b = DrillProfile.replay(recs), DrillProfile.replay(drills)
    assert a.rating == b.rating and a.days == b.days
    assert [r.due for r in a.schedule.reviews] == [r.due for r in b.schedule.reviews]
    assert len(a.days) == 2


def test_cli_import_reports_drill_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cp_trainer.cli import main

    with HistoryStore.open(tmp_path / "a") as store:
        store.add_drill_results(records())
        export_jsonl(store, tmp_path / "h.jsonl")
    assert main(["history", "import", str(tmp_path / "h.jsonl"), "--data-dir", str(tmp_path / "b"),
                 "--lang", "en"]) == 0
    assert "Imported 3 drill results (0 already in the history)" in capsys.readouterr().out


def test_the_history_writer_stores_drill_results_through_its_journal_once(tmp_path: Path) -> None:
    import threading

    from cp_trainer.history.writer import EventKind, HistoryWriter, WriterEvent

    folder = tmp_path / "D"
    HistoryStore.open(folder).close()
    events: list[EventKind] = []
    told = threading.Event()

    def notify(event: WriterEvent) -> None:
        events.append(event.kind)
        if event.kind is EventKind.RESUMED:
            told.set()

    writer = HistoryWriter(folder, notify=notify, busy_timeout_ms=50, retries=1, retry_interval_s=0.1)
    other = sqlite3.connect(folder / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        writer.add_drill_results(records())  # returns at once: the GUI never waits
        assert writer.flush(20)
        assert writer.waiting and events.count(EventKind.PENDING) == 1
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert told.wait(20)
    writer.close()
    assert EventKind.DRILL_RECORDED in events and not writer.journal.exists()
    with HistoryStore.open(folder) as store:
        assert store.drill_results() == records()
    line = json.dumps({"drill": [r.to_dict() for r in records()]})
    (folder / "pending-hands.jsonl").write_text(line + "\n" + line + "\n", encoding="utf-8")
    again = HistoryWriter(folder)  # a journal replayed twice (a crash before it was removed)
    assert again.flush(20)
    again.close()
    with HistoryStore.open(folder) as store:
        assert store.drill_results() == records()  # each result once


def test_the_writer_leaves_a_known_result_to_the_stores_unique_identity(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the writer read every stored result back (each validated) before each write, to leave out
    # the known ones; the store's unique identity (schema 8) ignores them just the same
    from cp_trainer.history.writer import EventKind, HistoryWriter, WriterEvent

    folder = tmp_path / "D"
    with HistoryStore.open(folder) as store:
        store.add_drill_results(records()[:2])  # known already (an import, a journal replayed)

    def no_read_back(self: HistoryStore) -> list[DrillRecord]:
        raise AssertionError("the writer read every stored drill result back")

    monkeypatch.setattr(HistoryStore, "drill_results", no_read_back)
    events: list[EventKind] = []

    def notify(event: WriterEvent) -> None:
        events.append(event.kind)

    writer = HistoryWriter(folder, notify=notify)
    writer.add_drill_results(records())  # two known, one new
    writer.add_drill_results([records()[2]])  # the new one once more
    assert writer.flush(20)
    writer.close()
    monkeypatch.undo()
    assert events.count(EventKind.DRILL_RECORDED) == 2 and EventKind.REFUSED not in events
    assert EventKind.PENDING not in events and not writer.journal.exists()
    with HistoryStore.open(folder) as store:
        assert store.drill_results() == records()  # each result once, in time order
