"""A small, obviously correct search to check the numba kernels against.

It walks every reachable state (heights, stock index, waste rank) with a set of seen states,
no dominance and no cleverness, using only Rules.fits. A won game is over: nothing follows it.
"""

from __future__ import annotations

from golfsolve.model.game import Game


def reference_search(game: Game) -> tuple[bool, int, int]:
    """(winnable, max cards removed, number of reachable states) from ``game``'s position."""
    layout, fits = game.start, game.rules.fits
    first = (tuple(game.heights), game.stock_pos, game.waste.rank)
    seen = {first}
    todo = [first]
    best = 0
    while todo:
        heights, drawn, waste = todo.pop()
        best = max(best, 35 - sum(heights))
        if not any(heights):
            continue  # a won game is over
        successors = []
        for c in range(7):
            if heights[c]:
                card = layout.columns[c][heights[c] - 1]
                if fits(waste, card.rank):
                    lower = heights[:c] + (heights[c] - 1,) + heights[c + 1:]
                    successors.append((lower, drawn, card.rank))
        if drawn < len(layout.stock):
            successors.append((heights, drawn + 1, layout.stock[drawn].rank))
        for state in successors:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return best == 35, best, len(seen)
