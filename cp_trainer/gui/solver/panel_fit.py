"""The solver panel's cards as large as its room allows (:class:`PanelFitter`).

The panel asks for cards of a height (from its width, set by the window); where its content is
then taller than its room, the hindsight's cards shrink first (to :data:`MIN_HINDSIGHT_HEIGHT`),
then the best's (to :data:`MIN_FIT_HEIGHT`); if that is not enough, the hindsight's words fold
into its caption's tooltip and the cards are fitted again; beyond that the window's scroll area
scrolls. The best arrangement and yours stand side by side, their cards as high as that allows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QLabel, QWidget

from cp_trainer.gui.cards.fitting import largest_fitting
from cp_trainer.gui.cards.pixmaps import CARD_ASPECT
from cp_trainer.gui.fitted import needed_height
from cp_trainer.gui.solver.bridge import SolverAnswer
from cp_trainer.gui.solver.mini_rows import MINI_CARD_HEIGHT, MiniRows

__all__ = ["MIN_FIT_HEIGHT", "MIN_HINDSIGHT_HEIGHT", "PAIR_GAP", "PanelCards", "PanelFitter"]

#: the least height the panel shrinks its cards to when its content is taller than the window
MIN_FIT_HEIGHT = 38
MIN_HINDSIGHT_HEIGHT = 30
# the room between the best arrangement and yours beside it, and the least height of their cards
PAIR_GAP = 10
MIN_PAIR_HEIGHT = 30


@dataclass(frozen=True)
class PanelCards:
    """What the fitter sizes: the panel's three arrangements, the captions over the best and
    yours, and the hindsight's caption and words (which fold into the caption's tooltip)."""

    best: MiniRows
    mine: MiniRows
    hindsight: MiniRows
    best_title: QLabel
    mine_title: QLabel
    hindsight_title: QLabel
    hindsight_words: QLabel


class PanelFitter:
    """Fits ``cards`` to ``panel``'s room; ``fill`` shows an answer's words and cards (to measure
    each of several answers)."""

    def __init__(self, panel: QWidget, cards: PanelCards, fill: Callable[[SolverAnswer], None]) -> None:
        self.panel = panel
        self.cards = cards
        self.fill = fill
        self.wanted_height = MINI_CARD_HEIGHT
        self._fitting = False

    def fit(self, answers: Sequence[SolverAnswer], current: SolverAnswer | None) -> None:
        """The cards at the wanted height, or as much lower as the panel's room needs; with
        several ``answers`` (Criss Cross's two hands) at the sizes every one of them fits."""
        if self._fitting:
            return
        self._fitting = True
        try:
            cap = self._cap_over_answers(answers, current)
            for folded in (False, True):
                if self._fit_pass(folded, cap):
                    return
        finally:
            self._fitting = False

    def _available_height(self) -> int:
        parent = self.panel.parentWidget()
        if parent is not None and parent.objectName() == "qt_scrollarea_viewport":
            return parent.height()  # in the window's scroll area: what is in view
        return self.panel.height()

    def _cap_over_answers(self, answers: Sequence[SolverAnswer],
                          current: SolverAnswer | None) -> tuple[int, int, bool] | None:
        """Several answers (switched by the Hand buttons): the card sizes (best, hindsight) and
        the folding that every one of them fits at, so that switching between them resizes
        nothing. None for a single answer."""
        if len(answers) < 2 or current is None:
            return None
        cards = self.cards
        words = cards.hindsight_words
        fits: list[tuple[int, int, bool]] = []
        for a in answers:
            self.fill(a)
            if not self._fit_pass(False, None):
                self._fit_pass(True, None)
            fits.append((cards.best.card_height, cards.hindsight.card_height,
                         bool(words.text()) and not words.isVisibleTo(self.panel)))
        self.fill(current)
        return min(f[0] for f in fits), min(f[1] for f in fits), any(f[2] for f in fits)

    def _fit_pass(self, folded: bool, cap: tuple[int, int, bool] | None = None) -> bool:
        """One try at fitting (the hindsight's words shown or ``folded``), the cards no larger
        than ``cap`` (best, hindsight, folded); True if it fits."""
        wanted = self.wanted_height
        best, hindsight = wanted, wanted
        if self.cards.mine.isVisibleTo(self.panel):  # two arrangements of five cards across the panel
            best = min(best, self._pair_height())
            hindsight = min(hindsight, best)  # never larger than the verdict's own pictures
        if cap is not None:
            best, hindsight, folded = min(best, cap[0]), min(hindsight, cap[1]), folded or cap[2]
        self._fold_hindsight(folded)
        self._apply(best, hindsight)
        avail = self._available_height()
        layout = self.panel.layout()
        if layout is None or avail <= 0 or not self.cards.hindsight.isVisibleTo(self.panel):
            return True

        def fits() -> bool:
            layout.invalidate()
            return needed_height(self.panel) <= avail

        if fits():
            return True
        # the hindsight's cards give way first, then the best's (the hindsight's at their least)
        low = min(hindsight, MIN_HINDSIGHT_HEIGHT)
        largest_fitting(hindsight, low, lambda h: self._apply(best, h), fits)
        if fits():
            return True
        largest_fitting(best, min(best, MIN_FIT_HEIGHT), lambda b: self._apply(b, low), fits)
        return fits()

    def _pair_height(self) -> int:
        """The highest cards with which the best arrangement and yours stand side by side."""
        panel = self.panel
        margins = panel.contentsMargins()
        layout = panel.layout()
        inner = panel.width() - margins.left() - margins.right() - (
            0 if layout is None else layout.contentsMargins().left() + layout.contentsMargins().right())
        room = inner - PAIR_GAP
        # each column as wide as its caption or its five cards (2 px apart), whichever is wider
        titles = []
        for title in (self.cards.best_title, self.cards.mine_title):
            title.ensurePolished()
            titles.append(title.sizeHint().width())
        column = room // 2
        if max(titles) > column:  # a long caption: the other column's cards get the rest
            column = room - max(titles)
        return max(MIN_PAIR_HEIGHT, int((column // 5 - 2) / CARD_ASPECT))

    def _fold_hindsight(self, folded: bool) -> None:
        """The hindsight's explanation in its caption's tooltip (``folded``: the window is too
        short for it) or shown under the caption."""
        words = self.cards.hindsight_words
        shown = bool(words.text()) and not folded
        words.setVisible(shown)
        self.cards.hindsight_title.setToolTip(words.text() if folded else "")

    def _apply(self, best: int, hindsight: int) -> None:
        cards = self.cards
        for rows, height in ((cards.best, best), (cards.mine, best), (cards.hindsight, hindsight)):
            if rows.card_height != height:
                rows.set_card_height(height)
