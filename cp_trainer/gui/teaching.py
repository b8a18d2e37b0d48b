"""Game → Host a teaching table…: the window deals and hosts, players join from a browser.

The table server (:mod:`cp_trainer.net.server`) runs on a thread of its own; its events come to
the GUI thread through :class:`_Bridge`'s signal (queued across the threads). The dialog shows
the link, the code and a QR code of the link (``segno``), the seats as they join and set with the
host's hand on each (:class:`SeatPanel`: give a person's seat to a bot, remove a person, free a
bot's seat), a red line that stays while the history cannot keep the hands, and at the showdown
every hand with each row's result against each opponent, the points and the solver's review of
each person (best arrangement, loss ± its paired error, significant or not). Cards are written
as the product writes them (a ten is ``10``, each row sets first), numbers the language's way.
Hands are recorded in the window's own history (the practice recorder's writer). Its texts are
the ``net.window.*`` messages of the JSON catalogs, in the window's language, re-set when the
language changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAction, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.numbers import number, signed
from cp_trainer.gui.translation import current_language, follow_language
from cp_trainer.history.writer import HistoryWriter
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card, parse_cards, set_order
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.support.i18n import tr, tr_count

__all__ = ["ACTIONS", "SeatPanel", "TeachingDialog", "install_teaching", "points_text", "qr_pixmap",
           "seat_actions"]

ROWS = ("top", "middle", "bottom")
RED = "#c92a2a"
#: the host's actions on a seat (:meth:`cp_trainer.net.server.ServerThread.host_action`)
ACTIONS = ("bot", "remove", "free")


def t(key: str, **params: Any) -> str:
    """The ``net.window.*`` message ``key`` in the window's language."""
    return tr(f"net.window.{key}", current_language(), **params)


def points_text(n: int) -> str:
    """Whole points with their sign and their unit in the form the count takes: ``+1 point``,
    ``−2 points``; ``+1 очко``, ``−2 очка``, ``0 очков``."""
    return tr_count("net.window.points_count", n, current_language(), n=signed(n, 0))


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    """A QR code of ``text`` (segno writes the PNG itself: no imaging library needed)."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class _Bridge(QObject):
    """Carries the server thread's events to the GUI thread."""

    happened = Signal(str, object)


# --- seats -----------------------------------------------------------------------------------


def seat_actions(seat: dict[str, Any], freeing: bool = False) -> frozenset[str]:
    """The host's actions that apply to ``seat`` (a seat of the table's state): ``bot`` and
    ``remove`` for a person playing, ``remove`` for a person a bot plays for, ``free`` for a
    bot's seat no person is coming to (and not freed already)."""
    if not seat["bot"]:
        return frozenset({"bot", "remove"}) if seat["name"] else frozenset()
    actions = set()
    if "person" in seat:
        actions.add("remove")
    if not seat.get("coming") and not freeing:
        actions.add("free")
    return frozenset(actions)


def seat_status(seat: dict[str, Any], phase: str, freeing: bool) -> str:
    """What the seat is doing, in a few words."""
    if not seat["bot"]:
        if not seat["name"]:
            return t("empty")
        if not seat["connected"]:
            return t("away")
        if phase == "waiting":
            return t("waiting")
        return t("has_set" if seat["set"] else "arranging")
    if freeing:
        return t("freeing")
    if "person" in seat:
        return t("coming" if seat.get("coming") else "bot_for", person=seat["person"])
    return t("bot")


def seat_person(seat: dict[str, Any]) -> str:
    """The name of the person who holds the seat (playing, or a bot playing for them)."""
    return str(seat.get("person", "")) if seat["bot"] else str(seat["name"])


class _SeatRow:
    """One seat's line of :class:`SeatPanel`: its number, who sits there, what they do, and the
    host's buttons."""

    def __init__(self, panel: SeatPanel, grid: QGridLayout, index: int) -> None:
        self.index = index
        self.number = QLabel(str(index + 1), panel)
        self.name = QLabel(panel)
        self.name.setTextFormat(Qt.TextFormat.PlainText)
        self.status = QLabel(panel)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.buttons: dict[str, QPushButton] = {}
        for column, action in enumerate(ACTIONS, start=3):
            button = QPushButton(panel)
            button.setObjectName(f"teachingSeat{index}_{action}")
            button.setEnabled(False)
            button.clicked.connect(lambda _=False, a=action: panel.asked.emit(a, self.index))
            grid.addWidget(button, index, column)
            self.buttons[action] = button
        for column, label in enumerate((self.number, self.name, self.status)):
            grid.addWidget(label, index, column)

    def show(self, seat: dict[str, Any] | None, phase: str, freeing: bool) -> None:
        self.name.setText(seat["name"] if seat is not None and seat["name"] else "—")
        self.status.setText(seat_status(seat, phase, freeing) if seat is not None else "")
        actions = seat_actions(seat, freeing) if seat is not None else frozenset()
        for action, button in self.buttons.items():
            button.setEnabled(action in actions)

    def retranslate(self) -> None:
        for action, button in self.buttons.items():
            button.setText(t(f"action.{action}"))
            button.setToolTip(t(f"action.{action}_tip"))
            button.setAccessibleName(t("seat_action", action=t(f"action.{action}"), n=self.index + 1))


class SeatPanel(QGroupBox):
    """The table's seats, one line each, with the host's actions that apply to each enabled;
    ``asked(action, seat)`` when the host clicks one."""

    asked = Signal(str, int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("teachingSeats")
        self._grid = QGridLayout(self)
        self._grid.setColumnStretch(2, 1)
        self.rows: list[_SeatRow] = []
        self.hide()  # until a table is open

    def make_seats(self, count: int) -> None:
        """One line for each of ``count`` seats (none: no table)."""
        for row in self.rows:
            for widget in (row.number, row.name, row.status, *row.buttons.values()):
                widget.deleteLater()
        self.rows = [_SeatRow(self, self._grid, i) for i in range(count)]
        self.setVisible(count > 0)
        self.retranslate()

    def show_seats(self, seats: Sequence[dict[str, Any]], phase: str, freeing: Iterable[int]) -> None:
        freed = set(freeing)
        for row in self.rows:
            seat = seats[row.index] if row.index < len(seats) else None
            row.show(seat, phase, row.index in freed)

    def retranslate(self) -> None:
        self.setTitle(t("players"))
        for row in self.rows:
            row.retranslate()


# --- the showdown ----------------------------------------------------------------------------


def cards_html(cards: Iterable[Card]) -> str:
    """Cards as a person reads them (``10♥``), the red suits red, in the order given."""
    out = []
    for card in cards:
        colour = RED if card.suit.is_red else "#212529"
        out.append(f'<span style="color:{colour}">{html.escape(card.label())}</span>')
    return " ".join(out)


def shown_rows(hand: dict[str, Any]) -> list[list[Card]] | None:
    """A showdown hand's rows, each sets first (the server's ``shown``; else its arrangement
    ordered here); None for a surrendered hand."""
    if hand["surrendered"]:
        return None
    shown = hand.get("shown")
    if isinstance(shown, str) and shown.count("/") == 2:
        return [parse_cards(row) for row in shown.split("/")]
    return [list(set_order(parse_cards(row))) for row in hand["arrangement"].split("/")]


CELL = "padding:1px 10px 1px 0"


def _result_cell(pair: dict[str, Any], kind: str, r: int, seat: int) -> str:
    """The cell of row ``r`` of ``seat`` against the other seat of ``pair``: won, lost or tied
    when the rows were compared, else one cell beside the three rows saying why not."""
    if kind != "showdown":
        why = html.escape(t("result.none", why=t(f"kind.{kind}")))
        return f"<td rowspan='3' style='{CELL}; color:#6c757d'>{why}</td>" if r == 0 else ""
    winner = pair["rows"].get(ROWS[r])
    colour, key = (("#495057", "tied") if winner is None else ("#237032", "won") if winner == seat
                   else (RED, "lost"))
    return f"<td style='{CELL}; color:{colour}'>{html.escape(t(f'result.{key}'))}</td>"


def versus_html(showdown: dict[str, Any], hand: dict[str, Any]) -> str:
    """A table beside the hand: each row's cards, and each row's result against each opponent
    with the pair's points under it."""
    seat = int(hand["seat"])
    names = {int(h["seat"]): str(h["name"]) for h in showdown["hands"]}
    kinds = showdown.get("kinds") or ["showdown"] * len(showdown["pairs"])
    against = [(pair, str(kind)) for pair, kind in zip(showdown["pairs"], kinds, strict=False)
               if seat in pair["players"]]
    rows = shown_rows(hand)
    head = "".join(f"<th align='left' style='{CELL}'>{html.escape(t('against', name=names.get(o, '?')))}</th>"
                   for pair, _ in against for o in pair["players"] if o != seat)
    parts = [f"<table cellspacing='0'><tr><th></th><th></th>{head}</tr>"]
    for r, row in enumerate(ROWS):
        cards = cards_html(rows[r]) if rows is not None else (
            f"<i>{html.escape(t('surrendered'))}</i>" if r == 0 else "")
        results = "".join(_result_cell(pair, kind, r, seat) for pair, kind in against)
        parts.append(f"<tr><td style='{CELL}'>{html.escape(t(f'row.{row}'))}</td>"
                     f"<td style='{CELL}'>{cards}</td>{results}</tr>")
    pair_points = (pair["points"][pair["players"].index(seat)] for pair, _ in against)
    totals = "".join(f"<td style='{CELL}'><b>{html.escape(points_text(n))}</b></td>" for n in pair_points)
    parts.append(f"<tr><td></td><td></td>{totals}</tr></table>")
    return "".join(parts)


def review_lines(review: dict[str, Any]) -> list[str]:
    """The solver's review of one person's hand, as HTML lines: the best arrangement (rows sets
    first), the loss with its error and whether it is beyond the solver's accuracy, the expected
    points of both."""
    if not review["loss"] > 0:
        return [html.escape(t("review_best"))]
    verdict = t("significant" if review["significant"] else "not_significant")
    rows = Arrangement.parse(review["best"]).rows
    best = " &nbsp;/&nbsp; ".join(cards_html(set_order(row)) for row in rows)
    lines = [html.escape(t("review", loss=number(review["loss"]), stderr=number(review["loss_stderr"]),
                           verdict=verdict)),
             html.escape(t("review_best_is")) + " " + best]
    if "ev" in review and "best_ev" in review:
        lines.append(html.escape(t("review_ev", ev=signed(review["ev"]), best=signed(review["best_ev"]))))
    return lines


def showdown_html(showdown: dict[str, Any], reviews: dict[int, dict[str, Any]]) -> str:
    """Every hand of the showdown: its name, points, fouled or surrendered, its rows against
    each opponent, and the solver's review of each person."""
    parts = [f"<h3>{html.escape(t('showdown', deal=showdown['deal']))}</h3>"]
    for hand in showdown["hands"]:
        seat = int(hand["seat"])
        flags = ", ".join(t(k) for k in ("fouled", "surrendered") if hand[k])
        points = html.escape(points_text(showdown["points"][seat]))
        flagged = f" <span style='color:{RED}'>({html.escape(flags)})</span>" if flags else ""
        parts.append(f"<p><b>{html.escape(hand['name'])}</b>: {points}{flagged}</p>")
        parts.append(versus_html(showdown, hand))
        review = reviews.get(seat)
        if review is not None:
            parts.append(f"<p style='color:#2b6cb0'>{'<br>'.join(review_lines(review))}</p>")
        elif not hand["bot"]:
            parts.append(f"<p><i>{html.escape(t('reviewing'))}</i></p>")
    return "".join(parts)


# --- the dialog ------------------------------------------------------------------------------


class TeachingDialog(QDialog):
    """The teacher's view of a teaching table (one at a time; it stops when the dialog closes)."""

    def __init__(self, parent: QWidget | None, rules: Callable[[], HouseRules],
                 writer: Callable[[], HistoryWriter | None], review_samples: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("teachingDialog")
        self._rules = rules
        self._writer = writer
        self._review_samples = review_samples
        self._thread: Any = None  # a cp_trainer.net.server.ServerThread while hosting
        self.line: dict[str, Any] | None = None
        self.code = ""  # the table's code while hosting
        self.seats: list[dict[str, Any]] = []
        self.phase = "waiting"
        self.freeing: set[int] = set()  # seats freed, emptied at the next deal
        self.showdown: dict[str, Any] | None = None
        self.reviews: dict[int, dict[str, Any]] = {}
        self.notices: list[tuple[str, dict[str, Any]]] = []  # (net.window key, its parameters)
        self.bridge = _Bridge(self)
        self.bridge.happened.connect(self._on_event, Qt.ConnectionType.QueuedConnection)
        self._build_settings()
        self._build_table_side()
        layout = QHBoxLayout(self)
        layout.addLayout(self._left)
        layout.addLayout(self._right, 1)
        app = QCoreApplication.instance()
        if app is not None:  # the trainer quits with the table open: it closes too
            app.aboutToQuit.connect(self.stop)
        follow_language(self, self.retranslate)
        self.retranslate()

    def _build_settings(self) -> None:
        """The left column: the table's settings, start/stop, deal now, the code, QR and link."""
        self.seats_spin = QSpinBox(self)
        self.seats_spin.setRange(2, 4)
        self.seats_spin.setValue(4)
        self.bots_spin = QSpinBox(self)
        self.bots_spin.setRange(0, 3)
        self.seats_spin.valueChanged.connect(lambda n: self.bots_spin.setMaximum(n - 1))
        self.where_combo = QComboBox(self)
        self.where_combo.addItem("", "0.0.0.0")
        self.where_combo.addItem("", "127.0.0.1")
        self.start_button = QPushButton(self)
        self.start_button.setObjectName("teachingStart")
        self.start_button.clicked.connect(self.toggle)
        self.fill_button = QPushButton(self)
        self.fill_button.setObjectName("teachingFill")
        self.fill_button.setEnabled(False)
        self.fill_button.clicked.connect(self.fill_with_bots)
        self.seats_label, self.bots_label, self.where_label = QLabel(self), QLabel(self), QLabel(self)
        form = QFormLayout()
        form.addRow(self.seats_label, self.seats_spin)
        form.addRow(self.bots_label, self.bots_spin)
        form.addRow(self.where_label, self.where_combo)
        self.link_label = QLabel(self)
        self.link_label.setObjectName("teachingLink")
        self.link_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.link_label.setWordWrap(True)
        self.code_label = QLabel(self)
        self.code_label.setObjectName("teachingCode")
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.code_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.code_label.setFont(font)
        self.qr_label = QLabel(self)
        self.qr_label.setObjectName("teachingQr")
        self.qr_label.setFixedSize(220, 220)
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._left = QVBoxLayout()
        self._left.addLayout(form)
        for widget in (self.start_button, self.fill_button, self.code_label, self.qr_label, self.link_label):
            self._left.addWidget(widget)
        self._left.addStretch(1)

    def _build_table_side(self) -> None:
        """The right column: the history's trouble (red, while hosting), the seats, the table."""
        self.history_label = QLabel(self)
        self.history_label.setObjectName("teachingHistory")
        self.history_label.setWordWrap(True)
        self.history_label.setTextFormat(Qt.TextFormat.PlainText)
        self.history_label.setStyleSheet(f"color: white; background: {RED}; padding: 6px; font-weight: bold;")
        self.history_label.hide()
        self.seat_panel = SeatPanel(self)
        self.seat_panel.asked.connect(self.seat_action)
        self.table_view = QTextBrowser(self)
        self.table_view.setObjectName("teachingTable")
        self.table_view.setMinimumSize(560, 320)
        self._right = QVBoxLayout()
        self._right.addWidget(self.history_label)
        self._right.addWidget(self.seat_panel)
        self._right.addWidget(self.table_view, 1)

    # --- texts -------------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return t(key, **params)

    def retranslate(self) -> None:
        self.setWindowTitle(self.t("title"))
        self.seats_label.setText(self.t("seats"))
        self.bots_label.setText(self.t("bots"))
        self.where_label.setText(self.t("where"))
        self.where_combo.setItemText(0, self.t("where_network"))
        self.where_combo.setItemText(1, self.t("where_here"))
        self.start_button.setText(self.t("stop" if self.hosting else "start"))
        self.fill_button.setText(self.t("fill"))
        self.fill_button.setToolTip(self.t("fill_tip"))
        self.code_label.setText(self.t("code", code=self.code) if self.code else "")
        self.seat_panel.retranslate()
        self.refresh()

    @property
    def hosting(self) -> bool:
        return self._thread is not None

    @property
    def join_link(self) -> str:
        """The page with the code filled in, where the players reach it (what the QR code holds)."""
        assert self._thread is not None
        return str(self._thread.server.players_link)

    # --- hosting -------------------------------------------------------------------------------

    def toggle(self) -> None:
        if self.hosting:
            self.stop()
        else:
            self.start()

    def start(self, host: str | None = None, port: int = 0) -> dict[str, Any]:
        """Start the table (in its own thread); the ready line."""
        from cp_trainer.net.server import Pacing, ServerThread, TableServer
        from cp_trainer.net.table import Table

        if host is not None and self.where_combo.findData(host) >= 0:
            self.where_combo.setCurrentIndex(self.where_combo.findData(host))
        seats, bots = self.seats_spin.value(), self.bots_spin.value()
        rules = self._rules()
        if rules.bank >= seats:
            rules = rules.replace(bank=0)
        table = Table(seats=seats, bots=bots, rules=rules, lang=current_language())
        bridge = self.bridge
        extra: dict[str, Any] = {}
        if self._review_samples is not None:
            extra["review_samples"] = self._review_samples
        server = TableServer(table, host=host or str(self.where_combo.currentData()), port=port,
                             writer=self._writer(), pacing=Pacing(**extra),
                             observe=lambda event, data: bridge.happened.emit(event, data))
        thread = ServerThread(server)
        seats_before = list(table.state()["seats"])  # read before the table's thread owns it
        self.line = thread.start()
        self._thread = thread
        self._forget_table()
        self.seats = seats_before
        self.code = str(self.line["code"])
        self.qr_label.setPixmap(qr_pixmap(self.join_link))
        self.seat_panel.make_seats(seats)
        for w in (self.seats_spin, self.bots_spin, self.where_combo):
            w.setEnabled(False)
        self.retranslate()
        return self.line

    def _forget_table(self) -> None:
        self.seats, self.phase, self.freeing = [], "waiting", set()
        self.showdown, self.reviews, self.notices = None, {}, []
        self.history_label.clear()
        self.history_label.hide()

    def fill_with_bots(self) -> None:
        """Deal now: bots take the seats no one has taken."""
        if self._thread is not None:
            self._thread.fill_with_bots()

    def seat_action(self, action: str, seat: int) -> None:
        """The host's ``action`` on ``seat`` (``bot``, ``remove`` after a confirmation, ``free``);
        the table refuses what no longer applies when it gets there."""
        if self._thread is None or not 0 <= seat < len(self.seats):
            return
        if action == "remove" and not self._confirm_remove(seat_person(self.seats[seat])):
            return
        self._thread.host_action(action, seat)

    def _confirm_remove(self, name: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, self.t("remove_title", name=name),
                          self.t("remove_text", name=name), QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("teachingRemoveConfirm")
        yes = box.addButton(self.t("remove_yes"), QMessageBox.ButtonRole.AcceptRole)
        no = box.addButton(self.t("cancel"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(no)
        box.exec()
        box.deleteLater()
        return box.clickedButton() is yes

    def stop(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.stop()
        self.line = None
        self.code = ""
        self._forget_table()
        self.seat_panel.make_seats(0)
        self.qr_label.clear()
        self.fill_button.setEnabled(False)
        for w in (self.seats_spin, self.bots_spin, self.where_combo):
            w.setEnabled(True)
        self.retranslate()

    def done(self, result: int) -> None:  # closing the dialog closes the table
        self.stop()
        super().done(result)

    # --- the table's events --------------------------------------------------------------------

    #: events told as a line above the showdown (each the ``net.window`` key of its text)
    NOTICES = frozenset({"replaced", "given_to_bot", "removed", "joined", "rejoined", "left"})

    def _on_event(self, event: str, data: dict[str, Any]) -> None:
        if self._thread is None:
            return  # an event of a table closed meanwhile
        if event == "table":
            self.seats, self.phase = list(data["seats"]), str(data["phase"])
            self.freeing = {i for i in self.freeing if i < len(self.seats) and self.seats[i]["bot"]}
            waiting = self.phase == "waiting"
            self.fill_button.setEnabled(waiting and any(not s["bot"] for s in self.seats if s["name"]))
        elif event == "deal":
            self.showdown, self.reviews, self.freeing = None, {}, set()
        elif event == "showdown":
            self.showdown = data
        elif event == "review":
            if self.showdown is not None and data["deal"] == self.showdown["deal"]:
                self.reviews[int(data["seat"])] = data
        elif event == "freed":
            self.freeing.add(int(data["seat"]))
            self.notices.append(("freed", {"n": int(data["seat"]) + 1}))
        elif event == "history":
            self.history_label.setText(str(data["message"]))
            self.history_label.show()
        elif event in self.NOTICES:
            key = "joined_coming" if event in ("joined", "rejoined") and data.get("coming") else event
            self.notices.append((key, {"name": data.get("name", "")}))
        self.refresh()

    def refresh(self) -> None:
        if self.line is None:
            self.link_label.setText(self.t("not_hosting"))
            self.table_view.setHtml("")
            return
        self.link_label.setText(self.t("link", link=self.join_link))
        self.seat_panel.show_seats(self.seats, self.phase, self.freeing)
        del self.notices[:-3]
        parts = [f"<p style='color:#495057'><i>{html.escape(self.t(key, **params))}</i></p>"
                 for key, params in self.notices]
        if self.showdown is not None:
            parts.append(showdown_html(self.showdown, self.reviews))
        elif not any(s["name"] for s in self.seats):
            parts.append(f"<p>{html.escape(self.t('nobody'))}</p>")
        self.table_view.setHtml("".join(parts))


class TeachingMenu(QObject):
    """The menu entry and the one dialog it opens (kept alive by this object, owned by the window)."""

    def __init__(self, window: QMainWindow, menu: QMenu, before: QAction, rules: Callable[[], HouseRules],
                 writer: Callable[[], HistoryWriter | None]) -> None:
        super().__init__(window)
        self.window = window
        self.rules = rules
        self.writer = writer
        self.dialog: TeachingDialog | None = None
        self.action = QAction(window)
        self.action.setObjectName("teachingAction")
        self.action.triggered.connect(self.open)
        menu.insertAction(before, self.action)
        follow_language(window, self.retranslate)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(tr("net.window.menu", current_language()))

    def open(self) -> TeachingDialog:
        if self.dialog is None:
            self.dialog = TeachingDialog(self.window, self.rules, self.writer)
        self.dialog.show()
        return self.dialog


def install_teaching(window: QMainWindow, menu: QMenu, before: QAction, rules: Callable[[], HouseRules],
                     writer: Callable[[], HistoryWriter | None]) -> TeachingMenu:
    """Add Host a teaching table… to ``menu`` before ``before`` (keep the returned object)."""
    return TeachingMenu(window, menu, before, rules, writer)
