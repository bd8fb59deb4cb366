"""The benchmarks' warm-up: the kernels of the code at a root compiled, or loaded from numba's
cache, before anything is timed, without a whole computation to time to do it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# every part of golfsolve.compiling the code at a root has, made ready side by side
READY = ("import golfsolve.compiling as c; c.ready([p for p in (getattr(c, n, None) for n in "
         "('SEARCH', 'STRICT_SEARCH', 'LAYERS', 'EXPECTIMAX')) if p is not None], "
         "os.cpu_count() or 1)")


def compile_kernels(root: Path, fallback: list[str]) -> None:
    """The kernels of the code at ``root`` compiled (or found in numba's cache) in a process
    of its own; code older than golfsolve.compiling runs the golfsolve arguments
    ``fallback`` once instead (a command that compiles what the benchmark times)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", f"import os; {READY}"], cwd=root, env=env,
                          capture_output=True, check=False)
    if done.returncode != 0:
        subprocess.run([sys.executable, "-m", "golfsolve", *fallback], cwd=root, env=env,
                       stdout=subprocess.DEVNULL, check=True)
