"""Positions mid-game: the board and JSON forms, validation, and solving from them."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.position import Position, PositionError
from golfsolve.model.rules import ALL_RULES, CLASSIC, EASY
from golfsolve.solver import solve, solve_game

from .conftest import DATA
from .test_solver import expected_won

PAGE = str(DATA / "rules-page-deal.board")


def random_game(number: int, rules, seed: int, moves: int) -> Game:
    """A game of deal ``number`` after up to ``moves`` random legal actions."""
    rng = random.Random(seed)
    game = Game(Deal.from_number(number), rules)
    for _ in range(moves):
        tokens = [str(c) for c in game.playable_columns()] + (["d"] if game.can_draw else [])
        if game.status != "playing" or not tokens:
            break
        game.play(rng.choice(tokens))
    return game


positions = st.builds(random_game, st.integers(1, 60), st.sampled_from(ALL_RULES),
                      st.integers(0, 10**6), st.integers(0, 45))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_positions_round_trip_through_board_and_json(game):
    position = game.position()
    assert Position.from_board(position.to_board()) == position
    assert Position.from_dict(json.loads(json.dumps(position.to_dict()))) == position
    hidden = position.hidden()
    assert Position.from_board(hidden.to_board()) == hidden
    assert set(hidden.unseen) == {c for c in position.stock if c is not None}
    again = Game(position, game.rules)
    assert again.position() == position
    assert (again.removed, again.score, again.move_count, again.stock_left, again.status) == (
        game.removed, game.score, game.move_count, game.stock_left, game.status)


def test_a_single_question_mark_is_an_unseen_card_too():
    hidden = Deal.from_number(2).position().hidden()
    board = hidden.to_board()
    assert "Talon: ?? " in board
    assert Position.from_board(board.replace("??", "?")) == hidden


@settings(max_examples=30, deadline=None)
@given(positions)
def test_a_position_solves_as_the_game_it_came_from(game):
    from_game = solve_game(game)
    from_position = solve(game.position(), game.rules)
    assert (from_position.winnable, from_position.max_removed) == (
        from_game.winnable, from_game.max_removed)


@pytest.mark.parametrize("number", range(1, 21))
def test_a_position_on_the_solution_solves_to_the_deals_verdict(cli, tmp_path, number):
    for rules in ALL_RULES:
        record = json.loads(cli("solve", str(number), "--rules", rules.name, "--json").out)
        half = " ".join(record["line"].split()[: len(record["line"].split()) // 2])
        board = cli("replay", str(number), half, "--rules", rules.name, "--format", "board")
        assert board.code == 0
        assert board.err == ("" if rules.name == "easy" else
                             "golfsolve: note: the board format does not record the rules; "
                             f"read this board with --rules {rules.name}, or it is taken under "
                             "easy\n")
        path = tmp_path / f"{number}-{rules.name}.board"
        path.write_text(board.out)
        solved = json.loads(cli("solve", str(path), "--rules", rules.name, "--json").out)
        assert (solved["winnable"], solved["max_removed"]) == (
            expected_won(number, rules), record["max_removed"])
        assert solved["number"] is None and solved["deal"] == str(path)


@pytest.mark.parametrize(("number", "rules", "says"), [
    (1, "easy", ["winnable in 0 moves (0 removals, 0 draws)",
                 "Solution: none needed, the tableau is cleared.",
                 "Max removed: 35 of 35. Best score: 350."]),
    (4, "dead-king", ["cannot be won", "Best line: none, no move is left (34 of 35 removed).",
                      "Max removed: 34 of 35. Best score: 330."])])
def test_a_position_at_the_end_of_its_line_says_no_move_is_needed_or_left(cli, tmp_path, number,
                                                                          rules, says):
    line = json.loads(cli("solve", str(number), "--rules", rules, "--json").out)["line"]
    end = tmp_path / "end.board"
    end.write_text(cli("replay", str(number), line, "--rules", rules, "--format", "board").out)
    lines = cli("solve", str(end), "--rules", rules).out.splitlines()
    assert lines[0] == f"{end}, {rules} rules: {says[0]}"
    assert lines[1] == says[1] and lines[2].startswith(says[2]) and len(lines) == 3


def test_the_board_form_of_a_position(cli, tmp_path):
    line = json.loads(cli("solve", "1", "--json").out)["line"].split()
    board = cli("replay", "1", " ".join(line[:40]), "--format", "board").out
    position = Position.from_board(board)
    assert board.splitlines()[2].startswith("Removed: TH ")  # the deal's waste, oldest first
    assert sum(position.heights) + len(position.stock) + 1 + len(position.removed) == 52
    assert "-" in board.splitlines()[3:] or min(position.heights) > 0
    shown = cli("show", "-", "--format", "board", input=board)
    assert shown.out == board
    as_json = json.loads(cli("show", "-", "--format", "json", input=board).out)
    assert Position.from_dict(as_json) == position
    grid = cli("show", "-", "--format", "grid", "--lang", "en", input=board).out.splitlines()
    assert grid[2].endswith(f"Stock: {len(position.stock)} cards")
    text = cli("show", "-", "--lang", "en", "--format", "text", input=board).out
    assert text.startswith(f"Stock: {len(position.stock)} card")


def test_empty_columns_and_unknown_cards(cli):
    deal = Deal.from_number(1)
    game = Game(deal, EASY)
    for token in json.loads(cli("solve", "1", "--json").out)["line"].split():
        game.play(token)
        if 0 in game.heights:
            break
    board = game.position().hidden().to_board()
    assert "\n-\n" in board and "??" in board.splitlines()[0]
    assert Position.from_board(board).unknown_slots == game.stock_left
    result = cli("solve", "-", input=board)
    assert (result.code, result.err) == (
        2, f"golfsolve: error: stdin has {game.stock_left} unknown stock cards: solving needs the "
           "whole stock; golfsolve odds stdin gives the chances\n")


@pytest.mark.parametrize(
    ("change", "message"),
    [(lambda b: b.replace("Talon: ", "Talon: ?? "),
      "11 stock cards are unknown (??) but only 10 cards are not on the board"),
     (lambda b: b.replace("Talon: ??", "Talon: TH", 1),
      "duplicate cards: TH"),
     (lambda b: b.replace("Removed: ", "Removed: ?? "), "only stock cards can be unknown (??)"),
     (lambda b: b.replace("\n-\n", "\nAS 2S 3S 4S 5S 6S\n", 1), "has 6 cards, at most 5"),
     (lambda b: "\n".join(x for x in b.splitlines() if not x.startswith("Removed")) + "\n",
      "name the cards under the waste on a Removed: line"),
     (lambda b: b.replace("Talon: ?? ", "Talon: ", 1),
      "are not on the board"),
     (lambda b: b.replace("\n-\n", "\n", 1), "column lines, expected 7 (an empty column is "
      "written -)")],
)
def test_positions_are_checked_whole(change, message):
    game = Game(Deal.from_number(1), EASY)
    for token in "d 4 d 5 3 5 1 3 3 2 3 1 1 2 d 6 5 d d 5 7 2 4 1 d 3".split():  # empties 3
        game.play(token)
    board = game.position().hidden().to_board()
    assert "\n-\n" in board
    with pytest.raises(PositionError) as info:
        Position.from_board(change(board))
    assert message in str(info.value)


def test_a_position_with_more_unknowns_than_unseen_cards(cli):
    board = Deal.from_number(2).position().hidden().to_board().replace("Talon: ", "Talon: ?? ")
    result = cli("show", "-", input=board)
    assert result.code == 2
    assert result.err == ("golfsolve: error: stdin: the stock has 17 cards, at most 16\n")


def saved_after_a_draw(cli, path) -> tuple[str, Position]:
    """Play deal 1 under Classic, draw, save to ``path``: (the file's text, the position a
    player sees then)."""
    result = cli("play", "GO1-C-AAAAAAB", "--lang", "en", input=f"d\ns {path}\nq\n")
    said = ([f"Position saved to {path}."] if path.suffix == ".json" else
            [f"Position saved to {path}; a board names no rules: give --rules classic with it "
             "(a .json file keeps them).", "(A board keeps no undo history: s FILE.json keeps "
             "it too.)"])
    assert result.out.splitlines()[-len(said):] == said
    game = Game(Deal.from_number(1), CLASSIC)
    game.draw()
    return path.read_text(), game.position().hidden()


def test_play_saves_the_position_a_player_sees(cli, tmp_path):
    path = tmp_path / "saved.board"
    text, seen = saved_after_a_draw(cli, path)
    saved = Position.from_board(text)
    assert saved == seen
    assert saved.unknown_slots == 15 and saved.removed == (Deal.from_number(1).waste,)
    shown = cli("play", str(path), "--lang", "en", input="q\n")
    lines = shown.out.splitlines()
    assert lines[-1] == ("The stock is face down: after each draw in your game, type d and the "
                         "card it turned up (d 7H), or d alone to be asked.")  # it follows
    beside = [line[45:] for line in lines[-6:-2]]  # beside the columns
    assert beside == ["Stock: 15 cards", f"Waste: {Deal.from_number(1).stock[0].pretty}",
                      "Score: 0", "Moves: 1"]
    # saved under Classic, a board names no rules: taken up without --rules, it says which
    assert shown.err == (f"golfsolve: note: {path} names no rules: easy rules; give --rules "
                         "for others\n")
    assert cli("play", str(path), "--rules", "classic", input="q\n").err == ""
    assert cli("play", str(path), "--lang", "id", input="q\n").err == (
        f"golfsolve: note: {path} tidak menyebut aturan, jadi dimainkan dengan aturan Mudah; "
        "pilih aturan lain dengan --rules\n")
    usage = cli("play", "1", "--lang", "en", input="s\nsave /proc/nowhere/x.board\n")
    assert usage.out.splitlines()[-2:] == [
        "Give a file name: s FILE", "Cannot write /proc/nowhere/x.board: No such file or "
        "directory"]


def test_play_saves_json_with_its_rules(cli, tmp_path):
    path = tmp_path / "saved.json"
    text, seen = saved_after_a_draw(cli, path)
    saved = json.loads(text)
    assert saved["rules"] == "classic" and Position.from_dict(saved) == seen
    odds = cli("odds", str(path), "--samples", "5", "--seed", "1", "--jobs", "1")
    assert odds.out.splitlines()[0].startswith(f"{path}, classic rules: 15 unseen stock cards")


def test_replay_json_reads_back_as_a_position(cli):
    result = json.loads(cli("replay", "3", "d 6 d", "--format", "json").out)
    assert (result["number"], result["played"], result["cards_removed"], result["stock_left"],
            result["move_count"]) == (None, 3, 1, 14, 3)
    position = Position.from_dict(result)
    assert len(position.removed) == 3 and position.unknown_slots == 0
