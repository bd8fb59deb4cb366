"""The benchmark scripts run, at tiny sizes. Their figures are not checked here (speed belongs
to the benchmarks themselves); only that each mode still runs against today's code."""

import subprocess
import sys

import pytest

from .conftest import DATA

ROOT = DATA.parent.parent


@pytest.mark.parametrize(("script", "args", "expected"), [
    ("bench_batch.py", ["--deals", "6", "--rules", "easy"],
     "  same summaries with 1 and 2 jobs: True"),
    ("bench_odds.py", ["--deals", "1", "--samples", "5", "--rules", "classic"], "classic "),
    ("bench_dealer.py", ["--deals", "20", "--repeat", "1"], "Solvitaire, seeds "),
    ("policy_gap.py", ["--deals", "1-1", "--games", "2"], "classic: 1 deals, mean exact fair "
     "value 0.0%, hindsight policy 0.0%"),
    ("bench_fair.py", ["--whole-deals", "1-1", "--rules", "classic", "--jobs", "1"],
     "classic      1 "),
    ("bench_fair.py", ["--sizes", "4", "--per-size", "1", "--rules", "classic"], "classic "),
    ("bench_fair.py", ["--odds-processes", "1-1", "--rules", "classic"],
     "ours  classic        1 "),
    ("bench_follow.py", ["--deal", "1", "--rules", "classic", "--after", "3"],
     "  first hint after 3 moves of the solver: "),
    ("bench_score.py", ["--deals", "1-1", "--every", "10"], "deal   1 move 20: 11 unseen, "),
    ("policy_reach.py", ["--deals", "1", "--rules", "classic"],
     "deal 1 classic: S 0, P 0, Q 0; 0 choices, 0 alternatives, ruled out by bound 1: 0 (0%); "
     "W 0/18,162,144,000; "),
    ("bench_census.py", ["--deals", "16", "--fixed-deals", "8", "--runs", "1", "--jobs", "1"],
     "  projected census of 10,000,000 deals: "),
])
def test_a_benchmark_runs(script, args, expected):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, timeout=300, check=False)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr[-2000:]
    if expected is not None:
        assert any(line.startswith(expected) for line in done.stdout.splitlines()), done.stdout
