"""The arguments of the library's public functions and classes, checked where they are given:
a value of a wrong type is a TypeError and one outside its range a ValueError, each naming the
argument (``rules must be a Rules or a rule set's name, not int``), so that a caller never
meets an AttributeError from deep inside. The model's own types are checked by the modules
that define them (``golfsolve.model.rules.as_rules``, ``golfsolve.model.deal.as_position``),
with these."""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def type_name(value: object) -> str:
    """How a message names the type of ``value``: ``None`` as None, else its class's name."""
    return "None" if value is None else type(value).__name__


def wrong(name: str, expected: str, value: object) -> TypeError:
    """The TypeError of ``name`` given ``value``, which is not ``expected``."""
    return TypeError(f"{name} must be {expected}, not {type_name(value)}")


def text(value: object, name: str) -> str:
    """``value``, a str."""
    if not isinstance(value, str):
        raise wrong(name, "a str", value)
    return value


def whole(value: object, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value``, an integer (an int or numpy's, not a bool) from ``low`` to ``high`` where
    they are given."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise wrong(name, "an int", value)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = (f"from {low} to {high}" if low is not None and high is not None else
                  f"{low} or more" if low is not None else f"{high} or less")
        raise ValueError(f"{name} must be {bounds}, not {value}")
    return value


def flag(value: object, name: str) -> bool:
    """``value``, a bool."""
    if not isinstance(value, bool):
        raise wrong(name, "True or False", value)
    return value


def instance(value: object, kinds: type | tuple[type, ...], name: str, expected: str):
    """``value``, an instance of ``kinds`` (``expected`` says which, for the message)."""
    if not isinstance(value, kinds):
        raise wrong(name, expected, value)
    return value


def items(value: object, name: str, item: Callable[[object, str], T]) -> tuple[T, ...]:
    """``value``, a list or tuple, as a tuple of ``item(each, its name)`` (``name[3]``)."""
    if not isinstance(value, (list, tuple)):
        raise wrong(name, "a list or tuple", value)
    return tuple(item(each, f"{name}[{i}]") for i, each in enumerate(value))


def language(value: object, name: str = "lang") -> str:
    """``value``, one of the languages golfsolve speaks (golfsolve.model.i18n.LANGUAGES):
    TypeError for what is not text, ValueError for a language it has not."""
    from golfsolve.model.i18n import LANGUAGES

    if text(value, name) not in LANGUAGES:
        raise ValueError(f"{name} must be one of {', '.join(LANGUAGES)}, not {value!r}")
    return value
