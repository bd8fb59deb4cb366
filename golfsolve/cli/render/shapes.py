"""The JSON shapes of what the commands print (beyond the record of a solved deal, which
:mod:`golfsolve.batch.rows` writes)."""

from __future__ import annotations

from golfsolve.model.sources import DealSource


def odds_record(source: DealSource, result) -> dict:
    """The JSON of one rule set's figures."""
    return {"deal": source.label, "number": source.number,
            "code": source.code_for(result.rules), **result.to_dict()}
