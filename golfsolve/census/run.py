"""Running a census: its deals in blocks on a runner (worker processes, this process or a Dask
cluster), each block's bits written as soon as every block before it is, so that memory stays
constant however many deals it covers and a stop loses nothing written."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from golfsolve.census.files import CensusFiles
from golfsolve.census.unit import Block, Verdicts
from golfsolve.interrupts import check, deferred

BLOCK_DEALS = 2048  # deals a task at most: a multiple of 8 (whole bytes), a few seconds of work
BLOCKS_A_WORKER = 8  # at least, where the census is small: every worker busy to the end
TASKS_AHEAD = 2  # blocks in flight a worker (at most this many blocks wait to be written)


def block_size(deals: int, workers: int) -> int:
    """Deals a block: BLOCK_DEALS, or fewer (a multiple of 8) where that would leave a worker
    fewer than BLOCKS_A_WORKER blocks."""
    share = deals // (max(1, workers) * BLOCKS_A_WORKER)
    return max(8, min(BLOCK_DEALS, share // 8 * 8))


@dataclass(frozen=True)
class CensusNews:
    """How far a run has got: deals done of the census, and of this run."""

    done: int
    total: int
    this_run: int
    seconds: float


def run_census(census: CensusFiles, runner, workers: int,
               progress: Callable[[CensusNews], None] | None = None) -> int:
    """Solve the deals ``census`` has not done yet on ``runner`` (a runners protocol object),
    writing each block as soon as every block before it is written; the deals solved in this
    run. A stop signal ends it between two blocks written; what was written stays."""
    manifest = census.manifest
    span, names = manifest.span, tuple(r.name for r in manifest.rules)
    began = time.monotonic()
    last_saved = began
    next_first = span.first + manifest.progress.done
    solved = 0
    waiting: dict[int, tuple[int, Verdicts]] = {}  # finished blocks (deals, verdicts), by
    # first deal, until their turn
    write_at = next_first
    window = max(1, workers) * TASKS_AHEAD
    block_deals = block_size(span.size - manifest.progress.done, workers)
    task_ids = iter(range(1 << 62))
    blocks: dict[int, tuple[int, int]] = {}  # a task's block: (first deal, deals)

    def submit() -> None:
        nonlocal next_first
        count = min(block_deals, span.last - next_first + 1)
        task = next(task_ids)
        blocks[task] = next_first, count
        runner.submit(task, Block(span.kind, next_first, count, names))
        next_first += count

    def collect() -> None:
        nonlocal write_at, solved, last_saved
        task, verdicts = runner.next_result()
        first, count = blocks.pop(task)
        waiting[first] = count, verdicts
        while write_at in waiting:
            count, ready = waiting.pop(write_at)
            now = time.monotonic()
            census.append(ready.bits, count, ready.won, now - last_saved)
            last_saved = now
            write_at += count
            solved += count
            if progress is not None:
                progress(CensusNews(census.manifest.progress.done, span.size, solved,
                                    now - began))

    try:
        with deferred():
            while next_first <= span.last or runner.outstanding:
                while next_first <= span.last and runner.outstanding < window:
                    submit()
                collect()
                check()
    finally:
        try:
            census.add_seconds(time.monotonic() - last_saved)
        except OSError:
            pass  # the error that ended the run is the one to report
    return solved
