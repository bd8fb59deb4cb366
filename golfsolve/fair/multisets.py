"""The sub-multisets of the unseen ranks, layer by layer (a layer k: those of k cards): the
fair value by layers stores a value for each (row of heights, multiset), and a multiset's
index in the whole mixed radix of the ranks' counts names its bit in the bitsets of R and S."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from golfsolve.fair.storage import words


@dataclass(frozen=True)
class Layers:
    """The sub-multisets of the unseen ranks, by size: ``down[k][p, j]`` the position in layer
    k - 1 of layer k's p-th multiset less one card of ``ranks[j]`` (-1: it has none), and
    ``orders[k][p]`` its number of distinct orders."""

    ranks: np.ndarray
    down: list[np.ndarray]
    orders: list[np.ndarray]
    strides: np.ndarray  # of each present rank in the whole mixed radix
    radix: np.ndarray  # its count + 1
    has: np.ndarray  # has[j]: the bits (whole radix) of the multisets holding ranks[j]
    valid: np.ndarray  # the bits of every multiset
    masks: np.ndarray  # masks[k]: the bits of layer k's multisets
    layer_pos: np.ndarray  # layer_pos[index]: its position in its layer
    sizes: np.ndarray  # sizes[index]: its number of cards

    @property
    def size(self) -> int:
        """The number of unseen cards (the top layer's k)."""
        return len(self.orders) - 1

    def width(self, k: int) -> int:
        return self.orders[k].shape[0]


def layers_of(unseen) -> Layers:
    """The layers of sub-multisets of ``unseen`` (14 counts by rank, index 0 unused)."""
    ranks = np.array([r for r in range(1, 14) if unseen[r]], dtype=np.int64)
    radices = [int(unseen[r]) + 1 for r in ranks]
    strides = np.array([math.prod(radices[:j]) for j in range(len(ranks))], dtype=np.int64)
    if len(ranks):
        digits = np.indices(radices).reshape(len(ranks), -1)
    else:
        digits = np.zeros((0, 1), dtype=np.int64)
    index = (digits * strides[:, None]).sum(axis=0) if len(ranks) else np.zeros(1, np.int64)
    sizes = digits.sum(axis=0)
    factorial = np.array([math.factorial(n) for n in range(17)], dtype=np.int64)
    position = np.full(index.max() + 1, -1, dtype=np.int64)
    by_size = []
    for k in range(int(sizes.max()) + 1 if sizes.size else 1):
        members = np.nonzero(sizes == k)[0]
        members = members[np.argsort(index[members])]
        position[index[members]] = np.arange(members.size)
        by_size.append(members)
    down, orders = [], []
    for k, members in enumerate(by_size):
        d = digits[:, members]
        orders.append(factorial[k] // factorial[d].prod(axis=0))
        lower = np.full((members.size, len(ranks)), -1, dtype=np.int32)
        for j in range(len(ranks)):
            has = d[j] > 0
            lower[has, j] = position[index[members[has]] - strides[j]]
        down.append(lower)
    total = int(index.max()) + 1
    nw = words(total)
    if max(members.size for members in by_size) >= 1 << 16:
        raise ValueError("a layer too wide for 16-bit positions")

    def bitset(indices) -> np.ndarray:
        bits = np.zeros(nw * 64, dtype=np.uint8)
        bits[indices] = 1
        return np.packbits(bits, bitorder="little").view(np.uint64)

    has = np.array([bitset(index[digits[j] > 0]) for j in range(len(ranks))],
                   dtype=np.uint64).reshape(len(ranks), nw)
    masks = np.array([bitset(index[members]) for members in by_size], dtype=np.uint64)
    card_count = np.zeros(nw * 64, dtype=np.int64)
    card_count[index] = sizes
    return Layers(ranks, down, orders, strides, np.array(radices, dtype=np.int64), has,
                  bitset(index), masks, position, card_count)
