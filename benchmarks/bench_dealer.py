"""Dealing speed: pysol_cards (what Deal.from_number uses) against the compiled dealer, and
Solvitaire's reference dealer against its compiled one.

    python benchmarks/bench_dealer.py [--deals 2000] [--first 1000000] [--repeat 3]

Prints deals per second of pysol_cards' layout string, of deal_indices one deal a call and of
deal_many all deals in one call, each the best of --repeat warm runs, and the ratios; then
deal_many on 200,000 deals from --first, from 2**64 and up to 10**20 - 1 (three key words).
Then the same for Solvitaire's seeds (model/solvitaire.py's reference, deal_seed one a call,
deal_seed_range in one call) and, side by side in bulk, deal_seed_range and deal_many on
200,000 seeds or numbers from --first and up to 2**31 - 1, one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysol_cards.cards import CardRenderer  # noqa: E402
from pysol_cards.deal_game import Game  # noqa: E402
from pysol_cards.random_base import RandomBase  # noqa: E402

from golfsolve.kernels.dealer import deal_indices, deal_many  # noqa: E402
from golfsolve.kernels.solvitaire import deal_seed, deal_seed_range  # noqa: E402
from golfsolve.model import solvitaire  # noqa: E402
from golfsolve.model.pysolfc import LCG_BELOW  # noqa: E402


def best_rate(fn, count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - began)
    return count / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--first", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    renderer = CardRenderer(True)

    def run_pysol(first: int, count: int) -> None:
        for n in range(first, first + count):
            Game("golf", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(renderer)

    def run_indices(first: int, count: int) -> None:
        for n in range(first, first + count):
            deal_indices(n)

    deal_many(1, 1)
    deal_many(LCG_BELOW, 1)  # load the compiled kernels before timing
    print(f"{args.deals} deals a run, best of {args.repeat} warm runs")
    lcg_count = min(args.deals, LCG_BELOW - 1)
    for label, first, count in (("Mersenne Twister", args.first, args.deals),
                                ("LCG", 1, lcg_count)):
        pysol = best_rate(lambda f=first, c=count: run_pysol(f, c), count, args.repeat)
        one = best_rate(lambda f=first, c=count: run_indices(f, c), count, args.repeat)
        many = best_rate(lambda f=first, c=count: deal_many(f, c), count, args.repeat)
        print(f"{label}, deals {first}..{first + count - 1}:")
        print(f"  pysol_cards   {pysol:>12,.0f} deals/s")
        print(f"  deal_indices  {one:>12,.0f} deals/s  {one / pysol:8.0f}x pysol_cards")
        print(f"  deal_many     {many:>12,.0f} deals/s  {many / pysol:8.0f}x pysol_cards")
    big = 200_000
    for first in (args.first, 2**64, 10**20 - big):  # one, three key words: PySolFC's numbers
        rate = best_rate(lambda f=first: deal_many(f, big), big, args.repeat)
        print(f"deal_many({first}, {big:,}): {rate:,.0f} deals/s ({1e6 / rate:.2f} us a deal)")
    solvitaire_rates(args, big)


def solvitaire_rates(args: argparse.Namespace, big: int) -> None:
    """Solvitaire's seeds: the reference, one a call, in bulk; then both compiled dealers in
    bulk, side by side."""
    deal_seed_range(0, 1)  # load the compiled kernels before timing
    first = min(args.first, solvitaire.SEED_MAX + 1 - args.deals)
    count = args.deals

    def run_reference() -> None:
        for n in range(first, first + count):
            solvitaire.indices(n)

    def run_one() -> None:
        for n in range(first, first + count):
            deal_seed(n)

    reference = best_rate(run_reference, count, args.repeat)
    one = best_rate(run_one, count, args.repeat)
    many = best_rate(lambda: deal_seed_range(first, count), count, args.repeat)
    print(f"Solvitaire, seeds {first}..{first + count - 1}:")
    print(f"  reference        {reference:>12,.0f} deals/s")
    print(f"  deal_seed        {one:>12,.0f} deals/s  {one / reference:8.0f}x the reference")
    print(f"  deal_seed_range  {many:>12,.0f} deals/s  {many / reference:8.0f}x the reference")
    for start in (min(args.first, solvitaire.SEED_MAX + 1 - big), solvitaire.SEED_MAX + 1 - big):
        seeds = best_rate(lambda s=start: deal_seed_range(s, big), big, args.repeat)
        numbers = best_rate(lambda s=start: deal_many(max(s, LCG_BELOW), big), big, args.repeat)
        print(f"{big:,} from {start}: deal_seed_range {seeds:,.0f} deals/s "
              f"({1e6 / seeds:.2f} us a deal), deal_many {numbers:,.0f} deals/s "
              f"({1e6 / numbers:.2f} us)")


if __name__ == "__main__":
    main()
