"""The fair value by layers on several threads: a pass over rows cut into ranges, each range
a kernel call that holds no lock; the values' parts taken as the threads come free."""

from __future__ import annotations

import queue
from concurrent import futures

import numpy as np

PARTS = 4  # parts of a range of rows for each thread, taken as the threads come free
SHRINK = 0.75  # each part's entries against the one before's


def by_ranges(kernel, nrows: int, threads: int) -> list:
    """``kernel(lo, hi)`` over rows 0 .. nrows - 1 cut into ranges (four a thread where there
    are several threads, else one), ``threads`` at once, the results in row order."""
    cuts = np.linspace(0, nrows, 4 * threads + 1 if threads > 1 else 2).astype(np.int64)
    with futures.ThreadPoolExecutor(threads) as pool:
        return list(pool.map(kernel, cuts[:-1].tolist(), cuts[1:].tolist()))


def run_parts(pool, kernel, args, outputs, cuts: np.ndarray, tasks: int) -> None:
    """``kernel(*args, task, lo, hi, *outputs)`` for each part lo .. hi - 1 of ``cuts``, in
    ``tasks`` tasks on ``pool``'s threads, each taking the next part left as it finishes one
    (parts cost unlike amounts, which no cut foresees exactly); stops taking parts at the
    first error or interrupt, and returns when every part taken is done."""
    left: queue.SimpleQueue = queue.SimpleQueue()
    for i in range(cuts.shape[0] - 1):
        left.put((int(cuts[i]), int(cuts[i + 1])))

    def task(t: int) -> None:
        while True:
            try:
                lo, hi = left.get_nowait()
            except queue.Empty:
                return
            kernel(*args, t, lo, hi, *outputs)

    running = [pool.submit(task, t) for t in range(tasks)]
    try:
        for done in running:
            done.result()
    finally:
        while not left.empty():  # an error or an interrupt: no part is begun past it
            try:
                left.get_nowait()
            except queue.Empty:
                break
        futures.wait(running)


def task_cuts(voff: np.ndarray, lo: int, hi: int, tasks: int) -> np.ndarray:
    """Rows lo .. hi - 1 cut into ``tasks`` runs, each of about SHRINK times the entries of
    the one before (``voff``: where each row's start), so that the runs taken last, as the
    threads finish, are short: the bounds, lo first and hi last."""
    span = voff[lo:hi + 1]
    shares = np.concatenate([[0.0], np.cumsum(SHRINK ** np.arange(tasks))])
    goals = span[0] + ((span[-1] - span[0]) * shares / shares[-1]).astype(np.int64)
    cuts = lo + np.searchsorted(span, goals).astype(np.int64)
    cuts[0], cuts[-1] = lo, hi
    return cuts
