"""``cp-trainer check``: is an arrangement legal, and if not, which rule it breaks."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from ..rules.arrangement import Arrangement, ArrangementParseError, CheckResult, check_arrangement
from ..rules.arrangement_text import foul_message, row_label, row_name
from ..rules.cards import CardParseError, format_cards
from ..support.i18n import tr
from .common import (
    InputError,
    add_json_option,
    add_lang_option,
    answer_chunks,
    joker_hint,
    lang_of,
    shown,
)
from .rules_options import add_rules_options, rules_of
from .streams import json_line


def parse_arrangement(text: str, lang: str) -> Arrangement:
    """Parse CLI arrangement text, turning parse errors into one-line messages naming the bad part."""
    try:
        return Arrangement.parse(text)
    except ArrangementParseError:
        n = len(text.split("/"))
        raise InputError(tr("rules.error.rows", lang, n=n, text=shown(text.strip()))) from None
    except CardParseError as exc:
        raise InputError(tr("rules.error.not_a_card", lang, token=shown(exc.token),
                            text=shown(text.strip())) + joker_hint(exc, lang)) from None


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "check", help="check arrangements for fouls",
        description=("Check closed Chinese poker arrangements: row sizes 3/5/5, no repeated card, "
                     "bottom >= middle >= top. An arrangement is three rows separated by '/', top "
                     "first: \"Qs Jc 2s / Kc Kd Th 9s 8h / As Ah Qh 7c 4d\". Without ARRANGEMENT, "
                     "reads one per line from standard input. With --rules FILE, the file's wheel_second "
                     "and low_middle apply."),
    )
    p.add_argument("arrangements", nargs="*", metavar="ARRANGEMENT")
    add_rules_options(p, scoring=False)  # --rules FILE, --wheel-second, --low-middle
    add_json_option(p)
    add_lang_option(p)
    p.set_defaults(func=run)


def result_json(text: str, result: CheckResult, lang: str) -> dict[str, object]:
    rows = None
    if result.rows is not None:
        rows = {info.row.key: {"cards": format_cards(info.cards), "category": info.category.key,
                               "name": row_name(info, lang)} for info in result.rows}
    return {
        "input": text,
        "legal": result.legal,
        "fouls": [{"code": f.code, "message": foul_message(f, lang)} for f in result.fouls],
        "rows": rows,
    }


def result_text(text: str, result: CheckResult, lang: str) -> list[str]:
    verdict = tr("rules.cli.legal" if result.legal else "rules.cli.foul", lang)
    lines = [f"{shown(text)}: {verdict}"]
    if result.rows is not None:
        width = max(len(row_label(info.row, lang)) for info in result.rows)
        for info in result.rows:
            label, cards = row_label(info.row, lang), format_cards(info.cards, symbols=True)
            lines.append(f"  {label:<{width}}  {cards:<15}  {row_name(info, lang)}")
    lines.extend(f"  - {foul_message(f, lang)}" for f in result.fouls)
    return lines


def run(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    rules = rules_of(args, lang).rules

    def render(items: list[tuple[str, Arrangement]]) -> Iterator[str]:
        for text, arrangement in items:
            result = check_arrangement(arrangement, rules)
            if args.json:
                yield json_line(result_json(text, result, lang)) + "\n"
            else:
                yield "\n".join(result_text(text, result, lang)) + "\n"

    return answer_chunks(args.arrangements, lambda text: parse_arrangement(text, lang), render,
                         as_json=args.json, lang=lang, error_key="rules.cli.error_line")
