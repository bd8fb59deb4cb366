"""golfsolve compare: rule sets side by side on the same deals."""

from __future__ import annotations

from pathlib import Path

import click

from golfsolve.cli.batching import DEALS_HELP, batch_options, run_session, stored_counts
from golfsolve.cli.inputs import SCORE_OPTION, FileName, written_files
from golfsolve.cli.streams import EXIT_FAILED, EXIT_OK, echo_err, echo_json
from golfsolve.model.rules import parse_rules_list


@click.command(epilog=DEALS_HELP)
@click.argument("deals", nargs=-1, metavar="[DEALS]...")
@click.option("--rules", help="The rule sets to compare, two or more (default: easy,classic; "
              "with --db alone, every rule set the database holds).")
@click.option("--plot", type=FileName(dir_okay=False),
              help="Draw the max-removed distributions to FILE.png or FILE.svg (matplotlib).")
@batch_options
@SCORE_OPTION
def compare(deals, rules, plot, count, jobs, db, fewest_moves, odds, no_fair, samples, seed,
            budget, memory, dask_address, as_json, quiet, score) -> int:
    """Compare rule sets on the same deals: win rates with intervals, the 2x2 table of deals
    won under each, mean best scores.

    A deal won only under the stricter rules would be a solver bug: it is reported as an error
    (exit status 1).

    \b
    Examples:
      golfsolve compare 1-1000
      golfsolve compare 1-5000 --rules all --plot removed.png --db cmp.sqlite
      golfsolve compare --db runs.sqlite --rules all   (what the database holds)
    """
    from golfsolve.cli.render.plot import PLOT_SUFFIXES, check_plot_path, plot_histograms
    from golfsolve.cli.render.summary import (
        render_comparison,
        render_rates,
        render_repeated,
        render_stored,
    )

    if rules is None:
        rules = _held_rules(db) if db and not deals else "easy,classic"
    if len(parse_rules_list(rules)) < 2:
        raise click.BadParameter("compare needs two or more rule sets", param_hint="--rules")
    if plot is not None:
        written_files(db, db_written=bool(deals), plot=plot)  # a name, not the database's
        if Path(plot).suffix.lower() not in PLOT_SUFFIXES:
            raise click.BadParameter("writes .png or .svg files", param_hint="--plot")
        check_plot_path(plot)
    _, report = run_session(deals, count, rules, jobs, db, fewest_moves, dask_address, quiet,
                            pairs=True, odds=odds, samples=samples, seed=seed, budget=budget,
                            no_fair=no_fair, memory=memory, plot=plot)
    summaries = report.tally.summaries()
    tables = report.tally.comparisons()
    if plot:
        plot_histograms(summaries, plot)
    if as_json:
        echo_json({"summary": [s.to_dict() for s in summaries],
                    "tables": [t.to_dict() for t in tables], "repeated": report.repeated,
                    **stored_counts(report, deals, db)})
    else:
        for line in (render_rates(summaries, score == "traditional")
                     + render_repeated(report.repeated)
                     + render_stored(report.stored, report.solved, db if deals else None,
                                     report.completed)):
            click.echo(line)
        counted = {summary.rules: summary.deals for summary in summaries}
        for table in tables:
            if not counted[table.easier] or not counted[table.stricter]:
                continue  # a rule set without results: its line says "no deals"
            click.echo()
            if not table.deals:  # results under each, on different deals
                click.echo(f"(no deal has a result under both {table.easier} and "
                           f"{table.stricter}: nothing to set side by side)")
                continue
            click.echo(render_comparison(table))
            if table.deals != max(counted[table.easier], counted[table.stricter]):
                click.echo(f"(the table counts the {table.deals:,} deals with a result under "
                           f"both {table.easier} and {table.stricter})")
        if plot:
            click.echo(f"\nplot written to {plot}")
    bugs = [t for t in tables if t.only_stricter_count]
    for table in bugs:
        more = table.only_stricter_count - len(table.only_stricter)
        named = ", ".join(table.only_stricter) + (f" and {more} more" if more else "")
        echo_err(f"golfsolve: error: solver bug: won under {table.stricter} but not under "
                 f"{table.easier}: {named}" + (" (or results stored in --db by something other "
                                               "than golfsolve)" if db else ""))
    return EXIT_FAILED if bugs else EXIT_OK


def _held_rules(db: str) -> str:
    """The rule sets a database holds, as a --rules list, for compare --db alone: the
    InputError of a database that cannot be read, or holds fewer than two."""
    from golfsolve.batch.store import ResultStore
    from golfsolve.errors import InputError
    from golfsolve.model.rules import ALL_RULES

    with ResultStore(db, create=False) as store:
        held = store.rule_names()
    names = [r.name for r in ALL_RULES if r.name in held]
    if len(names) < 2:
        raise InputError(f"{db} holds results under {names[0] if names else 'no'} rules "
                         "only: compare needs two rule sets (solve the same deals under "
                         "another into it: golfsolve batch DEALS --rules RULES --db "
                         f"{db})")
    return ",".join(names)
