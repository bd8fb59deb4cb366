"""PySolFC's numbering: what its game numbers and its Microsoft-numbered deals ``msN`` deal, and
the pure-Python reference dealer (pysol_cards' pieces, with the generator PySolFC's
application picks) that ``Deal.from_number`` uses and the compiled dealer is tested against.

PySolFC's application (``construct_random`` in ``pysollib/pysolrandom.py``):

* a bare game number N below 32000 is Microsoft's LCG ``LCRandom31`` seeded with N; from 32000
  on (32000 included) the Mersenne Twister of ``random.Random(N)``. pysol_cards 0.24 deals 32000
  itself with the LCG (``ms = game_num <= 32000``); golfsolve follows the application.
* ``msN`` is the LCG seeded with N whatever N is, 1 <= N <= 2**33 - 1 (``LCRandom31.MAX_SEED``;
  its ``setSeed`` refuses 0).
* New games are drawn from [10**16, 10**20) (``Game.createRandom``), so the numbers players see
  have 17-20 digits; golfsolve takes every number to 10**20 - 1 (``codes.MAX_DEAL``).
* Its window shows the number after ``# `` (``Game.getGameNumber``: ``# 12345``); ``#`` and
  the number, with or without the space, are read as the number (``shown_number``).
"""

from __future__ import annotations

import re

from golfsolve.model.codes import CodeError, check_number
from golfsolve.model.text import shown

LCG_BELOW = 32000  # game numbers below this use the LCG, the rest the Twister
MS_MAX = 2**33 - 1  # LCRandom31.MAX_SEED: the largest msN
_MS = re.compile(r"ms([0-9]*)\Z", re.IGNORECASE | re.ASCII)  # ASCII: no ſ for s
SHOWN_MARK = "#"  # what PySolFC's window writes before a game number
_SHOWN = re.compile(r"#\s*((?:ms)?[0-9]+)\Z", re.IGNORECASE | re.ASCII)


def shown_number(text: str) -> str | None:
    """A game number as PySolFC's window shows it, ``# 12345`` or ``#12345`` (``# ms123`` for
    a Microsoft-numbered deal), as golfsolve reads it: ``12345`` (``ms123``), unchecked; None
    for any other text."""
    match = _SHOWN.match(text.strip())
    return match.group(1) if match else None


def not_shown_number(text: str) -> str:
    """What is wrong with text that starts with # and is no game number (nor a file)."""
    return (f"{shown(text.strip())} is not a game number: PySolFC shows one as # and the digits "
            "0-9, like # 12345")


def looks_like_ms(text: str) -> bool:
    """``ms`` and digits, or ``ms`` alone (which names no deal, and is told so)."""
    return _MS.match(text.strip()) is not None


def parse_ms(text: str) -> int:
    """``msN`` -> N, 1 <= N <= 2**33 - 1 (CodeError otherwise, one line)."""
    spec = text.strip()
    match = _MS.match(spec)
    if not match or not match.group(1):
        raise CodeError(f"{shown(spec)} names no Microsoft deal: write ms and its number, like "
                        "ms123")
    digits = match.group(1).lstrip("0")
    if len(digits) > len(str(MS_MAX)) or not 1 <= int(digits or "0") <= MS_MAX:
        brief = spec if len(spec) <= 24 else f"{spec[:14]}... ({len(match.group(1))} digits)"
        raise CodeError(ms_out_of_range(brief))
    return int(digits)


def ms_out_of_range(shown: str) -> str:
    return f"Microsoft deal {shown} is out of range (ms1 to ms{MS_MAX})"


def check_ms(number: int) -> int:
    if not 1 <= number <= MS_MAX:
        raise CodeError(ms_out_of_range(f"ms{number}"))
    return number


def reference_board(number: int, ms: bool = False) -> str:
    """PySolFC's Golf deal ``number`` (with ``ms``, msN) as pysol_cards' board text, dealt with
    the generator PySolFC's application picks."""
    from pysol_cards.cards import CardRenderer, createCards, ms_rearrange
    from pysol_cards.deal_game import Game
    from pysol_cards.random import LCRandom31, MTRandom
    from pysol_cards.random_base import RandomBase

    check_ms(number) if ms else check_number(number)
    lcg = ms or number < LCG_BELOW
    rng = LCRandom31() if lcg else MTRandom()
    rng.setSeed(number)
    cards = rng.shuffle(ms_rearrange(createCards(1)) if lcg else createCards(1))
    cards.reverse()  # as Game.deal
    game = Game("golf", number, RandomBase.DEALS_PYSOLFC)
    game.new_cards(cards)
    game.golf()
    return game.board.calc_string(CardRenderer(True))
