"""The deal's table in a line: the house rules, the variants and the bots it is played under.

:func:`rules_parts` is the one wording of house rules (the table's line and the History's list:
all of them, or only those that are on). :func:`table_parts` names, in a few words each,
everything that makes one table differ from another: the scoring system, ties, royalties,
surrender, naturals, the variants (Criss Cross, low middle, the wheel ranking second, fouls
ignored), the point value and the bots.
:func:`table_line` joins them for the table's top line; :func:`table_changes` lists what the next
deal will play differently (the table shows a marker while there is any).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from cp_trainer.chinese.session import TableSetup
from cp_trainer.gui.numbers import number, points
from cp_trainer.gui.solver.bots import bot_label, bots_phrase
from cp_trainer.gui.translation import fill
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule

__all__ = ["SEPARATOR", "rules_parts", "rules_text", "table_changes", "table_line", "table_parts"]

SEPARATOR = " · "

def _system(rules: HouseRules) -> str:
    system = rules.system
    if system is ScoringSystem.TWO_FOUR_SCOOP:
        text = QCoreApplication.translate("TableRules", "2-4, scoop only")
    elif system is ScoringSystem.ONE_SIX:
        text = QCoreApplication.translate("TableRules", "1-6")
    else:
        text = QCoreApplication.translate("TableRules", "2-4")
    bonus = rules.scoop_bonus
    if bonus is None or bonus == system.scoop_bonus:
        return text
    return fill(QCoreApplication.translate("TableRules", "%1, scoop bonus %2"), text, str(bonus))


def _ties(rules: HouseRules) -> str:
    if rules.ties is TieRule.PUSH:
        return QCoreApplication.translate("TableRules", "ties push")
    if rules.bank == 0:
        return QCoreApplication.translate("TableRules", "ties to you (the bank)")
    return fill(QCoreApplication.translate("TableRules", "ties to bot %1 (the bank)"), str(rules.bank))


def _bots(setup: TableSetup, lang: str) -> str:
    if setup.criss_cross:
        return fill(QCoreApplication.translate("TableRules", "1 %1 bot, two hands each"),
                    bot_label(setup.bot_at(1)))
    return bots_phrase(setup.seated_bots, lang)


def rules_parts(rules: HouseRules, *, only_on: bool = False) -> dict[str, str]:
    """The house rules by name (``system``, ``ties``, ``royalties``, ``surrender``, ``naturals``,
    ``variants``, ``money``), a few words each in the current language: the one wording of house
    rules for the table's line and the History's list. ``only_on`` names only the rules that are
    on (the History's short label: no "no royalties"); otherwise also the ones that are off. A
    part that names nothing is empty."""
    if not rules.royalties:
        royalties = "" if only_on else QCoreApplication.translate("TableRules", "no royalties")
    elif rules.royalties_better_hand_only:
        royalties = QCoreApplication.translate("TableRules", "royalties (to the better hand)")
    else:
        royalties = QCoreApplication.translate("TableRules", "royalties")
    if rules.surrender:
        surrender = fill(QCoreApplication.translate("TableRules", "surrender for %1"),
                         points(rules.effective_surrender_cost))
    else:
        surrender = "" if only_on else QCoreApplication.translate("TableRules", "no surrender")
    if rules.naturals:
        naturals = QCoreApplication.translate("TableRules", "naturals")
    else:
        naturals = "" if only_on else QCoreApplication.translate("TableRules", "no naturals")
    variants = []
    if rules.low_middle:
        variants.append(QCoreApplication.translate("TableRules", "low middle"))
    if rules.wheel_second:
        variants.append(QCoreApplication.translate("TableRules", "wheel second"))
    if rules.ignore_fouls:
        variants.append(QCoreApplication.translate("TableRules", "fouls not scored"))
    money = ""
    if rules.stakes is not None:
        money = QCoreApplication.translate("TableRules", "stakes per seat")
    elif rules.point_value != 1:
        money = fill(QCoreApplication.translate("TableRules", "1 point = %1"), number(rules.point_value))
    return {"system": _system(rules), "ties": _ties(rules), "royalties": royalties,
            "surrender": surrender, "naturals": naturals, "variants": ", ".join(variants),
            "money": money}


def rules_text(rules: HouseRules, *, only_on: bool = False, separator: str = SEPARATOR) -> str:
    """:func:`rules_parts` in one line."""
    parts = rules_parts(rules, only_on=only_on)
    return separator.join(parts[key] for key in ("system", "ties", "variants", "royalties", "surrender",
                                                  "naturals", "money") if parts[key])


def table_parts(setup: TableSetup, *, only_on: bool = False) -> dict[str, str]:
    """The table's features by name (``system``, ``bots``, ``variants``, ``ties``, ``royalties``,
    ``surrender``, ``naturals``, ``money``), each a few words in the current language;
    ``variants`` and ``money`` are empty when the table has none (and, with ``only_on``, the
    rules that are off: see :func:`rules_parts`)."""
    rules = rules_parts(setup.rules, only_on=only_on)
    variants = [QCoreApplication.translate("TableRules", "Criss Cross")] if setup.criss_cross else []
    if rules["variants"]:
        variants.append(rules["variants"])
    # the order of the line: what changes the game most first (a narrow window cuts its end)
    return {"system": rules["system"], "bots": _bots(setup, setup.lang), "variants": ", ".join(variants),
            "ties": rules["ties"], "royalties": rules["royalties"], "surrender": rules["surrender"],
            "naturals": rules["naturals"], "money": rules["money"]}


def table_line(setup: TableSetup, *, only_on: bool = False) -> str:
    """The table in one line: "2-4 · 2 greedy bots · ties push · no royalties · no surrender · no
    naturals" (the variants, when there are, after the bots; the point value last); with
    ``only_on`` the short form a narrow window shows: "2-4 · 2 greedy bots · ties push"."""
    return SEPARATOR.join(part for part in table_parts(setup, only_on=only_on).values() if part)


def table_changes(now: TableSetup, next_: TableSetup) -> list[str]:
    """What the next deal plays differently from this one, as the next deal's words (empty when
    nothing differs; the language is no rule)."""
    if now.same_table(next_):
        return []
    before, after = table_parts(now), table_parts(next_)
    changes = [after[key] for key in after if after[key] != before[key] and after[key]]
    gone = [before[key] for key in before if before[key] and not after[key]]
    changes.extend(fill(QCoreApplication.translate("TableRules", "not %1"), text) for text in gone)
    if not changes:  # a difference the line does not name (a royalty amount, a stake)
        changes.append(QCoreApplication.translate("TableRules", "other house rules"))
    return changes
