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
from golfsolve.fair.layered import stock_fair_game
from golfsolve.fair.storage import LAYOUTS
from golfsolve.model.actions import DRAW
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.position import Position
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, STRICT
from golfsolve.packing import game_fair_arrays

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


def test_a_whole_deal_under_strict_is_computed_by_the_layers():
    """Deal 49 (the expectimax's 358,000 states give the same), and a position with some of
    its stock seen: the expectimax's, within its budget."""
    deal = Deal.from_number(49).position().hidden()
    assert method(deal, STRICT) is Method.LAYERS
    found = golfsolve.fair_value(Deal.from_number(49), "strict")
    assert found.value == Fraction(3499147, 4540536000)
    assert found.actions == {golfsolve.Action(5): Fraction(3499147, 4540536000)}
    assert found.counters["support"] == 7832  # the entries: the stuck rows only
    assert golfsolve.fair_value(Deal.from_number(49), "dead-king").value == Fraction(
        52842007, 4540536000)
    known = play_to(3, STRICT, 12, random.Random(3)).position()
    seen_one = Position(known.columns, known.waste,  # the next card is known, the rest not
                        (known.stock[0],) + (None,) * (len(known.stock) - 1), known.removed)
    assert method(seen_one, STRICT) is Method.EXPECTIMAX
    short = value(seen_one, STRICT, Limit(budget=10))
    assert not short.complete and short.reason == ("11 unseen cards need more than the budget "
                                                   "of 10 states")


def wholly_unseen(game: Game, rules=None) -> Game:
    """``game``'s position under ``rules`` (default its own), its stock unseen to the player."""
    return Game.at_position(game.start, rules or game.rules, game.heights, game.stock_pos,
                            game.waste)


@settings(max_examples=60, deadline=None)
@given(strict_positions(10, 4))
def test_the_layers_under_strict_are_the_expectimax_integers(game):
    """Positions played under strict to 4-10 stock cards, the whole stock unseen: W of the
    position and of each legal action, by the layers (forced draws), equal the strict
    expectimax's, which the card-level recursion checks above."""
    expected = fair_value_game(game, budget=20_000_000)
    result = stock_fair_game(game)
    assert expected.complete
    assert (result.wins, result.orders) == (expected.wins, expected.orders)
    assert result.actions == {a: v * expected.orders for a, v in expected.actions.items()}
    if game.status == "playing":  # a draw only when stuck
        assert (DRAW in result.actions) == (not game.playable_columns())
    else:  # won (or lost): no action
        assert result.actions == {}


@settings(max_examples=25, deadline=None)
@given(strict_positions(5, 3))
def test_the_layers_under_strict_are_the_card_level_recursion(game):
    result = stock_fair_game(game)
    expected, actions = fair_reference(game, range(game.stock_left))
    assert Fraction(result.wins, result.orders) == expected
    assert {a: Fraction(w, result.orders) for a, w in result.actions.items()} == actions


@settings(max_examples=25, deadline=None)
@given(strict_positions(10, 5))
def test_by_the_layers_stricter_rules_never_have_a_higher_fair_value(game):
    values = [Fraction(r.wins, r.orders)
              for r in (stock_fair_game(wholly_unseen(game, rules)) for rules in ORDER)]
    assert values == sorted(values)  # fair(strict) <= fair(dead-king) <= classic <= easy


@settings(max_examples=10, deadline=None)
@given(strict_positions(10, 6), st.randoms(use_true_random=False), st.sampled_from(LAYOUTS))
def test_a_strict_kept_table_answers_later_positions_as_a_new_pass_does(game, rnd, layout):
    """In every layout: the table kept at one position gives each of the next six positions
    of the game (played on under strict) what a new pass from there gives."""
    table = stock_fair_game(game, keep=True, layout=layout).table
    assert table is not None
    later = Game.at_position(game.start, STRICT, game.heights, game.stock_pos, game.waste)
    for _ in range(6):
        if later.status != "playing" or not later.stock_left:
            break
        moves = [str(c) for c in later.playable_columns()] or ["d"]
        later.play(rnd.choice(moves))
        col_ranks, heights, waste_rank, _, unseen = game_fair_arrays(later)
        if not unseen[1:].any():
            break
        kept = table.position(heights, waste_rank, unseen)
        fresh = stock_fair_game(later, layout=layout)
        assert kept is not None
        assert (kept.wins, kept.orders, kept.actions) == (fresh.wins, fresh.orders,
                                                         fresh.actions)
