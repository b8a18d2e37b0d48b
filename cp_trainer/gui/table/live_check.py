"""The live check's pieces, shared by the table and the Drill: the banner (a foul, a legal hand,
or what is still to place) and each row's name as it forms, in the rules core's words.

The words keep the table's translation context (``TableWidget``): one translation for both pages.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QWidget

from cp_trainer.chinese.foul_words import foul_words, order_rule
from cp_trainer.gui.fitted import FittedLabel
from cp_trainer.gui.table.core_adapters import partial_hand_name
from cp_trainer.gui.table.models import Zone
from cp_trainer.gui.translation import fill
from cp_trainer.rules.arrangement import CheckResult, Outcome, Row
from cp_trainer.rules.arrangement_text import for_people, row_name
from cp_trainer.rules.cards import Card
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.support.i18n import tr_count

__all__ = ["ROW_OF_ZONE", "banner_words", "make_banner", "row_words", "show_banner"]

ROW_OF_ZONE = {Zone.TOP: Row.TOP, Zone.MIDDLE: Row.MIDDLE, Zone.BOTTOM: Row.BOTTOM}


def make_banner(parent: QWidget, lines: int = 3) -> FittedLabel:
    """The banner (styled by its ``state``: foul, legal, incomplete), ``lines`` of room kept."""
    banner = FittedLabel(parent, lines=lines)
    banner.setObjectName("foulBanner")
    # a short text (one line of a legal hand) in the middle of the room kept for the longest
    banner.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    banner.setProperty("state", "incomplete")
    return banner


def show_banner(banner: QLabel, state: str, text: str) -> None:
    banner.setText(text)
    if banner.property("state") != state:
        banner.setProperty("state", state)
        banner.style().unpolish(banner)
        banner.style().polish(banner)


def row_words(zone: Zone, cards: Sequence[Card], result: CheckResult, lang: str) -> str:
    """A row's name: its hand once full, else what it makes so far and how many cards it holds."""
    translate = QCoreApplication.translate
    info = result.complete_rows.get(ROW_OF_ZONE[zone])
    if info is not None:
        return for_people(row_name(info, lang))
    if not cards:
        if zone.capacity == 3:
            return translate("TableWidget", "empty: drop 3 cards here")
        return translate("TableWidget", "empty: drop 5 cards here")
    count = fill(translate("TableWidget", "%1 of %2 cards"), str(len(cards)), str(zone.capacity))
    so_far = partial_hand_name(cards, lang)
    if not so_far:
        return count
    return fill(translate("TableWidget", "%1 so far (%2)"), so_far, count)


def banner_words(result: CheckResult, rules: HouseRules, left: int, total: int, lang: str,
                 setting: bool = True) -> tuple[str, str]:
    """The banner's state (foul / legal / incomplete) and words for a hand being set (``left`` of
    its ``total`` cards still in the hand), or already set (``setting`` false)."""
    translate = QCoreApplication.translate
    order = order_rule(rules, lang)
    foul = foul_words(result, lang)  # every word of a foul the rules core's
    if foul is not None:
        return "foul", foul
    if result.outcome is Outcome.LEGAL:
        if setting:
            legal = translate("TableWidget", "Legal: the rows are in order (%1). Press Set hand when ready.")
        else:
            legal = translate("TableWidget", "Legal: the rows are in order (%1).")
        return "legal", fill(legal, order)
    if left == total:  # nothing placed yet: say what to do first
        text = translate("TableWidget", "Drag your cards from the hand below into the three rows (or "
                                        "double-click a card). The rows must go %1.")
        return "incomplete", fill(text, order)
    return "incomplete", tr_count("table.left_to_place", left, lang, n=str(left), order=order)
