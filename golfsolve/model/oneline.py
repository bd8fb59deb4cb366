"""A Golf layout on one line, the way a player of the Golf app types what the screen shows.

    [STOCK |] WASTE | COLUMN 1 | COLUMN 2 | ... | COLUMN 7

Fields are separated by ``|``. WASTE is the one face-up card; each COLUMN is its 5 cards from
the top of the screen down, so that the last card of a field is the column's free card (as in
the board format, where a column line is "top to bottom; the last card is free", and as the rules
pages list the columns). The optional first field is the 16 stock
cards in draw order (first drawn first); ``??`` stands for a stock card not known. Cards are
written as the board format takes them: ``TS``, ``10S``, ``10♠``, ``ts``.

Without a stock field the stock is unseen: the layout is a ``Position`` with 16 unknown stock
cards (``odds`` takes it; ``solve`` needs the stock). With one of 16 known cards it is a full
``Deal``. Example (the rules page's deal; one line, shown wrapped here)::

    AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C |
         JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C

is the waste A♣, column 1 = 6♣ 5♠ Q♠ 10♠ 6♥ from the top (6♥ free), .., column 7 ending in 5♣.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfsolve.model.cards import Card, CardError
from golfsolve.model.position import COLUMNS, ROWS, STOCK_SIZE, Position, PositionError
from golfsolve.model.text import shown

SEPARATOR = "|"
UNKNOWN = ("??", "?")
MAX_LENGTH = 2000  # characters: 52 cards written the longest way fit many times over


class OneLineError(PositionError):
    """A one-line layout that is not a Golf deal. ``field`` is the field at fault (``"stock"``,
    ``"waste"``, ``"column 3"``, or None for the whole line), ``token`` the card text at fault
    (or None); the message is one line and says both."""

    def __init__(self, message: str, field: str | None = None, token: str | None = None) -> None:
        super().__init__(message, field=field, token=token)
        self.field, self.token = field, token


@dataclass(frozen=True)
class OneLine:
    """A parsed layout: ``columns`` 7 columns top to bottom, ``waste``, ``stock`` 16 cards in
    draw order (None: unknown), ``stock_given`` whether the line had a stock field."""

    columns: tuple[tuple[Card, ...], ...]
    waste: Card
    stock: tuple[Card | None, ...]
    stock_given: bool

    def position(self) -> Position:
        return Position(self.columns, self.waste, self.stock)

    def deal(self):
        """The full deal; OneLineError if a stock card is unknown."""
        from golfsolve.model.deal import Deal

        if any(c is None for c in self.stock):
            raise OneLineError("the layout's stock is not known: give its 16 cards in draw "
                               "order as a first field to make it a deal", "stock")
        return Deal(self.columns, self.waste, tuple(self.stock))


def looks_like_oneline(text: str) -> bool:
    """Whether an argument is meant as a one-line layout (it has a ``|`` and no line break)."""
    return SEPARATOR in text and "\n" not in text.strip()


def parse(text: str) -> OneLine:
    if len(text) > MAX_LENGTH:
        raise OneLineError(f"the layout is {len(text)} characters long: too long for one deal")
    if "\n" in text.strip():
        raise OneLineError("a one-line layout is one line: fields are separated by |")
    fields = [f.strip() for f in text.strip().split(SEPARATOR)]
    tokens = [f.split() for f in fields]
    if any(not t for t in tokens):
        where = next(i for i, t in enumerate(tokens, 1) if not t)
        raise OneLineError(f"field {where} of the layout is empty (fields are separated by |; "
                           "every column of a deal has 5 cards)")
    # 9 fields: stock | waste | 7 columns; 8 fields: waste | 7 columns. Any other count is a
    # wrong number of columns, counted after a stock field when the first has several cards.
    stock_given = len(tokens) == 9 and not (len(tokens[0]) == 1 and len(tokens[1]) > 1)
    if len(tokens) not in (8, 9) or (len(tokens) == 9 and not stock_given):
        columns_given = len(tokens) - (2 if len(tokens[0]) > 1 else 1)
        raise OneLineError(f"the layout has {columns_given} column"
                           f"{'' if columns_given == 1 else 's'}, expected {COLUMNS}: "
                           "[stock |] waste | 7 columns, separated by |")
    stock_tokens = tokens[0] if stock_given else None
    waste_tokens, column_tokens = tokens[len(tokens) - 8], tokens[len(tokens) - 7:]
    if len(waste_tokens) != 1:
        raise OneLineError(f"the waste field has {len(waste_tokens)} cards, expected 1",
                           "waste")
    seen: dict[Card, str] = {}

    def card(token: str, where: str) -> Card:
        try:
            c = Card.parse(token)
        except CardError:
            raise OneLineError(f"{where}: {shown(token)} is not a card (write cards like TS, 10S, "
                               "10♠)", where, token) from None
        if c in seen:
            other = seen[c] if seen[c].startswith("column") else f"the {seen[c]}"
            raise OneLineError(f"{where}: duplicate card {c} (also in {other})", where,
                               token)
        seen[c] = where
        return c

    waste = card(waste_tokens[0], "waste")
    columns = []
    for i, toks in enumerate(column_tokens, 1):
        where = f"column {i}"
        if len(toks) != ROWS:
            raise OneLineError(f"{where} has {len(toks)} cards, expected {ROWS} (top to "
                               "bottom, the free card last)", where)
        columns.append(tuple(card(t, where) for t in toks))
    if stock_tokens is None:
        stock: tuple[Card | None, ...] = (None,) * STOCK_SIZE
    else:
        if len(stock_tokens) != STOCK_SIZE:
            raise OneLineError(f"the stock field has {len(stock_tokens)} cards, expected "
                               f"{STOCK_SIZE} in draw order", "stock")
        stock = tuple(None if t in UNKNOWN else card(t, "stock") for t in stock_tokens)
    missing = 52 - len(seen)
    unknown = sum(1 for c in stock if c is None)
    if missing != unknown:  # cannot happen with 52 distinct cards in 52 slots; kept as a guard
        raise OneLineError(f"{missing} cards are not in the layout but {unknown} stock cards "
                           "are unknown", "stock")
    return OneLine(tuple(columns), waste, stock, stock_given)


def from_oneline(text: str):
    """The layout as a golfsolve ``Deal`` when its stock is known, else a ``Position``."""
    line = parse(text)
    return line.deal() if all(c is not None for c in line.stock) else line.position()


def to_oneline(deal_or_position, with_stock: bool | None = None) -> str:
    """A deal, or a position at its start, as one line. ``with_stock`` None: the stock field
    is written when any stock card is known."""
    position = deal_or_position.position() if hasattr(deal_or_position, "position") and \
        callable(deal_or_position.position) else deal_or_position
    if not position.is_start or position.removed:
        raise OneLineError("only a deal (a position before the first move) has a one-line "
                           "layout")
    known = any(c is not None for c in position.stock)
    fields = []
    if with_stock or (with_stock is None and known):
        fields.append(" ".join("??" if c is None else str(c) for c in position.stock))
    fields.append(str(position.waste))
    fields += [" ".join(map(str, column)) for column in position.columns]
    return " | ".join(fields)
