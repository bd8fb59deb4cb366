"""The compact and tight layouts' kernels for the whole-stock fair value
(:mod:`golfsolve.fair.storage` says what they store): the values of the layer DP as
:mod:`golfsolve.fair.kernels.values` computes them, with S's bits by layer for positions and
values split into their low 16 bits and the bits above them, in 64-bit words of fields: whole
bytes (compact, read through a byte view) or just the bits needed (tight, a row's from the
start of a word on); ``layer_bits`` turns S by the whole radix into those bits.

A packed row's entries are in the bit order of its words of S's bits (bit p of word w: the
multiset at position 64 w + p in the layer); a dense row (no words) has a value for each
multiset of the layer, and off S one that nothing on S reads (every value on S reads only
entries the start can reach, whose values are exact).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from golfsolve.fair.kernels.closures import column_rows
from golfsolve.fair.kernels.support import popcount
from golfsolve.fair.kernels.values import (
    COLS,
    ONE,
    OWN,
    closure_columns,
    column_from_ring,
    column_start,
    combine,
    entry_sum,
    forget_ring,
    keep_columns,
    kept_column,
    rank_slots,
    release_slots,
    row_sizes,
    task_work,
    wide_entry,
)
from golfsolve.kernels.layout import COLUMNS
from golfsolve.kernels.primitives import borrowed, larger, set_all


@njit(cache=True, parallel=True)
def layer_bits(s, sizes, layer_pos, boff, lo, hi, bits):
    """S by layer, for rows lo .. hi - 1: row h's multisets of layer k (``sizes``: each whole
    radix index's cards; ``layer_pos`` its position in its layer) as bits from word
    ``boff[k, h]`` of ``bits`` on, for the rows that have words there (``boff[k, h + 1] >
    boff[k, h]``). ``bits`` comes zeroed."""
    for h in prange(lo, hi):
        for w in range(s.shape[1]):
            x = s[h, w]
            while x:
                index = w * 64 + trailing_zeros(x)
                x &= x - ONE
                k = sizes[index]
                b = boff[k, h]
                if boff[k, h + 1] > b:
                    p = layer_pos[index]
                    bits[b + (p >> 6)] |= ONE << np.uint64(p & 63)


@njit(cache=True, inline="always")
def _put(lo, hi, hb, hf, i, value, word, fill, at):
    """Entry i of a row being written in order: its low 16 bits into ``lo``, the ``hb`` bits
    above them (none where ``hb`` is 0) into ``hi``: whole bytes straight in, other widths
    through ``word``, ``fill`` of its ``hf`` fields taken, which goes to ``hi[at]`` when full.
    Returns the new (word, fill, at); the caller stores a part-filled word at the row's end."""
    lo[i] = value & 0xFFFF
    if hb == 8:
        hi.view(np.uint8)[i] = value >> 16
    elif hb == 16:
        hi.view(np.uint16)[i] = value >> 16
    elif hb == 32:
        hi.view(np.uint32)[i] = value >> 16
    elif hb:
        word |= np.uint64(value >> 16) << np.uint64(fill * hb)
        fill += 1
        if fill == hf:
            hi[at] = word
            return np.uint64(0), 0, at + 1
    return word, fill, at


@njit(cache=True, inline="always")
def _high(hi, hb, hf, word, fill, at):
    """The next entry's high bits (shifted into place) of a row being read in order, ``hb`` bits
    a field (``word`` holds those still unread of ``hi[at]``, ``fill`` fields of it read);
    returns them and the new (word, fill, at)."""
    x = np.int64(word & ((ONE << np.uint64(hb)) - ONE)) << 16
    fill += 1
    if fill == hf:
        return x, hi[at + 1], 0, at + 1
    return x, word >> np.uint64(hb), fill, at


@njit(cache=True)
def _take(boff1, voff1, bits, lo1, hi1, hb1, hf1, width1, m, row):
    """Row m of layer k - 1 into ``row`` by position (the max of what is there); returns
    (entries read, whether the row is dense: it then wrote every position). Called, not
    inlined: its five readers are compiled once, not at each of the four places a row is
    taken (compiling the values' kernel took 12 s more so; a call a row costs nothing
    beside the row's entries)."""
    a, b = voff1[m], voff1[m + 1]
    if b == a:
        return 0, False
    ws = bits[boff1[m]:boff1[m + 1]]  # none: dense
    v = lo1[a:b]  # slices, not offsets: the loops compile to vector code
    if hb1 == 0:
        n = _take_low(ws, v, width1, row)
    elif hb1 == 8:
        n = _take_bytes(ws, v, hi1.view(np.uint8)[a:b], width1, row)
    elif hb1 == 16:
        n = _take_bytes(ws, v, hi1.view(np.uint16)[a:b], width1, row)
    elif hb1 == 32:
        n = _take_bytes(ws, v, hi1.view(np.uint32)[a:b], width1, row)
    else:
        n = _take_fields(ws, v, hi1, hb1, hf1, a // hf1, width1, row)
    return n, ws.shape[0] == 0


@njit(cache=True, inline="always")
def _take_low(ws, v, width1, row):
    """:func:`_take` of a row whose values are their low 16 bits; returns the entries read."""
    if ws.shape[0] == 0:
        for q in range(width1):
            y, x = row[q], v[q]
            row[q] = y if y > x else x
        return width1
    i = 0
    for w in range(ws.shape[0]):
        x = ws[w]
        base = w * 64
        while x:
            p = base + trailing_zeros(x)
            x &= x - ONE
            row[p] = larger(row[p], v[i])  # no branch: which is larger is a coin toss
            i += 1
    return i


@njit(cache=True, inline="always")
def _take_bytes(ws, v, u, width1, row):
    """:func:`_take` of a row whose high bits are whole bytes, ``u``."""
    if ws.shape[0] == 0:
        for q in range(width1):
            x = np.int64(v[q]) | (np.int64(u[q]) << 16)
            y = row[q]
            row[q] = y if y > x else x
        return width1
    i = 0
    for w in range(ws.shape[0]):
        x = ws[w]
        base = w * 64
        while x:
            p = base + trailing_zeros(x)
            x &= x - ONE
            row[p] = larger(row[p], np.int64(v[i]) | (np.int64(u[i]) << 16))
            i += 1
    return i


@njit(cache=True, inline="always")
def _take_fields(ws, v, hi1, hb1, hf1, at, width1, row):
    """:func:`_take` of a row whose high bits are ``hb1``-bit fields, from ``hi1[at]`` on."""
    word, fill = hi1[at], 0
    if ws.shape[0] == 0:
        for q in range(width1):
            x, word, fill, at = _high(hi1, hb1, hf1, word, fill, at)
            x |= v[q]
            y = row[q]
            row[q] = y if y > x else x
        return width1
    i = 0
    for w in range(ws.shape[0]):
        x = ws[w]
        base = w * 64
        while x:
            p = base + trailing_zeros(x)
            x &= x - ONE
            high, word, fill, at = _high(hi1, hb1, hf1, word, fill, at)
            row[p] = larger(row[p], high | v[i])
            i += 1
    return i


@njit(cache=True, inline="always")
def _clear(boff1, bits, m, row):
    """Zero in ``row`` the positions of packed row m of layer k - 1."""
    ws = bits[boff1[m]:boff1[m + 1]]
    for w in range(ws.shape[0]):
        x = ws[w]
        while x:
            row[w * 64 + trailing_zeros(x)] = 0
            x &= x - ONE


@njit(cache=True, inline="always")
def _clear_rows(boff1, bits, h, rows, row):
    """Zero in ``row`` the positions of packed row h and of the packed rows ``rows``."""
    _clear(boff1, bits, h, row)
    for m in rows:
        _clear(boff1, bits, m, row)


@njit(cache=True, nogil=True)
def values_rows(bits, boff, voff, down, boff1, voff1, lo1, hi1, high1, orders1, tops, fits,
                stride, ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl, forced,
                loose_start, loose_rows, scratch, task, lo, hi, vlo, vhi, high):
    """W of layer k on S for rows lo .. hi - 1, in order, in task ``task``'s working rows,
    into ``vlo``/``vhi``. Row h's values start at ``voff[h]``; it is packed where it has words
    of S's bits (``bits`` from ``boff[h]`` to ``boff[h + 1]``), else dense. ``high`` = (bits,
    fields a word) of the values' high parts in ``vhi``: entry i's in word i // fields. Layer
    k - 1 comes stored the same way (``boff1``, ``voff1``, ``lo1``, ``hi1``, ``high1``), and
    only its rows below ``hi`` are read; ``orders1``, ``down``, ``scratch`` and the closures'
    arrays (``tops`` column by column, as :func:`golfsolve.fair.kernels.closures.top_cards`
    makes it) are as :func:`golfsolve.fair.kernels.values.values_rows` has them. Holds no
    lock, as that one."""
    work = task_work(scratch, task)
    forget_ring(work)
    bits, boff, voff, down, boff1, voff1, lo1, hi1, vlo, vhi = borrowed(
        (bits, boff, voff, down, boff1, voff1, lo1, hi1, vlo, vhi))
    tops, fits, stride, ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl = borrowed(
        (tops, fits, stride, ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl))
    loose_start, loose_rows = borrowed((loose_start, loose_rows))
    for h in range(lo, hi):
        if voff[h + 1] > voff[h]:
            _row_values(h, bits, boff, voff, down, boff1, voff1, lo1, hi1, high1, tops, fits,
                        stride, ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl,
                        forced, loose_start, loose_rows, work, hi, vlo, vhi, high)


@njit(cache=True)
def _row_values(h, bits, boff, voff, down, boff1, voff1, lo1, hi1, high1, tops, fits, stride,
                ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl, forced,
                loose_start, loose_rows, work, end, vlo, vhi, high):
    """Row h's part of :func:`values_rows`, as the fast layout's is."""
    tmp, src, flags, closed, ring, _, _ = work
    full = flags[0]
    width1 = tmp.shape[1] - 1
    hb1, hf1 = high1
    hb, hf = high
    base = cl_start[h]
    ncl = cl_start[h + 1] - base
    own = tmp[OWN]
    mine, own_full = _take(boff1, voff1, bits, lo1, hi1, hb1, hf1, width1, h, own)
    used = closure_columns(h, tops, fits, ranks, cl_start, cl_win, rank_cl, closed[0])
    for col in range(COLUMNS):
        if not used >> col & 1:
            continue
        row = tmp[COLS + col]
        at = kept_column(h, col, stride, work)
        if at >= 0:
            column_from_ring(row, ring[at], own, width1, not forced)
            full[COLS + col] = True
            continue
        rows = column_rows(h, col, tops, stride, rank_j, rank_cl, mem_start, members,
                           loose_start, loose_rows)
        steps, dense = row_sizes(boff1, voff1, rows)
        if column_start(row, col, own, own_full, steps + mine, dense, flags, width1,
                        not forced):
            _take(boff1, voff1, bits, lo1, hi1, hb1, hf1, width1, h, row)
        for m in rows:  # (int32 rows: taken as int64, one compiled _take)
            _take(boff1, voff1, bits, lo1, hi1, hb1, hf1, width1, np.int64(m), row)
    combine(tmp, full, closed[0], ncl, cl_win, base, width1, closed[1])
    rank_slots(h, down.shape[1], rank_cl, cl_win, base, closed[1], tmp, src)
    flat = tmp.reshape(tmp.size)
    k = voff[h]
    word, fill, at = np.uint64(0), 0, k // hf
    if boff[h + 1] > boff[h]:  # packed
        ws = bits[boff[h]:boff[h + 1]]
        for w in range(ws.shape[0]):
            x = ws[w]
            while x:
                p = w * 64 + trailing_zeros(x)
                x &= x - ONE
                value = entry_sum(flat, src, down, p)
                word, fill, at = _put(vlo, vhi, hb, hf, k, value, word, fill, at)
                k += 1
    else:  # dense: every position
        for p in range(down.shape[0]):
            value = entry_sum(flat, src, down, p)
            word, fill, at = _put(vlo, vhi, hb, hf, k, value, word, fill, at)
            k += 1
    if fill:
        vhi[at] = word
    keep_columns(h, end, voff, tops, fits, stride, ranks, rank_j, rank_cl, cl_win, work, own_full)
    if own_full:
        set_all(own[:width1], 0)
    else:
        _clear(boff1, bits, h, own)
    sparse = release_slots(flags, ncl, used)
    for col in range(COLUMNS):
        if sparse >> col & 1:
            rows = column_rows(h, col, tops, stride, rank_j, rank_cl, mem_start, members,
                               loose_start, loose_rows)
            _clear_rows(boff1, bits, h, rows, tmp[COLS + col])


@njit(cache=True, nogil=True)
def wide_rows(bits, boff, voff, down, boff1, voff1, lo1, hi1, high1, orders1, cl_win, mem_start,
              members, rank_cl, task, lo, hi, vlo, vhi, high):
    """:func:`values_rows` for a layer whose values below exceed 32 bits (the top two or three
    layers of a 16-card stock, a few hundred entries), as
    :func:`golfsolve.fair.kernels.values.wide_rows` computes the fast layout's: entry by
    entry in int64, each closure's best the max over its rows read one by one, a dense row's
    every position included. Plain and short (``task`` is unused):
    compiling values_rows for 64-bit working rows too would double its compile time."""
    hb, hf = high
    hb1, hf1 = high1
    width1 = orders1.shape[0]
    below = (boff1, voff1, bits, lo1, hi1, hb1, hf1)
    for h in range(lo, hi):
        if voff[h + 1] == voff[h]:
            continue
        k = voff[h]
        word, fill, at = np.uint64(0), 0, k // hf
        a, b = boff[h], boff[h + 1]
        if b > a:  # packed
            for w in range(b - a):
                x = bits[a + w]
                while x:
                    p = w * 64 + trailing_zeros(x)
                    x &= x - ONE
                    value = wide_entry(h, p, down, width1, orders1, cl_win, mem_start, members,
                                       rank_cl, _stored, below)
                    word, fill, at = _put(vlo, vhi, hb, hf, k, value, word, fill, at)
                    k += 1
        else:  # dense: every position
            for p in range(down.shape[0]):
                value = wide_entry(h, p, down, width1, orders1, cl_win, mem_start, members,
                                   rank_cl, _stored, below)
                word, fill, at = _put(vlo, vhi, hb, hf, k, value, word, fill, at)
                k += 1
        if fill:
            vhi[at] = word


@njit(cache=True, inline="always")
def _stored(below, m, q):
    """W of row m at position q of layer k - 1 as :func:`values_rows` stores it (``below``:
    its boff, voff, bits, low and high values and the high fields' bits and fields a word;
    0 off S where the row is packed)."""
    boff1, voff1, bits, lo1, hi1, hb1, hf1 = below
    a, b = voff1[m], voff1[m + 1]
    if a == b:
        return np.int64(0)
    wa, wb = boff1[m], boff1[m + 1]
    if wa == wb:  # dense
        i = a + q
    else:
        w, bit = q >> 6, np.uint64(q & 63)
        x = bits[wa + w]
        if not (x >> bit) & ONE:
            return np.int64(0)
        i = a + np.int64(popcount(x & ((ONE << bit) - ONE)))
        for u in range(wa, wa + w):
            i += np.int64(popcount(bits[u]))
    value = np.int64(lo1[i])
    if hb1 == 8:
        value |= np.int64(hi1.view(np.uint8)[i]) << 16
    elif hb1 == 16:
        value |= np.int64(hi1.view(np.uint16)[i]) << 16
    elif hb1 == 32:
        value |= np.int64(hi1.view(np.uint32)[i]) << 16
    elif hb1:
        field = (hi1[i // hf1] >> np.uint64(i % hf1 * hb1)) & ((ONE << np.uint64(hb1)) - ONE)
        value |= np.int64(field) << 16
    return value
