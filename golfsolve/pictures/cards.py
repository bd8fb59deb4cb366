"""One card drawn: face up (its rank and suit in the corner as text, named for a screen reader
by its title), face down (the stock: no name), or the empty place where a card would lie.

A card is ``WIDTH`` x ``HEIGHT``; a column shows the top ``STRIP`` of each card it covers, so
a card's name sits within that strip. Hearts and diamonds are red, clubs and spades black.
"""

from __future__ import annotations

from golfsolve.model.cards import KING, SUIT_SYMBOLS, Card
from golfsolve.model.i18n import card_name
from golfsolve.pictures.svg import content, element

WIDTH, HEIGHT = 72, 100
STRIP = 26  # the part of a covered card left showing, its name within it
RADIUS = 7
RED, BLACK = "#c8102e", "#1a1a1a"
FACE, EDGE = "#fffdf8", "#6b6b6b"
BACK, BACK_EDGE = "#1f4e9c", "#0d2c63"
_LATTICE = 9  # the spacing of the back's diagonal lines


def label(card: Card, lang: str = "en") -> str:
    """What the card's corner shows: ``7♥``, ``10♠``, ``K♣`` (``R♣`` in the languages whose
    rules pages write the king R), with the suit symbol whatever the output can show: a
    picture's characters are written as references where they must be."""
    rank = "R" if card.rank == KING and lang != "en" else (
        "10" if card.rank == 10 else card.rank_char)
    return rank + SUIT_SYMBOLS[card.suit]


def colour(card: Card) -> str:
    return RED if card.suit in "HD" else BLACK


def face_up(card: Card, x: int, y: int, lang: str = "en", more: str = "",
            **extra: object) -> str:
    """The card at (``x``, ``y``), its top left corner: a group of class ``card``, named by its
    ``<title>`` (``7 of hearts``), its name as text in the corner (``7♥``: what a search finds)
    and its suit large in the middle, which a covering card hides. ``more``: classes besides
    ``card``; ``extra``: attributes of the group."""
    paint = colour(card)
    return element(
        "g",
        element("title", content(card_name(card, lang))),
        element("rect", class_="face", x=x, y=y, width=WIDTH, height=HEIGHT, rx=RADIUS,
                fill=FACE, stroke=EDGE),
        element("text", content(label(card, lang)), class_="name", x=x + 6, y=y + 19,
                font_size=17, font_weight="bold", fill=paint),
        element("text", SUIT_SYMBOLS[card.suit], x=x + WIDTH // 2, y=y + 76, font_size=46,
                text_anchor="middle", fill=paint, aria_hidden="true"),
        class_=_classes("card", more), role="img", **extra)


def face_down(x: int, y: int, more: str = "", **extra: object) -> str:
    """A card's back at (``x``, ``y``): class ``card-back``, no name (nobody sees it)."""
    inner = (x + 5, y + 5, x + WIDTH - 5, y + HEIGHT - 5)
    return element(
        "g",
        element("rect", class_="back", x=x, y=y, width=WIDTH, height=HEIGHT, rx=RADIUS,
                fill=BACK, stroke=BACK_EDGE),
        element("rect", x=inner[0], y=inner[1], width=WIDTH - 10, height=HEIGHT - 10, rx=4,
                fill="none", stroke="#ffffff", stroke_opacity=0.55),
        element("path", d=_lattice(*inner), stroke="#ffffff", stroke_opacity=0.22, fill="none"),
        class_=_classes("card-back", more), **extra)


def place(x: int, y: int, name: str = "", more: str = "", **extra: object) -> str:
    """Where a card would lie, empty: a dashed outline (class ``slot``), titled ``name``."""
    titled = [element("title", content(name))] if name else []
    return element("rect", *titled, x=x, y=y, width=WIDTH, height=HEIGHT, rx=RADIUS,
                   fill="#000000", fill_opacity=0.08, stroke="#ffffff", stroke_opacity=0.45,
                   stroke_dasharray="6 5", class_=_classes("slot", more), **extra)


def _classes(own: str, more: str) -> str:
    return f"{own} {more}" if more else own


def _lattice(x0: int, y0: int, x1: int, y1: int) -> str:
    """A path of diagonal lines both ways across the rectangle, cut at its edges."""
    parts = []
    width, height = x1 - x0, y1 - y0
    for k in range(_LATTICE, width + height, _LATTICE):
        # the line x + y = k (from the corner x0, y0), and its mirror x - y = width - k
        a = (min(k, width), k - min(k, width))
        b = (k - min(k, height), min(k, height))
        parts.append(f"M{x0 + a[0]} {y0 + a[1]}L{x0 + b[0]} {y0 + b[1]}")
        parts.append(f"M{x1 - a[0]} {y0 + a[1]}L{x1 - b[0]} {y0 + b[1]}")
    return "".join(parts)
