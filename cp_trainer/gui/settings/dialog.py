"""The settings dialog: every house rule of RULES.md, the table, the solver, the look, the language.

    dialog = SettingsDialog(settings.values, parent)
    if dialog.exec():
        settings.save(dialog.values())

Or simply ``SettingsDialog.edit(settings, parent)``. Every control has an ``objectName``
(``systemCombo``, ``tiesCombo``, ``bankCombo``, ``ignoreFoulsCheck``, ``surrenderCheck``,
``surrenderCostSpin``, ``royaltiesCheck``, ``royaltiesBetterHandCheck``, ``naturalsCheck``,
``naturalAmountSpin``, ``pointValueSpin``, ``wheelSecondCheck``, ``lowMiddleCheck``,
``crissCrossCheck``, ``opponentsSpin``, ``botCombo``, ``samplesSpin``, ``timeBudgetSpin``,
``cardStyleCombo``, ``languageCombo``, ``buttonBox``, ``saveRulesButton``, ``loadRulesButton``)
and a tooltip; texts follow the language at runtime. OK is refused, with a message in
``problemLabel``, while the settings do not make a table (:meth:`problem`). *Save house rules…*
writes the rules the dialog shows to a TOML file (:mod:`cp_trainer.rules.house_rules_file`; the file
dialog asks before replacing a file); *Load house rules…* shows a file's rules in the controls
(kept on OK) or, for a bad file, says why and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.settings.rules_file import rules_file_of, with_rules_file
from cp_trainer.gui.settings.store import (
    BOTS,
    MAX_OPPONENTS,
    MAX_SAMPLES,
    MAX_TIME_BUDGET,
    MIN_SAMPLES,
    Settings,
    SettingsError,
    TrainerSettings,
)
from cp_trainer.gui.translation import current_language, follow_language
from cp_trainer.rules.bot_names import DEFAULT_FOUL_RATE, BotChoice, BotName
from cp_trainer.rules.cards import Card
from cp_trainer.rules.house_rules import HouseRules, ScoringSystem, TieRule, rule_field
from cp_trainer.rules.house_rules_file import RulesFileError, read_rules_file, write_rules_file

__all__ = ["SettingsDialog"]

_PREVIEW_HEIGHT = 64
_SAME = ""  # a seat's bot combo: the same bot as seat 1
_LANGUAGE_NAMES = (("en", "English"), ("ru", "Русский"))  # each in its own language: never translated


W = TypeVar("W", bound=QWidget)


def _named(widget: W, name: str) -> W:
    widget.setObjectName(name)
    return widget


def _combo(name: str, keys: tuple[object, ...]) -> QComboBox:
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    for key in keys:
        combo.addItem("", key)
    return combo


def _rule_spin(name: str, rule: str) -> QSpinBox:
    """A spin box over the bounds of a whole-number house rule (its schema's); one that may be
    left "auto" (the system's own) gets one step below them, which shows "auto"."""
    field = rule_field(rule)
    spin = _named(QSpinBox(), name)
    spin.setRange(int(field.low) - (1 if field.auto else 0), int(field.high))
    return spin


def _auto_value(spin: QSpinBox) -> int | None:
    """A :func:`_rule_spin`'s value: None on its "auto" step."""
    return None if spin.value() == spin.minimum() else spin.value()


def _show_auto(spin: QSpinBox, value: int | None) -> None:
    spin.setValue(spin.minimum() if value is None else value)


def _select(combo: QComboBox, key: object) -> None:
    index = combo.findData(key)
    combo.setCurrentIndex(max(index, 0))


class SettingsDialog(QDialog):
    """Edits a :class:`TrainerSettings`; ``values()`` reads the controls back."""

    def __init__(self, values: TrainerSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self._retranslate)
        self.setObjectName("settingsDialog")
        self._base = values if values is not None else TrainerSettings()

        self._build_rules_controls()
        self._build_table_controls()
        self._build_look_controls()
        self._build_buttons()
        self.problem_label = _named(QLabel(), "problemLabel")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b00020;")
        self.problem_label.hide()

        self._build_layout()
        for signal in (self.ties_combo.currentIndexChanged, self.surrender_check.toggled,
                       self.royalties_check.toggled, self.naturals_check.toggled,
                       self.criss_cross_check.toggled, self.system_combo.currentIndexChanged,
                       self.opponents_spin.valueChanged, self.scoop_bonus_spin.valueChanged,
                       *(c.currentIndexChanged for c in self.seat_bot_combos)):
            signal.connect(self._update_enabled)
        self.set_values(self._base)
        self._retranslate()

    # --- controls --------------------------------------------------------------------------

    def _build_rules_controls(self) -> None:
        """The house rules' controls."""
        # every choice and range is the house rule's own (its schema: cp_trainer.rules.house_rules)
        self.system_combo = _combo("systemCombo", rule_field("system").choices)
        self.scoop_bonus_spin = _rule_spin("scoopBonusSpin", "scoop_bonus")  # auto: the system's own
        self.ties_combo = _combo("tiesCombo", rule_field("ties").choices)
        bank = rule_field("bank")
        self.bank_combo = _combo("bankCombo", tuple(range(int(bank.low), int(bank.high) + 1)))
        self.ignore_fouls_check = _named(QCheckBox(), "ignoreFoulsCheck")
        self.point_value_spin = _named(QDoubleSpinBox(), "pointValueSpin")
        self.point_value_spin.setRange(rule_field("point_value").low, rule_field("point_value").high)
        self.point_value_spin.setDecimals(2)
        self.surrender_check = _named(QCheckBox(), "surrenderCheck")
        self.surrender_cost_spin = _rule_spin("surrenderCostSpin", "surrender_cost")  # auto: the system's
        self.royalties_check = _named(QCheckBox(), "royaltiesCheck")
        self.royalties_better_check = _named(QCheckBox(), "royaltiesBetterHandCheck")
        self.naturals_check = _named(QCheckBox(), "naturalsCheck")
        self.natural_amount_spin = _rule_spin("naturalAmountSpin", "natural_amount")  # auto: the scoop
        self.wheel_second_check = _named(QCheckBox(), "wheelSecondCheck")
        self.low_middle_check = _named(QCheckBox(), "lowMiddleCheck")
        self.criss_cross_check = _named(QCheckBox(), "crissCrossCheck")

    def _build_table_controls(self) -> None:
        """The table's and the solver's controls: opponents, each seat's bot, the solver's effort."""
        self.opponents_spin = _named(QSpinBox(), "opponentsSpin")
        self.opponents_spin.setRange(1, MAX_OPPONENTS)
        self.bot_combo = _combo("botCombo", BOTS)  # seat 1, and the other seats' combos
        # seats 2 and 3 first offer "as seat 1" (key ""): one choice above plays every seat
        self.seat_bot_combos = (self.bot_combo, _combo("bot2Combo", (_SAME, *BOTS)),
                                _combo("bot3Combo", (_SAME, *BOTS)))
        self.foul_rate_spin = _named(QDoubleSpinBox(), "foulRateSpin")
        self.foul_rate_spin.setRange(0.0, 100.0)
        self.foul_rate_spin.setDecimals(1)
        self.foul_rate_spin.setSingleStep(5.0)
        self.samples_spin = _named(QSpinBox(), "samplesSpin")
        self.samples_spin.setRange(MIN_SAMPLES, MAX_SAMPLES)
        self.samples_spin.setSingleStep(500)
        self.samples_spin.setGroupSeparatorShown(True)
        self.time_budget_spin = _named(QDoubleSpinBox(), "timeBudgetSpin")
        self.time_budget_spin.setRange(0.0, MAX_TIME_BUDGET)
        self.time_budget_spin.setDecimals(1)
        self.time_budget_spin.setSingleStep(0.5)
        for spin in (self.opponents_spin, self.surrender_cost_spin, self.natural_amount_spin,
                     self.point_value_spin, self.scoop_bonus_spin, self.foul_rate_spin):
            spin.setMinimumWidth(90)

    def _build_look_controls(self) -> None:
        """Card style, language and animations."""
        self.card_style_combo = _combo("cardStyleCombo", tuple(s.value for s in CardStyle))
        self.card_preview = _named(QLabel(), "cardStylePreview")
        self.card_style_combo.currentIndexChanged.connect(self._update_preview)
        self.language_combo = _named(QComboBox(), "languageCombo")
        self.animations_check = _named(QCheckBox(), "animationsCheck")
        for code, name in _LANGUAGE_NAMES:
            self.language_combo.addItem(name, code)

    def _build_buttons(self) -> None:
        """OK, Cancel, Restore Defaults, and saving or loading the rules as a file."""
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.setObjectName("buttonBox")
        for button in self.buttons.buttons():
            # the style gave OK and Cancel icons and no other button one: none, as everywhere
            button.setIcon(QIcon())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setObjectName("restoreDefaultsButton")
        restore.clicked.connect(self.restore_defaults)
        self.save_rules_button = _named(QPushButton(), "saveRulesButton")
        self.load_rules_button = _named(QPushButton(), "loadRulesButton")
        for button, handler in ((self.save_rules_button, self.save_rules_file),
                                (self.load_rules_button, self.load_rules_file)):
            button.setAutoDefault(False)
            # beside Restore Defaults, away from OK and Cancel: like it, they fill the controls
            self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ResetRole)
            button.clicked.connect(handler)

    # --- layout ----------------------------------------------------------------------------

    def _build_layout(self) -> None:
        self._labels: dict[str, QLabel] = {}

        def form(rows: list[tuple[str, QWidget]]) -> QFormLayout:
            layout = QFormLayout()
            layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
            for key, widget in rows:
                if isinstance(widget, QCheckBox):
                    layout.addRow(widget)
                else:
                    label = QLabel()
                    label.setBuddy(widget)
                    self._labels[key] = label
                    layout.addRow(label, widget)
            return layout

        self._scoring_box = _named(QGroupBox(), "scoringGroup")
        self._scoring_box.setLayout(form([
            ("system", self.system_combo), ("scoop_bonus", self.scoop_bonus_spin),
            ("ties", self.ties_combo), ("bank", self.bank_combo),
            ("ignore_fouls", self.ignore_fouls_check), ("point_value", self.point_value_spin),
        ]))
        self._extras_box = _named(QGroupBox(), "extrasGroup")
        self._extras_box.setLayout(form([
            ("surrender", self.surrender_check), ("surrender_cost", self.surrender_cost_spin),
            ("royalties", self.royalties_check), ("royalties_better", self.royalties_better_check),
            ("naturals", self.naturals_check), ("natural_amount", self.natural_amount_spin),
        ]))
        self._variants_box = _named(QGroupBox(), "variantsGroup")
        self._variants_box.setLayout(form([
            ("wheel_second", self.wheel_second_check), ("low_middle", self.low_middle_check),
            ("criss_cross", self.criss_cross_check),
        ]))
        rules_page = _named(QWidget(), "rulesPage")
        rules_layout = QHBoxLayout(rules_page)
        left = QVBoxLayout()
        left.addWidget(self._scoring_box)
        left.addWidget(self._variants_box)
        left.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self._extras_box)
        right.addStretch(1)
        rules_layout.addLayout(left)
        rules_layout.addLayout(right)

        self._table_box = _named(QGroupBox(), "tableGroup")
        self._table_box.setLayout(form([
            ("opponents", self.opponents_spin), ("bot", self.bot_combo),
            ("bot2", self.seat_bot_combos[1]), ("bot3", self.seat_bot_combos[2]),
            ("foul_rate", self.foul_rate_spin), ("samples", self.samples_spin),
            ("time_budget", self.time_budget_spin),
        ]))
        self._view_box = _named(QGroupBox(), "viewGroup")
        view_form = form([("card_style", self.card_style_combo), ("language", self.language_combo),
                          ("animations", self.animations_check)])
        view_form.insertRow(1, "", self.card_preview)
        self._view_box.setLayout(view_form)
        table_page = _named(QWidget(), "tablePage")
        table_layout = QVBoxLayout(table_page)
        table_layout.addWidget(self._table_box)
        table_layout.addWidget(self._view_box)
        table_layout.addStretch(1)

        self.tabs = _named(QTabWidget(), "settingsTabs")
        self.tabs.addTab(rules_page, "")
        self.tabs.addTab(table_page, "")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)

    # --- texts -----------------------------------------------------------------------------

    def _retranslate(self) -> None:
        """Every text of the dialog in the current language, one group at a time."""
        self._retranslate_titles()
        self._retranslate_labels()
        self._retranslate_choices()
        self._retranslate_checks()
        self._retranslate_tips()
        self._retranslate_buttons()
        self._update_enabled()
        # Hidden tab pages keep size hints computed for the old texts: recompute them all.
        for layout in self.findChildren(QLayout):
            layout.invalidate()

    def _retranslate_titles(self) -> None:
        self.setWindowTitle(self.tr("Settings"))
        self.tabs.setTabText(0, self.tr("House rules"))
        self.tabs.setTabText(1, self.tr("Table and display"))
        self.tabs.setTabToolTip(0, self.tr("How hands are scored: the house rules of the table"))
        self.tabs.setTabToolTip(1, self.tr("Opponents, the bot, the solver, card style and language"))
        self._scoring_box.setTitle(self.tr("Scoring"))
        self._extras_box.setTitle(self.tr("Surrender, royalties, naturals"))
        self._variants_box.setTitle(self.tr("Variants"))
        self._table_box.setTitle(self.tr("Table and solver"))
        self._view_box.setTitle(self.tr("Display"))

    def _retranslate_labels(self) -> None:
        labels = {
            "system": self.tr("Scoring system:"),
            "ties": self.tr("Tied rows:"),
            "bank": self.tr("Bank:"),
            "point_value": self.tr("Point value:"),
            "surrender_cost": self.tr("Surrender cost:"),
            "natural_amount": self.tr("Natural pays:"),
            "opponents": self.tr("Opponents:"),
            "bot": self.tr("Bot, seat 1:"),
            "bot2": self.tr("Bot, seat 2:"),
            "bot3": self.tr("Bot, seat 3:"),
            "foul_rate": self.tr("Newcomer fouls:"),
            "scoop_bonus": self.tr("Scoop bonus:"),
            "samples": self.tr("Solver samples:"),
            "time_budget": self.tr("Solver time budget:"),
            "card_style": self.tr("Card style:"),
            "language": self.tr("Language:"),
        }
        for key, text in labels.items():
            self._labels[key].setText(text)

    def _retranslate_choices(self) -> None:
        """The combo boxes' items, by the value each stands for."""
        names = {
            "2-4": self.tr("2-4 (1 per row, +1 for two rows or more)"),
            "2-4-scoop": self.tr("2-4, scoop only (+1 only for all three rows)"),
            "1-6": self.tr("1-6 (1 per row, +3 for a scoop)"),
            "push": self.tr("Push (a tied row scores nothing)"),
            "bank": self.tr("The bank wins tied rows"),
            "greedy": self.tr("Greedy (strongest bottom first)"),
            "standard": self.tr("Standard (maximises expected points)"),
            "expert": self.tr("Expert (Monte-Carlo solver; slow)"),
            "scoop-chaser": self.tr("Scoop-chaser (plays for winning all three rows)"),
            "pair-on-top": self.tr("Pair-on-top (the best pair that fits goes on top)"),
            "newcomer": self.tr("Newcomer (standard, but fouls now and then)"),
            _SAME: self.tr("The same as seat 1"),
            "two-colour": self.tr("Two colours (red and black)"),
            "four-colour": self.tr("Four colours (♠ black, ♥ red, ♦ blue, ♣ green)"),
        }
        for combo in (self.system_combo, self.ties_combo, *self.seat_bot_combos, self.card_style_combo):
            for i in range(combo.count()):
                combo.setItemText(i, names[combo.itemData(i)])
        for i in range(self.bank_combo.count()):
            seat = self.bank_combo.itemData(i)
            text = self.tr("You") if seat == 0 else self.tr("Opponent {n}").format(n=seat)
            self.bank_combo.setItemText(i, text)

    def _retranslate_checks(self) -> None:
        """The check boxes, the spin boxes' units and their numbers the language's way."""
        self.ignore_fouls_check.setText(self.tr("Ignore fouls (score fouled hands as they lie)"))
        self.surrender_check.setText(self.tr("Surrender allowed"))
        self.royalties_check.setText(self.tr("Royalties"))
        self.royalties_better_check.setText(self.tr("Royalties to the better hand only"))
        self.naturals_check.setText(self.tr("Naturals"))
        self.wheel_second_check.setText(self.tr("Wheel (A-2-3-4-5) is the second-highest straight"))
        self.low_middle_check.setText(self.tr("Low middle (the middle row plays 2-7 lowball)"))
        self.criss_cross_check.setText(self.tr("Criss Cross (two players, two hands each)"))
        self.animations_check.setText(self.tr("Animate the cards (deal, moves, reveal)"))
        self.samples_spin.setSuffix(self.tr(" deals"))
        self.time_budget_spin.setSuffix(self.tr(" s"))
        self.foul_rate_spin.setSuffix(self.tr("% of hands"))
        # every number the language's way: "2,000 deals" / "2 000 раздач", "1.50" / "1,50"
        for spin in (self.point_value_spin, self.surrender_cost_spin, self.natural_amount_spin,
                     self.opponents_spin, self.samples_spin, self.time_budget_spin, self.scoop_bonus_spin,
                     self.foul_rate_spin):
            spin.setLocale(QLocale(current_language()))

    def _rules_tips(self) -> dict[QWidget, str]:
        """The house rules tab's tooltips."""
        return {
            self.system_combo: self.tr("How rows turn into points between each pair of players"),
            self.ties_combo: self.tr("What happens when two rows are exactly equal"),
            self.bank_combo: self.tr("The player who wins tied rows when the bank takes ties"),
            self.ignore_fouls_check: self.tr(
                "Off: a fouled hand loses to every legal hand as if scooped. "
                "On: fouled hands are scored row by row as they lie"),
            self.point_value_spin: self.tr("What one point is worth in money"),
            self.surrender_check: self.tr(
                "A player may give up a hand after setting it, for a fixed cost "
                "paid to each player still in"),
            self.surrender_cost_spin: self.tr(
                "What surrendering costs per opponent; auto = 3 in 2-4, 4 in 1-6"),
            self.royalties_check: self.tr(
                "Bonus points for strong rows (top trips, middle full house, "
                "four of a kind, straight flush...)"),
            self.royalties_better_check: self.tr("A royalty is paid only when its row also wins"),
            self.naturals_check: self.tr(
                "Three straights, three flushes, six pairs or a dragon win at once, before showdown"),
            self.natural_amount_spin: self.tr(
                "What a natural wins from each opponent; auto = the scoop amount"),
            self.wheel_second_check: self.tr(
                "Off: A-2-3-4-5 is the lowest straight. On: it ranks just below T-J-Q-K-A"),
            self.low_middle_check: self.tr(
                "The middle row plays 2-7 lowball (7-5-4-3-2 best); only bottom \u2265 top is required"),
            self.criss_cross_check: self.tr(
                "Two players each set two 13-card hands; each hand settles against "
                "both of the opponent's. Needs exactly one opponent"),
        }

    def _table_tips(self) -> dict[QWidget, str]:
        """The table and display tab's tooltips."""
        return {
            self.opponents_spin: self.tr("How many bots sit at the table (1 to 3)"),
            self.bot_combo: self.tr(
                "How the bot in seat 1 sets its hands; the solver plays against the bots seated"),
            self.seat_bot_combos[1]: self.tr(
                "How the bot in seat 2 sets its hands (with 2 opponents or more)"),
            self.seat_bot_combos[2]: self.tr("How the bot in seat 3 sets its hands (with 3 opponents)"),
            self.foul_rate_spin: self.tr(
                "How often a newcomer fouls: the same hand at the same seat always fouls or never does"),
            self.scoop_bonus_spin: self.tr(
                "The extra for winning all three rows, 0 to 10; auto = the system's own "
                "(0 in 2-4, 1 in 2-4 scoop only, 3 in 1-6). A foul costs it too"),
            self.samples_spin: self.tr(
                "How many random deals the solver tries at least: more is more accurate and slower"),
            self.time_budget_spin: self.tr(
                "How long the solver may go on with more deals until the best arrangement stands "
                "out from the others (or they are equally good); 0: only the deals above"),
            self.card_style_combo: self.tr(
                "Four colours tell suits apart by colour as well as by shape"),
            self.language_combo: self.tr("The language of the trainer"),
            self.animations_check: self.tr(
                "On: the cards are dealt one by one, glide to their slot and the bots' rows turn over. "
                "Off: every change shows at once"),
            self.card_preview: self.tr("How the cards look in the chosen style"),
        }

    def _retranslate_tips(self) -> None:
        tips = self._rules_tips() | self._table_tips()
        for widget, tip in tips.items():
            widget.setToolTip(tip)
        for label in self._labels.values():
            buddy = label.buddy()
            label.setToolTip(tips.get(buddy, ""))

    def _retranslate_buttons(self) -> None:
        self.buttons.setToolTip(self.tr(
            "OK keeps the changes, Cancel drops them, Restore Defaults resets every setting"))
        self.save_rules_button.setText(self.tr("Save house rules…"))
        self.save_rules_button.setToolTip(self.tr(
            "Write the house rules shown here to a file, to share the table's rules"))
        self.load_rules_button.setText(self.tr("Load house rules…"))
        self.load_rules_button.setToolTip(self.tr(
            "Show the house rules of a file here (kept only if you then press OK)"))
        box = QDialogButtonBox.StandardButton
        for which, tip in ((box.Ok, self.tr("Keep the changes and play by them.")),
                           (box.Cancel, self.tr("Close without changing anything.")),
                           (box.RestoreDefaults, self.tr("Put every setting back to its default "
                                                         "(kept only if you then press OK)."))):
            button = self.buttons.button(which)
            if button is not None:
                button.setToolTip(tip)

    # --- values ----------------------------------------------------------------------------

    def _update_preview(self) -> None:
        """Four cards, one per suit, in the chosen style."""
        style = CardStyle(self.card_style_combo.currentData())
        renderer = CardRenderer(style)
        dpr = self.devicePixelRatioF()
        size = card_size(_PREVIEW_HEIGHT)
        gap = 4
        strip = QPixmap(round((4 * size.width() + 3 * gap) * dpr), round(size.height() * dpr))
        strip.setDevicePixelRatio(dpr)
        strip.fill(Qt.GlobalColor.transparent)
        painter = QPainter(strip)
        for i, text in enumerate(("As", "Kh", "Qd", "Jc")):
            painter.drawPixmap(i * (size.width() + gap), 0, renderer.pixmap(Card.parse(text), size, dpr))
        painter.end()
        self.card_preview.setPixmap(strip)

    def _update_enabled(self) -> None:
        self.bank_combo.setEnabled(self.ties_combo.currentData() == TieRule.BANK.value)
        self.surrender_cost_spin.setEnabled(self.surrender_check.isChecked())
        self.royalties_better_check.setEnabled(self.royalties_check.isChecked())
        self.natural_amount_spin.setEnabled(self.naturals_check.isChecked())
        if self.criss_cross_check.isChecked():
            self.opponents_spin.setValue(1)
        self.opponents_spin.setEnabled(not self.criss_cross_check.isChecked())
        opponents = 1 if self.criss_cross_check.isChecked() else self.opponents_spin.value()
        for seat, combo in enumerate(self.seat_bot_combos[1:], start=2):
            combo.setEnabled(opponents >= seat)
        self.foul_rate_spin.setEnabled(any(
            self._seat_key(i) == BotName.NEWCOMER.value for i in range(opponents)))
        system = ScoringSystem(self.system_combo.currentData())
        # what each spin box's "auto" stands for (a natural's: the scoop)
        rules = HouseRules(system=system, scoop_bonus=_auto_value(self.scoop_bonus_spin))
        # with its unit, in the right plural: "auto (3 points)" / "авто (3 очка)"
        for spin, n in ((self.surrender_cost_spin, rules.effective_surrender_cost),
                        (self.natural_amount_spin, rules.effective_natural_amount),
                        (self.scoop_bonus_spin, system.scoop_bonus)):
            text = self._auto_points(n)
            spin.setSpecialValueText(text)
            # wide enough for its words (a squeezed dialog cut "авто (3 очка)" to "то (3 очка)"):
            # the text, the arrows and the frame
            arrows = spin.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 16
            spin.setMinimumWidth(spin.fontMetrics().horizontalAdvance(text) + arrows)

    def _auto_points(self, n: int) -> str:
        """``auto (3 points)`` / ``авто (3 очка)``: the default with its unit, in the right plural
        (English is the source language and has no catalog for the plural's "(s)")."""
        text = self.tr("auto (%n point(s))", "", n)
        return text.replace("point(s)", "point" if n == 1 else "points")

    def set_values(self, values: TrainerSettings) -> None:
        """Show ``values`` in the controls."""
        self._base = values
        rules = values.house_rules
        _select(self.system_combo, rules.system.value)
        _select(self.ties_combo, rules.ties.value)
        _select(self.bank_combo, rules.bank)
        self.ignore_fouls_check.setChecked(rules.ignore_fouls)
        self.point_value_spin.setValue(rules.point_value)
        self.surrender_check.setChecked(rules.surrender)
        _show_auto(self.surrender_cost_spin, rules.surrender_cost)
        self.royalties_check.setChecked(rules.royalties)
        self.royalties_better_check.setChecked(rules.royalties_better_hand_only)
        self.naturals_check.setChecked(rules.naturals)
        _show_auto(self.natural_amount_spin, rules.natural_amount)
        _show_auto(self.scoop_bonus_spin, rules.scoop_bonus)
        self.wheel_second_check.setChecked(rules.wheel_second)
        self.low_middle_check.setChecked(rules.low_middle)
        self.criss_cross_check.setChecked(values.criss_cross)
        self.opponents_spin.setValue(values.opponents)
        seated = [values.bot_at(seat) for seat in range(1, len(self.seat_bot_combos) + 1)]
        for combo, choice in zip(self.seat_bot_combos, seated, strict=True):
            same = combo is not self.bot_combo and choice == seated[0]
            _select(combo, _SAME if same else choice.name.value)
        rate = next((b.foul_rate for b in seated if b.name is BotName.NEWCOMER), DEFAULT_FOUL_RATE)
        self.foul_rate_spin.setValue(100 * rate)
        self.samples_spin.setValue(values.solver_samples)
        self.time_budget_spin.setValue(values.solver_time_budget)
        _select(self.card_style_combo, values.card_style.value)
        _select(self.language_combo, values.language)
        self.animations_check.setChecked(values.animations)
        self._update_enabled()
        self._update_preview()

    def values(self) -> TrainerSettings:
        """The settings the controls show (house-rule fields the dialog does not edit are kept)."""
        rules = self._base.house_rules.replace(
            system=ScoringSystem(self.system_combo.currentData()),
            ties=TieRule(self.ties_combo.currentData()),
            bank=int(self.bank_combo.currentData()),
            ignore_fouls=self.ignore_fouls_check.isChecked(),
            point_value=self._point_value(),
            surrender=self.surrender_check.isChecked(),
            surrender_cost=_auto_value(self.surrender_cost_spin),
            royalties=self.royalties_check.isChecked(),
            royalties_better_hand_only=self.royalties_better_check.isChecked(),
            naturals=self.naturals_check.isChecked(),
            natural_amount=_auto_value(self.natural_amount_spin),
            scoop_bonus=_auto_value(self.scoop_bonus_spin),
            wheel_second=self.wheel_second_check.isChecked(),
            low_middle=self.low_middle_check.isChecked(),
        )
        criss_cross = self.criss_cross_check.isChecked()
        seated = tuple(self._seat_bot(i) for i in range(len(self.seat_bot_combos)))
        return self._base.replace(
            house_rules=rules,
            opponents=1 if criss_cross else self.opponents_spin.value(),
            bot=seated[0],
            seat_bots=seated if len(set(seated)) > 1 else (),
            solver_samples=self.samples_spin.value(),
            solver_time_budget=round(self.time_budget_spin.value(), 1),
            card_style=CardStyle(self.card_style_combo.currentData()),
            language=str(self.language_combo.currentData()),
            criss_cross=criss_cross,
            animations=self.animations_check.isChecked(),
        )

    def _seat_key(self, index: int) -> str:
        """The bot key seat ``index + 1``'s combo stands for (seat 1's when it says "the same")."""
        key = str(self.seat_bot_combos[index].currentData())
        return str(self.bot_combo.currentData()) if key == _SAME else key

    def _seat_bot(self, index: int) -> BotChoice:
        """The bot seat ``index + 1``'s combo stands for; a newcomer with the rate the spin box
        shows (a finer one from the settings file is kept while the box shows it)."""
        name = BotName(self._seat_key(index))
        if name is not BotName.NEWCOMER:
            return BotChoice(name)
        spin = self.foul_rate_spin
        kept = next((b.foul_rate for b in (self._base.bot, *self._base.seat_bots)
                     if b.name is BotName.NEWCOMER), DEFAULT_FOUL_RATE)
        if spin.textFromValue(100 * kept) == spin.textFromValue(spin.value()):
            return BotChoice(name, kept)
        return BotChoice(name, round(spin.value() / 100, 3))

    def problem(self) -> str | None:
        """Why the controls do not make a table, in the user's language, or None: the settings are
        checked as a whole (the bank must be a player at the table)."""
        opponents = 1 if self.criss_cross_check.isChecked() else self.opponents_spin.value()
        bank = int(self.bank_combo.currentData())
        if self.ties_combo.currentData() == TieRule.BANK.value and bank > opponents:
            return self.tr("{bank} does not sit at this table ({players} players): choose a bank among "
                           "the players, or more opponents.").format(
                bank=self.bank_combo.currentText(), players=opponents + 1)
        try:
            self.values()
        except SettingsError as exc:
            return str(exc)
        return None

    def accept(self) -> None:
        """Close with OK only on settings that make a table; otherwise say why and stay open."""
        problem = self.problem()
        if problem is not None:
            self.problem_label.setText(problem)
            self.problem_label.show()
            return
        self.problem_label.hide()
        super().accept()

    def _point_value(self) -> float:
        """The spin box's value; a finer value from a rules file is kept while the box shows it."""
        spin, kept = self.point_value_spin, self._base.house_rules.point_value
        unchanged = spin.textFromValue(kept) == spin.textFromValue(spin.value())
        return kept if unchanged else round(spin.value(), 2)

    # --- house-rules files -----------------------------------------------------------------

    def _file_filter(self) -> str:
        return self.tr("House rules (*.toml);;All files (*)")

    def _file_problem(self, title: str, error: RulesFileError) -> None:
        QMessageBox.warning(self, title, "\n".join(error.problems))

    def save_rules_file(self) -> bool:
        """Ask where, then write the house rules the dialog shows. The file dialog asks before
        replacing a file; a name typed without ".toml" gets it, and is never replaced unasked."""
        title = self.tr("Save house rules")
        problem = self.problem()
        if problem is not None:  # the controls make no table: nothing to save yet
            QMessageBox.warning(self, title, problem)
            return False
        path, _ = QFileDialog.getSaveFileName(self, title, "", self._file_filter())
        if not path:
            return False
        confirmed = True  # the file dialog confirmed replacing this very name
        if not Path(path).suffix:
            path, confirmed = path + ".toml", False
        try:
            write_rules_file(path, rules_file_of(self.values()), replace=confirmed,
                             lang=current_language())
        except RulesFileError as exc:
            self._file_problem(title, exc)
            return False
        return True

    def load_rules_file(self) -> bool:
        """Ask for a file and show its house rules in the controls; a bad file changes nothing."""
        title = self.tr("Load house rules")
        path, _ = QFileDialog.getOpenFileName(self, title, "", self._file_filter())
        if not path:
            return False
        try:
            rules_file = read_rules_file(path, current_language())
        except RulesFileError as exc:
            self._file_problem(title, exc)
            return False
        try:
            values = with_rules_file(self.values(), rules_file)
        except SettingsError as exc:  # rules that make no table with these settings
            QMessageBox.warning(self, title, str(exc))
            return False
        self.set_values(values)
        return True

    def restore_defaults(self) -> None:
        """Reset every control to the default settings (the language stays as chosen)."""
        self.set_values(TrainerSettings(language=str(self.language_combo.currentData())))

    @classmethod
    def edit(cls, settings: Settings, parent: QWidget | None = None) -> bool:
        """Show the dialog modally on ``settings``; on OK save the edits. Returns whether saved."""
        dialog = cls(settings.values, parent)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            settings.save(dialog.values())
            return True
        finally:
            dialog.deleteLater()  # by Qt, not by the garbage collector later
