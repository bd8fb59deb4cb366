"""What a census covers: one contiguous range of PySolFC's deal numbers or of Solvitaire's
seeds, as ``1-100000`` or ``solvitaire:1-10000000`` names it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from golfsolve.errors import InputError
from golfsolve.model import pysolfc, solvitaire
from golfsolve.model.codes import (
    CodeError,
    GameCode,
    check_number,
    digits_value,
    reversed_range,
)
from golfsolve.model.text import shown

# PySolFC's window shows a game number as # 12345: each end may carry that mark
_NUMBERS = re.compile(r"(?:#\s*)?([0-9]+)\s*-\s*(?:#\s*)?([0-9]+)\Z", re.ASCII)


class DealKind(Enum):
    """Whose deals a census counts (the name is its files' prefix)."""

    PYSOLFC = "pysolfc"
    SOLVITAIRE = "solvitaire"


@dataclass(frozen=True)
class Span:
    """Deals ``first`` to ``last`` of one kind, both included."""

    kind: DealKind
    first: int
    last: int

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    def label(self, deal: int) -> str:
        """A deal of the span as a DEAL argument names it."""
        return solvitaire.label(deal) if self.kind is DealKind.SOLVITAIRE else str(deal)

    def __str__(self) -> str:
        return f"{self.label(self.first)}-{self.last}"


def parse_span(text: str) -> Span:
    """``A-B`` (PySolFC's deal numbers, each as its window shows it too: ``#A-#B``) or
    ``solvitaire:A-B`` (Solvitaire's seeds), A <= B."""
    spec = text.strip()
    seeds = solvitaire.parse_range(spec)
    if seeds is not None:
        kind, (first, last) = DealKind.SOLVITAIRE, seeds
    else:
        match = _NUMBERS.match(spec)
        if not match:
            raise InputError(f"{shown(spec)} is not a census range: give deal numbers as "
                             "1-100000 or Solvitaire's seeds as solvitaire:1-10000000")
        first, last = (_deal_number(match.group(i)) for i in (1, 2))
        kind = DealKind.PYSOLFC
    if first > last:
        raise InputError(reversed_range(spec, first, last))
    return Span(kind, first, last)


def deal_in(span_kind: DealKind, text: str) -> int:
    """The deal a DEAL argument names, as a census of that kind counts it: a number for
    PySolFC's deals (``# N`` as its window shows it too), ``solvitaire:N`` for Solvitaire's
    (a bare number is PySolFC's deal everywhere: refused there)."""
    spec = text.strip()
    if span_kind is DealKind.SOLVITAIRE:
        if spec.isascii() and spec.isdigit():
            raise InputError(f"{shown(spec)} is not a deal of this census: it counts "
                             f"Solvitaire's seeds, like solvitaire:{int(spec)} (a number alone "
                             "is PySolFC's deal)")
        return solvitaire.parse_solvitaire(spec)
    if spec.startswith(pysolfc.SHOWN_MARK) and (pysolfc.shown_number(spec) or "").isdigit():
        spec = pysolfc.shown_number(spec)
    if GameCode.looks_like_code(spec):  # a game code names PySolFC's deal too
        try:
            return GameCode.parse(spec).number
        except CodeError as exc:
            raise InputError(str(exc)) from None
    if not spec.isascii() or not spec.isdigit():
        raise InputError(f"{shown(spec)} is not a deal of this census: it counts PySolFC's deal "
                         "numbers, like 42 (or a game code, GO1-E-AAAAABQ)")
    return _deal_number(spec)


def _deal_number(digits: str) -> int:
    """PySolFC's deal number written in ``digits``, checked (InputError, one line)."""
    try:
        return check_number(digits_value(digits))
    except CodeError as exc:
        raise InputError(str(exc)) from None
