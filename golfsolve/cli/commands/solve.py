"""golfsolve solve: decide deals."""

from __future__ import annotations

import shlex
import sys

import click

from golfsolve.cli.inputs import deal_name, describe, rules_for, score_option, shortened
from golfsolve.cli.render.views import fitted_markup, render_solution
from golfsolve.cli.streams import EXIT_OK, echo_err, echo_json
from golfsolve.errors import InputError
from golfsolve.model.game import Game
from golfsolve.model.i18n import LANGUAGES, default_language
from golfsolve.model.sources import DealSource, resolve


@click.command(epilog="Exit status: 0 when every deal was decided, won or not; 2 bad input.")
@click.argument("deals", nargs=-1, required=True, metavar="DEAL...")
@click.option("--rules", help="easy, classic, dead-king, strict, a comma list, or all "
              "(default: the code's letter, else easy)")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line per (deal, rules) "
              "(the same as --format json).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default=None,
              help="text (the default): the moves for people; json: as --json; html: one HTML "
              "page that steps through the solution on the board (one deal under one rule set; "
              "nothing fetched, so it opens from a file).")
@click.option("--fewest-moves", is_flag=True,
              help="Give a win with the fewest moves (draws count); slower on most deals.")
@score_option("a line under the result gives it for the best line found")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help="The html page's language: en, fi, id or tr (default: from LC_ALL, "
              "LC_MESSAGES or LANG, else en). The text and JSON are English.")
def solve(deals: tuple[str, ...], rules: str | None, as_json: bool, fmt: str | None,
          fewest_moves: bool, score: str, lang: str | None) -> int:
    """Decide deals: winnable or not, a solution, max cards removable, best score.

    A deal that cannot be won gets the line that removes the most cards; its best score is
    the dead-end score of that line. Several deals are solved in one process.

    Game codes and numbers name PySolFC's deals (up to 20 digits; ms123 its Microsoft
    deals), not the Golf app's (whose shuffle is not published): to solve the app's deal,
    type its cards on one line, the 16 stock cards first (see the README). kpat:N is KPat's
    deal N, and a KPat saved game a deal or position, under Classic rules by default;
    solvitaire:N is Solvitaire's seeded deal N (0 to 2147483647), Classic by default too.

    \b
    Examples:
      golfsolve solve GO1-E-AAAAAAB
      golfsolve solve 1 2 3 --rules all --json
      golfsolve solve my.board --rules classic --fewest-moves
      golfsolve solve 7 --format html > deal7.html
      golfsolve solve 7 --format html --lang fi > jako7.html
      golfsolve solve 12345678901234567 kpat:7 ms123 solvitaire:0
      golfsolve solve my.kpat   (a game KPat saved)
    """
    from golfsolve.batch.rows import full_record, solution_row
    from golfsolve.solver import load_kernels, solve_game

    if as_json and fmt not in (None, "json"):
        raise click.UsageError(f"--json and --format {fmt} ask for two outputs: give one")
    fmt = "json" if as_json else fmt or "text"
    if lang is not None and fmt != "html":
        raise click.UsageError(f"--lang is the html page's language (--format html); solve's "
                               f"{fmt} is English")
    if deals.count("-") > 1:
        raise InputError("standard input can be read only once: give - once")
    sources = [resolve(d) for d in deals]  # all input is checked before any work
    for source in sources:
        known_stock(source)
    jobs = {}
    for source in sources:
        repeated = []  # (the source given first, rules) of this one's pairs solved already
        for chosen in rules_for(source, rules):
            key = (source.position, chosen)
            if key in jobs:
                repeated.append((jobs[key][0], chosen))
            jobs.setdefault(key, (source, chosen))
        if repeated:
            name, first = deal_name(source), deal_name(repeated[0][0])
            same = ("was given more than once" if name == first else
                    f"holds the same cards as {first}")
            under = ", ".join(r.name for _, r in repeated)
            echo_err(f"golfsolve: note: {name} {same} (under {under} rules); it is solved once")
    if fmt == "html" and len(jobs) > 1:
        raise click.UsageError(f"--format html writes one page, for one deal under one rule set: "
                               f"here {len(jobs)} (deal, rules) pairs; give them one at a time")
    load_kernels(chosen for _, chosen in jobs.values())  # compiled first, in one go
    for n, (source, chosen) in enumerate(jobs.values()):
        solution = solve_game(Game(source.position, chosen), fewest_moves=fewest_moves)
        if fmt == "json":
            row = solution_row(source.label, source.number, chosen, solution)
            echo_json(full_record(row, solution.moves))
        elif fmt == "html":
            from golfsolve.pictures.page import solution_page

            page_lang = lang or default_language()
            page = solution_page(solution, shortened(describe(source, chosen, page_lang)),
                                 traditional=score == "traditional", lang=page_lang)
            click.echo(fitted_markup(page, sys.stdout), nl=False)
        else:
            if n:
                click.echo()
            click.echo(render_solution(shortened(describe(source, chosen)), solution,
                                       score == "traditional"))
    return EXIT_OK


def known_stock(source: DealSource) -> None:
    """Refuse a position whose stock is not all known: it cannot be solved, only weighed."""
    unknown = source.position.unknown_slots
    if unknown:
        where = deal_name(source)  # a file or stdin: a numbered deal's stock is known
        raise InputError(f"{shortened(where)} has {unknown} unknown stock cards: solving needs "
                         f"the whole stock; golfsolve odds {shlex.quote(where)} gives the "
                         "chances")
