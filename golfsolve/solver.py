"""solve(deal, rules) -> Solution: the bridge between Deal/Rules objects and the numba kernels."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from . import search
from .deal import COLUMNS, ROWS, STOCK_SIZE, TABLEAU_SIZE, Deal
from .game import Game, Move
from .rules import EASY, Rules

WIN_SCORE = 10 * TABLEAU_SIZE
# Beam widths tried, in order, before the exact search: most wins are found by the first.
BEAM_SLACKS = (4, 8)


def best_score(max_removed: int) -> int:
    """The best final score: 350 for a win, else the dead-end score of the best line."""
    if max_removed == TABLEAU_SIZE:
        return WIN_SCORE
    return max(0, 10 * max_removed - 10 * (TABLEAU_SIZE - max_removed))


@dataclass(frozen=True)
class Solution:
    rules: Rules
    winnable: bool
    max_removed: int  # tableau cards removable at best (counting those already removed)
    moves: tuple[Move, ...]  # a win, or a line that removes max_removed cards to a dead end
    fewest_moves: bool  # whether ``moves`` is a win with the fewest moves possible
    states: int  # search states visited
    seconds: float

    @property
    def best_score(self) -> int:
        return best_score(self.max_removed)

    @property
    def line(self) -> str:
        """The moves as replay reads them: ``d`` a draw, 1-7 a column."""
        return " ".join(m.token for m in self.moves)


_workspaces: dict[str, tuple] = {}


def _workspace(kind: str) -> tuple:
    if kind not in _workspaces:
        make = search.layered_workspace if kind == "layered" else search.settle_workspace
        _workspaces[kind] = make()
    return _workspaces[kind]


def pack_deal(deal: Deal) -> tuple[np.ndarray, np.ndarray]:
    """col_ranks[c * 8 + h] = rank of column c's free card at height h; stock ranks in order."""
    col_ranks = np.zeros(COLUMNS * 8, dtype=np.int64)
    for c, column in enumerate(deal.tableau):
        for h in range(1, ROWS + 1):
            col_ranks[c * 8 + h] = column[h - 1].rank
    stock_ranks = np.array([card.rank for card in deal.stock], dtype=np.int64)
    return col_ranks, stock_ranks


def kernel_inputs(game: Game) -> tuple[np.ndarray, ...]:
    """What both kernels read about ``game``: the deal's arrays, the rule table, the start."""
    start = np.array([*game.heights, game.stock_pos, game.waste.rank], dtype=np.int64)
    return (*pack_deal(game.deal), game.rules.fits_table(), start)


def _result(out: np.ndarray, path: np.ndarray) -> tuple[np.ndarray, list[int]]:
    if out[search.OUT_STATUS] != search.STATUS_OK:
        raise RuntimeError("the search ran out of state records")
    return out, [int(x) for x in path[: out[search.OUT_PATH_LEN]]]


def run_layered(game: Game, *, dominance: bool = True, slack: int = -1,
                stop_at_win: bool = True, inputs: tuple | None = None,
                ) -> tuple[np.ndarray, list[int]]:
    """The layered kernel from ``game``'s position: (out, path, last move first)."""
    out = np.zeros(search.OUT_SIZE, dtype=np.int64)
    path = np.zeros(search.MAX_PATH, dtype=np.int64)
    search.layered(*(inputs or kernel_inputs(game)), dominance, slack, stop_at_win,
                   *_workspace("layered"), out, path)
    return _result(out, path)


def run_settle(game: Game, cap: int = STOCK_SIZE, *, inputs: tuple | None = None,
               ) -> tuple[np.ndarray, list[int]]:
    """The exact kernel from ``game``'s position: (out, path, last move first).

    ``cap``: the draws of a known win; lines that draw more are not followed."""
    out = np.zeros(search.OUT_SIZE, dtype=np.int64)
    path = np.zeros(search.MAX_PATH, dtype=np.int64)
    search.settle(*(inputs or kernel_inputs(game)), cap, *_workspace("settle"), out, path)
    return _result(out, path)


_loaded = False


def load_kernels(deal: Deal) -> None:
    """Load (or compile) both kernels once, so that the first timed solve times only itself."""
    global _loaded
    if not _loaded:
        done = Game.at_position(deal, EASY, [0] * COLUMNS, 0, deal.waste)
        run_layered(done, slack=0)
        run_settle(done)
        _loaded = True


def solve_game(game: Game, *, fewest_moves: bool = False) -> Solution:
    """Solve from the position of ``game`` (which is not changed).

    Narrow beams look for a win first. When they find none, the exact search decides, and its
    wins always have the fewest moves. With ``fewest_moves`` the exact search also runs after a
    beam's win, following only lines that draw no more cards than that win.
    """
    load_kernels(game.deal)
    began = time.perf_counter()
    states = 0
    beam_won = False
    inputs = kernel_inputs(game)
    for slack in BEAM_SLACKS:
        out, path = run_layered(game, slack=slack, inputs=inputs)
        states += int(out[search.OUT_STATES])
        if out[search.OUT_WON]:
            beam_won = True
            break
    exact = not beam_won or fewest_moves
    if exact:
        # A beam's win bounds the draws of the fewest-moves win: settle need not go further.
        cap = int(out[search.OUT_LAYER]) if beam_won else STOCK_SIZE
        out, path = run_settle(game, cap, inputs=inputs)
        states += int(out[search.OUT_STATES])
    seconds = time.perf_counter() - began

    replay = Game.at_position(game.deal, game.rules, game.heights, game.stock_pos, game.waste)
    moves = [replay.play("d" if step < 0 else str(step + 1)) for step in reversed(path)]
    won = bool(out[search.OUT_WON])
    if not won:
        while replay.stock_left:  # draw out the stock: the line ends at its dead end
            moves.append(replay.draw())
    return Solution(
        rules=game.rules,
        winnable=won,
        max_removed=int(out[search.OUT_MAX_REMOVED]),
        moves=tuple(moves),
        fewest_moves=won and exact,
        states=states,
        seconds=seconds,
    )


def solve(deal: Deal, rules: Rules = EASY, *, fewest_moves: bool = False) -> Solution:
    """Decide ``deal`` under ``rules``: verdict, a winning or best line, max removed, score."""
    return solve_game(Game(deal, rules), fewest_moves=fewest_moves)


def count_reachable(game: Game) -> int:
    """All states (stock index, 7 heights, waste rank) reachable from ``game``'s position,
    that position included."""
    out, _ = run_layered(game, dominance=False, stop_at_win=False)
    return int(out[search.OUT_STATES])
