"""Saved settings: round trip, persistence, and damaged files falling back to defaults with a message."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.settings.store import SETTINGS_ENV, Settings, SettingsError, TrainerSettings
from cp_trainer.rules.bot_names import parse_bot
from cp_trainer.rules.house_rules import HouseRules, RoyaltyTable, ScoringSystem, TieRule


def _custom() -> TrainerSettings:
    rules = HouseRules(
        system=ScoringSystem.ONE_SIX, ties=TieRule.BANK, bank=2, ignore_fouls=True, surrender=True,
        surrender_cost=5, royalties=True, royalties_better_hand_only=True,
        royalty_table=RoyaltyTable(top_trips=6), naturals=True, natural_amount=7, point_value=2.5,
        stakes=(1.0, 0.5), wheel_second=True, low_middle=True,
    )
    return TrainerSettings(house_rules=rules, opponents=3, bot=parse_bot("expert"), solver_samples=5000,
                           card_style=CardStyle.FOUR_COLOUR, language="ru", criss_cross=False)


def test_a_missing_file_gives_defaults_without_complaint(qapp: object, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "none.ini")
    assert settings.problems == []
    assert settings.values == TrainerSettings()
    assert settings.values.house_rules == HouseRules()
    assert settings.values.opponents == 1 and settings.values.bot.name == "standard"


def test_values_round_trip_and_persist_across_instances(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "cp.ini"
    first = Settings(path)
    seen: list[object] = []
    first.changed.connect(seen.append)
    first.save(_custom())
    assert seen == [_custom()]
    first.save(_custom())  # unchanged: no second signal
    assert len(seen) == 1

    second = Settings(path)
    assert second.problems == []
    assert second.values == _custom()
    text = path.read_text(encoding="utf-8")
    assert "system=1-6" in text and "card_style=four-colour" in text  # readable by people

    crossed = TrainerSettings(criss_cross=True, language="en")
    second.save(crossed)
    assert Settings(path).values == crossed


def test_auto_amounts_survive_as_auto(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "cp.ini"
    Settings(path).save(TrainerSettings(house_rules=HouseRules(surrender=True), language="en"))
    assert "surrender_cost=auto" in path.read_text(encoding="utf-8")
    loaded = Settings(path).values.house_rules
    assert loaded.surrender_cost is None and loaded.natural_amount is None


def test_a_damaged_file_gives_defaults_and_a_message(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "cp.ini"
    path.write_text("this is not\n[an ini file\n", encoding="utf-8")
    settings = Settings(path)
    assert settings.values == TrainerSettings()
    assert len(settings.problems) == 1
    assert str(path) in settings.problems[0] and "damaged" in settings.problems[0]
    # Saving keeps the damaged file aside and writes a clean one.
    settings.save(_custom())
    assert (tmp_path / "cp.ini.broken").read_text(encoding="utf-8").startswith("this is not")
    again = Settings(path)
    assert again.problems == [] and again.values == _custom()


def test_bad_values_fall_back_one_by_one(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "cp.ini"
    Settings(path).save(_custom())
    raw = QSettings(str(path), QSettings.Format.IniFormat)
    raw.setValue("rules/system", "3-9")
    raw.setValue("rules/bank", "7")
    raw.setValue("rules/royalty_table/top_trips", "-1")
    raw.setValue("table/opponents", "five")
    raw.setValue("view/card_style", "pink")
    raw.setValue("view/language", "ru_RU.UTF-8")  # a locale name is understood
    raw.sync()
    del raw
    settings = Settings(path)
    values = settings.values
    assert values.house_rules.system is ScoringSystem.TWO_FOUR  # default
    assert values.house_rules.bank == 0  # default
    assert values.house_rules.royalty_table.top_trips == 3  # default
    assert values.opponents == 1 and values.card_style is CardStyle.TWO_COLOUR  # defaults
    # everything else kept
    assert values.house_rules.ties is TieRule.BANK and values.house_rules.natural_amount == 7
    assert values.bot.name == "expert" and values.language == "ru"
    joined = "\n".join(settings.problems)
    assert len(settings.problems) == 6  # five values, and where the file as it was is kept
    assert settings.problems[-1].endswith("cp.ini.broken; the repaired settings are saved.")
    for key, value in [("rules/system", "3-9"), ("rules/bank", "7"), ("rules/royalty_table/top_trips", "-1"),
                       ("table/opponents", "five"), ("view/card_style", "pink")]:
        assert f"{key} = \u201c{value}\u201d" in joined
    assert settings.load() == settings.problems == []  # repaired once: quiet from now on


def test_the_environment_can_name_the_file(
    qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "env.ini"
    monkeypatch.setenv(SETTINGS_ENV, str(path))
    Settings().save(_custom())
    assert path.is_file()
    assert Settings().path == path


@pytest.mark.parametrize(("changes", "message"), [
    ({"opponents": 0}, "^opponents must be 1 to 3, got 0$"),
    ({"opponents": 4}, "^opponents must be 1 to 3, got 4$"),
    ({"bot": "clever"}, "^bot must be one of "), ({"solver_samples": 10}, "^solver_samples must be 100 to "),
    ({"language": "de"}, "^language must be one of "),
    ({"criss_cross": True, "opponents": 2}, "^Criss Cross is for two players: opponents must be 1, got 2$"),
    ({"card_style": "four-colour"}, "^card_style must be a CardStyle, got "),
])
def test_invalid_settings_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        TrainerSettings(**changes)  # type: ignore[arg-type]


def test_an_unreadable_file_gives_defaults_and_a_message(qapp: object, tmp_path: Path) -> None:
    path = tmp_path / "folder.ini"
    path.mkdir()  # a folder where the file should be: Qt cannot read or write it
    settings = Settings(path)
    assert settings.values == TrainerSettings()
    assert len(settings.problems) == 1 and "is not a regular file" in settings.problems[0]
    assert settings.save(_custom()) is False
    assert settings.values == _custom()  # in force for this run all the same
    assert any("cannot be saved" in p for p in settings.problems)
