"""The golfsolve command line: click commands only (parse, call, print)."""

from __future__ import annotations

import json
import sys

import click

from . import __version__
from .deal import DealSource, resolve
from .errors import InputError
from .game import Game
from .i18n import LANGUAGES, default_language, describe_position
from .rules import EASY, Rules, parse_rules_list, rules_by_name

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

RULES_HELP = "easy, classic or dead-king (default: the code's letter, else easy)"
LANG_OPTION = click.option(
    "--lang", type=click.Choice(LANGUAGES), default=None,
    help="Language: en, fi, id or tr (default: from LANG, else en).",
)


@click.group(
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="DEAL is a game code (GO1-E-AAAAAAB), a PySolFC deal number (1), a board or JSON "
    "file, or - for standard input. Exit status: 0 done (a deal that cannot be won is not an "
    "error), 1 a replay stopped at an illegal move, 2 bad input.",
)
@click.version_option(__version__, prog_name="golfsolve")
def cli() -> None:
    """golfsolve: an exact solver and deal analyser for Golf solitaire."""


def _rules_for(source: DealSource, rules: str | None) -> tuple[Rules, ...]:
    if rules:
        return parse_rules_list(rules)
    return (source.code_rules or EASY,)


def _describe(source: DealSource, rules: Rules) -> str:
    code = source.code_for(rules)
    if code and source.number is not None:
        return f"{code} (deal {source.number})"
    if source.number is not None:
        return f"deal {source.number}"
    return "stdin" if source.label == "-" else source.label


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
    """Show a deal.

    \b
    Examples:
      golfsolve show GO1-E-AAAAAAB
      golfsolve show 42 --format board > deal42.board
      golfsolve show deal42.board --lang fi
    """
    source = resolve(deal)
    chosen = rules_by_name(rules) if rules else (source.code_rules or EASY)
    game = Game(source.deal, chosen)
    lang = lang or default_language()
    if fmt == "board":
        click.echo(source.deal.to_board(), nl=False)
    elif fmt == "json":
        data = {"deal": source.label, "number": source.number, "code": source.code_for(chosen),
                "rules": chosen.name, **source.deal.to_dict()}
        click.echo(json.dumps(data, ensure_ascii=False))
    elif fmt == "grid":
        click.echo(render_grid(game, _describe(source, chosen), lang))
    else:
        click.echo(describe_position(game.columns(), game.stock_left, game.waste, lang))
    return EXIT_OK


def render_grid(game: Game, title: str, lang: str = "en") -> str:
    from .i18n import count_cards, text

    lines = [f"{title}, {game.rules.name} rules" if title else f"{game.rules.name} rules"]
    stock = text(lang, "stock_line", cards=count_cards(game.stock_left, lang),
                 waste=game.waste.pretty)
    lines.append(f"{stock}  {text(lang, 'score')}: {game.score}  "
                 f"{text(lang, 'moves')}: {game.move_count}")
    for c, column in enumerate(game.columns(), 1):
        cards = [card.pretty for card in column]
        if cards:
            cards[-1] = f"[{cards[-1]}]"
        lines.append(f"  {c}: " + " ".join(cards))
    return "\n".join(lines)


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

    \b
    Examples:
      golfsolve solve GO1-E-AAAAAAB
      golfsolve solve 1 2 3 --rules all --json
      golfsolve solve my.board --rules classic --fewest-moves
    """
    from .solver import solve_game

    sources = [resolve(d) for d in deals]  # all input is checked before any work
    jobs = [(s, r) for s in sources for r in _rules_for(s, rules)]
    for n, (source, chosen) in enumerate(jobs):
        solution = solve_game(Game(source.deal, chosen), fewest_moves=fewest_moves)
        if as_json:
            click.echo(json.dumps(solution_record(source, solution), ensure_ascii=False))
        else:
            if n:
                click.echo()
            click.echo(render_solution(_describe(source, chosen), solution))
    return EXIT_OK


def solution_record(source: DealSource, solution) -> dict:
    return {
        "deal": source.label,
        "number": source.number,
        "rules": solution.rules.name,
        "winnable": solution.winnable,
        "max_removed": solution.max_removed,
        "best_score": solution.best_score,
        "moves": [
            {"move": i, "action": m.action, "column": m.column, "card": str(m.card)}
            for i, m in enumerate(solution.moves, 1)
        ],
        "states": solution.states,
        "seconds": round(solution.seconds, 6),
    }


def render_solution(title: str, solution) -> str:
    draws = sum(1 for m in solution.moves if m.action == "draw")
    removals = len(solution.moves) - draws
    head = f"{title}, {solution.rules.name} rules: "
    if solution.winnable:
        fewest = ", the fewest possible" if solution.fewest_moves else ""
        head += (f"winnable in {len(solution.moves)} moves "
                 f"({removals} removals, {draws} draws{fewest})")
        intro = "Solution:"
    else:
        head += "cannot be won"
        intro = f"Best line ({solution.max_removed} of 35 removed, then no more moves):"
    lines = [head, intro]
    width = len(str(len(solution.moves)))
    lines += [f"  {i:>{width}}. {m}" for i, m in enumerate(solution.moves, 1)]
    lines.append(
        f"Max removed: {solution.max_removed} of 35. Best score: {solution.best_score}. "
        f"({solution.states:,} states, {solution.seconds:.3f} s)"
    )
    return "\n".join(lines)


# ----- entry point -----------------------------------------------------------------------------
def run(argv: list[str] | None = None) -> int:
    """Run the CLI; every failure becomes one line on stderr and an exit status."""
    try:
        result = cli.main(args=argv, prog_name="golfsolve", standalone_mode=False)
    except click.UsageError as exc:
        message = exc.format_message().replace("\n", " ")
        command = exc.ctx.command_path if exc.ctx else "golfsolve"
        click.echo(f"{command}: error: {message} (see --help)", err=True)
        return EXIT_USAGE
    except InputError as exc:
        click.echo(f"golfsolve: error: {exc}", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        click.echo(f"golfsolve: error: {exc.format_message()}", err=True)
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        click.echo("golfsolve: interrupted", err=True)
        return 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (| head): not an error
        return EXIT_OK
    return result if isinstance(result, int) else EXIT_OK


def main() -> None:
    sys.exit(run())
