import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from golfsolve.model.codes import MAX_NUMBER, CodeError, GameCode
from golfsolve.model.deal import Deal
from golfsolve.model.rules import CLASSIC, EASY


def test_letters_are_base_26_from_a():
    assert GameCode.parse("GO1-E-AAAAAAB") == GameCode(EASY, 1)
    assert GameCode.parse("GO1-C-AAAAABA") == GameCode(CLASSIC, 26)
    assert GameCode.parse("GO1-E-ZZZZZZZ").number == 26**7 - 1 == MAX_NUMBER
    assert str(GameCode(CLASSIC, 27)) == "GO1-C-AAAAABB"


def test_legacy_n_reads_as_easy_and_is_written_as_e():
    code = GameCode.parse("GO1-N-AAAAAAB")
    assert code.rules is EASY
    assert str(code) == "GO1-E-AAAAAAB"


def test_case_and_surrounding_spaces_are_ignored():
    assert GameCode.parse("  go1-c-aaaaaab \n") == GameCode(CLASSIC, 1)


@given(st.integers(min_value=1, max_value=MAX_NUMBER), st.sampled_from([EASY, CLASSIC]))
def test_round_trip_code_and_number(number, rules):
    code = GameCode(rules, number)
    assert GameCode.parse(str(code)) == code
    assert GameCode.parse(str(code).lower()) == code


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("GO1-X-AAAAAAB", "unknown rules letter 'X'"),
        ("GO1-D-AAAAAAB", "unknown rules letter 'D'"),
        ("GO2-E-AAAAAAB", "does not start with GO1"),
        ("GO1-E-AAAAAB", "needs 7 deal letters A-Z, not 6"),
        ("GO1-E-AAAAAAAB", "needs 7 deal letters A-Z, not 8"),
        ("GO1-E-AAAAAA1", "malformed game code"),
        ("GO1-E-AAAÄAAB", "malformed game code"),
        ("GO1EAAAAAAB", "malformed game code"),
        ("", "malformed game code"),
        ("GO1-E-AAAAAAA", "names deal 0, which does not exist"),
    ],
)
def test_malformed_codes_say_what_is_wrong(text, message):
    with pytest.raises(CodeError, match=message):
        GameCode.parse(text)


@pytest.mark.parametrize("number", range(1, 21))
def test_codes_deal_pysolfc_golf_deals(number):
    letters = "AAAAAA" + chr(ord("A") + number)
    deal = Deal.from_number(GameCode.parse(f"GO1-E-{letters}").number)
    expected = PysolGame("golf", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(
        CardRenderer(True))
    assert deal.to_board() == expected


def test_deal_one_is_the_known_board():
    deal = Deal.from_number(1)
    assert " ".join(map(str, deal.stock)) == "8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"
    assert str(deal.waste) == "TH"
    assert " ".join(map(str, deal.tableau[0])) == "JD 5H KH AS 4H"
    assert " ".join(map(str, deal.tableau[6])) == "7C QC JS QH 4S"
