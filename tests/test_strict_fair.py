"""The fair value under strict rules (a draw only when no free card fits), against a plain
recursion over card identities, and in the order of the rule sets' strictness."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import golfsolve
from golfsolve.fair import Limit, Method, method, value
from golfsolve.fair.expectimax import fair_value_game
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, STRICT

from .reference import fair_reference
from .test_expectimax import play_to

ORDER = (STRICT, DEAD_KING, CLASSIC, EASY)  # the strictest first


def strict_positions(max_left: int, min_left: int = 1):
    return st.builds(lambda number, left, seed: play_to(number, STRICT, left, random.Random(seed)),
                     st.integers(1, 5000), st.integers(min_left, max_left),
                     st.integers(0, 2**32))


@settings(max_examples=40, deadline=None)
@given(strict_positions(6), st.randoms(use_true_random=False))
def test_strict_fair_values_and_actions_are_the_card_level_recursions(game, rnd):
    hidden = [i for i in range(game.stock_left) if rnd.random() < 0.8]
    result = fair_value_game(game, hidden)
    expected, actions = fair_reference(game, hidden)
    assert result.complete and result.value == expected
    assert result.actions == actions
    if game.playable_columns():  # no draw while a card fits
        assert all(not a.is_draw for a in result.actions)


@settings(max_examples=30, deadline=None)
@given(strict_positions(7, 2), st.randoms(use_true_random=False))
def test_stricter_rules_never_have_a_higher_fair_value(game, rnd):
    hidden = [i for i in range(game.stock_left) if rnd.random() < 0.9]
    values = [fair_value_game(Game.at_position(game.start, rules, game.heights,
                                               game.stock_pos, game.waste), hidden).value
              for rules in ORDER]
    assert values == sorted(values)  # fair(strict) <= fair(dead-king) <= classic <= easy


def test_a_position_where_the_draw_rule_costs_the_player():
    """Among deals played under strict to 5 stock cards left, all unseen, one where being made
    to remove instead of drawing costs the player: its value is the recursion's."""
    for number in range(1, 400):
        game = play_to(number, STRICT, 5, random.Random(number))
        hidden = range(game.stock_left)
        strict = fair_value_game(game, hidden).value
        dead_king = fair_value_game(Game.at_position(game.start, DEAD_KING, game.heights,
                                                     game.stock_pos, game.waste), hidden).value
        if 0 < strict < dead_king:
            assert strict == fair_reference(game, hidden)[0]
            return
    raise AssertionError("no position where strict is worth less than dead-king")


def test_a_whole_deal_under_strict_is_the_expectimax_within_its_memory():
    deal = Deal.from_number(49).position().hidden()
    assert method(deal, STRICT) is Method.EXPECTIMAX
    assert method(deal, DEAD_KING) is Method.LAYERS
    found = golfsolve.fair_value(Deal.from_number(49), "strict")
    assert found.value == Fraction(3499147, 4540536000)
    assert found.actions == {golfsolve.Action(5): Fraction(3499147, 4540536000)}
    assert golfsolve.fair_value(Deal.from_number(49), "dead-king").value == Fraction(
        52842007, 4540536000)
    short = value(deal, STRICT, Limit(budget=1000))
    assert not short.complete and short.reason == ("16 unseen cards need more than the budget "
                                                   "of 1,000 states")
