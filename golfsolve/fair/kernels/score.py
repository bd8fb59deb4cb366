"""The score's value by layers: the expected final score of play that maximises it, for a
player who cannot see the stock, over every (row, multiset) of the layers at once (dense: every
entry, not only those that can still be won, since the score counts where a game ends).

The recursion is the fair value's (:mod:`golfsolve.fair.kernels` explains the rows, layers and
closures), counted in orders with another end: X(h, M) = sum over ranks r in M of best(h, r,
M - r); best(h, r, M') = 350 N(M') where the closure of (h, waste r) holds the empty tableau,
else the max of X(h', M') over its rows; X(h, {}) = the score of a dead end at h (350 for the
empty tableau), the same for every order. X / N(M) is the expected final score."""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.fair.kernels.closures import SELF


@njit(cache=True)
def score_layer(below, k_orders_below, down, rank_cl, cl_win, mem_start, members, win_score,
                out):
    """Layer k's X into ``out`` (rows x its width) from layer k - 1's (``below``, rows x its
    width, whose multisets have ``k_orders_below`` orders each); ``down`` is the layers'
    ``down[k]``, the closure table's ``rank_cl``, ``cl_win``, ``mem_start`` and ``members``
    as :func:`golfsolve.fair.kernels.closures.closure_table` gives them; row 0 is the empty
    tableau (won: ``win_score`` times each multiset's orders, as every won closure)."""
    nrows, width = out.shape
    nr = down.shape[1]
    best = np.empty(below.shape[1], dtype=np.int64)
    for h in range(nrows):
        for p in range(width):
            out[h, p] = 0
        for j in range(nr):
            c = rank_cl[h, j]
            if c == SELF:
                for q in range(below.shape[1]):
                    best[q] = below[h, q]
            elif cl_win[c]:
                for q in range(below.shape[1]):
                    best[q] = win_score * k_orders_below[q]
            else:
                first = members[mem_start[c]]
                for q in range(below.shape[1]):
                    best[q] = below[first, q]
                for i in range(mem_start[c] + 1, mem_start[c + 1]):
                    m = members[i]
                    for q in range(below.shape[1]):
                        v = below[m, q]
                        if v > best[q]:
                            best[q] = v
            for p in range(width):
                q = down[p, j]
                if q >= 0:
                    out[h, p] += best[q]
