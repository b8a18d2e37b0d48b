"""A stored hand settled again by the core; migration 4 (surrendered, Criss Cross hand number)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from cp_trainer.history import (
    FoulNote,
    HandRecord,
    HistoryStore,
    OpponentHand,
    RecordError,
    export_jsonl,
    read_jsonl,
)
from cp_trainer.history.replay import replay_record
from cp_trainer.history.schema import MIGRATIONS, SCHEMA_VERSION
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.arrangement_text import foul_message
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem
from cp_trainer.rules.settlement import settle, settle_pair
from tests.history_fixtures import T0, make_record


def _settled(record: HandRecord) -> HandRecord:
    """The record with the points and fouls the core gives (an ordinary table)."""
    rules = HouseRules.from_dict(dict(record.house_rules))
    bots = [Arrangement.parse(o.arrangement) for o in record.opponents]
    mine = Arrangement.parse(record.arrangement)
    result = settle([mine, *bots], rules)
    pts = [p.points[0] for p in result.pairs if p.players[0] == 0]
    fouls = tuple(FoulNote(f.code, foul_message(f)) for f in check_arrangement(mine, rules).fouls)
    return replace(record, fouls=fouls, opponents=tuple(
        replace(o, points=float(x)) for o, x in zip(record.opponents, pts, strict=True)))


def test_migration_from_version_3_keeps_hands_and_adds_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path)
    for step in MIGRATIONS[:3]:
        conn.executescript(step)
    conn.execute("PRAGMA user_version = 3")
    conn.execute("INSERT INTO hands (played_at, game, deal, arrangement, house_rules, points, foul_count) "
                 "VALUES (?, 'chinese', ?, ?, ?, 2.0, 0)",
                 (T0.isoformat(), make_record().deal, make_record().arrangement,
                  json.dumps(HouseRules().to_dict())))
    conn.commit()
    conn.close()
    with HistoryStore.open(tmp_path) as store:
        assert store.recovery is None and store.schema_version == SCHEMA_VERSION
        (old,) = store.hands()
        assert old.arrangement == make_record().arrangement
        assert old.surrendered is False and old.criss_cross_hand is None
        new_id = store.add(replace(make_record(1), surrendered=True, criss_cross_hand=2))
        back = store.get(new_id)
    assert back is not None and back.surrendered and back.criss_cross_hand == 2


def test_new_fields_round_trip_through_json_lines_and_old_lines_stay_as_they_were(tmp_path: Path) -> None:
    plain = make_record(0)
    assert "surrendered" not in plain.to_dict() and "criss_cross_hand" not in plain.to_dict()
    crossed = replace(make_record(1), criss_cross_hand=1)
    with HistoryStore.open(tmp_path / "a") as store:
        store.add_many([plain, crossed])
        export_jsonl(store, tmp_path / "out.jsonl")
    back = read_jsonl(tmp_path / "out.jsonl")
    assert [r.criss_cross_hand for r in back] == [None, 1]
    bad = {**crossed.to_dict(), "criss_cross_hand": 3}
    with pytest.raises(RecordError, match="criss_cross_hand must be 1, 2 or null, got 3"):
        HandRecord.from_dict(bad)
    with pytest.raises(RecordError, match="surrendered must be true or false"):
        HandRecord.from_dict({**plain.to_dict(), "surrendered": "yes"})


def test_replay_settles_again_with_the_stored_rules() -> None:
    rules = HouseRules(system=ScoringSystem.ONE_SIX)
    record = _settled(make_record(fouled=True, rules=rules))
    replayed = replay_record(record)
    assert replayed.rules == rules
    assert replayed.player == Arrangement.parse(record.arrangement)
    expected = settle([replayed.player, *replayed.opponents], rules)
    assert replayed.settlement == expected
    assert replayed.total == expected.points[0] == record.points
    assert replayed.check == check_arrangement(replayed.player, rules)
    assert replayed.check.fouled and foul_message(replayed.check.fouls[0], "ru").startswith("верхний")
    assert replayed.differences == ()


def test_replay_reports_stored_figures_that_disagree() -> None:
    record = _settled(make_record())
    wrong = replace(record, opponents=(replace(record.opponents[0], points=record.opponents[0].points + 3),
                                       record.opponents[1]))
    diffs = replay_record(wrong).differences
    assert [(d.what, d.seat) for d in diffs] == [("points", 1), ("total", 0)]
    assert diffs[0].now == str(replay_record(record).points[0])
    fouls_missing = replay_record(replace(_settled(make_record(fouled=True)), fouls=())).differences
    assert [(d.what, d.stored, d.now) for d in fouls_missing] == [("fouls", "-", "order, order")]


def test_criss_cross_hand_settles_each_bot_hand_as_a_pair() -> None:
    record = replace(make_record(), criss_cross_hand=2)
    replayed = replay_record(record)
    assert replayed.settlement is None
    expected = [settle_pair(replayed.player, b, replayed.rules, (0, 1)) for b in replayed.opponents]
    assert list(replayed.pairs) == expected
    assert replayed.total == sum(p.points[0] for p in expected)


def test_a_surrendered_hand_replays_as_surrendered() -> None:
    rules = HouseRules(surrender=True)
    record = replace(make_record(rules=rules), surrendered=True, fouls=())
    replayed = replay_record(record)
    cost = rules.effective_surrender_cost
    assert replayed.points == (-cost, -cost)


def test_a_hand_that_cannot_be_replayed_says_why() -> None:
    with pytest.raises(RecordError, match="no opponents"):
        replay_record(replace(make_record(), opponents=()))
    with pytest.raises(RecordError, match="not 3 / 5 / 5"):
        replay_record(replace(make_record(), arrangement="Qs Jc / 2s Kc Kd Td 9s 8h / As Ah Qh 7c 4d"))
    broken = replace(make_record(), opponents=(OpponentHand("2c 3c / 4c", 1.0),))
    with pytest.raises(RecordError, match="hand None"):
        replay_record(broken)
