"""A board drawn as the app lays it out, in SVG: the seven columns side by side, each from the
top of the screen down, every card but the last covered but for its top strip (where its name
is), the free card whole at the bottom; beside them the stock face down with its count on it,
the waste card, the score and the moves. Removed cards are not drawn; an empty column is an
empty place. The words (the labels, each card's name for a screen reader) are in ``lang``.

``board_svg`` draws a game as it stands. ``stage`` draws the scene of a solution page
(``page.py``): every card the columns start with and every card the waste will show, each
marked with where it lies, shown or hidden step by step by the page's script.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from golfsolve.model.cards import Card
from golfsolve.model.game import Game
from golfsolve.model.i18n import count_cards, text
from golfsolve.model.position import COLUMNS, ROWS
from golfsolve.pictures.cards import HEIGHT, STRIP, WIDTH, face_down, face_up, place
from golfsolve.pictures.svg import SVG_NAMESPACE, content, element

MARGIN, GAP, HEAD = 20, 12, 26  # the edge; between columns; the row of column numbers
SIDE_GAP, PAIR_GAP = 44, 36  # between the columns and the stock; between stock and waste
TOP = MARGIN + HEAD  # where the columns and the stock start
SIDE_X = MARGIN + COLUMNS * WIDTH + (COLUMNS - 1) * GAP + SIDE_GAP
WASTE_X = SIDE_X + WIDTH + PAIR_GAP
CANVAS = (WASTE_X + WIDTH + MARGIN, TOP + (ROWS - 1) * STRIP + HEIGHT + MARGIN)
TABLE, INK = "#1d6b3a", "#eef6ee"  # the felt; the words written on it
FONTS = "DejaVu Sans, Verdana, Segoe UI, Segoe UI Symbol, Arial, sans-serif"


@dataclass(frozen=True)
class Scene:
    """What a board shows: the columns (top to bottom), the waste card, the stock's count, the
    score and the moves."""

    columns: Sequence[Sequence[Card]]
    waste: Card
    stock: int
    score: int
    moves: int

    @classmethod
    def of(cls, game: Game) -> Scene:
        return cls(game.columns(), game.waste, game.stock_left, game.score, game.move_count)


def board_svg(game: Game, lang: str = "en") -> str:
    """``game`` as it stands, an SVG document of its own, its words in ``lang`` (one of
    golfsolve.model.i18n.LANGUAGES; each argument checked: golfsolve.checks)."""
    from golfsolve import checks

    checks.instance(game, Game, "game", "a Game")
    checks.language(lang)
    title = element("title", content(f"Golf, {text(lang, 'rules_' + game.rules.name)}"))
    return document(title + draw(Scene.of(game), lang), standalone=True, lang=lang)


def document(body: str, standalone: bool, lang: str | None = None) -> str:
    """The ``<svg>`` element around ``body``; ``standalone`` (a file, not part of a page)
    names its namespace, and its language ``lang`` (what a screen reader reads its cards'
    names in)."""
    width, height = CANVAS
    return element("svg", body, xmlns=SVG_NAMESPACE if standalone else None, class_="golf-board",
                   viewBox=f"0 0 {width} {height}", width=width, height=height,
                   font_family=FONTS, **{"xml:lang": lang if standalone else None})


def draw(scene: Scene, lang: str) -> str:
    """The board's elements: ``scene`` as it stands."""
    parts = [_table(lang)]
    for c, column in enumerate(scene.columns, 1):
        if not column:
            parts.append(place(column_x(c), TOP, _empty(c, lang)))
        parts += [face_up(card, column_x(c), TOP + r * STRIP, lang,
                          more="free" if r == len(column) - 1 else "")
                  for r, card in enumerate(column)]
    parts.append(_stock(scene.stock, lang))
    parts.append(face_up(scene.waste, WASTE_X, TOP, lang, more="waste"))
    parts.append(_tallies(scene.score, scene.moves, lang))
    return "".join(parts)


def stage(scene: Scene, wastes: Sequence[Card], lang: str) -> str:
    """A solution's board, every card that shows at some step drawn once and marked: a
    column's card with ``data-c`` (its column, 1-7) and ``data-r`` (its row from the top, 0
    first), each column's empty place with ``data-slot``, the waste cards with ``data-w``
    (their order in ``wastes``, ``scene``'s own first), the stock's back and its empty place
    with ``data-stock``. Shown as ``scene`` (the start)."""
    parts = [_table(lang)]
    for c, column in enumerate(scene.columns, 1):
        parts.append(place(column_x(c), TOP, _empty(c, lang), data_slot=c,
                           display="none" if column else None))
        parts += [face_up(card, column_x(c), TOP + r * STRIP, lang, data_c=c, data_r=r)
                  for r, card in enumerate(column)]
    parts.append(_stock(scene.stock, lang, staged=True))
    parts += [face_up(card, WASTE_X, TOP, lang, more="waste", data_w=i,
                      display="none" if i else None) for i, card in enumerate(wastes)]
    parts.append(_tallies(scene.score, scene.moves, lang))
    return "".join(parts)


def column_x(column: int) -> int:
    """The left edge of ``column`` (1-7)."""
    return MARGIN + (column - 1) * (WIDTH + GAP)


def _table(lang: str) -> str:
    """The felt, the column numbers above the columns, the stock's and waste's names."""
    width, height = CANVAS
    parts = [element("rect", class_="table", width=width, height=height, rx=12, fill=TABLE)]
    parts += [_ink(str(c), column_x(c) + WIDTH // 2, MARGIN + 12, 13, text_anchor="middle",
                   aria_hidden="true") for c in range(1, COLUMNS + 1)]
    parts += [_ink(content(text(lang, key)), x + WIDTH // 2, MARGIN + 12, 13, text_anchor="middle")
              for key, x in (("stock", SIDE_X), ("waste", WASTE_X))]
    return "".join(parts)


def _empty(column: int, lang: str) -> str:
    """``Column 3: empty``."""
    return text(lang, "column", n=column, cards=text(lang, "empty"))


def _stock(count: int, lang: str, staged: bool = False) -> str:
    """The stock: face down with its count on it, or, empty, an empty place with 0 on it.
    ``staged``: both drawn, the one not showing hidden, for a page's script to turn."""
    middle_x, middle_y = SIDE_X + WIDTH // 2, TOP + HEIGHT // 2
    parts = [element("title", content(f"{text(lang, 'stock')}: {count_cards(count, lang)}"))]
    if count or staged:
        parts.append(face_down(SIDE_X, TOP, **({"data_stock": 1, "display": None if count
                                                 else "none"} if staged else {})))
    if not count or staged:
        parts.append(place(SIDE_X, TOP, **({"data_stock": 0, "display": "none" if count
                                             else None} if staged else {})))
    parts.append(element("circle", cx=middle_x, cy=middle_y, r=17, fill="#ffffff",
                         fill_opacity=0.92))
    parts.append(element("text", str(count), class_="stock-count", x=middle_x, y=middle_y + 6,
                         font_size=17, font_weight="bold", text_anchor="middle", fill="#0d2c63"))
    return element("g", *parts, class_="stock")


def _tallies(score: int, moves: int, lang: str) -> str:
    """``Score: 0`` and ``Moves: 0`` below the stock and waste, each value a ``tspan`` of class
    ``value`` in a text of class ``score`` or ``moves``."""
    y = TOP + HEIGHT + 34
    return "".join(
        _ink(f"{content(text(lang, key))}: " + element("tspan", str(value), class_="value"),
             SIDE_X, y + 24 * i, 15, class_=key)
        for i, (key, value) in enumerate((("score", score), ("moves", moves))))


def _ink(markup: str, x: int, y: int, size: int, **extra: object) -> str:
    """Words written on the felt: ``markup`` (escaped already)."""
    return element("text", markup, x=x, y=y, font_size=size, fill=INK, **extra)
