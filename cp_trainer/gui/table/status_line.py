"""The table's words for the window's status bar: the deal's table in a line, a marker while the
next deal will play by other settings, and the session's score.

The labels are made on the table and shown by the window in its status bar, always in view, at
no cost to the cards' height. Their texts keep the table's translation context (``TableWidget``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

from cp_trainer.gui.fitted import fit_clauses
from cp_trainer.gui.numbers import integer, signed
from cp_trainer.gui.table.controller import TrainerController
from cp_trainer.gui.table.rules_line import table_changes, table_line
from cp_trainer.gui.table.seats import ElidedLabel
from cp_trainer.gui.translation import fill

__all__ = ["StatusLine"]

translate = QCoreApplication.translate


class StatusLine:
    """The rules line (``rules_label``), the next deal's marker (``next_rules_label``) and the
    score (``score_label``) of ``controller``'s session, made on ``table``."""

    def __init__(self, controller: TrainerController, table: QWidget) -> None:
        self.controller = controller
        self._table = table
        self.rules_label = ElidedLabel(table)
        self.rules_label.setObjectName("tableRules")
        self.next_rules_label = ElidedLabel(table)
        self.next_rules_label.setObjectName("nextTableRules")
        for label in (self.rules_label, self.next_rules_label):  # the width fit() gives
            label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.score_label = QLabel(table)
        self.score_label.setObjectName("scoreLabel")
        self._follows_messages = False  # the rules line re-fitted as the status bar's message changes

    def retranslate(self) -> None:
        self.score_label.setToolTip(translate("TableWidget", "Your points over this session, under "
                                                             "the current house rules."))

    def show_rules(self) -> None:
        """The deal's table (house rules, variants, bots) and, while the next deal will differ, a
        marker that says how."""
        c = self.controller
        # its shortened form is made by fit(), from the room the status bar has
        self.rules_label.set_full_text(fill(translate("TableWidget", "Table: %1"), table_line(c.setup)))
        self.rules_label.setToolTip(translate("TableWidget", "The house rules, variants and bots this "
                                              "deal is played under (Settings changes them from the "
                                              "next deal)."))
        changes = table_changes(c.setup, c.next_setup)
        if changes:
            text = fill(translate("TableWidget", "● From the next deal: %1"), ", ".join(changes))
            self.next_rules_label.set_full_text(text)
            under = translate("TableWidget", "The next deal is played under: %1")
            self.next_rules_label.setToolTip(fill(under, table_line(c.next_setup)))
        else:
            self.next_rules_label.set_full_text("")
            self.next_rules_label.setToolTip("")
        window = self._table.window()
        self.next_rules_label.setVisible(bool(changes) and self.rules_label.isVisibleTo(window))
        self.fit()

    def fit(self) -> None:
        """The rules line and the marker as wide as their words, in what the status bar has
        beside the score, less room for a message while one is shown (a quarter of the bar); a
        line longer than that shows its first whole clauses and "…" (never a word cut), and is
        whole in its tooltip."""
        window = self._table.window()
        bar = self.rules_label.parentWidget()
        bar_width = (bar if bar is not None and bar is not self._table else window).width()
        score = self.score_label.sizeHint().width() if self.score_label.isVisibleTo(window) else 0
        if isinstance(bar, QStatusBar) and not self._follows_messages:
            self._follows_messages = True
            bar.messageChanged.connect(self._message_changed)
        message = isinstance(bar, QStatusBar) and bool(bar.currentMessage())
        room = max(0, bar_width - score - (bar_width // 4 if message else 32) - 24)
        wants = []
        for label in (self.rules_label, self.next_rules_label):
            label.ensurePolished()
            shown = label.isVisibleTo(window) and bool(label.full_text())
            wants.append(label.fontMetrics().horizontalAdvance(label.full_text()) + 14 if shown else 0)
        marker = min(wants[1], room // 3)
        widths = (min(wants[0], room - marker), marker)
        for label, width in zip((self.rules_label, self.next_rules_label), widths, strict=True):
            label.set_full_text(label.full_text(),
                                fit_clauses(label.fontMetrics(), max(1, width - 14), label.full_text()))
        if widths == (self.rules_label.width(), self.next_rules_label.width()):
            return
        self.rules_label.setFixedWidth(widths[0])
        self.next_rules_label.setFixedWidth(widths[1])
        relayout = getattr(bar, "relayout", None)
        if callable(relayout):
            relayout()

    def _message_changed(self, _text: str) -> None:
        self.fit()

    def show_score(self) -> None:
        c = self.controller
        text = fill(translate("TableWidget", "Session total: %1 · hands played: %2"),
                    signed(c.session_points, 0), integer(c.hands_played))
        # The session's money once it differs from its points: a hand tried again at its own
        # (older) rules without money must not hide what the session has won or lost.
        if abs(c.session_money - c.session_points) > 1e-9 or any(r.point_value != 1 or r.stakes is not None
                                       for r in (c.setup.rules, c.next_setup.rules)):
            text += " · " + fill(translate("TableWidget", "money: %1"), signed(c.session_money))
        self.score_label.setText(text)
        self.fit()  # the score took more or less of the status bar
