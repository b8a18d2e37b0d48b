"""An opponent's seat: three rows of small cards, face down until showdown, then row by row.

Each revealed row carries its hand's name and the player's result against it (won / lost /
tied, as a word and a colour, so colour is never the only sign); the seat's footer shows the
points the player won or lost against this bot, with the rules core's explanation as tooltip.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import BIG_SUIT_BELOW, CardRenderer, card_size
from cp_trainer.gui.fitted import ELLIPSIS, FittedLabel, fit_clauses
from cp_trainer.rules.cards import Card

__all__ = ["OpponentSeat"]

RESULT_COLOURS = {"won": "#a5f3a0", "lost": "#ffab91", "tied": "#e0e0e0", "mixed": "#ffffff"}
#: The share of a small card's height (drawn for reading, below ``BIG_SUIT_BELOW``) its rank and
#: the suit under it take (:meth:`CardRenderer._small_face`), and of a larger card's art.
SMALL_CORNER = 0.67
ART_CORNER = 0.36


class ElidedLabel(QLabel):
    """A one-line label that ends in "…" after its last whole clause or word that fits when
    narrower than its text (a word is cut only when not even one fits), or shows its ``short``
    form if it has one; the whole text is then its tooltip (before the one
    given with ``setToolTip``). ``text()`` and ``full_text()`` are the text it was given."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self._short = ""
        self._own_tip = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def full_text(self) -> str:
        return self._full

    def short_text(self) -> str:
        return self._short or self._full

    def text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def set_full_text(self, text: str, short: str = "") -> None:
        self._full = text
        self._short = short
        self._elide()

    def setText(self, text: str) -> None:
        self.set_full_text(text)

    def clear(self) -> None:
        self.set_full_text("")

    def setToolTip(self, tip: str) -> None:
        self._own_tip = tip
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.setFixedHeight(self.fontMetrics().lineSpacing() + 2)
            self._elide()

    def _elide(self) -> None:
        metrics = self.fontMetrics()
        width = max(1, self.contentsRect().width())
        text = self._short if self._short and metrics.horizontalAdvance(self._full) > width else self._full
        shown = fit_clauses(metrics, width, text)  # whole clauses, else whole words, and "…"
        if shown == ELLIPSIS:  # not even one word: its first letters
            shown = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
        if super().text() != shown:
            super().setText(shown)
        tips = [self._full] if shown != self._full else []
        super().setToolTip("\n\n".join([*tips, self._own_tip] if self._own_tip else tips))


def name_forms(name: str, short: str = "") -> list[str]:
    """The ways of showing hand ``name``, longest first: the name, ``short`` when it is the
    name's first words ("full house" for "full house, sevens over tens"; not "high card" for
    "queen-high", which would be cut to a fragment), then the name's first words and "…"."""
    words = name.split(" ")
    forms = [name]
    if short and short != name and name.startswith(short) and name[len(short):][:1] in " ,:;—-":
        forms.append(short)
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n]).rstrip(" ,;:—-")
        if head and len(head) < len(forms[-1]):
            forms.append(head + ELLIPSIS)
    return forms


class HandNameLabel(FittedLabel):
    """A hand's name: shown whole, in its short form or as its first words and "…" (see
    :func:`name_forms`); a form fits only when each of its words does (a word wider than the
    label would be cut by its edge, which a wrapped text's height does not tell)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, lines=1)
        self._whole: tuple[str, ...] = ("",)

    def set_name(self, name: str, short: str = "") -> None:
        forms = name_forms(name, short)
        self._whole = tuple(forms[:2]) if len(forms) > 1 and not forms[1].endswith(ELLIPSIS) else (name,)
        self.set_forms([*forms, forms[-1]])  # the last form is never cut further

    def setText(self, text: str) -> None:
        self.set_name(text)

    def is_cut(self) -> bool:
        return self.shown_text() not in self._whole

    def fits(self, width: int | None = None) -> bool:
        """The shown text fits whole (every word within the label's width)."""
        return self.text_fits(self.shown_text(), width)

    def text_fits(self, text: str, width: int | None = None) -> bool:
        room = (self.contentsRect().width() if width is None else width) - 2 * self.margin()
        metrics = self.fontMetrics()
        return all(metrics.horizontalAdvance(piece) <= room for piece in re.findall(r"[^\s-]+-?", text))

    def _fits(self, text: str, room: int) -> bool:
        return self.text_fits(text) and super()._fits(text, room)

    def _cut(self, text: str) -> str:
        return text


class RowWords(QWidget):
    """A row's hand name and, on the same line as the name, the player's result against it.

    Placed by hand (no layout): the name takes the width it needs and the result follows it on
    its first line; a name too long for one line wraps in the room left of the result (as many
    lines as the row's words have room for), cut at a word only when truly out of room (whole in
    its tooltip). The result shortens to its sign ("✓") before the name is cut, or whenever
    ``marks_only`` is set (the seat keeps its rows alike: all words or all marks)."""

    GAP = 6

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = HandNameLabel(self)
        self.name.setObjectName("seatHandName")
        self.result = ElidedLabel(self)
        self.result.setObjectName("seatResult")
        #: the result as its mark alone, even where the words would fit (set by the seat)
        self.marks_only = False
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place()

    def words_fit(self) -> bool:
        """The result's words have room beside the name (else only its mark would)."""
        self.result.ensurePolished()
        self.name.ensurePolished()
        full = self.result.full_text()
        if not full:
            return True
        width, height = max(1, self.width()), max(1, self.height())
        result_w = self.result.fontMetrics().horizontalAdvance(full) + 2
        name_metrics = self.name.fontMetrics()
        name_w = name_metrics.horizontalAdvance(self.name.text()) + 2 if self.name.text() else 0
        if name_w + self.GAP + result_w <= width:
            return True
        lines = max(1, height // max(1, self.name.line_height()))  # the name may wrap
        room = width - self.GAP - result_w
        if lines < 2 or room < 12 * name_metrics.averageCharWidth():
            return False
        # the name whole in its lines beside the words (else the words give way to the mark)
        flags = int(Qt.TextFlag.TextWordWrap)
        need = name_metrics.boundingRect(QRect(0, 0, max(1, room - 4), 10_000), flags, self.name.text())
        return need.height() <= lines * name_metrics.lineSpacing()

    def place(self) -> None:
        width, height = max(1, self.width()), max(1, self.height())
        self.result.ensurePolished()
        self.name.ensurePolished()
        metrics = self.result.fontMetrics()
        full = self.result.full_text()
        result_w = metrics.horizontalAdvance(full) + 2 if full else 0
        name_metrics = self.name.fontMetrics()
        name_w = name_metrics.horizontalAdvance(self.name.text()) + 2 if self.name.text() else 0
        if result_w and (self.marks_only or not self.words_fit()):
            result_w = metrics.horizontalAdvance(self.result.short_text()) + 2
        room = max(1, width - (self.GAP + result_w if result_w else 0))
        if name_w <= room:  # the result right after the name, on its line
            self.name.set_lines(1)
            self.name.setGeometry(0, 0, name_w, self.name.height())
        else:
            lines = max(1, min(3, height // max(1, self.name.line_height())))
            self.name.set_lines(lines)
            while lines > 1 and self.name.height() > height:
                lines -= 1
                self.name.set_lines(lines)
            self.name.setGeometry(0, 0, room, self.name.height())
        self.result.setFixedHeight(self.result.fontMetrics().lineSpacing() + 2)
        x = self.name.width() + self.GAP if self.name.text() else 0
        if not self.name.text():
            self.name.setGeometry(0, 0, 0, self.name.height())
        if not full:
            result_w = 0
        # first lines aligned: the result's text on the name's first line
        top = self.name.contentsMargins().top() + self.name.margin()
        if result_w and self.name.text() and not self.name.fits() and self._name_over_result(width, height):
            x, top = 0, self.name.height()
        self.result.setGeometry(x, top, max(0, min(result_w, width - x)), self.result.height())

    def _name_over_result(self, width: int, height: int) -> bool:
        """Too narrow for even the name's first word beside the result: the name takes the
        row's width and the result goes on a line under it, if the row has the height."""
        lines = min(3, height // max(1, self.name.line_height()))
        self.name.set_lines(max(1, lines - 1))
        while self.name.lines() > 1 and self.name.height() + self.result.height() > height:
            self.name.set_lines(self.name.lines() - 1)
        if self.name.height() + self.result.height() > height:
            return False
        self.name.setGeometry(0, 0, width, self.name.height())
        return True

    def line_height(self) -> int:
        return max(self.name.height_for_lines(1), self.result.fontMetrics().lineSpacing() + 2)


def corner_height(height: int) -> int:
    """The top part of a card ``height`` pixels high that holds its rank and suit whole (a small
    card's large index, or the art's corner), with a pixel to spare."""
    share = SMALL_CORNER if height < BIG_SUIT_BELOW else ART_CORNER
    return min(height, int(height * share) + 2)


class SeatHeader(QWidget):
    """A seat's title and, at its right on the same line, the points against the bot: the points
    whole when both fit, else in their short form; the title gets the rest (ending in "…")."""

    GAP = 10

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ElidedLabel(self)
        self.title.setObjectName("seatTitle")
        self.points = ElidedLabel(self)
        self.points.setObjectName("seatPoints")
        self.points.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(100, max(self.title.height(), self.points.height()))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.setFixedHeight(max(self.title.height(), self.points.height()))

    def place(self) -> None:
        self.title.ensurePolished()
        self.points.ensurePolished()
        self.setFixedHeight(max(self.title.height(), self.points.height()))
        width = self.width()
        full, short = self.points.full_text(), self.points.short_text()
        need_title = self.title.fontMetrics().horizontalAdvance(self.title.full_text()) + 4
        metrics = self.points.fontMetrics()
        points = 0
        if full:
            points = metrics.horizontalAdvance(full) + 4
            if need_title + self.GAP + points > width:
                points = metrics.horizontalAdvance(short) + 4
            points = min(points, width)
        left = max(0, width - points - (self.GAP if points else 0))
        self.title.setGeometry(0, 0, left, self.title.height())
        self.points.setGeometry(width - points, 0, points, self.points.height())


class OpponentSeat(QFrame):
    """One bot at the table.

    Its height follows the card height and the width alone (a title line, three rows of cards,
    a points line), never its texts: a face-down seat and a revealed one take the same room.
    A row's hand name and result stand beside its cards when the seat is wide enough for both,
    else on a line under them, with a gap after it so the name hugs its own row's cards (a seat
    of three bots at 1280x800); only in a seat too small for
    that (a small window) do the cards of a row overlap like a hand of cards (each one's corner
    still shows rank and suit), so the hand names beside them get the room to be read.
    The results of a seat's rows are all words ("✓ you win") or, if one row has room only for
    its mark, all marks. The points against the bot stand on the title's line, at its right.

    A ``stacked`` seat (a table short of height) lays its rows over each other like a column of
    patience: the top and middle rows show the top of their cards (:func:`corner_height`, the
    rank and suit whole, at least a line of the row's words), the bottom row whole.
    """

    #: The least room the hand names get beside the cards, in average characters of their font.
    NAME_CHARS = 15
    #: A stacked seat with room for this many average characters beside its cards gives each
    #: upper row's words one line (else two).
    ONE_LINE_CHARS = 20
    #: Cards at least this high put the words under the cards rather than overlap the cards.
    WORDS_BELOW_FROM = 46
    #: Room after a row's words under its cards: the name hugs its own cards, and a gap parts
    #: it from the next row's (else the middle row's name read as the bottom row's label).
    BELOW_GAP = 6

    def __init__(self, seat: int, renderer: CardRenderer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.renderer = renderer
        self.setObjectName(f"seat{seat}")
        self.setProperty("seat", True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._card_height = 44
        self._step = 0  # pixels from one card of a row to the next
        #: may a row's words go under its cards (a taller seat)? Not where seats are added
        #: mid-hand (Criss Cross): a seat's height must not change while a hand is played
        self.allow_below = True
        self._below: list[bool] = []  # each row's words under its cards (else beside them)
        self._rows: list[tuple[Card, ...] | None] = [None, None, None]
        self._stacked = False
        layout = QVBoxLayout(self)
        self._compact = False
        self.header = SeatHeader(self)
        self.title = self.header.title
        self.points = self.header.points
        layout.addWidget(self.header)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        layout.addLayout(grid)
        self.card_boxes: list[QWidget] = []
        self.card_labels: list[list[QLabel]] = []
        self.words: list[RowWords] = []
        self.name_labels: list[HandNameLabel] = []
        self.result_labels: list[ElidedLabel] = []
        for n in (3, 5, 5):
            box = QWidget(self)  # no layout: the cards are placed by _paint_row, overlapping if need be
            labels = [QLabel(box) for _ in range(n)]
            self.card_boxes.append(box)
            self.card_labels.append(labels)
            words = RowWords(self)
            self.words.append(words)
            self.name_labels.append(words.name)
            self.result_labels.append(words.result)
        self.grid = grid
        self._apply_compact(layout)
        self.face_down()

    def _apply_compact(self, layout: QVBoxLayout) -> None:
        if self._compact:
            layout.setContentsMargins(6, 1, 6, 2)
            layout.setSpacing(0)
            self.grid.setVerticalSpacing(0)
        else:
            layout.setContentsMargins(6, 6, 6, 8)
            layout.setSpacing(3)
            self.grid.setVerticalSpacing(1)

    def set_compact(self, compact: bool) -> None:
        """Thinner margins round the title, the rows and the points: a small window's table
        (a 1024 x 700 screen with three bots in Russian) fits its height with the least cards."""
        layout = self.layout()
        if compact != self._compact and isinstance(layout, QVBoxLayout):
            self._compact = compact
            self._apply_compact(layout)
            layout.invalidate()
            self.updateGeometry()  # the table's layout asks the new height at once

    def is_compact(self) -> bool:
        return self._compact

    def set_stacked(self, stacked: bool) -> None:
        """Lay the rows over each other (the top of the upper rows' cards showing) or apart."""
        if stacked != self._stacked:
            self._stacked = stacked
            self._lay_out()
            self.updateGeometry()

    def is_stacked(self) -> bool:
        return self._stacked

    def shown_height(self, r: int) -> int:
        """How much of row ``r``'s cards shows (all of them unless the seat is stacked)."""
        return self.card_boxes[r].height()

    def set_title(self, text: str, tooltip: str) -> None:
        self.title.setText(text)
        self.header.place()
        self.setToolTip(tooltip)

    def card_height(self) -> int:
        return self._card_height

    def set_card_height(self, height: int) -> None:
        self._card_height = height
        self._lay_out()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def words_below(self, r: int) -> bool:
        """Row ``r``'s hand name and result stand under its cards (else beside them)."""
        return self._below[r]

    def _place_in_grid(self, below: list[bool]) -> None:
        for r in range(3):
            self.grid.removeWidget(self.card_boxes[r])
            self.grid.removeWidget(self.words[r])
        for r in range(3):
            if below[r]:
                self.grid.addWidget(self.card_boxes[r], 2 * r, 0, 1, 2, Qt.AlignmentFlag.AlignLeft)
                self.grid.addWidget(self.words[r], 2 * r + 1, 0, 1, 2)
            else:
                self.grid.addWidget(self.card_boxes[r], 2 * r, 0, Qt.AlignmentFlag.AlignTop)
                self.grid.addWidget(self.words[r], 2 * r, 1)
        self.grid.setColumnStretch(0, 0)
        self.grid.setColumnStretch(1, 1)
        self._below = list(below)

    def _lay_out(self) -> None:
        """Where each row's words go, the card step and the rows' boxes, from the card height and
        the width: beside whole cards if there is room for both, else under whole cards (cards
        of a readable size), else beside cards that overlap (a small seat)."""
        size: QSize = card_size(self._card_height)
        full = size.width() + 2
        names = self.name_labels[0]
        inner = self.contentsRect().width() - 12
        name_room = names.fontMetrics().averageCharWidth() * self.NAME_CHARS
        below = [False, False, False]
        steps = [full, full, full]
        least = int(size.width() * 0.55)  # the corner's rank and suit show whole
        shown = self._shown_height(size.height())
        for r, n in enumerate((3, 5, 5)):
            # the top row's names are short ("pair of aces"): they may take its three lines
            beside = inner - self.grid.horizontalSpacing() - (name_room * 2 // 3 if n == 3 else name_room)
            # the room the revealed words want: where it is more than the room kept for names,
            # the cards overlap to give it (never a cut name beside empty felt);
            # only the step changes, never the seat's height
            high = shown if self._stacked and r < 2 else size.height()
            wanted = inner - self.grid.horizontalSpacing() - self._words_width(r, high)
            if beside >= size.width() + (n - 1) * full:
                if wanted < size.width() + (n - 1) * full:
                    steps[r] = max(least, min(full, (wanted - size.width()) // (n - 1)))
                continue  # room for all: the words beside whole cards
            if self.allow_below and self._card_height >= self.WORDS_BELOW_FROM:
                below[r] = True
                steps[r] = min(full, max(least, (inner - size.width()) // (n - 1)))
            else:
                room = min(beside, wanted)
                steps[r] = max(least, min(full, (room - size.width()) // (n - 1)))
        if below != self._below:
            self._place_in_grid(below)
        # one step for the whole seat: the rows' cards line up
        step = min(steps)
        changed = step != self._step
        self._step = step
        for r, n in enumerate((3, 5, 5)):
            # stacked: the upper rows show the top of their cards (the box clips the rest)
            high = shown if self._stacked and r < 2 and not below[r] else size.height()
            self.card_boxes[r].setFixedSize(size.width() + (n - 1) * step, high)
            if changed or self.card_labels[r][0].size() != size:
                self._paint_row(r)
            # beside the cards: the height they show (the seat's height follows the cards alone)
            height = self.words[r].line_height() + self.BELOW_GAP if below[r] else high
            self.words[r].setFixedHeight(height)
        self._place_words()

    def _shown_height(self, height: int) -> int:
        """The height a stacked seat shows of its upper rows' cards ``height`` pixels high: the
        corner's rank and suit and a line of the row's words (a long hand name in its short
        form: the cards, sets first, say the rest), two in a seat too narrow for
        :data:`ONE_LINE_CHARS` beside its cards; never more than the card."""
        size = card_size(height)
        least = int(size.width() * 0.55)
        room = self.contentsRect().width() - 12 - self.grid.horizontalSpacing() - size.width() - 4 * least
        wide = room >= self.name_labels[0].fontMetrics().averageCharWidth() * self.ONE_LINE_CHARS
        lines = 1 if wide else 2
        return min(height, max(corner_height(height), lines * self.words[0].line_height()))

    def _words_width(self, r: int, height: int) -> int:
        """The width row ``r``'s revealed words take beside cards ``height`` pixels high: its hand
        name over the lines that height holds and its result's mark (0 while face down)."""
        name = self.name_labels[r]
        text = name.text()
        if not text:
            return 0
        name.ensurePolished()
        lines = max(1, min(3, height // max(1, name.line_height())))
        metrics = name.fontMetrics()
        need = metrics.horizontalAdvance(text)
        if lines > 1:  # wrapped at words: the narrowest width that holds it in those lines
            low, high = need // lines, need
            flags = int(Qt.TextFlag.TextWordWrap)
            while low < high:
                mid = (low + high) // 2
                if metrics.boundingRect(QRect(0, 0, mid, 10_000), flags, text).height() <= \
                        lines * metrics.lineSpacing():
                    high = mid
                else:
                    low = mid + 1
            need = high + 2
        result = self.result_labels[r]
        short = result.short_text()
        mark = result.fontMetrics().horizontalAdvance(short) + 2 if short else 0
        margins = name.contentsMargins()
        return need + margins.left() + margins.right() + 2 * name.margin() + 8 + RowWords.GAP + mark

    def _place_words(self) -> None:
        """Each row's words in place, the results all words or all marks: a seat where one row's
        result fits only as its mark shows every row's as its mark (colour and tooltip say the
        rest), not "✓ you win" beside a lone "✗"."""
        marks = not all(words.words_fit() for words in self.words)
        for words in self.words:
            words.marks_only = marks
            words.place()

    def _paint_row(self, r: int) -> None:
        size: QSize = card_size(self._card_height)
        dpr = self.devicePixelRatioF()
        cards = self._rows[r]
        step = self._step or size.width() + 2
        for i, lab in enumerate(self.card_labels[r]):
            face = cards[i] if cards is not None and i < len(cards) else None
            lab.setPixmap(self.renderer.pixmap(face, size, dpr))
            lab.setFixedSize(size)
            lab.move(i * step, 0)
            lab.setToolTip(face.label() if face is not None else "")

    def face_down(self) -> None:
        """A new deal: 13 cards face down, no results."""
        self._rows = [None, None, None]
        for r in range(3):
            self._paint_row(r)
            self.name_labels[r].clear()
            self.result_labels[r].clear()
        self._lay_out()  # whole cards again where the last hand's names had them overlap
        self.points.clear()
        self.points.setToolTip("")
        self.header.place()

    def reveal_row(self, r: int, cards: Sequence[Card], name: str, result: str, result_text: str,
                   *, short: str = "") -> None:
        """Turn row ``r`` face up, with its hand name and the player's result (won/lost/tied).
        ``short``: the name in fewer words ("full house"), shown whole where the seat has no room
        for ``name`` whole (which is then its tooltip)."""
        self._rows[r] = set_order(cards)
        self._paint_row(r)
        self.name_labels[r].set_name(name, short)
        label = self.result_labels[r]
        # too narrow for "✓ you win": the sign alone (colour and tooltip say the rest); for
        # Criss Cross's "hand 1 ✓ · hand 2 ✗" the hands' numbers and signs ("1 ✓ · 2 ✗")
        # and for a row not compared (a surrender), "–" (its words in the tooltip)
        signs = [c for c in result_text if c in "✓✗="]
        short = (signs[0] if len(signs) == 1
                 else " · ".join(f"{i + 1} {sign}" for i, sign in enumerate(signs)) or "–")
        label.set_full_text(result_text, short)
        label.setStyleSheet(f"color: {RESULT_COLOURS.get(result, '#ffffff')}; font-weight: bold;")
        self._lay_out()

    def show_surrendered(self, text: str) -> None:
        """The bot gave its hand up: its cards stay face down (a surrendered hand is not shown),
        and ``text`` stands where its rows' names would."""
        self.face_down()
        self.name_labels[0].setText(text)
        for r in range(3):
            self.result_labels[r].clear()
        self._lay_out()

    def show_points(self, text: str, tooltip: str, short: str = "") -> None:
        """The points against this bot; ``short`` where the seat is too narrow for ``text``."""
        self.points.set_full_text(text, short)
        self.points.setToolTip(tooltip)
        self.header.place()
