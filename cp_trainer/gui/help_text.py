"""The Help menu's pages: a rules summary and the hand rankings, translatable with Qt.

The hand-ranking list uses the rules core's own category names (``Category.label``), so it says
exactly what the core calls each hand.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from cp_trainer.gui.cards.style import DEFAULT_CARD_STYLE, CardStyle, suit_colour
from cp_trainer.gui.numbers import points
from cp_trainer.gui.shortcuts import add_close_shortcuts
from cp_trainer.gui.translation import fill
from cp_trainer.rules.cards import parse_cards
from cp_trainer.rules.house_rules import HouseRules
from cp_trainer.rules.strength import Category

__all__ = ["open_help", "rankings_html", "rules_html"]

_EXAMPLES = {
    Category.STRAIGHT_FLUSH: "9♥ 8♥ 7♥ 6♥ 5♥",
    Category.FOUR_OF_A_KIND: "Q♠ Q♥ Q♦ Q♣ 3♦",
    Category.FULL_HOUSE: "8♠ 8♦ 8♣ K♥ K♠",
    Category.FLUSH: "A♦ J♦ 9♦ 6♦ 2♦",
    Category.STRAIGHT: "T♣ 9♦ 8♠ 7♥ 6♣",
    Category.THREE_OF_A_KIND: "7♠ 7♥ 7♦ K♣ 2♠",
    Category.TWO_PAIR: "J♠ J♦ 4♣ 4♥ A♠",
    Category.PAIR: "K♦ K♣ 9♠ 6♥ 3♣",
    Category.HIGH_CARD: "A♣ Q♦ 8♠ 5♥ 3♦",
}


def _coloured(cards: str, style: CardStyle) -> str:
    """The example's cards in their suits' colours, as on the table."""
    return " ".join(f"<span style='color:{suit_colour(c.suit, style)}'>{c.label()}</span>"
                    for c in parse_cards(cards))


def rankings_html(lang: str, style: CardStyle = DEFAULT_CARD_STYLE) -> str:
    title = QCoreApplication.translate("Help", "Hand rankings")
    intro = QCoreApplication.translate(
        "Help", "From strongest to weakest. Within a kind, the higher ranks win, then the kickers.")
    top = QCoreApplication.translate(
        "Help", "The top row has 3 cards: only three of a kind, a pair or high card count there; "
        "straights and flushes do not.")
    wheel = QCoreApplication.translate(
        "Help", "A-2-3-4-5 is the lowest straight (unless the house rule says it ranks second).")
    rows = "".join(f"<tr><td><b>{cat.label(lang)}</b></td><td>{_coloured(_EXAMPLES[cat], style)}</td></tr>"
                   for cat in sorted(Category, reverse=True))
    return (f"<h2>{title}</h2><p>{intro}</p><table cellpadding='4'>{rows}</table>"
            f"<p>{top}</p><p>{wheel}</p>")


def rules_html(rules: HouseRules | None = None) -> str:
    rules = rules or HouseRules()
    t = [
        QCoreApplication.translate("Help", "Closed Chinese poker in brief"),
        QCoreApplication.translate(
            "Help", "You get 13 cards and set them into three rows: the top row (3 cards), the middle "
            "row (5) and the bottom row (5). Then everybody shows."),
        QCoreApplication.translate(
            "Help", "The bottom row must be at least as strong as the middle row, and the middle at "
            "least as strong as the top."),
        QCoreApplication.translate(
            "Help", "Otherwise the hand is a foul: it loses to every legal hand as if scooped."),
        QCoreApplication.translate(
            "Help", "You settle with each opponent separately, row against row: top against top, "
            "middle against middle, bottom against bottom."),
        QCoreApplication.translate(
            "Help", "2-4 system: +1 for each row won, −1 for each row lost, and +1 more to whoever "
            "wins at least two rows. Winning all three (a scoop) is worth 4."),
        QCoreApplication.translate("Help", "1-6 system: +1 for each row, and +3 more for winning all "
                                   "three (6)."),
        QCoreApplication.translate("Help", "A tied row scores nothing (unless the house rule gives "
                                   "ties to the bank)."),
        QCoreApplication.translate(
            "Help", "House rules (Game → Settings): surrender, royalties for strong rows, naturals "
            "(three straights, three flushes, six pairs, dragon), the point value, the wheel, the "
            "low middle variant and Criss Cross."),
        QCoreApplication.translate(
            "Help", "Settings → Save house rules… writes a table's rules to a file to share; Load "
            "house rules… plays by a club's file (on the command line: --rules FILE)."),
        fill(QCoreApplication.translate("Help", "With the current house rules a scoop is worth %1."),
             points(rules.scoop_points)),
        QCoreApplication.translate("Help", "How to play here"),
        QCoreApplication.translate(
            "Help", "Drag cards from your hand into the rows (or double-click a card, or select it "
            "with the arrow keys and press 1, 2 or 3). A card dropped on a row takes a free place there; "
            "onto a card of a full row (or with Shift held) it swaps with that card. The "
            "banner under the rows says at once if the rows foul and why. Press Set hand when the "
            "rows hold 3, 5 and 5 cards."),
        QCoreApplication.translate(
            "Help", "Hint asks the solver for the best arrangement; after the showdown it also shows "
            "what your choice cost and, in hindsight, what would have scored most."),
        QCoreApplication.translate(
            "Help", "New to the game? Practice → Lessons walks you through the rankings, fouls and "
            "scoring. Practice → History shows every hand you played and your mistakes; Practice → "
            "Table mode settles the hands of a real table. Game → Pai Gow Poker (Ctrl+2) shows the Pai "
            "Gow trainer in this window; Game → Chinese poker (Ctrl+1) brings the table back."),
    ]
    return (f"<h2>{t[0]}</h2><p>{t[1]}</p><p><b>{t[2]}</b> {t[3]}</p><p>{t[4]}</p>"
            f"<ul><li>{t[5]}</li><li>{t[6]}</li><li>{t[7]}</li></ul><p>{t[8]}</p><p>{t[9]}</p>"
            f"<h3>{t[10]}</h3><p>{t[11]}</p><p>{t[12]}</p><p>{t[13]}</p>")


def open_help(parent: QWidget, title: str, html: str) -> QDialog:
    """A help page (``html``) in a window of its own over ``parent``, closed by Close, Escape or
    Ctrl+W and deleted when closed; it is shown, not waited for."""
    dialog = QDialog(parent)
    dialog.setObjectName("helpDialog")
    dialog.setWindowTitle(title)
    browser = QTextBrowser(dialog)
    browser.setHtml(html)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(browser)
    layout.addWidget(buttons)
    dialog.resize(640, 560)
    add_close_shortcuts(dialog)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
