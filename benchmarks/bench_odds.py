"""Speed of the clairvoyant odds: stock orders solved per second.

    python benchmarks/bench_odds.py [--deals 20] [--samples 200]

For PySolFC deals 1..N with the stock face down it times, per rule set, the odds of each
layout as batch --odds weighs them (one solve per stock order, from the deal itself), and
the odds with the move table as golfsolve odds weighs them (one solve per order and legal
move; the fair value, which odds computes too, is left out of this figure: bench_fair.py
times it). The compiled solver and its workspaces are loaded once and reused.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.compiling import SEARCH, STRICT_SEARCH, ready  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.rules import parse_rules_list  # noqa: E402
from golfsolve.odds import Limit, layout_odds, odds  # noqa: E402
from golfsolve.solver import load_kernels  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Stock orders solved per second by the clairvoyant odds.")
    parser.add_argument("--deals", type=int, default=20, help="PySolFC deals 1..N")
    parser.add_argument("--samples", type=int, default=200, help="stock orders a deal")
    parser.add_argument("--rules", default="easy,classic,dead-king")
    args = parser.parse_args()
    positions = [Deal.from_number(n).position() for n in range(1, args.deals + 1)]
    load_kernels()
    ready([SEARCH, STRICT_SEARCH], os.cpu_count() or 1, load=True)  # start-up, not the figures
    for rules in parse_rules_list(args.rules):
        began = time.process_time()
        for n, position in enumerate(positions, 1):
            layout_odds(position, rules, args.samples, 0, 0, str(n))
        layout = time.process_time() - began
        began = time.process_time()
        solves = 0
        for position in positions:
            # the fair value refused (a byte of memory, a state): the orders' solves alone
            result = odds(position.hidden(), rules, Limit(samples=args.samples, budget=1,
                                                          memory=1, seed=0))
            solves += args.samples * len(result.actions)
        table = time.process_time() - began
        orders = args.deals * args.samples
        print(f"{rules.name:<10} layout odds: {orders / layout:8,.0f} orders/CPU-s;  with the "
              f"move table: {orders / table:8,.0f} orders/CPU-s ({solves / table:,.0f} "
              "solves/CPU-s)")


if __name__ == "__main__":
    main()
