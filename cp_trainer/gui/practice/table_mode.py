"""Table mode: enter what was set at a real table (2 to 4 players), check and settle it.

Cards are clicked in a 52-card picker (they go to the player chosen under "Cards go to") or typed
into the rows. "Settle" hands everything to :func:`cp_trainer.practice.table_mode.settle_table`: fouls are
explained by the rules core, cards found in two players' hands are named, and each player's rows
(drawn with the table's card art, as the History draws a hand), points and money (at the point
value) are listed, then every pair's rows won and points.
"""

from __future__ import annotations

import html
import json

from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.picker import CardPicker, RowsEditor, fitting_width
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.numbers import locale, signed
from cp_trainer.gui.practice.hand_html import add_card_images, card_img
from cp_trainer.gui.practice.history_model import rules_label
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.practice.table_mode import TableEntry, TableResult, settle_table
from cp_trainer.rules.arrangement import Arrangement, Row
from cp_trainer.rules.arrangement_text import for_people, foul_message, row_label
from cp_trainer.rules.cards import Card
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.settlement import PairKind
from cp_trainer.support.i18n import capitalised, tr

__all__ = ["DEFAULT_SIZE", "HINT_FLAGS", "ResultView", "TableModeDialog"]

MAX_PLAYERS = 4
DEFAULT_SIZE = (1100, 660)  # fits 1366x768 less a taskbar and the title bar
TITLE_BAR = 30
OUTPUT_MIN_HEIGHT = 90  # the results: a few lines, scrolling for more


class ResultView(QTextBrowser):
    """The results, their cards drawn by ``renderer`` (the table's art and card style); while
    there are none, a ``hint`` says how to fill the table in, wrapped to the view's width (Qt
    draws a text browser's placeholder on one line, cut at the edge)."""

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hint = ""
        self.renderer = renderer
        self.images = 0  # how many different cards the results have pictures of

    def show_html(self, text: str) -> None:
        """``text``, its ``<img src="card:As">`` cards as pictures."""
        self.setHtml(text)
        # after setHtml (which starts a new document); the layout then draws the pictures
        self.images = add_card_images(self.document(), text, self.renderer, self.devicePixelRatioF())
        self.document().markContentsDirty(0, self.document().characterCount())

    def clear(self) -> None:
        super().clear()
        self.images = 0

    def set_hint(self, text: str) -> None:
        self.hint = text
        self.viewport().update()

    def hint_rect(self) -> QRect:
        margin = round(self.document().documentMargin())
        return self.viewport().rect().adjusted(margin, margin, -margin, -margin)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.hint and self.document().isEmpty():
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
            painter.drawText(self.hint_rect(), HINT_FLAGS, self.hint)
            painter.end()


HINT_FLAGS = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop


def seat_letter(seat: int) -> str:
    """The seat's letter in the language's alphabet: A..D / А..Г (a Russian reader met a Latin
    B in «Игрок B»)."""
    letters = QCoreApplication.translate("TableModeDialog", "ABCD", "the seats' letters, one per seat")
    return letters[seat] if 0 <= seat < len(letters) else str(seat + 1)


def seat_default_name(seat: int) -> str:
    """An unnamed player as the results call them: ``player A`` / ``игрок А``."""
    return tr("rules.seat", current_language(), seat=seat_letter(seat))


class _PlayerBox(QGroupBox):
    """One player: the name, where clicked cards go, a surrender, and the three rows (compact, so
    four players, the deck and the results fit a 1366x768 laptop)."""

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.seat = seat
        self.name = QLineEdit(self)
        self.name.setObjectName(f"player{seat}Name")
        self.rows = RowsEditor(self, prefix=f"player{seat}_")
        self.surrender = QCheckBox(self)
        self.surrender.setObjectName(f"player{seat}Surrender")
        self.target = QRadioButton(self)
        self.target.setObjectName(f"player{seat}Target")
        self.name_label = QLabel(self)
        head = QHBoxLayout()
        head.addWidget(self.name_label)
        head.addWidget(self.name, 1)
        head.addSpacing(8)
        head.addWidget(self.target)
        head.addWidget(self.surrender)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 6)
        layout.setSpacing(4)
        layout.addLayout(head)
        layout.addWidget(self.rows)
        self.retranslate()

    def retranslate(self) -> None:
        # the seat's letter, as the results say it when no name is typed ("player A" / "игрок А")
        self.setTitle(fill(self.tr("Player %1"), seat_letter(self.seat)))
        self.name_label.setText(self.tr("Name"))
        self.name.setPlaceholderText(seat_default_name(self.seat))
        self.name.setMinimumWidth(fitting_width(self.name, self.name.placeholderText()))
        self.name.setToolTip(self.tr("The player's name in the results (optional)."))
        self.surrender.setText(self.tr("Surrender"))
        self.surrender.setToolTip(self.tr("This player surrendered before the showdown (if the house "
                                          "rules allow surrender); the rows may stay empty."))
        self.target.setText(self.tr("Receives the cards"))
        self.target.setToolTip(self.tr("Cards clicked in the deck below go to this player's rows."))

    def entry(self) -> TableEntry:
        # an unnamed player by the seat's name in the language's letters (the core's are Latin)
        return TableEntry(self.name.text().strip() or seat_default_name(self.seat), self.rows.text(),
                          self.surrender.isChecked())


class TableModeDialog(QDialog):
    """``renderer`` draws the results' cards (the table's, so its card style; None: a default)."""

    def __init__(self, rules: HouseRules | None = None, parent: QWidget | None = None, *,
                 renderer: CardRenderer | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.setObjectName("tableModeDialog")
        self.rules = rules or HouseRules()
        self.table_result: TableResult | None = None

        top = self._build_top_line()

        self.players = [_PlayerBox(i, self) for i in range(MAX_PLAYERS)]
        self.targets = QButtonGroup(self)
        grid = QGridLayout()
        for p in self.players:
            self.targets.addButton(p.target, p.seat)
            p.surrender.setEnabled(self.rules.surrender)
            p.rows.changed.connect(self._update_used)
            grid.addWidget(p, p.seat // 2, p.seat % 2)
        self.players[0].target.setChecked(True)
        self.picker = CardPicker(None, self)
        self.picker.picked.connect(self._pick)
        self.settle_button = QPushButton(self)
        self.settle_button.setObjectName("settleButton")
        self.clear_button = QPushButton(self)
        self.clear_button.setObjectName("clearTableButton")
        self.output = ResultView(renderer if renderer is not None else CardRenderer(), self)
        self.output.setObjectName("tableResult")
        buttons = QHBoxLayout()
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        buttons.addWidget(self.settle_button)

        self.output.setMinimumHeight(OUTPUT_MIN_HEIGHT)
        grid.setSpacing(6)
        layout = QVBoxLayout(self)
        layout.setSpacing(6)
        layout.addLayout(top)
        layout.addWidget(self.rules_label)
        layout.addLayout(grid)
        layout.addWidget(self.picker)
        layout.addLayout(buttons)
        layout.addWidget(self.output, 1)

        self.count.valueChanged.connect(self._show_players)
        self.settle_button.clicked.connect(self.settle)
        self.clear_button.clicked.connect(self.clear)
        self.retranslate()
        self._show_players()
        self.resize(self._first_size())
        # the first player's name takes the focus (the Players spin box showed a blinking caret)
        self.players[0].name.setFocus(Qt.FocusReason.OtherFocusReason)

    def _build_top_line(self) -> QHBoxLayout:
        """The players' count and the point's value, in one line."""
        self.count = QSpinBox(self)
        self.count.setObjectName("playerCount")
        self.count.setRange(2, MAX_PLAYERS)
        self.point_value = QDoubleSpinBox(self)
        self.point_value.setObjectName("pointValue")
        self.point_value.setRange(0.01, 1_000_000.0)
        self.point_value.setDecimals(2)
        self.point_value.setValue(self.rules.point_value)
        self.count_label = QLabel(self)
        self.point_label = QLabel(self)
        self.rules_label = QLabel(self)
        self.rules_label.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.count_label)
        top.addWidget(self.count)
        top.addSpacing(20)
        top.addWidget(self.point_label)
        top.addWidget(self.point_value)
        top.addStretch(1)
        return top

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Table mode: settle a real table"))
        self.count_label.setText(self.tr("Players"))
        self.count.setToolTip(self.tr("How many players sat at the table (2 to 4)."))
        self.point_label.setText(self.tr("Point value"))
        self.point_value.setLocale(locale())  # "1.00" / "1,00", as the results
        self.point_value.setToolTip(self.tr("What one point is worth in money at this table."))
        label = rules_label(json.dumps(self.rules.replace(point_value=1.0).to_dict()))
        self.rules_label.setText(fill(self.tr("House rules: %1 (change them in Settings)."), label))
        self.settle_button.setText(self.tr("Check and settle"))
        self.settle_button.setToolTip(self.tr("Check every hand for fouls and settle everyone."))
        self.clear_button.setText(self.tr("Clear"))
        self.clear_button.setToolTip(self.tr("Empty every player's rows."))
        self.output.set_hint(self.tr(
            "Enter each player's rows: click the cards above (they go to the player marked "
            "“Receives the cards”) or type them. Then press Check and settle: fouls are explained and "
            "everyone's points and money appear here."))
        self.output.setToolTip(self.tr("The check of every hand and the settlement of the table."))
        if self.table_result is not None:
            self.settle()

    def _first_size(self) -> QSize:
        """Roomy, but never beyond a 1366x768 laptop's screen less its taskbar (or this screen)."""
        width, height = DEFAULT_SIZE
        screen = self.screen()
        if screen is not None:
            room = screen.availableGeometry()
            width, height = min(width, room.width()), min(height, room.height() - TITLE_BAR)
        hint = self.minimumSizeHint()
        return QSize(max(width, hint.width()), max(height, hint.height()))

    def _show_players(self) -> None:
        n = self.count.value()
        for p in self.players:
            p.setVisible(p.seat < n)
        if self.targets.checkedId() >= n:
            self.players[0].target.setChecked(True)
        self._update_used()

    def active_players(self) -> list[_PlayerBox]:
        return self.players[: self.count.value()]

    def _pick(self, card: Card) -> None:
        seat = max(0, self.targets.checkedId())
        if not self.players[seat].rows.add_card(card):
            self.output.show_html(html.escape(self.tr("That player's rows are full.")))

    def _update_used(self) -> None:
        self.picker.set_used(c for p in self.active_players() for c in p.rows.cards())

    def clear(self) -> None:
        for p in self.players:
            p.rows.clear()
            p.surrender.setChecked(False)
        self.players[0].target.setChecked(True)
        self.output.clear()
        self.table_result = None

    def settle(self) -> TableResult:
        lang = current_language()
        rules = self.rules.replace(point_value=self.point_value.value())
        entries = [p.entry() for p in self.active_players()]
        result = settle_table(entries, rules, lang)
        self.table_result = result
        self.output.show_html(self._html(result))
        return result

    def _html(self, result: TableResult) -> str:
        if not result.ok:
            items = "".join(f"<li>{html.escape(p.message)}</li>" for p in result.problems)
            cannot = html.escape(self.tr("Cannot settle yet:"))
            return f"<p style='color:#b71c1c'><b>{cannot}</b></p><ul>{items}</ul>"
        foul_word = html.escape(self.tr("FOUL"))
        rows = []
        for index, seat in enumerate(result.seats):
            if seat.surrendered:
                verdict = html.escape(self.tr("surrendered"))
            elif seat.fouled and seat.check is not None:
                fouls = "; ".join(html.escape(for_people(foul_message(f, current_language())))
                                  for f in seat.check.fouls)
                verdict = f"<span style='color:#b71c1c'><b>{foul_word}</b></span>: {fouls}"
            else:
                verdict = html.escape(self.tr("legal"))
            # the name typed (or the seat, "player A"); two equal names keep their seats apart
            same = sum(other.name == seat.name for other in result.seats) > 1
            who = f"{seat.name} ({seat_default_name(index)})" if same else seat.name
            hand = "" if seat.arrangement is None or seat.surrendered else _hand_pictures(seat.arrangement)
            rows.append(f"<tr><td><b>{html.escape(who)}</b></td><td>{hand}</td><td>{verdict}</td>"
                        f"<td align='right'><b>{signed(seat.points, 0)}</b></td>"
                        f"<td align='right'>{signed(seat.money)}</td></tr>")
        # "Check": the column says whether the hand is legal; "Amount": the points in money
        titles = (self.tr("Player"), self.tr("Rows"), self.tr("Check"), self.tr("Points"), self.tr("Amount"))
        head = "<tr>" + "".join(f"<th>{html.escape(t)}</th>" for t in titles) + "</tr>"
        # each line a sentence in the window (the command line prints the core's lines as they are)
        lines = "<br>".join(html.escape(capitalised(line)) for line in result.explanation)
        # the explanation at the table's size: it is what a newcomer reads to learn the scoring
        return (f"<table cellpadding='4'>{head}{''.join(rows)}</table>{self._pairs_html(result)}"
                f"<p>{lines}</p>")

    def _pairs_html(self, result: TableResult) -> str:
        """Every pair as a line of a table: who won each row ("=" a tie, "—" not compared) and
        the points, so the totals above can be read off at a glance."""
        if result.settlement is None or not result.settlement.pairs:
            return ""
        lang = current_language()
        names = [seat.name for seat in result.seats]
        heads = [self.tr("Pair"), *(row_label(row, lang) for row in Row), self.tr("Points")]
        lines = ["<tr>" + "".join(f"<th>{html.escape(capitalised(h))}</th>" for h in heads) + "</tr>"]
        for pair in result.settlement.pairs:
            a, b = pair.players
            cells = [f"{html.escape(names[a])} — {html.escape(names[b])}"]
            for row in Row:
                winner = pair.rows.get(row)
                compared = pair.kind in (PairKind.SHOWDOWN, PairKind.FOUL)
                cells.append(html.escape(names[winner]) if winner is not None
                             else ("=" if compared else "—"))
            cells.append(f"{signed(pair.points[0], 0)} / {signed(pair.points[1], 0)}")
            lines.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return f"<table cellpadding='4'>{''.join(lines)}</table>"


def _hand_pictures(arrangement: Arrangement) -> str:
    """A hand's rows, a line each (top, middle, bottom), as card pictures in the order the table
    sets them; each row a table of its own, so its cards stay on one line."""
    lines = []
    for row in arrangement.rows:
        pictures = "".join(f"<td>{card_img(str(card))}</td>" for card in set_order(row))
        lines.append(f"<table cellspacing='0' cellpadding='0'><tr>{pictures}</tr></table>")
    return "".join(lines)
