#!/usr/bin/env python3
"""Generate the card art: SVG faces for both card styles, a back and a joker.

    .venv/bin/python scripts/make_cards.py            # rewrite resources/cards/
    .venv/bin/python scripts/make_cards.py --out DIR  # write somewhere else (the tests do)

Output (committed; ``tests/project/test_card_art.py`` checks this script reproduces it byte for byte):
``resources/cards/two-colour/As.svg`` .. ``four-colour/2c.svg`` (52 faces per style, named like
``str(Card)``), ``resources/cards/back.svg`` and ``resources/cards/joker.svg``.

Suit pips are drawn as paths, so their shape never depends on a font; ranks are bold
DejaVu Sans text (the font the app ships with on every supported system). The four-colour style
keeps the suit shapes and changes only the ink: spades black, hearts red, diamonds blue, clubs
green. Cards are 250 x 350 units (poker size, 2.5 x 3.5).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cp_trainer.gui.cards.style import INDEX_TEXT, CardStyle, suit_colour  # noqa: E402
from cp_trainer.rules.cards import FULL_DECK, Card, Rank, Suit  # noqa: E402

WIDTH, HEIGHT = 250, 350
FONT = "DejaVu Sans"

# Suit shapes in a 100 x 100 box; each is a list of SVG elements (without fill), unioned by drawing.
_SUIT_SHAPES: dict[Suit, tuple[str, ...]] = {
    Suit.HEARTS: (
        '<path d="M50,95 C36,80 4,60 4,33 C4,17 15,6 29,6 C39,6 46,12 50,22 '
        'C54,12 61,6 71,6 C85,6 96,17 96,33 C96,60 64,80 50,95 Z"/>',
    ),
    Suit.DIAMONDS: ('<path d="M50,2 Q67,29 90,50 Q67,71 50,98 Q33,71 10,50 Q33,29 50,2 Z"/>',),
    Suit.SPADES: (
        '<path d="M50,3 C62,22 96,40 96,62 C96,78 85,86 72,86 C63,86 56,81 53,75 '
        'C54,85 58,92 68,97 L32,97 C42,92 46,85 47,75 C44,81 37,86 28,86 '
        'C15,86 4,78 4,62 C4,40 38,22 50,3 Z"/>',
    ),
    Suit.CLUBS: (
        '<circle cx="50" cy="27" r="21"/>',
        '<circle cx="26" cy="59" r="21"/>',
        '<circle cx="74" cy="59" r="21"/>',
        '<circle cx="50" cy="52" r="13"/>',
        '<path d="M46,58 C46,78 42,89 31,97 L69,97 C58,89 54,78 54,58 Z"/>',
    ),
}

def _num(x: float) -> str:
    """Compact, deterministic number text."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def pip(suit: Suit, colour: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    """A suit symbol of height ``size`` centred at (cx, cy); ``flip`` turns it upside down."""
    scale = size / 100
    transform = f"translate({_num(cx - size / 2)},{_num(cy - size / 2)}) scale({_num(scale)})"
    if flip:
        transform = f"rotate(180 {_num(cx)} {_num(cy)}) " + transform
    body = "".join(_SUIT_SHAPES[suit])
    return f'<g transform="{transform}" fill="{colour}">{body}</g>'


def _rank_text(rank: Rank, colour: str, x: float, y: float, size: float) -> str:
    text = INDEX_TEXT[rank]
    # "10" is two glyphs: squeeze it horizontally so it fits the same corner column.
    squeeze = ' transform="scale(0.66,1)"' if len(text) == 2 else ""
    return (
        f'<g transform="translate({_num(x)},{_num(y)})"><text x="0" y="0"{squeeze} '
        f'font-family="{FONT}" font-weight="bold" font-size="{_num(size)}" fill="{colour}" '
        f'text-anchor="middle">{text}</text></g>'
    )


def _corner(card: Card, colour: str) -> str:
    """Rank over suit, top-left; the same turned 180 degrees, bottom-right."""
    index = _rank_text(card.rank, colour, 35, 68, 68) + pip(card.suit, colour, 35, 101, 46)
    return f"<g>{index}</g><g transform=\"rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})\">{index}</g>"


# Pip positions for 2..10 as (column, row): column -1/0/1 = left/centre/right, row 0..1 top..bottom.
_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6),
         (-1, 1), (1, 1)),
}
# The pips keep clear of the corner indexes (x 4..66 at the top left, the same turned at the
# bottom right): the outer columns' pips start 10 units or more right of them. Nine and ten pips
# are smaller and closer together, so the ten's middle ones fit between the columns.
_PIP_X = {-1: 92.0, 0: 125.0, 1: 158.0}
_PIP_X_MANY = {-1: 97.0, 0: 125.0, 1: 153.0}
_PIP_TOP, _PIP_BOTTOM, _PIP_SIZE, _PIP_SIZE_MANY = 72.0, 278.0, 42.0, 37.0


def _centre(card: Card, colour: str) -> str:
    rank = card.rank.value
    if rank in _LAYOUTS:
        parts = []
        size, xs = (_PIP_SIZE_MANY, _PIP_X_MANY) if rank >= 9 else (_PIP_SIZE, _PIP_X)
        for column, row in _LAYOUTS[rank]:
            y = _PIP_TOP + row * (_PIP_BOTTOM - _PIP_TOP)
            parts.append(pip(card.suit, colour, xs[column], y, size, flip=row > 0.5))
        return "".join(parts)
    if card.rank is Rank.ACE:
        return pip(card.suit, colour, WIDTH / 2, HEIGHT / 2, 120)
    # J, Q, K: a tinted frame with the letter large and a pip above and below.
    return (
        f'<rect x="70" y="44" width="110" height="262" rx="10" fill="{colour}" fill-opacity="0.08" '
        f'stroke="{colour}" stroke-width="3"/>'
        + pip(card.suit, colour, 125, 88, 50)
        + pip(card.suit, colour, 125, 262, 50, flip=True)
        + _rank_text(card.rank, colour, 125, 212, 110)
    )


def _svg(body: str, title: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.2" baseProfile="tiny" '
        f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">\n'
        f"<title>{title}</title>\n{body}\n</svg>\n"
    )


def _blank(fill: str = "#fdfdfb", stroke: str = "#8c8c8c") -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="14" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="3"/>'
    )


def face_svg(card: Card, style: CardStyle) -> str:
    colour = suit_colour(card.suit, style)
    body = "\n".join((_blank(), _centre(card, colour), _corner(card, colour)))
    return _svg(body, card.pretty())


def back_svg() -> str:
    navy, light = "#1d3f7a", "#7d9fd6"
    parts = [_blank("#ffffff"), f'<rect x="14" y="14" width="222" height="322" rx="8" fill="{navy}"/>']
    # A lattice of small diamonds, all inside the inner panel.
    step = 22
    for row in range(14):
        for col in range(10):
            cx = 26 + col * step + (step / 2 if row % 2 else 0)
            cy = 28 + row * step
            if cx > 224 or cy > 322:
                continue
            parts.append(
                f'<path d="M{_num(cx)},{_num(cy - 7)} L{_num(cx + 7)},{_num(cy)} L{_num(cx)},{_num(cy + 7)} '
                f'L{_num(cx - 7)},{_num(cy)} Z" fill="{light}" fill-opacity="0.55"/>'
            )
    parts.append(f'<rect x="55" y="105" width="140" height="140" rx="70" fill="{navy}" '
                 'stroke="#ffffff" stroke-width="5"/>')
    for suit, (dx, dy) in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS),
                              ((-26, -26), (26, -26), (-26, 26), (26, 26)), strict=True):
        parts.append(pip(suit, "#ffffff", 125 + dx, 175 + dy, 40))
    return _svg("\n".join(parts), "back")


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> str:
    import math

    coords = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        coords.append(f"{_num(cx + radius * math.cos(angle))},{_num(cy + radius * math.sin(angle))}")
    return "M" + " L".join(coords) + " Z"


def joker_svg() -> str:
    purple, gold = "#5b2a86", "#e0a106"
    letters = "".join(
        f'<text x="30" y="{44 + i * 30}" font-family="{FONT}" font-weight="bold" font-size="30" '
        f'fill="{purple}" text-anchor="middle">{ch}</text>'
        for i, ch in enumerate("JOKER")
    )
    parts = [
        _blank(),
        f'<rect x="62" y="44" width="126" height="262" rx="10" fill="{purple}" fill-opacity="0.08" '
        f'stroke="{purple}" stroke-width="3"/>',
        f'<path d="{_star(125, 150, 58, 24)}" fill="{gold}" stroke="{purple}" stroke-width="4" '
        'stroke-linejoin="round"/>',
        f'<path d="{_star(125, 150, 18, 8)}" fill="{purple}"/>',
        f'<text x="125" y="262" font-family="{FONT}" font-weight="bold" font-size="30" fill="{purple}" '
        'text-anchor="middle">JOKER</text>',
        f"<g>{letters}</g>",
        f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{letters}</g>',
    ]
    return _svg("\n".join(parts), "joker")


def card_files() -> Iterator[tuple[str, str]]:
    """Every file as (path relative to resources/cards, SVG text), in a fixed order."""
    for style in CardStyle:
        for card in FULL_DECK:
            yield f"{style.value}/{card}.svg", face_svg(card, style)
    yield "back.svg", back_svg()
    yield "joker.svg", joker_svg()


def write_all(out: Path) -> int:
    count = 0
    for rel, text in card_files():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate the SVG card art.")
    parser.add_argument("--out", type=Path, default=ROOT / "cp_trainer" / "resources" / "cards",
                        help="output folder (default: resources/cards)")
    args = parser.parse_args(argv)
    count = write_all(args.out)
    print(f"wrote {count} SVG files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
