"""The rules engine a person plays against, and that replays every solution in the tests.

Columns are numbered 1-7 and rows 1-5 from the top, as the rules pages number them.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Literal, NamedTuple

from golfsolve.checks import instance, items, whole
from golfsolve.model.actions import DRAW, Action
from golfsolve.model.cards import FULL_DECK, Card
from golfsolve.model.deal import Deal, as_position
from golfsolve.model.i18n import short_name, text
from golfsolve.model.position import COLUMNS, TABLEAU_SIZE, Position
from golfsolve.model.rules import EASY, Rules, as_rules
from golfsolve.model.scoring import POINTS, best_score
from golfsolve.model.text import ascii_lower, shown

UNDO_DEPTH = 100
COLUMN_TOKENS = frozenset("1234567")
# a line's tokens as the solver writes them, read at once (any other through Action.from_token)
_TOKEN_ACTIONS = {token: Action.from_token(token) for token in ("d", *COLUMN_TOKENS)}
Status = Literal["playing", "won", "stuck"]


class Place(Enum):
    """Where a card the player has seen is: the reason it cannot turn up from the stock."""

    COLUMN = "column"  # on the tableau (a column and a row)
    WASTE = "waste"  # the waste card
    PLAYED = "played"  # under the waste: removed or drawn before
    STOCK = "stock"  # a stock card the position names (its place in the stock left)


class Seen(NamedTuple):
    """Where a seen card is: ``column`` and ``row`` (1-5 from the top) on the tableau,
    ``index`` (1 = drawn next) in the stock."""

    place: Place
    column: int | None = None
    row: int | None = None
    index: int | None = None


class _Step(NamedTuple):
    """An action as undo takes it back: the column removed from (None: a draw), the waste it
    covered, and whether a draw turned up a card unseen before (undo makes it unseen again)."""

    column: int | None
    waste: Card
    revealed: bool = False


class UnplayableLine(ValueError):
    """A line of moves the rules would not play (``Game.trace``): the message names its first
    such move."""


class MoveRefused(ValueError):
    """An attempt the rules refuse; the game is unchanged. ``key`` names the reason. A
    ValueError, as the library's other errors for what cannot be done are."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The reason in ``lang``, a card named as that language writes it (``10♠``)."""
        return text(lang, self.key, **{name: short_name(value, lang) if isinstance(value, Card)
                                       else value for name, value in self.params.items()})


@dataclass(frozen=True)
class Move:
    """One action as the app counts it: a draw, or the removal of a column's free card."""

    action: Literal["draw", "remove"]
    column: int | None  # 1-7 for a removal
    card: Card  # the card that became the waste top

    def __iter__(self):
        """``kind, column, card = move``: ``draw`` or ``remove``, the column 1-7 (None for a
        draw), the card that became the waste top."""
        return iter((self.action, self.column, self.card))

    def __str__(self) -> str:
        if self.action == "draw":
            return f"draw {self.card.pretty}"
        return f"column {self.column}: {self.card.pretty}"

    @property
    def token(self) -> str:
        """The short form `replay` reads: ``d`` or the column number."""
        return Action(self.column).token

    def to_dict(self) -> dict:
        """``action``, ``column`` and ``card`` (its name, ``8H``), as a record's moves hold
        them."""
        return {"action": self.action, "column": self.column, "card": str(self.card)}


def numbered_moves(moves: Iterable[Move]) -> list[dict]:
    """A record's ``moves``: each move's fields after its number, from 1."""
    # Move.to_dict's fields, written out: a batch's rows make millions of these
    return [{"move": i, "action": m.action, "column": m.column, "card": str(m.card)}
            for i, m in enumerate(moves, 1)]


class Game:
    """A game from a deal or a position. The move counter of a position starts at ``moves``
    (a saved game's counter, which undos have raised past its actions) or else at the moves
    it took to get there (its removals and draws).

    A stock card the start does not name (unseen) is named by the draw that turns it up:
    ``draw(card)``, as a player tells the game the app deals; undoing that draw makes it
    unseen again."""

    def __init__(self, start: Deal | Position, rules: Rules | str = EASY,
                 moves: int | None = None) -> None:
        self.start = as_position(start, "start")
        self.rules = as_rules(rules)
        self.heights = self.start.heights
        self.stock: list[Card | None] = list(self.start.stock)  # None: not seen yet
        self.stock_pos = 0
        self.waste = self.start.waste
        self.move_count = self.start.moves_taken if moves is None else moves
        self._history: deque[_Step] = deque(maxlen=UNDO_DEPTH)

    @classmethod
    def at_position(cls, start: Deal | Position, rules: Rules, heights: list[int],
                    stock_pos: int, waste: Card) -> Game:
        """A game set to a state of ``start`` (no history): for tests."""
        game = cls(start, rules)
        heights = items(heights, "heights", whole)
        if len(heights) != COLUMNS or any(
                not 0 <= h <= len(c) for h, c in zip(heights, game.start.columns, strict=True)):
            raise ValueError(f"heights must be {COLUMNS} column heights, each at most its "
                             f"column's in start, not {list(heights)}")
        game.heights = list(heights)
        game.stock_pos = whole(stock_pos, "stock_pos", 0, len(game.stock))
        game.waste = instance(waste, Card, "waste", "a Card")
        return game

    def position(self) -> Position:
        """Where the game stands, as a position (the cards under the waste oldest first)."""
        columns = tuple(self.columns())
        stock = tuple(self.stock[self.stock_pos:])
        showing = {c for column in columns for c in column} | {self.waste} | {
            c for c in stock if c is not None}
        return Position(columns, self.waste, stock,
                        tuple(c for c in self._played() if c not in showing))

    def _played(self) -> list[Card]:
        """Every card the game has seen but those showing and those in the stock left, each
        once, the cards under the waste oldest first (and after them the rest, which are
        showing or to come)."""
        order = [*self.start.removed, self.start.waste, *(step.waste for step in self._history),
                 *(c for column in self.start.columns for c in column),
                 *(c for c in self.stock if c is not None)]
        return list(dict.fromkeys(order))

    @property
    def unseen(self) -> int:
        """Stock cards left that the player has not seen."""
        return sum(1 for c in self.stock[self.stock_pos:] if c is None)

    def unseen_cards(self) -> tuple[Card, ...]:
        """The cards in the stock slots the player has not seen (which slot holds which is
        not known)."""
        known = {*self.start.known_cards(), *(c for c in self.stock if c is not None)}
        return tuple(c for c in FULL_DECK if c not in known)

    def seen(self, card: Card) -> Seen | None:
        """Where ``card`` is, if the player has seen it (None: it is one of the unseen stock
        cards)."""
        for c, column in enumerate(self.columns(), 1):
            if card in column:
                return Seen(Place.COLUMN, column=c, row=column.index(card) + 1)
        if card == self.waste:
            return Seen(Place.WASTE)
        left = self.stock[self.stock_pos:]
        if card in left:
            return Seen(Place.STOCK, index=left.index(card) + 1)
        if card in self._played():
            return Seen(Place.PLAYED)
        return None

    # ----- what is on the table ------------------------------------------------------------
    def column(self, column: int) -> tuple[Card, ...]:
        """The cards left in ``column`` (1-7), top to bottom."""
        return self.start.columns[column - 1][: self.heights[column - 1]]

    def columns(self) -> list[tuple[Card, ...]]:
        return [self.column(c) for c in range(1, COLUMNS + 1)]

    def free_card(self, column: int) -> Card | None:
        h = self.heights[column - 1]
        return self.start.columns[column - 1][h - 1] if h else None

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    @property
    def removed(self) -> int:
        return TABLEAU_SIZE - sum(self.heights)

    def fits(self, card: Card) -> bool:
        return self.rules.fits(self.waste.rank, card.rank)

    def playable_columns(self) -> list[int]:
        return [c for c in range(1, COLUMNS + 1)
                if (card := self.free_card(c)) is not None and self.fits(card)]

    def legal_actions(self) -> list[Action]:
        """The legal actions now: removals of the playable columns, then a draw."""
        actions = [Action(c) for c in self.playable_columns()]
        if self.status == "playing" and self.can_draw:  # strict: only when nothing fits
            actions.append(DRAW)
        return actions

    @property
    def can_draw(self) -> bool:
        """Whether a draw is legal now: a stock card left and, under strict rules, no free
        card fitting the waste (the game not won)."""
        return (self.stock_left > 0 and self.removed < TABLEAU_SIZE
                and self.rules.may_draw(bool(self.playable_columns())))

    @property
    def status(self) -> Status:
        if self.removed == TABLEAU_SIZE:
            return "won"
        if self.stock_left == 0 and not self.playable_columns():
            return "stuck"
        return "playing"

    @property
    def score(self) -> int:
        """+10 a removal; at a dead end -10 for each card left; never below 0 (once the game
        is over, the final score of model.scoring)."""
        if self.status == "playing":
            return POINTS * self.removed
        return best_score(self.removed)

    # ----- actions -------------------------------------------------------------------------
    def remove(self, column: int, row: int | None = None) -> Move:
        """Remove the free card of ``column`` (or the card at ``row``) onto the waste."""
        if row is not None:
            whole(row, "row")
        if not 1 <= whole(column, "column") <= COLUMNS:
            raise MoveRefused("bad_column", column=column)
        if self.status == "won":
            raise MoveRefused("game_over")
        h = self.heights[column - 1]
        if row is not None and not 1 <= row <= h:
            raise MoveRefused("no_card")
        if h == 0:
            raise MoveRefused("empty_column", column=column)
        if row is not None and row < h:
            raise MoveRefused("blocked")
        card = self.start.columns[column - 1][h - 1]
        if not self.fits(card):
            king_rule = self.rules.dead_king and self.waste.rank == 13
            raise MoveRefused("king" if king_rule else "rank")
        self._history.append(_Step(column, self.waste))
        self.heights[column - 1] -= 1
        self.waste = card
        self.move_count += 1
        return Move("remove", column, card)

    def check_draw(self) -> None:
        """MoveRefused if a draw is not legal now (whatever card it would turn up)."""
        if self.status == "won":
            raise MoveRefused("game_over")
        if self.stock_left == 0:
            raise MoveRefused("stock_empty")
        if not self.rules.may_draw(bool(self.playable_columns())):
            raise MoveRefused("draw_fits")  # strict: a draw only when nothing fits

    @property
    def next_unseen(self) -> bool:
        """Whether the next stock card is one the player has not seen (a draw must name it)."""
        return self.stock_left > 0 and self.stock[self.stock_pos] is None

    def draw(self, card: Card | None = None) -> Move:
        """Turn the next stock card over. Where the player has not seen it, ``card`` names it
        (the card the draw turned up): refused when it is missing or is a card seen
        elsewhere (the refusal says where); where the stock card is known, ``card`` may only
        name it."""
        if card is not None:
            instance(card, Card, "card", "a Card or None")
        self.check_draw()
        known = self.stock[self.stock_pos]
        if known is None:
            if card is None:
                raise MoveRefused("stock_unknown")
            self._check_unseen(card)
            self.stock[self.stock_pos] = card
        elif card is not None and card != known:
            raise MoveRefused("draw_known")
        self._history.append(_Step(None, self.waste, known is None))
        self.waste = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.move_count += 1
        return Move("draw", None, self.waste)

    def _check_unseen(self, card: Card) -> None:
        """MoveRefused, saying where ``card`` is, if the player has seen it."""
        where = self.seen(card)
        if where is None:
            return
        name = {"card": card}
        if where.place is Place.COLUMN:
            raise MoveRefused("seen_column", **name, column=where.column, row=where.row)
        if where.place is Place.STOCK:
            raise MoveRefused("seen_stock", **name, n=where.index)
        raise MoveRefused("seen_" + where.place.value, **name)

    def undo(self) -> None:
        """Take back the last action; the move counter does not go down. A draw that turned
        up an unseen card leaves it unseen again."""
        if not self._history:
            raise MoveRefused("nothing_to_undo")
        step = self._history.pop()
        if step.column is None:
            self.stock_pos -= 1
            if step.revealed:
                self.stock[self.stock_pos] = None
        else:
            self.heights[step.column - 1] += 1
        self.waste = step.waste

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def _walked_back(self) -> tuple[Game, list[int | Card]]:
        """A copy of this game as it stood before the oldest action its undo history holds
        (a draw's card unseen again where the draw revealed it), and the actions since, in
        order: a column removed from, or the card a draw turned up."""
        earlier = copy.deepcopy(self)
        actions: list[int | Card] = []
        while earlier._history:
            drawn, step = earlier.waste, earlier._history[-1]
            earlier.undo()
            actions.append(drawn if step.column is None else step.column)
        return earlier, actions[::-1]

    def history_record(self) -> dict:
        """The undo history as a saved game holds it: ``start``, the position before the
        oldest action it holds as the player saw it (a JSON deal, its stock face down);
        ``moves``, the move counter there; ``actions``, each as typed in play (``5``, ``d
        8S``: a draw names the card it turned up). :meth:`resumed` reads it back."""
        earlier, actions = self._walked_back()
        return {"start": earlier.position().hidden().to_dict(),
                "moves": self.move_count - len(actions),
                "actions": [str(a) if isinstance(a, int) else f"d {a}" for a in actions]}

    @classmethod
    def resumed(cls, position: Position, rules: Rules, moves: int | None,
                record: object) -> Game:
        """The game a save holds: at ``position`` (its stock face down) with ``moves`` on
        the counter, and the undo history of :meth:`history_record` behind it. ValueError,
        saying why, where ``record`` is not such a history or does not lead to that
        position and counter."""
        if not (isinstance(record, dict) and isinstance(record.get("actions"), list)
                and all(isinstance(a, str) for a in record["actions"])
                and type(record.get("moves")) is int and record["moves"] >= 0):
            raise ValueError("it is not a start, a move counter and a list of actions")
        try:
            start = Position.from_dict(record.get("start"))
        except ValueError as exc:
            raise ValueError(f"its start is no position: {exc}") from None
        game = cls(start, rules, record["moves"])
        for n, action in enumerate(record["actions"], 1):
            word, _, card = action.partition(" ")
            try:
                if word == "d" and card:
                    game.draw(Card.parse(card))
                else:
                    game.play(action)
            except ValueError as exc:  # MoveRefused, a card or move that is none
                raise ValueError(f"its action {n} ({action!r}) is refused: {exc}") from None
        if game.position().hidden() != position.hidden() or (
                moves is not None and game.move_count != moves):
            raise ValueError("its actions do not lead to the saved position")
        return game

    def corrected(self, typed: Card, meant: Card) -> Game:
        """This game with the card ``typed`` put right as ``meant`` wherever the player has
        seen it (a card typed wrong, in the layout or at a draw): ``meant`` takes its places
        and, where the player has seen ``meant`` too (two cards typed in each other's
        places), ``typed`` takes those, else ``typed`` is unseen. The actions the undo
        history holds are played again on the corrected cards, so undo still takes them
        back. MoveRefused: ``typed`` not seen ("fix_unseen"), the same card twice
        ("fix_same"), an action that would not have been legal with the cards corrected
        ("fix_illegal_column" or "fix_illegal_draw", with its number in the move counter;
        "..._swapped" where the two cards were exchanged)."""
        instance(typed, Card, "typed", "a Card")
        instance(meant, Card, "meant", "a Card")
        if typed == meant:
            raise MoveRefused("fix_same", card=typed)
        if self.seen(typed) is None:
            raise MoveRefused("fix_unseen", card=typed)
        swap = {typed: meant, meant: typed}
        swapped = self.seen(meant) is not None  # two cards typed in each other's places

        def fixed(card: Card | None) -> Card | None:
            return None if card is None else swap.get(card, card)

        start = self.start
        earlier, actions = self._walked_back()
        game = Game(Position(tuple(tuple(map(fixed, column)) for column in start.columns),
                             fixed(start.waste), tuple(map(fixed, start.stock)),
                             tuple(map(fixed, start.removed)), start.named_rules),
                    self.rules, self.move_count - len(actions))
        game.heights, game.stock_pos = earlier.heights, earlier.stock_pos
        game.waste, game.stock = fixed(earlier.waste), [fixed(c) for c in earlier.stock]
        for action in actions:
            try:
                if isinstance(action, int):
                    game.remove(action)
                else:
                    game.draw(fixed(action) if game.next_unseen else None)
            except MoveRefused:
                where = {} if not isinstance(action, int) else {"column": action}
                key = ("fix_illegal_column" if where else "fix_illegal_draw") + (
                    "_swapped" if swapped else "")
                raise MoveRefused(key, typed=typed, meant=meant, n=game.move_count + 1,
                                  **where) from None
        return game

    def trace(self, line: Iterable[Action | str]) -> list[Move]:
        """The moves a line of actions (or tokens: ``d``, ``1``-``7``) makes from here,
        without playing them: for lines the solver found, at a few steps a move where
        ``play`` takes many. A line the rules would not play from here (a line stored
        elsewhere and changed there) raises UnplayableLine, naming its first such move."""
        heights = list(self.heights)
        drawn = self.stock_pos
        waste = self.waste
        columns = self.start.columns
        fitting = self.rules.fitting
        forced = not self.rules.draw_any_time
        moves = []
        for n, step in enumerate(line, 1):
            action = step if isinstance(step, Action) else (
                _TOKEN_ACTIONS.get(step) or Action.from_token(step))
            if action.is_draw:
                if drawn >= len(self.stock):
                    raise UnplayableLine(f"move {n}, a draw: the stock is empty")
                if forced and waste is not None and any(
                        h and (waste.rank, columns[c][h - 1].rank) in fitting
                        for c, h in enumerate(heights)):
                    raise UnplayableLine(f"move {n}, a draw: a free card fits {waste}")
                waste = self.stock[drawn]
                moves.append(Move("draw", None, waste))
                drawn += 1
            else:
                c = action.column - 1
                if not heights[c]:
                    raise UnplayableLine(f"move {n}: column {c + 1} is empty")
                card = columns[c][heights[c] - 1]
                if waste is not None and (waste.rank, card.rank) not in fitting:
                    raise UnplayableLine(f"move {n}: {card} does not go on {waste}")
                waste = card
                moves.append(Move("remove", c + 1, card))
                heights[c] -= 1
        return moves

    def play(self, move: Move | Action | str) -> Move:
        """Apply a Move, an Action, or a token: ``d`` draws, ``1``-``7`` removes from that
        column."""
        instance(move, (Move, Action, str), "move", "a Move, an Action or a str")
        token = move.token if isinstance(move, (Move, Action)) else ascii_lower(move.strip())
        if token in ("d", "draw"):
            return self.draw()
        if token in COLUMN_TOKENS:
            return self.remove(int(token))
        raise ValueError(f"not a move: {shown(move)}")
