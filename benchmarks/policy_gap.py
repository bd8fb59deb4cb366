"""How far below the exact fair value the hindsight policy falls, deal by deal.

    python benchmarks/policy_gap.py [--deals 1-50] [--rules classic] [--games 40] [--seed 0]

For each PySolFC deal at its first card it computes the exact fair value (best play without
sight of the stock, by layers) and plays GAMES games under random stock orders by the policy
`odds --policy` falls back to where the exact table does not fit: at each choice the action
that wins under most of a few sampled orders (hindsight), by the exact value once few cards
are unseen. It prints one line a deal and, per rule set, the mean of each over the deals with
the policy's 95% interval (normal approximation over the deals' rates).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.fair.layered import stock_fair_game  # noqa: E402
from golfsolve.fair.memory import NeedsMemory  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.rules import parse_rules_list  # noqa: E402
from golfsolve.odds import choose  # noqa: E402


def hindsight_game(deal: Deal, rules, rng: random.Random) -> bool:
    """One game of ``deal`` under a random stock order, played without the exact table."""
    position = deal.position()
    unseen = list(position.hidden().unseen)
    game = Game(position.hidden().with_stock(rng.sample(unseen, len(unseen))), rules)
    while game.status == "playing":
        tokens = game.legal_actions()
        game.play(tokens[0] if len(tokens) == 1
                  else choose(game.position().hidden(), rules, rng, tokens))
    return game.status == "won"


def deal_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(
        description="The hindsight policy's win rate beside the exact fair value.")
    parser.add_argument("--deals", type=deal_range, default=deal_range("1-50"),
                        help="PySolFC deals A-B")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--games", type=int, default=40, help="policy games a deal")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for rules in parse_rules_list(args.rules):
        exact, played = [], []
        print(f"{rules.name}: deal, exact fair value, hindsight policy wins/games, seconds")
        for number in args.deals:
            deal = Deal.from_number(number)
            began = time.perf_counter()
            try:
                result = stock_fair_game(Game(deal, rules))
            except NeedsMemory as needs:
                print(f"  {number:4d}  fair value not computed: {needs.reason}")
                continue
            value = result.wins / result.orders
            rng = random.Random(f"{args.seed}/{number}/{rules.name}")
            wins = sum(hindsight_game(deal, rules, rng) for _ in range(args.games))
            exact.append(value)
            played.append(wins / args.games)
            print(f"  {number:4d}  {100 * value:5.1f}%  {wins:3d}/{args.games}  "
                  f"{time.perf_counter() - began:6.1f} s", flush=True)
        if not exact:
            continue
        n = len(exact)
        mean_exact, mean_policy = sum(exact) / n, sum(played) / n
        gaps = [e - p for e, p in zip(exact, played, strict=True)]
        mean_gap = sum(gaps) / n
        spread = (sum((g - mean_gap) ** 2 for g in gaps) / max(1, n - 1)) ** 0.5
        half = 1.96 * spread / n ** 0.5
        print(f"{rules.name}: {n} deals, mean exact fair value {100 * mean_exact:.1f}%, "
              f"hindsight policy {100 * mean_policy:.1f}% ({args.games} games a deal): "
              f"{100 * mean_gap:.1f} points below (95% interval [{100 * (mean_gap - half):.1f}, "
              f"{100 * (mean_gap + half):.1f}]); policy at the exact value or above on "
              f"{sum(p >= e for e, p in zip(exact, played, strict=True))} deals")


if __name__ == "__main__":
    main()
