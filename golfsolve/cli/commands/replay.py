"""golfsolve replay: moves on a deal, and where they lead."""

from __future__ import annotations

import shlex

import click

from golfsolve.cli.inputs import LANG_OPTION, deal_name, describe, read_moves, shortened
from golfsolve.cli.render.views import render_grid
from golfsolve.cli.session import move_name, replay
from golfsolve.cli.streams import EXIT_FAILED, EXIT_OK, echo_board, echo_err, echo_json
from golfsolve.errors import InputError
from golfsolve.model.deal import DealError
from golfsolve.model.i18n import default_language, describe_position, text
from golfsolve.model.rules import EASY, rules_by_name
from golfsolve.model.sources import resolve


@click.command(name="replay",
             epilog="Exit status: 0 every move was legal; 1 a move was refused; 2 bad input.")
@click.argument("deal")
@click.argument("moves")
@click.option("--rules", help="easy, classic, dead-king or strict (default: the code's letter, "
              "else the record's rules, else easy)")
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
    tokens, record_rules = read_moves(moves, source.number).pick(
        source.number, source.label, named, source.position)
    chosen = named or record_rules or EASY
    lang = lang or default_language()
    result = replay(source.position, chosen, tokens)
    game = result.game
    illegal = token = reason = None
    if result.illegal and result.illegal.key == "stock_unknown":  # not the rules: the input
        where = deal_name(source)  # a file or stdin: a numbered deal's stock is known
        raise InputError(f"move {result.played + 1} draws a stock card that {shortened(where)} "
                         "does not name (??): replay needs known cards; golfsolve odds "
                         f"{shlex.quote(where)} gives the chances")
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
        echo_json(record)
    elif fmt == "board":
        echo_board(game.position(), chosen)
        if illegal:
            echo_err(f"golfsolve: {illegal}")
    else:
        if fmt == "grid":
            click.echo(render_grid(game, describe(source, chosen, lang), lang))
        else:
            click.echo(describe_position(game.columns(), game.stock_left, game.waste, lang))
        click.echo(text(lang, "summary", removed=game.removed, score=game.score,
                        moves=game.move_count))
        if game.status != "playing":
            click.echo(text(lang, game.status))
        if illegal:
            click.echo(illegal)
    return EXIT_FAILED if result.illegal else EXIT_OK
