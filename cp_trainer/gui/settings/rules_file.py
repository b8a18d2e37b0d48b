"""House-rules files and the window's settings: what a file puts into :class:`TrainerSettings`
and what the window writes to one (the Settings dialog's *Save/Load house rules…*, and
``cp-trainer gui --rules FILE``)."""

from __future__ import annotations

from cp_trainer.gui.settings.store import TrainerSettings
from cp_trainer.rules.house_rules import TieRule
from cp_trainer.rules.house_rules_file import RulesFile

__all__ = ["rules_file_of", "with_rules_file"]


def rules_file_of(values: TrainerSettings) -> RulesFile:
    """The part of the window's settings a house-rules file holds."""
    return RulesFile(values.house_rules, values.criss_cross)


def with_rules_file(values: TrainerSettings, rules_file: RulesFile) -> TrainerSettings:
    """``values`` playing by ``rules_file``: every house rule and Criss Cross from the file (Criss
    Cross seats one opponent; a bank seat seats enough bots to fill it), the table, solver and
    display as they were. Raises :class:`SettingsError` for rules that make no table (a Criss
    Cross bank beyond seat 1)."""
    opponents = 1 if rules_file.criss_cross else values.opponents
    if rules_file.rules.ties is TieRule.BANK and not rules_file.criss_cross:
        opponents = max(opponents, rules_file.rules.bank)  # the bank's seat is at the table
    return values.replace(house_rules=rules_file.rules, criss_cross=rules_file.criss_cross,
                          opponents=opponents)
