"""The first run after installing: whole commands from an empty numba cache, and again warm.

    python benchmarks/bench_first_run.py [--rounds 3] [--only solve,odds,odds-jobs]
                                         [--baseline REF]

Each command runs as users run it, a process of its own (python -m golfsolve ...), its
standard output and error read and dropped: first with NUMBA_CACHE_DIR a new empty
directory (the first run after installing: the kernels it needs are compiled), then again
with the same directory (warm: they are loaded). For each it prints the median over the
rounds of the wall seconds and the CPU seconds (user, and system) of the process and the
workers it waited for, and the load average (1 minute) when each run began: on a shared
machine the wall seconds grow with the load, the CPU seconds much less.

- solve: ``solve GO1-E-AAAAAAB``, an Easy deal (beams find its win);
- odds: ``odds GO1-C-AAAAAAD --jobs 1 --quiet``, a Classic deal's odds and fair value in one
  process;
- odds-jobs: the same with --jobs left to its default (a worker a core).

With ``--baseline REF`` the git ref REF is checked out to a temporary directory (git archive:
the repository itself is not touched) and each run of this tree's code is followed, or
preceded, in turns, by the same run of REF's, so that the pair sees the same load; it prints
the median of the ratios pair by pair (this tree's over REF's).
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

COMMANDS = {
    "solve": ["solve", "GO1-E-AAAAAAB"],
    "odds": ["odds", "GO1-C-AAAAAAD", "--jobs", "1", "--quiet"],
    "odds-jobs": ["odds", "GO1-C-AAAAAAD", "--quiet"],
}


def run(tree: Path, args: list[str], cache: str) -> dict:
    """One process of golfsolve ``args`` with the code of ``tree`` and numba's cache in
    ``cache``: its wall, user and system seconds, its exit status and the load before."""
    env = {**os.environ, "PYTHONPATH": str(tree), "NUMBA_CACHE_DIR": cache}
    load = os.getloadavg()[0]
    began = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "golfsolve", *args], env=env, cwd=tree,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)  # -m imports from the cwd first
    error = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - began
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(args)} ({tree}) failed: {error.decode()[-2000:]}")
    return {"wall": wall, "user": usage.ru_utime, "sys": usage.ru_stime, "load": load}


def first_and_warm(tree: Path, args: list[str]) -> tuple[dict, dict]:
    """A run from an empty cache and one after it, warm."""
    cache = tempfile.mkdtemp(prefix="golfsolve-first-run-")
    try:
        return run(tree, args, cache), run(tree, args, cache)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def checkout(ref: str) -> Path:
    """REF's files in a new temporary directory."""
    where = Path(tempfile.mkdtemp(prefix="golfsolve-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True,
                             check=False)
    if archive.returncode:
        shutil.rmtree(where)
        raise SystemExit(f"git archive {ref}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive.stdout, check=True)
    return where


def median(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="runs of each (median)")
    parser.add_argument("--only", default=",".join(COMMANDS),
                        help=f"the commands, of {', '.join(COMMANDS)}")
    parser.add_argument("--baseline", metavar="REF", help="a git ref to run beside this tree")
    args = parser.parse_args()
    names = args.only.split(",")
    unknown = [name for name in names if name not in COMMANDS]
    if unknown:
        parser.error(f"no command {', '.join(unknown)}: one of {', '.join(COMMANDS)}")
    base = checkout(args.baseline) if args.baseline else None
    trees = {"this": ROOT} if base is None else {"this": ROOT, args.baseline: base}
    runs: dict[tuple[str, str, str], list[dict]] = {}
    try:
        for n in range(args.rounds):
            for name in names:
                order = list(trees.items()) if n % 2 == 0 else list(trees.items())[::-1]
                for label, tree in order:
                    first, warm = first_and_warm(tree, COMMANDS[name])
                    runs.setdefault((label, name, "first"), []).append(first)
                    runs.setdefault((label, name, "warm"), []).append(warm)
                    print(f"  round {n + 1} {name} {label}: first {first['wall']:.1f} s wall "
                          f"{first['user']:.1f} s user, warm {warm['wall']:.1f} s wall "
                          f"{warm['user']:.1f} s user (load {first['load']:.1f})", flush=True)
    finally:
        if base is not None:
            shutil.rmtree(base, ignore_errors=True)
    print(f"medians of {args.rounds} round(s), seconds; load: the 1-minute load average as "
          f"each run began, on {os.cpu_count()} cores")
    header = (f"{'command':10} {'run':5} {'code':12} {'wall':>6} {'user':>6} {'sys':>5} "
              f"{'load':>5}")
    if base is not None:
        header += f" {'wall ratio':>10} {'user ratio':>10}"
    print(header)
    print("-" * len(header))
    for name in names:
        for when in ("first", "warm"):
            for label in trees:
                rows = runs[(label, name, when)]
                line = (f"{name:10} {when:5} {label[:12]:12} {median(rows, 'wall'):6.1f} "
                        f"{median(rows, 'user'):6.1f} {median(rows, 'sys'):5.1f} "
                        f"{median(rows, 'load'):5.1f}")
                if base is not None and label == "this":
                    other = runs[(args.baseline, name, when)]
                    for key in ("wall", "user"):
                        pairs = zip(rows, other, strict=True)
                        line += f" {statistics.median(a[key] / b[key] for a, b in pairs):10.2f}"
                print(line)


if __name__ == "__main__":
    main()
