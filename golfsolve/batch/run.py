"""Running a batch: a deal list in, result rows out in deal order, in constant memory.

Deals are taken from the list in blocks. A block's stored rows come from the database in one
lookup; what is missing goes out in units of work, to this process, to local worker processes
or to a Dask cluster, never more than a small window at a time. Each finished unit is stored at
once; each block, once all of it is known, is written and counted, in the order of the list.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import count
from typing import Protocol

from golfsolve.batch.deals import (
    DealItem,
    DealList,
    NumberedDeals,
    keyed_seed,
    number_item,
    solvitaire_item,
)
from golfsolve.batch.rows import ODDS_FIELDS, RowWriter
from golfsolve.batch.store import ResultStore
from golfsolve.batch.tally import MAX_LISTED_BUGS, BatchTally
from golfsolve.batch.unit import Work, solve_unit
from golfsolve.interrupts import check, deferred
from golfsolve.model.codes import MAX_DEAL
from golfsolve.model.position import Position
from golfsolve.model.rules import Rules
from golfsolve.runners import DaskRunner, InlineRunner, WorkerPool

BLOCK = 512  # deals looked up in the database at once
SPAN = 1 << 15  # deals first checked whole: all stored, or (not solving) none
MAX_UNIT = 32  # deals in one unit of work
WINDOW_PER_JOB = 4  # units out at a time, per worker
HELD_BLOCKS = 8  # blocks waiting for a slow unit before the next ones are taken
SOLUTION_ONLY = Work()  # each (deal, rules) gets its solution, and no odds


class Progress(Protocol):
    """What a batch tells of its progress (the command line's progress bar is one)."""

    def update(self, rows: list[dict], deals: int) -> None:
        """Rows of ``deals`` deals solved now."""

    def skip(self, rows: list[dict], deals: int) -> None:
        """Rows of ``deals`` deals found stored."""

    def skip_counts(self, counts: list[tuple], deals: int) -> None:
        """A span of ``deals`` deals found stored, counted by the database."""


def unit_size(total: int | None, jobs: int) -> int:
    """Deals in a unit: enough units for every worker to have several, at most MAX_UNIT."""
    if total is None:
        return MAX_UNIT
    return max(1, min(MAX_UNIT, total // (jobs * WINDOW_PER_JOB)))


# ----- a whole batch ---------------------------------------------------------------------------
@dataclass
class BatchReport:
    tally: BatchTally
    solved: int  # (deal, rules) pairs solved by this run
    stored: int  # (deal, rules) pairs found in the database
    repeated: int  # deals named more than once (each taken once)
    missing: int  # deals of the list with nothing stored, when not solving
    completed: int = 0  # pairs found in the database without the odds asked, given them now
    fair_left_out: int = 0  # pairs solved now whose fair value needed more than the memory
    fair_most_needed: int = 0  # the bytes the largest of those needed


class _Block:
    """Up to BLOCK deals of the list: the rows known so far, the units of work still out for
    each deal, and how many of its deals, from the first, have gone to the sinks."""

    __slots__ = ("emitted", "items", "lacking", "out", "rows", "stored")

    def __init__(self, items: list[DealItem], stored: dict) -> None:
        self.items = items
        self.rows = stored
        self.stored: set[tuple[str, str]] = set()  # pairs needing nothing more (set when sent)
        # pairs found stored without what the run asks (its odds), not yet given them
        self.lacking: set[tuple[str, str]] = set()
        self.out: dict[str, int] = {}  # units of work still out, by deal key
        self.emitted = 0

    def ready(self) -> int:
        """How many deals, from the first, have every row known (those emitted included)."""
        done = self.emitted
        while done < len(self.items) and not self.out.get(self.items[done].key):
            done += 1
        return done

    def boards(self) -> dict[str, str]:
        """The board text of each board-file deal of the block, by key."""
        return {item.key: item.board for item in self.items if item.board}


@dataclass(frozen=True)
class _StoredSpan:
    """Deals first..last, all of whose rows are in the database."""

    first: int
    last: int


@dataclass(frozen=True)
class _UnstoredSpan:
    """Deals first..last, none of whose rows are in the database (not solving: passed over)."""

    first: int
    last: int


def _blocks(deals: DealList, store: ResultStore | None, names: list[str], solve: bool,
            odds: bool = False, fair: bool = False
            ) -> Iterator[_Block | _StoredSpan | _UnstoredSpan]:
    """The list in blocks, in order; a span of SPAN numbers all stored is one _StoredSpan.
    Not solving, a span with nothing stored is passed over to the next stored number, as one
    _UnstoredSpan."""
    boards: list[DealItem] = []

    def board_block() -> _Block:
        stored = store.lookup(None, None, [i.key for i in boards], names) if store else {}
        return _Block(list(boards), stored)

    for run in deals.runs():
        if isinstance(run, DealItem):
            boards.append(run)
            if len(boards) == BLOCK:
                yield board_block()
                boards.clear()
            continue
        if boards:
            yield board_block()
            boards.clear()
        first, last = run
        while first <= last:
            end = min(last, first + SPAN - 1)
            if store is not None:
                stored = store.count(first, end, names, odds and solve, fair and solve)
                if stored == (end - first + 1) * len(names):
                    yield _StoredSpan(first, end)
                    first = end + 1
                    continue
                if stored == 0 and not solve:
                    following = store.next_number(end + 1)
                    after = min(following, last + 1) if following is not None else last + 1
                    yield _UnstoredSpan(first, after - 1)
                    first = after
                    continue
            for start in range(first, end + 1, BLOCK):
                stop = min(end, start + BLOCK - 1)
                rows = store.lookup(start, stop, [], names) if store is not None else {}
                yield _Block([number_item(n) for n in range(start, stop + 1)], rows)
            first = end + 1
    if boards:
        yield board_block()


class _Sinks:
    """Where the rows of the list go, in order: the tally, the row file, the progress bar."""

    def __init__(self, tally: BatchTally, writer: RowWriter | None, progress: Progress | None,
                 store: ResultStore | None, names: list[str]) -> None:
        self.tally, self.writer, self.progress = tally, writer, progress
        self.store, self.names = store, names
        self.missing = 0
        self.numbered = NumberedDeals()

    def deal_of(self, boards: dict[str, str]) -> Callable[[dict], Position | None]:
        """The deal (or position) of a row: dealt from its number or Solvitaire's seed, or
        its board from ``boards`` or the database (None when no board was kept)."""
        dealt: dict[str, Position] = {}  # a deal's rows under several rules: dealt once

        def deal(row: dict) -> Position | None:
            seed = keyed_seed(row["key"])
            if row["number"] is not None or seed is not None:
                if row["key"] not in dealt:
                    dealt[row["key"]] = (self.numbered(row["number"]).position()
                                         if seed is None else solvitaire_item(seed).position())
                return dealt[row["key"]]
            board = boards.get(row["key"]) or (self.store.board(row["key"]) if self.store
                                               else None)
            return Position.from_board(board) if board else None
        return deal

    def block(self, block: _Block, start: int, stop: int) -> None:
        """Deals start..stop - 1 of the block, whose rows are all known, in order."""
        rows, solved_rows, stored_rows = [], [], []
        solved_deals = stored_deals = 0
        for item in block.items[start:stop]:
            group = [block.rows[item.key, name] for name in self.names
                     if (item.key, name) in block.rows]
            if not group:
                self.missing += 1
                continue
            rows += group
            self.tally.add_deal(group)
            if all((item.key, name) in block.stored for name in self.names):
                stored_rows += group
                stored_deals += 1
            else:
                solved_rows += group
                solved_deals += 1
        if self.writer is not None and rows:
            self.writer.write(rows, self.deal_of(block.boards()))
        if self.progress is not None:
            self.progress.skip(stored_rows, stored_deals)
            self.progress.update(solved_rows, solved_deals)

    def stored_span(self, span: _StoredSpan) -> None:
        deals = span.last - span.first + 1
        if self.writer is None:  # counted by the database, not row by row
            counts = self.store.span_counts(span.first, span.last, self.names)
            self.tally.add_counts(counts)
            for pair in self.tally.pairs:
                pair_counts, odd = self.store.span_pairs(span.first, span.last, pair.easier,
                                                         pair.stricter, MAX_LISTED_BUGS)
                pair.add_counts(pair_counts, [f"deal {n}" for n in odd])
            if self.progress is not None:
                self.progress.skip_counts(counts, deals)
            return
        self.groups(self.store.span_rows(span.first, span.last, self.names))

    def groups(self, groups: Iterable[list[dict]]) -> int:
        """Stored rows, a deal at a time; how many rows there were."""
        pending: list[dict] = []
        deals = rows = 0
        for group in groups:
            self.tally.add_deal(group)
            pending += group
            deals += 1
            rows += len(group)
            if len(pending) >= BLOCK:
                self._stored(pending, deals)
                pending, deals = [], 0
        if pending:
            self._stored(pending, deals)
        return rows

    def _stored(self, rows: list[dict], deals: int) -> None:
        if self.writer is not None:
            self.writer.write(rows, self.deal_of({}))
        if self.progress is not None:
            self.progress.skip(rows, deals)


@dataclass(frozen=True)
class BatchOptions:
    """What a batch is asked, as one value: the rule sets, the local worker processes, what
    each (deal, rules) gets, and whether the rule sets are compared in pairs."""

    rules: tuple[Rules, ...]
    jobs: int = 1
    work: Work = SOLUTION_ONLY
    pairs: bool = False


def solve_deals(deals: DealList, options: BatchOptions, *, dask: DaskRunner | None = None,
                store: ResultStore | None = None, writer: RowWriter | None = None,
                progress: Progress | None = None) -> BatchReport:
    """Solve every (deal, rules) of the list not yet in ``store`` (on ``dask`` when given, else
    on ``options.jobs`` local workers), and store, write and count the rows of every deal of
    the list, in order: ``batch`` and ``compare`` with DEALS."""
    return run_batch(deals, list(options.rules), jobs=options.jobs, dask=dask, store=store,
                     work=options.work, writer=writer, progress=progress, pairs=options.pairs,
                     solve=True)


def report_stored(deals: DealList | None, options: BatchOptions, store: ResultStore, *,
                  writer: RowWriter | None = None,
                  progress: Progress | None = None) -> BatchReport:
    """Write and count the stored rows of the list (with no list, every stored row), solving
    nothing: ``batch`` and ``compare`` with ``--db`` alone."""
    return run_batch(deals, list(options.rules), store=store, writer=writer, progress=progress,
                     pairs=options.pairs, solve=False)


def export_rows(deals: DealList | None, rules: list[Rules], store: ResultStore,
                writer: RowWriter) -> BatchReport:
    """Write the stored rows of the list (with no list, every stored row) to ``writer``."""
    return run_batch(deals, rules, store=store, writer=writer, solve=False)


def run_batch(deals: DealList | None, rules: list[Rules], *, jobs: int = 1,
              dask: DaskRunner | None = None, store: ResultStore | None = None,
              work: Work = SOLUTION_ONLY, writer: RowWriter | None = None,
              progress: Progress | None = None, pairs: bool = False,
              solve: bool = True) -> BatchReport:
    """Solve every (deal, rules) of the list not yet in ``store``, and store, write and count
    the rows of every deal of the list, in order. With ``solve`` false nothing is solved: the
    stored rows of the list (or, with no list, every stored row) are written and counted."""
    names = [r.name for r in rules]
    tally = BatchTally(names, pairs)
    sinks = _Sinks(tally, writer, progress, store, names)
    counts = {"solved": 0, "stored": 0, "completed": 0, "fair_left_out": 0,
              "fair_most_needed": 0}
    if deals is None:  # every stored deal: the numbered ones, then the others by key
        assert store is not None and not solve
        deals = DealList([f"1-{MAX_DEAL}"])
        _run_blocks(_blocks(deals, store, names, False), sinks, None, 1, counts, work)
        counts["stored"] += sinks.groups(store.board_rows(names))
        return BatchReport(tally, 0, counts["stored"], 0, 0)
    total = deals.total
    size = unit_size(total, jobs)
    if total is not None:
        jobs = min(jobs, -(-total // size))  # no worker without a unit of work
    if not solve:
        runner = None
    elif dask is not None:
        runner = dask
    elif jobs <= 1 or (total is not None and total <= size):
        runner, jobs = InlineRunner(solve_unit), 1
    else:
        runner = WorkerPool(jobs, solve_unit)
    window = 64 if dask is not None else max(2, jobs * WINDOW_PER_JOB)
    try:
        blocks = _blocks(deals, store, names, solve, work.odds_samples > 0,
                         work.fair_budget > 0)
        _run_blocks(blocks, sinks, runner, window, counts, work, size)
    finally:
        if runner is not None:
            runner.close()
    return BatchReport(tally, counts["solved"] - counts["completed"], counts["stored"],
                       deals.repeated, sinks.missing, counts["completed"],
                       counts["fair_left_out"], counts["fair_most_needed"])


def _run_blocks(blocks: Iterator[_Block | _StoredSpan | _UnstoredSpan], sinks: _Sinks, runner,
                window: int, counts: dict, work: Work, size: int = MAX_UNIT) -> None:
    """Send the missing work of each block out, and the deals of each block to the sinks in
    order, each as soon as it and every deal before it are known (a row file and the progress
    bar move deal by deal, not block by block)."""
    waiting: deque[_Block | _StoredSpan] = deque()
    owner: dict[int, tuple[_Block, list[str]]] = {}  # a unit's block and deal keys
    task_ids = count()

    def emit_ready() -> None:
        while waiting:
            block = waiting[0]
            if isinstance(block, _StoredSpan):
                sinks.stored_span(waiting.popleft())
                continue
            ready = block.ready()
            if ready > block.emitted:
                sinks.block(block, block.emitted, ready)
                block.emitted = ready
            if ready < len(block.items):
                return
            waiting.popleft()

    def send(block: _Block, unit: list, unit_work: Work) -> None:
        task_id = next(task_ids)
        keys = [item.key for item, _ in unit]
        owner[task_id] = (block, keys)
        for key in keys:
            block.out[key] = block.out.get(key, 0) + 1
        runner.submit(task_id, (unit, unit_work))

    # (block, item, rules name) whose fair value needs more memory than a worker's share
    # but fits in the batch's: each waits for the others to finish, then runs alone
    set_aside: deque[tuple[_Block, DealItem, str]] = deque()
    alone = [False]

    def collect() -> None:
        task_id, rows = runner.next_result()
        block, keys = owner.pop(task_id)
        for i, row in enumerate(rows):
            if work.sets_aside(row):
                item = next(item for item in block.items if item.key == row["key"])
                set_aside.append((block, item, row["rules"]))
                block.out[row["key"]] += 1  # its row is kept until its fair value is known
            elif row.get("fair_needs") is not None:  # more than the memory: left out
                counts["fair_left_out"] += 1
                counts["fair_most_needed"] = max(counts["fair_most_needed"], row["fair_needs"])
            row.pop("fair_needs", None)
            stored = block.rows.get((row["key"], row["rules"]))
            if stored is not None:  # solved before: its odds are new
                rows[i] = {**stored, **{field: row[field] for field in ODDS_FIELDS}}
            if (row["key"], row["rules"]) in block.lacking:
                block.lacking.discard((row["key"], row["rules"]))  # (counted once)
                counts["completed"] += 1
        if sinks.store is not None:
            sinks.store.add(rows, block.boards())
        counts["solved"] += len(rows)
        for key in keys:
            block.out[key] -= 1
        for row in rows:
            block.rows[row["key"], row["rules"]] = row
        if set_aside and not alone[0]:
            run_alone()
        emit_ready()

    def run_alone() -> None:
        """Let the work out finish, then compute each set-aside fair value on its own."""
        alone[0] = True
        try:
            while set_aside:
                while runner.outstanding:
                    collect()
                block, item, name = set_aside.popleft()
                block.out[item.key] -= 1  # send counts it again
                counts["solved"] -= 1  # the same pair, counted once
                send(block, [(item, ((name, False),))], work.alone())
                collect()
        finally:
            alone[0] = False

    with deferred():
        for block in blocks:
            if isinstance(block, _UnstoredSpan):
                sinks.missing += block.last - block.first + 1
                continue
            waiting.append(block)
            if isinstance(block, _StoredSpan):
                counts["stored"] += (block.last - block.first + 1) * len(sinks.names)
            else:
                block.stored = {pair for pair, row in block.rows.items() if not work.missing(row)}
                block.lacking = set(block.rows) - block.stored
                counts["stored"] += len(block.stored)
                pending = [(item, wanted) for item in block.items if (wanted := tuple(
                    (name, (item.key, name) not in block.rows) for name in sinks.names
                    if work.missing(block.rows.get((item.key, name)))))]
                for first in range(0, len(pending) if runner else 0, size):
                    while runner.outstanding >= window:
                        collect()
                    send(block, pending[first:first + size], work)
            emit_ready()
            while len(waiting) > HELD_BLOCKS:
                collect()
            check()
        while runner is not None and runner.outstanding:
            collect()
        emit_ready()
