"""The board drawn as the app lays it out: the seven columns side by side, each from the top of
the screen down with its free card at the bottom in brackets, and beside them the stock (its
count only: it is face down), the waste card, the score and the move counter.

Widths are counted in characters, one a character (a suit symbol is one column on the
terminals golfsolve writes to). Colour is ANSI escapes around the red suits' cards, only when
the caller asks: whether the output is a terminal that wants it is the command line's to say.
"""

from __future__ import annotations

from golfsolve.cli.render.lines import DEFAULT, RED, shown_width, wrapped
from golfsolve.model.cards import Card
from golfsolve.model.game import Game
from golfsolve.model.i18n import count_cards, short_name, text

WIDTH = 80  # no line of a drawing is wider
_CARD = 5  # "[10♠]": a card in brackets, the widest thing a column holds but its empty word
_SIDE_GAP = 4  # spaces between the columns and what is beside them


def draw_board(game: Game, title: str, lang: str = "en", color: bool = False,
               most: int = WIDTH) -> str:
    """``game`` as the app shows it, at most ``most`` characters a line (escapes aside; the
    columns themselves, 41 characters, or 35 without the space between them where ``most`` is
    less, excepted):
    ``title`` and the rules' name (wrapped when longer), the column numbers 1-7, each
    column's cards from the top down, its free card in brackets last, an empty column as the
    word for empty; beside the columns (below them if a line would be too wide) the stock's
    count, the waste card, the score and the moves. With ``color`` the cards of hearts and
    diamonds are red. No line ends in a space."""
    rules = text(lang, f"rules_{game.rules.name}")
    head = f"{title}, {rules}" if title else rules
    lines = wrapped(head, most)
    columns = _columns(game, lang, color, most)
    side = _side(game, lang, color)
    width = shown_width(columns[0])  # every row of the columns is as wide
    if width + _SIDE_GAP + max(map(shown_width, side)) <= most:
        rows = max(len(columns), 1 + len(side))  # beside the cards, from their first row
        columns += [" " * width] * (rows - len(columns))
        beside = ["", *side] + [""] * (rows - 1 - len(side))
        lines += [(row + " " * _SIDE_GAP + extra).rstrip(" ") for row, extra in
                  zip(columns, beside, strict=True)]
    else:
        lines += [row.rstrip(" ") for row in columns] + side
    return "\n".join(lines)


def _columns(game: Game, lang: str, color: bool, most: int) -> list[str]:
    """The column numbers, then one line a row of cards: every line as wide as the others, a
    space between two columns where that fits in ``most`` characters (a phone's narrow
    terminal: none)."""
    empty = text(lang, "empty")
    columns = game.columns()
    # as wide as a card in brackets, or where a column is empty as its word (Indonesian's)
    cell = max(_CARD, len(empty)) if not all(columns) else _CARD
    gap = " " if len(columns) * (cell + 1) - 1 <= most else ""
    rows = max(1, *(len(column) for column in columns))
    lines = [gap.join(f"{n:^{cell}}" for n in range(1, len(columns) + 1))]
    for r in range(rows):
        cells = []
        for column in columns:
            if not column:
                cells.append(f"{empty:^{cell}}" if r == 0 else " " * cell)
            elif r < len(column):
                cells.append(_cell(column[r], r == len(column) - 1, cell, lang, color))
            else:
                cells.append(" " * cell)
        lines.append(gap.join(cells))
    return lines


def _cell(card: Card, free: bool, cell: int, lang: str, color: bool) -> str:
    """A card ``cell`` characters wide, its suit in the same place whatever its rank: ``  6♣ ``,
    `` 10♠ ``; the free card in brackets: `` [6♥]``, ``[10♠]``."""
    name = short_name(card, lang)
    shown = f"[{name}]".rjust(_CARD) if free else f" {name:>3} "
    left = (cell - _CARD) // 2
    drawn = " " * left + shown + " " * (cell - _CARD - left)
    return drawn.replace(name, _painted(card, name, color), 1)


def _painted(card: Card, name: str, color: bool) -> str:
    return f"{RED}{name}{DEFAULT}" if color and card.suit in "HD" else name


def _side(game: Game, lang: str, color: bool) -> list[str]:
    """The stock's count, the waste card, score and moves, one a line, the values lined up."""
    items = [(text(lang, "stock"), count_cards(game.stock_left, lang)),
             (text(lang, "waste"), _painted(game.waste, short_name(game.waste, lang), color)),
             (text(lang, "score"), str(game.score)),
             (text(lang, "moves"), str(game.move_count))]
    width = max(len(label) for label, _ in items) + 2
    return [f"{label}:".ljust(width) + value for label, value in items]
