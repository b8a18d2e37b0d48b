"""A settled pair in words (English / Russian): for ``cp-trainer score`` and the GUI showdown."""

from __future__ import annotations

from collections.abc import Sequence

from ..support import numbers
from ..support.i18n import tr
from .arrangement import Row, row_info
from .arrangement_text import row_label, row_name
from .house_rules import HouseRules
from .settlement import PairKind, PairResult, Settlement, row_points
from .strength import describe

__all__ = ["explain_pair", "explain_settlement", "seat_name", "signed"]

_ROWS = (Row.TOP, Row.MIDDLE, Row.BOTTOM)


def seat_name(seat: int, lang: str = "en") -> str:
    """``player A`` (seat 0), ``player B``, ... / ``игрок A``."""
    return tr("rules.seat", lang, seat="ABCD"[seat] if 0 <= seat < 4 else str(seat))


def signed(n: int) -> str:
    """Points with their sign: ``+4``, ``-4``, ``0``."""
    return numbers.signed(n, 0)


def _names(names: Sequence[str] | None, count: int, lang: str) -> list[str]:
    """The players' names: those given (a table's typed names), else ``player A``, ``player B``..."""
    given = list(names or ())
    return [given[s] if s < len(given) and given[s] else seat_name(s, lang) for s in range(count)]


def explain_pair(result: PairResult, rules: HouseRules | None = None, lang: str = "en",
                 names: Sequence[str] | None = None) -> list[str]:
    """Lines saying how a pair settled: a header with both results, then the reasons (indented).
    ``names``: the players by seat (default ``player A``, ``player B``...)."""
    rules = rules or HouseRules()
    i, j = result.players
    seats = _names(names, max(i, j) + 1, lang)
    a, b = seats[i], seats[j]
    lines = [tr("rules.explain.header", lang, a=a, b=b, pa=signed(result.points[0]),
                pb=signed(result.points[1]))]
    kind = result.kind
    if kind is PairKind.SURRENDER:
        if all(result.surrendered):
            lines.append(tr("rules.explain.both_surrendered", lang))
        else:
            loser, winner = (a, b) if result.surrendered[0] else (b, a)
            lines.append(tr("rules.explain.surrender", lang, loser=loser, winner=winner,
                            cost=rules.effective_surrender_cost))
    elif kind is PairKind.NATURAL:
        na, nb = result.natural
        if result.points[0] == 0:
            lines.append(tr("rules.explain.natural_push", lang,
                            na=na.label(lang) if na else "-", nb=nb.label(lang) if nb else "-"))
        else:
            winner, nat = (a, na) if result.points[0] > 0 else (b, nb)
            assert nat is not None
            lines.append(tr("rules.explain.natural_win", lang, winner=winner, natural=nat.label(lang),
                            amount=abs(result.points[0])))
    elif kind is PairKind.BOTH_FOULED:
        lines.append(tr("rules.explain.both_fouled", lang))
    elif kind is PairKind.FOUL:
        loser, winner = (a, b) if result.fouled[0] else (b, a)
        lines.append(tr("rules.explain.foul", lang, loser=loser, winner=winner,
                        points=rules.scoop_points))
    else:
        lines.extend(_showdown_lines(result, rules, lang, seats))
    if any(result.royalties):
        lines.append(tr("rules.explain.royalties", lang, a=a, b=b, ra=result.royalties[0],
                        rb=result.royalties[1]))
    return lines[:1] + ["  " + line for line in lines[1:]]


def _showdown_lines(result: PairResult, rules: HouseRules, lang: str, seats: Sequence[str]) -> list[str]:
    ha, hb = result.hands
    assert ha is not None and hb is not None
    lines = []
    won = lost = 0
    for row in _ROWS:
        info_a = row_info(row, ha.row(row), rules)
        info_b = row_info(row, hb.row(row), rules)
        hand_a, hand_b = row_name(info_a, lang), row_name(info_b, lang)
        lowball = rules.low_middle and row is Row.MIDDLE  # a low is named by all its ranks already
        if hand_a == hand_b and info_a.strength != info_b.strength and not lowball:
            # Same words, different hands: name the kickers that decided the row.
            hand_a = describe(info_a.strength, lang, detailed=True)
            hand_b = describe(info_b.strength, lang, detailed=True)
        winner = result.rows[row]
        name = seats[winner] if winner is not None else ""
        if winner == result.players[0]:
            won += 1
        elif winner == result.players[1]:
            lost += 1
        if winner is None:
            key = "rules.explain.row_tie"
        elif info_a.strength == info_b.strength:
            key = "rules.explain.row_bank"
        else:
            key = "rules.explain.row_win"
        lines.append(tr(key, lang, row=row_label(row, lang), winner=name, hand_a=hand_a, hand_b=hand_b))
    lines.append(tr("rules.explain.rows_total", lang, won=won, lost=lost, system=rules.system.value,
                           points=signed(row_points(won, lost, rules.system, rules.scoop_bonus))))
    return lines


def explain_settlement(
    settlement: Settlement, rules: HouseRules | None = None, lang: str = "en",
    names: Sequence[str] | None = None,
) -> list[str]:
    """Every pair explained, then each seat's total (``names``: the players by seat, as in
    :func:`explain_pair`)."""
    lines: list[str] = []
    for pair in settlement.pairs:
        lines.extend(explain_pair(pair, rules, lang, names))
    seats = _names(names, len(settlement.points), lang)
    totals = ", ".join(f"{seats[s]} {signed(p)}" for s, p in enumerate(settlement.points))
    lines.append(tr("rules.explain.total", lang, totals=totals))
    return lines
