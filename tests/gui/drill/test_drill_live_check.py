"""The Drill checks the rows live, as the table does and with the table's pieces: the banner
(a foul, a legal hand, cards left), each row's hand as it forms, a fouled row marked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from cp_trainer.gui.table.models import ROWS, Zone
from cp_trainer.rules.arrangement import Arrangement, check_partial
from tests.gui.drill.drill_page_fixtures import make_page


def test_the_drill_shows_the_live_check_while_setting(qtbot: Any, tmp_path: Path) -> None:
    page, _store, _clock = make_page(qtbot, tmp_path)
    banner = page.findChild(type(page.why), "foulBanner")
    assert banner is not None and banner.isVisible()
    assert banner.property("state") == "incomplete" and "Drag your cards" in banner.text()
    assert [page.row_names[z].text() for z in ROWS] == ["empty: drop 3 cards here",
                                                        "empty: drop 5 cards here",
                                                        "empty: drop 5 cards here"]
    hand = page.views[Zone.HAND]
    hand.setFocus()
    hand.setCurrentIndex(hand.model().index(0, 0))
    qtbot.keyClick(hand, Qt.Key.Key_3)
    assert "1 of 5 cards" in page.row_names[Zone.BOTTOM].text()
    assert "12" in banner.text()  # cards left to place
    # the 13 cards highest first, top to bottom: an upper row beats a lower one, a foul
    cards = sorted(page.deal.all_cards(), key=lambda c: c.rank, reverse=True)
    foul = Arrangement(tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:]))
    assert check_partial(foul).fouls
    page.deal.place(foul.top, foul.middle, foul.bottom)
    assert banner.property("state") == "foul" and banner.text().lower().startswith("foul")
    assert any(page.views[z].property("foul") is True for z in ROWS)
    assert all(page.row_names[z].text() and "so far" not in page.row_names[z].text() for z in ROWS)
