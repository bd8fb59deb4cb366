"""Speed and reach of the exact fair value (golfsolve.fair) under an unseen stock.

    python benchmarks/bench_fair.py [--sizes 4,6,8,10,12] [--per-size 6] [--rules easy,classic]
                                    [--budget N] [--first-deal 1] [--deviate 0.1]

Positions come from real deals: deal n is played along the solver's best line (re-solved after
a random move now and then, with probability --deviate a move) until the stock holds exactly
the wanted number of cards, all of which are then unseen. Deals that end or skip past that
size are passed over. For each size and rule set it prints how many solves completed within
the budget, the memo states used and the seconds per solve (median and max), the mean fair
value of those completed and the largest memo table (MB). Timings are rough on a shared
machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve import fair as expectimax  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.rules import parse_rules_list  # noqa: E402
from golfsolve.solver import solve_game  # noqa: E402


def play_to(number: int, rules, left: int, rnd: random.Random, deviate: float) -> Game | None:
    """Deal ``number`` played until ``left`` stock cards remain; None if it ends before."""
    game = Game(Deal.from_number(number), rules)
    line: list = []
    while game.stock_left > left and game.status == "playing":
        if line and rnd.random() < deviate:
            moves = [str(c) for c in game.playable_columns()] + ["d"]
            game.play(rnd.choice(moves))
            line = []
            continue
        if not line:
            line = list(solve_game(game).moves)
            if not line:
                return None
        game.play(line.pop(0))
    if game.stock_left != left or game.status != "playing":
        return None
    return game


def positions(rules, left: int, count: int, first: int, deviate: float) -> list[tuple]:
    found = []
    number = first
    while len(found) < count and number < first + 50 * count:
        game = play_to(number, rules, left, random.Random(number * 100 + left), deviate)
        if game is not None:
            found.append((number, game))
        number += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4,6,8,10,12")
    parser.add_argument("--per-size", type=int, default=6)
    parser.add_argument("--rules", default="easy,classic")
    parser.add_argument("--budget", type=int, default=expectimax.DEFAULT_BUDGET)
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--deviate", type=float, default=0.1)
    parser.add_argument("--verbose", action="store_true", help="a line per position")
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]

    began = time.perf_counter()
    warm = play_to(1, parse_rules_list("easy")[0], 2, random.Random(0), 0.0)
    if warm is not None:
        expectimax.fair_value_game(warm)
    print(f"kernel load/compile {time.perf_counter() - began:.1f} s; budget {args.budget:,} "
          f"states; positions from deal {args.first_deal} on")
    header = (f"{'rules':8} {'unseen':>6} {'done':>6} {'states med':>11} {'states max':>11} "
              f"{'s med':>7} {'s max':>7} {'value':>6} {'MB max':>7}")
    print(header)
    print("-" * len(header))
    for rules in parse_rules_list(args.rules):
        for left in sizes:
            cases = positions(rules, left, args.per_size, args.first_deal, args.deviate)
            states, seconds, values, megabytes = [], [], [], []
            done = 0
            for number, game in cases:
                t0 = time.perf_counter()
                result = expectimax.fair_value_game(game, budget=args.budget)
                dt = time.perf_counter() - t0
                states.append(result.states)
                seconds.append(dt)
                if result.complete:
                    done += 1
                    values.append(float(result.value))
                megabytes.append(result.counters.get("capacity", 0) * 16 / 1e6)
                if args.verbose:
                    value = f"{float(result.value):.4f}" if result.complete else "-"
                    print(f"   deal {number} {rules.name} unseen {left}: cards left "
                          f"{sum(game.heights)}, {result.states:,} states, {dt:.3f} s, "
                          f"value {value}")
            if not cases:
                print(f"{rules.name:8} {left:>6}  no positions found")
                continue
            mean_value = f"{statistics.mean(values):.3f}" if values else "-"
            print(f"{rules.name:8} {left:>6} {done:>3}/{len(cases):<2} "
                  f"{statistics.median(states):>11,.0f} {max(states):>11,} "
                  f"{statistics.median(seconds):>7.3f} {max(seconds):>7.3f} {mean_value:>6} "
                  f"{max(megabytes):>7.1f}", flush=True)


if __name__ == "__main__":
    main()
