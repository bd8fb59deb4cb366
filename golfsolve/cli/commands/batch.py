"""golfsolve batch: solve many deals and summarize."""

from __future__ import annotations

import click

from golfsolve.cli.batching import DEALS_HELP, batch_options, run_session, stored_counts
from golfsolve.cli.inputs import SCORE_OPTION, FileName, check_format
from golfsolve.cli.streams import EXIT_OK, echo_err, echo_json


@click.command(epilog=DEALS_HELP)
@click.argument("deals", nargs=-1, metavar="[DEALS]...")
@click.option("--rules", default="easy,classic", show_default=True,
              help="Rule sets: a comma list of easy, classic, dead-king, strict, or all.")
@click.option("--out", type=FileName(allow_dash=True), help="Write one row per (deal, "
              "rules) to FILE.csv or FILE.jsonl, as the rows are finished; - for standard "
              "output (the summary then goes to standard error; see --format).")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl", "txt", "py"]),
              help="The rows' format on standard output (--out -; default csv; with --won-only "
              "also txt, the numbers one a line, or py, a module of SOLVABLE_SEEDS). A file's "
              "suffix names its own.")
@click.option("--won-only", is_flag=True, help="--out gets the winnable deals only; to FILE.txt "
              "their numbers one a line, to FILE.py a module of SOLVABLE_SEEDS (one --rules).")
@batch_options
@SCORE_OPTION
def batch(deals, rules, out, fmt, won_only, count, jobs, db, fewest_moves, odds, no_fair,
          samples, seed, budget, memory, dask_address, as_json, quiet, score) -> int:
    """Solve many deals and summarize: win rates with 95% Wilson intervals, mean best score,
    and the distribution of the most cards removable.

    \b
    Examples:
      golfsolve batch 1-10000 --rules all --out results.csv
      golfsolve batch 1-1000000 --rules classic --won-only --out solvable.py
      golfsolve batch 1-100000 --db runs.sqlite   (interrupt and rerun to resume)
      golfsolve batch 1-1000 --rules classic --out - --format jsonl | head
      golfsolve batch GO1-C-AAAAAAB --count 500 --jobs 2 --json
      golfsolve batch --db runs.sqlite --rules all   (what the database holds)
    """
    from golfsolve.cli.render.summary import render_repeated, render_stored, render_summary

    piped = out == "-"  # the rows on standard output: the summary on standard error
    check_format(out, fmt)
    _, report = run_session(deals, count, rules, jobs, db, fewest_moves, dask_address, quiet,
                            out=out, odds=odds, samples=samples, seed=seed, budget=budget,
                            no_fair=no_fair, memory=memory, won_only=won_only, fmt=fmt)
    summaries = report.tally.summaries()
    if as_json:
        echo_json({"summary": [s.to_dict() for s in summaries], "repeated": report.repeated,
                   **stored_counts(report, deals, db),
                   **({"fair_not_computed": report.fair_left_out} if odds else {})},
                  err=piped)
    else:
        click.echo(render_summary(summaries, traditional=score == "traditional"), err=piped)
        for line in (render_repeated(report.repeated)
                     + render_stored(report.stored, report.solved, db if deals else None,
                                     report.completed)):
            click.echo(line, err=piped)
    if report.fair_left_out:
        _say_fair_left_out(report.fair_left_out, report.fair_most_needed)
    return EXIT_OK


def _say_fair_left_out(count: int, most_needed: int) -> None:
    """The note that ``count`` results of this run have no fair value: each needed more memory
    than the batch may use, the largest ``most_needed`` bytes."""
    from golfsolve.fair.memory import size_text

    which = "1 result was" if count == 1 else f"{count:,} results were"
    echo_err(f"golfsolve: note: the fair values of {which} not computed: "
             f"{'it needs' if count == 1 else 'each needs'} more memory than the batch may "
             f"use (the largest {size_text(most_needed)}; --memory sets that), so "
             f"{'its row holds' if count == 1 else 'their rows hold'} none")
