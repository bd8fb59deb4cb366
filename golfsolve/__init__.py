"""golfsolve: an exact solver and deal analyser for Golf solitaire.

The library's face: the value types (Card, Rules, GameCode, Deal, Position, Game, Action),
``solve`` (with the stock seen) and ``fair_value`` (with the stock face down, as a player has
it; golfsolve.odds.odds gives every figure of that). The layers beneath
are described in docs/ARCHITECTURE.md."""

from golfsolve.model.actions import Action
from golfsolve.model.cards import Card
from golfsolve.model.codes import GameCode
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused
from golfsolve.model.position import Position
from golfsolve.model.rules import ALL_RULES, CLASSIC, DEAD_KING, EASY, STRICT, Rules

__all__ = [
    "ALL_RULES", "CLASSIC", "DEAD_KING", "EASY", "STRICT", "Action", "Card", "Deal", "Game",
    "GameCode", "MoveRefused", "Position", "Rules", "fair_value", "solve",
]
__version__ = "0.1.0"


def solve(deal, rules=EASY, **kwargs):
    """Solve ``deal`` (a Deal or a Position) under ``rules`` (a Rules, or its name: ``easy``,
    ``classic``, ``dead-king``): a Solution, whose ``moves`` are (kind, column, card); see
    :func:`golfsolve.solver.solve`."""
    from golfsolve.model.rules import rules_by_name
    from golfsolve.solver import solve as _solve

    return _solve(deal, rules_by_name(rules) if isinstance(rules, str) else rules, **kwargs)



def fair_value(start, rules=EASY, *, memory=None):
    """The exact chance that best play wins ``start`` (a Deal or a Position) under ``rules``
    for a player who cannot see the stock (every stock card unseen): a FairValue, whose
    ``value`` and ``actions`` (each legal Action's value) are Fractions. Raises
    golfsolve.stock_fair.NeedsMemory, before allocating it, where it needs more than
    ``memory`` bytes (default: 80% of the memory free now). Under rules that draw only when
    nothing fits (strict) raises ValueError: the fair value assumes draws at any time."""
    from fractions import Fraction

    from golfsolve.fair import FairValue
    from golfsolve.model.rules import rules_by_name
    from golfsolve.packing import position_arrays
    from golfsolve.stock_fair import stock_fair

    rules = rules_by_name(rules) if isinstance(rules, str) else rules
    if not rules.draw_any_time:
        from golfsolve.odds import NO_FAIR_VALUE_WHEN_STUCK

        raise ValueError(f"{rules.name} rules: {NO_FAIR_VALUE_WHEN_STUCK}")
    position = (start.position() if isinstance(start, Deal) else start).hidden()
    col_ranks, heights, waste_rank, _, unseen = position_arrays(position)
    result = stock_fair(col_ranks, heights, waste_rank, unseen, rules.fits_table(),
                        limit=memory)
    return FairValue(result.wins, result.orders, Fraction(result.wins, result.orders), True,
                     int(result.counters["support"]),
                     {a: Fraction(w, result.orders) for a, w in result.actions.items()},
                     result.counters)
