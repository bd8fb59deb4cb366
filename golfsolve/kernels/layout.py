"""The kernels' encoding of a Golf position, in one place: every kernel reads it, and
:mod:`golfsolve.packing` is the only module outside ``kernels/`` that builds it.

- ``col_ranks[c * COLUMN_STRIDE + h]`` (``COLUMNS * COLUMN_STRIDE`` int64): the rank (1-13) of
  column c's free card when the column holds h cards (1..5); 0 for h = 0 and for the padding.
- ``stock_ranks`` (int64): the stock's ranks in draw order; 0 marks an unknown slot where a
  kernel takes them (the fair value's).
- ``start`` (``START_SIZE`` int64): the 7 column heights, then the stock index (cards drawn,
  ``START_STOCK``), then the waste rank (``START_WASTE``).
- ``fits[waste_rank, card_rank]`` (14 x 14 bool): the rules, built by
  :meth:`golfsolve.model.rules.Rules.fits_table`.
- A line comes back as a path of steps: a column index 0-6 for a removal, ``DRAW_STEP`` (any
  negative step) for a draw.

Inside the kernels heights are kept packed 3 bits a column (``h3``, to read a column) and as a
base-6 number (``h6``, to index tables compactly); a (heights, waste) pair has one bit of a
``visited`` bitmap of ``VISITED_WORDS`` words, set and cleared by :func:`first_visit` and
:func:`forget`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

COLUMNS = 7
ROWS = 5
TABLEAU = COLUMNS * ROWS
COLUMN_STRIDE = 8  # col_ranks slots a column: heights 0..5, padded to a power of two
COL_RANKS_SIZE = COLUMNS * COLUMN_STRIDE
START_STOCK = COLUMNS  # start[START_STOCK]: the stock index (cards drawn)
START_WASTE = COLUMNS + 1  # start[START_WASTE]: the waste rank
START_SIZE = COLUMNS + 2
DRAW_STEP = -1  # a path's step for a draw (the kernels write any negative number)
N_HEIGHTS = 6**COLUMNS  # 279,936 height vectors
WASTE_SLOTS = 16  # waste ranks 1..13, padded to a power of two
HEIGHT_BIT = 0  # the visited slot of rank 0 (never a waste) marks a height vector reached
VISITED_WORDS = N_HEIGHTS * WASTE_SLOTS // 64
POW6 = np.array([6**c for c in range(COLUMNS)], dtype=np.int64)
MAX_PATH = 64  # a path's steps at most: 35 removals + 16 draws
# LOWEST_BIT[m]: the lowest set bit of a nonzero mask of columns (7 bits), or of columns and a
# draw (bit 7, as the strict search's to-do masks hold it)
LOWEST_BIT = np.array([(m & -m).bit_length() - 1 for m in range(1 << (COLUMNS + 1))],
                      dtype=np.int64)


@njit(cache=True)
def fit_masks(fits):
    """(fitmask, onmask) of the rule table: fitmask[w] has bit x set when a card of rank x
    fits on a waste of rank w; onmask[x] has bit w set then."""
    fitmask = np.zeros(14, dtype=np.int64)
    onmask = np.zeros(14, dtype=np.int64)
    for w in range(1, 14):
        for x in range(1, 14):
            if fits[w, x]:
                fitmask[w] |= 1 << x
                onmask[x] |= 1 << w
    return fitmask, onmask


@njit(cache=True, inline="always")
def start_heights(start):
    """(h3, h6): the heights of a ``start`` array packed 3 bits a column and as a base-6
    number."""
    h3 = 0
    h6 = 0
    for c in range(COLUMNS):
        h3 |= start[c] << (3 * c)
        h6 += start[c] * POW6[c]
    return h3, h6


@njit(cache=True, inline="always")
def first_visit(visited, h6, waste):
    """Mark (heights, waste) visited; True if it was not before."""
    bit = np.uint64(h6) * np.uint64(WASTE_SLOTS) + np.uint64(waste)
    at = bit >> np.uint64(6)
    word = visited[at]
    b = np.uint64(1) << (bit & np.uint64(63))
    if word & b:
        return False
    visited[at] = word | b
    return True


@njit(cache=True, inline="always")
def forget(visited, h6, waste):
    """Clear the visited bit of (heights, waste)."""
    bit = np.uint64(h6) * np.uint64(WASTE_SLOTS) + np.uint64(waste)
    visited[bit >> np.uint64(6)] &= ~(np.uint64(1) << (bit & np.uint64(63)))
