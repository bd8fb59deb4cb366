"""A Golf layout on one line, the way a player of the Golf app types what the screen shows.

    [STOCK |] WASTE | COLUMN 1 | COLUMN 2 | ... | COLUMN 7 [| removed: CARDS]

Fields are separated by ``|``. WASTE is the one face-up card; each COLUMN is its cards from
the top of the screen down, so that the last card of a field is the column's free card (as in
the board format, where a column line is "top to bottom; the last card is free", and as the rules
pages list the columns). The optional first field is the stock in draw order (first drawn
first); ``??`` stands for a stock card not known. Cards are written as the board format takes
them: ``TS``, ``10S``, ``10♠``, ``ts``.

A deal (no ``removed:`` field): 5 cards a column and, when given, 16 stock cards. Without a
stock field the stock is unseen: the layout is a ``Position`` with 16 unknown stock cards
(``odds`` takes it; ``solve`` needs the stock). With one of 16 known cards it is a full
``Deal``. Example (the rules page's deal; one line, shown wrapped here)::

    AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C |
         JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C

is the waste A♣, column 1 = 6♣ 5♠ Q♠ 10♠ 6♥ from the top (6♥ free), .., column 7 ending in 5♣.

A game under way adds a field ``removed: CARDS`` (anywhere on the line; the label in either
case): the cards already under the waste, oldest first, as the board format's ``Removed:``
line. Then a column holds 0 to 5 cards (``-``: an empty one) and the stock field is the stock
left: at most 16 cards and ``??``, or just how many it holds (``10``: ten unseen cards; ``0`` or
``-``: none), as the app shows it. Without a stock field, the cards the line does not name are
the stock, unseen. Every card is named once, or stands in the stock as ``??``: each problem
(a duplicate, with both places; cards named nowhere; more ``??`` than cards left; a column
taller than 5; ``??`` outside the stock) is named. Example (deal 1 after 30 moves)::

    10 | JS | - | 2D KD | - | JC 9S KS | 5D | 7H AD QD | 7C QC | removed: TH 8H 7S 2C 3S 4D
         5C 4H 3C 2S AC KC AS KH AH JH TD 9D 7D 6D 5S 4S 3H 4C 5H 8S 9H TS JD QH
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from golfsolve.model.cards import (
    FULL_DECK,
    Card,
    CardError,
    ace_meant,
    as_typed,
    is_rank,
    is_suit,
    written_like,
)
from golfsolve.model.deal import Deal
from golfsolve.model.position import (
    COLUMNS,
    EMPTY_COLUMN,
    ROWS,
    STOCK_SIZE,
    Position,
    PositionError,
)
from golfsolve.model.text import ascii_lower, shown

SEPARATOR = "|"
UNKNOWN = ("??", "?")
REMOVED_LABEL = "removed"
MAX_LENGTH = 2000  # characters: 52 cards written the longest way fit many times over
_COUNT = re.compile(r"[0-9]{1,3}\Z")  # a stock field that says how many cards it holds
_UNDER_WAY = (f"a game under way starts with how many cards its stock holds and names the cards "
              f"already removed in a {REMOVED_LABEL}: field")


class OneLineError(PositionError):
    """A one-line layout that is not a Golf deal or position. ``field`` is the field at fault
    (``"stock"``, ``"waste"``, ``"column 3"``, ``"removed"``, or None for the whole line),
    ``token`` the card text at fault (or None); the message is one line and says both."""

    def __init__(self, message: str, field: str | None = None, token: str | None = None) -> None:
        super().__init__(message, field=field, token=token)
        self.field, self.token = field, token


@dataclass(frozen=True)
class OneLine:
    """A parsed layout: ``columns`` 7 columns top to bottom, ``waste``, ``stock`` the stock
    left in draw order (None: a card not known), ``stock_given`` whether the line had a stock
    field, ``removed`` the cards under the waste, oldest first (a game under way)."""

    columns: tuple[tuple[Card, ...], ...]
    waste: Card
    stock: tuple[Card | None, ...]
    stock_given: bool
    removed: tuple[Card, ...] = ()

    def position(self) -> Position:
        return Position(self.columns, self.waste, self.stock, self.removed)

    def deal(self):
        """The full deal; OneLineError for a game under way or a stock card not known."""
        if self.removed or not self.position().is_start:
            raise OneLineError("the layout is a game under way, not a deal")
        if any(c is None for c in self.stock):
            raise OneLineError("the layout's stock is not known: give its 16 cards in draw "
                               "order as a first field to make it a deal", "stock")
        return Deal(self.columns, self.waste, tuple(self.stock))


def looks_like_oneline(text: str) -> bool:
    """Whether an argument is meant as a one-line layout (it has a ``|`` and no line break)."""
    return SEPARATOR in text and "\n" not in text.strip()


def _counted(n: int, what: str = "card") -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _split(text: str) -> tuple[list[tuple[int, list[str]]], list[str] | None]:
    """The fields of a line: the unlabelled ones (each with its place on the line, from 1, and
    its tokens), and the tokens of the ``removed:`` field (None: there is none)."""
    if len(text) > MAX_LENGTH:
        raise OneLineError(f"the layout is {len(text)} characters long: too long for one deal")
    if "\n" in text.strip():
        raise OneLineError("a one-line layout is one line: fields are separated by |")
    fields, removed = [], None
    for place, field in enumerate(text.strip().split(SEPARATOR), 1):
        label, colon, rest = field.partition(":")  # no card has a colon: it ends a label
        words = ascii_lower(label).split()
        if not colon:
            fields.append((place, field.split()))
        elif len(words) > 1 and words[-1] == REMOVED_LABEL:
            raise OneLineError(f"field {place} of the layout runs into the {REMOVED_LABEL}: "
                               f"field: write | before {REMOVED_LABEL}:")
        elif words != [REMOVED_LABEL]:
            raise OneLineError(f"field {place} of the layout has the label "
                               f"{shown(label.strip() + ':')}; the one label is "
                               f"{REMOVED_LABEL}: (the cards already removed)", None,
                               label.strip())
        elif removed is not None:
            raise OneLineError(f"field {place} of the layout is a second {REMOVED_LABEL}: "
                               "field: name the removed cards in one", "removed")
        else:
            removed = rest.split()
    empty = next((place for place, tokens in fields if not tokens), None)
    if empty is not None and empty > 1 and empty == len(fields) and removed is None:
        raise OneLineError(f"the layout ends with |: nothing follows it (fields are separated "
                           f"by |; an empty column is written {EMPTY_COLUMN})")
    if empty == 1:
        raise OneLineError(f"the layout starts with |: nothing comes before it (the waste "
                           f"card, or the stock first; an empty column is written "
                           f"{EMPTY_COLUMN})")
    if empty is not None:
        raise OneLineError(f"field {empty} of the layout is empty (fields are separated by |; "
                           f"an empty column is written {EMPTY_COLUMN})")
    return fields, removed


def parse(text: str) -> OneLine:
    """The deal or game under way a line holds, checked whole: OneLineError naming the first
    problem met (its field and token where it has them), one line."""
    fields, removed_tokens = _split(text)
    if removed_tokens == [EMPTY_COLUMN]:
        removed_tokens = []
    under_way = bool(removed_tokens)  # (an empty removed: field is a deal's)
    for place, field in fields:
        _check_spacing(field, place)
    tokens = [field for _, field in fields]
    if len(tokens) == COLUMNS and len(tokens[0]) == ROWS + 1 and all(
            len(field) == ROWS for field in tokens[1:]):  # WASTE COLUMN 1 | ...: | left out
        raise OneLineError(f"field 1 of the layout has {ROWS + 1} cards: the waste card comes "
                           "first and alone, then | (WASTE | COLUMN 1 | ... | COLUMN 7)",
                           "waste")
    if len(tokens) == 8 and len(tokens[-1]) == 1 and all(
            len(field) == ROWS for field in tokens[:-1]):  # the waste typed last
        raise OneLineError("the layout ends with one card: the waste card comes first "
                           "(WASTE | COLUMN 1 | ... | COLUMN 7)", "waste")
    # 9 fields: stock | waste | 7 columns; 8 fields: waste | 7 columns. Any other count is a
    # wrong number of columns, counted after a stock field when the first has several cards
    # or is one no waste is (a count, ??, -).
    stock_given = len(tokens) == 9 and not (len(tokens[0]) == 1 and len(tokens[1]) > 1)
    first = tokens[0] if tokens else []
    stock_like = first == [EMPTY_COLUMN] or (len(first) == 1 and (
        first[0] in UNKNOWN or _COUNT.match(first[0]) is not None))
    if len(tokens) == COLUMNS and all(len(field) > 1 for field in tokens):  # columns alone
        raise OneLineError(f"the layout has {COLUMNS} columns and no waste: the waste card "
                           "comes first, WASTE | COLUMN 1 | ... | COLUMN 7, separated by |")
    if len(tokens) not in (8, 9) or (len(tokens) == 9 and not stock_given) or (
            len(tokens) == 8 and stock_like):
        columns_given = max(0, len(tokens) - (2 if len(first) > 1 or stock_like else 1))
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
        if token in UNKNOWN:
            raise OneLineError(f"{where}: only stock cards can be unknown ({token})", where,
                               token)
        try:
            c = Card.parse(token)
        except CardError:
            ace = ace_meant(token)
            ace = f"; an ace is A: {ace}" if ace else ""
            raise OneLineError(f"{where}: {shown(as_typed(token))} is not a card (write cards like "
                               f"{written_like()}{ace})", where, token) from None
        if c in seen:
            other = seen[c] if seen[c].startswith("column") else f"the {seen[c]}" + (
                " cards" if seen[c] == "removed" else "")
            raise OneLineError(f"{where}: duplicate card {c} (also in {other})", where,
                               token)
        seen[c] = where
        return c

    waste = card(waste_tokens[0], "waste")
    columns = tuple(_column(toks, f"column {i}", under_way, card)
                    for i, toks in enumerate(column_tokens, 1))
    if under_way and stock_tokens is None:
        raise OneLineError("a game under way starts with its stock field: how many cards it "
                           "holds, as the app shows it (say 10), or its cards in draw order",
                           "stock")
    stock = None if stock_tokens is None else _stock(stock_tokens, under_way, card)
    removed = tuple(card(t, "removed") for t in removed_tokens or ())
    return OneLine(columns, waste, _accounted(stock, set(seen)), stock_given, removed)


def _check_spacing(tokens: list[str], place: int) -> None:
    """OneLineError where a field's cards are separated by commas or its columns by ``/``, a
    card is written with a space inside (``10 D``), or a suit stands alone: slips that would
    otherwise read as a wrong count of cards or columns."""
    for token in tokens:
        if "/" in token:
            raise OneLineError(f"field {place} of the layout has / ({shown(as_typed(token))}): "
                               "fields are separated by |", None, token)
        if "," in token:
            raise OneLineError(f"field {place} of the layout separates cards with commas "
                               f"({shown(as_typed(token))}): separate them with spaces", None,
                               token)
    for rank, suit in zip(tokens, tokens[1:], strict=False):
        if is_rank(rank) and is_suit(suit):
            shown_card = as_typed(rank + " " + suit)
            raise OneLineError(f"field {place} of the layout has {shown(shown_card)}: write "
                               f"a card without a space ({shown_card.replace(' ', '')})", None,
                               rank)
    for token in tokens:
        if is_suit(token) and not is_rank(token):
            raise OneLineError(f"field {place} of the layout has a suit alone "
                               f"({shown(as_typed(token))}): write each card as its rank and "
                               "suit together (7H, 10♥)", None, token)


def _column(tokens: list[str], where: str, under_way: bool, card) -> tuple[Card, ...]:
    """A column's cards, top to bottom: 5 in a deal, 0 to 5 (``-``: none) in a game under
    way."""
    if tokens == [EMPTY_COLUMN]:
        tokens = []
    elif EMPTY_COLUMN in tokens:
        raise OneLineError(f"{where}: {EMPTY_COLUMN} stands for an empty column, alone", where,
                           EMPTY_COLUMN)
    if len(tokens) > ROWS:
        raise OneLineError(f"{where} has {len(tokens)} cards, "
                           f"{'at most' if under_way else 'expected'} {ROWS} (top to bottom, "
                           "the free card last)", where)
    if len(tokens) < ROWS and not under_way:
        raise OneLineError(f"{where} has {_counted(len(tokens))}, expected {ROWS} (top to "
                           f"bottom, the free card last); {_UNDER_WAY}", where)
    return tuple(card(t, where) for t in tokens)


def _stock(tokens: list[str], under_way: bool, card) -> tuple[Card | None, ...]:
    """The stock field: its cards in draw order (None for ``??``), or as many unknown cards as
    it counts; 16 in a deal, at most 16 in a game under way."""
    if len(tokens) == 1 and _COUNT.match(tokens[0]):
        if int(tokens[0]) > STOCK_SIZE:
            raise OneLineError(f"the stock field counts {int(tokens[0])} cards: a stock holds "
                               f"at most {STOCK_SIZE}", "stock", tokens[0])
        tokens = ["??"] * int(tokens[0])
    elif tokens == [EMPTY_COLUMN]:
        tokens = []
    if len(tokens) > STOCK_SIZE or (len(tokens) < STOCK_SIZE and not under_way):
        raise OneLineError(f"the stock field has {len(tokens)} cards, "
                           f"{'at most' if under_way else 'expected'} {STOCK_SIZE} in draw "
                           f"order{'' if len(tokens) > STOCK_SIZE else '; ' + _UNDER_WAY}",
                           "stock")
    return tuple(None if t in UNKNOWN else card(t, "stock") for t in tokens)


def _accounted(stock: tuple[Card | None, ...] | None, named: set[Card]
               ) -> tuple[Card | None, ...]:
    """The stock, checked to hold every card the line does not name (as many ``??`` as those
    cards); a deal's stock not given is those cards, unseen."""
    unnamed = [c for c in FULL_DECK if c not in named]
    if stock is None:  # a deal without a stock field: its 35 + 1 cards named, 16 left
        return (None,) * len(unnamed)
    missing = f"{_counted(len(unnamed))} {'is' if len(unnamed) == 1 else 'are'} not in the layout"
    unknown = sum(1 for c in stock if c is None)
    if len(unnamed) > unknown:
        holds = (f"has only {_counted(unknown, 'unknown card')} (??)" if unknown else
                 "has no unknown card (??)")
        raise OneLineError(f"{missing} ({' '.join(map(str, unnamed))}) but the stock {holds}: "
                           f"name every card already removed in the {REMOVED_LABEL}: field",
                           "removed")
    if len(unnamed) < unknown:
        raise OneLineError(f"the stock has {_counted(unknown, 'unknown card')} (??) but only "
                           f"{missing}", "stock")
    return stock


def from_oneline(text: str):
    """The layout as a golfsolve ``Deal`` when it is one (before the first move, its stock
    known), else a ``Position``."""
    position = parse(text).position()
    if position.is_start and not position.removed and not position.unknown_slots:
        return Deal.from_position(position)
    return position


def to_oneline(deal_or_position, with_stock: bool | None = None) -> str:
    """A deal or position as one line that parses back to it (``parse``). ``with_stock`` None:
    the stock's cards are written when any is known; False: not written, so that the line
    reads back with the stock unseen; True: written, ``??`` for each card not known. Where the
    cards are not written, a game under way's stock field says how many it holds, and a deal
    has none."""
    position = deal_or_position.position() if hasattr(deal_or_position, "position") and \
        callable(deal_or_position.position) else deal_or_position
    under_way = bool(position.removed)  # (every position but a deal's start has removed cards)
    known = any(c is not None for c in position.stock)
    fields = []
    if with_stock or (with_stock is None and known):
        fields.append(" ".join("??" if c is None else str(c) for c in position.stock) or "0")
    elif under_way:
        fields.append(str(len(position.stock)))
    fields.append(str(position.waste))
    fields += [" ".join(map(str, column)) or EMPTY_COLUMN for column in position.columns]
    if under_way:
        fields.append(f"{REMOVED_LABEL}: " + " ".join(map(str, position.removed)))
    return " | ".join(fields)
