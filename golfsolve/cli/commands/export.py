"""golfsolve export: a database's results to CSV or JSON lines."""

from __future__ import annotations

import click

from golfsolve.cli.inputs import written_files
from golfsolve.cli.streams import EXIT_OK
from golfsolve.errors import InputError
from golfsolve.model.rules import parse_rules_list


@click.command(epilog="Exit status: 0 done; 1 the out file could not be written; 2 bad input.")
@click.argument("deals", nargs=-1, metavar="[DEALS]...")
@click.option("--db", required=True, type=click.Path(), help="The results database.")
@click.option("--out", required=True, type=click.Path(), help="FILE.csv or FILE.jsonl.")
@click.option("--rules", help="Only these rule sets: a comma list, or all (default: all).")
def export(deals: tuple[str, ...], db: str, out: str, rules: str | None) -> int:
    """Write the results stored in a database to CSV or JSON lines: all of them, or those of
    DEALS (in their order) under --rules.

    \b
    Examples:
      golfsolve export --db runs.sqlite --out runs.csv
      golfsolve export 1-1000 --db census.sqlite --rules classic --out classic.jsonl
    """
    from golfsolve.batch.deals import DealList
    from golfsolve.batch.rows import RowWriter
    from golfsolve.batch.run import export_rows
    from golfsolve.batch.store import ResultStore

    outputs = written_files(db, db_written=False, out=out)
    chosen = list(parse_rules_list(rules or "all"))
    deal_list = DealList(deals, outputs=outputs) if deals else None
    with ResultStore(db, create=False) as store:
        if store.fresh:
            raise InputError(f"{db} holds no golfsolve results")
        with RowWriter(out, store.odds_settings() is not None) as writer:
            report = export_rows(deal_list, chosen, store, writer)
    click.echo(f"{writer.count} rows written to {out}")
    if report.missing:
        named = "deal named has" if report.missing == 1 else "deals named have"
        click.echo(f"({report.missing:,} {named} nothing stored in {db} under these rules: "
                   "left out)")
    return EXIT_OK
