"""Deals: the position before the first move, and dealing PySolFC's deal n.

See :mod:`golfsolve.model.position` for the board and JSON forms, which positions share, and
:mod:`golfsolve.model.sources` for what a DEAL argument names (codes, numbers, layouts,
files).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from golfsolve.checks import instance, items, whole
from golfsolve.model.cards import FULL_DECK, Card
from golfsolve.model.position import (
    COLUMNS,
    ROWS,
    STOCK_SIZE,
    TABLEAU_SIZE,
    Position,
    PositionError,
)
from golfsolve.model.pysolfc import reference_board

if TYPE_CHECKING:
    from golfsolve.model.rules import Rules

__all__ = ["COLUMNS", "ROWS", "STOCK_SIZE", "TABLEAU_SIZE", "Deal", "DealError", "as_position"]

DealError = PositionError  # a text or source that is not a valid deal or position


@dataclass(frozen=True)
class Deal:
    tableau: tuple[tuple[Card, ...], ...]  # 7 columns, each top to bottom
    waste: Card
    stock: tuple[Card, ...]  # draw order
    _position: Position = field(init=False, repr=False, compare=False)
    # the rules the text it was read from names (golfsolve.deal), else None: not compared
    named_rules: Rules | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        # lists taken as tuples (a deal is a value: hashable); each card a Card
        object.__setattr__(self, "tableau", items(self.tableau, "tableau", _cards))
        object.__setattr__(self, "waste", instance(self.waste, Card, "waste", "a Card"))
        object.__setattr__(self, "stock", _cards(self.stock, "stock"))
        if len(self.tableau) != COLUMNS:
            raise DealError(f"the tableau has {len(self.tableau)} columns, expected {COLUMNS}")
        for i, column in enumerate(self.tableau, 1):
            if len(column) != ROWS:
                raise DealError(f"column {i} has {len(column)} cards, expected {ROWS}")
        if len(self.stock) != STOCK_SIZE:
            raise DealError(f"the stock has {len(self.stock)} cards, expected {STOCK_SIZE}")
        # Checks every card once; kept, so that the deal is never checked again.
        object.__setattr__(self, "_position", Position(self.tableau, self.waste, self.stock,
                                                       named_rules=self.named_rules))

    def cards(self) -> list[Card]:
        """The 52 cards in board order: the stock in draw order, the waste, the columns."""
        return [*self.stock, self.waste, *(c for column in self.tableau for c in column)]

    def position(self) -> Position:
        """The deal as a position: before the first move."""
        return self._position

    @classmethod
    def from_position(cls, position: Position) -> Deal:
        instance(position, Position, "position", "a Position")
        if not position.is_start or position.removed or position.unknown_slots:
            raise DealError("this is a position mid-game or with unknown cards, not a deal")
        return cls(position.columns, position.waste, tuple(position.stock),
                   named_rules=position.named_rules)

    # ----- dealing -------------------------------------------------------------------------
    @classmethod
    def from_number(cls, number: int) -> Deal:
        """PySolFC's Golf deal ``number`` as PySolFC's application deals it (pysol_cards'
        pieces; see :mod:`golfsolve.model.pysolfc`)."""
        return cls.from_board(reference_board(whole(number, "number")))

    @classmethod
    def from_indices(cls, indices) -> Deal:
        """A deal from its 52 card indices in board order (the stock's 16 in draw order, the
        waste, then each column from the top down), as the compiled dealers give them."""
        cards = [FULL_DECK[i] for i in indices]
        tableau = cards[STOCK_SIZE + 1:]
        return cls(tuple(tuple(tableau[c * ROWS:(c + 1) * ROWS]) for c in range(COLUMNS)),
                   cards[STOCK_SIZE], tuple(cards[:STOCK_SIZE]))

    @classmethod
    def from_ms(cls, number: int) -> Deal:
        """PySolFC's Microsoft-numbered deal ``msN``."""
        return cls.from_board(reference_board(whole(number, "number"), ms=True))

    # ----- text ----------------------------------------------------------------------------
    @classmethod
    def from_board(cls, text: str) -> Deal:
        """The deal a board's text holds (:meth:`Position.from_board`; a position mid-game
        or with unknown cards is refused)."""
        return cls.from_position(Position.from_board(text))

    def __str__(self) -> str:
        """The deal as a board file holds it (:meth:`to_board`), for ``print``."""
        return str(self.position())

    def to_board(self) -> str:
        return self.position().to_board()

    def to_dict(self) -> dict:
        return self.position().to_dict()

    @classmethod
    def from_dict(cls, data: object) -> Deal:
        return cls.from_position(Position.from_dict(data))

    def to_json(self) -> str:
        import json

        return json.dumps(self.to_dict())

    def _repr_svg_(self) -> str:
        """The deal drawn as the app lays it out, for Jupyter (as ``show --format svg``)."""
        return self.position()._repr_svg_()


def _cards(value: object, name: str) -> tuple[Card, ...]:
    return items(value, name, lambda card, at: instance(card, Card, at, "a Card"))


def as_position(value: object, name: str = "start") -> Position:
    """``value``, a Deal or a Position, as a Position (a TypeError naming the argument
    ``name`` for anything else)."""
    if isinstance(value, Deal):
        return value.position()
    return instance(value, Position, name, "a Deal or a Position")
