"""Game codes: ``GO1-E-AAAAAAB`` <-> (rules, deal number).

The seven letters are a base-26 number, A = 0, most significant first (AAAAAAB = 1). Number 0
is not a deal. The middle letter is E (Easy), C (Classic) or the legacy N (read as Easy, written
back as E).

Deal numbers are PySolFC's game numbers, 1 to MAX_DEAL = 10**20 - 1 (PySolFC draws new games
from [10**16, 10**20)); codes write the numbers to MAX_CODE = 26**7 - 1 only, so a larger deal
has no game code (``has_code``): records carry ``code: null`` and titles say so.

A program that wants to know when what its user typed was read as a game code (the command
line notes that codes name PySolFC's deals, not the Golf app's) listens (``listening``); the
readers of deal arguments tell it (``code_read``). The library itself says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from golfsolve.checks import instance, whole
from golfsolve.checks import text as _text
from golfsolve.errors import InputError
from golfsolve.model.rules import CLASSIC, EASY, Rules
from golfsolve.model.text import ascii_upper, shown

PREFIX = "GO1"
LETTERS = 7
MAX_CODE = 26**LETTERS - 1  # the largest number a game code writes: GO1-?-ZZZZZZZ
MAX_NUMBER = MAX_CODE  # (its older name: play's new deals are drawn from 1..MAX_NUMBER)
MAX_DEAL = 10**20 - 1  # the largest deal number taken: PySolFC's 20 digits
_RULE_LETTERS = {"E": EASY, "N": EASY, "C": CLASSIC}
_SHAPE = re.compile(r"^([A-Z0-9]+)-([A-Z]+)-([A-Z]*)$")
_LOOKS_LIKE_CODE = re.compile(r"^GO[0-9]-")
DEAL_NUMBER = re.compile(r"^[0-9]+$")  # ASCII digits only: int() takes others, people do not
RANGE_LIKE = re.compile(r"^[0-9][0-9\s,.-]*$")  # numbers or a range, as a person writes them
NEGATIVE_NUMBER = re.compile(r"^-[0-9]+$")


class CodeError(InputError):
    """A malformed game code or deal number."""


def has_code(number: int) -> bool:
    """Whether a deal number has a game code (1..MAX_CODE)."""
    return 1 <= number <= MAX_CODE


def check_code_number(number: int) -> int:
    if not has_code(number):
        if 1 <= number <= MAX_DEAL:
            raise CodeError(f"deal {number} has no game code: codes stop at {MAX_CODE} "
                            f"({PREFIX}-E-ZZZZZZZ)")
        raise CodeError(out_of_range(str(number)))
    return number


def number_to_letters(number: int) -> str:
    check_code_number(number)
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def letters_to_number(letters: str) -> int:
    number = 0
    for ch in letters:
        number = number * 26 + (ord(ch) - ord("A"))
    return number


def digits_value(digits: str) -> int:
    """The number a string of ASCII digits writes. One with more digits than any deal number
    is refused (CodeError) before it is converted: Python will not convert very long ones."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_DEAL)):
        shown = digits if len(digits) <= 24 else f"{digits[:12]}... ({len(digits)} digits)"
        raise CodeError(out_of_range(shown))
    return int(significant or "0")


def check_number(number: int) -> int:
    if not 1 <= number <= MAX_DEAL:
        raise CodeError(out_of_range(str(number)))
    return number


def out_of_range(number: str) -> str:
    """What is wrong with a deal number outside 1..MAX_DEAL (a minus sign and digits too)."""
    return f"deal number {number} is out of range (1 to {MAX_DEAL})"


def reversed_range(spec: str, first: int | str, last: int | str) -> str:
    """What is wrong with a range of deals ``spec`` whose last deal comes before its first
    (each end as a number, or as ``spec`` names it)."""
    return f"the range {spec} is reversed: {last} comes before {first}"


@dataclass(frozen=True)
class GameCode:
    rules: Rules
    number: int

    def __post_init__(self) -> None:
        instance(self.rules, Rules, "rules", "a Rules")
        whole(self.number, "number")
        if self.rules.letter is None:
            raise CodeError(f"{self.rules.name} rules have no game-code letter")
        check_code_number(self.number)

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """``GO1-E-AAAAAAB``, its letters A-Z or a-z (CodeError for anything else, the text
        shown)."""
        code = ascii_upper(_text(text, "text").strip())
        given = shown(text.strip())
        match = _SHAPE.match(code)
        if not match:
            raise CodeError(f"malformed game code {given} (expected like GO1-E-AAAAAAB)")
        prefix, letter, letters = match.groups()
        if prefix != PREFIX:
            raise CodeError(f"game code {given} does not start with {PREFIX}")
        if letter not in _RULE_LETTERS:
            raise CodeError(
                f"unknown rules letter {letter!r} in game code {given} "
                "(expected E, C or N)"
            )
        if len(letters) != LETTERS:
            raise CodeError(
                f"game code {given} needs {LETTERS} deal letters A-Z, not {len(letters)}"
            )
        number = letters_to_number(letters)
        if number == 0:
            raise CodeError(f"game code {given} names deal 0, which does not exist")
        return cls(_RULE_LETTERS[letter], number)

    @staticmethod
    def looks_like_code(text: str) -> bool:
        """Shaped like a game code (``GO`` and a digit, then a dash), right or wrong inside."""
        return _LOOKS_LIKE_CODE.match(ascii_upper(_text(text, "text").strip())) is not None

    @property
    def letters(self) -> str:
        return number_to_letters(self.number)

    def __str__(self) -> str:
        return f"{PREFIX}-{self.rules.letter}-{self.letters}"


# ----- codes read from what a user typed -----------------------------------------------------
CodeListener = Callable[[str, int, int], None]
_LISTENERS: list[CodeListener] = []


@contextmanager
def listening(listener: CodeListener) -> Iterator[None]:
    """While the block runs, ``listener(given, first, last)`` is called each time a deal
    argument is read as a game code: ``given`` as typed, naming deals ``first`` to ``last``
    (one deal: first == last; a range of codes: its ends). A code in a file is not told."""
    _LISTENERS.append(listener)
    try:
        yield
    finally:
        _LISTENERS.remove(listener)


def code_read(given: str, first: int, last: int | None = None) -> None:
    """Tell the listeners that the argument ``given`` was read as the game code of deal
    ``first`` (or a range of codes, deals ``first`` to ``last``)."""
    for listener in list(_LISTENERS):
        listener(given.strip(), first, first if last is None else last)
