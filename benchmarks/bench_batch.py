"""Throughput and memory of `golfsolve batch`.

    python benchmarks/bench_batch.py [--deals 2000] [--rules easy,classic]
        deals per second with 1 and 2 jobs (the scaling ratio), and the per-deal cost of
        dealing, storing and reporting next to the solve time, in this process
    python benchmarks/bench_batch.py --census 20000
        `batch 1-N --rules all --jobs 2` as a user runs it: deals per second, the projected
        hours for a census of one million deals under all four rule sets, and the peak memory
        of the main process and of a worker
    python benchmarks/bench_batch.py --scale [--seconds 60]
        memory at scale: a run over every deal number stopped after --seconds, resuming a
        database of a million deals (time to the first newly solved row), and exporting it

Figures are for this machine; run nothing else meanwhile (it has 2 cores).
"""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from golfsolve.batch.deals import DealList  # noqa: E402
from golfsolve.batch.rows import RowWriter  # noqa: E402
from golfsolve.batch.run import run_batch  # noqa: E402
from golfsolve.batch.store import ResultStore  # noqa: E402
from golfsolve.model.game import Game  # noqa: E402
from golfsolve.model.rules import parse_rules_list  # noqa: E402
from golfsolve.solver import load_kernels, solve_game  # noqa: E402

GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
MILLION = 1_000_000


def timed(fn):
    began = time.perf_counter()
    result = fn()
    return time.perf_counter() - began, result


# ----- peak memory of a command and its workers ------------------------------------------------
def _status(pid: int, field: str) -> int:
    """A VmXXX field of /proc/PID/status in kB (0 when the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Measured:
    """A command run in the background, its peak RSS and its workers' sampled until it ends."""

    def __init__(self, args: list[str]) -> None:
        self.began = time.perf_counter()
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
        self.main_kb = 0
        self.worker_kb = 0

    def sample(self) -> None:
        self.main_kb = max(self.main_kb, _status(self.proc.pid, "VmHWM"))
        for child in _children(self.proc.pid):
            self.worker_kb = max(self.worker_kb, _status(child, "VmHWM"))

    def wait(self, seconds: float | None = None, until=None) -> float:
        """Sample until the command ends, ``seconds`` pass or ``until()`` holds; the time."""
        while self.proc.poll() is None:
            self.sample()
            elapsed = time.perf_counter() - self.began
            if (seconds is not None and elapsed >= seconds) or (until and until()):
                return elapsed
            time.sleep(0.05)
        return time.perf_counter() - self.began

    def finish(self, stop: int | None = None) -> str:
        if stop is not None and self.proc.poll() is None:
            self.proc.send_signal(stop)
        out, _ = self.proc.communicate()
        return out

    def memory(self) -> str:
        worker = f", worker {self.worker_kb / 1024:.0f} MB" if self.worker_kb else ""
        return f"peak RSS main {self.main_kb / 1024:.0f} MB{worker}"


def stored_rows(db: Path, where: str = "1") -> int:
    try:
        with sqlite3.connect(db, timeout=1) as con:
            return con.execute(f"SELECT count(*) FROM results WHERE {where}").fetchone()[0]
    except sqlite3.Error:
        return 0


# ----- the modes ---------------------------------------------------------------------------------
def in_process(deals: int, rules_text: str) -> None:
    rules = list(parse_rules_list(rules_text))
    names = [r.name for r in rules]
    spec = [f"1-{deals}"]
    load_kernels()
    deal_s, dealt = timed(lambda: [item.position() for item in DealList(spec)])
    solve_s, _ = timed(lambda: [solve_game(Game(d, r)) for d in dealt for r in rules])
    one_s, one = timed(lambda: run_batch(DealList(spec), rules, jobs=1))
    two_s, two = timed(lambda: run_batch(DealList(spec), rules, jobs=2))
    with tempfile.TemporaryDirectory() as tmp:
        with ResultStore(Path(tmp) / "bench.sqlite") as store:
            store.claim(False)
            db_s, _ = timed(lambda: run_batch(DealList(spec), rules, jobs=1, store=store))
        with RowWriter(str(Path(tmp) / "out.csv")) as writer:
            out_s, _ = timed(lambda: run_batch(DealList(spec), rules, jobs=1, writer=writer))
    same = one.tally.summaries() == two.tally.summaries()

    print(f"{deals} deals x {len(rules)} rule sets ({', '.join(names)}), in this process")
    print(f"  batch, 1 job : {one_s:7.2f} s wall  {deals / one_s:8.1f} deals/s")
    print(f"  batch, 2 jobs: {two_s:7.2f} s wall  {deals / two_s:8.1f} deals/s  "
          f"scaling {one_s / two_s:.2f}x (ideal 2x; includes starting the workers)")
    print(f"  same summaries with 1 and 2 jobs: {same}")
    print("per deal (all rule sets):")
    print(f"  solve              {1000 * solve_s / deals:8.3f} ms")
    print(f"  deal (pysol_cards) {1000 * deal_s / deals:8.3f} ms")
    print(f"  batch overhead     {1000 * (one_s - solve_s - deal_s) / deals:8.3f} ms "
          "(1 job, no database: blocks, rows, summary)")
    print(f"  storing            {1000 * (db_s - one_s) / deals:8.3f} ms (SQLite)")
    print(f"  writing a CSV      {1000 * (out_s - one_s) / deals:8.3f} ms")


def census(deals: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "census.sqlite"
        run = Measured([*GOLFSOLVE, "batch", f"1-{deals}", "--rules", "all", "--jobs",
                        str(jobs), "--quiet", "--db", str(db)])
        seconds = run.wait()
        out = run.finish()
    rate = deals / seconds
    print(f"census of deals 1-{deals} under easy, classic, dead-king and strict, --jobs "
          f"{jobs}, whole command:")
    print(f"  {seconds:.1f} s wall, {rate:.1f} deals/s (all four rule sets each)")
    print(f"  projected for one million deals: {MILLION / rate / 3600:.2f} hours")
    print(f"  {run.memory()}")
    print("  " + "\n  ".join(line for line in out.splitlines() if not line.startswith("  ")))


def scale(seconds: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "all.sqlite"
        run = Measured([*GOLFSOLVE, "batch", "1-8031810175", "--rules", "all", "--quiet",
                        "--db", str(db), "--out", str(Path(tmp) / "all.csv")])
        first = run.wait(until=lambda: stored_rows(db) > 0)
        run.wait(seconds)
        run.finish(signal.SIGINT)
        print(f"batch 1-8031810175 --rules all, stopped after {seconds:.0f} s: first row stored "
              f"after {first:.1f} s, {stored_rows(db)} rows stored; {run.memory()}")

        million = Path(tmp) / "million.sqlite"
        subprocess.run([*GOLFSOLVE, "batch", "1", "--rules", "all", "--jobs", "1", "--quiet",
                        "--db", str(million)], check=True, stdout=subprocess.DEVNULL)
        with sqlite3.connect(million) as con:  # a million deals' rows, made up, not solved
            con.execute(
                "WITH RECURSIVE n(x) AS (SELECT 2 UNION ALL SELECT x + 1 FROM n WHERE x < ?) "
                "INSERT INTO results SELECT x, x, x, NULL, r.name, x % 6 = 5, 30 + x % 6, "
                "20 * (30 + x % 6) - 350, 0, "
                "'d1d2d3d4d5d6d7d1d2d3d4d5d6d7d1d2d3d4d5d6d7d1d2d3d4d5', 1000, 1.5, NULL, NULL, "
                "NULL FROM n, (SELECT 'easy' AS name UNION ALL SELECT 'classic' "
                "UNION ALL SELECT 'dead-king') r", (MILLION,))
        size = os.path.getsize(million) / 2**20
        run = Measured([*GOLFSOLVE, "batch", f"1-{MILLION + 50}", "--rules", "all", "--quiet",
                        "--db", str(million)])
        first = run.wait(until=lambda: stored_rows(million, f"number > {MILLION}") > 0)
        total = run.wait()
        run.finish()
        print(f"resuming a database of a million deals x 3 rule sets ({size:.0f} MB) with 50 "
              f"more: first new row after {first:.1f} s, done in {total:.1f} s; {run.memory()}")
        run = Measured([*GOLFSOLVE, "export", "--db", str(million), "--out",
                        str(Path(tmp) / "million.csv")])
        total = run.wait()
        run.finish()
        print(f"export of its {3 * (MILLION + 50)} rows to CSV: {total:.1f} s; {run.memory()}")
        run = Measured([*GOLFSOLVE, "compare", "--db", str(million), "--rules", "all"])
        total = run.wait()
        run.finish()
        print(f"compare --db of it (all three rule sets): {total:.1f} s; {run.memory()}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description="Throughput and memory of golfsolve batch (see the module docstring).")
    parser.add_argument("--deals", type=int, default=2000, help="deals for the in-process mode")
    parser.add_argument("--rules", default="easy,classic", help="rules for the in-process mode")
    parser.add_argument("--census", type=int, metavar="N",
                        help="run batch 1-N --rules all as a user does and project a million")
    parser.add_argument("--jobs", type=int, default=2, help="jobs for --census")
    parser.add_argument("--scale", action="store_true",
                        help="memory of a run over every deal, a resume and an export")
    parser.add_argument("--seconds", type=float, default=60, help="how long --scale's run goes")
    args = parser.parse_args()
    if args.census:
        census(args.census, args.jobs)
    elif args.scale:
        scale(args.seconds)
    else:
        in_process(args.deals, args.rules)


if __name__ == "__main__":
    main()
