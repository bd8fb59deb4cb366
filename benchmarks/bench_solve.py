"""Speed of golfsolve's solver, with ratios against baselines run in this same process.

    python benchmarks/bench_solve.py [--deals 1000] [--rules easy,classic,dead-king]
    python benchmarks/bench_solve.py --bhs /path/to/multi-bhs-solver

For PySolFC deals 1..N under each rule set it prints deals per CPU-second and states per
second for the default solve (beam, then the exact search) and for --fewest-moves (the exact
search alone), next to the baseline: the exhaustive layered search (one visited bit per
(heights, waste), the plain design; under strict rules the strict search walking every
reachable state, its EXHAUSTIVE mode). The pure-Python reference search of the tests runs on
the first few deals for a second ratio. Then peak memory, and the CLI's cold start (compiling
into an empty numba cache) and warm start. If black-hole-solver's multi-bhs-solver is on PATH,
it solves the same deals, and its time and the verdict agreement are printed too.

Then, whole processes as users run them: the marginal cost of a deal (the CPU time of
`golfsolve batch 1-N --jobs 1` minus that of `batch 1-1`, over N - 1) per rule set, next to
black-hole-solver's (multi-bhs-solver on N boards minus on 1) with the ratio and the verdict
agreement (black-hole-solver has no strict rules: strict's cost stands beside the others');
and the census projection: `batch 1-20000 --rules all --jobs 2` (the four rule sets), wall
time, projected to a million deals.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.kernels import strict  # noqa: E402
from golfsolve.kernels.bound import bound_pays  # noqa: E402
from golfsolve.model.deal import Deal  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.rules import parse_rules_list  # noqa: E402
from golfsolve.solver import (  # noqa: E402
    load_kernels,
    run_beams,
    run_layered,
    run_settle,
    run_strict,
    solve,
)
from tests.reference import reference_search  # noqa: E402

BHS_FLAGS = {"easy": ["--wrap-ranks"], "classic": ["--queens-on-kings"], "dead-king": []}


def baseline(deal: Deal, rules) -> tuple[bool, int, int]:
    """(won, max removed, states) of the plain exhaustive walk: the layered kernel with one
    visited bit per (heights, waste), or under strict rules the strict walk of every state."""
    if rules.draw_any_time:
        out = run_layered(Game(deal, rules))[0]
        return bool(out[1]), int(out[2]), int(out[3])
    out = run_strict(Game(deal, rules), strict.EXHAUSTIVE)[0]
    return bool(out[strict.OUT_WON]), int(out[strict.OUT_MAX_REMOVED]), int(out[strict.OUT_STATES])


def cpu_timed(fn, items):
    began = time.process_time()
    results = [fn(item) for item in items]
    return time.process_time() - began, results


def reference_timed(deals, rules):
    return cpu_timed(lambda d: reference_search(Game(d, rules)), deals)


def peak_rss_mb() -> float:
    """This process's peak resident memory. On Linux VmHWM, which, unlike ru_maxrss, does not
    carry over the parent's peak into a child started by fork and exec."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def solve_only_peak(numbers: range, rules_text: str) -> float:
    """Peak RSS of a fresh process that only solves (as `golfsolve solve` would)."""
    for rules in parse_rules_list(rules_text):
        for n in numbers:
            solve(Deal.from_number(n), rules)
            solve(Deal.from_number(n), rules, fewest_moves=True)
    return peak_rss_mb()


def cli_start(code: str, cache_dir: str) -> float:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "golfsolve", "solve", code], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def children_cpu(args: list[str]) -> tuple[float, str]:
    """CPU seconds (user + system) of a command and its children, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def marginal(deals: list[Deal], rules_name: str, bhs: str | None) -> None:
    """Whole-process CPU time of N deals minus that of 1, golfsolve and black-hole-solver.

    This machine's speed drifts over minutes (the same run can take half as long again a
    while later), so golfsolve runs before and after black-hole-solver, and the ratio is given
    against both runs: the range is how far the drift moves it."""
    n = len(deals)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.csv"

        def golfsolve_marginal() -> float:
            """Each run three times, the median kept: a process's start-up alone varies by
            tenths of a second, which would move the marginal cost by tenths of a ms."""
            golf = [sys.executable, "-m", "golfsolve", "batch", "--rules", rules_name, "--jobs",
                    "1", "--quiet"]
            one = statistics.median(children_cpu([*golf, "1-1"])[0] for _ in range(3))
            many = statistics.median(children_cpu([*golf, f"1-{n}", "--out", str(out)])[0]
                                     for _ in range(3))
            print(f"{rules_name:<10} golfsolve batch: 1 deal {one:.2f} CPU-s, {n} deals "
                  f"{many:.2f} CPU-s: marginal {1000 * (many - one) / (n - 1):.3f} ms a deal")
            return (many - one) / (n - 1)

        per_deal = golfsolve_marginal()
        ours = [line.split(",")[4] == "true" for line in out.read_text().splitlines()[1:]]
        if not bhs or rules_name not in BHS_FLAGS:
            if bhs:
                print(f"{'':<10} black-hole-solver has no {rules_name} rules: no comparison")
            return
        paths = []
        for k, deal in enumerate(deals, 1):
            path = Path(tmp) / f"golf{k}.board"
            path.write_text(deal.to_board())
            paths.append(str(path))
        flags = ["--game", "golf", *BHS_FLAGS[rules_name]]
        b_one, _ = children_cpu([bhs, *flags, paths[0]])
        b_many, text = children_cpu([bhs, *flags, *paths])
        theirs = ["\nSolved!" in "\n" + block for block in text.split("[= Starting file")[1:]]
        b_per_deal = (b_many - b_one) / (n - 1)
        agree = sum(a == b for a, b in zip(theirs, ours, strict=True))
        print(f"{'':<10} black-hole-solver: 1 deal {b_one:.2f} CPU-s, {n} deals {b_many:.2f} "
              f"CPU-s: marginal {1000 * b_per_deal:.3f} ms a deal; verdicts agree on "
              f"{agree}/{n}")
        again = golfsolve_marginal()
        low, high = sorted((b_per_deal / per_deal, b_per_deal / again))
        print(f"{'':<10} golfsolve's marginal cost is {low:.1f}-{high:.1f}x lower "
              f"(against its run before and after black-hole-solver's)")


def census(deals: int = 20000) -> None:
    """`batch 1-N --rules all --jobs 2` (the four rule sets) wall time, projected to a million
    deals."""
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "golfsolve", "batch", f"1-{deals}", "--rules", "all",
                    "--jobs", "2", "--quiet"], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - began
    print(f"census: batch 1-{deals} --rules all (4 rule sets) --jobs 2 in {wall:.1f} s wall "
          f"({deals / wall:.0f} deals/s): a million deals in {1e6 / deals * wall / 3600:.2f} h")


def bound_effect(deals: list[Deal], rules) -> None:
    """The exact search alone on the deals the beams do not win, settling everything, with the
    bound (the floor one card above the beams' best, as a solve sets it) and without."""
    if not rules.draw_any_time:
        print(f"{'':<10} no beams and no bound under these rules: one walk decides")
        return
    left = []
    for deal in deals:
        game = Game(deal, rules)
        out, _, _ = run_beams(game)
        if not out[1]:
            left.append((game, int(out[2]) + 1))
    if not bound_pays(rules.fits_table()):
        print(f"{'':<10} the bound is not checked under these rules ({len(left)} deals left "
              f"to the exact search)")
        return
    plain_cpu, plain = cpu_timed(lambda item: run_settle(item[0])[0].copy(), left)
    bound_cpu, bound = cpu_timed(lambda item: run_settle(item[0], floor=item[1])[0].copy(), left)
    heights = [sum(int(o[6]) for o in outs) for outs in (plain, bound)]
    print(f"{'':<10} exact search on the {len(left)} deals the beams leave, settling all: "
          f"{heights[0]:,} height vectors and {plain_cpu:.2f} CPU-s without the bound, "
          f"{heights[1]:,} ({heights[1] / heights[0]:.0%}) and {bound_cpu:.2f} CPU-s with it: "
          f"{plain_cpu / bound_cpu:.2f}x")


def run_bhs(deals: list[Deal], rules_name: str, exe: str | None) -> tuple[float, list[bool]] | None:
    if not exe or rules_name not in BHS_FLAGS:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for n, deal in enumerate(deals, 1):
            path = Path(tmp) / f"golf{n}.board"
            path.write_text(deal.to_board())
            paths.append(str(path))
        began = time.perf_counter()
        usage0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([exe, "--game", "golf", *BHS_FLAGS[rules_name], *paths],
                              capture_output=True, text=True, check=False)
        usage1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        del began
    cpu = (usage1.ru_utime - usage0.ru_utime) + (usage1.ru_stime - usage0.ru_stime)
    verdicts = []
    for block in done.stdout.split("[= Starting file")[1:]:
        verdicts.append("\nSolved!" in "\n" + block)
    return cpu, verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="PySolFC deals 1..N")
    parser.add_argument("--rules", default="all", help="rule sets (default: all)")
    parser.add_argument("--reference-deals", type=int, default=2,
                        help="deals for the pure-Python reference (slow)")
    parser.add_argument("--no-cli", action="store_true", help="skip the CLI start-up timing")
    parser.add_argument("--bhs", metavar="PATH", default=shutil.which("multi-bhs-solver"),
                        help="black-hole-solver's multi-bhs-solver (default: from PATH; '' for "
                        "none)")
    parser.add_argument("--no-kernels", action="store_true",
                        help="skip the in-process kernel figures")
    parser.add_argument("--census-deals", type=int, default=20000,
                        help="deals for the census projection (0: skip it)")
    args = parser.parse_args()
    if args.bhs and not os.access(args.bhs, os.X_OK):
        parser.error(f"--bhs {args.bhs}: no such program")
    deals = [Deal.from_number(n) for n in range(1, args.deals + 1)]
    print("marginal cost of a deal, whole processes:")
    for rules in parse_rules_list(args.rules):
        marginal(deals, rules.name, args.bhs)
    if args.census_deals:
        census(args.census_deals)
    print()
    if args.no_kernels:
        return

    began = time.process_time()
    deals = [Deal.from_number(n) for n in range(1, args.deals + 1)]
    deal_cpu = time.process_time() - began
    print(f"dealing: {args.deals} deals in {deal_cpu:.2f} CPU-s "
          f"({args.deals / deal_cpu:,.0f} deals/CPU-s, pysol_cards)")
    began = time.perf_counter()
    load_kernels()
    print(f"kernels loaded in {time.perf_counter() - began:.2f} s\n")

    header = (f"{'rules':<10} {'search':<22} {'won':>5} {'CPU-s':>7} {'deals/CPU-s':>12} "
              f"{'states/s':>12} {'vs baseline':>12}")
    print(header)
    print("-" * len(header))
    for rules in parse_rules_list(args.rules):
        base_cpu, base = cpu_timed(lambda d, r=rules: baseline(d, r), deals)
        label = "baseline (layered)" if rules.draw_any_time else "baseline (strict, all)"
        rows = [(label, base_cpu, sum(w for w, _, _ in base), sum(n for _, _, n in base))]
        verdicts = {}
        for label, fewest in (("golfsolve", False), ("golfsolve --fewest", True)):
            cpu, sols = cpu_timed(lambda d, r=rules, f=fewest: solve(d, r, fewest_moves=f), deals)
            rows.append((label, cpu, sum(s.winnable for s in sols), sum(s.states for s in sols)))
            verdicts[label] = [(s.winnable, s.max_removed) for s in sols]
        agree = verdicts["golfsolve"] == verdicts["golfsolve --fewest"] == [
            (w, m) for w, m, _ in base]
        for label, cpu, won, states in rows:
            print(f"{rules.name:<10} {label:<22} {won:>5} {cpu:>7.2f} {len(deals) / cpu:>12,.0f} "
                  f"{states / cpu:>12,.0f} {base_cpu / cpu:>11.1f}x")
        print(f"{'':<10} verdicts and maxima agree across the three: {agree}")
        bound_effect(deals, rules)

        ref_deals = deals[: args.reference_deals]
        if ref_deals:
            # in a child process, so that its memory does not count as golfsolve's
            with multiprocessing.get_context("spawn").Pool(1) as pool:
                ref_cpu, refs = pool.apply(reference_timed, (ref_deals, rules))
            our_cpu, ours = cpu_timed(lambda d, r=rules: solve(d, r), ref_deals)
            same = [(w, m) for w, m, _ in refs] == [(s.winnable, s.max_removed) for s in ours]
            print(f"{'':<10} pure-Python reference on {len(ref_deals)} deals: {ref_cpu:.2f} CPU-s, "
                  f"golfsolve {our_cpu:.4f} CPU-s: {ref_cpu / max(our_cpu, 1e-9):,.0f}x faster, "
                  f"same answers: {same}")
        bhs = run_bhs(deals, rules.name, args.bhs)
        if bhs is None:
            why = ("--bhs ''" if args.bhs == "" else "multi-bhs-solver not on PATH"
                   if not args.bhs else f"black-hole-solver has no {rules.name} rules")
            print(f"{'':<10} {why}: no black-hole-solver comparison")
        else:
            bhs_cpu, bhs_won = bhs
            ours = [w for w, _ in verdicts["golfsolve"]]
            agree = sum(a == b for a, b in zip(bhs_won, ours, strict=False))
            cpu = rows[1][1]
            print(f"{'':<10} black-hole-solver: {bhs_cpu:.2f} CPU-s; golfsolve is "
                  f"{bhs_cpu / cpu:.1f}x faster; verdicts agree on {agree}/{len(deals)}")
        print()

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        alone = pool.apply(solve_only_peak, (range(1, args.deals + 1), args.rules))
    print(f"peak memory: {alone:.0f} MB for golfsolve alone (a fresh process solving every "
          f"deal both ways); {peak_rss_mb():.0f} MB for this process, baselines included")
    if not args.no_cli:
        with tempfile.TemporaryDirectory() as cache:
            cold = cli_start("GO1-C-AAAAAAB", cache)
            warm = min(cli_start("GO1-C-AAAAAAB", cache) for _ in range(3))
        print(f"CLI 'golfsolve solve GO1-C-AAAAAAB': cold start (compiling) {cold:.2f} s, "
              f"warm start {warm:.2f} s (wall)")


if __name__ == "__main__":
    main()
