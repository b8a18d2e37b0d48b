"""The main window's size and its cards' sizes: the first window fitted to the screen, its frame
kept on the screen, and the room shared between the table and the solver's panel.

:class:`WindowFit` is given the window and the two widgets whose cards it sizes; the window
calls it on show and resize. Every size follows from the window's size alone, so nothing moves
while a hand is played.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMainWindow, QScrollArea

from cp_trainer.gui.cards.fitting import largest_fitting
from cp_trainer.gui.cards.pixmaps import CARD_ASPECT
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.solver.panel import SolverPanel
from cp_trainer.gui.table.widget import TableWidget

__all__ = ["FRAME_GUESS", "MIN_SIZE", "NO_SCREEN", "PANEL_WIDTH", "PREFERRED_SIZE", "WindowFit", "first_size"]

#: The smallest window: a 1024 x 700 screen less a window manager's title bar and borders.
MIN_SIZE = QSize(960, 640)
#: The first window's size where the screen has room for it (a smaller screen: all it has).
PREFERRED_SIZE = QSize(1180, 800)
#: The share of a large screen's free area the first window takes (the rest shows the desktop).
SCREEN_SHARE = 0.9
#: Room for the window manager's frame before it is known (a title bar and thin borders); once the
#: window is shown its real frame is measured (:meth:`WindowFit.keep_on_screen`).
FRAME_GUESS = QSize(8, 40)
#: Qt platforms without a real screen (tests): the window keeps the size it is given.
NO_SCREEN = ("offscreen", "minimal")
#: The solver panel's width in the smallest window; it grows with the window (:meth:`WindowFit.fit_cards`).
PANEL_WIDTH = 300
#: The bots' cards are at least this high at every size: two lines of a hand's name beside them
#: ("full house, fours over threes" in a seat of three bots; at 1018 x 645, the first window on a
#: 1024 x 700 screen, 34 px held one line and cut it); a small table makes its seats compact.
SEAT_TWO_LINES = 38
#: The table's cards grow with the room up to this height (the card art is 350 px high).
MAX_CARD_HEIGHT = 200
#: The solver panel's cards grow with its width up to this height.
PANEL_CARD_HEIGHT = 80
#: The panel's width is searched in steps of this many pixels.
PANEL_STEP = 8


def first_size(available: QRect, frame: QSize = FRAME_GUESS) -> QSize:
    """The window's size on a screen whose free area (less panels and docks) is ``available``:
    :data:`SCREEN_SHARE` of the free area, at least :data:`PREFERRED_SIZE` where that fits with
    its ``frame`` (title bar and borders), never more than the free area less the frame, never
    below :data:`MIN_SIZE`. A large screen gets a large table, its cards
    large too."""
    room = QSize(available.width() - frame.width(), available.height() - frame.height())
    want = QSize(max(PREFERRED_SIZE.width(), round(available.width() * SCREEN_SHARE)),
                 max(PREFERRED_SIZE.height(), round(available.height() * SCREEN_SHARE)))
    return QSize(max(MIN_SIZE.width(), min(want.width(), room.width())),
                 max(MIN_SIZE.height(), min(want.height(), room.height())))


class WindowFit:
    """Sizes ``window`` and the cards of its ``table`` and ``panel`` (shown in ``scroll``)."""

    def __init__(self, window: QMainWindow, table: TableWidget, panel: SolverPanel,
                 scroll: QScrollArea) -> None:
        self.window = window
        self.table = table
        self.solver_panel = panel
        self.solver_scroll = scroll

    def first_geometry(self, settings: Settings) -> None:
        """The first size: fitted to the screen, or the one the window last had."""
        if QGuiApplication.platformName() in NO_SCREEN:
            self.window.resize(PREFERRED_SIZE)
        else:
            self.window.resize(first_size(self.window.screen().availableGeometry()))
        geometry = settings.qsettings().value("window/geometry")
        if isinstance(geometry, QByteArray | bytes) and geometry:
            self.window.restoreGeometry(QByteArray(geometry))

    def keep_on_screen(self) -> None:
        """The whole frame (title bar included) inside the screen's free area: a window taller or
        wider than the screen (a saved size from a larger screen, a frame larger than guessed) is
        made smaller and moved in, so that the buttons at its foot are never below the screen."""
        window = self.window
        if window.isMaximized() or window.isFullScreen() or QGuiApplication.platformName() in NO_SCREEN:
            return
        avail = window.screen().availableGeometry()
        frame = window.frameGeometry()
        if avail.contains(frame):
            return
        extra = QSize(frame.width() - window.width(), frame.height() - window.height())
        size = QSize(max(window.minimumWidth(), min(window.width(), avail.width() - extra.width())),
                     max(window.minimumHeight(), min(window.height(), avail.height() - extra.height())))
        if size != window.size():
            window.resize(size)
        x = min(max(frame.x(), avail.x()), avail.right() + 1 - size.width() - extra.width())
        y = min(max(frame.y(), avail.y()), avail.bottom() + 1 - size.height() - extra.height())
        window.move(max(avail.x(), x), max(avail.y(), y))

    def fit_cards(self) -> None:
        """Card sizes from the room there is. The solver panel takes a quarter of a wide window,
        its cards as large as its width allows. The table's cards are as large as 13 of them
        across the hand allow (up to :data:`MAX_CARD_HEIGHT`), and the table then makes them
        smaller until its whole column fits its height (``TableWidget.set_card_height``): the
        cards fill the table at every size, the same state always at the same size. Where the
        table's height holds its rows lower than its width would, the panel takes the width
        beside them that the table can do without (its rows keep at least their height, its
        hand and controls their width), searched afresh from the quarter each time so that the
        sizes depend on the window alone."""
        base = max(PANEL_WIDTH, min(480, self.window.width() // 4))
        self.size_cards(base)
        body = self.table.parentWidget()
        layout = None if body is None else body.layout()
        if layout is None or not self.table.isVisible():  # measured once shown (showEvent)
            return

        def lay_out() -> None:  # the table at its width now, its cards fitted to its words' room
            layout.activate()
            for _ in range(2):  # the seats lay their words out at their width, then the cards
                QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
                self.table.refit()

        lay_out()
        rows, spare = self.table.rows_height(), self.table.spare_width()
        if spare < PANEL_STEP:
            return

        def size(panel: int) -> None:
            self.size_cards(panel)
            lay_out()

        def keeps_room() -> bool:  # the rows no lower, the hand and every control still across
            table = self.table
            return table.rows_height() >= rows and table.minimumSizeHint().width() <= table.width()

        largest_fitting(min(base + spare, self.window.width() // 2), base, size, keeps_room, PANEL_STEP)

    def size_cards(self, panel: int) -> None:
        """The solver panel ``panel`` pixels wide, the cards of both sized for the room left."""
        if self.solver_panel.width() != panel:
            self.solver_panel.setFixedWidth(panel)
            self.solver_scroll.setFixedWidth(panel + 16)
        self.solver_panel.set_card_height(max(46, min(PANEL_CARD_HEIGHT, round(panel * 0.16))))
        # the titles left of the rows ("Your hand", "Верхний ряд") take their own width first
        width = max(560, self.window.width() - panel - 16 - 24 - 20 - self.table.title_width())
        height = self.window.height() - 60
        # the bots' cards: 56 px high (40 wide) at 1280 x 800, smaller only on a smaller screen,
        # at most 64 on a large one: the player's rows and hand get the rest; the table
        # makes them larger where its rows leave the room
        seat = max(SEAT_TWO_LINES, min(64, 34 + (height - 650) // 4))
        by_width = int((width - 13 * 8) / 13 / CARD_ASPECT)  # 13 cards across the hand
        self.table.set_card_height(MAX_CARD_HEIGHT, seat, max(48, min(MAX_CARD_HEIGHT, by_width)))
