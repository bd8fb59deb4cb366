"""The exact fair value of a position whose stock is wholly unseen: a deal at its first card,
or any position a player faces, computed layer by layer (:mod:`golfsolve.kernels.stock_layers`
explains how).

The result is in integers: W (orders of the unseen ranks, weighted by optimal play's chance
of a win) over N(M) (the distinct rank orders of the unseen ranks), for the position and for
each of its legal actions. Before the large arrays are allocated, their size is estimated; a
position that needs more than the memory limit gets :class:`NeedsMemory` instead of being
computed.
"""

from __future__ import annotations

import math
import os
import queue
import time
from collections.abc import Callable
from concurrent import futures
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from golfsolve.layer_storage import (
    FAST,
    LAYOUTS,
    bit_offsets,
    high_bits,
    high_fields,
    high_words,
    kept_bytes,
    position_offsets,
    slot_type,
    sweep_bounds,
    sweep_peak,
    value_offsets,
    value_type,
    words,
)
from golfsolve.model.actions import COLUMN_COUNT, DRAW, Action
from golfsolve.pages import give_back_freed, paged_array, release_tail

PARTS = 4  # parts of a range of rows for each thread, taken as the threads come free
SHRINK = 0.75  # each part's entries against the one before's
CLOSURE_THREADS = 4  # at most: each holds marks of every row
# added to every estimate: the kernels' code and the threads' start as they load (about 100 MB
# measured), small tables and the heap's slack
FIXED_BYTES = 144 << 20
# the layout is the fastest whose whole process stays under this, where one does, else the
# smallest: the fast layout's speed (about 1.2x the tight one's) is not worth twice the memory
PREFERRED_BYTES = 2_000_000_000


class Stage(Enum):
    """The passes of the computation, in the order they run (what a progress report names)."""

    CLOSURES = "closures"  # the positions removals reach from each position
    REACH = "reach"  # the positions the start can reach
    SUPPORT = "support"  # which of them can still be won
    VALUES = "values"  # their values, layer by layer (a report counts the entries done)


Report = Callable[[Stage, int, int], None]  # (stage, done, total) as the work goes on


class NeedsMemory(Exception):
    """The computation needs ``needed`` bytes, more than the ``limit`` it was given."""

    def __init__(self, needed: int, limit: int):
        self.needed = needed
        self.limit = limit
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        return f"needs {size_text(self.needed)}, more than the {size_text(self.limit)} it may use"


def size_text(nbytes: int) -> str:
    """Bytes as people read them: ``1.4 GB``, ``350 MB``, ``64 kB``, ``900 bytes`` (never a
    figure rounded up past what it stands for, as 1 MB for 1,000 bytes)."""
    if nbytes >= 10**9:
        return f"{nbytes / 1e9:.1f} GB"
    if nbytes >= 10**6:
        return f"{round(nbytes / 1e6):,} MB"
    if nbytes >= 10**3:
        return f"{round(nbytes / 1e3):,} kB"
    return f"{nbytes:,} byte{'s' if nbytes != 1 else ''}"


@dataclass(frozen=True)
class Layers:
    """The sub-multisets of the unseen ranks, by size: ``down[k][p, j]`` the position in layer
    k - 1 of layer k's p-th multiset less one card of ``ranks[j]`` (-1: it has none), and
    ``orders[k][p]`` its number of distinct orders."""

    ranks: np.ndarray
    down: list[np.ndarray]
    orders: list[np.ndarray]
    strides: np.ndarray  # of each present rank in the whole mixed radix
    radix: np.ndarray  # its count + 1
    has: np.ndarray  # has[j]: the bits (whole radix) of the multisets holding ranks[j]
    valid: np.ndarray  # the bits of every multiset
    masks: np.ndarray  # masks[k]: the bits of layer k's multisets
    layer_pos: np.ndarray  # layer_pos[index]: its position in its layer
    sizes: np.ndarray  # sizes[index]: its number of cards

    @property
    def size(self) -> int:
        """The number of unseen cards (the top layer's k)."""
        return len(self.orders) - 1

    def width(self, k: int) -> int:
        return self.orders[k].shape[0]


def layers_of(unseen) -> Layers:
    """The layers of sub-multisets of ``unseen`` (14 counts by rank, index 0 unused)."""
    ranks = np.array([r for r in range(1, 14) if unseen[r]], dtype=np.int64)
    radices = [int(unseen[r]) + 1 for r in ranks]
    strides = np.array([math.prod(radices[:j]) for j in range(len(ranks))], dtype=np.int64)
    if len(ranks):
        digits = np.indices(radices).reshape(len(ranks), -1)
    else:
        digits = np.zeros((0, 1), dtype=np.int64)
    index = (digits * strides[:, None]).sum(axis=0) if len(ranks) else np.zeros(1, np.int64)
    sizes = digits.sum(axis=0)
    factorial = np.array([math.factorial(n) for n in range(17)], dtype=np.int64)
    position = np.full(index.max() + 1, -1, dtype=np.int64)
    by_size = []
    for k in range(int(sizes.max()) + 1 if sizes.size else 1):
        members = np.nonzero(sizes == k)[0]
        members = members[np.argsort(index[members])]
        position[index[members]] = np.arange(members.size)
        by_size.append(members)
    down, orders = [], []
    for k, members in enumerate(by_size):
        d = digits[:, members]
        orders.append(factorial[k] // factorial[d].prod(axis=0))
        lower = np.full((members.size, len(ranks)), -1, dtype=np.int32)
        for j in range(len(ranks)):
            has = d[j] > 0
            lower[has, j] = position[index[members[has]] - strides[j]]
        down.append(lower)
    total = int(index.max()) + 1
    nw = words(total)
    if max(members.size for members in by_size) >= 1 << 16:
        raise ValueError("a layer too wide for 16-bit positions")

    def bitset(indices) -> np.ndarray:
        bits = np.zeros(nw * 64, dtype=np.uint8)
        bits[indices] = 1
        return np.packbits(bits, bitorder="little").view(np.uint64)

    has = np.array([bitset(index[digits[j] > 0]) for j in range(len(ranks))],
                   dtype=np.uint64).reshape(len(ranks), nw)
    masks = np.array([bitset(index[members]) for members in by_size], dtype=np.uint64)
    card_count = np.zeros(nw * 64, dtype=np.int64)
    card_count[index] = sizes
    return Layers(ranks, down, orders, strides, np.array(radices, dtype=np.int64), has,
                  bitset(index), masks, position, card_count)


def available_memory() -> int:
    """Bytes this machine can give now: MemAvailable, or 4 GiB where it cannot be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 4 << 30


def resident_memory() -> int:
    """Bytes this process holds now (its resident set), or 0 where that cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def default_limit() -> int:
    """The memory a fair value may use by default: 80% of what is available now."""
    return available_memory() * 4 // 5


def estimate(heights, unseen, threads: int = CLOSURE_THREADS) -> int:
    """Bytes the first stage (closures, reach bits, two support layers) needs, before any
    value is stored; values are checked again, exactly, once the reach bits are known. The
    closure threads' marks (``threads`` of them at most) are gone before the bits are made."""
    nrows = math.prod(int(h) + 1 for h in heights)
    nw = words(math.prod(int(unseen[r]) + 1 for r in range(1, 14)))
    marks = nrows * (14 * 4 + 4 + 8) * max(1, min(threads, CLOSURE_THREADS))
    return FIXED_BYTES + closure_guess(nrows) + max(marks, 8 * nrows * nw)


def closure_guess(nrows: int) -> int:
    """Bytes the closure table of ``nrows`` rows is taken to need before it is built, with
    the loose column sub-closures made from it."""
    table = nrows * (13 * 4 + 8 + 7) + nrows * 6 * 13 * 4  # rank_cl, cl_start, tops; members
    return table + nrows * COLUMN_COUNT * 4 * 3  # loose: a start and about two rows a column


@dataclass(frozen=True)
class StockFair:
    """W of the position and of each legal action (an :class:`Action`), over
    ``orders`` = N(M). ``counters``: the sizes met (rows, closures, entries, bytes) and the
    seconds of each pass. ``table``: what answers later positions of the same game at once,
    when it was kept."""

    wins: int
    orders: int
    actions: dict[Action, int]
    counters: dict[str, float] = field(default_factory=dict, compare=False)
    table: FairTable | None = field(default=None, compare=False, repr=False)


class Closures:
    """Every row's closures (see :func:`golfsolve.kernels.stock_layers.closure_table`), and the
    closure of any one (row, waste) on demand."""

    def __init__(self, col_ranks, fits, h0, stride, ranks, threads: int = 1):
        from golfsolve.kernels.stock_layers import top_cards

        self.col_ranks, self.fits, self.h0, self.stride = col_ranks, fits, h0, stride
        self.tops = top_cards(col_ranks, h0, stride, int(np.prod(h0 + 1)))
        self.table = _closure_tables(self.tops, fits, stride, ranks, threads)
        self._marks = None

    @property
    def nbytes(self) -> int:
        return self.tops.nbytes + sum(a.nbytes for a in self.table)

    def of(self, row: int, waste: int) -> tuple[list[int], bool]:
        """The rows removal-reachable from (row, waste), the row first, and whether they hold
        the empty tableau."""
        from golfsolve.kernels.stock_layers import closure_of

        if self._marks is None:
            nrows = self.table[4].shape[0]
            self._marks = [np.zeros((nrows, 14), dtype=np.int32),
                           np.zeros(nrows, dtype=np.int32), np.empty(nrows, dtype=np.int64), 0]
        stamp, seen, out, tag = self._marks
        self._marks[3] = tag = tag + 1
        n, won = closure_of(self.tops, self.fits, self.stride, row, waste, stamp, seen, tag,
                            out)
        return [int(m) for m in out[:n]], bool(won)

    def drop_marks(self) -> None:
        """Give back the marks :meth:`of` keeps between calls (made again when next asked)."""
        self._marks = None


def _by_ranges(kernel, nrows: int, threads: int) -> list:
    """``kernel(lo, hi)`` over rows 0 .. nrows - 1 cut into ranges (four a thread where there
    are several threads, else one), ``threads`` at once, the results in row order."""
    cuts = np.linspace(0, nrows, 4 * threads + 1 if threads > 1 else 2).astype(np.int64)
    with futures.ThreadPoolExecutor(threads) as pool:
        return list(pool.map(kernel, cuts[:-1].tolist(), cuts[1:].tolist()))


def _closure_tables(tops, fits, stride, ranks, threads: int) -> tuple:
    """:func:`golfsolve.kernels.stock_layers.closure_table` of every row, its ranges computed
    by up to ``threads`` threads at once and joined, ids and offsets shifted."""
    from golfsolve.kernels.stock_layers import SELF, closure_table

    tables = _by_ranges(lambda lo, hi: closure_table(tops, fits, stride, ranks, lo, hi),
                        tops.shape[0], max(1, min(threads, CLOSURE_THREADS)))
    if len(tables) == 1:
        return _narrow(*tables[0])
    cl_starts, wins, mem_starts, members, rank_cls = [], [], [], [], []
    closures = entries = 0
    for cl_start, cl_win, mem_start, part_members, rank_cl in tables:
        cl_starts.append(cl_start[:-1] + closures)
        mem_starts.append(mem_start[:-1] + entries)
        rank_cls.append(np.where(rank_cl == SELF, rank_cl, rank_cl + closures).astype(np.int32))
        wins.append(cl_win)
        members.append(part_members)
        closures += cl_win.size
        entries += part_members.size
    return _narrow(np.concatenate([*cl_starts, [closures]]), np.concatenate(wins),
                   np.concatenate([*mem_starts, [entries]]), np.concatenate(members),
                   np.concatenate(rank_cls))


def _loose_tables(closures: Closures, fits, rank_j, threads: int) -> tuple:
    """:func:`golfsolve.kernels.stock_layers.loose_columns` of every row, its ranges computed
    by ``threads`` threads at once and joined, offsets shifted."""
    from golfsolve.kernels.stock_layers import loose_columns

    _, _, mem_start, members, rank_cl = closures.table
    tables = _by_ranges(lambda lo, hi: loose_columns(closures.tops, fits, closures.stride,
                                                     rank_j, rank_cl, mem_start, members, lo,
                                                     hi),
                        closures.tops.shape[0], threads)
    starts, rows = [], []
    total = 0
    for start, part_rows in tables:
        if total + part_rows.size >= 1 << 31:
            raise ValueError("more loose column rows than 32-bit offsets hold")
        starts.append(start[:-1] + np.int32(total))
        rows.append(part_rows)
        total += part_rows.size
    return np.concatenate([*starts, np.array([total], dtype=np.int32)]), np.concatenate(rows)


def _narrow(cl_start, cl_win, mem_start, members, rank_cl) -> tuple:
    """The closure table with its members' offsets in 32 bits (they are read all through
    the values)."""
    if mem_start[-1] >= 1 << 31:
        raise ValueError("more closure members than 32-bit offsets hold")
    return cl_start, cl_win, mem_start.astype(np.int32), members, rank_cl


class FairTable:
    """W of every (heights, unseen multiset) the start can reach, about to draw, layer by
    layer: it answers any later position of the same game without a new pass."""

    def __init__(self, h0, stride, layers: Layers, closures: Closures, kept: list,
                 bits: np.ndarray, layout: str):
        self.h0, self.stride, self.layers, self.closures = h0, stride, layers, closures
        self.layout = layout
        self.kept = kept  # kept[k] = (poff, boff, voff, positions, low, high) of layer k
        self.bits = bits

    def w(self, row: int, index: int, k: int) -> int:
        """W(h, M) for the row of h and M's whole-radix index; k = |M|."""
        if k == 0:
            return 0
        poff, boff, voff, positions, low, high = self.kept[k]
        p = int(self.layers.layer_pos[index])
        start = int(voff[row])
        if start == int(voff[row + 1]):
            return 0
        if poff[row] < poff[row + 1]:  # packed, positions stored
            lo, hi = int(poff[row]), int(poff[row + 1])
            i = lo + int(np.searchsorted(positions[lo:hi], p))
            if i == hi or positions[i] != p:
                return 0
            i += start - lo
        elif boff[row] < boff[row + 1]:  # packed, positions the bits of S
            row_bits = self.bits[int(boff[row]):int(boff[row + 1])]
            word, bit = divmod(p, 64)
            below = int(row_bits[word]) & ((1 << (bit + 1)) - 1)
            if not below >> bit:
                return 0
            i = start + int(np.bitwise_count(row_bits[:word]).sum()) + below.bit_count() - 1
        else:  # dense
            i = start + p
        if not high.shape[0]:  # whole values (fast), or none above 16 bits
            return int(low[i])
        hb, hf = _high_layout(self.layers, k, self.layout)
        return int(low[i]) | ((int(high[i // hf]) >> (i % hf * hb)) & ((1 << hb) - 1)) << 16

    def position(self, heights, waste_rank: int, unseen) -> StockFair | None:
        """The W of a later position (heights below the start's, the unseen cards a part of
        the start's) and of its actions; None when it lies outside the table."""
        layers = self.layers
        present = {int(r): j for j, r in enumerate(layers.ranks)}
        index = 0
        for r in range(1, 14):
            if unseen[r]:
                j = present.get(r)
                if j is None or unseen[r] >= layers.radix[j]:
                    return None
                index += int(unseen[r]) * int(layers.strides[j])
        if any(int(h) > int(top) for h, top in zip(heights, self.h0, strict=True)):
            return None
        k = int(sum(int(x) for x in unseen[1:]))
        row = int(sum(int(h) * int(s) for h, s in zip(heights, self.stride, strict=True)))
        n_orders = int(layers.orders[k][layers.layer_pos[index]])
        starts = _starts(self.closures, heights, waste_rank, row, k)
        root = self.closures.of(row, waste_rank)

        def best(found) -> int:
            rows, won = found
            return n_orders if won else max(self.w(m, index, k) for m in rows)

        return StockFair(best(root), n_orders, {a: best(f) for a, f in starts.items()},
                         table=self)


def _starts(closures: Closures, heights, waste_rank: int, row: int, unseen_count: int) -> dict:
    """Each legal action -> the closure it leads to (rows, won); a draw stays on the row."""
    from golfsolve.kernels.stock_layers import removals

    starts: dict[Action, tuple[list[int], bool]] = {}
    heights = np.ascontiguousarray(heights, dtype=np.int64)
    if heights.any():
        for c, card in zip(*removals(closures.col_ranks, closures.fits, heights, waste_rank),
                           strict=True):
            starts[Action(int(c) + 1)] = closures.of(row - int(closures.stride[c]), int(card))
        if unseen_count:
            starts[DRAW] = ([row], False)
    return starts


def stock_fair(col_ranks, heights, waste_rank: int, unseen, fits, *,
               limit: int | None = None, held: int | None = None, jobs: int | None = None,
               keep: bool = False, layout: str | None = None,
               progress: Report | None = None) -> StockFair:
    """The exact W of a position (heights 7 x 0..5, the waste rank, the unseen ranks' counts,
    index 1..13, making up the whole stock) and of each legal action. ``limit`` bounds the
    bytes the process holds in all while it computes: the ``held`` it holds already (default:
    its resident memory now) and what this allocates (default: ``held`` and 80% of the memory
    available now). Raises :class:`NeedsMemory`, its ``needed`` the two together, before
    allocating past ``limit``. With ``keep``, every layer is kept, where it fits too, as the
    result's ``table``, and it covers every position play can reach from here, those best play
    never draws in included (which costs more entries); ``jobs`` caps the threads. The layers
    are stored in the fastest layout (fast, compact or tight: :mod:`golfsolve.layer_storage`)
    that keeps the process under :data:`PREFERRED_BYTES` and ``limit``, else the smallest,
    within ``limit``; ``layout`` asks for one. ``progress`` is told of each pass as it
    begins, and of the values' entries done as they are made."""
    from numba import get_num_threads, set_num_threads

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
    threads = get_num_threads()
    used = max(1, min(jobs, threads)) if jobs else threads
    first = estimate(h0, unseen, used)
    if held + first > limit:
        raise NeedsMemory(held + first, limit)
    set_num_threads(used)
    try:
        return _layered(col_ranks, h0, waste_rank, unseen, fits, limit, held, first, keep,
                        layout, progress or _unreported)
    finally:
        set_num_threads(threads)


def _chosen(need, layouts, needs: dict, room: int, preferred: int) -> str | None:
    """The first of ``layouts`` (fastest first) whose ``need`` is within ``preferred`` bytes,
    else the one that needs the least, where that is within ``room``; None where none is.
    The needs looked at are left in ``needs`` (the later layouts' only where the earlier
    ones' were too large: each takes a pass over every layer's rows)."""
    for layout in layouts:
        needs[layout] = need(layout)
        if needs[layout][0] <= min(room, preferred):
            return layout
    smallest = min(needs, key=lambda layout: needs[layout][0])
    return smallest if needs[smallest][0] <= room else None


def _unreported(stage: Stage, done: int, total: int) -> None:
    """The report of a computation no one follows."""


def _layered(col_ranks, h0, waste_rank, unseen, fits, limit, held, first, keep,
             asked, progress: Report) -> StockFair:
    """:func:`stock_fair`'s work, the process to hold at most ``limit`` bytes, ``held`` of
    them held already."""
    from numba import get_num_threads

    from golfsolve.kernels.compact_layers import layer_bits
    from golfsolve.kernels.compact_layers import values_rows as compact_values
    from golfsolve.kernels.stock_layers import (
        layer_counts,
        lower_views,
        reach_pass,
        ring_bases,
        row_levels,
        row_strides,
        scratch_bytes,
        support_pass,
        task_scratch,
        value_views,
        values_rows,
        wide_rows,
    )

    clock = [time.perf_counter()]
    progress(Stage.CLOSURES, 0, 1)
    layers = layers_of(unseen)
    top = layers.size
    nrows, stride = row_strides(h0)
    root = nrows - 1
    threads = get_num_threads()
    closures = Closures(col_ranks, fits, h0, stride, layers.ranks, threads)
    give_back_freed()  # the closure threads' marks and parts
    cl_start, cl_win, mem_start, members, rank_cl = closures.table
    starts = _starts(closures, h0, waste_rank, root, top)
    root_closure = closures.of(root, waste_rank)
    closures.drop_marks()  # a row's worth of marks, not needed again until a later position
    clock.append(time.perf_counter())
    levels, level_start = row_levels(h0, stride, nrows)
    nw = layers.valid.shape[0]
    # S by the whole radix: compact and tight give it back as they turn it into bits
    whole_radix = paged_array(nrows * nw, np.uint64, huge=True)
    support = whole_radix.reshape(nrows, nw)
    progress(Stage.REACH, 0, 1)
    reach_pass(levels, level_start, layers.strides, layers.radix, layers.has, cl_start, cl_win,
               mem_start, members, rank_cl, np.array(root_closure[0], dtype=np.int64),
               layers.layer_pos.shape[0] - 1, threads, keep, support)
    clock.append(time.perf_counter())
    progress(Stage.SUPPORT, 0, 1)
    support_pass(levels, level_start, layers.strides, layers.radix, layers.has, layers.valid,
                 cl_start, cl_win, mem_start, members, rank_cl, support,
                 np.zeros(nrows, dtype=np.bool_))
    clock.append(time.perf_counter())
    counts = np.zeros((nrows, top + 1), dtype=np.uint16)  # a row's entries: below 1 << 16
    layer_counts(support, layers.sizes, counts)
    entries = [int(n) for n in counts.sum(axis=0)]
    made, to_make = 0, sum(entries[1:])
    progress(Stage.VALUES, made, to_make)
    bounds = sweep_bounds(nrows)
    room = limit - held
    part = -(-int(np.diff(bounds).max()) // (PARTS * threads))  # rows in a part, about
    ring_rows = int(ring_bases(stride, part)[-1])
    scratch = max((scratch_bytes(layers.width(k - 1), slot_type(layers, k - 1).itemsize,
                                 layers.ranks.size, ring_rows, threads)
                   for k in range(1, top + 1)), default=0)  # the values' working rows
    rank_j = np.full(14, -1, dtype=np.int64)
    rank_j[layers.ranks] = np.arange(layers.ranks.size)
    loose = _loose_tables(closures, fits, rank_j, threads)
    tables = closures.nbytes + sum(a.nbytes for a in loose)

    def need(layout: str) -> tuple[int, int]:
        """(bytes the passes hold at once in ``layout``, those they hold throughout)."""
        if layout == FAST:  # the first stage's, S kept, the closures' guess made good
            fixed = first + max(0, tables - closure_guess(nrows))
        else:
            fixed = FIXED_BYTES + tables
        fixed += counts.nbytes + scratch
        return fixed + sweep_peak(layers, counts, bounds, layout, nw), fixed

    needs = {}  # layout: need(layout), of those looked at
    layout = _chosen(need, (asked,) if asked else LAYOUTS, needs, room,
                     min(limit, PREFERRED_BYTES) - held)
    if layout is None:
        raise NeedsMemory(held + min(n for n, _ in needs.values()), limit)
    fixed = needs[layout][1]
    compact = layout != FAST
    keep = keep and fixed + kept_bytes(layers, counts, layout) <= room
    boff = bit_offsets(layers, counts, layout)
    bits = paged_array(int(boff[0][-1]), np.uint64)
    if compact:  # S by layer, from the top; S by the whole radix given back as it is read
        by_layer = np.stack(boff)
        for lo, hi in zip(bounds[-2::-1], bounds[:0:-1], strict=True):
            layer_bits(support, layers.sizes, layers.layer_pos, by_layer, lo, hi, bits)
            release_tail(whole_radix, int(lo) * nw)
        del by_layer
        support = support[:0]
    columns = (closures.tops, fits, stride, layers.ranks, rank_j)  # what column_rows reads
    kept: list = [None] * (top + 1)
    no_rows = np.zeros(nrows + 1, dtype=np.int64)
    layer = (no_rows, boff[0], no_rows, np.zeros(0, dtype=np.uint16),
             np.zeros(0, dtype=value_type(layers, 0)), np.zeros(0, dtype=np.uint64))
    with futures.ThreadPoolExecutor(threads) as pool:  # the values' tasks
        for k in range(1, top + 1):
            poff = position_offsets(layers, k, counts[:, k], layout)
            voff = value_offsets(layers, k, counts[:, k], layout)
            positions = paged_array(int(poff[-1]), np.uint16)
            low = paged_array(int(voff[-1]), np.uint16 if compact else value_type(layers, k))
            high = paged_array(high_words(layers, k, voff, layout), np.uint64)
            slot = slot_type(layers, k - 1)  # the type the closures' maxima are taken in
            # values below past 32 bits (so int64, here and below): wide_rows, no working rows
            wide = not compact and slot.dtype == np.int64
            scratch = None if wide else task_scratch(layers.orders[k - 1], slot,
                                                     layers.ranks.size, stride, part, threads)
            down = np.where(layers.down[k] < 0, layers.width(k - 1),
                            layers.down[k]).astype(np.uint32)
            lower_high = _high_layout(layers, k - 1, layout)
            this_high = _high_layout(layers, k, layout)
            for lo, hi in zip(bounds[-2::-1], bounds[:0:-1], strict=True):  # from the top down
                cuts = task_cuts(voff, int(lo), int(hi), PARTS * threads)
                if compact:
                    args = (bits, boff[k], voff, down, *layer[1:3], *layer[4:], lower_high,
                            layers.orders[k - 1], *columns, cl_start, cl_win, mem_start,
                            members, rank_cl, *loose, scratch)
                    outputs = (low, high, this_high)
                elif wide:
                    args = (support, layers.masks[k], poff, voff, layers.layer_pos, down,
                            layer[0], layer[2], layer[3], layer[4], layers.orders[k - 1],
                            cl_start, cl_win, mem_start, members, rank_cl)
                    outputs = (positions, low)
                else:
                    args = (support, layers.masks[k], poff, voff, layers.layer_pos, down,
                            layer[0], layer[2], layer[3], lower_views(layer[4]),
                            layer[4].itemsize, layers.orders[k - 1], *columns, cl_start,
                            cl_win, mem_start, members, rank_cl, *loose, scratch)
                    outputs = (positions, value_views(low), low.itemsize)
                kernel = compact_values if compact else wide_rows if wide else values_rows
                run_parts(pool, kernel, args, outputs, cuts, threads)
                made += int(counts[lo:hi, k].sum())
                progress(Stage.VALUES, made, to_make)
                if not keep:  # no row left to compute reads layer k - 1 from row lo on
                    poff1, boff1, voff1, positions1, low1, high1 = layer
                    release_tail(positions1, int(poff1[lo]))
                    release_tail(low1, int(voff1[lo]))
                    release_tail(high1, int(voff1[lo]) // lower_high[1])
                    release_tail(bits, int(boff1[lo]))
            layer = (poff, boff[k], voff, positions, low, high)
            if keep:
                kept[k] = layer
    kept[top] = layer
    clock.append(time.perf_counter())
    table = FairTable(h0, stride, layers, closures, kept, bits, layout)
    index = layers.layer_pos.shape[0] - 1
    n_orders = int(layers.orders[top][0])

    def best(found) -> int:
        rows, won = found
        return n_orders if won else max(table.w(m, index, top) for m in rows)

    seconds = [round(b - a, 3) for a, b in zip(clock, clock[1:], strict=False)]
    counters = {"rows": nrows, "closures": int(cl_win.size), "members": int(members.size),
                "support": sum(entries), "widest": max(entries), "bytes": needs[layout][0],
                "held": held, "layout": layout,
                **dict(zip(("s_closures", "s_reach", "s_support", "s_values"), seconds,
                           strict=True))}
    return StockFair(best(root_closure), n_orders, {a: best(f) for a, f in starts.items()},
                     counters, table if keep else None)


def run_parts(pool, kernel, args, outputs, cuts: np.ndarray, tasks: int) -> None:
    """``kernel(*args, task, lo, hi, *outputs)`` for each part lo .. hi - 1 of ``cuts``, in
    ``tasks`` tasks on ``pool``'s threads, each taking the next part left as it finishes one
    (parts cost unlike amounts, which no cut foresees exactly); stops taking parts at the
    first error or interrupt, and returns when every part taken is done."""
    left: queue.SimpleQueue = queue.SimpleQueue()
    for i in range(cuts.shape[0] - 1):
        left.put((int(cuts[i]), int(cuts[i + 1])))

    def task(t: int) -> None:
        while True:
            try:
                lo, hi = left.get_nowait()
            except queue.Empty:
                return
            kernel(*args, t, lo, hi, *outputs)

    running = [pool.submit(task, t) for t in range(tasks)]
    try:
        for done in running:
            done.result()
    finally:
        while not left.empty():  # an error or an interrupt: no part is begun past it
            try:
                left.get_nowait()
            except queue.Empty:
                break
        futures.wait(running)


def task_cuts(voff: np.ndarray, lo: int, hi: int, tasks: int) -> np.ndarray:
    """Rows lo .. hi - 1 cut into ``tasks`` runs, each of about SHRINK times the entries of
    the one before (``voff``: where each row's start), so that the runs taken last, as the
    threads finish, are short: the bounds, lo first and hi last."""
    span = voff[lo:hi + 1]
    shares = np.concatenate([[0.0], np.cumsum(SHRINK ** np.arange(tasks))])
    goals = span[0] + ((span[-1] - span[0]) * shares / shares[-1]).astype(np.int64)
    cuts = lo + np.searchsorted(span, goals).astype(np.int64)
    cuts[0], cuts[-1] = lo, hi
    return cuts


def _high_layout(layers: Layers, k: int, layout: str) -> tuple[int, int]:
    """(bits, fields a word) of layer k's high parts in ``layout``."""
    return high_bits(layers, k, layout), high_fields(layers, k, layout)


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
    """:func:`stock_fair` of where a Game stands, its whole stock left unseen."""
    from golfsolve.packing import game_fair_arrays

    col_ranks, heights, waste_rank, _, unseen = game_fair_arrays(game)
    return stock_fair(col_ranks, heights, waste_rank, unseen, game.rules.fits_table(),
                      limit=limit, held=held, jobs=jobs, keep=keep, layout=layout)
