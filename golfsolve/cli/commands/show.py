"""golfsolve show: a deal or a position."""

from __future__ import annotations

import sys

import click

from golfsolve.cli.inputs import LANG_OPTION, RULES_HELP, describe, one_rules
from golfsolve.cli.render.views import fitted_markup, render_grid
from golfsolve.cli.streams import EXIT_OK, echo_board, echo_json, wants_color
from golfsolve.model.game import Game
from golfsolve.model.i18n import default_language, describe_position
from golfsolve.model.sources import resolve


@click.command()
@click.argument("deal")
@click.option("--rules", help=RULES_HELP)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "grid", "board", "json", "line", "svg"]),
    default="grid", show_default=True,
    help="grid: the board as the app lays it out; text: the rules pages' sentences (for a "
    "screen reader); board: the board format; json: JSON; line: the layout on one line, as a "
    "DEAL argument takes it; svg: the board as the app lays it out, drawn as an SVG picture "
    "(each card named for a search or a screen reader, in --lang).",
)
@click.option("--color/--no-color", default=None,
              help="Paint hearts and diamonds red in the grid (default: on a terminal, unless "
              "NO_COLOR is set).")
@LANG_OPTION
def show(deal: str, rules: str | None, fmt: str, color: bool | None, lang: str | None) -> int:
    """Show a deal or a position: the seven columns side by side, each from the top
    down with its free card in brackets, and beside them the stock's count, the waste card,
    the score and the moves.

    Game codes and numbers name PySolFC's deals: the Golf app's own shuffle is not
    published, so the app's code GO1-E-AAAAAAB and golfsolve's name different cards. To look
    at the app's deal, type the cards you see on one line: the waste card, then each column
    from the top down, separated by | (see the README).

    \b
    Examples:
      golfsolve show GO1-E-AAAAAAB
      golfsolve show 42 --format board > deal42.board
      golfsolve show 42 --format svg > deal42.svg
      golfsolve show deal42.board --lang fi --format text
      golfsolve show position.board --format json
      A="AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C"
      golfsolve show "$A | JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C"
    """
    source = resolve(deal)
    chosen = one_rules(source, rules)
    game = Game(source.position, chosen, source.moves)
    lang = lang or default_language()
    if fmt in ("board", "line"):
        echo_board(source.position, chosen, one_line=fmt == "line")
    elif fmt == "json":
        data = {"deal": source.label, "number": source.number, "code": source.code_for(chosen),
                "rules": chosen.name, **source.position.to_dict()}
        if source.moves is not None:  # a saved game's counter, kept
            data["moves"] = source.moves
        echo_json(data)
    elif fmt == "grid":
        painted = wants_color(sys.stdout, color)
        # click drops escapes on what is no terminal unless told: --color into a pipe keeps them
        click.echo(render_grid(game, describe(source, chosen, lang), lang, painted, sys.stdout),
                   color=painted)
    elif fmt == "svg":
        from golfsolve.pictures.board import board_svg

        click.echo(fitted_markup(board_svg(game, lang), sys.stdout))
    else:
        click.echo(describe_position(game.columns(), game.stock_left, game.waste, lang))
    return EXIT_OK
