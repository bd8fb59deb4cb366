"""The app's score at a game's end, as the rules pages count it: 10 a card removed, less 10 a
card left at a dead end, never below 0; a won game 350."""

from __future__ import annotations

from golfsolve.model.position import TABLEAU_SIZE

POINTS = 10  # a card removed; and, at a dead end, taken off for each card left
WIN_SCORE = POINTS * TABLEAU_SIZE


def best_score(max_removed: int) -> int:
    """The best final score: 350 for a win, else the dead-end score of the best line."""
    if max_removed == TABLEAU_SIZE:
        return WIN_SCORE
    return max(0, POINTS * max_removed - POINTS * (TABLEAU_SIZE - max_removed))
