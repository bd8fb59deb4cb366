"""Faults and hostile input, the fourth round (issue 47): rows never missing behind status 0,
memory bounds, numba's cache, the library's own callers, statuses and words, spreadsheets."""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .test_batch import file_digest

ROOT = Path(__file__).resolve().parents[1]
GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def error(message: str) -> str:
    return f"golfsolve: error: {message}\n"


def limited(resource_id: int, value: int):
    """A preexec_fn that sets the child's limit of ``resource_id`` to ``value``."""
    def set_limit() -> None:
        resource.setrlimit(resource_id, (value, value))
    return set_limit


# ----- 1. rows missing behind status 0 -------------------------------------------------------
@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A database of deals 1-60 under Easy and Classic (120 rows), and its export as JSON
    lines (about 400 kB)."""
    from golfsolve.cli import run

    folder = tmp_path_factory.mktemp("stored")
    db = folder / "r.sqlite"
    assert run(["batch", "1-60", "--jobs", "1", "--db", str(db), "--quiet", "--json"]) == 0
    whole = subprocess.run([*GOLFSOLVE, "export", "--db", str(db), "--out", "-", "--format",
                            "jsonl"], capture_output=True, env=ENV, check=True)
    assert whole.stderr == b"120 rows written to standard output\n"
    return db, whole.stdout


@pytest.mark.parametrize("unbuffered", ["1", ""])
def test_export_to_standard_output_under_a_file_size_limit_fails_instead_of_losing_rows(
        stored, tmp_path, unbuffered):
    db, whole = stored
    target = tmp_path / "rows.jsonl"
    env = {**ENV, "PYTHONUNBUFFERED": unbuffered}
    # (SQLite's shared-memory file, 32 kB, is a file under the limit too)
    with open(target, "wb") as out:
        done = subprocess.run([*GOLFSOLVE, "export", "--db", str(db), "--out", "-", "--format",
                               "jsonl"], stdout=out, stderr=subprocess.PIPE, text=True, env=env,
                              preexec_fn=limited(resource.RLIMIT_FSIZE, 1 << 16), check=False)
    assert (done.returncode, done.stderr) == (
        1, error("cannot write standard output: File too large"))
    written = target.read_bytes()
    assert len(written) == 1 << 16 and whole.startswith(written)


def test_a_solution_to_standard_output_under_a_file_size_limit_is_refused_whole(tmp_path):
    target = tmp_path / "solution.json"
    with open(target, "wb") as out:
        done = subprocess.run([*GOLFSOLVE, "solve", "1", "--json"], stdout=out,
                              stderr=subprocess.PIPE, text=True,
                              env={**ENV, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=limited(resource.RLIMIT_FSIZE, 1024), check=False)
    assert (done.returncode, done.stderr) == (
        1, error("cannot write standard output: File too large"))
    assert target.stat().st_size == 1024


def test_black_hole_solvers_command_line_checks_its_writes_whole_too(tmp_path):
    target = tmp_path / "answer.txt"
    board = ROOT / "tests" / "data" / "rules-page-deal.board"
    with open(target, "wb") as out:
        done = subprocess.run([sys.executable, "-c", "from golfsolve.cli.bhs import bhs_main; "
                               "bhs_main()", "--game", "golf", "--wrap-ranks",
                               "--display-boards", str(board)], stdout=out,
                              stderr=subprocess.PIPE, text=True,
                              env={**ENV, "PYTHONUNBUFFERED": "1"},
                              preexec_fn=limited(resource.RLIMIT_FSIZE, 100), check=False)
    assert (done.returncode, done.stderr) == (
        1, "golfsolve-bhs: error: cannot write the output: File too large\n")
