"""The library's face as docs/library.md shows it: each documented example, run as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import golfsolve
from golfsolve import Deal

PAGE = Path(__file__).parent.parent / "docs" / "library.md"


def page_examples() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", PAGE.read_text(encoding="utf-8"), re.S | re.M)


def test_the_pages_examples_run_as_written(monkeypatch, capsys, tmp_path):
    monkeypatch.chdir(tmp_path)  # a reader anywhere, not in the repository
    solving, fair = page_examples()
    names: dict = {}
    exec(compile(solving, "docs/library.md", "exec"), names)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "True 35 350"  # as its comment says
    assert lines[1:3] == ["draw None 8H", "remove 4 7S"]
    assert lines[-1].startswith("True d ")
    exec(compile(fair, "docs/library.md", "exec"), names)  # the second goes on from the first
    assert capsys.readouterr().out.splitlines() == [
        "640397327/1135134000 0.5641601141363046",
        "d {Action(column=None): Fraction(640397327, 1135134000)}"]


def test_the_fair_value_of_a_position_hides_its_stock_and_refuses_past_its_memory():
    from fractions import Fraction

    from golfsolve.fair.memory import NeedsMemory
    from golfsolve.model.actions import DRAW

    fair = golfsolve.fair_value(Deal.from_number(1).position(), golfsolve.CLASSIC)
    assert (fair.value, fair.actions, fair.best_action) == (0, {DRAW: Fraction(0)}, DRAW)
    with pytest.raises(NeedsMemory) as refused:
        golfsolve.fair_value(Deal.from_number(1), "classic", memory=1000)
    assert refused.value.limit == 1000 and refused.value.needed > 10**8


def test_moves_unpack_as_kind_column_card():
    solution = golfsolve.solve(Deal.from_number(1), "classic")
    assert not solution.winnable and solution.max_removed == 29
    for kind, column, card in solution.moves:
        assert (kind == "draw") == (column is None) and card.rank in range(1, 14)
    assert golfsolve.solve(Deal.from_number(1), golfsolve.CLASSIC).line == solution.line


ONE_LINE = ("8S KS 5H JC 6S TD 9D 4D QD JD 9H 6D QC KH 2H AD | AC | 6C 5S QS TS 6H | 2S KC 4S 2C "
            "8C | TC AH 2D 5D JS | 3D QH AS KD 4C | JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H "
            "9S 5C")


@pytest.mark.parametrize("text", [
    "GO1-C-AAAAAAB", "1", "# 1", "#1", "ms123", "# ms123", "kpat:7", "solvitaire:0", ONE_LINE,
    ONE_LINE.split(" | ", 1)[1],  # without the stock: a position with 16 unseen cards
])
def test_deal_takes_what_the_command_line_takes(text):
    from golfsolve.model.sources import resolve

    named = golfsolve.deal(text)
    position = resolve(text).position
    if position.unknown_slots:
        assert named == position and position.unknown_slots == 16
    else:
        assert isinstance(named, Deal) and named.position() == position


def test_deal_reads_board_and_json_text_but_never_a_path(tmp_path, monkeypatch):
    board = (Path(__file__).parent / "data" / "rules-page-deal.board").read_text()
    page = golfsolve.deal(board)
    assert page == golfsolve.deal(ONE_LINE) == golfsolve.deal(page.to_json())
    assert golfsolve.deal(Deal.from_number(5).to_board()) == Deal.from_number(5)
    (tmp_path / "ms7").write_text(board)
    monkeypatch.chdir(tmp_path)
    assert golfsolve.deal("ms7") == Deal.from_ms(7)  # the name, not the file of that name
    game = golfsolve.Game(page, golfsolve.EASY)
    game.draw()
    game.remove(game.playable_columns()[0])
    mid = game.position()
    assert golfsolve.deal(mid.to_board()) == mid
    assert golfsolve.deal(json.dumps(mid.to_dict())) == mid
    assert not isinstance(golfsolve.deal(mid.to_board()), Deal)


@pytest.mark.parametrize(("text", "error", "message"), [
    ("", "PositionError", "the deal is empty"),
    ("  ", "PositionError", "the deal is empty"),
    ("-3", "PositionError", "deal number -3 is out of range (1 to 99999999999999999999)"),
    ("1-5", "PositionError", "'1-5' is not a deal: give one deal number, game code or file "
     "(batch takes ranges)"),
    ("GO1-E-AAAAAA!", "PositionError", "malformed game code 'GO1-E-AAAAAA!' (expected like "
     "GO1-E-AAAAAAB)"),
    ("kpat:0", "KpatError", "KPat deal kpat:0 is out of range (kpat:1 to kpat:2147483647)"),
    ("#abc", "PositionError", "'#abc' is not a game number: PySolFC shows one as # and the "
     "digits 0-9, like # 12345"),
    ("xyz", "PositionError", "line 1, card 1: unknown card 'xyz'"),
    ("solvitaire:2147483648", "SolvitaireError", None),
])
def test_deal_refuses_as_the_command_line_does(text, error, message):
    from golfsolve.errors import InputError

    with pytest.raises(InputError) as raised:
        golfsolve.deal(text)
    assert type(raised.value).__name__ == error
    if message is not None:
        assert str(raised.value) == message


@pytest.mark.parametrize("value", [None, 7, b"42", ["1"]])
def test_deal_takes_only_text(value):
    with pytest.raises(TypeError, match=f"not as {type(value).__name__}"):
        golfsolve.deal(value)


@pytest.mark.parametrize(("text", "rules"), [
    ("GO1-C-AAAAAAH", "classic"), ("GO1-E-AAAAAAH", "easy"), ("7", None), ("kpat:5", "classic"),
    ("solvitaire:3", "classic"), ("ms7", None), (ONE_LINE, None),
])
def test_solve_takes_the_rules_the_text_names(text, rules):
    from golfsolve.model.rules import rules_by_name

    named = golfsolve.deal(text)
    assert named.named_rules == (None if rules is None else rules_by_name(rules))
    solution = golfsolve.solve(named)
    assert solution.rules.name == (rules or "easy")
    assert golfsolve.solve(named, "strict").rules == golfsolve.STRICT  # given rules come first
    assert named == golfsolve.deal(text.replace("-C-", "-E-"))  # the same cards: equal


def test_a_deal_code_solves_as_the_command_line_solves_it(cli):
    said = cli("solve", "GO1-C-AAAAAAH", "--json")
    record = json.loads(said.out)
    solution = golfsolve.solve(golfsolve.deal("GO1-C-AAAAAAH"))
    assert (record["rules"], record["winnable"]) == ("classic", False)  # (Easy wins deal 7)
    assert {k: v for k, v in solution.to_dict().items() if k != "ms"} == {
        k: v for k, v in record.items() if k not in ("deal", "number", "code", "ms")}
    assert golfsolve.solve(golfsolve.deal("GO1-E-AAAAAAH")).winnable
    saved = json.dumps({**Deal.from_number(7).to_dict(), "rules": "dead-king"})
    assert golfsolve.solve(golfsolve.deal(saved)).rules == golfsolve.DEAD_KING
    fair = golfsolve.fair_value(golfsolve.deal("GO1-C-AAAAAAD"))  # deal 3 under classic
    assert (fair.wins, fair.orders) == (52765324267, 217945728000)


def test_a_solution_is_equal_to_the_same_solution_found_again():
    first, again = (golfsolve.solve(Deal.from_number(1), "classic") for _ in range(2))
    assert first == again and hash(first) == hash(again)
    assert first != golfsolve.solve(Deal.from_number(1), "easy")


def test_results_as_json(cli, tmp_path):
    from fractions import Fraction

    from golfsolve.odds import Limit, odds

    game = golfsolve.Game(Deal.from_number(3), "classic")  # 12 moves in: a second, not four
    for token in golfsolve.solve(Deal.from_number(3), "classic").line.split()[:12]:
        game.play(token)
    late = game.position().hidden()
    fair = golfsolve.fair_value(late, "classic")
    data = fair.to_dict()
    assert (data["complete"], data["wins"], data["orders"]) == (True, fair.wins, fair.orders)
    assert Fraction(data["fraction"]) == fair.value == Fraction(fair.wins, fair.orders)
    assert data["best_action"] == fair.best_action.token
    assert {(a["action"], a["column"]): Fraction(a["fraction"]) for a in data["actions"]} == {
        (a.kind, a.column): v for a, v in fair.actions.items()}
    board = tmp_path / "late.board"
    board.write_text(late.to_board(), encoding="utf-8")
    figures = odds(late, "classic", Limit(samples=40, seed=1))
    said = json.loads(cli("odds", str(board), "--rules", "classic", "--samples", "40", "--seed",
                          "1", "--json", "--jobs", "1").out)
    assert json.loads(json.dumps(figures.to_dict())) == {
        k: v for k, v in said.items() if k not in ("deal", "number", "code")}
    three = Deal.from_number(3)  # a deal: its stock unseen, as the command takes it
    assert odds(three, "classic", Limit(samples=10, seed=1, budget=1, memory=0)) == odds(
        three.position().hidden(), "classic", Limit(samples=10, seed=1, budget=1, memory=0))


@pytest.mark.parametrize(("limit", "error", "message"), [
    ({"samples": 0}, ValueError, "samples must be from 1 to 1000000, not 0"),
    ({"samples": "5"}, TypeError, "samples must be an int, not str"),
    ({"budget": 0}, ValueError, "budget must be from 1 to 50000000, not 0"),
    ({"memory": -1}, ValueError, "memory must be 0 or more, not -1"),
    ({"seed": "x"}, TypeError, "seed must be an int, not str"),
    ({"games": -1}, ValueError, "games must be from 0 to 100000, not -1"),
    ({"enumerate_at_most": 1.5}, TypeError, "enumerate_at_most must be an int, not float"),
])
def test_an_odds_limit_is_checked_when_made(limit, error, message):
    from golfsolve.odds import Limit

    with pytest.raises(error) as raised:
        Limit(**limit)
    assert str(raised.value) == message


def test_a_path_given_for_a_deals_text_is_told_so(tmp_path, monkeypatch):
    from golfsolve.errors import InputError

    monkeypatch.chdir(tmp_path)
    Path("d7.board").write_text(Deal.from_number(7).to_board())
    with pytest.raises(InputError) as raised:
        golfsolve.deal("d7.board")
    assert str(raised.value) == ("'d7.board' is a file's path; golfsolve.deal takes a deal's "
                                 "text: golfsolve.deal(pathlib.Path('d7.board').read_text())")
    with pytest.raises(InputError, match="unknown card 'd8.board'"):  # no such file: a card
        golfsolve.deal("d8.board")


def test_a_refused_move_is_a_value_error():
    game = golfsolve.Game(Deal.from_number(1))
    with pytest.raises(ValueError, match="There is no column 0"):
        game.remove(0)
    assert issubclass(golfsolve.MoveRefused, ValueError)


def test_a_deal_or_position_prints_as_its_board():
    deal = Deal.from_number(5)
    assert str(deal) == deal.to_board().rstrip("\n") == str(deal.position())
    assert Deal.from_board(str(deal)) == deal and "Card(" in repr(deal)  # repr as before
    game = golfsolve.Game(deal)
    game.draw()
    assert golfsolve.Position.from_board(str(game.position())) == game.position()


def test_the_package_is_marked_typed_and_its_face_annotated():
    """Type checkers read golfsolve's annotations (PEP 561's marker ships with it), and the
    face's functions have them."""
    import inspect
    from importlib.resources import files

    import golfsolve

    assert files("golfsolve").joinpath("py.typed").is_file()
    assert str(inspect.signature(golfsolve.solve)) == (
        "(deal: 'Deal | Position', rules: 'Rules | str | None' = None, *, "
        "fewest_moves: 'bool' = False) -> 'Solution'")
    assert inspect.signature(golfsolve.deal).return_annotation == "Deal | Position"
    assert inspect.signature(golfsolve.fair_value).return_annotation == "FairValue"
