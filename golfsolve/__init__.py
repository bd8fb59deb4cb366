"""golfsolve: an exact solver and deal analyser for Golf solitaire.

The library's face: the value types (Card, Rules, GameCode, Deal, Position, Game, Action),
``deal`` (any DEAL the command line takes, as text), ``solve`` (with the stock seen) and
``fair_value`` (with the stock face down, as a player has it; golfsolve.odds.odds gives every
figure of that). Each checks its arguments where they are given (golfsolve.checks): a wrong
type is a TypeError, a value out of range a ValueError (the library's own errors, InputError
among them, are ValueErrors), each naming the argument. The layers beneath are described in
docs/ARCHITECTURE.md."""

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


def deal(text):
    """What ``text`` names, as the command line reads a DEAL: a game code, a deal number (or
    PySolFC's ``# 12345``), ``msN``, ``kpat:N``, ``solvitaire:N``, the cards typed on one line,
    or a board, JSON or KPat saved game given as its text (never a file's path: read the file
    and give its text). A Deal where it names a whole deal whose stock is known, else the
    Position (mid-game, or with unseen stock cards); both go to ``solve`` and ``fair_value``.
    Raises golfsolve.errors.InputError (a ValueError) saying what is wrong, TypeError for
    anything but a str."""
    from golfsolve.model.deal import Deal
    from golfsolve.model.sources import text_source

    position = text_source(text).position
    if position.is_start and not position.removed and not position.unknown_slots:
        return Deal.from_position(position)
    return position


def solve(deal, rules="easy", **kwargs):
    """Solve ``deal`` (a Deal or a Position) under ``rules`` (a Rules, or its name: ``easy``,
    ``classic``, ``dead-king``): a Solution, whose ``moves`` are (kind, column, card); see
    :func:`golfsolve.solver.solve`."""
    from golfsolve.model.deal import as_position
    from golfsolve.model.rules import as_rules
    from golfsolve.solver import solve as _solve

    return _solve(as_position(deal, "deal"), as_rules(rules), **kwargs)


def fair_value(start, rules="easy", *, memory=None):
    """The exact chance that best play wins ``start`` (a Deal or a Position) under ``rules``
    for a player who cannot see the stock (every stock card unseen): a FairValue, whose
    ``value`` and ``actions`` (each legal Action's value) are Fractions. Raises
    golfsolve.fair.memory.NeedsMemory, before allocating it, where it needs more than
    ``memory`` bytes (default: 80% of the memory free now), and golfsolve.errors.MemoryRefused
    where the system refuses memory within that, under every rule set (strict's draw only
    when nothing fits included). See :func:`golfsolve.fair.value`."""
    from golfsolve import fair
    from golfsolve.checks import whole
    from golfsolve.model.deal import as_position
    from golfsolve.model.rules import as_rules

    position = as_position(start, "start").hidden()
    rules = as_rules(rules)
    if memory is not None:
        whole(memory, "memory", 1)
    return fair.value(position, rules, fair.Limit(budget=None, memory=memory))
