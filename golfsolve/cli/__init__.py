"""The golfsolve command line: click commands only (parse, call, print)."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import click

from golfsolve import __version__
from golfsolve.cli.moves import MoveSource
from golfsolve.cli.play import PlaySession, move_name, replay
from golfsolve.cli.render.views import render_grid, render_solution
from golfsolve.errors import InputError, OutputError
from golfsolve.files import exists, is_dir, piped_lines, read_text
from golfsolve.i18n import LANGUAGES, default_language, describe_position, text
from golfsolve.model.codes import NEGATIVE_NUMBER, out_of_range
from golfsolve.model.deal import DealError, DealSource, resolve
from golfsolve.model.game import Game
from golfsolve.model.rules import EASY, Rules, parse_rules_list, rules_by_name
from golfsolve.odds import DEFAULT_BUDGET, DEFAULT_SAMPLES, MAX_BUDGET, MAX_GAMES, MAX_SAMPLES

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

RULES_HELP = "easy, classic or dead-king (default: the code's letter, else easy)"
LANG_OPTION = click.option(
    "--lang", type=click.Choice(LANGUAGES), default=None,
    help="Language: en, fi, id or tr (default: from LC_ALL, LC_MESSAGES or LANG, else en).",
)


class _Commands(click.Group):
    """The command group. A stop signal inside a command ends it with one line and status 128
    + the signal's number (click on its own prints a blank line and forgets which signal)."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as stop:
            _stderr("golfsolve: interrupted")
            raise click.exceptions.Exit(getattr(stop, "exit_status", 130)) from None


@click.group(
    cls=_Commands,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="DEAL is a game code (GO1-E-AAAAAAB), a PySolFC deal number (1), a board or JSON "
    "file, or - for standard input. Exit status: 0 done (a deal that cannot be won is not an "
    "error), 1 a replay stopped at an illegal move, compare found a solver bug, a worker died "
    "or output could not be written, 2 bad input, 128 + the signal's number when stopped "
    "(130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).",
)
@click.version_option(__version__, prog_name="golfsolve")
def cli() -> None:
    """golfsolve: an exact solver and deal analyser for Golf solitaire."""


def _one_rules(source: DealSource, rules: str | None) -> Rules:
    """--rules, else the rules the input names (its code, or a JSON deal's rules), else Easy."""
    return rules_by_name(rules) if rules is not None else (source.code_rules or EASY)


def _rules_for(source: DealSource, rules: str | None) -> tuple[Rules, ...]:
    return parse_rules_list(rules) if rules is not None else (_one_rules(source, None),)


def _named(source: DealSource, lang: str = "en") -> str:
    """A deal as the user gave it, whatever the rules: its number, or its file."""
    if source.number is not None:
        return text(lang, "deal_number", n=source.number)
    return "stdin" if source.label == "-" else source.label


def _describe(source: DealSource, rules: Rules, lang: str = "en") -> str:
    """A deal under some rules: its game code and number, or its file."""
    code = source.code_for(rules)
    if code and source.number is not None:
        return f"{code} ({text(lang, 'deal_number', n=source.number)})"
    return _named(source, lang)


class WholeNumber(click.IntRange):
    """A whole number in a range; text that is none is named 'not a valid integer' (click's
    own says 'integer range', which reads as if a range were asked for)."""

    name = "integer"


# ----- show ------------------------------------------------------------------------------------
@cli.command()
@click.argument("deal")
@click.option("--rules", help=RULES_HELP)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "grid", "board", "json"]), default="text",
    show_default=True,
    help="text: the rules pages' description; grid: one line a column; board: the board "
    "format; json: JSON.",
)
@LANG_OPTION
def show(deal: str, rules: str | None, fmt: str, lang: str | None) -> int:
    """Show a deal or a position.

    Game codes and numbers name PySolFC's deals: the Golf app's own shuffle is not
    published, so the app's code GO1-E-AAAAAAB and golfsolve's name different cards. To look
    at the app's deal, type its cards into a board file (see the README) and give its path.

    \b
    Examples:
      golfsolve show GO1-E-AAAAAAB
      golfsolve show 42 --format board > deal42.board
      golfsolve show deal42.board --lang fi
      golfsolve show position.board --format json
    """
    source = resolve(deal)
    chosen = _one_rules(source, rules)
    game = Game(source.position, chosen)
    lang = lang or default_language()
    if fmt == "board":
        click.echo(source.position.to_board(), nl=False)
    elif fmt == "json":
        data = {"deal": source.label, "number": source.number, "code": source.code_for(chosen),
                "rules": chosen.name, **source.position.to_dict()}
        _echo_json(data)
    elif fmt == "grid":
        click.echo(render_grid(game, _describe(source, chosen, lang), lang))
    else:
        click.echo(describe_position(game.columns(), game.stock_left, game.waste, lang))
    return EXIT_OK


# ----- solve -----------------------------------------------------------------------------------
@cli.command(epilog="Exit status: 0 when every deal was decided, won or not; 2 bad input.")
@click.argument("deals", nargs=-1, required=True, metavar="DEAL...")
@click.option("--rules", help="easy, classic, dead-king, a comma list, or all "
              "(default: the code's letter, else easy)")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line per (deal, rules).")
@click.option("--fewest-moves", is_flag=True,
              help="Give a win with the fewest moves (draws count); slower on most deals.")
def solve(deals: tuple[str, ...], rules: str | None, as_json: bool, fewest_moves: bool) -> int:
    """Decide deals: winnable or not, a solution, max cards removable, best score.

    A deal that cannot be won gets the line that removes the most cards; its best score is
    the dead-end score of that line. Several deals are solved in one process.

    Game codes and numbers name PySolFC's deals, not the Golf app's (whose shuffle is not
    published): to solve the app's deal, type its cards into a board file and give its path.

    \b
    Examples:
      golfsolve solve GO1-E-AAAAAAB
      golfsolve solve 1 2 3 --rules all --json
      golfsolve solve my.board --rules classic --fewest-moves
    """
    from golfsolve.batch.rows import full_record, solution_row
    from golfsolve.solver import solve_game

    if deals.count("-") > 1:
        raise InputError("standard input can be read only once: give - once")
    sources = [resolve(d) for d in deals]  # all input is checked before any work
    for source in sources:
        _known_stock(source)
    jobs = {}
    for source in sources:
        repeated = []  # (the source given first, rules) of this one's pairs solved already
        for chosen in _rules_for(source, rules):
            key = (source.position, chosen)
            if key in jobs:
                repeated.append((jobs[key][0], chosen))
            jobs.setdefault(key, (source, chosen))
        if repeated:
            name, first = _named(source), _named(repeated[0][0])
            same = ("was given more than once" if name == first else
                    f"holds the same cards as {first}")
            under = ", ".join(r.name for _, r in repeated)
            _stderr(f"golfsolve: note: {name} {same} (under {under} rules); it is solved once")
    for n, (source, chosen) in enumerate(jobs.values()):
        solution = solve_game(Game(source.position, chosen), fewest_moves=fewest_moves)
        if as_json:
            row = solution_row(source.label, source.number, chosen, solution)
            _echo_json(full_record(row, solution.moves))
        else:
            if n:
                click.echo()
            click.echo(render_solution(_describe(source, chosen), solution))
    return EXIT_OK


def _known_stock(source: DealSource) -> None:
    """Refuse a position whose stock is not all known: it cannot be solved, only weighed."""
    unknown = source.position.unknown_slots
    if unknown:
        where = _named(source)  # a file or stdin: a numbered deal's stock is known
        raise InputError(f"{where} has {unknown} unknown stock cards: solving needs the whole "
                         f"stock; golfsolve odds {where} gives the chances")


# ----- odds ------------------------------------------------------------------------------------
@cli.command(epilog="Exit status: 0 done; 2 bad input; 128 + the signal when stopped (the "
             "figures of what was weighed by then are printed).")
@click.argument("deal")
@click.option("--rules", help="easy, classic, dead-king, a comma list, or all "
              "(default: the code's letter, else easy)")
@click.option("--samples", type=WholeNumber(1, MAX_SAMPLES), default=DEFAULT_SAMPLES,
              show_default=True,
              help="Stock orders to sample when there are too many to weigh each.")
@click.option("--seed", type=int, help="Seed for the sampled orders and games: fixed figures.")
@click.option("--budget", type=WholeNumber(1, MAX_BUDGET), default=DEFAULT_BUDGET,
              show_default=True,
              help="Most states for the exact fair value (about half a million a second).")
@click.option("--policy", "games", type=WholeNumber(1, MAX_GAMES), default=None,
              metavar="GAMES",
              help="Also play GAMES games by a policy that does not peek: a lower bound.")
@click.option("--jobs", type=WholeNumber(min=1), default=None,
              help="Worker processes (default: the cores this process may use).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line per rule set.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def odds(deal: str, rules: str | None, samples: int, seed: int | None, budget: int,
         games: int | None, jobs: int | None, as_json: bool, quiet: bool) -> int:
    """The chances of a deal or position for a player who cannot see the stock.

    Every stock card is unseen. It prints, per rule set, the clairvoyant odds (the share of
    the orders of the unseen cards under which it can be won: an upper bound), the exact fair
    value of best play without sight of the stock when it fits in --budget, with --policy the
    win rate of a player who does not peek (a lower bound), the distribution of the most
    cards removable, and each legal move with its own figures and the recommended one.

    \b
    Examples:
      golfsolve odds GO1-C-AAAAAAD --seed 1
      golfsolve odds saved.board --rules all --json
      golfsolve odds position.board --policy 40 --jobs 2
    """
    from golfsolve.odds import Limit, OddsInterrupted, run_odds
    from golfsolve.runners import checked_jobs

    workers = checked_jobs(jobs)
    source = resolve(deal)
    chosen = list(_rules_for(source, rules))
    limit = Limit(samples=samples, budget=budget, seed=seed, games=games or 0)
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
        _stderr("golfsolve: note: stopped early: " + (
            "the figures above are over the stock orders and games weighed by then"
            if any(result is not None for result in results) else
            "too little was weighed for any figure"))
        raise stopped
    return EXIT_OK


def _print_odds(source: DealSource, chosen: list[Rules], results: list, as_json: bool) -> None:
    """Each rule set's figures (None: none to print)."""
    from golfsolve.cli.render.views import render_odds

    printed = 0
    for rules_used, result in zip(chosen, results, strict=True):
        if result is None:
            continue
        if as_json:
            _echo_json(odds_record(source, result))
        else:
            if printed:
                click.echo()
            click.echo(render_odds(_describe(source, rules_used), result))
        printed += 1


def odds_record(source: DealSource, result) -> dict:
    """The JSON of one rule set's figures."""
    return {
        "deal": source.label, "number": source.number,
        "code": source.code_for(result.rules), "rules": result.rules.name,
        "unseen": result.unseen, "orders": result.orders,
        "clairvoyant": result.clairvoyant.to_dict(), "fair": result.fair.to_dict(),
        "policy": None if result.policy is None else result.policy.to_dict(),
        "max_removed": {str(k): v for k, v in sorted(result.max_removed.items())},
        "actions": [{"action": "draw" if a.token == "d" else "remove",
                     "column": None if a.token == "d" else int(a.token),
                     "card": None if a.card is None else str(a.card),
                     "clairvoyant": a.clairvoyant.to_dict(), "fair": a.fair.to_dict()}
                    for a in result.actions],
        "recommended": result.recommended, "recommended_by": result.recommended_by or None,
    }


# ----- play ------------------------------------------------------------------------------------
@cli.command()
@click.argument("deal")
@click.option("--rules", help=RULES_HELP)
@LANG_OPTION
@click.option("--seed", type=int, help="Seed for the order of a position's unseen stock and "
              "for the deals that n picks, to repeat a session.")
def play(deal: str, rules: str | None, lang: str | None, seed: int | None) -> int:
    """Play a deal in the terminal.

    After every move it shows the columns (the free card in brackets), the stock, the waste,
    the score and the move counter. Type a column number 1-7 to remove its free card (or
    column and row, as 1 4, to tap any card), d to draw, u to undo, h for a fair hint (the
    best move without seeing the stock), p to peek (the solver's move, seeing the stock),
    s FILE to save the position as the player sees it (.json: with the rules), n for a new
    deal, ? for the commands, q to quit. Commands can also be piped in on standard input,
    one a line.

    \b
    Examples:
      golfsolve play GO1-C-AAAAAAB
      printf 'd\\n5\\n2\\nq\\n' | golfsolve play my.board --lang fi
    """
    source = resolve(deal)
    chosen = _one_rules(source, rules)
    lang = lang or default_language()
    stdin = sys.stdin
    interactive = stdin.isatty()
    if interactive:
        if hasattr(stdin, "reconfigure"):  # a key it cannot decode is unknown input, no crash
            stdin.reconfigure(errors="replace")
        lines = _typed_lines(text(lang, "prompt"))
    else:
        lines = piped_lines(stdin)
    session = PlaySession(source.position, chosen, _describe(source, chosen, lang), lang,
                          click.echo, seed, interactive)
    try:
        return session.run(lines)
    except KeyboardInterrupt:
        if interactive:
            click.echo("")  # end the prompt's line: the message gets a line of its own
        raise
    finally:
        lines.close()  # now, while standard input is still open


def _typed_lines(prompt: str):
    """Lines typed at a terminal after ``prompt``, with line editing and history where Python
    has readline (arrow keys move in the line, up recalls the last command)."""
    try:
        import readline  # noqa: F401 (loading it is what gives input() its line editing)
    except ImportError:  # Windows: the console's own editing
        pass
    shows = _shown_encoding(sys.stdout)  # input() writes the prompt: what the terminal shows
    prompt = prompt.encode(shows, "replace").decode(shows)
    while True:
        try:
            yield input(prompt)
        except EOFError:  # Ctrl-D: the shell's prompt then starts a line of its own
            click.echo("")
            return


@cli.command(name="replay",
             epilog="Exit status: 0 every move was legal; 1 a move was refused; 2 bad input.")
@click.argument("deal")
@click.argument("moves")
@click.option("--rules", help="easy, classic or dead-king (default: the code's letter, else "
              "the record's rules, else easy)")
@click.option("--format", "fmt", type=click.Choice(["text", "grid", "board", "json"]),
              default="text", show_default=True,
              help="How to print the position reached (board and json read back as positions).")
@LANG_OPTION
def replay_command(deal: str, moves: str, rules: str | None, fmt: str, lang: str | None) -> int:
    """Replay MOVES on a deal and show where they lead.

    MOVES is a line such as 'd 5 2 d', a record that solve --json or a batch's JSON lines hold
    (or a file of such records, or a batch's CSV rows: the one for DEAL and the rules is
    taken), a file holding any of these, or - for standard input. Moves that name their deal
    must be DEAL's (by its name, or by the cards their moves take). It stops at the first move
    the rules refuse and says which move and why.

    \b
    Examples:
      golfsolve replay GO1-E-AAAAAAB 'd 4 d 5 3'
      golfsolve solve 7 --json > sol.json && golfsolve replay 7 sol.json
    """
    if deal == "-" and moves == "-":
        raise DealError("only one of DEAL and MOVES can be read from standard input")
    source = resolve(deal)
    named = rules_by_name(rules) if rules is not None else source.code_rules
    tokens, record_rules = _read_moves(moves).pick(source.number, source.label, named,
                                                    source.position)
    chosen = named or record_rules or EASY
    lang = lang or default_language()
    result = replay(source.position, chosen, tokens)
    game = result.game
    illegal = token = reason = None
    if result.illegal and result.illegal.key == "stock_unknown":  # not the rules: the input
        where = _named(source)  # a file or stdin: a numbered deal's stock is known
        raise InputError(f"move {result.played + 1} draws a stock card that {where} does not "
                         f"name (??): replay needs known cards; golfsolve odds {where} gives "
                         "the chances")
    if result.illegal:
        token = tokens[result.played]
        reason = result.illegal.message(lang)
        illegal = text(lang, "illegal", n=result.played + 1, move=move_name(token, lang),
                       reason=reason)
    if fmt == "json":
        record = {
            "deal": source.label, "number": source.number if not result.played else None,
            "rules": chosen.name, "played": result.played, "status": game.status,
            "cards_removed": game.removed, "score": game.score, "move_count": game.move_count,
            "stock_left": game.stock_left, **game.position().to_dict(),
            "illegal": None if not result.illegal else {
                "move": result.played + 1, "token": token, "reason": reason},
        }
        _echo_json(record)
    elif fmt == "board":
        click.echo(game.position().to_board(), nl=False)
        if illegal:
            _stderr(f"golfsolve: {illegal}")
    else:
        if fmt == "grid":
            click.echo(render_grid(game, _describe(source, chosen, lang), lang))
        else:
            click.echo(describe_position(game.columns(), game.stock_left, game.waste, lang))
        click.echo(text(lang, "summary", removed=game.removed, score=game.score,
                        moves=game.move_count))
        if game.status != "playing":
            click.echo(text(lang, game.status))
        if illegal:
            click.echo(illegal)
    return EXIT_FAILED if result.illegal else EXIT_OK


_PATH_LIKE = re.compile(r"^([^\s\[{]*[/\\]\S*|[\w.-]*[A-Za-z_-][\w-]*\.[A-Za-z]{1,5})$")


def _read_moves(moves: str) -> MoveSource:
    """MOVES as given: standard input, a file, or the moves themselves."""
    if moves == "-":
        return MoveSource.parse(read_text(moves))
    if moves.strip() and is_dir(moves):
        raise InputError(f"{moves} is a directory, not moves or a file of them")
    if moves.strip() and exists(moves):  # a file, or a pipe or device: <(...), /dev/stdin
        return MoveSource.parse(read_text(moves)).read_from(moves)
    try:
        return MoveSource.parse(moves)
    except InputError:
        if _PATH_LIKE.match(moves.strip()):
            raise InputError(f"no such file: {moves}") from None
        raise


# ----- batch, compare, export -----------------------------------------------------------------
DEALS_HELP = """DEALS: deal ranges (1-10000), code ranges (GO1-C-AAAAAAB..GO1-C-AAAABMM), a start
code or number with --count N, board files or globs ('boards/*.board'), or @FILE listing codes,
numbers, ranges or board files one a line (@- from standard input). A code's letter is not
used here: --rules names the rule sets. With --db and no DEALS: the deals the database holds.

Exit status: 0 done; 1 a worker died or output could not be written (the finished results
stay in --db), or compare found a solver bug; 2 bad input; 128 + the signal when stopped
(130 Ctrl-C)."""


def _batch_options(fn):
    for option in reversed([
        click.option("--count", type=WholeNumber(min=1),
                     help="With one start number or code: this many deals from it."),
        click.option("--jobs", type=WholeNumber(min=1), default=None,
                     help="Worker processes (default: the cores this process may use)."),
        click.option("--db", type=click.Path(dir_okay=True),
                     help="SQLite file that keeps every finished result; rerun to resume, "
                     "or run with more deals or rule sets to add to it."),
        click.option("--fewest-moves", is_flag=True, help="Store fewest-moves solutions."),
        click.option("--odds", is_flag=True,
                     help="Also weigh each deal with its stock face down: its clairvoyant "
                     "odds over --samples stock orders (see golfsolve odds)."),
        click.option("--samples", type=WholeNumber(1, MAX_SAMPLES), default=None,
                     help="Stock orders a deal's odds weigh [default: 100]."),
        click.option("--seed", type=int, default=None,
                     help="Seed of the sampled stock orders [default: 0]."),
        click.option("--budget", type=WholeNumber(1, MAX_BUDGET), default=None,
                     help="Also try each deal's exact fair value within this many states."),
        click.option("--dask", "dask_address", metavar="ADDRESS",
                     help="Solve on a Dask cluster (tcp://host:8786) instead of local workers."),
        click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON."),
        click.option("--quiet", is_flag=True, help="No progress bar."),
    ]):
        fn = option(fn)
    return fn


def _echo_json(data: object) -> None:
    """``data`` as one line of JSON on standard output: as it is where the stream takes any
    character, with \\u escapes (the same JSON) where it does not, so that a name is never
    written with a ? in place of a letter."""
    wide = _shown_encoding(sys.stdout).lower().startswith("utf")
    click.echo(json.dumps(data, ensure_ascii=not wide))


def _shown_encoding(stream) -> str:
    """The encoding a text stream can really show: beneath the one a replacing stream tells
    click (see _Replacing)."""
    return getattr(stream, "shows", None) or getattr(stream, "encoding", None) or "ascii"


def _file_names(**given: str | None) -> None:
    """Options that name files (--out="x.csv" as out="x.csv"): each one given names a file
    that will be kept (an empty name would quietly write nothing, ':memory:' a database that
    vanishes)."""
    for name, value in given.items():
        flag = "--" + name
        if value is not None and not value.strip():
            raise InputError(f"{flag} needs a file name")
        if name == "db" and value == ":memory:":
            raise InputError("--db :memory: is SQLite's name for a database that is not kept: "
                             "give a file name")


def _check_out(out: str | None, db: str | None, option: str = "--out") -> None:
    """An output file that is not the database (which writing it would destroy)."""
    from golfsolve.batch.rows import check_out_path, same_file

    _file_names(db=db, **{option[2:]: out})
    if out and option == "--out":
        check_out_path(out)
    if out and db and same_file(out, db):
        raise InputError(f"{option} {out} is the database given to --db: write to another file")


BATCH_SAMPLES = 100  # stock orders a deal's odds weigh in a batch


def _work(fewest_moves: bool, odds: bool, samples: int | None, seed: int | None,
          budget: int | None):
    """What each (deal, rules) of a batch gets, from the options."""
    from golfsolve.batch.run import Work

    if not odds:
        for flag, given in (("--samples", samples), ("--seed", seed), ("--budget", budget)):
            if given is not None:
                raise InputError(f"{flag} goes with --odds")
        return Work(fewest_moves)
    return Work(fewest_moves, samples or BATCH_SAMPLES, seed or 0, budget or 0)


def _run(deals, count, rules, jobs, db, fewest_moves, dask_address, quiet, *, out=None,
         pairs=False, odds=False, samples=None, seed=None, budget=None):
    """Solve (or, with --db and no DEALS, read) a batch; the report of its rows."""
    from golfsolve.batch.deals import DealList
    from golfsolve.batch.rows import RowWriter
    from golfsolve.batch.run import run_batch
    from golfsolve.batch.store import ResultStore
    from golfsolve.cli.render.progress import Progress
    from golfsolve.runners import WorkerError, available_cores, checked_jobs

    chosen = list(parse_rules_list(rules))
    _check_out(out, db)
    if not deals:
        if not db:
            raise InputError("no DEALS given (or --db with stored results to report on)")
        for flag, given in (("--count", count), ("--jobs", jobs), ("--dask", dask_address),
                            ("--fewest-moves", fewest_moves), ("--samples", samples),
                            ("--seed", seed), ("--budget", budget)):
            if given:
                raise InputError(f"{flag} only applies to solving DEALS; with --db alone the "
                                 "stored results are reported")
    if dask_address is not None and not dask_address.strip():
        raise InputError("--dask needs a scheduler's address (like tcp://host:8786)")
    if jobs and dask_address:
        raise InputError("--jobs sets local worker processes and --dask solves on a cluster's "
                         "workers: give one or the other")
    work = _work(fewest_moves, odds, samples, seed, budget)
    deal_list = DealList(deals, count) if deals else None
    cores = available_cores()
    workers = checked_jobs(jobs)
    if workers > cores:
        _stderr(f"golfsolve: note: --jobs {jobs} is more than the {cores} cores this process "
                   "may use; the workers will share them")
    cluster = None  # reached first: a scheduler that cannot be used is bad input, found
    if dask_address and deal_list is not None:  # before the database or --out is touched
        from golfsolve.batch.run import DaskRunner, solve_unit

        cluster = DaskRunner(dask_address, solve_unit)
    store = None
    try:
        store = ResultStore(db, create=deal_list is not None) if db else None
        if store is not None and deal_list is not None:
            store.claim(fewest_moves, work.odds)
        elif store is not None and store.fresh:
            raise InputError(f"{db} holds no golfsolve results")
        # the odds columns too when the database holds odds (a report writes its rows)
        stored_odds = store is not None and store.odds_settings() is not None
        writer = RowWriter(out, odds or stored_odds) if out else None
        try:
            progress = Progress(deal_list.total if deal_list else None,
                                [r.name for r in chosen], not quiet and sys.stderr.isatty())
            try:
                report = run_batch(deal_list, chosen, jobs=workers, dask=cluster,
                                   store=store, work=work, writer=writer, progress=progress,
                                   pairs=pairs, solve=deal_list is not None)
            finally:
                progress.close()
        finally:
            if writer is not None:
                writer.close()
    except KeyboardInterrupt as stop:
        kept = (f"; the finished results are kept in {db}: run the same command again to go on"
                if db else "")
        _stderr(f"golfsolve: interrupted{kept}")
        raise click.exceptions.Exit(getattr(stop, "exit_status", 130)) from None
    except (WorkerError, OutputError) as exc:
        kept = f"; the finished results are kept in {db}" if db else ""
        _stderr(f"golfsolve: error: {exc}{kept}")
        raise click.exceptions.Exit(EXIT_FAILED) from None
    finally:
        if store is not None:
            store.close()
        if cluster is not None:
            cluster.close()
    return chosen, report


@cli.command(epilog=DEALS_HELP)
@click.argument("deals", nargs=-1, metavar="[DEALS]...")
@click.option("--rules", default="easy,classic", show_default=True,
              help="Rule sets: a comma list of easy, classic, dead-king, or all.")
@click.option("--out", type=click.Path(), help="Write one row per (deal, rules) to FILE.csv "
              "or FILE.jsonl, as the rows are finished.")
@_batch_options
def batch(deals, rules, out, count, jobs, db, fewest_moves, odds, samples, seed, budget,
          dask_address, as_json, quiet) -> int:
    """Solve many deals and summarize: win rates with 95% Wilson intervals, mean best score,
    and the distribution of the most cards removable.

    \b
    Examples:
      golfsolve batch 1-10000 --rules all --out results.csv
      golfsolve batch 1-100000 --db runs.sqlite      (interrupt and rerun to resume)
      golfsolve batch GO1-C-AAAAAAB --count 500 --jobs 2 --json
      golfsolve batch --db runs.sqlite --rules all   (report what the database holds)
    """
    from golfsolve.batch.tally import render_repeated, render_summary

    _, report = _run(deals, count, rules, jobs, db, fewest_moves, dask_address, quiet, out=out,
                     odds=odds, samples=samples, seed=seed, budget=budget)
    summaries = report.tally.summaries()
    if as_json:
        _echo_json({"summary": [s.to_dict() for s in summaries], "repeated": report.repeated})
    else:
        click.echo(render_summary(summaries))
        for line in render_repeated(report.repeated):
            click.echo(line)
    return EXIT_OK


@cli.command(epilog=DEALS_HELP)
@click.argument("deals", nargs=-1, metavar="[DEALS]...")
@click.option("--rules", default="easy,classic", show_default=True,
              help="The rule sets to compare (two or more).")
@click.option("--plot", type=click.Path(dir_okay=False),
              help="Draw the max-removed distributions to FILE.png or FILE.svg (matplotlib).")
@_batch_options
def compare(deals, rules, plot, count, jobs, db, fewest_moves, odds, samples, seed, budget,
            dask_address, as_json, quiet) -> int:
    """Compare rule sets on the same deals: win rates with intervals, the 2x2 table of deals
    won under each, mean best scores.

    A deal won only under the stricter rules would be a solver bug: it is reported as an error
    (exit status 1).

    \b
    Examples:
      golfsolve compare 1-1000
      golfsolve compare 1-5000 --rules all --plot removed.png --db cmp.sqlite
      golfsolve compare --db census.sqlite --rules all   (compare what the database holds)
    """
    from golfsolve.batch.tally import render_comparison, render_rates, render_repeated
    from golfsolve.cli.render.plot import PLOT_SUFFIXES, check_plot_path, plot_histograms

    if len(parse_rules_list(rules)) < 2:
        raise click.BadParameter("compare needs two or more rule sets", param_hint="--rules")
    if plot is not None:
        _check_out(plot, db, "--plot")  # a name, and not the database's
        if Path(plot).suffix.lower() not in PLOT_SUFFIXES:
            raise click.BadParameter("writes .png or .svg files", param_hint="--plot")
        check_plot_path(plot)
    _, report = _run(deals, count, rules, jobs, db, fewest_moves, dask_address, quiet,
                     pairs=True, odds=odds, samples=samples, seed=seed, budget=budget)
    summaries = report.tally.summaries()
    tables = report.tally.comparisons()
    if plot:
        plot_histograms(summaries, plot)
    if as_json:
        _echo_json({"summary": [s.to_dict() for s in summaries],
                    "tables": [t.to_dict() for t in tables], "repeated": report.repeated})
    else:
        for line in render_rates(summaries) + render_repeated(report.repeated):
            click.echo(line)
        for table in tables:
            click.echo()
            click.echo(render_comparison(table))
        if plot:
            click.echo(f"\nplot written to {plot}")
    bugs = [t for t in tables if t.only_stricter_count]
    for table in bugs:
        more = table.only_stricter_count - len(table.only_stricter)
        named = ", ".join(table.only_stricter) + (f" and {more} more" if more else "")
        _stderr(f"golfsolve: error: solver bug: won under {table.stricter} but not under "
                   f"{table.easier}: {named}")
    return EXIT_FAILED if bugs else EXIT_OK


@cli.command(epilog="Exit status: 0 done; 1 the out file could not be written; 2 bad input.")
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
    from golfsolve.batch.run import run_batch
    from golfsolve.batch.store import ResultStore

    _check_out(out, db)
    chosen = list(parse_rules_list(rules or "all"))
    deal_list = DealList(deals) if deals else None
    with ResultStore(db, create=False) as store:
        if store.fresh:
            raise InputError(f"{db} holds no golfsolve results")
        with RowWriter(out, store.odds_settings() is not None) as writer:
            run_batch(deal_list, chosen, store=store, writer=writer, solve=False)
    click.echo(f"{writer.count} rows written to {out}")
    return EXIT_OK


# ----- entry point -----------------------------------------------------------------------------
def run(argv: list[str] | None = None) -> int:
    """Run the CLI; every failure becomes one line on stderr and an exit status."""
    try:
        result = cli.main(args=argv, prog_name="golfsolve", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # bare golfsolve: the usual help
        click.echo(exc.format_message(), err=True)  # the help itself, many lines
        return EXIT_USAGE
    except click.UsageError as exc:
        if isinstance(exc, click.NoSuchOption) and NEGATIVE_NUMBER.match(exc.option_name):
            # solve -12: a deal number, which click reads as the short options -1 and -2
            given = argv if argv is not None else sys.argv[1:]
            number = next((arg for arg in given if NEGATIVE_NUMBER.match(arg)
                           and arg.startswith(exc.option_name)), exc.option_name)
            _stderr(f"golfsolve: error: {out_of_range(number)}")
            return EXIT_USAGE
        message = exc.format_message().replace("\n", " ")
        command = exc.ctx.command_path if exc.ctx else "golfsolve"
        _stderr(f"{command}: error: {message} (see --help)")
        return EXIT_USAGE
    except InputError as exc:
        _stderr(f"golfsolve: error: {exc}")
        return EXIT_USAGE
    except click.ClickException as exc:
        _stderr(f"golfsolve: error: {exc.format_message()}")
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt) as stop:
        _stderr("golfsolve: interrupted")
        return getattr(stop, "exit_status", 130)
    except (BrokenPipeError, SystemExit):
        # The reader of stdout went away (| head): not an error. (Click turns that into
        # SystemExit(1); nothing else exits that way when click is not in standalone mode.)
        _drop_stdout()
        return EXIT_OK
    except OutputError as exc:
        _stderr(f"golfsolve: error: {exc}")
        return EXIT_FAILED
    except OSError as exc:  # files and databases report their own errors: this is an output
        code = _write_failed(exc)
        _drop_stdout()
        return code
    return result if isinstance(result, int) else EXIT_OK


def _shortened(message: str) -> str:
    """A message with any run of more than 40 letters and digits (a value pasted by mistake)
    cut to its first 20."""
    return re.sub(r"[0-9A-Za-z]{41,}",
                  lambda m: m.group()[:20] + f"... ({len(m.group())} characters)", message)


def _write_failed(exc: OSError) -> int:
    """Say that output could not be written (a full disk, say): one line, exit status 1."""
    reason = exc.strerror or exc
    _stderr(f"golfsolve: error: {exc.filename}: {reason}" if exc.filename else
            f"golfsolve: error: cannot write standard output: {reason}")
    return EXIT_FAILED


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _stderr(message: str) -> None:
    """One line on stderr: characters that would break it (a newline in a path) escaped, and
    a long run of letters and digits (a value pasted by mistake) shortened."""
    click.echo(_shortened("".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)),
               err=True)


class _Replacing(io.TextIOBase):
    """Standard output as click should see it when it is ASCII: click takes an ASCII stream
    for a misconfigured one and writes UTF-8 beneath it, where this one writes ? instead."""

    encoding = "utf-8"  # what click is told: the text reaches the stream, which replaces

    def __init__(self, stream: io.TextIOWrapper) -> None:
        self._stream = stream
        self.shows = stream.encoding  # what it can really show

    def write(self, text: str) -> int:
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()


def fit_output(stream):
    """Standard output that prints only what it can encode: cards as TS where it cannot show
    suit symbols, ? for any other character it cannot show."""
    from golfsolve.model.cards import use_suit_symbols

    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        use_suit_symbols(False)
    return fit_text_stream(stream)


def fit_text_stream(stream):
    """A text stream that writes ? for each character its encoding cannot show (on an ASCII
    one too, beneath which click would write UTF-8)."""
    import codecs

    encoding = getattr(stream, "encoding", None) or "ascii"
    if hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")
    try:
        ascii_only = codecs.lookup(encoding).name == "ascii"
    except LookupError:
        ascii_only = False
    return _Replacing(stream) if ascii_only else stream


def main() -> None:
    from golfsolve.interrupts import install

    install()
    # Started with stdin or stderr closed (<&-, 2>&-): read nothing, and say nothing there.
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (for the whole run)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:  # started with stdout closed (>&-)
        _stderr("golfsolve: error: standard output is closed")
        sys.exit(EXIT_FAILED)
    sys.stdout = fit_output(sys.stdout)
    sys.stderr = fit_text_stream(sys.stderr)
    code = run()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
    except OSError as exc:
        code = _write_failed(exc)
        _drop_stdout()
    sys.exit(code)
