"""Throughput of `golfsolve batch`: deals per second with 1 and 2 jobs, and the per-deal cost of
dealing, storing and reporting next to the solve time.

    python benchmarks/bench_batch.py [--deals 2000] [--rules easy,classic]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.analysis import parse_deals, run_batch, summarize, write_rows  # noqa: E402
from golfsolve.deal import Deal  # noqa: E402
from golfsolve.game import Game  # noqa: E402
from golfsolve.rules import parse_rules_list  # noqa: E402
from golfsolve.solver import load_kernels, solve_game  # noqa: E402


def timed(fn):
    began = time.perf_counter()
    result = fn()
    return time.perf_counter() - began, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rules", default="easy,classic")
    args = parser.parse_args()
    rules = list(parse_rules_list(args.rules))
    names = [r.name for r in rules]
    spec = [f"1-{args.deals}"]
    items = parse_deals(spec)
    n = len(items)
    load_kernels(Deal.from_number(1))

    deal_s, deals = timed(lambda: [item.deal() for item in items])
    solve_s, _ = timed(lambda: [solve_game(Game(d, r)) for d in deals for r in rules])
    one_s, rows = timed(lambda: run_batch(items, rules, jobs=1))
    two_s, rows2 = timed(lambda: run_batch(items, rules, jobs=2))
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite")
        options = {"deals": spec, "rules": names, "fewest_moves": False}
        db_s, _ = timed(lambda: run_batch(items, rules, jobs=1, db=db, options=options))
        report_s, _ = timed(lambda: (summarize(rows, names),
                                     write_rows(rows, str(Path(tmp) / "out.csv"))))
    same = [(r["deal"], r["rules"], r["winnable"], r["max_removed"]) for r in rows] == [
        (r["deal"], r["rules"], r["winnable"], r["max_removed"]) for r in rows2]

    print(f"{n} deals x {len(rules)} rule sets ({', '.join(names)})")
    print(f"  batch, 1 job : {one_s:7.2f} s wall  {n / one_s:8.1f} deals/s")
    print(f"  batch, 2 jobs: {two_s:7.2f} s wall  {n / two_s:8.1f} deals/s  "
          f"scaling {one_s / two_s:.2f}x (ideal 2x; includes starting the workers)")
    print(f"  same results with 1 and 2 jobs: {same}")
    print("per deal (all rule sets):")
    print(f"  solve              {1000 * solve_s / n:8.3f} ms")
    print(f"  deal (pysol_cards) {1000 * deal_s / n:8.3f} ms")
    print(f"  batch overhead     {1000 * (one_s - solve_s - deal_s) / n:8.3f} ms "
          "(1 job, no database: chunks, rows, progress)")
    print(f"  storing            {1000 * (db_s - one_s) / n:8.3f} ms "
          "(SQLite, one transaction a deal)")
    print(f"  reporting          {1000 * report_s / n:8.3f} ms (summary and CSV)")


if __name__ == "__main__":
    main()
