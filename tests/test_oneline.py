"""The layout on one line (issue 22), the Golf app player's way in: [stock |] waste | 7 columns,
each top to bottom; it round-trips with the board format and is a DEAL to every command."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model import kpat, oneline
from golfsolve.model.cards import Card, use_suit_symbols
from golfsolve.model.deal import Deal
from golfsolve.model.position import Position

from .conftest import DATA

# ----- oneline -------------------------------------------------------------------------------
RULES_LINE = ("AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C | "
              "JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C")


def test_rules_page_example() -> None:
    position = oneline.from_oneline(RULES_LINE)
    assert isinstance(position, Position) and position.unknown_slots == 16
    assert str(position.waste) == "AC"
    assert [str(c) for c in position.columns[0]] == "6C 5S QS TS 6H".split()
    assert str(position.columns[4][-1]) == "9C"  # column 5's free card (RULES: remove 9♣)
    assert oneline.to_oneline(position) == RULES_LINE
    assert oneline.to_oneline(Position.from_board(position.to_board())) == RULES_LINE
    pretty = RULES_LINE.replace("TS", "10♠").replace("AC", "A♣").replace(" | ", "|")
    assert oneline.from_oneline(pretty) == position


def test_with_stock_is_a_deal() -> None:
    for d in [Deal.from_number(1), kpat.deal(100000), Deal.from_number(10**20 - 1)]:
        line = oneline.to_oneline(d)
        assert line.count("|") == 8
        assert oneline.from_oneline(line) == d
        assert oneline.from_oneline(line).to_board() == d.to_board()
        assert oneline.to_oneline(Deal.from_board(d.to_board())) == line
        hidden = oneline.to_oneline(d, with_stock=False)
        assert oneline.from_oneline(hidden) == d.position().hidden()


def test_round_trips_many() -> None:
    for n in range(1, 200):
        d = Deal.from_number(n)
        assert oneline.from_oneline(oneline.to_oneline(d)) == d
        p = d.position().hidden()
        assert Position.from_board(p.to_board()) == oneline.from_oneline(oneline.to_oneline(p))


def _fields(line: str) -> list[str]:
    return [f.strip() for f in line.split("|")]


@pytest.mark.parametrize("make, field, words", [
    (lambda f: " | ".join(f[:7]), None, "6 columns"),
    (lambda f: " | ".join(f + ["KS QS JS TS 9S"]), None, "8 columns"),
    (lambda f: " | ".join([f[0], f[1] + " 2H", *f[2:]]), "column 1", "6 cards"),
    (lambda f: " | ".join([f[0], "6C 5S QS TS", *f[2:]]), "column 1", "4 cards"),
    (lambda f: " | ".join([f[0], f[1].replace("6H", "5C"), *f[2:]]), "column 7",
     "duplicate card 5C (also in column 1)"),
    (lambda f: " | ".join([f[0], f[1].replace("6H", "ZZ"), *f[2:]]), "column 1",
     "'ZZ' is not a card"),
    (lambda f: " | ".join(["2H KH", *f]), "stock", "2 cards, expected 16"),
    (lambda f: " | ".join([f[0] + " 2H", *f[1:]]), "waste", "2 cards, expected 1"),
    (lambda f: " | ".join([f[0], "", *f[2:]]), None, "empty"),
    (lambda f: "|".join(f) + "\n" + "|".join(f), None, "one line"),
])
def test_oneline_errors(make, field, words) -> None:
    line = make(_fields(RULES_LINE))
    with pytest.raises(oneline.OneLineError) as err:
        oneline.parse(line)
    message = str(err.value)
    assert words in message, message
    assert "\n" not in message
    if field is not None:
        assert err.value.field == field


def test_a_card_that_is_not_one_is_shown_how_to_write_cards_the_output_can_show() -> None:
    line = RULES_LINE.replace("6H", "ZZ")
    with pytest.raises(oneline.OneLineError) as err:
        oneline.parse(line)
    assert str(err.value).endswith("'ZZ' is not a card (write cards like TS, 10S, 10♠)")
    use_suit_symbols(False)  # an output that cannot show ♠ (PYTHONIOENCODING=ascii)
    try:
        with pytest.raises(oneline.OneLineError) as err:
            oneline.parse(line)
    finally:
        use_suit_symbols(True)
    assert str(err.value).endswith("'ZZ' is not a card (write cards like TS, 10S, ts)")


def test_oneline_duplicate_with_stock() -> None:
    d = Deal.from_number(1)
    line = oneline.to_oneline(d)
    stock, *rest = _fields(line)
    dup = " ".join(stock.split()[:15] + [str(d.waste)])
    with pytest.raises(oneline.OneLineError) as err:
        oneline.parse(" | ".join([dup, *rest]))
    assert err.value.field == "stock" and err.value.token == str(d.waste)
    assert "also in the waste" in str(err.value)


def test_oneline_partial_stock() -> None:
    d = Deal.from_number(3)
    stock = ["??"] * 16
    stock[0] = str(d.stock[0])
    line = " | ".join([" ".join(stock), *_fields(oneline.to_oneline(d, with_stock=False))])
    p = oneline.from_oneline(line)
    assert p.unknown_slots == 15 and p.stock[0] == d.stock[0]
    assert oneline.to_oneline(p) == line


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(range(52))), st.booleans())
def test_any_deal_round_trips(order: list[int], stock: bool) -> None:
    cards = [Card.from_index(i) for i in order]
    d = Deal(tuple(tuple(cards[17 + 5 * c:22 + 5 * c]) for c in range(7)), cards[16],
             tuple(cards[:16]))
    line = oneline.to_oneline(d, with_stock=stock)
    back = oneline.from_oneline(line)
    assert back == (d if stock else d.position().hidden())
    assert oneline.from_oneline(line.replace(" | ", "|").replace("T", "10")) == back




# ----- on the command line ---------------------------------------------------------------------
def test_every_command_takes_the_line(cli):
    page = Deal.from_board((DATA / "rules-page-deal.board").read_text(encoding="utf-8"))
    assert cli("show", RULES_LINE, "--format", "board").out == page.position().hidden(
        ).to_board()
    full = oneline.to_oneline(page)
    assert cli("show", full, "--format", "board").out == page.to_board()
    solved = cli("solve", full, "--json")
    assert solved.code == 0 and json.loads(solved.out)["deal"] == full
    fields = full.split(" | ")  # the title names a long line by its ends
    assert cli("solve", full).out.startswith(
        f"{fields[0]} | {fields[1]} | ... | {fields[-1]}, easy rules: winnable")
    # (the line's fair value is in docs/player.md and test_follow's; here only that odds reads it)
    odds = cli("odds", RULES_LINE, "--samples", "20", "--seed", "1", "--memory", "1MB",
               "--budget", "1000")
    assert odds.code == 0 and "16 unseen stock cards" in odds.out
    assert "  only legal move    draw" in odds.out.splitlines()
    assert cli("replay", full, "d 5 2").code == 0
    played = cli("play", full, input="q\n")
    assert played.code == 0
    refused = cli("solve", RULES_LINE)
    assert refused.code == 2 and f"golfsolve odds '{RULES_LINE}' gives the chances" in refused.err
    ends = RULES_LINE.split(" | ")
    assert refused.err.startswith(f"golfsolve: error: {ends[0]} | {ends[1]} | ... | {ends[-1]} "
                                  "has 16 unknown stock cards")  # named once whole: to paste
    drawn = cli("replay", RULES_LINE, "d")  # the line to paste back quoted, as solve's
    assert drawn.code == 2 and f"golfsolve odds '{RULES_LINE}' gives the chances" in drawn.err
    assert cli("batch", full, "--rules", "easy").out.startswith("easy: 1 deal, 1 won")


@pytest.mark.parametrize(("line", "message"), [
    (" | ".join(_fields(RULES_LINE)[:7]), "the layout has 6 columns, expected 7: [stock |] "
     "waste | 7 columns, separated by |"),
    (" | ".join([*_fields(RULES_LINE), "KS QS JS TS 9S"]), "the layout has 8 columns"),
    (" | ".join(_fields(RULES_LINE)[1:]), "the layout has 7 columns and no waste: the waste "
     "card comes first, WASTE | COLUMN 1 | ... | COLUMN 7, separated by |"),
    (RULES_LINE.replace("6H", "5C"), "column 7: duplicate card 5C (also in column 1)"),
    (RULES_LINE.replace("6H", "6H 2H"), "column 1 has 6 cards, expected 5 (top to bottom, the "
     "free card last)"),
    (RULES_LINE + " |", "the layout ends with |: nothing follows it (fields are separated by |; "
     "an empty column is written -)"),
    ("| " + RULES_LINE, "the layout starts with |: nothing comes before it (the waste card, or "
     "the stock first; an empty column is written -)"),
    (RULES_LINE.replace("AC", "1c"), "waste: '1c' is not a card (write cards like TS, 10S, "
     "10♠; an ace is A: AC)"),
    # the slips of a person typing 36 cards, each named for what it is
    (RULES_LINE.replace("6C 5S QS TS 6H", "6C,5S,QS,TS,6H"), "field 2 of the layout separates "
     "cards with commas ('6C,5S,QS,TS,6H'): separate them with spaces"),
    (RULES_LINE.replace("6C 5S QS TS 6H", "6C, 5S, QS, TS, 6H"), "field 2 of the layout "
     "separates cards with commas ('6C,'): separate them with spaces"),
    (RULES_LINE.replace("AC |", "AC"), "field 1 of the layout has 6 cards: the waste card "
     "comes first and alone, then | (WASTE | COLUMN 1 | ... | COLUMN 7)"),
    (" | ".join([*_fields(RULES_LINE)[1:], "AC"]), "the layout ends with one card: the waste "
     "card comes first (WASTE | COLUMN 1 | ... | COLUMN 7)"),
    (RULES_LINE.replace("TS 6H", "10 S 6H"), "field 2 of the layout has '10 S': write a card "
     "without a space (10S)"),
    # an emoji suit shown as its symbol, an ace typed as 1 told so as any other
    (RULES_LINE.replace("AC |", "1♣\ufe0f |"), "waste: '1♣' is not a card (write cards like "
     "TS, 10S, 10♠; an ace is A: A♣)"),
    (RULES_LINE.replace("TS 6H", "10 ♠\ufe0f 6H"), "field 2 of the layout has '10 ♠': write a "
     "card without a space (10♠)"),
    (RULES_LINE.replace(" | 2S", " / 2S"), "field 2 of the layout has / ('/'): fields are "
     "separated by |"),
    # a suit left alone after a card: not a column of six cards
    (RULES_LINE + " ♥", "field 8 of the layout has a suit alone ('♥'): write each card as its "
     "rank and suit together (7H, 10♥)"),
    (RULES_LINE.replace("TS 6H", "TS H 6H"), "field 2 of the layout has a suit alone ('H')")])
def test_bad_lines_are_one_line_and_status_2(cli, line, message):
    for command in ("show", "solve", "odds", "batch"):
        result = cli(command, line)
        assert result.code == 2 and result.err.count("\n") == 1, (command, result)
        assert message in result.err, result.err


def test_a_layout_typed_with_odd_spaces_is_titled_as_the_layout_writes_it(cli):
    """Spaces around | and between cards are the typist's: the title spaces the cards as
    golfsolve writes a layout, keeping how each card was typed."""
    typed = "  " + RULES_LINE.replace(" | ", "|").replace("6C 5S", "6c   5S") + " "
    first = cli("show", typed).out.splitlines()[0]
    assert first == ("AC | 6c 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C "
                     "|")
    assert cli("odds", typed, "--samples", "5", "--rules", "strict").out.startswith(
        "AC | 6c 5S QS TS 6H | ... | 3S 7S 3H 9S 5C, strict rules")
