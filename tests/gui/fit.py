"""Does every visible text fit its widget? Font metrics against the room the style gives it.

:func:`clipped_texts` walks a window's visible widgets and names each text that is wider than the
room its widget has for it (as a cut "о старшинст" for "По старшинству"): push buttons, check
boxes and radio buttons (the style's contents rectangle: the padding of the style sheet, the
indicator and the icon are taken off), one-line labels (their
contents rectangle less margin and indent), combo boxes (their edit field), group box titles,
tab texts, the status bar's message; word-wrapped labels shorter than their lines; a label or
button lying over a sibling; and any widget that reaches out of its parent's right edge. Rich text
is measured by its document's ideal width.

:func:`english_left` names visible texts that still hold an English phrase of the trainer's own
catalogs (the JSON catalogs and the Qt ``.ts`` sources) where Russian is shown.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStatusBar,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionGroupBox,
    QTabBar,
    QToolButton,
    QWidget,
)

__all__ = ["all_texts", "clipped_texts", "english_left"]

ROOT = Path(__file__).resolve().parents[2]


def _plain(text: str) -> str:
    """The text as drawn: a mnemonic's ``&`` is not (``&&`` is one ``&``)."""
    return re.sub(r"&(.)", r"\1", text)


def _advance(fm: QFontMetrics, text: str) -> int:
    return max((fm.horizontalAdvance(line) for line in _plain(text).split("\n")), default=0)


def _shown(widget: QWidget, root: QWidget) -> bool:
    return widget.isVisibleTo(root) and widget.width() > 0


def _inside_scroll(widget: QWidget) -> bool:
    """A widget in a scroll area may reach out of the viewport: the user scrolls to it."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _button_room(button: QAbstractButton) -> tuple[int, int]:
    """(width the text needs, width the style gives it)."""
    fm = button.fontMetrics()
    need = _advance(fm, button.text())
    style = button.style()
    if isinstance(button, QPushButton):
        opt = QStyleOptionButton()
        button.initStyleOption(opt)
        room = style.subElementRect(QStyle.SubElement.SE_PushButtonContents, opt, button).width()
        room -= 2 * style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, opt, button) // 2
        if not button.icon().isNull():
            need += button.iconSize().width() + 4
        if button.menu() is not None:
            need += style.pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, opt, button)
        return need, room
    if isinstance(button, QCheckBox | QRadioButton):
        opt = QStyleOptionButton()
        button.initStyleOption(opt)
        element = (QStyle.SubElement.SE_CheckBoxContents if isinstance(button, QCheckBox)
                   else QStyle.SubElement.SE_RadioButtonContents)
        room = style.subElementRect(element, opt, button).width()
        if not button.icon().isNull():
            need += button.iconSize().width() + 4
        return need, room
    # a tool button or another: its size hint is what it needs
    return button.sizeHint().width(), button.width()


def _label_room(label: QLabel) -> tuple[int, int] | None:
    if label.wordWrap() or not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
        return None
    fmt = label.textFormat()
    rich = fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(label.text()))
    if rich:
        doc = QTextDocument()
        doc.setDefaultFont(label.font())
        doc.setDocumentMargin(0)
        doc.setHtml(label.text())
        need = int(doc.idealWidth() + 0.999)
    else:
        # a label that shows its text elided (or a short form) has the whole text as tooltip
        shown_text = getattr(label, "shown_text", None)
        shown = str(shown_text()) if callable(shown_text) else label.text()
        text = _plain(shown) if label.buddy() is not None else shown
        need = max((label.fontMetrics().horizontalAdvance(line) for line in text.split("\n")), default=0)
    room = label.contentsRect().width() - 2 * label.margin()
    if label.indent() > 0:
        room -= label.indent()
    return need, room


def _wrapped_room(label: QLabel) -> tuple[int, int]:
    """(height the word-wrapped text needs, height it has), by QLabel's own layout of the text
    (its height for its width: what it paints a line of may be a few pixels shorter, but a text
    that needs more than the label has is drawn past its padding, the foul banner's last line
    half cut). A text the label shows cut to fit (:class:`FittedLabel`: its whole text is in the
    tooltip) is measured as shown: QLabel lays out the text it was given, the shown one."""
    return QLabel.heightForWidth(label, label.width()), label.height()


def _describe(widget: QWidget) -> str:
    name = widget.objectName() or type(widget).__name__
    parent = widget.parentWidget()
    trail: list[str] = []
    while parent is not None and len(trail) < 2:
        trail.append(parent.objectName() or type(parent).__name__)
        parent = parent.parentWidget()
    return f"{name} (in {'/'.join(trail)})"


def _past_parent(w: QWidget, root: QWidget, slack: int) -> str | None:
    """A widget cut by its parent: it reaches out of the parent's right edge."""
    parent = w.parentWidget()
    if (parent is None or w is root or w.isWindow() or _inside_scroll(w)
            or isinstance(parent, QTabBar | QComboBox)):
        return None
    inner = QRect(0, 0, parent.width(), parent.height())
    g = w.geometry()
    if g.intersects(inner) and g.right() > inner.right() + slack:
        return f"{_describe(w)}: reaches past its parent's right edge ({g.right()} > {inner.right()})"
    return None


def _is_picture(w: QWidget) -> bool:
    """A label showing a picture (a card) and no text."""
    return isinstance(w, QLabel) and not w.text() and w.pixmap() is not None and not w.pixmap().isNull()


def _overlaps(w: QWidget, root: QWidget, seen: dict[int, set[int]]) -> list[str]:
    """A label or button lying over a sibling (a text drawn over another, or under it)."""
    parent = w.parentWidget()
    if parent is None or w is root or isinstance(parent, QStatusBar):
        return []
    found = []
    for other in parent.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
        if _is_picture(w) and _is_picture(other):
            continue  # cards fanned out like a held hand: each shows its corner, on purpose
        if (other is w or not _shown(other, root) or other.isWindow() or id(other) in seen.get(id(w), ())
                or not w.geometry().intersects(other.geometry())):
            continue
        seen.setdefault(id(other), set()).add(id(w))
        found.append(f"{_describe(w)} overlaps {_describe(other)}: "
                     f"{w.geometry().getRect()} and {other.geometry().getRect()}")
    return found


def _combo_problem(w: QComboBox, slack: int) -> str | None:
    combo = QStyleOptionComboBox()
    w.initStyleOption(combo)
    room = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, combo,
                                    QStyle.SubControl.SC_ComboBoxEditField, w).width()
    need = w.fontMetrics().horizontalAdvance(w.currentText())
    if not w.itemIcon(w.currentIndex()).isNull():
        need += w.iconSize().width() + 4
    if need > room + slack:
        return f"{_describe(w)}: {w.currentText()!r} needs {need} px, has {room}"
    return None


def _special_value_problem(w: QSpinBox, slack: int) -> str | None:
    # "auto (3 points)" shown in place of the number: a squeezed box cut it to "to (3 очка)"
    edit = w.lineEdit()
    need = edit.fontMetrics().horizontalAdvance(w.specialValueText())
    room = edit.width() - 4  # the line edit's own 2 px a side
    if need > room + slack:
        return f"{_describe(w)}: {w.specialValueText()!r} needs {need} px, has {room}"
    return None


def _group_title_problem(w: QGroupBox, slack: int) -> str | None:
    opt = QStyleOptionGroupBox()
    w.initStyleOption(opt)
    label = w.style().subControlRect(QStyle.ComplexControl.CC_GroupBox, opt,
                                     QStyle.SubControl.SC_GroupBoxLabel, w)
    need = _advance(w.fontMetrics(), w.title())
    room = min(label.width(), w.width() - max(0, label.left()))
    if need > room + slack:
        return f"{_describe(w)}: title {w.title()!r} needs {need} px, has {room}"
    return None


def _tab_problem(w: QTabBar, slack: int) -> str | None:
    for i in range(w.count()):
        need, room = w.tabSizeHint(i).width(), w.tabRect(i).width()
        if w.isTabVisible(i) and need > room + slack:
            return f"{_describe(w)}: tab {w.tabText(i)!r} needs {need} px, has {room}"
    return None


def _status_problem(w: QStatusBar, slack: int) -> str | None:
    # (a message elided with the whole text in the tooltip is fine)
    need = w.fontMetrics().horizontalAdvance(w.currentMessage())
    lefts = [c.x() for c in w.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
             if c.isVisible() and c.objectName() != "qt_statusbar_sizegrip"]
    room = min(lefts, default=w.width()) - 8
    if need > room + slack:
        return f"status bar: {w.currentMessage()!r} needs {need} px, has {room}"
    return None


def _text_problem(w: QWidget, slack: int) -> str | None:
    """The one text of ``w`` that does not fit, if any."""
    if isinstance(w, QLabel) and w.wordWrap() and w.text():
        need_h, has = _wrapped_room(w)
        if need_h > has + slack:
            return f"{_describe(w)}: {w.text()[:40]!r}… needs {need_h} px high, has {has}"
    if isinstance(w, QAbstractButton) and not isinstance(w, QToolButton) and w.text():
        need, room = _button_room(w)
        if need > room + slack:
            return f"{_describe(w)}: {w.text()!r} needs {need} px, has {room}"
    elif isinstance(w, QLabel) and not isinstance(w.parentWidget(), QTabBar):
        measured = _label_room(w)
        if measured is not None and measured[0] > measured[1] + slack:
            return f"{_describe(w)}: {w.text()!r} needs {measured[0]} px, has {measured[1]}"
    elif isinstance(w, QComboBox) and not w.isEditable() and w.currentText():
        return _combo_problem(w, slack)
    elif isinstance(w, QSpinBox) and w.specialValueText() and w.value() == w.minimum():
        return _special_value_problem(w, slack)
    elif isinstance(w, QGroupBox) and w.title():
        return _group_title_problem(w, slack)
    elif isinstance(w, QTabBar) and w.elideMode() == Qt.TextElideMode.ElideNone:
        return _tab_problem(w, slack)
    elif isinstance(w, QStatusBar) and w.currentMessage() and w.toolTip() != w.currentMessage():
        return _status_problem(w, slack)
    return None


def clipped_texts(root: QWidget, *, slack: int = 0) -> list[str]:
    """One line for each visible text of ``root`` (and its children) that does not fit."""
    problems: list[str] = []
    seen: dict[int, set[int]] = {}
    for w in [root, *root.findChildren(QWidget)]:
        if not _shown(w, root) or w.window() is not root.window():
            continue
        cut = _past_parent(w, root, slack)
        if cut is not None:
            problems.append(cut)
        if isinstance(w, QLabel | QAbstractButton):
            problems.extend(_overlaps(w, root, seen))
        text = _text_problem(w, slack)
        if text is not None:
            problems.append(text)
    return problems


def all_texts(root: QWidget) -> list[str]:
    """Every visible text of ``root``: buttons, labels, group box titles, tabs, the status bar."""
    texts: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not _shown(w, root):
            continue
        if isinstance(w, QAbstractButton | QLabel):
            text = w.text()
            if isinstance(w, QLabel) and GuiQt.mightBeRichText(text):
                doc = QTextDocument()
                doc.setHtml(text)
                text = doc.toPlainText()
            texts.append(_plain(text) if isinstance(w, QAbstractButton) else text)
        elif isinstance(w, QGroupBox):
            texts.append(_plain(w.title()))
        elif isinstance(w, QTabBar):
            texts.extend(_plain(w.tabText(i)) for i in range(w.count()))
        elif isinstance(w, QStatusBar):
            texts.append(w.currentMessage())
    return [t for t in texts if t]


_PLACEHOLDER = re.compile(r"%\d|%n|\{[^}]*\}")


def _catalog_pairs() -> list[tuple[str, str]]:
    """(English, Russian) of every text of the JSON catalogs and of the Qt translation."""
    pairs: list[tuple[str, str]] = []

    def walk(a: object, b: object) -> None:
        if isinstance(a, str) and isinstance(b, str):
            pairs.append((a, b))
        elif isinstance(a, dict) and isinstance(b, dict):
            for k, v in a.items():
                if k in b:
                    walk(v, b[k])

    i18n = ROOT / "cp_trainer" / "resources" / "i18n"
    for en_file in i18n.glob("*.en.json"):
        ru_file = en_file.with_name(en_file.name.replace(".en.json", ".ru.json"))
        if ru_file.exists():
            walk(json.loads(en_file.read_text("utf-8")), json.loads(ru_file.read_text("utf-8")))
    for ts in (ROOT / "cp_trainer" / "resources" / "translations").glob("*_ru.ts"):
        for message in ET.parse(ts).getroot().iter("message"):
            source, translation = message.findtext("source"), message.find("translation")
            if source and translation is not None:
                text = translation.text or "".join(n.text or "" for n in translation.iter("numerusform"))
                if text:
                    pairs.append((source, text))
    return pairs


@cache
def _english_phrases() -> frozenset[str]:
    """English texts of the trainer that have a different Russian text: pieces between
    placeholders, of two words or more (single words such as "EV" are alike in both)."""
    pairs = _catalog_pairs()
    phrases: set[str] = set()
    for en, ru in pairs:
        if en == ru:
            continue
        for piece in _PLACEHOLDER.split(_plain(en)):
            piece = piece.strip(" .,:;!?()·—-\n")
            words = re.findall(r"[A-Za-z]+", piece)
            if len(words) >= 2 and piece not in ru and re.fullmatch(r"[A-Za-z][A-Za-z ,'’-]*[A-Za-z]", piece):
                phrases.add(piece)
    return frozenset(phrases)


def english_left(root: QWidget) -> list[str]:
    """Visible texts of ``root`` holding an English phrase of the catalogs (shown in Russian)."""
    phrases = _english_phrases()
    found = []
    for text in all_texts(root):
        for phrase in phrases:
            if re.search(r"(?<![A-Za-z])" + re.escape(phrase) + r"(?![A-Za-z])", text):
                found.append(f"{phrase!r} in {text!r}")
                break
    return found
