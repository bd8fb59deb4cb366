import csv
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model.cards import FULL_DECK
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import ALL_RULES, CLASSIC, DEAD_KING, EASY, STRICT, STRICTNESS_ORDER
from golfsolve.solver import best_score, count_reachable, run_layered, run_settle, solve, solve_game

from .conftest import DATA
from .reference import reference_search, strict_reference
from .test_deal import random_deals

ROWS = list(csv.DictReader((DATA / "pysolfc-deals-1-20.csv").open(encoding="utf-8")))
COLUMN = {EASY: "easy", CLASSIC: "classic", DEAD_KING: "dead_king"}  # black-hole-solver's
# rule sets: it draws at any time, and so do the draw-any-time kernels (settle, layered); the
# strict search has its own tests (test_strict.py)
DRAW_ANY_TIME_RULES = [r for r in ALL_RULES if r.draw_any_time]
CASES = [(int(row["deal"]), rules, row) for row in ROWS for rules in DRAW_ANY_TIME_RULES]


def expected_won(number: int, rules) -> bool:
    """Deal ``number`` (1-20) can be won under ``rules``: black-hole-solver's verdict, or the
    strict reference search's under strict rules."""
    if rules in COLUMN:
        return ROWS[number - 1][COLUMN[rules]] == "won"
    return strict_reference(Game(Deal.from_number(number), rules))[0]


def replay(deal, rules, moves, start=None):
    game = start or Game(deal, rules)
    for move in moves:
        game.play(move)
    return game


@pytest.mark.parametrize(("number", "rules", "row"), CASES,
                         ids=[f"{n}-{r.name}" for n, r, _ in CASES])
def test_verdicts_match_black_hole_solver(number, rules, row):
    deal = Deal.from_number(number)
    expected = row[COLUMN[rules]]
    for fewest in (False, True):
        solution = solve(deal, rules, fewest_moves=fewest)
        assert ("won" if solution.winnable else "lost") == expected
        game = replay(deal, rules, solution.moves)
        assert game.removed == solution.max_removed
        assert game.status == ("won" if solution.winnable else "stuck")
        assert game.score == solution.best_score
        if solution.winnable:
            assert solution.max_removed == 35 and solution.best_score == 350
    count = row[f"{COLUMN[rules]}_reachable_states_if_lost"]
    if count:
        assert count_reachable(Game(deal, rules)) == int(count)


@pytest.mark.parametrize("number", [1, 3, 11, 16])
def test_known_maxima(number):
    # Exact maxima of the lost deals among these, from the exhaustive search.
    expected = {1: {CLASSIC: 29, DEAD_KING: 29}, 3: {CLASSIC: 34, DEAD_KING: 34},
                11: {EASY: 34, CLASSIC: 33, DEAD_KING: 33}, 16: {DEAD_KING: 34}}[number]
    deal = Deal.from_number(number)
    for rules, maximum in expected.items():
        solution = solve(deal, rules)
        assert (solution.winnable, solution.max_removed) == (False, maximum)
        assert solution.best_score == max(0, 20 * maximum - 350)


@pytest.mark.parametrize("number", range(1, 21))
def test_the_two_exact_kernels_agree_on_fewest_draws(number):
    deal = Deal.from_number(number)
    for rules in DRAW_ANY_TIME_RULES:
        settled, _ = run_settle(Game(deal, rules))
        layered, _ = run_layered(Game(deal, rules))
        assert settled[1] == layered[1]  # won
        assert settled[2] == layered[2]  # max removed
        if settled[1]:
            assert settled[5] == layered[5]  # draws of the fewest-draws win
            assert len(solve(deal, rules, fewest_moves=True).moves) == 35 + settled[5]


def test_the_kernels_leave_their_workspaces_clean():
    """Both kernels reuse their scratch arrays from deal to deal: after every kind of search,
    won or lost, stopped at a win or settled to the end, they must be as new."""
    from golfsolve.kernels import search
    from golfsolve.solver import _workspace

    # Won by a beam, lost, and (8 Easy, 10 Classic, 5 dead-king) won by settle stopping at
    # its first win.
    for number in (1, 2, 5, 8, 10):
        for rules in ALL_RULES:
            for fewest in (False, True):
                solve(Deal.from_number(number), rules, fewest_moves=fewest)
                least, least64, _ = _workspace("settle")
                assert (least == search.INF).all() and (least64 == search.UNREACHED).all()
                visited = _workspace("layered")[0]
                assert not visited.any()
                assert not _workspace("strict")[0].any()


def test_the_rules_page_deal_fewest_moves(page_deal):
    for rules in ALL_RULES:
        solution = solve(page_deal, rules, fewest_moves=True)
        assert solution.winnable and solution.fewest_moves
        assert replay(page_deal, rules, solution.moves).status == "won"


def test_monotone_rules_on_the_vectors():
    for row in ROWS:
        won = [row[COLUMN[r]] == "won" for r in STRICTNESS_ORDER if r in COLUMN]
        assert won == sorted(won, reverse=True)  # no True after a False


@pytest.mark.parametrize("rules", ALL_RULES, ids=[r.name for r in ALL_RULES])
def test_every_card_fits_on_at_most_two_waste_ranks(rules):
    """settle keeps two take ranks a card: a rule set that allowed more would need more."""
    table = rules.fits_table()
    takes = {card: [w for w in range(1, 14) if table[w, card]] for card in range(1, 14)}
    assert max(len(ranks) for ranks in takes.values()) == 2
    assert takes[12] == ([11] if rules.dead_king else [11, 13])  # a Queen on a King
    assert takes[1] == ([2, 13] if rules is EASY else [2])


def test_best_score():
    assert [best_score(r) for r in (35, 34, 31, 30, 25, 18, 17, 0)] == [350, 330, 270, 250, 150,
                                                                       10, 0, 0]


positions = st.tuples(
    random_deals,
    st.sampled_from(ALL_RULES),
    st.lists(st.integers(0, 3), min_size=7, max_size=7),
    st.integers(6, 16),
    st.sampled_from(FULL_DECK),
)


@settings(max_examples=150, deadline=None)
@given(positions)
def test_kernels_agree_with_the_reference_search(position):
    deal, rules, heights, drawn, waste = position
    game = Game.at_position(deal, rules, heights, drawn, waste)
    won, best, states = reference_search(game)
    for fewest in (False, True):
        solution = solve_game(game, fewest_moves=fewest)
        assert (solution.winnable, solution.max_removed) == (won, best)
        start = Game.at_position(deal, rules, heights, drawn, waste)
        end = replay(deal, rules, solution.moves, start)
        assert end.removed == best
        assert end.status == ("won" if won else "stuck")
    assert count_reachable(game) == states


@settings(max_examples=20, deadline=None)
@given(random_deals)
def test_won_under_stricter_rules_means_won_under_easier(deal):
    won = [solve(deal, rules).winnable for rules in STRICTNESS_ORDER]
    assert won == sorted(won, reverse=True)
    maxima = [solve(deal, rules).max_removed for rules in STRICTNESS_ORDER]
    assert maxima == sorted(maxima, reverse=True)


@settings(max_examples=20, deadline=None)
@given(random_deals, st.sampled_from(ALL_RULES))
def test_every_solution_replays_legally(deal, rules):
    for fewest in (False, True):
        solution = solve(deal, rules, fewest_moves=fewest)
        game = replay(deal, rules, solution.moves)
        assert game.removed == solution.max_removed
        assert game.status == ("won" if solution.winnable else "stuck")


@settings(max_examples=30, deadline=None)
@given(random_deals, st.sampled_from(DRAW_ANY_TIME_RULES))
def test_the_two_exact_kernels_agree_on_random_deals(deal, rules):
    settled, path = run_settle(Game(deal, rules))
    layered, _ = run_layered(Game(deal, rules))
    assert (settled[1], settled[2]) == (layered[1], layered[2])
    if settled[1]:
        assert settled[5] == layered[5]
        assert path.count(-1) == settled[5]  # the line draws exactly the fewest cards


def test_rules_all_in_a_batch_equals_each_rule_set_alone(cli, tmp_path):
    together = tmp_path / "all.jsonl"
    assert cli("batch", "1-200", "--rules", "all", "--jobs", "1", "--out", str(together)).code == 0
    rows = [json.loads(line) for line in together.read_text().splitlines()]
    for rules in ALL_RULES:
        alone = tmp_path / f"{rules.name}.jsonl"
        cli("batch", "1-200", "--rules", rules.name, "--jobs", "1", "--out", str(alone))
        single = [json.loads(line) for line in alone.read_text().splitlines()]
        mine = [r for r in rows if r["rules"] == rules.name]
        assert [(r["number"], r["winnable"], r["max_removed"]) for r in mine] == [
            (r["number"], r["winnable"], r["max_removed"]) for r in single]
        for row in mine:  # every line (a stricter rule set's win, too) is legal and as claimed
            end = replay(Deal.from_number(row["number"]), rules, row["line"].split())
            assert end.removed == row["max_removed"]
            assert end.status == ("won" if row["winnable"] else "stuck")


def test_a_position_already_won_counts_one_state():
    from golfsolve.cli.render.views import render_solution

    deal = Deal.from_number(1)
    solution = solve_game(Game.at_position(deal, EASY, [0] * 7, 0, deal.waste))
    assert (solution.winnable, solution.max_removed, solution.states) == (True, 35, 1)
    assert "Best score: 350. (1 state searched in " in render_solution("won", solution)


@pytest.mark.parametrize("rules", [CLASSIC, STRICT])
def test_a_line_is_actions_and_becomes_text_only_where_it_is_written(rules):
    from golfsolve.batch.rows import solution_row
    from golfsolve.model.actions import Action

    solution = solve(Deal.from_number(1), rules)
    assert solution.actions and all(isinstance(a, Action) for a in solution.actions)
    assert [Action(m.column) for m in solution.moves] == list(solution.actions)
    row = solution_row("1", 1, rules, solution)
    assert row["line"] == solution.line == " ".join(a.token for a in solution.actions)
