"""A table that reads at a glance: the bots' cards grow where the rows leave room, and the status
bar's table line is shortened by whole clauses, never cut inside a word."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QFont, QFontMetrics

from cp_trainer.gui.fitted import ELLIPSIS, fit_clauses
from cp_trainer.gui.table.models import Zone
from tests.gui.window_fixtures import make_sized_window, settle, showdown

#: the first window on a 1366 x 768 screen under a window manager (90% of the free area)
FIRST_1366 = (1229, 728)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_bots_cards_are_readable_in_the_first_window_on_a_laptop(
        qtbot: Any, tmp_path: Path, lang: str) -> None:
    """The bots' cards are not fanned until only a corner shows beside empty room; they are
    at least 32 px wide, every card's rank and suit in view, the same mid-hand and at the
    showdown, and the player's rows stay larger."""
    window = make_sized_window(qtbot, tmp_path, FIRST_1366, opponents=3, lang=lang)
    settle()
    table = window.table

    def measure() -> tuple[int, int]:
        seat = next(s for s in table._seats if s.seat)
        return seat.card_labels[2][0].width(), table.views[Zone.MIDDLE].iconSize().height()

    before = measure()
    showdown(window)
    assert measure() == before  # nothing moves when the cards turn
    seat_width, rows = before
    assert seat_width >= 32, before
    assert rows >= 60 and rows * 0.75 >= seat_width * 1.4 - 1, before
    for seat in [s for s in table._seats if s.seat]:
        for labels in seat.card_labels:
            for left, right in pairwise(labels):  # the corner (rank over suit) of each card shows
                assert right.x() - left.x() >= left.width() // 2, (seat.seat, left.x(), right.x())
    assert table.fits()


def test_a_line_is_shortened_by_whole_clauses() -> None:
    metrics = QFontMetrics(QFont())
    text = "Table: 2-4 · 3 greedy bots · ties push · no royalties · surrender for 3 points"
    assert fit_clauses(metrics, 10_000, text) == text
    width = metrics.horizontalAdvance("Table: 2-4 · 3 greedy bots · ties push · …")
    assert fit_clauses(metrics, width, text) == "Table: 2-4 · 3 greedy bots · ties push · " + ELLIPSIS
    short = fit_clauses(metrics, metrics.horizontalAdvance("Table: 2-4…") + 1, text)
    assert short == "Table: 2-4" + ELLIPSIS


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_status_bars_table_line_is_never_cut_in_a_word(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """At 1016 x 660 the Russian table line ended "Стол:...натуральных", cut inside its words."""
    window = make_sized_window(qtbot, tmp_path, (1016, 660), opponents=1, lang=lang)
    settle()
    rules = window.table.rules_label
    shown, full = rules.shown_text(), rules.full_text()
    assert shown == full or (shown.endswith(" · " + ELLIPSIS) and full.startswith(shown[:-1])), shown


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [FIRST_1366, (1366, 768)])
def test_the_verdict_and_hindsight_fit_without_scrolling_with_three_bots(
        qtbot: Any, tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    """The solver's panel is no column of prose that scrolls with three bots (the hindsight
    cut off): the verdict comes first, the points best and yours and the row chances as bars
    under it, and the words only on demand (Why?)."""
    window = make_sized_window(qtbot, tmp_path, size, opponents=3, lang=lang)
    showdown(window)
    panel = window.solver_panel
    assert panel.answer is not None and panel.answer.mine is not None
    assert panel.verdict.isVisible() and panel.verdict.text() in panel.figures.text()
    assert panel.points_labels[1].text() and panel.points_labels[2].text()
    # the two arrangements side by side, whole cards, yours beside the best
    best, mine = panel.best_rows._labels[2], panel.mine_rows._labels[2]
    assert panel.mine_rows.isVisible() and all(not lab.pixmap().isNull() for lab in mine)
    best_right = best[-1].mapTo(panel, best[-1].rect().topRight()).x()
    assert mine[0].mapTo(panel, mine[0].rect().topLeft()).x() > best_right
    assert mine[-1].mapTo(panel, mine[-1].rect().topRight()).x() <= panel.contentsRect().right()
    assert mine[0].width() >= 20
    assert not panel.figures.isVisible() and not panel.status.isVisible()
    assert window.solver_scroll.verticalScrollBar().maximum() == 0
    assert panel.hindsight_rows._labels[2][0].isVisible()
    panel.why_button.click()
    settle()
    assert panel.figures.isVisible() and panel.status.isVisible()  # the reasons, on demand
    panel.why_button.click()
    settle()
    assert not panel.figures.isVisible()


def test_a_hand_in_the_history_reads_as_verdict_then_two_arrangements_side_by_side(qapp: Any) -> None:
    """History's hand view is no column of text: the verdict comes first, your rows and the
    solver's stand side by side in a table, and the bots' hands are a table too."""
    from cp_trainer.gui.practice.hand_html import card_keys, hand_html
    from cp_trainer.history import Game, HandRecord
    from cp_trainer.history.record import OpponentHand, now_utc

    record = HandRecord(
        game=Game.CHINESE, deal="As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s",
        arrangement="Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c", played_at=now_utc(),
        opponents=(OpponentHand("5h 4h 3s / 8s 8c Kh Th 9s / Ad Jd 9d 5d 3d", 2.0, "standard"),),
        house_rules={}, solver_arrangement="Ah 9h 8h / Kd Kc 7d 5c 3c / As Qs Js Ts 2s",
        solver_ev=3.49, player_ev=-2.24, loss_stderr=0.1)
    text = hand_html(record, "en")
    verdict = text.index("This choice cost 5.73")
    pair = text.index("<table")
    assert verdict < pair < text.index("Solver"), "the verdict first, then the two arrangements"
    head = text[pair:text.index("</tr>", pair)]
    assert "<th" in head and "Your arrangement" in head and "Solver" in head  # two columns
    top = text.index("<b>Top</b>", pair)
    # one line of the table: your top row's cards, then the solver's beside them, as pictures
    assert card_keys(text[top:text.index("<b>Middle</b>", top)]) == ["Qs", "3c", "2s", "Ah", "9h", "8h"]
    bots = text[text.index("Opponents"):]
    assert card_keys(bots)[:3] == ["5h", "4h", "3s"] and "Row by row" in bots  # the bots' hands too
