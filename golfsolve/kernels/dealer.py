"""PySolFC's Golf deals, compiled: the same deals as pysol_cards 0.24 (``Deal.from_number``).

``deal_indices(n)`` gives deal n (1 <= n <= 26**7 - 1) as 52 card indices (``Card.index``:
suit-major in "CDHS", suit * 13 + rank - 1) in board order: the 16 stock cards, first drawn
first, then the waste card, then the 7 columns, each top to bottom (the last card is free).
``deal_many(first, count)`` gives deals first .. first + count - 1 as rows of a (count, 52)
uint8 array, ``deal_array(numbers)`` the deals of any numbers, each in one compiled call.

How pysol_cards deals (``pysol_cards.random.shuffle`` and ``Game.golf``):

* n <= 32000: Microsoft's LCG (``LCRandom31``): ``s = (s * 214013 + 2531011) mod 2**33``,
  draw ``(s >> 16) & 0x7fff``, j = draw % (i + 1); the deck starts rank-major in C, D, H, S.
* n > 32000: the Mersenne Twister seeded like ``random.Random(n)`` (init_by_array over the
  32-bit words of n: one word below 2**32, two from 2**32 on), j = int(random() * (i + 1))
  with CPython's 53-bit random(); the deck starts suit-major in pysol's suit order C, S, H, D.
* Both shuffle with i = 51 .. 1, swapping cards i and j; the deck is then reversed and dealt:
  35 cards round the 7 columns, the next card to the waste, the last 16 to the stock.

Seeding the Twister (1,247 dependent steps) is most of a deal's cost; batches seed ``LANES``
deals side by side so the compiler can vectorise across them.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.model.codes import MAX_NUMBER, check_number

CARDS = 52
LCG_MAX = 32000  # deals 1..32000 use the LCG, the rest the Mersenne Twister
LANES = 128  # Twister seeds a batch kernel runs side by side (state: 624 x LANES words)
_LANES_MIN = 8  # fewer Twister deals than this left in a batch: seed them one by one

_M32 = 0xFFFFFFFF
_N = 624
_M = 397
_DRAWS = 2 * (CARDS - 1)  # random() takes two 32-bit outputs, the shuffle 51 random()s
_U30 = np.uint32(30)
_MUL1 = np.uint32(1664525)
_MUL2 = np.uint32(1566083941)


def _mt_base() -> np.ndarray:
    """init_genrand(19650218): the state init_by_array starts from."""
    mt = [19650218]
    for i in range(1, _N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _M32)
    return np.array(mt, dtype=np.uint32)


_MT_BASE = _mt_base()


@njit(cache=True)
def _seed_lanes(add0: np.ndarray, add1: np.ndarray, base: np.ndarray, mt: np.ndarray) -> None:
    """init_by_array for mt.shape[1] seeds at once, seed l in column l of mt (624 x lanes,
    uint32). Step t of the first loop adds key[j] + j, j = t % key_len: add0[l] on even t,
    add1[l] on odd t. Arithmetic is mod 2**32 by the uint32 stores."""
    lanes = mt.shape[1]
    for i in range(_N):
        for lane in range(lanes):
            mt[i, lane] = base[i]
    i = 1
    for t in range(_N):  # max(N, key_len) steps
        add = add1 if t & 1 else add0
        for lane in range(lanes):
            prev = mt[i - 1, lane]
            mt[i, lane] = (mt[i, lane] ^ ((prev ^ (prev >> _U30)) * _MUL1)) + add[lane]
        i += 1
        if i >= _N:
            for lane in range(lanes):
                mt[0, lane] = mt[_N - 1, lane]
            i = 1
    for _ in range(_N - 1):
        sub = np.uint32(i)
        for lane in range(lanes):
            prev = mt[i - 1, lane]
            mt[i, lane] = (mt[i, lane] ^ ((prev ^ (prev >> _U30)) * _MUL2)) - sub
        i += 1
        if i >= _N:
            for lane in range(lanes):
                mt[0, lane] = mt[_N - 1, lane]
            i = 1
    for lane in range(lanes):
        mt[0, lane] = 0x80000000


@njit(cache=True, inline="always")
def _output(word_k, word_k1, word_km):
    """Output k of a freshly seeded state, from its words k, k + 1 and k + _M (all untwisted
    for k < 227): the twist of word k, tempered."""
    y = (word_k & 0x80000000) | (word_k1 & 0x7FFFFFFF)
    y = word_km ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


@njit(cache=True)
def _outputs_lanes(mt: np.ndarray, words: np.ndarray) -> None:
    """words[k, l] <- output k (k < words.shape[0] <= 227) of the freshly seeded lane l. The
    first outputs need only the first words of the twisted state, and those read untwisted
    words alone (k + 1 and k + 397 are not yet twisted for k < 227)."""
    for k in range(words.shape[0]):
        for lane in range(mt.shape[1]):
            words[k, lane] = _output(mt[k, lane], mt[k + 1, lane], mt[k + _M, lane])


@njit(cache=True)
def _outputs_one(number: int, base: np.ndarray, mt: np.ndarray, words: np.ndarray) -> None:
    """One seed, plain int64 scalars (no lanes): words[k, 0] <- output k of random.Random(number),
    as _seed_lanes and _outputs_lanes with one lane, but about three times faster."""
    key0 = number & _M32
    key1 = (number >> 32) & _M32
    key_len = 1 if key1 == 0 else 2
    for i in range(_N):
        mt[i] = base[i]
    i = 1
    j = 0
    for _ in range(_N):
        prev = mt[i - 1]
        key = key0 if j == 0 else key1
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _M32)) + key + j) & _M32
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= key_len:
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _M32)) - i) & _M32
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    for k in range(words.shape[0]):
        words[k, 0] = _output(mt[k], mt[k + 1], mt[k + _M])


@njit(cache=True)
def _set_keys(number: int, lane: int, add0: np.ndarray, add1: np.ndarray) -> None:
    key0 = number & _M32
    key1 = (number >> 32) & _M32
    add0[lane] = key0  # key[0] + 0
    add1[lane] = key0 if key1 == 0 else key1 + 1  # one key word: j stays 0; two: key[1] + 1


@njit(cache=True)
def _shuffle_lcg(number: int, deck: np.ndarray) -> None:
    for p in range(CARDS):  # ms_rearrange: rank-major, suits C D H S
        deck[p] = (p % 4) * 13 + p // 4
    seed = number
    for n in range(CARDS - 1, 0, -1):
        seed = (seed * 214013 + 2531011) & 0x1FFFFFFFF
        j = ((seed >> 16) & 0x7FFF) % (n + 1)
        card = deck[n]
        deck[n] = deck[j]
        deck[j] = card


@njit(cache=True)
def _shuffle_mt(words: np.ndarray, lane: int, deck: np.ndarray) -> None:
    """The shuffle from lane ``lane``'s first 102 outputs, as CPython's random()."""
    for p in range(CARDS):  # createCards: suit-major in pysol's C S H D = golfsolve's 0 3 2 1
        suit = p // 13
        deck[p] = (0 if suit == 0 else 4 - suit) * 13 + p % 13
    w = 0
    for n in range(CARDS - 1, 0, -1):
        a = words[w, lane] >> 5
        b = words[w + 1, lane] >> 6
        w += 2
        r = (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
        j = int(r * float(n + 1))
        card = deck[n]
        deck[n] = deck[j]
        deck[j] = card


@njit(cache=True)
def _layout(deck: np.ndarray, row: np.ndarray) -> None:
    """Board order from the shuffled deck. The deal reads the reversed deck, card k being
    deck[51 - k]: cards 0..34 round the columns, 35 the waste, 36..51 the stock."""
    for s in range(16):
        row[s] = deck[15 - s]
    row[16] = deck[16]
    for c in range(7):
        for r in range(5):
            row[17 + 5 * c + r] = deck[CARDS - 1 - c - 7 * r]


@njit(cache=True)
def _deal_numbers(numbers: np.ndarray, base: np.ndarray, lanes: int, out: np.ndarray) -> None:
    """out[d] <- deal numbers[d] in board order, for every d. Twister deals are seeded ``lanes``
    at a time (the last block fewer) while at least _LANES_MIN are left, then one at a time."""
    deck = np.empty(CARDS, dtype=np.int64)
    count = numbers.shape[0]
    mt_rows = np.empty(count, dtype=np.int64)
    n_mt = 0
    for d in range(count):
        if numbers[d] <= LCG_MAX:
            _shuffle_lcg(numbers[d], deck)
            _layout(deck, out[d])
        else:
            mt_rows[n_mt] = d
            n_mt += 1
    width = 0
    mt = np.empty((_N, width), dtype=np.uint32)
    words = np.empty((_DRAWS, width), dtype=np.int64)
    add0 = np.empty(width, dtype=np.uint32)
    add1 = np.empty(width, dtype=np.uint32)
    one_mt = np.empty(_N, dtype=np.int64)
    one_words = np.empty((_DRAWS, 1), dtype=np.int64)
    start = 0
    while start < n_mt:
        left = n_mt - start
        if left < _LANES_MIN:
            _outputs_one(numbers[mt_rows[start]], base, one_mt, one_words)
            _shuffle_mt(one_words, 0, deck)
            _layout(deck, out[mt_rows[start]])
            start += 1
            continue
        block = min(max(lanes, _LANES_MIN), left)
        if width != (block + 7) // 8 * 8:  # whole vectors of 8 lanes; a new width at most twice
            width = (block + 7) // 8 * 8
            mt = np.empty((_N, width), dtype=np.uint32)
            words = np.empty((_DRAWS, width), dtype=np.int64)
            add0 = np.empty(width, dtype=np.uint32)
            add1 = np.empty(width, dtype=np.uint32)
        for lane in range(width):  # spare lanes repeat the block's last deal
            _set_keys(numbers[mt_rows[start + min(lane, block - 1)]], lane, add0, add1)
        _seed_lanes(add0, add1, base, mt)
        _outputs_lanes(mt, words)
        for lane in range(block):
            _shuffle_mt(words, lane, deck)
            _layout(deck, out[mt_rows[start + lane]])
        start += block


def deal_array(numbers: np.ndarray) -> np.ndarray:
    """The deals of ``numbers`` (each 1..26**7 - 1) as a (len(numbers), 52) uint8 array."""
    nums = np.ascontiguousarray(numbers, dtype=np.int64).reshape(-1)
    if nums.size and (nums.min() < 1 or nums.max() > MAX_NUMBER):
        check_number(int(nums[(nums < 1) | (nums > MAX_NUMBER)][0]))  # raises CodeError
    out = np.empty((nums.size, CARDS), dtype=np.uint8)
    _deal_numbers(nums, _MT_BASE, LANES, out)
    return out


def deal_many(first: int, count: int) -> np.ndarray:
    """Deals first .. first + count - 1 as a (count, 52) uint8 array, one row per deal."""
    if count < 0:
        raise ValueError(f"count must be >= 0, not {count}")
    if count:
        check_number(first)
        check_number(first + count - 1)
    return deal_array(np.arange(first, first + count, dtype=np.int64))


def deal_indices(number: int) -> np.ndarray:
    """Deal ``number`` as 52 uint8 card indices in board order (stock, waste, columns)."""
    check_number(number)
    out = np.empty((1, CARDS), dtype=np.uint8)
    _deal_numbers(np.array([number], dtype=np.int64), _MT_BASE, 1, out)
    return out[0]
