"""Running a batch: a deal list in, result rows out in deal order, in constant memory.

Deals are taken from the list in blocks. A block's stored rows come from the database in one
lookup; what is missing goes out in units of work, to this process, to local worker processes
or to a Dask cluster, never more than a small window at a time. Each finished unit is stored at
once; each block, once all of it is known, is written and counted, in the order of the list.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import count

from golfsolve.batch.deals import DealItem, DealList, number_item
from golfsolve.batch.rows import ODDS_FIELDS, RowWriter, solution_row
from golfsolve.batch.store import ResultStore
from golfsolve.batch.tally import MAX_LISTED_BUGS, BatchTally
from golfsolve.cli.render.progress import Progress
from golfsolve.errors import InputError
from golfsolve.interrupts import check, deferred
from golfsolve.model.codes import MAX_NUMBER
from golfsolve.model.deal import Deal
from golfsolve.model.position import Position
from golfsolve.model.rules import STRICTNESS_ORDER, Rules, rules_by_name
from golfsolve.runners import InlineRunner, WorkerError, WorkerPool

STRICTNESS = {r.name: i for i, r in enumerate(STRICTNESS_ORDER)}
BLOCK = 512  # deals looked up in the database at once
SPAN = 1 << 15  # deals first checked whole: all stored, or (not solving) none
MAX_UNIT = 32  # deals in one unit of work
WINDOW_PER_JOB = 4  # units out at a time, per worker
HELD_BLOCKS = 8  # blocks waiting for a slow unit before the next ones are taken


@dataclass(frozen=True)
class Work:
    """What each (deal, rules) of a batch gets: a solution (with the fewest moves or not) and,
    with ``odds_samples``, its odds with the stock face down."""

    fewest_moves: bool = False
    odds_samples: int = 0  # 0: no odds
    odds_seed: int = 0
    fair_budget: int = 0  # expectimax states for the fair value; 0: none

    @property
    def odds(self) -> tuple[int, int] | None:
        return (self.odds_samples, self.odds_seed) if self.odds_samples else None

    def missing(self, row: dict | None) -> bool:
        return row is None or (self.odds_samples > 0 and row.get("odds_samples") is None)


def solve_unit(payload: tuple[list[tuple[DealItem, tuple[tuple[str, bool], ...]]], Work],
               ) -> list[dict]:
    """Solve each deal under the rule sets named with it (those marked True; the others are
    solved already and only want their odds): result rows. Runs in the workers.

    Numbered deals are dealt together by the compiled dealer and solved from plain arrays:
    no Deal, Game or Move objects unless odds are asked for. The strictest rules go first: a
    line that wins under them wins under the easier ones, which then need no search (their
    row says 0 states; with --fewest-moves each rule set is searched for its own)."""
    from golfsolve.odds import layout_odds
    from golfsolve.packing import dealt_arrays, pack_position, start_array
    from golfsolve.solver import Line, search_line

    pairs, work = payload
    arrays = dealt_arrays([item.number for item, _ in pairs if item.number is not None])
    rows = []
    for item, wanted in pairs:
        if item.number is not None:
            col_ranks, stock_ranks, waste = next(arrays)
            position, heights = None, [5] * 7
        else:
            position = item.position()
            col_ranks, stock_ranks = pack_position(position)
            waste, heights = position.waste.rank, position.heights
        start = start_array(heights, 0, waste)
        stricter_win = None  # a win under stricter rules is a win under easier ones
        for name, solve in sorted(wanted, key=lambda pair: -STRICTNESS[pair[0]]):
            rules = rules_by_name(name)
            row = {"key": item.key, "rules": name}
            if solve:
                if stricter_win is not None and not work.fewest_moves:
                    line = Line(True, stricter_win.max_removed, stricter_win.tokens, False, 0,
                                0.0)
                else:
                    line = search_line((col_ranks, stock_ranks, rules.fits_table(), start),
                                       work.fewest_moves)
                if line.winnable:
                    stricter_win = line
                row.update(solution_row(item.label, item.number, rules, line))
            if work.odds_samples:
                if position is None:
                    position = item.position()
                row.update(layout_odds(position, rules, work.odds_samples, work.odds_seed,
                                       work.fair_budget, item.key))
            rows.append(row)
    return rows


# ----- where the work is done ----------------------------------------------------------------
class DaskRunner:
    """Solves on a Dask distributed cluster. Connecting is the first thing it does, so that a
    scheduler that cannot be used is bad input, found before any file is touched."""

    POLL_SECONDS = 0.05
    CONNECT_SECONDS = 10

    def __init__(self, address: str, function: Callable) -> None:
        try:
            from dask.distributed import as_completed
        except ImportError:
            raise InputError("--dask needs Dask: pip install 'golfsolve[dask]'") from None
        # The client logs what golfsolve reports itself (a lost scheduler, a task moved on).
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
        self.client = _connect(address, self.CONNECT_SECONDS)
        if not self.client.scheduler_info().get("workers"):
            print(f"golfsolve: note: the Dask scheduler at {address} has no workers yet: the "
                  "work waits for one (Ctrl-C stops)", file=sys.stderr)
        self.function = function
        self._done = as_completed()
        self._ids: dict[str, int] = {}
        self._futures: dict[str, object] = {}

    @property
    def outstanding(self) -> int:
        return len(self._futures)

    def submit(self, task_id: int, payload: object) -> None:
        future = self.client.submit(self.function, payload, pure=False)
        self._ids[future.key] = task_id
        self._futures[future.key] = future
        self._done.add(future)

    def next_result(self) -> tuple[int, object]:
        while not self._done.has_ready():
            check()
            time.sleep(self.POLL_SECONDS)
        future = next(self._done)
        del self._futures[future.key]
        try:
            result = future.result()
        except Exception as exc:
            if "scheduler-connection-lost" in str(exc) or self.client.status != "running":
                raise WorkerError("lost the connection to the Dask scheduler") from None
            raise WorkerError(f"a Dask worker failed: {_first_line(exc)}") from None
        return self._ids.pop(future.key), result

    def close(self) -> None:
        """Cancel what is left and disconnect (again: nothing)."""
        if self._futures:
            self.client.cancel(list(self._futures.values()))
            self._futures.clear()
        self.client.close()


def _connect(address: str, seconds: int):
    """A Dask client connected to the scheduler at ``address``; InputError when none answers
    as one within about ``seconds`` (a port that accepts and never answers included)."""
    from dask.distributed import Client

    box: dict[str, object] = {}

    def connect() -> None:
        try:
            box["client"] = Client(address, timeout=f"{seconds}s")
        except Exception as exc:  # noqa: BLE001 (whatever the far end sends, one line)
            box["error"] = exc

    # in a thread of its own: the handshake with something that is no scheduler can wait
    # forever, and a daemon thread left waiting does not keep the process alive
    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    thread.join(seconds + 5)
    if thread.is_alive():
        raise InputError(f"no Dask scheduler answered at {address} within {seconds + 5} s "
                         "(is it a Dask scheduler's address?)")
    error = box.get("error")
    if error is not None:
        if isinstance(error, (OSError, TimeoutError, ValueError, TypeError)):
            reason = _first_line(error)
        else:
            reason = "it does not answer as a Dask scheduler"
        raise InputError(f"cannot reach the Dask scheduler at {address}: {reason}")
    return box["client"]


def _first_line(error: BaseException) -> str:
    """An error's message as one line (Dask's run to several), or its type's name."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


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


class _Block:
    """Up to BLOCK deals of the list: the rows known so far, the units of work still out."""

    __slots__ = ("items", "rows", "stored", "units_left")

    def __init__(self, items: list[DealItem], stored: dict) -> None:
        self.items = items
        self.rows = stored
        self.stored: set[tuple[str, str]] = set()  # pairs needing nothing more (set when sent)
        self.units_left = 0

    def boards(self) -> dict[str, str]:
        """The board text of each board-file deal of the block, by key."""
        return {item.key: item.board for item in self.items if item.board}


@dataclass(frozen=True)
class _StoredSpan:
    """Deals first..last, all of whose rows are in the database."""

    first: int
    last: int


def _blocks(deals: DealList, store: ResultStore | None, names: list[str], solve: bool,
            odds: bool = False) -> Iterator[_Block | _StoredSpan]:
    """The list in blocks, in order; a span of SPAN numbers all stored is one _StoredSpan.
    Not solving, a span with nothing stored is passed over to the next stored number."""
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
                stored = store.count(first, end, names, odds and solve)
                if stored == (end - first + 1) * len(names):
                    yield _StoredSpan(first, end)
                    first = end + 1
                    continue
                if stored == 0 and not solve:
                    following = store.next_number(end + 1)
                    first = following if following is not None else last + 1
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

    def deal_of(self, boards: dict[str, str]) -> Callable[[dict], Position | None]:
        """The deal (or position) of a row: dealt from its number, or its board from
        ``boards`` or the database (None when no board was kept)."""
        dealt: dict[int, Position] = {}  # a deal's rows under several rules: dealt once

        def deal(row: dict) -> Position | None:
            if row["number"] is not None:
                number = row["number"]
                if number not in dealt:
                    dealt[number] = Deal.from_number(number).position()
                return dealt[number]
            board = boards.get(row["key"]) or (self.store.board(row["key"]) if self.store
                                               else None)
            return Position.from_board(board) if board else None
        return deal

    def block(self, block: _Block) -> None:
        rows, solved_rows, stored_rows = [], [], []
        solved_deals = stored_deals = 0
        for item in block.items:
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


def run_batch(deals: DealList | None, rules: list[Rules], *, jobs: int = 1,
              dask: DaskRunner | None = None, store: ResultStore | None = None,
              work: Work = Work(), writer: RowWriter | None = None,
              progress: Progress | None = None, pairs: bool = False,
              solve: bool = True) -> BatchReport:
    """Solve every (deal, rules) of the list not yet in ``store``, and store, write and count
    the rows of every deal of the list, in order. With ``solve`` false nothing is solved: the
    stored rows of the list (or, with no list, every stored row) are written and counted."""
    names = [r.name for r in rules]
    tally = BatchTally(names, pairs)
    sinks = _Sinks(tally, writer, progress, store, names)
    counts = {"solved": 0, "stored": 0}
    if deals is None:  # every stored deal: the numbered ones, then the board files
        assert store is not None and not solve
        deals = DealList([f"1-{MAX_NUMBER}"])
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
        _run_blocks(_blocks(deals, store, names, solve, work.odds_samples > 0), sinks, runner,
                    window, counts, work, size)
    finally:
        if runner is not None:
            runner.close()
    return BatchReport(tally, counts["solved"], counts["stored"], deals.repeated, sinks.missing)


def _run_blocks(blocks: Iterator[_Block | _StoredSpan], sinks: _Sinks, runner, window: int,
                counts: dict, work: Work, size: int = MAX_UNIT) -> None:
    """Send the missing work of each block out, and each block to the sinks in order."""
    waiting: deque[_Block | _StoredSpan] = deque()
    owner: dict[int, _Block] = {}
    task_ids = count()

    def emit_ready() -> None:
        while waiting and (isinstance(waiting[0], _StoredSpan) or waiting[0].units_left == 0):
            block = waiting.popleft()
            if isinstance(block, _StoredSpan):
                sinks.stored_span(block)
            else:
                sinks.block(block)

    def collect() -> None:
        task_id, rows = runner.next_result()
        block = owner.pop(task_id)
        for i, row in enumerate(rows):
            stored = block.rows.get((row["key"], row["rules"]))
            if stored is not None:  # solved before: its odds are new
                rows[i] = {**stored, **{field: row[field] for field in ODDS_FIELDS}}
        if sinks.store is not None:
            sinks.store.add(rows, block.boards())
        counts["solved"] += len(rows)
        block.units_left -= 1
        for row in rows:
            block.rows[row["key"], row["rules"]] = row
        emit_ready()

    with deferred():
        for block in blocks:
            waiting.append(block)
            if isinstance(block, _StoredSpan):
                counts["stored"] += (block.last - block.first + 1) * len(sinks.names)
            else:
                block.stored = {pair for pair, row in block.rows.items() if not work.missing(row)}
                counts["stored"] += len(block.stored)
                pending = [(item, wanted) for item in block.items if (wanted := tuple(
                    (name, (item.key, name) not in block.rows) for name in sinks.names
                    if work.missing(block.rows.get((item.key, name)))))]
                for first in range(0, len(pending) if runner else 0, size):
                    while runner.outstanding >= window:
                        collect()
                    task_id = next(task_ids)
                    owner[task_id] = block
                    block.units_left += 1
                    runner.submit(task_id, (pending[first:first + size], work))
            emit_ready()
            while len(waiting) > HELD_BLOCKS:
                collect()
            check()
        while runner is not None and runner.outstanding:
            collect()
        emit_ready()
