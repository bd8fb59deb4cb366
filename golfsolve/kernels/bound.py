"""An upper bound on the cards still removable, which lets the exact search skip heights.

For a set S of ranks, let P(S) be the ranks a card of S fits on (from the rules' table). Every
card of S removed from now on goes onto a waste of a rank in P(S): the waste of the moment, a
stock card still to come (each becomes the waste once, when drawn), or a tableau card of P(S)
removed just before it. Each of those takes one card at most, so at least

    d(S) = n(S) - n(P(S)) - (stock cards to come of a rank in P(S)) - 1

cards of S stay on the tableau (n counting the cards on it, the 1 for the waste, whatever its
rank). So no line from there removes more than 35 - d(S) cards in all. The bound holds for any
S under any rules; a handful of sets (BOUND_SETS) is checked at once, one byte lane each, in
two 64-bit words.

It is strong where a card only fits on ranks of the other parity (Classic, dead-king): a run
of removals then alternates odd and even ranks. Where a King and an Ace fit on each other
(Easy), a run can stay odd across them, the bound rarely cuts anything, and checking it costs
more than it saves, so it is not offered (see :func:`bound_pays`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.kernels.layout import COLUMN_STRIDE, COLUMNS, TABLEAU

# The sets, as rank letters. Any sets give a true bound; these are the ones that cut the most
# height vectors from the exact search on PySolFC deals 1-60 under Classic and dead-king rules:
# the odd and the even ranks, and runs of every other rank, most of them from an end (an Ace or
# a King takes from one rank only where a King and an Ace do not fit on each other).
BOUND_SETS = ("A3579JK", "A35", "579JK", "K", "JK", "79JK", "A", "9JK",
              "2468TQ", "468TQ", "8TQ", "68TQ", "579", "79", "35", "A3")
BOUND_LANES = 16
RANK_LETTERS = "A23456789TJQK"


def _lane_sets(sets: tuple[str, ...]) -> np.ndarray:
    """in_set[lane, rank] = 1 when the lane's set holds the rank."""
    in_set = np.zeros((BOUND_LANES, 14), dtype=np.int64)
    for lane, letters in enumerate(sets):
        for letter in letters:
            in_set[lane, RANK_LETTERS.index(letter) + 1] = 1
    return in_set


BOUND_IN_SET = _lane_sets(BOUND_SETS)
# A lane holds LANE_BIAS + d(S), which is 43..129 (d is -52..34), so adding LANE_MAX_NEED -
# need (0..32) to it sets its high bit exactly when d(S) >= need, with no carry into the next.
LANE_BIAS = 95
LANE_MAX_NEED = 33
LANE_ONES = np.uint64(0x0101010101010101)


@njit(cache=True)
def bound_lanes(col_ranks, stock_ranks, fits, in_set):
    """Tables (lo, hi, stock) of d(S) for the sets of ``in_set`` (16, a byte lane each).

    For column heights packed 3 bits a column (h3) and stock index s, lane j of word w = j // 8
    of lo[h3 & 511, w] + hi[h3 >> 9, w] + stock[s, w] is LANE_BIAS + d(S_j): lo holds the terms
    of columns 0-2, hi those of columns 3-6, stock those of the stock to come and the waste.
    col_ranks and stock_ranks as the search kernels take them.
    """
    words = BOUND_LANES // 8
    in_pred = np.zeros((BOUND_LANES, 14), dtype=np.int64)
    for j in range(BOUND_LANES):
        for x in range(1, 14):
            if in_set[j, x]:
                for w in range(1, 14):
                    if fits[w, x]:
                        in_pred[j, w] = 1
    # column c holding k cards: 5 + n(S) - n(P(S)) over those k cards, in every lane
    column = np.zeros((COLUMNS * 6, words), dtype=np.uint64)
    for c in range(COLUMNS):
        for j in range(BOUND_LANES):
            term = 5
            for k in range(6):
                if k:
                    x = col_ranks[c * COLUMN_STRIDE + k]
                    term += in_set[j, x] - in_pred[j, x]
                column[c * 6 + k, j // 8] |= np.uint64(term) << np.uint64(8 * (j % 8))
    lo = np.zeros((512, words), dtype=np.uint64)  # a column never reads 6 or 7
    hi = np.zeros((4096, words), dtype=np.uint64)
    for w in range(words):
        for v in range(216):
            h0, h1, h2 = v % 6, v // 6 % 6, v // 36
            lo[h0 | h1 << 3 | h2 << 6, w] = (column[h0, w] + column[6 + h1, w]
                                             + column[12 + h2, w])
        for v in range(1296):
            h3, h4, h5, h6 = v % 6, v // 6 % 6, v // 36 % 6, v // 216
            hi[h3 | h4 << 3 | h5 << 6 | h6 << 9, w] = (column[18 + h3, w] + column[24 + h4, w]
                                                       + column[30 + h5, w] + column[36 + h6, w])
    # 15 + 20 of the bias are the columns' 5s: the stock's term carries the other 60
    n_stock = stock_ranks.shape[0]
    stock = np.zeros((n_stock + 1, words), dtype=np.uint64)
    for j in range(BOUND_LANES):
        takers = 1  # the waste of the moment, and the stock cards to come of P(S)
        for s in range(n_stock, -1, -1):
            if s < n_stock:
                takers += in_pred[j, stock_ranks[s]]
            stock[s, j // 8] |= np.uint64(LANE_BIAS - TABLEAU - takers) << np.uint64(8 * (j % 8))
    return lo, hi, stock


@njit(cache=True)
def bound_pays(fits):
    """Whether the bound is worth checking under the rules of ``fits``: every card fits only
    on ranks of the other parity."""
    for w in range(1, 14):
        for x in range(1, 14):
            if fits[w, x] and (w - x) % 2 == 0:
                return False
    return True


@njit(cache=True)
def bound_tables(col_ranks, stock_ranks, fits, floor):
    """The tables settle takes to skip the heights from which no line removes ``floor`` cards
    in all: (lo, hi, stock) as bound_lanes', with LANE_MAX_NEED - need added to stock, so
    that a lane's high bit in lo[h3 & 511] + hi[h3 >> 9] + stock[s] is set where at least
    need = 36 - floor cards of its set must stay. Empty tables where the bound is not used:
    a floor it cannot help with, or rules under which it does not pay."""
    need = TABLEAU + 1 - floor
    if not (1 <= need <= LANE_MAX_NEED and bound_pays(fits)):
        empty = np.zeros((0, BOUND_LANES // 8), dtype=np.uint64)
        return empty, empty, empty
    lo, hi, stock = bound_lanes(col_ranks, stock_ranks, fits, BOUND_IN_SET)
    stock += np.uint64(LANE_MAX_NEED - need) * LANE_ONES
    return lo, hi, stock
