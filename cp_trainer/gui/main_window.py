"""The trainer window: the table, the solver beside it, and the menus.

``MainWindow(settings, seed=..., deal=...)`` opens on a new deal (the given 13 cards, or a shuffled
deck; with a seed every deal of the session is reproducible). Menus: Game (new deal, settings,
quit), Edit (undo, redo), View (the four-colour deck, also a toggle at the menu bar's right end),
Language (English / Русский, switched live) and Help (rules summary, hand rankings). The solver
panel and every card grow with the window. The window remembers its size; everything else lives
in :class:`Settings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QKeySequence,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QHBoxLayout,
    QMainWindow,
    QMenuBar,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from cp_trainer.gui.cards.models import BoardModel
from cp_trainer.gui.cards.pixmaps import CardRenderer
from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.gui.help_text import open_help, rankings_html, rules_html
from cp_trainer.gui.settings.store import Settings, TrainerSettings
from cp_trainer.gui.shortcuts import add_close_shortcuts, redo_keys, undo_keys
from cp_trainer.gui.solver.bridge import SolverQuestion
from cp_trainer.gui.solver.panel import SolverPanel
from cp_trainer.gui.status_bar import ElidingStatusBar
from cp_trainer.gui.style import STYLE_SHEET, readable_placeholders
from cp_trainer.gui.table.controller import Phase, Showdown, TableSetup, TrainerController
from cp_trainer.gui.table.widget import TableWidget
from cp_trainer.gui.translation import (
    TranslationError,
    current_language,
    fill,
    follow_language,
    install_language,
)
from cp_trainer.gui.window_fit import MIN_SIZE, PANEL_WIDTH, WindowFit
from cp_trainer.rules.arrangement import Arrangement
from cp_trainer.rules.cards import Card
from cp_trainer.support.i18n import LANGUAGES

if TYPE_CHECKING:  # Pai Gow's page (and NumPy under it) loads when it is first shown
    from cp_trainer.gui.drill.page import DrillPage
    from cp_trainer.gui.paigow.window import PaiGowHistory, PaiGowPage

__all__ = ["MainWindow"]

LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
def _setup_of(values: TrainerSettings) -> TableSetup:
    return TableSetup(rules=values.house_rules, opponents=values.opponents, bot=values.bot,
                      lang=current_language(), criss_cross=values.criss_cross, seat_bots=values.seat_bots)


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings, *, seed: int | None = None,
                 deal: Sequence[Card] | None = None, opponents: int | None = None,
                 data_dir: str | None = None) -> None:
        super().__init__()
        follow_language(self, self.retranslate)
        self.setObjectName("mainWindow")
        self.settings = settings
        values = settings.values
        if opponents is not None and opponents != values.opponents:
            # more than one bot: not Criss Cross; fewer: the bank's seat may be gone
            values = values.with_opponents(opponents)
        self.values = values
        self.renderer = CardRenderer(values.card_style)
        self.controller = TrainerController.create(_setup_of(values), seed=seed, parent=self)
        self.deal_model = self.controller.deal
        self.table = TableWidget(self.controller, self.renderer, self)
        self.table.set_animated(values.animations)
        self.solver_panel = SolverPanel(self.renderer, self)
        self.solver_panel.setFixedWidth(PANEL_WIDTH)
        self._seed = seed
        self._settings_note = ""  # the status bar's note that new settings wait for the next deal
        self._build_pages()
        self._build_status_bar()
        self._connect_table()
        self._build_menus()
        self._install_features(settings, data_dir)
        self.retranslate()
        self._placed = False  # the first show fits the frame to the screen (keep_on_screen)
        self.fit.first_geometry(settings)
        self.controller.new_deal(deal)
        if settings.problems:
            QTimer.singleShot(0, self._report_settings_problems)

    # --- building -----------------------------------------------------------------------------

    def _build_pages(self) -> None:
        """The Chinese-poker page (the replay bar over the table and the solver panel) in the
        window's stack of pages; Pai Gow's page joins it once it is asked for."""
        body = QWidget(self)
        body.setObjectName("felt")
        layout = QHBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.table, 1)
        scroll = QScrollArea(body)
        scroll.setObjectName("solverScroll")
        scroll.setWidget(self.solver_panel)
        scroll.setWidgetResizable(True)
        scroll.setFixedWidth(PANEL_WIDTH + 16)
        self.solver_scroll = scroll
        self.fit = WindowFit(self, self.table, self.solver_panel, scroll)
        # a click on the panel (Cancel, the answer) leaves the keys on the cards, as the table's
        # buttons do; Tab still reaches both
        scroll.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.solver_panel.cancel_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(scroll)
        from cp_trainer.gui.practice.replay import install_replay  # a past hand on the table

        self.replay = install_replay(self, self.controller, self.table, self.solver_panel)
        self.chinese_page = QWidget(self)
        self.chinese_page.setObjectName("chinesePage")
        central_layout = QVBoxLayout(self.chinese_page)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.replay.bar)
        central_layout.addWidget(body, 1)
        # One window, two games: the Chinese-poker table, and Pai Gow's page once it is asked for.
        self.pages = QStackedWidget(self)
        self.pages.setObjectName("pages")
        self.pages.addWidget(self.chinese_page)
        self.paigow: PaiGowPage | None = None
        self.paigow_history: PaiGowHistory | None = None
        self.setCentralWidget(self.pages)
        self.setStyleSheet(STYLE_SHEET)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            readable_placeholders(app)  # the table mode's hints, and every other empty field's
        self.setMinimumSize(MIN_SIZE)

    def _build_status_bar(self) -> None:
        self.setStatusBar(ElidingStatusBar(self))  # a long message ends in "…", whole in its tooltip
        self.statusBar().setObjectName("statusBar")  # made now, so a first message moves nothing
        # The session score lives at the right of the status bar: always in view, never crowded out.
        # the deal's table (house rules, variants, bots) and the next deal's marker: always in view
        self.statusBar().addPermanentWidget(self.table.rules_label)
        self.statusBar().addPermanentWidget(self.table.next_rules_label)
        self.statusBar().addPermanentWidget(self.table.score_label)

    def _connect_table(self) -> None:
        self.table.hintRequested.connect(self.hint)
        self.table.statusMessage.connect(self.statusBar().showMessage)
        self.solver_panel.playRequested.connect(self._play_solver)
        self.controller.dealt.connect(self.solver_panel.reset)
        self.controller.dealt.connect(self._clear_settings_note)  # it spoke of the deal now gone
        # Criss Cross: hand 1 is set, hand 2 is on the table; the panel forgets hand 1's answer
        self.controller.handLocked.connect(self._hand_locked)
        self.controller.showdownReady.connect(self._after_showdown)
        self.solver_panel.answered.connect(self.controller.record_verdict)  # the history's verdicts
        self.controller.phaseChanged.connect(self._phase_changed)
        self.deal_model.changed.connect(self._update_actions)

    def _phase_changed(self, _phase: object) -> None:
        self._update_actions()

    def _install_features(self, settings: Settings, data_dir: str | None) -> None:
        """Practice (history, lessons), the teaching table and the Drill, each in its menu."""
        from cp_trainer.gui.practice.install import (
            install_practice,  # Practice menu + history recorder
        )

        self.practice = install_practice(self, self.controller, self.replay,
                                         self.help_menu, lambda: self.values.house_rules, data_dir,
                                         settings.qsettings)
        from cp_trainer.gui.teaching import install_teaching  # Game -> Host a teaching table…

        self.teaching = install_teaching(self, self.game_menu, self.settings_action,
                                         lambda: self.values.house_rules,
                                         lambda: self.practice.recorder.writer)
        from cp_trainer.gui.drill.window import install_drill  # Practice -> Drill...

        # results are written by the recorder's writer thread; the History window follows its signal
        self.drill = install_drill(self, self.renderer, self.pages, history=self.practice.recorder.store,
                                   data_dir=data_dir, write=self.practice.recorder.writer.add_drill_results,
                                   seed=self._seed)
        self.drill.action.triggered.connect(self.show_drill)
        self.game_group.addAction(self.drill.action)

    # --- menus --------------------------------------------------------------------------------

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self._build_game_menu(bar)
        self._build_other_menus(bar)

    def _build_game_menu(self, bar: QMenuBar) -> None:
        self.game_menu = bar.addMenu("")
        self.deal_action = QAction(self)
        self.deal_action.setShortcut(QKeySequence.StandardKey.New)
        self.deal_action.triggered.connect(self.new_deal)
        self.set_action = QAction(self)
        self.set_action.setShortcut(QKeySequence("Ctrl+Return"))
        self.set_action.triggered.connect(self.set_hand)
        self.settings_action = QAction(self)
        self.settings_action.setShortcut(QKeySequence.StandardKey.Preferences)
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self.edit_settings)
        self.quit_action = QAction(self)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.chinese_action = QAction(self)
        self.chinese_action.setObjectName("chineseAction")
        self.chinese_action.setShortcut(QKeySequence("Ctrl+1"))
        self.chinese_action.triggered.connect(self.show_chinese)
        self.paigow_action = QAction(self)
        self.paigow_action.setObjectName("paigowAction")
        self.paigow_action.setShortcut(QKeySequence("Ctrl+2"))
        self.paigow_action.triggered.connect(self.show_paigow)
        self.game_group = QActionGroup(self)
        for a in (self.chinese_action, self.paigow_action):
            a.setCheckable(True)
            self.game_group.addAction(a)
            self.game_menu.addAction(a)
        self.chinese_action.setChecked(True)
        self.game_menu.addSeparator()
        for a in (self.deal_action, self.set_action):
            self.game_menu.addAction(a)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.settings_action)
        self.game_menu.addSeparator()
        self.game_menu.addAction(self.quit_action)

    def _build_other_menus(self, bar: QMenuBar) -> None:
        """The Edit, View, Language and Help menus, and the four-colour button of the menu bar."""
        self.edit_menu = bar.addMenu("")
        self.undo_action = QAction(self)
        self.undo_action.setObjectName("undoAction")
        self.undo_action.setShortcuts(undo_keys())
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction(self)
        self.redo_action.setObjectName("redoAction")
        self.redo_action.setShortcuts(redo_keys())
        self.redo_action.triggered.connect(self.redo)
        self.edit_menu.addAction(self.undo_action)
        self.edit_menu.addAction(self.redo_action)

        self.view_menu = bar.addMenu("")
        self.four_colour_action = QAction(self)
        self.four_colour_action.setObjectName("fourColourAction")
        self.four_colour_action.setCheckable(True)
        self.four_colour_action.setChecked(self.values.card_style is CardStyle.FOUR_COLOUR)
        self.four_colour_action.setShortcut(QKeySequence("Ctrl+4"))
        self.four_colour_action.toggled.connect(self.set_four_colour)
        self.view_menu.addAction(self.four_colour_action)
        # one click away: the same toggle at the right end of the menu bar
        self.four_colour_button = QToolButton(bar)
        self.four_colour_button.setObjectName("fourColourButton")
        self.four_colour_button.setDefaultAction(self.four_colour_action)
        self.four_colour_button.setAutoRaise(True)
        bar.setCornerWidget(self.four_colour_button, Qt.Corner.TopRightCorner)

        self.language_menu = bar.addMenu("")
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for lang in LANGUAGES:
            action = QAction(LANGUAGE_NAMES.get(lang, lang), self)
            action.setCheckable(True)
            action.setChecked(lang == current_language())
            action.setObjectName(f"language_{lang}")
            action.triggered.connect(lambda _checked=False, lang=lang: self.set_language(lang))
            self.language_group.addAction(action)
            self.language_menu.addAction(action)
            self.language_actions[lang] = action

        self.help_menu = bar.addMenu("")
        self.rules_action = QAction(self)
        self.rules_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.rules_action.triggered.connect(lambda: self.show_help("rules"))
        self.rankings_action = QAction(self)
        self.rankings_action.triggered.connect(lambda: self.show_help("rankings"))
        self.help_menu.addAction(self.rules_action)
        self.help_menu.addAction(self.rankings_action)

    def retranslate(self) -> None:
        self.fit.fit_cards()  # the titles beside the rows are as wide as their words
        if self.paigow is not None and self.pages.currentWidget() is self.paigow:
            self.setWindowTitle(self.tr("cp-trainer — Pai Gow Poker"))
        elif self._drill_shown() is not None:
            self.setWindowTitle(self.tr("cp-trainer — Drill"))
        else:
            self.setWindowTitle(self.tr("cp-trainer — closed Chinese poker"))
        self.game_menu.setTitle(self.tr("&Game"))
        self.chinese_action.setText(self.tr("&Chinese poker"))
        self.chinese_action.setToolTip(self.tr("Closed Chinese poker against the bots."))
        self.paigow_action.setText(self.tr("&Pai Gow Poker"))
        self.paigow_action.setToolTip(self.tr("Practise Pai Gow Poker against a house-way dealer."))
        self.deal_action.setText(self.tr("&New deal"))
        self.deal_action.setToolTip(self.tr("Deal 13 new cards to you and to each bot."))
        self.set_action.setText(self.tr("&Set hand"))
        self.settings_action.setText(self.tr("Se&ttings…"))
        self.settings_action.setToolTip(self.tr("House rules, opponents, bot, solver, cards and language."))
        self.quit_action.setText(self.tr("&Quit"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.view_menu.setTitle(self.tr("&View"))
        self.four_colour_action.setText(self.tr("&Four-colour deck"))
        self.four_colour_action.setToolTip(self.tr(
            "Diamonds blue and clubs green, so that no two suits share a colour (Ctrl+4). Off: the classic "
            "red and black."))
        self.language_menu.setTitle(self.tr("&Language"))
        self.help_menu.setTitle(self.tr("&Help"))
        self._update_actions()
        self.rules_action.setText(self.tr("&Rules summary"))
        self.rankings_action.setText(self.tr("Hand &rankings"))
        self.solver_panel.retranslate()
        self.replay.retranslate()

    # --- the two games ----------------------------------------------------------------------------

    def _paigow_shown(self) -> PaiGowPage | None:
        return self.paigow if self.paigow is not None and self.pages.currentWidget() is self.paigow else None

    def _drill_shown(self) -> DrillPage | None:
        if self.drill.container is None or self.pages.currentWidget() is not self.drill.container:
            return None
        return self.drill.page

    def show_drill(self) -> DrillPage:
        """The Drill, on its own page of this window (made on first use); Ctrl+1 brings the table back."""
        first = self.drill.page is None
        page, container = self.drill.ensure_page()
        if first:
            page.deal.changed.connect(self._update_actions)
            page.graded.connect(lambda _record: self._update_actions())
        self.pages.setCurrentWidget(container)
        self.drill.action.setChecked(True)
        self._show_table_status(False)
        self.retranslate()
        page.focus_cards()
        return page

    def show_chinese(self) -> None:
        """The Chinese-poker table (the Pai Gow page keeps its deal for later)."""
        self.pages.setCurrentWidget(self.chinese_page)
        self.chinese_action.setChecked(True)
        self.statusBar().addPermanentWidget(self.table.score_label)
        self._show_table_status(True)
        self.retranslate()

    def _clear_settings_note(self) -> None:
        """Take down the note that new settings wait for the next deal (shown by
        :meth:`apply_settings`): it speaks of the deal on the table, not of a new one or of
        another page. Any other message stays."""
        if self._settings_note and self.statusBar().currentMessage() == self._settings_note:
            self.statusBar().clearMessage()
        self._settings_note = ""

    def _show_table_status(self, shown: bool) -> None:
        """The status bar's score and table line belong to the Chinese-poker table."""
        if not shown:
            self._clear_settings_note()
        self.table.score_label.setVisible(shown)
        self.table.rules_label.setVisible(shown)
        self.table.show_table_rules()

    def show_paigow(self) -> PaiGowPage:
        """Pai Gow Poker, on its own page of this window (made on first use)."""
        if self.paigow is None:
            from cp_trainer.gui.paigow.window import PaiGowHistory, PaiGowPage

            self.paigow = PaiGowPage(self.renderer, self.pages, seed=self._seed)
            self.paigow.tab.motion.enabled = self.values.animations
            self.pages.addWidget(self.paigow)
            self.paigow_history = PaiGowHistory(self.paigow.tab, self.practice.recorder)
            deal = self.paigow.tab.deal
            deal.changed.connect(self._update_actions)
            self.paigow.tab.settled.connect(lambda _s: self._update_actions())
        self.pages.setCurrentWidget(self.paigow)
        self.paigow_action.setChecked(True)
        self._show_table_status(False)
        self.retranslate()
        return self.paigow

    def new_deal(self) -> None:
        drill = self._drill_shown()
        if drill is not None:
            drill.next_hand()
            return
        page = self._paigow_shown()
        if page is not None:
            page.tab.new_deal()
        else:
            self.controller.new_deal()
        self._update_actions()

    def set_hand(self) -> None:
        drill = self._drill_shown()
        if drill is not None:
            drill.enter()
            return
        page = self._paigow_shown()
        if page is not None:
            page.tab.set_hand()
        else:
            self.table.set_hand()

    def undo(self) -> None:
        drill = self._drill_shown()
        if drill is not None:
            drill.undo()
            return
        page = self._paigow_shown()
        (page.tab.deal if page is not None else self.deal_model).undo()

    def redo(self) -> None:
        drill = self._drill_shown()
        if drill is not None:
            drill.redo()
            return
        page = self._paigow_shown()
        (page.tab.deal if page is not None else self.deal_model).redo()

    def _update_actions(self) -> None:
        """Game and Edit follow the game shown: Set hand only when the cards are all placed, Undo
        only while arranging (never after the showdown)."""
        page = self._paigow_shown()
        drill = self._drill_shown()
        if drill is not None:
            deal: BoardModel[Any, Any] = drill.deal
            self.set_action.setEnabled(True)  # Enter: grade, or the next hand after a grade
        elif page is not None:
            deal = page.tab.deal
            self.set_action.setEnabled(page.tab.game.can_set())
        else:
            deal = self.deal_model
            self.set_action.setEnabled(self.controller.can_set())
        self.undo_action.setEnabled(deal.can_undo())
        self.redo_action.setEnabled(deal.can_redo())
        undo, redo = deal.undo_text(), deal.redo_text()
        self.undo_action.setText(fill(self.tr("&Undo %1"), undo) if undo else self.tr("&Undo"))
        self.redo_action.setText(fill(self.tr("&Redo %1"), redo) if redo else self.tr("&Redo"))

    # --- language -----------------------------------------------------------------------------

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang`` now and remember it."""
        try:
            code = install_language(QApplication.instance(), lang)
        except TranslationError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            return
        self.language_actions[code].setChecked(True)
        self.controller.set_language(code)
        if self.values.language != code:
            self.values = self.values.replace(language=code)
            self.settings.save(self.settings.values.replace(language=code))
        # Widgets re-set their own texts on QEvent.LanguageChange; the core's texts follow here.
        self.table.retranslate()
        self.retranslate()

    # --- settings -----------------------------------------------------------------------------

    def set_four_colour(self, on: bool) -> None:
        """The four-colour deck on or off, now and in the saved settings (View menu, or the toggle at
        the menu bar's right end)."""
        style = CardStyle.FOUR_COLOUR if on else CardStyle.TWO_COLOUR
        if self.four_colour_action.isChecked() != on:
            self.four_colour_action.setChecked(on)  # calls back here once
            return
        if self.values.card_style is style and self.renderer.style is style:
            return
        self.values = self.values.replace(card_style=style)
        self.settings.save(self.settings.values.replace(card_style=style))
        self._restyle_cards(style)

    def _restyle_cards(self, style: CardStyle) -> None:
        self.renderer.style = style
        self.renderer.clear_cache()
        self.table.repaint_cards()
        self.solver_panel.repaint_cards()
        for view in self.findChildren(QAbstractItemView):
            view.viewport().update()

    def edit_settings(self) -> None:
        from cp_trainer.gui.settings.dialog import SettingsDialog

        dialog = SettingsDialog(self.settings.values, self)
        add_close_shortcuts(dialog)
        try:
            if dialog.exec() == QDialog.DialogCode.Accepted:
                self.apply_settings(dialog.values())
        finally:
            # After exec() PySide no longer ties the dialog's Python side to its parent: deleted
            # here, by Qt, not by the garbage collector at some later moment.
            dialog.deleteLater()

    def apply_settings(self, values: TrainerSettings) -> None:
        """Save ``values`` and play by them: the look now, the table (house rules, bots, opponents,
        Criss Cross) from the next deal, always."""
        self.settings.save(values)
        self.values = values
        self._restyle_cards(values.card_style)
        self.four_colour_action.setChecked(values.card_style is CardStyle.FOUR_COLOUR)
        pending = self.controller.change_setup(TableSetup(values.house_rules, values.opponents, values.bot,
                                                          self.controller.setup.lang, values.criss_cross,
                                                          values.seat_bots))
        if values.language != current_language():
            self.set_language(values.language)
        self.table.set_animated(values.animations)
        if self.paigow is not None:
            self.paigow.tab.motion.enabled = values.animations
        self.table.show_table_rules()  # "● From the next deal: …" while this deal plays by others
        if pending and self.controller.phase is Phase.SETTING:
            note = self.tr("The new settings (house rules, bots, opponents, Criss Cross) apply from the "
                           "next deal; this deal is played to the end as it was dealt.")
            self._settings_note = note
            self.statusBar().showMessage(note, 8000)
        elif pending:  # the deal is over: nothing of it is left to play
            self._settings_note = self.tr("The new settings (house rules, bots, opponents, Criss "
                                          "Cross) apply from the next deal.")
            self.statusBar().showMessage(self._settings_note, 8000)

    def report_crash(self, report: Path) -> QMessageBox:
        """Say once that the last run ended unexpectedly, and where its report is."""
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("The last session ended unexpectedly"),
                          fill(self.tr("The trainer's last session ended unexpectedly (it crashed). What it "
                                       "was doing is in this report:\n%1"), str(report)),
                          QMessageBox.StandardButton.Ok, self)
        box.setObjectName("crashNotice")
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        return box

    def _report_settings_problems(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Settings"),
                          "\n".join(self.settings.problems), QMessageBox.StandardButton.Ok, self)
        box.setObjectName("settingsProblems")
        box.open()

    # --- help ---------------------------------------------------------------------------------

    def show_help(self, page: str) -> QDialog:
        rules = self.controller.setup.rules
        html = rules_html(rules) if page == "rules" else rankings_html(current_language())
        return open_help(self, self.tr("Help"), html)

    # --- the solver ---------------------------------------------------------------------------

    def _question(self) -> SolverQuestion:
        """The session's question about the hand on the table, at the settings' samples."""
        return self.controller.session.solver_question(samples=self.values.solver_samples,
                                                       time_budget=self.values.solver_time_budget)

    def _hand_locked(self, _index: int) -> None:
        """Criss Cross: hand 1 is set and hand 2 is on the table; hand 1's answer (and its "Play the
        solver's arrangement") is of no use for hand 2."""
        self.solver_panel.reset()

    def hint(self) -> None:
        """Ask the solver about the cards on the table (the answer is for these 13 cards)."""
        if self.controller.phase is Phase.SETTING:
            self.solver_panel.start(self._question())

    def _after_showdown(self, showdown: Showdown) -> None:
        self.solver_panel.start_all(self.controller.session.showdown_questions(
            showdown, samples=self.values.solver_samples, time_budget=self.values.solver_time_budget))

    def _play_solver(self, arr: Arrangement) -> None:
        if self.controller.phase is not Phase.SETTING:
            self.statusBar().showMessage(self.tr("The hand is already set; deal again to play on."), 6000)
            return
        if not self.deal_model.place(arr.top, arr.middle, arr.bottom):
            self.statusBar().showMessage(self.tr("That arrangement is for another hand."), 6000)

    # --- size and closing ---------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit.fit_cards()
        self.table.fit_rules_line()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit.fit_cards()  # the table's room beside its rows is known once it is laid out
        if not self._placed:  # the window manager frames the window after it is mapped: look then
            self._placed = True
            QTimer.singleShot(0, self, self.fit.keep_on_screen)
            QTimer.singleShot(300, self, self.fit.keep_on_screen)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.solver_panel.shutdown()
        if self.paigow is not None:
            self.paigow.shutdown()
        self.drill.shutdown()
        self.settings.qsettings().setValue("window/geometry", self.saveGeometry())
        self.settings.qsettings().sync()
        super().closeEvent(event)
