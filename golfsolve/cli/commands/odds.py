"""golfsolve odds: the chances of a deal or position for a player who cannot see the stock."""

from __future__ import annotations

import sys

import click

from golfsolve.cli.inputs import MEMORY_HELP, Integer, MemorySize, WholeNumber, describe, rules_for
from golfsolve.cli.render.shapes import odds_record
from golfsolve.cli.streams import EXIT_OK, echo_err, echo_json
from golfsolve.model.deal import DealSource, resolve
from golfsolve.model.rules import Rules
from golfsolve.odds import DEFAULT_BUDGET, DEFAULT_SAMPLES, MAX_BUDGET, MAX_GAMES, MAX_SAMPLES


@click.command(epilog="Exit status: 0 done; 2 bad input; 128 + the signal when stopped (the "
             "figures of what was weighed by then are printed).")
@click.argument("deal")
@click.option("--rules", help="easy, classic, dead-king, strict, a comma list, or all "
              "(default: the code's letter, else easy)")
@click.option("--samples", type=WholeNumber(1, MAX_SAMPLES), default=DEFAULT_SAMPLES,
              show_default=True,
              help="Stock orders to sample when there are too many to weigh each.")
@click.option("--seed", type=Integer(),
              help="Seed for the sampled orders and games: fixed figures.")
@click.option("--budget", type=WholeNumber(1, MAX_BUDGET), default=DEFAULT_BUDGET,
              show_default=True,
              help="Most states for the memoised search of the fair value, tried where "
              "it needs more than --memory (about half a million a second).")
@click.option("--memory", type=MemorySize(), default=None, help=MEMORY_HELP)
@click.option("--policy", "games", type=WholeNumber(1, MAX_GAMES), default=None,
              metavar="GAMES",
              help="Also play GAMES games by a policy that does not peek: a lower bound.")
@click.option("--jobs", type=WholeNumber(min=1), default=None,
              help="Worker processes (default: the cores this process may use).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line per rule set.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def odds(deal: str, rules: str | None, samples: int, seed: int | None, budget: int,
         memory: int | None, games: int | None, jobs: int | None, as_json: bool,
         quiet: bool) -> int:
    """The chances of a deal or position for a player who cannot see the stock.

    Every stock card is unseen. It prints, per rule set, the clairvoyant odds (the share of
    the orders of the unseen cards under which it can be won: an upper bound), the exact fair
    value of best play without sight of the stock (from the first card on, in seconds for
    most deals, when it fits in --memory, else within --budget), with --policy the win rate
    of a player who does not peek (a lower bound), the distribution of the most cards
    removable, and each legal move with its own figures and the recommended one: by fair
    value where it is known.

    \b
    Examples:
      golfsolve odds GO1-C-AAAAAAD --seed 1
      golfsolve odds saved.board --rules all --json
      golfsolve odds position.board --policy 40 --jobs 2
    """
    from golfsolve.cli.inputs import checked_jobs
    from golfsolve.odds import Limit, OddsInterrupted, run_odds

    workers = checked_jobs(jobs)
    source = resolve(deal)
    chosen = list(rules_for(source, rules))
    limit = Limit(samples=samples, budget=budget, memory=memory, seed=seed, games=games or 0)
    position = source.position.hidden()
    bar = None
    if not quiet and sys.stderr.isatty():
        from tqdm import tqdm

        from golfsolve.cli.render.progress import narrow

        bar = tqdm(unit="unit", desc="weighing", leave=False, dynamic_ncols=True,
                   ascii=True if narrow(sys.stderr) else None)

    def progress(done: int, total: int) -> None:
        if bar is not None:
            bar.total = total
            bar.update(done - bar.n)

    stopped = None
    try:
        results = run_odds(position, chosen, limit, workers, progress)
    except OddsInterrupted as stop:  # what the finished work tells is printed, then it ends
        stopped, results = stop, stop.partial
    finally:
        if bar is not None:
            bar.close()
    _print_odds(source, chosen, results, as_json)
    if stopped is not None:
        echo_err("golfsolve: interrupted; " + (
            "the figures above are over the stock orders and games weighed by then"
            if any(result is not None for result in results) else
            "too little was weighed for any figure"))
        raise click.exceptions.Exit(stopped.exit_status)
    return EXIT_OK


def _print_odds(source: DealSource, chosen: list[Rules], results: list, as_json: bool) -> None:
    """Each rule set's figures (None: none to print)."""
    from golfsolve.cli.render.views import render_odds

    printed = 0
    for rules_used, result in zip(chosen, results, strict=True):
        if result is None:
            continue
        if as_json:
            echo_json(odds_record(source, result))
        else:
            if printed:
                click.echo()
            click.echo(render_odds(describe(source, rules_used), result))
        printed += 1
