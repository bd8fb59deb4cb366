"""Deals, positions and games as the kernels' arrays, and the kernels' lines back as actions:
the only module outside ``kernels/`` that knows their encoding (see
:mod:`golfsolve.kernels.layout`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import numpy as np

from golfsolve.kernels.layout import (
    COL_RANKS_SIZE,
    COLUMN_STRIDE,
    COLUMNS,
    ROWS,
    START_STOCK,
)
from golfsolve.model.actions import DRAW, Action

if TYPE_CHECKING:
    from golfsolve.model.game import Game
    from golfsolve.model.position import Position

# a path's step -> its action: a column index 0-6 the removal from that column, a draw else
_REMOVALS = tuple(Action(c + 1) for c in range(COLUMNS))


def pack_columns(position: Position) -> np.ndarray:
    """col_ranks[c * 8 + h] = rank of column c's free card at height h (0: no card)."""
    col_ranks = np.zeros(COL_RANKS_SIZE, dtype=np.int64)
    for c, column in enumerate(position.columns):
        for h, card in enumerate(column, 1):
            col_ranks[c * COLUMN_STRIDE + h] = card.rank
    return col_ranks


def pack_position(position: Position) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' arrays of a position with a known stock: column ranks, stock ranks."""
    if position.unknown_slots:
        raise ValueError("a position with unknown stock cards cannot be solved")
    stock_ranks = np.array([card.rank for card in position.stock], dtype=np.int64)
    return pack_columns(position), stock_ranks


def start_array(heights: Sequence[int], stock_index: int, waste_rank: int) -> np.ndarray:
    """Where a search starts: the 7 heights, the stock index (cards drawn), the waste rank."""
    return np.array([*heights, stock_index, waste_rank], dtype=np.int64)


def kernel_inputs(game: Game) -> tuple[np.ndarray, ...]:
    """What the search kernels read about ``game``: its arrays, the rule table, where it
    stands."""
    start = start_array(game.heights, game.stock_pos, game.waste.rank)
    return (*pack_position(game.start), game.rules.fits_table(), start)


def start_after(col_ranks: np.ndarray, heights: Sequence[int], action: Action,
                stock: Sequence[int]) -> np.ndarray:
    """The start after one action from a position with no card drawn yet: a draw turns
    ``stock[0]`` over; a removal puts that column's free card on the waste."""
    heights = list(heights)
    if action.is_draw:
        return start_array(heights, 1, stock[0])
    c = action.column - 1
    waste = col_ranks[c * COLUMN_STRIDE + heights[c]]
    heights[c] -= 1
    return start_array(heights, 0, waste)


def line_actions(path: Sequence[int]) -> list[Action]:
    """A kernel's path (last step first: a column index, or a negative number for a draw) as
    actions in playing order."""
    return [DRAW if step < 0 else _REMOVALS[step] for step in reversed(path)]


def stock_left(stock_ranks: np.ndarray, start: np.ndarray) -> int:
    """The stock cards not yet drawn at ``start``."""
    return len(stock_ranks) - int(start[START_STOCK])


def dealt_arrays(numbers: list[int]) -> Iterator[tuple[np.ndarray, np.ndarray, int]]:
    """(col_ranks, stock_ranks, waste rank) of each PySolFC deal number (Python ints, past
    2**63 - 1 too), dealt in one call of the compiled dealer."""
    if not numbers:
        return
    from golfsolve.kernels.dealer import deal_array

    yield from row_arrays(deal_array(numbers))


def solvitaire_arrays(seeds: list[int]) -> Iterator[tuple[np.ndarray, np.ndarray, int]]:
    """(col_ranks, stock_ranks, waste rank) of each of Solvitaire's seeds, dealt in one call
    of its compiled dealer."""
    if not seeds:
        return
    from golfsolve.kernels.solvitaire import deal_seeds

    yield from row_arrays(deal_seeds(seeds))


def row_arrays(rows: np.ndarray) -> Iterator[tuple[np.ndarray, np.ndarray, int]]:
    """(col_ranks, stock_ranks, waste rank) of each of a dealer's rows (52 card indices: the
    16 stock cards, the waste, then column by column)."""
    ranks = rows.astype(np.int64) % 13 + 1
    for row in ranks:
        col_ranks = np.zeros(COL_RANKS_SIZE, dtype=np.int64)
        for c in range(COLUMNS):
            first = 17 + ROWS * c
            col_ranks[c * COLUMN_STRIDE + 1:c * COLUMN_STRIDE + 1 + ROWS] = \
                row[first:first + ROWS]
        yield col_ranks, row[:16].copy(), int(row[16])


def position_arrays(position: Position):
    """(col_ranks, heights, waste_rank, stock, unseen) of a Position, as the fair value reads
    them: its unknown stock slots 0, the ranks of its unseen cards counted."""
    stock = np.array([0 if c is None else c.rank for c in position.stock], dtype=np.int64)
    unseen = np.zeros(14, dtype=np.int64)
    for card in position.unseen:
        unseen[card.rank] += 1
    heights = np.array(position.heights, dtype=np.int64)
    return pack_columns(position), heights, int(position.waste.rank), stock, unseen


def game_fair_arrays(game: Game, hidden=None):
    """(col_ranks, heights, waste_rank, stock, unseen) of where a Game stands, its stock left
    unseen (or the slots ``hidden``, indices into the stock left, and those it has not seen);
    the columns are the start's, which the heights cut."""
    stock = np.array([0 if c is None else c.rank for c in game.stock[game.stock_pos:]],
                     dtype=np.int64)
    unseen = np.zeros(14, dtype=np.int64)
    for card in game.unseen_cards():
        unseen[card.rank] += 1
    for i in range(len(stock)) if hidden is None else hidden:
        if stock[i]:
            unseen[stock[i]] += 1
            stock[i] = 0
    heights = np.array(game.heights, dtype=np.int64)
    return pack_columns(game.start), heights, int(game.waste.rank), stock, unseen
