"""Playing and replaying in the terminal: the session logic behind `play` and `replay`."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .codes import MAX_NUMBER, GameCode
from .deal import Deal
from .game import Game, MoveRefused
from .i18n import short_name, text
from .rules import Rules
from .views import render_grid

# "5" removes column 5's free card; "1 4" (or 1.4, 1:4) taps the card at row 4 of column 1
_CARD_AT = re.compile(r"^([0-9]+)(?:\s*[ .:,]\s*([0-9]+))?$")


# ----- replay ----------------------------------------------------------------------------------
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
            more = solution.max_removed - self.game.removed
            self.say("hint_lost_one" if more == 1 else "hint_lost", more=more)
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
