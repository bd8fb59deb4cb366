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

    @property
    def best_action(self) -> Action | None:
        """The highest-valued action; ties prefer a removal, then the lowest column. None when
        there is no legal action or some action's value is unknown."""
        if not self.actions or any(v is None for v in self.actions.values()):
            return None
        return best_of(self.actions, self.actions.__getitem__)
