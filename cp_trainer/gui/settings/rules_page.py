"""The settings dialog's *House rules* tab: a control for every house rule the dialog edits.

:class:`HouseRulesPage` builds the controls (their ``objectName`` as the dialog's module lists
them), lays them out in three groups (Scoring; Surrender, royalties, naturals; Variants), words
them in the language in force (the dialog's translation context, ``SettingsDialog``), enables
each with the rule it depends on, and shows or reads a :class:`HouseRules`. The small helpers
that build and read the dialog's controls live here too, for both of its tabs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.translation import current_language
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule, rule_field

__all__ = ["HouseRulesPage", "auto_value", "combo", "form", "named", "select", "show_auto"]

# ``translate("SettingsDialog", ...)``: the texts belong to the dialog's translation context
# (pyside6-lupdate reads calls named ``translate`` with a literal context).
translate = QCoreApplication.translate

W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    widget.setObjectName(name)
    return widget


def combo(name: str, keys: tuple[object, ...]) -> QComboBox:
    """A combo box with an (untitled) item per key; the texts come with the language."""
    box = QComboBox()
    box.setObjectName(name)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    for key in keys:
        box.addItem("", key)
    return box


def rule_spin(name: str, rule: str) -> QSpinBox:
    """A spin box over the bounds of a whole-number house rule (its schema's); one that may be
    left "auto" (the system's own) gets one step below them, which shows "auto"."""
    field = rule_field(rule)
    spin = named(QSpinBox(), name)
    spin.setRange(int(field.low) - (1 if field.auto else 0), int(field.high))
    return spin


def auto_value(spin: QSpinBox) -> int | None:
    """A :func:`rule_spin`'s value: None on its "auto" step."""
    return None if spin.value() == spin.minimum() else spin.value()


def show_auto(spin: QSpinBox, value: int | None) -> None:
    spin.setValue(spin.minimum() if value is None else value)


def select(box: QComboBox, key: object) -> None:
    index = box.findData(key)
    box.setCurrentIndex(max(index, 0))


def form(rows: list[tuple[str, QWidget]], labels: dict[str, QLabel]) -> QFormLayout:
    """A form of ``rows`` (key, control): a check box on a row of its own, any other control
    beside a label (its buddy), kept in ``labels`` under the key for its text."""
    layout = QFormLayout()
    layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    for key, widget in rows:
        if isinstance(widget, QCheckBox):
            layout.addRow(widget)
        else:
            label = QLabel()
            label.setBuddy(widget)
            labels[key] = label
            layout.addRow(label, widget)
    return layout


class HouseRulesPage(QWidget):
    """The house rules' controls, laid out and worded; :meth:`set_rules` shows a
    :class:`HouseRules`, :meth:`rules` reads it back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesPage")
        # every choice and range is the house rule's own (its schema: cp_trainer.rules.house_rules)
        self.system_combo = combo("systemCombo", rule_field("system").choices)
        self.scoop_bonus_spin = rule_spin("scoopBonusSpin", "scoop_bonus")  # auto: the system's own
        self.ties_combo = combo("tiesCombo", rule_field("ties").choices)
        bank = rule_field("bank")
        self.bank_combo = combo("bankCombo", tuple(range(int(bank.low), int(bank.high) + 1)))
        self.ignore_fouls_check = named(QCheckBox(), "ignoreFoulsCheck")
        self.point_value_spin = named(QDoubleSpinBox(), "pointValueSpin")
        self.point_value_spin.setRange(rule_field("point_value").low, rule_field("point_value").high)
        self.point_value_spin.setDecimals(2)
        self.surrender_check = named(QCheckBox(), "surrenderCheck")
        self.surrender_cost_spin = rule_spin("surrenderCostSpin", "surrender_cost")  # auto: the system's
        self.royalties_check = named(QCheckBox(), "royaltiesCheck")
        self.royalties_better_check = named(QCheckBox(), "royaltiesBetterHandCheck")
        self.naturals_check = named(QCheckBox(), "naturalsCheck")
        self.natural_amount_spin = rule_spin("naturalAmountSpin", "natural_amount")  # auto: the scoop
        self.wheel_second_check = named(QCheckBox(), "wheelSecondCheck")
        self.low_middle_check = named(QCheckBox(), "lowMiddleCheck")
        self.criss_cross_check = named(QCheckBox(), "crissCrossCheck")
        for spin in (self.surrender_cost_spin, self.natural_amount_spin, self.point_value_spin,
                     self.scoop_bonus_spin):
            spin.setMinimumWidth(90)
        self._build_layout()

    def _build_layout(self) -> None:
        self.labels: dict[str, QLabel] = {}
        self.scoring_box = named(QGroupBox(), "scoringGroup")
        self.scoring_box.setLayout(form([
            ("system", self.system_combo), ("scoop_bonus", self.scoop_bonus_spin),
            ("ties", self.ties_combo), ("bank", self.bank_combo),
            ("ignore_fouls", self.ignore_fouls_check), ("point_value", self.point_value_spin),
        ], self.labels))
        self.extras_box = named(QGroupBox(), "extrasGroup")
        self.extras_box.setLayout(form([
            ("surrender", self.surrender_check), ("surrender_cost", self.surrender_cost_spin),
            ("royalties", self.royalties_check), ("royalties_better", self.royalties_better_check),
            ("naturals", self.naturals_check), ("natural_amount", self.natural_amount_spin),
        ], self.labels))
        self.variants_box = named(QGroupBox(), "variantsGroup")
        self.variants_box.setLayout(form([
            ("wheel_second", self.wheel_second_check), ("low_middle", self.low_middle_check),
            ("criss_cross", self.criss_cross_check),
        ], self.labels))
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(self.scoring_box)
        left.addWidget(self.variants_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.extras_box)
        right.addStretch(1)
        layout.addLayout(left)
        layout.addLayout(right)

    # --- texts -----------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Every text of the page in the current language."""
        self.scoring_box.setTitle(translate("SettingsDialog", "Scoring"))
        self.extras_box.setTitle(translate("SettingsDialog", "Surrender, royalties, naturals"))
        self.variants_box.setTitle(translate("SettingsDialog", "Variants"))
        labels = {
            "system": translate("SettingsDialog", "Scoring system:"),
            "ties": translate("SettingsDialog", "Tied rows:"),
            "bank": translate("SettingsDialog", "Bank:"),
            "point_value": translate("SettingsDialog", "Point value:"),
            "surrender_cost": translate("SettingsDialog", "Surrender cost:"),
            "natural_amount": translate("SettingsDialog", "Natural pays:"),
            "scoop_bonus": translate("SettingsDialog", "Scoop bonus:"),
        }
        for key, text in labels.items():
            self.labels[key].setText(text)
        self._retranslate_choices()
        self._retranslate_checks()
        tips = self._tips()
        for widget, tip in tips.items():
            widget.setToolTip(tip)
        for label in self.labels.values():
            label.setToolTip(tips.get(label.buddy(), ""))

    def _retranslate_choices(self) -> None:
        """The combo boxes' items, by the value each stands for."""
        names = {
            "2-4": translate("SettingsDialog", "2-4 (1 per row, +1 for two rows or more)"),
            "2-4-scoop": translate("SettingsDialog", "2-4, scoop only (+1 only for all three rows)"),
            "1-6": translate("SettingsDialog", "1-6 (1 per row, +3 for a scoop)"),
            "push": translate("SettingsDialog", "Push (a tied row scores nothing)"),
            "bank": translate("SettingsDialog", "The bank wins tied rows"),
        }
        for box in (self.system_combo, self.ties_combo):
            for i in range(box.count()):
                box.setItemText(i, names[box.itemData(i)])
        for i in range(self.bank_combo.count()):
            seat = self.bank_combo.itemData(i)
            text = (translate("SettingsDialog", "You") if seat == 0
                    else translate("SettingsDialog", "Opponent {n}").format(n=seat))
            self.bank_combo.setItemText(i, text)

    def _retranslate_checks(self) -> None:
        """The check boxes, and the spin boxes' numbers the language's way."""
        self.ignore_fouls_check.setText(translate(
            "SettingsDialog", "Ignore fouls (score fouled hands as they lie)"))
        self.surrender_check.setText(translate("SettingsDialog", "Surrender allowed"))
        self.royalties_check.setText(translate("SettingsDialog", "Royalties"))
        self.royalties_better_check.setText(translate("SettingsDialog", "Royalties to the better hand only"))
        self.naturals_check.setText(translate("SettingsDialog", "Naturals"))
        self.wheel_second_check.setText(translate(
            "SettingsDialog", "Wheel (A-2-3-4-5) is the second-highest straight"))
        self.low_middle_check.setText(translate(
            "SettingsDialog", "Low middle (the middle row plays 2-7 lowball)"))
        self.criss_cross_check.setText(translate(
            "SettingsDialog", "Criss Cross (two players, two hands each)"))
        # every number the language's way: "1.50" / "1,50"
        for spin in (self.point_value_spin, self.surrender_cost_spin, self.natural_amount_spin,
                     self.scoop_bonus_spin):
            spin.setLocale(QLocale(current_language()))

    def _tips(self) -> dict[QWidget, str]:
        """The page's tooltips."""
        return {
            self.system_combo: translate(
                "SettingsDialog", "How rows turn into points between each pair of players"),
            self.ties_combo: translate("SettingsDialog", "What happens when two rows are exactly equal"),
            self.bank_combo: translate(
                "SettingsDialog", "The player who wins tied rows when the bank takes ties"),
            self.ignore_fouls_check: translate(
                "SettingsDialog",
                "Off: a fouled hand loses to every legal hand as if scooped. "
                "On: fouled hands are scored row by row as they lie"),
            self.point_value_spin: translate("SettingsDialog", "What one point is worth in money"),
            self.surrender_check: translate(
                "SettingsDialog",
                "A player may give up a hand after setting it, for a fixed cost "
                "paid to each player still in"),
            self.surrender_cost_spin: translate(
                "SettingsDialog", "What surrendering costs per opponent; auto = 3 in 2-4, 4 in 1-6"),
            self.royalties_check: translate(
                "SettingsDialog",
                "Bonus points for strong rows (top trips, middle full house, "
                "four of a kind, straight flush...)"),
            self.royalties_better_check: translate(
                "SettingsDialog", "A royalty is paid only when its row also wins"),
            self.naturals_check: translate(
                "SettingsDialog",
                "Three straights, three flushes, six pairs or a dragon win at once, before showdown"),
            self.natural_amount_spin: translate(
                "SettingsDialog", "What a natural wins from each opponent; auto = the scoop amount"),
            self.wheel_second_check: translate(
                "SettingsDialog",
                "Off: A-2-3-4-5 is the lowest straight. On: it ranks just below T-J-Q-K-A"),
            self.low_middle_check: translate(
                "SettingsDialog",
                "The middle row plays 2-7 lowball (7-5-4-3-2 best); only bottom \u2265 top is required"),
            self.criss_cross_check: translate(
                "SettingsDialog",
                "Two players each set two 13-card hands; each hand settles against "
                "both of the opponent's. Needs exactly one opponent"),
            self.scoop_bonus_spin: translate(
                "SettingsDialog",
                "The extra for winning all three rows, 0 to 10; auto = the system's own "
                "(0 in 2-4, 1 in 2-4 scoop only, 3 in 1-6). A foul costs it too"),
        }

    # --- values ----------------------------------------------------------------------------

    def update_enabled(self, auto_points: Callable[[int], str]) -> None:
        """Each control enabled with the rule it depends on; each "auto" step says the value it
        stands for, worded by ``auto_points`` (``auto (3 points)``)."""
        self.bank_combo.setEnabled(self.ties_combo.currentData() == TieRule.BANK.value)
        self.surrender_cost_spin.setEnabled(self.surrender_check.isChecked())
        self.royalties_better_check.setEnabled(self.royalties_check.isChecked())
        self.natural_amount_spin.setEnabled(self.naturals_check.isChecked())
        system = ScoringSystem(self.system_combo.currentData())
        # what each spin box's "auto" stands for (a natural's: the scoop)
        rules = HouseRules(system=system, scoop_bonus=auto_value(self.scoop_bonus_spin))
        for spin, n in ((self.surrender_cost_spin, rules.effective_surrender_cost),
                        (self.natural_amount_spin, rules.effective_natural_amount),
                        (self.scoop_bonus_spin, system.scoop_bonus)):
            text = auto_points(n)
            spin.setSpecialValueText(text)
            # wide enough for its words (a squeezed dialog cut "авто (3 очка)" to "то (3 очка)"):
            # the text, the arrows and the frame
            arrows = spin.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 16
            spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance(text) + arrows)

    def set_rules(self, rules: HouseRules) -> None:
        """Show ``rules`` in the controls (Criss Cross is the table's: the dialog shows it)."""
        select(self.system_combo, rules.system.value)
        select(self.ties_combo, rules.ties.value)
        select(self.bank_combo, rules.bank)
        self.ignore_fouls_check.setChecked(rules.ignore_fouls)
        self.point_value_spin.setValue(rules.point_value)
        self.surrender_check.setChecked(rules.surrender)
        show_auto(self.surrender_cost_spin, rules.surrender_cost)
        self.royalties_check.setChecked(rules.royalties)
        self.royalties_better_check.setChecked(rules.royalties_better_hand_only)
        self.naturals_check.setChecked(rules.naturals)
        show_auto(self.natural_amount_spin, rules.natural_amount)
        show_auto(self.scoop_bonus_spin, rules.scoop_bonus)
        self.wheel_second_check.setChecked(rules.wheel_second)
        self.low_middle_check.setChecked(rules.low_middle)

    def rules(self, base: HouseRules) -> HouseRules:
        """``base`` with the rules the controls show (fields the page does not edit are kept)."""
        return base.replace(
            system=ScoringSystem(self.system_combo.currentData()),
            ties=TieRule(self.ties_combo.currentData()),
            bank=int(self.bank_combo.currentData()),
            ignore_fouls=self.ignore_fouls_check.isChecked(),
            point_value=self._point_value(base.point_value),
            surrender=self.surrender_check.isChecked(),
            surrender_cost=auto_value(self.surrender_cost_spin),
            royalties=self.royalties_check.isChecked(),
            royalties_better_hand_only=self.royalties_better_check.isChecked(),
            naturals=self.naturals_check.isChecked(),
            natural_amount=auto_value(self.natural_amount_spin),
            scoop_bonus=auto_value(self.scoop_bonus_spin),
            wheel_second=self.wheel_second_check.isChecked(),
            low_middle=self.low_middle_check.isChecked(),
        )

    def _point_value(self, kept: float) -> float:
        """The spin box's value; ``kept`` (a finer value from a rules file) while the box shows it."""
        spin = self.point_value_spin
        unchanged = spin.textFromValue(kept) == spin.textFromValue(spin.value())
        return kept if unchanged else round(spin.value(), 2)
