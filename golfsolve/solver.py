"""solve(deal, rules) -> Solution: the bridge between Deal/Rules objects and the numba kernels."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from golfsolve.checks import flag
from golfsolve.compiling import SEARCH, STRICT_SEARCH, Part, ready, solving
from golfsolve.kernels import search, strict
from golfsolve.kernels.bound import bound_tables
from golfsolve.model.actions import DRAW, Action
from golfsolve.model.deal import COLUMNS, STOCK_SIZE, TABLEAU_SIZE
from golfsolve.model.game import Game, Move, numbered_moves
from golfsolve.model.rules import DRAW_ANY_TIME, EASY, STRICT, Rules
from golfsolve.model.scoring import best_score
from golfsolve.packing import kernel_inputs, line_actions, stock_left

# Beam widths tried, in order, before the exact search: most wins are found by the first.
BEAM_SLACKS = (4, 8)
# A wider beam runs only after a narrower one came this close to a win: from further behind it
# rarely finds one, and the exact search that follows costs about as much as it saves.
WIDER_BEAM_WITHIN = 3


@dataclass(frozen=True)
class Line:
    """What a search found, in plain values: the verdict, the most cards removable (counting
    those removed before), a line of actions (a win, or the best line drawn out to its dead
    end), whether it has the fewest moves, the work."""

    winnable: bool
    max_removed: int
    actions: tuple[Action, ...]
    fewest_moves: bool  # whether the line is a win with the fewest moves possible
    states: int  # search states visited
    seconds: float = field(compare=False)  # the time it took: not part of what was found

    @property
    def best_score(self) -> int:
        return best_score(self.max_removed)

    @property
    def line(self) -> str:
        """The moves as replay reads them: ``d`` a draw, 1-7 a column."""
        return " ".join(action.token for action in self.actions)

    def fields(self, rules: Rules) -> dict:
        """What a record says of the line found under ``rules``, in the record's order:
        ``rules``, ``winnable``, ``max_removed``, ``best_score``, ``fewest_moves``, ``line``,
        ``states``, ``ms`` (docs/reference.md)."""
        return {"rules": rules.name, "winnable": self.winnable, "max_removed": self.max_removed,
                "best_score": self.best_score, "fewest_moves": self.fewest_moves,
                "line": self.line, "states": self.states, "ms": round(self.seconds * 1000, 3)}


@dataclass(frozen=True)
class Solution(Line):
    """A line with the rules it was found under and a copy of the game where it starts."""

    rules: Rules
    origin: Game = field(repr=False, compare=False)

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self.origin.trace(self.actions))

    def to_dict(self) -> dict:
        """The record ``solve --json`` prints, but for the deal's name, number and code,
        which a Solution does not know: :meth:`Line.fields`, with ``moves`` (each a move's
        fields, numbered from 1) after ``line``."""
        fields = self.fields(self.rules)
        return {**{k: v for k, v in fields.items() if k not in ("states", "ms")},
                "moves": numbered_moves(self.moves), "states": fields["states"],
                "ms": fields["ms"]}

    def _repr_html_(self) -> str:
        """The solution stepped through on the board, for Jupyter: the body of the page
        ``solve --format html`` writes, without the deal's name, which a Solution does not
        know (golfsolve.pictures.page.solution_html gives it one)."""
        from golfsolve.pictures.page import solution_html

        return solution_html(self)


_workspaces: dict[str, tuple] = {}


def _workspace(kind: str) -> tuple:
    if kind not in _workspaces:
        make = {"layered": search.layered_workspace, "settle": search.settle_workspace,
                "strict": strict.strict_workspace}[kind]
        _workspaces[kind] = make()
    return _workspaces[kind]


def _run(kernel, *args) -> tuple[np.ndarray, list[int]]:
    """Call a kernel with fresh out and path arrays: (out, path, last move first)."""
    out = np.zeros(search.OUT_SIZE, dtype=np.int64)
    path = np.zeros(search.MAX_PATH, dtype=np.int64)
    kernel(*args, out, path)
    if out[search.OUT_STATUS] != search.STATUS_OK:
        raise RuntimeError("the search ran out of state records")
    return out, path[: out[search.OUT_PATH_LEN]].tolist()


def _layered(inputs: tuple, slack: int, dominance: bool = True, stop_at_win: bool = True,
             ) -> tuple[np.ndarray, list[int]]:
    return _run(search.layered, *inputs, dominance, slack, stop_at_win, *_workspace("layered"))


NO_STOP = TABLEAU_SIZE + 1  # settle everything reachable


def _settle(inputs: tuple, cap: int, stop: int = NO_STOP, floor: int = 0,
            ) -> tuple[np.ndarray, list[int]]:
    col_ranks, stock_ranks, fits, _ = inputs
    tables = bound_tables(col_ranks, stock_ranks, fits, floor)
    return _run(search.settle, *inputs, cap, stop, *tables, *_workspace("settle"))


def run_layered(game: Game, *, dominance: bool = True, slack: int = -1,
                stop_at_win: bool = True) -> tuple[np.ndarray, list[int]]:
    """The layered kernel from ``game``'s position: (out, path, last move first)."""
    return _layered(kernel_inputs(game), slack, dominance, stop_at_win)


def run_settle(game: Game, cap: int = STOCK_SIZE, floor: int = 0,
               ) -> tuple[np.ndarray, list[int]]:
    """The exact kernel from ``game``'s position, settling everything: (out, path, last move
    first). ``cap``: the draws of a known win; lines that draw more are not followed.
    ``floor``: lines that cannot remove that many cards are not followed."""
    return _settle(kernel_inputs(game), cap, floor=floor)


def _strict(inputs: tuple, draw_rule: int, mode: int) -> tuple[np.ndarray, list[int]]:
    """The strict search (golfsolve.kernels.strict) from (col_ranks, stock_ranks, fits,
    start): (out, path, last move first), a complete game to a win or its best dead end."""
    out = np.zeros(strict.OUT_SIZE, dtype=np.int64)
    path = np.zeros(search.MAX_PATH, dtype=np.int64)
    strict.strict_search(*inputs, draw_rule, mode, *_workspace("strict"), out, path)
    return out, path[: out[strict.OUT_PATH_LEN]].tolist()


def run_strict(game: Game, mode: int = strict.FEWEST) -> tuple[np.ndarray, list[int]]:
    """The strict search from ``game``'s position under its rules' fits table and draw rule:
    (out, path, last move first)."""
    return _strict(kernel_inputs(game), game.rules.draw_rule, mode)


def _won_game(rules: Rules) -> Game:
    """A game won already (every column empty), under ``rules``: the kernels run on it at
    once, with the types of any other game."""
    from golfsolve.model.deal import Deal

    deal = Deal.from_number(1)
    return Game.at_position(deal, rules, [0] * COLUMNS, 0, deal.waste)


def warm_search() -> None:
    """The kernels of a solve with draws at any time, compiled or loaded from the cache
    (compiling.SEARCH)."""
    done = _won_game(EASY)
    run_layered(done, slack=0)
    run_settle(done)  # the bound's tables too


def warm_strict() -> None:
    """The strict search's kernel, compiled or loaded from the cache
    (compiling.STRICT_SEARCH)."""
    run_strict(_won_game(STRICT))


_loaded: set[Part] = set()


def load_kernels(rules: Iterable[Rules] | None = None) -> None:
    """Load the kernels solves under ``rules`` run (None: under any rules) once, compiling
    them where numba's cache lacks them (saying so: :mod:`golfsolve.compiling`), so that the
    first timed solve times only itself."""
    parts = [solving(r) for r in rules] if rules is not None else [SEARCH, STRICT_SEARCH]
    wanted = [part for part in dict.fromkeys(parts) if part not in _loaded]
    if wanted:
        ready(wanted, load=True)
        _loaded.update(wanted)


def _beams(inputs: tuple[np.ndarray, ...]) -> tuple[np.ndarray, list[int], int]:
    """Narrow beams from (col_ranks, stock_ranks, fits, start), a wider one only after a
    narrower came within WIDER_BEAM_WITHIN cards of a win, until one wins: (out, path) of the
    beam that removed the most cards (the win, when one won), and the states all visited."""
    states = 0
    most = None
    for slack in BEAM_SLACKS:
        out, path = _layered(inputs, slack)
        states += int(out[search.OUT_STATES])
        if most is None or out[search.OUT_MAX_REMOVED] > most[0][search.OUT_MAX_REMOVED]:
            most = out, path
        if out[search.OUT_WON] or out[search.OUT_MAX_REMOVED] < TABLEAU_SIZE - WIDER_BEAM_WITHIN:
            break
    return (*most, states)


def run_beams(game: Game) -> tuple[np.ndarray, list[int], int]:
    """The beams a solve runs first, from ``game``'s position: (out, path, states)."""
    return _beams(kernel_inputs(game))


def search_line(inputs: tuple[np.ndarray, ...], fewest_moves: bool = False,
                draw_rule: int = DRAW_ANY_TIME) -> Line:
    """Search from (col_ranks, stock_ranks, fits, start): the kernels' arrays, under the draw
    rule ``draw_rule`` (``Rules.draw_rule``).

    Under the strict draw rule (a draw only when nothing fits) one exhaustive walk decides
    (see :mod:`golfsolve.kernels.strict`): it stops at its first win, or with
    ``fewest_moves`` goes on to the win with the fewest draws; no beams, no bound.

    Narrow beams look for a win first (see _beams). When they find none, the exact search
    decides; it stops at its first win, and follows only lines that can remove more cards
    than the best beam (when none can, the best line is the one it found, or else the
    beam's). With ``fewest_moves`` the exact search runs after a beam's win too, following
    only lines that draw no more cards than that win and can still win, and settles
    everything, so that its win has the fewest moves.
    """
    began = time.perf_counter()
    if draw_rule != DRAW_ANY_TIME:
        out, path = _strict(inputs, draw_rule, strict.FEWEST if fewest_moves
                            else strict.STOP_AT_WIN)
        won = bool(out[strict.OUT_WON])  # the path is a whole game: a win or a dead end
        return Line(won, int(out[strict.OUT_MAX_REMOVED]), tuple(line_actions(path)),
                    won and fewest_moves, int(out[strict.OUT_STATES]),
                    time.perf_counter() - began)
    out, path, states = _beams(inputs)
    beam_won = bool(out[search.OUT_WON])
    most = int(out[search.OUT_MAX_REMOVED])
    if not beam_won or fewest_moves:
        # A beam's win bounds the draws of the fewest-moves win: settle need not go further.
        cap = int(out[search.OUT_LAYER]) if beam_won else STOCK_SIZE
        floor = TABLEAU_SIZE if beam_won else most + 1
        found, found_path = _settle(inputs, cap, NO_STOP if fewest_moves else TABLEAU_SIZE,
                                    floor)
        states += int(found[search.OUT_STATES])
        if found[search.OUT_MAX_REMOVED] >= most:  # else the floor cut the lines to the beam's
            out, path = found, found_path
    won = bool(out[search.OUT_WON])
    actions = line_actions(path)
    if not won:  # draw out the stock: the line ends at its dead end
        left = stock_left(inputs[1], inputs[3]) - actions.count(DRAW)
        actions += [DRAW] * left
    return Line(won, int(out[search.OUT_MAX_REMOVED]), tuple(actions), won and fewest_moves,
                states, time.perf_counter() - began)


def solve_game(game: Game, *, fewest_moves: bool = False) -> Solution:
    """Solve from the position of ``game`` (which is not changed)."""
    load_kernels([game.rules])
    line = search_line(kernel_inputs(game), fewest_moves, game.rules.draw_rule)
    origin = Game.at_position(game.start, game.rules, game.heights, game.stock_pos, game.waste)
    return Solution(line.winnable, line.max_removed, line.actions, line.fewest_moves,
                    line.states, line.seconds, rules=game.rules, origin=origin)


def can_win(inputs: tuple[np.ndarray, ...], draw_rule: int = DRAW_ANY_TIME) -> bool:
    """Whether the position of (col_ranks, stock_ranks, fits, start) can be won: the verdict
    alone, neither a line nor the most cards removable, for a census. The beams look for a
    win; when they find none, the exact search follows only lines that can still clear the
    tableau, and stops at the first win."""
    if draw_rule != DRAW_ANY_TIME:
        out, _ = _strict(inputs, draw_rule, strict.STOP_AT_WIN)
        return bool(out[strict.OUT_WON])
    out, _, _ = _beams(inputs)
    if out[search.OUT_WON]:
        return True
    found, _ = _settle(inputs, STOCK_SIZE, TABLEAU_SIZE, TABLEAU_SIZE)
    return bool(found[search.OUT_WON])


def decide(col_ranks: np.ndarray, stock_ranks: np.ndarray, fits: np.ndarray,
           start: np.ndarray, draw_rule: int = DRAW_ANY_TIME) -> tuple[bool, int]:
    """Won or not, and the most tableau cards removable, from ``start`` (7 heights, stock
    index, waste rank): the verdict alone, for the many stock orders odds weigh."""
    line = search_line((col_ranks, stock_ranks, fits, start), draw_rule=draw_rule)
    return line.winnable, line.max_removed


def solve(start, rules: Rules = EASY, *, fewest_moves: bool = False) -> Solution:
    """Decide a deal or position under ``rules``: verdict, a winning or best line, max removed,
    score."""
    return solve_game(Game(start, rules), fewest_moves=flag(fewest_moves, "fewest_moves"))


def count_reachable(game: Game) -> int:
    """All states (stock index, 7 heights, waste rank) reachable from ``game``'s position,
    that position included."""
    if not game.rules.draw_any_time:
        out, _ = run_strict(game, strict.EXHAUSTIVE)
        return int(out[strict.OUT_STATES])
    out, _ = run_layered(game, dominance=False, stop_at_win=False)
    return int(out[search.OUT_STATES])
