"""The window's look: a dark green felt, white text at a readable size, strong state colours.

Colours are picked for contrast (white on the felt is above 7:1) and never carry meaning alone:
every coloured state also has words ("FOUL", "Legal", "✓ you win").

Qt matches a style sheet's descendant rule (``#table QLabel``) through windows too: a message box
asked from the table would draw the felt's white text on its own light grey. So every felt
text rule comes from :func:`felt_text`, which pairs it with a more specific rule giving any
window opened below the felt (``#table QDialog QLabel``) the system's text colour back.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QColor, QGuiApplication, QPalette

__all__ = ["FELT", "PLACEHOLDER", "STYLE_SHEET", "felt_text", "readable_placeholders"]

FELT = "#14532d"
FELT_DARK = "#0f3d21"
FOUL = "#b71c1c"
LEGAL = "#1b5e20"

#: an empty field's hint text: 5.5:1 on white (Qt's own #7f7f7f is 4.0:1, below WCAG AA's 4.5)
PLACEHOLDER = "#696969"


def readable_placeholders(app: QGuiApplication) -> None:
    """Darken the application's placeholder text (an empty field's hint) to a readable grey."""
    palette = app.palette()
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.PlaceholderText, QColor(PLACEHOLDER))
    app.setPalette(palette)


#: the widgets that draw text on a window's felt
_TEXT_WIDGETS = ("QLabel", "QCheckBox", "QRadioButton")


def felt_text(scopes: Sequence[str], declarations: str = "", colour: str = "#ffffff") -> str:
    """Style-sheet rules: ``colour`` (and ``declarations``) for the text widgets inside ``scopes``
    (selectors of felt widgets), and the system's own text colour inside any dialog, message box
    or other window opened below them -- one more type in its selector makes it win."""
    felt = ", ".join(f"{scope} {w}" for scope in scopes for w in _TEXT_WIDGETS)
    windows = ", ".join(f"{scope} {window} {w}" for scope in scopes for window in ("QDialog", "QMainWindow")
                        for w in _TEXT_WIDGETS)
    return (f"{felt} {{ color: {colour}; {declarations} }}\n"
            f"{windows} {{ color: palette(window-text); }}\n")


STYLE_SHEET = f"""
#felt, #table {{ background: {FELT}; }}
{felt_text(("#table", "#solverPanel", "OpponentSeat"), "font-size: 11pt;")}
QLabel#seatHandName, QLabel#seatResult {{ font-size: 10pt; }}
QLabel#tableRules {{ padding: 0 6px; }}
QLabel#nextTableRules {{ font-weight: bold; color: #8a4b00; padding: 0 6px; }}
QLabel#rowTitle {{ font-weight: bold; color: #fff59d; }}
QLabel#rowHandName {{ font-size: 12pt; font-weight: bold; }}
QLabel#seatTitle, QLabel#panelTitle {{ font-weight: bold; color: #fff59d; font-size: 12pt; }}
QLabel#scoreLabel {{ font-size: 11pt; font-weight: bold; color: #102a18; padding: 0 8px; }}
QLabel#resultLabel {{ font-size: 12pt; font-weight: bold; }}
QLabel#foulBanner {{ border-radius: 6px; padding: 6px 10px; font-size: 12pt; font-weight: bold;
                     background: #37474f; color: #ffffff; }}
QLabel#foulBanner[state="foul"] {{ background: {FOUL}; }}
QLabel#foulBanner[state="legal"] {{ background: {LEGAL}; border: 2px solid #a5d6a7; }}
CardZoneView {{ background: {FELT_DARK}; border: 2px solid #2e7d32; border-radius: 8px; }}
CardZoneView[foul="true"] {{ border: 3px solid #ff5252; background: #4a1414; }}
#solverScroll, #solverPanel {{ background: {FELT_DARK}; border: none; }}
QFrame[seat="true"] {{ background: {FELT_DARK}; border: 1px solid #2e7d32; border-radius: 8px; }}
#table QPushButton, #solverPanel QPushButton, #paigowTab QPushButton {{ font-size: 11pt; padding: 5px 12px; }}
#paigowTab QLabel {{ font-size: 11pt; }}
QTableWidget#pgEvTable {{ font-size: 10pt; }}
QPushButton#setButton {{ font-weight: bold; }}
"""
