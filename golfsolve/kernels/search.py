"""The numba search kernels: plain arrays in, plain arrays out, no Python objects inside.

A state is (7 column heights, stock index, waste rank). With draw-any-time, a state reached
with fewer cards drawn dominates the same heights and waste reached with more (the player can
draw through to any later stock card), so a search only needs, per (heights, waste), the least
stock index. Two kernels use that:

``settle`` (the exact solver): a removal lowers the base-6 number of the heights, so one pass
down over height vectors settles each reachable one once, with the least stock index of each
waste it can have. It gives the verdict, the exact maximum of cards removable and a line with
the fewest draws (so the fewest moves) to a win or to the most cards removed. Given a floor,
it skips the heights from which no line can remove that many cards, by the bound of
:mod:`golfsolve.kernels.bound`.

``layered`` goes layer by layer in the stock index (cards drawn) and, inside a layer,
depth-first over removals. With ``dominance`` one bit per (heights, waste) is enough: the
first layer to reach a pair is its least stock index. Without it the bits are cleared at each
layer and the records count every reachable (stock index, heights, waste) state, the figure an
exhaustive enumeration must reproduce. With ``slack`` >= 0 it is a beam: a layer only draws
from heights within ``slack`` cards of the best so far, which finds most wins in a fraction of
the exact search's time (and proves nothing when it finds none).

The arrays (``col_ranks``, ``stock_ranks``, ``start``, ``fits``) and the packed heights (``h3``,
``h6``) are those of :mod:`golfsolve.kernels.layout`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.kernels.layout import (
    COL_RANKS_SIZE,
    COLUMN_STRIDE,
    COLUMNS,
    HEIGHT_BIT,
    LOWEST_BIT,
    MAX_PATH,  # noqa: F401  (solver sizes its paths by search.MAX_PATH)
    N_HEIGHTS,
    POW6,
    START_STOCK,
    START_WASTE,
    TABLEAU,
    VISITED_WORDS,
    first_visit,
    fit_masks,
    forget,
    start_heights,
)

NO_COLUMN = 7

# out[] slots
OUT_STATUS, OUT_WON, OUT_MAX_REMOVED, OUT_STATES, OUT_PATH_LEN, OUT_LAYER, OUT_HEIGHTS = range(7)
OUT_SIZE = 8
STATUS_OK, STATUS_OVERFLOW = 0, 1

# rec[] columns: packed (h3 | waste << 21), h6, parent record,
# info (layer | column << 8 | drew << 12)
REC_FIELDS = 4


def layered_workspace(capacity: int = N_HEIGHTS * 13 + 1):
    """Arrays ``layered`` needs, clean (it leaves them clean). Reuse them between deals."""
    visited = np.zeros(VISITED_WORDS, dtype=np.uint64)
    rec = np.empty((capacity, REC_FIELDS), dtype=np.int32)
    stack = np.empty(capacity, dtype=np.int32)
    # h3, first record, free-rank mask, h6, cards removed
    heights = np.empty((N_HEIGHTS, 5), dtype=np.int32)
    return visited, rec, stack, heights



@njit(cache=True, inline="always")
def _free_mask(col_ranks, h3):
    mask = 0
    for c in range(COLUMNS):
        hc = (h3 >> (3 * c)) & 7
        if hc:
            mask |= 1 << col_ranks[c * COLUMN_STRIDE + hc]
    return mask




@njit(cache=True, inline="always")
def _record(rec, n, h3, waste, h6, parent, info):
    at = np.uint64(n)
    rec[at, 0] = h3 | (waste << 21)
    rec[at, 1] = h6
    rec[at, 2] = parent
    rec[at, 3] = info


@njit(cache=True, inline="always")
def _removed(h3):
    left = 0
    for c in range(COLUMNS):
        left += (h3 >> (3 * c)) & 7
    return TABLEAU - left


@njit(cache=True)
def layered(col_ranks, stock_ranks, fits, start, dominance, slack, stop_at_win,
            visited, rec, stack, heights, out, path):
    """Search from ``start`` = (7 heights, stock index, waste rank).

    col_ranks[c * COLUMN_STRIDE + h] is the rank of column c's free card when the column holds
    h cards; stock_ranks the stock in draw order; fits[waste, card] the rule table. Writes
    ``out`` (see OUT_*) and ``path``: the moves to the first win found (with dominance and no
    slack it has the fewest draws) or to a state with the most cards removed, last move first;
    -1 a draw, 0..6 a column.
    """
    cap = rec.shape[0]
    n_stock = stock_ranks.shape[0]
    fitmask = fit_masks(fits)[0]

    h3, h6 = start_heights(start)
    s0 = start[START_STOCK]
    w0 = start[START_WASTE]
    _record(rec, 0, h3, w0, h6, -1, s0 | (NO_COLUMN << 8))
    first_visit(visited, h6, w0)
    first_visit(visited, h6, HEIGHT_BIT)
    heights[0, 0] = h3
    heights[0, 1] = 0
    heights[0, 2] = _free_mask(col_ranks, h3)
    heights[0, 3] = h6
    heights[0, 4] = _removed(h3)
    n_h = 1
    n_rec = 1
    stack[0] = 0
    sp = 1
    best = _removed(h3)
    best_idx = 0
    win_idx = 0 if h3 == 0 else -1
    status = STATUS_OK
    layer_begin = 0

    t = s0
    while t <= n_stock and (win_idx < 0 or not stop_at_win) and status == STATUS_OK:
        if t > s0:
            r = stock_ranks[t - 1]
            prev_begin = layer_begin
            layer_begin = n_rec
            if dominance:
                # Every height reached so far, drawing through to stock card t-1.
                floor = best - slack if slack >= 0 else 0
                takes = fitmask[r]
                for k in range(n_h):
                    # A beam skips heights too far behind the best; a seed from which nothing
                    # can be removed adds nothing. One branch for both, not two: each is as
                    # good as random.
                    if (heights[k, 4] < floor) | (heights[k, 2] & takes == 0):
                        continue
                    if not first_visit(visited, heights[k, 3], r):
                        continue
                    if n_rec >= cap:
                        status = STATUS_OVERFLOW
                        break
                    _record(rec, n_rec, heights[k, 0], r, heights[k, 3], heights[k, 1],
                            t | (NO_COLUMN << 8) | (1 << 12))
                    stack[sp] = n_rec
                    sp += 1
                    n_rec += 1
            else:
                # The heights of the layer before, each drawing one card.
                for j in range(prev_begin, layer_begin):
                    forget(visited, rec[j, 1], rec[j, 0] >> 21)
                for j in range(prev_begin, layer_begin):
                    if rec[j, 1] == 0:
                        continue  # a won game is over: nothing is drawn after it
                    if not first_visit(visited, rec[j, 1], r):
                        continue
                    if n_rec >= cap:
                        status = STATUS_OVERFLOW
                        break
                    _record(rec, n_rec, rec[j, 0] & 0x1FFFFF, r, rec[j, 1], j,
                            t | (NO_COLUMN << 8) | (1 << 12))
                    stack[sp] = n_rec
                    sp += 1
                    n_rec += 1

        while sp > 0 and status == STATUS_OK:
            sp -= 1
            i = stack[sp]
            key = rec[i, 0]
            h3 = key & 0x1FFFFF
            h6 = rec[i, 1]
            m = fitmask[key >> 21]
            # The columns whose free card fits, found without a branch each (which one fits
            # is as good as random): an empty column's rank 0 fits nothing.
            movable = 0
            for c in range(COLUMNS):
                movable |= ((m >> col_ranks[c * COLUMN_STRIDE + ((h3 >> (3 * c)) & 7)]) & 1) << c
            while movable:
                c = LOWEST_BIT[movable]
                movable &= movable - 1
                rank = col_ranks[c * COLUMN_STRIDE + ((h3 >> (3 * c)) & 7)]
                n3 = h3 - (1 << (3 * c))
                n6 = h6 - POW6[c]
                if not first_visit(visited, n6, rank):
                    continue
                if n_rec >= cap:
                    status = STATUS_OVERFLOW
                    break
                _record(rec, n_rec, n3, rank, n6, i, t | (c << 8))
                if first_visit(visited, n6, HEIGHT_BIT):
                    heights[n_h, 0] = n3
                    heights[n_h, 1] = n_rec
                    heights[n_h, 2] = _free_mask(col_ranks, n3)
                    heights[n_h, 3] = n6
                    removed = _removed(n3)
                    heights[n_h, 4] = removed
                    n_h += 1
                    if removed > best:
                        best = removed
                        best_idx = n_rec
                if n3 == 0 and win_idx < 0:
                    win_idx = n_rec
                    if stop_at_win:
                        n_rec += 1
                        sp = 0
                        break
                stack[sp] = n_rec
                sp += 1
                n_rec += 1
        t += 1

    # The path, last move first.
    target = win_idx if win_idx >= 0 else best_idx
    n_path = 0
    i = target
    while i > 0:
        info = rec[i, 3]
        column = (info >> 8) & 15
        parent = rec[i, 2]
        if column != NO_COLUMN:
            path[n_path] = column
            n_path += 1
        if (info >> 12) & 1:
            for _ in range((info & 255) - (rec[parent, 3] & 255)):
                path[n_path] = -1
                n_path += 1
        i = parent

    out[OUT_STATUS] = status
    out[OUT_WON] = 1 if win_idx >= 0 else 0
    out[OUT_MAX_REMOVED] = best
    out[OUT_STATES] = n_rec
    out[OUT_PATH_LEN] = n_path
    out[OUT_LAYER] = rec[target, 3] & 255
    out[OUT_HEIGHTS] = n_h

    # Leave the workspace clean for the next call.
    for j in range(n_rec):
        forget(visited, rec[j, 1], rec[j, 0] >> 21)
    for k in range(n_h):
        forget(visited, heights[k, 3], HEIGHT_BIT)


INF = 255
U1, U2, U3, U4, U7, U8, U16 = (np.uint64(n) for n in (1, 2, 3, 4, 7, 8, 16))
HIGH_BITS = np.uint64(0x8080808080808080)  # a bound's lane with its high bit set: skip


def settle_workspace():
    """Arrays ``settle`` needs, clean (it leaves them clean). Reuse them between deals."""
    least = np.full(N_HEIGHTS * 8, INF, dtype=np.uint8)
    seen = np.empty(N_HEIGHTS, dtype=np.int32)
    return least, least.view(np.uint64), seen


UNREACHED = np.uint64(0xFFFFFFFFFFFFFFFF)  # a height vector's 8 least slots, all INF


LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
BYTE_ONES = np.uint64(0x0101010101010101)


@njit(cache=True, inline="always")
def _slots_set(slots):
    """How many of a height's 8 least slots, read as one word, are not INF."""
    x = ~slots  # INF bytes become 0
    high = (((x & LOW7) + LOW7) | x) & ~LOW7  # the high bit of every nonzero byte
    return np.int64(((high >> np.uint64(7)) * BYTE_ONES) >> np.uint64(56))


@njit(cache=True)
def settle(col_ranks, stock_ranks, fits, start, cap, stop, bound_lo, bound_hi, bound_stock,
           least, least64, seen, out, path):
    """Exact search over heights: every reachable height vector, each settled once.

    A state is (heights, the column the waste card came from, stock index). For each height
    vector h and source column c, ``least[h6 * 8 + c]`` becomes the least stock index at which
    h is reached with the card just removed from column c as waste (INF: never); slot 7 is
    never used, so that ``least64[h6]``, the same 8 bytes read as one word, is UNREACHED until
    h is reached. ``seen`` lists the reached h6 (to clean up after). A lower stock index
    dominates, so that least value is all that matters. A removal lowers h6, so one pass down
    from the start's h6 settles every h before anything it leads to: no state is expanded
    twice, and memory is read and written in a few descending streams. The pass counts the
    column heights down in base 6 alongside h6, so they are never decoded.

    From a settled h, the card x of column c goes onto the waste at the least index among the
    sources x fits on, or at the first later stock card x fits on, drawn through to.

    A height whose least index is above ``cap`` is not expanded. With a win known that draws
    ``cap`` cards, this keeps every line that draws no more, so the fewest-draws win is still
    found; the maximum removed is then only exact for a win. Pass the stock size for no cap.

    With the tables of :func:`golfsolve.kernels.bound.bound_tables` for a floor (empty tables:
    none), a height none of whose lines removes that many cards in all is not expanded either: it
    is skipped when a byte lane of bound_lo[h3 & 511] + bound_hi[h3 >> 9] + bound_stock[s]
    has its high bit set, s the height's least index. Every line that reaches the floor is
    still followed, so when the maximum is the floor or more, everything written is as
    without it; when it is less, the maximum written is less than the floor too (and need
    not be the maximum).

    The pass ends as soon as a height vector with ``stop`` or more cards removed is reached:
    with 35, at the first win found (whose line then need not have the fewest draws). Pass
    TABLEAU + 1 to settle everything.

    Writes out[OUT_WON], out[OUT_MAX_REMOVED], out[OUT_STATES] (settled (heights, source)
    pairs), out[OUT_HEIGHTS], out[OUT_LAYER] (stock index of the target) and ``path``, the
    moves to a fewest-draws win or to a state with the most cards removed, last move first.
    """
    _settle(col_ranks, stock_ranks, fits, start, cap, stop, bound_lo.shape[0] > 0, bound_lo,
            bound_hi, bound_stock, least, least64, seen, out, path)


@njit(cache=True)
def _settle(col_ranks, stock_ranks, fits, start, cap, stop, bounded, bound_lo, bound_hi,
            bound_stock, least, least64, seen, out, path):
    """settle's pass, with the bound where ``bounded``. (One copy of the pass, not one with
    the bound and one without: each costs seconds to compile, and the test of ``bounded``
    at each height costs nothing that can be measured.)"""
    n_stock = stock_ranks.shape[0]
    # next_fit[s * 16 + x]: the first stock index t > s whose drawn card (stock[t-1]) takes x
    next_fit = np.full((n_stock + 2) * 16, INF, dtype=np.int64)
    for s in range(n_stock - 1, -1, -1):
        for x in range(1, 14):
            if fits[stock_ranks[s], x]:
                next_fit[s * 16 + x] = s + 1
            else:
                next_fit[s * 16 + x] = next_fit[s * 16 + 16 + x]

    # slot[k * 4 + j] for k = c * COLUMN_STRIDE + h (column c holding h cards): j = 0 its free
    # card's rank (0: none), j = 1, 2 the ranks of the waste cards that card fits on (padded
    # with 0, never a rank; every rule set lets a card fit on at most two), j = 3 the rank of
    # the card just above (the waste after a removal from c left h cards).
    slot = np.zeros(64 * 4, dtype=np.uint64)
    for k in range(COL_RANKS_SIZE):
        x = col_ranks[k]
        slot[k * 4] = x
        j = 1
        for w in range(1, 14):
            if x and fits[w, x] and j < 3:
                slot[k * 4 + j] = w
                j += 1
        if k % COLUMN_STRIDE < COLUMN_STRIDE - 1:
            slot[k * 4 + 3] = col_ranks[k + 1]
    root3 = 0
    root6 = 0
    left = 0
    for c in range(COLUMNS):
        root3 |= start[c] << (3 * c)
        root6 += start[c] * POW6[c]
        left += start[c]
    s0 = start[START_STOCK]
    w0 = start[START_WASTE]
    n_heights = 0
    states = 1
    best = -1
    best6 = root6
    best3 = root3
    by_rank = np.full(16, INF, dtype=np.int64)

    # The hot loop indexes with unsigned integers: numba then checks no negative index.
    stopped = -1
    # The heights are counted down in base 6 at the top of each step, from one above the root
    # (column 0 may read 6 for that one step), and the root is marked reached in its unused
    # slot 7 until it is read: the step over an unreached height tests nothing else.
    p3 = root3 + 1
    left += 1
    least[root6 * 8 + 7] = 0
    carry = INF
    for p6i in range(root6, -1, -1):
        if p3 & 7:
            p3 -= 1
            left -= 1
        else:
            c = 1
            while (p3 >> (3 * c)) & 7 == 0:
                c += 1
            p3 += 5 * ((1 << (3 * c)) - 1) // 7 - (1 << (3 * c))  # 0..0d -> 5..5(d-1)
            left += 5 * c - 1
        p6 = np.uint64(p6i)
        slots = least64[p6]
        if carry != INF:
            # column 0's removal from the height just above lands here: taken from a
            # register, its byte is stored only now, after the word was read (a word read
            # over a byte just stored waits for that store)
            slots = (slots & ~np.uint64(255)) | np.uint64(carry)
            least[p6 * U8] = carry
            carry = INF
        elif slots == UNREACHED:
            continue
        if p6i == root6:
            least[root6 * 8 + 7] = INF
        seen[n_heights] = p6i
        n_heights += 1
        if TABLEAU - left > best:
            best = TABLEAU - left
            best6 = p6i
            best3 = p3
        u3 = np.uint64(p3)
        # by_rank[w]: the least index at which p has waste rank w, from its source columns'
        # cards and, at the start, the start's waste.
        for w in range(16):
            by_rank[np.uint64(w)] = INF
        s_min = INF
        for c in range(COLUMNS):
            cu = np.uint64(c)
            s = np.int64((slots >> (cu * U8)) & np.uint64(255))
            wu = slot[(cu * U8 + ((u3 >> (cu * U3)) & U7)) * U4 + U3]
            by_rank[wu] = min(by_rank[wu], s)
            s_min = min(s_min, s)
        by_rank[0] = INF  # a source with no card (a column full at the start) takes nothing
        if p6i == root6:
            by_rank[np.uint64(w0)] = min(by_rank[np.uint64(w0)], s0)
            s_min = s0
        if s_min > cap:
            continue  # every line through here draws more than a known win
        if bounded:
            # With the least index (the most stock to come), the bound holds for each of p's
            # states, those drawn through to a later stock card too.
            at = np.uint64(s_min)
            lo = u3 & np.uint64(511)
            hi = u3 >> np.uint64(9)
            lanes_a = bound_lo[lo, 0] + bound_hi[hi, 0] + bound_stock[at, 0]
            lanes_b = bound_lo[lo, 1] + bound_hi[hi, 1] + bound_stock[at, 1]
            if (lanes_a | lanes_b) & HIGH_BITS:
                continue  # no line from here reaches the floor
        row = np.uint64(s_min) * U16
        for c in range(COLUMNS):
            cu = np.uint64(c)
            hc = (u3 >> (cu * U3)) & U7
            if hc == 0:
                continue  # an empty column
            k = (cu * U8 + hc) * U4
            s = min(next_fit[row + slot[k]], by_rank[slot[k + U1]], by_rank[slot[k + U2]])
            if c == 0:
                carry = s
            else:
                # each (height, source) slot has this one writer; POW6[c] is a constant: the
                # loop is unrolled
                least[(p6 - np.uint64(POW6[cu])) * U8 + cu] = s
        if TABLEAU - left + 1 >= stop:  # a removal from here meets the bound, if any was made
            if carry != INF:
                least[(p6i - 1) * 8] = carry
            for c in range(COLUMNS):
                n6 = p6i - POW6[c]
                if (p3 >> (3 * c)) & 7 and least[n6 * 8 + c] != INF:
                    best = TABLEAU - left + 1
                    best6 = n6
                    best3 = p3 - (1 << (3 * c))
                    stopped = p6i
                    break
            if stopped >= 0:
                break

    won = best == TABLEAU
    # Walk back from the target's least state to the root, writing moves last first.
    n_path = 0
    cur3 = best3
    cur6 = best6
    cur_c = -1
    cur_s = s0 if cur6 == root6 else INF
    for c in range(COLUMNS):
        if least[cur6 * 8 + c] < cur_s:
            cur_s = least[cur6 * 8 + c]
            cur_c = c
    layer = cur_s
    while cur_c >= 0:
        hc = (cur3 >> (3 * cur_c)) & 7
        x = col_ranks[cur_c * COLUMN_STRIDE + hc + 1]
        path[n_path] = cur_c
        n_path += 1
        p3 = cur3 + (1 << (3 * cur_c))
        p6 = cur6 + POW6[cur_c]
        # Which state of p led here at index cur_s: a source, the root's waste, or a draw.
        found = -2
        for c in range(COLUMNS):
            if least[p6 * 8 + c] == cur_s:
                pc = (p3 >> (3 * c)) & 7
                if fits[col_ranks[c * COLUMN_STRIDE + pc + 1], x]:
                    found = c
                    break
        if found == -2 and p6 == root6 and s0 == cur_s and fits[w0, x]:
            found = -1
        if found == -2:  # drawn through from p's least state
            s_min = INF
            if p6 == root6:
                s_min = s0
                found = -1
            for c in range(COLUMNS):
                if least[p6 * 8 + c] < s_min:
                    s_min = least[p6 * 8 + c]
                    found = c
            for _ in range(cur_s - s_min):
                path[n_path] = -1
                n_path += 1
            cur_s = s_min
        cur3 = p3
        cur6 = p6
        cur_c = found

    out[OUT_STATUS] = STATUS_OK
    out[OUT_WON] = 1 if won else 0
    out[OUT_MAX_REMOVED] = best
    out[OUT_PATH_LEN] = n_path
    out[OUT_LAYER] = layer
    out[OUT_HEIGHTS] = n_heights

    # Count the states (each slot set once, by one removal) and leave the workspace clean.
    for j in range(n_heights):
        states += _slots_set(least64[seen[j]])
        least64[seen[j]] = UNREACHED
    if stopped >= 0:  # the heights reached but not yet settled too
        for p6 in range(stopped - 1, -1, -1):
            states += _slots_set(least64[p6])
            least64[p6] = UNREACHED
    out[OUT_STATES] = states
