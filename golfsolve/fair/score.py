"""The score's value: the expected final score of play that maximises it, for a player who
cannot see the stock, of a position and of each of its legal actions. What a hint offers once
no move can win any more: the fair value is then 0 for every move, and the score is what is
left to play for.

Exact, in integers (orders of the unseen ranks, as the fair value counts them), over every
(heights, unseen multiset) pair below the position: dense, so within :data:`MOST_CELLS` pairs
(about two seconds) and :data:`MOST_BYTES` for two layers of them (a game's later positions;
a deal's first card has billions), both reckoned before anything large is allocated. The
kernel is :mod:`golfsolve.fair.kernels.score`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from golfsolve.model.actions import Action

MOST_CELLS = 100_000_000  # (heights, multiset) pairs: some 50 million a second
MOST_BYTES = 256 << 20  # the two layers held at once


@dataclass(frozen=True)
class ScoreValue:
    """The expected final score of best play for the score: ``value`` where the position
    stands, ``actions`` each legal action's (Fractions of points)."""

    value: Fraction
    actions: dict[Action, Fraction]


def cells(heights, unseen) -> int:
    """The (heights, multiset) pairs the score's value of a position holds."""
    return int(np.prod(np.asarray(heights, dtype=np.int64) + 1)) * int(
        np.prod(np.asarray(unseen[1:], dtype=np.int64) + 1))


def within_reach(heights, unseen) -> bool:
    """Whether the score's value of a position (its heights, its unseen ranks' counts) is
    computed: at most :data:`MOST_CELLS` pairs, its two widest layers at most
    :data:`MOST_BYTES`."""
    from golfsolve.fair.multisets import layers_of

    return cells(heights, unseen) <= MOST_CELLS and _layers_fit(
        heights, layers_of(np.asarray(unseen, dtype=np.int64)))


def _layers_fit(heights, layers) -> bool:
    """Whether the two widest of ``layers``, over every row of ``heights``, hold at most
    :data:`MOST_BYTES`."""
    widest = max((layers.width(k) + layers.width(k - 1) for k in range(1, layers.size + 1)),
                 default=1)
    return int(np.prod(np.asarray(heights, dtype=np.int64) + 1)) * widest * 8 <= MOST_BYTES


def score_value(col_ranks, heights, waste_rank: int, unseen, fits, forced: bool = False,
                ) -> ScoreValue | None:
    """The score's value of a position (as :func:`golfsolve.fair.layered.stock_fair` takes
    it: its whole stock unseen) and of each legal action; None where it holds more than
    :data:`MOST_CELLS` pairs or its two widest layers more than :data:`MOST_BYTES`.
    ``forced``: a draw only when nothing fits (strict rules)."""
    from golfsolve.fair.closures import Closures, action_closures
    from golfsolve.fair.kernels.closures import row_heights, row_strides
    from golfsolve.fair.kernels.score import score_layer
    from golfsolve.fair.multisets import layers_of
    from golfsolve.model.position import TABLEAU_SIZE
    from golfsolve.model.scoring import WIN_SCORE, best_score

    col_ranks = np.ascontiguousarray(col_ranks, dtype=np.int64)
    h0 = np.ascontiguousarray(heights, dtype=np.int64)
    fits = np.ascontiguousarray(fits, dtype=np.bool_)
    unseen = np.ascontiguousarray(unseen, dtype=np.int64)
    if cells(h0, unseen) > MOST_CELLS:
        return None
    layers = layers_of(unseen)
    if not _layers_fit(h0, layers):
        return None
    nrows, stride = row_strides(h0)
    closures = Closures(col_ranks, fits, h0, stride, layers.ranks, 1, forced)
    _, cl_win, mem_start, members, rank_cl = closures.table
    final = np.array([best_score(r) for r in range(TABLEAU_SIZE + 1)], dtype=np.int64)
    removed = TABLEAU_SIZE - row_heights(h0, stride, nrows).sum(axis=1)  # each row's
    layer = final[removed].reshape(nrows, 1)  # the stock empty: the game's end there
    for k in range(1, layers.size + 1):
        out = np.empty((nrows, layers.width(k)), dtype=np.int64)
        score_layer(layer, layers.orders[k - 1], layers.down[k], rank_cl, cl_win, mem_start,
                    members, WIN_SCORE, out)
        layer = out
    orders = int(layers.orders[layers.size][0])
    root = nrows - 1

    def best(rows: list[int], won: bool) -> Fraction:
        top = WIN_SCORE * orders if won else max(int(layer[r, 0]) for r in rows)
        return Fraction(top, orders)

    actions = {action: best(*reached) for action, reached in
               action_closures(closures, h0, waste_rank, root, layers.size).items()}
    return ScoreValue(best(*closures.of(root, waste_rank)), actions)


def position_score(position, rules) -> ScoreValue | None:
    """:func:`score_value` of a Position whose stock is wholly unseen (as a player sees it)
    under ``rules`` (a Rules); None where it is out of reach."""
    from golfsolve.packing import position_arrays

    col_ranks, heights, waste_rank, _, unseen = position_arrays(position)
    return score_value(col_ranks, heights, waste_rank, unseen, rules.fits_table(),
                       not rules.draw_any_time)


def warm() -> None:
    """The kernel compiled, or loaded from the cache (compiling.SCORE): deal 1's tableau cut
    to a few cards under three unseen cards."""
    from golfsolve.model.deal import Deal
    from golfsolve.model.rules import EASY
    from golfsolve.packing import pack_columns

    start = Deal.from_number(1).position()
    unseen = np.zeros(14, dtype=np.int64)
    unseen[[2, 7, 9]] = 1
    score_value(pack_columns(start), [1, 1, 0, 0, 0, 0, 1], start.waste.rank, unseen,
                EASY.fits_table())
