"""golfsolve odds: the chances of a deal or position for a player who cannot see the stock."""

from __future__ import annotations

import sys

import click

from golfsolve.cli.inputs import (
    MEMORY_HELP,
    Integer,
    MemorySize,
    WholeNumber,
    describe,
    rules_for,
    shortened,
)
from golfsolve.cli.render.shapes import odds_record
from golfsolve.cli.streams import EXIT_OK, echo_err, echo_json
from golfsolve.model.rules import Rules
from golfsolve.model.sources import DealSource, resolve
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

    Every stock card is unseen. It prints, per rule set, first the exact fair value (the
    player's real chance: best play without sight of the stock, from the first card on; in
    seconds for most deals, when it fits in --memory, else within --budget) with its best
    move, as soon as it is known (when only one move is legal, that is said at once); then
    the clairvoyant odds (the share of the orders of the unseen cards under which it can be
    won: an upper bound), with --policy the win rate of a player who does not peek (a lower
    bound), the distribution of the most cards removable, and each legal move with its own
    figures.

    DEAL is a game code, a PySolFC number (#N too), msN, kpat:N, solvitaire:N, a board or
    saved file, or the cards you see typed on one line: "WASTE | COLUMN 1 | ... | COLUMN 7".

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
    printer = _OddsPrinter(source, chosen, as_json, not quiet and sys.stderr.isatty())
    stopped = None
    try:
        results = run_odds(position, chosen, limit, workers, printer.progress)
    except OddsInterrupted as stop:  # what the finished work tells is printed, then it ends
        stopped, results = stop, stop.partial
    finally:
        printer.close()
    printer.finish(results)
    if stopped is not None:
        echo_err("golfsolve: interrupted; " + (
            "the figures above are over the stock orders and games weighed by then, up to "
            "the first not finished in the order they were drawn (the progress counted every "
            "one finished)"
            if any(result is not None for result in results) else
            "too little was weighed for any figure"))
        raise click.exceptions.Exit(stopped.exit_status)
    return EXIT_OK


class _OddsPrinter:
    """Prints each rule set's figures as they become known, in the rule sets' order: what is
    weighed (and the only legal move) at once, the fair value and its best move as soon as
    it is known, the rest when every figure is; JSON (one object a rule set) when all are."""

    def __init__(self, source: DealSource, chosen: list[Rules], as_json: bool,
                 status: bool) -> None:
        self.source, self.chosen, self.as_json = source, chosen, as_json
        self.states: list = []  # how far each rule set has come (golfsolve.odds.Underway)
        self.shown = [0] * len(chosen)  # of each rule set: 1 its head, 2 its fair value, 3 all
        self.wants_status = status  # a status line on stderr, from the first news on
        self.status = None  # the status line, cleared before each print

    def progress(self, states: list) -> None:
        from golfsolve.cli.streams import ReaderGone, reader_gone

        if reader_gone():  # (| head has what it wanted: the rest is not worked out)
            raise ReaderGone
        self.states = states
        if self.wants_status and self.status is None:  # after the kernels' compile, if any
            from golfsolve.cli.render.progress import StatusLine, odds_status

            names = [r.name for r in self.chosen]
            self.status = StatusLine(lambda: odds_status(names, self.states))
        if not self.as_json:
            for i, state in enumerate(states):
                if i and self.shown[i - 1] < 3:
                    break
                self._show(i, state.legal, state.cards, state.unseen, state.orders,
                           state.fair, state.odds)
        if self.status is not None:
            self.status.redraw()

    def _show(self, i: int, legal, cards, unseen, orders, fair, odds) -> None:
        """What rule set i can print now that it has not printed yet."""
        from golfsolve.cli.render.views import odds_fair, odds_head, odds_rest

        lines = []
        if self.shown[i] == 0:
            if i:
                lines.append("")
            title = shortened(describe(self.source, self.chosen[i]))
            lines.append(odds_head(title, self.chosen[i].name, unseen, orders, legal, cards))
            self.shown[i] = 1
        if self.shown[i] == 1 and fair is not None:
            lines += odds_fair(*fair, cards)
            self.shown[i] = 2
        if self.shown[i] == 2 and odds is not None:
            lines += odds_rest(odds)
            self.shown[i] = 3
        if lines:
            if self.status is not None:
                self.status.clear()
            click.echo("\n".join(lines))

    def close(self) -> None:
        """Clear the status line, for good."""
        if self.status is not None:
            self.status.close()
            self.status = None
        self.wants_status = False

    def finish(self, results: list) -> None:
        """Whatever is left to print of the figures (of a stop: those of each rule set that
        tell something; None where they would not)."""
        for i, result in enumerate(results):
            if result is None:
                continue
            if self.as_json:
                echo_json(odds_record(self.source, result))
                continue
            cards = {a.action: a.card for a in result.actions}
            self._show(i, list(cards), cards, result.unseen, result.orders,
                       (result.fair, {a.action: a.fair for a in result.actions},
                        result.score), result)
