"""golfsolve census: every deal of a range decided under each rule set, kept as one bit a deal,
resumable; the bits read back deal by deal, and the counts reported."""

from __future__ import annotations

import sys

import click

from golfsolve.cli.inputs import SMALL_RUN, WholeNumber
from golfsolve.cli.streams import EXIT_FAILED, echo_err, echo_json
from golfsolve.errors import InputError, OutputError


@click.group(epilog="Exit status: 0 done; 1 a worker died or the census could not be written; "
             "2 bad input; 128 + the signal's number when stopped (what was written stays).")
def census() -> None:
    """A census: the verdict of every deal of a range under each rule set, one bit a deal.

    It needs no database: a directory holds census.json (the range, the rule sets, how far it
    has got, the count won under each) and one file of bits a rule set. Stop it at any time
    and run the same command again to go on; memory stays the same for any number of deals.

    \b
    Examples:
      golfsolve census run solvitaire:1-10000000 --dir census/ --rules classic
      golfsolve census report census/
      golfsolve census verdict census/ solvitaire:4242
    """


@census.command("run")
@click.argument("deals", metavar="RANGE")
@click.option("--dir", "directory", required=True, type=click.Path(),
              help="The census directory (made if missing; a census there is gone on with).")
@click.option("--rules", default="all", show_default=True,
              help="easy, classic, dead-king, strict, a comma list, or all.")
@click.option("--jobs", type=WholeNumber(min=1), default=None,
              help="Worker processes (default: the cores this process may use; none for at "
              f"most {SMALL_RUN} deals times rule sets, which this process solves sooner "
              "than workers start).")
@click.option("--dask", "dask_address", metavar="ADDRESS",
              help="Solve on a Dask cluster's workers (tcp://host:8786) instead.")
@click.option("--quiet", is_flag=True, help="No progress line.")
@click.option("--json", "as_json", is_flag=True,
              help="The counts at the end as census report --json prints them (also when "
              "stopped: those of the deals done).")
def run_command(deals: str, directory: str, rules: str, jobs: int | None,
                dask_address: str | None, quiet: bool, as_json: bool) -> int:
    """Decide every deal of RANGE (1-100000, or Solvitaire's seeds as solvitaire:1-10000000)
    under --rules, writing the bits as it goes; then print the counts."""
    from golfsolve.census.files import CensusFiles, census_rules
    from golfsolve.census.run import run_census
    from golfsolve.census.span import parse_span
    from golfsolve.census.unit import solve_block
    from golfsolve.cli.inputs import checked_jobs, note_if_vast
    from golfsolve.cli.render.progress import StatusLine
    from golfsolve.runners import InlineRunner, WorkerError, WorkerPool

    span = parse_span(deals)
    chosen = census_rules(rules)
    if jobs is not None and dask_address:
        raise InputError("--jobs sets local worker processes and --dask solves on a cluster's "
                         "workers: give one or the other")
    workers = checked_jobs(jobs, None if dask_address else span.size * len(chosen))
    import golfsolve.kernels  # noqa: F401 (numba's settings checked: bad input before files)

    runner = None
    if dask_address is not None:
        from golfsolve.runners import DaskRunner

        runner = DaskRunner(dask_address, solve_block)  # reached first: bad input before files
    try:
        census_files = CensusFiles.begin(directory, span, chosen)
    except BaseException:
        if runner is not None:
            runner.close()
        raise
    news = [None]
    line = None
    try:
        try:
            if runner is None:
                runner = (InlineRunner(solve_block) if workers == 1
                          else WorkerPool(workers, solve_block))
            note_if_vast(span.size - census_files.manifest.progress.done)  # the work begins
            if not quiet and sys.stderr.isatty():
                line = StatusLine(lambda: _status(news[0], census_files))
            run_census(census_files, runner, workers, lambda now: news.__setitem__(0, now))
        finally:
            if runner is not None:
                runner.close()
            if line is not None:
                line.close()
    except KeyboardInterrupt as stop:
        done = census_files.manifest.progress.done
        echo_err(f"golfsolve: interrupted; {done:,} deals are kept in {directory}: run the "
                 "same command again to go on")
        if as_json:  # a script gets the counts of what was done, as odds gives its figures
            _print_report(census_files, as_json=True)
        raise click.exceptions.Exit(getattr(stop, "exit_status", 130)) from None
    except (WorkerError, OutputError) as exc:
        echo_err(f"golfsolve: error: {exc}; the deals finished are kept in {directory}")
        if as_json:
            _print_report(census_files, as_json=True)
        raise click.exceptions.Exit(EXIT_FAILED) from None
    _print_report(census_files, as_json=as_json)
    return 0


def _status(news, census_files) -> str:
    progress = census_files.manifest.progress
    total = census_files.manifest.span.size
    words = f"census: {progress.done:,} of {total:,} deals"
    if news is not None and news.this_run and news.seconds > 0:
        rate = news.this_run / news.seconds
        left = (total - progress.done) / rate
        words += f", {rate:,.0f} a second, {_duration(left)} to go"
    return words


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"
    if seconds >= 60:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds} s"


@census.command("report")
@click.argument("directory", metavar="DIR")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per rule set.")
def report_command(directory: str, as_json: bool) -> int:
    """The counts of a census: per rule set, the deals done, the deals won and the win rate
    with its 95% Wilson interval."""
    from golfsolve.census.files import CensusFiles

    _print_report(CensusFiles.open(directory), as_json)
    return 0


def _print_report(census_files, as_json: bool) -> None:
    from golfsolve.probability import wilson_interval

    manifest = census_files.manifest
    done = manifest.progress.done
    span = manifest.span
    if not as_json:
        state = "complete" if done == span.size else f"{done:,} of {span.size:,} deals done"
        click.echo(f"census of {span} ({state}; {_duration(manifest.progress.seconds)} of "
                   "wall time in all)")
    width = len(f"{done:,}")  # the counts in a column
    for rules in manifest.rules:
        won = manifest.progress.won[rules.name]
        low, high = wilson_interval(won, done) if done else (0.0, 1.0)
        if as_json:
            # wilson_95 as batch and compare print it; wilson_low/_high kept for scripts
            echo_json({"range": str(span), "rules": rules.name, "deals": done, "won": won,
                       "win_rate": won / done if done else None,
                       "wilson_95": [round(low, 6), round(high, 6)] if done else None,
                       "wilson_low": low if done else None,
                       "wilson_high": high if done else None,
                       "complete": done == span.size})
        else:
            rate = f"{100 * won / done:7.3f}%" if done else "-"
            click.echo(f"{rules.name:>9}: {won:>{width},} won of {done:,}  {rate} "
                       f"[{100 * low:6.3f}%, {100 * high:6.3f}%]")


@census.command("verdict")
@click.argument("directory", metavar="DIR")
@click.argument("deals", nargs=-1, required=True, metavar="DEAL...")
@click.option("--rules", default="all", show_default=True,
              help="easy, classic, dead-king, strict, a comma list, or all.")
@click.option("--json", "as_json", is_flag=True,
              help='One JSON object a deal and rule set: deal, rules, winnable (null: "not '
              'yet").')
def verdict_command(directory: str, deals: tuple[str, ...], rules: str, as_json: bool) -> int:
    """Read DEAL's verdicts back from a census, without solving it: one line a deal and rule
    set, "won", "lost", or "not yet" where the census has not got to it."""
    from golfsolve.census.files import CensusFiles
    from golfsolve.census.span import deal_in
    from golfsolve.model.rules import parse_rules_list

    census_files = CensusFiles.open(directory)
    span = census_files.manifest.span
    chosen = list(parse_rules_list(rules))
    missing = [r.name for r in chosen if r not in census_files.manifest.rules]
    if missing and rules != "all":
        raise InputError(f"{directory} does not count {', '.join(missing)} rules")
    chosen = [r for r in chosen if r in census_files.manifest.rules]
    numbers = []
    for text in deals:
        deal = deal_in(span.kind, text)
        if not span.first <= deal <= span.last:
            raise InputError(f"{span.label(deal)} is outside the census of {span}")
        numbers.append(deal)
    for deal in numbers:
        for r in chosen:
            verdict = census_files.verdict(deal, r)
            if as_json:
                echo_json({"deal": span.label(deal), "rules": r.name, "winnable": verdict})
                continue
            word = "not yet" if verdict is None else "won" if verdict else "lost"
            click.echo(f"{span.label(deal)} {r.name}: {word}")
    return 0
