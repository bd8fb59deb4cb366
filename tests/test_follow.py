"""play follows the player's own game: the stock unseen, each draw named by the card it turned
up; hints from one table of the whole deal."""

from __future__ import annotations

import json
import re
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.cli.hints import HintTables
from golfsolve.fair.layered import stock_fair
from golfsolve.model.actions import DRAW, Action, best_of
from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused, Place, Seen
from golfsolve.model.i18n import TEXTS
from golfsolve.model.oneline import to_oneline
from golfsolve.model.position import Position
from golfsolve.model.rules import CLASSIC, EASY
from golfsolve.packing import game_fair_arrays

from .conftest import DATA

PAGE_DEAL = Deal.from_board((DATA / "rules-page-deal.board").read_text(encoding="utf-8"))
# deal 27 under Classic: a fair value computed in about 2 s (docs/fair-census.csv)
DEAL_27_CLASSIC = Fraction(23829804356, 72648576000)


def followed(deal: Deal, rules=EASY) -> Game:
    """A game of ``deal`` whose stock the player has not seen."""
    return Game(deal.position().hidden(), rules)


# ----- the game ---------------------------------------------------------------------------------
def test_a_draw_names_the_card_it_turned_up_and_undo_makes_it_unseen_again():
    game = followed(PAGE_DEAL)
    assert game.unseen == 16 and game.next_unseen and game.stock_left == 16
    with pytest.raises(MoveRefused) as refused:
        game.draw()
    assert refused.value.message() == "The next stock card is not known"
    move = game.draw(Card.parse("8S"))
    assert (move.action, move.card, game.waste) == ("draw", Card.parse("8S"), Card.parse("8S"))
    assert game.unseen == 15 and game.stock_left == 15
    assert game.position().removed == (Card.parse("AC"),)
    assert set(game.position().unseen) == set(PAGE_DEAL.stock[1:])
    game.undo()
    assert game.unseen == 16 and game.waste == Card.parse("AC")
    assert game.seen(Card.parse("8S")) is None  # unseen again: it may turn up later
    game.draw(Card.parse("KS"))  # another card this time
    assert game.waste == Card.parse("KS")


@pytest.mark.parametrize(("card", "where", "message"), [
    ("6H", Seen(Place.COLUMN, column=1, row=5),
     "6♥ is in column 1, row 5: it cannot be in the stock"),
    ("QS", Seen(Place.COLUMN, column=1, row=3),
     "Q♠ is in column 1, row 3: it cannot be in the stock"),
    ("9C", Seen(Place.WASTE), "9♣ is the waste card: it cannot be in the stock"),
    ("8S", Seen(Place.PLAYED), "8♠ is under the waste already: it cannot be in the stock"),
    ("AC", Seen(Place.PLAYED), "A♣ is under the waste already: it cannot be in the stock"),
])
def test_a_card_the_player_has_seen_is_refused_saying_where_it_is(card, where, message):
    game = followed(PAGE_DEAL)
    game.draw(Card.parse("8S"))
    game.play("5")  # 9♣ onto 8♠
    assert game.seen(Card.parse(card)) == where
    before = game.position()
    with pytest.raises(MoveRefused) as refused:
        game.draw(Card.parse(card))
    assert refused.value.message() == message
    assert game.position() == before and game.move_count == 2


def test_a_card_a_position_names_in_its_stock_cannot_turn_up_before_it():
    start = PAGE_DEAL.position()
    stock = (None, None, *start.stock[2:])  # the first two unseen, the rest named
    game = Game(Position(start.columns, start.waste, stock), EASY)
    assert start.stock[3] == Card.parse("JC")
    with pytest.raises(MoveRefused) as refused:
        game.draw(start.stock[3])
    assert refused.value.message("en") == ("J♣ is the stock's card 4 from the top: it cannot "
                                           "turn up now")
    assert refused.value.message("fi") == ("J♣ on nostopakan 4. kortti ylhäältä: sitä ei voi "
                                           "nostaa nyt")
    game.draw(start.stock[1])
    game.draw(start.stock[0])
    with pytest.raises(MoveRefused) as refused:
        game.draw(Card.parse("2H"))
    assert refused.value.message() == ("The stock's cards are known here: a draw turns up the "
                                       "next one")
    assert game.draw(start.stock[2]).card == start.stock[2]  # naming the known card is a draw


def test_a_draw_from_an_empty_stock_or_when_strict_rules_forbid_it_asks_for_no_card():
    from golfsolve.model.rules import STRICT

    game = followed(PAGE_DEAL, STRICT)
    game.draw(Card.parse("8S"))  # nothing fits A♣: the draw is forced
    with pytest.raises(MoveRefused) as refused:
        game.check_draw()  # 9♣ fits 8♠
    assert refused.value.key == "draw_fits"
    game = followed(PAGE_DEAL)
    for card in PAGE_DEAL.stock:
        game.draw(card)
    with pytest.raises(MoveRefused) as refused:
        game.check_draw()
    assert refused.value.message() == "The stock is empty"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_followed_game_is_the_game_with_its_stock_known(data):
    """Played with the same actions and each draw named by the real card, a followed game
    stands where the game with the stock known stands, at every step and after undos; only
    the stock cards not yet drawn stay unseen."""
    deal = Deal.from_number(data.draw(st.integers(1, 2000)))
    known, follow = Game(deal, EASY), followed(deal)
    for _ in range(data.draw(st.integers(0, 40))):
        legal = [Action(c) for c in known.playable_columns()]
        if known.stock_left:
            legal.append(DRAW)
        if not legal or known.status != "playing":
            break
        choice = data.draw(st.sampled_from([*legal, "undo"]) if known.can_undo
                           else st.sampled_from(legal))
        if choice == "undo":
            known.undo()
            follow.undo()
        elif choice.is_draw:
            card = known.draw().card
            follow.draw(card)
        else:
            known.play(choice)
            follow.play(choice)
        assert follow.position() == known.position().hidden()
        assert follow.unseen == known.stock_left
        assert (follow.score, follow.move_count, follow.status) == (
            known.score, known.move_count, known.status)


# ----- the hints --------------------------------------------------------------------------------
def saved_late_in_deal_5(left: int) -> tuple[Game, list]:
    """Deal 5 under Easy played along the solver's line until ``left`` stock cards are left,
    saved with them unseen (the game then starts there), and those cards in their real order."""
    from golfsolve.solver import solve

    known = Game(Deal.from_number(5), EASY)
    for move in solve(Deal.from_number(5), EASY).moves:
        if known.stock_left <= left:
            break
        known.play(move.token)
    return Game(known.position().hidden(), EASY), known.stock[known.stock_pos:]


def test_every_hint_of_a_followed_game_is_the_exact_value_of_its_position(monkeypatch):
    """The table made at the first hint answers every later one, whatever was removed,
    drawn or undone, with each action's exact value, the same as computing that position
    afresh; it is made once. (A game saved late in deal 5, 9 stock cards unseen: small
    tables.)"""
    import golfsolve.fair.layered

    game, real_stock = saved_late_in_deal_5(9)
    tables = HintTables(None)
    tables.values(game)
    made = []
    real = golfsolve.fair.layered.stock_fair
    monkeypatch.setattr(golfsolve.fair.layered, "stock_fair",
                        lambda *a, **k: made.append(a) or real(*a, **k))
    checked = 0
    for step in ["d", "undo", "d", "d", "*", "*", "undo", "d", "*", "undo", "undo", "*"]:
        if step == "undo":
            game.undo()
        elif step == "d":
            game.draw(real_stock[game.stock_pos])
        else:
            playable = game.playable_columns()
            if not playable:
                continue
            game.play(str(playable[-1]))
        values = tables.values(game)
        col_ranks, heights, waste_rank, _, unseen = game_fair_arrays(game)
        fresh = real(col_ranks, heights, waste_rank, unseen, EASY.fits_table())
        assert values == {a: Fraction(w, fresh.orders) for a, w in fresh.actions.items()}
        checked += 1
    assert made == [] and checked >= 9  # every later hint from the kept table


def test_a_hints_note_is_in_the_games_language_and_names_where_its_table_starts(capsys):
    """A game taken up late (9 unseen), two draws, a hint: worked out from where it stands, at
    once, and the note says so in the game's language, without the seconds a first card's
    table takes; undone before that table, from the game's start, once."""
    game, real_stock = saved_late_in_deal_5(9)
    tables = HintTables(None)
    game.draw(real_stock[game.stock_pos])
    game.draw(real_stock[game.stock_pos])
    tables.values(game, "fi")
    assert capsys.readouterr().err == ("golfsolve: note: lasketaan tarkka arvo jokaiselle "
                                       "tilanteelle, johon tämä peli voi edetä tästä\n")
    game.draw(real_stock[game.stock_pos])
    tables.values(game, "fi")
    assert capsys.readouterr().err == ""  # from the table made
    game.undo()
    game.undo()  # before the table's position, past the game's start
    tables.values(game, "en")
    assert capsys.readouterr().err == ("golfsolve: note: working out the exact value of every "
                                       "position this game can reach from its start, once\n")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["where removals lead", "values 42%"]),
    ("tr", ["kaldırmaların vardığı yerler", "değerler %42"]),
])
def test_the_status_lines_passes_are_in_the_games_language(lang, words):
    from golfsolve.cli.render.progress import fair_pass_words

    assert [fair_pass_words("closures", 0, 0, lang), fair_pass_words("values", 42, 100, lang)
            ] == words


def test_a_first_hint_in_mid_game_makes_the_table_from_there_and_an_undo_before_it_the_whole(
        monkeypatch):
    """A player who asks the first hint after some moves waits for the positions from there
    on, not the whole game's; undoing before them makes the whole game's table, once; every
    value is that of the position computed afresh. (Deal 5 saved with 12 stock cards unseen.)"""
    import golfsolve.fair.layered

    game, real_stock = saved_late_in_deal_5(12)
    made = []
    real = golfsolve.fair.layered.stock_fair
    monkeypatch.setattr(golfsolve.fair.layered, "stock_fair",
                        lambda *a, **k: made.append(int(a[1].sum())) or real(*a, **k))
    tables = HintTables(None)
    steps = ["d", "*", "d", "hint", "*", "hint", "undo", "undo", "hint", "undo", "hint", "d",
             "hint"]
    cards = [sum(game.heights)]
    for step in steps:
        if step == "hint":
            values = tables.values(game)
            col_ranks, heights, waste_rank, _, unseen = game_fair_arrays(game)
            fresh = real(col_ranks, heights, waste_rank, unseen, EASY.fits_table())
            assert values == {a: Fraction(w, fresh.orders) for a, w in fresh.actions.items()}
            cards.append(sum(game.heights))
        elif step == "undo":
            game.undo()
        elif step == "d":
            game.draw(real_stock[game.stock_pos])
        else:
            game.play(str(game.playable_columns()[-1]))
    # the first hint's table, from where the game stood (a card fewer than at its start); the
    # undo before it, the whole game's (the start's cards): two tables for five hints
    assert cards[1:] == [cards[0] - 1, cards[0] - 2, cards[0] - 1, cards[0], cards[0]]
    assert made == [cards[0] - 1, cards[0]]


def test_the_hint_names_every_legal_move_with_its_exact_value(cli):
    deal = Deal.from_number(27)
    out = cli("play", to_oneline(deal, with_stock=False), "--rules", "classic", "--lang", "en",
              input="h\n").out.splitlines()
    game = followed(deal, CLASSIC)
    col_ranks, heights, waste_rank, _, unseen = game_fair_arrays(game)
    result = stock_fair(col_ranks, heights, waste_rank, unseen, CLASSIC.fits_table())
    values = {a: Fraction(w, result.orders) for a, w in result.actions.items()}
    best = best_of(values, values.__getitem__)
    assert best == Action(1) and len(values) == 3

    def name(action):
        return "draw" if action.is_draw else \
            f"column {action.column} ({game.free_card(action.column).pretty})"

    ranked = sorted(values, key=lambda a: -values[a])
    assert out[-2:] == [
        f"Hint: {name(best)}. Best play without seeing the stock wins 32.8% of the time.",
        "Every legal move: " + ", ".join(f"{name(a)} {100 * float(values[a]):.1f}%"
                                         for a in ranked) + "."]


NONE_WINS = ("Hint: no move can win from here: best play without seeing the stock wins under none "
             "of its orders (every move 0%). Play on for the score.")


def test_with_the_stock_empty_the_hint_still_answers_and_says_when_nothing_wins(cli):
    # the stock's last card drawn, the hint comes from the position itself, not the kept
    # table: nothing wins, and every move's dead end scores 0 (few cards removed)
    out = cli("play", "3", "--rules", "classic", "--lang", "en",
              input="d\n" * 16 + "h\nu\nh\nq\n").out.splitlines()
    hints = [line for line in out if line.startswith(("Hint: ", "Every legal move"))]
    same = ("Hint: no move can win from here; for the score, every legal move is as good: best "
            "play without seeing the stock scores 0.0 on average from here.")
    assert hints == [same, same]


def test_with_the_stock_empty_and_one_move_that_cannot_win_the_hint_gives_its_score(cli,
                                                                                    tmp_path):
    """Deal 1 under Classic (lost) along the solver's best line to where the stock is empty
    and one removal is left: the hint stays with the score (not 'wins 0.0%')."""
    from golfsolve.solver import solve

    deal = Deal.from_number(1)
    game = Game(deal.position().hidden(), CLASSIC)
    for move in solve(deal, CLASSIC).moves:
        if game.stock_left == 0 and len(game.playable_columns()) == 1:
            break
        game.draw(deal.stock[game.stock_pos]) if move.action == "draw" else game.play(
            move.token)
    (column,) = game.playable_columns()
    path = tmp_path / "late.json"
    path.write_text(json.dumps({**game.position().hidden().to_dict(), "rules": "classic"}),
                    encoding="utf-8")
    out = cli("play", str(path), "--lang", "en", input="h\nq\n").out.splitlines()
    card = game.free_card(column).pretty
    best = solve(game.position(), CLASSIC).best_score  # the stock is empty: all is known
    assert [line for line in out if line.startswith("Hint")] == [
        f"Hint: column {column} ({card}), the only legal move. No move can win from here; best "
        f"play without seeing the stock scores {best:.1f} on average from here."]


def test_a_hint_where_nothing_wins_early_names_the_move_of_the_best_sampled_score(cli):
    """Deal 1 under Classic cannot be won whatever its stock (exactly 0): after its first draw
    (two legal moves, the score's exact value out of reach) the hint names the move whose
    lines, seeing the stock, score most over the sampled orders, not a move at 0.0% as if
    chosen; in the game's language. (Its one legal move at the start is named, as any only
    move is, and said to win under no order.)"""
    out = cli("play", "1", "--rules", "classic", "--lang", "en", input="h\nd\nh\nq\n").out
    assert out.splitlines()[-2:] == [
        "Hint: no move can win from here; for the score, column 4 (7♠): under sampled stock "
        "orders, best play that saw the stock would score 205.8 on average (the exact value is "
        "out of reach here).", "Every legal move's average score: column 4 (7♠) 205.8, draw 204.4."]
    assert ("Hint: draw, the only legal move. No move can win from here: best play without seeing "
            "the stock wins under none of its orders. Play on for the score.") in out.splitlines()
    out = cli("play", "1", "--rules", "classic", "--lang", "tr", input="d\nh\nq\n").out
    assert out.splitlines()[-2].startswith("İpucu: buradan hiçbir hamle kazandıramaz; puan için "
                                           "sütun 4 (7♠): rastgele seçilen")


def test_a_hint_where_nothing_wins_and_every_sampled_score_is_the_same_names_no_move(
        cli, monkeypatch):
    import golfsolve.odds

    monkeypatch.setattr(golfsolve.odds, "sampled_scores",
                        lambda view, rules, limit: dict.fromkeys(
                            Game(view, rules).legal_actions(), Fraction(0)))
    out = cli("play", "1", "--rules", "classic", "--lang", "en", input="d\nh\nq\n").out
    assert out.splitlines()[-1] == NONE_WINS


@pytest.mark.parametrize(("value", "shown"), [
    (Fraction(0), "0.0%"), (Fraction(1, 100_000), "<0.1%"), (Fraction(1, 2000), "0.1%"),
    (Fraction(1999, 2000), ">99.9%"), (Fraction(99_999, 100_000), ">99.9%"),
    (Fraction(1), "100.0%"), (Fraction(1, 3), "33.3%")])
def test_a_chance_near_0_or_1_is_never_shown_as_if_it_were_exactly_that(value, shown):
    from golfsolve.model.i18n import chance_text

    assert chance_text(value, "en") == shown
    # as each language writes a percentage: 94,8 % in Finnish, 94,8% Indonesian, %94,8 Turkish
    number = shown.strip("<>%").replace(".", ",")
    sign = shown[0] if shown[0] in "<>" else ""
    assert chance_text(value, "fi") == f"{sign}{number} %"
    assert chance_text(value, "id") == f"{sign}{number}%"
    assert chance_text(value, "tr") == f"{sign}%{number}"


def test_a_hint_in_finnish_writes_its_chances_and_scores_as_finnish_does(cli):
    """Deal 1 under Classic after twelve draws, where no move can win from here: its scores are
    written with a decimal comma."""
    out = cli("play", "1", "--rules", "classic", "--lang", "fi",
              input="d\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nd\nh\nq\n").out.splitlines()
    hints = [line for line in out if line.startswith("Vihje")]
    assert hints and re.search(r"keskimäärin [0-9]+,[0-9] pistettä", hints[-1]), hints


# ----- the session ------------------------------------------------------------------------------
PAGE_LAYOUT = to_oneline(PAGE_DEAL, with_stock=False)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["6♥ is in column 1, row 5: it cannot be in the stock",
            "If 6♥ was typed wrong there: fix 6H and the card that is there (fix 8D 8H), then "
            "draw again.",
            "A♣ is the waste card: it cannot be in the stock",
            "If A♣ was typed wrong there: fix AC and the card that is there (fix 8D 8H), then "
            "draw again.",
            "'1X' is not a card: write it as 7H, 10H, 10♥ or qs",
            "Card the draw turned up (as 7H or 10♥; Enter: no draw):",
            "No draw."]),
    ("fi", ["6♥ on sarakkeessa 1, rivillä 5: se ei voi olla nostopakassa",
            "Jos 6♥ kirjoitettiin sinne väärin: fix 6H ja siellä oleva kortti (fix 8D 8H), "
            "sitten nosta uudelleen.",
            "A♣ on poistopinon päällimmäinen kortti: se ei voi olla nostopakassa",
            "Jos A♣ kirjoitettiin sinne väärin: fix AC ja siellä oleva kortti (fix 8D 8H), "
            "sitten nosta uudelleen.",
            "'1X' ei ole kortti: kirjoita se esim. 7H, 10H, 10♥ tai qs",
            "Kortti, jonka nosto käänsi (esim. 7H tai 10♥; Enter: ei nostoa):",
            "Ei nostoa."]),
    ("tr", ["6♥, sütun 1 içinde 5 numaralı sırada: çekme destesinde olamaz",
            "6♥ oraya yanlış yazıldıysa: fix 6H ve orada olan kart (fix 8D 8H), sonra yeniden "
            "çekin.",
            "A♣ açık yığının en üstündeki kart: çekme destesinde olamaz",
            "A♣ oraya yanlış yazıldıysa: fix AC ve orada olan kart (fix 8D 8H), sonra yeniden "
            "çekin.",
            "'1X' bir kart değil: örneğin 7H, 10H, 10♥ ya da qs yazın",
            "Çekilen kart (örneğin 7H ya da 10♥; Enter: çekme yok):",
            "Kart çekilmedi."]),
])
def test_bad_draws_get_one_line_in_the_players_language_and_the_game_goes_on(cli, tmp_path,
                                                                            lang, said):
    path = tmp_path / "after.board"
    result = cli("play", PAGE_LAYOUT, "--lang", lang,
                 input=f"d 6h\nd A♣\nd 1X\nd\n\nd 8s\ns {path}\nq\n")
    assert result.code == 0 and result.err == ""
    out = result.out.splitlines()
    first = out.index(said[0])
    assert out[first:first + 7] == said
    after = Position.from_board(path.read_text(encoding="utf-8"))  # the draw went through
    assert after.waste == Card.parse("8S") and after.stock == (None,) * 15


def test_a_seen_card_named_when_asked_is_refused_and_the_card_asked_for_again(cli, tmp_path):
    path = tmp_path / "after.board"
    result = cli("play", PAGE_LAYOUT, "--lang", "en",
                 input=f"d\n6h\nA♣\nZZ\n8s\ns {path}\nq\n")
    assert result.code == 0 and result.err == ""
    out = result.out.splitlines()
    asked = "Card the draw turned up (as 7H or 10♥; Enter: no draw):"
    first = out.index(asked)
    assert out[first:first + 9] == [
        asked, "6♥ is in column 1, row 5: it cannot be in the stock",
        "If 6♥ was typed wrong there: Enter (no draw), fix 6H and the card that is there (fix "
        "8D 8H), then draw again.",
        asked, "A♣ is the waste card: it cannot be in the stock",
        "If A♣ was typed wrong there: Enter (no draw), fix AC and the card that is there (fix "
        "8D 8H), then draw again.",
        asked, "'ZZ' is not a card: write it as 7H, 10H, 10♥ or qs", asked]
    after = Position.from_board(path.read_text(encoding="utf-8"))  # the third answer drawn
    assert after.waste == Card.parse("8S") and after.stock == (None,) * 15


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "'1s' is not a card: an ace is A, as AS"),
    ("fi", "'1s' ei ole kortti: ässä on A, esim. AS")])
def test_an_ace_typed_as_1_is_told_it_is_a(cli, lang, said):
    out = cli("play", PAGE_LAYOUT, "--lang", lang, input="d 1s\nq\n").out.splitlines()
    assert said in out


def test_the_draw_typed_again_at_its_question_names_the_card(cli, tmp_path):
    path = tmp_path / "after.board"
    result = cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d\nd 8♠\ns {path}\nq\n")
    assert result.code == 0 and "not a card" not in result.out
    after = Position.from_board(path.read_text(encoding="utf-8"))
    assert after.waste == Card.parse("8S") and after.stock == (None,) * 15


def test_a_command_at_the_draws_question_is_told_to_wait_for_the_answer(cli, tmp_path):
    path = tmp_path / "after.board"
    result = cli("play", PAGE_LAYOUT, "--lang", "fi",
                 input=f"d\nh\nu\nfix 6H 6D\n8s\ns {path}\nq\n")
    out = result.out.splitlines()
    told = TEXTS["fi"]["draw_answer_first"]
    asked = TEXTS["fi"]["draw_which"].rstrip()
    first = out.index(asked)
    assert out[first:first + 7] == [asked, told, asked, told, asked, told, asked]
    after = Position.from_board(path.read_text(encoding="utf-8"))  # the card named after them
    assert after.waste == Card.parse("8S") and after.stock == (None,) * 15


def test_a_draw_undone_turns_up_the_same_card_again_unless_another_is_named(cli, tmp_path):
    """The app puts an undone draw's card back on the stock: d alone draws it again; d CARD
    names another (a card mistyped, put right)."""
    path = tmp_path / "after.board"
    out = cli("play", PAGE_LAYOUT, "--lang", "en", input=f"d 8s\nu\nd\ns {path}\nq\n").out
    assert ("The draw turns up 8♠ again, as before the undo (if it was another card: u, then d "
            "and that card).") in out.splitlines()
    assert Position.from_board(path.read_text(encoding="utf-8")).waste == Card.parse("8S")
    other = tmp_path / "other.board"
    out = cli("play", PAGE_LAYOUT, "--lang", "en",
              input=f"d 8s\nu\nd 9h\nu\nd\ns {other}\nq\n").out
    assert "9♥ again, as before the undo" in out and "8♠ again" not in out
    assert Position.from_board(other.read_text(encoding="utf-8")).waste == Card.parse("9H")


def test_the_last_card_not_seen_is_drawn_without_a_question(cli):
    deal = Deal.from_number(1)
    moves = "".join(f"d {card}\n" for card in deal.stock[:15]) + "d\nq\n"
    out = cli("play", to_oneline(deal, with_stock=False), "--rules", "classic", "--lang", "en",
              input=moves).out.splitlines()
    said = out.index(f"The draw turns up the last card not seen yet: {deal.stock[15].pretty}.")
    assert f"Waste: {deal.stock[15].pretty}" in "".join(out[said:])  # on the board after it
    assert "Enter: no draw" not in "".join(out)


@pytest.mark.parametrize(("interactive", "signum", "goes_on"), [
    (True, "SIGINT", True), (False, "SIGINT", False), (True, "SIGTERM", False)])
def test_ctrl_c_at_a_terminal_stops_a_hint_and_the_game_goes_on(monkeypatch, interactive, signum,
                                                                goes_on):
    """Ctrl-C while a hint is worked out, at a terminal, gives the move prompt back; piped
    input, or another stop signal, ends the game as before."""
    import signal

    from golfsolve import interrupts
    from golfsolve.cli.session import PlaySession
    from golfsolve.interrupts import Interrupted

    stop = getattr(signal, signum)

    def struck(self, game, say_why_in=None):
        interrupts._on_signal(stop, None)  # as the signal strikes, noted as received

    monkeypatch.setattr(HintTables, "values", struck)
    said = []
    session = PlaySession(PAGE_DEAL.position().hidden(), EASY, "t", "en", said.append,
                          interactive=interactive)
    before = {each: signal.getsignal(each) for each in interrupts.SIGNALS}
    interrupts.install()
    try:
        if goes_on:
            assert session.run(["h", "d 8s", "q"]) == 0
            assert "Hint stopped; the game goes on." in said
            assert interrupts.received() is None  # dealt with: a later failure is its own
            assert session.game.position().waste == Card.parse("8S")  # the game went on
        else:
            with pytest.raises(Interrupted) as raised:
                session.run(["h", "q"])
            assert raised.value.signum == stop
            assert "Hint stopped; the game goes on." not in said
    finally:
        interrupts.handled()
        for each, handler in before.items():
            signal.signal(each, handler)


def test_an_empty_stock_and_a_garbled_line_are_one_line_each(cli):
    draws = "".join(f"d {card}\n" for card in PAGE_DEAL.stock)
    out = cli("play", PAGE_LAYOUT, "--lang", "en", input=draws + "d\nd 7H\n%%\nq\n").out
    assert out.splitlines()[-3:] == ["The stock is empty", "The stock is empty",
                                     "Unknown input '%%': type ? for the commands"]


def test_a_followed_game_saved_and_resumed_gives_the_same_hints(cli, tmp_path):
    deal = Deal.from_number(27)
    path = tmp_path / "mine.json"
    steps = f"1\nd {deal.stock[0]}\nd {deal.stock[1]}\n"
    played = cli("play", to_oneline(deal, with_stock=False), "--rules", "classic", "--lang", "en",
                 input=f"{steps}s {path}\nh\nq\n").out.splitlines()
    saved = Position.from_dict(__import__("json").loads(path.read_text(encoding="utf-8")))
    assert saved.unknown_slots == 14 and saved.stock == (None,) * 14
    assert saved.removed == (deal.waste, deal.tableau[0][4], deal.stock[0])  # all it has seen
    later = tmp_path / "later.board"
    resumed = cli("play", str(path), "--lang", "en",
                  input=f"h\nd\n{deal.stock[2]}\ns {later}\nq\n").out.splitlines()

    def hints(lines):
        return [line for line in lines if line.startswith(("Hint: ", "Every legal move: "))]

    assert hints(resumed) == hints(played) and len(hints(played)) == 2  # word for word
    assert Position.from_board(later.read_text(encoding="utf-8")).waste == deal.stock[2]


def test_a_game_saved_as_json_keeps_its_move_counter_which_never_goes_down(cli, tmp_path):
    """An undo does not lower the counter (the rules), so it can be more than the position's
    removals and draws: a JSON save keeps it, and play takes it up from there."""
    saved = tmp_path / "game.json"
    out = cli("play", PAGE_LAYOUT, "--lang", "en",
              input=f"d 8s\nd 9d\nu\nd 9d\ns {saved}\nq\n").out
    assert [out.count(f"Moves: {n}") for n in range(4)] == [1, 1, 2, 1]  # d, d, u, d
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["moves"] == 3 and data["removed"] == ["AC", "8S"]  # two draws, one undo
    resumed = cli("play", str(saved), "--lang", "en", input="d 5h\nq\n").out
    assert "Moves: 2" not in resumed and [resumed.count(f"Moves: {n}") for n in (3, 4)] == [1, 1]
    shown = cli("show", str(saved), "--lang", "en").out
    assert "Moves: 3" in shown and "Moves: 2" not in shown  # show tells it as play does
    again = tmp_path / "again.json"
    again.write_text(cli("show", str(saved), "--format", "json").out, encoding="utf-8")
    assert json.loads(again.read_text(encoding="utf-8"))["moves"] == 3
    assert "Moves: 3" in cli("show", str(again), "--lang", "en").out
    data["moves"] = 1  # fewer than its two draws
    saved.write_text(json.dumps(data), encoding="utf-8")
    refused = cli("play", str(saved), input="q\n")
    assert (refused.code, refused.err) == (2, (
        f"golfsolve: error: {saved}: JSON deal: moves 1 is no move counter of this position "
        "(a whole number from 2, its removals and draws, up)\n"))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "{path} is there already: type s {path} again to write over it"),
    ("tr", "{path} zaten var: üzerine yazmak için s {path} komutunu yeniden yazın"),
])
def test_a_save_over_a_file_that_is_there_is_asked_again(cli, tmp_path, lang, said):
    """Another game's save is not written over by one s FILE: the same s FILE just after
    does it; a file this game saved to is written over freely."""
    other = tmp_path / "other.json"
    other.write_text("another game's save\n", encoding="utf-8")
    mine = tmp_path / "mine.board"
    out = cli("play", PAGE_LAYOUT, "--lang", lang,
              input=f"s {other}\nd 8s\ns {other}\ns {mine}\nd 9d\ns {mine}\nq\n").out
    assert out.splitlines().count(said.format(path=other)) == 2  # a command between: asked again
    assert other.read_text(encoding="utf-8") == "another game's save\n"
    assert Position.from_board(mine.read_text(encoding="utf-8")).waste == Card.parse("9D")
    out = cli("play", PAGE_LAYOUT, "--lang", lang, input=f"s {other}\ns {other}\nq\n").out
    assert out.splitlines().count(said.format(path=other)) == 1
    folder = cli("play", PAGE_LAYOUT, "--lang", "en", input=f"s {tmp_path}\nq\n").out
    assert "there already" not in folder  # a directory: no file to ask about, refused at once
    assert f"Cannot write {tmp_path}: Is a directory" in folder.splitlines()
    assert json.loads(other.read_text(encoding="utf-8"))["waste"] == "AC"  # written over


def test_peek_cannot_see_a_stock_the_player_has_not_seen(cli):
    out = cli("play", PAGE_LAYOUT, "--lang", "en", input="p\nq\n").out.splitlines()
    assert out[-1] == "The stock is face down here: there is nothing to peek at."


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "This game follows yours in the app: type n again to leave it for a new random "
           "deal."),
    ("tr", "Bu oyun uygulamadaki oyununuzu izliyor: bırakıp yeni rastgele bir dağılıma geçmek "
           "için n'yi tekrar yazın."),
])
def test_a_followed_game_is_left_for_a_new_deal_only_by_n_twice_in_a_row(cli, lang, said):
    out = cli("play", PAGE_LAYOUT, "--lang", lang, "--seed", "3",
              input=f"n\nd {PAGE_DEAL.stock[0]}\nn\nn\nq\n").out.splitlines()
    told = [i for i, line in enumerate(out) if line == said]
    new = [i for i, line in enumerate(out) if line.startswith(("New deal: ", "Yeni dağılım: "))]
    # n, the draw (its board between), n, then only the second n in a row deals anew
    assert len(told) == 2 and len(new) == 1 and told[0] + 5 < told[1] < new[0]


def test_shuffle_deals_the_unseen_cards_as_before(cli):
    out = cli("play", PAGE_LAYOUT, "--lang", "en", "--shuffle", "--seed", "5",
              input="d\nq\n").out.splitlines()
    assert "The stock is face down" not in "\n".join(out)
    assert "Stock: 15 cards" in "\n".join(out[-9:])


# ----- end to end, at a terminal ----------------------------------------------------------------
class Terminal:
    """``golfsolve play ARGS`` on a pseudo-terminal of its own, ``columns`` wide (wide enough
    by default that no message is broken): what it shows, read as it comes, and keys typed
    to it."""

    def __init__(self, *args: str, columns: int = 250) -> None:
        import fcntl
        import os
        import pty
        import struct
        import termios

        from .test_faults import GOLFSOLVE

        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
            # the terminal's own width, as a player's is: no COLUMNS (readline, loaded in this
            # process, may have set it beneath os.environ)
            env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
            os.execvpe(GOLFSOLVE[0], [*GOLFSOLVE, "play", *args], env)
        self.shown = self.everything = b""  # since the last type(), and all

    def read_until(self, *texts: bytes) -> bytes:
        """What it showed since the last :meth:`type`, once one of ``texts`` is in it."""
        import os
        import select

        while not any(t in self.shown for t in texts):
            ready, _, _ = select.select([self.fd], [], [], 120)
            assert ready, self.shown[-400:]
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                chunk = b""
            assert chunk, self.shown[-400:]
            self.shown += chunk
            self.everything += chunk
        return self.shown

    def type(self, keys: bytes) -> None:
        import os

        self.shown = b""
        os.write(self.fd, keys)

    def status(self) -> int:
        """Its exit status, once it has ended."""
        import os

        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_a_followed_game_at_a_terminal_takes_every_hint_to_the_end():
    """Type deal 27's layout without its stock, take every hint, name each drawn card as the
    real stock turns it up (d, then the card when asked): the first hint is the deal's exact
    fair value, the table is made once, and the game ends won."""
    import re

    deal = Deal.from_number(27)
    terminal = Terminal(to_oneline(deal, with_stock=False), "--rules", "classic", "--lang", "en")
    prompt = b"q quit): "
    terminal.read_until(prompt)
    hints, drawn = [], 0
    for _ in range(60):
        terminal.type(b"h\r")
        text = terminal.read_until(prompt).decode()
        hint = re.search(r"Hint: (draw|column (\d))", text)
        assert hint, text
        hints.append(text[hint.start():].splitlines()[0])
        if hint.group(2):
            terminal.type(hint.group(2).encode() + b"\r")
        else:
            terminal.type(b"d\r")
            terminal.read_until(b"Enter: no draw): ")
            terminal.type(str(deal.stock[drawn]).encode() + b"\r")
            drawn += 1
        text = terminal.read_until(prompt, b"You won!", b"No more moves possible").decode()
        if "You won!" in text or "No more moves possible" in text:
            break
    terminal.read_until(b"q quits.")
    terminal.type(b"q\r")
    assert terminal.status() == 0
    assert "You won!" in text
    assert hints[0] == (f"Hint: column 1 ({deal.tableau[0][4].pretty}). Best play without "
                        "seeing the stock wins 32.8% of the time.")
    assert f"{100 * float(DEAL_27_CLASSIC):.1f}%" == "32.8%"
    assert len(hints) > 30 and drawn >= 5
    assert terminal.everything.count(b"working out the exact value of every position") == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_a_long_first_hint_at_a_terminal_says_how_far_it_is_and_ctrl_c_stops_only_it():
    """The rules pages' layout under Easy (its first hint: seconds): its only legal move, a
    draw, is named at once; the hint's status line names the pass under way; Ctrl-C stops
    the hint, the prompt comes back, the game goes on."""
    terminal = Terminal(PAGE_LAYOUT, "--rules", "easy", "--lang", "en")
    prompt = b"q quit): "
    terminal.read_until(prompt)
    terminal.type(b"h\r")
    shown = terminal.read_until(b"exact value: ")  # the status line, on the terminal's stderr
    named = shown.index(b"Hint: draw, the only legal move. Its chance follows once worked out")
    assert named < shown.index(b"exact value: ")
    terminal.type(b"\x03")
    shown = terminal.read_until(prompt)
    assert b"Hint stopped; the game goes on." in shown
    terminal.type(b"d 8s\r")
    assert b"8\xe2\x99\xa0" in terminal.read_until(prompt)  # 8♠ on the waste: the game went on
    terminal.type(b"q\r")
    terminal.read_until(b"type q again to quit")  # a move of the player's game, not saved
    terminal.type(b"q\r")
    assert terminal.status() == 0
    assert b"interrupted" not in terminal.everything


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_q_or_ctrl_d_in_a_followed_game_with_moves_not_saved_asks_once_more(tmp_path):
    """The player's own game is only in this session: q (or Ctrl-D) after moves no save holds
    says so, and quits when typed again just after; after a save it quits at once."""
    prompt = b"q quit): "
    asked = (b"This game follows yours in the app and its last moves are not saved: type q "
             b"again to quit, or s FILE to save first.")
    terminal = Terminal(PAGE_LAYOUT, "--rules", "easy", "--lang", "en")
    terminal.read_until(prompt)
    terminal.type(b"d 8s\r")
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert asked in terminal.read_until(prompt)
    terminal.type(b"u\r")  # something else between: q asks again
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert asked in terminal.read_until(prompt)
    saved = tmp_path / "mine.json"
    terminal.type(b"s " + str(saved).encode() + b"\r")
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert terminal.status() == 0 and saved.exists()
    terminal = Terminal(PAGE_LAYOUT, "--rules", "easy", "--lang", "en")
    terminal.read_until(prompt)
    terminal.type(b"d 8s\r")
    terminal.read_until(prompt)
    terminal.type(b"\x04")  # Ctrl-D: asked as q is, in the words of the key pressed
    assert (b"This game follows yours in the app and its last moves are not saved: press "
            b"Ctrl-D again to quit, or type s FILE to save first.") in terminal.read_until(prompt)
    terminal.type(b"\x04")
    assert terminal.status() == 0
    # q at the draw's question: no draw, and q as at the prompt
    terminal = Terminal(PAGE_LAYOUT, "--rules", "easy", "--lang", "en")
    terminal.read_until(prompt)
    terminal.type(b"d 8s\r")
    terminal.read_until(prompt)
    terminal.type(b"d\r")
    terminal.read_until(b"Enter: no draw): ")
    terminal.type(b"q\r")
    assert b"No draw." in terminal.read_until(asked)
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert terminal.status() == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_ctrl_c_at_the_prompt_says_how_to_quit_and_a_second_in_a_row_quits():
    """Ctrl-C at the move prompt (a hint just over, say) does not throw the game away: it says
    how to quit or save; at the draw's question it is no draw; twice in a row on an empty line
    it ends (on a line typed it drops the line)."""
    import time

    terminal = Terminal(PAGE_LAYOUT, "--rules", "easy", "--lang", "en")
    prompt = b"q quit): "

    def ctrl_c() -> None:  # once the prompt is up, as a person types (readline shows the
        time.sleep(0.3)  # prompt a moment before it waits, and a signal before is missed)
        terminal.type(b"\x03")

    terminal.read_until(prompt)
    ctrl_c()
    shown = terminal.read_until(prompt)
    assert b"(Ctrl-C: type q to quit, or s FILE to save first; Ctrl-C again quits.)" in shown
    terminal.type(b"d\r")
    terminal.read_until(b"Enter: no draw): ")
    ctrl_c()
    assert b"No draw." in terminal.read_until(prompt)
    terminal.type(b"d 8s\r")
    assert b"8\xe2\x99\xa0" in terminal.read_until(prompt)  # the game went on
    ctrl_c()
    terminal.read_until(prompt)
    terminal.type(b"12")  # a line typed: Ctrl-C drops it, as a shell does, and no more
    ctrl_c()
    assert b"Ctrl-C again quits.)" in terminal.read_until(prompt)
    ctrl_c()
    terminal.read_until(prompt)
    ctrl_c()
    assert b"golfsolve: interrupted" in terminal.read_until(b"interrupted")
    assert terminal.status() == 130


def test_an_ascii_terminal_is_shown_each_way_of_typing_a_card_once():
    """Where suit symbols print as letters, the bad card's examples do not say 10H twice."""
    import os
    import subprocess

    from .test_faults import GOLFSOLVE

    done = subprocess.run([*GOLFSOLVE, "play", PAGE_LAYOUT, "--lang", "en"], input="d 1X\nq\n",
                          capture_output=True, text=True, encoding="ascii", errors="replace",
                          env={**os.environ, "PYTHONIOENCODING": "ascii"}, check=False)
    assert done.returncode == 0
    assert "'1X' is not a card: write it as 7H, 10H or qs" in done.stdout.splitlines()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_a_followed_game_whose_terminal_closes_keeps_its_unsaved_moves(tmp_path,
                                                                      monkeypatch):
    """The terminal closes (its master side closed: the system sends SIGHUP, and the game's
    reads and writes fail) with moves no save holds: they are kept in the state directory,
    the next play says so, play of that file takes the game up with its undo, and saving it
    elsewhere clears it. A game with nothing unsaved keeps nothing."""
    import os
    import signal

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    kept = tmp_path / "state" / "golfsolve" / "unsaved-game.json"
    prompt = b"q quit): "
    terminal = Terminal(PAGE_LAYOUT, "--lang", "en")
    terminal.read_until(prompt)
    terminal.type(b"d 8s\r")
    terminal.read_until(prompt)
    os.close(terminal.fd)  # the terminal closes
    assert terminal.status() == 128 + signal.SIGHUP
    saved = json.loads(kept.read_text(encoding="utf-8"))
    assert saved["history"]["actions"] == ["d 8S"] and saved["waste"] == "8S"
    terminal = Terminal("1", "--lang", "en")  # any later play says where it is
    note = terminal.read_until(prompt).decode()
    assert (f"golfsolve play {kept} takes it up (saving it elsewhere then clears this note; "
            "deleting the file drops them)") in note.replace("\r\n", " ")
    terminal.type(b"q\r")
    assert terminal.status() == 0
    terminal = Terminal(str(kept), "--lang", "en")  # taken up: its undo with it
    assert b"golfsolve: note" not in terminal.read_until(prompt)
    terminal.type(b"u\r")
    assert b"Waste: A" in terminal.read_until(prompt)
    mine = tmp_path / "mine.json"
    terminal.type(b"s " + str(mine).encode() + b"\r")
    terminal.read_until(prompt)
    terminal.type(b"d 8s\r")  # the board names the file the game is in now
    board = terminal.read_until(prompt)
    board = board.replace(b"\r\n", b"")  # (a long title wraps at the terminal's width)
    assert b"/mine.json, easy" in board and b"unsaved-game" not in board
    terminal.type(b"s " + str(mine).encode() + b"\r")
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert terminal.status() == 0 and mine.exists() and not kept.exists()
    terminal = Terminal(PAGE_LAYOUT, "--lang", "en")  # nothing unsaved: nothing kept
    terminal.read_until(prompt)
    os.close(terminal.fd)
    assert terminal.status() == 128 + signal.SIGHUP and not kept.exists()


def test_a_draws_card_may_be_typed_with_a_space_and_a_rank_alone_is_asked_about(cli):
    """A phone keyboard puts a space between rank and suit (``q d``); a rank alone (``9``) is
    answered with the cards of that rank not seen yet, and the question asked again; q there
    is no draw, and quits."""
    out = cli("play", PAGE_LAYOUT, "--rules", "easy", "--lang", "en",
              input="d\n9\n9 h\nd q d\nd\nq\n").out.splitlines()
    assert out.count("Which 9? Not seen yet: 9♦, 9♥.") == 1
    assert [line[45:] for line in out if line[45:].startswith("Waste:")][-2:] == [
        "Waste: 9♥", "Waste: Q♦"]
    assert out[-2:] == ["Card the draw turned up (as 7H or 10♥; Enter: no draw):", "No draw."]
    out = cli("play", PAGE_LAYOUT, "--lang", "tr", input="d 9\nq\n").out.splitlines()
    assert "Hangi 9? Henüz görülmemiş: 9♦, 9♥." in out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_a_suit_symbol_typed_where_the_terminal_is_not_utf8_is_refused_not_an_edit(
        monkeypatch):
    """Under LANG=C a suit symbol's bytes reached the line editor as meta keys, which moved
    the cursor and spoiled the line; they are characters typed (ones the game cannot read)."""
    import time

    for name, value in (("LANG", "C"), ("LC_ALL", "C"), ("PYTHONIOENCODING", "ascii")):
        monkeypatch.setenv(name, value)
    prompt = b"q quit): "
    terminal = Terminal(PAGE_LAYOUT, "--rules", "easy")
    terminal.read_until(prompt)
    for byte in "d 9♣\r".encode():  # a byte at a time, as a terminal sends a key's bytes
        terminal.type(bytes([byte]))
        time.sleep(0.05)
    said = terminal.read_until(prompt)
    assert b"'9???' is not a card: write it as 7H, 10H or qs\r\n" in said, said
    terminal.type(b"d 9h\r")
    assert b"Waste: \x1b[31m9H" in terminal.read_until(prompt)  # (red, at a terminal)
    terminal.type(b"q\r")
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert terminal.status() == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_on_a_phones_40_columns_nothing_is_wider_and_no_word_is_cut():
    """A 40-column terminal: the board's columns close up, every message and the help's rows
    are broken between words to fit, the help's going on under their second column, and the
    prompt is the short one."""
    prompt = b"q quit): "
    terminal = Terminal(PAGE_LAYOUT, "--lang", "en", columns=40)
    terminal.read_until(prompt)
    terminal.type(b"?\r")
    terminal.read_until(prompt)
    terminal.type(b"d 8s\r")
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    terminal.read_until(prompt)
    terminal.type(b"q\r")
    assert terminal.status() == 0
    shown = re.sub(r"\x1b\[[0-9;]*m", "", terminal.everything.decode()).split("\r\n")
    lines = [line for line in shown if "q quit): " not in line]
    assert max(map(len, lines)) <= 40
    prompts = [line for line in shown if "q quit): " in line]  # the short one, typing after
    assert len(prompts) == 4 and all(p.startswith("Move (? help, q quit): ") for p in prompts)
    assert "  6♣   2♠  10♣   3♦   J♥  10♥   3♠" in lines  # columns with no space between
    help_rows = lines[lines.index("1-7         remove the free card of that"):]
    assert help_rows[1] == "            column (1 4 taps row 4 of"
    said = " ".join(" ".join(lines).split())
    assert ("type d and the card it turned up (d 7H), or d alone to be asked." in said
            and "type q again to quit, or s FILE to save first." in said)
