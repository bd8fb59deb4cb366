import pytest

from golfsolve.model.cards import FULL_DECK, Card, CardError


@pytest.mark.parametrize("token", ["TS", "10S", "10♠", "T♠", "ts", "t♠", "10s", "Ts", " TS "])
def test_every_notation_of_ten_of_spades(token):
    card = Card.parse(token)
    assert card == Card(10, "S")
    assert str(card) == "TS"
    assert card.pretty == "10♠"


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [("AC", 1, "C"), ("a♣", 1, "C"), ("2D", 2, "D"), ("9♦", 9, "D"), ("JH", 11, "H"),
     ("q♥", 12, "H"), ("K♠", 13, "S"), ("K♤", 13, "S"), ("7♡", 7, "H"), ("3♧", 3, "C"),
     ("5♢", 5, "D"), ("2♣\ufe0f", 2, "C"), ("10♥\ufe0f", 10, "H"), ("q♦\ufe0e", 12, "D"),
     ("9❤\ufe0f", 9, "H"), ("J❤", 11, "H")],
)
def test_ranks_and_suits(token, rank, suit):
    assert Card.parse(token) == Card(rank, suit)


@pytest.mark.parametrize("token", ["", "X", "1S", "11S", "ZS", "TX", "10", "♠", "TSS", "0S",
                                   "♠\ufe0f", "\ufe0f\ufe0f"])
def test_unknown_tokens_are_refused(token):
    with pytest.raises(CardError, match="unknown card"):
        Card.parse(token)


def test_full_deck_round_trips_in_both_notations():
    assert len(set(FULL_DECK)) == 52
    for card in FULL_DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.pretty) == card
        assert Card.from_index(card.index) == card
