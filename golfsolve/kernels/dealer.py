"""PySolFC's Golf deals, compiled: what PySolFC's application deals for each game number, and
its Microsoft-numbered deals ``msN`` (the reference is :mod:`golfsolve.model.pysolfc`, which
deals one deal with pysol_cards' pieces).

Numbers enter as WORDS = 4 uint32 words each, least significant first (``number_words``,
``range_words``), so any number below 2**128 can be dealt; the checked wrappers take the deal
numbers golfsolve accepts. A row is 52 card indices (``Card.index``: suit-major in "CDHS",
suit * 13 + rank - 1) in board order: the 16 stock cards, first drawn first, then the waste
card, then the 7 columns, each top to bottom (the last card is free). ``deal_many(first,
count)`` deals first .. first + count - 1, ``deal_array(numbers)`` any numbers (Python ints
past 2**63 - 1 too), ``deal_indices(n)`` one, ``deal_ms(numbers)`` msN, each in one compiled
call.

What PySolFC's application deals (``construct_random`` in ``pysollib/pysolrandom.py``):

* n < 32000 and every msN: Microsoft's LCG (``LCRandom31``): ``s = (s * 214013 + 2531011) mod
  2**33``, draw ``(s >> 16) & 0x7fff`` (msN with N in 2**31 .. 2**32 - 1 set bit 15 of every
  draw; N from 2**32 on runs from N - 2**32 and draws 16 bits plus one), j = draw % (i + 1);
  the deck starts rank-major in C, D, H, S.
* n >= 32000 (32000 included: ``if 0 <= seed < 32000: return LCRandom31(seed)``; pysol_cards'
  own ``shuffle`` deals 32000 with the LCG, which PySolFC's application does not): the
  Mersenne Twister seeded like ``random.Random(n)``, init_by_array over the 32-bit words of n,
  as many as n needs (one below 2**32, two below 2**64, three up to 10**20 - 1); j =
  int(random() * (i + 1)) with CPython's 53-bit random(); the deck starts suit-major in pysol's
  suit order C, S, H, D.
* Both shuffle with i = 51 .. 1, swapping cards i and j; the deck is then reversed and dealt:
  35 cards round the 7 columns, the next card to the waste, the last 16 to the stock.

Seeding the Twister (1,247 dependent steps) is most of a deal's cost; batches seed ``LANES``
deals side by side so the compiler can vectorise across them. Step t of init_by_array adds
key[t % L] + t % L for a key of L words; each lane's adds come from a small (cycle, lanes)
table, cycle = L when a block's numbers share a word count (nearly always), else 12 (= lcm(1,
2, 3, 4)), so that lanes of different word counts (a block across 2**32 or 2**64) seed
together with no branch and no division.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from golfsolve.kernels.twister import M as _M
from golfsolve.kernels.twister import N as _N
from golfsolve.kernels.twister import fresh_output
from golfsolve.model.codes import check_number
from golfsolve.model.pysolfc import LCG_BELOW, check_ms

CARDS = 52
WORDS = 4  # 32-bit words per number in the kernel: numbers below 2**128
LANES = 128  # Twister seeds a batch kernel runs side by side (state: 624 x LANES words)
_LANES_MIN = 8  # fewer Twister deals than this left in a batch: seed them one by one
_KEY_CYCLE = 12  # lcm(1, 2, 3, 4): step t of init_by_array adds key[t % L] + t % L

_M32 = 0xFFFFFFFF
_DRAWS = 2 * (CARDS - 1)  # random() takes two 32-bit outputs, the shuffle 51 random()s
_U30 = np.uint32(30)
_MUL1 = np.uint32(1664525)
_MUL2 = np.uint32(1566083941)


# ----- numbers as words ----------------------------------------------------------------------
def number_words(numbers) -> np.ndarray:
    """(count, WORDS) uint32: each number's 32-bit words, least significant first."""
    nums = [int(n) for n in numbers]
    if nums and (min(nums) < 0 or max(nums) >> (32 * WORDS)):
        bad = next(n for n in nums if n < 0 or n >> (32 * WORDS))
        raise ValueError(f"{bad} does not fit in {WORDS} 32-bit words")
    lo = np.array([n & 0xFFFFFFFFFFFFFFFF for n in nums], dtype=np.uint64)
    hi = np.array([n >> 64 for n in nums], dtype=np.uint64)
    return _split(lo, hi)


def _split(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    out = np.empty((lo.size, WORDS), dtype=np.uint32)
    out[:, 0] = lo & np.uint64(_M32)
    out[:, 1] = lo >> np.uint64(32)
    out[:, 2] = hi & np.uint64(_M32)
    out[:, 3] = hi >> np.uint64(32)
    return out


def range_words(first: int, count: int) -> np.ndarray:
    """number_words(range(first, first + count)) by numpy: the low 64 bits with a carry into
    the high 64, no Python loop per number."""
    if count < 0:
        raise ValueError(f"count must be >= 0, not {count}")
    if first < 0 or first + count > 1 << (32 * WORDS):
        raise ValueError(f"{first} .. {first + count - 1} do not fit in {WORDS} words")
    lo0 = np.uint64(first & 0xFFFFFFFFFFFFFFFF)
    lo = lo0 + np.arange(count, dtype=np.uint64)  # wraps mod 2**64
    hi = np.full(count, first >> 64, dtype=np.uint64) + (lo < lo0)  # the carry
    return _split(lo, hi)


# ----- the kernels ---------------------------------------------------------------------------
def _mt_base() -> np.ndarray:
    """init_genrand(19650218): the state init_by_array starts from."""
    mt = [19650218]
    for i in range(1, _N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _M32)
    return np.array(mt, dtype=np.uint32)


_MT_BASE = _mt_base()


@njit(cache=True)
def _key_len(words: np.ndarray, row: int) -> int:
    """CPython's init_by_array key length for the number in words[row]: the words it needs,
    at least one."""
    for k in range(words.shape[1] - 1, 0, -1):
        if words[row, k] != 0:
            return k + 1
    return 1


@njit(cache=True)
def _set_adds(words: np.ndarray, row: int, lane: int, cycle: int, adds: np.ndarray) -> None:
    """adds[c, lane] <- key[c % L] + c % L for c < cycle: what step t of init_by_array adds,
    c = t % cycle (cycle is the block's common key length L, or 12, a multiple of every
    L <= 4, for a block of mixed lengths)."""
    length = _key_len(words, row)
    j = 0  # c % length, without a division
    for c in range(cycle):
        adds[c, lane] = np.uint32((np.int64(words[row, j]) + j) & _M32)
        j = j + 1 if j + 1 < length else 0


@njit(cache=True)
def _seed_lanes(adds: np.ndarray, cycle: int, base: np.ndarray, mt: np.ndarray) -> None:
    """init_by_array for mt.shape[1] seeds at once, seed l in column l of mt (624 x lanes,
    uint32); step t adds adds[t % cycle, l]. Arithmetic is mod 2**32 by the uint32 stores."""
    lanes = mt.shape[1]
    for i in range(_N):
        for lane in range(lanes):
            mt[i, lane] = base[i]
    i = 1
    c = 0  # t % cycle
    for _ in range(_N):  # max(N, key_len) steps: key_len <= 4
        add = adds[c]
        c = c + 1 if c < cycle - 1 else 0
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


@njit(cache=True)
def _outputs_lanes(mt: np.ndarray, out: np.ndarray) -> None:
    """out[k, l] <- output k (k < 227) of the freshly seeded lane l."""
    for k in range(out.shape[0]):
        for lane in range(mt.shape[1]):
            out[k, lane] = fresh_output(mt[k, lane], mt[k + 1, lane], mt[k + _M, lane])


@njit(cache=True)
def _outputs_one(words: np.ndarray, row: int, base: np.ndarray, mt: np.ndarray,
                 out: np.ndarray) -> None:
    """One seed in int64 scalars: out[k, 0] <- output k of random.Random(number in row)."""
    length = _key_len(words, row)
    for i in range(_N):
        mt[i] = base[i]
    i = 1
    j = 0
    for _ in range(_N):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & _M32))
                 + np.int64(words[row, j]) + j) & _M32
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & _M32)) - i) & _M32
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    for k in range(out.shape[0]):
        out[k, 0] = fresh_output(mt[k], mt[k + 1], mt[k + _M])


@njit(cache=True)
def _shuffle_lcg(seed: int, deck: np.ndarray) -> None:
    """LCRandom31's shuffle of the rank-major deck (ms_rearrange), seed 1 .. 2**33 - 1."""
    for p in range(CARDS):
        deck[p] = (p % 4) * 13 + p // 4
    high = seed >= 0x100000000
    flag = 0x8000 if 0x80000000 <= seed < 0x100000000 else 0
    x = seed - 0x100000000 if high else seed
    for n in range(CARDS - 1, 0, -1):
        x = (x * 214013 + 2531011) & 0x1FFFFFFFF
        if high:
            r = ((x >> 16) & 0xFFFF) + 1
        else:
            r = ((x >> 16) & 0x7FFF) | flag
        j = r % (n + 1)
        card = deck[n]
        deck[n] = deck[j]
        deck[j] = card


@njit(cache=True)
def _shuffle_mt(draws: np.ndarray, lane: int, deck: np.ndarray) -> None:
    """The shuffle from lane ``lane``'s first 102 outputs, as CPython's random()."""
    for p in range(CARDS):  # createCards: suit-major in pysol's C S H D = golfsolve's 0 3 2 1
        suit = p // 13
        deck[p] = (0 if suit == 0 else 4 - suit) * 13 + p % 13
    w = 0
    for n in range(CARDS - 1, 0, -1):
        a = draws[w, lane] >> 5
        b = draws[w + 1, lane] >> 6
        w += 2
        r = (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
        j = int(r * float(n + 1))
        card = deck[n]
        deck[n] = deck[j]
        deck[j] = card


@njit(cache=True)
def _layout(deck: np.ndarray, row: np.ndarray) -> None:
    """Board order from the shuffled deck: the deal reads it reversed, card k being
    deck[51 - k]: cards 0..34 round the columns, 35 the waste, 36..51 the stock."""
    for s in range(16):
        row[s] = deck[15 - s]
    row[16] = deck[16]
    for c in range(7):
        for r in range(5):
            row[17 + 5 * c + r] = deck[CARDS - 1 - c - 7 * r]


@njit(cache=True)
def _small(words: np.ndarray, row: int) -> int:
    """The number in words[row] if it is below LCG_BELOW, else -1."""
    for k in range(1, words.shape[1]):
        if words[row, k] != 0:
            return -1
    return np.int64(words[row, 0]) if words[row, 0] < LCG_BELOW else -1


@njit(cache=True)
def _deal_words(words: np.ndarray, base: np.ndarray, lanes: int, out: np.ndarray) -> None:
    """out[d] <- PySolFC's deal of the number in words[d] (WORDS uint32, least significant
    first): the LCG below 32000, else the Twister, seeded ``lanes`` at a time."""
    deck = np.empty(CARDS, dtype=np.int64)
    count = words.shape[0]
    mt_rows = np.empty(count, dtype=np.int64)
    n_mt = 0
    for d in range(count):
        small = _small(words, d)
        if small >= 0:
            _shuffle_lcg(small, deck)
            _layout(deck, out[d])
        else:
            mt_rows[n_mt] = d
            n_mt += 1
    width = 0
    mt = np.empty((_N, width), dtype=np.uint32)
    draws = np.empty((_DRAWS, width), dtype=np.int64)
    adds = np.empty((_KEY_CYCLE, width), dtype=np.uint32)
    one_mt = np.empty(_N, dtype=np.int64)
    one_draws = np.empty((_DRAWS, 1), dtype=np.int64)
    start = 0
    while start < n_mt:
        left = n_mt - start
        if left < _LANES_MIN:
            _outputs_one(words, mt_rows[start], base, one_mt, one_draws)
            _shuffle_mt(one_draws, np.int64(0), deck)  # (an int64 lane, as below: one compile)
            _layout(deck, out[mt_rows[start]])
            start += 1
            continue
        block = min(max(lanes, _LANES_MIN), left)
        if width != (block + 7) // 8 * 8:  # whole vectors of 8 lanes
            width = (block + 7) // 8 * 8
            mt = np.empty((_N, width), dtype=np.uint32)
            draws = np.empty((_DRAWS, width), dtype=np.int64)
            adds = np.empty((_KEY_CYCLE, width), dtype=np.uint32)
        cycle = _key_len(words, mt_rows[start])
        for lane in range(1, block):
            if _key_len(words, mt_rows[start + lane]) != cycle:
                cycle = _KEY_CYCLE  # mixed key lengths (a block across 2**32 or 2**64)
                break
        for lane in range(width):  # spare lanes repeat the block's last deal
            _set_adds(words, mt_rows[start + min(lane, block - 1)], lane, cycle, adds)
        _seed_lanes(adds, cycle, base, mt)
        _outputs_lanes(mt, draws)
        for lane in range(block):
            _shuffle_mt(draws, lane, deck)
            _layout(deck, out[mt_rows[start + lane]])
        start += block


@njit(cache=True)
def _deal_ms(numbers: np.ndarray, out: np.ndarray) -> None:
    """out[d] <- msN for N = numbers[d] (1 .. 2**33 - 1)."""
    deck = np.empty(CARDS, dtype=np.int64)
    for d in range(numbers.shape[0]):
        _shuffle_lcg(numbers[d], deck)
        _layout(deck, out[d])


def checked_ints(values, check) -> list[int]:
    """``values`` (an array or any iterable of whole numbers) as Python ints, the least and
    the greatest passed to ``check``, which raises for a number out of range."""
    nums = [int(n) for n in (np.asarray(values).reshape(-1).tolist()
                             if isinstance(values, np.ndarray) else values)]
    if nums:
        check(min(nums))
        check(max(nums))
    return nums


def deal_words(words: np.ndarray, lanes: int = LANES) -> np.ndarray:
    """The deals of the numbers in ``words`` ((count, WORDS) uint32, unchecked but for the
    shape) as (count, 52) uint8."""
    w = np.ascontiguousarray(words, dtype=np.uint32)
    if w.ndim != 2 or w.shape[1] != WORDS:
        raise ValueError(f"words must be (count, {WORDS}) uint32, not {w.shape}")
    out = np.empty((w.shape[0], CARDS), dtype=np.uint8)
    _deal_words(w, _MT_BASE, lanes, out)
    return out


def deal_array(numbers) -> np.ndarray:
    """The deals of ``numbers`` (an array or any iterable of deal numbers, Python ints past
    2**63 - 1 too) as a (len(numbers), 52) uint8 array."""
    return deal_words(number_words(checked_ints(numbers, check_number)))


def deal_many(first: int, count: int) -> np.ndarray:
    """Deals first .. first + count - 1 as a (count, 52) uint8 array, one row per deal."""
    if count < 0:
        raise ValueError(f"count must be >= 0, not {count}")
    if count:
        check_number(first)
        check_number(first + count - 1)
    return deal_words(range_words(first, count))


def deal_indices(number: int) -> np.ndarray:
    """Deal ``number`` as 52 uint8 card indices in board order (stock, waste, columns)."""
    check_number(number)
    return deal_words(number_words([number]), 1)[0]


def deal_ms(numbers) -> np.ndarray:
    """PySolFC's Microsoft-numbered deals msN for each N (1 .. 2**33 - 1) as (len, 52) uint8."""
    nums = checked_ints(numbers, check_ms)
    out = np.empty((len(nums), CARDS), dtype=np.uint8)
    _deal_ms(np.array(nums, dtype=np.int64), out)
    return out
