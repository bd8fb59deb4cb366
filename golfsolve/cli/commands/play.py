"""golfsolve play: a deal in the terminal."""

from __future__ import annotations

import contextlib
import os
import sys
import time

import click

from golfsolve.cli.inputs import (
    LANG_OPTION,
    MEMORY_HELP,
    RULES_HELP,
    Integer,
    MemorySize,
    describe,
    one_rules,
)
from golfsolve.cli.session import END_OF_INPUT, PlaySession
from golfsolve.cli.streams import (
    echo_err,
    fitted_to,
    shown_encoding,
    terminal_width,
    wants_color,
)
from golfsolve.files import exists, piped_lines, same_file
from golfsolve.interrupts import Interrupted, take_ctrl_c
from golfsolve.model.game import Game
from golfsolve.model.i18n import default_language, text
from golfsolve.model.oneline import looks_like_oneline
from golfsolve.model.rules import Rules
from golfsolve.model.sources import DealSource, resolve

KEPT_GAME = "unsaved-game.json"  # the followed game a stop signal ended, kept


@click.command()
@click.argument("deal")
@click.option("--rules", help=RULES_HELP)
@LANG_OPTION
@click.option("--shuffle", is_flag=True,
              help="Deal the unseen stock cards at random, for a game of golfsolve's own, "
              "instead of following the game you play elsewhere.")
@click.option("--seed", type=Integer(), help="Seed for the order --shuffle deals and for the "
              "deals that n picks, to repeat a session.")
@click.option("--color/--no-color", default=None,
              help="Red hearts and diamonds (default: on a terminal, unless NO_COLOR is set).")
@click.option("--memory", type=MemorySize(), default=None,
              help=MEMORY_HELP[:-2] + "; past it a hint weighs sampled stock orders).")
def play(deal: str, rules: str | None, lang: str | None, shuffle: bool, seed: int | None,
         color: bool | None, memory: int | None) -> int:
    """Play a deal in the terminal, or follow the game you play in the app.

    After every move it shows the columns (the free card in brackets), the stock, the waste,
    the score and the move counter. Type a column number 1-7 to remove its free card (or
    column and row, as 1 4, to tap any card), d to draw, u to undo, h for a fair hint (the
    best move without seeing the stock, and what every legal move is worth), p to peek (the
    solver's move, seeing the stock), s FILE to save the position as the player sees it
    (.json: with the rules, the move counter and the moves to undo; X.svg: a picture), fix A
    B where card A was typed wrong and is really B, n for a new deal, ? for the commands, q
    to quit. Commands can also be piped in on standard input, one a line. At a terminal, a first
    hint that takes seconds says how far it is, and Ctrl-C stops the hint, not the game.

    Where the stock is unseen (a layout typed without its stock, a position with ??, a
    saved game), play follows your game: after each draw in the app, type d and the card it
    turned up (d 7H), or d alone and the card when asked. A card you have seen elsewhere is
    refused, saying where it is (when asked, the card is asked for again); u takes the draw
    back.

    DEAL is a game code, a PySolFC number (#N too), msN, kpat:N, solvitaire:N, a board or
    saved file, or the cards you see typed on one line (the stock first, or without it).

    \b
    Examples:
      golfsolve play GO1-C-AAAAAAB
      A="AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C"
      golfsolve play "$A | JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C"
      printf 'd\\n5\\n2\\nq\\n' | golfsolve play my.board --lang fi
    """
    source = resolve(deal)
    chosen = one_rules(source, rules)
    lang = lang or default_language()
    stdin = sys.stdin
    interactive = stdin.isatty()
    if interactive:
        if hasattr(stdin, "reconfigure"):  # a key it cannot decode is unknown input, no crash
            stdin.reconfigure(errors="replace")
        lines = _typed_lines((text(lang, "prompt"), text(lang, "prompt_short")),
                             text(lang, "ctrl_c_at_prompt"))
    else:
        lines = piped_lines(stdin)
    painted = wants_color(sys.stdout, color)
    # a layout typed on one line is its own long name: the board says "the layout you typed"
    title = (text(lang, "layout_typed") if looks_like_oneline(deal) and not exists(deal)
             else describe(source, chosen, lang))
    read_from = deal if deal != "-" and exists(deal) else None
    if read_from is not None and rules is None and source.code_rules is None:
        # a board names no rules: a game saved under others would go on under Easy unsaid
        echo_err("golfsolve: note: " + text(lang, "rules_not_named", path=deal,
                                            rules=text(lang, f"rules_{chosen.name}"),
                                            option="--rules"))
    kept_in = kept_game_path() if interactive else None
    if kept_in is not None and os.path.exists(kept_in) and not (
            read_from is not None and same_file(read_from, kept_in)):
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(kept_in)))
        echo_err("golfsolve: note: " + text(lang, "unsaved_game_note", path=kept_in,
                                            when=when))
    session = PlaySession(source.position, chosen, title, lang,
                          lambda line: _echo(line, painted), seed, interactive,
                          memory, read_from=read_from, shuffle=shuffle,
                          ask=_answer if interactive else None, color=painted,
                          moves=source.moves, game=_resumed(source, chosen, shuffle, lang),
                          kept_in=kept_in)
    try:
        return session.run(lines)
    except KeyboardInterrupt:
        if interactive:
            kept = session.keep_unsaved()  # first: the terminal may be gone (next play says)
            with contextlib.suppress(OSError):
                click.echo("")  # end the prompt's line: the message gets a line of its own
                if kept:
                    echo_err("golfsolve: " + text(lang, "unsaved_game_kept", path=kept_in))
        raise
    finally:
        lines.close()  # now, while standard input is still open


def kept_game_path() -> str:
    """Where a followed game's moves no save held are kept when a stop signal ends it: in
    the user's state directory (XDG_STATE_HOME, else ~/.local/state)."""
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"),
                                                               ".local", "state")
    return os.path.join(state, "golfsolve", KEPT_GAME)


def _resumed(source: DealSource, rules: Rules, shuffle: bool, lang: str) -> Game | None:
    """The saved game ``source`` holds with its undo history behind it, where it has one
    that leads to its position (else a note on stderr: the game takes up where it stands)."""
    if source.history is None or shuffle:
        return None
    try:
        return Game.resumed(source.position, rules, source.moves, source.history)
    except ValueError:
        echo_err("golfsolve: note: " + text(lang, "history_left_out", path=source.label))
        return None


def _typed_lines(prompts: tuple[str, str], after_ctrl_c: str):
    """Lines typed at a terminal after the first of ``prompts``, or the second (short) where
    the terminal, as wide as it is now, leaves less than ten columns to type in after the
    first; with line editing and history where Python has readline (arrow keys move in the
    line, up recalls the last command). Ctrl-C there drops the line and says
    ``after_ctrl_c`` (how to quit or save); a second in a row on an empty line ends the
    game. Ctrl-D is q."""
    try:
        import readline  # (loading it is what gives input() its line editing)
    except ImportError:  # Windows: the console's own editing
        pass
    else:
        if "libedit" not in (readline.__doc__ or ""):  # GNU readline (not macOS's libedit):
            # a byte past ASCII is a character typed, not a meta key that edits the line,
            # where the terminal's encoding is not UTF-8 (a suit symbol under LANG=C)
            for setting in ("input-meta on", "convert-meta off", "output-meta on"):
                readline.parse_and_bind("set " + setting)
    stopped = False  # Ctrl-C was the last thing typed
    while True:
        try:
            full, short = prompts
            fits = len(full) + 10 <= terminal_width()
            line = input(_shown(full if fits else short))
        except EOFError:  # Ctrl-D: as q (a followed game unsaved asks for it again)
            click.echo("")  # (the shell's prompt then starts a line of its own)
            yield END_OF_INPUT
            continue
        except Interrupted as stop:
            typed = _line_typed()  # Ctrl-C on a line typed: only the line goes, as in a shell
            if stopped and not typed:
                raise
            take_ctrl_c(stop)
            stopped = not typed
            click.echo("")
            _echo(after_ctrl_c)
            continue
        stopped = False
        yield line


def _line_typed() -> str:
    """What was on the line being read when it was interrupted (empty where Python has no
    readline to say)."""
    readline = sys.modules.get("readline")
    try:
        return readline.get_line_buffer() if readline is not None else ""
    except AttributeError:  # a readline without it
        return ""


def _echo(message: str, painted: bool = False) -> None:
    """``message`` on standard output; on a terminal, each line broken at spaces to fit its
    width as it is now (a phone's narrow one), not where the terminal would cut a word."""
    click.echo(fitted_to(sys.stdout, message), color=painted)


def _answer(question: str) -> str:
    """A line typed at the terminal after ``question`` (empty at Ctrl-D or Ctrl-C: no
    answer)."""
    try:
        return input(_shown(question))
    except EOFError:
        click.echo("")
        return ""
    except Interrupted as stop:
        take_ctrl_c(stop)
        click.echo("")
        return ""


def _shown(prompt: str) -> str:
    """``prompt`` as the terminal can show it (input() writes it)."""
    shows = shown_encoding(sys.stdout)
    return prompt.encode(shows, "replace").decode(shows)
