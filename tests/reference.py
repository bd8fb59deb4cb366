"""Small, obviously correct searches to check the numba kernels against.

``reference_search`` walks every reachable state (heights, stock index, waste rank) with a set
of seen states, no dominance and no cleverness, using only ``Rules.fits`` (asked once for each
pair of ranks: :func:`fits_of`) and ``Rules.may_draw``. A won game is over: nothing follows it.

``strict_reference`` is a second, differently built search written for strict Golf: a memoised
depth-first recursion over the only choice strict leaves (which fitting card to remove; a draw
exactly when none fits), giving the best dead end as a maximum rather than the best state.
``fewest_moves`` reads the fewest moves of a win from the walk's states.
"""

from __future__ import annotations

import sys
from functools import cache

from golfsolve.model.game import Game

TABLEAU = 35


def fits_of(rules):
    """``rules.fits`` as a function of (waste rank, card rank), each of its answers asked of it
    once (the searches ask millions of times)."""
    table = [[rules.fits(waste, rank) for rank in range(14)] for waste in range(14)]
    return lambda waste, rank: table[waste][rank]


def reference_search(game: Game) -> tuple[bool, int, int]:
    """(winnable, max cards removed, number of reachable states) from ``game``'s position."""
    layout, fits = game.start, fits_of(game.rules)
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
        if drawn < len(layout.stock) and game.rules.may_draw(bool(successors)):
            successors.append((heights, drawn + 1, layout.stock[drawn].rank))
        for state in successors:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return best == 35, best, len(seen)


def reachable_states(game: Game) -> set[tuple[tuple[int, ...], int, int]]:
    """Every state (heights, stock index, waste rank) reachable from ``game``'s position."""
    layout, rules, fits = game.start, game.rules, fits_of(game.rules)
    first = (tuple(game.heights), game.stock_pos, game.waste.rank)
    seen = {first}
    todo = [first]
    while todo:
        heights, drawn, waste = todo.pop()
        if not any(heights):
            continue
        nexts = [(heights[:c] + (heights[c] - 1,) + heights[c + 1:], drawn,
                  layout.columns[c][heights[c] - 1].rank)
                 for c in range(7)
                 if heights[c] and fits(waste, layout.columns[c][heights[c] - 1].rank)]
        if drawn < len(layout.stock) and rules.may_draw(bool(nexts)):
            nexts.append((heights, drawn + 1, layout.stock[drawn].rank))
        for state in nexts:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return seen


def fewest_moves(game: Game) -> int | None:
    """The fewest moves (removals + draws) of a win from ``game``'s position, None if there is
    none. Under strict rules every line to a state draws (its stock index - the start's)
    cards, so a won state's stock index gives its line's length."""
    assert not game.rules.draw_any_time, "with draws at any time lengths differ per line"
    wins = [drawn for heights, drawn, _ in reachable_states(game) if not any(heights)]
    if not wins:
        return None
    return sum(game.heights) + min(wins) - game.stock_pos


def strict_reference(game: Game) -> tuple[bool, int, int]:
    """(winnable, max tableau cards removed, reachable states) from ``game``'s position under
    the strict draw rule (a draw exactly when no free card fits), with ``game.rules.fits``
    as the rule table, whatever the rule set's own draw rule. The maximum counts the cards
    already removed in the position."""
    fits = fits_of(game.rules)
    ranks = [[card.rank for card in column] for column in game.start.columns]
    stock_ranks = [card.rank for card in game.start.stock]

    @cache
    def best(heights: tuple[int, ...], drawn: int, waste: int) -> int:
        """The most tableau cards removed over every strict play from this state."""
        if not any(heights):
            return TABLEAU  # won: the game is over
        removals = [(c, ranks[c][heights[c] - 1]) for c in range(7)
                    if heights[c] and fits(waste, ranks[c][heights[c] - 1])]
        if removals:  # some card fits: the player must remove one (any one)
            return max(best(heights[:c] + (heights[c] - 1,) + heights[c + 1:], drawn, rank)
                       for c, rank in removals)
        if drawn < len(stock_ranks):  # nothing fits: the draw is forced
            return best(heights, drawn + 1, stock_ranks[drawn])
        return TABLEAU - sum(heights)  # a dead end

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 1000))
    try:
        most = best(tuple(game.heights), game.stock_pos, game.waste.rank)
        states = best.cache_info().currsize
    finally:
        sys.setrecursionlimit(old)
    return most == TABLEAU, most, states


def _removals(position, fits, heights, waste):
    """The removals (column 0-6, heights after, rank put on the waste) legal at ``heights``
    of ``position``'s columns under a waste of rank ``waste``."""
    for c in range(7):
        if heights[c]:
            card = position.columns[c][heights[c] - 1]
            if fits(waste, card.rank):
                yield c, heights[:c] + (heights[c] - 1,) + heights[c + 1:], card.rank


def fair_reference(game: Game, hidden) -> tuple:
    """(fair value, {Action: value}) of ``game``'s position for a player who does not see the
    stock slots ``hidden`` (indices into the stock left): a recursion over card identities
    with Fractions, under the game's rules as ``Rules.fits`` and ``Rules.draw_any_time`` say
    (a draw at any time, or only when no free card fits). A draw from an unseen slot averages
    over each card unseen."""
    from fractions import Fraction

    from golfsolve.model.actions import DRAW, Action

    deal, fits, any_time = game.start, fits_of(game.rules), game.rules.draw_any_time
    stock = deal.stock[game.stock_pos:]
    hidden = set(hidden)
    known = [None if i in hidden else card for i, card in enumerate(stock)]

    def removals(heights, waste):
        return _removals(deal, fits, heights, waste)

    @cache
    def value(heights, waste, slot, unseen):
        if not any(heights):
            return Fraction(1)
        best, moved = Fraction(0), False
        for _, lower, rank in removals(heights, waste):
            moved = True
            best = max(best, value(lower, rank, slot, unseen))
        if slot < len(known) and (any_time or not moved):
            best = max(best, draw(heights, slot, unseen))
        return best

    @cache
    def draw(heights, slot, unseen):
        if known[slot] is not None:
            return value(heights, known[slot].rank, slot + 1, unseen)
        return sum((value(heights, card.rank, slot + 1, unseen - {card}) for card in unseen),
                   Fraction(0)) / len(unseen)

    heights, waste = tuple(game.heights), game.waste.rank
    unseen = frozenset(stock[i] for i in hidden)
    actions = {}
    if any(heights):
        for c, lower, rank in removals(heights, waste):
            actions[Action(c + 1)] = value(lower, rank, 0, unseen)
        if known and (any_time or not actions):
            actions[DRAW] = draw(heights, 0, unseen)
    return value(heights, waste, 0, unseen), actions


def score_reference(game: Game) -> tuple:
    """(expected final score, {Action: expected final score}) of best play for the score from
    ``game``'s position by a player who sees none of the stock left: a recursion over card
    identities with Fractions, under the game's rules as ``Rules.fits`` and
    ``Rules.draw_any_time`` say; a won game scores 350, a dead end 10 a card removed less 10
    a card left, never below 0."""
    from fractions import Fraction

    from golfsolve.model.actions import DRAW, Action

    deal, fits, any_time = game.start, fits_of(game.rules), game.rules.draw_any_time

    def removals(heights, waste):
        return _removals(deal, fits, heights, waste)

    @cache
    def value(heights, waste, unseen):
        left = sum(heights)
        if not left:
            return Fraction(350)
        options = [value(lower, rank, unseen) for _, lower, rank in removals(heights, waste)]
        if unseen and (any_time or not options):
            options.append(draw(heights, unseen))
        return max(options, default=Fraction(max(0, 10 * (TABLEAU - left) - 10 * left)))

    def draw(heights, unseen):
        return sum((value(heights, card.rank, unseen - {card}) for card in unseen),
                   Fraction(0)) / len(unseen)

    heights, waste = tuple(game.heights), game.waste.rank
    unseen = frozenset(deal.stock[game.stock_pos:])
    actions = {Action(c + 1): value(lower, rank, unseen)
               for c, lower, rank in removals(heights, waste)}
    if unseen and (any_time or not actions):
        actions[DRAW] = draw(heights, unseen)
    return value(heights, waste, unseen), actions
