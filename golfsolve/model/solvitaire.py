"""Solvitaire's seeded Golf deals: ``solvitaire:N``, the deal ``solvitaire --type golf
--random N`` plays (and ``--deal-only`` prints), N from 0 to 2**31 - 1, and the pure-Python
reference dealer the compiled one (:mod:`golfsolve.kernels.solvitaire`) is tested against.

How Solvitaire deals (thecharlieblake/Solvitaire, ``src/main/game/search-state/``):

* ``game_state(rules, int seed, ...)`` makes ``std::mt19937(seed)``: the Mersenne Twister
  seeded with ``init_genrand(seed)`` (``mt[0] = seed``, ``mt[i] = 1812433253 * (mt[i-1] ^
  (mt[i-1] >> 30)) + i``), not CPython's ``init_by_array``. The seed is a C ``int``: 0 to
  2**31 - 1.
* ``gen_shuffled_deck`` builds the deck rank by rank (1..13), each rank in Solvitaire's suits
  0..3, which are clubs, hearts, spades, diamonds (``card.cpp``): deck position p holds rank
  p // 4 + 1 of suit p % 4.
* ``shuffle`` swaps ``deck[i]`` and ``deck[D(g, param_t(0, i))]`` for i = 51 down to 1, D being
  ``boost::random::uniform_int_distribution``: Boost's ``generate_uniform_int`` for a 32-bit
  engine (range 2**32 - 1, the type's maximum) and a range 0..i takes ``bucket = (2**32 - 1)
  // (i + 1)``, one more when ``(2**32 - 1) % (i + 1) == i`` (so ``2**32 // (i + 1)`` in
  all), draws ``r = engine() // bucket`` and draws again while ``r > i``. Boost's algorithm is
  the same on every platform, unlike ``std::uniform_int_distribution``.
* Golf's preset (``sol_preset_types.cpp``: a hole with a random base card, a stock of 16, 7
  tableau piles, no foundations) deals the deck's front card to the hole (golfsolve's waste),
  then 16 cards from the back to the stock, then the rest from the back round the 7 piles,
  row by row. A pile's first card placed is its bottom (golfsolve's top of a column); the
  stock's last card placed is its top, the first drawn.
* Solvitaire keeps its tableau piles in order (``game_state.pile_order.cpp``: pile symmetry,
  ``eval_pile_order`` at each card placed), largest first: by size, then by their cards from
  the bottom up, compared by rank and then suit in the order above. That order is the deal's
  as Solvitaire prints and reads it (``--deal-only``, its JSON deals), and golfsolve's columns
  are in it, left to right.

Solvitaire's Golf is golfsolve's Classic (no wrap, a queen on a king, a draw at any time), so
``solvitaire:N`` takes Classic rules unless told otherwise.
"""

from __future__ import annotations

import re

from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.position import PositionError
from golfsolve.model.text import shown

SEED_MAX = 2**31 - 1  # a C int: Solvitaire's largest seed
PREFIX = "solvitaire:"  # how golfsolve writes a seed: solvitaire:N
_SOLVITAIRE = re.compile(r"solvitaire:(.*)\Z", re.IGNORECASE | re.DOTALL | re.ASCII)
_RANGE = re.compile(r"solvitaire:\s*([0-9]+)\s*-\s*([0-9]+)\Z", re.IGNORECASE | re.ASCII)
SUITS = "CHSD"  # Solvitaire's suits 0..3 (card.cpp), as golfsolve writes them

_M32 = 0xFFFFFFFF
_N = 624
_M = 397


class SolvitaireError(PositionError):
    """A ``solvitaire:`` argument that names no Solvitaire deal."""


# ----- the words -----------------------------------------------------------------------------
def looks_like_solvitaire(text: str) -> bool:
    """``solvitaire:`` and anything (which ``parse_solvitaire`` then checks), in any case."""
    return _SOLVITAIRE.match(text.strip()) is not None


def parse_solvitaire(text: str) -> int:
    """``solvitaire:N`` -> N, 0 <= N <= 2**31 - 1, N in the digits 0-9 (SolvitaireError, one
    line, otherwise)."""
    spec = text.strip()
    match = _SOLVITAIRE.match(spec)
    if not match:
        raise SolvitaireError(f"{shown(spec)} is not a Solvitaire deal: write solvitaire: and "
                              "its seed, like solvitaire:7")
    return seed_value(match.group(1).strip(), spec)


def seed_value(digits: str, spec: str) -> int:
    """The seed ``digits`` writes, checked; ``spec`` is the argument that holds them, as its
    errors name it."""
    if not re.fullmatch(r"[0-9]+", digits, re.ASCII):
        raise SolvitaireError(f"{shown(spec)} names no Solvitaire deal: write solvitaire: and "
                              f"a seed from 0 to {SEED_MAX} in the digits 0-9")
    significant = digits.lstrip("0")
    if len(significant) > len(str(SEED_MAX)) or int(significant or "0") > SEED_MAX:
        brief = spec if len(spec) <= 30 else f"{spec[:18]}... ({len(digits)} digits)"
        raise SolvitaireError(out_of_range(brief))  # (digits: nothing to escape)
    return int(significant or "0")


def out_of_range(what: str) -> str:
    return f"Solvitaire deal {what} is out of range (solvitaire:0 to solvitaire:{SEED_MAX})"


def parse_range(text: str) -> tuple[int, int] | None:
    """``solvitaire:A-B`` -> (A, B), each checked (not their order); None for text of another
    shape."""
    spec = text.strip()
    match = _RANGE.match(spec)
    if not match:
        return None
    return seed_value(match.group(1), spec), seed_value(match.group(2), spec)


def check_seed(seed: int) -> int:
    if not 0 <= seed <= SEED_MAX:
        raise SolvitaireError(out_of_range(f"{PREFIX}{seed}"))
    return seed


def label(seed: int) -> str:
    """How golfsolve names the deal: ``solvitaire:N``, N without leading zeros."""
    return f"{PREFIX}{seed}"


# ----- dealing -------------------------------------------------------------------------------
class MersenneTwister:
    """``std::mt19937(seed)``: 32-bit outputs, seeded by ``init_genrand``."""

    def __init__(self, seed: int) -> None:
        mt = [seed & _M32]
        for i in range(1, _N):
            prev = mt[-1]
            mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _M32)
        self.mt = mt
        self.index = _N
        self.drawn = 0  # outputs given so far

    def __call__(self) -> int:
        if self.index >= _N:
            mt = self.mt
            for k in range(_N):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
                mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        self.drawn += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)


def uniform(engine: MersenneTwister, top: int) -> int:
    """Boost's ``uniform_int_distribution(0, top)`` over a 32-bit engine, 0 <= top < 2**32 - 1:
    bucket division, drawing again past ``top``."""
    if top == 0:
        return 0
    bucket = _M32 // (top + 1)
    if _M32 % (top + 1) == top:
        bucket += 1
    while True:
        result = engine() // bucket
        if result <= top:
            return result


def shuffled(seed: int) -> tuple[list[int], int]:
    """Solvitaire's deck for ``seed`` after its shuffle, as deck positions (p: rank p // 4 + 1
    of Solvitaire's suit p % 4), and how many outputs of the engine the shuffle took."""
    check_seed(seed)
    engine = MersenneTwister(seed)
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = uniform(engine, i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck, engine.drawn


def card(position: int) -> Card:
    """The card at deck position ``position`` of Solvitaire's unshuffled deck."""
    return Card.parse("A23456789TJQK"[position // 4] + SUITS[position % 4])


def layout(seed: int) -> tuple[tuple[tuple[Card, ...], ...], Card, tuple[Card, ...]]:
    """Solvitaire's Golf deal ``seed`` as (tableau, waste, stock): the 7 columns in
    Solvitaire's pile order, each top to bottom (the last card free), the waste card (the
    hole), the 16 stock cards in draw order; ``Deal(*layout(n))`` is the project's deal."""
    deck = shuffled(seed)[0]
    waste = deck[0]
    stock = deck[36:52]  # placed from the back: deck[36], placed last, is drawn first
    piles = [[deck[35 - 7 * row - pile] for row in range(5)] for pile in range(7)]
    piles.sort(reverse=True)  # pile order: positions compare as Solvitaire's cards do
    return (tuple(tuple(card(p) for p in pile) for pile in piles), card(waste),
            tuple(card(p) for p in stock))


def indices(seed: int) -> list[int]:
    """The deal as 52 card indices in board order (stock, waste, columns), as the compiled
    dealer's rows."""
    tableau, waste, stock = layout(seed)
    return [c.index for c in (*stock, waste, *(c for col in tableau for c in col))]


def deal(seed: int) -> Deal:
    """Solvitaire's Golf deal ``seed`` as a golfsolve ``Deal``."""
    return Deal(*layout(seed))
