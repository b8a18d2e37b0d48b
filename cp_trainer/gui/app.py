"""Starting the window: the QApplication (its icon and desktop file name), the settings, the
language, the main window, and the solver made ready in the background
(:mod:`cp_trainer.gui.first_start`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication

from cp_trainer.gui.crash_log import CrashLog
from cp_trainer.gui.first_start import prepare_solver
from cp_trainer.gui.main_window import MainWindow
from cp_trainer.gui.settings.store import Settings
from cp_trainer.gui.trace import install_trace
from cp_trainer.gui.translation import TranslationError, install_language
from cp_trainer.history import HistoryError, default_data_dir
from cp_trainer.rules.cards import Card
from cp_trainer.rules.house_rules_file import RulesFile
from cp_trainer.support.desktop import APP_ID, PNG_SIZES, shipped_icon

__all__ = ["app_icon", "create_window", "run_app"]


def app_icon() -> QIcon:
    """The trainer's icon, every PNG size the package ships."""
    icon = QIcon()
    for size in PNG_SIZES:
        icon.addFile(str(shipped_icon(size)), QSize(size, size))
    return icon


def brand(app: QGuiApplication) -> None:
    """The application's icon, and its desktop file name (the application id), by which a
    launcher or a Wayland compositor groups the window under the installed menu entry."""
    app.setDesktopFileName(APP_ID)
    if app.windowIcon().isNull():
        app.setWindowIcon(app_icon())


def application(argv: Sequence[str] | None = None) -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(list(argv or sys.argv[:1]))
    app.setApplicationName("cp-trainer")
    app.setOrganizationName("cp-trainer")
    brand(app)
    return app


def create_window(*, deal: Sequence[Card] | None = None, opponents: int | None = None,
                  seed: int | None = None, lang: str | None = None,
                  settings: Settings | None = None, data_dir: str | None = None,
                  rules: RulesFile | None = None) -> MainWindow:
    """The main window on a new deal, in ``lang`` (default: the saved language); its practice
    history in ``data_dir`` (default: ``$CP_TRAINER_DATA_DIR`` or the user data folder). ``rules``
    (``gui --rules FILE``) become the saved house rules, as *Load house rules…* then OK would."""
    app = application()
    settings = settings or Settings()
    if rules is not None:
        from cp_trainer.gui.settings.rules_file import with_rules_file

        settings.save(with_rules_file(settings.values, rules))
    try:
        install_language(app, lang or settings.values.language)
    except TranslationError as exc:
        settings.problems.append(str(exc))
    brand(app)
    window = MainWindow(settings, seed=seed, deal=deal, opponents=opponents, data_dir=data_dir)
    window.setWindowIcon(app.windowIcon())
    return window


def crash_log(data_dir: str | None) -> CrashLog | None:
    """This run's crash file, in the history's data folder (None: there is no such folder)."""
    try:
        folder = Path(data_dir).expanduser() if data_dir else default_data_dir()
    except HistoryError:
        return None
    return CrashLog(folder)


def run_app(*, deal: Sequence[Card] | None = None, opponents: int | None = None,
            seed: int | None = None, lang: str | None = None,
            argv: Sequence[str] | None = None, data_dir: str | None = None,
            rules: RulesFile | None = None) -> int:
    app = application(argv)
    log = crash_log(data_dir)
    last_crash = log.start() if log is not None else None
    try:
        window = create_window(deal=deal, opponents=opponents, seed=seed, lang=lang, data_dir=data_dir,
                               rules=rules)
        window.show()
        install_trace(window)  # only when CP_TRAINER_TRACE asks (the soak test's view of the window)
        preparation = prepare_solver(window)  # compiles on a first start, saying so
        if last_crash is not None:
            window.report_crash(last_crash)
        try:
            return app.exec()
        finally:
            preparation.stop()
    finally:
        if log is not None:
            log.stop()  # a clean exit: nothing to report next time
