import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.errors import InputError
from golfsolve.model.cards import FULL_DECK, Card
from golfsolve.model.deal import Deal, DealError
from golfsolve.model.sources import parse_deal, resolve

from .conftest import DATA

PAGE_BOARD = (DATA / "rules-page-deal.board").read_text(encoding="utf-8")


def deal_from_order(cards):
    cards = list(cards)
    return Deal(tuple(tuple(cards[5 * c: 5 * c + 5]) for c in range(7)), cards[35],
                tuple(cards[36:]))


random_deals = st.permutations(FULL_DECK).map(deal_from_order)


def test_reads_the_rules_page_board(page_deal):
    assert page_deal.waste == Card.parse("A♣")
    assert page_deal.stock[0] == Card.parse("8♠")
    assert [c.pretty for c in page_deal.tableau[0]] == ["6♣", "5♠", "Q♠", "10♠", "6♥"]
    assert page_deal.to_board() == PAGE_BOARD


@given(random_deals)
def test_board_round_trip(deal):
    assert Deal.from_board(deal.to_board()) == deal


@given(random_deals)
def test_json_round_trip(deal):
    assert parse_deal(deal.to_json()) == deal


@settings(max_examples=25)
@given(random_deals, st.sampled_from(["pretty", "ten"]))
def test_any_notation_and_synonyms_are_read(deal, style):
    def fmt(card):
        return card.pretty if style == "pretty" else str(card).replace("T", "10").lower()

    text = "Stock: " + " ".join(map(fmt, deal.stock)) + "\nWaste: " + fmt(deal.waste) + "\n"
    text += "".join(": " + " ".join(map(fmt, col)) + "\n" for col in deal.tableau)
    assert Deal.from_board(text) == deal


def replace_line(board, index, new):
    lines = board.splitlines()
    lines[index] = new
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("\n".join(PAGE_BOARD.splitlines()[:-1]) + "\n",
         "the board has 6 column lines, expected 7"),
        (PAGE_BOARD + "2H 3H 4H 5H 6H\n", "the board has 8 column lines, expected 7"),
        (replace_line(PAGE_BOARD, 3, "2S KC 4S 2C"),
         "missing cards: 8C (name the cards under the waste on a Removed: line)"),
        (replace_line(PAGE_BOARD, 3, "2S KC 4S 2C 8C 9C"),
         "line 4: column 2 has 6 cards, at most 5"),
        (replace_line(PAGE_BOARD, 4, "TC AH XD 5D JS"), "line 5, card 3: unknown card 'XD'"),
        (replace_line(PAGE_BOARD, 0, "Talon: 8S KS 5H"),
         "missing cards: JC QC AD 4D 6D 9D TD JD QD 2H 9H KH 6S (name the cards under the waste"),
        (replace_line(PAGE_BOARD, 0, "Talon: 8S KS 5H ?? ??"),
         "13 cards are not on the board (JC QC AD 4D 6D 9D TD JD QD 2H 9H KH 6S) but only 2 "
         "stock cards are unknown"),
        (replace_line(PAGE_BOARD, 1, "Foundations: AC 2C"), "line 2: the waste line has 2 cards"),
        (replace_line(PAGE_BOARD, 1, "Tableau: AC"), "line 2: unknown line label 'tableau'"),
        ("\n".join(PAGE_BOARD.splitlines()[1:]) + "\n", "the board has no stock line"),
        (PAGE_BOARD.replace("Foundations: AC\n", ""), "the board has no waste line"),
        (PAGE_BOARD.replace("6C 5S QS TS 6H", "6C 5S QS TS 8S"),
         "duplicate cards: 8S; missing cards: 6H"),
        ("", "the deal is empty"),
        ("{not json", "invalid JSON"),
        ('{"stock": [], "waste": "AC"}', "the JSON deal has no 'tableau'"),
        ('{"stock": ["8S"], "waste": "AC", "tableau": []}', "the tableau has 0 columns"),
        ('{"stock": 5, "waste": "AC", "tableau": []}', "stock, tableau and removed must be lists"),
    ],
)
def test_invalid_boards_name_the_problem(board, message):
    with pytest.raises(DealError) as info:
        parse_deal(board)
    assert message in str(info.value)


def test_json_deal_with_an_unknown_card(page_deal):
    data = page_deal.to_dict()
    data["tableau"][2][1] = "1H"
    with pytest.raises(DealError, match="JSON deal, tableau column 3: unknown card '1H'"):
        Deal.from_dict(json.loads(json.dumps(data)))


def test_resolve_code_number_path_and_stdin(tmp_path, monkeypatch):
    by_code = resolve("GO1-C-AAAAAAC")
    assert (by_code.number, by_code.code_rules.name) == (2, "classic")
    by_number = resolve("2")
    assert by_number.position == by_code.position and by_number.code_rules is None
    path = tmp_path / "deal.board"
    path.write_text(by_code.position.to_board())
    assert resolve(str(path)).position == by_code.position
    import io
    import sys
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(by_code.position.to_dict())))
    assert resolve("-").position == by_code.position


@pytest.mark.parametrize(
    ("arg", "message"),
    [("0", "deal number 0 is out of range"),
     ("100000000000000000000", "deal number 100000000000000000000 is out of range"),
     ("missing.board", "no such file: missing.board"),
     ("GO1-Q-AAAAAAB", "unknown rules letter 'Q'")],
)
def test_resolve_refuses_bad_sources(arg, message):
    with pytest.raises(InputError, match=message):
        resolve(arg)
