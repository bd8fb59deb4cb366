"""scripts/fair_census.py, the no-peek census: its rows (exact fair values, first actions),
a run that goes on where it stopped, and the report page with its plots; and the published
census in docs/."""

import csv
import importlib.util
import socket
import subprocess
import sys
from fractions import Fraction

import pytest

from .conftest import DATA

ROOT = DATA.parent.parent
SCRIPT = ROOT / "scripts" / "fair_census.py"


def census(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=300, check=False)


def test_rows_a_resumed_run_and_the_report(tmp_path):
    table = tmp_path / "census.csv"
    done = census("run", "2-3", "--rules", "strict", "--csv", str(table), "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stderr  # a log's progress: a line each
    assert [line.split(", ")[0] for line in done.stderr.splitlines()[-2:]] == [
        "1/2 done", "2/2 done"]
    with open(table, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    # the strict expectimax's integers (tests/data/stock-fair-vectors.json, test_strict)
    assert [(r["deal"], r["rules"], r["wins"], r["orders"], r["best_first_action"])
            for r in rows] == [("2", "strict", "37038781280", "217945728000", "3"),
                               ("3", "strict", "3169567680", "217945728000", "7")]
    assert rows[0]["fair_value"] == "0.169945"
    assert all(0 <= float(r["clairvoyant_share"]) <= 1 and int(r["peak_bytes"]) > 10**7
               for r in rows)
    again = census("run", "2-3", "--rules", "strict", "--csv", str(table))
    assert again.stderr.splitlines()[0] == (f"0 deals and rule sets to compute (2 in {table} "
                                            "already)")
    page = tmp_path / "report.md"
    told = census("report", "--csv", str(table), "--out", str(page), "--note", "A note.")
    assert told.returncode == 0, told.stderr
    text = page.read_text(encoding="utf-8").splitlines()
    assert "| | strict, deals 2-3 |" in text
    mean = (Fraction(37038781280, 217945728000) + Fraction(3169567680, 217945728000)) / 2
    assert f"{100 * float(mean):.1f}%" == "9.2%"
    assert any(line.startswith("| **a perfect player who cannot see the stock wins** ")
               and "| **9.2%** [" in line for line in text)
    assert "| deals won with sight of their own stock | 0.0% (0) |" in text
    assert text[-1] == "A note."
    for name in ("fair-values.png", "fair-against-clairvoyant.png"):
        picture = tmp_path / "report" / name
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"](report/{name})" in "\n".join(text)


def test_bad_arguments_are_one_line(tmp_path):
    bad = census("run", "5-2", "--csv", "x.csv")
    assert bad.returncode == 2 and bad.stderr.splitlines()[-1].endswith(
        "not a range of deals: '5-2'")
    bad = census("run", "1-2", "--rules", "hard", "--csv", "x.csv")
    assert bad.returncode == 2 and bad.stderr.splitlines()[-1].endswith("unknown rules ['hard']")


def test_a_dask_cluster_gives_the_rows_of_local_processes(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        table = tmp_path / "dask.csv"
        done = census("run", "2-3", "--rules", "strict", "--csv", str(table), "--dask",
                      cluster.scheduler_address)
        assert done.returncode == 0, done.stderr
    with open(table, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["deal"], r["wins"], r["orders"], r["best_first_action"]) for r in rows] == [
        ("2", "37038781280", "217945728000", "3"), ("3", "3169567680", "217945728000", "7")]


def script_module():
    """scripts/fair_census.py as a module, for its ``main`` in this process."""
    spec = importlib.util.spec_from_file_location("fair_census_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_scheduler_that_answers_nothing_is_one_line(tmp_path, capsys, monkeypatch):
    pytest.importorskip("dask.distributed")
    from golfsolve.runners import DaskRunner

    with socket.socket() as sock:
        sock.bind(("localhost", 0))
        port = sock.getsockname()[1]  # closed again: nothing listens there
    # in this process, so that the connection is given up after 1 s instead of 10
    monkeypatch.setattr(DaskRunner, "CONNECT_SECONDS", 1)
    status = script_module().main(["run", "2-2", "--rules", "strict", "--csv",
                                   str(tmp_path / "x.csv"), "--dask", f"tcp://localhost:{port}"])
    assert status == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith(
        f"fair_census.py: error: cannot reach the Dask scheduler at tcp://localhost:{port}: ")
    assert not (tmp_path / "x.csv").exists() or (tmp_path / "x.csv").read_text() == ""
    missing = census("report", "--csv", str(tmp_path / "none.csv"), "--out", "x.md")
    assert missing.returncode == 2 and missing.stderr.splitlines()[-1].endswith(
        f"no census file {tmp_path / 'none.csv'}")
    (tmp_path / "bad.csv").write_text("deal,rules\n1,strict\n", encoding="utf-8")
    bad = census("report", "--csv", str(tmp_path / "bad.csv"), "--out", str(tmp_path / "x.md"))
    assert (bad.returncode, bad.stderr) == (2, f"fair_census.py: error: {tmp_path / 'bad.csv'} "
                                               "is not a census of rows with every field "
                                               "(KeyError: 'wins')\n")
    (tmp_path / "empty.csv").write_text("", encoding="utf-8")
    empty = census("report", "--csv", str(tmp_path / "empty.csv"), "--out", "x.md")
    assert empty.returncode == 2 and empty.stderr.endswith("(ValueError: no rows)\n")
    (tmp_path / "other.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    other = census("run", "1-1", "--csv", str(tmp_path / "other.csv"))
    assert other.returncode == 2 and other.stderr.endswith("(KeyError: 'deal')\n")
    nowhere = census("run", "1-1", "--csv", str(tmp_path / "no" / "such.csv"))
    assert (nowhere.returncode, nowhere.stderr.splitlines()[-1]) == (
        1, f"fair_census.py: error: {tmp_path / 'no' / 'such.csv'}: No such file or directory")
