"""Cards: values, parsing of every common notation, and formatting.

A card prints as ``TS`` in files (``str(card)``) and as ``10♠`` for people (``card.pretty``).
``Card.parse`` accepts ``TS``, ``10S``, ``10♠``, ``T♠``, ``ts`` and the other suit symbols.
"""

from __future__ import annotations

from dataclasses import dataclass

from golfsolve.checks import text, whole
from golfsolve.errors import InputError
from golfsolve.model.text import ascii_upper, shown

RANK_CHARS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_TO_SUIT = {
    "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
    "❤": "H",  # with U+FE0F, the red heart a phone's emoji keyboard offers first
}
_RANK_TOKENS = {ch: i + 1 for i, ch in enumerate(RANK_CHARS)}
_RANK_TOKENS["10"] = 10

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
_suit_symbols = [True]  # False where the output cannot show ♠♥♦♣: cards print as TS


def use_suit_symbols(on: bool) -> None:
    """Print cards for people with suit symbols (``10♠``) or, where the output cannot encode
    them, in the file form (``TS``)."""
    _suit_symbols[0] = on


def written_like() -> str:
    """How cards may be typed, as an example for a message: ``TS, 10S, 10♠`` (``TS, 10S, ts``
    where the output cannot show suit symbols)."""
    return "TS, 10S, 10♠" if _suit_symbols[0] else "TS, 10S, ts"


def typed_like() -> str:
    """Cards as a player types them, as an example for the game's messages: ``7H, 10H, 10♥``
    (``7H, 10H`` where the output cannot show suit symbols, which would print 10♥ as 10H)."""
    return "7H, 10H, 10♥" if _suit_symbols[0] else "7H, 10H"


def rank_of(token: str) -> int | None:
    """The rank (1-13) a rank written alone names (``10``, ``q``), as a card's rank is read;
    None where ``token`` is no rank."""
    return _RANK_TOKENS.get(ascii_upper(token))


def is_rank(token: str) -> bool:
    """Whether ``token`` is a rank written alone (``10``, ``q``), as a card's rank is read."""
    return rank_of(token) is not None


def is_suit(token: str) -> bool:
    """Whether ``token`` is a suit written alone (``D``, ``♦``, ``♦️``), as a card's suit is
    read."""
    token = as_typed(token)
    return token in _SYMBOL_TO_SUIT or (len(token) == 1 and ascii_upper(token) in SUITS)


def as_typed(token: str) -> str:
    """``token`` without the variation selectors an emoji keyboard puts after a suit symbol
    (``♥️`` is ``♥`` and U+FE0F): what the card reads as, and what a message shows."""
    return token.replace("\ufe0f", "").replace("\ufe0e", "")


def ace_meant(token: str) -> str | None:
    """The ace ``token`` means where it writes one as 1 (``1D`` -> ``AD``, ``1♦`` -> ``A♦``),
    for a message to say an ace is A; None for any other token."""
    given = as_typed(token).strip()
    if len(given) == 2 and given[0] == "1" and (
            ascii_upper(given[1]) in SUITS or given[1] in _SYMBOL_TO_SUIT):
        return "A" + ascii_upper(given[1])
    return None


class CardError(InputError):
    """A token that is not a card."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    rank: int  # 1 (ace) .. 13 (king)
    suit: str  # one of "CDHS"

    def __post_init__(self) -> None:
        whole(self.rank, "rank")
        text(self.suit, "suit")
        if not (1 <= self.rank <= 13) or self.suit not in SUITS:
            raise CardError(f"not a card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """A card written in one of the notations above, its letters A-Z or a-z, a suit symbol
        with or without the variation selector an emoji keyboard adds (CardError for anything
        else, the token shown)."""
        given = as_typed(text(token, "token")).strip()
        if len(given) < 2:
            raise CardError(f"unknown card {shown(as_typed(token))}")
        rank_part, suit_part = ascii_upper(given[:-1]), given[-1]
        suit = _SYMBOL_TO_SUIT.get(suit_part, ascii_upper(suit_part))
        if rank_part not in _RANK_TOKENS or suit not in SUITS:
            raise CardError(f"unknown card {shown(as_typed(token))}")
        return cls(_RANK_TOKENS[rank_part], suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card of slot ``index`` (0..51) of a full deck, suit-major."""
        whole(index, "index", 0, 51)
        return cls(index % 13 + 1, SUITS[index // 13])

    @property
    def index(self) -> int:
        """0..51, suit-major: the card's slot in a full deck."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    @property
    def rank_char(self) -> str:
        return RANK_CHARS[self.rank - 1]

    @property
    def pretty(self) -> str:
        """The way people write it: ``10♠``, ``A♣`` (``TS``, ``AC`` without suit symbols)."""
        if not _suit_symbols[0]:
            return str(self)
        rank = "10" if self.rank == 10 else self.rank_char
        return rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.rank_char + self.suit


FULL_DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))
