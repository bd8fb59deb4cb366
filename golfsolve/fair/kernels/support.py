"""The sets of the layer DP (:mod:`golfsolve.fair.kernels` explains it), as bitsets by the
whole mixed radix of the sub-multisets (a row of uint64 words a row of heights, bit i of word w
standing for the multiset of index 64 w + i): ``reach_pass`` R, the (h, M) about to draw the
start can reach (top down); ``support_pass`` S, those of R from which some order of M wins
(bottom up); ``layer_counts`` S's entries by row and layer."""

from __future__ import annotations

import numpy as np
from numba import njit, prange
from numba.cpython.unsafe.numbers import trailing_zeros

from golfsolve.fair.kernels.closures import SELF
from golfsolve.kernels.primitives import copy_into

ONE = np.uint64(1)


@njit(cache=True, inline="always")
def popcount(x):
    """The set bits of a uint64 (compiles to one instruction)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)


@njit(cache=True, inline="always")
def _row_empty(bits, row):
    for w in range(bits.shape[1]):
        if bits[row, w]:
            return False
    return True

@njit(cache=True, inline="always")
def _or_up(dst, src, shift, mask):
    """dst |= (src << shift) & mask, over whole bitsets; src is not dst. (Slices, not offset
    indices: the loops compile to vector code.)"""
    ws = shift >> 6
    b = np.uint64(shift & 63)
    n = dst.shape[0] - ws
    if n <= 0:
        return
    d0 = dst[ws:]
    m0 = mask[ws:]
    if b == 0:
        for i in range(n):
            d0[i] |= src[i] & m0[i]
        return
    back = np.uint64(64) - b
    d0[0] |= (src[0] << b) & m0[0]
    d1 = dst[ws + 1:]
    m1 = mask[ws + 1:]
    s1 = src[1:]
    for i in range(n - 1):
        d1[i] |= ((s1[i] << b) | (src[i] >> back)) & m1[i]


@njit(cache=True, inline="always")
def _or_down(dst, src, shift, mask):
    """dst |= (src & mask) >> shift, over whole bitsets; src is not dst."""
    ws = shift >> 6
    b = np.uint64(shift & 63)
    n = dst.shape[0] - ws
    if n <= 0:
        return
    s0 = src[ws:]
    m0 = mask[ws:]
    if b == 0:
        for i in range(n):
            dst[i] |= s0[i] & m0[i]
        return
    back = np.uint64(64) - b
    s1 = src[ws + 1:]
    m1 = mask[ws + 1:]
    for i in range(n - 1):
        dst[i] |= ((s0[i] & m0[i]) >> b) | ((s1[i] & m1[i]) << back)
    dst[n - 1] |= (s0[n - 1] & m0[n - 1]) >> b


@njit(cache=True, inline="always")
def _close_down(row, snap, strides, radix, has, closures, own_only):
    """``row`` closed downwards: every sub-multiset of each multiset it holds added, where
    ``own_only`` only by the ranks whose closure (``closures``, the row's of ``rank_cl``) is
    the row itself."""
    for j in range(strides.shape[0]):
        if own_only and closures[j] != SELF:
            continue
        for _ in range(radix[j] - 1):
            copy_into(snap, row)
            _or_down(row, snap, strides[j], has[j])


@njit(cache=True, parallel=True)
def reach_pass(levels, level_start, strides, radix, has, cl_start, cl_win, mem_start, members,
               rank_cl, seed_rows, seed_bit, parts, through_won, forced, r):
    """R into ``r`` (rows x words, zeroed; bits indexed by the whole mixed radix of the
    sub-multisets): the (h, M) about to draw that the start (bit ``seed_bit`` of the rows
    ``seed_rows``) can reach, through won closures too when ``through_won`` (best play never
    draws in one, but a player may: a table for later positions needs them). Levels
    (``levels``: rows by cards left, ``level_start`` the bounds) are taken from the most
    cards down: a closure's other rows hold fewer cards. ``parts`` threads push a level's
    rows, each into the rows it owns (row mod parts). Drawing at any time, a row is in each
    of its closures, so its set is closed downwards (M in it, M less a card too): the seed
    rows are closed once, and every other row is then closed already, since what a closed row
    pushes (its multisets less a card of the closure's ranks) is closed. With ``forced`` (the
    closures hold only the rows where a draw can come, and a row is its own closure's only
    where nothing fits the rank) a level's rows are first closed in parallel for the ranks
    that fit none of their free cards only: what is pushed is then no longer closed so."""
    nr = strides.shape[0]
    nw = r.shape[1]
    skip = 0 if forced else 1  # members[mem_start[c]] is the row itself, unless forced
    snap = np.empty(nw, dtype=np.uint64)
    for m in seed_rows:
        r[m, seed_bit >> 6] |= ONE << np.uint64(seed_bit & 63)
        if not forced:  # a row's own draws: every sub-multiset of the seed's
            _close_down(r[m], snap, strides, radix, has, rank_cl[m], False)
    for lv in range(level_start.shape[0] - 2, 0, -1):
        lo, hi = level_start[lv], level_start[lv + 1]
        if forced:  # a row keeps the draws of the ranks that fit none of its free cards
            for q in prange(lo, hi):
                h = levels[q]
                if _row_empty(r, h):
                    continue
                _close_down(r[h], np.empty(nw, dtype=np.uint64), strides, radix, has,
                            rank_cl[h], True)
        for part in prange(parts):
            p = np.zeros(nw, dtype=np.uint64)
            for q in range(lo, hi):
                h = levels[q]
                if _row_empty(r, h):
                    continue
                row = r[h]
                base = cl_start[h]
                for i in range(cl_start[h + 1] - base):
                    c = base + i
                    if cl_win[c] and not through_won:
                        continue
                    made = False  # p, made at this part's first row of the closure
                    for t in range(mem_start[c] + skip, mem_start[c + 1]):
                        m = members[t]
                        if m % parts != part:
                            continue
                        if not made:
                            for w in range(nw):
                                p[w] = 0
                            for j in range(nr):
                                if rank_cl[h, j] == c:
                                    _or_down(p, row, strides[j], has[j])
                            made = True
                        for w in range(nw):
                            r[m, w] |= p[w]


@njit(cache=True, parallel=True)
def support_pass(levels, level_start, strides, radix, has, valid, cl_start, cl_win, mem_start,
                 members, rank_cl, forced, s, nonzero):
    """S in place of R in ``s``: the (h, M) of R from which some order of M wins. Rows are
    taken level by level (``levels``: rows by cards left, ``level_start`` the bounds), a
    level's rows in parallel. ``nonzero[h]`` (zeroed) is set for the rows left with a bit.
    ``forced`` as :func:`reach_pass` has it. Drawing at any time, a row's own draws add
    nothing to what its other closures give: some order of M less a card wins from h, then
    some order of M does (that card drawn first), and within R that set is closed upwards
    already; so a row is closed upwards by its own ranks only with ``forced``."""
    nr = strides.shape[0]
    nw = s.shape[1]
    skip = 0 if forced else 1
    for lv in range(level_start.shape[0] - 1):
        for q in prange(level_start[lv], level_start[lv + 1]):
            h = levels[q]
            if h == 0 or _row_empty(s, h):
                continue
            acc = np.zeros(nw, dtype=np.uint64)
            zc = np.zeros(nw, dtype=np.uint64)
            base = cl_start[h]
            found = False
            for i in range(cl_start[h + 1] - base):
                c = base + i
                if cl_win[c]:
                    for w in range(nw):
                        zc[w] = valid[w]
                else:
                    any_member = False
                    for t in range(mem_start[c] + skip, mem_start[c + 1]):
                        m = members[t]
                        if not nonzero[m]:
                            continue
                        if not any_member:
                            for w in range(nw):
                                zc[w] = 0
                            any_member = True
                        for w in range(nw):
                            zc[w] |= s[m, w]
                    if not any_member:
                        continue
                found = True
                for j in range(nr):
                    if rank_cl[h, j] == c:
                        _or_up(acc, zc, strides[j], has[j])
            row = s[h]
            if not found:
                for w in range(nw):
                    row[w] = 0
                continue
            if forced:  # a row's own draws: of the ranks that fit none of its free cards
                for j in range(nr):
                    if rank_cl[h, j] != SELF:
                        continue
                    for _ in range(radix[j] - 1):
                        copy_into(zc, acc)  # zc is done with: a snapshot for each step
                        _or_up(acc, zc, strides[j], has[j])
            for w in range(nw):
                row[w] &= acc[w]
                if row[w]:
                    nonzero[h] = True


@njit(cache=True, parallel=True)
def layer_counts(s, sizes, counts):
    """``counts[h, k]``: row h's bits of ``s`` whose multiset has k cards (``sizes``)."""
    for h in prange(s.shape[0]):
        for w in range(s.shape[1]):
            x = s[h, w]
            while x:
                counts[h, sizes[w * 64 + trailing_zeros(x)]] += 1
                x &= x - ONE
