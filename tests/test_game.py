import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model.cards import Card
from golfsolve.model.game import UNDO_DEPTH, Game, MoveRefused
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY

from .conftest import MOVE_35_LINE
from .test_deal import random_deals


def column_text(game, column):
    return " ".join(c.pretty for c in game.column(column))


def play_line(game, line):
    for token in line.split():
        game.play(token)
    return game


def test_three_move_example(page_deal):
    game = Game(page_deal, EASY)
    assert game.playable_columns() == []  # no free card fits A♣
    assert game.draw().card == Card.parse("8♠")
    assert game.remove(5).card == Card.parse("9♣")
    assert game.remove(2).card == Card.parse("8♣")
    assert game.stock_left == 15
    assert game.waste == Card.parse("8♣")
    assert column_text(game, 2) == "2♠ K♣ 4♠ 2♣"
    assert column_text(game, 5) == "J♥ 3♣ 7♦ 8♥"
    for unchanged in (1, 3, 4, 6, 7):
        assert game.column(unchanged) == page_deal.tableau[unchanged - 1]
    assert (game.move_count, game.score, game.status) == (3, 20, "playing")


def test_refusals_at_the_start(page_deal):
    game = Game(page_deal, EASY)
    with pytest.raises(MoveRefused) as wrong_rank:
        game.remove(1)
    assert wrong_rank.value.message() == "Rank must be one higher or lower"
    with pytest.raises(MoveRefused) as blocked:
        game.remove(1, row=4)  # 10♠
    assert blocked.value.message() == "This card is blocked"
    assert (game.heights, game.move_count, game.waste) == ([5] * 7, 0, page_deal.waste)


def test_move_35_state_and_the_king_ace_move(page_deal):
    game = play_line(Game(page_deal, EASY), MOVE_35_LINE)
    assert game.move_count == 34
    assert game.stock_left == 6
    assert game.waste == Card.parse("K♣")
    expected = ["6♣ 5♠", "2♠", "10♣ A♥", "3♦", "J♥", "10♥ 4♥", "3♠ 7♠"]
    assert [column_text(game, c) for c in range(1, 8)] == expected
    assert game.remove(3).card == Card.parse("A♥")  # A on K: Easy wraps
    assert game.move_count == 35

    classic = Game.at_position(page_deal, CLASSIC, game.heights, game.stock_pos, game.waste)
    classic.heights[2] += 1  # A♥ back
    classic.waste = Card.parse("K♣")
    with pytest.raises(MoveRefused) as refused:
        classic.remove(3)
    assert refused.value.key == "rank"


def test_queen_on_king_in_both_rule_sets_but_not_dead_king(page_deal):
    game = play_line(Game(page_deal, EASY), MOVE_35_LINE)
    position = (game.heights, game.stock_pos, Card.parse("K♣"))
    queen = Card.parse("Q♠")
    for rules in (EASY, CLASSIC):
        assert Game.at_position(page_deal, rules, *position).fits(queen)
    dead = Game.at_position(page_deal, DEAD_KING, *position)
    assert not dead.fits(queen)
    with pytest.raises(MoveRefused) as refused:
        dead.remove(3)
    assert refused.value.message() == "Nothing may be played on a King"


def find_dead_end(deal, removed):
    """A stuck position with ``removed`` cards gone: heights filled from column 1, a waste
    nothing fits."""
    left = 35 - removed
    heights = [min(5, max(0, left - 5 * c)) for c in range(7)]
    for waste in deal.stock:
        game = Game.at_position(deal, CLASSIC, heights, 16, waste)
        if game.status == "stuck":
            return game
    raise AssertionError("no dead end found")


@pytest.mark.parametrize(("removed", "score"), [(31, 270), (30, 250), (25, 150), (17, 0)])
def test_dead_end_scores(page_deal, removed, score):
    game = find_dead_end(page_deal, removed)
    assert game.removed == removed
    assert game.score == score


def test_a_won_game_scores_350_and_stock_cards_score_nothing():
    from golfsolve.model.deal import Deal
    from golfsolve.solver import solve

    deal = Deal.from_number(2)
    game = Game(deal, EASY)
    for move in solve(deal, EASY).moves:
        game.play(move)
    assert game.status == "won"
    assert game.stock_left > 0
    assert game.score == 350
    with pytest.raises(MoveRefused) as over:
        game.draw()
    assert over.value.message() == "The game is over"


def test_dead_end_penalty_and_undo():
    from golfsolve.model.deal import Deal
    from golfsolve.solver import solve

    deal = Deal.from_number(1)
    solution = solve(deal, CLASSIC)
    game = Game(deal, CLASSIC)
    for move in solution.moves:
        game.play(move)
    assert game.status == "stuck"
    assert game.removed == solution.max_removed == 29
    assert game.score == 230  # 290 - 60
    moves = game.move_count
    game.undo()  # the penalty goes, and the score is the one before the last action
    assert game.status == "playing"
    assert game.score == (290 if solution.moves[-1].action == "draw" else 280)
    assert game.score == 10 * game.removed
    assert game.move_count == moves  # the move counter never decreases
    with pytest.raises(MoveRefused) as empty:
        Game(deal, CLASSIC).undo()
    assert empty.value.message() == "Nothing to undo"


def test_every_action_can_be_undone_back_to_the_start(page_deal):
    game = play_line(Game(page_deal, EASY), MOVE_35_LINE)
    counter = game.move_count
    for _ in range(34):
        game.undo()
    assert (game.heights, game.stock_pos, game.waste) == ([5] * 7, 0, page_deal.waste)
    assert game.move_count == counter
    with pytest.raises(MoveRefused):
        game.undo()
    assert UNDO_DEPTH == 100 and game._history.maxlen == 100


def test_stock_empty_and_other_refusals(page_deal):
    game = Game(page_deal, EASY)
    for _ in range(16):
        game.draw()
    with pytest.raises(MoveRefused) as empty:
        game.draw()
    assert empty.value.message() == "The stock is empty"
    with pytest.raises(MoveRefused) as bad:
        game.remove(8)
    assert bad.value.message() == "There is no column 8"
    with pytest.raises(MoveRefused) as nothing:
        game.remove(1, row=6)
    assert nothing.value.message() == "There is no card there"


@settings(max_examples=60, deadline=None)
@given(random_deals, st.sampled_from([EASY, CLASSIC, DEAD_KING]),
       st.lists(st.sampled_from(["d", "u", "1", "2", "3", "4", "5", "6", "7"]), max_size=120))
def test_random_play_keeps_the_invariants(deal, rules, actions):
    game = Game(deal, rules)
    history = []  # the positions before each accepted action, to check undo
    counter = 0
    for action in actions:
        before = (list(game.heights), game.stock_pos, game.waste)
        try:
            if action == "u":
                game.undo()
                assert (list(game.heights), game.stock_pos, game.waste) == history.pop()
            else:
                game.play(action)
                history.append(before)
                counter += 1
        except MoveRefused:
            assert (list(game.heights), game.stock_pos, game.waste) == before
        assert game.move_count == counter  # draws and removals count; undo never lowers it
        removed = 35 - sum(game.heights)
        free = [deal.tableau[c][h - 1] for c, h in enumerate(game.heights) if h]
        can_move = game.stock_pos < 16 or any(rules.fits(game.waste.rank, f.rank) for f in free)
        status = "won" if removed == 35 else "playing" if can_move else "stuck"
        assert game.status == status
        assert game.score == (max(0, 20 * removed - 350) if status == "stuck" else 10 * removed)
