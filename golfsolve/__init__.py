"""golfsolve: an exact solver and deal analyser for Golf solitaire."""

from .cards import Card
from .codes import GameCode
from .deal import Deal
from .game import Game, MoveRefused
from .rules import ALL_RULES, CLASSIC, DEAD_KING, EASY, Rules

__all__ = [
    "ALL_RULES", "CLASSIC", "DEAD_KING", "EASY", "Card", "Deal", "Game", "GameCode",
    "MoveRefused", "Rules", "solve",
]
__version__ = "0.1.0"


def solve(deal, rules=EASY, **kwargs):
    """Solve ``deal`` under ``rules``; see :func:`golfsolve.solver.solve`."""
    from .solver import solve as _solve

    return _solve(deal, rules, **kwargs)
