import csv
import hashlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from golfsolve.batch.deals import DealList, DealsError
from golfsolve.batch.tally import BatchTally
from golfsolve.cli.render.progress import Progress
from golfsolve.model.deal import Deal
from golfsolve.model.rules import rules_by_name
from golfsolve.probability import wilson_interval

from .test_solver import expected_won

VOLATILE = ("ms",)  # timing differs from run to run; everything else must be equal


def stable(rows):
    return [{k: v for k, v in r.items() if k not in VOLATILE} for r in rows]


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# ----- batch results -----------------------------------------------------------------------------
def test_batch_of_deals_1_to_20_matches_black_hole_solver(cli, tmp_path):
    out = tmp_path / "r.csv"
    result = cli("batch", "1-20", "--rules", "all", "--jobs", "1", "--out", str(out))
    assert result.code == 0
    rows = read_csv(out)
    assert len(rows) == 80
    for row in rows:
        expected = expected_won(int(row["number"]), rules_by_name(row["rules"]))
        assert row["winnable"] == ("true" if expected else "false")
    assert [(r["number"], r["rules"]) for r in rows[:5]] == [
        ("1", "easy"), ("1", "classic"), ("1", "dead-king"), ("1", "strict"), ("2", "easy")]
    assert rows[0]["code"] == "GO1-E-AAAAAAB" and rows[1]["code"] == "GO1-C-AAAAAAB"
    assert rows[2]["code"] == rows[3]["code"] == ""  # dead-king and strict have no code letter
    lines = result.out.splitlines()
    assert lines[0] == ("easy: 20 deals, 19 won, win rate 95.0% (95% Wilson interval "
                        "[76.4%, 99.1%]), mean best score 349.0")
    assert lines[1:3] == ["  35 removed        19  " + "#" * 40, "  34 removed         1  ##"]


def test_csv_and_jsonl_columns(cli, tmp_path):
    cli("batch", "3-4", "--jobs", "1", "--out", str(tmp_path / "r.csv"))
    cli("batch", "3-4", "--jobs", "1", "--out", str(tmp_path / "r.jsonl"))
    header = (tmp_path / "r.csv").read_text().splitlines()[0]
    assert header == ("deal,number,code,rules,winnable,max_removed,best_score,fewest_moves,line,"
                      "states,ms")
    records = [json.loads(x) for x in (tmp_path / "r.jsonl").read_text().splitlines()]
    fields = header.split(",")
    assert [list(r) for r in records] == [fields[:9] + ["moves"] + fields[9:]] * 4
    classic3 = records[1]
    assert (classic3["deal"], classic3["number"], classic3["code"], classic3["rules"],
            classic3["winnable"], classic3["max_removed"], classic3["best_score"]) == (
        "3", 3, "GO1-C-AAAAAAD", "classic", False, 34, 330)
    assert len(classic3["line"].split()) == 34 + 16  # a best line: 34 removed, 16 drawn
    assert [m["move"] for m in classic3["moves"]] == list(range(1, 51))
    assert stable([{k: v for k, v in r.items() if k != "moves"} for r in records]) == stable(
        [{**r, "number": int(r["number"]), "winnable": r["winnable"] == "true",
          "fewest_moves": r["fewest_moves"] == "true", "max_removed": int(r["max_removed"]),
          "best_score": int(r["best_score"]), "states": int(r["states"]), "ms": float(r["ms"])}
         for r in read_csv(tmp_path / "r.csv")])


def test_summary_json(cli):
    data = json.loads(cli("batch", "1-20", "--rules", "classic", "--jobs", "1", "--json").out)
    (classic,) = data["summary"]
    assert classic == {"rules": "classic", "deals": 20, "won": 9, "win_rate": 0.45,
                       "wilson_95": [0.258198, 0.657915], "mean_best_score": 319.0,
                       "mean_cards_left": 1.55, "traditional_per_9_deals": 13.95,
                       "max_removed_histogram": {"29": 2, "31": 1, "32": 2, "33": 3, "34": 3,
                                                 "35": 9}}


# ----- statistics --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("won", "n", "low", "high"),
    [  # by hand: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), z = 1.96
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (9, 20, 0.2582, 0.6579),
        (928, 1000, 0.9103, 0.9424),
    ],
)
def test_wilson_intervals(won, n, low, high):
    lo, hi = wilson_interval(won, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_compare_table_on_deals_1_to_20(cli):
    result = cli("compare", "1-20", "--jobs", "1")
    assert result.code == 0
    assert result.out.splitlines() == [
        "easy              19 of 20 won   95.0%  [76.4%, 99.1%]  mean best score 349.0",
        "classic            9 of 20 won   45.0%  [25.8%, 65.8%]  mean best score 319.0",
        "",
        "              classic won   classic lost",
        "easy won                9             10",
        "easy lost               0              1",
    ]
    data = json.loads(cli("compare", "1-20", "--rules", "all", "--jobs", "1", "--json").out)
    assert data["tables"] == [
        {"easier": "easy", "stricter": "classic", "deals": 20, "won_both": 9, "won_only_easy": 10,
         "won_only_classic": 0, "won_neither": 1},
        {"easier": "easy", "stricter": "dead-king", "deals": 20, "won_both": 6, "won_only_easy": 13,
         "won_only_dead-king": 0, "won_neither": 1},
        {"easier": "easy", "stricter": "strict", "deals": 20, "won_both": 1, "won_only_easy": 18,
         "won_only_strict": 0, "won_neither": 1},
        {"easier": "classic", "stricter": "dead-king", "deals": 20, "won_both": 6,
         "won_only_classic": 3, "won_only_dead-king": 0, "won_neither": 11},
        {"easier": "classic", "stricter": "strict", "deals": 20, "won_both": 1,
         "won_only_classic": 8, "won_only_strict": 0, "won_neither": 11},
        {"easier": "dead-king", "stricter": "strict", "deals": 20, "won_both": 1,
         "won_only_dead-king": 5, "won_only_strict": 0, "won_neither": 14},
    ]


def test_a_deal_won_only_under_stricter_rules_is_reported(cli, tmp_path):
    db = tmp_path / "c.sqlite"
    assert cli("compare", "1-3", "--jobs", "1", "--db", str(db)).code == 0
    with sqlite3.connect(db) as con:  # forge a wrong result: deal 1 won under Classic
        con.execute("UPDATE results SET winnable = 1, max_removed = 35, best_score = 350 "
                    "WHERE deal = '1' AND rules = 'classic'")
        con.execute("UPDATE results SET winnable = 0, max_removed = 34, best_score = 330 "
                    "WHERE deal = '1' AND rules = 'easy'")
    result = cli("compare", "1-3", "--jobs", "1", "--db", str(db))
    assert result.code == 1
    assert result.err == ("golfsolve: error: solver bug: won under classic but not under easy: "
                          "deal 1 (or results stored in --db by something other than "
                          "golfsolve)\n")


@pytest.mark.parametrize(("change", "problem"), [
    ("winnable = 1 WHERE rules = 'strict' AND winnable = 0",
     "winnable 1 with max_removed 34 (a deal is won when all 35 cards are removed)"),
    ("best_score = 351 WHERE rules = 'easy'", "best_score 351 where max_removed 35 makes 350"),
    ("rules = 'easiest' WHERE rules = 'strict'", "rules 'easiest' is no rule set golfsolve has"),
])
def test_a_row_that_contradicts_itself_is_a_damaged_database(cli, tmp_path, change, problem):
    db = tmp_path / "d.sqlite"
    assert cli("batch", "2", "--rules", "all", "--jobs", "1", "--db", str(db)).code == 0
    with sqlite3.connect(db) as con:
        con.execute(f"UPDATE results SET {change}")
    before = db.read_bytes()
    rules = "easiest" if "easiest" in change else "strict" if "strict" in change else "easy"
    for command in (["compare", "--db", str(db)], ["export", "--db", str(db), "--out",
                                                    str(tmp_path / "rows.csv")]):
        result = cli(*command)
        assert (result.code, result.err) == (2, f"golfsolve: error: {db}: damaged golfsolve "
                                                f"database (the row of deal 2 under {rules}: "
                                                f"{problem})\n")
    assert db.read_bytes() == before


@pytest.mark.parametrize(("line", "problem"), [
    ("7777777", "cannot be played (move 1: TC does not go on 2S)"),
    ("", "removes 0 cards, not the row's max_removed, 35"),
])
def test_a_stored_line_that_cannot_be_its_rows_is_refused_on_export(cli, tmp_path, line,
                                                                    problem):
    db = tmp_path / "l.sqlite"
    assert cli("batch", "2", "--rules", "all", "--jobs", "1", "--db", str(db)).code == 0
    rules = "strict" if line else "easy"
    with sqlite3.connect(db) as con:
        con.execute("UPDATE results SET line = ? WHERE rules = ?", (line, rules))
    result = cli("export", "--db", str(db), "--out", str(tmp_path / "rows.jsonl"))
    assert (result.code, result.err) == (2, f"golfsolve: error: the stored line of 2 under "
                                            f"{rules} {problem}: something other than "
                                            "golfsolve changed the database\n")


def test_compare_plot(cli, tmp_path):
    png = tmp_path / "removed.png"
    result = cli("compare", "1-6", "--jobs", "1", "--plot", str(png))
    assert result.code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "removed.svg"
    cli("compare", "1-2", "--jobs", "1", "--plot", str(svg))  # bars 1 or 2 high
    assert "<svg" in svg.read_text()
    ticks = re.findall(r"<!-- ([0-9.]+) -->", svg.read_text())  # the axes' tick labels
    assert "35" in ticks and "0" in ticks and all("." not in tick for tick in ticks)  # counts


def test_the_plot_legend_says_when_a_rule_set_has_no_deals():
    from golfsolve.batch.tally import RulesSummary
    from golfsolve.cli.render.plot import legend_label

    some = RulesSummary("easy", 8, 6, (0.4, 0.9), 300.0, {35: 6, 30: 2})
    none = RulesSummary("classic", 0, 0, (0.0, 1.0), 0.0, {})
    assert [legend_label(some), legend_label(none)] == ["easy (75.0% won)", "classic (no deals)"]


def test_plot_into_a_missing_directory_is_refused_before_solving(cli, tmp_path, monkeypatch):
    import golfsolve.batch.run

    def no_solving(*args, **kwargs):
        raise AssertionError("solved before checking --plot")

    monkeypatch.setattr(golfsolve.batch.run, "run_batch", no_solving)
    target = tmp_path / "nowhere" / "p.png"
    result = cli("compare", "1-2", "--jobs", "1", "--plot", str(target))
    assert (result.code, result.err) == (
        2, f"golfsolve: error: --plot {target}: no such directory\n")


def test_plot_without_matplotlib_says_how_to_get_it(cli, tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = cli("compare", "1-2", "--jobs", "1", "--plot", str(tmp_path / "p.png"))
    assert (result.code, result.err) == (
        2, "golfsolve: error: --plot needs matplotlib: pip install 'golfsolve[plot]'\n")


# ----- which deals -------------------------------------------------------------------------------
def parse_deals(specs, count=None):
    return list(DealList(specs, count))


def test_deal_specs(tmp_path):
    assert [i.number for i in parse_deals(["GO1-C-AAAAAAB..GO1-C-AAAAAAE"])] == [1, 2, 3, 4]
    assert [i.number for i in parse_deals(["GO1-E-AAAAABA"], count=3)] == [26, 27, 28]
    assert [i.number for i in parse_deals(["7"], count=2)] == [7, 8]
    listing = tmp_path / "codes.txt"
    listing.write_text("# some deals\nGO1-C-AAAAAAC\n\n5\n2-3  # a range\n")
    assert [i.number for i in parse_deals([f"@{listing}"])] == [2, 5, 3]
    for n in (4, 9):
        (tmp_path / f"golf{n}.board").write_text(Deal.from_number(n).to_board())
    items = parse_deals([str(tmp_path / "golf*.board")])
    assert [i.label for i in items] == [str(tmp_path / f"golf{n}.board") for n in (4, 9)]
    assert items[0].position() == Deal.from_number(4).position() and items[0].number is None
    assert [i.number for i in parse_deals(["1-3", "2-4"])] == [1, 2, 3, 4]  # no repeats


def test_board_files_in_a_batch(cli, tmp_path):
    (tmp_path / "golf4.board").write_text(Deal.from_number(4).to_board())
    out = tmp_path / "r.csv"
    cli("batch", str(tmp_path / "*.board"), "--rules", "dead-king", "--jobs", "1", "--out",
        str(out))
    (row,) = read_csv(out)
    assert (row["deal"], row["number"], row["code"], row["winnable"], row["max_removed"]) == (
        str(tmp_path / "golf4.board"), "", "", "false", "34")


@pytest.mark.parametrize(
    ("args", "message"),
    [(["5-3"], "the range 5-3 is reversed: 3 comes before 5"),
     (["0-3"], "0-3: deal number 0 is out of range (1 to 99999999999999999999)"),
     (["nothing*.board"], "no files match nothing*.board"),
     (["GO1-C-AAAAAAC..GO1-C-AAAAAAB"],
      "the range GO1-C-AAAAAAC..GO1-C-AAAAAAB is reversed: GO1-C-AAAAAAB comes before "
      "GO1-C-AAAAAAC"),
     (["GO1-X-AAAAAAB..GO1-C-AAAAAAC"],
      "GO1-X-AAAAAAB..GO1-C-AAAAAAC: unknown rules letter 'X' in game code 'GO1-X-AAAAAAB' "
      "(expected E, C or N)"),
     ([""], "an empty DEALS argument"),
     (["1e9"], "'1e9' is not a deal number or range: write the number in digits (1e9 as "
               "1000000000), a range like 1-1000000000"),
     (["x" * 60 + "*"], "no files match " + repr("x" * 40) + "... (61 characters)"),
     (['{"deal": "1", "number": 1, "moves": [' + "1," * 50 + "1]}"],
      repr('{"deal": "1", "number": 1, "moves": [1,1') + "... (140 characters) is JSON, not a "
      "deal: a listing holds deal numbers, ranges and file names, one a line")],
)
def test_bad_deal_specs(args, message):
    with pytest.raises(DealsError) as info:
        DealList(args)
    assert str(info.value) == message


def test_empty_listing_file(tmp_path):
    empty = tmp_path / "none.txt"
    empty.write_text("# nothing here\n")
    with pytest.raises(DealsError, match="lists no deals"):
        DealList([f"@{empty}"])


# ----- resumable storage -------------------------------------------------------------------------
def file_digest(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def test_database_rows_and_export(cli, tmp_path):
    db, out, exported = tmp_path / "r.sqlite", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert cli("batch", "1-8", "--jobs", "2", "--db", str(db), "--out", str(out)).code == 0
    result = cli("export", "--db", str(db), "--out", str(exported))
    assert result.out == f"16 rows written to {exported}\n"
    assert exported.read_text() == out.read_text()
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_bad_databases_are_refused_and_left_untouched(cli, tmp_path):
    db = tmp_path / "r.sqlite"
    cli("batch", "1-4", "--jobs", "1", "--db", str(db))
    before = file_digest(db)
    other = cli("batch", "1-4", "--fewest-moves", "--jobs", "1", "--db", str(db))
    assert (other.code, other.err) == (2, (
        f"golfsolve: error: {db} holds solutions found without --fewest-moves: run without "
        "--fewest-moves to add to it, or use another --db for results with it\n"))
    assert file_digest(db) == before
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database\n")
    result = cli("batch", "1-2", "--jobs", "1", "--db", str(junk))
    assert (result.code, result.err) == (
        2, f"golfsolve: error: cannot open {junk} as a results database: file is not a "
           "database (it is damaged or not a database; use another --db)\n")
    assert junk.read_text() == "not a database\n"
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as con:
        con.execute("CREATE TABLE t (x)")
    result = cli("batch", "1-2", "--jobs", "1", "--db", str(foreign))
    assert result.err == f"golfsolve: error: {foreign} is an SQLite database, but not a " \
        "golfsolve one\n"
    missing = cli("export", "--db", str(tmp_path / "none.sqlite"), "--out", str(tmp_path / "x.csv"))
    assert (missing.code, missing.err) == (
        2, f"golfsolve: error: no such database: {tmp_path / 'none.sqlite'}\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [(["batch", "5-3"], "golfsolve: error: the range 5-3 is reversed: 3 comes before 5"),
     (["batch", "1-3", "--rules", "easy,nope"],
      "golfsolve: error: unknown rules 'nope' (expected easy, classic, dead-king, strict, a comma "
      "list of them, or all)"),
     (["batch", "1-3", "--out", "r.xml"],
      "golfsolve: error: --out writes .csv or .jsonl files, not .xml: r.xml"),
     (["batch", "1-3", "--out", os.devnull], f"golfsolve: error: --out {os.devnull} is not a "
      "regular file: give --out - (with --format) and send standard output there instead (> "
      f"{os.devnull}, or | gzip > rows.csv.gz)"),
     (["batch", "1-3", "--won-only", "--out", os.devnull], f"golfsolve: error: --out "
      f"{os.devnull} is not a regular file: give --out - (with --format) and send standard "
      f"output there instead (> {os.devnull}, or | gzip > rows.csv.gz)"),
     (["batch", "1-3", "--jobs", "0"], "golfsolve batch: error: Invalid value for '--jobs': 0 "
      "is not in the range x>=1. (see --help)"),
     (["compare", "1-3", "--rules", "easy"], "golfsolve compare: error: Invalid value for "
      "--rules: compare needs two or more rule sets (see --help)"),
     (["compare", "1-3", "--plot", "p.gif"], "golfsolve compare: error: Invalid value for "
      "--plot: writes .png or .svg files (see --help)")],
)
def test_bad_batch_input(cli, args, message):
    result = cli(*args)
    assert (result.code, result.out, result.err) == (2, "", message + "\n")


def kill_once_stored(command: list[str], db: Path, rows: int) -> int:
    """Run ``command`` and SIGKILL it once ``db`` holds ``rows`` rows: the rows it held."""
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ))
    stored = 0
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
        if db.exists():
            try:
                with sqlite3.connect(db, timeout=1) as con:
                    stored = con.execute("SELECT count(*) FROM results").fetchone()[0]
            except sqlite3.Error:
                continue
            if stored >= rows:
                break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return stored


def test_a_killed_batch_resumes_without_loss_or_repeats(cli, tmp_path):
    db = tmp_path / "kill.sqlite"
    command = [sys.executable, "-m", "golfsolve", "batch", "1-400", "--jobs", "1", "--quiet",
               "--db", str(db)]
    stored = kill_once_stored(command, db, 40)
    assert 40 <= stored < 800, "the batch was not caught in the middle"
    resumed = tmp_path / "resumed.jsonl"
    assert cli("batch", "1-400", "--jobs", "1", "--quiet", "--db", str(db), "--out",
               str(resumed)).code == 0
    fresh = tmp_path / "fresh.jsonl"
    cli("batch", "1-400", "--jobs", "2", "--quiet", "--out", str(fresh))
    a = [json.loads(x) for x in resumed.read_text().splitlines()]
    b = [json.loads(x) for x in fresh.read_text().splitlines()]
    assert len(a) == 800
    assert len({(r["number"], r["rules"]) for r in a}) == 800
    assert stable(a) == stable(b)


def test_ctrl_c_keeps_what_is_finished(tmp_path):
    db = tmp_path / "int.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "golfsolve", "batch", "1-400", "--jobs", "1",
                             "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.time() + 120
    stored = 0
    while time.time() < deadline and stored < 20 and proc.poll() is None:
        time.sleep(0.05)
        try:
            with sqlite3.connect(db, timeout=1) as con:
                stored = con.execute("SELECT count(*) FROM results").fetchone()[0]
        except sqlite3.Error:
            continue
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == (f"golfsolve: interrupted; the finished results are kept in {db}: run the "
                   "same command again to go on\n")
    with sqlite3.connect(db) as con:
        kept = con.execute("SELECT count(*) FROM results").fetchone()[0]
        per_deal = con.execute("SELECT count(*) FROM results GROUP BY deal").fetchall()
    assert 20 <= kept < 800
    assert set(per_deal) == {(2,)}  # whole deals only: both rule sets or none


# ----- Dask --------------------------------------------------------------------------------------
def test_dask_cluster_gives_the_local_results(cli, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = tmp_path / "dask.csv"
        result = cli("batch", "1-30", "--rules", "all", "--quiet", "--dask",
                     cluster.scheduler_address, "--out", str(remote), "--db",
                     str(tmp_path / "dask.sqlite"))
        assert result.code == 0
    local = tmp_path / "local.csv"
    cli("batch", "1-30", "--rules", "all", "--jobs", "1", "--out", str(local))
    assert stable(read_csv(remote)) == stable(read_csv(local))


def test_a_scheduler_that_cannot_be_used_is_bad_input_before_any_file_is_touched(
        cli, tmp_path, monkeypatch):
    import socket

    pytest.importorskip("dask.distributed")
    from golfsolve.runners import DaskRunner

    keep, db = tmp_path / "keep.csv", tmp_path / "new.sqlite"
    keep.write_text("precious\n")
    result = cli("batch", "1-5", "--out", str(keep), "--db", str(db), "--dask", "nonsense")
    assert (result.code, result.err) == (2, "golfsolve: error: cannot reach the Dask scheduler "
                                            "at nonsense: missing port number in address "
                                            "'nonsense'\n")
    assert keep.read_text() == "precious\n" and not db.exists()
    monkeypatch.setattr(DaskRunner, "CONNECT_SECONDS", 1)
    monkeypatch.setattr(DaskRunner, "HANDSHAKE_SECONDS", 0.5)
    with socket.socket() as silent:  # takes connections (the backlog) and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        result = cli("batch", "1-5", "--out", str(keep), "--dask", address)
    assert (result.code, result.err) == (2, f"golfsolve: error: no Dask scheduler answered at "
                                            f"{address} within 1.5 s (is it a Dask scheduler's "
                                            "address?)\n")
    assert keep.read_text() == "precious\n"


def test_a_scheduler_with_no_workers_is_noted(capsys, monkeypatch):
    pytest.importorskip("dask.distributed")
    from golfsolve import runners as batch
    from golfsolve.batch.unit import solve_unit

    class Idle:  # a scheduler's client, as one with no workers answers
        loop = "its event loop"  # (the runner's as_completed runs on its client's)

        def scheduler_info(self):
            return {"workers": {}}

        def close(self):
            pass

    monkeypatch.setattr(batch, "_connect", lambda address, seconds, handshake: Idle())
    batch.DaskRunner("tcp://cluster:8786", solve_unit).close()
    assert capsys.readouterr().err == ("golfsolve: note: the Dask scheduler at "
                                       "tcp://cluster:8786 has no workers yet: the work waits "
                                       "for one (Ctrl-C stops)\n")


def test_progress_bar_shows_rate_and_win_rates():
    import io

    sink = io.StringIO()
    bar = Progress(4, ["easy", "classic"], True, file=sink)
    bar.update([{"deal": "1", "rules": "easy", "winnable": True},
                {"deal": "1", "rules": "classic", "winnable": False},
                {"deal": "2", "rules": "easy", "winnable": True},
                {"deal": "2", "rules": "classic", "winnable": True}], 2)
    bar.close()
    text = sink.getvalue()
    assert "2/4" in text and "deal/s" in text
    assert "easy 100.0% classic 50.0%" in text
    every = io.StringIO()  # four rule sets: initials, whole percents, no "solving"
    bar = Progress(1_000_000, ["easy", "classic", "dead-king", "strict"], True, file=every)
    bar.update([{"deal": "1", "rules": rules, "winnable": won} for rules, won in (
        ("easy", True), ("classic", True), ("dead-king", False), ("strict", False))]
               + [{"deal": "2", "rules": "easy", "winnable": False}], 1)
    bar.close()
    line = every.getvalue().split("\r")[-1].rstrip("\n")
    assert line.startswith("  0%|") and line.rstrip().endswith("deal/s, E 50% C 100% DK 0% S 0%]")


def test_summarize_and_compare_functions():
    rows = [{"deal": str(n), "number": n, "code": f"c{n}", "rules": r, "winnable": w,
             "max_removed": m,
             "best_score": 350 if w else max(0, 20 * m - 350)}
            for n, r, w, m in [(1, "easy", True, 35), (1, "classic", False, 30),
                               (2, "easy", False, 33), (2, "classic", True, 35)]]
    tally = BatchTally(["easy", "classic"], pairs=True)
    tally.add_deal(rows[:2])
    tally.add_deal(rows[2:])
    easy, classic = tally.summaries()
    assert (easy.deals, easy.won, easy.histogram, easy.mean_best_score) == (
        2, 1, {35: 1, 33: 1}, (350 + 310) / 2)
    (table,) = tally.comparisons()
    assert (table.easier, table.stricter, table.both, table.only_easier, table.only_stricter,
            table.neither) == ("easy", "classic", 0, 1, ["deal 2"], 0)


def test_progress_counts_stored_rows_in_the_win_rates():
    import io

    sink = io.StringIO()
    bar = Progress(3, ["easy"], True, file=sink)
    bar.skip([{"deal": "1", "rules": "easy", "winnable": False},
              {"deal": "1", "rules": "classic", "winnable": True}], 1)
    bar.update([{"deal": "2", "rules": "easy", "winnable": True}], 1)
    bar.close()
    assert "2/3" in sink.getvalue() and "easy 50.0%" in sink.getvalue()


def test_deals_found_stored_do_not_count_in_the_bars_rate():
    import io

    sink = io.StringIO()
    bar = Progress(20000, ["easy"], True, file=sink)
    time.sleep(0.05)
    bar.skip([], 10000)  # a resumed run: half the deals stored, none solved yet
    shown = sink.getvalue().split("\r")[-1]
    bar.close()
    assert "10000/20000" in shown
    rate = re.search(r"([0-9.?]+)deal/s", shown).group(1)
    assert rate == "?" or float(rate) < 100, shown


def test_a_batch_says_how_many_results_its_database_held_already(cli, tmp_path):
    db = str(tmp_path / "runs.sqlite")
    assert "already" not in cli("batch", "1-30", "--quiet", "--db", db).out
    grown = cli("batch", "1-50", "--quiet", "--db", db).out.splitlines()
    assert grown[-1] == (f"(60 of these 100 results (a deal under a rule set) were in {db} "
                         "already; 40 solved now)")
    again = cli("batch", "1-50", "--rules", "all", "--quiet", "--db", db, "--json").out
    assert (json.loads(again)["stored"], json.loads(again)["solved"]) == (100, 100)
    compared = cli("compare", "1-50", "--rules", "all", "--quiet", "--db", db).out.splitlines()
    assert (f"(all 200 results (a deal under a rule set) were in {db} already: nothing was "
            "solved)") in compared
    assert "stored" not in json.loads(cli("batch", "--db", db, "--json").out)
    assert "stored" not in json.loads(cli("batch", "1-5", "--json").out)


def test_the_tally_counts_and_the_renderer_words_the_summary():
    """batch/ counts (numbers in, numbers out); the text is cli/render/'s."""
    import golfsolve.batch.tally as tally
    from golfsolve.cli.render.summary import render_comparison, render_rates

    assert [name for name in vars(tally) if name.startswith("render") or name == "plural"] == []
    counted = BatchTally(["easy", "classic"], pairs=True)
    counted.add_deal([{"rules": "easy", "winnable": True, "best_score": 350, "max_removed": 35,
                       "number": 1, "code": None},
                      {"rules": "classic", "winnable": False, "best_score": 230,
                       "max_removed": 29, "number": 1, "code": None}])
    assert render_rates(counted.summaries(), traditional=True) == [
        "easy               1 of 1 won  100.0%  [20.7%, 100.0%]  mean best score 350.0",
        "  traditional score 0.00 cards left a deal, 0.0 per 9 deals (par 45)",
        "classic            0 of 1 won    0.0%  [0.0%, 79.3%]  mean best score 230.0",
        "  traditional score 6.00 cards left a deal, 54.0 per 9 deals (par 45)"]
    assert render_comparison(counted.comparisons()[0]).splitlines() == [
        "              classic won   classic lost",
        "easy won                0              1",
        "easy lost               0              0"]


def test_a_run_of_vast_size_says_so_before_it_starts(cli, monkeypatch, tmp_path):
    import golfsolve.batch.run
    import golfsolve.census.run

    def stopped(*args, **kwargs):  # the work begun: stopped, as by Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(golfsolve.batch.run, "solve_deals", stopped)
    monkeypatch.setattr(golfsolve.census.run, "run_census", stopped)
    note = ("golfsolve: note: 99,999,999,999,999,999,999 deals: even at 1,000 deals a second "
            "that is about 3,168,808,781 years; Ctrl-C stops it\n")
    vast = cli("batch", "1-99999999999999999999", "--rules", "easy", "--quiet")
    assert (vast.code, vast.out, vast.err) == (130, "", note + "golfsolve: interrupted\n")
    census = cli("census", "run", "1-99999999999999999999", "--dir", str(tmp_path / "c"),
                 "--rules", "easy", "--quiet")
    assert census.code == 130 and census.err.startswith(note)
    days = cli("batch", "1-2000000000", "--rules", "easy", "--quiet")
    assert days.err.startswith("golfsolve: note: 2,000,000,000 deals: even at 1,000 deals a "
                               "second that is about 23 days; Ctrl-C stops it\n")
    hours = cli("batch", "1-100000001", "--rules", "easy", "--quiet")
    assert hours.err.startswith("golfsolve: note: 100,000,001 deals: even at 1,000 deals a "
                                "second that is about 28 hours; Ctrl-C stops it\n")
    assert cli("batch", "1-100000000", "--rules", "easy", "--quiet").err == (
        "golfsolve: interrupted\n")  # 100 million, a day's work: nothing said
    bad = cli("batch", "1-99999999999999999999", "--db", "/proc/x.sqlite")
    assert bad.code == 2 and bad.err.count("\n") == 1  # bad input: one line, no note


def test_a_small_run_without_jobs_is_solved_in_its_own_process(cli, monkeypatch):
    # at most 200 deals times rule sets, no --jobs and no --odds: no workers to wait for
    import golfsolve.batch.run as run_module
    from golfsolve.runners import InlineRunner

    pools = []

    def pool(jobs, solve):  # the work done all the same, here
        pools.append(jobs)
        return InlineRunner(solve)

    monkeypatch.setattr(run_module, "WorkerPool", pool)
    monkeypatch.setattr("golfsolve.runners.available_cores", lambda: 2)
    runs = {}
    for args in (["1-100", "--rules", "easy,classic"], ["compare"], ["1-201", "--rules", "easy"],
                 ["1-20", "--rules", "classic", "--jobs", "2"],
                 ["1-3", "--rules", "classic", "--odds", "--no-fair", "--samples", "2"]):
        command = ["compare", "1-20"] if args == ["compare"] else ["batch", *args]
        done = cli(*command, "--quiet")
        assert done.code == 0, done.err
        runs[" ".join(command)], pools[:] = list(pools), []
    assert runs == {"batch 1-100 --rules easy,classic": [], "compare 1-20": [],
                    "batch 1-201 --rules easy": [2], "batch 1-20 --rules classic --jobs 2": [2],
                    "batch 1-3 --rules classic --odds --no-fair --samples 2": [2]}


def test_rows_moves_deal_past_the_first_few_by_the_kernels_with_the_same_cards(monkeypatch):
    """A run writing many rows' moves deals by the kernels' dealer after its first few deals:
    the same cards as PySolFC's reference dealer, low numbers (LCG) and high (MT) alike."""
    from golfsolve.batch.deals import NumberedDeals
    from golfsolve.model.deal import Deal

    monkeypatch.setattr(NumberedDeals, "REFERENCE_DEALS", 1)
    numbered = NumberedDeals()
    numbers = [1, 2, 3, 7, 32_000, 10**6, 2**33, 10**19 + 7]
    assert [numbered(n) for n in numbers] == [Deal.from_number(n) for n in numbers]


def test_a_deal_from_its_indices_in_board_order_is_the_dealers_deal():
    """Board order (stock, waste, columns top down), as the compiled dealers and
    solvitaire.indices write it, read back into the same deal."""
    from golfsolve.model import solvitaire
    from golfsolve.model.deal import Deal

    for seed in (0, 1, 42, 2**31 - 1):
        assert Deal.from_indices(solvitaire.indices(seed)) == solvitaire.deal(seed)


def test_compare_says_when_its_table_counts_fewer_deals_than_its_lines(cli, tmp_path):
    """A database with 30 deals under easy and 20 under classic: the rates count each rule
    set's deals, the table only the deals under both, and says so."""
    db = str(tmp_path / "u.sqlite")
    cli("batch", "1-30", "--rules", "easy", "--db", db, "--quiet")
    cli("batch", "1-20", "--rules", "classic", "--db", db, "--quiet")
    out = cli("compare", "--db", db, "--rules", "easy,classic").out.splitlines()
    assert out[-1] == "(the table counts the 20 deals with a result under both easy and classic)"
    table = json.loads(cli("compare", "--db", db, "--rules", "easy,classic", "--json").out)
    assert table["tables"][0]["deals"] == 20 and table["summary"][0]["deals"] == 30
    assert "the table counts" not in cli("compare", "1-20", "--rules", "easy,classic",
                                         "--db", db).out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_a_terminal_that_tells_no_size_still_gets_the_progress_bar():
    """A pseudo-terminal given no window size says 0 columns and 0 rows: the bar is drawn 80
    wide instead of not at all."""
    import pty

    from .test_faults import GOLFSOLVE

    pid, fd = pty.fork()  # a new pseudo-terminal's size is 0 x 0
    if pid == 0:
        os.execvp(GOLFSOLVE[0], [*GOLFSOLVE, "batch", "1-300", "--rules", "easy", "--jobs", "1"])
    shown = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    bars = [line for line in shown.split(b"\r") if line.startswith(b"solving:")]
    assert bars and b"300/300" in bars[-1] and len(bars[-1].decode().rstrip()) <= 80


def test_compare_of_a_database_with_one_rule_set_of_two_sets_out_no_empty_table(cli, tmp_path):
    db = str(tmp_path / "c.sqlite")
    cli("batch", "1-10", "--rules", "classic", "--db", db, "--quiet")
    out = cli("compare", "--db", db, "--rules", "easy,classic").out.splitlines()
    assert out[0] == "easy       no deals" and out[1].startswith("classic            4 of 10")
    assert len(out) == 2  # no table, and no paragraph to say so: its line says "no deals"
    other = str(tmp_path / "d.sqlite")  # results under each, on different deals
    cli("batch", "1-3", "--rules", "easy", "--db", other, "--quiet")
    cli("batch", "4-6", "--rules", "classic", "--db", other, "--quiet")
    apart = cli("compare", "--db", other).out.splitlines()
    assert apart[-1] == ("(no deal has a result under both easy and classic: nothing to set "
                         "side by side)")

    alone = cli("compare", "--db", db)  # no --rules: what it holds, one rule set
    assert (alone.code, alone.out, alone.err) == (2, "", (
        f"golfsolve: error: {db} holds results under classic rules only: compare needs two "
        "rule sets (solve the same deals under another into it: golfsolve batch DEALS --rules "
        f"RULES --db {db})\n"))


def test_compare_of_a_database_alone_sets_out_the_rule_sets_it_holds(cli, tmp_path):
    db = str(tmp_path / "c.sqlite")
    cli("batch", "1-10", "--rules", "strict,classic", "--db", db, "--quiet")
    held = cli("compare", "--db", db).out
    assert held == cli("compare", "--db", db, "--rules", "classic,strict").out
    assert held.splitlines()[0].startswith("classic ") and "strict won" in held


def test_a_status_line_on_a_narrow_terminal_cuts_its_words_not_its_clock(monkeypatch):
    import io

    from golfsolve.cli.render.progress import StatusLine

    monkeypatch.setenv("COLUMNS", "40")  # the line may take 39
    sink = io.StringIO()
    line = StatusLine(lambda: "exact value: the positions this deal can reach", file=sink)
    line.redraw()
    shown = sink.getvalue().split("\r")[1]
    line.close()
    assert shown == "exact value: the positions this d  0:00"  # 39 characters
