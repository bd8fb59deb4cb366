"""What a fair value is, whichever method made it: :class:`FairValue`, exact fractions of the
position and of each legal action."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from golfsolve.model.actions import Action, best_of


@dataclass(frozen=True)
class FairValue:
    """The exact fair value of a position with an unseen stock.

    ``wins`` / ``orders`` = ``value``: W (orders of the unseen cards weighted by optimal play's
    win chance) over N (distinct rank orders of the unseen cards). ``actions`` maps each legal
    action now (an :class:`Action`) to its own exact value; None where not computed
    (``complete`` False: the state budget ran out). ``states``: memo entries used.
    """

    wins: int | None
    orders: int
    value: Fraction | None
    complete: bool
    states: int
    actions: dict[Action, Fraction | None] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict, compare=False)

    @property
    def best_action(self) -> Action | None:
        """The highest-valued action; ties prefer a removal, then the lowest column. None when
        there is no legal action or some action's value is unknown."""
        if not self.actions or any(v is None for v in self.actions.values()):
            return None
        return best_of(self.actions, self.actions.__getitem__)
