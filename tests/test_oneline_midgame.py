"""A game under way on one line (issue 44): ``STOCK | WASTE | 7 columns | removed: CARDS``,
columns of 0-5 cards (``-`` empty), the stock as its cards or how many it holds; every check
the board format makes, each problem named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model import oneline
from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.position import Position

PAGE = Path(__file__).parent.parent / "docs" / "player.md"
# the manual's position (deal 1 after 30 moves of its Easy solution), as a board and on one line
BOARD = """Talon: ?? ?? ?? ?? ?? ?? ?? ?? ?? ??
Foundations: JS
Removed: TH 8H 7S 2C 3S 4D 5C 4H 3C 2S AC KC AS KH AH JH TD 9D 7D 6D 5S 4S 3H 4C 5H 8S 9H TS JD QH
-
2D KD
-
JC 9S KS
5D
7H AD QD
7C QC
"""
REMOVED = ("removed: TH 8H 7S 2C 3S 4D 5C 4H 3C 2S AC KC AS KH AH JH TD 9D 7D 6D 5S 4S 3H 4C 5H "
           "8S 9H TS JD QH")
LINE = f"10 | JS | - | 2D KD | - | JC 9S KS | 5D | 7H AD QD | 7C QC | {REMOVED}"
MISSING = "6C 8C 9C TC 3D 8D 2H 6H 6S QS"  # the cards the position's stock holds


def test_the_manuals_example_is_the_manuals_position():
    position = Position.from_board(BOARD)
    assert f"```text\n{BOARD}```\n" in PAGE.read_text(encoding="utf-8")
    assert f'$ golfsolve odds "{LINE}"' in PAGE.read_text(encoding="utf-8")
    assert oneline.from_oneline(LINE) == position
    assert oneline.to_oneline(position) == LINE
    assert oneline.to_oneline(position, with_stock=True) == " | ".join(
        ["?? " * 9 + "??", *LINE.split(" | ")[1:]])


@pytest.mark.parametrize("line", [
    LINE,
    "?? ?? ?? ?? ?? ?? ?? ?? ?? ?? | " + LINE.split(" | ", 1)[1],  # the unseen cards one by one
    "? ? ? ? ? ? ? ? ? ? | " + LINE.split(" | ", 1)[1],
    f"{REMOVED} | 10 | JS | - | 2D KD | - | JC 9S KS | 5D | 7H AD QD | 7C QC",  # anywhere
    f"10 | JS | - | 2D KD | - | {REMOVED} | JC 9S KS | 5D | 7H AD QD | 7C QC",
    LINE.replace("removed: ", "Removed:").replace(" | ", "|"),
    LINE.replace("removed:", "REMOVED :").replace("TS", "10♠").replace("JS", "j♠"),
])
def test_the_forms_of_a_game_under_way(line):
    assert oneline.from_oneline(line) == Position.from_board(BOARD)


def test_a_stock_partly_known_or_empty():
    known = Position.from_board(BOARD.replace("Talon: ?? ??", "Talon: 6C ??"))
    line = oneline.to_oneline(known)
    assert line.startswith("6C ?? ?? ?? ?? ?? ?? ?? ?? ?? | JS | - | 2D KD |")
    assert oneline.from_oneline(line) == known
    assert oneline.to_oneline(known, with_stock=False) == LINE  # hidden: how many it holds
    empty = Position(known.columns, known.waste, (), known.removed + tuple(
        Card.parse(c) for c in MISSING.split()))
    assert oneline.to_oneline(empty).startswith("0 | JS | - | 2D KD |")
    for stock in ("0", "-"):
        assert oneline.from_oneline(f"{stock} | {oneline.to_oneline(empty).split(' | ', 1)[1]}"
                                    ) == empty


def test_a_won_game_has_seven_empty_columns():
    deal = Deal.from_number(1)
    removed = " ".join(str(c) for column in deal.tableau for c in column)
    line = f"16 | {deal.waste} | - | - | - | - | - | - | - | removed: {removed}"
    won = oneline.from_oneline(line)
    assert won.heights == [0] * 7 and won.unknown_slots == 16 and len(won.removed) == 35


def test_an_empty_removed_field_is_a_deals():
    deal = Deal.from_number(5)
    for removed in ("removed:", "removed: -"):
        assert oneline.from_oneline(f"{oneline.to_oneline(deal)} | {removed}") == deal


def _error(line: str) -> oneline.OneLineError:
    with pytest.raises(oneline.OneLineError) as err:
        oneline.parse(line)
    assert "\n" not in str(err.value)
    return err.value


UNDER_WAY = ("a game under way starts with how many cards its stock holds and names the cards "
             "already removed in a removed: field")
RULES_LINE = ("AC | 6C 5S QS TS 6H | 2S KC 4S 2C 8C | TC AH 2D 5D JS | 3D QH AS KD 4C | "
              "JH 3C 7D 8H 9C | TH 4H 7H 7C 8D | 3S 7S 3H 9S 5C")


@pytest.mark.parametrize("line, field, message", [
    # a game under way: each problem named
    (LINE.replace("2D KD", "2D KD JS"), "column 2", "column 2: duplicate card JS (also in the "
     "waste)"),
    (LINE.replace("JC 9S KS", "JC 9S KS 2D"), "column 4", "column 4: duplicate card 2D (also in "
     "column 2)"),
    (LINE.replace("removed: TH", "removed: 5D TH"), "removed", "removed: duplicate card 5D (also "
     "in column 5)"),
    (LINE.replace("removed: TH", "removed: TH TH"), "removed", "removed: duplicate card TH (also "
     "in the removed cards)"),
    ("9C ?? ?? ?? ?? ?? ?? ?? ?? 9C | " + LINE.split(" | ", 1)[1], "stock", "stock: duplicate "
     "card 9C (also in the stock)"),
    (LINE.replace("removed: TH 8H", "removed: TH"), "removed", "11 cards are not in the layout "
     "(6C 8C 9C TC 3D 8D 2H 6H 8H 6S QS) but the stock has only 10 unknown cards (??): name "
     "every card already removed in the removed: field"),
    ("0" + LINE[2:], "removed", f"10 cards are not in the layout ({MISSING}) but the stock has "
     "no unknown card (??): name every card already removed in the removed: field"),
    ("11" + LINE[2:], "stock", "the stock has 11 unknown cards (??) but only 10 cards are not in "
     "the layout"),
    (LINE.replace("removed: TH", "removed: TH 6C 8C 9C TC 3D 8D 2H 6H 6S"), "stock",
     "the stock has 10 unknown cards (??) but only 1 card is not in the layout"),
    ("17" + LINE[2:], "stock", "the stock field counts 17 cards: a stock holds at most 16"),
    ("?? " * 17 + "| " + LINE.split(" | ", 1)[1], "stock", "the stock field has 17 cards, at "
     "most 16 in draw order"),
    (LINE.replace("2D KD", "2D KD AS KS QS 9C"), "column 2", "column 2 has 6 cards, at most 5 "
     "(top to bottom, the free card last)"),
    (LINE.replace("2D KD", "2D ?? KD"), "column 2", "column 2: only stock cards can be unknown "
     "(??)"),
    (LINE.replace("removed: TH", "removed: ?? TH"), "removed", "removed: only stock cards can be "
     "unknown (??)"),
    (LINE.replace("2D KD", "2D - KD"), "column 2", "column 2: - stands for an empty column, "
     "alone"),
    (LINE.replace("2D KD", "2D XD"), "column 2", "column 2: 'XD' is not a card (write cards like "
     "TS, 10S, 10♠)"),
    (LINE.split(" | ", 1)[1], "stock", "a game under way starts with its stock field: how many "
     "cards it holds, as the app shows it (say 10), or its cards in draw order"),
    (f"{LINE} | removed: 6C", "removed", "field 11 of the layout is a second removed: field: name "
     "the removed cards in one"),
    (LINE.replace("removed:", "stock:"), None, "field 10 of the layout has the label 'stock:'; the "
     "one label is removed: (the cards already removed)"),
    (LINE.replace("7C QC | removed:", "7C QC removed:"), None, "field 9 of the layout runs into "
     "the removed: field: write | before removed:"),
    (LINE.replace(" | - | 2D", " | | 2D"), None, "field 3 of the layout is empty (fields are "
     "separated by |; an empty column is written -)"),
    (LINE.replace(" | 7C QC", ""), None, "the layout has 6 columns, expected 7: [stock |] waste "
     "| 7 columns, separated by |"),
    # a deal (no removed cards): 5 cards a column and 16 stock cards, and the way to a game
    # under way named
    (RULES_LINE.replace("6C 5S QS TS 6H", "6C 5S QS TS"), "column 1", "column 1 has 4 cards, "
     f"expected 5 (top to bottom, the free card last); {UNDER_WAY}"),
    (RULES_LINE.replace("6C 5S QS TS 6H", "-"), "column 1", "column 1 has 0 cards, expected 5 "
     f"(top to bottom, the free card last); {UNDER_WAY}"),
    ("10 | " + RULES_LINE, "stock", f"the stock field has 10 cards, expected 16 in draw order; "
     f"{UNDER_WAY}"),
    (RULES_LINE.replace("6C 5S QS TS 6H", "6C 5S QS TS 6H 2H"), "column 1", "column 1 has 6 "
     "cards, expected 5 (top to bottom, the free card last)"),
])
def test_each_problem_is_named(line, field, message):
    err = _error(line)
    assert (str(err), err.field) == (message, field)


# ----- any position, typed any way ---------------------------------------------------------
@st.composite
def positions(draw) -> Position:
    """Any position: 52 cards dealt to the waste, columns of 0-5 cards, a stock of 0-16 (each
    card seen or not) and, under the waste, the rest."""
    cards = [Card.from_index(i) for i in draw(st.permutations(range(52)))]
    heights = draw(st.lists(st.integers(0, 5), min_size=7, max_size=7))
    size = draw(st.integers(0, 16))
    at = iter(cards)
    waste = next(at)
    columns = tuple(tuple(next(at) for _ in range(h)) for h in heights)
    stock = []
    for _ in range(size):
        card = next(at)  # an unseen card is in the stock all the same: it is not removed
        stock.append(card if draw(st.booleans()) else None)
    return Position(columns, waste, tuple(stock), tuple(at))


def _spelled(card: Card, style: int) -> str:
    text = str(card) if style < 2 else card.rank_char + "♣♦♥♠"["CDHS".index(card.suit)]
    if style % 2:
        text = text.lower()
    return text.replace("T", "10", 1) if style == 2 else text


@st.composite
def typed(draw, position: Position) -> str:
    """The position typed as a player might: any spelling of the cards, spaces or none around
    |, the stock as its cards or its count, the removed cards anywhere, the label in any case."""
    def cards(row) -> str:
        return " ".join(_spelled(c, draw(st.integers(0, 3))) for c in row)

    under_way = bool(position.removed)
    stock = [draw(st.sampled_from(["??", "?"])) if c is None else _spelled(
        c, draw(st.integers(0, 3))) for c in position.stock]
    fields = [cards([position.waste]), *(cards(column) or "-" for column in position.columns)]
    if any(c is not None for c in position.stock) or draw(st.booleans()):
        fields.insert(0, " ".join(stock) or draw(st.sampled_from(["0", "-"])))
    elif under_way or draw(st.booleans()):
        fields.insert(0, str(len(position.stock)))
    if under_way:
        label = draw(st.sampled_from(["removed:", "Removed: ", "REMOVED :", " removed:  "]))
        fields.insert(draw(st.integers(0, len(fields))), label + cards(position.removed))
    separator = draw(st.sampled_from([" | ", "|", "  |", "| "]))
    return separator.join(fields)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_position_typed_any_way_reads_back(data):
    position = data.draw(positions())
    line = data.draw(typed(position))
    expected = position if position.removed or position.unknown_slots else Deal.from_position(
        position)
    assert oneline.from_oneline(line) == expected, line


@settings(max_examples=300, deadline=None)
@given(positions(), st.sampled_from([None, True, False]))
def test_any_position_written_reads_back(position, with_stock):
    line = oneline.to_oneline(position, with_stock=with_stock)
    back = oneline.parse(line).position()
    assert back == (position.hidden() if with_stock is False else position), line
    assert Position.from_board(back.to_board()) == back


# ----- on the command line ---------------------------------------------------------------------
def test_commands_take_a_game_under_way(cli):
    assert cli("show", LINE, "--format", "board").out == BOARD
    refused = cli("solve", LINE)
    assert refused.code == 2 and "golfsolve odds" in refused.err
    reached = cli("replay", "1", "d 5 2 d d 1 7", "--format", "board")
    position = Position.from_board(reached.out)
    line = oneline.to_oneline(position)
    assert line.startswith(" ".join(str(c) for c in position.stock) + " | ")
    solved = cli("solve", line, "--json")
    assert solved.code == 0 and json.loads(solved.out)["deal"] == line
    assert cli("show", line, "--format", "board").out == reached.out
    odds = cli("odds", oneline.to_oneline(position, with_stock=False), "--samples", "5",
               "--seed", "1", "--json", "--jobs", "1")
    assert odds.code == 0 and json.loads(odds.out)["rules"] == "easy"
    batch = cli("batch", line, "--rules", "easy", "--jobs", "1", "--quiet")
    assert batch.code == 0 and batch.out.startswith("easy: 1 deal")


@pytest.mark.parametrize("line, message", [
    (LINE.replace("removed: TH 8H", "removed: TH"), "11 cards are not in the layout (6C 8C 9C TC "
     "3D 8D 2H 6H 8H 6S QS) but the stock has only 10 unknown cards (??): name every card "
     "already removed in the removed: field"),
    (LINE.replace("2D KD", "2D KD JS"), "column 2: duplicate card JS (also in the waste)"),
])
def test_a_bad_game_under_way_is_one_line_and_status_2(cli, line, message):
    for command in ("show", "solve", "odds", "batch"):
        result = cli(command, line)
        assert (result.code, result.err) == (2, f"golfsolve: error: {message}\n"), command


def test_show_writes_the_line(cli, tmp_path):
    board = tmp_path / "position.board"
    board.write_text(BOARD, encoding="utf-8")
    shown = cli("show", str(board), "--format", "line")
    assert (shown.code, shown.out, shown.err) == (0, LINE + "\n", "")
    assert cli("show", shown.out.strip(), "--format", "board").out == BOARD
    deal = cli("show", "7", "--format", "line", "--rules", "classic")
    assert deal.out == oneline.to_oneline(Deal.from_number(7)) + "\n"
    assert deal.err == ("golfsolve: note: the one-line layout does not record the rules; read "
                        "this line with --rules classic, or it is taken under easy\n")


def test_a_game_whose_stock_is_empty_is_a_deal_argument_not_options(cli):
    # "- | ..." starts with a dash: the layout still, before, between and after options
    empty = f"- | JS | - | 2D KD | - | JC 9S KS | 5D | 7H AD QD | 7C QC | {REMOVED} {MISSING}"
    board = BOARD.replace("Talon: " + "?? " * 9 + "??", "Talon:").replace(
        "8S 9H TS JD QH\n", f"8S 9H TS JD QH {MISSING}\n")
    for args in (("show", empty, "--format", "board"), ("show", "--format", "board", empty)):
        result = cli(*args)
        assert (result.code, result.out, result.err) == (0, board, ""), args
    solved = cli("solve", empty, "--rules", "classic")
    shortened = "- | JS | ... | 7C QC | removed: TH 8H ... 6S QS"  # the title: the line's ends
    assert solved.code == 0
    assert solved.out.startswith(f"{shortened}, classic rules: cannot be won\n")


def test_a_layout_on_one_line_is_read_from_a_file_and_standard_input(cli, tmp_path):
    typed = tmp_path / "typed.txt"
    typed.write_text(f"  {LINE}\n", encoding="utf-8")
    assert cli("show", str(typed), "--format", "board").out == BOARD
    assert cli("show", "-", "--format", "board", input=LINE + "\n").out == BOARD
    bad = cli("show", "-", input="x | y\n")
    assert (bad.code, bad.err) == (2, "golfsolve: error: stdin: the layout has 1 column, "
                                   "expected 7: [stock |] waste | 7 columns, separated by |\n")
