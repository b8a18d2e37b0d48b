"""The showdown on the table: the bots' rows face up one by one, each marked, then the points.

:class:`TableShowdown` is the showdown of :class:`~cp_trainer.gui.table.widget.TableWidget`, an
object the table composes and hands its pieces to. Its texts use the ``TableWidget`` translation
context, the widget they appear on. Every result comes from the rules core: the settlement
(:class:`Showdown`), the hand names, the explanation of each pair (``explain_pair``), the names of
naturals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QTimer
from PySide6.QtWidgets import QLabel

from cp_trainer.gui.cards.views import CardZoneView
from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.numbers import points, signed
from cp_trainer.gui.table.controller import Showdown, TrainerController
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.table.reveal import RowFlipper
from cp_trainer.gui.table.seats import OpponentSeat
from cp_trainer.gui.translation import fill
from cp_trainer.rules.arrangement import CheckResult, check_arrangement
from cp_trainer.rules.arrangement_text import for_people, row_name
from cp_trainer.rules.cards import Card
from cp_trainer.rules.settlement import PairKind, PairResult
from cp_trainer.rules.settlement_text import explain_pair
from cp_trainer.support.i18n import tr as core_tr

__all__ = ["TableShowdown", "signed"]

# ``translate("TableWidget", ...)``: the texts belong to the table widget's translation context
# (pyside6-lupdate reads calls named ``translate`` with a literal context).
translate = QCoreApplication.translate


_NOT_COMPARED = (PairKind.SURRENDER, PairKind.NATURAL, PairKind.BOTH_FOULED)


class TableShowdown:
    """Reveal and score a settled hand on the table: the bots' ``seats`` (asked for each time:
    they change from deal to deal), the player's row ``views`` and ``row_names``, the
    ``result_label``, the ``flipper`` that turns rows over. The table's own steps are passed in:
    ``show_check`` (the banner and row names for a check), ``update_buttons`` and ``fit_height``."""

    def __init__(self, controller: TrainerController, *,
                 seats: Callable[[], Sequence[OpponentSeat]],
                 views: Mapping[Zone, CardZoneView[Card, Zone]],
                 row_names: Mapping[Zone, QLabel],
                 result_label: FittedLabel,
                 flipper: RowFlipper,
                 show_check: Callable[[CheckResult], None],
                 update_buttons: Callable[[], None],
                 fit_height: Callable[[], None],
                 parent: QObject) -> None:
        self.controller = controller
        self._seats = seats
        self._views = views
        self._row_names = row_names
        self._result_label = result_label
        self._flipper = flipper
        self._show_check = show_check
        self._update_buttons = update_buttons
        self._fit_height = fit_height
        #: the pause between two rows turning over (0: the whole showdown at once)
        self.delay_ms = 450
        #: the next row to reveal, 3 once the points are shown, -1 before a showdown
        self.step = -1
        # a child timer: it dies with the table, so no reveal runs after the window is gone
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._reveal_next)

    def stop(self) -> None:
        """A new deal: no row of the last showdown is revealed any more."""
        self.step = -1
        self._timer.stop()

    def start(self, showdown: Showdown) -> None:
        self._show_check(self.controller.check())
        for view in self._views.values():
            view.setEnabled(False)
            # no move is possible now: no card shown as selected (no outline left on a row)
            view.clearSelection()
            view.setCurrentIndex(QModelIndex())
        self._update_buttons()
        self.step = 0
        if self.delay_ms <= 0:
            self.show_final(showdown, reveal_rows=True)
            return
        self._reveal_next()

    def _reveal_next(self) -> None:
        showdown = self.controller.showdown
        if showdown is None or self.step < 0:
            return  # a new deal came first
        r = self.step
        if r < 3:
            self._reveal_row(showdown, r, flip=True)
            self.step += 1
            self._timer.start(self.delay_ms)
        else:
            self.show_final(showdown, reveal_rows=False)

    def _row_text(self, showdown: Showdown, seat: int, r: int) -> tuple[str, str]:
        if showdown.criss_cross:
            results = [self._one_row_text(showdown, seat, r, hand)[0] for hand in range(2)]
            signs = {"won": "✓", "lost": "✗", "tied": "="}
            texts = [fill(translate("TableWidget", "hand %1 %2"),
                          str(h + 1), signs[res]) for h, res in enumerate(results)]
            same = results[0] == results[1]
            return (results[0] if same else "mixed"), " · ".join(texts)
        return self._one_row_text(showdown, seat, r, 0)

    def _one_row_text(self, showdown: Showdown, seat: int, r: int, hand: int) -> tuple[str, str]:
        pair = showdown.against(seat, hand)
        if pair.kind in _NOT_COMPARED:
            return "tied", translate("TableWidget", "not compared")
        result = showdown.row_result(seat, r, hand)
        text = {"won": translate("TableWidget", "✓ you win"),
                "lost": translate("TableWidget", "✗ you lose"),
                "tied": translate("TableWidget", "= tie")}[result]
        return result, text

    def _reveal_row(self, showdown: Showdown, r: int, *, flip: bool = False) -> None:
        lang = self.controller.setup.lang
        rules = self.controller.setup.rules
        for seat, arr in zip([s for s in self._seats() if s.seat], showdown.opponents, strict=False):
            if seat.seat in showdown.bots_surrendered:  # its hand is not shown (RULES.md)
                seat.show_surrendered(translate("TableWidget", "surrendered"))
                continue
            info = check_arrangement(arr, rules)
            row = info.rows[r] if info.rows is not None else None
            name = for_people(row_name(row, lang)) if row is not None else ""
            # where the seat has no room for "full house, sixes over fours": "full house", whole
            short = row.category.label(lang) if row is not None and not row.lowball else ""
            if info.fouled and r == 2:
                name += " — " + core_tr("rules.cli.foul", lang)
                short = short and short + " — " + core_tr("rules.cli.foul", lang)
            result, text = self._row_text(showdown, seat.seat, r)
            seat.reveal_row(r, arr.rows[r], name, result, text, short=short)
            if flip:  # the row turns over (once: not when a language switch shows it again)
                self._flipper.flip(seat, r, arr.rows[r])

    def _pair_notes(self, pair: PairResult, lang: str) -> list[str]:
        """What besides the rows decided a pair: naturals, a fouled bot, royalties."""
        notes = []
        if pair.surrendered[1]:
            notes.append(translate("TableWidget", "it surrendered"))
        mine, its = pair.natural
        if mine is not None:
            notes.append(fill(translate("TableWidget", "your natural: %1"), mine.label(lang)))
        if its is not None:
            notes.append(fill(translate("TableWidget", "its natural: %1"), its.label(lang)))
        if pair.fouled[1] and not pair.fouled[0]:
            notes.append(translate("TableWidget", "its hand fouled"))
        if any(pair.royalties):
            notes.append(fill(translate("TableWidget", "royalties: you %1, it %2"),
                              str(pair.royalties[0]), str(pair.royalties[1])))
        return notes

    def _mark_own_rows(self, showdown: Showdown) -> None:
        """Beside each of the player's row names: how that row did against each bot ("bot 1 ✓ ·
        bot 2 ✗"), on the name's line if it fits there whole, else on a line of its own under
        the name (never a lone "✓" wrapped onto a line), in a short form ("1 ✓ · 2 ✗", the long
        one in the tooltip) if even its own line is too narrow."""
        if showdown.criss_cross or showdown.surrendered:
            return
        signs = {"won": "✓", "lost": "✗", "tied": "="}
        seats = [s.seat for s in self._seats() if s.seat]
        for r, zone in enumerate((Zone.TOP, Zone.MIDDLE, Zone.BOTTOM)):
            marks, short = [], []
            for seat in seats:
                compared = showdown.against(seat).kind not in _NOT_COMPARED
                sign = signs[showdown.row_result(seat, r)] if compared else "–"
                marks.append(fill(translate("TableWidget", "bot %1 %2"), str(seat), sign))
                short.append(f"{seat} {sign}")
            label = self._row_names[zone]
            assert isinstance(label, FittedLabel)
            name, full, compact = label.text(), " · ".join(marks), " · ".join(short)
            label.set_forms([name + "   " + full, name + "\n" + full, name + "\n" + compact,
                             name + "   " + compact], whole_lines=True)

    def show_final(self, showdown: Showdown, *, reveal_rows: bool) -> None:
        if reveal_rows:
            for r in range(3):
                self._reveal_row(showdown, r)
        self._show_check(self.controller.check())  # row names and banner in the current language
        self._mark_own_rows(showdown)
        lang = self.controller.setup.lang
        rules = self.controller.setup.rules
        parts, short = [], []
        for seat in self._seats():
            if not seat.seat:
                continue
            pts = showdown.points_against(seat.seat)
            pairs = [showdown.against(seat.seat, h) for h in range(len(showdown.player_hands) or 1)]
            explained = for_people("\n\n".join("\n".join(explain_pair(p, rules, lang)) for p in pairs))
            if showdown.criss_cross:
                text = fill(translate("TableWidget", "You: %1 against this hand"), signed(pts, 0))
                seat.show_points(text, explained,
                                 fill(translate("TableWidget", "You: %1"), signed(pts, 0)))
                parts.append(fill(translate("TableWidget", "%1 against the bot's hand %2"),
                                  signed(pts, 0), str(seat.seat)))
                short.append(fill(translate("TableWidget", "hand %1: %2"), str(seat.seat), signed(pts, 0)))
            else:
                text = translate("TableWidget", "You: %1 against this bot")
                text = fill(text, signed(pts, 0))
                notes = self._pair_notes(pairs[0], lang)
                seat.show_points(text + (" — " + "; ".join(notes) if notes else ""), explained,
                                 fill(translate("TableWidget", "You: %1"), signed(pts, 0)))
                parts.append(fill(translate("TableWidget", "%1 against bot %2"), signed(pts, 0),
                                  str(seat.seat)))
                short.append(fill(translate("TableWidget", "bot %1: %2"), str(seat.seat), signed(pts, 0)))
        if showdown.surrendered:
            head = translate("TableWidget", "You surrendered.")
        elif showdown.player_fouled:
            head = translate("TableWidget", "Your hand fouled.")
        else:
            head = translate("TableWidget", "Showdown.")
        # the total first: it is what a cut result must still show (the rest is on the seats)
        text = (head + " " + fill(translate("TableWidget", "Total this hand: %1."),
                                  points(showdown.total, signed=True)) + " " + ", ".join(parts) + ".")
        total = fill(translate("TableWidget", "Total: %1 (%2)."), signed(showdown.total, 0), ", ".join(short))
        template = (translate("TableWidget", "Total: %1 (hands: %2).") if showdown.criss_cross
                    else translate("TableWidget", "Total: %1 (bots: %2)."))
        shortest = fill(template, signed(showdown.total, 0),
                        ", ".join(signed(showdown.points_against(s.seat), 0)
                                  for s in self._seats() if s.seat))
        # a narrow window: a shorter form, the whole in the tooltip ("Showdown." may go: the
        # seats say it too; a foul or a surrender is always said)
        plain = not (showdown.surrendered or showdown.player_fouled)
        self._result_label.setToolTip("")
        self._result_label.set_forms([text, head + " " + total, *([total] if plain else []),
                                     head + " " + shortest, *([shortest] if plain else [])])
        self._fit_height()
        self.step = 3
