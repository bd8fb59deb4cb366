"""The exact fair value of a position whose stock is wholly unseen: a deal at its first card,
or any position a player faces, computed layer by layer (:mod:`golfsolve.fair.kernels`
explains how).

The result is in integers: W (orders of the unseen ranks, weighted by optimal play's chance
of a win) over N(M) (the distinct rank orders of the unseen ranks), for the position and for
each of its legal actions. Before the large arrays are allocated, their size is estimated
(:mod:`golfsolve.fair.memory`); a position that needs more than the memory limit gets
:class:`NeedsMemory` instead of being computed. The passes, in order: the closures
(:mod:`golfsolve.fair.closures`), the sets R and S (reach and support), the values
(:mod:`golfsolve.fair.sweep`); the result is a :class:`StockFair`, with its
:class:`FairTable` where it is kept (:mod:`golfsolve.fair.table`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

import numpy as np

from golfsolve.fair.closures import Closures, action_closures
from golfsolve.fair.memory import (
    NeedsMemory,
    chosen_layout,
    default_limit,
    estimate,
    layout_need,
    resident_memory,
)
from golfsolve.fair.multisets import Layers, layers_of
from golfsolve.fair.pages import give_back_freed, paged_array
from golfsolve.fair.storage import FAST, LAYOUTS, kept_bytes
from golfsolve.fair.sweep import Sweep
from golfsolve.fair.table import FairTable, StockFair


class Stage(Enum):
    """The passes of the computation, in the order they run (what a progress report names)."""

    CLOSURES = "closures"  # the positions removals reach from each position
    REACH = "reach"  # the positions the start can reach
    SUPPORT = "support"  # which of them can still be won
    VALUES = "values"  # their values, layer by layer (a report counts the entries done)


# Below this many (heights, unseen multiset) pairs, a position is computed in one thread: its
# passes are too short for threads to gain what their hand-offs cost (ten times as much on a
# busy machine); a deal at its first card has 1.3 to 7.7 billion
ONE_THREAD_CELLS = 50_000_000

Report = Callable[[Stage, int, int], None]  # (stage, done, total) as the work goes on


def stock_fair(col_ranks, heights, waste_rank: int, unseen, fits, *,
               limit: int | None = None, held: int | None = None, jobs: int | None = None,
               keep: bool = False, layout: str | None = None, forced: bool = False,
               progress: Report | None = None) -> StockFair:
    """The exact W of a position (heights 7 x 0..5, the waste rank, the unseen ranks' counts,
    index 1..13, making up the whole stock) and of each legal action. ``limit`` bounds the
    bytes the process holds in all while it computes: the ``held`` it holds already (default:
    its resident memory now) and what this allocates (default: ``held`` and 80% of the memory
    available now). Raises :class:`NeedsMemory`, its ``needed`` the two together, before
    allocating past ``limit``. With ``keep``, every layer is kept, where it fits too, as the
    result's ``table``, and it covers every position play can reach from here, those best play
    never draws in included (which costs more entries); ``jobs`` caps the threads. The layers
    are stored in the fastest layout (fast, compact or tight: :mod:`golfsolve.fair.storage`)
    that keeps the process under :data:`golfsolve.fair.memory.PREFERRED_BYTES` and ``limit``,
    else the smallest, within ``limit``; ``layout`` asks for one. ``forced``: a draw only when
    no free card fits the waste (strict rules), else at any time. ``progress`` is told of each
    pass as it begins, and of the values' entries done as they are made."""
    from golfsolve.fair.kernels import threads, using_threads

    if layout not in (None, *LAYOUTS):
        raise ValueError(f"no layout {layout!r}: one of {', '.join(LAYOUTS)}")
    if held is None:
        give_back_freed()  # what earlier work freed is not held
        held = resident_memory()
    limit = held + default_limit() if limit is None else limit
    col_ranks = np.ascontiguousarray(col_ranks, dtype=np.int64)
    h0 = np.ascontiguousarray(heights, dtype=np.int64)
    fits = np.ascontiguousarray(fits, dtype=np.bool_)
    unseen = np.ascontiguousarray(unseen, dtype=np.int64)
    cells = int(np.prod(h0 + 1)) * int(np.prod(unseen[1:] + 1))  # (heights, multiset) pairs
    every = 1 if cells < ONE_THREAD_CELLS else threads()
    used = max(1, min(jobs, every)) if jobs else every
    first = estimate(h0, unseen, used)
    if held + first > limit:
        raise NeedsMemory(held + first, limit)
    with using_threads(used):
        return _layered(col_ranks, h0, waste_rank, unseen, fits, limit, held, first, keep,
                        layout, forced, _stopping(progress or _unreported))


def _unreported(stage: Stage, done: int, total: int) -> None:
    """The report of a computation no one follows."""


def _stopping(progress: Report) -> Report:
    """``progress``, each report also a place where a stop may end the work (a task run
    inline: golfsolve.interrupts.check_point)."""
    from golfsolve.interrupts import check_point

    def told(stage: Stage, done: int, total: int) -> None:
        check_point()
        progress(stage, done, total)

    return told


def _layered(col_ranks, h0, waste_rank, unseen, fits, limit, held, first, keep,
             asked, forced: bool, progress: Report) -> StockFair:
    """:func:`stock_fair`'s work, the process to hold at most ``limit`` bytes, ``held`` of
    them held already: the passes in turn, each told to ``progress`` as it begins."""
    from golfsolve.fair.kernels import threads
    from golfsolve.fair.kernels.closures import row_strides

    clock = [time.perf_counter()]
    progress(Stage.CLOSURES, 0, 1)
    layers = layers_of(unseen)
    nrows, stride = row_strides(h0)
    used = threads()
    closures, starts, root_closure = _closures(col_ranks, fits, h0, waste_rank, nrows, stride,
                                               layers, used, forced)
    clock.append(time.perf_counter())
    whole_radix, support, counts = _sets(closures, layers, h0, stride, root_closure, keep,
                                         used, progress, clock)
    entries = [int(n) for n in counts.sum(axis=0)]
    to_make = sum(entries[1:])
    progress(Stage.VALUES, 0, to_make)
    if to_make:
        sweep = Sweep(layers, counts, closures, fits, stride, used)

        def need(layout: str) -> tuple[int, int]:
            return layout_need(layout, layers, counts, sweep.bounds, first, sweep.tables,
                               sweep.scratch)

        layout, (peak, fixed) = chosen_layout(need, asked, limit, held)
        keep = keep and fixed + kept_bytes(layers, counts, layout) <= limit - held
        kept, bits = sweep.run(layout, keep, support, whole_radix,
                               lambda done: progress(Stage.VALUES, done, to_make))
    else:  # S is empty: no order wins from any (h, M) the start reaches, so every W is 0
        layout, peak = asked or FAST, first
        kept, bits = no_values(layers, nrows), np.zeros(0, dtype=np.uint64)
    clock.append(time.perf_counter())
    seconds = [round(b - a, 3) for a, b in zip(clock, clock[1:], strict=False)]
    cl_win, members = closures.table[1], closures.table[3]
    counters = {"rows": nrows, "closures": int(cl_win.size), "members": int(members.size),
                "support": sum(entries), "widest": max(entries), "bytes": peak,
                "held": held, "layout": layout,
                **dict(zip(("s_closures", "s_reach", "s_support", "s_values"), seconds,
                           strict=True))}
    table = FairTable(h0, stride, layers, closures, kept, bits, layout)
    return table.answer(root_closure, starts, layers.layer_pos.shape[0] - 1, layers.size,
                        counters, keep)


def no_values(layers: Layers, nrows: int) -> list:
    """Every layer's arrays, as :class:`FairTable` reads them, for an S without entries."""
    no_rows = np.zeros(nrows + 1, dtype=np.int64)
    empty = (no_rows, no_rows, no_rows, np.zeros(0, dtype=np.uint16),
             np.zeros(0, dtype=np.uint16), np.zeros(0, dtype=np.uint64))
    return [None] + [empty] * layers.size


def _closures(col_ranks, fits, h0, waste_rank: int, nrows: int, stride, layers: Layers,
              threads: int, forced: bool) -> tuple[Closures, dict, tuple[list[int], bool]]:
    """The first pass: every row's closures, and those of the start (the root is the last
    row) and of its legal actions."""
    root = nrows - 1
    closures = Closures(col_ranks, fits, h0, stride, layers.ranks, threads, forced)
    give_back_freed()  # the closure threads' marks and parts
    starts = action_closures(closures, h0, waste_rank, root, layers.size)
    root_closure = closures.of(root, waste_rank)
    closures.drop_marks()  # a row's worth of marks, not needed again until a later position
    return closures, starts, root_closure


def _sets(closures: Closures, layers: Layers, h0, stride, root_closure, through_won: bool,
          threads: int, progress: Report, clock: list[float],
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The reach and support passes: S, the (h, M) the start reaches (through won closures
    too where ``through_won``) from which some order of M wins, as bits by the whole radix
    in a paged array (rows x words), and each row's entries of S by layer; the clock read
    after each pass. Returns (the paged array, S, the counts)."""
    from golfsolve.fair.kernels.closures import row_levels
    from golfsolve.fair.kernels.support import layer_counts, reach_pass, support_pass

    nrows = closures.tops.shape[1]
    cl_start, cl_win, mem_start, members, rank_cl = closures.table
    levels, level_start = row_levels(h0, stride, nrows)
    nw = layers.valid.shape[0]
    # S by the whole radix: compact and tight give it back as they turn it into bits
    whole_radix = paged_array(nrows * nw, np.uint64, huge=True)
    support = whole_radix.reshape(nrows, nw)
    progress(Stage.REACH, 0, 1)
    reach_pass(levels, level_start, layers.strides, layers.radix, layers.has, cl_start, cl_win,
               mem_start, members, rank_cl, np.array(root_closure[0], dtype=np.int64),
               layers.layer_pos.shape[0] - 1, threads, through_won, closures.forced, support)
    clock.append(time.perf_counter())
    progress(Stage.SUPPORT, 0, 1)
    support_pass(levels, level_start, layers.strides, layers.radix, layers.has, layers.valid,
                 cl_start, cl_win, mem_start, members, rank_cl, closures.forced, support,
                 np.zeros(nrows, dtype=np.bool_))
    clock.append(time.perf_counter())
    counts = np.zeros((nrows, layers.size + 1), dtype=np.uint16)  # a row's: below 1 << 16
    layer_counts(support, layers.sizes, counts)
    return whole_radix, support, counts


def warm() -> None:
    """The kernels of :func:`stock_fair` (its fast layout, the one chosen where it fits),
    compiled or loaded from the cache (compiling.LAYERS): on deal 1's tableau cut to 72
    rows, under 16 unseen cards of every rank, so that some 13 of them have more than 2**32
    orders (the layers above them are wide_rows')."""
    from golfsolve.model.deal import Deal
    from golfsolve.model.rules import EASY
    from golfsolve.packing import pack_columns

    start = Deal.from_number(1).position()
    unseen = np.array([0, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], dtype=np.int64)
    stock_fair(pack_columns(start), [2, 2, 1, 1, 1, 0, 0], start.waste.rank, unseen,
               EASY.fits_table(), layout=FAST)


def stock_fair_game(game, *, limit: int | None = None, held: int | None = None,
                    jobs: int | None = None, keep: bool = False,
                    layout: str | None = None) -> StockFair:
    """:func:`stock_fair` of where a Game stands under its rules, its whole stock left
    unseen."""
    from golfsolve.packing import game_fair_arrays

    col_ranks, heights, waste_rank, _, unseen = game_fair_arrays(game)
    return stock_fair(col_ranks, heights, waste_rank, unseen, game.rules.fits_table(),
                      limit=limit, held=held, jobs=jobs, keep=keep, layout=layout,
                      forced=not game.rules.draw_any_time)
