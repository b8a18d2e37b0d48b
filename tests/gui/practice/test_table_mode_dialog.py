"""The table-mode dialog: cards picked or typed for 2-4 players, checked and settled."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect, Qt, QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from cp_trainer.gui.practice.hand_html import CARD_SCHEME, card_keys
from cp_trainer.gui.practice.table_mode import HINT_FLAGS, TableModeDialog
from cp_trainer.gui.translation import install_language
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from tests.gui.contrast import painted_contrast
from tests.gui.text_fit import placeholder_fits

A = "Jc Jd 2c / 9c 9d 4c 4d 3c / 5c 5d 5h Ac Kc"
B = "Th Ts 2d / Kh Ks 8c 7d 6c / Qh Qs 8h 8s 3d"
#: Three hands whose texts name a ten: the first fouls ("pair of jacks, kicker T is stronger than
#: pair of jacks, kickers 9-8-7"), the second beats the third's top by its kicker, a ten.
TENS = ("Jc Jd Ts / Jh Js 9c 8c 7c / Ac Ad Ah 2c 2d",
        "6h 6s Td / Qh Qs 5d 4d 3h / Kc Kd Kh 3c 3d",
        "6c 6d 8s / Qc Qd 5h 4h 2h / 9h 9s 9d 7h 7d")
#: A ten written as a rank letter: alone ("kicker T", "T-9-7") or as a card ("Td", "T♦").
TEN_LETTER = re.compile(r"\bT\b|\bT[shdc♠♥♦♣](?![A-Za-z])")


def test_two_players_picked_by_clicking_and_settled_in_money(qtbot: QtBot) -> None:
    dialog = TableModeDialog(HouseRules())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.count.value() == 2
    assert not dialog.players[2].isVisibleTo(dialog)
    for card in parse_cards(A.replace("/", " ")):
        qtbot.mouseClick(dialog.picker.buttons[card], Qt.MouseButton.LeftButton)
    assert dialog.players[0].rows.text() == A
    assert not dialog.picker.buttons[parse_cards("Jc")[0]].isEnabled()
    qtbot.mouseClick(dialog.players[1].target, Qt.MouseButton.LeftButton)
    for card in parse_cards(B.replace("/", " ")):
        qtbot.mouseClick(dialog.picker.buttons[card], Qt.MouseButton.LeftButton)
    assert dialog.players[1].rows.text() == B.replace("T", "10")  # tens written as on the cards
    dialog.players[0].name.setText("Ann")
    dialog.point_value.setValue(2.5)
    qtbot.mouseClick(dialog.settle_button, Qt.MouseButton.LeftButton)
    result = dialog.table_result
    assert result is not None and result.ok
    assert [s.points for s in result.seats] == [4, -4]
    assert [s.money for s in result.seats] == [10.0, -10.0]
    text = dialog.output.toPlainText()
    assert "Ann" in text and "+10.00" in text and "player B" in text
    assert "player A" not in text, "the results use the name typed, not the seat"
    assert "Ann vs player B: +4 / -4" in text and "top: Ann wins" in text


def test_typed_hands_with_a_shared_card_and_a_foul(qtbot: QtBot) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.count.setValue(3)
    assert dialog.players[2].isVisibleTo(dialog)
    dialog.players[0].rows.set_text(A)
    dialog.players[1].rows.set_text(B.replace("Th", "Jc"))
    dialog.players[2].rows.set_text("2h 3h 4h / 6d 6h 7c 7h 9h / Ad Ah As Kd Qc")
    result = dialog.settle()
    assert not result.ok
    assert "J♣ is in more than one hand: player A, player B" in dialog.output.toPlainText()
    dialog.players[1].rows.set_text(B)
    dialog.players[2].rows.set_text("Ad Ah As / 6d 6h 7c 7h 9h / 2h 3h 4h Kd Qc")  # a foul
    result = dialog.settle()
    assert result.ok and result.seats[2].fouled
    assert "FOUL" in dialog.output.toPlainText()
    assert sum(s.points for s in result.seats) == 0
    dialog.clear()
    assert dialog.players[0].rows.text() == " /  / " and dialog.output.toPlainText() == ""


def _ink(widget: QWidget) -> float:
    """The lightness of the darkest pixel drawn: the text's colour (0 black .. 1 white)."""
    image = widget.grab().toImage()
    return min(QColor(image.pixel(x, y)).lightnessF()
               for x in range(2, image.width() - 2) for y in range(2, image.height() - 2))


def test_cards_already_used_are_greyed_in_the_picker(qtbot: QtBot) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    used, free = (dialog.picker.buttons[c] for c in parse_cards("Jc Js"))
    before = _ink(used)
    dialog.players[0].rows.set_text("Jc")
    assert not used.isEnabled() and free.isEnabled()
    assert before < 0.3 and _ink(free) < 0.3  # black clubs and spades while free
    # greyed, yet legible (never light grey on near-white)
    assert _ink(used) > 0.35, "a used card must look used, not just refuse the click"
    image = used.grab().toImage()
    measured = painted_contrast(image, image.rect().adjusted(3, 3, -3, -3))
    assert measured is not None and measured[2] >= 3.0, measured
    background = measured[0]
    free_image = free.grab().toImage()
    free_measured = painted_contrast(free_image, free_image.rect().adjusted(3, 3, -3, -3))
    assert free_measured is not None
    assert abs(background.lightnessF() - free_measured[0].lightnessF()) > 0.02 or \
        free_measured[2] - measured[2] > 3, "the used card's face differs from a free card's"
    dialog.players[0].rows.set_text("")
    assert used.isEnabled() and _ink(used) < 0.3


def _inside(widget: QWidget, window: QWidget) -> bool:
    top_left = widget.mapTo(window, QPoint(0, 0))
    return window.rect().contains(QRect(top_left, widget.size()))


def test_the_dialog_fits_a_1366x768_laptop_with_everything_reachable(qtbot: QtBot) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.count.setValue(4)
    dialog.show()
    for hint in (dialog.sizeHint(), dialog.minimumSizeHint(), dialog.size()):
        assert hint.width() <= 1340 and hint.height() <= 700, hint
    dialog.resize(dialog.minimumSizeHint())
    qtbot.waitUntil(lambda: dialog.size() == dialog.minimumSizeHint())
    QApplication.processEvents()
    controls: list[QWidget] = [dialog.count, dialog.point_value, dialog.settle_button, dialog.clear_button,
                               dialog.output, *dialog.picker.buttons.values()]
    for p in dialog.players:
        controls += [p.name, p.target, p.surrender, *p.rows.edits]
    for widget in controls:
        assert widget.isVisible() and _inside(widget, dialog), widget.objectName()
    assert dialog.output.height() >= 80
    boxes = [p.geometry() for p in dialog.players]
    assert not any(a.intersects(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


@pytest.fixture(params=["en", "ru"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    install_language(QApplication.instance(), request.param)
    yield request.param
    install_language(QApplication.instance(), "en")


def test_no_placeholder_is_cut(qtbot: QtBot, language: str) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.count.setValue(4)
    dialog.show()
    for size in (dialog.minimumSizeHint(), dialog.size()):
        dialog.resize(size)
        QApplication.processEvents()
        edits = [e for e in dialog.findChildren(QLineEdit) if e.isVisible() and e.placeholderText()]
        assert len(edits) >= 16
        for edit in edits:
            assert placeholder_fits(edit), (language, edit.objectName(), edit.placeholderText())
        # the results' hint: no one-line placeholder cut at the edge, but wrapped text that fits
        assert not dialog.output.placeholderText() and dialog.output.document().isEmpty()
        room = dialog.output.hint_rect()
        wrapped = dialog.output.fontMetrics().boundingRect(room, HINT_FLAGS, dialog.output.hint)
        assert "Check and settle" in dialog.output.hint or "Проверить и рассчитать" in dialog.output.hint
        assert room.contains(wrapped), (language, room, wrapped)
    assert all(isinstance(b, QAbstractButton) for b in dialog.picker.buttons.values())


@pytest.fixture
def russian(qapp: QApplication) -> Iterator[QApplication]:
    install_language(qapp, "ru")
    yield qapp
    install_language(qapp, "en")


def test_russian_results_read_as_russian(qtbot: QtBot, russian: QApplication) -> None:
    """Russian results: Cyrillic seat letters, the locale's decimal comma, a neutral surrender,
    plain column names, and summary lines that are sentences."""
    dialog = TableModeDialog(HouseRules(surrender=True))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.players[1].title() == "Игрок Б"
    assert dialog.players[1].name.placeholderText() == "игрок Б"
    assert dialog.point_value.text() == "1,00"
    assert dialog.players[0].surrender.text() == "Отказ от руки"
    assert dialog.players[0].target.text() == "Получает карты"
    dialog.players[0].name.setText("Анна")
    dialog.players[0].rows.set_text(A)
    dialog.players[1].rows.set_text(B)
    dialog.point_value.setValue(2.5)
    dialog.settle()
    text = dialog.output.toPlainText()
    assert "+10,00" in text and "−10,00" in text and "+10.00" not in text
    assert "Анна — игрок Б: +4 / -4" in text
    assert "игрок B" not in text  # no Latin letter
    assert "Итог: Анна +4, игрок Б -4" in text  # a sentence in the window; the CLI keeps "итог:"
    for title in ("Проверка", "Сумма"):
        assert title in text
    assert "Рука" not in text and "Деньги" not in text
    dialog.players[1].surrender.setChecked(True)
    dialog.settle()
    text = dialog.output.toPlainText()
    assert "отказ от руки" in text and "Отказался" not in text and "отказался" not in text


def test_the_players_spin_box_does_not_take_the_focus_on_open(qtbot: QtBot) -> None:
    dialog = TableModeDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.focusWidget() is dialog.players[0].name
    assert not dialog.count.hasFocus()


def test_the_result_shows_the_hands_and_every_pair_as_tables(qtbot: QtBot) -> None:
    """The result is no list of sentences under the totals: each player's rows stand in the
    players' table, as card pictures, and every pair is a line of who won each row."""
    dialog = TableModeDialog(HouseRules())
    qtbot.addWidget(dialog)
    dialog.players[0].name.setText("Ann")
    dialog.players[0].rows.set_text(A)
    dialog.players[1].rows.set_text(B)
    dialog.settle()
    markup = dialog.output.toHtml()
    assert markup.count("<table") >= 2
    assert Counter(card_keys(markup)) == Counter((A + " " + B).replace("/", " ").split())
    text = dialog.output.toPlainText()
    assert "Pair" in text and "Ann — player B" in text
    # the pair's line: the winner of each row (top, middle, bottom), then the points
    assert "Ann — player B\nAnn\nAnn\nAnn\n+4 / \u22124" in text


def _settled_tens(qtbot: QtBot) -> TableModeDialog:
    dialog = TableModeDialog(HouseRules())
    qtbot.addWidget(dialog)
    dialog.count.setValue(len(TENS))
    for player, hand in zip(dialog.players, TENS, strict=False):
        player.rows.set_text(hand)
    result = dialog.settle()
    assert result.ok and result.seats[0].fouled
    return dialog


def test_every_players_13_cards_are_pictures_in_both_languages(qtbot: QtBot, language: str) -> None:
    """Each player's rows are drawn with the table's card art (images of the result's document),
    13 pictures a player; the Russian result has no English word left."""
    dialog = _settled_tens(qtbot)
    markup = dialog.output.toHtml()
    keys = card_keys(markup)
    assert Counter(keys) == Counter(" ".join(TENS).replace("/", " ").split())
    assert dialog.output.images == 13 * len(TENS)
    for key in keys:  # the art drawn, not a broken picture
        image = dialog.output.document().resource(QTextDocument.ResourceType.ImageResource,
                                                  QUrl(f"{CARD_SCHEME}:{key}"))
        assert isinstance(image, QImage) and not image.isNull() and image.height() >= 30, key
    text = dialog.output.toPlainText()
    assert "♣" not in text and "♥" not in text, "the cards are pictures, not text"
    if language == "ru":
        assert not re.findall(r"[A-Za-z]{2,}", text), text


def test_no_text_of_the_result_writes_a_ten_as_t(qtbot: QtBot, language: str) -> None:
    """The fouls and the pairs' lines name the kickers as the cards show them: 10, never T."""
    dialog = _settled_tens(qtbot)
    text = dialog.output.toPlainText()
    assert not TEN_LETTER.search(text), [line for line in text.splitlines() if TEN_LETTER.search(line)]
    kicker = "kicker 10" if language == "en" else "кикер 10"
    assert text.count(kicker) >= 2, text  # the foul's and the pair's
