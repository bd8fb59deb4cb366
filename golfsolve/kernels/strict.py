"""The strict-Golf search: plain arrays in, plain arrays out, no Python objects inside.

Under the traditional (strict) rules a card is drawn only when no free card fits the waste,
and then the draw is forced (while the stock lasts). The state is (7 column heights, stock
index, waste rank) and the only choice is which fitting card to remove. A state with fewer
cards drawn no longer dominates one with more (the player cannot draw through at will), so
:mod:`golfsolve.kernels.search`'s kernels, built on that dominance, do not apply: this one
walks every reachable state once.

The arrays are :mod:`golfsolve.kernels.layout`'s (``col_ranks``, ``stock_ranks``, ``fits``,
``start``; a path of steps, last first, ``DRAW_STEP`` a draw). The draw rule comes in as a
parameter like the fits table, ``draw_rule``: ``DRAW_WHEN_STUCK`` (strict) or
``DRAW_ANY_TIME`` (the app's rules; with it the walk is a plain exhaustive one, no dominance,
far slower than ``search``'s kernels, kept so that the tests can check this very walk against
them). The codes are :mod:`golfsolve.model.rules`'s (``Rules.draw_rule``), repeated here
because a kernel module imports nothing above ``kernels/``.

Why one visit per state is enough: every line to a state draws (its stock index - the
start's) cards, so all lines to a state have the same length, and what can follow depends on
the state alone. A depth-first walk that marks states visited therefore decides the deal
exactly, its maximum is the best dead end it meets, and a win at the least stock index is a
fewest-moves win (35 removals + its draws): the walk keeps the line on its stack when it
meets a win drawing fewer cards than the best so far, so it keeps no parent records.

The visited states are kept in a small open-addressing hash set (linear probing, Fibonacci
hashing of the state's number) rather than in a bitmap over all 76 million (h6, stock index,
waste) numbers: a deal reaches a few thousand strict states (5,200 on average, at most 66,632
over PySolFC deals 1-10000), so a 512 KB table stays in cache where a 9.5 MB bitmap misses on
nearly every state (2-3 times as long a deal, measured). A walk that would fill more than half
the table starts again in a table four times larger, as often as needed, so no deal can
overflow it (among deals 1-10000 only deal 3275, exhaustively walked, needs that).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.kernels.layout import (
    COLUMN_STRIDE,
    COLUMNS,
    DRAW_STEP,
    LOWEST_BIT,
    MAX_PATH,
    POW6,
    START_STOCK,
    START_WASTE,
    TABLEAU,
    WASTE_SLOTS,
    fit_masks,
    start_heights,
)

MAX_STOCK = 16
STOCK_SLOTS = MAX_STOCK + 1  # stock index 0..16
TABLE_SLOTS = 1 << 17  # the hash set's slots (a walk that fills half reruns in 4x more)
EMPTY = 0  # a free slot; a state is stored as its number + 1
FIB = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of number * FIB
DRAW_BIT = 1 << COLUMNS  # in a frame's to-do mask (bits 0..6 the columns): a draw to try

# draw rules (golfsolve.model.rules.DRAW_ANY_TIME, DRAW_WHEN_STUCK)
DRAW_ANY_TIME = 0
DRAW_WHEN_STUCK = 1

# modes
STOP_AT_WIN = 0  # stop at the first win found: the verdict and some win (or the maximum)
FEWEST = 1  # after a win, follow only states drawing fewer cards: a fewest-moves win
EXHAUSTIVE = 2  # every reachable state, past wins too (the state count of a full walk)

# out[] slots
OUT_WON, OUT_MAX_REMOVED, OUT_STATES, OUT_PATH_LEN, OUT_DRAWS, OUT_FEWEST = range(6)
OUT_SIZE = 8


def strict_workspace(slots: int = TABLE_SLOTS):
    """(table, seen): the clean arrays ``strict_search`` needs (it leaves them clean), for a
    hash set of ``slots`` (a power of two) slots. Reuse them between deals."""
    assert slots >= 2 and slots & (slots - 1) == 0, "slots must be a power of two"
    return np.zeros(slots, dtype=np.int32), np.empty(slots // 2, dtype=np.int32)


@njit(cache=True, inline="always")
def _state_key(h6, s, waste):
    """The state's number + 1 (never EMPTY)."""
    return (h6 * STOCK_SLOTS + s) * WASTE_SLOTS + waste + 1


@njit(cache=True, inline="always")
def _slot(table, shift, key):
    """The slot holding ``key`` in ``table``, or the free slot where it would go (linear
    probing from its hash)."""
    mask = table.shape[0] - 1
    at = np.int64((np.uint64(key) * FIB) >> np.uint64(shift))
    while table[at] != EMPTY and table[at] != key:
        at = (at + 1) & mask
    return at


@njit(cache=True, inline="always")
def _fitting(col_ranks, fitmask, h3, waste):
    """The 7-bit mask of columns whose free card fits on ``waste`` (an empty column's rank 0
    fits nothing)."""
    m = fitmask[waste]
    movable = 0
    for c in range(COLUMNS):
        movable |= ((m >> col_ranks[c * COLUMN_STRIDE + ((h3 >> (3 * c)) & 7)]) & 1) << c
    return movable


@njit(cache=True)
def strict_search(col_ranks, stock_ranks, fits, start, draw_rule, mode, table, seen, out,
                  path):
    """Search every play from ``start`` = (7 heights, stock index, waste rank) under the
    rule table ``fits`` and ``draw_rule`` (DRAW_WHEN_STUCK: strict Golf).

    Promises, in ``out``:
      out[OUT_WON]          1 if some legal play removes every tableau card, else 0;
      out[OUT_MAX_REMOVED]  the most tableau cards removed over all legal plays (35 for a
                            win), the cards already gone at ``start`` included;
      out[OUT_STATES]       distinct states visited (the start included): with EXHAUSTIVE,
                            or when the deal is lost, every reachable state;
      out[OUT_PATH_LEN]     the length of ``path``;
      out[OUT_DRAWS]        the draws in ``path``;
      out[OUT_FEWEST]       1 if ``path`` is a win with the fewest moves possible.
    and in ``path[:out[OUT_PATH_LEN]]`` a complete legal game from ``start``, LAST MOVE
    FIRST (as ``search``'s kernels): DRAW_STEP (-1) a draw, 0..6 the removal of that
    column's free card. Won: the line ends at the win. Lost: it ends at a dead end (stock
    empty, nothing fits) with the most cards removed, the final draws included. With
    DRAW_WHEN_STUCK every draw in it is made when no free card fits.

    ``mode`` STOP_AT_WIN: stop at the first win found (a win, not necessarily the shortest).
    FEWEST: go on, following only states with fewer cards drawn than the best win so far;
    the win returned then has the fewest moves (35 removals + its draws). EXHAUSTIVE: visit
    every reachable state; the win returned has the fewest moves too. A lost deal is walked
    in full in every mode, and all three give the same verdict and maximum.

    ``fits[w, x]``: may a card of rank x go onto a waste of rank w (14x14 bool). ``table``
    and ``seen`` come from :func:`strict_workspace`, clean (``table`` all EMPTY), and are left
    clean. A deal reaching more states than half the table is searched again in a table of
    its own, four times larger (as often as needed), with the same results.
    """
    if _walk(col_ranks, stock_ranks, fits, start, draw_rule, mode, table, seen, out, path):
        return
    slots = table.shape[0] * 4
    while True:
        bigger, listed = np.zeros(slots, dtype=np.int32), np.empty(slots // 2, dtype=np.int32)
        if _walk(col_ranks, stock_ranks, fits, start, draw_rule, mode, bigger, listed, out,
                 path):
            return
        slots *= 4


@njit(cache=True)
def _walk(col_ranks, stock_ranks, fits, start, draw_rule, mode, table, seen, out, path):
    """strict_search's walk in the hash set ``table``: True when done (``out`` and ``path``
    written), False when it would hold more states than ``seen`` has room for or than half
    the table (``out`` and ``path`` then undefined). ``table`` is left clean either way."""
    room = min(seen.shape[0], table.shape[0] // 2)
    shift = 64  # a hash is the top 64 - shift bits of key * FIB
    while (1 << (64 - shift)) < table.shape[0]:
        shift -= 1
    n_stock = stock_ranks.shape[0]
    fitmask, _ = fit_masks(fits)

    # The depth-first stack: one frame a state on the current line. act[k] is the move that
    # led to frame k (frame 0, the start, has none); todo[k] the moves from it not yet tried.
    depth_cap = MAX_PATH + 1
    f3 = np.empty(depth_cap, dtype=np.int64)
    f6 = np.empty(depth_cap, dtype=np.int64)
    fs = np.empty(depth_cap, dtype=np.int64)
    todo = np.empty(depth_cap, dtype=np.int64)
    act = np.empty(depth_cap, dtype=np.int64)

    h3, h6 = start_heights(start)
    s = start[START_STOCK]
    waste = start[START_WASTE]

    best = -1  # the most removed at a dead end or win so far
    best_len = 0
    best_draws = 0
    win_s = n_stock + 1  # the stock index of the best win so far (none: past the end)
    n_seen = 0  # seen[:n_seen] lists the used slots of the visited set, to clean up after
    done = True
    states = 0
    depth = 0
    pending = True  # the state (h3, h6, s, waste) is to be entered as frame ``depth``
    move = 0

    while True:
        if pending:
            pending = False
            key = _state_key(h6, s, waste)
            at = _slot(table, shift, key)
            if table[at] == EMPTY and (s < win_s or mode == EXHAUSTIVE):
                if n_seen == room:
                    done = False
                    break
                table[at] = key
                seen[n_seen] = at
                n_seen += 1
                states += 1
                f3[depth] = h3
                f6[depth] = h6
                fs[depth] = s
                act[depth] = move
                left = 0
                for c in range(COLUMNS):
                    left += (h3 >> (3 * c)) & 7
                moves = 0  # won: the game is over
                if left:
                    moves = _fitting(col_ranks, fitmask, h3, waste)
                    if s < n_stock and (moves == 0 or draw_rule == DRAW_ANY_TIME):
                        moves |= DRAW_BIT  # strict: nothing fits, so the draw is forced
                todo[depth] = moves
                terminal = moves == 0  # won, or a dead end
                if terminal and (TABLEAU - left > best or (left == 0 and s < win_s)):
                    # The line on the stack, last move first.
                    best = TABLEAU - left
                    best_len = depth
                    best_draws = 0
                    for k in range(depth):
                        path[k] = act[depth - k]
                        if act[depth - k] == DRAW_STEP:
                            best_draws += 1
                    if left == 0:
                        win_s = s
                        if mode == STOP_AT_WIN:
                            break
                depth += 1
        if depth == 0:
            break
        top = depth - 1
        t = todo[top]
        if t == 0:
            depth -= 1
            continue
        h3 = f3[top]
        h6 = f6[top]
        s = fs[top]
        c = LOWEST_BIT[t]
        todo[top] = t & (t - 1)
        if c == COLUMNS:  # the draw
            waste = stock_ranks[s]
            s += 1
            move = DRAW_STEP
        else:
            waste = col_ranks[c * COLUMN_STRIDE + ((h3 >> (3 * c)) & 7)]
            h3 -= 1 << (3 * c)
            h6 -= POW6[c]
            move = c
        pending = True

    # Leave the table clean for the next call.
    for j in range(n_seen):
        table[seen[j]] = EMPTY
    if not done:
        return False

    won = best == TABLEAU
    out[OUT_WON] = 1 if won else 0
    out[OUT_MAX_REMOVED] = best
    out[OUT_STATES] = states
    out[OUT_PATH_LEN] = best_len
    out[OUT_DRAWS] = best_draws
    out[OUT_FEWEST] = 1 if (won and mode != STOP_AT_WIN) else 0
    return True
