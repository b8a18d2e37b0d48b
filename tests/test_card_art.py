"""Card art: the generator reproduces the committed SVGs, and the renderer draws them sharply."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage

from cp_trainer.cards import FULL_DECK, Card
from cp_trainer.gui.cards.pixmaps import BIG_SUIT_BELOW, JOKER, CardArtError, CardRenderer, card_size
from cp_trainer.gui.cards.style import CardStyle
from cp_trainer.resources import resource_path

ROOT = Path(__file__).resolve().parent.parent


def _load_script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_script_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_generator_reproduces_committed_art(tmp_path: Path) -> None:
    make_cards = _load_script("make_cards")
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


@pytest.mark.parametrize("height", [34, 44, 46, 56, 76])
def test_spade_and_club_differ_clearly_at_every_size_used(qapp: object, height: int) -> None:
    """Issue 12: at the bots' and the solver's sizes (34 px high at the least) the corner's spade and
    club looked alike; a small card now shows its suit large, so the two differ in many pixels."""
    renderer = CardRenderer(CardStyle.TWO_COLOUR)
    size = card_size(height)
    for rank in "AKQJT98765432":
        spade = _dark(renderer.pixmap(Card.parse(rank + "s"), size).toImage())
        club = _dark(renderer.pixmap(Card.parse(rank + "c"), size).toImage())
        # small cards: their big suit makes 2% of the card differ; larger ones: their own pips
        # (11 px and more) differ in at least 25 pixels
        share = 0.02 if height < BIG_SUIT_BELOW else 0.0
        assert len(spade ^ club) >= max(25, share * size.width() * size.height()), rank
