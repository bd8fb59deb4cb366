"""Batches at any scale: lazy deal lists, rows streamed in order, databases that grow and resume,
and runs stopped by a signal at any moment."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import pytest

from golfsolve.batch.deals import DealList, DealsError, NumberSet

from .test_batch import file_digest, read_csv, stable

GOLFSOLVE = [sys.executable, "-m", "golfsolve"]


# ----- lazy deal lists ---------------------------------------------------------------------------
def test_a_range_of_a_billion_deals_costs_nothing_up_front():
    began = time.perf_counter()
    deals = DealList(["1-1000000000"])
    first = [item.number for item in islice(deals, 10)]
    assert first == list(range(1, 11))
    assert deals.total == 1_000_000_000
    assert DealList(["1-8031810175"]).total == 8031810175
    assert time.perf_counter() - began < 1.0


def test_repeated_deals_come_once_in_the_order_first_given():
    deals = DealList(["5-8", "1-6", "7", "10-11", "2"])
    assert [item.number for item in deals] == [5, 6, 7, 8, 1, 2, 3, 4, 10, 11]
    assert deals.repeated == 4
    assert deals.total == 10


def test_number_set_returns_only_the_new_parts():
    numbers = NumberSet()
    assert numbers.add(10, 20) == [(10, 20)]
    assert numbers.add(1, 5) == [(1, 5)]
    assert numbers.add(3, 30) == [(6, 9), (21, 30)]
    assert numbers.add(31, 31) == [(31, 31)]
    assert numbers.add(1, 31) == []
    assert len(numbers) == 31


@pytest.mark.parametrize(
    ("specs", "count", "message"),
    [(["1-3"], 5, "a count of deals goes with a start number, code or solvitaire:N, "
                  "not with '1-3'"),
     (["1", "9"], 5, "a count of deals goes with one start number, code or solvitaire:N, "
      "not with 2 DEALS arguments"),
     (["99999999999999999995"], 10, "10 deals from 99999999999999999995: deal number "
      "100000000000000000004 is out of range (1 to 99999999999999999999)"),
     (["9-3"], None, "the range 9-3 is reversed: 3 comes before 9"),
     (["1-"], None, "'1-' is not a deal number or range (expected like 1-100)"),
     (["1-3,5"], None, "'1-3,5' is not a deal number or range (expected like 1-100)")],
)
def test_bad_deal_lists(specs, count, message):
    with pytest.raises(DealsError) as info:
        DealList(specs, count)
    assert str(info.value) == message


def test_a_listing_is_read_lazily_and_checked_whole(tmp_path):
    listing = tmp_path / "deals.txt"
    listing.write_text("3-4\n# comment\nGO1-E-AAAAAAB\n4\n")
    deals = DealList([f"@{listing}"])
    assert deals.total is None
    assert [item.number for item in deals] == [3, 4, 1]
    assert deals.repeated == 1
    listing.write_text("3-4\nnonsense-9\n")
    with pytest.raises(DealsError) as info:
        DealList([f"@{listing}"])
    assert str(info.value) == f"{listing} line 2: no such file: nonsense-9"
    listing.write_text(f"@{listing}\n")
    with pytest.raises(DealsError, match="a listing cannot name another listing"):
        DealList([f"@{listing}"])


# ----- rows in order, stored and written as they are finished -------------------------------------
def test_a_database_grown_in_three_runs_equals_one_run(cli, tmp_path):
    whole = tmp_path / "whole.jsonl"
    assert cli("batch", "1-20", "--rules", "all", "--jobs", "1", "--out", str(whole)).code == 0
    db = tmp_path / "grown.sqlite"
    for spec in ("1-6", "7-13", "14-20"):
        assert cli("batch", spec, "--rules", "all", "--jobs", "1", "--db", str(db)).code == 0
    grown = tmp_path / "grown.jsonl"
    result = cli("batch", "1-20", "--rules", "all", "--jobs", "2", "--db", str(db), "--out",
                 str(grown))
    assert result.code == 0
    read = [json.loads(line) for line in grown.read_text().splitlines()]
    assert stable(read) == stable([json.loads(line) for line in whole.read_text().splitlines()])
    exported = tmp_path / "exported.jsonl"
    assert cli("export", "--db", str(db), "--out", str(exported)).code == 0
    assert exported.read_text() == grown.read_text()


def count_solves(monkeypatch):
    """The rule set of every (deal, rules) a batch solves in this process, in order."""
    import golfsolve.batch.unit

    solved = []
    real = golfsolve.batch.unit.solution_row

    def counting(label, number, rules, solution):
        solved.append(rules.name)
        return real(label, number, rules, solution)

    monkeypatch.setattr(golfsolve.batch.unit, "solution_row", counting)
    return solved


def test_a_database_grows_by_deals_and_by_rule_sets_without_solving_twice(cli, tmp_path,
                                                                          monkeypatch):
    solved = count_solves(monkeypatch)
    db = tmp_path / "census.sqlite"
    assert cli("batch", "1-10", "--rules", "easy", "--jobs", "1", "--db", str(db)).code == 0
    assert solved == ["easy"] * 10
    solved.clear()
    assert cli("batch", "1-2", "3-15", "--rules", "easy", "--jobs", "1", "--db", str(db)
               ).code == 0
    assert solved == ["easy"] * 5
    solved.clear()
    result = cli("batch", "1-15", "--rules", "easy,classic", "--jobs", "1", "--db", str(db))
    assert solved == ["classic"] * 15
    assert result.out.splitlines()[0].startswith("easy: 15 deals, 14 won")
    solved.clear()
    again = cli("batch", "1-15", "--rules", "classic,easy", "--jobs", "1",
                "--db", str(db))
    assert solved == []
    assert again.out.splitlines()[:-1] == result.out.splitlines()[:-1]
    assert result.out.splitlines()[-1] == (f"(15 of these 30 results (a deal under a rule set) "
                                           f"were in {db} already; 15 solved now)")
    assert again.out.splitlines()[-1] == (f"(all 30 results (a deal under a rule set) were in "
                                          f"{db} already: nothing was solved)")
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM results").fetchone() == (30,)
        assert con.execute("SELECT count(DISTINCT deal) FROM results").fetchone() == (15,)


def test_compare_and_export_read_a_database_with_filters(cli, tmp_path):
    db = tmp_path / "r.sqlite"
    cli("batch", "1-20", "--rules", "all", "--jobs", "1", "--db", str(db))
    before = file_digest(db)
    direct = cli("compare", "1-20", "--rules", "all", "--jobs", "1")
    stored = cli("compare", "--db", str(db), "--rules", "all")
    assert stored.code == 0 and stored.out == direct.out
    part = tmp_path / "part.csv"
    result = cli("export", "3-5", "19", "--db", str(db), "--rules", "classic", "--out", str(part))
    assert result.out == f"4 rows written to {part}\n"
    assert [(r["number"], r["rules"]) for r in read_csv(part)] == [
        ("3", "classic"), ("4", "classic"), ("5", "classic"), ("19", "classic")]
    beyond = cli("export", "19-22", "--db", str(db), "--rules", "classic", "--out", str(part))
    assert beyond.out == (f"2 rows written to {part}\n(2 deals named have nothing stored in "
                          f"{db} under these rules: left out)\n")
    for named, rows, unstored in ((["19", "9999999"], 1, 1), (["5000-5003"], 0, 4),
                                  (["1-2", "900000-900009", "20"], 3, 10)):
        # deals in spans with nothing stored at all are counted too
        other = tmp_path / "other.csv"
        result = cli("export", *named, "--db", str(db), "--rules", "classic", "--out", str(other))
        assert result.out == (f"{rows} row{'s' if rows != 1 else ''} written to {other}\n"
                              f"({unstored} deal{'s' if unstored != 1 else ''} named "
                              f"{'has' if unstored == 1 else 'have'} nothing stored in {db} "
                              "under these rules: left out)\n")
    piped = cli("export", "19-22", "--db", str(db), "--rules", "classic", "--out", "-")
    assert piped.code == 0
    assert piped.out == part.read_bytes().decode("utf-8")  # the same rows as to a file
    assert piped.err == (f"2 rows written to standard output\n(2 deals named have nothing "
                         f"stored in {db} under these rules: left out)\n")
    lines = cli("export", "3", "--db", str(db), "--rules", "easy,strict", "--out", "-",
                "--format", "jsonl").out.splitlines()
    assert [(json.loads(x)["deal"], json.loads(x)["rules"]) for x in lines] == [
        ("3", "easy"), ("3", "strict")]
    mixed = cli("export", "--db", str(db), "--out", str(part), "--format", "jsonl")
    assert (mixed.code, mixed.err) == (2, f"golfsolve: error: --format is for --out - "
                                          f"(standard output): the suffix of {part} names its "
                                          "format\n")
    summary = cli("batch", "--db", str(db), "--rules", "dead-king")
    assert summary.out.splitlines()[0] == (
        "dead-king: 20 deals, 6 won, win rate 30.0% (95% Wilson interval [14.5%, 51.9%]), "
        "mean best score 297.0")
    assert file_digest(db) == before


def test_a_schema_1_database_is_upgraded_and_kept(cli, tmp_path, monkeypatch):
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as con:
        con.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE results (deal TEXT NOT NULL, rules TEXT NOT NULL, seq INTEGER NOT NULL,
                number INTEGER, code TEXT, winnable INTEGER NOT NULL,
                max_removed INTEGER NOT NULL, best_score INTEGER NOT NULL,
                solution_moves TEXT NOT NULL, states INTEGER NOT NULL, ms REAL NOT NULL,
                PRIMARY KEY (deal, rules));
            INSERT INTO meta VALUES ('schema', '1');
            INSERT INTO meta VALUES ('options',
                '{"deals": ["2"], "rules": ["easy"], "fewest_moves": false}');
            INSERT INTO results VALUES ('2', 'easy', 0, 2, 'GO1-E-AAAAAAC', 0, 30, 250,
                'd 1 d', 7, 1.5);""")
    old = tmp_path / "old.csv"
    assert cli("export", "--db", str(db), "--out", str(old)).code == 0
    assert read_csv(old)[0]["line"] == "d 1 d"
    before = file_digest(db)
    import golfsolve.batch.run

    monkeypatch.setattr(golfsolve.batch.run, "SPAN", 1)  # deal 2 alone is a span all stored
    report = cli("batch", "--db", str(db), "--rules", "easy")  # counted by SQLite, read-only
    assert report.out.splitlines()[0] == ("easy: 1 deal, 0 won, win rate 0.0% (95% Wilson "
                                          "interval [0.0%, 79.3%]), mean best score 250.0")
    assert file_digest(db) == before
    result = cli("batch", "1-3", "--rules", "easy", "--jobs", "1", "--db", str(db), "--out",
                 str(tmp_path / "new.csv"))
    assert result.code == 0
    rows = read_csv(tmp_path / "new.csv")
    assert [r["number"] for r in rows] == ["1", "2", "3"]
    assert (rows[1]["max_removed"], rows[1]["line"]) == ("30", "d 1 d")  # kept


def test_a_schema_2_database_is_read_as_it_is_and_upgraded_on_the_first_write(cli, tmp_path):
    """Schema 2 had no odds columns: reading leaves the file alone, a run adds them."""
    db = tmp_path / "two.sqlite"
    with sqlite3.connect(db) as con:
        con.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE results (key TEXT NOT NULL, deal TEXT NOT NULL, number INTEGER,
                code TEXT, rules TEXT NOT NULL, winnable INTEGER NOT NULL,
                max_removed INTEGER NOT NULL, best_score INTEGER NOT NULL,
                fewest_moves INTEGER NOT NULL, line TEXT NOT NULL, states INTEGER NOT NULL,
                ms REAL NOT NULL, PRIMARY KEY (key, rules));
            CREATE TABLE boards (key TEXT PRIMARY KEY, board TEXT NOT NULL);
            CREATE INDEX results_by_number ON results (number, rules, winnable, max_removed,
                best_score) WHERE number IS NOT NULL;
            INSERT INTO meta VALUES ('schema', '2');
            INSERT INTO meta VALUES ('fewest_moves', '0');
            INSERT INTO results VALUES ('2', '2', 2, 'GO1-E-AAAAAAC', 'easy', 0, 30, 250, 0,
                'd1d', 7, 1.5);""")
    before = file_digest(db)
    old = tmp_path / "old.csv"
    assert cli("export", "--db", str(db), "--out", str(old)).code == 0
    assert (read_csv(old)[0]["line"], read_csv(old)[0]["max_removed"]) == ("d 1 d", "30")
    report = cli("batch", "--db", str(db), "--rules", "easy")
    assert report.out.splitlines()[0] == ("easy: 1 deal, 0 won, win rate 0.0% (95% Wilson "
                                          "interval [0.0%, 79.3%]), mean best score 250.0")
    assert file_digest(db) == before
    result = cli("batch", "1-3", "--rules", "easy", "--jobs", "1", "--db", str(db), "--odds",
                 "--no-fair", "--samples", "4", "--out", str(tmp_path / "new.csv"))
    assert result.code == 0
    rows = read_csv(tmp_path / "new.csv")
    assert [(r["number"], r["line"], r["odds_samples"]) for r in rows][1] == ("2", "d 1 d", "4")
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("4",)
        assert con.execute("SELECT count(*), count(odds_samples) FROM results").fetchone() == (
            3, 3)


def _stored_row(number, rules="easy"):
    return {"key": str(number), "deal": str(number), "number": number, "code": None,
            "rules": rules, "winnable": False, "max_removed": 30, "best_score": 250,
            "fewest_moves": False, "line": "d 1 d", "states": 7, "ms": 1.5}


BIG_NUMBERS = [5, 10**18 - 1, 10**18, 2**63 - 1, 2**63, 2**64, 10**20 - 2, 10**20 - 1]


def test_a_database_keeps_every_deal_number_exactly(tmp_path):
    """SQLite's integers stop at 2**63 - 1; deal numbers go to 10**20 - 1."""
    from golfsolve.batch.store import ResultStore

    db = tmp_path / "big.sqlite"
    with ResultStore(db) as store:
        store.claim(False)
        store.add([_stored_row(n) for n in reversed(BIG_NUMBERS)])
    with ResultStore(db, create=False) as store:
        assert [g[0]["number"] for g in store.span_rows(1, 10**20 - 1, ["easy"])] == BIG_NUMBERS
        found = store.lookup(2**63 - 1, 2**64, [], ["easy"])
        assert sorted(row["number"] for row in found.values()) == [2**63 - 1, 2**63, 2**64]
        assert store.count(10**18, 10**20 - 2, ["easy"]) == 5
        assert store.next_number(2**63 + 1) == 2**64
        assert store.next_number(10**20 - 1) == 10**20 - 1
        assert store.next_number(10**20) is None
        (count,) = store.span_counts(10**20 - 2, 10**20 - 1, ["easy"])
        assert (count.rules, count.max_removed, count.deals) == ("easy", 30, 2)


def test_a_schema_3_database_is_read_as_it_is_and_grows_without_losing_rows(cli, tmp_path):
    """Schema 3 kept numbers in one INTEGER column: its rows stay, numbers past 2**63 - 1 join
    them."""
    db = tmp_path / "three.sqlite"
    with sqlite3.connect(db) as con:
        con.executescript("""
            CREATE TABLE results (key TEXT NOT NULL, deal TEXT NOT NULL, number INTEGER,
                code TEXT, rules TEXT NOT NULL, winnable INTEGER NOT NULL,
                max_removed INTEGER NOT NULL, best_score INTEGER NOT NULL,
                fewest_moves INTEGER NOT NULL, line TEXT NOT NULL, states INTEGER NOT NULL,
                ms REAL NOT NULL, odds_wins INTEGER, odds_samples INTEGER, fair_value TEXT,
                PRIMARY KEY (key, rules));
            CREATE TABLE boards (key TEXT PRIMARY KEY, board TEXT NOT NULL);
            CREATE INDEX results_by_number ON results (number, rules, winnable, max_removed,
                best_score, odds_samples, odds_wins) WHERE number IS NOT NULL;
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('schema', '3');
            INSERT INTO meta VALUES ('fewest_moves', '0');
            INSERT INTO results VALUES ('2', '2', 2, 'GO1-E-AAAAAAC', 'easy', 0, 30, 250, 0,
                'd1d', 7, 1.5, NULL, NULL, NULL);
            -- deal 32000 as golfsolve dealt it before (ms32000): not PySolFC's deal 32000
            INSERT INTO results VALUES ('32000', '32000', 32000, 'GO1-E-AABVIE', 'easy', 0,
                29, 230, 0, '1', 7, 1.5, NULL, NULL, NULL);""")
    before = file_digest(db)
    old = tmp_path / "old.csv"
    assert cli("export", "--db", str(db), "--out", str(old)).code == 0
    assert [(r["number"], r["line"]) for r in read_csv(old)] == [("2", "d 1 d")]
    assert file_digest(db) == before
    from golfsolve.batch.store import ResultStore

    with ResultStore(db) as store:
        store.claim(False)
        store.add([_stored_row(10**20 - 1), _stored_row(3)])
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("4",)
        assert con.execute("SELECT key, number, number_high FROM results ORDER BY "
                           "number_high, number").fetchall() == [
            ("2", 2, 0), ("3", 3, 0), (str(10**20 - 1), 10**18 - 1, 99)]  # 32000's dropped
    with ResultStore(db, create=False) as store:
        assert [g[0]["number"] for g in store.span_rows(1, 10**20 - 1, ["easy"])] == [
            2, 3, 10**20 - 1]
    assert cli("export", "--db", str(db), "--out", str(old)).code == 0
    assert [r["number"] for r in read_csv(old)] == ["2", "3", str(10**20 - 1)]


# ----- the jobs ----------------------------------------------------------------------------------
def test_jobs_and_dask_together_are_refused(cli):
    result = cli("batch", "1-3", "--jobs", "2", "--dask", "tcp://127.0.0.1:1")
    assert (result.code, result.err) == (2, "golfsolve: error: --jobs sets local worker processes "
                                            "and --dask solves on a cluster's workers: give one "
                                            "or the other\n")


def test_more_jobs_than_cores_are_announced_once(cli, monkeypatch):
    import golfsolve.runners

    monkeypatch.setattr(golfsolve.runners, "available_cores", lambda: 1)
    result = cli("batch", "1-2", "--jobs", "3", "--rules", "easy")
    assert result.code == 0
    assert result.err == ("golfsolve: note: --jobs 3 is more than the 1 cores this process may "
                          "use; the workers will share them\n")


def test_options_that_only_apply_to_solving_need_deals(cli, tmp_path):
    db = tmp_path / "r.sqlite"
    cli("batch", "1-2", "--jobs", "1", "--db", str(db))
    result = cli("batch", "--db", str(db), "--fewest-moves")
    assert (result.code, result.err) == (
        2, "golfsolve: error: --fewest-moves only applies to solving DEALS; with --db alone the "
           "stored results are reported\n")
    nothing = cli("batch")
    assert (nothing.code, nothing.err) == (
        2, "golfsolve: error: no DEALS given (or --db with stored results to report on)\n")


# ----- stopped at any moment -------------------------------------------------------------------
@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    out = tmp_path_factory.mktemp("whole") / "whole.jsonl"
    subprocess.run([*GOLFSOLVE, "batch", "1-300", "--jobs", "2", "--quiet", "--out", str(out)],
                   check=True)
    return stable([json.loads(line) for line in out.read_text().splitlines()])


def stored_rows(db):
    try:
        with sqlite3.connect(db, timeout=1) as con:
            return con.execute("SELECT count(*) FROM results").fetchone()[0]
    except sqlite3.Error:
        return 0


def process_stats():
    """Every process as (its id, the fields of /proc/ID/stat after its command's name: state,
    parent, process group, ...)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        yield int(stat.parent.name), fields


def children_of(pid):
    return [child for child, fields in process_stats() if int(fields[1]) == pid]


def alive(pid):
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("stop", "jobs", "after"), [
    (signal.SIGKILL, "2", 30), (signal.SIGKILL, "1", 200), (signal.SIGINT, "2", 100),
    (signal.SIGTERM, "2", 60), (signal.SIGHUP, "1", 20)])
def test_a_stopped_batch_resumes_to_the_rows_of_an_uninterrupted_one(
        cli, tmp_path, uninterrupted, stop, jobs, after):
    db, out = tmp_path / "stop.sqlite", tmp_path / "partial.jsonl"
    proc = subprocess.Popen([*GOLFSOLVE, "batch", "1-300", "--jobs", jobs, "--quiet", "--db",
                             str(db), "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None and stored_rows(db) < after:
        time.sleep(0.02)
    workers = children_of(proc.pid)
    proc.send_signal(stop)
    _, err = proc.communicate(timeout=30)
    kept = stored_rows(db)
    assert after <= kept < 600, "the batch was not caught in the middle"
    if stop == signal.SIGKILL:
        assert proc.returncode == -signal.SIGKILL
    else:
        assert proc.returncode == 128 + stop
        assert err == (f"golfsolve: interrupted; the finished results are kept in {db}: run the "
                       "same command again to go on\n")
    deadline = time.time() + 5
    while time.time() < deadline and any(alive(pid) for pid in workers):
        time.sleep(0.05)
    assert not [pid for pid in workers if alive(pid)], "a worker outlived the batch"
    partial = [json.loads(line) for line in out.read_text().splitlines()]  # every line whole
    with sqlite3.connect(db) as con:
        keys = set(con.execute("SELECT number, rules FROM results"))
    assert {(r["number"], r["rules"]) for r in partial} <= keys
    resumed = tmp_path / "resumed.jsonl"
    assert cli("batch", "1-300", "--jobs", "1", "--quiet", "--db", str(db), "--out",
               str(resumed)).code == 0
    rows = [json.loads(line) for line in resumed.read_text().splitlines()]
    assert stable(rows) == uninterrupted
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT count(*) FROM results").fetchone() == (600,)


def test_rows_reach_the_file_while_the_batch_runs(tmp_path):
    out = tmp_path / "live.csv"
    proc = subprocess.Popen([*GOLFSOLVE, "batch", "1-100000", "--jobs", "1", "--quiet", "--out",
                             str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        lines = 0
        while time.time() < deadline and lines < 50:
            time.sleep(0.1)
            lines = len(out.read_text().splitlines()) if out.exists() else 0
        assert lines >= 50 and proc.poll() is None
    finally:
        proc.kill()
        proc.wait()
    assert os.path.getsize(out) > 0


def test_rows_reach_the_out_file_deal_by_deal_not_block_by_block(cli, tmp_path, monkeypatch):
    # a batch smaller than a block: each unit's rows are written once every deal before them is
    # known, so a stopped batch without --db keeps its finished rows in --out
    import golfsolve.batch.run as run

    out, seen = tmp_path / "r.csv", {}
    solve = run.solve_unit

    def watching(payload):
        first = payload[0][0][0].number
        seen[first] = len(out.read_text(encoding="utf-8").splitlines())
        return solve(payload)

    monkeypatch.setattr(run, "solve_unit", watching)
    done = cli("batch", "1-40", "--rules", "easy", "--jobs", "1", "--out", str(out), "--quiet")
    assert done.code == 0, done.err
    assert seen == {1: 1, 11: 11, 21: 21, 31: 31}  # the header, then every earlier deal's row
    assert len(out.read_text(encoding="utf-8").splitlines()) == 41


def test_batch_rows_to_standard_output_and_the_summary_to_standard_error(cli, tmp_path):
    rows = tmp_path / "rows.csv"
    to_file = cli("batch", "1-12", "--rules", "easy,classic", "--jobs", "1", "--out", str(rows))
    piped = cli("batch", "1-12", "--rules", "easy,classic", "--jobs", "1", "--out", "-")
    assert (piped.code, piped.err) == (0, to_file.out)  # the summary, word for word
    assert [line.split(",")[:8] for line in piped.out.splitlines()] == [
        line.split(",")[:8] for line in rows.read_text(encoding="utf-8").splitlines()]  # (ms)
    lines = cli("batch", "1-12", "--rules", "easy", "--jobs", "1", "--out", "-", "--format",
                "jsonl", "--won-only").out.splitlines()
    won = [r["number"] for r in read_csv(rows) if r["rules"] == "easy" and r["winnable"] == "true"]
    assert [str(json.loads(line)["number"]) for line in lines] == won and len(won) == 11
    summary = cli("batch", "1-3", "--rules", "easy", "--jobs", "1", "--out", "-", "--json")
    assert json.loads(summary.err)["summary"][0]["won"] == 3 and len(summary.out.splitlines()) == 4
    for args, message in ((["--out", str(rows), "--format", "jsonl"],
                           f"--format is for --out - (standard output): the suffix of {rows} "
                           "names its format"),
                          (["--format", "csv"], "--format is for --out - (standard output)")):
        refused = cli("batch", "1-3", *args)
        assert (refused.code, refused.out, refused.err) == (2, "", f"golfsolve: error: {message}\n")
