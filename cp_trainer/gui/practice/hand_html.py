"""A stored hand as rich text for the history window: your rows, the fouls explained, the bots'
hands, the solver's arrangement, the cards as pictures (the table's art: ``<img src="card:As">``,
given to the document by :func:`add_card_images`) and each row's result in a small table. Texts
about the rules come from the rules core, in the current language.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPoint, Qt, QUrl
from PySide6.QtGui import QImage, QPainter, QTextDocument

from cp_trainer.gui.cards.order import set_order
from cp_trainer.gui.cards.pixmaps import JOKER, CardFace, CardRenderer, card_size
from cp_trainer.gui.numbers import number, signed
from cp_trainer.gui.practice.history_model import played_at_text, rules_label, shown_ev_lost
from cp_trainer.gui.solver.bots import bot_label
from cp_trainer.gui.solver.bridge import StoredVerdict, stored_verdict
from cp_trainer.gui.translation import fill
from cp_trainer.history import Game, HandRecord, RecordError
from cp_trainer.history.replay import replay_record
from cp_trainer.paigow.cards import Joker, PaiGowInputError
from cp_trainer.paigow.resolve import settle as settle_paigow
from cp_trainer.paigow.setting import check_setting, parse_setting
from cp_trainer.rules.arrangement import Arrangement, ArrangementParseError, Row, check_arrangement
from cp_trainer.rules.arrangement_text import for_people, foul_message, row_label, row_name
from cp_trainer.rules.cards import Card, CardParseError
from cp_trainer.rules.house_rules import HouseRules, HouseRulesError
from cp_trainer.rules.settlement import PairKind
from cp_trainer.support.i18n import capitalised

__all__ = ["CARD_HEIGHT", "CARD_SCHEME", "add_card_images", "card_img", "card_keys", "cards_html",
           "hand_html"]

_RED = "#c0392b"
_GREEN = "#1e7e34"
CARD_HEIGHT = 36  # the cards' pictures, logical pixels (small cards get the table's readable face)
CARD_GAP = 2  # between two cards side by side
CARD_SCHEME = "card"  # a picture's address in the document: card:As, card:Jk
_CARD_SRC = re.compile(CARD_SCHEME + r':([0-9A-Za-z]{2})"')
NOT_COMPARED = "—"  # a row never compared (surrender, naturals, a fouled Pai Gow setting)


def cards_html(text: str) -> str:
    """``As Kh / ...`` with suit symbols (a ten as ``10``), red suits in red, Pai Gow's joker
    ``Jk`` as the word."""
    out = []
    for token in text.split():
        if token == "/":
            out.append("<b>/</b>")
            continue
        if token == JOKER:  # Pai Gow's joker, a word in the language
            out.append(html.escape(QCoreApplication.translate("HandView", "joker")))
            continue
        try:
            card = Card.parse(token)
        except CardParseError:
            out.append(html.escape(token))
            continue
        face = html.escape(card.label())
        out.append(f"<span style='color:{_RED}'>{face}</span>" if card.suit.is_red else face)
    return " ".join(out)


@dataclass(frozen=True)
class _Rows:
    """An arrangement as the view draws it: each row's label, its cards' keys (``As``, ``Jk``) and
    its hand's name; the fouls explained; ``text`` the arrangement as stored when it cannot be read
    (then there are no rows)."""

    rows: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    fouls: tuple[str, ...] = ()
    text: str = ""


def card_img(key: str) -> str:
    """A card's picture in the rich text: ``<img src="card:As" ...>``, its art added to the
    document by :func:`add_card_images` (with a gap on its right, so cards side by side part)."""
    size = card_size(CARD_HEIGHT)
    return (f'<img src="{CARD_SCHEME}:{html.escape(key)}" width="{size.width() + CARD_GAP}" '
            f'height="{size.height()}">')


def card_keys(text: str) -> list[str]:
    """The card pictures a hand's HTML shows, in order (one key a picture: ``As``, ``Jk``)."""
    return _CARD_SRC.findall(text)


def add_card_images(document: QTextDocument, text: str, renderer: CardRenderer, dpr: float = 1.0) -> int:
    """Give ``document`` the art (``renderer``'s style, sharp at ``dpr``) of every card ``text``
    shows; returns how many different cards that is. Call it after ``setHtml``."""
    keys = sorted(set(card_keys(text)))
    size = card_size(CARD_HEIGHT)
    for key in keys:
        face: CardFace = key if key == JOKER else Card.parse(key)
        image = QImage(round((size.width() + CARD_GAP) * dpr), round(size.height() * dpr),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)  # drawn in logical pixels, sharp on a HiDPI screen
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.drawPixmap(QPoint(0, 0), renderer.pixmap(face, size, dpr))
        painter.end()
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"{CARD_SCHEME}:{key}"), image)
    return len(keys)


def _keys(cards: Iterable[object]) -> tuple[str, ...]:
    return tuple(JOKER if isinstance(c, Joker) else str(c) for c in cards)


def _chinese_rows(arrangement: str, rules: HouseRules, lang: str) -> _Rows:
    """Rows with the core's names, and the core's foul explanations (in ``lang``)."""
    try:
        arr = Arrangement.parse(arrangement)
    except (ArrangementParseError, CardParseError):
        return _Rows(text=arrangement)
    result = check_arrangement(arr, rules)
    fouls = tuple(for_people(foul_message(f, lang)) for f in result.fouls)
    if result.rows is None:  # not 3 / 5 / 5: the rows as they lie, unnamed
        rows = zip((Row.TOP, Row.MIDDLE, Row.BOTTOM), (arr.top, arr.middle, arr.bottom), strict=True)
        return _Rows(tuple((row_label(row, lang), _keys(set_order(cards)), "") for row, cards in rows), fouls)
    return _Rows(tuple((row_label(info.row, lang), _keys(set_order(info.cards)),
                        for_people(row_name(info, lang))) for info in result.rows), fouls)


def _paigow_rows(text: str, t: dict[str, str], lang: str) -> _Rows:
    """A Pai Gow setting's high and low hands, named in ``lang``."""
    try:
        check = check_setting(parse_setting(text), lang)
    except PaiGowInputError:
        return _Rows(text=text)
    return _Rows(((t["high"], _keys(check.setting.high), for_people(check.high_text_in(lang))),
                  (t["low"], _keys(check.setting.low), for_people(check.low_text_in(lang)))))


def _cell(rows: _Rows, i: int) -> str:
    """Row ``i`` of an arrangement: its cards as pictures, its hand's name under them."""
    if rows.text:
        return cards_html(rows.text) if i == 0 else ""
    if i >= len(rows.rows):
        return ""
    _label, keys, name = rows.rows[i]
    # a table of its own: the cards of a row stay on one line, the name under them may wrap
    pictures = "".join(f"<td>{card_img(k)}</td>" for k in keys)
    return (f"<table cellspacing='0' cellpadding='0'><tr>{pictures}</tr></table>"
            + (f"<small><i>{html.escape(name)}</i></small>" if name else ""))


def _arrangements_table(columns: Sequence[tuple[str, _Rows]], foot: Sequence[str] = ()) -> str:
    """Arrangements side by side: a column each (its title on top), a line a row, the row's name
    on the left; ``foot``: a last line under the columns."""
    labels: list[str] = []
    for _title, rows in columns:
        labels.extend(row[0] for row in rows.rows[len(labels):])
    count = max(len(labels), 1)
    # each column as wide as its longest row of cards: the width left goes to the rows' names
    widest = max((len(row[1]) for _title, rows in columns for row in rows.rows), default=0)
    width = f" width='{widest * (card_size(CARD_HEIGHT).width() + CARD_GAP)}'" if widest else ""
    titles = "".join(f"<th align='left'{width}>{title}</th>" for title, _rows in columns)
    head = f"<tr><th></th>{titles}</tr>" if any(title for title, _rows in columns) else ""
    lines = [f"<table cellpadding='3'>{head}"]
    for i in range(count):
        label = html.escape(capitalised(labels[i])) if i < len(labels) else ""
        cells = "".join(f"<td valign='top'{width}>{_cell(rows, i)}</td>" for _title, rows in columns)
        lines.append(f"<tr><td valign='middle'><b>{label}</b></td>{cells}</tr>")
    if any(foot):
        lines.append("<tr><td></td>" + "".join(f"<td>{f}</td>" for f in foot) + "</tr>")
    lines.append("</table>")
    return "".join(lines)


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
        "high": QCoreApplication.translate("HandView", "high hand"),
        "low": QCoreApplication.translate("HandView", "low hand"),
        "by_row": QCoreApplication.translate("HandView", "Row by row"),
        "by_hand": QCoreApplication.translate("HandView", "Hand by hand"),
        "won": QCoreApplication.translate("HandView", "won"),
        "lost": QCoreApplication.translate("HandView", "lost"),
        "tie": QCoreApplication.translate("HandView", "tie"),
        "points_title": QCoreApplication.translate("HandView", "Points"),
        "surrender_equal": QCoreApplication.translate(
            "HandView", "Surrendering was as good as playing the best arrangement, within the solver's "
            "accuracy."),
    }


def hand_html(record: HandRecord, lang: str) -> str:
    """A stored hand in rich text: the cards as pictures (``<img src="card:As">``, see
    :func:`add_card_images`), your rows beside the solver's, each opponent's rows, and how every
    row went against each opponent in a small table."""
    t = _labels()
    try:
        rules = HouseRules.from_dict(dict(record.house_rules))
    except HouseRulesError:
        rules = HouseRules()
    chinese = record.game is Game.CHINESE

    def rows_of(text: str) -> _Rows:
        return _chinese_rows(text, rules, lang) if chinese else _paigow_rows(text, t, lang)

    when = played_at_text(record.played_at)  # as the table's Date column: the language's format
    label = html.escape(rules_label(json.dumps(dict(record.house_rules))))
    parts = [f"<h3>{html.escape(when)} · {t['points']}: {signed(record.points, None)}</h3>",
             f"<p><small>{label}</small></p>",
             f"<p><small><b>{t['dealt']}:</b> {cards_html(record.deal)}</small></p>"]
    if record.criss_cross_hand is not None:
        parts.append(f"<p>{fill(t['criss_cross'], str(record.criss_cross_hand))}</p>")
    if record.surrendered:
        parts.append(f"<p><b>{t['surrendered']}</b></p>")
    rows = rows_of(record.arrangement)
    fouls = list(rows.fouls) or (_paigow_fouls(record, lang) if not chinese else [])
    if not fouls:
        fouls = [for_people(f.message) for f in record.fouls]
    parts.extend(_verdict_and_pair(record, t, rows, rows_of))
    if fouls:
        items = "".join(f"<li>{html.escape(m)}</li>" for m in fouls)
        parts.append(f"<p style='color:{_RED}'><b>{t['foul']}:</b></p><ul>{items}</ul>")
    elif chinese:
        parts.append(f"<p>{t['legal']}</p>")
    if record.opponents:
        parts.append(_opponents_html(record, t, rows_of))
        parts.append(_results_html(record, t, lang))
    if record.solver_arrangement is None:
        parts.append(f"<p><i>{t['no_solver']}</i></p>")
    return "\n".join(parts)


def _opponent_names(record: HandRecord, t: dict[str, str]) -> list[str]:
    chinese = record.game is Game.CHINESE
    names = []
    for i, opp in enumerate(record.opponents, start=1):
        name = t["dealer"] if not chinese and opp.name == "dealer" else html.escape(bot_label(opp.name))
        names.append(name or fill(t["bot"], str(i)))
    return names


def _opponents_html(record: HandRecord, t: dict[str, str], rows_of: Callable[[str], _Rows]) -> str:
    """Each opponent's rows as pictures, under its name and what you scored against it."""
    parts = [f"<p><b>{t['opponents']}:</b></p>"]
    for name, opp in zip(_opponent_names(record, t), record.opponents, strict=True):
        scored = fill(t["scored"], signed(opp.points, None))
        if opp.surrendered:
            scored += f" — <b>{t['bot_surrendered']}</b>"
        parts.append(f"<p><b>{name}</b> ({scored})</p>")
        parts.append(_arrangements_table([("", rows_of(opp.arrangement))]))
    return "".join(parts)


def _results_html(record: HandRecord, t: dict[str, str], lang: str) -> str:
    """How each row went against each opponent (won, lost, tie; "—" not compared) and the points:
    a small table, an opponent a column. Empty when the hand cannot be settled again."""
    results = _row_results(record, t, lang)
    if results is None:
        return ""
    labels, columns = results
    names = _opponent_names(record, t)
    head = "".join(f"<th>{name}</th>" for name in names)
    title = t["by_row"] if record.game is Game.CHINESE else t["by_hand"]
    lines = [f"<p><b>{title}:</b></p>"
             f"<table border='1' cellspacing='0' cellpadding='3'><tr><th></th>{head}</tr>"]
    for i, label in enumerate(labels):
        cells = "".join(f"<td align='center'>{column[i]}</td>" for column in columns)
        lines.append(f"<tr><td><b>{html.escape(capitalised(label))}</b></td>{cells}</tr>")
    total = "".join(f"<td align='center'><b>{signed(o.points, None)}</b></td>" for o in record.opponents)
    lines.append(f"<tr><td><b>{t['points_title']}</b></td>{total}</tr></table>")
    return "".join(lines)


def _outcome(t: dict[str, str], won: bool | None) -> str:
    """A row's result as the cell shows it: won in green, lost in red, a tie, or not compared."""
    if won is None:
        return t["tie"]
    return f"<span style='color:{_GREEN}'>{t['won']}</span>" if won else \
        f"<span style='color:{_RED}'>{t['lost']}</span>"


def _row_results(record: HandRecord, t: dict[str, str],
                 lang: str) -> tuple[list[str], list[list[str]]] | None:
    """The rows' labels, and for each opponent each row's result (None: cannot be settled)."""
    if record.game is Game.CHINESE:
        try:
            replayed = replay_record(record)
        except RecordError:
            return None
        rows = (Row.TOP, Row.MIDDLE, Row.BOTTOM)
        columns = []
        for pair in replayed.pairs:
            compared = pair.kind in (PairKind.SHOWDOWN, PairKind.FOUL)
            columns.append([_outcome(t, None if pair.rows[row] is None else pair.rows[row] == 0)
                            if compared else NOT_COMPARED for row in rows])
        return [row_label(row, lang) for row in rows], columns
    try:
        player = parse_setting(record.arrangement)
        columns = []
        for opp in record.opponents:
            result = settle_paigow(player, parse_setting(opp.arrangement), lang)
            columns.append([NOT_COMPARED if side == 0 else _outcome(t, side > 0)
                            for side in (result.high, result.low)])
    except PaiGowInputError:
        return None
    return [t["high"], t["low"]], columns


def _verdict_and_pair(record: HandRecord, t: dict[str, str], rows: _Rows,
                      rows_of: Callable[[str], _Rows]) -> list[str]:
    """The solver's verdict first, then your rows and the solver's side by side (a column each,
    the points per hand under them), or your rows alone where no solver ran."""
    if record.solver_arrangement is None:
        return [_arrangements_table([(f"{t['yours']}:", rows)])]
    parts = []
    verdict = _surrender_verdict(record, t) if record.surrendered else _verdict(record, t)
    if verdict:
        parts.append(f"<p><b>{verdict}</b></p>")
    ev = "" if record.solver_ev is None else f" ({t['ev']} {signed(record.solver_ev)})"
    mine = ""
    if record.player_ev is not None:
        mine = t["surrender_ev"] if record.surrendered else t["your_ev"]
        mine = fill(mine, signed(record.player_ev))
    parts.append(_arrangements_table([(f"{t['yours']}:", rows),
                                      (f"{t['solver']}{ev}:", rows_of(record.solver_arrangement))],
                                     [mine, ""]))
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
