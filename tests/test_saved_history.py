"""A game saved to a .json file keeps its undo history: taken up again, `u` takes back the
moves played before the save."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.oneline import to_oneline
from golfsolve.model.position import Position
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, STRICT

from .conftest import DATA

PAGE_DEAL = Deal.from_board((DATA / "rules-page-deal.board").read_text(encoding="utf-8"))
PAGE_LAYOUT = to_oneline(PAGE_DEAL, with_stock=False)


@settings(max_examples=60, deadline=None)
@given(number=st.integers(1, 10**6), rules=st.sampled_from([EASY, CLASSIC, DEAD_KING, STRICT]),
       followed=st.booleans(), picks=st.lists(st.integers(0, 8), max_size=60))
def test_a_history_record_takes_the_game_up_with_every_undo_it_had(number, rules, followed,
                                                                   picks):
    """Any game (its stock known or followed, undos among its actions), written to a history
    record through JSON and read back, stands where it stood with the same counter, and
    each undo after it leads to the same positions as the game's own, to its last."""
    deal = Deal.from_number(number)
    game = Game(deal.position().hidden() if followed else deal, rules)
    for pick in picks:
        actions = [str(c) for c in game.playable_columns()] + (["d"] if game.can_draw else [])
        if pick == 8 or not actions:  # an undo (the counter still goes up)
            if game.can_undo:
                game.undo()
            continue
        action = actions[pick % len(actions)]
        if action == "d":
            game.draw(deal.stock[game.stock_pos] if game.next_unseen else None)
        else:
            game.remove(int(action))
    record = json.loads(json.dumps(game.history_record()))
    saved = game.position().hidden()
    taken_up = Game.resumed(saved, rules, game.move_count, record)
    assert taken_up.position().hidden() == saved and taken_up.move_count == game.move_count
    while game.can_undo:
        assert taken_up.can_undo
        game.undo()
        taken_up.undo()
        assert taken_up.position().hidden() == game.position().hidden()
        assert taken_up.waste == game.waste
        if followed:  # (a save is face down: a known stock is unseen once taken up)
            assert taken_up.unseen == game.unseen
    assert not taken_up.can_undo


@pytest.mark.parametrize(("record", "saved_moves"), [
    ({"start": "x", "moves": 0, "actions": []}, 1),  # no position
    ({"moves": 0, "actions": ["5"]}, 1),
    ("5 d", 1),
    (None, 1),
    ({"start": None, "moves": -1, "actions": ["5"]}, 1),
    ("ok", 2),  # the right record, another move counter
    ("nine", 1),  # an action refused
])
def test_a_history_that_does_not_lead_to_the_saved_position_is_refused_saying_so(record,
                                                                                 saved_moves):
    game = Game(PAGE_DEAL.position().hidden(), EASY)
    game.draw(PAGE_DEAL.stock[0])
    good = game.history_record()
    if record == "ok":
        record = good
    elif record == "nine":
        record = {**good, "actions": ["9"]}
    with pytest.raises(ValueError):
        Game.resumed(game.position().hidden(), EASY, saved_moves, record)


def test_play_saves_its_history_and_takes_it_up_with_undo(cli, tmp_path):
    path = tmp_path / "game.json"
    result = cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d 8s\n5\nd ks\ns {path}\nq\n")
    assert result.code == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["history"]["actions"] == ["d 8S", "5", "d KS"] and data["moves"] == 3
    assert Position.from_dict(data["history"]["start"]) == PAGE_DEAL.position().hidden()
    back = tmp_path / "back.board"
    result = cli("play", str(path), "--lang", "en", input=f"u\nu\nu\nu\ns {back}\nq\n")
    assert result.code == 0 and result.err == ""
    assert result.out.splitlines().count("Nothing to undo") == 1
    assert Position.from_board(back.read_text(encoding="utf-8")) == PAGE_DEAL.position().hidden()
    # the other commands read the position alone
    shown = cli("show", str(path), "--format", "json")
    assert shown.code == 0
    assert Position.from_dict(json.loads(shown.out)) == Position.from_dict(data)


@pytest.mark.parametrize(("lang", "edit"), [("en", "actions"), ("fi", "moves")])
def test_a_history_that_does_not_lead_to_the_position_is_left_out_with_a_note(cli, tmp_path,
                                                                             lang, edit):
    """Edited by hand: an action less, or another move counter at its start."""
    from golfsolve.model.i18n import TEXTS

    path = tmp_path / "game.json"
    cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d 8s\n5\ns {path}\nq\n")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["history"][edit] = ["d 8S"] if edit == "actions" else 5
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("play", str(path), "--lang", lang, input="u\nq\n")
    note = "golfsolve: note: " + TEXTS[lang]["history_left_out"].format(path=str(path))
    assert result.code == 0 and result.err.strip() == note
    assert TEXTS[lang]["nothing_to_undo_saved"] in result.out.splitlines()


def test_undo_of_a_board_save_says_it_holds_no_history_and_of_a_deal_nothing_more(cli,
                                                                                 tmp_path):
    board = tmp_path / "game.board"
    cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d 8s\ns {board}\nq\n")
    out = cli("play", str(board), "--lang", "en", input="u\nq\n").out.splitlines()
    assert ("Nothing to undo: the game was taken up from a file with no undo history that leads "
            "to its position (a board, or a save made before saves kept it)") in out
    deal = tmp_path / "deal.board"
    deal.write_text(PAGE_DEAL.to_board(), encoding="utf-8")
    assert "Nothing to undo" in cli("play", str(deal), "--lang", "en",
                                    input="u\nq\n").out.splitlines()


def test_a_followed_game_saves_over_the_json_file_it_was_read_from(cli, tmp_path):
    """Save, take up, play on and save to the same file: what it held (a face-down stock) is
    all in the new save, whose history reaches back to the first save's start; a deal whose
    stock the file names is still not written over (the stock would be lost)."""
    path = tmp_path / "game.json"
    cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d 8s\ns {path}\nq\n")
    again = cli("play", str(path), "--lang", "en", input=f"d ks\ns {path}\nq\n")
    assert again.out.splitlines()[-1] == f"Position saved to {path}."
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["history"]["actions"] == ["d 8S", "d KS"] and data["waste"] == "KS"
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(PAGE_DEAL.position().to_dict()), encoding="utf-8")
    kept = deal.read_text(encoding="utf-8")
    out = cli("play", str(deal), "--lang", "en", input=f"d\ns {deal}\nq\n").out.splitlines()
    assert (f"{deal} is the file this game was read from, and this save would lose its deal: "
            "save to another file") in out
    assert deal.read_text(encoding="utf-8") == kept


def test_undo_back_to_a_mid_game_start_with_its_history_says_only_nothing_to_undo(cli,
                                                                                  tmp_path):
    """A game typed mid-game (cards removed already) and saved with its history: undone to
    where it was typed, there is nothing more to undo, and no word of a file without one."""
    from golfsolve.solver import solve

    deal = Deal.from_number(5)
    game = Game(deal, EASY)
    for move in solve(deal, EASY).moves[:6]:
        game.play(move.token)
    start = tmp_path / "start.json"
    start.write_text(json.dumps(game.position().hidden().to_dict()), encoding="utf-8")
    saved = tmp_path / "saved.json"
    nxt = deal.stock[game.stock_pos]
    cli("play", str(start), "--lang", "en", input=f"d {nxt}\ns {saved}\nq\n")
    out = cli("play", str(saved), "--lang", "en", input="u\nu\nq\n").out.splitlines()
    assert out.count("Nothing to undo") == 1 and not any("no undo history" in line
                                                         for line in out)


def test_a_board_save_says_it_keeps_no_undo_and_may_go_over_a_board_of_a_game_under_way(
        cli, tmp_path):
    """A board holds where the game stands: saving one says the undo history stays behind;
    a board save over the board a game under way was read from is kept (it loses nothing
    that board held), over a layout typed at the deal's start it is refused."""
    board = tmp_path / "game.board"
    out = cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d 8s\ns {board}\nq\n").out
    assert "(A board keeps no undo history: s FILE.json keeps it too.)" in out.splitlines()
    again = cli("play", str(board), "--lang", "en", input=f"d ks\ns {board}\nq\n")
    assert again.out.splitlines()[-2:] == [f"Position saved to {board}.",
                                           "(A board keeps no undo history: s FILE.json keeps it "
                                           "too.)"]
    assert Position.from_board(board.read_text(encoding="utf-8")).waste == Card.parse("KS")
    start = tmp_path / "start.board"
    start.write_text(PAGE_DEAL.position().hidden().to_board(), encoding="utf-8")
    refused = cli("play", str(start), "--lang", "en", input=f"d ks\ns {start}\nq\n").out
    assert (f"{start} is the file this game was read from, and this save would lose its deal: "
            "save to another file") in refused.splitlines()
