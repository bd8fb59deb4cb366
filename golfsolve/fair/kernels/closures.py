"""The closures of the layer DP (:mod:`golfsolve.fair.kernels` explains it): the rows, the
height vectors h <= h0 in mixed radix, and for each row and present rank the rows removals
reach from it with that rank on the waste, found once for the whole computation.

``closure_table`` finds them (deduplicated per row by the columns a rank fits: ranks fitting
the same free cards share a closure), ``loose_columns`` the column sub-closures the table does
not hold, and ``column_rows`` reads either. The helpers that run once a computation are plain
numpy: compiling them would cost more than they take."""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.kernels.layout import COLUMN_STRIDE, COLUMNS

SELF = -1  # rank_cl entry: the rank fits no free card; the closure is the row alone
DEEPEST = 256  # a column_rows stack's entries: one more than 6 for each of the 35 cards


def row_heights(h0, stride, nrows) -> np.ndarray:
    """``heights[row, c]``: column c's height at each row (rows x 7 int64, a view). Plain
    numpy, as the helpers below that run once a computation: compiling them would cost more
    than they take. (The rows are the heights' mixed radix, column 0 the lowest digit: the
    digits of an array of shape h0 + 1, columns reversed, in its own order.)"""
    shape = tuple(int(h) + 1 for h in h0[::-1])
    return np.indices(shape, dtype=np.int64).reshape(COLUMNS, nrows)[::-1].T


def top_cards(col_ranks, h0, stride, nrows) -> np.ndarray:
    """``tops[c, row]``: the rank of column c's top card at a row (0: the column is empty).
    Column by column, each column's rows in a run (the kernels read them faster so than row by
    row), and in C order whatever the rows (numpy marks a one-row table C and F at once: the
    kernels that read it are compiled for the one layout)."""
    at = (np.arange(COLUMNS) * COLUMN_STRIDE)[:, None] + row_heights(h0, stride, nrows).T
    return col_ranks[at].astype(np.int8, order="C")  # col_ranks holds 0 for a height of 0


@njit(cache=True)
def closure_of(tops, fits, stride, row, waste, stamp, seen, tag, out, forced):
    """The distinct rows removal-reachable from (row, waste), the row first, into ``out``;
    returns (count, won). With ``forced`` (rules that draw only when nothing fits) only the
    rows where a draw can come, those reached with a waste no free card fits (the row itself
    only if nothing fits ``waste``). ``tops`` is :func:`top_cards`; ``stamp`` (rows x 14)
    and ``seen`` (rows) are int32 marks compared with ``tag``, which the caller makes new for
    each call."""
    n = 0
    won = False
    stack = np.empty((6 * COLUMNS + 2, 2), dtype=np.int64)
    top = 0
    stack[0, 0] = row
    stack[0, 1] = waste
    top = 1
    stamp[row, waste] = tag
    while top:
        top -= 1
        r = stack[top, 0]
        w = stack[top, 1]
        if r == 0:
            won = True
        stuck = True
        for c in range(COLUMNS):
            card = tops[c, r]
            if card and fits[w, card]:
                stuck = False
                nr = r - stride[c]
                if stamp[nr, card] != tag:
                    stamp[nr, card] = tag
                    stack[top, 0] = nr
                    stack[top, 1] = card
                    top += 1
        if (stuck or not forced) and seen[r] != tag:
            seen[r] = tag
            out[n] = r
            n += 1
    return n, won


def row_strides(h0) -> tuple[int, np.ndarray]:
    """(rows, stride): the number of rows under heights h0, and each column's stride in them."""
    radix = np.asarray(h0, dtype=np.int64) + 1
    stride = np.concatenate([[1], np.cumprod(radix[:-1])]).astype(np.int64)
    return int(stride[-1] * radix[-1]), stride


def row_levels(h0, stride, nrows) -> tuple[np.ndarray, np.ndarray]:
    """The rows ordered by cards left (a stable order), and where each count of cards starts
    among them (cards 0 .. the most, and one bound past)."""
    cards = np.zeros(1, dtype=np.int8)  # each row's cards, column 6's digit first
    for c in range(COLUMNS - 1, -1, -1):
        cards = np.add.outer(cards, np.arange(int(h0[c]) + 1, dtype=np.int8)).ravel()
    levels = np.argsort(cards, kind="stable")  # (a radix sort, on 8-bit keys)
    bounds = np.searchsorted(cards[levels], np.arange(int(np.sum(h0)) + 2))
    return levels.astype(np.int64), bounds.astype(np.int64)


def removals(col_ranks, fits, heights, waste) -> tuple[np.ndarray, np.ndarray]:
    """The removals legal at ``heights`` under ``waste``: (columns 0-6, the card each puts on
    the waste)."""
    heights = np.asarray(heights, dtype=np.int64)
    cards = col_ranks[np.arange(COLUMNS) * COLUMN_STRIDE + heights]  # 0 where empty
    columns = np.flatnonzero((heights > 0) & fits[waste, cards])
    return columns.astype(np.int64), cards[columns].astype(np.int64)


@njit(cache=True)
def _grow(a, need):
    """``a``, or where it holds fewer than ``need`` entries a copy at least twice as long."""
    if need <= a.shape[0]:
        return a
    b = np.empty(max(need, 2 * a.shape[0]), dtype=a.dtype)
    for i in range(a.shape[0]):  # a loop: slice assignment takes most of a second to compile
        b[i] = a[i]
    return b


@njit(cache=True, nogil=True)
def closure_table(tops, fits, stride, ranks, lo, hi, forced):
    """The closures of rows lo .. hi - 1 under each present rank (:func:`closure_of`, its
    ``forced`` as given): (cl_start[hi - lo + 1],
    cl_win[n], mem_start[n + 1], members[...] int32 rows, rank_cl[hi - lo, len(ranks)] int32),
    closure ids counted from 0 in this range. Row lo + i's closures are ids cl_start[i] ..
    cl_start[i + 1] - 1; rank_cl holds one of them, or SELF when the rank fits none of the
    row's free cards (the closure is the row alone). Holds no lock: ranges run in threads."""
    nrows = tops.shape[1]
    nr = ranks.shape[0]
    cl_start = np.zeros(hi - lo + 1, dtype=np.int64)
    rank_cl = np.full((hi - lo, nr), SELF, dtype=np.int32)
    cl_win = np.zeros(1 << 12, dtype=np.bool_)
    mem_start = np.zeros(1 << 12, dtype=np.int64)
    members = np.empty(1 << 16, dtype=np.int32)
    stamp = np.zeros((nrows, 14), dtype=np.int32)
    seen = np.zeros(nrows, dtype=np.int32)
    out = np.empty(nrows, dtype=np.int64)
    masks = np.empty(nr, dtype=np.int64)
    ncl = 0
    nmem = 0
    tag = 0
    for row in range(lo, hi):
        cl_start[row - lo] = ncl
        first = ncl
        for j in range(nr):
            mask = 0
            for c in range(COLUMNS):
                if tops[c, row] and fits[ranks[j], tops[c, row]]:
                    mask |= 1 << c
            masks[j] = mask
            if mask == 0:
                continue
            same = -1
            for i in range(j):
                if masks[i] == mask:
                    same = rank_cl[row - lo, i]
                    break
            if same >= 0:
                rank_cl[row - lo, j] = same
                continue
            tag += 1
            n, won = closure_of(tops, fits, stride, row, ranks[j], stamp, seen, tag, out,
                                 forced)
            cl_win = _grow(cl_win, ncl + 1)
            mem_start = _grow(mem_start, ncl + 2)
            members = _grow(members, nmem + n)
            cl_win[ncl] = won
            mem_start[ncl] = nmem
            for i in range(n):
                members[nmem + i] = out[i]
            nmem += n
            mem_start[ncl + 1] = nmem
            rank_cl[row - lo, j] = ncl
            ncl += 1
        if ncl - first > 13:
            raise ValueError("more closures in a row than ranks")
    cl_start[hi - lo] = ncl
    return (cl_start, cl_win[:ncl].copy(), mem_start[: ncl + 1].copy(), members[:nmem].copy(),
            rank_cl)


@njit(cache=True, inline="always")
def column_rows(h, col, tops, stride, rank_j, rank_cl, mem_start, members, loose_start,
                loose_rows):
    """The rows of column col's sub-closure at row h: the closure of (h less that column's top
    card, that card on the waste), from the closure table or, where that has none, from
    :func:`loose_columns`'s. A closure of row h is h and its columns' sub-closures (those
    whose top card fits its rank); no sub-closure of an open closure is won."""
    i = h * COLUMNS + col
    a, b = loose_start[i], loose_start[i + 1]
    if b > a:
        return loose_rows[a:b]
    c = rank_cl[h - stride[col], rank_j[tops[col, h]]]
    return members[mem_start[c]:mem_start[c + 1]]


@njit(cache=True, nogil=True)
def loose_columns(tops, fits, stride, rank_j, rank_cl, mem_start, members, lo, hi,
                  forced):
    """The column sub-closures (see :func:`column_rows`) the closure table does not hold, for
    rows lo .. hi - 1 and each column with a card: where the top card's rank is one the stock
    has none of (gathered from the closures of the rows it reaches, without repeats), or where
    it fits no free card of the row below (that row alone); with ``forced``, only the rows
    where a draw can come, as :func:`closure_of` has them. Returns (start, rows) int32:
    (h, col)'s rows are ``rows[start[i]:start[i + 1]]``, i = (h - lo) * COLUMNS + col, none
    where the table holds them. Holds no lock: ranges apart run in threads."""
    nrows = tops.shape[1]
    start = np.zeros((hi - lo) * COLUMNS + 1, dtype=np.int32)
    rows = np.empty(1 << 16, dtype=np.int32)
    seen = np.zeros(nrows, dtype=np.int32)
    stack = np.empty((DEEPEST, 2), dtype=np.int64)
    n = 0
    tag = 0
    for h in range(lo, hi):
        for col in range(COLUMNS):
            start[(h - lo) * COLUMNS + col] = n
            card = tops[col, h]
            if card == 0:
                continue
            row = h - stride[col]
            j = rank_j[card]
            if j >= 0:
                if rank_cl[row, j] == SELF:
                    rows = _grow(rows, n + 1)
                    rows[n] = row
                    n += 1
                continue
            tag += 1
            stack[0, 0] = row
            stack[0, 1] = card
            top = 1
            while top:
                top -= 1
                r = stack[top, 0]
                w = stack[top, 1]
                jj = rank_j[w]
                c = rank_cl[r, jj] if jj >= 0 else SELF
                if c != SELF:
                    rows = _grow(rows, n + mem_start[c + 1] - mem_start[c])
                    for q in range(mem_start[c], mem_start[c + 1]):
                        m = members[q]
                        if seen[m] != tag:
                            seen[m] = tag
                            rows[n] = m
                            n += 1
                    continue
                stuck = True
                if jj < 0:
                    for c2 in range(COLUMNS):
                        t = tops[c2, r]
                        if t and fits[w, t]:
                            stuck = False
                            stack[top, 0] = r - stride[c2]
                            stack[top, 1] = t
                            top += 1
                if (stuck or not forced) and seen[r] != tag:
                    seen[r] = tag
                    rows = _grow(rows, n + 1)
                    rows[n] = r
                    n += 1
            if n >= 1 << 31:
                raise ValueError("more loose column rows than 32-bit offsets hold")
    start[(hi - lo) * COLUMNS] = n
    return start, rows[:n].copy()
