"""Card art: the generator reproduces the committed SVGs, and the renderer draws them sharply."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QColor, QImage

from cp_trainer.gui.cards.pixmaps import (
    BIG_SUIT_BELOW,
    JOKER,
    CardArtError,
    CardRenderer,
    card_size,
    rank_index_rect,
)
from cp_trainer.gui.cards.style import INDEX_TEXT, CardStyle
from cp_trainer.rules.cards import FULL_DECK, Card, Rank, Suit
from cp_trainer.support.resources import resource_path
from tests.script_modules import load_script

ROOT = Path(__file__).resolve().parents[2]


def test_generator_reproduces_committed_art(tmp_path: Path) -> None:
    make_cards = load_script("make_cards")
    count = make_cards.write_all(tmp_path)
    assert count == 2 * 52 + 2
    committed = resource_path("cards")
    generated = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.svg"))
    assert generated == sorted(p.relative_to(committed) for p in committed.rglob("*.svg"))
    stale = [str(rel) for rel in generated if (tmp_path / rel).read_bytes() != (committed / rel).read_bytes()]
    assert not stale, f"run scripts/make_cards.py: these files differ from the generator's output: {stale}"


def test_every_card_has_art_in_both_styles() -> None:
    renderer = CardRenderer()
    for style in CardStyle:
        renderer.style = style
        for card in FULL_DECK:
            path = renderer.art_path(card)
            assert path.is_file(), path
            assert path.parent.name == style.value
    assert renderer.art_path(None).name == "back.svg"
    assert renderer.art_path(JOKER).name == "joker.svg"


@pytest.mark.parametrize("dpr", [1.0, 2.0])
@pytest.mark.parametrize("face", [Card.parse("As"), Card.parse("Td"), Card.parse("Kh"), None, JOKER])
def test_pixmap_has_the_asked_size_and_ink(qapp: object, face: Card | str | None, dpr: float) -> None:
    renderer = CardRenderer()
    pixmap = renderer.pixmap(face, QSize(100, 140), dpr)
    assert pixmap.devicePixelRatio() == dpr
    assert (pixmap.width(), pixmap.height()) == (round(100 * dpr), round(140 * dpr))
    image = pixmap.toImage()
    # Opaque in the middle (the card is drawn), transparent outside the rounded corner.
    assert image.pixelColor(image.width() // 2, image.height() // 2).alpha() == 255
    assert image.pixelColor(0, 0).alpha() < 128
    colours = {image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert len(colours) > 10  # not a blank rectangle


def test_pixmaps_are_cached_per_size_and_dpr(qapp: object) -> None:
    renderer = CardRenderer()
    card = Card.parse("7c")
    first = renderer.pixmap(card, card_size(140))
    assert renderer.pixmap(card, card_size(140)).cacheKey() == first.cacheKey()
    assert renderer.pixmap(card, card_size(140), 2.0).cacheKey() != first.cacheKey()
    assert card_size(140) == QSize(100, 140)


def _ink(image: QImage) -> QColor:
    """The most saturated colour on the card (the suit's ink)."""
    best = QColor(0, 0, 0)
    for x in range(0, image.width(), 2):
        for y in range(0, image.height(), 2):
            colour = image.pixelColor(x, y)
            if colour.alpha() == 255 and colour.hsvSaturation() > best.hsvSaturation():
                best = colour
    return best


def test_four_colour_diamonds_are_blue_and_clubs_green(qapp: object) -> None:
    renderer = CardRenderer(CardStyle.TWO_COLOUR)
    size = QSize(100, 140)
    two_d = _ink(renderer.pixmap(Card.parse("Ad"), size).toImage())
    two_c = renderer.pixmap(Card.parse("Ac"), size).toImage()
    renderer.style = CardStyle.FOUR_COLOUR
    four_d = _ink(renderer.pixmap(Card.parse("Ad"), size).toImage())
    four_c = _ink(renderer.pixmap(Card.parse("Ac"), size).toImage())
    four_h = _ink(renderer.pixmap(Card.parse("Ah"), size).toImage())
    assert two_d.red() > 150 and two_d.blue() < 100  # red diamonds
    assert four_d.blue() > 150 and four_d.red() < 100  # blue diamonds
    assert four_c.green() > four_c.red() + 50 and four_c.green() > four_c.blue() + 50  # green clubs
    assert four_h.red() > 150 and four_h.blue() < 100  # hearts stay red
    centre = two_c.pixelColor(two_c.width() // 2, two_c.height() // 2)
    assert max(centre.red(), centre.green(), centre.blue()) < 60  # two-colour clubs are black


def test_bad_card_keys_and_sizes_are_refused(qapp: object) -> None:
    renderer = CardRenderer()
    with pytest.raises(CardArtError, match="Zz"):
        renderer.pixmap("Zz", QSize(10, 14))
    with pytest.raises(CardArtError, match="positive"):
        renderer.pixmap(None, QSize(0, 14))
    assert renderer.pixmap("As", (50, 70)).width() == 50


def _dark(image: QImage) -> set[tuple[int, int]]:
    """The dark (black-suit) pixels of a card picture."""
    def dark(c: QColor) -> bool:
        return c.alpha() > 128 and c.red() + c.green() + c.blue() < 300

    return {(x, y) for x in range(image.width()) for y in range(image.height())
            if dark(image.pixelColor(x, y))}


@pytest.mark.parametrize("height", [30, 34, 44, 46, 56, 76, 80])
def test_spade_and_club_differ_clearly_at_every_size_used(qapp: object, height: int) -> None:
    """At the bots' and the solver's sizes (34 px high at the least) the corner's small spade and
    club would look alike; a small card shows its suit large, so the two differ in many pixels."""
    renderer = CardRenderer(CardStyle.TWO_COLOUR)
    size = card_size(height)
    for rank in "AKQJT98765432":
        spade = _dark(renderer.pixmap(Card.parse(rank + "s"), size).toImage())
        club = _dark(renderer.pixmap(Card.parse(rank + "c"), size).toImage())
        # small cards: their big suit makes 2% of the card differ; larger ones: their own pips
        # (11 px and more) differ in at least 25 pixels
        share = 0.02 if height < BIG_SUIT_BELOW else 0.0
        assert len(spade ^ club) >= max(25, share * size.width() * size.height()), rank


# --- every rank's corner index unambiguous at every size used ----------------------------------

#: Card heights used by the app: the bots' rows with three bots at 1024 (the least, ~30), the bots'
#: and solver's rows, Pai Gow's dealer, the lessons' strips, the table rows at 1024/1366, and larger.
INDEX_HEIGHTS = [30, 34, 40, 44, 46, 56, 62, 76, 80, 90, 110, 126]


def _lum(c: QColor) -> float:
    return 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue()


def _ink_in(image: QImage, rect: QRect, strong: bool) -> set[tuple[int, int]]:
    """Inked pixels of ``image`` inside ``rect``: strongly (at least about half the ink's contrast)
    or at all (any visible tint on the white card)."""
    limit = 150.0 if strong else 238.0
    return {(x, y) for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1)
            if image.pixelColor(x, y).alpha() > 200 and _lum(image.pixelColor(x, y)) < limit}


def _index_area(height: int) -> QRect:
    size = card_size(height)
    area = rank_index_rect(size.width(), size.height())
    return area.toAlignedRect().intersected(QRect(0, 0, size.width(), size.height()))


def _renderer_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rank: Rank, text: str) -> CardRenderer:
    """A renderer over art generated with ``rank`` written as ``text`` (the reference shapes)."""
    make_cards = load_script("make_cards")
    monkeypatch.setitem(INDEX_TEXT, rank, text)
    make_cards.write_all(tmp_path)
    return CardRenderer(CardStyle.TWO_COLOUR, art_dir=tmp_path)


@pytest.mark.parametrize("height", INDEX_HEIGHTS)
def test_queen_index_shows_its_tail_where_an_o_has_none(
        qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, height: int) -> None:
    """On small cards the corner Q never reads as "O" (its tail clipped or too thin).
    Drawn in the same place and font as an "O", the Q's index has clearly inked pixels where the O
    has no ink at all: its tail."""
    size = card_size(height)
    area = _index_area(height)
    queen = CardRenderer(CardStyle.TWO_COLOUR).pixmap(Card.parse("Qs"), size).toImage()
    writes_o = _renderer_writing(tmp_path, monkeypatch, Rank.QUEEN, "O")
    o_like = writes_o.pixmap(Card.parse("Qs"), size).toImage()
    tail = _ink_in(queen, area, strong=True) - _ink_in(o_like, area, strong=False)
    assert len(tail) >= max(3, area.width() * area.height() // 60), (height, sorted(tail))
    # ... below the middle of the letter, where a Q's tail is
    o_rows = [y for _, y in _ink_in(o_like, area, strong=True)]
    middle = (min(o_rows) + max(o_rows)) / 2
    assert all(y > middle for _, y in tail), (height, sorted(tail))


@pytest.mark.parametrize("height", INDEX_HEIGHTS)
def test_jack_index_shows_its_hook(qapp: object, height: int) -> None:
    """On small cards the corner J never reads as "I" (its hook clipped). The J's
    index has clearly inked pixels left of its stem in the lower part of the letter: its hook."""
    size = card_size(height)
    area = _index_area(height)
    for suit in "sh":
        ink = _ink_in(CardRenderer(CardStyle.TWO_COLOUR).pixmap(Card.parse("J" + suit), size).toImage(),
                      area, strong=True)
        xs = sorted({x for x, _ in ink})
        ys = [y for _, y in ink]
        top, bottom = min(ys), max(ys)
        column = {x: sum(1 for px, _ in ink if px == x) for x in xs}
        stem_x = max(xs, key=lambda x: (column[x], x))  # the fullest column (the stem)
        stem_left = min(x for x in xs if x <= stem_x and all(column.get(c, 0) >= column[stem_x] * 0.6
                                                             for c in range(x, stem_x + 1)))
        hook = {(x, y) for x, y in ink if x < stem_left and y > top + (bottom - top) * 0.6}
        assert len(hook) >= max(2, area.width() * area.height() // 90), (height, suit, sorted(hook))


def _lums(image: QImage, rect: QRect) -> list[float]:
    return [_lum(image.pixelColor(x, y)) for x in range(rect.left(), rect.right() + 1)
            for y in range(rect.top(), rect.bottom() + 1)]


@pytest.mark.parametrize("height", INDEX_HEIGHTS)
def test_each_rank_index_differs_from_every_other(qapp: object, height: int) -> None:
    """No two ranks' corner indexes look alike: each pair differs by several whole pixels of ink
    (the summed difference of their pixels' lightness, in units of ink on white)."""
    size = card_size(height)
    area = _index_area(height)
    renderer = CardRenderer(CardStyle.TWO_COLOUR)
    lums = {r: _lums(renderer.pixmap(Card(r, Suit.SPADES), size).toImage(), area) for r in Rank}
    ink = 253.0 - 26.0  # white card to black ink
    least = max(4, area.width() * area.height() // 15)
    for a in Rank:
        for b in Rank:
            if a.value < b.value:
                differ = sum(abs(x - y) for x, y in zip(lums[a], lums[b], strict=True)) / ink
                assert differ >= least, (height, a, b, differ)


def _component(image: QImage, seeds: set[tuple[int, int]], inside: QRect) -> set[tuple[int, int]]:
    """The inked pixels (any tint) inside ``inside`` connected to ``seeds``, 8-neighbourly."""
    inked = _ink_in(image, inside, strong=False)
    todo = [p for p in seeds if p in inked]
    seen = set(todo)
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                p = (x + dx, y + dy)
                if p in inked and p not in seen:
                    seen.add(p)
                    todo.append(p)
    return seen


@pytest.mark.parametrize("height", [80, 90, 100, 110, 126, 140])
def test_pips_keep_clear_of_the_corner_index(qapp: object, height: int) -> None:
    """On large cards the 10's pips keep clear of the corner index (10♥ on the bots' cards at
    1920 x 1080). The ink joined to the corner's rank spreads no further right than the index's column."""
    size = card_size(height)
    w, h = size.width(), size.height()
    inside = QRect(round(w * 0.03), round(h * 0.025), round(w * 0.94), round(h * 0.95))
    area = _index_area(height)
    renderer = CardRenderer(CardStyle.TWO_COLOUR)
    for rank in "T98765432":
        for suit in "hsdc":
            image = renderer.pixmap(Card.parse(rank + suit), size).toImage()
            joined = _component(image, _ink_in(image, area, strong=True), inside)
            assert joined and max(x for x, _ in joined) < w * 0.29, (height, rank + suit)


@pytest.mark.parametrize("height", [46, 60, 79, 80])
def test_solver_cards_are_the_table_face_at_their_size(qapp: object, height: int) -> None:
    """The solver panel's small cards must read as well as the table's at the
    same size. They are the very pictures the table's cards get at that size (spade and club
    differ clearly, ranks unambiguous: the tests above), not a face of their own."""
    from cp_trainer.gui.cards.order import set_order
    from cp_trainer.gui.solver.mini_rows import MiniRows
    from cp_trainer.rules.arrangement import Arrangement

    renderer = CardRenderer(CardStyle.TWO_COLOUR)
    rows = MiniRows(renderer)
    rows.set_card_height(height)
    arr = Arrangement(tuple(Card.parse(c) for c in ("Qs", "Jc", "Th")),
                      tuple(Card.parse(c) for c in ("As", "Ac", "Kd", "Kh", "9s")),
                      tuple(Card.parse(c) for c in ("2c", "3c", "4c", "5c", "6s")))
    rows.show_arrangement(arr)
    for labels, cards in zip(rows._labels, arr.rows, strict=True):
        for label, card in zip(labels, set_order(cards), strict=True):  # sets first, as on the table
            shown = label.pixmap().toImage()
            table = renderer.pixmap(card, card_size(height), label.devicePixelRatioF()).toImage()
            assert shown == table, card
    rows.deleteLater()
