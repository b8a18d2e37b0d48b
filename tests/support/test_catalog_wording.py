"""One spelling for each term in every catalog, the Qt translations and the docs:
Крисс-Кросс and Пай-гоу (not «Крис Кросс», «Пай Гоу»), surrender is «отказ от руки» (no «Сдаться»),
ties are said in plain words (no bare «Пуш (…)»)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEXTS = sorted([*ROOT.glob("cp_trainer/resources/i18n/*.json"),
                *ROOT.glob("cp_trainer/resources/translations/*.ts"),
                *ROOT.glob("docs/**/*.md"), ROOT / "README.md"])


@pytest.mark.parametrize("wrong", ["Крис Кросс", "Пай Гоу", "Пай-Гоу", ">Сдаться<", ">Пуш (",
                                   "Раздач для солвера"])
def test_no_old_spelling_is_left(wrong: str) -> None:
    found = [p.relative_to(ROOT).as_posix() for p in TEXTS if wrong in p.read_text(encoding="utf-8")]
    assert not found, f"{wrong!r} still in {found}"


def test_the_texts_are_there() -> None:
    ts = (ROOT / "cp_trainer/resources/translations/cp_trainer_ru.ts").read_text(encoding="utf-8")
    assert "Крисс-Кросс" in ts and "Пай-гоу покер" in ts
