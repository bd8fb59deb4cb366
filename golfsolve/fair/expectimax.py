"""The exact fair value of a position whose stock is partly unseen, by the memoised
expectimax, as a FairValue: the figures of :mod:`golfsolve.fair.kernels.expectimax` (which
explains the algorithm), in fractions."""

from __future__ import annotations

from fractions import Fraction

from golfsolve.fair.result import FairValue
from golfsolve.model.actions import DRAW, Action
from golfsolve.probability import orders

DEFAULT_BUDGET = 500_000  # expectimax states (memo entries): about a second, 16 MB


def fair_value(col_ranks, heights, waste_rank, stock, unseen, fits,
               budget: int = DEFAULT_BUDGET, *, draw_any_time: bool = True,
               dead_test: bool = True, relaxed_test: bool = True) -> FairValue:
    """The exact fair value of a position: heights (7, 0..5), the waste rank, the stock left in
    draw order (0 = an unknown slot) and the unseen ranks' counts (index 1..13), under the rule
    table ``fits`` and draws at any time, or (``draw_any_time`` False) only when nothing fits.

    ``budget``: the most memo entries (16-bytes rows, the table kept 35-70 % full: 23-46
    bytes an entry) before giving up; the result then has ``complete`` False and no value
    rather than a wrong one. ``dead_test`` and ``relaxed_test`` switch the two pruning tests
    (they change the work, never the values).
    """
    from golfsolve.fair.kernels import expectimax as kernel

    col_ranks, heights, stock, unseen, fits = kernel.check_arrays(col_ranks, heights,
                                                                  waste_rank, stock, unseen, fits)
    n_orders = orders(unseen)
    labels, roots = kernel.roots(col_ranks, heights, waste_rank, stock, fits, draw_any_time)
    counters: dict[str, int] = {}
    states = 0
    win_list: list[int] = []
    if labels:
        wins, states, counters = kernel.run_roots(
            col_ranks, stock, fits, unseen, roots, budget,
            kernel.PRUNE_DEAD * dead_test + kernel.PRUNE_RELAXED * relaxed_test
            + kernel.STUCK_ONLY * (not draw_any_time))
        win_list = [int(w) for w in wins]
    actions = {_action(label): (Fraction(w, n_orders) if w >= 0 else None)
               for label, w in zip(labels, win_list, strict=True)}
    if not heights.any():
        total: int | None = n_orders
    elif not labels:
        total = 0
    elif all(w >= 0 for w in win_list):
        total = max(win_list)
    else:
        total = None
    return FairValue(
        wins=total,
        orders=n_orders,
        value=None if total is None else Fraction(total, n_orders),
        complete=total is not None,
        states=states,
        actions=actions,
        counters=counters,
    )


def _action(label: str | int) -> Action:
    """The Action of one of the kernel's root labels: ``"draw"``, or a column 1-7."""
    return DRAW if label == "draw" else Action(label)


def warm() -> None:
    """The memoised expectimax's kernel, compiled or loaded from the cache
    (compiling.EXPECTIMAX): on deal 1 at its last card of column 1 with three stock cards
    unseen."""
    import numpy as np

    from golfsolve.model.deal import Deal
    from golfsolve.model.rules import EASY
    from golfsolve.packing import pack_columns

    start = Deal.from_number(1).position()
    unseen = np.zeros(14, dtype=np.int64)
    for card in start.stock[:3]:
        unseen[card.rank] += 1
    fair_value(pack_columns(start), [1, 0, 0, 0, 0, 0, 0], start.waste.rank, [0, 0, 0],
               unseen, EASY.fits_table())


def fair_value_game(game, hidden=None, budget: int = DEFAULT_BUDGET, *,
                    dead_test: bool = True, relaxed_test: bool = True) -> FairValue:
    """:func:`fair_value` of where a Game stands (any state of it, for tests), its stock
    left unseen (or the slots ``hidden``, indices into the stock left)."""
    from golfsolve.packing import game_fair_arrays

    return fair_value(*game_fair_arrays(game, hidden), game.rules.fits_table(), budget,
                      draw_any_time=game.rules.draw_any_time, dead_test=dead_test,
                      relaxed_test=relaxed_test)
