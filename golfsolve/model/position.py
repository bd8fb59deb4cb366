"""Positions: where a game stands, read from and written to boards and JSON.

A position is the 7 columns (0 to 5 cards each, top to bottom), the waste card, the stock left
in draw order, and the cards already under the waste. Stock cards the player has not seen are
unknown (``??``); every other card is named, so that all 52 are accounted for. A deal is the
position before the first move: full columns, 16 known stock cards, nothing under the waste.

Board form (the field's deal format, extended)::

    Talon: ?? ?? 8S ?? ...     the stock left, first card drawn first; ?? an unseen card
    Foundations: 9C            the waste card
    Removed: AC 8S TD ...      the cards under the waste, oldest first
    6C 5S QS TS                a column, top to bottom; the last card is free
    -                          an empty column
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from golfsolve.checks import instance, items
from golfsolve.checks import text as _text
from golfsolve.errors import InputError
from golfsolve.model.cards import FULL_DECK, Card, CardError
from golfsolve.model.text import ascii_lower, shown

if TYPE_CHECKING:
    from golfsolve.model.rules import Rules

COLUMNS = 7
ROWS = 5
STOCK_SIZE = 16
TABLEAU_SIZE = COLUMNS * ROWS
UNKNOWN = "??"
EMPTY_COLUMN = "-"

_STOCK_KEYS = ("talon", "stock")
_WASTE_KEYS = ("foundations", "waste")
_REMOVED_KEYS = ("removed",)
_UNKNOWN_TOKENS = ("??", "?")


class PositionError(InputError):
    """A board or JSON text that is not a valid deal or position; the message says why."""


@dataclass(frozen=True)
class Position:
    columns: tuple[tuple[Card, ...], ...]  # 7 columns, each top to bottom, 0-5 cards
    waste: Card
    stock: tuple[Card | None, ...]  # the stock left in draw order; None: not seen
    removed: tuple[Card, ...] = ()  # the cards under the waste, oldest first
    # the rules the text it was read from names (golfsolve.deal), else None: not compared
    named_rules: Rules | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        # lists taken as tuples (a position is a value: hashable); each card a Card
        object.__setattr__(self, "columns", items(self.columns, "columns", _cards))
        object.__setattr__(self, "waste", _card(self.waste, "waste"))
        object.__setattr__(self, "stock", items(self.stock, "stock", _card_or_unseen))
        object.__setattr__(self, "removed", items(self.removed, "removed", _card))
        if self.named_rules is not None:
            from golfsolve.model.rules import Rules

            instance(self.named_rules, Rules, "named_rules", "a Rules or None")
        if len(self.columns) != COLUMNS:
            raise PositionError(f"the tableau has {len(self.columns)} columns, expected "
                                f"{COLUMNS}")
        for i, column in enumerate(self.columns, 1):
            if len(column) > ROWS:
                raise PositionError(f"column {i} has {len(column)} cards, at most {ROWS}")
        if len(self.stock) > STOCK_SIZE:
            raise PositionError(f"the stock has {len(self.stock)} cards, at most {STOCK_SIZE}")
        _check_cards(self)

    # ----- what it holds -------------------------------------------------------------------
    def known_cards(self) -> list[Card]:
        return [*self.removed, self.waste, *(c for c in self.stock if c is not None),
                *(c for column in self.columns for c in column)]

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards in unknown stock slots (which slot holds which is not known)."""
        known = set(self.known_cards())
        return tuple(c for c in FULL_DECK if c not in known)

    @property
    def unknown_slots(self) -> int:
        return sum(1 for c in self.stock if c is None)

    @property
    def heights(self) -> list[int]:
        return [len(column) for column in self.columns]

    @property
    def removed_from_tableau(self) -> int:
        return TABLEAU_SIZE - sum(self.heights)

    @property
    def drawn(self) -> int:
        """Stock cards drawn so far."""
        return STOCK_SIZE - len(self.stock)

    @property
    def moves_taken(self) -> int:
        """The moves that led here: its removals and draws (the least a move counter reads)."""
        return self.removed_from_tableau + self.drawn

    @property
    def is_start(self) -> bool:
        """Whether this is a deal before its first move."""
        return all(len(c) == ROWS for c in self.columns) and len(self.stock) == STOCK_SIZE

    def hidden(self) -> Position:
        """What a player sees: every stock card unknown."""
        return Position(self.columns, self.waste, (None,) * len(self.stock), self.removed,
                        self.named_rules)

    def with_stock(self, cards: tuple[Card, ...] | list[Card]) -> Position:
        """The unknown stock slots filled, in order, with ``cards`` (a full known stock)."""
        fill = iter(cards)
        stock = tuple(next(fill) if c is None else c for c in self.stock)
        return Position(self.columns, self.waste, stock, self.removed, self.named_rules)

    # ----- board form ----------------------------------------------------------------------
    @classmethod
    def from_board(cls, text: str) -> Position:
        stock = waste = removed = None
        columns: list[tuple[Card, ...]] = []
        for lineno, raw in enumerate(_text(text, "text").splitlines(), 1):
            line = raw.strip().lstrip("\ufeff").strip()
            if not line or line.startswith("#"):
                continue
            key, sep, rest = line.partition(":")
            key = ascii_lower(key.strip())
            if sep and key in _STOCK_KEYS + _WASTE_KEYS + _REMOVED_KEYS:
                if key in _STOCK_KEYS:
                    if stock is not None:
                        raise PositionError(f"line {lineno}: a second stock line")
                    stock = tuple(_parse_tokens(rest, lineno, unknown_ok=True))
                elif key in _WASTE_KEYS:
                    if waste is not None:
                        raise PositionError(f"line {lineno}: a second waste line")
                    cards = _parse_tokens(rest, lineno)
                    if len(cards) != 1:
                        raise PositionError(
                            f"line {lineno}: the waste line has {len(cards)} cards, expected 1")
                    waste = cards[0]
                else:
                    if removed is not None:
                        raise PositionError(f"line {lineno}: a second Removed line")
                    removed = tuple(_parse_tokens(rest, lineno))
                continue
            if sep and key == "":  # ": 9D TS 5C 7D 7H", as black-hole-solver prints columns
                line = rest.strip()
            elif sep:
                raise PositionError(f"line {lineno}: unknown line label {shown(key)}")
            cards = [] if line == EMPTY_COLUMN else _parse_tokens(line, lineno)
            if len(cards) > ROWS:
                raise PositionError(f"line {lineno}: column {len(columns) + 1} has "
                                    f"{len(cards)} cards, at most {ROWS}")
            columns.append(tuple(cards))
        if stock is None:
            raise PositionError("the board has no stock line (Talon: or Stock:)")
        if waste is None:
            raise PositionError("the board has no waste line (Foundations: or Waste:)")
        if len(columns) != COLUMNS:
            raise PositionError(f"the board has {len(columns)} column lines, expected "
                                f"{COLUMNS} (an empty column is written {EMPTY_COLUMN})")
        return cls(tuple(columns), waste, stock, removed or ())

    def __str__(self) -> str:
        """The position as a board file holds it (:meth:`to_board`), for ``print``."""
        return self.to_board().rstrip("\n")

    def to_board(self) -> str:
        lines = ["Talon: " + " ".join(_token(c) for c in self.stock),
                 f"Foundations: {self.waste}"]
        if self.removed:
            lines.append("Removed: " + " ".join(map(str, self.removed)))
        lines += [" ".join(map(str, column)) if column else EMPTY_COLUMN
                  for column in self.columns]
        return "\n".join(line.rstrip() for line in lines) + "\n"

    # ----- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        data = {"stock": [_token(c) for c in self.stock], "waste": str(self.waste),
                "tableau": [[str(c) for c in column] for column in self.columns]}
        if self.removed:
            data["removed"] = [str(c) for c in self.removed]
        return data

    @classmethod
    def from_dict(cls, data: object) -> Position:
        if not isinstance(data, dict):
            raise PositionError("a JSON deal must be an object with stock, waste and tableau")
        for key in ("stock", "waste", "tableau"):
            if key not in data:
                raise PositionError(f"the JSON deal has no {key!r}")
        stock, waste, tableau = data["stock"], data["waste"], data["tableau"]
        removed = data.get("removed") or []
        if not (isinstance(stock, list) and isinstance(tableau, list)
                and isinstance(removed, list) and isinstance(waste, str)):
            raise PositionError("JSON deal: stock, tableau and removed must be lists, waste a "
                                "card string")
        if any(not isinstance(col, list) for col in tableau):
            raise PositionError("JSON deal: each tableau column must be a list of cards")
        return cls(
            tuple(tuple(_json_card(c, f"tableau column {i}") for c in col)
                  for i, col in enumerate(tableau, 1)),
            _json_card(waste, "waste"),
            tuple(_json_card(c, "stock", unknown_ok=True) for c in stock),
            tuple(_json_card(c, "removed") for c in removed),
        )

    def _repr_svg_(self) -> str:
        """The position drawn as the app lays it out, for Jupyter: what ``show --format svg``
        writes (its score as Easy rules count it). The pictures are a layer above the model,
        imported only here, when a notebook asks."""
        from golfsolve.model.game import Game
        from golfsolve.pictures.board import board_svg

        return board_svg(Game(self))


def _card(value: object, name: str) -> Card:
    return instance(value, Card, name, "a Card")


def _card_or_unseen(value: object, name: str) -> Card | None:
    return None if value is None else instance(value, Card, name, "a Card or None (unseen)")


def _cards(value: object, name: str) -> tuple[Card, ...]:
    return items(value, name, _card)


def _token(card: Card | None) -> str:
    return UNKNOWN if card is None else str(card)


def _parse_tokens(text: str, lineno: int, unknown_ok: bool = False) -> list[Card | None]:
    cards: list[Card | None] = []
    for position, token in enumerate(text.split(), 1):
        if token in _UNKNOWN_TOKENS:
            if not unknown_ok:
                raise PositionError(f"line {lineno}, card {position}: only stock cards can be "
                                    f"unknown ({token})")
            cards.append(None)
            continue
        try:
            cards.append(Card.parse(token))
        except CardError:
            raise PositionError(f"line {lineno}, card {position}: unknown card {shown(token)}"
                                ) from None
    return cards


def _json_card(value: object, where: str, unknown_ok: bool = False) -> Card | None:
    if unknown_ok and (value is None or value in _UNKNOWN_TOKENS):
        return None
    if not isinstance(value, str):
        raise PositionError(f"JSON deal, {where}: {shown(value)} is not a card string")
    if value in _UNKNOWN_TOKENS:
        raise PositionError(f"JSON deal, {where}: only stock cards can be unknown ({value})")
    try:
        return Card.parse(value)
    except CardError:
        raise PositionError(f"JSON deal, {where}: unknown card {shown(value)}") from None


def _check_cards(position: Position) -> None:
    """All 52 cards accounted for: each known card once, the rest in unknown stock slots."""
    counts = Counter(position.known_cards())
    problems = []
    duplicates = sorted(c for c, n in counts.items() if n > 1)
    if duplicates:
        problems.append("duplicate cards: " + " ".join(map(str, duplicates)))
    missing = [c for c in FULL_DECK if c not in counts]
    unknown = position.unknown_slots
    if len(missing) > unknown:
        names = " ".join(map(str, missing))
        where = (" (name the cards under the waste on a Removed: line)"
                 if not position.removed and not position.is_start else "")
        if unknown:
            problems.append(f"{len(missing)} cards are not on the board ({names}) but only "
                            f"{unknown} stock cards are unknown{where}")
        else:
            problems.append(f"missing cards: {names}{where}")
    elif len(missing) < unknown:
        problems.append(f"{unknown} stock cards are unknown (??) but only {len(missing)} "
                        "cards are not on the board")
    if problems:
        raise PositionError("; ".join(problems))
