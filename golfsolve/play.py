"""Playing and replaying in the terminal: the session logic behind `play` and `replay`."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .codes import MAX_NUMBER, GameCode
from .deal import Deal
from .errors import InputError
from .game import Game, MoveRefused
from .i18n import short_name, text
from .rules import Rules, rules_by_name
from .views import render_grid

# "5" removes column 5's free card; "1 4" (or 1.4, 1:4) taps the card at row 4 of column 1
_CARD_AT = re.compile(r"^(\d+)(?:\s*[ .:,]\s*(\d+))?$")


class MovesError(InputError):
    """MOVES that cannot be read as moves."""


# ----- replay ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveList:
    tokens: tuple[str, ...]  # "d" or "1".."7"
    rules: Rules | None = None  # the rules a solve --json record names


def parse_moves(content: str) -> MoveList:
    """Moves as ``d 5 2 ...`` (spaces or commas), or the JSON that ``solve --json`` prints."""
    stripped = content.strip()
    if not stripped:
        raise MovesError("no moves given")
    if stripped[0] in "[{":
        return _parse_json_moves(stripped)
    tokens = []
    for n, raw in enumerate(stripped.replace(",", " ").split(), 1):
        token = raw.lower()
        if token in ("d", "draw"):
            tokens.append("d")
        elif token.isdigit() and 1 <= int(token) <= 7:
            tokens.append(str(int(token)))
        else:
            raise MovesError(f"move {n}: {raw!r} is not a move (d to draw, 1-7 for a column)")
    return MoveList(tuple(tokens))


def _parse_json_moves(content: str) -> MoveList:
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            raise MovesError("the JSON holds more than one solution: give one line of "
                             "solve --json") from None
        raise MovesError(f"invalid JSON moves: {exc.msg} (line {exc.lineno})") from None
    rules = None
    if isinstance(data, dict):
        if "rules" in data:
            rules = rules_by_name(str(data["rules"]))
        data = data.get("moves")
    if not isinstance(data, list):
        raise MovesError("JSON moves must be a list, or an object with a 'moves' list")
    tokens = []
    for n, move in enumerate(data, 1):
        action = move.get("action") if isinstance(move, dict) else None
        column = move.get("column") if isinstance(move, dict) else None
        if action == "draw":
            tokens.append("d")
        elif action == "remove" and type(column) is int and 1 <= column <= 7:  # not True, 3.0
            tokens.append(str(column))
        else:
            raise MovesError(f"move {n}: {move!r} is not a draw or a removal from column 1-7")
    return MoveList(tuple(tokens), rules)


@dataclass(frozen=True)
class Replay:
    game: Game
    played: int  # moves played before the end or the illegal one
    illegal: MoveRefused | None  # why move played + 1 was refused


def replay(deal: Deal, rules: Rules, tokens: Iterable[str]) -> Replay:
    game = Game(deal, rules)
    played = 0
    for token in tokens:
        try:
            game.play(token)
        except MoveRefused as refused:
            return Replay(game, played, refused)
        played += 1
    return Replay(game, played, None)


def move_name(token: str, lang: str) -> str:
    return text(lang, "move_draw") if token == "d" else text(lang, "move_column", column=token)


# ----- play ------------------------------------------------------------------------------------
class PlaySession:
    """An interactive game: reads commands line by line, writes what a player sees."""

    def __init__(self, game: Game, title: str, lang: str, out: Callable[[str], None],
                 seed: int | None = None, prompt: Callable[[], None] | None = None) -> None:
        self.game = game
        self.title = title
        self.lang = lang
        self.out = out
        self.interactive = prompt is not None
        self.prompt = prompt or (lambda: None)
        self.rng = random.Random(seed)

    def say(self, key: str, **params: object) -> None:
        self.out(text(self.lang, key, **params))

    def show(self) -> None:
        if self.interactive:
            self.out("")  # on a terminal, a blank line between one board and the next
        self.out(render_grid(self.game, self.title, self.lang))

    def run(self, lines: Iterable[str]) -> int:
        self.show()
        self.prompt()
        for line in lines:
            command = line.strip().lower()
            if command in ("q", "quit"):
                return 0
            if command:
                self.handle(command)
            self.prompt()
        return 0

    def handle(self, command: str) -> None:
        game = self.game
        target = _CARD_AT.match(command)
        try:
            if target:
                row = target.group(2)
                game.remove(int(target.group(1)), int(row) if row else None)
            elif command in ("d", "draw"):
                game.draw()
            elif command in ("u", "undo"):
                game.undo()
            elif command in ("h", "hint"):
                self.hint()
                return
            elif command in ("n", "new"):
                self.new_deal()
                return
            else:
                self.say("unknown_input", text=command)
                return
        except MoveRefused as refused:
            self.out(refused.message(self.lang))
            return
        self.show()
        if game.status == "won":
            self.say("won")
        elif game.status == "stuck":
            self.say("stuck")
        if game.status != "playing":
            self.say("final_score", score=game.score)
            self.say("after_end")

    def hint(self) -> None:
        from .solver import solve_game

        if self.game.status == "won":
            self.out(MoveRefused("game_over").message(self.lang))
            return
        solution = solve_game(self.game)
        if not solution.winnable:
            self.say("hint_lost", more=solution.max_removed - self.game.removed)
            return
        move = solution.moves[0]
        if move.action == "draw":
            what = text(self.lang, "hint_draw")
        else:
            what = text(self.lang, "hint_column", column=move.column,
                        card=short_name(move.card, self.lang))
        self.say("hint_move", move=what)

    def new_deal(self) -> None:
        number = self.rng.randint(1, MAX_NUMBER)
        rules = self.game.rules
        self.game = Game(Deal.from_number(number), rules)
        code = str(GameCode(rules, number)) if rules.letter else f"deal {number}"
        self.title = f"{code} (deal {number})" if rules.letter else code
        self.say("new_deal", code=code)
        self.show()
