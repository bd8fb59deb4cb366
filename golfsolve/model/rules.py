"""Rule sets: the one place that knows which rank may go on which waste rank, and when a card
may be drawn.

Everything else (the game model, the numba search, the reference search in the tests) asks
:meth:`Rules.fits` or the table :meth:`Rules.fits_table` built from it, and
:meth:`Rules.may_draw` or the kernels' code :attr:`Rules.draw_rule` for the draw rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from golfsolve.checks import flag, text, wrong
from golfsolve.errors import InputError
from golfsolve.model.cards import ACE, KING
from golfsolve.model.text import ascii_lower, shown

if TYPE_CHECKING:  # numpy is loaded by what solves, not by every command
    import numpy as np


class RulesError(InputError):
    """An unknown rule set name."""


# The draw rules, as the kernels receive them (golfsolve.kernels.strict reads these codes).
DRAW_ANY_TIME = 0  # a draw whenever the stock is not empty (the app's rules)
DRAW_WHEN_STUCK = 1  # only when no free card fits, and then it is forced (traditional strict)


@dataclass(frozen=True)
class Rules:
    name: str  # "easy", "classic", "dead-king", "strict"
    wrap: bool  # King and Ace are consecutive
    dead_king: bool  # nothing may be played on a King
    letter: str | None  # the game-code letter, None where codes have none
    draw_any_time: bool = True  # False: a card may be drawn only when no free card fits

    def __post_init__(self) -> None:
        text(self.name, "name")
        for name in ("wrap", "dead_king", "draw_any_time"):
            flag(getattr(self, name), name)
        if self.letter is not None:
            text(self.letter, "letter")

    def may_draw(self, something_fits: bool) -> bool:
        """May a card be drawn (the stock not empty) when ``something_fits`` (some free card
        fits the waste)?"""
        return self.draw_any_time or not something_fits

    @property
    def draw_rule(self) -> int:
        """The draw rule as the kernels take it: DRAW_ANY_TIME or DRAW_WHEN_STUCK."""
        return DRAW_ANY_TIME if self.draw_any_time else DRAW_WHEN_STUCK

    def fits(self, waste_rank: int, card_rank: int) -> bool:
        """May a card of ``card_rank`` go onto a waste card of ``waste_rank``?"""
        if self.dead_king and waste_rank == KING:
            return False
        if abs(waste_rank - card_rank) == 1:
            return True
        return self.wrap and {waste_rank, card_rank} == {ACE, KING}

    @cached_property
    def _table(self) -> np.ndarray:
        import numpy as np

        table = np.zeros((14, 14), dtype=np.bool_)
        for waste in range(1, 14):
            for card in range(1, 14):
                table[waste, card] = self.fits(waste, card)
        table.setflags(write=False)
        return table

    @cached_property
    def fitting(self) -> frozenset[tuple[int, int]]:
        """Every (waste rank, card rank) where the card fits: :meth:`fits` as a set, for
        loops that ask it at every step."""
        return frozenset((waste, card) for waste in range(1, 14) for card in range(1, 14)
                         if self.fits(waste, card))

    def fits_table(self) -> np.ndarray:
        """14x14 read-only bool array: ``[waste_rank, card_rank]`` (index 0 unused). A card
        fits on at most two waste ranks (one below, one above), which the exact search's
        tables rely on."""
        return self._table

    def __str__(self) -> str:
        return self.name


EASY = Rules("easy", wrap=True, dead_king=False, letter="E")
CLASSIC = Rules("classic", wrap=False, dead_king=False, letter="C")
DEAD_KING = Rules("dead-king", wrap=False, dead_king=True, letter=None)
# The traditional rules of the rules pages: dead-king's table, and a draw only when stuck.
STRICT = Rules("strict", wrap=False, dead_king=True, letter=None, draw_any_time=False)

ALL_RULES: tuple[Rules, ...] = (EASY, CLASSIC, DEAD_KING, STRICT)
RULES_BY_NAME = {r.name: r for r in ALL_RULES}
# From the most permissive to the strictest: a deal won under a later one is won under an
# earlier one (a strict play is a dead-king play, a dead-king play a Classic one, and so on).
STRICTNESS_ORDER = (EASY, CLASSIC, DEAD_KING, STRICT)


def rules_by_name(name: str) -> Rules:
    """The rule set ``name`` spells, in letters A-Z or a-z (RulesError for anything else, the
    name shown)."""
    if not text(name, "rules").strip():
        raise RulesError("no rules given (expected easy, classic, dead-king or strict)")
    word = ascii_lower(name.strip())
    try:
        return RULES_BY_NAME[word]
    except KeyError:
        known = ", ".join(RULES_BY_NAME)
        if word == "all" or "," in name:
            raise RulesError(f"{shown(name.strip())} names more than one rule set: this "
                             f"command takes one of {known}") from None
        raise RulesError(f"unknown rules {shown(name)} (expected one of: {known})") from None


def as_rules(value: object, name: str = "rules") -> Rules:
    """``value``, a Rules or the name of one (RulesError for a name that names none; a
    TypeError, naming the argument ``name``, for anything else)."""
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        return rules_by_name(value)
    raise wrong(name, "a Rules or a rule set's name (easy, classic, dead-king, strict)", value)


def chosen_rules(value: object, named: Rules | None) -> Rules:
    """The rules asked for (``value``, as :func:`as_rules` takes it), else (None) the rules
    the deal's text ``named``, else Easy: as the command line and the library choose them."""
    if value is None:
        return named or EASY
    return as_rules(value)


def parse_rules_list(text: str) -> tuple[Rules, ...]:
    """``"easy,classic"`` or ``"all"`` -> rule sets in a fixed order, without repeats."""
    names = [part for part in text.split(",") if part.strip()]
    if not names:
        raise RulesError("no rules given (expected easy, classic, dead-king, strict or all)")
    if any(ascii_lower(part.strip()) == "all" for part in names):
        return ALL_RULES  # (all, with more named beside it, is still all)
    chosen = set()
    for part in names:
        word = ascii_lower(part.strip())
        if word not in RULES_BY_NAME:
            raise RulesError(f"unknown rules {shown(part)} (expected {', '.join(RULES_BY_NAME)}, "
                             "a comma list of them, or all)")
        chosen.add(RULES_BY_NAME[word])
    return tuple(r for r in ALL_RULES if r in chosen)
