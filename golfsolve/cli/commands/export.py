"""golfsolve export: a database's results to CSV or JSON lines."""

from __future__ import annotations

import click

from golfsolve.cli.inputs import FileName, check_format, written_files
from golfsolve.cli.streams import EXIT_OK
from golfsolve.errors import InputError
from golfsolve.model.rules import parse_rules_list


@click.command(epilog="Exit status: 0 done; 1 the out file could not be written; 2 bad input.")
@click.argument("deals", nargs=-1, metavar="[DEALS]...")
@click.option("--db", required=True, type=FileName(), help="The results database.")
@click.option("--out", required=True, type=FileName(allow_dash=True),
              help="FILE.csv or FILE.jsonl, or - for standard output (see --format).")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl"]),
              help="The format on standard output (--out -; default csv). A file's suffix "
              "names its own.")
@click.option("--rules", help="Only these rule sets: a comma list, or all (default: all).")
def export(deals: tuple[str, ...], db: str, out: str, fmt: str | None,
           rules: str | None) -> int:
    """Write the results stored in a database to CSV or JSON lines: all of them, or those of
    DEALS (in their order) under --rules. With --out - the rows go to standard output and
    what is said of them to standard error.

    \b
    Examples:
      golfsolve export --db runs.sqlite --out runs.csv
      golfsolve export 1-1000 --db runs.sqlite --rules classic --out classic.jsonl
      golfsolve export --db runs.sqlite --out - --format jsonl | head
    """
    import sys

    from golfsolve.batch.deals import DealList
    from golfsolve.batch.rows import RowWriter
    from golfsolve.batch.run import export_rows
    from golfsolve.batch.store import ResultStore

    piped = out == "-"
    check_format(out, fmt)
    outputs = written_files(db, db_written=False, out=None if piped else out)
    chosen = list(parse_rules_list(rules or "all"))
    deal_list = DealList(deals, outputs=outputs) if deals else None
    with ResultStore(db, create=False) as store:
        if store.fresh:
            raise InputError(f"{db} holds no golfsolve results")
        odds = store.odds_settings() is not None
        writer = (RowWriter("standard output", odds, stream=sys.stdout, fmt=fmt or "csv")
                  if piped else RowWriter(out, odds))
        with writer:
            report = export_rows(deal_list, chosen, store, writer)
    click.echo(f"{writer.count:,} row{'' if writer.count == 1 else 's'} written to {writer.path}",
               err=piped)
    if report.missing:
        named = "deal named has" if report.missing == 1 else "deals named have"
        click.echo(f"({report.missing:,} {named} nothing stored in {db} under these rules: "
                   "left out)", err=piped)
    return EXIT_OK
