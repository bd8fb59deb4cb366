"""The exact fair value under an unseen stock, against plain references written over cards.

The references know nothing of the kernel's integers, memo, closures or pruning: the fair value
is a recursion over card identities with Fractions (a draw from the unseen cards averages over
each card left), and the clairvoyant odds try every order of the unseen cards with a plain
search. Positions come from real deals, played some way in under each rule set.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.fair.expectimax import fair_value, fair_value_game
from golfsolve.fair.result import FairValue
from golfsolve.model.actions import DRAW, Action
from golfsolve.model.cards import FULL_DECK
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import ALL_RULES, CLASSIC, DEAD_KING, EASY
from golfsolve.packing import position_arrays
from golfsolve.probability import orders
from golfsolve.solver import solve_game

from .reference import fair_reference


# ----- positions from real deals ----------------------------------------------------------------
def play_to(number: int, rules, left: int, rnd: random.Random, deviate: float = 0.15) -> Game:
    """Deal ``number``, played until ``left`` stock cards remain (or the game ends): mostly
    along the solver's best line, with random legal moves now and then."""
    game = Game(Deal.from_number(number), rules)
    line: list = []
    while game.stock_left > left and game.status == "playing":
        if not line or rnd.random() < deviate:
            moves = [str(c) for c in game.playable_columns()] + (["d"] if game.can_draw else [])
            if line or rnd.random() < 0.5:
                game.play(rnd.choice(moves))
                line = []
                continue
            line = list(solve_game(game).moves)
            if not line:
                break
        game.play(line.pop(0))
    return game


DRAW_ANY_TIME_RULES = [r for r in ALL_RULES if r.draw_any_time]


def position_strategy(max_left: int, min_left: int = 1):
    return st.builds(
        lambda number, rules, left, seed: play_to(number, rules, left, random.Random(seed)),
        st.integers(1, 5000),
        st.sampled_from(DRAW_ANY_TIME_RULES),  # the fair value assumes draws at any time
        st.integers(min_left, max_left),
        st.integers(0, 2**32),
    )


def hidden_slots(game: Game, rnd: random.Random, share: float = 1.0) -> list[int]:
    """Indices into the stock left to make unknown: all of them, or a random share."""
    return [i for i in range(game.stock_left) if share >= 1.0 or rnd.random() < share]


# ----- the references ---------------------------------------------------------------------------
def reference_actions(game: Game, hidden) -> tuple[Fraction, dict]:
    """The fair value and each legal action's value, by the reference recursion over card
    identities (tests/reference.py's, which the strict tests share)."""
    return fair_reference(game, hidden)


def winnable(game: Game, stock_ranks) -> bool:
    """Plain depth-first search with the stock known: can the position be won?"""
    deal, fits = game.start, game.rules.fits
    start = (tuple(game.heights), 0, game.waste.rank)
    seen = {start}
    todo = [start]
    while todo:
        heights, slot, waste = todo.pop()
        if not any(heights):
            return True
        successors = []
        for c in range(7):
            if heights[c] and fits(waste, deal.columns[c][heights[c] - 1].rank):
                lower = heights[:c] + (heights[c] - 1,) + heights[c + 1:]
                successors.append((lower, slot, deal.columns[c][heights[c] - 1].rank))
        if slot < len(stock_ranks):
            successors.append((heights, slot + 1, stock_ranks[slot]))
        for state in successors:
            if state not in seen:
                seen.add(state)
                todo.append(state)
    return False


def clairvoyant_odds(game: Game, hidden) -> Fraction:
    """The share of the orders of the unseen cards under which the position can be won."""
    stock = [card.rank for card in game.start.stock[game.stock_pos:]]
    hidden = sorted(hidden)
    wins = total = 0
    # Each distinct rank order stands for the same number of card orders.
    for order in set(permutations([stock[i] for i in hidden])):
        filled = list(stock)
        for i, rank in zip(hidden, order, strict=True):
            filled[i] = rank
        total += 1
        wins += winnable(game, filled)
    return Fraction(wins, total)


def kernel(game: Game, hidden, **options) -> FairValue:
    return fair_value_game(game, hidden, **options)


# ----- against the references -------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(position_strategy(5), st.randoms(use_true_random=False), st.booleans())
def test_fair_value_and_actions_match_the_card_level_recursion(game, rnd, all_hidden):
    hidden = hidden_slots(game, rnd, 1.0 if all_hidden else 0.6)
    result = kernel(game, hidden)
    value, actions = reference_actions(game, hidden)
    assert result.complete
    assert result.value == value
    assert result.orders * result.value == result.wins
    assert result.actions == actions
    if result.actions:
        assert result.value == max(result.actions.values())


@settings(max_examples=30, deadline=None)
@given(position_strategy(4))
def test_fair_value_is_at_most_the_clairvoyant_odds(game):
    hidden = range(game.stock_left)
    result = kernel(game, hidden)
    odds = clairvoyant_odds(game, hidden)
    assert result.value <= odds
    assert (result.value > 0) == (odds > 0)  # some order wins exactly when play can win


# Deal 566 under Classic, 36 moves in: 10♦ on the waste, three stock cards left, all unseen
# (2♣ 7♠ Q♦ in truth). Columns 2-7: K♠ K♥ | Q♠ 2♦ A♦ K♣ | 9♣ 8♥ Q♥ | J♣ | 10♠ | 9♥.
# J♣ and 9♥ both go on the 10♦ now, and the player must pick one before seeing what comes:
# either way half the orders win, while someone who saw the order would win 4 of 6.
PINNED_MOVES = "d 2 6 d d d d 7 4 5 d d d 2 3 1 1 d d 7 5 7 2 5 7 4 6 1 6 1 d 6 1 5 d d"


def test_a_pinned_position_where_not_seeing_the_stock_costs():
    game = Game(Deal.from_number(566), CLASSIC)
    for token in PINNED_MOVES.split():
        game.play(token)
    assert game.stock_left == 3 and str(game.waste) == "TD"
    hidden = range(3)
    result = kernel(game, hidden)
    assert (result.wins, result.orders, result.value) == (3, 6, Fraction(1, 2))
    assert result.actions == {Action(5): Fraction(1, 2), Action(7): Fraction(1, 2),
                              DRAW: Fraction(0)}
    assert result.best_action == Action(5)  # a tie: the lower column
    assert clairvoyant_odds(game, hidden) == Fraction(2, 3)
    assert reference_actions(game, hidden) == (result.value, result.actions)


# ----- the kernel against itself and the solver -------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(position_strategy(16, 0))
def test_a_known_stock_gives_the_solver_verdict(game):
    result = kernel(game, [])
    assert result.orders == 1 and result.complete
    assert result.value == (1 if solve_game(game).winnable else 0)
    assert set(result.actions.values()) <= {0, 1}


@pytest.mark.parametrize("rules", [EASY, CLASSIC, DEAD_KING])
@pytest.mark.parametrize("number", [1, 2, 3])
def test_a_known_stock_from_the_deal_start(number, rules):
    game = Game(Deal.from_number(number), rules)
    assert kernel(game, []).value == (1 if solve_game(game).winnable else 0)


@settings(max_examples=20, deadline=None)
@given(position_strategy(8, 5), st.randoms(use_true_random=False))
def test_the_pruning_tests_never_change_a_value(game, rnd):
    hidden = hidden_slots(game, rnd, rnd.choice([0.5, 1.0]))
    plain = kernel(game, hidden, dead_test=False, relaxed_test=False, budget=200_000)
    if not plain.complete:  # early positions can take millions of states without the tests
        return
    for dead, relaxed in [(True, False), (False, True), (True, True)]:
        pruned = kernel(game, hidden, dead_test=dead, relaxed_test=relaxed)
        assert (pruned.wins, pruned.actions) == (plain.wins, plain.actions)
        assert pruned.states <= plain.states


def test_a_budget_too_small_reports_nothing_rather_than_a_wrong_value():
    game = play_to(5, EASY, 10, random.Random(1), deviate=0.0)
    full = kernel(game, range(game.stock_left))
    assert full.complete and full.states > 50
    short = kernel(game, range(game.stock_left), budget=full.states // 3)
    assert not short.complete
    assert short.value is None and short.wins is None
    assert None in short.actions.values()
    assert short.states <= full.states // 3
    assert short.orders == full.orders
    for action, value in short.actions.items():
        assert value is None or value == full.actions[action]
    again = kernel(game, range(game.stock_left), budget=full.states)
    assert again.complete and again.value == full.value and again.states == full.states


# ----- small cases and the API ------------------------------------------------------------------
def test_orders_counts_distinct_rank_orders():
    unseen = np.zeros(14, dtype=np.int64)
    assert orders(unseen) == 1
    unseen[[1, 5, 13]] = [1, 2, 1]  # A 5 5 K: 4! / 2!
    assert orders(unseen) == 12
    unseen[1:14] = 1
    unseen[13] = 4  # 16 cards, four of them kings
    assert orders(unseen) == math.factorial(16) // math.factorial(4)


def test_a_won_position_has_value_one_and_no_moves():
    deal = Deal.from_number(1)
    game = Game.at_position(deal, EASY, [0] * 7, 10, deal.stock[9])
    result = kernel(game, range(game.stock_left))
    assert result.value == 1 and result.actions == {} and result.best_action is None


def test_a_stuck_position_has_value_zero():
    deal = Deal.from_number(1)
    free_ranks = [column[-1].rank for column in deal.tableau]
    waste = next(card for card in FULL_DECK
                 if not any(CLASSIC.fits(card.rank, rank) for rank in free_ranks))
    game = Game.at_position(deal, CLASSIC, [5] * 7, 16, waste)
    assert game.status == "stuck"
    result = kernel(game, [])
    assert result.value == 0 and result.actions == {} and result.complete


def test_best_action_prefers_the_highest_then_a_removal_then_the_lowest_column():
    def fv(actions):
        return FairValue(wins=0, orders=1, value=Fraction(0), complete=True, states=0,
                         actions=actions)

    half = Fraction(1, 2)
    assert fv({Action(3): half, DRAW: Fraction(2, 3)}).best_action == DRAW
    assert fv({Action(3): half, DRAW: half}).best_action == Action(3)
    assert fv({Action(5): half, Action(2): half, DRAW: half}).best_action == Action(2)
    assert fv({Action(5): half, Action(2): None}).best_action is None


def test_bad_input_is_refused():
    game = play_to(3, EASY, 4, random.Random(0), deviate=0.0)
    col_ranks, heights, waste, stock, unseen = position_arrays(game.position().hidden())
    fits = EASY.fits_table()
    with pytest.raises(ValueError):
        fair_value(col_ranks, heights, waste, stock, unseen + np.eye(14, dtype=np.int64)[2],
                   fits)  # one unseen card more than the unknown slots
    with pytest.raises(ValueError):
        fair_value(col_ranks, heights, 0, stock, unseen, fits)
    bad = heights.copy()
    bad[0] = 6
    with pytest.raises(ValueError):
        fair_value(col_ranks, bad, waste, stock, unseen, fits)
