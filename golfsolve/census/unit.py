"""A census's unit of work, run in the workers: the verdicts of a block of consecutive deals
under each rule set, as bits."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from golfsolve.census.span import DealKind


@dataclass(frozen=True)
class Block:
    """Deals ``first`` .. ``first + count - 1`` of ``kind``, under the rule sets named."""

    kind: DealKind
    first: int
    count: int
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Verdicts:
    """A block's verdicts: per rule set, one bit a deal (as census files keep them) and the
    number won."""

    bits: dict[str, bytes]
    won: dict[str, int]


def solve_block(block: Block) -> Verdicts:
    """Decide every deal of ``block`` under each of its rule sets. The strictest rules go
    first: a deal won under them is won under the easier ones, which then need no search."""
    from golfsolve.model.rules import STRICTNESS_ORDER, rules_by_name
    from golfsolve.packing import dealt_arrays, solvitaire_arrays, start_array
    from golfsolve.solver import load_kernels, search_line

    chosen = [rules_by_name(name) for name in block.rules]
    order = sorted(chosen, key=STRICTNESS_ORDER.index, reverse=True)
    load_kernels(chosen)
    tables = {r.name: r.fits_table() for r in chosen}
    deals = range(block.first, block.first + block.count)
    arrays = (solvitaire_arrays(list(deals)) if block.kind is DealKind.SOLVITAIRE
              else dealt_arrays(list(deals)))
    won = {r.name: np.zeros(block.count, dtype=bool) for r in chosen}
    for i, (col_ranks, stock_ranks, waste) in enumerate(arrays):
        start = start_array([5] * 7, 0, waste)
        stricter_won = False
        for rules in order:
            if not stricter_won:
                stricter_won = search_line((col_ranks, stock_ranks, tables[rules.name], start),
                                           draw_rule=rules.draw_rule).winnable
            won[rules.name][i] = stricter_won
    return Verdicts({name: np.packbits(w, bitorder="little").tobytes() for name, w in won.items()},
                    {name: int(w.sum()) for name, w in won.items()})
