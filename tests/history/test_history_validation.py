"""A hand record's arrangement holds exactly the dealt cards: none missing, none not dealt, none
twice. The one validator (:meth:`HandRecord.from_dict`) refuses each with a clear error, and so
does every way a record comes in (the store's ``add``/``add_many``, an import's JSON line); a
drill result's arrangement and best likewise hold exactly the hand's cards."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from cp_trainer.history import HandRecord
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.history.jsonl import import_jsonl, read_lines
from cp_trainer.history.record import RecordError
from cp_trainer.history.store import HistoryStore
from tests.drill_fixtures import records as drill_records
from tests.history_fixtures import DEAL, T0, make_record

GOOD = "Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d"
PG_DEAL = "Ad Ah As Ac Jk 4d 7h"
PG_GOOD = "Ad Ah As 7h 4d / Ac Jk"

# (arrangement, a pattern its error must match): every way to not hold exactly the dealt cards.
CHINESE_BAD = {
    "missing a dealt card": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c", "dealt cards"),
    "missing a whole row": ("Kc Kd Td 9s 8h / As Ah Qh 7c 4d", "dealt cards"),
    "a card not dealt in place of one": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 3d", "dealt cards"),
    "a card not dealt besides all of them": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d 3d", "dealt cards"),
    "a card twice in place of one": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 7c", "dealt cards"),
    "a card twice besides all of them": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 4d 4d", "dealt cards"),
    "a card twice in two rows": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c 2s", "dealt cards"),
    "a joker at Chinese poker": ("Qs Jc 2s / Kc Kd Td 9s 8h / As Ah Qh 7c Jk", "dealt cards"),
    "empty": ("", "dealt cards"),
}
PAIGOW_BAD = {
    "missing a dealt card": ("Ad Ah As 7h 4d / Ac", "dealt cards"),
    "missing the joker": ("Ad Ah As 7h 4d / Ac 2c", "dealt cards"),
    "the joker twice": ("Ad Ah As 7h Jk / Ac Jk", "dealt cards"),
    "a card twice besides all of them": ("Ad Ah As 7h 4d 4d / Ac Jk", "dealt cards"),
    "a card not dealt besides all of them": ("Ad Ah As 7h 4d / Ac Jk Kc", "dealt cards"),
}


def chinese(**changes: Any) -> dict[str, Any]:
    return {**make_record().to_dict(), **changes}


def paigow(**changes: Any) -> dict[str, Any]:
    return {"game": "paigow", "played_at": T0.isoformat(), "deal": PG_DEAL, "arrangement": PG_GOOD,
            "opponents": [{"arrangement": "Kc Kd 2s 3s 4h / 9c 8d", "points": 0.95, "name": "dealer"}],
            **changes}


def test_the_good_records_pass() -> None:
    assert HandRecord.from_dict(chinese(arrangement=GOOD)).arrangement == GOOD
    assert HandRecord.from_dict(paigow()).arrangement == PG_GOOD


@pytest.mark.parametrize("case", sorted(CHINESE_BAD))
def test_a_chinese_arrangement_not_holding_the_dealt_cards_is_refused(case: str) -> None:
    arrangement, needle = CHINESE_BAD[case]
    with pytest.raises(RecordError, match=needle) as refused:
        HandRecord.from_dict(chinese(arrangement=arrangement))
    assert str(refused.value).startswith("arrangement ")
    assert DEAL in str(refused.value)  # it shows what was dealt


@pytest.mark.parametrize("case", sorted(PAIGOW_BAD))
def test_a_paigow_arrangement_not_holding_the_dealt_cards_is_refused(case: str) -> None:
    arrangement, needle = PAIGOW_BAD[case]
    with pytest.raises(RecordError, match=needle) as refused:
        HandRecord.from_dict(paigow(arrangement=arrangement))
    assert str(refused.value).startswith("arrangement ")


@pytest.mark.parametrize("case", sorted(CHINESE_BAD))
def test_the_solvers_arrangement_must_hold_the_dealt_cards_too(case: str) -> None:
    arrangement, needle = CHINESE_BAD[case]
    data = chinese(solver={"arrangement": arrangement, "ev": 0.5})
    with pytest.raises(RecordError, match=needle) as refused:
        HandRecord.from_dict(data)
    assert str(refused.value).startswith("solver.arrangement ")


@pytest.mark.parametrize("deal,needle", [
    (DEAL.replace("2s", "4d"), "duplicate card 4d"),
    (DEAL + " 3d", "13 cards, got 14"),
    (DEAL.rsplit(" ", 1)[0], "13 cards, got 12"),
])
def test_a_deal_with_a_card_twice_or_the_wrong_count_is_refused(deal: str, needle: str) -> None:
    with pytest.raises(RecordError, match=needle):
        HandRecord.from_dict(chinese(deal=deal))


@pytest.mark.parametrize("case", sorted(CHINESE_BAD))
def test_the_store_refuses_a_record_built_in_the_program(tmp_path: Path, case: str) -> None:
    bad = dataclasses.replace(make_record(), arrangement=CHINESE_BAD[case][0])
    with HistoryStore.open(tmp_path) as store:
        with pytest.raises(RecordError, match="dealt cards"):
            store.add(bad)
        with pytest.raises(RecordError, match="dealt cards"):
            store.add_many([make_record(1), bad])  # all or none
        assert store.count() == 0


def test_an_import_leaves_out_each_line_not_holding_the_dealt_cards(tmp_path: Path) -> None:
    lines = [json.dumps(chinese(arrangement=GOOD))]
    lines += [json.dumps(chinese(arrangement=CHINESE_BAD[case][0], played_at=f"2026-10-1{i}T12:00:00+00:00"))
              for i, case in enumerate(sorted(CHINESE_BAD))]
    lines += [json.dumps(paigow(arrangement=a)) for a, _ in PAIGOW_BAD.values()]
    path = tmp_path / "h.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with HistoryStore.open(tmp_path / "db") as store:
        report = import_jsonl(store, path)
        assert report.imported == 1
        assert store.count() == 1
    result = read_lines(path)
    assert len(result.records) == 1
    assert [e.line for e in result.damaged] == list(range(2, len(lines) + 1))
    assert all("does not hold exactly the dealt cards" in e.reason for e in result.damaged)


# --- a drill result: its arrangement and the best hold exactly the hand's 13 cards --------------

DRILL_BAD = {
    "a card twice in place of one": "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 6h",
    "a card not of the hand in place of one": "4s 4d 4c / Ad Qs Qh Qd 5h / Ks Kh Kd 6h 2c",
    "a card twice across two rows": "4s 4d 4c / Ad Qs Qh Qd 4s / Ks Kh Kd 6h 6c",
}


@pytest.mark.parametrize("field", ["arrangement", "best"])
@pytest.mark.parametrize("case", sorted(DRILL_BAD))
def test_a_drill_result_not_holding_the_hands_cards_is_refused(field: str, case: str) -> None:
    good = drill_records()[0].to_dict()
    assert DrillRecord.from_dict(good) == drill_records()[0]
    with pytest.raises(RecordError, match=f"^{field} .* does not hold exactly the hand's cards$"):
        DrillRecord.from_dict(good | {field: DRILL_BAD[case]})


def test_the_store_refuses_a_drill_result_with_a_card_twice(tmp_path: Path) -> None:
    bad = dataclasses.replace(drill_records()[0], arrangement=DRILL_BAD["a card twice in place of one"])
    with HistoryStore.open(tmp_path) as store:
        with pytest.raises(RecordError, match="hand's cards"):
            store.add_drill_results([bad])
        assert store.drill_results() == []
