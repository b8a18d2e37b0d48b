"""The words users read: catalogs and the window's translations spell things one
way — no double spaces, «солвер» not «решатель», «тройка» not «сет», counts in their plural forms,
no «N × бот»."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from cp_trainer.support.i18n import LANGUAGES, catalog, plural_index, tr_count
from cp_trainer.support.resources import resource_path


def _catalog_texts(lang: str) -> Iterator[tuple[str, str]]:
    for key, value in catalog(lang).items():
        for text in (value if isinstance(value, list) else [value]):
            yield key, str(text)


def _ts_translations() -> list[str]:
    root = ET.parse(resource_path("translations") / "cp_trainer_ru.ts").getroot()
    texts = [t.text or "" for t in root.iter("translation") if len(t) == 0]  # numerus: forms below
    texts += [n.text or "" for n in root.iter("numerusform")]
    return texts


def _russian_texts() -> list[str]:
    return [text for _, text in _catalog_texts("ru")] + _ts_translations()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_double_spaces_in_a_catalog(lang: str) -> None:
    # The command line's own column layouts (its output is a contract) are the one exception.
    doubled = [key for key, text in _catalog_texts(lang) if "  " in text and ".cli." not in key]
    assert doubled == []


def test_no_double_spaces_in_the_window_translations() -> None:
    assert [t for t in _ts_translations() if "  " in t] == []


def test_russian_says_solver_and_three_of_a_kind_one_way() -> None:
    texts = _russian_texts()
    assert [t for t in texts if "решател" in t.lower()] == []
    assert [t for t in texts if re.search(r"(?<![а-яё])сет(а|ом|ы)?(?![а-яё])", t.lower())] == []
    assert [t for t in texts if "не значимо" in t] == []
    assert [t for t in texts if "× бот" in t or "сальдо" in t] == []


@pytest.mark.parametrize(("n", "form"), [(0, 2), (1, 0), (2, 1), (4, 1), (5, 2), (11, 2), (12, 2), (21, 0),
                                         (22, 1), (25, 2), (101, 0), (111, 2)])
def test_russian_plural_forms(n: int, form: int) -> None:
    assert plural_index(n, "ru") == form


@pytest.mark.parametrize(("n", "en", "ru"), [
    (1, "1 greedy bot", "1 бота «жадный»"),
    (2, "2 greedy bots", "2 ботов «жадный»"),
    (5, "5 greedy bots", "5 ботов «жадный»"),
])
def test_counts_of_bots_read_as_words(n: int, en: str, ru: str) -> None:
    assert tr_count("solver.panel.bots", n, "en", n=n, bot="greedy") == en
    assert tr_count("solver.panel.bots", n, "ru", n=n, bot="жадный") == ru


def test_counted_messages_have_three_forms() -> None:
    for lang in LANGUAGES:
        for key in ("solver.panel.bots", "solver.panel.same", "solver.panel.within"):
            forms = catalog(lang)[key]
            assert isinstance(forms, list) and len(forms) == 3 and all("{n}" in f for f in forms)
    assert tr_count("solver.panel.same", 1, "ru", n=1) == "Ещё 1 раскладка приносит ровно столько же."
    assert tr_count("solver.panel.same", 3, "ru", n=3) == "Ещё 3 раскладки приносят ровно столько же."
    assert tr_count("solver.panel.same", 7, "ru", n=7) == "Ещё 7 раскладок приносят ровно столько же."


def test_drill_grade_names_are_one_part_of_speech() -> None:
    names = [catalog("ru")[f"drill.grade.{g}"] for g in ("best", "good", "inaccuracy", "mistake", "blunder")]
    assert names == ["Лучший ход", "Хороший ход", "Неточность", "Ошибка", "Грубая ошибка"]


def test_pai_gows_one_pair_rule_does_not_repeat_pair() -> None:
    from cp_trainer.paigow.cards import parse_pg_cards
    from cp_trainer.paigow.house_way import house_way

    way = house_way(parse_pg_cards("Ks Kh 8c 7d 2c Qd 4h"))  # one pair: the kings
    assert way.rule_text("ru") == "одна пара: она идёт в большую руку, две старшие из остальных — в малую"
    assert "пара: пара" not in way.rule_text("ru")


def test_scoop_is_spelled_out_in_russian() -> None:
    from cp_trainer.support.i18n import tr

    text = tr("solver.explain.rows", "ru", top="40%", middle="50%", bottom="60%", scoop="10%", scooped="5%")
    assert "скуп против себя" not in text and "все три ряда выигрывает в 10%" in text
