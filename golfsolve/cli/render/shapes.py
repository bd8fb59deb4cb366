"""The JSON shapes of what the commands print (beyond the record of a solved deal, which
:mod:`golfsolve.batch.rows` writes)."""

from __future__ import annotations

from golfsolve.model.sources import DealSource


def odds_record(source: DealSource, result) -> dict:
    """The JSON of one rule set's figures."""
    return {
        "deal": source.label, "number": source.number,
        "code": source.code_for(result.rules), "rules": result.rules.name,
        "unseen": result.unseen, "orders": result.orders,
        "clairvoyant": result.clairvoyant.to_dict(), "fair": result.fair.to_dict(),
        "policy": None if result.policy is None else result.policy.to_dict(),
        "max_removed": {str(k): v for k, v in sorted(result.max_removed.items())},
        "actions": [{"action": a.action.kind, "column": a.action.column,
                     "card": None if a.card is None else str(a.card),
                     "clairvoyant": a.clairvoyant.to_dict(), "fair": a.fair.to_dict()}
                    for a in result.actions],
        "recommended": None if result.recommended is None else result.recommended.token,
        "recommended_by": result.recommended_by or None,
    }
