"""The "why" line: the player's rows against the best arrangement's, as data, rendered en/ru.

:func:`explain` compares the two arrangements row by row (top, middle, bottom) and keeps the rows
that differ in strength, each marked stronger or weaker in the best; the solver's per-row win
rates (win minus loss, per opponent) are attached when known. :meth:`Why.render` turns it into one
line, e.g. "The best plays top: pair of sevens (stronger) instead of king-high; middle: pair of
kings (weaker) instead of two pair, kings and sevens." Two rows of the same kind are told apart
by their kickers ("pair of jacks, kickers A-4 … instead of pair of jacks, kickers 9-4"), with why
that matters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from ..rules.arrangement import Arrangement, Row, Stage, check_arrangement, row_strengths
from ..rules.arrangement_text import for_people, foul_sentences, row_label
from ..rules.house_rules import HouseRules
from ..rules.strength import describe
from ..support.i18n import tr
from ..support.numbers import FORMAT, MINUS, signed
from .grading import DrillGrade

__all__ = ["RowChange", "Why", "WhyKind", "explain"]


class WhyKind(Enum):
    AS_GOOD = "as_good"  # not significantly worse (whatever the rows)
    SAME_ROWS = "same_rows"  # a significant loss with equally strong rows cannot happen; kept for safety
    ROWS = "rows"  # the rows that differ
    FOUL = "foul"


@dataclass(frozen=True)
class RowChange:
    row: Row
    yours: int  # row strength (strength.py)
    best: int
    yours_net: float | None = None  # win rate minus loss rate of the row, when the solver said
    best_net: float | None = None

    @property
    def stronger(self) -> bool:
        """The best's row is the stronger one."""
        return self.best > self.yours


@dataclass(frozen=True)
class Why:
    kind: WhyKind
    changes: tuple[RowChange, ...] = ()
    fouled: Arrangement | None = None  # for FOUL: the arrangement, explained by the rules check
    rules: HouseRules | None = None

    def render(self, lang: str = "en") -> str:
        if self.kind is WhyKind.AS_GOOD:
            return tr("drill.why.as_good", lang)
        if self.kind is WhyKind.FOUL:
            assert self.fouled is not None
            check = check_arrangement(self.fouled, self.rules, stage=Stage.SHOWDOWN)
            return tr("drill.why.foul", lang, reason=" ".join(foul_sentences(check.fouls, lang)))
        if self.kind is WhyKind.SAME_ROWS or not self.changes:
            return tr("drill.why.same_rows", lang)
        parts = []
        for ch in self.changes:
            key = "drill.why.row_stronger" if ch.stronger else "drill.why.row_weaker"
            best, yours = describe(ch.best, lang), describe(ch.yours, lang)
            same_kind = best == yours  # "pair of jacks instead of pair of jacks": name the kickers
            if same_kind:
                best, yours = describe(ch.best, lang, detailed=True), describe(ch.yours, lang, detailed=True)
            text = tr(key, lang, row=row_label(ch.row, lang), best=best, yours=yours)
            if same_kind:
                text += tr("drill.why.same_kind", lang)
            if ch.yours_net is not None and ch.best_net is not None:
                text += tr("drill.why.row_rates", lang, best=_pct(ch.best_net), yours=_pct(ch.yours_net))
            parts.append(text)
        return for_people(tr("drill.why.rows", lang, rows=tr("drill.why.separator", lang).join(parts)))


_RATE = replace(FORMAT, minus=MINUS)  # the typographic minus, as the window writes it


def _pct(x: float) -> str:
    return signed(x * 100, 0, _RATE) + "%"


def explain(grade: DrillGrade, rules: HouseRules | None = None, *,
            yours_net: Sequence[float] | None = None, best_net: Sequence[float] | None = None) -> Why:
    """Why ``grade``'s arrangement lost what it lost (typed; see :class:`Why`). ``yours_net`` and
    ``best_net``: per-row (top, middle, bottom) win-minus-loss rates, when known."""
    rules = rules or HouseRules()
    if grade.foul:
        return Why(WhyKind.FOUL, fouled=grade.arrangement, rules=rules)
    if not grade.significant:
        return Why(WhyKind.AS_GOOD)
    ys = row_strengths(grade.arrangement, rules)
    bs = row_strengths(grade.best, rules)
    changes = tuple(
        RowChange(row, ys[row.position], bs[row.position],
                  None if yours_net is None else yours_net[row.position],
                  None if best_net is None else best_net[row.position])
        for row in (Row.TOP, Row.MIDDLE, Row.BOTTOM) if ys[row.position] != bs[row.position])
    return Why(WhyKind.ROWS if changes else WhyKind.SAME_ROWS, changes)
