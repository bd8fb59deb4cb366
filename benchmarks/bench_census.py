"""Speed of a census: `golfsolve census run` against `golfsolve batch`, side by side.

    python benchmarks/bench_census.py [--deals 20000] [--rules all] [--jobs 2] [--runs 3]
                                      [--solvitaire]

Each run is a whole process from a fresh census directory (so nothing is resumed): the
census (verdicts only, as bits) and the batch of the same deals under the same rule sets
(what a census was before the census command: rows with lines, maxima and scores, no
database), in turn A B A B, with the ratio batch/census pair by pair. It prints the medians,
the deals a second, and the projection of the JAIR-sized census: 10,000,000 deals under the
rule sets given. Run nothing else meanwhile: the machine has 2 cores.
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
    parser.add_argument("--solvitaire", action="store_true",
                        help="Solvitaire's seeds 1-N instead of PySolFC's deals 1-N")
    options = parser.parse_args()
    span = f"{'solvitaire:' if options.solvitaire else ''}1-{options.deals}"
    work = Path(tempfile.mkdtemp(prefix="bench-census-"))
    common = ["--rules", options.rules, "--jobs", str(options.jobs)]
    census_args = [*GOLFSOLVE, "census", "run", span, "--dir", str(work / "c"), *common,
                   "--quiet"]
    batch_args = [*GOLFSOLVE, "batch", span, *common, "--quiet"]
    try:
        timed([*GOLFSOLVE, "batch", "1-20", *common, "--quiet"])  # kernels compiled or loaded
        census_times, batch_times = [], []
        for run in range(options.runs):
            shutil.rmtree(work / "c", ignore_errors=True)
            census_times.append(timed(census_args))
            batch_times.append(timed(batch_args))
            print(f"run {run + 1}: census {census_times[-1]:.1f} s, batch {batch_times[-1]:.1f} s,"
                  f" ratio {batch_times[-1] / census_times[-1]:.2f}", flush=True)
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
    hours = JAIR_DEALS / options.deals * census / 3600
    print(f"  projected census of {JAIR_DEALS:,} deals: {hours:.2f} h (batch: "
          f"{JAIR_DEALS / options.deals * batch / 3600:.2f} h)")


if __name__ == "__main__":
    main()
