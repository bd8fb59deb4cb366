"""black-hole-solver's face for Golf: its board format, its options in its order, its output.

``golfsolve-bhs`` and ``golfsolve-multi-bhs`` (``golfsolve.cli.bhs``) answer as
``black-hole-solve --game golf`` and ``multi-bhs-solver --game golf`` do, from golfsolve's own
exact search, so that a program written for black-hole-solver (PySolFC's hints, range scripts)
runs unchanged. This module knows the contract, not the command line's streams:

- ``parse_args``: black-hole-solver's options, read left to right as it reads them (``--game
  golf`` turns rank wrapping off; ``--wrap-ranks`` lets a Queen go on a King too), and which of
  golfsolve's rule sets they name: wrap ranks Easy, Queens on Kings Classic, neither dead-king.
- ``read_board``: its board format (``Talon:`` line optional, before or after ``Foundations:``;
  seven column lines, an empty line an empty column) as a golfsolve Position, the cards that
  are not on the board taken as already under the foundation (a game under way).
- ``render``: the lines programs parse (``Solved!``, the moves, the two count lines).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from golfsolve.errors import InputError
from golfsolve.model.actions import Action
from golfsolve.model.cards import FULL_DECK, Card
from golfsolve.model.game import Game, Move
from golfsolve.model.position import COLUMNS, ROWS, Position, PositionError
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, Rules
from golfsolve.model.text import shown

BHS_VERSION = "1.14.0"  # the black-hole-solver whose contract this follows
EXIT_SOLVED, EXIT_UNSOLVED = 0, 255  # black-hole-solver's: 0 and -1 (its 254 never happens)
EXIT_BAD_BOARD = 255  # black-hole-solver exits -1 for a board or file it cannot read
EXIT_USAGE = 2  # golfsolve's: a command line it cannot take (black-hole-solver says -1)

_CARD = re.compile(r"[A23456789TJQK][HCDS]\Z")
TALON, FOUNDATIONS = "Talon: ", "Foundations: "


class UsageError(InputError):
    """A command line golfsolve-bhs cannot take: exit status 2."""


class BoardError(InputError):
    """A board (or board file) that cannot be read or is no Golf position: exit status 255."""


# ----- the options ---------------------------------------------------------------------------
@dataclass
class Settings:
    """What black-hole-solver's options set, in its defaults. ``max_iters``,
    ``iters_display_step`` and ``rank_reach_prune`` are accepted and kept, and change
    nothing: golfsolve's search is exact and always finishes."""

    game: str | None = None
    wrap_ranks: bool = True  # black-hole-solver's default, which --game golf turns off
    queens_on_kings: bool = False
    quiet: bool = False
    display_boards: bool = False
    show_max_played: bool = False
    output: str | None = None
    max_iters: str | None = None
    iters_display_step: str | None = None
    rank_reach_prune: bool = False
    files: list[str] = field(default_factory=list)
    action: str | None = None  # "help" or "version": print that and stop

    @property
    def rules(self) -> Rules:
        """Wrapping ranks lets a Queen go on a King too (black-hole-solver's lib.c)."""
        if self.wrap_ranks:
            return EASY
        return CLASSIC if self.queens_on_kings else DEAD_KING


_FLAGS = {
    "--queens-on-kings": ("queens_on_kings", True),
    "--no-queens-on-kings": ("queens_on_kings", False),
    "--wrap-ranks": ("wrap_ranks", True),
    "--no-wrap-ranks": ("wrap_ranks", False),
    "--quiet": ("quiet", True),
    "--display-boards": ("display_boards", True),
    "--rank-reach-prune": ("rank_reach_prune", True),
    "--show-max-num-played-cards": ("show_max_played", True),
}
_VALUED = {"--output": "output", "--max-iters": "max_iters", "--game": "game",
           "--iters-display-step": "iters_display_step"}


def parse_args(argv: list[str]) -> Settings:
    """black-hole-solver's command line, left to right; the arguments after the options are
    the board files (``-`` standard input). ``--`` ends the options. UsageError for an unknown
    option, a missing value, ``--output`` twice, no ``--game`` or a game other than golf."""
    settings = Settings()
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help", "--version"):
            settings.action = "help" if arg == "-h" else arg[2:]
            return settings
        if arg in _FLAGS:
            name, value = _FLAGS[arg]
            setattr(settings, name, value)
        elif arg in _VALUED:
            value = next(args, None)
            if value is None:
                raise UsageError(f"{arg} requires an argument")
            if arg == "--output" and settings.output is not None:
                raise UsageError("--output can only be given once")
            setattr(settings, _VALUED[arg], value)
            if arg == "--game" and value == "golf":
                settings.wrap_ranks = False  # as black-hole-solver: golf does not wrap
        elif arg == "--":
            settings.files.extend(args)
        elif arg.startswith("-") and arg != "-":
            raise UsageError(f"unknown option {shown(arg)} (see --help)")
        else:
            settings.files.append(arg)
    if settings.game is None:
        raise UsageError("give the game type: --game golf")
    if settings.game != "golf":
        raise UsageError(f"--game {settings.game}: golfsolve solves Golf only (--game golf); "
                         "black-hole-solver solves black_hole and all_in_a_row")
    return settings


# ----- the board -----------------------------------------------------------------------------
def _cards(text: str, lineno: int) -> list[Card]:
    """Cards as black-hole-solver reads them: two characters each (rank A23456789TJQK, suit
    HCDS), separated by spaces, none before the first."""
    if not text:
        return []
    tokens = text.split(" ")
    while len(tokens) > 1 and tokens[-1] == "":  # spaces after the last card
        tokens.pop()
    cards = []
    for position, token in enumerate(tokens, 1):
        if not _CARD.match(token):
            what = "a space" if token == "" else repr(token)
            raise BoardError(f"line {lineno}, card {position}: {what} is not a card (a rank "
                             "A23456789TJQK and a suit HCDS, one space between cards)")
        cards.append(Card.parse(token))
    return cards


def read_board(text: str) -> Position:
    """A board in black-hole-solver's Golf format as a position. Cards that are not on the
    board are taken as under the foundation (a game under way); a duplicate card, an empty
    foundation (``-``) and more than 16 talon cards are refused, which black-hole-solver reads
    as they come. BoardError names the line and the problem."""
    lines = text.split("\n")
    complete = len(lines) - 1  # the part after the last newline is no line to it
    i = 0
    while i < complete and lines[i] == "":
        i += 1

    def line(what: str) -> str:
        if i >= complete:
            raise BoardError(f"line {i + 1}: the board ends before {what}"
                             + (" (its last line has no newline)" if lines[i] else ""))
        return lines[i]

    talon = None
    if line("the Foundations line").startswith(TALON):
        talon = _cards(lines[i][len(TALON):], i + 1)
        i += 1
    found = line("the Foundations line")
    if not found.startswith(FOUNDATIONS):
        raise BoardError(f"line {i + 1}: expected 'Foundations: ' and a card, found "
                         f"{found[:30]!r}")
    card = found[len(FOUNDATIONS):].lstrip(" \t\r\v\f")
    if card[:1] == "-":
        raise BoardError(f"line {i + 1}: an empty foundation (-) is no Golf position: Golf "
                         "always has a card there")
    if not _CARD.match(card[:2]) or card[2:]:
        raise BoardError(f"line {i + 1}: the foundation {shown(card)} is not one card")
    waste = Card.parse(card)
    i += 1
    if talon is None and i < complete and lines[i].startswith(TALON):
        talon = _cards(lines[i][len(TALON):], i + 1)
        i += 1
    columns = []
    for c in range(COLUMNS):
        cards = _cards(line(f"column {c + 1} (an empty column is an empty line)"), i + 1)
        if len(cards) > ROWS:
            raise BoardError(f"line {i + 1}: column {c + 1} has {len(cards)} cards, at most "
                             f"{ROWS}")
        columns.append(tuple(cards))
        i += 1
    return _position(columns, waste, talon or [])


def _position(columns: list[tuple[Card, ...]], waste: Card, talon: list[Card]) -> Position:
    shown = [*talon, waste, *(c for column in columns for c in column)]
    duplicates = sorted(c for c, n in Counter(shown).items() if n > 1)
    if duplicates:
        raise BoardError("duplicate cards: " + " ".join(map(str, duplicates)))
    removed = tuple(c for c in FULL_DECK if c not in set(shown))
    try:
        return Position(tuple(columns), waste, tuple(talon), removed)
    except PositionError as exc:
        raise BoardError(str(exc)) from None


# ----- the output ----------------------------------------------------------------------------
SEPARATOR = "===================="


def board_text(game: Game, show_talon: bool) -> str:
    """The board as ``--display-boards`` shows it: the foundation first, the talon left (its
    line only when the board had a talon), each column after ``:``."""
    lines = [f"Foundations: {game.waste}"]
    if show_talon:
        lines.append("Talon:" + "".join(f" {c}" for c in game.stock[game.stock_pos:]))
    lines += [":" + "".join(f" {c}" for c in column) for column in game.columns()]
    return "\n[START BOARD]\n" + "\n".join(lines) + "\n[END BOARD]\n\n\n"


def move_text(move: Move) -> str:
    """A move as black-hole-solver prints it: its stacks count from 0."""
    what = ("Deal talon" if move.action == "draw"
            else f"Move a card from stack {move.column - 1} to the foundations")
    return f"{what}\n\nInfo: Card moved is {move.card}\n\n\n{SEPARATOR}\n\n"


@dataclass(frozen=True)
class Answer:
    """What the search found, as the output needs it. ``states`` is golfsolve's own count of
    search states, printed on both count lines: not black-hole-solver's figure."""

    solved: bool
    actions: tuple[Action, ...]  # the winning line when solved
    states: int
    most_played: int  # cards golfsolve can move to the foundation from the board, talon too


def answer(position: Position, rules: Rules) -> Answer:
    """Solve ``position`` exactly under ``rules``."""
    from golfsolve import solve

    solution = solve(position, rules)
    # Every talon card can be dealt after the most removals, so the most cards played is the
    # most removed from this board plus the talon (black-hole-solver's figure when it ends).
    most = solution.max_removed - position.removed_from_tableau + len(position.stock)
    actions = solution.actions if solution.winnable else ()
    return Answer(solution.winnable, actions, solution.states, most)


def render(position: Position, rules: Rules, found: Answer, settings: Settings) -> str:
    """What black-hole-solve prints for a board: the verdict, the moves (and boards) unless
    ``quiet``, the two count lines, and with ``show_max_played`` the most cards playable."""
    parts = ["Solved!\n" if found.solved else "Unsolved!\n"]
    if found.solved and not settings.quiet:
        game = Game(position, rules)
        show_talon = bool(position.stock)
        if settings.display_boards:
            parts.append(board_text(game, show_talon))
        for action in found.actions:
            parts.append(move_text(game.play(action)))
            if settings.display_boards:
                parts.append(board_text(game, show_talon))
    parts.append(f"\n\n--------------------\nTotal number of states checked is {found.states}.\n"
                 f"This scan generated {found.states} states.\n")
    if settings.show_max_played:
        parts.append(f"At most {found.most_played} cards could be played.\n")
    return "".join(parts)


HELP = """\
{prog} --game golf [options] {files}

golfsolve's exact Golf solver with black-hole-solver's options and output.
The rules (options are read left to right: the last one wins):
  --game golf             dead-king: no K-A wrap, nothing on a King
                          (sets --no-wrap-ranks)
  --queens-on-kings       Classic: a Queen may go on a King
  --no-queens-on-kings    nothing on a King (the default)
  --wrap-ranks            Easy: K and A are consecutive, and a Queen goes on a
                          King whatever --queens-on-kings says
  --no-wrap-ranks         no K-A wrap (the default once --game golf is given)
Output:
  --quiet                 the verdict and counts only, no moves
  --display-boards        the board before the first move and after each move
  --show-max-num-played-cards
                          add "At most N cards could be played."
  --output FILE           write to FILE instead of standard output
Accepted and without effect (golfsolve always decides, exactly; it is never
Intractable): --max-iters N, --iters-display-step N, --rank-reach-prune
Other:
  -h, --help              this text
  --version               the versions
The count lines give golfsolve's own search states, not black-hole-solver's.
Exit status (each failure one line on standard error):
{exits}
  1    the output could not be written (a full disk, a closed standard output)
  2    a command line golfsolve cannot take
"""
