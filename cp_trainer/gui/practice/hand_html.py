"""A stored hand as HTML for the history window: your rows, the fouls explained, the bots' hands,
the solver's arrangement. Texts about the rules come from the rules core, in the current language.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.numbers import number, signed
from cp_trainer.gui.practice.history_model import played_at_text, rules_label, shown_ev_lost
from cp_trainer.gui.solver.bots import bot_label
from cp_trainer.gui.solver.bridge import StoredVerdict, stored_verdict
from cp_trainer.gui.translation import fill
from cp_trainer.history import Game, HandRecord
from cp_trainer.paigow.cards import PaiGowInputError
from cp_trainer.paigow.setting import check_setting, parse_setting
from cp_trainer.rules.arrangement import Arrangement, ArrangementParseError, check_arrangement
from cp_trainer.rules.arrangement_text import for_people, foul_message, row_label, row_name
from cp_trainer.rules.cards import Card, CardParseError
from cp_trainer.rules.house_rules import HouseRules, HouseRulesError

__all__ = ["cards_html", "hand_html"]

_RED = "#c0392b"


def cards_html(text: str) -> str:
    """``As Kh / ...`` with suit symbols (a ten as ``10``), red suits in red."""
    out = []
    for token in text.split():
        if token == "/":
            out.append("<b>/</b>")
            continue
        try:
            card = Card.parse(token)
        except CardParseError:
            out.append(html.escape(token))
            continue
        face = html.escape(card.label())
        out.append(f"<span style='color:{_RED}'>{face}</span>" if card.suit.is_red else face)
    return " ".join(out)


def _rows_html(arrangement: str, rules: HouseRules, lang: str) -> tuple[str, list[str]]:
    """Rows with the core's names, and the core's foul explanations (in ``lang``)."""
    try:
        arr = Arrangement.parse(arrangement)
    except (ArrangementParseError, CardParseError):
        return cards_html(arrangement), []
    result = check_arrangement(arr, rules)
    fouls = [for_people(foul_message(f, lang)) for f in result.fouls]
    if result.rows is None:
        return cards_html(arrangement), fouls
    lines = [f"{html.escape(row_label(info.row, lang))}: "
             f"{cards_html(' '.join(str(c) for c in set_order(info.cards)))} "
             f"— <i>{html.escape(for_people(row_name(info, lang)))}</i>" for info in result.rows]
    return "<br>".join(lines), fouls


def _paigow_fouls(record: HandRecord, lang: str) -> list[str]:
    """A Pai Gow setting's foul in ``lang`` (the record keeps it in the language it was played in)."""
    if not record.fouls:
        return []
    try:
        check = check_setting(parse_setting(record.arrangement), lang)
    except PaiGowInputError:
        return []
    return [for_people(check.foul_reason_in(lang))] if check.foul else []


def _labels() -> dict[str, str]:
    return {
        "points": QCoreApplication.translate("HandView", "points"),
        "dealt": QCoreApplication.translate("HandView", "Dealt"),
        "yours": QCoreApplication.translate("HandView", "Your arrangement"),
        "foul": QCoreApplication.translate("HandView", "Foul"),
        "legal": QCoreApplication.translate("HandView", "Legal: no foul."),
        "opponents": QCoreApplication.translate("HandView", "Opponents"),
        "bot": QCoreApplication.translate("HandView", "bot %1"),
        "scored": QCoreApplication.translate("HandView", "you scored %1"),
        "ev": QCoreApplication.translate("HandView", "EV"),
        "solver": QCoreApplication.translate("HandView", "Solver’s arrangement"),
        "your_ev": QCoreApplication.translate("HandView", "Your arrangement’s EV: %1"),
        "cost": QCoreApplication.translate("HandView", "This choice cost %1 points per hand."),
        "cost_pm": QCoreApplication.translate("HandView", "This choice cost %1 ± %2 points per hand."),
        "equal": QCoreApplication.translate(
            "HandView", "Your arrangement was as good as the best, within the solver's accuracy."),
        "best": QCoreApplication.translate("HandView", "Your arrangement was the solver's best."),
        "unsure": QCoreApplication.translate(
            "HandView", "Yours scored %1 points per hand less than the best (the solver's accuracy was "
            "not stored with this hand)."),
        "bot_surrendered": QCoreApplication.translate("HandView", "surrendered"),
        "no_solver": QCoreApplication.translate("HandView", "No solver figure for this hand."),
        "criss_cross": QCoreApplication.translate(
            "HandView", "Criss Cross: your hand %1 of 2; the opponents are the bot's two hands."),
        "surrendered": QCoreApplication.translate("HandView", "You surrendered this hand."),
        "dealer": QCoreApplication.translate("HandView", "Dealer"),
        "surrender_ev": QCoreApplication.translate("HandView", "Surrendering scored %1 points per hand."),
        "surrender_cost": QCoreApplication.translate(
            "HandView", "Surrendering cost you %1 ± %2 points per hand: the best arrangement scores more."),
        "surrender_saved": QCoreApplication.translate(
            "HandView", "Surrendering was right: it saved %1 points per hand."),
        "surrender_equal": QCoreApplication.translate(
            "HandView", "Surrendering was as good as playing the best arrangement, within the solver's "
            "accuracy."),
    }


def hand_html(record: HandRecord, lang: str) -> str:
    t = _labels()
    try:
        rules = HouseRules.from_dict(dict(record.house_rules))
    except HouseRulesError:
        rules = HouseRules()
    chinese = record.game is Game.CHINESE

    def rows_of(text: str) -> tuple[str, list[str]]:
        return _rows_html(text, rules, lang) if chinese else (cards_html(text), [])

    when = played_at_text(record.played_at)  # as the table's Date column: the language's format
    label = html.escape(rules_label(json.dumps(dict(record.house_rules))))
    parts = [f"<h3>{html.escape(when)} · {t['points']}: {signed(record.points, None)}</h3>",
             f"<p><small>{label}</small></p>",
             f"<p><b>{t['dealt']}:</b> {cards_html(record.deal)}</p>"]
    if record.criss_cross_hand is not None:
        parts.append(f"<p>{fill(t['criss_cross'], str(record.criss_cross_hand))}</p>")
    if record.surrendered:
        parts.append(f"<p><b>{t['surrendered']}</b></p>")
    rows, fouls = rows_of(record.arrangement)
    if not fouls:
        fouls = _paigow_fouls(record, lang) if not chinese else []
    if not fouls:
        fouls = [for_people(f.message) for f in record.fouls]
    parts.extend(_verdict_and_pair(record, t, rows, rows_of))
    if fouls:
        items = "".join(f"<li>{html.escape(m)}</li>" for m in fouls)
        parts.append(f"<p style='color:{_RED}'><b>{t['foul']}:</b></p><ul>{items}</ul>")
    elif chinese:
        parts.append(f"<p>{t['legal']}</p>")
    if record.opponents:
        # a table: each opponent's name, what you scored against it, its rows
        parts.append(f"<p><b>{t['opponents']}:</b></p><table cellpadding='4'>")
        for i, opp in enumerate(record.opponents, start=1):
            name = t["dealer"] if not chinese and opp.name == "dealer" else html.escape(bot_label(opp.name))
            name = name or fill(t["bot"], str(i))
            detail, _ = rows_of(opp.arrangement)
            scored = fill(t["scored"], signed(opp.points, None))
            if opp.surrendered:
                scored += f" — <b>{t['bot_surrendered']}</b>"
            parts.append(f"<tr><td valign='top'><b>{name}</b><br>{scored}</td><td>{detail}</td></tr>")
        parts.append("</table>")
    if record.solver_arrangement is None:
        parts.append(f"<p><i>{t['no_solver']}</i></p>")
    return "\n".join(parts)


def _verdict_and_pair(record: HandRecord, t: dict[str, str], rows: str,
                      rows_of: Callable[[str], tuple[str, list[str]]]) -> list[str]:
    """The solver's verdict first, then your rows and the solver's side by side (a table of two
    columns, the points per hand under each), or your rows alone where no solver ran."""
    if record.solver_arrangement is None:
        return [f"<p><b>{t['yours']}:</b><br>{rows}</p>"]
    parts = []
    verdict = _surrender_verdict(record, t) if record.surrendered else _verdict(record, t)
    if verdict:
        parts.append(f"<p><b>{verdict}</b></p>")
    solver_rows, _ = rows_of(record.solver_arrangement)
    ev = "" if record.solver_ev is None else f" ({t['ev']} {signed(record.solver_ev)})"
    mine = ""
    if record.player_ev is not None:
        mine = t["surrender_ev"] if record.surrendered else t["your_ev"]
        mine = fill(mine, signed(record.player_ev))
    parts.append(f"<table cellpadding='4'><tr><th align='left'>{t['yours']}:</th>"
                 f"<th align='left'>{t['solver']}{ev}:</th></tr>"
                 f"<tr><td valign='top'>{rows}</td><td valign='top'>{solver_rows}</td></tr>"
                 f"<tr><td>{mine}</td><td></td></tr></table>")
    return parts


def _surrender_verdict(record: HandRecord, t: dict[str, str]) -> str:
    """What surrendering cost, or saved, against the best arrangement (surrendering's figure is
    exact: the stored error is the best's)."""
    loss, error = record.ev_lost, record.loss_stderr
    if loss is None or error is None:
        return ""
    from cp_trainer.solver.montecarlo import significant

    if not significant(abs(loss), error):
        return t["surrender_equal"]
    if loss > 0:
        return fill(t["surrender_cost"], number(loss), number(error))
    return fill(t["surrender_saved"], number(-loss))


def _verdict(record: HandRecord, t: dict[str, str]) -> str:
    """What the choice cost: a cost only beyond the solver's accuracy (:func:`stored_verdict`)."""
    verdict, loss = stored_verdict(record), record.ev_lost
    if verdict is None or loss is None:
        return ""
    if verdict is StoredVerdict.BEST:
        return t["best"]
    if verdict is StoredVerdict.EQUAL:
        return t["equal"]
    if verdict is StoredVerdict.COST:
        if record.loss_stderr is None:  # an older hand, a loss beyond doubt
            return fill(t["cost"], number(loss))
        return fill(t["cost_pm"], number(loss), number(record.loss_stderr))
    # two decimals, as the table's EV lost column; never a negative "loss"
    return fill(t["unsure"], number(shown_ev_lost(loss)))
