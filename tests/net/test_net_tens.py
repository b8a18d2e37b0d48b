"""Every text the teaching table sends a person's phone writes a ten as the cards show it, ``10``
(the live check's line, the errors naming cards), in both languages; the ``fouls`` list stays
as ``check --json`` writes it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cp_trainer.net.seats import TableError
from cp_trainer.net.table import Table
from cp_trainer.rules.cards import parse_cards, set_order

CODE = "ABCDEFGH"
#: The seat's 13 cards, set as a foul decided by a ten kicker: "pair of jacks, kicker T is
#: stronger than pair of jacks, kickers 9-8-7".
FOUL = "Jc Jd Ts / Jh Js 9c 8c 7c / Ac Ad Ah 2c 2d"
#: A ten written as a rank letter: alone ("kicker T", "T-9-7") or as a card ("Td", "T♦").
TEN_LETTER = re.compile(r"\bT\b|\bT[shdc♠♥♦♣](?![A-Za-z])")


def _seated(lang: str) -> tuple[Table, list[tuple[int, dict[str, Any]]]]:
    """A table of Ann (in ``lang``) and a bot, Ann's cards those of :data:`FOUL`."""
    sent: list[tuple[int, dict[str, Any]]] = []
    table = Table(seats=2, bots=1, code=CODE, emit=lambda seat, msg: sent.append((seat, msg)), seed=11)
    table.join(CODE, "Ann", lang=lang)
    table.seats[0].cards = set_order(parse_cards(FOUL.replace("/", " ")))
    return table, sent


@pytest.mark.parametrize(("lang", "kicker"), [("en", "kicker 10"), ("ru", "кикер 10")])
def test_the_live_checks_line_writes_a_ten_as_10(lang: str, kicker: str) -> None:
    table, _sent = _seated(lang)
    assert table.deal is not None
    checked = table.check(0, table.deal.number, FOUL)
    assert not checked["legal"]
    assert kicker in checked["message"] and not TEN_LETTER.search(checked["message"]), checked["message"]
    # the fouls as check --json writes them (a contract): the core's text as it is
    assert "kicker T " in checked["fouls"][0]["message"] or "кикер T " in checked["fouls"][0]["message"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_error_naming_cards_writes_a_ten_as_10(lang: str) -> None:
    table, _sent = _seated(lang)
    assert table.deal is not None
    for text, card in ((FOUL.replace("Ts", "Th"), "10♥"), (FOUL.replace("2d", "Ts"), "10♠")):
        with pytest.raises(TableError) as caught:
            table.set_hand(0, table.deal.number, text)
        message = caught.value.message(lang)
        assert card in message and not TEN_LETTER.search(message), message
