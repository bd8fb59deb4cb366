"""golfsolve: an exact solver and deal analyser for Golf solitaire.

The library's face: the value types (Card, Rules, GameCode, Deal, Position, Game, Action),
``deal`` (any DEAL the command line takes, as text), ``solve`` (with the stock seen) and
``fair_value`` (with the stock face down, as a player has it; golfsolve.odds.odds gives every
figure of that). Each checks its arguments where they are given (golfsolve.checks): a wrong
type is a TypeError, a value out of range a ValueError (the library's own errors, InputError
among them, are ValueErrors), each naming the argument. The layers beneath are described in
docs/ARCHITECTURE.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (the face imports nothing heavy until asked: names for type checkers)
    from golfsolve.fair.result import FairValue
    from golfsolve.model.deal import Deal
    from golfsolve.model.position import Position
    from golfsolve.model.rules import Rules
    from golfsolve.solver import Solution

# where each name of the face is defined: imported when first asked for, so that the command
# line can take over the stop signals before anything heavier than this module is read
_FACE = {
    "Action": "golfsolve.model.actions", "Card": "golfsolve.model.cards",
    "GameCode": "golfsolve.model.codes", "Deal": "golfsolve.model.deal",
    "Game": "golfsolve.model.game", "MoveRefused": "golfsolve.model.game",
    "Position": "golfsolve.model.position", **dict.fromkeys(
        ("ALL_RULES", "CLASSIC", "DEAD_KING", "EASY", "STRICT", "Rules"),
        "golfsolve.model.rules"),
}


def __getattr__(name: str):
    if name in _FACE:
        import importlib

        value = getattr(importlib.import_module(_FACE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'golfsolve' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_FACE})


__all__ = [
    "ALL_RULES", "CLASSIC", "DEAD_KING", "EASY", "STRICT", "Action", "Card", "Deal", "Game",
    "GameCode", "MoveRefused", "Position", "Rules", "deal", "fair_value", "solve",
]
__version__ = "0.1.0"


def deal(text: str) -> Deal | Position:
    """What ``text`` names, as the command line reads a DEAL: a game code, a deal number (or
    PySolFC's ``# 12345``), ``msN``, ``kpat:N``, ``solvitaire:N``, the cards typed on one line,
    or a board, JSON or KPat saved game given as its text (never a file's path: read the file
    and give its text). A Deal where it names a whole deal whose stock is known, else the
    Position (mid-game, or with unseen stock cards); both go to ``solve`` and ``fair_value``,
    which take the rules the text names (its ``named_rules``: a game code's letter, a JSON
    deal's or save's rules, Classic for ``kpat:N``, ``solvitaire:N`` and KPat's saves) where
    they are given none, as the command line does. Raises golfsolve.errors.InputError (a
    ValueError) saying what is wrong, TypeError for anything but a str."""
    import os
    from dataclasses import replace

    from golfsolve.errors import InputError
    from golfsolve.model.deal import Deal
    from golfsolve.model.sources import text_source

    try:
        source = text_source(text)
    except InputError:
        if not os.path.isfile(text.strip()):
            raise
        raise InputError(f"{text.strip()!r} is a file's path; golfsolve.deal takes a deal's "
                         f"text: golfsolve.deal(pathlib.Path({text.strip()!r}).read_text())"
                         ) from None
    position = replace(source.position, named_rules=source.code_rules)
    if position.is_start and not position.removed and not position.unknown_slots:
        return Deal.from_position(position)
    return position


def solve(deal: Deal | Position, rules: Rules | str | None = None, *,
          fewest_moves: bool = False) -> Solution:
    """Solve ``deal`` (a Deal or a Position) under ``rules`` (a Rules, or its name: ``easy``,
    ``classic``, ``dead-king``, ``strict``; None: the rules its text named, where
    :func:`deal` read it, else ``easy``): a Solution, whose ``moves`` are (action, column,
    card); with ``fewest_moves``, a winning line with the fewest moves. See
    :func:`golfsolve.solver.solve`."""
    from golfsolve.model.deal import as_position
    from golfsolve.model.rules import chosen_rules
    from golfsolve.solver import solve as _solve

    position = as_position(deal, "deal")
    return _solve(position, chosen_rules(rules, position.named_rules), fewest_moves=fewest_moves)


def fair_value(start: Deal | Position, rules: Rules | str | None = None, *,
               memory: int | None = None) -> FairValue:
    """The exact chance that best play wins ``start`` (a Deal or a Position) under ``rules``
    (as :func:`solve` takes them) for a player who cannot see the stock (every stock card
    unseen): a FairValue, whose ``value`` and ``actions`` (each legal Action's value) are
    Fractions. Raises golfsolve.fair.memory.NeedsMemory, before allocating it, where it needs
    more than ``memory`` bytes (default: 80% of the memory free now), and
    golfsolve.errors.MemoryRefused where the system refuses memory within that, under every
    rule set (strict's draw only when nothing fits included). See
    :func:`golfsolve.fair.value`."""
    from golfsolve import fair
    from golfsolve.checks import whole
    from golfsolve.model.deal import as_position
    from golfsolve.model.rules import chosen_rules

    position = as_position(start, "start")
    rules = chosen_rules(rules, position.named_rules)
    if memory is not None:
        whole(memory, "memory", 1)
    return fair.value(position.hidden(), rules, fair.Limit(budget=None, memory=memory))

