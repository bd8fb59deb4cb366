"""Solvitaire's seeded Golf deals, compiled: ``solvitaire:N`` for seeds 0 .. 2**31 - 1 (the
reference, and how Solvitaire deals, is :mod:`golfsolve.model.solvitaire`).

A row is 52 card indices (``Card.index``) in the board order of
:mod:`golfsolve.kernels.dealer`'s rows: the 16 stock cards, first drawn first, the waste card,
then the 7 columns (in Solvitaire's pile order), each top to bottom. ``deal_seeds(seeds)``
deals any seeds, ``deal_seed_range(first, count)`` first .. first + count - 1, each in one
compiled call, ``deal_seed(n)`` one.

``std::mt19937(seed)`` is seeded by ``init_genrand``, one dependent step a word; the shuffle
takes 51 outputs and, rarely (about one deal in six million), a few more, when Boost's bucket
division draws again. So a deal computes only the words its first DRAWS outputs read (words 0
.. DRAWS and M .. M + DRAWS - 1 of the seeded state: ``twister.fresh_output``), for ``LANES``
seeds side by side so that the compiler vectorises across them, and the cards each of the 51
steps picks, side by side too; a deal whose outputs were not all within range is shuffled
again alone from its outputs, drawing again as Boost does, and one that needs more than DRAWS
of them from its whole state, twisted as ``std::mt19937`` twists it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.kernels.dealer import checked_ints
from golfsolve.kernels.twister import FRESH, M, N, fresh_output, init_genrand, temper, twist
from golfsolve.model.cards import SUITS as GOLFSOLVE_SUITS
from golfsolve.model.solvitaire import SEED_MAX, SUITS, check_seed

CARDS = 52
DRAWS = 64  # outputs a deal has ready: 51 for the shuffle and 13 for Boost's draws again
LANES = 128  # seeds a batch kernel seeds side by side
_U30 = np.uint32(30)
_MUL = np.uint32(1812433253)

assert DRAWS <= FRESH
# the golfsolve card index (suit-major in C D H S) of each position p of Solvitaire's
# unshuffled deck (rank p // 4 + 1 of its suit p % 4, its suits C H S D), and the other way
_DECK = np.array([GOLFSOLVE_SUITS.index(SUITS[p % 4]) * 13 + p // 4 for p in range(CARDS)],
                 dtype=np.uint8)
_ORDER = np.argsort(_DECK).astype(np.uint8)


# ----- the kernels ---------------------------------------------------------------------------
@njit(cache=True)
def _seed_lanes(seeds: np.ndarray, start: int, lanes: int, low: np.ndarray, high: np.ndarray,
                prev: np.ndarray) -> None:
    """init_genrand of seeds[start + l] for l < lanes, lane l in column l (seeds past the end
    repeat the last one): words 0 .. DRAWS to low, words M .. M + DRAWS - 1 to high (uint32:
    the stores take the arithmetic mod 2**32)."""
    count = seeds.shape[0]
    for lane in range(lanes):
        prev[lane] = np.uint32(seeds[min(start + lane, count - 1)])
        low[0, lane] = prev[lane]
    for i in range(1, M + DRAWS):
        step = np.uint32(i)
        for lane in range(lanes):
            word = prev[lane]
            prev[lane] = (word ^ (word >> _U30)) * _MUL + step
        if i <= DRAWS:
            for lane in range(lanes):
                low[i, lane] = prev[lane]
        elif i >= M:
            for lane in range(lanes):
                high[i - M, lane] = prev[lane]


@njit(cache=True)
def _outputs_lanes(low: np.ndarray, high: np.ndarray, lanes: int, draws: np.ndarray) -> None:
    """draws[k, l] <- output k (k < DRAWS) of lane l."""
    for k in range(DRAWS):
        for lane in range(lanes):
            draws[k, lane] = fresh_output(low[k, lane], low[k + 1, lane], high[k, lane])


@njit(cache=True, inline="always")
def _boost(r: int, top: int) -> int:
    """Boost's ``uniform_int_distribution(0, top)`` of an output r < 2**32, for top < 2**16
    (the shuffle's are 1 .. 51): ``r // bucket``, bucket = (2**32 - 1) // (top + 1), one more
    when top + 1 divides 2**32, so 2**32 // (top + 1) in all; a result past ``top`` is Boost's
    draw again. In integers, no division a draw: ``r * (top + 1) >> 32`` is it or one less
    (the two quotients differ by less than (top + 1) / bucket <= 1), and ``r - q * bucket >=
    bucket`` says which."""
    size = (1 << 32) // (top + 1)
    q = (r * (top + 1)) >> 32
    return q + ((r - q * size) >= size)


@njit(cache=True)
def _picks_lanes(draws: np.ndarray, lanes: int, picks: np.ndarray, clean: np.ndarray) -> None:
    """picks[w, l] <- the deck position the shuffle's step w (top i = 51 - w) swaps with i,
    from lane l's output w, for w < 51; clean[l] <- whether all 51 were within range (else
    the lane drew again, and its picks are not its shuffle's)."""
    for lane in range(lanes):
        clean[lane] = True
    for w in range(CARDS - 1):
        top = CARDS - 1 - w
        for lane in range(lanes):
            j = _boost(np.int64(draws[w, lane]), top)
            picks[w, lane] = j
            clean[lane] &= j <= top


@njit(cache=True)
def _shuffle_picks(picks: np.ndarray, lane: int, unshuffled: np.ndarray,
                   deck: np.ndarray) -> None:
    """deck <- the unshuffled deck shuffled by lane ``lane``'s picks."""
    for p in range(CARDS):
        deck[p] = unshuffled[p]
    for w in range(CARDS - 1):
        i = CARDS - 1 - w
        j = picks[w, lane]
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card


@njit(cache=True)
def _shuffle_drawing(draws: np.ndarray, lane: int, seed: int, unshuffled: np.ndarray,
                     mt: np.ndarray, deck: np.ndarray) -> None:
    """deck <- the unshuffled deck shuffled from ``std::mt19937(seed)``'s outputs, drawing
    again as Boost does: its first outputs from lane ``lane`` of ``draws``, any after them
    from its whole state (``mt``: int64 scratch of N words), twisted as often as they need."""
    for p in range(CARDS):
        deck[p] = unshuffled[p]
    w = 0  # the next output
    base = -1  # mt holds outputs base .. base + N - 1 (once seeded)
    for i in range(CARDS - 1, 0, -1):
        while True:
            if w < draws.shape[0]:
                r = np.int64(draws[w, lane])
            else:
                if base < 0:
                    init_genrand(seed, mt)
                    twist(mt)
                    base = 0
                elif w >= base + N:
                    twist(mt)
                    base += N
                r = temper(mt[w - base])
            w += 1
            j = _boost(r, i)
            if j <= i:
                break
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card


@njit(cache=True)
def _layout(deck: np.ndarray, order: np.ndarray, keys: np.ndarray, out: np.ndarray,
            d: int) -> None:
    """out[d] <- board order from the shuffled deck (of golfsolve card indices): the hole
    deck[0] is the waste, the stock is placed from the back (deck[36], placed last, is drawn
    first), the piles row by row from deck[35] down, pile c's cards deck[35 - 7r - c], its
    bottom (first placed, the top of golfsolve's column) deck[35 - c]. The piles go in
    Solvitaire's order, largest first, compared card by card from the bottom up as
    Solvitaire's cards compare (``order``: a card's position in the unshuffled deck); their
    bottom cards differ, so those alone order them (keys: int64 scratch of 7)."""
    for s in range(16):
        out[d, s] = deck[36 + s]
    out[d, 16] = deck[0]
    for c in range(7):  # the bottom card's place in Solvitaire's order
        keys[c] = order[deck[35 - c]]
    for c in range(7):  # its place among the piles, counted: no branch to mispredict
        place = 0
        for other in range(7):
            place += keys[other] > keys[c]
        for r in range(5):
            out[d, 17 + 5 * place + r] = deck[35 - 7 * r - c]


@njit(cache=True)
def _deal_seeds(seeds: np.ndarray, lanes: int, draws_ready: int, use_picks: bool,
                unshuffled: np.ndarray, order: np.ndarray, out: np.ndarray) -> None:
    """out[d] <- Solvitaire's deal of seeds[d], ``lanes`` seeds side by side: each shuffled
    by its picks when its first 51 outputs are all within range (nearly always), else drawing
    again from its first ``draws_ready`` (<= DRAWS) outputs and then its whole state. Without
    ``use_picks``, every deal is shuffled the second way (to test it)."""
    count = seeds.shape[0]
    width = (min(lanes, max(count, 1)) + 7) // 8 * 8  # whole vectors of 8 lanes
    low = np.empty((DRAWS + 1, width), dtype=np.uint32)
    high = np.empty((DRAWS, width), dtype=np.uint32)
    prev = np.empty(width, dtype=np.uint32)
    draws = np.empty((DRAWS, width), dtype=np.uint32)
    picks = np.empty((CARDS - 1, width), dtype=np.uint8)
    clean = np.empty(width, dtype=np.bool_)
    ready = draws[:draws_ready]
    deck = np.empty(CARDS, dtype=np.uint8)
    mt = np.empty(N, dtype=np.int64)
    keys = np.empty(7, dtype=np.int64)
    for start in range(0, count, width):
        _seed_lanes(seeds, start, width, low, high, prev)
        _outputs_lanes(low, high, width, draws)
        _picks_lanes(draws, width, picks, clean)
        for lane in range(min(width, count - start)):
            if clean[lane] and use_picks:
                _shuffle_picks(picks, lane, unshuffled, deck)
            else:
                _shuffle_drawing(ready, lane, seeds[start + lane], unshuffled, mt, deck)
            _layout(deck, order, keys, out, start + lane)


def _dealt(seeds: np.ndarray, lanes: int = LANES, draws: int = DRAWS,
           use_picks: bool = True) -> np.ndarray:
    """The rows of ``seeds`` (int64, each checked), ``draws`` outputs ready a deal (fewer than
    DRAWS, and no picks, only to test the other ways a deal is shuffled)."""
    if not 0 <= draws <= DRAWS:
        raise ValueError(f"draws must be 0 to {DRAWS}, not {draws}")
    out = np.empty((seeds.shape[0], CARDS), dtype=np.uint8)
    _deal_seeds(seeds, lanes, draws, use_picks, _DECK, _ORDER, out)
    return out


def deal_seeds(seeds, lanes: int = LANES) -> np.ndarray:
    """The deals of ``seeds`` (an array or any iterable of seeds 0 .. 2**31 - 1; a
    SolvitaireError names one out of range) as a (len(seeds), 52) uint8 array."""
    return _dealt(np.array(checked_ints(seeds, check_seed), dtype=np.int64), lanes)


def deal_seed_range(first: int, count: int) -> np.ndarray:
    """Deals first .. first + count - 1 as a (count, 52) uint8 array, one row a deal."""
    if count < 0:
        raise ValueError(f"count must be >= 0, not {count}")
    if count:
        check_seed(first)
        check_seed(first + count - 1)
    return _dealt(np.arange(first, first + count, dtype=np.int64))


def deal_seed(seed: int) -> np.ndarray:
    """Deal ``seed`` as 52 uint8 card indices in board order (stock, waste, columns)."""
    check_seed(seed)
    return _dealt(np.array([seed], dtype=np.int64), 1)[0]


__all__ = ["CARDS", "DRAWS", "LANES", "SEED_MAX", "deal_seed", "deal_seed_range", "deal_seeds"]
