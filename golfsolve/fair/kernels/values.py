"""The values of the layer DP (:mod:`golfsolve.fair.kernels` explains it) in the fast layout
(:mod:`golfsolve.fair.storage`): W of layer k on S, row by row, from layer k - 1's, each
closure's best the max over its rows, kept in a task's working rows (its slots) and shared
with the row a card up where it can be (the ring). ``values_rows`` takes values below 32 bits,
``wide_rows`` those past them; the slot machinery here is the compact layouts' too
(:mod:`golfsolve.fair.kernels.compact_values`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from golfsolve.fair.kernels.closures import SELF, column_rows
from golfsolve.kernels.layout import COLUMNS
from golfsolve.kernels.primitives import borrowed, copy_into, set_all

ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _take(poff1, voff1, pos1, vals1, vb1, m, row):
    """Row m of layer k - 1 into ``row`` by position (the max of what is there); returns
    (entries read, whether the row is dense: it then wrote every position). ``vals1`` is the
    layer's values as :func:`lower_views` gives them, ``vb1`` bytes a value."""
    if vb1 == 2:
        return _take_as(poff1, voff1, pos1, vals1[0], m, row)
    return _take_as(poff1, voff1, pos1, vals1[1], m, row)


@njit(cache=True, inline="always")
def _take_rows(poff1, voff1, pos1, vals1, vb1, rows, row):
    """:func:`_take` of each of ``rows``, the width chosen once for them all."""
    if vb1 == 2:
        for m in rows:
            _take_as(poff1, voff1, pos1, vals1[0], m, row)
    else:
        for m in rows:
            _take_as(poff1, voff1, pos1, vals1[1], m, row)


@njit(cache=True, inline="always")
def _take_as(poff1, voff1, pos1, vals1, m, row):
    """:func:`_take` with the values in their own type."""
    lo, hi = voff1[m], voff1[m + 1]
    v = vals1[lo:hi]  # slices, not offsets: the loops compile to vector code
    if poff1[m + 1] == poff1[m]:  # dense (or empty): a value for every position
        for q in range(hi - lo):
            a, b = row[q], v[q]
            row[q] = a if a > b else b
        return hi - lo, hi > lo
    ps = pos1[poff1[m]:poff1[m + 1]]
    for i in range(hi - lo):
        p = ps[i]
        a, b = row[p], v[i]
        row[p] = a if a > b else b  # no branch (a select): which is larger is a coin toss
    return hi - lo, False


def lower_views(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Layer k - 1's values (uint16 or uint32: :func:`wide_rows` takes wider) as
    :func:`_take` reads them: the same bytes as uint16 and as uint32. One compiled kernel thus
    reads either width, the one it is told (each width it may be told is a copy of the
    reading loops to compile)."""
    return _views(values, np.uint16, np.uint32)


def value_views(values: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Layer k's values (fast: uint16, uint32 or int64) as :func:`_put` writes them: the same
    bytes as uint16, uint32 and int64."""
    return _views(values, np.uint16, np.uint32, np.int64)


def _views(values: np.ndarray, *types) -> tuple:
    """An array's bytes seen as each of ``types``, a view that they do not fill cut short."""
    raw = values.view(np.uint8)
    return tuple(raw[:raw.size // np.dtype(t).itemsize * np.dtype(t).itemsize].view(t)
                 for t in types)


@njit(cache=True, inline="always")
def _put(vals, vb, i, value):
    """Entry i of a layer's values (:func:`value_views`, ``vb`` bytes a value) set to
    ``value``."""
    if vb == 2:
        vals[0][i] = value
    elif vb == 4:
        vals[1][i] = value
    else:
        vals[2][i] = value


@njit(cache=True, inline="always")
def _clear(poff1, pos1, m, row):
    """Zero in ``row`` the positions of packed row m of layer k - 1."""
    for p in pos1[poff1[m]:poff1[m + 1]]:  # a slice: its reads need no wrap-round check
        row[p] = 0


@njit(cache=True, inline="always")
def _clear_rows(poff1, pos1, h, rows, row):
    """Zero in ``row`` the positions of packed row h and of the packed rows ``rows``."""
    _clear(poff1, pos1, h, row)
    for m in rows:
        _clear(poff1, pos1, m, row)


OWN = 14  # slot of the row's own values in a thread's slots (closures are 0 .. 13)
ORDERS = 15  # slot holding N(M) of layer k - 1: a won closure's best
COLS = 16  # slots COLS + c: the max over column c's sub-closure and the row itself
SLOTS = COLS + COLUMNS


RING_COLUMNS = 4  # columns whose row a card down is often in the same task's part


def ring_bases(stride, part) -> np.ndarray:
    """Where each ring column's kept rows start in a task's ring (``bases[c + 1] - bases[c]``
    rows: column c's stride where that is below ``part``, the rows a task takes at most, else
    none), the last their total."""
    kept = np.where(stride[:RING_COLUMNS] < part, stride[:RING_COLUMNS], 0)
    return np.concatenate([[0], np.cumsum(kept)]).astype(np.int64)


def task_scratch(orders1, slot, nranks, stride, part, tasks):
    """Each of ``tasks`` tasks' working rows for a layer's values, indexed by task first
    (:func:`task_work` takes one task's): ``tmp``, SLOTS rows of width(k - 1) + 1 in
    ``slot``'s type (closures' slots 0 .. 13, OWN, ORDERS holding ``orders1``, a won
    closure's best, and the columns' from COLS on), all zero past ``orders1`` (the column a
    missing rank reads); ``src``, a slot for each of the ``nranks`` ranks; ``flags``, whether
    each slot was written whole at this row (``flags[0]``) and whether it holds values left
    by an earlier row (``flags[1]``: a slot written whole is overwritten, not cleared, and
    zeroed only before it is next written sparsely); ``closed``, each closure's columns and
    slot; and the ring of rows kept for the row a card up (:func:`keep_columns`), with the row
    each holds (-1: none) and :func:`ring_bases` of ``part``."""
    width1 = orders1.shape[0]
    tmp = np.zeros((tasks, SLOTS, width1 + 1), dtype=slot.dtype)
    tmp[:, ORDERS, :width1] = orders1
    bases = ring_bases(stride, part)
    ring = np.empty((tasks, bases[RING_COLUMNS], width1), dtype=slot.dtype)
    ring_row = np.full((tasks, bases[RING_COLUMNS]), -1, dtype=np.int64)
    return (tmp, np.empty((tasks, nranks), dtype=np.uint64),
            np.zeros((tasks, 2, SLOTS), dtype=np.bool_), np.zeros((tasks, 2, 14), dtype=np.int64),
            ring, ring_row, bases)


def scratch_bytes(width1: int, itemsize: int, nranks: int, ring_rows: int, tasks: int) -> int:
    """Bytes :func:`task_scratch` allocates for rows of ``width1`` entries of ``itemsize``
    bytes, ``ring_rows`` the total of :func:`ring_bases`."""
    rows = SLOTS * (width1 + 1) + ring_rows * width1
    return tasks * (rows * itemsize + 8 * (nranks + ring_rows) + 2 * SLOTS + 2 * 14 * 8)


@njit(cache=True, inline="always")
def task_work(scratch, t):
    """Task t's part of :func:`task_scratch`: (tmp, src, flags, closed, ring, ring_row,
    bases)."""
    tmp, src, flags, closed, ring, ring_row, bases = scratch
    return (borrowed(tmp[t]), borrowed(src[t]), borrowed(flags[t]), borrowed(closed[t]),
            borrowed(ring[t]), borrowed(ring_row[t]), borrowed(bases))


@njit(cache=True, inline="always")
def _column_open(h, col, card, fits, ranks, rank_cl, cl_win):
    """Whether column col's top card ``card`` fits the rank of an open closure of row h."""
    for j in range(ranks.shape[0]):
        c = rank_cl[h, j]
        if c != SELF and not cl_win[c] and fits[ranks[j], card]:
            return True
    return False


@njit(cache=True, inline="always")
def keep_columns(h, end, voff, tops, fits, stride, ranks, rank_j, rank_cl, cl_win, work,
                 own_full):
    """Keeps in ``work``'s ring, for each ring column c whose row a card up (h + stride[c],
    below ``end``) has entries and reads column c's sub-closure, the slot row h's values
    read for that card's rank, which is exactly the max over that sub-closure's rows (and
    is kept only where it was written whole: ``own_full`` for OWN). Call it after row h's
    sums, before its slots are cleared; :func:`kept_column` finds it."""
    tmp, src, flags, _, ring, ring_row, bases = work
    full = flags[0]
    for c in range(RING_COLUMNS):
        n = bases[c + 1] - bases[c]
        later = h + stride[c]
        if n == 0 or later >= end or voff[later + 1] == voff[later]:
            continue
        card = tops[c, later]  # 0 where column c's height wraps round: h is not a card below
        if card == 0:
            continue
        j = rank_j[card]
        if j < 0:
            continue
        i = src[j] // np.uint64(tmp.shape[1])
        if i == ORDERS or not (own_full if i == OWN else full[i]):
            continue
        if not _column_open(later, c, card, fits, ranks, rank_cl, cl_win):
            continue
        at = bases[c] + h % n
        copy_into(ring[at], tmp[i])
        ring_row[at] = h


@njit(cache=True, inline="always")
def kept_column(h, col, stride, work):
    """The ring row :func:`keep_columns` kept for column col's sub-closure at row h, or -1."""
    _, _, _, _, _, ring_row, bases = work
    if col >= RING_COLUMNS:
        return -1
    n = bases[col + 1] - bases[col]
    if n == 0:
        return -1
    at = bases[col] + h % n
    return at if ring_row[at] == h - stride[col] else -1


@njit(cache=True, inline="always")
def forget_ring(work):
    """Marks ``work``'s ring empty (at a part's start: it holds only rows of the part)."""
    set_all(work[5], -1)


@njit(cache=True, inline="always")
def column_from_ring(row, kept, own, width1, own_too):
    """A column's slot ``row`` as a kept sub-closure's values, the max with the row's own
    where ``own_too``."""
    if not own_too:
        copy_into(row[:width1], kept[:width1])
        return
    for q in range(width1):
        a, b = kept[q], own[q]
        row[q] = a if a > b else b


@njit(cache=True, inline="always")
def closure_columns(h, tops, fits, ranks, cl_start, cl_win, rank_cl, masks):
    """Into ``masks[i]``, the columns whose top card fits the ranks of row h's open (not won)
    closure i; returns the union of them."""
    base = cl_start[h]
    used = 0
    for j in range(ranks.shape[0]):
        c = rank_cl[h, j]
        if c == SELF or cl_win[c]:
            continue
        mask = 0
        for col in range(COLUMNS):
            card = tops[col, h]
            if card and fits[ranks[j], card]:
                mask |= 1 << col
        masks[c - base] = mask
        used |= mask
    return used


@njit(cache=True, nogil=True)
def values_rows(s, mask, poff, voff, layer_pos, down, poff1, voff1, pos1, vals1, vb1,
                orders1, tops, fits, stride, ranks, rank_j, cl_start, cl_win, mem_start,
                members, rank_cl, forced, loose_start, loose_rows, scratch, task, lo, hi, pos,
                vals, vb):
    """W of layer k on S (``s``, bits by the whole mixed radix; ``mask`` its layer-k bits) for
    rows lo .. hi - 1, in order (a row reuses what the row a card down left), in task
    ``task``'s working rows. Row h's values start at ``voff[h]``: a dense row (no positions:
    ``poff[h + 1] == poff[h]``) has one for every position in the layer, zero off S; a packed
    row has its entries in bit order, their positions from ``poff[h]`` on; the values go into
    ``vals``, :func:`value_views` of them, ``vb`` bytes each. Layer k - 1 comes stored the
    same way (``poff1``, ``voff1``, ``pos1``, and ``vals1``, :func:`lower_views` of its
    values, ``vb1`` bytes each), and only its rows below ``hi`` are read (a closure's rows
    are below its first); ``orders1[p]`` is N(M_p) there; ``down[p, j]`` is as in the
    module's notes but with width(k - 1) for none; ``scratch`` is :func:`task_scratch`'s for
    this layer (its type, one that holds layer k - 1 exactly, is the one the closures' maxima
    are taken in); ``tops``, ``fits``, ``stride``, ``rank_j`` and
    ``loose_start``/``loose_rows`` (:func:`loose_columns`) are as :func:`column_rows` has
    them; ``forced``: the closures are the rows where a draw can come (rules that draw only
    when nothing fits), a row not among its open closures' (its columns' slots hold no values
    of its own). Dense rows' values must come zeroed. Holds no lock: tasks with scratch of
    their own and rows apart run in threads.

    The values' widths are told, not typed: numba compiles the kernel once (its working rows
    uint32: a layer whose values below exceed 32 bits is :func:`wide_rows`'), not for each
    pair of layers' types. The work of a row is written out here, not in a function inlined:
    numba's inliner copies all of an inlined function's variables once for each of its
    blocks (numba issue 8989), seconds for one this long."""
    work = task_work(scratch, task)
    forget_ring(work)
    s, mask, poff, voff, layer_pos, down, poff1, voff1, pos1, pos = borrowed(
        (s, mask, poff, voff, layer_pos, down, poff1, voff1, pos1, pos))
    vals1, vals = borrowed(vals1), borrowed(vals)
    tops, fits, stride, ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl = borrowed(
        (tops, fits, stride, ranks, rank_j, cl_start, cl_win, mem_start, members, rank_cl))
    loose_start, loose_rows = borrowed((loose_start, loose_rows))
    tmp, src, flags, closed, ring, _, _ = work
    full = flags[0]
    nr = down.shape[1]
    width1 = tmp.shape[1] - 1
    own = tmp[OWN]
    flat = tmp.reshape(tmp.size)
    for h in range(lo, hi):
        if voff[h + 1] == voff[h]:
            continue
        base = cl_start[h]
        ncl = cl_start[h + 1] - base
        # the slots: the row's own values and each column's (the max over its sub-closure's
        # rows and h, kept from the row a card down where it can be); full[i]: slot i was
        # written whole
        mine, own_full = _take(poff1, voff1, pos1, vals1, vb1, h, own)
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
            steps, dense = row_sizes(poff1, voff1, rows)
            if column_start(row, col, own, own_full, steps + mine, dense, flags, width1,
                            not forced):
                _take(poff1, voff1, pos1, vals1, vb1, h, row)
            _take_rows(poff1, voff1, pos1, vals1, vb1, rows, row)
        combine(tmp, full, closed[0], ncl, cl_win, base, width1, closed[1])
        rank_slots(h, nr, rank_cl, cl_win, base, closed[1], tmp, src)
        # the row's entries
        packed = poff[h + 1] > poff[h]
        k = 0
        for w in range(s.shape[1]):
            x = s[h, w] & mask[w]
            while x:
                p = layer_pos[w * 64 + trailing_zeros(x)]
                x &= x - ONE
                acc = entry_sum(flat, src, down, p)
                if packed:
                    pos[poff[h] + k] = p
                    _put(vals, vb, voff[h] + k, acc)
                    k += 1
                else:
                    _put(vals, vb, voff[h] + p, acc)
        # what the next row keeps, and the slots left as the next row needs them (ORDERS
        # untouched, OWN zeroed)
        keep_columns(h, hi, voff, tops, fits, stride, ranks, rank_j, rank_cl, cl_win, work,
                     own_full)
        if own_full:
            set_all(own[:width1], 0)
        else:
            _clear(poff1, pos1, h, own)
        sparse = release_slots(flags, ncl, used)
        for col in range(COLUMNS):
            if sparse >> col & 1:
                rows = column_rows(h, col, tops, stride, rank_j, rank_cl, mem_start, members,
                                   loose_start, loose_rows)
                _clear_rows(poff1, pos1, h, rows, tmp[COLS + col])


@njit(cache=True, nogil=True)
def wide_rows(s, mask, poff, voff, layer_pos, down, poff1, voff1, pos1, vals1, orders1,
              cl_start, cl_win, mem_start, members, rank_cl, task, lo, hi, pos, vals):
    """:func:`values_rows` for a layer whose values below exceed 32 bits (the top two or
    three layers of a 16-card stock, a few hundred entries), its values and those below in
    int64: entry by entry, each closure's best the max over its rows read one by one. Plain
    and short (``task`` is unused): compiling values_rows for 64-bit working rows too would
    cost seconds more than this."""
    width1 = orders1.shape[0]
    for h in range(lo, hi):
        if voff[h + 1] == voff[h]:
            continue
        packed = poff[h + 1] > poff[h]
        k = 0
        for w in range(s.shape[1]):
            x = s[h, w] & mask[w]
            while x:
                p = layer_pos[w * 64 + trailing_zeros(x)]
                x &= x - ONE
                acc = wide_entry(h, p, down, width1, orders1, cl_win, mem_start, members,
                                 rank_cl, _stored, (poff1, voff1, pos1, vals1))
                if packed:
                    pos[poff[h] + k] = p
                    vals[voff[h] + k] = acc
                    k += 1
                else:
                    vals[voff[h] + p] = acc


@njit(cache=True, inline="always")
def wide_entry(h, p, down, width1, orders1, cl_win, mem_start, members, rank_cl, stored, below):
    """W of row h's entry p of layer k in int64: over the ranks, the best of the rank's
    closure at p less a card of that rank in layer k - 1 (N(M) there where the closure is
    won), each row's value read by ``stored(below, m, q)`` from layer k - 1 as its layout
    stores it (``below``: that layout's arrays)."""
    acc = np.int64(0)
    for j in range(down.shape[1]):
        q = down[p, j]
        if q == width1:  # M_p holds no card of rank j
            continue
        c = rank_cl[h, j]
        if c == SELF:
            acc += stored(below, h, q)
        elif cl_win[c]:
            acc += orders1[q]
        else:
            best = np.int64(0)
            for t in range(mem_start[c], mem_start[c + 1]):
                value = stored(below, members[t], q)
                best = value if value > best else best
            acc += best
    return acc


@njit(cache=True, inline="always")
def _stored(below, m, q):
    """W of row m at position q of a layer stored as values_rows stores it (``below``: its
    poff, voff, pos and vals; 0 off S)."""
    poff1, voff1, pos1, vals1 = below
    lo, hi = voff1[m], voff1[m + 1]
    if lo == hi:
        return np.int64(0)
    a, b = poff1[m], poff1[m + 1]
    if a == b:  # dense
        return np.int64(vals1[lo + q])
    while a < b:  # the positions ascend: bisect
        mid = (a + b) >> 1
        if pos1[mid] < q:
            a = mid + 1
        else:
            b = mid
    if a < poff1[m + 1] and pos1[a] == q:
        return np.int64(vals1[lo + a - poff1[m]])
    return np.int64(0)


@njit(cache=True, inline="always")
def combine(tmp, full, masks, ncl, cl_win, base, width1, slot_of):
    """Each open closure's slot from its columns' (each holding the row's own values too):
    a single column's slot stands for it, more are taken densely into the closure's own
    (written whole over what it held: a closure's slot is never written sparsely);
    ``slot_of[i]`` gets closure i's slot."""
    for i in range(ncl):
        if cl_win[base + i]:
            continue
        mask = masks[i]
        first = COLS + trailing_zeros(np.uint64(mask))
        if mask & (mask - 1) == 0:
            slot_of[i] = first
            continue
        slot_of[i] = i
        full[i] = True
        row = tmp[i]
        copy_into(row[:width1], tmp[first])
        rest = mask & (mask - 1)
        while rest:
            other = tmp[COLS + trailing_zeros(np.uint64(rest))]
            rest &= rest - 1
            for q in range(width1):
                x, y = row[q], other[q]
                row[q] = x if x > y else y


@njit(cache=True, inline="always")
def rank_slots(h, nr, rank_cl, cl_win, base, slot_of, tmp, src):
    """``src[j]``: where the slot rank j reads at row h starts in the working rows ``tmp``
    read as one array (:func:`entry_sum`): OWN's where it fits no free card, ORDERS's where
    its closure is won."""
    row_len = np.uint64(tmp.shape[1])
    for j in range(nr):
        c = rank_cl[h, j]
        src[j] = (OWN if c == SELF else ORDERS if cl_win[c] else slot_of[c - base]) * row_len


@njit(cache=True, inline="always")
def entry_sum(flat, src, down, p):
    """W of layer k's entry p: over the ranks j, what the slot at ``src[j]`` of the working
    rows read as one array (``flat``) holds for p less a card of rank j. (Offsets, not
    slots: nothing is multiplied for each entry.)"""
    acc = 0
    for j in range(src.shape[0]):
        acc += flat[src[j] + down[p, j]]
    return acc


@njit(cache=True, inline="always")
def release_slots(flags, ncl, used):
    """Marks the slots row h wrote whole (its closures' and its columns') as holding values
    to be zeroed before a sparse use, and returns the mask of the columns in ``used`` whose
    slots were written sparsely, for the caller to clear entry by entry."""
    full, dirty = flags[0], flags[1]
    for i in range(ncl):
        full[i] = False
    sparse = 0
    for col in range(COLUMNS):
        if used >> col & 1:
            if full[COLS + col]:
                dirty[COLS + col] = True
            else:
                sparse |= 1 << col
    return sparse


@njit(cache=True, inline="always")
def row_sizes(offsets1, voff1, rows):
    """The entries of layer k - 1's ``rows`` together, and whether one of them is dense
    (``offsets1``: where each row's positions or bits start, none for a dense row)."""
    n = 0
    dense = False
    for m in rows:
        a = voff1[m + 1] - voff1[m]
        n += a
        dense |= a > 0 and offsets1[m + 1] == offsets1[m]
    return n, dense


@njit(cache=True, inline="always")
def column_start(row, col, own, own_full, steps, dense, flags, width1, own_too):
    """Readies column col's slot ``row`` for its sub-closure's rows (``steps`` entries, one of
    them ``dense``) to be taken into: dense (more than a quarter of the entries with the
    row's own, or a dense row among them: ``own`` copied over whatever the slot held, or
    zeros where not ``own_too``) or sparse (zeroed where it held values). Returns whether the
    caller is to take the row's own values in: sparse and ``own_too``."""
    full, dirty = flags[0], flags[1]
    dense |= (own_too and own_full) or steps > width1 // 4
    full[COLS + col] = dense
    if dense:
        if own_too:
            copy_into(row[:width1], own[:width1])
        else:
            set_all(row[:width1], 0)
    elif dirty[COLS + col]:
        set_all(row[:width1], 0)
        dirty[COLS + col] = False
    return own_too and not dense
