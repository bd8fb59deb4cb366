"""Speed and reach of the score's value (the hint's answer once no move can win).

    python benchmarks/bench_score.py [--deals 1-20] [--rules classic] [--every 5]

For each deal lost under the rules (its best line cannot win), the position every EVERY moves
along the solver's best line, its stock unseen: whether the score's value is within its caps
(pairs and bytes), the (heights, multiset) pairs, and the seconds it takes, in this process
(the kernels compiled first). It prints a line a position and, at the end, per count of unseen
cards, the share of positions within reach and the median and slowest seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.compiling import SCORE, ready  # noqa: E402
from golfsolve.fair.score import cells, score_value  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.rules import rules_by_name  # noqa: E402
from golfsolve.packing import position_arrays  # noqa: E402
from golfsolve.solver import solve  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", default="1-20", help="FIRST-LAST (PySolFC numbers)")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--every", type=int, default=5, help="moves between positions timed")
    args = parser.parse_args()
    first, last = (int(x) for x in args.deals.split("-"))
    rules = rules_by_name(args.rules)
    ready([SCORE])
    by_unseen: dict[int, list[float | None]] = {}
    for number in range(first, last + 1):
        deal = Deal.from_number(number)
        solution = solve(deal, rules)
        if solution.winnable:
            continue
        game = Game(deal, rules)
        for i, move in enumerate(solution.moves):
            if i % args.every == 0:
                view = game.position().hidden()
                col_ranks, heights, waste_rank, _, unseen = position_arrays(view)
                clock = time.perf_counter()
                found = score_value(col_ranks, heights, waste_rank, unseen, rules.fits_table(),
                                    not rules.draw_any_time)
                seconds = time.perf_counter() - clock
                left = int(unseen.sum())
                by_unseen.setdefault(left, []).append(None if found is None else seconds)
                pairs = cells(heights, unseen)
                print(f"deal {number:>3} move {i:>2}: {left:>2} unseen, {pairs:>13,} pairs, "
                      + ("out of reach" if found is None else
                         f"{seconds:6.3f} s, best {float(found.value):6.1f}"))
            game.play(move.token)
    print("\nunseen  positions  within reach  median s  slowest s")
    for left in sorted(by_unseen, reverse=True):
        times = [t for t in by_unseen[left] if t is not None]
        shown = (f"{statistics.median(times):8.3f}  {max(times):9.3f}" if times else
                 f"{'-':>8}  {'-':>9}")
        print(f"{left:>6}  {len(by_unseen[left]):>9}  {len(times):>12}  {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
