from __future__ import annotations

import pytest

from cp_trainer.support.i18n import LANGUAGES, catalog, normalize_lang, system_language, tr


def test_every_language_has_the_same_keys_and_placeholders() -> None:
    import string

    en = catalog("en")
    for lang in LANGUAGES:
        cat = catalog(lang)
        assert set(cat) == set(en), f"{lang} catalog keys differ from English"
        for key, value in en.items():
            if isinstance(value, str):
                # Grammatical forms of one value may differ (r1_pl in English, r1_gpl in
                # Russian), but both languages must speak of the same values.
                names = {f.split("_")[0] for _, f, _, _ in string.Formatter().parse(value) if f}
                other = {f.split("_")[0] for _, f, _, _ in string.Formatter().parse(cat[key]) if f}
                assert names == other, f"{lang}:{key} placeholders differ"
            else:
                assert len(cat[key]) == len(value), f"{lang}:{key} list length differs"


def test_russian_text_is_russian() -> None:
    assert tr("category.pair", "ru") == "пара"
    assert tr("category.pair", "en") == "pair"


def test_language_selection(monkeypatch: pytest.MonkeyPatch) -> None:
    assert normalize_lang("ru_RU.UTF-8") == "ru"
    with pytest.raises(ValueError, match="'xx'"):
        normalize_lang("xx")
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert system_language() == "ru"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert system_language() == "en"


def test_kicker_is_singular_for_one_card() -> None:
    from cp_trainer.rules.cards import parse_cards
    from cp_trainer.rules.strength import describe, evaluate

    one = evaluate(parse_cards("As Ah Qh"))
    many = evaluate(parse_cards("As Ah Qh 7c 4d"))
    assert describe(one, detailed=True) == "pair of aces, kicker Q"
    assert describe(many, detailed=True) == "pair of aces, kickers Q-7-4"
    assert describe(one, "ru", detailed=True) == "пара тузов, кикер Q"
