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

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLayout,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.pixmaps import CardRenderer, card_size
from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.settings.rules_file import rules_file_of, with_rules_file
from cp_trainer.gui.settings.rules_page import HouseRulesPage, combo, form, named, select
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
from cp_trainer.rules.house_rules import TieRule
from cp_trainer.rules.house_rules_file import RulesFileError, read_rules_file, write_rules_file

__all__ = ["SettingsDialog"]

_PREVIEW_HEIGHT = 64
_SAME = ""  # a seat's bot combo: the same bot as seat 1
_LANGUAGE_NAMES = (("en", "English"), ("ru", "Русский"))  # each in its own language: never translated


class SettingsDialog(QDialog):
    """Edits a :class:`TrainerSettings`; ``values()`` reads the controls back."""

    def __init__(self, values: TrainerSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_language(self, self._retranslate)
        self.setObjectName("settingsDialog")
        self._base = values if values is not None else TrainerSettings()

        self.rules_page = HouseRulesPage()
        self._build_rules_controls()
        self._build_table_controls()
        self._build_look_controls()
        self._build_buttons()
        self.problem_label = named(QLabel(), "problemLabel")
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
        """The house rules' controls, the rules page's, under the dialog's names for them."""
        page = self.rules_page
        self.system_combo, self.scoop_bonus_spin = page.system_combo, page.scoop_bonus_spin
        self.ties_combo, self.bank_combo = page.ties_combo, page.bank_combo
        self.ignore_fouls_check, self.point_value_spin = page.ignore_fouls_check, page.point_value_spin
        self.surrender_check, self.surrender_cost_spin = page.surrender_check, page.surrender_cost_spin
        self.royalties_check, self.royalties_better_check = page.royalties_check, page.royalties_better_check
        self.naturals_check, self.natural_amount_spin = page.naturals_check, page.natural_amount_spin
        self.wheel_second_check, self.low_middle_check = page.wheel_second_check, page.low_middle_check
        self.criss_cross_check = page.criss_cross_check

    def _build_table_controls(self) -> None:
        """The table's and the solver's controls: opponents, each seat's bot, the solver's effort."""
        self.opponents_spin = named(QSpinBox(), "opponentsSpin")
        self.opponents_spin.setRange(1, MAX_OPPONENTS)
        self.bot_combo = combo("botCombo", BOTS)  # seat 1, and the other seats' combos
        # seats 2 and 3 first offer "as seat 1" (key ""): one choice above plays every seat
        self.seat_bot_combos = (self.bot_combo, combo("bot2Combo", (_SAME, *BOTS)),
                                combo("bot3Combo", (_SAME, *BOTS)))
        self.foul_rate_spin = named(QDoubleSpinBox(), "foulRateSpin")
        self.foul_rate_spin.setRange(0.0, 100.0)
        self.foul_rate_spin.setDecimals(1)
        self.foul_rate_spin.setSingleStep(5.0)
        self.samples_spin = named(QSpinBox(), "samplesSpin")
        self.samples_spin.setRange(MIN_SAMPLES, MAX_SAMPLES)
        self.samples_spin.setSingleStep(500)
        self.samples_spin.setGroupSeparatorShown(True)
        self.time_budget_spin = named(QDoubleSpinBox(), "timeBudgetSpin")
        self.time_budget_spin.setRange(0.0, MAX_TIME_BUDGET)
        self.time_budget_spin.setDecimals(1)
        self.time_budget_spin.setSingleStep(0.5)
        for spin in (self.opponents_spin, self.foul_rate_spin):
            spin.setMinimumWidth(90)

    def _build_look_controls(self) -> None:
        """Card style, language and animations."""
        self.card_style_combo = combo("cardStyleCombo", tuple(s.value for s in CardStyle))
        self.card_preview = named(QLabel(), "cardStylePreview")
        self.card_style_combo.currentIndexChanged.connect(self._update_preview)
        self.language_combo = named(QComboBox(), "languageCombo")
        self.animations_check = named(QCheckBox(), "animationsCheck")
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
        self.save_rules_button = named(QPushButton(), "saveRulesButton")
        self.load_rules_button = named(QPushButton(), "loadRulesButton")
        for button, handler in ((self.save_rules_button, self.save_rules_file),
                                (self.load_rules_button, self.load_rules_file)):
            button.setAutoDefault(False)
            # beside Restore Defaults, away from OK and Cancel: like it, they fill the controls
            self.buttons.addButton(button, QDialogButtonBox.ButtonRole.ResetRole)
            button.clicked.connect(handler)

    # --- layout ----------------------------------------------------------------------------

    def _build_layout(self) -> None:
        self._labels: dict[str, QLabel] = {}
        self._table_box = named(QGroupBox(), "tableGroup")
        self._table_box.setLayout(form([
            ("opponents", self.opponents_spin), ("bot", self.bot_combo),
            ("bot2", self.seat_bot_combos[1]), ("bot3", self.seat_bot_combos[2]),
            ("foul_rate", self.foul_rate_spin), ("samples", self.samples_spin),
            ("time_budget", self.time_budget_spin),
        ], self._labels))
        self._view_box = named(QGroupBox(), "viewGroup")
        view_form = form([("card_style", self.card_style_combo), ("language", self.language_combo),
                          ("animations", self.animations_check)], self._labels)
        view_form.insertRow(1, "", self.card_preview)
        self._view_box.setLayout(view_form)
        table_page = named(QWidget(), "tablePage")
        table_layout = QVBoxLayout(table_page)
        table_layout.addWidget(self._table_box)
        table_layout.addWidget(self._view_box)
        table_layout.addStretch(1)

        self.tabs = named(QTabWidget(), "settingsTabs")
        self.tabs.addTab(self.rules_page, "")
        self.tabs.addTab(table_page, "")
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.problem_label)
        layout.addWidget(self.buttons)

    # --- texts -----------------------------------------------------------------------------

    def _retranslate(self) -> None:
        """Every text of the dialog in the current language, one group at a time."""
        self.rules_page.retranslate()
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
        self._table_box.setTitle(self.tr("Table and solver"))
        self._view_box.setTitle(self.tr("Display"))

    def _retranslate_labels(self) -> None:
        labels = {
            "opponents": self.tr("Opponents:"),
            "bot": self.tr("Bot, seat 1:"),
            "bot2": self.tr("Bot, seat 2:"),
            "bot3": self.tr("Bot, seat 3:"),
            "foul_rate": self.tr("Newcomer fouls:"),
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
        for box in (*self.seat_bot_combos, self.card_style_combo):
            for i in range(box.count()):
                box.setItemText(i, names[box.itemData(i)])

    def _retranslate_checks(self) -> None:
        """The check box, the spin boxes' units and their numbers the language's way."""
        self.animations_check.setText(self.tr("Animate the cards (deal, moves, reveal)"))
        self.samples_spin.setSuffix(self.tr(" deals"))
        self.time_budget_spin.setSuffix(self.tr(" s"))
        self.foul_rate_spin.setSuffix(self.tr("% of hands"))
        # every number the language's way: "2,000 deals" / "2 000 раздач"
        for spin in (self.opponents_spin, self.samples_spin, self.time_budget_spin, self.foul_rate_spin):
            spin.setLocale(QLocale(current_language()))

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
        tips = self._table_tips()
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
        """Each control enabled with what it depends on: the rules page's, the seats' bots."""
        self.rules_page.update_enabled(self._auto_points)
        if self.criss_cross_check.isChecked():
            self.opponents_spin.setValue(1)
        self.opponents_spin.setEnabled(not self.criss_cross_check.isChecked())
        opponents = 1 if self.criss_cross_check.isChecked() else self.opponents_spin.value()
        for seat, box in enumerate(self.seat_bot_combos[1:], start=2):
            box.setEnabled(opponents >= seat)
        self.foul_rate_spin.setEnabled(any(
            self._seat_key(i) == BotName.NEWCOMER.value for i in range(opponents)))

    def _auto_points(self, n: int) -> str:
        """``auto (3 points)`` / ``авто (3 очка)``: the default with its unit, in the right plural
        (English is the source language and has no catalog for the plural's "(s)")."""
        text = self.tr("auto (%n point(s))", "", n)
        return text.replace("point(s)", "point" if n == 1 else "points")

    def set_values(self, values: TrainerSettings) -> None:
        """Show ``values`` in the controls."""
        self._base = values
        self.rules_page.set_rules(values.house_rules)
        self.criss_cross_check.setChecked(values.criss_cross)
        self.opponents_spin.setValue(values.opponents)
        seated = [values.bot_at(seat) for seat in range(1, len(self.seat_bot_combos) + 1)]
        for box, choice in zip(self.seat_bot_combos, seated, strict=True):
            same = box is not self.bot_combo and choice == seated[0]
            select(box, _SAME if same else choice.name.value)
        rate = next((b.foul_rate for b in seated if b.name is BotName.NEWCOMER), DEFAULT_FOUL_RATE)
        self.foul_rate_spin.setValue(100 * rate)
        self.samples_spin.setValue(values.solver_samples)
        self.time_budget_spin.setValue(values.solver_time_budget)
        select(self.card_style_combo, values.card_style.value)
        select(self.language_combo, values.language)
        self.animations_check.setChecked(values.animations)
        self._update_enabled()
        self._update_preview()

    def values(self) -> TrainerSettings:
        """The settings the controls show (house-rule fields the dialog does not edit are kept)."""
        rules = self.rules_page.rules(self._base.house_rules)
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
