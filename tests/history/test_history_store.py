"""The history database: round trips, migrations, corruption handling, concurrent writers."""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from cp_trainer.history import Game, HandRecord, HistoryStore, RecordError
from cp_trainer.history.schema import MIGRATIONS, SCHEMA_VERSION
from cp_trainer.history.store import HistoryNewer
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from tests.history_fixtures import DEAL, T0, make_record


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None
        rec = make_record(fouled=True, rules=HouseRules(system=ScoringSystem.ONE_SIX, point_value=0.5))
        hand_id = store.add(rec)
        back = store.get(hand_id)
    assert back is not None
    assert back == rec.with_id(hand_id)
    assert back.points == -8.0 and back.fouled
    assert back.ev_lost == pytest.approx(0.4)
    assert HouseRules.from_dict(dict(back.house_rules)).system is ScoringSystem.ONE_SIX
    assert [o.name for o in back.opponents] == ["greedy", "standard"]


def test_nullable_ev_and_reopening(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        store.add(make_record(0, ev=None))
        store.add(make_record(1))
    with HistoryStore.open(tmp_path) as store:
        hands = store.hands()
        assert [h.ev_lost for h in hands] == [None, pytest.approx(0.4)]
        assert store.count() == 2 and store.count(Game.PAIGOW) == 0
        summaries = store.summaries()
        assert [s.id for s in summaries] == [h.id for h in hands]
        assert summaries[0].ev_lost is None and summaries[1].foul_count == 0


def test_paigow_record_with_joker_round_trips(tmp_path: Path) -> None:
    rec = HandRecord.from_dict({
        "game": "paigow", "played_at": T0.isoformat(), "deal": "Ad Ah As Ac joker 4d 7h",
        "arrangement": "Ad Ah As 7h 4d / Ac Jk", "opponents": [{"arrangement": "Kc Kd 2s 3s 4h / 9c 8d",
                                                                  "points": 0.95, "name": "dealer"}],
    })
    assert rec.deal == "Ad Ah As Ac Jk 4d 7h"
    with HistoryStore.open(tmp_path) as store:
        back = store.get(store.add(rec))
    assert back is not None and back.game is Game.PAIGOW and back.points == pytest.approx(0.95)


def test_migration_path_from_an_empty_file(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite3").write_bytes(b"")
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None
        assert store.schema_version == SCHEMA_VERSION == len(MIGRATIONS)
        store.add(make_record())
        assert store.count() == 1
        mode = store._conn.execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_migration_from_version_1_keeps_hands(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(MIGRATIONS[0])
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO hands (played_at, game, deal, arrangement, house_rules, points, foul_count) "
                 "VALUES (?, 'chinese', ?, ?, '{}', 2.0, 0)",
                 (T0.isoformat(), DEAL, "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d"))
    conn.execute("INSERT INTO opponents (hand_id, seat, arrangement, points) VALUES (1, 0, ?, 2.0)",
                 ("2c 3c 4h / 5c 6d 8c 9c Tc / Jd Jh Js Qc Qd",))
    conn.commit()
    conn.close()
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None and store.schema_version == SCHEMA_VERSION
        (hand,) = store.hands()
        assert hand.opponents[0].name == "" and hand.points == 2.0


def test_garbage_file_is_moved_aside_and_a_fresh_history_started(tmp_path: Path) -> None:
    garbage = b"this is not a database\x00\xff" * 200
    (tmp_path / "history.sqlite3").write_bytes(garbage)
    with HistoryStore.open(tmp_path) as store:
        rec = store.recovery
        assert rec is not None
        assert rec.moved_to.exists() and rec.moved_to.read_bytes() == garbage
        assert rec.moved_to.parent == tmp_path and "unreadable" in rec.moved_to.name
        assert str(rec.moved_to) in rec.message("en") and str(rec.moved_to) in rec.message("ru")
        assert store.count() == 0
        store.add(make_record())
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None and store.count() == 1


def test_newer_schema_version_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    before = path.read_bytes()
    for opening in (HistoryStore.open, HistoryStore.open_readonly):
        with pytest.raises(HistoryNewer, match="newer version of cp-trainer"):
            opening(tmp_path)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_foreign_sqlite_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE hands (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.commit()
    conn.close()
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is not None
        assert store.count() == 0


def test_failed_write_leaves_earlier_hands(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        store.add(make_record(0))
        bad = make_record(1)
        object.__setattr__(bad, "game", "not a game")  # breaks inside the transaction
        with pytest.raises(AttributeError, match=r"^'str' object has no attribute 'value'$"):
            store.add_many([make_record(2), bad])
        assert store.count() == 1


def _writer(path: Path, offset: int, n: int, errors: list[BaseException]) -> None:
    try:
        with HistoryStore.open(path) as store:
            for i in range(n):
                store.add(make_record(offset + i))
    except BaseException as exc:  # reported to the main thread
        errors.append(exc)


def test_two_connections_writing_at_once(tmp_path: Path) -> None:
    HistoryStore.open(tmp_path).close()
    errors: list[BaseException] = []
    threads = [threading.Thread(target=_writer, args=(tmp_path, k * 1000, 60, errors)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with HistoryStore.open(tmp_path) as store:
        assert store.count() == 120
        assert store.integrity_ok()
        assert len({h.played_at for h in store.hands()}) == 120


def test_record_validation_names_the_field() -> None:
    good = make_record().to_dict()
    assert HandRecord.from_dict(good) == make_record()
    cases = {
        "game": ("poker", "game"),
        "deal": ("As Ah", "13 cards"),
        "played_at": ("2026-10-16T12:00:00", "time zone"),
        "player_ev": ("lots", "player_ev"),
        "arrangement": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 3d", "dealt cards"),
        "house_rules": ({"system": "9-9"}, "house_rules"),
        "opponents": ([{"arrangement": "Zz", "points": 1}], "Zz"),
        "fouls": ([{"code": ""}], r"fouls\[0\]"),
    }
    for key, (value, needle) in cases.items():
        with pytest.raises(RecordError, match=needle):
            HandRecord.from_dict({**good, key: value})
    with pytest.raises(RecordError, match="duplicate card As"):
        HandRecord.from_dict({**good, "deal": "As As Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s"})
    with pytest.raises(RecordError, match="unknown field"):
        HandRecord.from_dict({**good, "extra": 1})


def test_solver_verdict_added_later_and_rule_sets(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        first = store.add(make_record(0, ev=None))
        store.add(make_record(1, rules=HouseRules(system=ScoringSystem.ONE_SIX)))
        store.add(make_record(2))
        assert store.set_solver(first, "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d", 1.5, 1.0)
        assert not store.set_solver(999, "x", 0.0, None)
        hand = store.get(first)
        assert hand is not None and hand.ev_lost == pytest.approx(0.5)
        sets = store.rule_sets()
        assert [n for _, n in sets] == [2, 1]
        assert json.loads(sets[1][0])["system"] == "1-6"
        assert store.delete(first) and store.count() == 2


def test_completed_lessons_are_remembered(tmp_path: Path) -> None:
    with HistoryStore.open(tmp_path) as store:
        assert store.completed_lessons() == set()
        store.mark_lesson_completed("example_1")
        store.mark_lesson_completed("example_1")
        store.mark_lesson_completed("check_order")
    with HistoryStore.open(tmp_path) as store:
        assert store.completed_lessons() == {"example_1", "check_order"}


def test_schema_7_keeps_surrendered_bots_and_the_loss_stderr(tmp_path: Path) -> None:
    """A bot that surrendered and the paired standard error of what the choice cost: stored,
    given back, exported and imported (the JSON only carries them when set)."""
    base = make_record(3)
    gone = replace(base.opponents[0], points=3.0, surrendered=True)
    rec = replace(base, opponents=(gone, *base.opponents[1:]), loss_stderr=0.031)
    data = rec.to_dict()
    assert data["opponents"][0]["surrendered"] is True and "surrendered" not in data["opponents"][1]
    assert data["solver"]["loss_stderr"] == 0.031
    assert HandRecord.from_dict(data) == rec
    plain = make_record(4).to_dict()  # an ordinary hand exports exactly as before schema 7
    assert "loss_stderr" not in plain["solver"] and all("surrendered" not in o for o in plain["opponents"])
    with HistoryStore.open(tmp_path) as store:
        back = store.get(store.add(rec))
        assert back is not None and back == rec.with_id(back.id)
        assert back.opponents[0].surrendered and back.loss_stderr == 0.031
        other = store.add(make_record(5))
        assert store.set_solver(other, "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d", 0.9, 0.85, 0.02)
        later = store.get(other)
        assert later is not None and later.loss_stderr == 0.02 and later.ev_lost == pytest.approx(0.05)
        with pytest.raises(RecordError, match="loss_stderr"):
            store.set_solver(other, "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d", 0.9, 0.85, -1.0)
    for bad in ({"surrendered": "yes"}, {"surrendered": 1}):
        broken = json.loads(json.dumps(data))
        broken["opponents"][0].update(bad)
        with pytest.raises(RecordError, match=r"opponents\[0\].surrendered"):
            HandRecord.from_dict(broken)
    broken = json.loads(json.dumps(data))
    broken["solver"]["loss_stderr"] = -0.5
    with pytest.raises(RecordError, match="loss_stderr"):
        HandRecord.from_dict(broken)


def test_migration_from_version_6_keeps_hands_and_knows_no_error(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    conn.create_function("cp_hand_uid", 5, lambda *a: "x" + str(abs(hash(a))))
    for step in MIGRATIONS[:6]:
        conn.executescript(step)
    conn.execute("PRAGMA user_version = 6")
    conn.execute("INSERT INTO hands (played_at, game, deal, arrangement, house_rules, solver_arrangement, "
                 "solver_ev, player_ev, points, foul_count, uid) "
                 "VALUES (?, 'chinese', ?, ?, '{}', ?, 0.5, 0.1, 2.0, 0, 'old-1')",
                 (T0.isoformat(), DEAL, "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d",
                  "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d"))
    conn.execute("INSERT INTO opponents (hand_id, seat, arrangement, points) VALUES (1, 0, ?, 2.0)",
                 ("2c 3c 4h / 5c 6d 8c 9c Tc / Jd Jh Js Qc Qd",))
    conn.commit()
    conn.close()
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None and store.schema_version == SCHEMA_VERSION
        (hand,) = store.hands()
        assert hand.loss_stderr is None and not hand.opponents[0].surrendered
        assert hand.ev_lost == pytest.approx(0.4)


def test_a_journalled_verdict_keeps_its_stderr(tmp_path: Path) -> None:
    """The writer's journal (kept while the database is locked) carries the loss's standard error;
    a journal line written before schema 7 has none and reads back as unknown."""
    from cp_trainer.history.journal import Solver, job_to_json, read_journal

    journal = tmp_path / "pending-hands.jsonl"
    job = Solver("uid-1", "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d", 0.9, 0.85, 0.02)
    old = {"solver": {"uid": "uid-2", "arrangement": job.arrangement, "ev": 0.9, "player_ev": 0.1}}
    journal.write_text(json.dumps(job_to_json(job)) + "\n" + json.dumps(old) + "\n", encoding="utf-8")
    jobs = read_journal(journal)
    assert jobs == [job, Solver("uid-2", job.arrangement, 0.9, 0.1, None)]
