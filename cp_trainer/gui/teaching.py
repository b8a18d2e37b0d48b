"""Game → Host a teaching table…: the window deals and hosts, players join from a browser.

The table server (:mod:`cp_trainer.net.server`) runs on a thread of its own; its events come to
the GUI thread through :class:`_Bridge`'s signal (queued across the threads). The dialog shows
the link, the code and a QR code of the link (``segno``), the seats as they join and set, and at
the showdown every hand with the points and the solver's review of each person (best
arrangement, loss ± its paired error, significant or not). Hands are recorded in the window's
own history (the practice recorder's writer). Its texts are the ``net.window.*`` messages of the
JSON catalogs, in the window's language, re-set when the language changes.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAction, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.arrangement import Arrangement
from cp_trainer.cards import parse_cards
from cp_trainer.gui.translation import current_language, follow_language
from cp_trainer.history.writer import HistoryWriter
from cp_trainer.house_rules import HouseRules
from cp_trainer.i18n import tr

__all__ = ["TeachingDialog", "install_teaching", "qr_pixmap"]


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


def _cards_html(text: str) -> str:
    out = []
    for card in parse_cards(text):
        colour = "#c92a2a" if card.pretty()[-1] in "♥♦" else "#212529"
        out.append(f'<span style="color:{colour}">{html.escape(card.pretty())}</span>')
    return " ".join(out)


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
        self.seats: list[dict[str, Any]] = []
        self.showdown: dict[str, Any] | None = None
        self.reviews: dict[int, dict[str, Any]] = {}
        self.notices: list[str] = []
        self.bridge = _Bridge(self)
        self.bridge.happened.connect(self._on_event, Qt.ConnectionType.QueuedConnection)

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
        self.table_view = QTextBrowser(self)
        self.table_view.setObjectName("teachingTable")
        self.table_view.setMinimumSize(520, 360)

        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(self.start_button)
        left.addWidget(self.fill_button)
        left.addWidget(self.code_label)
        left.addWidget(self.qr_label)
        left.addWidget(self.link_label)
        left.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addLayout(left)
        layout.addWidget(self.table_view, 1)
        app = QCoreApplication.instance()
        if app is not None:  # the trainer quits with the table open: it closes too
            app.aboutToQuit.connect(self.stop)
        follow_language(self, self.retranslate)
        self.retranslate()

    # --- texts -------------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return tr(f"net.window.{key}", current_language(), **params)

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
        from cp_trainer.net.server import ServerThread, TableServer
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
                             writer=self._writer(), **extra,
                             observe=lambda event, data: bridge.happened.emit(event, data))
        thread = ServerThread(server)
        self.line = thread.start()
        self._thread = thread
        self.seats, self.showdown, self.reviews, self.notices = [], None, {}, []
        self.code_label.setText(self.t("code", code=self.line["code"]))
        self.qr_label.setPixmap(qr_pixmap(self.join_link))
        for w in (self.seats_spin, self.bots_spin, self.where_combo):
            w.setEnabled(False)
        self.retranslate()
        return self.line

    def fill_with_bots(self) -> None:
        """Deal now: bots take the seats no one has taken."""
        if self._thread is not None:
            self._thread.fill_with_bots()

    def stop(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.stop()
        self.line = None
        self.code_label.clear()
        self.qr_label.clear()
        self.fill_button.setEnabled(False)
        for w in (self.seats_spin, self.bots_spin, self.where_combo):
            w.setEnabled(True)
        self.retranslate()

    def done(self, result: int) -> None:  # closing the dialog closes the table
        self.stop()
        super().done(result)

    # --- the table's events --------------------------------------------------------------------

    def _on_event(self, event: str, data: dict[str, Any]) -> None:
        if event == "table":
            self.seats = list(data["seats"])
            waiting = data["phase"] == "waiting"
            self.fill_button.setEnabled(waiting and any(not s["bot"] for s in self.seats if s["name"]))
        elif event == "deal":
            self.showdown, self.reviews = None, {}
        elif event == "showdown":
            self.showdown = data
        elif event == "review":
            if self.showdown is not None and data["deal"] == self.showdown["deal"]:
                self.reviews[int(data["seat"])] = data
        elif event == "replaced":
            self.notices.append(self.t("replaced", name=data["name"]))
        self.refresh()

    def refresh(self) -> None:
        if self.line is None:
            self.link_label.setText(self.t("not_hosting"))
            self.table_view.setHtml("")
            return
        self.link_label.setText(self.t("link", link=self.join_link))
        parts = [f"<h3>{html.escape(self.t('players'))}</h3><ul>"]
        for s in self.seats:
            status = (self.t("bot") if s["bot"] else self.t("away") if not s["connected"]
                      else self.t("has_set") if s["set"] else self.t("arranging"))
            parts.append(f"<li><b>{html.escape(s['name'])}</b> — {html.escape(status)}</li>")
        if not self.seats:
            parts.append(f"<li>{html.escape(self.t('nobody'))}</li>")
        parts.append("</ul>")
        parts += [f"<p><i>{html.escape(n)}</i></p>" for n in self.notices[-3:]]
        sd = self.showdown
        if sd is not None:
            parts.append(f"<h3>{html.escape(self.t('showdown', deal=sd['deal']))}</h3>")
            for hand in sd["hands"]:
                seat = int(hand["seat"])
                points = sd["points"][seat]
                flags = [self.t(k) for k in ("fouled", "surrendered") if hand[k]]
                parts.append(f"<p><b>{html.escape(hand['name'])}</b>: {points:+d} "
                             f"{html.escape(self.t('points'))}"
                             + (f" <span style='color:#c92a2a'>({html.escape(', '.join(flags))})</span>"
                                if flags else "") + "<br>")
                if not hand["surrendered"]:
                    rows = hand["arrangement"].split("/")
                    parts.append(" &nbsp;/&nbsp; ".join(_cards_html(row) for row in rows))
                review = self.reviews.get(seat)
                if review is not None:
                    verdict = self.t("significant" if review["significant"] else "not_significant")
                    if review["loss"] > 0:
                        best = Arrangement.parse(review["best"]).format(symbols=True)
                        text = self.t("review", best=best, loss=f"{review['loss']:.2f}",
                                      stderr=f"{review['loss_stderr']:.2f}", verdict=verdict)
                    else:
                        text = self.t("review_best")
                    parts.append(f"<br><span style='color:#2b6cb0'>{html.escape(text)}</span>")
                elif not hand["bot"]:
                    parts.append(f"<br><i>{html.escape(self.t('reviewing'))}</i>")
                parts.append("</p>")
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
