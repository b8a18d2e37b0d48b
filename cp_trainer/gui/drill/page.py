"""The Drill page: a hand is dealt, the player sets it, and on Set it is graded against the solver.

Cards move as on the table (drag and drop, double-click, keys ``1``/``2``/``3``, Backspace,
Left/Right, Up/Down between rows); Enter (or Ctrl+Return) sets the hand, and after the grade
Enter deals the next one. A pool hand carries its solver answer, so most grades are instant; a
random hand (or an arrangement the pool did not store) goes to the solver on a worker thread
while a busy bar runs. Beside the player's rows the page shows the best arrangement, the EV loss
with its error, the grade, the why line, the session's accuracy and streak, the rating with its
deviation, the review queue ("12 hands due") and the themes that cost the most.

The page is a view: the Drill's state (phase, hand, where the cards lie, grade, profile,
progress, recent hands) lives in its :class:`~cp_trainer.drill.session.DrillSession`, which the
page shows and forwards the player's actions to; the page runs the session's solver jobs on a
:class:`~cp_trainer.gui.worker.Worker` and stores each result the session produces in the history
(:mod:`cp_trainer.history.drill_record`); the rating and the review queue are rebuilt from the
stored results when the page opens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QLocale, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.drill.grading import GOOD_MAX, INACCURACY_MAX, MISTAKE_MAX, DrillGrade, GradeLevel
from cp_trainer.drill.pool import RANDOM_SHARE, DrillHand, load_pool
from cp_trainer.drill.profile import DrillProfile
from cp_trainer.drill.session import AnalyseFn, DrillPhase, DrillResult, DrillSession, GradeFn, GradeJob
from cp_trainer.drill.themes import Theme
from cp_trainer.drill.why import explain
from cp_trainer.gui.cards.fitting import largest_fitting, widest_fitting
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.views import GAP
from cp_trainer.gui.drill.alt_keys import underline_while_alt
from cp_trainer.gui.drill.jobs import RatesFn, analyse_hand, grade_hand, row_rates
from cp_trainer.gui.drill.rows_grid import DrillRows
from cp_trainer.gui.fitted import FittedLabel, needed_height
from cp_trainer.gui.numbers import MINUS, integer
from cp_trainer.gui.shortcuts import redo_keys, undo_keys
from cp_trainer.gui.table.live_check import ROW_OF_ZONE, banner_words, row_words, show_banner
from cp_trainer.gui.table.models import ROWS, DealModel, Zone
from cp_trainer.gui.table.zones import step_focus
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.gui.worker import JobSlot
from cp_trainer.history import HistoryStore
from cp_trainer.history.drill_record import DrillRecord
from cp_trainer.history.record import now_utc
from cp_trainer.rules.arrangement import Arrangement, check_partial
from cp_trainer.rules.house_rules import HouseRules

__all__ = ["DrillPage", "Phase"]

Phase = DrillPhase  # the session's phases, by the page's old name

GRADE_COLOURS = {GradeLevel.BEST: "#7CFC9A", GradeLevel.GOOD: "#C8F7A0", GradeLevel.INACCURACY: "#FFE27A",
                 GradeLevel.MISTAKE: "#FFB067", GradeLevel.BLUNDER: "#FF7B7B"}
MIN_CARD_HEIGHT = 50  # the cards' height bounds: they scale with the page
MAX_CARD_HEIGHT = 140
CARD_STEP = 2  # the cards' heights tried, from the largest down


class DrillPage(QWidget):
    """The Drill mode's view (``objectName`` ``drillPage``): it shows its :attr:`session` and
    forwards the player's actions to it.

    ``store``: the history to keep results in (None: nothing is kept). ``pool``, ``seed``,
    ``analyse_fn``, ``grade_fn``, ``rates_fn`` (None: no row rates), ``clock`` and
    ``random_share`` are for tests.
    """

    graded = Signal(object)  # the DrillRecord stored
    busy = Signal(bool)

    def __init__(self, renderer: CardRenderer, parent: QWidget | None = None, *,
                 store: HistoryStore | None = None, pool: Sequence[DrillHand] | None = None,
                 seed: int | None = None, analyse_fn: AnalyseFn = analyse_hand,
                 grade_fn: GradeFn = grade_hand, rates_fn: RatesFn | None = row_rates,
                 clock: Callable[[], datetime] = now_utc, random_share: float = RANDOM_SHARE,
                 shortcuts: bool = True,
                 write: Callable[[Sequence[DrillRecord]], None] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drillPage")
        follow_language(self, self.retranslate)
        self.renderer = renderer
        self.card_height = 78
        self.store = store
        self.write = write  # results go here when given (the history writer's thread), else to store
        self.analyse_fn = analyse_fn
        self.grade_fn = grade_fn
        self.rates_fn = rates_fn
        self.session = DrillSession(load_pool() if pool is None else pool, seed=seed, clock=clock,
                                    results=store.drill_results() if store is not None else (),
                                    random_share=random_share)
        self.threads = QThreadPool(self)
        self.threads.setMaxThreadCount(1)
        self.grading = JobSlot(self.threads, self)
        self.grading.finished.connect(self._graded)
        self.grading.failed.connect(self._failed)
        self.rates = JobSlot(self.threads, self)
        self.rates.finished.connect(self._rates_ready)
        self.deal = DealModel(self.session, parent=self)
        self._build(shortcuts)
        self.deal.changed.connect(self._update_buttons)
        self.deal.changed.connect(self._show_check)
        self.retranslate()
        self._show_hand()

    # --- the session's state, read (and the pool, for tests, set) -------------------------------

    @property
    def phase(self) -> DrillPhase:
        return self.session.phase

    @property
    def hand(self) -> DrillHand:
        return self.session.hand

    @property
    def grade(self) -> DrillGrade | None:
        return self.session.grade

    @property
    def profile(self) -> DrillProfile:
        return self.session.profile

    @property
    def theme(self) -> Theme | None:
        return self.session.theme

    @property
    def pool(self) -> tuple[DrillHand, ...]:
        return self.session.pool

    @pool.setter
    def pool(self, hands: Sequence[DrillHand]) -> None:
        self.session.configure(pool=hands)

    @property
    def random_share(self) -> float:
        return self.session.random_share

    @random_share.setter
    def random_share(self, share: float) -> None:
        self.session.configure(random_share=share)

    # --- layout ---------------------------------------------------------------------------------

    def _build(self, shortcuts: bool) -> None:
        outer = QVBoxLayout(self)
        outer.addLayout(self._build_head())
        self.stats = QLabel(self)
        self.stats.setObjectName("drillStats")
        self.stats.setTextFormat(Qt.TextFormat.PlainText)
        outer.addWidget(self.stats)
        outer.addLayout(self._build_rows())
        outer.addLayout(self._build_buttons())
        self._build_texts(outer)
        outer.addStretch(1)
        self._underline_alt_keys()
        if shortcuts:  # on its own; a page of the main window gets these from its Game and Edit menus
            self._add_shortcuts()

    def _build_head(self) -> QHBoxLayout:
        """The title and the theme's choice."""
        head = QHBoxLayout()
        self.title = QLabel(self)
        self.title.setObjectName("drillTitle")
        head.addWidget(self.title)
        head.addStretch(1)
        self.theme_label = QLabel(self)
        head.addWidget(self.theme_label)
        self.theme_box = QComboBox(self)
        # its width follows its texts after a language switch too (not only the first one's)
        self.theme_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.theme_box.setObjectName("drillThemeBox")
        self.theme_box.currentIndexChanged.connect(self._theme_chosen)
        self.theme_label.setBuddy(self.theme_box)
        head.addWidget(self.theme_box)
        return head

    def _build_rows(self) -> QGridLayout:
        """Your rows, the best arrangement beside them, the hand below both (:class:`DrillRows`)."""
        grid = self.grid = DrillRows(self, self.deal, self.renderer, self.card_height, self._focus_step)
        self.yours_label, self.best_label = grid.yours_label, grid.best_label
        self.row_labels, self.row_names, self.views = grid.row_labels, grid.row_names, grid.views
        self.best_view, self.best_placeholder = grid.best_view, grid.best_placeholder
        self.banner = grid.banner
        return grid

    def _build_buttons(self) -> QHBoxLayout:
        """Set, Return all, Next and the solver's busy bar."""
        buttons = QHBoxLayout()
        self.set_button = QPushButton(self)
        self.set_button.setObjectName("drillSet")
        self.set_button.clicked.connect(self.set_hand)
        self.return_button = QPushButton(self)
        self.return_button.setObjectName("drillReturn")
        self.return_button.clicked.connect(self.deal.return_all)
        self.next_button = QPushButton(self)
        self.next_button.setObjectName("drillNext")
        self.next_button.clicked.connect(self.next_hand)
        for b in (self.set_button, self.return_button, self.next_button):
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys on the cards
            buttons.addWidget(b)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("drillProgress")
        self.progress.setRange(0, 0)  # busy: the solver gives no steps here
        self.progress.setVisible(False)
        buttons.addWidget(self.progress, 1)
        buttons.addStretch(1)  # the buttons keep their own width (not ~630 px each at 1920)
        return buttons

    def _build_texts(self, outer: QVBoxLayout) -> None:
        """The grade's lines, the message, the legend and the costliest theme."""
        self.verdict = QLabel(self)
        self.verdict.setObjectName("drillVerdict")
        self.loss_line = QLabel(self)
        self.loss_line.setObjectName("drillLoss")
        # the texts that change keep a fixed room: nothing below them moves, and the
        # cards' size is fitted once for the page, not for each text
        self.why = FittedLabel(self, lines=3)
        self.why.setObjectName("drillWhy")
        self.hand_line = QLabel(self)
        self.hand_line.setObjectName("drillHandLine")
        self.message = FittedLabel(self, lines=2)
        self.message.setObjectName("drillMessage")
        for w in (self.verdict, self.loss_line, self.why, self.hand_line, self.message):
            w.setTextFormat(Qt.TextFormat.PlainText)
            outer.addWidget(w)
        self.legend = QLabel(self)
        self.legend.setObjectName("drillLegend")
        self.legend.setWordWrap(True)
        outer.addWidget(self.legend)
        self.themes_line = QLabel(self)
        self.themes_line.setObjectName("drillThemes")
        self.themes_line.setWordWrap(True)
        outer.addWidget(self.themes_line)

    def _underline_alt_keys(self) -> None:
        """The Alt-keys' underlines only while Alt is held."""
        self._alt_style = underline_while_alt([self.theme_label, *self.row_labels.values(), self.set_button,
                                               self.return_button, self.next_button], self)

    def _add_shortcuts(self) -> None:
        keys = ([QKeySequence("Ctrl+Return")], undo_keys(), redo_keys())
        for sequences, slot in zip(keys, (self.enter, self.undo, self.redo), strict=True):
            shortcut = QShortcut(self)
            shortcut.setKeys(sequences)
            shortcut.activated.connect(slot)

    # --- sizes ----------------------------------------------------------------------------------

    def _available_height(self) -> int:
        """The height the page is shown in (its scroll area's, when it has one)."""
        parent = self.parentWidget()
        if parent is not None and parent.objectName() == "qt_scrollarea_viewport":
            return parent.height()
        return self.height()

    def _set_card_height(self, height: int) -> None:
        """Every card of the page at ``height``, the layouts asked to measure again."""
        self.grid.set_card_height(height)
        self.card_height = height
        layout = self.layout()
        if layout is not None:
            for child in layout.findChildren(QGridLayout):
                child.invalidate()
            layout.invalidate()

    def fit_cards(self) -> None:
        """Cards as large as the page's width and height allow: they grow with the window, and
        the page needs no scroll bar."""
        layout = self.layout()
        if layout is None or self.width() <= 0:
            return
        margins = layout.contentsMargins()
        titles = max(label.sizeHint().width() for label in self.row_labels.values())
        room = self.width() - margins.left() - margins.right() - titles - 3 * self.grid.horizontalSpacing()
        widest = widest_fitting(MAX_CARD_HEIGHT, MIN_CARD_HEIGHT,
                                lambda h: (card_size(h).width() + GAP) * 13 + 8 <= room, CARD_STEP)
        avail = self._available_height()
        largest_fitting(widest, MIN_CARD_HEIGHT, self._set_card_height,
                        lambda: avail <= 0 or self.needed_height() <= avail, CARD_STEP)

    def needed_height(self) -> int:
        """The least height of the page at its width (the wrapped texts' lines included)."""
        return needed_height(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_cards()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self.fit_cards)  # the style sheet's fonts are known once shown

    # --- text -----------------------------------------------------------------------------------

    def _num(self, x: float, digits: int = 2) -> str:
        locale = QLocale(current_language())
        locale.setNumberOptions(QLocale.NumberOption.OmitGroupSeparator)
        text = locale.toString(float(x), "f", digits)
        return MINUS + text[1:] if text.startswith("-") else text  # the window's minus sign

    def retranslate(self) -> None:
        lang = current_language()
        self.title.setText(self.tr("Drill: set the hand, then see what the solver says"))
        self.theme_label.setText(self.tr("&Theme:"))
        self.theme_box.blockSignals(True)
        self.theme_box.clear()
        self.theme_box.addItem(self.tr("All themes, with some random hands"), None)
        for theme in Theme:
            if any(h.theme is theme for h in self.pool):
                self.theme_box.addItem(theme.label(lang), theme.value)
        index = self.theme_box.findData(None if self.theme is None else self.theme.value)
        self.theme_box.setCurrentIndex(max(index, 0))
        self.theme_box.blockSignals(False)
        self.yours_label.setText(self.tr("Your arrangement"))
        self.best_label.setText(self.tr("Best arrangement"))
        self.best_placeholder.setText(self.tr("Set your hand to see the solver's best arrangement here."))
        # Alt-keys unique on the page with the menu bar's (Game, Edit, View, Language, Practice,
        # Help; in Russian too): T is the theme's, H the Help menu's
        names = {Zone.TOP: self.tr("T&op"), Zone.MIDDLE: self.tr("&Middle"), Zone.BOTTOM: self.tr("&Bottom"),
                 Zone.HAND: self.tr("Han&d")}
        for zone, label in self.row_labels.items():
            label.setText(names[zone])
        self.set_button.setText(self.tr("&Set hand (Enter)"))
        self.set_button.setToolTip(self.tr("Grade your arrangement against the solver."))
        self.return_button.setText(self.tr("&Return all"))
        self.next_button.setText(self.tr("&Next hand"))
        self.next_button.setToolTip(self.tr("Deal the next drill hand (Enter after a grade)."))
        self.progress.setFormat(self.tr("The solver is grading…"))
        self.legend.setText(
            fill(self.tr("Grades by the EV lost to the best, in points per deal: Best — as good as the best "
                         "within the solver's accuracy (two standard errors); Good — up to %1; Inaccuracy — "
                         "up to %2; Mistake — up to %3; Blunder — more, or a foul."),
                 self._num(GOOD_MAX), self._num(INACCURACY_MAX), self._num(MISTAKE_MAX)))
        self._show_stats()
        self._show_result()
        self._update_buttons()
        self._show_check()
        self.fit_cards()  # the row titles' width is the language's

    def _show_stats(self) -> None:
        s = self.session.progress
        acc = "—" if s.accuracy is None else self._num(s.accuracy, 0)
        rating = self.profile.rating
        due = self.session.due_count()
        text = fill(
            self.tr("Hands this session: %2 · Accuracy: %1/100 · Streak: %3 (best %4) · Rating: %5 ± %6 "
                    "· Due for review today: %7"),
            acc, integer(s.hands), integer(s.streak), integer(s.best_streak),
            self._num(rating.rating, 0), self._num(rating.deviation, 0), integer(due))
        self.stats.setText(text)
        themes = [t for t in self.profile.themes if t.hands >= 1]
        if themes:
            lang = current_language()
            worst = themes[0]
            label = Theme.parse(worst.theme).label(lang) if worst.theme in {t.value for t in Theme} \
                else worst.theme
            self.themes_line.setText(
                fill(self.tr("You lose most on: %1 (%2 points per hand; hands: %3)."),
                     label, self._num(worst.mean_loss), str(worst.hands)))
        else:
            self.themes_line.setText("")

    def _show_result(self) -> None:
        lang = current_language()
        g, hand = self.grade, self.hand
        if g is None or self.phase is not Phase.GRADED:
            self.verdict.setText("")
            self.loss_line.setText("")
            self.why.setText("")
            self.hand_line.setText(self._source_text())
            self.best_view.clear()
            self.best_placeholder.setVisible(True)
            self.banner.setVisible(True)
            return
        self.best_placeholder.setVisible(False)
        self.banner.setVisible(False)
        self.verdict.setText(g.level.label(lang))
        self.verdict.setStyleSheet(f"color: {GRADE_COLOURS[g.level]}; font-size: 20px; font-weight: bold;")
        self.loss_line.setText(
            fill(self.tr("EV lost: %1 ± %2 points per deal (yours %3, best %4; %5 samples)"),
                 self._num(g.loss), self._num(g.loss_stderr), self._num(g.ev), self._num(g.best_ev),
                 integer(g.samples)))
        nets = self.session.rates
        self.why.setText(explain(g, yours_net=None if nets is None else nets[0],
                                 best_net=None if nets is None else nets[1]).render(lang))
        theme = "—" if hand.theme is None else hand.theme.label(lang)
        played = self.session.played_difficulty
        difficulty = "—" if played is None else str(played)
        self.hand_line.setText(self._source_text() + " " + fill(self.tr("Theme: %1 · Difficulty: %2"),
                                                                theme, difficulty))
        self.best_view.show_arrangement(g.best)

    def _source_text(self) -> str:
        return {"pool": self.tr("An instructive hand from the pool."),
                "random": self.tr("A random hand."),
                "review": self.tr("A hand you missed before, back for review.")}[self.hand.source]

    def _show_check(self) -> None:
        """The live check of the rows as they lie: the banner, each row's name, fouled rows marked."""
        lang = current_language()
        result = check_partial(self.arrangement(), None, remaining=self.deal.cards(Zone.HAND))
        for zone in ROWS:
            self.views[zone].set_foul(ROW_OF_ZONE[zone] in result.offending_rows)
            self.row_names[zone].setText(row_words(zone, self.deal.cards(zone), result, lang))
        state, text = banner_words(result, HouseRules(), len(self.deal.cards(Zone.HAND)),
                                   len(self.deal.all_cards()), lang, setting=self.phase is Phase.SETTING)
        show_banner(self.banner, state, text)

    def _update_buttons(self) -> None:
        setting = self.phase is Phase.SETTING
        self.set_button.setEnabled(setting and self.deal.is_complete())
        self.return_button.setEnabled(setting)
        self.next_button.setEnabled(self.phase is not Phase.GRADING)
        for view in self.views.values():
            view.setEnabled(self.phase is not Phase.GRADING)
            view.setDragEnabled(setting)
            view.setAcceptDrops(setting)

    # --- playing --------------------------------------------------------------------------------

    def _theme_chosen(self, _index: int) -> None:
        value = self.theme_box.currentData()
        if self.session.choose_theme(Theme.parse(value) if isinstance(value, str) else None) is not None:
            self._show_hand()

    def due_keys(self) -> list[str]:
        """Hands due for review now (not later today), oldest due first."""
        return self.session.due_keys()

    def next_hand(self) -> None:
        if not self.session.can_deal():
            return
        self.session.next_hand()
        self._show_hand()

    def _show_hand(self) -> None:
        """The session's hand was dealt: show it, the keys on its first card."""
        self.message.setText("")
        self.deal.refresh()
        self._show_result()
        self._show_stats()
        self._update_buttons()
        hand_view = self.views[Zone.HAND]
        hand_view.setFocus(Qt.FocusReason.OtherFocusReason)
        hand_view.setCurrentIndex(hand_view.model().index(0, 0))

    def arrangement(self) -> Arrangement:
        return self.session.arrangement()

    def set_hand(self) -> None:
        """Grade the arrangement: at once from the pool's answer, else on the worker thread."""
        if not self.session.can_arrange():
            return
        if not self.session.can_set():
            self.message.setText(
                self.tr("Place all 13 cards first: 3 on top, 5 in the middle, 5 in the bottom."))
            return
        outcome = self.session.set_hand()
        if isinstance(outcome, DrillResult):
            self._show_grade(outcome)
            return
        self._update_buttons()
        self.progress.setVisible(True)
        self.busy.emit(True)
        analyse_fn, grade_fn = self.analyse_fn, self.grade_fn
        self.grading.start(lambda _progress, _cancelled: (outcome, outcome.run(analyse_fn, grade_fn)))

    def _graded(self, result: Any) -> None:
        job, (hand, grade) = result
        if job is not self.session.pending:
            return  # a grade nobody waits for any more
        assert isinstance(job, GradeJob)
        self._show_grade(self.session.graded(job, hand, grade))

    def _show_grade(self, result: DrillResult) -> None:
        self.progress.setVisible(False)
        self.busy.emit(False)
        self._store(result.record)
        self._show_result()
        self._show_stats()
        self._update_buttons()
        self.next_button.setFocus(Qt.FocusReason.OtherFocusReason)
        self.graded.emit(result.record)
        self._start_rates(result.hand, result.grade)

    def _start_rates(self, hand: DrillHand, grade: DrillGrade) -> None:
        """Ask the solver for the per-row comparison behind the why line (after the grade is
        shown: the grade itself never waits for it)."""
        if self.rates_fn is None or not self.session.wants_rates():
            return
        rates_fn = self.rates_fn
        self.rates.start(lambda _progress, _cancelled: (grade, rates_fn(hand, grade)))

    def _rates_ready(self, result: Any) -> None:
        grade, nets = result
        if self.session.rates_ready(grade, nets):
            self._show_result()

    def _store(self, record: DrillRecord) -> None:
        if self.write is not None:  # the GUI thread never waits on the database
            self.write([record])
            return
        if self.store is None:
            return
        try:
            self.store.add_drill_results([record])
        except Exception as exc:  # the drill goes on; the player is told the result was not kept
            self.message.setText(fill(self.tr("The result could not be stored in the history: %1"), str(exc)))

    def _failed(self, message: str) -> None:
        job = self.session.pending
        if job is None:
            return
        self.progress.setVisible(False)
        self.busy.emit(False)
        self.session.grade_failed(job)
        self.message.setText(fill(self.tr("The solver could not grade this hand: %1"), message))
        self._update_buttons()

    def focus_cards(self) -> None:
        """Keyboard play: the focus on the hand's cards (the page was just shown)."""
        hand_view = self.views[Zone.HAND]
        hand_view.setFocus(Qt.FocusReason.OtherFocusReason)
        if hand_view.model().rowCount() and not hand_view.currentIndex().isValid():
            hand_view.setCurrentIndex(hand_view.model().index(0, 0))

    def shutdown(self) -> None:
        """Wait for the worker thread (the window is closing)."""
        self.grading.wait(10_000)

    # --- keys -----------------------------------------------------------------------------------

    def enter(self) -> None:
        """Enter: grade the hand, or deal the next one after a grade."""
        if self.phase is Phase.SETTING:
            self.set_hand()
        elif self.phase is Phase.GRADED:
            self.next_hand()

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
            e.accept()
            return
        super().keyPressEvent(e)

    def undo(self) -> None:
        if self.phase is Phase.SETTING:
            self.deal.undo()

    def redo(self) -> None:
        if self.phase is Phase.SETTING:
            self.deal.redo()

    def _focus_step(self, step: int) -> None:
        step_focus(self.views, self.sender(), step)
