"""The hand record's validator (cp_trainer/history/record.py) error by error and bound by bound:
every refusal's exact words, each limit on both sides, the identity's formula, the times in UTC
whatever the machine's zone, and the export line's form and size."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from cp_trainer.history import HandRecord
from cp_trainer.history.record import FoulNote, RecordError, export_line, hand_uid, iso_utc
from cp_trainer.rules.house_rules import HouseRules
from tests.history_fixtures import DEAL, make_record

ARR = "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d"
OPP = {"arrangement": "2c 3c 4h / 5c 6d 8c 9c Tc / Jd Jh Js Qc Qd", "points": 2.0, "name": "greedy"}
PG = {"game": "paigow", "played_at": "2026-10-16T12:00:00+00:00", "deal": "Ad Ah As Ac Jk 4d 7h",
      "arrangement": "Ad Ah As 7h 4d / Ac Jk"}


def chinese(**changes: Any) -> dict[str, Any]:
    data = {**make_record().to_dict(), **changes}
    return {k: v for k, v in data.items() if v is not ...}


def refused(data: Any) -> str:
    with pytest.raises(RecordError) as caught:
        HandRecord.from_dict(data)
    return str(caught.value)


REFUSALS: dict[str, tuple[Any, str]] = {
    "not an object": (["deal"], "a hand must be a JSON object, got list"),
    "unknown fields": (chinese(zz=1, colour=2), "unknown field(s): 'colour, zz'"),
    "missing fields": (chinese(deal=..., arrangement=...), "missing field(s): deal, arrangement"),
    "game": (chinese(game="poker"), "game must be 'chinese' or 'paigow', got 'poker'"),
    "deal not text": (chinese(deal=5), "deal must be text, got 5"),
    "deal not a card": (chinese(deal="As Xx"), "deal: not a card: 'Xx'"),
    "deal of 12": (chinese(deal=DEAL[:-3]),
                   "deal must hold 13 cards, got 12: 'As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d'"),
    "deal with a card twice": (chinese(deal="As " + DEAL[3:].replace("Ah", "As")), "deal: duplicate card As"),
    "a joker at Chinese poker": (chinese(deal=DEAL.replace("2s", "Jk")), "deal: Chinese poker has no joker"),
    "two jokers": ({**PG, "deal": "Ad Ah As Jk Jk 4d 7h"}, "deal: duplicate joker Jk"),
    "arrangement not a card": (chinese(arrangement="Qs Jc Xx"), "arrangement: not a card: 'Xx'"),
    "arrangement missing a card": (
        chinese(arrangement=ARR[:-3]),
        "arrangement 'Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c' does not hold exactly the dealt cards "
        "'As Ah Kc Kd Qs Qh Jc Td 9s 8h 7c 4d 2s'"),
    "fouls not a list": (chinese(fouls="x"), "fouls must be a list, got 'x'"),
    "opponents not a list": (chinese(opponents={}), "opponents must be a list, got {}"),
    "too many fouls": (chinese(fouls=[{"code": "order", "message": "m"}] * 1001),
                       "fouls: 1,001 of them, more than the 1,000 a hand may have"),
    "opponent's points": (chinese(opponents=[{**OPP, "points": "x"}]),
                          "opponents[0].points must be a finite number from -1e9 to 1e9, got 'x'"),
    "opponent without points": (chinese(opponents=[{**OPP, "points": None}]),
                                "opponents[0].points must be a finite number from -1e9 to 1e9, got None"),
    "house rules not an object": (chinese(house_rules="x"), "house_rules must be an object, got 'x'"),
    "solver not an object": (chinese(solver="x"),
                             "solver must be null or an object with 'arrangement' and 'ev', got 'x'"),
    "solver without its arrangement": (
        chinese(solver={"ev": 1}),
        "solver must be null or an object with 'arrangement' and 'ev', got {'ev': 1}"),
    "solver's card": (chinese(solver={"arrangement": "Qs Xx", "ev": 1}),
                      "solver.arrangement: not a card: 'Xx'"),
    "solver's cards": (chinese(solver={"arrangement": "Qs Jc 2s", "ev": 1}),
                       "solver.arrangement 'Qs Jc 2s' does not hold the dealt cards"),
    "solver's ev": (chinese(solver={"arrangement": ARR, "ev": "x"}),
                    "solver.ev must be a finite number from -1e9 to 1e9, got 'x'"),
    "solver's loss error": (chinese(solver={"arrangement": ARR, "ev": 1, "loss_stderr": "x"}),
                            "solver.loss_stderr must be a finite number from -1e9 to 1e9, got 'x'"),
    "a negative loss error": (chinese(solver={"arrangement": ARR, "ev": 1, "loss_stderr": -0.5}),
                              "solver.loss_stderr must not be negative, got -0.5"),
    "player's ev": (chinese(player_ev="x"), "player_ev must be a finite number from -1e9 to 1e9, got 'x'"),
    "surrendered": (chinese(surrendered="yes"), "surrendered must be true or false, got 'yes'"),
    "criss cross hand": (chinese(criss_cross_hand=3), "criss_cross_hand must be 1, 2 or null, got 3"),
    "criss cross at pai gow": ({**PG, "criss_cross_hand": 1},
                               "criss_cross_hand is for Chinese poker hands only"),
    "uid not text": (chinese(uid=5), "uid must be 1 to 64 letters, digits or '-', got 5"),
    "uid with a space": (chinese(uid="a b"), "uid must be 1 to 64 letters, digits or '-', got 'a b'"),
    "points too many in all": (chinese(opponents=[{**OPP, "points": 6e8}, {**OPP, "points": 6e8}]),
                               "the points against all opponents must total from -1e9 to 1e9, got 1.2e+09"),
    "time not text": (chinese(played_at=5), "played_at must be an ISO 8601 time, got 5"),
    "time not a time": (chinese(played_at="yesterday"), "played_at is not an ISO 8601 time: 'yesterday'"),
    "time without a zone": (chinese(played_at="2026-10-16T12:00:00"),
                            "played_at needs a time zone (e.g. +00:00): '2026-10-16T12:00:00'"),
    "time before 1900": (chinese(played_at="1899-12-31T23:59:59+00:00"),
                         "played_at must be a time from year 1900 to 9000: '1899-12-31T23:59:59+00:00'"),
    "time after 9000": (chinese(played_at="9001-01-01T00:00:00+00:00"),
                        "played_at must be a time from year 1900 to 9000: '9001-01-01T00:00:00+00:00'"),
    "time before year 1 in UTC": (
        chinese(played_at="0001-01-01T00:00:00+05:00"),
        "played_at must be a time from year 1900 to 9000: '0001-01-01T00:00:00+05:00'"),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_each_refusal_names_the_field_and_the_value(case: str) -> None:
    data, message = REFUSALS[case]
    assert refused(data) == message


def test_house_rules_are_checked_as_the_games_and_as_text() -> None:
    assert refused(chinese(house_rules={"system": "9-9"})) == (
        "house_rules: invalid house rules: '9-9' is not a valid ScoringSystem")
    assert refused(chinese(house_rules={"stakes": [10**400]})) == (
        "house_rules: a number too large (more than a float holds)")
    rare = HouseRules(point_value=0.37, scoop_bonus=7).to_dict()  # a set no other test checks first
    assert HandRecord.from_dict(chinese(house_rules=rare)).house_rules == rare
    assert refused({**PG, "house_rules": {"note": "a\ud800"}}).startswith(
        "house_rules: text that is not valid Unicode (a lone surrogate): ")
    deep: dict[str, Any] = {}
    for _ in range(100_000):
        deep = {"a": deep}
    assert refused(chinese(house_rules=deep)) == "house_rules: not a set of house rules (nested too deep)"
    # Pai Gow's rules are only text: no Chinese poker rule applies to them
    assert HandRecord.from_dict({**PG, "house_rules": {"system": "9-9"}}).house_rules == {"system": "9-9"}


def test_every_bound_is_allowed_on_its_own_side() -> None:
    edge = HandRecord.from_dict(chinese(opponents=[{**OPP, "points": 1e9}], player_ev=-1e9,
                                        solver={"arrangement": ARR, "ev": None, "loss_stderr": 0}))
    assert edge.points == 1e9 and edge.player_ev == -1e9
    assert edge.solver_ev is None and edge.loss_stderr == 0.0 and edge.solver_arrangement == ARR
    assert HandRecord.from_dict(chinese(opponents=[{**OPP, "points": -1e9}])).points == -1e9
    assert len(HandRecord.from_dict(chinese(fouls=[{"code": "order", "message": "m"}] * 1000)).fouls) == 1000
    for when in ("1900-01-01T00:00:00+00:00", "9000-12-31T23:59:59+00:00"):
        assert HandRecord.from_dict(chinese(played_at=when)).played_at == datetime.fromisoformat(when)


@pytest.fixture
def far_east() -> Iterator[None]:
    """The machine's local time zone at UTC+05:30 for the test (the times must not follow it)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("TZ", "Asia/Kolkata")
    time.tzset()
    yield
    mp.undo()
    time.tzset()


@pytest.mark.usefixtures("far_east")
def test_times_are_kept_and_written_in_utc_whatever_the_machines_zone() -> None:
    record = HandRecord.from_dict(chinese(played_at="2026-10-16T17:00:00+05:00"))
    assert record.played_at == datetime(2026, 10, 16, 12, tzinfo=UTC) and record.played_at.tzinfo is UTC
    assert record.played_at.isoformat() == "2026-10-16T12:00:00+00:00"
    local = datetime(2026, 10, 16, 17, 30).astimezone()  # 17:30 on a machine at UTC+05:30
    assert iso_utc(local) == "2026-10-16T12:00:00.000000+00:00"


def test_a_hands_identity_is_kept_or_made_from_what_makes_it_that_hand() -> None:
    assert HandRecord.from_dict(chinese(uid="abc-1")).identity == "abc-1"
    assert HandRecord.from_dict(chinese(uid="x" * 64)).identity == "x" * 64
    assert refused(chinese(uid="x" * 65)).startswith("uid must be 1 to 64 letters, digits or '-', got 'xxx")
    made = HandRecord.from_dict(chinese(uid=None))
    text = "\x1f".join(("chinese", "2026-10-16T12:00:00.000000+00:00", DEAL, ARR, ""))
    assert made.identity == hashlib.sha256(text.encode()).hexdigest()[:32]
    crossed = hashlib.sha256((text + "2").encode()).hexdigest()[:32]
    assert hand_uid("chinese", "2026-10-16T12:00:00.000000+00:00", DEAL, ARR, 2) == crossed
    # text read back from a damaged database may hold a lone surrogate: written as \ud800, no error
    odd = hashlib.sha256(b"paigow\x1ft\x1fd\\ud800\x1fa\x1f").hexdigest()[:32]
    assert hand_uid("paigow", "t", "d\ud800", "a", None) == odd and len(odd) == 32


def test_the_export_line_is_sorted_json_with_its_text_as_written() -> None:
    record = make_record().with_id(None)
    ru = HandRecord(**{**record.__dict__, "fouls": (FoulNote("order", "пара тузов"),)})
    line = export_line(ru)
    assert line.endswith("}\n") and line.count("\n") == 1 and "пара тузов" in line
    data = json.loads(line)
    assert list(data) == sorted(data) and list(data["house_rules"]) == sorted(data["house_rules"])
    assert data == ru.to_dict()


def test_an_export_line_may_hold_exactly_the_bytes_an_import_reads() -> None:
    def line_of(n: int) -> HandRecord:
        return HandRecord(**{**make_record().__dict__, "fouls": (FoulNote("order", "m" * n),)})

    base = len(export_line(line_of(0)))
    fits = 1_000_000 - base
    assert len(export_line(line_of(fits)).encode()) == 1_000_000
    with pytest.raises(RecordError) as caught:
        export_line(line_of(fits + 1))
    assert str(caught.value) == (
        "its export line would be 1,000,001 bytes, more than the 1,000,000 an import reads")
