"""What the fair value by layers gives: :class:`StockFair`, the W of a position and of each of
its legal actions in integers, and :class:`FairTable`, every layer of values kept, which
answers any later position of the same game at once."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from golfsolve.fair.closures import Closures, action_closures
from golfsolve.fair.multisets import Layers
from golfsolve.fair.storage import high_layout
from golfsolve.model.actions import Action


@dataclass(frozen=True)
class StockFair:
    """W of the position and of each legal action (an :class:`Action`), over
    ``orders`` = N(M). ``counters``: the sizes met (rows, closures, entries, bytes) and the
    seconds of each pass. ``table``: what answers later positions of the same game at once,
    when it was kept."""

    wins: int
    orders: int
    actions: dict[Action, int]
    counters: dict[str, float] = field(default_factory=dict, compare=False)
    table: FairTable | None = field(default=None, compare=False, repr=False)


class FairTable:
    """W of every (heights, unseen multiset) the start can reach, about to draw, layer by
    layer: it answers any later position of the same game without a new pass."""

    def __init__(self, h0, stride, layers: Layers, closures: Closures, kept: list,
                 bits: np.ndarray, layout: str):
        self.h0, self.stride, self.layers, self.closures = h0, stride, layers, closures
        self.layout = layout
        self.kept = kept  # kept[k] = (poff, boff, voff, positions, low, high) of layer k
        self.bits = bits

    def w(self, row: int, index: int, k: int) -> int:
        """W(h, M) for the row of h and M's whole-radix index; k = |M|."""
        if k == 0:
            return 0
        poff, boff, voff, positions, low, high = self.kept[k]
        p = int(self.layers.layer_pos[index])
        start = int(voff[row])
        if start == int(voff[row + 1]):
            return 0
        if poff[row] < poff[row + 1]:  # packed, positions stored
            lo, hi = int(poff[row]), int(poff[row + 1])
            i = lo + int(np.searchsorted(positions[lo:hi], p))
            if i == hi or positions[i] != p:
                return 0
            i += start - lo
        elif boff[row] < boff[row + 1]:  # packed, positions the bits of S
            row_bits = self.bits[int(boff[row]):int(boff[row + 1])]
            word, bit = divmod(p, 64)
            below = int(row_bits[word]) & ((1 << (bit + 1)) - 1)
            if not below >> bit:
                return 0
            i = start + int(np.bitwise_count(row_bits[:word]).sum()) + below.bit_count() - 1
        else:  # dense
            i = start + p
        if not high.shape[0]:  # whole values (fast), or none above 16 bits
            return int(low[i])
        hb, hf = high_layout(self.layers, k, self.layout)
        return int(low[i]) | ((int(high[i // hf]) >> (i % hf * hb)) & ((1 << hb) - 1)) << 16

    def position(self, heights, waste_rank: int, unseen) -> StockFair | None:
        """The W of a later position (heights below the start's, the unseen cards a part of
        the start's) and of its actions; None when it lies outside the table."""
        layers = self.layers
        present = {int(r): j for j, r in enumerate(layers.ranks)}
        index = 0
        for r in range(1, 14):
            if unseen[r]:
                j = present.get(r)
                if j is None or unseen[r] >= layers.radix[j]:
                    return None
                index += int(unseen[r]) * int(layers.strides[j])
        if any(int(h) > int(top) for h, top in zip(heights, self.h0, strict=True)):
            return None
        k = int(sum(int(x) for x in unseen[1:]))
        row = int(sum(int(h) * int(s) for h, s in zip(heights, self.stride, strict=True)))
        starts = action_closures(self.closures, heights, waste_rank, row, k)
        return self.answer(self.closures.of(row, waste_rank), starts, index, k)

    def answer(self, root: tuple[list[int], bool], starts: dict, index: int, k: int,
               counters: dict | None = None, kept: bool = True) -> StockFair:
        """The W of a position whose closure is ``root`` (its rows, and whether one is won)
        and of its actions (``starts``: each one's closure), its k unseen cards the multiset
        of whole-radix ``index``; the table its ``table`` where ``kept``."""
        n_orders = int(self.layers.orders[k][self.layers.layer_pos[index]])

        def best(found) -> int:
            rows, won = found
            return n_orders if won else max(self.w(m, index, k) for m in rows)

        return StockFair(best(root), n_orders, {a: best(f) for a, f in starts.items()},
                         {} if counters is None else counters, self if kept else None)
