"""Qt translations: the .ts holds every GUI string, all translated; the .qm is current; switching works."""

from __future__ import annotations

import filecmp
import importlib.util
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from cp_trainer.gui import translation
from cp_trainer.gui.settings.dialog import SettingsDialog
from cp_trainer.gui.settings.store import TrainerSettings
from cp_trainer.gui.translation import TranslationError, current_language, fill, install_language

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    path = ROOT / "scripts" / "build_translations.py"
    spec = importlib.util.spec_from_file_location("_build_translations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _script()
REFRESH = "run: .venv/bin/python scripts/build_translations.py (see docs/translations.md)"


@pytest.fixture(scope="module")
def fresh_ts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The committed Russian .ts merged with the strings the GUI code holds now."""
    fresh = tmp_path_factory.mktemp("ts") / "cp_trainer_ru.ts"
    shutil.copyfile(build.ts_path("ru"), fresh)
    build.update_ts(fresh)
    return fresh


def _keys(ts: Path) -> list[tuple[str, str]]:
    return [(m.context, m.source) for m in build.messages(ts)]


def test_ts_holds_exactly_the_strings_of_the_code(fresh_ts: Path) -> None:
    committed = _keys(build.ts_path("ru"))
    assert len(committed) > 50
    new = sorted(set(_keys(fresh_ts)) - set(committed))
    old = sorted(set(committed) - set(_keys(fresh_ts)))
    assert not new and not old, f"new strings {new}, gone strings {old}; {REFRESH}"


def test_every_string_has_a_russian_translation(fresh_ts: Path) -> None:
    missing = [f"{m.context}: {m.source!r}" for m in build.unfinished(fresh_ts)]
    assert not missing, f"untranslated: {missing}; translate them in resources/translations/cp_trainer_ru.ts"


def test_fill_puts_each_value_once_in_its_place() -> None:
    assert fill("%2 of %1", 3, "x") == "x of 3"
    assert fill("a%1b%1", "-") == "a-b-"
    assert fill("%1 then %2", "has %2 inside", "two") == "has %2 inside then two"
    assert fill("%1%2", "%1", "%1") == "%1%1"
    assert fill("%1 %2 %3 %4 %5 %6 %7 %8 %9", *range(1, 10)) == "1 2 3 4 5 6 7 8 9"
    assert fill("50% and %3 and %% and %0", "a") == "50% and %3 and %% and %0"
    with pytest.raises(ValueError, match="at most 9"):
        fill("%1", *range(10))


def test_placeholders_are_filled_by_fill_only() -> None:
    """A chain of ``.replace("%1", ...)`` fills again what a value brought in; ``fill`` does not."""
    package = Path(translation.__file__).parents[1]
    chains = [f"{path.relative_to(package)}:{n}" for path in sorted(package.rglob("*.py"))
              for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"""\.replace\(\s*["']%[1-9]["']""", line)]
    assert not chains, f"use fill(text, *values): {chains}"


_PLACEHOLDER = re.compile(r"\{\w*\}|%\d|%n")


def test_translations_keep_the_placeholders() -> None:
    wrong = []
    for m in build.messages(build.ts_path("ru")):
        want = sorted(set(_PLACEHOLDER.findall(m.source)))
        for text in m.forms or (m.translation,):
            if m.finished and sorted(set(_PLACEHOLDER.findall(text))) != want:
                wrong.append(f"{m.context}: {m.source!r} -> {text!r}")
    assert not wrong, wrong


def test_qm_is_built_from_the_current_ts(tmp_path: Path) -> None:
    rebuilt = tmp_path / "cp_trainer_ru.qm"
    build.release(build.ts_path("ru"), rebuilt)
    assert build.qm_path("ru").is_file(), REFRESH
    assert filecmp.cmp(rebuilt, build.qm_path("ru"), shallow=False), f"the .qm is stale; {REFRESH}"
    assert build.qm_path("ru") == translation.qm_path("ru")


@pytest.fixture
def english_after(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_language(qapp, "en")


def test_switching_language_retranslates_open_widgets(english_after: QApplication, qtbot: object) -> None:
    app = english_after
    dialog = SettingsDialog(TrainerSettings(language="en"))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    cancel = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert dialog.windowTitle() == "Settings"
    assert dialog.royalties_check.text() == "Royalties"

    assert install_language(app, "ru_RU.UTF-8") == "ru"
    assert current_language() == "ru"
    assert dialog.windowTitle() == "Настройки"
    assert dialog.royalties_check.text() == "Роялти"
    assert dialog.tabs.tabText(0) == "Правила стола"
    assert dialog.system_combo.itemText(1).startswith("2-4, только скуп")
    assert dialog.surrender_cost_spin.specialValueText() == "авто (3 очка)"
    assert cancel.text() == "Отмена"  # Qt's own strings follow too (qtbase_ru.qm)

    install_language(app, "en")
    assert current_language() == "en"
    assert dialog.windowTitle() == "Settings"
    assert dialog.royalties_check.text() == "Royalties"
    assert cancel.text() == "Cancel"


def test_unknown_language_or_missing_file_keeps_the_current_one(
    english_after: QApplication, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with pytest.raises(TranslationError, match="xx"):
        install_language(english_after, "xx")
    assert current_language() == "en"
    monkeypatch.setattr(translation, "qm_path", lambda lang: tmp_path / f"missing_{lang}.qm")
    with pytest.raises(TranslationError, match=r"missing_ru\.qm"):
        install_language(english_after, "ru")
    assert current_language() == "en"


def _qtbase(text: str, context: str) -> str:
    """What Qt's own Russian catalog (qtbase_ru.qm, shipped with PySide6) says for ``text``."""
    from PySide6.QtCore import QLibraryInfo, QTranslator

    translator = QTranslator()
    assert translator.load("qtbase_ru", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    return translator.translate(context, text) or text


def test_qt_standard_texts_follow_the_language_live(english_after: QApplication, qtbot: object) -> None:
    """Qt's own texts (standard buttons, a line edit's context menu) come from qtbase_ru.qm in
    Russian and go back to English after a live switch; Settings' buttons carry no icons (the
    style gave OK and Cancel one and no other button)."""
    from PySide6.QtWidgets import QLineEdit

    app = english_after
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(box)  # type: ignore[attr-defined]
    ok, cancel = (box.button(b) for b in (QDialogButtonBox.StandardButton.Ok,
                                          QDialogButtonBox.StandardButton.Cancel))
    edit = QLineEdit()
    qtbot.addWidget(edit)  # type: ignore[attr-defined]
    install_language(app, "ru")
    assert ok.text() == _qtbase("OK", "QPlatformTheme")
    assert cancel.text() == _qtbase("Cancel", "QPlatformTheme") == "Отмена"
    menu = edit.createStandardContextMenu()
    texts = [a.text().split("\t")[0] for a in menu.actions() if a.text()]
    assert _qtbase("&Paste", "QLineEdit") in texts and _qtbase("&Paste", "QLineEdit") != "&Paste"
    install_language(app, "en")
    assert (ok.text(), cancel.text()) == ("OK", "Cancel")
    assert "&Paste" in [a.text().split("\t")[0] for a in edit.createStandardContextMenu().actions()]

    dialog = SettingsDialog(TrainerSettings(language="en"))
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    assert all(b.icon().isNull() for b in dialog.buttons.buttons())
