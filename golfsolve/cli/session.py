"""Playing and replaying in the terminal: the session logic behind `play` and `replay`."""

from __future__ import annotations

import contextlib
import enum
import json
import os
import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from golfsolve.cli.hints import HintTables
from golfsolve.cli.render.views import render_grid
from golfsolve.files import same_file
from golfsolve.model.actions import Action, best_of
from golfsolve.model.cards import (
    Card,
    CardError,
    ace_meant,
    as_typed,
    is_rank,
    is_suit,
    rank_of,
    typed_like,
)
from golfsolve.model.codes import MAX_NUMBER, GameCode
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused
from golfsolve.model.i18n import chance_text, number_text, short_name, text
from golfsolve.model.position import Position
from golfsolve.model.rules import EASY, Rules

# "5" removes column 5's free card; "1 4" (or 1.4, 1:4) taps the card at row 4 of column 1
_CARD_AT = re.compile(r"^([0-9]{1,6})(?:\s*[ .:,]\s*([0-9]{1,6}))?$")  # longer: not a move
END_OF_INPUT = "\x04"  # what the terminal's reader gives for Ctrl-D: as q, said so
# the commands' words, which at the draw's question are no card
_COMMAND_WORDS = frozenset(("u", "undo", "h", "hint", "p", "peek", "s", "save", "?", "help", "n",
                            "new", "q", "quit", "fix"))


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


class SaveKind(enum.Enum):
    """What ``s FILE`` writes, by the file's suffix."""

    GAME = "game"  # .json: the position, the rules, the move counter and the undo history
    PICTURE = "picture"  # .svg: the board as show --format svg draws it
    BOARD = "board"  # any other name: the position as a board file


# suffixes of files golfsolve (or anything a player has) reads as something else: a save
# written under one of them would look like what it is not
FOREIGN_SUFFIXES = frozenset((".csv", ".jsonl", ".sqlite", ".sqlite3", ".db", ".py", ".html",
                              ".htm", ".png", ".jpg", ".jpeg", ".gif", ".pdf", ".md", ".kpat",
                              ".xml"))


def typed_path(typed: str) -> str:
    """The file a player named after ``s``, as a shell would read it: quotes around the whole
    name taken off (``"my game.json"``), a leading ``~`` the home directory."""
    path = typed.strip()
    if len(path) >= 2 and path[0] == path[-1] and path[0] in "'\"":
        path = path[1:-1]
    return os.path.expanduser(path) if path.startswith("~") else path


def save_kind(path: str) -> SaveKind | None:
    """What a save to ``path`` writes; None where its suffix names another kind of file."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".json":
        return SaveKind.GAME
    if suffix == ".svg":
        return SaveKind.PICTURE
    return None if suffix in FOREIGN_SUFFIXES else SaveKind.BOARD


class PlaySession:
    """An interactive game: reads commands line by line, writes what a player sees.

    Where the stock is unseen (a layout typed without its stock, a position with ``??``, a
    saved game) the session follows the player's own game: each draw names the card it
    turned up (``d 7H``, or ``d`` and the card when asked). With ``shuffle`` it deals the
    unseen cards at random instead (``seed``), for a game of its own."""

    def __init__(self, start: Position, rules: Rules, title: str, lang: str,
                 out: Callable[[str], None], seed: int | None = None,
                 interactive: bool = False, memory: int | None = None,
                 read_from: str | None = None, shuffle: bool = False,
                 ask: Callable[[str], str] | None = None, color: bool = False,
                 moves: int | None = None, game: Game | None = None,
                 kept_in: str | None = None) -> None:
        self.rng = random.Random(seed)
        # a saved game taken up with its undo history, else a game from start
        self.game = game or Game(self._dealt(start) if shuffle else start, rules, moves)
        self.title = title
        self.lang = lang
        self.out = out
        self.interactive = interactive  # on a terminal, whose reader shows the prompt
        self.hints = HintTables(memory)
        self.read_from = read_from  # the file the deal came from: never saved over
        # taken up from a file without an undo history: nothing before its position to undo
        self._no_history = read_from is not None and game is None
        # where a followed game's unsaved moves are kept when a stop signal ends the game
        self.kept_in = kept_in
        self._ask = ask  # asks a question at the terminal (None: the next line answers it)
        self._lines: Iterator[str] = iter(())
        self.color = color  # red hearts and diamonds on the board
        self._leaving = False  # n given once in a followed game: the next n leaves it
        self._overwriting: str | None = None  # s FILE refused for an existing FILE, just before
        self._saved: list[str] = []  # the files this game has saved to (written over freely)
        self._kept = self._state()  # the game as last saved (or as it came): q loses nothing
        # stock slots whose draw was undone, and the card it turned up: the app puts an undone
        # draw's card back on the stock, so the next draw there turns it up again
        self._undrawn: dict[int, Card] = {}
        self._next: list[str] = []  # commands to run before the next line is read

    def _dealt(self, start: Position) -> Position:
        unseen = list(start.unseen)
        return start.with_stock(self.rng.sample(unseen, len(unseen))) if unseen else start

    def say(self, key: str, **params: object) -> None:
        self.out(text(self.lang, key, **params))

    def show(self) -> None:
        if self.interactive:
            self.out("")  # on a terminal, a blank line between one board and the next
        self.out(render_grid(self.game, self.title, self.lang, self.color,
                             sys.stdout if self.interactive else None))

    def run(self, lines: Iterable[str]) -> int:
        self._lines = iter(lines)
        self.show()
        if self.game.unseen:
            self.say("follow")
        self.say_if_over()  # a position loaded at its end
        quitting = False  # q said once already, just before, and the game not saved
        for line in self._commands():
            command = line.strip()
            if command.lower() in ("q", "quit") or line == END_OF_INPUT:
                if quitting or not self._quit_loses_moves():
                    return 0
                quitting = True
                self.say("quit_unsaved_eof" if line == END_OF_INPUT else "quit_unsaved")
                continue
            quitting = False
            if command:
                self.handle(command)
        return 0

    def _commands(self) -> Iterator[str]:
        """The lines read, each followed by the commands its handling left to run next (q
        answered to the draw's question)."""
        for line in self._lines:
            yield line
            while self._next:
                yield self._next.pop(0)

    def _state(self) -> tuple:
        return self.game.position(), self.game.move_count

    def _quit_loses_moves(self) -> bool:
        """Whether quitting now, at a terminal, would lose moves of a followed game under
        way (the player's own game, which only this session knows) that no save holds."""
        return (self.interactive and bool(self.game.start.unknown_slots)
                and self.game.status == "playing" and self._state() != self._kept)

    def ask(self, key: str) -> str:
        """The answer to a question (the text ``key``): typed at the terminal, or the next
        line read (the question shown first); empty at the end of the input."""
        question = text(self.lang, key)
        if self._ask is not None:
            return self._ask(question).strip()
        self.out(question.rstrip())
        return next(self._lines, "").strip()

    def handle(self, line: str) -> None:
        game = self.game
        leaving, self._leaving = self._leaving, False  # n said once already, just before
        overwriting, self._overwriting = self._overwriting, None  # so too s FILE
        command = line.lower()
        target = _CARD_AT.match(command)
        word, _, rest = line.partition(" ")
        try:
            if target:
                row = target.group(2)
                game.remove(int(target.group(1)), int(row) if row else None)
            elif word.lower() in ("d", "draw") or _drawn_card(line) is not None:
                named = rest.strip() if word.lower() in ("d", "draw") else line[1:]
                if not self.draw(named):
                    return
            elif command in ("u", "undo"):
                self._undo()
            elif word.lower() == "fix":
                if not self.fix(rest.strip()):
                    return
            elif command in ("h", "hint"):
                self.hint()
                return
            elif command in ("p", "peek"):
                self.peek()
                return
            elif word.lower() in ("s", "save"):
                path = typed_path(rest)
                self.save(path, confirmed=path == overwriting)
                return
            elif command in ("?", "help"):
                self.say("help")
                return
            elif command in ("n", "new"):
                if self.game.start.unknown_slots and not leaving:  # the player's own game
                    self._leaving = True
                    self.say("leave_followed")
                    return
                self.new_deal()
                return
            elif _card(line) is not None and self.game.next_unseen:  # the draw's card alone
                self.say("card_without_draw", card=short_name(_card(line), self.lang),
                         token=line.strip())
                return
            else:
                self.say("unknown_input", text=_excerpt(line))
                return
        except MoveRefused as refused:
            self.out(refused.message(self.lang))
            self._say_how_to_fix(refused)
            return
        self.show()
        self.say_if_over()

    def _undo(self) -> None:
        """Take the last action back, keeping the card an undone draw had turned up (where
        the stock slot was unseen) for the next draw of that slot."""
        game = self.game
        slot, drawn = game.stock_pos, game.waste
        if not game.can_undo and self._no_history and not game.start.is_start:
            raise MoveRefused("nothing_to_undo_saved")  # a position saved with no history
        game.undo()
        if game.stock_pos == slot - 1 and game.stock[game.stock_pos] is None:
            self._undrawn[game.stock_pos] = drawn

    def draw(self, named: str) -> bool:
        """Draw, the card turned up named by ``named`` or, where the next stock card is
        unseen, by the answer to a question; whether a card was drawn (MoveRefused where the
        rules or what the player has seen refuse it). An answer to the question that names no
        card (the draw typed again, ``d 7H``, names its card), or one that what the player has
        seen refuses, is said so, and the question asked again."""
        self.game.check_draw()
        asked = not named and self.game.next_unseen
        again = self._undrawn.pop(self.game.stock_pos, None) if self.game.next_unseen else None
        if asked and again is not None and self.game.seen(again) is None:
            self.game.draw(again)
            self.say("draw_again", card=short_name(again, self.lang))
            return True
        if asked and self.game.unseen == 1:  # the one card not seen yet: no question
            (last,) = self.game.unseen_cards()
            self.game.draw(last)
            self.say("draw_last_unseen", card=short_name(last, self.lang))
            return True
        while True:
            if asked:
                named = _without_draw_word(self.ask("draw_which"))
                if not named:
                    self.say("no_draw")
                    return False
                if named.lower() in ("q", "quit"):  # no draw, and q as at the prompt
                    self.say("no_draw")
                    self._next.append(named)
                    return False
                if _card(named) is None and named.split()[0].lower() in _COMMAND_WORDS:
                    self.say("draw_answer_first")  # h, u, fix...: the question first
                    continue
            card = None
            if named:
                card = _card(named)
                if card is None:
                    self._say_which(named)
                    if asked:
                        continue
                    return False
            try:
                self.game.draw(card)
            except MoveRefused as refused:
                if not asked:
                    raise
                self.out(refused.message(self.lang))  # (a seen card: the question again)
                self._say_how_to_fix(refused, asked=True)
                continue
            return True

    def _say_how_to_fix(self, refused: MoveRefused, asked: bool = False) -> None:
        """Where a draw's card is refused as seen already (on the tableau, the waste or under
        it): how to put right a card typed wrong there, in a game that follows the player's
        (``asked``: at the draw's question, which is answered first)."""
        if (refused.key in ("seen_column", "seen_waste", "seen_played")
                and self.game.start.unknown_slots):
            card = refused.params["card"]
            self.say("fix_seen_asked" if asked else "fix_seen",
                     card=short_name(card, self.lang), token=str(card))

    def _say_which(self, token: str) -> None:
        """A draw's card that is not a card: where it is a rank alone, the cards of that rank
        not seen yet, else why it is not a card."""
        rank = rank_of(_king_as_k(token))
        left = [c for c in self.game.unseen_cards() if c.rank == rank]
        if not left:
            self._say_not_a_card(token)
            return
        names = [short_name(c, self.lang) for c in left]
        self.say("draw_rank_only", rank=names[0][:-1], cards=", ".join(names))

    def _say_not_a_card(self, token: str) -> None:
        ace = ace_meant(token)
        if ace:
            self.say("bad_card_ace", text=_excerpt(token), card=ace)
        else:
            self.say("bad_card", text=_excerpt(token), examples=typed_like())

    def fix(self, named: str) -> bool:
        """Put right a card the player typed wrong (``named``: the card as typed, then the
        card it is), in a game that follows the player's: the game is played again with it
        (:meth:`Game.corrected`); whether it was put right (MoveRefused where the moves
        played would not have been legal with it)."""
        if not self.game.start.unknown_slots:
            self.say("fix_followed_only")
            return False
        tokens = named.split()
        if len(tokens) != 2:
            self.say("fix_usage")
            return False
        cards = [_card(token) for token in tokens]
        for token, card in zip(tokens, cards, strict=True):
            if card is None:
                self._say_not_a_card(token)
                return False
        typed, meant = cards
        swapped = self.game.seen(meant) is not None
        self.game = self.game.corrected(typed, meant)
        swap = {typed: meant, meant: typed}
        self._undrawn = {slot: swap.get(card, card) for slot, card in self._undrawn.items()}
        self.say("fixed_swapped" if swapped else "fixed", typed=short_name(typed, self.lang),
                 meant=short_name(meant, self.lang))
        return True

    def say_if_over(self) -> None:
        """The end message and final score, when the game is over."""
        status = self.game.status
        if status == "won":
            self.say("won")
        elif status == "stuck":
            self.say("stuck")
        if status != "playing":
            self.say("final_score", score=self.game.score)
            if status == "stuck":
                self._debrief()
            self.say("after_end" if self.game.can_undo else "after_end_no_undo")

    def _debrief(self) -> None:
        """At a dead end reached in this session, with every stock card now seen: the cards
        removed against the most that play from the game's start removes with the stock in
        the order it came (or that it could be won)."""
        from golfsolve.solver import solve_game

        game = self.game
        if not game.can_undo or None in game.stock:
            return  # loaded at its end, or a stock card never seen
        start = game.start
        best = solve_game(Game(Position(start.columns, start.waste, tuple(game.stock),
                                        start.removed), game.rules))
        key = ("debrief_won" if best.winnable else
               "debrief_best" if best.max_removed <= game.removed else "debrief_more")
        self.say(key, removed=game.removed, best=best.max_removed)

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
        """The best action for what the player sees, with the exact value of every legal
        action where it can be had (from one table of every position the game can reach,
        made at the first hint and asked again at every later one), else by the clairvoyant
        odds of each action; it never looks at a stock card the player has not seen."""
        if self._over():
            return
        from golfsolve.interrupts import Interrupted, take_ctrl_c

        try:
            self._hint()
        except Interrupted as stop:  # Ctrl-C at a terminal stops the hint, not the game
            if not self.interactive:
                raise
            take_ctrl_c(stop)
            self.say("hint_stopped")

    def _hint(self) -> None:
        """:meth:`hint`'s work, once the game is known to go on. At a terminal, a move forced
        where its chance may take seconds or more to work out is named at once, before it."""
        from golfsolve.cli.hints import SLOW_UNSEEN
        from golfsolve.odds import Limit, odds

        legal = self.game.legal_actions()
        if (self.interactive and len(legal) == 1 and self.game.stock_left >= SLOW_UNSEEN
                and self.hints.known(self.game) is None):
            self.say("hint_only_at_once", move=self._action_name(legal[0]))
        exact = self.hints.values(self.game, self.lang if self.interactive else None)
        if exact is None:  # no table here (no stock left, or too large): this position's own
            # the layers were just found too large: the fallback does not try them again
            memory = 0 if self.hints.refused else self.hints.memory
            result = odds(self.game.position().hidden(), self.game.rules,
                          Limit(samples=HINT_LIMIT_SAMPLES, budget=HINT_BUDGET, memory=memory,
                                seed=HINT_SEED))
            if result.recommended_by != "fair value":  # out of reach: the clairvoyant odds
                best = next(a for a in result.actions if a.action == result.recommended)
                self.say("hint_odds", move=self._move_name(best.action, best.card),
                         value=chance_text(best.clairvoyant.value, self.lang))
                return
            exact = {a.action: a.fair.value for a in result.actions}
        if not any(exact.values()):  # every move loses under every order: the score
            if len(exact) > 1:
                self._hint_for_the_score()
                return
            scores = self._scores()  # the only move, which cannot win: what it scores
            move = self._action_name(next(iter(exact)))
            if scores is not None:
                self.say("hint_only_score", move=move, value=_points(scores.value, self.lang))
            else:
                self.say("hint_only_none_wins", move=move)
            return
        best = best_of(exact, exact.__getitem__)
        self.say("hint_fair" if len(exact) > 1 else "hint_only",
                 move=self._action_name(best), value=chance_text(exact[best], self.lang))
        if len(exact) > 1:
            self._say_values([(self._action_name(a), v) for a, v in exact.items()])

    def _hint_for_the_score(self) -> None:
        """Where no move wins under any order: the move with the best expected final score
        (golfsolve.fair.score), and every legal move's (where each scores the same, that);
        where that is out of reach here, the same over sampled orders each played seeing the
        stock (odds.sampled_scores), or, where those all score the same, that no move wins."""
        scores = self._scores()
        if scores is None:  # out of reach here: sampled orders, each played seeing the stock
            from golfsolve.odds import Limit, sampled_scores

            sampled = sampled_scores(self.game.position().hidden(), self.game.rules,
                                     Limit(samples=HINT_LIMIT_SAMPLES, seed=HINT_SEED))
            if len(set(sampled.values())) == 1:  # no move to name
                self.say("hint_none_wins")
            else:
                self._say_scores("hint_score_sampled", sampled)
            return
        if len(set(scores.actions.values())) == 1:  # no move to name: each scores as well
            self.say("hint_score_same", value=_points(scores.value, self.lang))
            return
        self._say_scores("hint_score", scores.actions)

    def _say_scores(self, key: str, scores: dict[Action, Fraction]) -> None:
        """The move of the best score (the text ``key``), then every legal move's, best
        first (ties as listed)."""
        ranked = sorted(scores, key=lambda a: -scores[a])
        best = best_of(scores, scores.__getitem__)
        self.say(key, move=self._action_name(best), value=_points(scores[best], self.lang))
        self.say("hint_score_values", moves=", ".join(
            f"{self._action_name(a)} {_points(scores[a], self.lang)}" for a in ranked))

    def _scores(self):
        """The score's value (golfsolve.fair.score) of where the game stands, as the player
        sees it; None where it is out of reach."""
        from golfsolve.compiling import SCORE, ready
        from golfsolve.fair.score import position_score

        ready([SCORE])
        return position_score(self.game.position().hidden(), self.game.rules)

    def _say_values(self, named: list[tuple[str, object]]) -> None:
        """``Every legal move: ...``: each action's name with its exact value, highest first
        (ties in the order given)."""
        ranked = sorted(named, key=lambda pair: -pair[1])
        self.say("hint_values", moves=", ".join(f"{name} {chance_text(v, self.lang)}"
                                                for name, v in ranked))

    def _action_name(self, action: Action) -> str:
        card = None if action.is_draw else self.game.free_card(action.column)
        return self._move_name(action, card)

    def peek(self) -> None:
        """The solver's next move, looking at the stock (and saying so)."""
        from golfsolve.solver import solve_game

        if self._over():
            return
        if self.game.unseen:
            self.say("peek_unseen")
            return
        solution = solve_game(self.game)
        move = self._move_name(solution.actions[0], solution.moves[0].card)
        if solution.winnable:
            self.say("peek_move", move=move)
        else:
            more = solution.max_removed - self.game.removed
            self.say("peek_lost_one" if more == 1 else "peek_lost", move=move, more=more)

    def save(self, path: str, confirmed: bool = False) -> None:
        """Write the position as the player sees it (stock face down): to a ``.json`` file as
        a JSON deal that names the rules, to any other as a board file. A file that exists,
        and that this game has not saved to, is written over only when ``confirmed`` (the
        same s FILE typed again just after); the file the game was read from only where the
        save keeps all it held (a .json save of a game whose stock it never named)."""
        if not path:
            self.say("save_usage")
            return
        kind = save_kind(path)
        if kind is None:
            self.say("save_suffix", suffix=os.path.splitext(path)[1])
            return
        own = self.read_from is not None and same_file(path, self.read_from)
        if own and not self._saves_whole(path):
            self.say("save_over_deal", path=repr(path)[1:-1])
            return
        if (not confirmed and not own and os.path.lexists(path) and not os.path.isdir(path)
                and not any(same_file(path, saved) for saved in self._saved)):
            self._overwriting = path
            self.say("save_exists", path=path)
            return
        if kind is SaveKind.PICTURE:
            from golfsolve.pictures.board import board_svg

            text = board_svg(self.game, self.lang)
        else:
            text = (self._json_save() if kind is SaveKind.GAME
                    else self.game.position().hidden().to_board())
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            self.say("save_failed", path=repr(path)[1:-1], reason=getattr(exc, "strerror", None)
                     or exc)
            return
        self._saved.append(path)
        if kind is SaveKind.PICTURE:  # a picture keeps nothing play can take up
            self.say("picture_saved", path=path)
            return
        self._kept = self._state()
        if (self.kept_in is not None and self.read_from is not None
                and same_file(self.read_from, self.kept_in) and not same_file(path, self.kept_in)):
            with contextlib.suppress(OSError):  # the kept game is saved where the player chose
                os.remove(self.kept_in)
            if self.title == self.read_from:  # the board names the file the game is in now
                self.title = path
        if kind is SaveKind.GAME or self.game.rules == EASY:  # Easy: the default
            self.say("saved", path=path)
        else:
            self.say("saved_without_rules", path=path, option=f"--rules {self.game.rules.name}")
        if kind is SaveKind.BOARD and self.game.can_undo:
            self.say("board_keeps_no_undo")

    def _json_save(self) -> str:
        """The game as a .json save holds it: the position as the player sees it, the rules,
        the move counter and the undo history."""
        return json.dumps({**self.game.position().hidden().to_dict(),
                           "rules": self.game.rules.name, "moves": self.game.move_count,
                           "history": self.game.history_record()}) + "\n"

    def keep_unsaved(self) -> bool:
        """Where the game ends by a stop signal (the terminal closed, Ctrl-C twice) with moves
        of a followed game that no save holds: write it, as a .json save, to ``kept_in``
        (whole: a new file renamed over the old); whether it was kept."""
        if self.kept_in is None or not self._quit_loses_moves():
            return False
        temporary = self.kept_in + ".new"
        try:
            os.makedirs(os.path.dirname(self.kept_in), exist_ok=True)
            with open(temporary, "w", encoding="utf-8") as f:
                f.write(self._json_save())
            os.replace(temporary, self.kept_in)
        except OSError:
            with contextlib.suppress(OSError):
                os.remove(temporary)
            return False
        return True

    def _saves_whole(self, path: str) -> bool:
        """Whether a save to ``path`` keeps everything the file the game was read from held,
        a file whose stock was face down (a save, or a layout typed without its stock): a
        .json save keeps the game's start in its history; a board only where the game
        started mid-game, from a position like the one it writes (a deal's start it would
        lose)."""
        start = self.game.start
        return all(c is None for c in start.stock) and (
            save_kind(path) is SaveKind.GAME or not start.is_start)

    def new_deal(self) -> None:
        number = self.rng.randint(1, MAX_NUMBER)
        rules = self.game.rules
        self.game = Game(Deal.from_number(number), rules)
        self._undrawn.clear()
        deal = text(self.lang, "deal_number", n=number)
        code = str(GameCode(rules, number)) if rules.letter else deal
        self.title = f"{code} ({deal})" if rules.letter else code
        self.say("new_deal", code=code)
        self.show()


def _points(value, lang: str) -> str:
    """An expected score as a player of ``lang`` reads it: to a tenth of a point."""
    return number_text(f"{float(value):.1f}", lang)


def _without_draw_word(answer: str) -> str:
    """A card typed at the draw's question, with the draw's own word before it (``d 7H``,
    ``d7H``, as at the move prompt) taken off."""
    word, _, rest = answer.partition(" ")
    if word.lower() in ("d", "draw") and rest.strip():
        return rest.strip()
    return answer.strip()[1:] if _drawn_card(answer) is not None else answer


def _excerpt(line: str) -> str:
    """What the player typed (an emoji suit as its symbol), cut to 40 characters."""
    line = as_typed(line)
    return line if len(line) <= 40 else line[:40] + "..."


def _drawn_card(line: str) -> Card | None:
    """The card of a draw typed without its space (``d5H``, ``d10♥``), else None."""
    text = line.strip()
    return _card(text[1:]) if len(text) > 2 and text[0] in "dD" and text[1] != " " else None


def _king_as_k(token: str) -> str:
    """``token`` stripped, a king written ``R`` as the rules pages write it (``R♣``) as
    ``K``."""
    token = token.strip()
    return "K" + token[1:] if token[:1] in ("R", "r") else token


def _card(token: str) -> Card | None:
    """The card a player names (as the board format writes it, ``R`` for a king as the
    rules pages write it, its rank and suit apart too, as ``q s``), or None."""
    token = _king_as_k(token)
    parts = token.split()
    if len(parts) == 2 and is_rank(parts[0]) and is_suit(parts[1]):
        token = "".join(parts)
    try:
        return Card.parse(token)
    except CardError:
        return None
