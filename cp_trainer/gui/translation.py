"""The GUI's language: Qt translators (``resources/translations/*.qm``), switchable at runtime.

``install_language(app, "ru")`` removes the translators installed before and installs the new
ones: the trainer's own ``cp_trainer_ru.qm`` and Qt's ``qtbase_ru.qm`` (standard buttons such as
OK / Cancel). Qt then sends ``QEvent.LanguageChange`` to every widget (delivered before
``install_language`` returns); a widget that calls :func:`follow_language` once has its texts
re-set then (one mechanism for every window, see ``docs/translations.md``). English is the
source language: it needs no translator.

String conventions (``pyside6-lupdate`` finds exactly these forms):

* in a QObject subclass: ``self.tr("Set hand")`` (context = the class name);
* elsewhere: ``QCoreApplication.translate("Context", "text")``;
* plurals: ``QCoreApplication.translate("Context", "%n card(s)", None, n)`` (not ``self.tr``
  with a count: lupdate mis-reads that form).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from pathlib import Path
from weakref import WeakMethod

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QObject, QTimer, QTranslator
from PySide6.QtWidgets import QDialog, QWidget

from cp_trainer.gui.lifetimes import keep_alive
from cp_trainer.support.i18n import normalize_lang
from cp_trainer.support.resources import resource_path

__all__ = ["SOURCE_LANGUAGE", "TranslationError", "current_language", "fill", "follow_language",
           "grow_to_fit", "install_language", "qm_path"]

SOURCE_LANGUAGE = "en"

_installed: list[QTranslator] = []
_current: list[str] = [SOURCE_LANGUAGE]


class TranslationError(ValueError):
    """Unknown language or a missing / unreadable translation file; the message names it."""


def qm_path(lang: str) -> Path:
    """The compiled translation of the trainer's own strings for ``lang``."""
    return resource_path("translations", f"cp_trainer_{lang}.qm")


def current_language() -> str:
    """The language last installed with :func:`install_language` (``"en"`` at start)."""
    return _current[0]


_PLACE = re.compile(r"%([1-9])")


def fill(text: str, *values: object) -> str:
    """``text`` with ``%1``..``%9`` replaced by ``str(values[0])``..``str(values[8])``.

    One pass: a value that itself contains ``%2`` is inserted as it is, never filled again. A
    marker without a value (``%3`` with two values) stays in the text unchanged, as does ``%%``
    or a ``%`` before anything but a digit 1-9.
    """
    if len(values) > 9:
        raise ValueError(f"fill takes at most 9 values, got {len(values)}")
    shown = [str(v) for v in values]

    def put(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return shown[index] if index < len(shown) else match.group(0)

    return _PLACE.sub(put, text)


def install_language(app: QCoreApplication | None, lang: str) -> str:
    """Switch the application's language to ``lang`` (``"en"``, ``"ru"``, ``"ru_RU"``...).

    Returns the normalised code. Raises :class:`TranslationError` for an unknown language or a
    missing ``.qm`` file; the language in force then stays as it was.
    """
    app = app or QCoreApplication.instance()
    if app is None:
        raise TranslationError("no QApplication exists yet: create it before installing a language")
    try:
        code = normalize_lang(lang)
    except ValueError as exc:
        raise TranslationError(str(exc)) from None
    new: list[QTranslator] = []
    if code != SOURCE_LANGUAGE:
        own = QTranslator(app)
        path = qm_path(code)
        if not own.load(str(path)):
            raise TranslationError(
                f"cannot load the {code} translation: {path} (run scripts/build_translations.py)"
            )
        new.append(own)
        qt_base = QTranslator(app)
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_base.load(f"qtbase_{code}", qt_dir):  # optional: Qt's own dialogs and buttons
            new.append(qt_base)
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    for translator in new:
        app.installTranslator(translator)
        _installed.append(translator)
    _current[0] = code
    # Qt posts LanguageChange to every window; deliver them now so texts switch before we return.
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LanguageChange)
    return code


class _LanguageFollower(QObject):
    """Calls ``retranslate`` when its parent receives ``QEvent.LanguageChange``."""

    def __init__(self, watched: QObject, retranslate: Callable[[], None]) -> None:
        super().__init__(watched)
        # A bound method is held weakly: the follower (a child of the widget) must not keep the
        # widget's Python object alive, or a window without a parent would never be deleted.
        self._retranslate: Callable[[], Callable[[], None] | None] = (
            WeakMethod(retranslate) if inspect.ismethod(retranslate) else lambda: retranslate)
        watched.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.LanguageChange:
            retranslate = self._retranslate()
            if retranslate is not None:
                retranslate()
                if isinstance(watched, QDialog) and watched.isVisible():
                    # once its children have their new texts too (they get the event after it)
                    QTimer.singleShot(0, watched, lambda: grow_to_fit(watched))
        return False


def grow_to_fit(window: QWidget) -> None:
    """Make a shown window as large as its texts now need (within the screen), never smaller.

    A window keeps the size its first language gave it; Russian texts are longer, and after a live
    switch the layout would squeeze combo boxes and labels below their text."""
    layout = window.layout()
    if layout is not None:
        layout.invalidate()
        layout.activate()
    want = window.size().expandedTo(window.sizeHint())
    screen = window.screen()
    if screen is not None:
        want = want.boundedTo(screen.availableGeometry().size())
    if want != window.size():
        window.resize(want)


def follow_language(widget: QObject, retranslate: Callable[[], None]) -> None:
    """Re-set ``widget``'s texts with ``retranslate`` whenever the language changes.

    The follower is an event filter written in Python: it is kept alive as long as ``widget``'s
    C++ object (:func:`~cp_trainer.gui.lifetimes.keep_alive`), so Qt never calls a freed one."""
    keep_alive(widget, _LanguageFollower(widget, retranslate))
