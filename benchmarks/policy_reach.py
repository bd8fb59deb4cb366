"""How much of the fair value's exact support best play reaches, and what proving it would take.

    python benchmarks/policy_reach.py [--deals 3] [--rules classic] [--bound 1]

The layers compute W(h, M) for every entry of S, the (heights, unseen multiset) pairs any play
from the start can reach and win from. Best play reaches far fewer: at each draw it goes to
one row of the closure, the one of largest value. For each PySolFC deal at its first card,
with every layer kept (the fast layout), this follows best play from the start (the first
row of largest value at each choice; every rank's draw followed) and counts:

- ``S``: the entries the layers compute (the support, as ``odds`` computes it);
- ``P``: the entries best play reaches with a value above 0 (its first choice's included);
- ``Q``: P and every other row of a closure best play meets whose value is above 0 (the
  alternatives an exact search by best play alone would have to rule out);
- ``alternatives``: those rows counted at each choice (one a choice and row), and how many of
  them a bound rules out without their value (its bound at most the chosen row's): with
  ``--bound 1``, W(h, M) <= the sum over the next rank drawn of N(M less it) where some row
  of its closure can still win (S), else 0; with ``--bound 2`` also that bound one draw
  deeper (the largest over the closure's rows of the first bound), tried on what the first
  leaves (slow: minutes a deal).

Counts only; nothing here is timed against a baseline. The integers are the layers' own.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.fair.kernels.closures import SELF, row_levels  # noqa: E402
from golfsolve.fair.layered import stock_fair_game  # noqa: E402
from golfsolve.fair.storage import FAST  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.rules import rules_by_name  # noqa: E402

ONE = np.uint64(1)


@njit
def _value(row, index, k, t):
    """W(row, multiset of whole-radix ``index``), k its cards, from the kept layers ``t``."""
    layer_pos, poff, voff, positions, pbase, low, lbase = t[:7]
    if k == 0:
        return 0
    p = layer_pos[index]
    start, end = voff[k, row], voff[k, row + 1]
    if start == end:
        return 0
    lo, hi = poff[k, row], poff[k, row + 1]
    if lo < hi:  # a packed row: its entries' positions, sorted
        a, b = lo, hi
        while a < b:
            m = (a + b) >> 1
            if positions[pbase[k] + m] < p:
                a = m + 1
            else:
                b = m
        if a == hi or positions[pbase[k] + a] != p:
            return 0
        return low[lbase[k] + start + a - lo]
    return low[lbase[k] + start + p]


@njit
def _orders(index, k, t):
    """N(M) of the multiset of whole-radix ``index``, k its cards."""
    return t[7][t[8][k] + t[0][index]]


@njit
def _bound(row, index, k, depth, t, c):
    """An upper bound of W(row, M) ``depth`` draws deep: 0 where (row, M) is not in S; N(M)
    at depth 0; else the sum over each next rank drawn of the largest bound one draw less deep
    over its closure's rows (N(M less it) where the closure is won)."""
    if k == 0 or _value(row, index, k, t) == 0:
        return 0
    if depth == 0:
        return _orders(index, k, t)
    strides, radix, rank_cl, cl_win, mem_start, members = c
    bound = 0
    for j in range(strides.shape[0]):
        if (index // strides[j]) % radix[j] == 0:
            continue
        less = index - strides[j]
        cl = rank_cl[row, j]
        if cl == SELF:
            bound += _bound(row, less, k - 1, depth - 1, t, c)
        elif cl_win[cl]:
            bound += _orders(less, k - 1, t)
        else:
            most = 0
            for q in range(mem_start[cl], mem_start[cl + 1]):
                most = max(most, _bound(members[q], less, k - 1, depth - 1, t, c))
            bound += most
    return bound


@njit
def _follow(levels, level_start, nw, sizes, seed_row, seed_index, t, c, deeper, search):
    """Best play followed from (seed_row, seed_index), rows from the most cards down and a
    row's multisets from the largest index down (a draw that nothing fits stays on the row,
    at a smaller index). Returns (P, Q, choices, alternatives, ruled out by the first bound,
    ruled out by the second after the first)."""
    strides, radix, rank_cl, cl_win, mem_start, members = c
    nrows = rank_cl.shape[0]
    reached = np.zeros((nrows, nw), dtype=np.uint64)
    read = np.zeros((nrows, nw), dtype=np.uint64)
    reached[seed_row, seed_index >> 6] |= ONE << np.uint64(seed_index & 63)
    read[seed_row, seed_index >> 6] |= ONE << np.uint64(seed_index & 63)
    p_count, choices, alternatives, out1, out2 = 0, 0, 0, 0, 0
    q_count = 1 if _value(seed_row, seed_index, sizes[seed_index], t) > 0 else 0
    for lv in range(level_start.shape[0] - 2, -1, -1):
        for q in range(level_start[lv], level_start[lv + 1]):
            h = levels[q]
            for index in range(nw * 64 - 1, -1, -1):
                if not (reached[h, index >> 6] >> np.uint64(index & 63)) & ONE:
                    continue
                k = sizes[index]
                if _value(h, index, k, t) == 0:
                    continue
                p_count += 1
                for j in range(strides.shape[0]):
                    if (index // strides[j]) % radix[j] == 0:
                        continue
                    less = index - strides[j]
                    word, bit = less >> 6, np.uint64(less & 63)
                    cl = rank_cl[h, j]
                    if cl == SELF:
                        reached[h, word] |= ONE << bit
                        continue
                    if cl_win[cl]:
                        continue
                    best, chosen = 0, -1
                    for m in members[mem_start[cl]:mem_start[cl + 1]]:
                        v = _value(m, less, k - 1, t)
                        if v > 0 and not (read[m, word] >> bit) & ONE:
                            read[m, word] |= ONE << bit
                            q_count += 1
                        if v > best:
                            best, chosen = v, m
                    if chosen < 0:
                        continue
                    choices += 1
                    reached[chosen, word] |= ONE << bit
                    for m in members[mem_start[cl]:mem_start[cl + 1]]:
                        if m == chosen or _value(m, less, k - 1, t) == 0:
                            continue
                        alternatives += 1
                        if _bound(m, less, k - 1, 1, t, c) <= best:
                            out1 += 1
                        elif deeper and _bound(m, less, k - 1, 2, t, c) <= best:
                            out2 += 1
                        elif search:
                            reached[m, word] |= ONE << bit
    return p_count, q_count, choices, alternatives, out1, out2


def _fewer(support: int, part: int) -> str:
    return f" ({support / part:.1f}x fewer)" if part else ""


def count(number: int, rules_name: str, bound: int, search: bool = False) -> str:
    """One deal's line."""
    clock = time.perf_counter()
    game = Game(Deal.from_number(number), rules_by_name(rules_name))
    support = stock_fair_game(game).counters["support"]
    found = stock_fair_game(game, keep=True, layout=FAST)
    table = found.table
    layers = table.layers
    top = layers.size
    nrows = table.closures.tops.shape[1]
    poff = np.zeros((top + 1, nrows + 1), np.int64)
    voff = np.zeros((top + 1, nrows + 1), np.int64)
    positions, low = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)]
    for k in range(1, top + 1):
        poff[k], _, voff[k], kept_positions, kept_low, high = table.kept[k]
        if high.size:
            raise SystemExit("a layer kept with high bits: the fast layout was not used")
        positions.append(kept_positions.astype(np.int64))
        low.append(kept_low.astype(np.int64))
    pbase = np.cumsum([0] + [a.size for a in positions[1:]])[:-1]
    lbase = np.cumsum([0] + [a.size for a in low[1:]])[:-1]
    orders = [o.astype(np.int64) for o in layers.orders]
    t = (layers.layer_pos, poff, voff, np.concatenate(positions), np.concatenate([[0], pbase]),
         np.concatenate(low), np.concatenate([[0], lbase]), np.concatenate(orders),
         np.cumsum([0] + [o.size for o in orders])[:-1])
    cl_start, cl_win, mem_start, members, rank_cl = table.closures.table
    c = (layers.strides, layers.radix, rank_cl, cl_win, mem_start.astype(np.int64),
         members.astype(np.int64))
    levels, level_start = row_levels(table.h0, table.stride, nrows)
    top_index = int(np.flatnonzero(layers.sizes == top)[0])
    rows, _ = table.closures.of(nrows - 1, game.position().waste.rank)
    seed = max(rows, key=lambda m: table.w(m, top_index, top))  # the first of largest value
    p, q, choices, alternatives, out1, out2 = _follow(
        levels, level_start, layers.valid.shape[0], layers.sizes, seed, top_index, t, c,
        bound >= 2, search)
    line = (f"deal {number} {rules_name}: S {support:,}, P {p:,}{_fewer(support, p)}, "
            f"Q {q:,}{_fewer(support, q)}; {choices:,} choices, {alternatives:,} alternatives")
    if bound >= 1:
        line += f", ruled out by bound 1: {out1:,} ({out1 / max(alternatives, 1):.0%})"
    if bound >= 2:
        line += (f", by bound 2 after it: {out2:,} (together "
                 f"{(out1 + out2) / max(alternatives, 1):.0%})")
    return line + f"; W {found.wins:,}/{found.orders:,}; {time.perf_counter() - clock:.0f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="3", help="N or FIRST-LAST (PySolFC numbers)")
    parser.add_argument("--rules", default="classic", help="easy, classic or dead-king")
    parser.add_argument("--bound", type=int, choices=(0, 1, 2), default=1,
                        help="the deepest bound tried on the alternatives (0: none)")
    parser.add_argument("--search", action="store_true",
                        help="follow also every alternative the bound leaves")
    args = parser.parse_args()
    first, _, last = args.deals.partition("-")
    for number in range(int(first), int(last or first) + 1):
        print(count(number, args.rules, args.bound, args.search), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
