"""What a fair value is, whichever method made it: :class:`FairValue`, exact fractions of the
position and of each legal action, or why they were not computed."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from golfsolve.model.actions import Action, best_of

if TYPE_CHECKING:
    from golfsolve.fair.table import FairTable


@dataclass(frozen=True)
class FairValue:
    """The exact fair value of a position with an unseen stock.

    ``wins`` / ``orders`` = ``value``: W (orders of the unseen cards weighted by optimal play's
    win chance) over N (distinct rank orders of the unseen cards). ``actions`` maps each legal
    action now (an :class:`Action`) to its own exact value; None where not computed
    (``complete`` False: the state budget ran out). ``states``: memo entries used (by the
    layers: entries of S). Not computed: ``reason`` says why, ``needs`` the bytes the layers
    would need where memory stopped them, ``budget`` the expectimax states that did not
    suffice where those stopped it. ``table``: every later position's values, where the layers
    kept them.
    """

    wins: int | None
    orders: int
    value: Fraction | None
    complete: bool
    states: int
    actions: dict[Action, Fraction | None] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict, compare=False)
    reason: str = field(default="", repr=False)
    needs: int | None = field(default=None, repr=False)
    budget: int | None = field(default=None, repr=False)  # not computed: the states that ran out
    table: FairTable | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        """The value as JSON takes it: ``complete``, ``value`` (rounded to six places, null
        where not computed), ``fraction`` (``wins/orders`` in lowest terms), ``wins``,
        ``orders``, ``best_action`` (``d`` or the column, as replay reads it), ``actions``
        (each legal action's ``action``, ``column``, ``value`` and ``fraction``) and, where
        not computed, ``reason``."""
        data = {"complete": self.complete, **fraction_fields(self.value),
                "wins": self.wins, "orders": self.orders,
                "best_action": None if self.best_action is None else self.best_action.token,
                "actions": [{"action": a.kind, "column": a.column, **fraction_fields(v)}
                            for a, v in self.actions.items()]}
        if self.reason:
            data["reason"] = self.reason
        return data

    @property
    def best_action(self) -> Action | None:
        """The highest-valued action; ties prefer a removal, then the lowest column. None when
        there is no legal action or some action's value is unknown."""
        if not self.actions or any(v is None for v in self.actions.values()):
            return None
        return best_of(self.actions, self.actions.__getitem__)


def fraction_fields(value: Fraction | None) -> dict:
    """``value`` (rounded to six places) and ``fraction`` (lowest terms), null where None: as
    JSON gives an exact figure."""
    if value is None:
        return {"value": None, "fraction": None}
    return {"value": round(float(value), 6),
            "fraction": f"{value.numerator}/{value.denominator}"}
