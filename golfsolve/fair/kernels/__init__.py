"""The fair value's numba kernels: plain arrays in, plain arrays out, each module named for its
algorithm. They read the encoding of :mod:`golfsolve.kernels.layout` and share the hot-loop
primitives of :mod:`golfsolve.kernels.primitives`; importing this package imports
:mod:`golfsolve.kernels` first, which sets numba up before any kernel module imports numba.

- ``expectimax``: the memoised expectimax of a position whose stock is partly unseen (it
  explains its algorithm).
- ``closures``, ``support``, ``values``, ``compact_values``: the layer DP of a position whose
  whole stock is unseen, below.

The layer DP. Just before a draw the waste does not matter (the draw covers it), so that
moment's value is a function of the heights h and the multiset M of unseen ranks left.
Counted in orders (W = value x N(M), N(M) the distinct rank orders of M, an integer):

- W(h, M) = sum over ranks r in M of best(h, r, M - r), and W(h, {}) = 0 for h not empty;
- best(h, r, M') = N(M') when the removal closure of (h, waste r) holds the empty tableau, else
  the max of W(h', M') over the distinct heights h' of that closure (h itself included).

Under rules that draw only when no free card fits (strict, ``forced`` in the kernels) the
moment before a draw is a stuck one, and its value is again a function of (h, M): the same
recursion, with each closure cut to the heights where some stuck waste is reached (h itself
only when nothing fits r). A column's sub-closure is then the stuck rows below that column's
card, without h; reach and support keep a row's own multisets for the ranks that fit none of
its free cards only.

Rows are the height vectors h <= h0 (``row`` = h in mixed radix h0_c + 1, so row 0 is the
empty tableau); a layer k holds the sub-multisets of M0 of size k, one bit or value per
(row, position in the layer). ``down[p, j]`` is the position in layer k - 1 of M_p minus
one card of the j-th present rank (-1 where M_p has none).

Three passes, each in kernels here, run by :mod:`golfsolve.fair.layered`:

1. ``closures.closure_table``: for every row and present rank, the closure (deduplicated per
   row by the columns the rank fits: ranks fitting the same free cards share a closure).
2. ``support.reach_pass`` (top down): R, the (h, M) the start can reach; then
   ``support.support_pass`` (bottom up): S = R and "some order of M wins from h".
3. ``values.values_rows`` (or ``compact_values.values_rows`` in the smaller layouts; each
   module's ``wide_rows`` where the layer below has values past 32 bits), layer by layer from
   the bottom: the integers W on S only, packed row by row in the bit order of S.

Rule knowledge comes in only as ``fits[waste_rank, card_rank]``; ``col_ranks`` is as
:mod:`golfsolve.kernels.layout` has it. Whole-radix bitsets are rows of uint64 words, bit i of
word w standing for the multiset of index 64 w + i.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import golfsolve.kernels  # noqa: F401 (numba set up before a kernel here imports it)


def threads() -> int:
    """The threads numba's parallel kernels run on now."""
    from numba import get_num_threads

    return get_num_threads()


@contextlib.contextmanager
def using_threads(count: int) -> Iterator[None]:
    """numba's parallel kernels on ``count`` threads while the block runs, then as before."""
    from numba import get_num_threads, set_num_threads

    before = get_num_threads()
    set_num_threads(count)
    try:
        yield
    finally:
        set_num_threads(before)
