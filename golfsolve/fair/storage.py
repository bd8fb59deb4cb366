"""How each layer of a whole-stock fair value is stored, and the memory the sweeps hold.

A layer k has a row of entries per height vector: one per multiset of S (the sub-multisets
of the unseen ranks, of size k, whose value the start can need and is not zero). Three
layouts, each smaller and slower than the one before:

- **fast**: values in the narrowest type that holds them (16, 32 or 64 bits); a row is dense
  (a value for each of the layer's multisets, zero off S) where that takes no more bytes than
  packed, and a packed row keeps each entry's 16-bit position. S is kept whole (by the whole
  mixed radix) all through.
- **compact**: values in their low 16 bits and the whole bytes (none, 1, 2 or 4) the layer's
  largest N(M) needs above them, no positions: S is turned into bits by layer, a packed row's
  positions are its bits (the bits a layer no longer needs are given back with its values); a
  row is dense where that costs at most a third more than its entries alone. About half the
  memory of fast, and slower (the positions are found bit by bit).
- **tight**: as compact, with just the bits above the low 16 that the largest N(M) needs,
  packed into 64-bit words (Easy deal 19's layer 9: 3 bits, not 8). Slower again (the bits
  are unpacked entry by entry).

The layer k entries of row h are ``counts[h]`` (``counts[:, k]`` of the whole table).
"""

from __future__ import annotations

import math
import mmap

import numpy as np

SWEEP_RANGES = 48  # a layer is computed in so many ranges of rows (at most), from the top down
DENSE_SHARE = 0.75  # compact, tight: a row holding this share of the layer's multisets is dense
FAST, COMPACT, TIGHT = "fast", "compact", "tight"
LAYOUTS = (FAST, COMPACT, TIGHT)  # from the fastest to the smallest


def words(width: int) -> int:
    """64-bit words of a bitset of ``width`` bits."""
    return (width + 63) // 64


def value_type(layers, k: int) -> type:
    """Fast: the narrowest type that holds every W of layer k exactly (0 <= W <= N(M))."""
    most = int(layers.orders[k].max())
    return np.uint16 if most < 1 << 16 else np.uint32 if most < 1 << 32 else np.int64


def high_bits(layers, k: int, layout: str) -> int:
    """Compact and tight: the bits kept of layer k's values above their low 16, enough for
    its largest W (at most its largest N(M)): whole bytes (8, 16 or 32) in compact, just
    those needed in tight; 0 where 16 bits hold them all, and in fast."""
    need = max(0, int(layers.orders[k].max()).bit_length() - 16)
    if layout == FAST or not need:
        return 0
    return need if layout == TIGHT else 8 if need <= 8 else 16 if need <= 16 else 32


def high_fields(layers, k: int, layout: str) -> int:
    """How many values' high bits one 64-bit word of layer k holds (1 where they have none):
    entry i's are field i % fields of word i // fields."""
    b = high_bits(layers, k, layout)
    return 64 // b if b else 1


def row_alignment(layers, k: int, layout: str) -> int:
    """What each row's first value index of layer k is a multiple of: its high fields a word
    where they are not whole bytes (so that no two rows, written by different threads, share
    a word), else 1."""
    return 1 if high_bits(layers, k, layout) in (0, 8, 16, 32) else high_fields(layers, k, layout)


def value_bytes(layers, k: int) -> int:
    """Fast: the bytes a value of layer k takes."""
    return np.dtype(value_type(layers, k)).itemsize


def slot_type(layers, k: int) -> np.ndarray:
    """An empty array of the type in which layer k's values are compared: 32 bits where they
    fit (16-bit arithmetic is slower), else 64."""
    return np.zeros(0, dtype=np.int64 if int(layers.orders[k].max()) >= 1 << 32 else np.uint32)


def dense_rows(layers, k: int, counts: np.ndarray, layout: str) -> np.ndarray:
    """Which rows of layer k are stored dense (see the module's notes)."""
    width = layers.width(k)
    if layout != FAST:
        least = math.ceil(DENSE_SHARE * width)
    else:  # no more bytes than packed: entries * (2 + vb) >= width * vb
        vb = value_bytes(layers, k)
        least = -(-width * vb // (2 + vb))
    return counts >= max(1, least)  # one comparison in the counts' own type


def value_offsets(layers, k: int, counts: np.ndarray, layout: str) -> np.ndarray:
    """Where each row's values start in layer k's arrays (and one bound past the last)."""
    voff = np.zeros(counts.shape[0] + 1, dtype=np.int64)
    np.cumsum(_value_span(layers, k, counts, layout), out=voff[1:])
    return voff


def _value_span(layers, k: int, counts: np.ndarray, layout: str) -> np.ndarray:
    """The values each row of layer k takes room for: a dense row's width or a packed row's
    entries, rounded up to the row alignment."""
    span = np.where(dense_rows(layers, k, counts, layout), layers.width(k), counts)
    align = row_alignment(layers, k, layout)
    return -(-span.astype(np.int64) // align) * align


def high_words(layers, k: int, voff: np.ndarray, layout: str) -> int:
    """The 64-bit words of layer k's high bits, with one to spare past the last
    (a reader may load the word after a row's last); none where its values have none."""
    if not high_bits(layers, k, layout):
        return 0
    return -(-int(voff[-1]) // high_fields(layers, k, layout)) + 1


def position_offsets(layers, k: int, counts: np.ndarray, layout: str) -> np.ndarray:
    """Where each row's 16-bit positions start in layer k's (and one bound past the last):
    a fast packed row's entries; none in a dense row, nor in the other layouts."""
    poff = np.zeros(counts.shape[0] + 1, dtype=np.int64)
    if layout == FAST:
        np.cumsum(np.where(dense_rows(layers, k, counts, FAST), 0, counts), out=poff[1:])
    return poff


def bit_words(layers, k: int, counts: np.ndarray, layout: str) -> np.ndarray:
    """The 64-bit words of S's bits each row keeps for layer k: a packed row's (its positions)
    outside fast; none otherwise."""
    if layout == FAST:
        return np.zeros(counts.shape[0], dtype=np.int64)
    packed = (counts > 0) & ~dense_rows(layers, k, counts, layout)
    return np.where(packed, words(layers.width(k)), 0).astype(np.int64)


def bit_offsets(layers, counts: np.ndarray, layout: str) -> list[np.ndarray]:
    """``boff[k][h]``: the word where row h's bits of layer k start in one array holding every
    layer's, the top layer first (so that the layers read first, the lowest, are its tail and
    can be given back), rows in order within a layer; ``boff[k][rows]`` is where layer k ends,
    and ``boff[0][rows]`` the words in all. All zero in the fast layout."""
    nrows = counts.shape[0]
    if layout == FAST:
        return [np.zeros(nrows + 1, dtype=np.int32)] * (layers.size + 1)
    boff = np.zeros((layers.size + 1, nrows + 1), dtype=np.int64)
    start = 0
    for k in range(layers.size, -1, -1):
        boff[k, 0] = start
        np.cumsum(bit_words(layers, k, counts[:, k], layout), out=boff[k, 1:])
        boff[k, 1:] += start
        start = int(boff[k, nrows])
    if start >= 1 << 31:
        raise ValueError("more bits than 32-bit offsets hold")
    return list(boff.astype(np.int32))


def row_bytes(layers, k: int, counts: np.ndarray, layout: str) -> np.ndarray:
    """Bytes each row of layer k takes: its values, and a fast packed row's positions."""
    span = _value_span(layers, k, counts, layout)
    if layout != FAST:
        align = row_alignment(layers, k, layout)  # > 1: whole words of fields
        high = span // align * 8 if align > 1 else span * high_bits(layers, k, layout) // 8
        return span * 2 + high
    dense = dense_rows(layers, k, counts, FAST)
    return span * value_bytes(layers, k) + np.where(dense, 0, counts.astype(np.int64)) * 2


def sweep_bounds(nrows: int) -> np.ndarray:
    """Where the row ranges of a layer's sweep start (and one bound past the last row): a
    layer is computed range by range from the top, and the previous layer's rows above the
    range being computed are given back."""
    return np.append(np.arange(0, nrows, -(-nrows // SWEEP_RANGES)), nrows)


def sweep_peak(layers, counts: np.ndarray, bounds: np.ndarray, layout: str,
               row_words: int = 0) -> int:
    """The most bytes the layers hold at once, range by range from the top: while layer k is
    computed, its rows from a range's first up and layer k - 1's below the range's end; each
    with its offsets and a page of slack per array. Compact and tight add their bits (layer
    k - 1's below the range's end, every bit of the layers from k up) and, before the first
    layer, S (whole radix, ``row_words`` words a row) below a range's end with the bits from
    its first row up, while S is turned into bits; fast holds S all through, counted apart."""
    nrows = counts.shape[0]
    starts, ends = bounds[:-1], bounds[1:] - 1
    bits = [bit_words(layers, k, counts[:, k], layout) * 8 for k in range(layers.size + 1)]
    whole = [int(b.sum()) for b in bits]
    peak = 0
    if layout != FAST:
        bits_above = np.cumsum(sum(bits)[::-1])[::-1]
        s_below = (np.arange(nrows) + 1) * 8 * row_words
        peak = int((s_below[ends] + bits_above[starts]).max())
    lower = row_bytes(layers, 0, counts[:, 0], layout)
    for k in range(1, layers.size + 1):
        here = row_bytes(layers, k, counts[:, k], layout)
        above = np.cumsum(here[::-1])[::-1]
        below = np.cumsum(lower + bits[k - 1])
        peak = max(peak, int((above[starts] + below[ends]).max()) + sum(whole[k:]))
        lower = here
    if layout != FAST:
        return peak + 4 * (layers.size + 1) * (nrows + 1) + 16 * (nrows + 1) + 6 * mmap.PAGESIZE
    return peak + 32 * (nrows + 1) + 4 * mmap.PAGESIZE


def kept_bytes(layers, counts: np.ndarray, layout: str) -> int:
    """Bytes every layer takes at once (a kept table), bits and offsets included."""
    nrows = counts.shape[0]
    held = sum(int(row_bytes(layers, k, counts[:, k], layout).sum()) + 16 * (nrows + 1)
               for k in range(layers.size + 1))
    if layout != FAST:
        held += sum(8 * int(bit_words(layers, k, counts[:, k], layout).sum())
                    for k in range(layers.size + 1)) + 4 * (layers.size + 1) * (nrows + 1)
    return held


def high_layout(layers, k: int, layout: str) -> tuple[int, int]:
    """(bits, fields a word) of layer k's high parts in ``layout``."""
    return high_bits(layers, k, layout), high_fields(layers, k, layout)
