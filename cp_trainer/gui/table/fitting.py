"""The table's sizes: the cards fitted to the room the window leaves, the texts' fixed room.

:class:`TableFitter` sizes the :class:`~cp_trainer.gui.table.widget.TableWidget` it is given the
pieces of (:class:`TableParts`): the rows', the hand's and the bots' cards as large as the table's
width and height allow, the banner the lines of its longest text, the tools beside the rows or
under the hand. Every text keeps a fixed room, so the sizes depend on the window alone: nothing
moves while a hand is played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QApplication,
    QBoxLayout,
    QGridLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from cp_trainer.gui.cards.fitting import largest_fitting
from cp_trainer.gui.cards.pixmaps import CARD_ASPECT
from cp_trainer.gui.cards.views import GAP, CardZoneView
from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.table.models import ROWS, Zone
from cp_trainer.gui.table.seats import OpponentSeat
from cp_trainer.rules.cards import Card

__all__ = ["MIN_CARD_HEIGHT", "TableFitter", "TableParts"]

#: The smallest cards the table shrinks to for room (still readable: rank and suit in the corner).
MIN_CARD_HEIGHT = 44
#: A table at least this wide has the tools in a column beside the rows (else in a row under the hand).
TOOLS_BESIDE_FROM = 840
#: The rows' hand names get at least this many average characters of width beside the cards.
NAME_CHARS = 24
#: ... and this many before the table gives width to the solver's panel ("pair of kings so far
#: (4 of 5 cards)" on one line).
SPARE_NAME_CHARS = 36
#: The bots' cards grow, where the room allows, to at most this share of the rows' height.
SEAT_SHARE = 0.75


@dataclass(frozen=True)
class TableParts:
    """What :class:`TableFitter` sizes and measures: the ``table`` (its width and height are the
    room, its layout the ``column`` of seats, ``grid`` of rows, banner, ``hand_box``...), the
    ``tools`` layout of the ``tool_buttons``, the card ``views`` and the rows' ``row_names``, the
    ``banner``, the bots' ``seats`` (asked for each time: they change from deal to deal), the
    width of the titles left of the rows (``title_width``) and the banner's longest texts:
    ``banner_samples``, which change only with ``banner_context`` (the language, the rules...)."""

    table: QWidget
    column: QBoxLayout
    grid: QGridLayout
    hand_box: QLayout
    tools: QBoxLayout
    tool_buttons: Sequence[QPushButton]
    views: Mapping[Zone, CardZoneView[Card, Zone]]
    row_names: Mapping[Zone, QLabel]
    banner: FittedLabel
    seats: Callable[[], Sequence[OpponentSeat]]
    title_width: Callable[[], int]
    banner_samples: Callable[[], list[str]]
    banner_context: Callable[[], object]


class TableFitter:
    """Fits the table's cards to its room (:meth:`fit_height`) and places its tools."""

    def __init__(self, parts: TableParts) -> None:
        self.parts = parts
        self._seat_card_height = 30  # the most the window allows the bots' cards
        self._seat_fitted = 30  # the bots' cards as fitted to the room
        self._stacked = False  # the seats' rows laid over each other (a table short of height)
        self._wanted_card_height = 90
        self._wanted_hand_height = 90
        self._banner_key: object = None
        #: the column's least height when the cards were last fitted (see :meth:`refit_if_changed`)
        self._fitted_need = -1
        self._banner_lines_cached = 3
        self._tools_beside: bool | None = None

    # --- the wanted sizes and the seats' shape ----------------------------------------------------

    def set_card_height(self, height: int, seat_height: int, hand_height: int | None = None) -> None:
        """The rows' cards ``height`` pixels high (lower when the table's width or height needs
        it), the hand's at most ``hand_height`` (13 across the hand's width) and never higher than
        the rows', the bots' ``seat_height``."""
        self._wanted_card_height = height
        self._wanted_hand_height = height if hand_height is None else hand_height
        self._seat_card_height = seat_height
        self.fit_height()

    @property
    def seat_height(self) -> int:
        """The bots' cards' height as fitted to the room."""
        return self._seat_fitted

    @property
    def stacked(self) -> bool:
        """Whether the seats' rows are laid over each other (a table short of height)."""
        return self._stacked

    def shape_seat(self, seat: OpponentSeat) -> None:
        """A new seat laid out as the others are: stacked or not, its cards as fitted."""
        seat.set_stacked(self._stacked)
        seat.set_card_height(self._seat_fitted)

    # --- widths -------------------------------------------------------------------------------

    def _rows_by_width(self) -> int:
        """The highest rows' cards the table's width allows (:meth:`_rows_room`)."""
        return int((self._rows_room() / 5 - GAP) / CARD_ASPECT)

    def _rows_room(self) -> float:
        """The width for the rows' five cards: the table's less the titles left of them, the tools
        right of them and room for the hand names between (:data:`NAME_CHARS`)."""
        parts = self.parts
        layout = parts.table.layout()
        margins = 0 if layout is None else layout.contentsMargins().left() + layout.contentsMargins().right()
        tools = 0 if not self._tools_beside else max(b.sizeHint().width() for b in parts.tool_buttons)
        names = parts.row_names[Zone.MIDDLE].fontMetrics().averageCharWidth() * NAME_CHARS
        return float(parts.table.width() - margins - parts.title_width() - tools - names - 3 * 10 - 12)

    def rows_height(self) -> int:
        """The height of the rows' cards as fitted."""
        return self.parts.views[Zone.MIDDLE].iconSize().height()

    def spare_width(self) -> int:
        """The width the table leaves empty beside its rows at their fitted height, their names
        given room for their longest words on a line (:data:`SPARE_NAME_CHARS`)."""
        names = (self.parts.row_names[Zone.MIDDLE].fontMetrics().averageCharWidth()
                 * (SPARE_NAME_CHARS - NAME_CHARS))
        room = self._rows_room() - names - 5 * (self.rows_height() * CARD_ASPECT + GAP)
        return max(0, int(room) - 2)

    def place_tools(self, *, beside: bool) -> None:
        """The tools (sort, clear, undo, redo) in a column right of the rows' names where the
        table is wide (room the rows leave empty: the cards get the height of a row of buttons),
        else in a row under the hand (a narrow table's names need that width)."""
        if beside == self._tools_beside:
            return
        parts = self.parts
        tools = parts.tools
        if self._tools_beside is not None:
            (parts.grid if self._tools_beside else parts.column).removeItem(tools)
        self._tools_beside = beside
        if beside:
            tools.setDirection(QBoxLayout.Direction.TopToBottom)
            tools.setSpacing(4)
            parts.grid.addLayout(tools, 0, 3, 3, 1)
        else:
            tools.setDirection(QBoxLayout.Direction.LeftToRight)
            tools.setSpacing(6)
            parts.column.insertLayout(self._hand_box_index() + 1, tools)
        policy = QSizePolicy.Policy.Preferred if beside else QSizePolicy.Policy.Fixed
        for b in parts.tool_buttons:
            b.setSizePolicy(policy, QSizePolicy.Policy.Fixed)

    def _hand_box_index(self) -> int:
        column = self.parts.column
        for i in range(column.count()):
            item = column.itemAt(i)
            if item is not None and item.layout() is self.parts.hand_box:
                return i
        return column.count() - 1

    # --- heights ------------------------------------------------------------------------------

    def refit_if_changed(self) -> None:
        """Fit the cards again if a child's room changed since they were last fitted."""
        table = self.parts.table
        layout = table.layout()
        if layout is not None and table.height() > 0 and self.needed_height(layout) != self._fitted_need:
            self.fit_height()

    def fit_height(self) -> None:
        """Fit the cards to the table's room (:meth:`_fit_height_once`) and note the column's need."""
        self._fit_height_once()
        layout = self.parts.table.layout()
        self._fitted_need = -1 if layout is None else self.needed_height(layout)

    def _fit_height_once(self) -> None:
        """Shrink the cards until everything fits the table's height. Every text keeps a fixed
        room (the banner that of its longest text, the row names and the result theirs, the hand
        its place at the showdown), so the sizes depend on the window alone: nothing moves while
        a hand is played. The rows grow with the room (up to the width their names
        leave), the hand's cards as far as 13 of them fit across."""
        self.place_tools(beside=self.parts.table.width() >= TOOLS_BESIDE_FROM)
        self.parts.banner.set_lines(self._banner_lines())
        # the bots' cards as large as the window allows while the rows' stay a third higher:
        # each try fits the rows to the room the seats leave (a seat of larger cards is taller)
        # (below the height at which a seat's words go under its cards: the seat's rows keep
        # their shape, its height grows with the cards alone); a table short of height (the rows
        # lower than its width allows) stacks the seats' rows
        for stacked in (False, True):
            self._stacked = stacked
            for seat in self.parts.seats():
                seat.set_stacked(stacked)
            if self._fit_seats() >= self._rows_cap() or not self.parts.seats():
                return

    def _fit_seats(self) -> int:
        """The bots' cards as high as the window allows (:attr:`_seat_card_height` at least) while
        the rows' stay a third higher; the rows' height that leaves."""
        least = self._seat_card_height
        rows: dict[int, int] = {}

        def try_seat(height: int) -> None:
            rows[height] = self._fit_rows(height)

        def seat_fits() -> bool:
            return self._seat_fitted <= rows[self._seat_fitted] * SEAT_SHARE

        seat = largest_fitting(max(least, OpponentSeat.WORDS_BELOW_FROM - 1), least, try_seat, seat_fits, 1)
        return rows[seat]

    def _rows_cap(self) -> int:
        """The highest rows' cards the window allows, the table's height aside."""
        return max(MIN_CARD_HEIGHT, min(self._wanted_card_height, self._rows_by_width()))

    def _fit_rows(self, seat_height: int) -> int:
        """The rows' cards as high as the room the seats (cards ``seat_height`` high) leave; at
        the least cards and still short (1018 x 645, three bots in Russian) the seats take
        thinner margins and the column thinner gaps, as the window alone decides."""
        for seat in self.parts.seats():
            seat.set_compact(False)
        self.parts.column.setSpacing(3)
        self._set_seat_heights(seat_height)
        layout = self.parts.table.layout()
        if self.parts.table.height() <= 0 or layout is None:
            height = self._rows_cap()
            self._set_view_heights(height)
            return height
        height = largest_fitting(self._rows_cap(), MIN_CARD_HEIGHT, self._set_view_heights,
                                 self._settled_fits, 1)
        if height <= MIN_CARD_HEIGHT and not self.fits():
            for seat in self.parts.seats():
                seat.set_compact(True)
            self.parts.column.setSpacing(1)
            self._set_view_heights(height)
        return height

    def _set_seat_heights(self, height: int) -> None:
        self._seat_fitted = height
        for seat in self.parts.seats():
            if seat.card_height() != height:
                seat.set_card_height(height)

    def _hand_height(self, rows: int) -> int:
        return max(MIN_CARD_HEIGHT, min(rows, self._wanted_hand_height))

    def _banner_lines(self) -> int:
        """The lines the banner's longest texts (:attr:`TableParts.banner_samples`) take at the
        table's width, 2 to 6, laid out as QLabel does."""
        table, banner = self.parts.table, self.parts.banner
        layout = table.layout()
        side = 0 if layout is None else layout.contentsMargins().left() + layout.contentsMargins().right()
        width = table.width() - side  # the banner's own width, its padding in it
        key = (width, banner.font().key(), self.parts.banner_context())
        if self._banner_key == key:
            return self._banner_lines_cached
        # laid out as QLabel does (the font's measure can be a line short and cut the longest
        # foul a line early); beyond six lines: cut, whole in the tooltip
        lines = max(2, banner.lines_for(self.parts.banner_samples(), width, 6))
        self._banner_key, self._banner_lines_cached = key, lines
        return lines

    def _settled_fits(self) -> bool:
        """:meth:`fits`, measured once every child has laid itself out at its width now (a seat's
        words wrap to its width, and its height follows, one layout pass after its cards change):
        measured a pass early, a fit and the next refit would disagree and take turns."""
        layout = self.parts.table.layout()
        for _ in range(2):
            if layout is not None:
                layout.activate()
            for seat in self.parts.seats():  # only the seats' own: nothing else runs meanwhile
                for widget in (seat, *seat.findChildren(QWidget)):
                    QApplication.sendPostedEvents(widget, QEvent.Type.LayoutRequest)
        return self.fits()

    def fits(self) -> bool:
        """Everything has the room it needs (nothing squeezed into its neighbour)."""
        layout = self.parts.table.layout()
        return layout is None or self.needed_height(layout) <= self.parts.table.height()

    def needed_height(self, layout: QLayout) -> int:
        """The least height the table's column of widgets takes (every text at its fixed room)."""
        margins = layout.contentsMargins()
        width = self.parts.table.width() - margins.left() - margins.right()
        need = margins.top() + margins.bottom()
        shown = 0
        for i in range(layout.count()):
            item = layout.itemAt(i)
            if item is None or item.isEmpty():
                continue
            shown += 1
            if item.hasHeightForWidth():
                need += max(item.minimumSize().height(), item.heightForWidth(width))
            else:
                need += item.minimumSize().height()
        return need + max(0, shown - 1) * layout.spacing()

    def _set_view_heights(self, height: int) -> None:
        parts = self.parts
        for zone, view in parts.views.items():
            want = self._hand_height(height) if zone is Zone.HAND else height
            if view.iconSize().height() != want:
                view.set_card_height(want)
        for zone in ROWS:  # a row's name has the lines its cards are high
            name = parts.row_names[zone]
            assert isinstance(name, FittedLabel)
            # the view's fixed height, not its geometry: that is the last layout's, before the
            # cards' new height (measured from that, the names would take a line too many and
            # squeeze the rows)
            high = parts.views[zone].minimumHeight()
            lines = max(1, min(3, high // max(1, name.line_height())))
            while lines > 1 and name.height_for_lines(lines) > high:  # never taller than the cards
                lines -= 1
            name.set_lines(lines)
        layout = parts.table.layout()
        if layout is not None:  # measure the heights as they are now, not the layouts' caches
            for child in layout.findChildren(QLayout):
                child.invalidate()
            for seat in parts.seats():
                inner = seat.layout()
                if inner is not None:
                    inner.invalidate()
            layout.invalidate()
