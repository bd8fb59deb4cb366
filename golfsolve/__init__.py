"""golfsolve: an exact solver and deal analyser for Golf solitaire.

The library's face: the value types (Card, Rules, GameCode, Deal, Position, Game, Action) and
``solve`` (with the stock seen; golfsolve.odds.odds weighs it face down). The layers beneath
are described in docs/ARCHITECTURE.md."""

from golfsolve.model.actions import Action
from golfsolve.model.cards import Card
from golfsolve.model.codes import GameCode
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused
from golfsolve.model.position import Position
from golfsolve.model.rules import ALL_RULES, CLASSIC, DEAD_KING, EASY, Rules

__all__ = [
    "ALL_RULES", "CLASSIC", "DEAD_KING", "EASY", "Action", "Card", "Deal", "Game", "GameCode",
    "MoveRefused", "Position", "Rules", "solve",
]
__version__ = "0.1.0"


def solve(deal, rules=EASY, **kwargs):
    """Solve ``deal`` (a Deal or a Position) under ``rules`` (a Rules, or its name: ``easy``,
    ``classic``, ``dead-king``): a Solution, whose ``moves`` are (kind, column, card); see
    :func:`golfsolve.solver.solve`."""
    from golfsolve.model.rules import rules_by_name
    from golfsolve.solver import solve as _solve

    return _solve(deal, rules_by_name(rules) if isinstance(rules, str) else rules, **kwargs)

