"""The bound the exact search prunes with, and what settle promises with a floor."""

import pytest
from hypothesis import given, settings

from golfsolve.kernels.bound import (
    BOUND_IN_SET,
    BOUND_SETS,
    LANE_BIAS,
    RANK_LETTERS,
    bound_lanes,
    bound_pays,
    bound_tables,
)
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import ALL_RULES, CLASSIC, DEAD_KING, EASY
from golfsolve.packing import kernel_inputs
from golfsolve.solver import run_settle

from .reference import reference_search
from .test_solver import positions


def lanes_at(game: Game) -> list[int]:
    """d(S) of every set, as bound_lanes' tables give it at ``game``'s position."""
    col_ranks, stock_ranks, fits, _ = kernel_inputs(game)
    in_set = BOUND_IN_SET.view()
    in_set.flags.writeable = False  # as bound_tables passes the global: no compile of its own
    lo, hi, stock = bound_lanes(col_ranks, stock_ranks, fits, in_set)
    h3 = sum(h << (3 * c) for c, h in enumerate(game.heights))
    found = []
    for lane in range(len(BOUND_SETS)):
        w, byte = divmod(lane, 8)
        word = int(lo[h3 & 511, w]) + int(hi[h3 >> 9, w]) + int(stock[game.stock_pos, w])
        found.append((word >> (8 * byte) & 255) - LANE_BIAS)
    return found


def deficits(game: Game) -> list[int]:
    """d(S) of every set, counted card by card: n(S) - n(P(S)) on the tableau, less the
    stock cards to come that a card of S fits on, less one for the waste."""
    fits = game.rules.fits
    tableau = [card.rank for column in game.columns() for card in column]
    takers = [card.rank for card in game.start.stock[game.stock_pos:]]
    found = []
    for letters in BOUND_SETS:
        ranks = {RANK_LETTERS.index(letter) + 1 for letter in letters}
        pred = {w for w in range(1, 14) if any(fits(w, x) for x in ranks)}
        found.append(sum(r in ranks for r in tableau) - sum(r in pred for r in tableau)
                     - sum(r in pred for r in takers) - 1)
    return found


@settings(max_examples=150, deadline=None)
@given(positions)
def test_the_bound_is_what_it_says_and_never_below_the_maximum(position):
    deal, rules, heights, drawn, waste = position
    game = Game.at_position(deal, rules, heights, drawn, waste)
    assert lanes_at(game) == deficits(game)
    _, best, _ = reference_search(game)
    assert best <= 35 - max(deficits(game))


def test_the_bound_at_a_known_position():
    """Deal 1 under Classic rules with column 1 down to its last card: the odd ranks' set
    counts the odd cards left, less the even ones on the tableau and in the stock to come,
    less one for the waste."""
    deal = Deal.from_number(1)
    game = Game.at_position(deal, CLASSIC, [1, 5, 5, 5, 5, 5, 5], 3, deal.stock[2])
    tableau = [c.rank for column in game.columns() for c in column]
    odd = sum(r % 2 for r in tableau)
    even_takers = sum(c.rank % 2 == 0 for c in deal.stock[3:])
    assert lanes_at(game)[0] == odd - (len(tableau) - odd) - even_takers - 1


def test_the_bound_is_offered_where_it_pays():
    """Under Easy rules a King and an Ace fit on each other, so runs need not alternate odd
    and even ranks: settle gets no tables there, nor for a floor the bound cannot reach."""
    assert [bound_pays(rules.fits_table()) for rules in (EASY, CLASSIC, DEAD_KING)] == [
        False, True, True]
    col_ranks, stock_ranks, _, _ = kernel_inputs(Game(Deal.from_number(1), CLASSIC))
    for rules, floor, rows in ((EASY, 35, 0), (CLASSIC, 35, 512), (CLASSIC, 3, 512),
                               (CLASSIC, 2, 0), (DEAD_KING, 30, 512)):
        lo, hi, stock = bound_tables(col_ranks, stock_ranks, rules.fits_table(), floor)
        assert (len(lo), len(hi), len(stock)) == ((rows, 8 * rows, 17) if rows else (0, 0, 0))


def floors(maximum: int) -> set[int]:
    return {0, maximum - 1, maximum, maximum + 1, 35}


def settle_keeps_what_reaches_the_floor(game: Game, cap: int = 16) -> None:
    full, full_path = run_settle(game, cap)
    for floor in floors(int(full[2])):
        out, path = run_settle(game, cap, floor)
        if full[2] >= floor:  # as without a floor: verdict, maximum, draws, line
            assert (out[1], out[2], out[5]) == (full[1], full[2], full[5])
            assert path == full_path
        else:
            assert out[2] < floor


@pytest.mark.parametrize("number", range(1, 21))
def test_settle_with_a_floor_on_the_vectors(number):
    for rules in ALL_RULES:
        game = Game(Deal.from_number(number), rules)
        settle_keeps_what_reaches_the_floor(game)
        full, _ = run_settle(game)
        if full[1]:  # capped at the fewest draws of a win, as --fewest-moves runs it
            settle_keeps_what_reaches_the_floor(game, int(full[5]))


@settings(max_examples=100, deadline=None)
@given(positions)
def test_settle_with_a_floor_on_positions(position):
    deal, rules, heights, drawn, waste = position
    settle_keeps_what_reaches_the_floor(Game.at_position(deal, rules, heights, drawn, waste))
