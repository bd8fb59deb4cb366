"""The values pass of the fair value by layers: W of every entry of S, layer by layer from the
bottom, each layer in ranges of rows from the top (a closure's rows are below its first),
each range cut into parts that the threads take as they come free; the layer below is given
back range by range as no row left to compute reads it, unless every layer is kept (a
:class:`golfsolve.fair.table.FairTable`). The layers are stored in one of the layouts of
:mod:`golfsolve.fair.storage`, whose kernels are :mod:`golfsolve.fair.kernels.values` (fast)
and :mod:`golfsolve.fair.kernels.compact_values` (compact, tight)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent import futures

import numpy as np

from golfsolve.fair.closures import Closures, loose_tables
from golfsolve.fair.multisets import Layers
from golfsolve.fair.pages import paged_array, release_tail
from golfsolve.fair.storage import (
    FAST,
    bit_offsets,
    high_layout,
    high_words,
    position_offsets,
    slot_type,
    sweep_bounds,
    value_offsets,
    value_type,
)
from golfsolve.fair.threads import PARTS, run_parts, task_cuts

ALONE = 20_000  # entries of a range below which it is computed in one piece, in this thread


class Sweep:
    """The values pass over the rows of S (``counts``: each row's entries by layer) on
    ``threads`` threads, with what it needs besides the layers: the closures' column
    sub-closures the table lacks (``loose``), the rows a thread's part takes (``part``, about)
    and the bytes of the working rows (``scratch``)."""

    def __init__(self, layers: Layers, counts: np.ndarray, closures: Closures, fits,
                 stride: np.ndarray, threads: int):
        from golfsolve.fair.kernels.values import ring_bases, scratch_bytes

        self.layers, self.counts, self.closures = layers, counts, closures
        self.fits, self.stride, self.threads = fits, stride, threads
        self.bounds = sweep_bounds(counts.shape[0])
        self.part = -(-int(np.diff(self.bounds).max()) // (PARTS * threads))  # rows, about
        ring_rows = int(ring_bases(stride, self.part)[-1])
        self.scratch = max((scratch_bytes(layers.width(k - 1), slot_type(layers, k - 1).itemsize,
                                          layers.ranks.size, ring_rows, threads)
                            for k in range(1, layers.size + 1)), default=0)
        self.rank_j = np.full(14, -1, dtype=np.int64)
        self.rank_j[layers.ranks] = np.arange(layers.ranks.size)
        self.loose = loose_tables(closures, fits, self.rank_j, threads)
        self.tables = closures.nbytes + sum(a.nbytes for a in self.loose)  # bytes, as built

    def run(self, layout: str, keep: bool, support: np.ndarray, whole_radix: np.ndarray,
            made: Callable[[int], None]) -> tuple[list, np.ndarray]:
        """Every layer's values in ``layout`` from S (``support``, by the whole radix, in the
        paged ``whole_radix``: the compact layouts give it back as they turn it into bits),
        ``made`` told the entries done after each range: (kept[k], the arrays of layer k
        where ``keep`` or k is the top, else None; S's bits by layer, outside fast)."""
        from golfsolve.fair.kernels.compact_values import layer_bits
        from golfsolve.fair.kernels.compact_values import values_rows as compact_values
        from golfsolve.fair.kernels.compact_values import wide_rows as compact_wide
        from golfsolve.fair.kernels.values import (
            lower_views,
            task_scratch,
            value_views,
            values_rows,
            wide_rows,
        )

        layers, counts, bounds, threads = self.layers, self.counts, self.bounds, self.threads
        closures, stride, loose = self.closures, self.stride, self.loose
        cl_start, cl_win, mem_start, members, rank_cl = closures.table
        top = layers.size
        nrows = counts.shape[0]
        nw = layers.valid.shape[0]
        done = 0
        compact = layout != FAST
        boff = bit_offsets(layers, counts, layout)
        bits = paged_array(int(boff[0][-1]), np.uint64)
        if compact:  # S by layer, from the top; S by the whole radix given back as it is read
            by_layer = np.stack(boff)
            for lo, hi in zip(bounds[-2::-1], bounds[:0:-1], strict=True):
                layer_bits(support, layers.sizes, layers.layer_pos, by_layer, lo, hi, bits)
                release_tail(whole_radix, int(lo) * nw)
            del by_layer
            support = support[:0]
        columns = (closures.tops, self.fits, stride, layers.ranks, self.rank_j)  # column_rows'
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
                # values below past 32 bits (so int64, here and below): the layout's
                # wide_rows, no working rows
                wide = slot.dtype == np.int64
                scratch = None if wide else task_scratch(layers.orders[k - 1], slot,
                                                         layers.ranks.size, stride, self.part,
                                                         threads)
                down = np.where(layers.down[k] < 0, layers.width(k - 1),
                                layers.down[k]).astype(np.uint32)
                lower_high = high_layout(layers, k - 1, layout)
                this_high = high_layout(layers, k, layout)
                if compact and wide:
                    args = (bits, boff[k], voff, down, *layer[1:3], *layer[4:], lower_high,
                            layers.orders[k - 1], cl_win, mem_start, members, rank_cl)
                    outputs = (low, high, this_high)
                elif compact:
                    args = (bits, boff[k], voff, down, *layer[1:3], *layer[4:], lower_high,
                            layers.orders[k - 1], *columns, cl_start, cl_win, mem_start,
                            members, rank_cl, closures.forced, *loose, scratch)
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
                            cl_win, mem_start, members, rank_cl, closures.forced, *loose,
                            scratch)
                    outputs = (positions, value_views(low), low.itemsize)
                kernel = ((compact_wide if wide else compact_values) if compact
                          else wide_rows if wide else values_rows)
                for lo, hi in zip(bounds[-2::-1], bounds[:0:-1], strict=True):  # the top first
                    entries = int(counts[lo:hi, k].sum())
                    if entries < ALONE:  # handing parts to the threads would cost more
                        kernel(*args, 0, int(lo), int(hi), *outputs)
                    else:
                        cuts = task_cuts(voff, int(lo), int(hi), PARTS * threads)
                        run_parts(pool, kernel, args, outputs, cuts, threads)
                    done += entries
                    made(done)
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
        return kept, bits
