"""The window's look: a dark green felt, white text at a readable size, strong state colours.

Colours are picked for contrast (white on the felt is above 7:1) and never carry meaning alone:
every coloured state also has words ("FOUL", "Legal", "✓ you win").
"""

from __future__ import annotations

__all__ = ["FELT", "STYLE_SHEET"]

FELT = "#14532d"
FELT_DARK = "#0f3d21"
FOUL = "#b71c1c"
LEGAL = "#1b5e20"

STYLE_SHEET = f"""
#felt, #table {{ background: {FELT}; }}
#table QLabel, #solverPanel QLabel, OpponentSeat QLabel {{ color: #ffffff; font-size: 11pt; }}
QLabel#seatHandName, QLabel#seatResult {{ font-size: 10pt; }}
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
CardZoneView:focus {{ border-color: #fff59d; }}
#solverScroll, #solverPanel {{ background: {FELT_DARK}; border: none; }}
QFrame[seat="true"] {{ background: {FELT_DARK}; border: 1px solid #2e7d32; border-radius: 8px; }}
#table QPushButton, #solverPanel QPushButton, #paigowTab QPushButton {{ font-size: 11pt; padding: 5px 12px; }}
#paigowTab QLabel {{ font-size: 11pt; }}
QTableWidget#pgEvTable {{ font-size: 10pt; }}
QPushButton#setButton {{ font-weight: bold; }}
"""
