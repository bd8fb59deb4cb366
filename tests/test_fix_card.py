"""A card typed wrong in a followed game is put right in the game (`fix 8D 8H`): the game is
played again with it, or refused where a move played would not have been legal."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model.cards import FULL_DECK, Card
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused
from golfsolve.model.i18n import TEXTS
from golfsolve.model.oneline import to_oneline
from golfsolve.model.position import Position
from golfsolve.model.rules import CLASSIC, DEAD_KING, EASY, STRICT

from .conftest import DATA

PAGE_DEAL = Deal.from_board((DATA / "rules-page-deal.board").read_text(encoding="utf-8"))
PAGE_LAYOUT = to_oneline(PAGE_DEAL, with_stock=False)
README_LAYOUT = ("JH | TH TD 6C 3S 9S | 8H AC QC KD 9C | 6S 8D 2D 6D 7S | 9H TS JC AH JD | JS 4H "
                 "8C 3D QS | 2S TC 8S 2H 2C | AD AS 7D 5H 6H")


def exchanged(position: Position, swap: dict[Card, Card]) -> Position:
    """``position`` with the cards ``swap`` names in each other's places."""
    def fixed(card):
        return None if card is None else swap.get(card, card)

    return Position(tuple(tuple(map(fixed, column)) for column in position.columns),
                    fixed(position.waste), tuple(map(fixed, position.stock)),
                    tuple(map(fixed, position.removed)))


def played(deal: Deal, rules, picks: list[int]) -> tuple[Game, list[tuple[str, Card, Card]]]:
    """A followed game of ``deal`` (stock unseen, each draw naming the deal's own card) with
    up to len(picks) actions, each the legal action ``pick`` indexes; and what each action
    did: its kind, the card it put on the waste and the waste it covered."""
    game = Game(deal.position().hidden(), rules)
    done = []
    for pick in picks:
        actions = [str(c) for c in game.playable_columns()] + (["d"] if game.can_draw else [])
        if not actions:
            break
        action = actions[pick % len(actions)]
        covered = game.waste
        if action == "d":
            game.draw(deal.stock[game.stock_pos])
        else:
            game.remove(int(action))
        done.append((action, game.waste, covered))
    return game, done


@settings(max_examples=60, deadline=None)
@given(number=st.integers(1, 10**6), rules=st.sampled_from([EASY, CLASSIC, DEAD_KING]),
       picks=st.lists(st.integers(0, 7), max_size=30), typed_pick=st.integers(0, 51),
       meant=st.sampled_from(FULL_DECK))
def test_a_card_put_right_replays_the_game_with_the_cards_exchanged_or_refuses(
        number, rules, picks, typed_pick, meant):
    """Where every removal played still fits with the two cards exchanged, the game is where
    it was with them exchanged, its move counter and undo history kept (undone to its start
    it is the corrected start), and putting the card back gives the game as it was; where one
    does not, the game is refused, unchanged."""
    deal = Deal.from_number(number)
    game, done = played(deal, rules, picks)
    seen = [c for c in FULL_DECK if game.seen(c) is not None]
    typed = seen[typed_pick % len(seen)]
    if typed == meant:
        return
    swap = {typed: meant, meant: typed}
    before = (game.position(), game.move_count)
    legal = all(kind == "d" or rules.fits(swap.get(covered, covered).rank,
                                          swap.get(card, card).rank)
                for kind, card, covered in done)
    if not legal:
        with pytest.raises(MoveRefused) as refused:
            game.corrected(typed, meant)
        first = next(i for i, (kind, card, covered) in enumerate(done, 1) if kind != "d" and
                     not rules.fits(swap.get(covered, covered).rank, swap.get(card, card).rank))
        swapped = game.seen(meant) is not None
        assert refused.value.key == "fix_illegal_column" + ("_swapped" if swapped else "")
        assert refused.value.params["n"] == first
        assert (game.position(), game.move_count) == before
        return
    fixed = game.corrected(typed, meant)
    assert fixed.position() == exchanged(game.position(), swap)
    assert fixed.move_count == game.move_count and fixed.unseen == game.unseen
    back = fixed.corrected(meant, typed)
    assert (back.position(), back.move_count) == before
    for _ in done:
        fixed.undo()
    assert not fixed.can_undo
    assert fixed.position() == exchanged(deal.position().hidden(), swap)


def test_a_refused_exchange_names_both_cards_as_exchanged(cli):
    """Q♠ removed onto J♥, then K♠ drawn; K♠ and Q♠ said to be typed in each other's
    places: the removal of move 1 would then be K♠ onto J♥, so the exchange is refused, and
    said to be one."""
    out = cli("play", README_LAYOUT, "--lang", "en", input="5\nd KS\nfix KS QS\nq\n").out
    assert ("With K♠ and Q♠ exchanged, move 1 (column 5) would not have been legal: undo to "
            "before it (u), then put the cards right.") in out.splitlines()


def test_a_card_the_game_has_not_seen_or_the_same_card_is_refused():
    game = Game(PAGE_DEAL.position().hidden(), EASY)
    unseen = PAGE_DEAL.stock[0]
    with pytest.raises(MoveRefused) as refused:
        game.corrected(unseen, Card.parse("6H"))
    assert refused.value.message() == (f"{unseen.pretty} is nowhere in the game yet: give the "
                                       "card as you typed it, then the card it really is (fix "
                                       "8D 8H)")
    with pytest.raises(MoveRefused) as refused:
        game.corrected(Card.parse("6H"), Card.parse("6H"))
    assert refused.value.key == "fix_same"


def test_under_strict_rules_a_draw_made_when_nothing_fitted_is_refused_if_a_card_then_fits():
    """A draw is legal under strict rules only where no free card fits: put right so that
    one fits, the draw before it would not have been legal."""
    deal = Deal.from_number(3)
    game = Game(deal.position().hidden(), STRICT)
    while game.playable_columns():
        game.remove(game.playable_columns()[0])
    moves_before = game.move_count
    waste = game.waste
    game.draw(deal.stock[0])
    free = [game.free_card(c) for c in range(1, 8) if game.free_card(c) is not None]
    # a free card put right as a card of the rank just above the waste's: it fits the waste
    target = next(c for c in FULL_DECK if STRICT.fits(waste.rank, c.rank) and c not in free
                  and game.seen(c) is None)
    with pytest.raises(MoveRefused) as refused:
        game.corrected(free[0], target)
    assert refused.value.key == "fix_illegal_draw"
    assert refused.value.params["n"] == moves_before + 1


def test_a_drawn_card_put_right_is_the_card_that_draw_turned_up():
    game = Game(PAGE_DEAL.position().hidden(), EASY)
    game.draw(Card.parse("8S"))
    fixed = game.corrected(Card.parse("8S"), Card.parse("9H"))
    assert fixed.waste == Card.parse("9H") and fixed.seen(Card.parse("8S")) is None
    fixed.undo()
    assert fixed.unseen == 16 and fixed.seen(Card.parse("9H")) is None  # unseen again


# ----- in play ------------------------------------------------------------------------------
def saved(path) -> Position:
    return Position.from_dict(json.loads(path.read_text(encoding="utf-8")))


def test_fix_in_play_puts_layout_cards_right_and_the_moves_stand(cli, tmp_path):
    """The rules pages' deal typed with 6♦ for column 1's free card 6♥ and with 5♠ and Q♠
    in each other's places: put right, the game goes on with the real cards, the draw played
    before kept."""
    wrong = PAGE_LAYOUT.replace("6H", "6D").replace("5S QS", "QS 5S")
    path = tmp_path / "after.json"
    result = cli("play", wrong, "--lang", "en",
                 input=f"d 8s\nfix 6d 6h\nfix 5s qs\ns {path}\nq\n")
    assert result.code == 0 and result.err == ""
    out = result.out.splitlines()
    assert "6♦ put right as 6♥; your moves are played again with it." in out
    assert ("5♠ and Q♠ exchanged: each is now where the other was typed; your moves are played "
            "again with them.") in out
    after = saved(path)
    assert after.columns == PAGE_DEAL.position().columns and after.waste == Card.parse("8S")
    assert after.stock == (None,) * 15
    assert json.loads(path.read_text(encoding="utf-8"))["moves"] == 1


@pytest.mark.parametrize(("typed", "said"), [
    ("fix 6h", "Give the card as you typed it, then the card it really is: fix 8D 8H"),
    ("fix 6h 6h", "6♥ and 6♥ are one card: give the card as you typed it, then the card it "
                  "really is (fix 8D 8H)"),
    ("fix 6h zz", "'zz' is not a card: write it as 7H, 10H, 10♥ or qs"),
    ("fix 1h 6h", "'1h' is not a card: an ace is A, as AH"),
])
def test_fix_typed_wrong_gets_one_line_and_the_game_goes_on(cli, typed, said):
    result = cli("play", PAGE_LAYOUT, "--lang", "en", input=f"{typed}\nq\n")
    assert result.code == 0 and said in result.out.splitlines()


def test_a_fix_that_would_make_a_move_illegal_is_refused_in_the_players_language(cli, tmp_path):
    """8♠ drawn, then a free card that fits it removed; that card put right as a king,
    which does not fit 8♠: the removal could not have been played, and the game stands."""
    game = Game(PAGE_DEAL.position().hidden(), EASY)
    game.draw(Card.parse("8S"))
    column = game.playable_columns()[0]
    card = game.free_card(column)
    king = next(c for c in FULL_DECK if c.rank == 13 and game.seen(c) is None)
    assert not EASY.fits(8, 13)  # (so the removal would be refused)
    for lang in ("en", "fi"):
        path = tmp_path / f"after-{lang}.json"
        result = cli("play", PAGE_LAYOUT, "--lang", lang,
                     input=f"d 8s\n{column}\nfix {card} {king}\ns {path}\nq\n")
        said = TEXTS[lang]["fix_illegal_column"].format(
            meant=king.pretty if lang == "en" else "R" + king.pretty[-1], typed=card.pretty,
            n=2, column=column)
        assert said in result.out.splitlines()
        assert saved(path).waste == card  # unchanged


def test_fix_is_only_for_a_game_that_follows_the_players(cli):
    out = cli("play", "1", "--lang", "en", input="fix 3D 3H\nq\n").out
    assert ("Cards are put right only in a game that follows yours (a layout you typed): this "
            "deal's cards are its own.") in out.splitlines()


def test_hints_after_a_fix_are_those_of_the_corrected_game(cli, tmp_path):
    """A late position of deal 5 (6 stock cards unseen): a free card put right as an unseen
    card of another rank, the hint is that of the corrected position typed afresh."""
    from .test_follow import saved_late_in_deal_5

    game, _ = saved_late_in_deal_5(6)
    start = game.position()
    column = next(c for c in range(1, 8) if start.columns[c - 1])
    typed = start.columns[column - 1][-1]
    meant = next(c for c in start.unseen if c.rank != typed.rank)
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(start.to_dict()), encoding="utf-8")
    right = tmp_path / "right.json"
    right.write_text(json.dumps(exchanged(start, {typed: meant, meant: typed}).to_dict()),
                     encoding="utf-8")
    hints = [line for line in cli("play", str(wrong), "--lang", "en",
                                  input=f"h\nfix {typed} {meant}\nh\nq\n").out.splitlines()
             if line.startswith(("Hint", "Every"))]
    fresh = [line for line in cli("play", str(right), "--lang", "en",
                                  input="h\nq\n").out.splitlines()
             if line.startswith(("Hint", "Every"))]
    assert hints[-len(fresh):] == fresh and hints[:len(fresh)] != fresh


def test_a_draw_typed_without_its_space_draws_and_a_card_alone_is_told_to_take_d(cli,
                                                                                 tmp_path):
    """d8S draws 8♠ (at the prompt and at the draw's question); 9h alone is told to be typed
    after d, and nothing is drawn."""
    path = tmp_path / "after.json"
    result = cli("play", PAGE_LAYOUT, "--lang", "en",
                 input=f"9h\nd8S\nd\nd9h\ns {path}\nq\n")
    assert "9♥ is a card: if a draw turned it up, type d 9h" in result.out.splitlines()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["history"]["actions"] == ["d 8S", "d 9H"] and data["waste"] == "9H"

