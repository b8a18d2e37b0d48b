"""The Drill's why-line writes a ten as the cards show it, ``10``, in both languages: a foul told
apart by a ten kicker, and two rows of one kind told apart by their kickers."""

from __future__ import annotations

import re

import pytest

from cp_trainer.drill.why import RowChange, Why, WhyKind
from cp_trainer.rules.arrangement import Arrangement, Row, row_strengths

#: A ten written as a rank letter: alone ("kicker T", "T-9-7") or as a card ("Td", "T♦").
TEN_LETTER = re.compile(r"\bT\b|\bT[shdc♠♥♦♣](?![A-Za-z])")
KICKER = {"en": "kicker 10", "ru": "кикер 10"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_foul_decided_by_a_ten_kicker_reads_10(lang: str) -> None:
    why = Why(WhyKind.FOUL, fouled=Arrangement.parse("Jc Jd Ts / Jh Js 9c 8c 7c / Ac Ad Ah 2c 2d"))
    text = why.render(lang)
    assert KICKER[lang] in text and not TEN_LETTER.search(text), text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rows_of_one_kind_name_a_ten_kicker_as_10(lang: str) -> None:
    best = row_strengths(Arrangement.parse("6h 6s Td / Qh Qs 5d 4d 3h / Kc Kd Kh 3c 3d"))
    yours = row_strengths(Arrangement.parse("6c 6d 8s / Qc Qd 5h 4h 2h / 9h 9s 9d 7h 7d"))
    why = Why(WhyKind.ROWS, (RowChange(Row.TOP, yours[0], best[0], 0.1, 0.3),))
    text = why.render(lang)
    assert KICKER[lang] in text and not TEN_LETTER.search(text), text
