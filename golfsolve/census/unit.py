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
    """Decide every deal of ``block`` under each of its rule sets, searching as few as the
    order of strictness allows: a deal won under stricter rules is won under easier ones and
    one lost under easier rules is lost under stricter ones, so the rule sets won are the
    easiest few, and a search halves the rule sets left to decide (classic first of all four;
    then dead-king where it was won, else easy)."""
    from golfsolve.model.rules import STRICTNESS_ORDER, rules_by_name
    from golfsolve.packing import dealt_arrays, solvitaire_arrays, start_array
    from golfsolve.solver import can_win, load_kernels

    chosen = [rules_by_name(name) for name in block.rules]
    chain = sorted(chosen, key=STRICTNESS_ORDER.index)  # the easiest first
    load_kernels(chosen)
    tables = [r.fits_table() for r in chain]
    deals = range(block.first, block.first + block.count)
    arrays = (solvitaire_arrays(list(deals)) if block.kind is DealKind.SOLVITAIRE
              else dealt_arrays(list(deals)))
    won = np.zeros((len(chain), block.count), dtype=bool)
    for i, (col_ranks, stock_ranks, waste) in enumerate(arrays):
        start = start_array([5] * 7, 0, waste)
        low, high = 0, len(chain)  # chain[:low] won, chain[high:] lost
        while low < high:
            middle = (low + high - 1) // 2
            rules = chain[middle]
            if can_win((col_ranks, stock_ranks, tables[middle], start), rules.draw_rule):
                low = middle + 1
            else:
                high = middle
        won[:low, i] = True
    return Verdicts({r.name: np.packbits(won[k], bitorder="little").tobytes()
                     for k, r in enumerate(chain)},
                    {r.name: int(won[k].sum()) for k, r in enumerate(chain)})
