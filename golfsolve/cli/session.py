"""Playing and replaying in the terminal: the session logic behind `play` and `replay`."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from golfsolve.cli.render.views import render_grid
from golfsolve.files import same_file
from golfsolve.model.actions import Action, best_of
from golfsolve.model.cards import Card
from golfsolve.model.codes import MAX_NUMBER, GameCode
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused
from golfsolve.model.i18n import short_name, text
from golfsolve.model.position import Position
from golfsolve.model.rules import EASY, Rules

# "5" removes column 5's free card; "1 4" (or 1.4, 1:4) taps the card at row 4 of column 1
_CARD_AT = re.compile(r"^([0-9]{1,6})(?:\s*[ .:,]\s*([0-9]{1,6}))?$")  # longer: not a move


# ----- replay ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Replay:
    game: Game
    played: int  # moves played before the end or the illegal one
    illegal: MoveRefused | None  # why move played + 1 was refused


def replay(start: Deal | Position, rules: Rules, tokens: Iterable[str]) -> Replay:
    game = Game(start, rules)
    played = 0
    for token in tokens:
        try:
            game.play(token)
        except MoveRefused as refused:
            return Replay(game, played, refused)
        played += 1
    return Replay(game, played, None)


def move_name(token: str, lang: str) -> str:
    if Action.from_token(token).is_draw:
        return text(lang, "move_draw")
    return text(lang, "move_column", column=token)


# ----- play ------------------------------------------------------------------------------------
HINT_LIMIT_SAMPLES = 200  # stock orders a hint weighs when the exact value is out of reach
HINT_BUDGET = 500_000  # expectimax states for a hint's exact value
HINT_SEED = 0  # a hint depends on what the player sees, never on the session


class PlaySession:
    """An interactive game: reads commands line by line, writes what a player sees. The stock
    stays face down: unknown stock cards of a position are dealt at random (``seed``)."""

    def __init__(self, start: Position, rules: Rules, title: str, lang: str,
                 out: Callable[[str], None], seed: int | None = None,
                 interactive: bool = False, memory: int | None = None,
                 read_from: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.game = Game(self._dealt(start), rules)
        self.title = title
        self.lang = lang
        self.out = out
        self.interactive = interactive  # on a terminal, whose reader shows the prompt
        self._fair_table = None  # (its game's arrays and rules, the table): hints at once
        self.memory = memory  # bytes the fair value may use (None: 80% of the free memory)
        self._refused = False  # the last exact hint needed more than that
        self.read_from = read_from  # the file the deal came from: never saved over

    def _dealt(self, start: Position) -> Position:
        unseen = list(start.unseen)
        return start.with_stock(self.rng.sample(unseen, len(unseen))) if unseen else start

    def say(self, key: str, **params: object) -> None:
        self.out(text(self.lang, key, **params))

    def show(self) -> None:
        if self.interactive:
            self.out("")  # on a terminal, a blank line between one board and the next
        self.out(render_grid(self.game, self.title, self.lang))

    def run(self, lines: Iterable[str]) -> int:
        self.show()
        self.say_if_over()  # a position loaded at its end
        for line in lines:
            command = line.strip()
            if command.lower() in ("q", "quit"):
                return 0
            if command:
                self.handle(command)
        return 0

    def handle(self, line: str) -> None:
        game = self.game
        command = line.lower()
        target = _CARD_AT.match(command)
        word, _, rest = line.partition(" ")
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
            elif command in ("p", "peek"):
                self.peek()
                return
            elif word.lower() in ("s", "save"):
                self.save(rest.strip())
                return
            elif command in ("?", "help"):
                self.say("help")
                return
            elif command in ("n", "new"):
                self.new_deal()
                return
            else:
                self.say("unknown_input", text=line if len(line) <= 40 else line[:40] + "...")
                return
        except MoveRefused as refused:
            self.out(refused.message(self.lang))
            return
        self.show()
        self.say_if_over()

    def say_if_over(self) -> None:
        """The end message and final score, when the game is over."""
        status = self.game.status
        if status == "won":
            self.say("won")
        elif status == "stuck":
            self.say("stuck")
        if status != "playing":
            self.say("final_score", score=self.game.score)
            self.say("after_end")

    def _over(self) -> bool:
        if self.game.status != "playing":
            self.say("game_over" if self.game.status == "won" else "stuck")
            return True
        return False

    def _move_name(self, action: Action, card: Card | None) -> str:
        if action.is_draw:
            return text(self.lang, "hint_draw")
        return text(self.lang, "hint_column", column=action.column,
                    card=short_name(card, self.lang))

    def hint(self) -> None:
        """The best action for what the player sees: by the exact fair value where it can be
        had, else by the clairvoyant odds of each action; it never looks at the stock."""
        from golfsolve.odds import Limit, odds

        if self._over():
            return
        view = self.game.position().hidden()
        exact = self._exact_hint(view)
        if exact is not None:
            action, value = exact
            card = None if action.is_draw else self.game.free_card(action.column)
            self.say("hint_fair", move=self._move_name(action, card), value=_percent(value))
            return
        # the layers were just found too large: the fallback does not try them again
        memory = 0 if self._refused else self.memory
        result = odds(view, self.game.rules, Limit(samples=HINT_LIMIT_SAMPLES,
                                                   budget=HINT_BUDGET, memory=memory,
                                                   seed=HINT_SEED))
        best = next(a for a in result.actions if a.action == result.recommended)
        move = self._move_name(best.action, best.card)
        if result.recommended_by == "fair value":
            self.say("hint_fair", move=move, value=_percent(best.fair.value))
        else:
            key = "hint_odds" if self.game.rules.draw_any_time else "hint_odds_strict"
            self.say(key, move=move, value=_percent(best.clairvoyant.value))

    def _exact_hint(self, view: Position) -> tuple[Action, Fraction] | None:
        """(action, exact value) of the best action by layers, the stock wholly unseen; the
        first hint of a game keeps its table, which answers the later ones at once. None when
        there is no stock left, it does not fit in memory, or the rules draw only when stuck
        (the layers assume draws at any time)."""
        from golfsolve.packing import position_arrays
        from golfsolve.stock_fair import NeedsMemory, stock_fair

        self._refused = False
        col_ranks, heights, waste_rank, stock, unseen = position_arrays(view)
        if not stock.size or stock.any() or not self.game.rules.draw_any_time:
            return None
        key = (col_ranks.tobytes(), self.game.rules.name)
        result = None
        if self._fair_table is not None and self._fair_table[0] == key:
            result = self._fair_table[1].position(heights, waste_rank, unseen)
        if result is None:
            if self.interactive:  # a pause of seconds, for some Easy deals minutes: say why
                from golfsolve.cli.streams import echo_err

                echo_err("golfsolve: note: working out the exact value of every position this "
                         "game can reach, once (seconds; minutes for some Easy deals)")
            try:
                result = stock_fair(col_ranks, heights, waste_rank, unseen,
                                    self.game.rules.fits_table(), limit=self.memory, keep=True)
            except NeedsMemory:
                self._refused = True
                return None
            if result.table is not None:
                self._fair_table = (key, result.table)
        values = {action: Fraction(w, result.orders) for action, w in result.actions.items()}
        best = best_of(values, values.__getitem__)
        return best, values[best]

    def peek(self) -> None:
        """The solver's next move, looking at the stock (and saying so)."""
        from golfsolve.solver import solve_game

        if self._over():
            return
        solution = solve_game(self.game)
        move = self._move_name(solution.actions[0], solution.moves[0].card)
        if solution.winnable:
            self.say("peek_move", move=move)
        else:
            more = solution.max_removed - self.game.removed
            self.say("peek_lost_one" if more == 1 else "peek_lost", move=move, more=more)

    def save(self, path: str) -> None:
        """Write the position as the player sees it (stock face down): to a ``.json`` file as
        a JSON deal that names the rules, to any other as a board file."""
        if not path:
            self.say("save_usage")
            return
        if self.read_from is not None and same_file(path, self.read_from):
            self.say("save_over_deal", path=repr(path)[1:-1])
            return
        position = self.game.position().hidden()
        if path.lower().endswith(".json"):
            text = json.dumps({**position.to_dict(), "rules": self.game.rules.name}) + "\n"
        else:
            text = position.to_board()
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            self.say("save_failed", path=repr(path)[1:-1], reason=getattr(exc, "strerror", None)
                     or exc)
            return
        if path.lower().endswith(".json") or self.game.rules == EASY:  # Easy: the default
            self.say("saved", path=path)
        else:
            self.say("saved_without_rules", path=path, option=f"--rules {self.game.rules.name}")

    def new_deal(self) -> None:
        number = self.rng.randint(1, MAX_NUMBER)
        rules = self.game.rules
        self.game = Game(Deal.from_number(number), rules)
        deal = text(self.lang, "deal_number", n=number)
        code = str(GameCode(rules, number)) if rules.letter else deal
        self.title = f"{code} ({deal})" if rules.letter else code
        self.say("new_deal", code=code)
        self.show()


def _percent(value) -> str:
    return f"{100 * float(value):.1f}%"
