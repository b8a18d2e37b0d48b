"""``cp-trainer stats`` says when hands wait in a recording journal (``pending-hands*.jsonl``: a
trainer stopped before it wrote them into the database), how many and in which file, instead of
counting 0 hands without a word. ``--json`` adds ``"waiting": {"hands", "files"}`` only then; with
nothing waiting its line is byte for byte what it was."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from cp_trainer.cli import main
from cp_trainer.history import HandRecord, HistoryStore
from cp_trainer.history.journal import Hands, job_to_json
from cp_trainer.history.writer import HistoryWriter
from tests.history_fixtures import make_record

Capture = pytest.CaptureFixture[str]


def _seed(folder: Path) -> None:
    with HistoryStore.open(folder) as store:
        store.add(make_record(0))
        store.add(make_record(1, fouled=True, ev=(0.2, -1.8)))
        store.add(make_record(2, ev=None))


def _left_by_a_crash(folder: Path, name: str, *jobs: list[HandRecord]) -> Path:
    """A journal file as the trainer writes one before a hand goes into the database (a crash
    before the database write leaves it)."""
    path = folder / name
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(job_to_json(Hands(tuple(job)))) + "\n"
                            for job in jobs), encoding="utf-8")
    return path


def _stats(capsys: Capture, folder: Path, *options: str) -> str:
    assert main(["stats", "--data-dir", str(folder), *options]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


AHEAD = "pending-hands.ahead-00000001765000000000000-4242-000000.jsonl"


def test_hands_left_by_a_crash_are_named_in_the_text(tmp_path: Path, capsys: Capture) -> None:
    _seed(tmp_path)
    path = _left_by_a_crash(tmp_path, AHEAD, [make_record(10), make_record(11)])
    out = _stats(capsys, tmp_path, "--lang", "en")
    assert "Hands played: 3" in out
    assert out.splitlines()[-1] == (f"Hands waiting to be added: 2, in {path} (not counted above; the "
                                    "trainer adds them to the history when it next starts)")
    out = _stats(capsys, tmp_path, "--lang", "ru")
    assert out.splitlines()[-1] == (f"Раздачи, ждущие записи в историю: 2, в {path} (выше не учтены; "
                                    "тренажёр добавит их в историю при следующем запуске)")


def test_an_empty_history_with_hands_waiting_says_both(tmp_path: Path, capsys: Capture) -> None:
    # the crash came before the first hand was written: no database yet, one hand in the journal
    path = _left_by_a_crash(tmp_path / "new", AHEAD, [make_record(10)])
    out = _stats(capsys, tmp_path / "new", "--lang", "en")
    assert out.startswith("No hands in the history yet")
    assert f"Hands waiting to be added: 1, in {path} " in out
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == [AHEAD]  # nothing created or changed
    data = json.loads(_stats(capsys, tmp_path / "new", "--json"))
    assert data["hands"] == 0 and data["waiting"] == {"hands": 1, "files": [str(path)]}


def test_every_journal_is_counted_and_named(tmp_path: Path, capsys: Capture) -> None:
    _seed(tmp_path)
    first = _left_by_a_crash(tmp_path, AHEAD, [make_record(10), make_record(11)])
    pending = _left_by_a_crash(tmp_path, "pending-hands.jsonl", [make_record(12)], [make_record(13)])
    (tmp_path / "pending-hands.jsonl.part").write_text("{", encoding="utf-8")  # not a journal yet
    data = json.loads(_stats(capsys, tmp_path, "--json"))
    assert data["hands"] == 3 and data["waiting"] == {"hands": 4, "files": sorted([str(first), str(pending)])}
    out = _stats(capsys, tmp_path, "--lang", "en")
    assert f"Hands waiting to be added: 4, in {tmp_path / 'pending-hands*.jsonl'} " in out


def test_json_is_byte_for_byte_as_before_when_nothing_waits(tmp_path: Path,
                                                           capsys: Capture) -> None:
    _seed(tmp_path)
    _left_by_a_crash(tmp_path, AHEAD)  # a journal without hands: nothing waits
    out = _stats(capsys, tmp_path, "--json")
    assert out == (f'{{"database": "{tmp_path / "history.sqlite3"}", "game": "chinese", "hands": 3, '
                   '"points_total": -2.0, "points_per_hand": -0.6667, "fouls": 1, '
                   '"foul_rate_per_100": 33.3333, '
                   '"hands_with_ev": 2, "ev_lost_per_hand": 1.2, "ev_lost_moving_average": 1.2, '
                   '"moving_average_window": 20}\n')
    assert "waiting" not in _stats(capsys, tmp_path, "--lang", "en").lower()


def test_only_the_games_hands_and_valid_ones_count(tmp_path: Path, capsys: Capture) -> None:
    _seed(tmp_path)
    paigow = HandRecord.from_dict({
        "game": "paigow", "played_at": "2026-10-16T12:00:00+00:00", "deal": "Ad Ah As Ac joker 4d 7h",
        "arrangement": "Ad Ah As 7h 4d / Ac Jk", "opponents": [{"arrangement": "Kc Kd 2s 3s 4h / 9c 8d",
                                                                  "points": 0.95, "name": "dealer"}]})
    path = _left_by_a_crash(tmp_path, AHEAD, [make_record(10), paigow, make_record(11)])
    with open(path, "a", encoding="utf-8") as fh:  # damaged lines (a torn write), an invalid hand
        fh.write('{"hands": [{"game": "chinese"}]}\n{"hands": [\n\0\0\0\n[1]\n{"solver": {}}\n')
    assert json.loads(_stats(capsys, tmp_path, "--json"))["waiting"] == {"hands": 2, "files": [str(path)]}
    data = json.loads(_stats(capsys, tmp_path, "--json", "--game", "paigow"))
    assert data["hands"] == 0 and data["waiting"] == {"hands": 1, "files": [str(path)]}


def test_a_fifo_in_place_of_a_journal_never_blocks(tmp_path: Path, capsys: Capture) -> None:
    _seed(tmp_path)
    os.mkfifo(tmp_path / "pending-hands.jsonl")
    done: list[str] = []
    thread = threading.Thread(target=lambda: done.append(_stats(capsys, tmp_path, "--json")), daemon=True)
    thread.start()
    thread.join(20)
    assert done and "waiting" not in json.loads(done[0])


def test_once_the_trainer_wrote_them_they_are_counted_as_played(tmp_path: Path,
                                                                capsys: Capture) -> None:
    _seed(tmp_path)
    _left_by_a_crash(tmp_path, AHEAD, [make_record(10), make_record(11)])
    assert json.loads(_stats(capsys, tmp_path, "--json"))["waiting"]["hands"] == 2
    writer = HistoryWriter(tmp_path)  # the next start writes what a crash left
    assert writer.flush(30)
    writer.close(30)
    data = json.loads(_stats(capsys, tmp_path, "--json"))
    assert data["hands"] == 5 and "waiting" not in data
