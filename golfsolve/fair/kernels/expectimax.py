"""The fair value's kernel: the exact value of a position whose stock is partly unseen, as an
integer expectimax over plain arrays (:mod:`golfsolve.fair` turns it into a FairValue).

The player sees the tableau, the waste and what has been drawn, not the stock. Some stock
slots are unknown; they hold, in a uniformly random order, a known multiset M of ranks (the
unseen cards; only ranks matter to the rules). The fair value V of a position is the win
probability of optimal play by that player: a removal is the player's choice, a draw from a
known slot gives its rank, a draw from an unknown slot gives rank r with probability m_r / k
(m_r unseen cards of rank r among k).

Integers, not fractions. With N(M) = k! / prod(m_r!) the number of distinct rank orders of M,
W = V * N(M) is an integer and, since N(M - r) = N(M) * m_r / k:

- a won position has W = N(M), a stuck one W = 0;
- a removal keeps M, so a choice between moves is a plain max of their W;
- a draw from an unknown slot has W = the sum over ranks r with m_r > 0 of W(after drawing r);
  from a known slot, W of the position after it.

So W never leaves int64 (N(16 cards) <= 16! ~ 2.1e13) and V = W / N(M) exactly.

How the state space is cut:

1. Only "about to draw" states are memoised: D(h, t, M) = W of drawing stock slot t with
   heights h and unseen multiset M (the waste does not matter: the draw covers it). Between
   two draws the player only removes cards; everything removal-reachable from (h, waste) (the
   "closure", a small DAG explored with a per-call visited bitmap like ``search.layered``'s)
   shares t and M. A position's W is N(M) if its closure holds a win, else the max over the
   distinct heights h' of its closure of D(h', t, M) (0 when the stock is empty). A state right
   after a draw, (h, r, t + 1, M - r), has exactly one "about to draw" parent, so memoising D
   alone still evaluates every state once, with fewer entries than memoising the states after
   draws (up to 13 per D). Closures depend on (h, waste) only, and a few thousand heights
   recur under many (t, M), so the distinct heights of each closure are remembered.
2. Dead cards: a tableau card x that can never be removed makes the value 0. x needs a card of
   a rank it fits on on the waste while x is free; the only cards that can be there are the
   waste top, the stock left (known slots and the unseen multiset), the cards of the other
   columns and, of its own column, the card right above x (the one removed just before x
   becomes free). When none of those has such a rank, x is dead. The test runs before each
   closure and before a D missing from the memo is expanded (a dead D is not stored).
3. A relaxed game: the value is > 0 exactly when some order of the unseen cards can be won,
   and that is only possible if the game where each unknown slot may hold any rank of
   supp(M), as often as wanted, can be won. With draw-any-time that game needs one number per
   heights vector (the last stock index from which it can still be won) and one pass over the
   heights under the roots settles them all (``_relaxed``). The table for supp(M) at the roots
   tests every state; tables for the smaller supports met deeper are made while they cost at
   most TABLE_RATIO heights a memo entry (after TABLE_GRACE entries), else a state
   uses its parent's. Most states of a typical search have value 0, which is where this pays.

The recursion is an explicit stack of frames (one per draw, plus the root), so the depth is at
most the stock size + 1. Memo: a flat open-addressing table (linear probing, Fibonacci
hashing) of rows (key + 1, W) with key = h6 | t << 19 | code(M) << 24, code(M) being M in mixed
radix (unseen0[r] + 1); its capacity (a power of two) is the caller's. The kernel never fills it
past LOAD: it stops with STATUS_FULL, the caller rehashes into a larger table and calls again,
and the memo makes the new call resume where the last stopped. When inserting would exceed
``budget`` entries it stops with STATUS_BUDGET, and the roots not finished keep W = -1: nothing
is ever reported that was not computed exactly.

Several roots share one call and one memo: the value of each legal action is a root (a
removal is the position after it; "draw" is the root's heights with waste 0, which fits
nothing, so its closure is itself and its value is D(h, t, M)).

The arrays are those of :mod:`golfsolve.kernels.layout`: heights packed 3 bits a column
(``h3``) and base 6 (``h6``), ``col_ranks[c * COLUMN_STRIDE + h]`` the rank of column c's free
card when it holds h cards, a root as a start array (7 heights, ``START_STOCK``,
``START_WASTE``), and the rules only as ``fits[waste_rank, card_rank]``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from golfsolve.kernels.layout import (
    COL_RANKS_SIZE,
    COLUMN_STRIDE,
    COLUMNS,
    N_HEIGHTS,
    POW6,
    ROWS,
    START_STOCK,
    START_WASTE,
    VISITED_WORDS,
    WASTE_SLOTS,
    first_visit,
    fit_masks,
    forget,
)
from golfsolve.probability import orders

MAX_STOCK = 31  # t takes 5 bits of a key
KEY_T_SHIFT = 19  # h6 < 6**7 < 2**19
KEY_M_SHIFT = 24
MAX_M_CODE = 1 << 38  # keeps a key below 2**62

# out[] slots
(OUT_STATUS, OUT_STATES, OUT_CLOSURE, OUT_LOOKUPS, OUT_HITS, OUT_DEAD, OUT_EXPANDED,
 OUT_ROOTS_DONE, OUT_RELAXED, OUT_TABLES, OUT_OUTCOMES, OUT_DFS, OUT_CACHED) = range(13)
OUT_SIZE = 13
CCACHE_BITS = 19  # closures remembered: at most half of 2**19
CSTORE = 1 << 21  # their heights
RELAX_POOL = 1 << 25  # bytes for relaxed-game tables, one byte a heights vector
TABLE_GRACE = 20_000  # states expanded before the table budget starts to bind
TABLE_RATIO = 10  # heights settled for relaxed tables per memo entry, at most
PRUNE_DEAD, PRUNE_RELAXED = 1, 2
# a flag beside them: draws only when no free card fits (strict rules), so that between two
# draws the player removes until stuck, and a closure is its stuck heights
STUCK_ONLY = 4
STATUS_OK, STATUS_BUDGET, STATUS_WORKSPACE, STATUS_FULL = 0, 1, 2, 3

# frames[] fields
(F_KIND, F_H3, F_H6, F_T, F_MCODE, F_PHASE, F_R, F_DONE, F_SUM, F_A, F_B, F_I, F_BEST,
 F_NCHILD, F_AVAIL, F_MC, F_TC, F_TIN, F_TSLOT) = range(19)
FRAME_FIELDS = 19
MAX_FRAMES = MAX_STOCK + 3
KIND_ROOT, KIND_DRAW = 0, 1
PHASE_NEXT, PHASE_CLOSURE = 0, 1

RECORDS = 1 << 20  # closure records (one per (heights, waste)) of the closure being explored
ARENA = 1 << 20  # distinct closure heights of every frame on the stack
LOAD = 0.7  # the kernel never fills the table above this


def workspace() -> tuple[np.ndarray, ...]:
    """Arrays the kernel needs besides the memo, clean (it leaves them clean). Reusable."""
    visited = np.zeros(VISITED_WORDS, dtype=np.uint64)
    hmark = np.zeros(N_HEIGHTS, dtype=np.uint8)
    records = np.empty(RECORDS, dtype=np.int64)
    arena = np.empty(ARENA, dtype=np.int64)
    frames = np.zeros((MAX_FRAMES, FRAME_FIELDS), dtype=np.int64)
    scratch = np.zeros(16, dtype=np.int64)
    ccache = np.zeros((1 << CCACHE_BITS, 2), dtype=np.int64)
    cstore = np.zeros(CSTORE, dtype=np.int64)
    relax_best = np.zeros(N_HEIGHTS * 16, dtype=np.int8)
    relax_after = np.zeros(N_HEIGHTS * 8, dtype=np.int8)
    relax_pool = np.zeros(RELAX_POOL, dtype=np.int8)
    return (visited, hmark, records, arena, frames, scratch, ccache, cstore, relax_best,
            relax_after, relax_pool)


def memo_table(capacity: int) -> np.ndarray:
    """An empty memo: ``capacity`` (a power of two) rows of (key + 1, W); key 0 is empty."""
    if capacity < 2 or capacity & (capacity - 1):
        raise ValueError("the capacity must be a power of two")
    return np.zeros((capacity, 2), dtype=np.uint64)


@njit(cache=True, inline="always")
def _home(key, shift):
    """A key's first slot: Fibonacci hashing, the high bits of key * 2**64 / golden ratio."""
    return (key * np.uint64(0x9E3779B97F4A7C15)) >> shift


@njit(cache=True, inline="always")
def _geometry(cap):
    """(shift, slot mask) of a table of ``cap`` slots, a power of two, for ``_home``."""
    bits = 0
    while (1 << bits) < cap:
        bits += 1
    return np.uint64(64 - bits), np.uint64(cap - 1)


@njit(cache=True)
def rehash(table, bigger):
    """Move every entry of ``table`` into the empty, larger ``bigger``."""
    shift, slot_mask = _geometry(bigger.shape[0])
    for i in range(table.shape[0]):
        key = table[i, 0]
        if key != 0:
            s = _home(key, shift)
            while bigger[s, 0] != 0:
                s = (s + np.uint64(1)) & slot_mask
            bigger[s, 0] = key
            bigger[s, 1] = table[i, 1]


@njit(cache=True)
def _dead(h3, avail, colmask, needs, n_needs, scratch):
    """Is a card on the table dead: no card of a rank it fits on can reach the waste before
    it? ``avail``: the ranks that can come from outside the tableau (waste top, stock left).
    colmask[i]: the ranks of column c's h cards (i = c * COLUMN_STRIDE + h, as in
    col_ranks); needs[i * ROWS + k] for k < n_needs[i]: the waste ranks the column's cards fit
    on, for those that do not fit on the card right above them (the others can never be
    dead)."""
    suffix = 0
    for c in range(COLUMNS - 1, -1, -1):
        i = c * COLUMN_STRIDE + ((h3 >> (3 * c)) & 7)
        scratch[c] = i
        scratch[8 + c] = suffix
        suffix |= colmask[np.uint64(i)]
    prefix = avail
    for c in range(COLUMNS):
        i = scratch[c]
        n = n_needs[np.uint64(i)]
        if n:
            outside = prefix | scratch[8 + c]
            for k in range(n):
                if needs[np.uint64(i * ROWS + k)] & outside == 0:
                    return True
        prefix |= colmask[np.uint64(i)]
    return False


@njit(cache=True)
def _relaxed(col_ranks, stock, fits, support, top, strides, after, pool, off, best):
    """Win thresholds of a relaxed game, for every heights vector h <= ``top``.

    In the relaxed game each unknown stock slot may hold any rank of ``support``, as often as
    wanted: with ``support`` the ranks of the unseen cards left, every order of them is a line
    of the relaxed game, so a position the relaxed game cannot win has value 0. With
    draw-any-time, more stock left is never worse, so one number per state is enough: the
    largest stock index t at which the state can still be won (-1: never). Heights h <= top
    are numbered i = sum(h_c * strides[c]); a removal lowers i, so one pass up settles each
    from its children. Writes pool[off + i] = the threshold of drawing slot t from h;
    after[i * 8 + c] = that of h with the waste just removed from column c (scratch); and,
    if ``best`` has room, best[i * 16 + w] = that of h with waste rank w.
    """
    n = stock.shape[0]
    # last_slot[r * 32 + k]: the largest t < k at which slot t can hold rank r (-1: none)
    last_slot = np.full(14 * (MAX_STOCK + 1), -1, dtype=np.int64)
    for r in range(1, 14):
        for k in range(1, n + 1):
            x = stock[k - 1]
            ok = (x == r) if x else ((support >> r) & 1) == 1
            last_slot[r * 32 + k] = k - 1 if ok else last_slot[r * 32 + k - 1]
    takes = np.zeros(14 * 4, dtype=np.int64)  # the waste ranks a rank fits on
    n_takes = np.zeros(14, dtype=np.int64)
    for x in range(1, 14):
        for w in range(1, 14):
            if fits[w, x] and n_takes[x] < 4:
                takes[x * 4 + n_takes[x]] = w
                n_takes[x] += 1
    full = best.shape[0] > 0
    rem = np.empty(14, dtype=np.int64)
    digits = np.zeros(COLUMNS, dtype=np.int64)
    count = 1
    for c in range(COLUMNS):
        count *= top[c] + 1
    left = 0  # cards on the table
    i = 0
    for _ in range(count):
        if left == 0:
            t_max = n
            for w in range(14):
                rem[w] = n
        else:
            for w in range(14):
                rem[w] = -1
            t_max = -1
            for c in range(COLUMNS):
                hc = digits[c]
                if hc == 0:
                    continue
                x = col_ranks[c * COLUMN_STRIDE + hc]
                v = n if left == 1 else after[np.uint64((i - strides[c]) * 8 + c)]
                # Drawing a w that x fits on at a slot t < v, then removing x, can win.
                k_max = min(max(v, 0), n)
                for k in range(n_takes[x]):
                    w = takes[x * 4 + k]
                    rem[w] = max(rem[w], v)
                    t_max = max(t_max, last_slot[w * 32 + k_max])
        pool[np.uint64(off + i)] = t_max
        for c in range(COLUMNS):
            if digits[c] < top[c]:  # the waste just came from column c: the card above
                x = col_ranks[c * COLUMN_STRIDE + digits[c] + 1]
                after[np.uint64(i * 8 + c)] = max(rem[x], t_max)
        if full:
            for w in range(14):
                best[np.uint64(i * 16 + w)] = max(rem[w], t_max)
        c = 0  # the next heights vector <= top, in increasing order of i
        while c < COLUMNS and digits[c] == top[c]:
            left -= digits[c]
            i -= digits[c] * strides[c]
            digits[c] = 0
            c += 1
        if c == COLUMNS:
            break
        digits[c] += 1
        left += 1
        i += strides[c]


@njit(cache=True, inline="always")
def _movable(col_ranks, m, h3):
    """Whether a free card of heights h3 fits a waste whose fit mask is m."""
    for c in range(COLUMNS):
        hc = (h3 >> (3 * c)) & 7
        if hc and (m >> col_ranks[np.uint64(c * COLUMN_STRIDE + hc)]) & 1:
            return True
    return False


@njit(cache=True, inline="always")
def _alone(h3, h6, arena, top, counters):
    """A closure of one height vector, appended: (new top, won False, ok)."""
    if top >= arena.shape[0]:
        return top, False, False
    arena[top] = h3 | (h6 << 21)
    counters[OUT_CLOSURE] += 1
    return top + 1, False, True


@njit(cache=True, inline="always")
def _add_height(hmark, arena, top, h3, h6):
    """Heights h3/h6 appended to a closure in ``arena`` at ``top`` unless marked there already:
    (new top, ok); ok False: out of room."""
    if hmark[np.uint64(h6)]:
        return top, True
    if top >= arena.shape[0]:
        return top, False
    hmark[np.uint64(h6)] = 1
    arena[top] = h3 | (h6 << 21)
    return top + 1, True


@njit(cache=True)
def _closure(col_ranks, fitmask, h3, h6, w, visited, hmark, records, arena, top, counters,
             stuck_only):
    """Everything removal-reachable from (h3, waste w), when h3 has cards and one of them
    fits w. Appends its distinct heights (h3 | h6 << 21) to ``arena`` from ``top``; with
    ``stuck_only`` only the heights of the states reached where no free card fits the waste
    (where a player who may draw only then must stop removing). Returns (new top, won, ok);
    ok False: out of room."""
    top0 = top
    counters[OUT_DFS] += 1
    n_rec_cap = records.shape[0]
    first_visit(visited, h6, w)
    records[0] = h3 | (w << 21) | (h6 << 25)
    n = 1
    j = 0
    if not stuck_only:  # (with stuck_only the start is not stuck: one of its cards fits w)
        hmark[np.uint64(h6)] = 1
        arena[top] = h3 | (h6 << 21)
        top += 1
    won = False
    ok = True
    while j < n and not won and ok:
        rec = records[np.uint64(j)]
        j += 1
        p3 = rec & 0x1FFFFF
        m = fitmask[(rec >> 21) & 15]
        p6 = rec >> 25
        if stuck_only and not _movable(col_ranks, m, p3):
            top, ok = _add_height(hmark, arena, top, p3, p6)  # stuck: the player may draw
            if not ok:
                break
            continue
        if m == 0:
            continue
        for c in range(COLUMNS):
            hc = (p3 >> (3 * c)) & 7
            if hc == 0:
                continue
            x = col_ranks[np.uint64(c * COLUMN_STRIDE + hc)]
            if (m >> x) & 1 == 0:
                continue
            n3 = p3 - (1 << (3 * c))
            if n3 == 0:
                won = True
                break
            n6 = p6 - POW6[c]
            bit = np.uint64(n6 * WASTE_SLOTS + x)
            word = bit >> np.uint64(6)
            b = np.uint64(1) << (bit & np.uint64(63))
            if visited[word] & b:
                continue
            if n >= n_rec_cap:
                ok = False
                break
            visited[word] |= b
            records[np.uint64(n)] = n3 | (x << 21) | (n6 << 25)
            n += 1
            if not stuck_only:
                top, ok = _add_height(hmark, arena, top, n3, n6)
                if not ok:
                    break
    counters[OUT_CLOSURE] += n
    for q in range(n):  # leave the bitmaps clean
        rec = records[np.uint64(q)]
        forget(visited, rec >> 25, (rec >> 21) & 15)
    for q in range(top0, top):
        hmark[np.uint64(arena[q] >> 21)] = 0
    if won:
        top = top0
    return top, won, ok


@njit(cache=True)
def _closure_cached(col_ranks, fitmask, h3, h6, w, visited, hmark, records, arena, top,
                    counters, ccache, cstore, cfill, gen, stuck_only):
    """``_closure``, remembered: a closure depends on (heights, waste) only, not on the stock
    index or the unseen cards, and the same few thousand heights recur under many of those.
    ccache rows: (gen << 32 | h6 * 16 + w + 1, offset << 16 | count, or -1 for a win), its
    heights in cstore; cfill = (cstore used, rows used). Rows of another generation count as
    empty, so a new position needs no clearing. A full cache just stops remembering."""
    if h3 == 0:
        return top, True, True
    if not _movable(col_ranks, fitmask[w], h3):  # the common case: the closure is h alone
        return _alone(h3, h6, arena, top, counters)
    cap = ccache.shape[0]
    shift, slot_mask = _geometry(cap)
    tag = (gen << 32) | (h6 * 16 + w + 1)
    s = _home(np.uint64(tag), shift)
    while True:
        e = ccache[s, 0]
        if e == tag:
            v = ccache[s, 1]
            if v < 0:
                return top, True, True
            off = v >> 16
            cnt = v & 0xFFFF
            if top + cnt > arena.shape[0]:
                return top, False, False
            for q in range(cnt):
                arena[top + q] = cstore[off + q]
            counters[OUT_CACHED] += 1
            return top + cnt, False, True
        if (e >> 32) != gen:
            break  # empty, or left by another position
        s = (s + np.uint64(1)) & slot_mask
    top2, won, ok = _closure(col_ranks, fitmask, h3, h6, w, visited, hmark, records, arena,
                             top, counters, stuck_only)
    if ok and cfill[1] < cap // 2:
        cnt = top2 - top
        if won:
            ccache[s, 0] = tag
            ccache[s, 1] = -1
            cfill[1] += 1
        elif cnt < 0xFFFF and cfill[0] + cnt <= cstore.shape[0]:
            for q in range(cnt):
                cstore[cfill[0] + q] = arena[top + q]
            ccache[s, 0] = tag
            ccache[s, 1] = (cfill[0] << 16) | cnt
            cfill[0] += cnt
            cfill[1] += 1
    return top2, won, ok


@njit(cache=True)
def _orders(m, binom):
    """N(M) = k! / prod(m_r!), as a product of binomials."""
    k = 0
    n = 1
    for r in range(1, 14):
        if m[r]:
            k += m[r]
            n *= binom[k, m[r]]
    return n


@njit(cache=True, inline="always")
def _relax_index(h3, strides):
    """A height vector's index in a relaxed table."""
    idx = 0
    for c in range(COLUMNS):
        idx += ((h3 >> (3 * c)) & 7) * strides[c]
    return idx


@njit(cache=True, inline="always")
def _push_frame(frames, g, kind, h3, h6, t, mcode, r, tin):
    """Frame g, about to take its first outcome: a draw (or the root) at heights h3/h6, stock
    index t, unseen cards coded mcode; r the root's waste (0 for a draw); tin the relaxed table
    it inherits."""
    frames[g, F_KIND] = kind
    frames[g, F_H3] = h3
    frames[g, F_H6] = h6
    frames[g, F_T] = t
    frames[g, F_MCODE] = mcode
    frames[g, F_R] = r
    frames[g, F_PHASE] = PHASE_NEXT
    frames[g, F_DONE] = 0
    frames[g, F_SUM] = 0
    frames[g, F_TIN] = tin


@njit(cache=True)
def fair_kernel(col_ranks, stock, fits, unseen, roots, budget, prune, table, fill, gen, cfill,
                relax_state, visited, hmark, records, arena, frames, scratch, ccache, cstore,
                relax_best, relax_after, relax_pool, out, wins):
    """W of each root: roots[i] = (7 heights, stock index, waste rank; 0 = about to draw).

    stock: ranks in draw order, 0 for an unknown slot; unseen[r]: the unseen cards of rank r
    (their sum is the number of unknown slots from the roots' stock index on); fits: the
    rule table. budget: the most memo entries; prune: PRUNE_DEAD | PRUNE_RELAXED, and
    STUCK_ONLY for rules that draw only when nothing fits.
    table: the memo (see ``memo_table``) holding fill[0] entries. Roots with wins[i] >= 0 are
    skipped, so after STATUS_FULL a call with the memo rehashed into a larger table resumes;
    relax_state (int64[2 + 2**14], zero at first) and cfill (int64[2], zero) carry the
    relaxed tables and the closure cache over to it, ``gen`` (> 0, new for each position) tags
    the cache's rows. The other arrays come from ``workspace()``. Writes wins[i] = W (-1: not
    computed), fill[0] and out (see OUT_*).
    """
    n_stock = stock.shape[0]
    cap = table.shape[0]
    shift, slot_mask = _geometry(cap)
    full = int(cap * LOAD)

    fitmask, onmask = fit_masks(fits)  # card ranks on a waste rank, waste ranks under a card
    colmask = np.zeros(COL_RANKS_SIZE, dtype=np.int64)
    needs = np.zeros(COL_RANKS_SIZE * ROWS, dtype=np.int64)
    n_needs = np.zeros(COL_RANKS_SIZE, dtype=np.int64)
    for c in range(COLUMNS):
        for h in range(1, ROWS + 1):
            i = c * COLUMN_STRIDE + h
            colmask[i] = colmask[i - 1] | (1 << col_ranks[i])
            for p in range(h, 0, -1):
                # Of its own column, only the card right above x can be the waste top when x
                # goes: the cards higher up are covered by the ones below them.
                x = col_ranks[c * COLUMN_STRIDE + p]
                above = (1 << col_ranks[c * COLUMN_STRIDE + p + 1]) if p < h else 0
                if onmask[x] & above == 0:
                    needs[i * ROWS + n_needs[i]] = onmask[x]
                    n_needs[i] += 1
    known_from = np.zeros(n_stock + 2, dtype=np.int64)  # known ranks at slots >= t
    for t in range(n_stock - 1, -1, -1):
        known_from[t] = known_from[t + 1] | ((1 << stock[t]) if stock[t] else 0)
    radix = np.zeros(14, dtype=np.int64)
    acc = 1
    for r in range(1, 14):
        radix[r] = acc
        acc *= unseen[r] + 1
    binom = np.zeros((MAX_STOCK + 2, MAX_STOCK + 2), dtype=np.int64)
    for a in range(MAX_STOCK + 2):
        binom[a, 0] = 1
        for b in range(1, a + 1):
            binom[a, b] = binom[a - 1, b - 1] + binom[a - 1, b]
    m = unseen.copy()
    dead_test = (prune & PRUNE_DEAD) != 0
    relaxed_test = (prune & PRUNE_RELAXED) != 0
    # Draws only when stuck: the relaxed game (draws at any time) still bounds it from above,
    # and a dead card is dead under any draw rule.
    stuck_only = (prune & STUCK_ONLY) != 0
    # Relaxed-game tables, all over the heights <= every root's (``rtop``), table i at
    # relax_pool[i * size:]: table 0 for the unseen ranks at the roots, the others for the
    # smaller supports met below. relax_state = (tables made, heights settled for them, then
    # the table of each support or -1); it and the pool outlive a STATUS_FULL rerun.
    rtop = np.zeros(COLUMNS, dtype=np.int64)
    strides = np.zeros(COLUMNS, dtype=np.int64)
    size = 1
    for ri in range(roots.shape[0]):
        for c in range(COLUMNS):
            rtop[c] = max(rtop[c], roots[ri, c])
    for c in range(COLUMNS):
        strides[c] = size
        size *= rtop[c] + 1
    max_tables = relax_pool.shape[0] // size
    if relaxed_test and relax_state[0] == 0:
        for i in range(relax_state.shape[0]):
            relax_state[i] = 0 if i < 2 else -1
        support = np.int64(0)
        for r in range(1, 14):
            if unseen[r]:
                support |= 1 << r
        _relaxed(col_ranks, stock, fits, support, rtop, strides, relax_after, relax_pool,
                 np.int64(0), relax_best)
        relax_state[2 + support] = 0
        relax_state[0] = 1

    for i in range(out.shape[0]):
        out[i] = 0
    status = STATUS_OK
    states = fill[0]
    top = np.int64(0)

    mcode = 0  # the code of the roots' unseen cards (the search restores m after each root)
    for r in range(1, 14):
        mcode += m[r] * radix[r]
    for ri in range(roots.shape[0]):
        if wins[ri] >= 0:
            continue
        h3 = 0
        h6 = 0
        for c in range(COLUMNS):
            h3 |= roots[ri, c] << (3 * c)
            h6 += roots[ri, c] * POW6[c]
        _push_frame(frames, 0, KIND_ROOT, h3, h6, roots[ri, START_STOCK], mcode,
                    roots[ri, START_WASTE], 0)
        sp = 1
        top = np.int64(0)
        have_ret = False
        ret = 0
        while sp > 0:
            f = sp - 1
            if frames[f, F_PHASE] == PHASE_NEXT:
                kind = frames[f, F_KIND]
                t = frames[f, F_T]
                unknown = kind == KIND_DRAW and stock[t] == 0
                r = -1
                if kind == KIND_ROOT:
                    if frames[f, F_DONE] == 0:
                        r = frames[f, F_R]
                elif not unknown:
                    if frames[f, F_DONE] == 0:
                        r = stock[t]
                else:
                    for r2 in range(frames[f, F_R] + 1, 14):
                        if m[r2] > 0:
                            r = r2
                            break
                if r < 0:  # every outcome done: the frame's W
                    value = frames[f, F_SUM]
                    if kind == KIND_DRAW:
                        if states >= budget:
                            status = STATUS_BUDGET
                            break
                        if states >= full:
                            status = STATUS_FULL
                            break
                        key = np.uint64((frames[f, F_H6] | (t << KEY_T_SHIFT)
                                         | (frames[f, F_MCODE] << KEY_M_SHIFT)) + 1)
                        s = _home(key, shift)
                        while table[s, 0] != 0:
                            s = (s + np.uint64(1)) & slot_mask
                        table[s, 0] = key
                        table[s, 1] = np.uint64(value)
                        states += 1
                    sp -= 1
                    if sp == 0:
                        wins[ri] = value
                    else:
                        ret = value
                        have_ret = True
                    continue
                # Start the outcome "the waste is now r".
                if kind == KIND_ROOT:
                    tc = t
                    mc = frames[f, F_MCODE]
                else:
                    tc = t + 1
                    mc = frames[f, F_MCODE]
                    if unknown:
                        m[r] -= 1
                        mc -= radix[r]
                mmask = np.int64(0)
                for r2 in range(1, 14):
                    if m[r2]:
                        mmask |= 1 << r2
                avail = known_from[tc] | mmask
                nchild = _orders(m, binom)
                out[OUT_OUTCOMES] += 1
                a = top
                won = False
                hopeless = False
                if relaxed_test:
                    idx = _relax_index(frames[f, F_H3], strides)
                    hopeless = relax_best[np.uint64(idx * 16 + r)] < tc
                if hopeless:
                    out[OUT_RELAXED] += 1
                elif dead_test and _dead(frames[f, F_H3], avail | (1 << r), colmask, needs,
                                         n_needs, scratch):
                    out[OUT_DEAD] += 1
                else:
                    top, won, ok = _closure_cached(
                        col_ranks, fitmask, frames[f, F_H3], frames[f, F_H6], r, visited,
                        hmark, records, arena, top, out, ccache, cstore, cfill, gen,
                        stuck_only)
                    if not ok:
                        status = STATUS_WORKSPACE
                        break
                frames[f, F_R] = r
                frames[f, F_TC] = tc
                frames[f, F_MC] = mc
                frames[f, F_NCHILD] = nchild
                frames[f, F_AVAIL] = avail
                if relaxed_test:
                    # The relaxed table of the unseen ranks left, made if affordable; else
                    # the parent's (a larger support: a weaker test, still a valid one).
                    tslot = relax_state[2 + mmask]
                    if tslot < 0:
                        if relax_state[0] < max_tables and relax_state[1] + size <= (
                                TABLE_RATIO * (states + TABLE_GRACE)):
                            tslot = relax_state[0]
                            _relaxed(col_ranks, stock, fits, mmask, rtop, strides,
                                     relax_after, relax_pool, tslot * size, relax_best[:0])
                            relax_state[0] += 1
                            relax_state[1] += size
                            relax_state[2 + mmask] = tslot
                            out[OUT_TABLES] += 1
                        else:
                            tslot = frames[f, F_TIN]
                    frames[f, F_TSLOT] = tslot
                frames[f, F_A] = a
                frames[f, F_B] = top
                frames[f, F_I] = a
                frames[f, F_BEST] = nchild if won else 0
                if won or tc >= n_stock:  # nothing to draw: the closure's heights give 0
                    frames[f, F_I] = top
                frames[f, F_PHASE] = PHASE_CLOSURE

            # PHASE_CLOSURE: the max over the closure's heights of D(h', tc, M').
            i = frames[f, F_I]
            b = frames[f, F_B]
            best = frames[f, F_BEST]
            nchild = frames[f, F_NCHILD]
            if have_ret:
                have_ret = False
                if ret > best:
                    best = ret
                i = b if best == nchild else i + 1
            tc = frames[f, F_TC]
            mc = frames[f, F_MC]
            avail = frames[f, F_AVAIL]
            pushed = False
            while i < b:
                e = arena[np.uint64(i)]
                c3 = e & 0x1FFFFF
                c6 = e >> 21
                val = 0
                hopeless = False
                if relaxed_test:
                    idx = frames[f, F_TSLOT] * size + _relax_index(c3, strides)
                    hopeless = relax_pool[idx] < tc
                if hopeless:
                    out[OUT_RELAXED] += 1
                else:
                    out[OUT_LOOKUPS] += 1
                    key = np.uint64((c6 | (tc << KEY_T_SHIFT) | (mc << KEY_M_SHIFT)) + 1)
                    s = _home(key, shift)
                    found = False
                    while True:
                        k = table[s, 0]
                        if k == key:
                            found = True
                            break
                        if k == 0:
                            break
                        s = (s + np.uint64(1)) & slot_mask
                    if found:
                        out[OUT_HITS] += 1
                        val = np.int64(table[s, 1])
                    elif dead_test and _dead(c3, avail, colmask, needs, n_needs, scratch):
                        out[OUT_DEAD] += 1  # not stored: it is met again, and tested again
                    else:
                        frames[f, F_I] = i
                        frames[f, F_BEST] = best
                        _push_frame(frames, sp, KIND_DRAW, c3, c6, tc, mc, 0,
                                    frames[f, F_TSLOT])
                        sp += 1
                        out[OUT_EXPANDED] += 1
                        pushed = True
                        break
                if val > best:
                    best = val
                    if best == nchild:
                        break
                i += 1
            if pushed:
                continue
            # The outcome is settled.
            frames[f, F_SUM] += best
            frames[f, F_DONE] += 1
            r = frames[f, F_R]
            if frames[f, F_KIND] == KIND_DRAW and stock[frames[f, F_T]] == 0:
                m[r] += 1
            top = frames[f, F_A]
            frames[f, F_PHASE] = PHASE_NEXT
        if status != STATUS_OK:
            break
        out[OUT_ROOTS_DONE] += 1

    out[OUT_STATUS] = status
    out[OUT_STATES] = states
    fill[0] = states


# ----- the Python API -----------------------------------------------------------------------

_workspace: tuple[np.ndarray, ...] | None = None


_generation = 0


def _next_generation() -> int:
    """A new tag for the closure cache's rows (a full wipe every 2**31 positions)."""
    global _generation
    _generation += 1
    if _generation >= 1 << 31:
        _generation = 1
        _get_workspace()[6][:] = 0
    return _generation


def _get_workspace() -> tuple[np.ndarray, ...]:
    global _workspace
    if _workspace is None:
        _workspace = workspace()
    return _workspace


def check_arrays(col_ranks, heights, waste_rank, stock, unseen, fits):
    col_ranks = np.ascontiguousarray(col_ranks, dtype=np.int64)
    heights = np.ascontiguousarray(heights, dtype=np.int64)
    stock = np.ascontiguousarray(stock, dtype=np.int64)
    unseen = np.ascontiguousarray(unseen, dtype=np.int64)
    fits = np.ascontiguousarray(fits, dtype=np.bool_)
    if col_ranks.shape != (COL_RANKS_SIZE,):
        raise ValueError(f"col_ranks must have {COL_RANKS_SIZE} entries")
    if heights.shape != (COLUMNS,) or heights.min() < 0 or heights.max() > ROWS:
        raise ValueError("heights must be 7 values in 0..5")
    for c in range(COLUMNS):
        for h in range(1, int(heights[c]) + 1):
            if not 1 <= col_ranks[c * COLUMN_STRIDE + h] <= 13:
                raise ValueError(f"column {c + 1} has no rank at height {h}")
    if not 1 <= int(waste_rank) <= 13:
        raise ValueError("waste_rank must be 1..13")
    if stock.ndim != 1 or stock.shape[0] > MAX_STOCK or (stock.size and (
            stock.min() < 0 or stock.max() > 13)):
        raise ValueError(f"stock must be at most {MAX_STOCK} ranks 0..13")
    if unseen.shape != (14,) or unseen.min() < 0 or unseen[0] != 0:
        raise ValueError("unseen must be 14 counts (index 0 unused)")
    if int(unseen.sum()) != int((stock == 0).sum()):
        raise ValueError("the unseen counts must add up to the unknown stock slots")
    if math.prod(int(x) + 1 for x in unseen) >= MAX_M_CODE or orders(unseen) >= 1 << 62:
        raise ValueError("too many unseen cards")
    if fits.shape != (14, 14):
        raise ValueError("fits must be 14x14")
    return col_ranks, heights, stock, unseen, fits


COUNTER_NAMES = {"closure": OUT_CLOSURE, "lookups": OUT_LOOKUPS, "hits": OUT_HITS,
                 "dead": OUT_DEAD, "relaxed": OUT_RELAXED, "expanded": OUT_EXPANDED,
                 "tables": OUT_TABLES, "outcomes": OUT_OUTCOMES, "dfs": OUT_DFS,
                 "cached": OUT_CACHED}
FIRST_CAPACITY = 1 << 12  # memo rows to start with; the table doubles as it fills


def run_roots(col_ranks, stock, fits, unseen, roots, budget, prune=PRUNE_DEAD | PRUNE_RELAXED):
    """W of each root (-1: not computed), memo entries used, counters. The table starts small
    and is rehashed into one twice as large whenever it fills, up to ``budget`` entries."""
    table = memo_table(FIRST_CAPACITY)
    fill = np.zeros(1, dtype=np.int64)
    out = np.zeros(OUT_SIZE, dtype=np.int64)
    wins = np.full(roots.shape[0], -1, dtype=np.int64)
    counters = dict.fromkeys(COUNTER_NAMES, 0)
    gen = _next_generation()
    cfill = np.zeros(2, dtype=np.int64)
    relax_state = np.zeros(2 + (1 << 14), dtype=np.int64)
    while True:
        fair_kernel(col_ranks, stock, fits, unseen, roots, int(budget), int(prune), table,
                    fill, gen, cfill, relax_state,
                    *_get_workspace(), out, wins)
        for name, slot in COUNTER_NAMES.items():
            counters[name] += int(out[slot])
        if out[OUT_STATUS] != STATUS_FULL:
            break
        bigger = memo_table(table.shape[0] * 2)
        rehash(table, bigger)
        table = bigger
    counters["status"] = int(out[OUT_STATUS])
    counters["capacity"] = table.shape[0]
    return wins, int(fill[0]), counters


def roots(col_ranks, heights, waste_rank, stock, fits, draw_any_time: bool = True,
          ) -> tuple[list[str | int], np.ndarray]:
    """The legal actions from a position, as (labels, roots): a column 1-7 for each removal
    (its root the position after it) and ``"draw"`` when the stock is not empty and, unless
    ``draw_any_time``, no removal is legal (its root the same heights with waste 0). None for
    a won position (all heights 0)."""
    labels: list[str | int] = []
    rows = []
    if heights.any():  # a won game has no moves
        for c in range(COLUMNS):
            h = int(heights[c])
            if h and fits[int(waste_rank), col_ranks[c * COLUMN_STRIDE + h]]:
                after = heights.copy()
                after[c] -= 1
                labels.append(c + 1)
                rows.append([*after, 0, col_ranks[c * COLUMN_STRIDE + h]])
        if stock.size and (draw_any_time or not labels):
            labels.append("draw")
            rows.append([*heights, 0, 0])
    return labels, np.array(rows, dtype=np.int64)
