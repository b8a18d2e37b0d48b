"""The Lessons window: short interactive lessons, one step at a time, checked by the rules core.

Lessons come from ``resources/lessons/*.json`` (:mod:`cp_trainer.practice.lessons`); this window only shows
them and passes the learner's answer to :func:`cp_trainer.practice.lessons.check_answer`. A question must be
answered correctly before "Next"; finishing the last step emits :attr:`LessonsWindow.lessonCompleted`.
"""

from __future__ import annotations

import html
import sqlite3
from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.picker import card_style_of, fitting_width
from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.views import CardZoneView, keep_keys
from cp_trainer.gui.table.models import ROWS, DealModel, Zone
from cp_trainer.gui.table.zones import KEY_ZONES, step_focus
from cp_trainer.gui.translation import current_language, fill, follow_language
from cp_trainer.history import HistoryError, HistoryStore
from cp_trainer.practice.lessons import (
    EQUAL,
    ArrangeStep,
    CategoryStep,
    ChoiceStep,
    FirstFailureStep,
    Lesson,
    OutcomeStep,
    ScoreStep,
    Shown,
    Step,
    StrongerStep,
    TextStep,
    check_answer,
    load_lessons,
)
from cp_trainer.rules.arrangement import Arrangement, Row
from cp_trainer.rules.arrangement_text import row_label
from cp_trainer.rules.cards import Card, CardParseError, label_cards, parse_cards
from cp_trainer.rules.strength import Category
from cp_trainer.support.i18n import tr

__all__ = ["CARD_HEIGHT", "RETRY_MS", "ROW_CARD_HEIGHT", "CardsLabel", "LessonBoard", "LessonsWindow",
           "cards_pixmap"]

RETRY_MS = 5000  # how soon a finished lesson the database refused is written again
CARD_HEIGHT = 70  # a hand asked about, and the cards to set (logical pixels)
ROW_CARD_HEIGHT = 46  # the cards of a whole arrangement, three rows of them
HAND_CARD_HEIGHT = 56  # the 13 cards to set: one line beside the lesson list at the default size
SET_CARD_HEIGHT = 50  # the rows they are set in
MANY_CARDS = 9  # more cards than this are shown smaller, so that a whole hand fits on one line
CARD_GAP = 3


def cards_pixmap(renderer: CardRenderer, cards: Sequence[Card], height: int, dpr: float = 1.0) -> QPixmap:
    """``cards`` side by side as the table draws them (its art and card style), ``height`` tall."""
    size = card_size(height)
    width = max(1, len(cards) * (size.width() + CARD_GAP) - CARD_GAP)
    out = QPixmap(max(1, round(width * dpr)), max(1, round(height * dpr)))
    out.setDevicePixelRatio(dpr)
    out.fill(Qt.GlobalColor.transparent)
    painter = QPainter(out)
    for i, card in enumerate(cards):
        painter.drawPixmap(i * (size.width() + CARD_GAP), 0, renderer.pixmap(card, size, dpr))
    painter.end()
    return out


class CardsLabel(QLabel):
    """Cards as pictures; the text they stand for is the label's accessible name and tooltip."""

    def __init__(self, renderer: CardRenderer, cards: Sequence[Card], height: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonCards")
        self.cards = tuple(cards)
        self.setPixmap(cards_pixmap(renderer, self.cards, height, self.devicePixelRatioF()))
        text = label_cards(self.cards)
        self.setToolTip(text)
        self.setAccessibleName(text)


class _ArrangementView(QWidget):
    """An arrangement's three rows as pictures, each named (rows of any size: a foul may show 2 or 6)."""

    def __init__(self, renderer: CardRenderer, arrangement: Arrangement, height: int, lang: str,
                 title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonArrangement")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(3)
        first = 0
        if title:
            head = QLabel(f"<b>{html.escape(title)}</b>", self)
            grid.addWidget(head, 0, 0, 1, 2)
            first = 1
        self.rows: list[CardsLabel] = []
        for i, row in enumerate((Row.TOP, Row.MIDDLE, Row.BOTTOM)):
            name = row_label(row, lang)
            grid.addWidget(QLabel(name[:1].upper() + name[1:], self), first + i, 0)
            cards = arrangement.row(row)
            label = CardsLabel(renderer, cards, height, self) if cards else QLabel("—", self)
            if isinstance(label, CardsLabel):
                self.rows.append(label)
            grid.addWidget(label, first + i, 1, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(2, 1)


class LessonBoard(QWidget):
    """The cards to set and the three rows, as the table shows them (its card views): a card is
    dragged to a row, double-clicked, or sent with 1 / 2 / 3; Backspace or a double-click takes it
    back. ``changed`` after every move."""

    changed = Signal()

    def __init__(self, cards: Sequence[Card], renderer: CardRenderer, lang: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lessonBoard")
        self.deal = DealModel(parent=self)
        self.deal.new_deal(cards)
        names = {Zone.HAND: "lessonHand", Zone.TOP: "lessonTop", Zone.MIDDLE: "lessonMiddle",
                 Zone.BOTTOM: "lessonBottom"}
        self.views: dict[Zone, CardZoneView[Card, Zone]] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(4)
        self.how = QLabel(tr("lessons.arrange_how", lang), self)
        self.how.setObjectName("lessonArrangeHow")
        self.how.setWordWrap(True)
        grid.addWidget(self.how, 0, 0, 1, 3)
        for zone in (Zone.HAND, *ROWS):
            view = CardZoneView(self.deal, zone, renderer, self, object_name=names[zone], keys=KEY_ZONES)
            view.set_card_height(HAND_CARD_HEIGHT if zone is Zone.HAND else SET_CARD_HEIGHT)
            view.focusStep.connect(self._focus_step)
            self.views[zone] = view
        hand_name = QLabel(tr("lessons.your_cards", lang), self)
        grid.addWidget(hand_name, 1, 0, 1, 3)
        grid.addWidget(self.views[Zone.HAND], 2, 0, 1, 3, Qt.AlignmentFlag.AlignLeft)
        for i, (zone, row) in enumerate(zip(ROWS, (Row.TOP, Row.MIDDLE, Row.BOTTOM), strict=True)):
            name = row_label(row, lang)
            label = QLabel(name[:1].upper() + name[1:], self)
            label.setBuddy(self.views[zone])
            grid.addWidget(label, 3 + i, 0)
            grid.addWidget(self.views[zone], 3 + i, 1, Qt.AlignmentFlag.AlignLeft)
        grid.setColumnStretch(2, 1)
        self.deal.changed.connect(self._changed)
        hand = self.views[Zone.HAND]
        hand.setCurrentIndex(hand.model().index(0, 0))

    def _changed(self) -> None:
        keep_keys([self.views[Zone.HAND], *(self.views[z] for z in ROWS)])
        self.changed.emit()

    def _focus_step(self, step: int) -> None:
        step_focus(self.views, self.sender(), step)

    def rows(self) -> list[tuple[Card, ...]]:
        return [self.deal.cards(zone) for zone in ROWS]

    def cards(self) -> list[Card]:
        return [card for row in self.rows() for card in row]

    def text(self) -> str:
        """The rows as the lesson's answer: "top / middle / bottom", each card in ASCII."""
        return " / ".join(" ".join(str(card) for card in row) for row in self.rows())

    def clear(self) -> None:
        """Every card back in the hand."""
        self.deal.return_all()

    def set_text(self, text: str) -> None:
        """Set the rows written as "top / middle / bottom" (a row may be short); cards not among
        those to set, and cards past a full row, stay in the hand."""
        self.clear()
        for zone, part in zip(ROWS, text.split("/"), strict=False):
            try:
                cards = parse_cards(part)
            except CardParseError:
                continue
            for card in cards:
                if self.deal.zone_of(card) is Zone.HAND and self.deal.has_room(zone):
                    self.deal.move(card, zone)


class LessonsWindow(QDialog):
    lessonCompleted = Signal(str)  # the lesson's id

    def __init__(self, parent: QWidget | None = None, lessons: list[Lesson] | None = None,
                 store: HistoryStore | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self.retranslate)
        self.setObjectName("lessonsWindow")
        self.lessons = lessons if lessons is not None else load_lessons()
        # remembers finished lessons between runs (None: this session only)
        self.store: HistoryStore | None = None
        self.completed: set[str] = set()
        self.unsaved: set[str] = set()  # finished lessons the database refused so far (tried again later)
        self.retry = QTimer(self)
        self.retry.setObjectName("lessonsRetryTimer")
        self.retry.setSingleShot(True)
        self.retry.setInterval(RETRY_MS)
        self.retry.timeout.connect(self.save_pending)
        self.lesson: Lesson | None = None
        self.step_index = 0
        self.solved = False
        self.options: list[object] = []  # the answer each radio button stands for

        self.list = QListWidget(self)
        self.list.setObjectName("lessonList")
        self.list.setMinimumWidth(220)
        self.title = QLabel(self)
        self.title.setObjectName("lessonTitle")
        self.title.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.progress = QLabel(self)
        self.progress.setObjectName("lessonProgress")
        self.text = QLabel(self)
        self.text.setObjectName("stepText")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.renderer = CardRenderer(card_style_of(parent))
        self.answer_area = QWidget(self)
        self.answer_area.setObjectName("answerArea")
        self.answer_layout = QVBoxLayout(self.answer_area)
        self.answer_layout.setContentsMargins(0, 0, 0, 0)
        self.pictures: list[CardsLabel] = []  # the cards the step shows, as pictures
        self.feedback = QLabel(self)
        self.feedback.setObjectName("lessonFeedback")
        self.feedback.setWordWrap(True)
        self.notice = QLabel(self)  # the history database's trouble, if any (stays across steps)
        self.notice.setObjectName("lessonsNotice")
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #b71c1c;")
        self.notice.hide()
        self.check_button = QPushButton(self)
        self.check_button.setObjectName("checkAnswerButton")
        self.next_button = QPushButton(self)
        self.next_button.setObjectName("nextStepButton")
        self.group = QButtonGroup(self)
        self.score_edit: QLineEdit | None = None
        self.rows: LessonBoard | None = None
        self.clear_button: QPushButton | None = None

        self._lay_out()

        self.list.currentRowChanged.connect(self.open_lesson)
        self.check_button.clicked.connect(self.check)
        self.next_button.clicked.connect(self.next_step)
        self.resize(940, 640)
        if store is not None:
            self.set_store(store)
        self.retranslate()
        if self.lessons:
            self.list.setCurrentRow(0)

    def _lay_out(self) -> None:
        """The lessons' list on the left; on the right the step, which scrolls, and its buttons."""
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.next_button)
        # The step scrolls when a small screen cannot hold its cards; the buttons always show.
        page = QWidget(self)
        page.setObjectName("lessonPage")
        content = QVBoxLayout(page)
        content.setContentsMargins(0, 0, 6, 0)
        content.addWidget(self.title)
        content.addWidget(self.progress)
        content.addWidget(self.text)
        content.addWidget(self.answer_area)
        content.addWidget(self.feedback)
        content.addWidget(self.notice)
        content.addStretch(1)
        self.step_scroll = QScrollArea(self)
        self.step_scroll.setObjectName("lessonScroll")
        self.step_scroll.setWidgetResizable(True)
        self.step_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.step_scroll.setWidget(page)
        right = QVBoxLayout()
        right.addWidget(self.step_scroll, 1)
        right.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(self.list)
        layout.addLayout(right, 1)
        # Reading matter: a size above the system's small default, like the table's texts.
        self.setStyleSheet("#lessonList, #stepText, #lessonFeedback, #answerArea QLabel, "
                           "#answerArea QRadioButton, #lessonsWindow QPushButton { font-size: 11pt; }"
                           "#lessonList::item { padding: 3px; }")

    # --- language -----------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Lessons"))
        self.check_button.setText(self.tr("Check"))
        self.check_button.setToolTip(self.tr("Let the rules check your answer."))
        self.next_button.setToolTip(self.tr("Go on to the next step."))
        self.list.setToolTip(self.tr("Choose a lesson."))
        lang = current_language()
        row = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for lesson in self.lessons:
            mark = "✓ " if lesson.id in self.completed else ""
            item = QListWidgetItem(f"{mark}{lesson.title(lang)}")
            item.setToolTip(lesson.summary(lang))
            self.list.addItem(item)
        self.list.setCurrentRow(row)
        self.list.blockSignals(False)
        if self.lesson is not None:
            self._show_step(keep_answer=True)

    # --- navigation ---------------------------------------------------------------------------

    def open_lesson(self, row: int) -> None:
        if not 0 <= row < len(self.lessons):
            return
        self.lesson = self.lessons[row]
        self.step_index = 0
        self._show_step()

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.step_index] if self.lesson is not None else None

    def next_step(self) -> None:
        if self.lesson is None or not self.solved:
            return
        if self.step_index + 1 < len(self.lesson.steps):
            self.step_index += 1
            self._show_step()
            return
        # The last step: the lesson is done; go on to the next lesson, if any.
        self.completed.add(self.lesson.id)
        if self.store is not None:
            self.unsaved.add(self.lesson.id)
            self.save_pending()  # a busy database: kept and tried again, never an error here
        self.lessonCompleted.emit(self.lesson.id)
        row = self.lessons.index(self.lesson)
        self.retranslate()
        if row + 1 < len(self.lessons):
            self.list.setCurrentRow(row + 1)
        else:
            self.feedback.setText(self.tr("You have finished every lesson. Well done!"))
            self.next_button.setEnabled(False)

    # --- the history database ---------------------------------------------------------------

    def set_store(self, store: HistoryStore) -> None:
        """Remember finished lessons in ``store`` (also those finished before it could be opened)."""
        self.store = store
        try:
            stored = store.completed_lessons()
        except (sqlite3.Error, HistoryError):
            stored = set()  # the ticks of earlier runs are not shown; this run's are still saved
        self.unsaved |= self.completed - stored
        self.completed |= stored
        if self.unsaved:
            self.save_pending()

    def save_pending(self) -> bool:
        """Write the finished lessons the database has not taken yet; True when none is left.
        If it refuses (busy: another program is writing), the player is told and it is tried
        again in a few seconds."""
        if self.store is None or not self.unsaved:
            return not self.unsaved
        for lesson_id in sorted(self.unsaved):
            try:
                self.store.mark_lesson_completed(lesson_id)
            except (sqlite3.Error, HistoryError):
                self.notice.setText(self.tr("Your finished lessons could not be saved yet: the history "
                                            "database is busy (another program is writing to it). "
                                            "The trainer will try again in a few seconds."))
                self.notice.show()
                self.retry.start()
                return False
            self.unsaved.discard(lesson_id)
        self.notice.clear()
        self.notice.hide()
        return True

    # --- one step -----------------------------------------------------------------------------

    def _clear_answer_area(self) -> None:
        while self.answer_layout.count():
            item = self.answer_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # gone at once: deleteLater alone may leave it painted under the next step
                widget.deleteLater()
        for button in self.group.buttons():
            self.group.removeButton(button)
        self.options = []
        self.pictures = []
        self.score_edit = None
        self.rows = None
        self.clear_button = None

    def _show_step(self, keep_answer: bool = False) -> None:
        step = self.step
        assert self.lesson is not None and step is not None
        lang = current_language()
        self.title.setText(self.lesson.title(lang))
        self.progress.setText(fill(self.tr("Step %1 of %2"),
                                   str(self.step_index + 1), str(len(self.lesson.steps))))
        saved = self.rows.text() if keep_answer and self.rows is not None else None
        self._clear_answer_area()
        is_text = isinstance(step, TextStep)
        self.solved = is_text
        self.check_button.setVisible(not is_text)
        last = self.step_index + 1 == len(self.lesson.steps)
        self.next_button.setText(self.tr("Finish lesson") if last else self.tr("Next"))
        self.next_button.setEnabled(is_text)
        self.feedback.setText("")
        self.renderer.style = card_style_of(self.parentWidget())
        if isinstance(step, TextStep):
            self.text.setText(step.text(lang))
            self._add_shown(step.show, lang)
            return
        self.text.setText(step.question(lang))
        if isinstance(step, ChoiceStep):
            self._add_options([(o(lang), i, None) for i, o in enumerate(step.options)])
        elif isinstance(step, CategoryStep):
            self._add_cards(step.cards, CARD_HEIGHT)
            self._add_options([(Category[k.upper()].label(lang), k, None) for k in step.options])
        elif isinstance(step, StrongerStep):
            # the label names the hand, the picture shows it: the cards are never written twice
            hands = [(step.labels[i](lang), i, step.hands[i]) for i in (0, 1)]
            self._add_options([*hands, (tr("lessons.equal", lang), EQUAL, None)])
        elif isinstance(step, FirstFailureStep):
            self._add_arrangement(step.arrangement, lang)
            self._add_options([(tr(f"lessons.failure.{code}", lang), code, None) for code in step.options])
        elif isinstance(step, OutcomeStep):
            self._add_arrangement(step.arrangement, lang)
            self._add_options([(tr(f"lessons.outcome.{o}", lang), o, None) for o in step.options])
        elif isinstance(step, ScoreStep):
            self._add_score_answer(step, lang)
        elif isinstance(step, ArrangeStep):
            self._add_rows_answer(step, lang, saved)

    def _add_score_answer(self, step: ScoreStep, lang: str) -> None:
        """The hands side by side, and the line the points are typed in."""
        holder = QWidget(self.answer_area)
        side_by_side = QHBoxLayout(holder)
        side_by_side.setContentsMargins(0, 0, 0, 0)
        side_by_side.setSpacing(24)
        for label, hand in zip(step.labels, step.hands, strict=True):
            view = _ArrangementView(self.renderer, hand, ROW_CARD_HEIGHT, lang, label(lang), holder)
            self.pictures.extend(view.rows)
            side_by_side.addWidget(view)
        side_by_side.addStretch(1)
        self.answer_layout.addWidget(holder)
        self.score_edit = QLineEdit(self.answer_area)
        self.score_edit.setObjectName("scoreAnswer")
        self.score_edit.setPlaceholderText(self.tr("points, e.g. 2 or -4"))
        self.score_edit.setToolTip(self.tr("Type the points as a whole number (negative for a "
                                           "loss), then press Enter or Check."))
        self.score_edit.setMinimumWidth(fitting_width(self.score_edit, self.score_edit.placeholderText()))
        self.score_edit.setMaximumWidth(max(320, self.score_edit.minimumWidth()))
        self.score_edit.returnPressed.connect(self.check)
        self.answer_layout.addWidget(self.score_edit)

    def _add_rows_answer(self, step: ArrangeStep, lang: str, saved: str | None) -> None:
        """The board the cards are set on (its text ``saved`` kept), and its Start over button."""
        self.rows = LessonBoard(step.cards, self.renderer, lang, self.answer_area)
        self.answer_layout.addWidget(self.rows)
        self.clear_button = clear = QPushButton(self.tr("Start over"), self.answer_area)
        clear.setObjectName("clearRowsButton")
        clear.setToolTip(self.tr("Take every card back off the rows."))
        clear.clicked.connect(self.rows.clear)
        self.answer_layout.addWidget(clear, 0, Qt.AlignmentFlag.AlignLeft)
        if saved:
            self.rows.set_text(saved)

    def _add_cards(self, cards: Sequence[Card], height: int) -> None:
        label = CardsLabel(self.renderer, cards, height, self.answer_area)
        self.pictures.append(label)
        self.answer_layout.addWidget(label)

    def _add_arrangement(self, arrangement: Arrangement, lang: str, title: str = "") -> None:
        view = _ArrangementView(self.renderer, arrangement, ROW_CARD_HEIGHT, lang, title, self.answer_area)
        self.pictures.extend(view.rows)
        self.answer_layout.addWidget(view)

    def _add_shown(self, shown: Sequence[Shown], lang: str) -> None:
        for item in shown:
            title = item.label(lang) if item.label is not None else ""
            if isinstance(item.cards, Arrangement):
                self._add_arrangement(item.cards, lang, title)
            else:
                many = len(item.cards) > MANY_CARDS
                self._add_cards(item.cards, HAND_CARD_HEIGHT if many else CARD_HEIGHT)

    def _add_options(self, options: list[tuple[str, object, Sequence[Card] | None]]) -> None:
        for i, (text, value, cards) in enumerate(options):
            button = QRadioButton(text, self.answer_area)
            button.setObjectName(f"option{i}")
            button.setToolTip(self.tr("Choose this answer, then press Check."))
            if cards is not None:  # the hand as a picture beside its name
                picture = cards_pixmap(self.renderer, cards, CARD_HEIGHT, self.devicePixelRatioF())
                button.setIcon(QIcon(picture))
                button.setIconSize(QSize(round(picture.width() / picture.devicePixelRatio()), CARD_HEIGHT))
                button.setToolTip(f"{label_cards(cards)}. {button.toolTip()}")
                button.setProperty("cards", label_cards(cards))
            self.group.addButton(button, i)
            self.answer_layout.addWidget(button)
            self.options.append(value)

    # --- answers ------------------------------------------------------------------------------

    def choose(self, value: object) -> None:
        """Tick the option that stands for ``value`` (what a click on it does)."""
        self.group.button(self.options.index(value)).setChecked(True)

    def answer(self) -> object:
        if self.score_edit is not None:
            return self.score_edit.text()
        if self.rows is not None:
            return self.rows.text()
        checked = self.group.checkedId()
        return self.options[checked] if checked >= 0 else None

    def check(self) -> bool:
        step = self.step
        if step is None or isinstance(step, TextStep):
            return True
        lang = current_language()
        answer = self.answer()
        if answer is None:
            self.feedback.setText(self.tr("Choose an answer first."))
            return False
        verdict = check_answer(step, answer, lang)
        lines = [verdict.message, *([verdict.reason] if verdict.reason else []),
                 *(f"• {d}" for d in verdict.details)]
        explanation = getattr(step, "explanation", None)
        if verdict.correct and explanation is not None:
            lines.append(explanation(lang))
        self.feedback.setText("\n".join(lines))
        color = "#1b5e20" if verdict.correct else "#b71c1c"
        self.feedback.setStyleSheet(f"color: {color}; font-size: 11pt;")
        if verdict.correct:
            self.solved = True
            self.next_button.setEnabled(True)
        return verdict.correct
