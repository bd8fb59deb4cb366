"""The closures of the fair value by layers: for every row of heights and unseen rank, the rows
removals reach from it with that rank on the waste (the closure table, built by ranges of rows
on several threads), the column sub-closures the table does not hold, the closure of any one
(row, waste) on demand, and the closure each legal action leads to."""

from __future__ import annotations

import numpy as np

from golfsolve.fair.memory import CLOSURE_THREADS
from golfsolve.fair.threads import by_ranges
from golfsolve.model.actions import DRAW, Action


class Closures:
    """Every row's closures (see :func:`golfsolve.fair.kernels.closures.closure_table`), and the
    closure of any one (row, waste) on demand. With ``forced`` (rules that draw only when
    nothing fits) a closure holds only the rows where a draw can come."""

    def __init__(self, col_ranks, fits, h0, stride, ranks, threads: int = 1,
                 forced: bool = False):
        from golfsolve.fair.kernels.closures import top_cards

        self.col_ranks, self.fits, self.h0, self.stride = col_ranks, fits, h0, stride
        self.forced = forced
        self.tops = top_cards(col_ranks, h0, stride, int(np.prod(h0 + 1)))
        self.table = closure_tables(self.tops, fits, stride, ranks, threads, forced)
        self._marks = None

    @property
    def nbytes(self) -> int:
        return self.tops.nbytes + sum(a.nbytes for a in self.table)

    def of(self, row: int, waste: int) -> tuple[list[int], bool]:
        """The rows removal-reachable from (row, waste), the row first (where a draw can come
        there: :attr:`forced`), and whether they hold the empty tableau."""
        from golfsolve.fair.kernels.closures import closure_of

        if self._marks is None:
            nrows = self.table[4].shape[0]
            self._marks = [np.zeros((nrows, 14), dtype=np.int32),
                           np.zeros(nrows, dtype=np.int32), np.empty(nrows, dtype=np.int64), 0]
        stamp, seen, out, tag = self._marks
        self._marks[3] = tag = tag + 1
        n, won = closure_of(self.tops, self.fits, self.stride, row, waste, stamp, seen, tag,
                            out, self.forced)
        return [int(m) for m in out[:n]], bool(won)

    def drop_marks(self) -> None:
        """Give back the marks :meth:`of` keeps between calls (made again when next asked)."""
        self._marks = None


def closure_tables(tops, fits, stride, ranks, threads: int, forced: bool = False) -> tuple:
    """:func:`golfsolve.fair.kernels.closures.closure_table` of every row (``forced`` as it
    takes it), its ranges computed by up to ``threads`` threads at once and joined, ids and
    offsets shifted."""
    from golfsolve.fair.kernels.closures import SELF, closure_table

    tables = by_ranges(lambda lo, hi: closure_table(tops, fits, stride, ranks, lo, hi, forced),
                        tops.shape[1], max(1, min(threads, CLOSURE_THREADS)))
    if len(tables) == 1:
        return _narrow(*tables[0])
    cl_starts, wins, mem_starts, members, rank_cls = [], [], [], [], []
    closures = entries = 0
    for cl_start, cl_win, mem_start, part_members, rank_cl in tables:
        cl_starts.append(cl_start[:-1] + closures)
        mem_starts.append(mem_start[:-1] + entries)
        rank_cls.append(np.where(rank_cl == SELF, rank_cl, rank_cl + closures).astype(np.int32))
        wins.append(cl_win)
        members.append(part_members)
        closures += cl_win.size
        entries += part_members.size
    return _narrow(np.concatenate([*cl_starts, [closures]]), np.concatenate(wins),
                   np.concatenate([*mem_starts, [entries]]), np.concatenate(members),
                   np.concatenate(rank_cls))


def loose_tables(closures: Closures, fits, rank_j, threads: int) -> tuple:
    """:func:`golfsolve.fair.kernels.closures.loose_columns` of every row, its ranges computed
    by ``threads`` threads at once and joined, offsets shifted."""
    from golfsolve.fair.kernels.closures import loose_columns

    _, _, mem_start, members, rank_cl = closures.table
    tables = by_ranges(lambda lo, hi: loose_columns(closures.tops, fits, closures.stride,
                                                     rank_j, rank_cl, mem_start, members, lo,
                                                     hi, closures.forced),
                        closures.tops.shape[1], threads)
    starts, rows = [], []
    total = 0
    for start, part_rows in tables:
        if total + part_rows.size >= 1 << 31:
            raise ValueError("more loose column rows than 32-bit offsets hold")
        starts.append(start[:-1] + np.int32(total))
        rows.append(part_rows)
        total += part_rows.size
    return np.concatenate([*starts, np.array([total], dtype=np.int32)]), np.concatenate(rows)


def _narrow(cl_start, cl_win, mem_start, members, rank_cl) -> tuple:
    """The closure table with its members' offsets in 32 bits (they are read all through
    the values)."""
    if mem_start[-1] >= 1 << 31:
        raise ValueError("more closure members than 32-bit offsets hold")
    return cl_start, cl_win, mem_start.astype(np.int32), members, rank_cl


def action_closures(closures: Closures, heights, waste_rank: int, row: int,
                    unseen_count: int) -> dict:
    """Each legal action -> the closure it leads to (rows, won); a draw stays on the row (and
    is legal, where the closures are :attr:`Closures.forced`, only when nothing fits)."""
    from golfsolve.fair.kernels.closures import removals

    starts: dict[Action, tuple[list[int], bool]] = {}
    heights = np.ascontiguousarray(heights, dtype=np.int64)
    if heights.any():
        for c, card in zip(*removals(closures.col_ranks, closures.fits, heights, waste_rank),
                           strict=True):
            starts[Action(int(c) + 1)] = closures.of(row - int(closures.stride[c]), int(card))
        if unseen_count and not (closures.forced and starts):
            starts[DRAW] = ([row], False)
    return starts
