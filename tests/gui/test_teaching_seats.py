"""The teacher's dialog of a teaching table: the host's hand on the seats (give a person's seat to
a bot, remove a person after a confirmation, free a bot's seat) acting on a table hosted on
127.0.0.1 that protocol clients join; the history's trouble as a red line that stays; the code in
the window's language; the showdown and the review in the product's notation (a ten is ``10``,
each row sets first) with each row's result against each opponent, numbers and counts the
language's way."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextDocument, QTextTable
from PySide6.QtWidgets import QApplication, QMessageBox

from cp_trainer.cli.score import result_json
from cp_trainer.gui.teaching import ACTIONS, TeachingDialog, points_text
from cp_trainer.gui.translation import install_language
from cp_trainer.net.table import shown_arrangement
from cp_trainer.rules.arrangement import Arrangement, check_arrangement
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import settle
from tests.net_fixtures import Client


@pytest.fixture
def dialog(qtbot: Any) -> Iterator[TeachingDialog]:
    dialog = TeachingDialog(None, HouseRules, lambda: None, review_samples=40)
    qtbot.addWidget(dialog)
    dialog.show()
    try:
        yield dialog
    finally:
        dialog.close()
        install_language(QApplication.instance(), "en")


def enabled(dialog: TeachingDialog, seat: int) -> set[str]:
    """The host's actions whose buttons are enabled on ``seat``'s line."""
    buttons = dialog.seat_panel.rows[seat].buttons
    return {a for a in ACTIONS if buttons[a].isEnabled()}


def click(qtbot: Any, dialog: TeachingDialog, seat: int, action: str) -> None:
    button = dialog.seat_panel.rows[seat].buttons[action]
    assert button.isEnabled(), (seat, action)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def answer_removal(accept: bool, asked: list[str]) -> None:
    """Answer the removal's confirmation once it shows (its text is kept in ``asked``)."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        asked.append(box.text())
        role = QMessageBox.ButtonRole.AcceptRole if accept else QMessageBox.ButtonRole.RejectRole
        next(b for b in box.buttons() if box.buttonRole(b) == role).click()

    QTimer.singleShot(0, press)


def test_the_host_frees_a_seat_gives_one_to_a_bot_and_removes_a_person(
        qtbot: Any, dialog: TeachingDialog) -> None:
    dialog.seats_spin.setValue(3)
    dialog.bots_spin.setValue(1)
    line = dialog.start(host="127.0.0.1")
    clients: list[Client] = []
    try:
        assert [enabled(dialog, i) for i in range(3)] == [set(), set(), {"free"}]
        ann = Client(line["url"])
        clients.append(ann)
        ann.join("Ann", code=line["code"])
        qtbot.waitUntil(lambda: enabled(dialog, 0) == {"bot", "remove"}, timeout=10_000)

        # free the bot's seat: no deal is on, so it is empty at once and a newcomer takes it
        click(qtbot, dialog, 2, "free")
        qtbot.waitUntil(lambda: not dialog.seats[2]["bot"], timeout=10_000)
        assert enabled(dialog, 2) == set() and dialog.seat_panel.rows[2].status.text() == "empty"
        ben, cat = Client(line["url"]), Client(line["url"])
        clients += [ben, cat]
        ben.join("Ben", code=line["code"])
        assert cat.join("Cat", code=line["code"])["seat"] == 2
        ann.wait("deal", 30)
        qtbot.waitUntil(lambda: dialog.phase == "setting", timeout=10_000)
        assert [enabled(dialog, i) for i in range(3)] == [{"bot", "remove"}] * 3

        # give Ann's seat to a bot: she is told, her connection ends, her name stays on the seat
        click(qtbot, dialog, 0, "bot")
        ann.wait("notice", 10, lambda m: "bot" in m["message"])
        assert ann.wait_closed()
        qtbot.waitUntil(lambda: dialog.seats[0]["bot"] and dialog.seats[0].get("person") == "Ann",
                        timeout=10_000)
        assert enabled(dialog, 0) == {"remove", "free"}
        assert "Ann" in dialog.seat_panel.rows[0].status.text()

        # removing Ben asks first: cancelled, nothing happens; confirmed, he is removed
        asked: list[str] = []
        answer_removal(False, asked)
        click(qtbot, dialog, 1, "remove")
        assert asked and "Ben" in asked[0]
        ben.drain(0.5)
        assert not any(m["type"] == "removed" for m in ben.log) and not dialog.seats[1]["bot"]
        answer_removal(True, asked)
        click(qtbot, dialog, 1, "remove")
        assert ben.wait("removed", 10)["seat"] == 1
        qtbot.waitUntil(lambda: dialog.seats[1]["bot"] and "person" not in dialog.seats[1], timeout=10_000)
        assert enabled(dialog, 1) == {"free"}
        assert "Ben" in dialog.table_view.toPlainText()  # "Ben was removed from the table"

        # freeing Ann's seat while a deal is on ends her claim; it empties at the next deal
        click(qtbot, dialog, 0, "free")
        qtbot.waitUntil(lambda: "person" not in dialog.seats[0], timeout=10_000)
        assert dialog.seats[0]["bot"] and enabled(dialog, 0) == set()
        assert dialog.seat_panel.rows[0].status.text() == "bot; the seat is free from the next deal"
    finally:
        for client in clients:
            client.close()


def test_the_historys_trouble_stays_in_red_until_the_table_closes(qtbot: Any, dialog: TeachingDialog) -> None:
    dialog.start(host="127.0.0.1")
    label = dialog.history_label
    assert not label.isVisible()
    message = "The history could not keep the 2 hand(s) of this showdown (the disk may be full)."
    dialog.bridge.happened.emit("history", {"message": message})
    qtbot.waitUntil(label.isVisible, timeout=5_000)
    assert label.text() == message and "#c92a2a" in label.styleSheet()
    dialog.bridge.happened.emit("deal", {"deal": 2})
    state = {"type": "table", "deal": 2, "phase": "setting", "seats": dialog.seats}
    dialog.bridge.happened.emit("table", state)
    qtbot.wait(50)
    assert label.isVisible() and label.text() == message
    dialog.stop()
    assert not label.isVisible() and label.text() == ""


def test_the_code_follows_the_language(qtbot: Any, dialog: TeachingDialog) -> None:
    code = dialog.start(host="127.0.0.1")["code"]
    assert dialog.code_label.text() == f"Code: {code}"
    install_language(QApplication.instance(), "ru")
    assert dialog.code_label.text() == f"Код: {code}"
    install_language(QApplication.instance(), "en")
    assert dialog.code_label.text() == f"Code: {code}"
    dialog.stop()
    assert dialog.code_label.text() == ""


# Ann: tens on top, each row written out of order; Ben fouls (aces on top of kings); the bot ties
# Ann's top, loses her middle and wins her bottom with a flush.
ANN = Arrangement.parse("2c Td Ts / 4h Jc Jd 4s 9h / Ah 3s Ks As Kd")
BEN = Arrangement.parse("Ac Ad 5d / Kc Kh 8c 7d 6s / Qc Qd Qh 9c 8d")
BOT = Arrangement.parse("Tc Th 2d / 9s 9d 5s 5c 3c / Jh 8h 7h 6h 2h")
BEST = "3s 2c Ah / 4h Td Jc Ts Jd / Kd 4s As Ks 9h"


def showdown_event() -> dict[str, Any]:
    """The showdown as the table sends it to the host (its ``shown`` and ``kinds`` too)."""
    hands = [ANN, BEN, BOT]
    settlement = settle(hands)
    scored = result_json(settlement, HouseRules(), False)
    names = ["Ann", "Ben", "Bot 3 (greedy)"]
    return {"type": "showdown", "deal": 1,
            "hands": [{"seat": i, "name": names[i], "bot": i == 2, "arrangement": str(a),
                       "shown": shown_arrangement(a), "fouled": check_arrangement(a).fouled,
                       "surrendered": False} for i, a in enumerate(hands)],
            "points": scored["points"], "pairs": scored["pairs"],
            "kinds": [p.kind.value for p in settlement.pairs]}


def tables(document: QTextDocument) -> list[list[list[str]]]:
    """Every table of ``document``, as rows of cell texts."""
    found = []
    for frame in document.rootFrame().childFrames():
        if isinstance(frame, QTextTable):
            found.append([[frame.cellAt(r, c).firstCursorPosition().block().text()
                           for c in range(frame.columns())] for r in range(frame.rows())])
    return found


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"tied": "= tied", "won": "✓ won", "lost": "✗ lost", "foul": "not compared (a foul)",
            "rows": ["Top", "Middle", "Bottom"], "against": "against Ben",
            "ann": "Ann: +4 points", "ben": "Ben: −8 points",
            "loss": "1.25 ± 0.50", "ev": "−0.30", "zero": "0 points"}),
    ("ru", {"tied": "= ничья", "won": "✓ выигран", "lost": "✗ проигран", "foul": "не сравнивались (фол)",
            "rows": ["Верхний", "Средний", "Нижний"], "against": "против: Ben",
            "ann": "Ann: +4 очка", "ben": "Ben: −8 очков",
            "loss": "1,25 ± 0,50", "ev": "−0,30", "zero": "0 очков"}),
])
def test_the_showdown_and_review_in_the_products_notation(qtbot: Any, dialog: TeachingDialog, lang: str,
                                                          words: dict[str, Any]) -> None:
    install_language(QApplication.instance(), lang)
    dialog.start(host="127.0.0.1")
    dialog.bridge.happened.emit("showdown", showdown_event())
    dialog.bridge.happened.emit("review", {"type": "review", "deal": 1, "seat": 0, "best": BEST, "loss": 1.25,
                                           "loss_stderr": 0.5, "significant": True, "name": "Ann",
                                           "ev": -0.3, "best_ev": 0.95})
    qtbot.waitUntil(lambda: 0 in dialog.reviews, timeout=5_000)
    text = dialog.table_view.toPlainText()
    assert "T♠" not in text and "T♦" not in text and "T♥" not in text
    ann, ben, bot = tables(dialog.table_view.document())
    # Ann's rows sets first, a ten as 10; then her rows against Ben (a foul) and against the bot
    assert ann[0][2] == words["against"]
    assert [row[:2] for row in ann[1:4]] == [[words["rows"][0], "10♠ 10♦ 2♣"],
                                              [words["rows"][1], "J♦ J♣ 4♠ 4♥ 9♥"],
                                              [words["rows"][2], "A♠ A♥ K♠ K♦ 3♠"]]
    assert [row[3] for row in ann[1:4]] == [words["tied"], words["won"], words["lost"]]
    assert ann[1][2] == words["foul"]
    assert [row[2] for row in bot[1:4]] == [words["tied"], words["lost"], words["won"]]
    assert ben[1][1] == "A♦ A♣ 5♦"
    assert words["ann"] in text and words["ben"] in text and words["zero"] in text
    # the review: the best arrangement's rows sets first, the numbers the language's way
    assert "A♥ 3♠ 2♣ / J♦ J♣ 10♠ 10♦ 4♥ / K♠ K♦ A♠ 9♥ 4♠" in " ".join(text.split())
    assert words["loss"] in text and words["ev"] in text


def test_points_take_the_count_form_of_the_language() -> None:
    install_language(QApplication.instance() or QApplication([]), "ru")
    try:
        assert [points_text(n) for n in (1, 2, -5, 21, 0)] == [
            "+1 очко", "+2 очка", "−5 очков", "+21 очко", "0 очков"]
    finally:
        install_language(QApplication.instance(), "en")
    assert [points_text(n) for n in (1, -1, 2)] == ["+1 point", "−1 point", "+2 points"]


def test_the_hosted_dialog_and_its_question_are_readable(qtbot: Any, dialog: TeachingDialog) -> None:
    from tests.gui.contrast import assert_readable

    dialog.resize(1120, 800)
    line = dialog.start(host="127.0.0.1")
    ann = Client(line["url"])
    try:
        ann.join("Ann", code=line["code"])
        qtbot.waitUntil(lambda: enabled(dialog, 0) == {"bot", "remove"}, timeout=10_000)
        dialog.bridge.happened.emit("history", {"message": "The history failed: disk full."})
        dialog.bridge.happened.emit("showdown", showdown_event())
        qtbot.waitUntil(lambda: dialog.showdown is not None and dialog.history_label.isVisible(),
                        timeout=5_000)
        assert_readable(dialog, least=12)
        measured: list[int] = []

        def measure() -> None:
            box = QApplication.activeModalWidget()
            if not isinstance(box, QMessageBox):
                QTimer.singleShot(20, measure)
                return
            measured.append(len(assert_readable(box, least=2)))
            box.reject()

        QTimer.singleShot(0, measure)
        click(qtbot, dialog, 0, "remove")
        assert measured
    finally:
        ann.close()
