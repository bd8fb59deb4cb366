"""Speed of a census: `golfsolve census run` against `golfsolve batch`, side by side.

    python benchmarks/bench_census.py [--deals 20000] [--rules all] [--jobs 2] [--runs 3]
                                      [--fixed-deals 2000] [--solvitaire]

Each run is a whole process from a fresh census directory (so nothing is resumed): the
census (verdicts only, as bits) and the batch of the same deals under the same rule sets
(what a census was before the census command: rows with lines, maxima and scores, no
database), in turn A B A B, with the ratio batch/census pair by pair. It prints the medians,
the deals a second, and the projection of the JAIR-sized census: 10,000,000 deals under the
rule sets given, by the marginal cost of a deal (each command's run of --fixed-deals deals,
timed in turn too, is what a run costs besides its deals: the start, the workers' start, the
last block's wait, paid once a census) and, for comparison, by scaling the whole run. Run
nothing else meanwhile: the machine has 2 cores.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
JAIR_DEALS = 10_000_000


def timed(args: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--rules", default="all")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fixed-deals", type=int, default=2000,
                        help="the short run whose time is a run's cost besides its deals")
    parser.add_argument("--solvitaire", action="store_true",
                        help="Solvitaire's seeds 1-N instead of PySolFC's deals 1-N")
    options = parser.parse_args()
    if not 0 < options.fixed_deals < options.deals:
        parser.error("--fixed-deals must be at least 1 and fewer than --deals")
    span = f"{'solvitaire:' if options.solvitaire else ''}1-{options.deals}"
    work = Path(tempfile.mkdtemp(prefix="bench-census-"))
    common = ["--rules", options.rules, "--jobs", str(options.jobs)]
    short = span.replace(f"1-{options.deals}", f"1-{options.fixed_deals}")

    def census_args(deals: str) -> list[str]:
        shutil.rmtree(work / "c", ignore_errors=True)
        return [*GOLFSOLVE, "census", "run", deals, "--dir", str(work / "c"), *common, "--quiet"]

    def batch_args(deals: str) -> list[str]:
        return [*GOLFSOLVE, "batch", deals, *common, "--quiet"]

    try:
        timed([*GOLFSOLVE, "batch", "1-20", *common, "--quiet"])  # kernels compiled or loaded
        census_times, batch_times, census_fixed, batch_fixed = [], [], [], []
        for run in range(options.runs):
            census_fixed.append(timed(census_args(short)))
            census_times.append(timed(census_args(span)))
            batch_fixed.append(timed(batch_args(short)))
            batch_times.append(timed(batch_args(span)))
            print(f"run {run + 1}: census {census_times[-1]:.1f} s ({census_fixed[-1]:.1f} s for "
                  f"{short}), batch {batch_times[-1]:.1f} s ({batch_fixed[-1]:.1f} s), ratio "
                  f"{batch_times[-1] / census_times[-1]:.2f}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    census, batch = statistics.median(census_times), statistics.median(batch_times)
    ratios = sorted(b / c for b, c in zip(batch_times, census_times, strict=True))
    load = os.getloadavg()[0]
    print(f"{span} under {options.rules} with {options.jobs} jobs (load {load:.1f} at the end)")
    print(f"  census run: median {census:.1f} s, {options.deals / census:,.0f} deals a second")
    print(f"  batch:      median {batch:.1f} s, {options.deals / batch:,.0f} deals a second")
    print(f"  batch / census: median {statistics.median(ratios):.2f} "
          f"(min {ratios[0]:.2f}, max {ratios[-1]:.2f})")
    extra = options.deals - options.fixed_deals

    def projected(whole: list[float], fixed: list[float]) -> float:
        """Hours for the JAIR-sized census: the short run, then each deal past it at the
        median marginal cost."""
        per_deal = statistics.median((w - f) / extra for w, f in zip(whole, fixed, strict=True))
        return (statistics.median(fixed) + per_deal * (JAIR_DEALS - options.fixed_deals)) / 3600

    print(f"  projected census of {JAIR_DEALS:,} deals: {projected(census_times, census_fixed):.2f}"
          f" h by the marginal cost of a deal, {JAIR_DEALS / options.deals * census / 3600:.2f} h"
          f" by the whole run (batch: {projected(batch_times, batch_fixed):.2f} h, "
          f"{JAIR_DEALS / options.deals * batch / 3600:.2f} h)")


if __name__ == "__main__":
    main()
