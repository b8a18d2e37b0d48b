"""A bot that surrenders, on the table and in the history's replay.

The seed deals bot 1 a hopeless hand (see ``tests/chinese/test_bots_surrender.py``); with a surrender
cost of 2 the standard bot gives it up. The showdown shows "surrendered" for that bot instead of
its rows (its cards stay face down: a surrendered hand is not shown), in English and Russian; a
replay from the history shows it the same way.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from cp_trainer.gui.app import create_window
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.practice.hand_html import hand_html
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.table.seats import OpponentSeat
from cp_trainer.gui.translation import install_language
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules

MINE = parse_cards("As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s")
LEGAL = Arrangement.parse("5c 3c 2s / Kd Kc 9h 8h 7d / As Ah Qs Js Ts")
SEED = 1121


def _window(qtbot: QtBot, tmp_path: Path, lang: str) -> MainWindow:
    s = Settings(tmp_path / "settings.ini")
    s.save(s.values.replace(bot="standard", opponents=2, language=lang,
                            house_rules=HouseRules(surrender=True, surrender_cost=2)))
    w = create_window(deal=MINE, seed=SEED, lang=lang, settings=s, data_dir=str(tmp_path / "data"))
    qtbot.addWidget(w)
    w.table.reveal_delay_ms = 0
    w.table.confirm = lambda question: True
    w.solver_panel.start = lambda request: None  # type: ignore[method-assign]  # no solve here
    w.show()
    return w


def _seat(w: MainWindow, n: int) -> OpponentSeat:
    seat = w.findChild(OpponentSeat, f"seat{n}")
    assert seat is not None
    return seat


@pytest.mark.parametrize(("lang", "word", "note"), [("en", "surrendered", "it surrendered"),
                                                    ("ru", "отказ от руки", "бот отказался от руки")])
def test_the_showdown_shows_a_surrendered_bot(qtbot: QtBot, tmp_path: Path, lang: str, word: str,
                                              note: str) -> None:
    w = _window(qtbot, tmp_path, lang)
    try:
        w.deal_model.place(LEGAL.top, LEGAL.middle, LEGAL.bottom)
        showdown = w.controller.set_hand()
        assert showdown is not None and showdown.bots_surrendered == {1}
        gone, playing = _seat(w, 1), _seat(w, 2)
        assert gone.name_labels[0].text() == word
        assert gone._rows == [None, None, None]  # its cards stay face down
        assert not any(r.text() for r in gone.result_labels)
        assert note in gone.points.text() and "+2" in gone.points.text()
        assert all(playing._rows[r] is not None for r in range(3))  # bot 2's rows are turned up
        assert all(label.text() != word for label in playing.name_labels)

        # the history keeps it: the replay shows bot 1 surrendered again
        recorder = w.practice.recorder
        assert recorder.writer.flush(10)
        store = recorder.store()
        assert store is not None
        (record,) = store.hands()
        assert [o.surrendered for o in record.opponents] == [True, False]
        html = hand_html(record, lang)  # the history's view of the hand names it too
        assert html.count(f"— <b>{word}</b>") == 1
        w.controller.new_deal()
        assert _seat(w, 1).name_labels[0].text() == ""
        assert w.replay.show_record(record)
        shown = w.controller.showdown
        assert shown is not None and shown.bots_surrendered == {1}
        assert _seat(w, 1).name_labels[0].text() == word
        assert _seat(w, 1)._rows == [None, None, None]
    finally:
        install_language(None, "en")


def test_hindsight_compares_rows_only_with_the_bots_still_in() -> None:
    """'yours scored' in the hindsight line agrees with the showdown's total: a surrendered bot
    pays the cost whatever the rows (and nothing to a player who surrendered too)."""
    from cp_trainer.chinese.session import ChineseSession, TableSetup
    from cp_trainer.gui.solver.bridge import SolverQuestion, solve
    from cp_trainer.solver import play_bots

    rules = HouseRules(surrender=True, surrender_cost=2)
    s = ChineseSession(TableSetup(rules=rules, opponents=2), bots=play_bots, seed=SEED)
    s.new_deal(MINE)
    s.place(LEGAL)
    showdown = s.set_hand()
    assert showdown is not None and showdown.bots_surrendered == {1}

    def ask(**kw: object) -> tuple[int | None, int | None]:
        request = SolverQuestion(cards=tuple(MINE), rules=rules, opponents=2, samples=200, time_budget=None,
                               mine=LEGAL, actual=showdown.opponents, **kw)  # type: ignore[arg-type]
        answer = solve(request, lambda done, asked: None, lambda: False)
        return answer.mine_hindsight_points, answer.hindsight_points

    mine, best = ask(actual_surrendered=frozenset({1}))
    assert mine == showdown.total and best is not None and best >= mine
    assert ask(actual_surrendered=frozenset({1, 2})) == (4, 4)  # both paid 2, whatever the rows
    assert ask(actual_surrendered=frozenset({1}), surrendered=True)[0] == -2  # only bot 2 was paid
