"""The fair value: the exact chance that best play wins for a player who cannot see the stock
(every order of the unseen cards weighed, none sampled), of a position and of each of its
legal actions.

:func:`value` is the one way in: a position, the rules and a :class:`Limit` in, a
:class:`FairValue` out. It chooses the method (:func:`method`, the one place that does):

- the layers (:mod:`layered`), where every stock card is unseen, as at a deal's first card
  and wherever a player stands: exact integers layer by layer over the unseen multisets,
  within the memory the limit gives (estimated before it is taken);
- the memoised expectimax (:mod:`expectimax`), where some stock cards are known, and where
  the layers need more memory than the limit gives: within its budget of states.

The modules, Python first, then numba:

- ``result``: :class:`FairValue`, what either method gives.
- ``expectimax``: the memoised expectimax's arrays in, a FairValue out.
- ``layered``: the fair value by layers, pass by pass (closures, reach, support, values), in
  integers (``StockFair``); ``multisets`` the layers of sub-multisets of the unseen ranks;
  ``closures`` every row's closures, built on several threads; ``sweep`` the values pass,
  layer by layer; ``table`` its result, and the table of every layer kept that answers a
  game's later positions; ``storage`` how a layer's values are laid out (fast, compact,
  tight) and the bytes each layout's sweeps hold; ``memory`` what the machine can give, the
  estimates, the layout chosen for the limit and ``NeedsMemory``; ``pages`` arrays whose
  tails are given back to the system as a sweep passes them; ``threads`` a pass cut into
  parts for the threads.
- ``score``: beside the fair value, the score's value (the expected final score of best play
  for the score, for a hint once no move can win), by the same closures and layers, dense.
- ``kernels/``: the numba kernels (the only modules here that import numba), named for their
  algorithms: ``expectimax``; ``closures``, ``support`` (reach and support), ``values`` and
  ``compact_values`` (the layer DP, which the package's notes explain); ``score``.

Positions come as arrays from :mod:`golfsolve.packing` (``position_arrays``), the one module
outside the kernels that knows their encoding.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import TYPE_CHECKING

from golfsolve.errors import memory_refused
from golfsolve.fair.expectimax import DEFAULT_BUDGET
from golfsolve.fair.result import FairValue

if TYPE_CHECKING:
    from golfsolve.fair.layered import Report
    from golfsolve.model.position import Position
    from golfsolve.model.rules import Rules

__all__ = ["DEFAULT_BUDGET", "FairValue", "Limit", "Method", "kernel_parts", "method", "value"]


class Method(Enum):
    """How a fair value is computed."""

    LAYERS = "layers"  # a wholly unseen stock, by layers of the unseen multisets
    EXPECTIMAX = "expectimax"  # any stock, the memoised expectimax within a budget of states


@dataclass(frozen=True)
class Limit:
    """How much a fair value may take: ``memory``, the bytes the process may hold while the
    layers work (None: what it holds and 80% of the memory free now); ``budget``, the
    expectimax's states, where the layers cannot take the position or need more than
    ``memory`` (None: the expectimax is not tried, and :class:`NeedsMemory` is raised
    instead); ``threads``, the layers' threads (None: every core)."""

    budget: int | None = DEFAULT_BUDGET
    memory: int | None = None
    threads: int | None = None


def method(position: Position, rules: Rules) -> Method:
    """The method for ``position`` under ``rules`` (whether they draw at any time or only
    when nothing fits): the layers where every stock card is unseen (an empty stock too),
    else the expectimax."""
    if position.unknown_slots == len(position.stock):
        return Method.LAYERS
    return Method.EXPECTIMAX


def kernel_parts(position: Position, rules: Rules) -> list:
    """The kernels (golfsolve.compiling Parts) the fair value of ``position`` runs first: those
    of its :func:`method`."""
    from golfsolve.compiling import EXPECTIMAX, LAYERS

    return [LAYERS if method(position, rules) is Method.LAYERS else EXPECTIMAX]


def value(position: Position, rules: Rules, limit: Limit = Limit(), *, keep: bool = False,
          progress: Report | None = None) -> FairValue:
    """The exact fair value of ``position`` under ``rules`` for a player who sees of the stock
    only what the position names, and of each legal action, by the :func:`method` it takes:
    the layers within ``limit.memory`` (``progress`` told how far they have come, each pass
    and the values made; with ``keep``, the result's ``table`` answers the later positions of
    the game, where it fits), else, or where the layers need more memory, the expectimax
    within ``limit.budget`` states (where that is None and the layers are not the method,
    as many states as ``limit.memory`` holds). A value
    not computed (the budget ran out, or the system gave neither method the memory it
    asked for) has ``complete`` False and its ``reason``; ``needs``, the bytes the layers
    asked for. Where ``limit.budget`` is None, raises golfsolve.fair.memory.NeedsMemory where
    the layers need more memory than the limit, and golfsolve.errors.MemoryRefused where the
    system refuses memory within it."""
    chosen = method(position, rules)
    from golfsolve.packing import position_arrays

    col_ranks, heights, waste_rank, stock, unseen = position_arrays(position)
    refused = None
    if chosen is Method.LAYERS:
        from golfsolve.fair import layered
        from golfsolve.fair.memory import NeedsMemory

        try:
            found = layered.stock_fair(col_ranks, heights, waste_rank, unseen,
                                       rules.fits_table(), limit=limit.memory,
                                       jobs=limit.threads, keep=keep,
                                       forced=not rules.draw_any_time, progress=progress)
        except NeedsMemory as needs:
            if limit.budget is None:
                raise
            refused = needs
        except (MemoryError, OSError) as exc:  # within the limit, past what the system gives
            refused = memory_refused(exc)  # (anything else raised again)
            if limit.budget is None:
                raise refused from exc
        else:
            return FairValue(found.wins, found.orders, Fraction(found.wins, found.orders), True,
                             int(found.counters["support"]),
                             {a: Fraction(w, found.orders) for a, w in found.actions.items()},
                             found.counters, table=found.table)
    budget = limit.budget
    if budget is None:
        from golfsolve.fair.memory import memory_budget

        budget = memory_budget(limit.memory)
    from golfsolve.fair.expectimax import fair_value

    try:
        result = fair_value(col_ranks, heights, waste_rank, stock, unseen, rules.fits_table(),
                            budget, draw_any_time=rules.draw_any_time)
    except (MemoryError, OSError) as exc:  # past what the system gives (ulimit -v, say)
        system = memory_refused(exc)  # (anything else raised again)
        refused = refused or system
        if limit.budget is None:
            raise refused from exc
        from golfsolve.probability import orders

        return FairValue(None, orders(unseen), None, False, 0, reason=refused.reason,
                         needs=refused.needed)
    if result.complete:
        return result
    if refused is not None:
        return replace(result, reason=refused.reason, needs=refused.needed)
    return replace(result, reason=f"{position.unknown_slots} unseen cards need more than the "
                                  f"budget of {budget:,} states", budget=budget)
