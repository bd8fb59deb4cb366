"""The score's value (golfsolve.fair.score): the expected final score of best play for the
score by a player who cannot see the stock, as the hint gives it once no move can win."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.fair.score import score_value
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, STRICT
from golfsolve.packing import position_arrays
from golfsolve.solver import solve

from .reference import score_reference


def _late_game(number: int, rules, seed: int) -> Game:
    """A game of deal ``number`` played at random (a removal where one fits, mostly) until
    at most 5 stock cards are left, or it is over."""
    rng = random.Random(seed)
    game = Game(Deal.from_number(number), rules)
    while game.status == "playing" and game.stock_left > 5:
        columns = game.playable_columns()
        if columns and (rng.random() < 0.8 or not rules.may_draw(True)):
            game.remove(rng.choice(columns))
        else:
            game.draw()
    return game


def _score_of(game: Game):
    col_ranks, heights, waste_rank, _, unseen = position_arrays(game.position().hidden())
    return score_value(col_ranks, heights, waste_rank, unseen, game.rules.fits_table(),
                       not game.rules.draw_any_time)


@settings(max_examples=25, deadline=None)
@given(number=st.integers(1, 10**6), rules=st.sampled_from([EASY, CLASSIC, DEAD_KING, STRICT]),
       seed=st.integers(0, 2**32))
def test_the_score_value_is_the_reference_recursions_for_the_position_and_each_move(
        number, rules, seed):
    game = _late_game(number, rules, seed)
    found = _score_of(game)
    value, actions = score_reference(game)
    assert found.value == value and found.actions == actions


def test_a_deals_first_card_is_out_of_its_reach():
    assert _score_of(Game(Deal.from_number(1), CLASSIC)) is None


def test_a_hint_where_no_move_wins_names_the_best_move_for_the_score(cli):
    """Deal 1 under Classic cannot be won: 30 moves into its best line, the hint gives the
    move with the best expected score and each move's, as the reference recursion has them."""
    moves = solve(Deal.from_number(1), CLASSIC).moves[:30]
    game = Game(Deal.from_number(1), CLASSIC)
    for move in moves:
        game.play(move.token)
    _, actions = score_reference(game)
    assert len(actions) > 1
    ranked = sorted(actions, key=lambda a: -actions[a])

    def named(action) -> str:
        return ("draw" if action.is_draw else
                f"column {action.column} ({game.free_card(action.column).pretty})")

    said = cli("play", "GO1-C-AAAAAAB", "--lang", "en",
               input="".join(f"{m.token}\n" for m in moves) + "h\nq\n").out.splitlines()
    best = ranked[0]
    assert said[-2:] == [
        f"Hint: no move can win from here; for the score, {named(best)}: best play without seeing "
        f"the stock scores {float(actions[best]):.1f} on average from here.",
        "Every legal move's average score: " + ", ".join(
            f"{named(a)} {float(actions[a]):.1f}" for a in ranked) + "."]


def test_odds_where_no_move_wins_gives_the_best_move_for_the_score(cli, tmp_path):
    """Deal 1 under Classic, 30 moves into its best line, saved as a board: odds names the
    best move for the score and each move's average, as the reference has them, and its
    JSON carries them exactly."""
    from fractions import Fraction

    moves = solve(Deal.from_number(1), CLASSIC).moves[:30]
    game = Game(Deal.from_number(1), CLASSIC)
    for move in moves:
        game.play(move.token)
    _, actions = score_reference(game)
    ranked = sorted(actions, key=lambda a: -actions[a])
    board = tmp_path / "late.board"
    board.write_text(game.position().hidden().to_board(), encoding="utf-8")

    def named(action) -> str:
        return ("draw" if action.is_draw else
                f"column {action.column} ({game.free_card(action.column).pretty})")

    lines = cli("odds", str(board), "--rules", "classic", "--seed", "1").out.splitlines()
    assert lines[2:5] == [
        "  best move          none: no move wins under any order",
        f"  for the score      {named(ranked[0])}: {float(actions[ranked[0]]):.1f} on average "
        "with best play",
        "  average score     " + "  ".join(f"{named(a)} {float(actions[a]):.1f}"
                                          for a in ranked)]
    import json

    data = json.loads(cli("odds", str(board), "--rules", "classic", "--seed", "1",
                          "--json").out)
    assert {(s["action"], s["column"]): Fraction(s["fraction"]) for s in data["score"]} == {
        (a.kind, a.column): v for a, v in actions.items()}
    assert data["sampled_score"] is None  # the exact value is within reach: no estimate
    from golfsolve.odds import Figure, score_where_nothing_wins

    view, figures = game.position().hidden(), {a: Figure.exact(0, 1) for a in actions}
    assert score_where_nothing_wins(view, CLASSIC, Figure.exact(0, 1), figures) == actions
    assert score_where_nothing_wins(view, CLASSIC, Figure.exact(1, 360), figures) is None
    one = dict(list(figures.items())[:1])  # a single move: nothing to choose
    assert score_where_nothing_wins(view, CLASSIC, Figure.exact(0, 1), one) is None


def test_the_only_legal_move_where_nothing_wins_is_given_with_its_score(cli):
    """Deal 1 under Classic, late in its best line, where a draw is the only legal move: the
    hint names it with what best play scores from there, as the reference has it."""
    moves = solve(Deal.from_number(1), CLASSIC).moves
    game = Game(Deal.from_number(1), CLASSIC)
    for played, move in enumerate(moves):
        if played >= 25 and not game.playable_columns() and game.stock_left:
            break
        game.play(move.token)
    value, actions = score_reference(game)
    assert len(actions) == 1
    said = cli("play", "GO1-C-AAAAAAB", "--lang", "en",
               input="".join(f"{m.token}\n" for m in moves[:played]) + "h\nq\n").out
    assert said.splitlines()[-1] == (
        "Hint: draw, the only legal move. No move can win from here; best play without seeing the "
        f"stock scores {float(value):.1f} on average from here.")


# a typed layout (no stock) lost under Classic whatever the order: after 8♣ is drawn, column 1
# (7♣), column 4 (7♥) and a draw are legal, with 15 cards unseen (the score's exact value out
# of reach)
LOST_LAYOUT = ("TD | 9C JD 9H QH 7C | AS AD 4D 5D 2C | 3S TC 4C QC 5S | KS 9D KC QD 7H | "
               "JS 7D KH JH 6D | 6H 8D 5C 7S AH | TS 4H JC KD 2D")


def _lost_game() -> Game:
    import golfsolve
    from golfsolve.model.cards import Card

    game = Game(golfsolve.deal(LOST_LAYOUT), CLASSIC)
    game.draw(Card.parse("8C"))
    return game


def _mean_seen_scores(game: Game, orders) -> dict:
    """Each legal action's mean best final score over ``orders`` (ranks of the unseen cards),
    each order's stock dealt and the game after the action solved separately."""
    from fractions import Fraction

    from golfsolve.model.scoring import best_score
    from golfsolve.solver import solve_game

    view = game.position().hidden()
    expected = {}
    for action in game.legal_actions():
        total = 0
        for order in orders:
            pool = {r: [c for c in view.unseen if c.rank == r] for r in set(order)}
            after = Game(view.with_stock([pool[r].pop() for r in order]), game.rules)
            after.play(action.token)
            total += best_score(solve_game(after).max_removed)
        expected[action] = Fraction(total, len(orders))
    return expected


def test_a_sampled_score_is_the_mean_best_score_of_its_orders_played_seeing_the_stock():

    from golfsolve.odds import Limit, sampled_orders, sampled_scores

    game = _lost_game()
    view = game.position().hidden()
    limit = Limit(samples=12, seed=5)
    found = sampled_scores(view, CLASSIC, limit)
    orders = sampled_orders(view, limit, "score")
    expected = _mean_seen_scores(game, orders)
    assert found == expected
    assert [str(a) for a in found] == ["1", "4", "d"] and len(set(found.values())) > 1


def test_a_hint_where_the_scores_value_is_out_of_reach_weighs_sampled_orders(cli):
    from golfsolve.cli.session import HINT_LIMIT_SAMPLES, HINT_SEED
    from golfsolve.odds import Limit, sampled_scores

    game = _lost_game()
    assert _score_of(game) is None  # out of reach here
    scores = sampled_scores(game.position().hidden(), CLASSIC,
                            Limit(samples=HINT_LIMIT_SAMPLES, seed=HINT_SEED))
    names = {"1": "column 1 (7♣)", "4": "column 4 (7♥)", "d": "draw"}
    ranked = sorted(scores, key=lambda a: -scores[a])
    said = cli("play", LOST_LAYOUT, "--rules", "classic",
               input="d 8C\nh\nq\n").out.splitlines()
    best = ranked[0]
    assert said[-2:] == [
        f"Hint: no move can win from here; for the score, {names[str(best)]}: under sampled "
        f"stock orders, best play that saw the stock would score {float(scores[best]):.1f} on "
        "average (the exact value is out of reach here).",
        "Every legal move's average score: " + ", ".join(
            f"{names[str(a)]} {float(scores[a]):.1f}" for a in ranked) + "."]


def test_odds_where_the_scores_value_is_out_of_reach_estimates_it_over_the_orders_weighed(
        cli, tmp_path):
    """Early in a lost Classic game odds gives, after the most removed, the best move for the
    score and each move's mean best score over the orders it weighs, each played seeing the
    stock (as solving each order gives it); its JSON carries them exactly."""
    import json
    from fractions import Fraction

    from golfsolve.odds import Limit, sampled_orders

    game = _lost_game()
    view = game.position().hidden()
    path = tmp_path / "lost.json"
    path.write_text(json.dumps({**view.to_dict(), "rules": "classic"}), encoding="utf-8")
    orders = sampled_orders(view, Limit(samples=12, seed=3))
    expected = _mean_seen_scores(game, orders)
    names = {"1": "column 1 (7♣)", "4": "column 4 (7♥)", "d": "draw"}
    ranked = sorted(expected, key=lambda a: -expected[a])
    args = ("odds", str(path), "--samples", "12", "--seed", "3", "--jobs", "1")
    lines = cli(*args).out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  for the score"))
    assert lines[at:at + 2] == [
        f"  for the score      {names[str(ranked[0])]}: {float(expected[ranked[0]]):.1f} on "
        "average over the sampled orders, each played seeing the stock (an estimate: the "
        "exact value is out of reach here)",
        "  average score ~   " + "  ".join(f"{names[str(a)]} {float(expected[a]):.1f}"
                                          for a in ranked)]
    assert lines[at - 1].startswith("                    ") or lines[at - 1].startswith(
        "  most removed")  # after the most removed
    data = json.loads(cli(*args, "--json").out)
    assert data["score"] is None
    assert {(s["action"], s["column"]): Fraction(s["fraction"])
            for s in data["sampled_score"]} == {(a.kind, a.column): v
                                                for a, v in expected.items()}
