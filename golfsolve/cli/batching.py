"""What batch and compare share: their options, and the session that runs a batch (the
store, the row file, the progress bar, the workers or the cluster, their lifetimes and how their
failures are worded)."""

from __future__ import annotations

import sys

import click

from golfsolve.cli.inputs import (
    MEMORY_HELP,
    SMALL_RUN,
    FileName,
    Integer,
    MemorySize,
    WholeNumber,
    written_files,
)
from golfsolve.cli.streams import EXIT_FAILED, echo_err
from golfsolve.cli.wording import worded
from golfsolve.errors import InputError, OutputError, out_of_memory
from golfsolve.interrupts import received
from golfsolve.model.rules import parse_rules_list
from golfsolve.odds import MAX_BUDGET, MAX_SAMPLES

DEALS_HELP = """DEALS: deal ranges (1-10000), code ranges (GO1-C-AAAAAAB..GO1-C-AAAABMM),
Solvitaire's seeds (solvitaire:0-9999999), a start code, number or solvitaire:N with --count N,
board files or globs ('boards/*.board'), or @FILE listing codes, numbers, ranges or board files
one a line (@- from standard input). A code's letter is not used here: --rules names the rule
sets. With --db and no DEALS: the deals the database holds.

Exit status: 0 done; 1 a worker died or output could not be written (the finished results
stay in --db), or compare found a solver bug; 2 bad input; 128 + the signal when stopped
(130 Ctrl-C)."""


def batch_options(fn):
    for option in reversed([
        click.option("--count", type=WholeNumber(min=1),
                     help="With one start number, code or solvitaire:N: this many deals from it."),
        click.option("--jobs", type=WholeNumber(min=1), default=None,
                     help="Worker processes (default: the cores this process may use; "
                     f"none for at most {SMALL_RUN} deals times rule sets without --odds, "
                     "which this process solves sooner than workers start). With --odds "
                     "each worker's fair value runs on the cores divided among the workers "
                     "(--jobs 1: every core); NUMBA_NUM_THREADS=1 holds it to one."),
        click.option("--db", type=FileName(dir_okay=True),
                     help="SQLite file that keeps every finished result; rerun to resume, "
                     "or run with more deals or rule sets to add to it."),
        click.option("--fewest-moves", is_flag=True, help="Store fewest-moves solutions."),
        click.option("--odds", is_flag=True,
                     help="Also weigh each deal with its stock face down: its exact fair "
                     "value (seconds a deal) and its clairvoyant odds over --samples stock "
                     "orders (see golfsolve odds)."),
        click.option("--no-fair", "no_fair", is_flag=True,
                     help="With --odds: the clairvoyant odds alone, without the fair value."),
        click.option("--samples", type=WholeNumber(1, MAX_SAMPLES), default=None,
                     help="Stock orders a deal's odds weigh [default: 100]."),
        click.option("--seed", type=Integer(), default=None,
                     help="Seed of the sampled stock orders [default: 0]."),
        click.option("--budget", type=WholeNumber(1, MAX_BUDGET), default=None,
                     help="Most states for the memoised search of a fair value that needs "
                     "more than --memory [default: 500000]."),
        click.option("--memory", type=MemorySize(), default=None,
                     help=MEMORY_HELP[:-2] + ", shared among the workers)."),
        click.option("--dask", "dask_address", metavar="ADDRESS",
                     help="Solve on a Dask cluster (tcp://host:8786) instead of local workers."),
        click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON."),
        click.option("--quiet", is_flag=True, help="No progress bar."),
    ]):
        fn = option(fn)
    return fn


BATCH_SAMPLES = 100  # stock orders a deal's odds weigh in a batch


def work_for(fewest_moves: bool, odds: bool, samples: int | None, seed: int | None,
             budget: int | None, no_fair: bool = False, memory: int | None = None,
             workers: int = 1, alone: bool = True):
    """What each (deal, rules) of a batch gets, from the options. The fair value's memory and
    cores are shared among the ``workers``, so that together they never ask for more memory
    than is free, nor more threads than there are cores; with ``alone`` (local workers), a
    deal whose fair value needs more than its share waits for the others to finish and is
    then computed with the whole."""
    from golfsolve.batch.unit import Work
    from golfsolve.fair import DEFAULT_BUDGET

    if not odds:
        for flag, given in (("--samples", samples), ("--seed", seed), ("--budget", budget),
                            ("--no-fair", no_fair or None), ("--memory", memory)):
            if given is not None:
                raise InputError(f"{flag} goes with --odds")
        return Work(fewest_moves)
    if no_fair:
        for flag, given in (("--budget", budget), ("--memory", memory)):
            if given is not None:
                raise InputError(f"{flag} is for the fair value, which --no-fair leaves out")
        return Work(fewest_moves, samples or BATCH_SAMPLES, seed or 0)
    if memory is None:
        from golfsolve.fair.memory import default_limit

        memory = default_limit()
    from golfsolve.runners import available_cores

    workers = max(1, workers)
    return Work(fewest_moves, samples or BATCH_SAMPLES, seed or 0, budget or DEFAULT_BUDGET,
                memory // workers, max(1, available_cores() // workers),
                memory if workers > 1 and alone else None)


def run_session(deals, count, rules, jobs, db, fewest_moves, dask_address, quiet, *, out=None,
                fmt=None,
         pairs=False, odds=False, samples=None, seed=None, budget=None, no_fair=False,
         memory=None, won_only=False, plot=None):
    """Solve (or, with --db and no DEALS, read) a batch; the report of its rows. ``plot`` (compare's
    --plot) is written after it, and kept apart from its inputs as --out and --db are."""
    from golfsolve.batch.deals import DealList
    from golfsolve.batch.run import BatchOptions, report_stored, solve_deals
    from golfsolve.batch.seeds import WonList, open_rows
    from golfsolve.batch.store import ResultStore
    from golfsolve.cli.inputs import checked_jobs, note_if_vast
    from golfsolve.cli.render.progress import Progress
    from golfsolve.runners import WorkerError, available_cores

    chosen = list(parse_rules_list(rules))
    outputs = written_files(db, db_written=bool(deals), out=None if out == "-" else out,
                            plot=plot)
    if won_only and not out:
        raise InputError("--won-only is what --out gets: give --out FILE (.txt, .py, .csv or "
                         ".jsonl)")
    if not deals:
        if not db:
            raise InputError("no DEALS given (or --db with stored results to report on)")
        for flag, given in (("--count", count), ("--jobs", jobs), ("--dask", dask_address),
                            ("--fewest-moves", fewest_moves), ("--samples", samples),
                            ("--seed", seed), ("--budget", budget), ("--no-fair", no_fair),
                            ("--memory", memory)):
            if given:
                raise InputError(f"{flag} only applies to solving DEALS; with --db alone the "
                                 "stored results are reported")
    if dask_address is not None and not dask_address.strip():
        raise InputError("--dask needs a scheduler's address (like tcp://host:8786)")
    if jobs and dask_address:
        raise InputError("--jobs sets local worker processes and --dask solves on a cluster's "
                         "workers: give one or the other")
    deal_list = DealList(deals, count, outputs) if deals else None
    if won_only and out and out.lower().endswith(".py") and deal_list and deal_list.names_seeds:
        raise InputError(f"--out {out}: SOLVABLE_SEEDS holds PySolFC's deal numbers, and "
                         "Solvitaire's seeds are not: write the list to a .txt file (one "
                         "solvitaire:N a line)")
    cores = available_cores()
    small = (deal_list.total * len(chosen) if deal_list is not None and deal_list.total
             and not odds else None)  # a run with odds: seconds a deal, workers pay
    workers = checked_jobs(jobs, small)
    work = work_for(fewest_moves, odds, samples, seed, budget, no_fair, memory, workers,
                    alone=dask_address is None)
    if workers > cores:
        echo_err(f"golfsolve: note: --jobs {jobs} is more than the {cores} cores this process "
                 "may use; the workers will share them")
    cluster = None  # reached first: a scheduler that cannot be used is bad input, found
    if dask_address and deal_list is not None:  # before the database or --out is touched
        from golfsolve.batch.unit import solve_unit
        from golfsolve.runners import DaskRunner

        cluster = DaskRunner(dask_address, solve_unit)
    if deal_list is not None:
        import golfsolve.kernels  # noqa: F401 (the kernels' settings checked before --db is made)
    store = writer = None
    try:
        store = ResultStore(db, create=deal_list is not None) if db else None
        if store is not None and deal_list is not None:
            store.claim(fewest_moves, work.odds)
        elif store is not None and store.fresh:
            raise InputError(f"{db} holds no golfsolve results")
        # the odds columns too when the database holds odds (a report writes its rows)
        stored_odds = store is not None and store.odds_settings() is not None
        writer = open_rows(out, odds or stored_odds, won_only, chosen, fmt) if out else None
        try:
            progress = Progress(deal_list.total if deal_list else None,
                                [r.name for r in chosen], not quiet and sys.stderr.isatty())
            try:
                options = BatchOptions(tuple(chosen), workers, work, pairs)
                if deal_list is not None and cluster is None:
                    from golfsolve.compiling import ready, solving

                    # compiled here, once and said so, where numba's cache lacks them (or
                    # holds them damaged), not by each worker at once and in silence
                    ready([solving(r) for r in chosen], processes=workers)
                if deal_list is not None:
                    note_if_vast(deal_list.total)  # every input checked: the work begins
                    report = solve_deals(deal_list, options, dask=cluster, store=store,
                                         writer=writer, progress=progress)
                else:
                    report = report_stored(None, options, store, writer=writer,
                                           progress=progress)
                if isinstance(writer, WonList):
                    writer.finish()
            finally:
                progress.close()
        finally:
            if writer is not None:
                writer.close()
    except KeyboardInterrupt as stop:
        _say_interrupted(db, writer)
        raise click.exceptions.Exit(getattr(stop, "exit_status", 130)) from None
    except (WorkerError, OutputError, MemoryError) as exc:
        signum = received()  # a failure after a stop is the stop's (a terminal closed)
        if signum is not None:
            _say_interrupted(db, writer)
            raise click.exceptions.Exit(128 + signum) from None
        kept = (f"; the finished results are kept in {db}"
                if store is not None and store.holds_results else "")
        echo_err(f"golfsolve: error: {out_of_memory(exc) or worded(exc)}{kept}")
        _say_if_partial(writer)
        raise click.exceptions.Exit(EXIT_FAILED) from None
    finally:
        if store is not None:
            store.close()
        if cluster is not None:
            cluster.close()
    return chosen, report


def stored_counts(report, deals, db) -> dict:
    """For a JSON report: how many results (a deal under a rule set) a run that solves into a
    database found there already, how many it solved, and how many it found there without
    the odds asked and gave them (nothing without a database, or when it only reports what
    the database holds)."""
    return ({"stored": report.stored, "solved": report.solved, "odds_added": report.completed}
            if deals and db else {})


def _say_interrupted(db: str | None, writer=None) -> None:
    kept = (f"; the finished results are kept in {db}: run the same command again to go on"
            if db else "")
    echo_err(f"golfsolve: interrupted{kept}")
    _say_if_partial(writer)


def _say_if_partial(writer) -> None:
    """A list of winnable deals cut short says so: it holds those of the deals decided."""
    from golfsolve.batch.seeds import WonList

    if isinstance(writer, WonList) and not writer.finished:
        echo_err(f"golfsolve: note: {writer.path} lists the {writer.count:,} winnable deals "
                 f"of the {writer.decided:,} decided before the stop, not the whole range "
                 + ("(it says so, and importing it raises ImportError)" if writer.python
                    else "(a .txt list cannot say so itself)"))
