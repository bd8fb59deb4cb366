"""Action: what a player does next, a draw or the removal of a column's free card, with the
token a line and ``replay`` write it as (``d``, or the column's number 1-7)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from golfsolve.checks import text, whole
from golfsolve.model.text import ascii_lower, shown

DRAW_TOKEN = "d"
COLUMN_COUNT = 7


@dataclass(frozen=True)
class Action:
    """A draw (``column`` None) or the removal of the free card of ``column`` (1-7)."""

    column: int | None = None

    def __post_init__(self) -> None:
        if self.column is not None and not 1 <= whole(self.column, "column") <= COLUMN_COUNT:
            raise ValueError(f"no column {self.column}: columns are 1-{COLUMN_COUNT}")

    @classmethod
    def from_token(cls, token: str) -> Action:
        """``d`` (or ``draw``) a draw, ``1``-``7`` a removal from that column; ValueError for
        anything else (the token shown)."""
        word = ascii_lower(text(token, "token").strip())
        if word in (DRAW_TOKEN, "draw"):
            return DRAW
        if len(word) == 1 and "1" <= word <= str(COLUMN_COUNT):
            return cls(int(word))
        raise ValueError(f"not a move: {shown(token)}")

    @property
    def token(self) -> str:
        return DRAW_TOKEN if self.column is None else str(self.column)

    @property
    def is_draw(self) -> bool:
        return self.column is None

    @property
    def kind(self) -> str:
        """``draw`` or ``remove``, as the JSON records name it."""
        return "draw" if self.column is None else "remove"

    def __str__(self) -> str:
        return self.token


DRAW = Action()


def best_of(actions: Iterable[Action], value_of: Callable[[Action], object]) -> Action:
    """The action of highest ``value_of``; ties go to a removal over a draw, then the lower
    column. ValueError when ``actions`` is empty."""
    return max(sorted(actions, key=lambda a: (a.is_draw, a.column or 0)), key=value_of)
