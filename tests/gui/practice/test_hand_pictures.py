"""The History window shows a stored hand with its cards as pictures (the table's art, added to
the rich text as image resources): your rows, the solver's, each opponent's, and each row's
result in a small table; Chinese poker and Pai Gow, in English and in Russian."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.practice.hand_html import CARD_SCHEME, card_keys, hand_html
from cp_trainer.gui.practice.hand_view import HandDetail
from cp_trainer.gui.practice.history_window import HistoryWindow
from cp_trainer.gui.translation import install_language
from cp_trainer.history import Game, HandRecord, HistoryStore
from cp_trainer.history.record import OpponentHand, now_utc

MINE = "Qs 3c 2s / Kd Kc 9h 8h 7d / As Ah Js Ts 5c"
SOLVER = "Ah 9h 8h / Kd Kc 7d 5c 3c / As Qs Js Ts 2s"
BOT_1 = "5h 4h 3s / 8s 8c Kh Th 9s / Ad Jd 9d 5d 3d"
BOT_2 = "6h 6d 2h / 7s 7c 4c 4d Jh / Qh Qd Qc 6s 6c"
CHINESE = HandRecord(
    game=Game.CHINESE, deal="As Ah Kd Kc Qs Js Ts 9h 8h 7d 5c 3c 2s", arrangement=MINE,
    played_at=now_utc(), house_rules={},
    opponents=(OpponentHand(BOT_1, 2.0, "standard"), OpponentHand(BOT_2, -1.0, "greedy")))
PAIGOW = HandRecord(
    game=Game.PAIGOW, deal="Qs Qh 9h 7c 5s 3d Jk", arrangement="Qs Qh 9h 7c 5s / Jk 3d",
    played_at=now_utc(), opponents=(OpponentHand("Ks Kh 8c 7d 2c / Qd Jh", -1.0, "dealer"),),
    house_rules={}, solver_arrangement="Qs Qh 9h 7c 5s / Jk 3d", solver_ev=-0.2, player_ev=-0.2)

#: Latin words a Russian hand may still show: the EV and the card ranks.
LATIN_ALLOWED = {"EV"}


@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


def _cards(text: str) -> Counter[str]:
    return Counter(t for t in text.split() if t != "/")


def _shown(qtbot: Any, record: HandRecord, lang: str) -> HandDetail:
    view = HandDetail(CardRenderer())
    qtbot.addWidget(view)
    view.show_hand(record, lang)
    return view


def _image(document: QTextDocument, key: str) -> QImage:
    image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(f"{CARD_SCHEME}:{key}"))
    assert isinstance(image, QImage), (key, image)
    return image


def _words_left_in_english(document: QTextDocument) -> list[str]:
    text = document.toPlainText()
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in LATIN_ALLOWED]


def test_the_players_rows_are_13_card_pictures(qtbot: Any) -> None:
    alone = HandRecord(game=Game.CHINESE, deal=CHINESE.deal, arrangement=MINE, played_at=now_utc())
    view = _shown(qtbot, alone, "en")
    text = view.toHtml()
    keys = card_keys(hand_html(alone, "en"))
    assert len(keys) == 13 and Counter(keys) == _cards(MINE)
    assert text.count("<img") == 13 and view.images == 13
    for key in keys:  # the table's art, not a broken picture
        image = _image(view.document(), key)
        assert not image.isNull() and image.height() >= 30


def test_your_rows_the_solvers_and_each_opponents_are_pictures(qtbot: Any) -> None:
    record = HandRecord(**{**CHINESE.__dict__, "solver_arrangement": SOLVER, "solver_ev": 3.49,
                           "player_ev": -2.24, "loss_stderr": 0.1})
    text = hand_html(record, "en")
    assert Counter(card_keys(text)) == _cards(MINE) + _cards(SOLVER) + _cards(BOT_1) + _cards(BOT_2)
    assert "Qs 3c 2s" not in text and "Q♠ 3♣ 2♠" not in text, "a row as text"
    view = _shown(qtbot, record, "en")
    assert view.toHtml().count("<img") == 52
    assert all(not _image(view.document(), k).isNull() for k in set(card_keys(text)))


def test_each_rows_result_against_each_opponent_is_a_table(qapp: Any) -> None:
    text = hand_html(CHINESE, "en")
    table = text[text.index("Row by row"):]
    assert table.count("<tr>") == 5  # the names, three rows, the points
    cells = re.findall(r"<td align='center'>(.*?)</td>", table)
    outcomes = [re.sub(r"<[^>]+>", "", c) for c in cells]
    # against "standard" you won the top and the middle and lost the bottom; "greedy" beat every row
    assert outcomes == ["won", "lost", "won", "lost", "lost", "lost", "+2", "−1"], outcomes


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_chinese_hand_reads_in_its_language(qtbot: Any, english_after: QApplication, lang: str) -> None:
    install_language(english_after, lang)
    record = HandRecord(**{**CHINESE.__dict__, "solver_arrangement": SOLVER, "solver_ev": 3.49,
                           "player_ev": -2.24, "loss_stderr": 0.1})
    view = _shown(qtbot, record, lang)
    left = _words_left_in_english(view.document())
    if lang == "ru":
        assert not left, left
        assert "По рядам" in view.toPlainText() and "победа" in view.toPlainText()
    else:
        assert "Row by row" in view.toPlainText() and "won" in view.toPlainText()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pai_gow_hand_shows_high_and_low_hands_as_pictures(qtbot: Any, english_after: QApplication,
                                                             lang: str) -> None:
    install_language(english_after, lang)
    view = _shown(qtbot, PAIGOW, lang)
    keys = card_keys(hand_html(PAIGOW, lang))
    # yours, the solver's (the same setting) and the dealer's: 7 pictures each, the joker too
    mine = _cards(PAIGOW.arrangement)
    assert Counter(keys) == mine + mine + _cards(PAIGOW.opponents[0].arrangement)
    assert not _image(view.document(), "Jk").isNull()
    text = view.toPlainText()
    if lang == "ru":
        assert not _words_left_in_english(view.document()), _words_left_in_english(view.document())
        assert "Большая рука" in text and "Малая рука" in text and "Крупье" in text and "По рукам" in text
    else:
        assert "High hand" in text and "Low hand" in text and "Dealer" in text and "Hand by hand" in text


def test_the_history_window_shows_the_selected_hand_in_pictures(qtbot: Any, tmp_path: Path) -> None:
    store = HistoryStore.open(tmp_path / "db")
    store.add(CHINESE)
    window = HistoryWindow(store, renderer=CardRenderer())
    qtbot.addWidget(window)
    assert window.detail.images == 0  # the hint, no hand yet
    window.select_row(0)
    assert window.current is not None
    assert window.detail.images == len(_cards(MINE) + _cards(BOT_1) + _cards(BOT_2))
    assert window.detail.toHtml().count("<img") == 39
