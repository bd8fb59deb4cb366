"""golfsolve census: one bit a deal and rule set, the same verdicts as solve, resumable."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time

import pytest

import golfsolve
from golfsolve.census import run as census_run
from golfsolve.census.files import CensusFiles
from golfsolve.census.span import DealKind, Span, parse_span
from golfsolve.census.unit import Block, solve_block
from golfsolve.interrupts import Interrupted
from golfsolve.model.rules import ALL_RULES, CLASSIC, EASY, STRICT
from golfsolve.model.sources import resolve
from golfsolve.runners import InlineRunner

GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
NAMES = tuple(r.name for r in ALL_RULES)


def error(message: str) -> str:
    return f"golfsolve: error: {message}\n"


def solved(label: str, rules) -> bool:
    return golfsolve.solve(resolve(label).position, rules).winnable


@pytest.mark.parametrize(("kind", "first", "label"), [
    (DealKind.PYSOLFC, 1, str), (DealKind.SOLVITAIRE, 0, "solvitaire:{}".format)])
def test_a_blocks_bits_are_the_verdicts_of_solve(kind, first, label):
    verdicts = solve_block(Block(kind, first, 21, NAMES))
    for rules in ALL_RULES:
        bits = verdicts.bits[rules.name]
        assert len(bits) == 3  # 21 deals: two whole bytes and one more
        read = [bool(bits[i // 8] >> (i % 8) & 1) for i in range(21)]
        assert read == [solved(label(first + i), rules) for i in range(21)]
        assert verdicts.won[rules.name] == sum(read)


def test_a_census_run_writes_what_solve_says_and_reads_it_back(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    where = str(tmp_path / "c")
    result = cli("census", "run", "solvitaire:3-22", "--dir", where, "--rules", "classic,strict",
                 "--jobs", "1")
    expected = {r: [solved(f"solvitaire:{s}", r) for s in range(3, 23)] for r in (CLASSIC, STRICT)}
    won = {r: sum(v) for r, v in expected.items()}
    assert result.code == 0 and result.err == ""
    lines = result.out.splitlines()
    assert lines[0].startswith("census of solvitaire:3-22 (complete; ")
    assert lines[1].startswith(f"  classic: {won[CLASSIC]:>2} won of 20  ")
    assert lines[2].startswith(f"   strict: {won[STRICT]:>2} won of 20  ")
    assert len({line.index(" won of") for line in lines[1:]}) == 1  # the counts in a column
    assert len({line.index("[") for line in lines[1:]}) == 1
    manifest = json.loads((tmp_path / "c" / "census.json").read_text())
    assert (manifest["deals"], manifest["first"], manifest["last"], manifest["done"],
            manifest["rules"]) == ("solvitaire", 3, 22, 20, ["classic", "strict"])
    assert manifest["won"] == {"classic": won[CLASSIC], "strict": won[STRICT]}
    assert sorted(os.listdir(tmp_path / "c")) == [
        "census.json", "solvitaire-classic.bits", "solvitaire-strict.bits"]
    report = cli("census", "report", where, "--json")
    rows = [json.loads(line) for line in report.out.splitlines()]
    assert [(r["rules"], r["deals"], r["won"], r["complete"]) for r in rows] == [
        ("classic", 20, won[CLASSIC], True), ("strict", 20, won[STRICT], True)]
    for row in rows:  # the interval under batch's key too, rounded as batch rounds it
        assert row["wilson_95"] == [round(row["wilson_low"], 6), round(row["wilson_high"], 6)]
        p, z = row["won"] / 20, 1.959963984540054  # Wilson's score interval, written out
        centre, half = p + z * z / 40, z * math.sqrt(p * (1 - p) / 20 + z * z / 1600)
        assert row["wilson_95"] == pytest.approx(
            [(centre - half) / (1 + z * z / 20), (centre + half) / (1 + z * z / 20)], abs=1e-6)
    read = cli("census", "verdict", where, "solvitaire:3", "solvitaire:22")
    words = {True: "won", False: "lost"}
    assert read.out.splitlines() == [
        f"solvitaire:3 classic: {words[expected[CLASSIC][0]]}",
        f"solvitaire:3 strict: {words[expected[STRICT][0]]}",
        f"solvitaire:22 classic: {words[expected[CLASSIC][-1]]}",
        f"solvitaire:22 strict: {words[expected[STRICT][-1]]}"]
    bare = cli("census", "verdict", where, "22")  # PySolFC's deal 22, not seed 22
    assert (bare.code, bare.out, bare.err) == (2, "", error(
        "'22' is not a deal of this census: it counts Solvitaire's seeds, like solvitaire:22 "
        "(a number alone is PySolFC's deal)"))
    census = CensusFiles.open(where)
    assert [census.verdict(s, CLASSIC) for s in range(3, 23)] == expected[CLASSIC]
    with pytest.raises(ValueError, match="this census does not count easy rules"):
        census.verdict(3, EASY)
    with pytest.raises(ValueError, match=r"solvitaire:23 is outside this census"):
        census.verdict(23, CLASSIC)


class _StopsAfter(InlineRunner):
    """An InlineRunner that is stopped (as by Ctrl-C) when asked for its ``n``-th result."""

    def __init__(self, n: int) -> None:
        super().__init__(solve_block)
        self.left = n

    def next_result(self):
        self.left -= 1
        if self.left < 0:
            raise Interrupted(signal.SIGTERM)
        return super().next_result()


def test_a_stopped_census_keeps_every_block_written_and_goes_on_to_the_same_bits(
        tmp_path, monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    span = Span(DealKind.PYSOLFC, 1, 30)
    whole = CensusFiles.begin(str(tmp_path / "whole"), span, ALL_RULES)
    census_run.run_census(whole, InlineRunner(solve_block), 1)
    parts = CensusFiles.begin(str(tmp_path / "parts"), span, ALL_RULES)
    with pytest.raises(Interrupted):
        census_run.run_census(parts, _StopsAfter(2), 1)
    assert CensusFiles.open(str(tmp_path / "parts")).manifest.progress.done == 16
    # a run stopped between its bits and census.json leaves bits past the count: cut off
    with open(parts.bits_path(EASY), "ab") as file:
        file.write(b"\xff\xff")
    again = CensusFiles.begin(str(tmp_path / "parts"), span, ALL_RULES)
    assert os.path.getsize(again.bits_path(EASY)) == 2
    assert census_run.run_census(again, InlineRunner(solve_block), 1) == 14
    for rules in ALL_RULES:
        with open(whole.bits_path(rules), "rb") as a, open(again.bits_path(rules), "rb") as b:
            assert a.read() == b.read()
    assert again.manifest.progress.won == whole.manifest.progress.won
    assert again.manifest.progress.done == 30


def test_a_killed_census_exits_with_the_signals_status_and_leaves_no_worker(tmp_path):
    where = tmp_path / "c"
    proc = subprocess.Popen([*GOLFSOLVE, "census", "run", "1-100000", "--dir", str(where),
                             "--rules", "strict", "--jobs", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    began = time.monotonic()
    while time.monotonic() - began < 120:
        try:
            if json.loads((where / "census.json").read_text())["done"] > 0:
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    done = json.loads((where / "census.json").read_text())["done"]
    assert proc.returncode == 143 and out == ""
    assert err == (f"golfsolve: interrupted; {done:,} deals are kept in {where}: run the same "
                   "command again to go on\n")
    assert done > 0 and done % census_run.BLOCK_DEALS == 0
    assert os.path.getsize(where / "pysolfc-strict.bits") == done // 8
    children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True)
    assert children.stdout == ""


@pytest.mark.parametrize(("text", "message"), [
    ("1-", "'1-' is not a census range: give deal numbers as 1-100000 or Solvitaire's seeds "
     "as solvitaire:1-10000000"),
    ("9-3", "the range 9-3 is reversed: 3 comes before 9"),
    ("solvitaire:9-3", "the range solvitaire:9-3 is reversed: 3 comes before 9"),
    ("solvitaire:5-2147483648", None),
    ("0-5", "deal number 0 is out of range (1 to 99999999999999999999)"),
])
def test_bad_ranges_are_one_line(cli, tmp_path, text, message):
    result = cli("census", "run", text, "--dir", str(tmp_path / "c"))
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("golfsolve: error: ")
    if message is not None:
        assert result.err == error(message)
    assert not (tmp_path / "c").exists()  # nothing made for bad input


def test_another_range_or_rules_in_the_same_directory_is_refused(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    where = str(tmp_path / "c")
    assert cli("census", "run", "1-8", "--dir", where, "--rules", "strict", "--jobs", "1").code == 0
    before = sorted((p.name, p.read_bytes()) for p in (tmp_path / "c").iterdir())
    for span, rules in (("2-16", "strict"), ("1-4", "strict"), ("1-16", "classic,strict")):
        result = cli("census", "run", span, "--dir", where, "--rules", rules, "--jobs", "1")
        assert (result.code, result.err) == (2, error(
            f"{where} holds the census of 1-8 under strict, not of {span} under {rules}: give "
            "another directory (a census grows only past its last deal, under the same rule "
            "sets)"))
        assert sorted((p.name, p.read_bytes()) for p in (tmp_path / "c").iterdir()) == before
    again = cli("census", "run", "1-8", "--dir", where, "--rules", "strict", "--jobs", "1")
    assert again.code == 0 and again.out.startswith("census of 1-8 (complete; ")


@pytest.mark.parametrize("first_last", [20, 19, 17])
def test_a_census_grows_past_its_last_deal_to_the_bits_of_the_whole(cli, tmp_path,
                                                                    monkeypatch, first_last):
    """A census of 1-N run on to 1-43 holds the very bits and counts of a census of 1-43
    made at once, whether N ends a byte of bits or not (a last byte not whole is decided
    again)."""
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    grown, whole = tmp_path / "grown", tmp_path / "whole"
    for span, where in ((f"1-{first_last}", grown), ("1-43", grown), ("1-43", whole)):
        assert cli("census", "run", span, "--dir", str(where), "--rules", "classic,dead-king",
                   "--jobs", "1", "--quiet").code == 0
    for name in ("pysolfc-classic.bits", "pysolfc-dead-king.bits"):
        assert (grown / name).read_bytes() == (whole / name).read_bytes()
    read = [json.loads((where / "census.json").read_text()) for where in (grown, whole)]
    assert [(r["first"], r["last"], r["done"], r["won"]) for r in read] == [
        (1, 43, 43, read[1]["won"])] * 2


def test_reading_back_refuses_what_the_census_does_not_hold(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    where = str(tmp_path / "c")
    assert cli("census", "run", "5-12", "--dir", where, "--rules", "easy", "--jobs", "1").code == 0
    for args, message in [
            (["13"], "13 is outside the census of 5-12"),
            (["solvitaire:7"], "'solvitaire:7' is not a deal of this census: it counts "
             "PySolFC's deal numbers, like 42 (or a game code, GO1-E-AAAAABQ)"),
            (["GO1-C-AAAAAAN"], "13 is outside the census of 5-12"),  # deal 13's code
            (["7", "--rules", "classic"], f"{where} does not count classic rules"),
    ]:
        result = cli("census", "verdict", where, *args)
        assert (result.code, result.out, result.err) == (2, "", error(message))
    (tmp_path / "empty").mkdir()
    result = cli("census", "report", str(tmp_path / "empty"))
    assert result.err == error(f"{tmp_path / 'empty'} holds no census (census.json is missing)")
    (tmp_path / "c" / "census.json").write_text('{"format": "golfsolve census 1", "deals": "x"}')
    result = cli("census", "report", where)
    assert result.code == 2 and result.err.startswith(
        error(f"{where}/census.json is not a golfsolve census (")[:-1])


def test_a_census_missing_bits_is_damaged_not_read(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    where = str(tmp_path / "c")
    assert cli("census", "run", "1-16", "--dir", where, "--rules", "easy", "--jobs", "1").code == 0
    (tmp_path / "c" / "pysolfc-easy.bits").write_bytes(b"\x01")
    result = cli("census", "verdict", where, "3")
    assert result.err == error(f"{where}/pysolfc-easy.bits holds 1 byte, fewer than the 2 its "
                               "census.json counts done: the census is damaged")


def test_spans_parse_both_kinds():
    assert parse_span(" solvitaire:1-10000000 ") == Span(DealKind.SOLVITAIRE, 1, 10_000_000)
    assert parse_span("1-100000") == Span(DealKind.PYSOLFC, 1, 100_000)
    assert str(parse_span("solvitaire:0-9")) == "solvitaire:0-9"
    # PySolFC's window shows a game number as # 12345
    for shown in ("#1-#100000", "# 1 - # 100000", "#1-100000"):
        assert parse_span(shown) == Span(DealKind.PYSOLFC, 1, 100_000)


def test_a_pysolfc_census_reads_back_numbers_as_pysolfcs_window_shows_them(cli, tmp_path,
                                                                            monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    where = str(tmp_path / "c")
    assert cli("census", "run", "#1-#16", "--dir", where, "--rules", "classic",
               "--jobs", "1").code == 0
    word = "won" if solved("7", CLASSIC) else "lost"
    read = cli("census", "verdict", where, "#7", "# 7", "7")
    assert (read.code, read.err) == (0, "")
    assert read.out.splitlines() == [f"7 classic: {word}"] * 3
    bad = cli("census", "verdict", where, "#x")
    assert (bad.code, bad.err) == (2, error("'#x' is not a deal of this census: it counts "
                                            "PySolFC's deal numbers, like 42 (or a game code, "
                                            "GO1-E-AAAAABQ)"))
    coded = cli("census", "verdict", where, "GO1-C-AAAAAAH", "go1-e-aaaaaah")  # deal 7
    assert coded.out.splitlines() == [f"7 classic: {word}"] * 2


def test_a_census_on_a_dask_cluster_writes_the_local_bits(cli, tmp_path, monkeypatch):
    distributed = pytest.importorskip("dask.distributed")
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        result = cli("census", "run", "solvitaire:0-29", "--dir", str(tmp_path / "remote"),
                     "--rules", "classic", "--quiet", "--dask", cluster.scheduler_address)
        assert result.code == 0
    assert cli("census", "run", "solvitaire:0-29", "--dir", str(tmp_path / "local"), "--rules",
               "classic", "--jobs", "1").code == 0
    for name in ("solvitaire-classic.bits",):
        assert (tmp_path / "remote" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def test_the_verdict_alone_is_the_verdict_of_the_whole_search():
    from golfsolve.packing import dealt_arrays, start_array
    from golfsolve.solver import can_win, load_kernels, search_line

    load_kernels(ALL_RULES)
    numbers = list(range(1, 1200, 23))
    for col_ranks, stock_ranks, waste in dealt_arrays(numbers):
        start = start_array([5] * 7, 0, waste)
        for rules in ALL_RULES:
            inputs = (col_ranks, stock_ranks, rules.fits_table(), start)
            assert can_win(inputs, rules.draw_rule) == search_line(
                inputs, draw_rule=rules.draw_rule).winnable


def test_blocks_are_whole_bytes_and_keep_every_worker_busy():
    assert census_run.block_size(10_000_000, 2) == census_run.BLOCK_DEALS == 2048
    assert census_run.block_size(2000, 2) == 120  # 8 blocks a worker at least
    assert census_run.block_size(5, 2) == 8


def test_a_census_directory_that_is_missing_or_a_file_is_named_so(cli, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("kept\n")
    for args, message in [
            (["verdict", str(tmp_path / "none"), "5"], f"{tmp_path / 'none'}: no such directory"),
            (["report", str(afile)], f"{afile} is not a directory"),
            (["run", "1-10", "--dir", str(afile)], f"{afile} is not a directory")]:
        result = cli("census", *args)
        assert (result.code, result.out, result.err) == (2, "", error(message))
    assert afile.read_text() == "kept\n"


PUBLISHED = os.path.join(os.path.dirname(__file__), os.pardir, "docs", "census")
# Solvitaire's seeds 1 to 10,000,000: the paper's rules, and the other three (each folder's
# counts as its census.json has them)
PUBLISHED_CENSUSES = {"solvitaire-1-10000000-classic": {"classic": 4_510_859},
                      "solvitaire-1-10000000-easy-dead-king-strict": {
                          "easy": 9_295_042, "dead-king": 2_620_473, "strict": 1_370_294}}
# what `census verdict FOLDER solvitaire:1 solvitaire:2` says (solve's verdicts)
SAID = {"solvitaire-1-10000000-classic": "solvitaire:1 classic: won\nsolvitaire:2 classic: lost\n",
        "solvitaire-1-10000000-easy-dead-king-strict": (
            "solvitaire:1 easy: won\nsolvitaire:1 dead-king: won\nsolvitaire:1 strict: lost\n"
            "solvitaire:2 easy: won\nsolvitaire:2 dead-king: lost\nsolvitaire:2 strict: lost\n")}


@pytest.mark.parametrize("folder", sorted(PUBLISHED_CENSUSES))
def test_the_published_census_of_the_papers_seeds_reads_back(cli, folder):
    """docs/census: Solvitaire's seeds 1 to 10,000,000, whole; each rule set's count is its
    bits', and the verdicts it gives for seeds through the range are solve's."""
    census = CensusFiles.open(os.path.join(PUBLISHED, folder))
    manifest = census.manifest
    won = PUBLISHED_CENSUSES[folder]
    assert (str(manifest.span), [r.name for r in manifest.rules]) == (
        "solvitaire:1-10000000", list(won))
    assert (manifest.progress.done, manifest.progress.won) == (10_000_000, won)
    for rules in manifest.rules:
        with open(census.bits_path(rules), "rb") as bits:
            data = bits.read()
        assert len(data) == 1_250_000
        assert int.from_bytes(data).bit_count() == won[rules.name]
        for seed in [*range(1, 201), *range(9_999_801, 10_000_001, 7), 4_567_890]:
            assert census.verdict(seed, rules) == solved(f"solvitaire:{seed}", rules), (
                seed, rules.name)
    said = cli("census", "verdict", os.path.join(PUBLISHED, folder), "solvitaire:1",
               "solvitaire:2", "--rules", ",".join(won))
    assert (said.code, said.out) == (0, SAID[folder])


def test_the_published_censuses_keep_the_order_of_strictness_on_every_seed():
    """A seed won under stricter rules is won under easier ones: strict, dead-king, classic,
    easy, bit by bit over the 10,000,000 seeds of the two published folders."""
    bits = {}
    for folder in PUBLISHED_CENSUSES:
        census = CensusFiles.open(os.path.join(PUBLISHED, folder))
        for rules in census.manifest.rules:
            with open(census.bits_path(rules), "rb") as f:
                bits[rules.name] = int.from_bytes(f.read(), "little")
    order = ["strict", "dead-king", "classic", "easy"]
    for stricter, easier in zip(order, order[1:], strict=False):
        assert bits[stricter] & ~bits[easier] == 0, (stricter, easier)


def test_a_directory_that_takes_no_file_is_bad_input_before_any_work(cli, tmp_path, monkeypatch):
    import builtins
    import errno

    from golfsolve.census import files as census_files

    def read_only(path, mode="r", *args, **kwargs):  # as a read-only mount, which root
        if "w" in mode:                                # cannot make here
            raise OSError(errno.EROFS, "Read-only file system")
        return builtins.open(path, mode, *args, **kwargs)

    monkeypatch.setattr(census_files, "open", read_only, raising=False)
    where = tmp_path / "c"
    where.mkdir()
    result = cli("census", "run", "1-100", "--dir", str(where), "--rules", "easy", "--jobs", "1")
    assert (result.code, result.out, result.err) == (2, "", error(
        f"cannot write {where / 'pysolfc-easy.bits'}: Read-only file system"))
    assert list(where.iterdir()) == []


def test_counts_or_bits_that_disagree_are_a_damaged_census(cli, tmp_path):
    where = tmp_path / "c"
    assert cli("census", "run", "1-40", "--dir", str(where), "--rules", "easy,classic",
               "--jobs", "1").code == 0
    manifest = json.loads((where / "census.json").read_text())
    easy, classic = (bytearray((where / f"pysolfc-{r}.bits").read_bytes())
                     for r in ("easy", "classic"))
    lost = next(i for i in range(40) if not easy[i // 8] >> (i % 8) & 1)  # under easy
    changed = dict(manifest, won={**manifest["won"], "easy": manifest["won"]["easy"] - 1})
    (where / "census.json").write_text(json.dumps(changed))
    said = cli("census", "report", str(where))
    assert (said.code, said.out, said.err) == (2, "", error(
        f"{where / 'pysolfc-easy.bits'} has {manifest['won']['easy']} deals won among its "
        f"first 40, and census.json counts {manifest['won']['easy'] - 1}: the census is damaged"))
    classic[lost // 8] |= 1 << (lost % 8)  # won under classic, lost under easy: no such deal
    (where / "pysolfc-classic.bits").write_bytes(bytes(classic))
    (where / "census.json").write_text(json.dumps(
        dict(manifest, won={**manifest["won"], "classic": manifest["won"]["classic"] + 1})))
    said = cli("census", "verdict", str(where), "1")
    assert (said.code, said.out, said.err) == (2, "", error(
        f"{where}: {lost + 1} is won under classic rules and lost under easy, which no deal is: "
        "the census is damaged"))


def test_a_small_census_without_jobs_is_solved_in_its_own_process(cli, tmp_path, monkeypatch):
    # at most 200 deals times rule sets and no --jobs: no workers to wait for
    from golfsolve.runners import InlineRunner

    pools = []
    monkeypatch.setattr("golfsolve.runners.WorkerPool",
                        lambda jobs, solve: pools.append(jobs) or InlineRunner(solve))
    monkeypatch.setattr("golfsolve.runners.available_cores", lambda: 2)
    for deals, started in (("1-50", []), ("1-51", [2])):
        done = cli("census", "run", deals, "--dir", str(tmp_path / deals), "--rules", "all",
                   "--quiet")
        assert (done.code, pools) == (0, started), done.err


def test_census_run_and_verdict_speak_json_for_scripts(cli, tmp_path, monkeypatch):
    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    where = str(tmp_path / "c")
    ran = cli("census", "run", "1-16", "--dir", where, "--rules", "classic", "--jobs", "1",
              "--json")
    assert ran.code == 0
    assert ran.out == cli("census", "report", where, "--json").out  # the report's JSON
    assert json.loads(ran.out)["deals"] == 16
    verdicts = cli("census", "verdict", where, "7", "12", "--rules", "classic", "--json")
    assert [json.loads(line) for line in verdicts.out.splitlines()] == [
        {"deal": str(n), "rules": "classic", "winnable": solved(str(n), CLASSIC)}
        for n in (7, 12)]


def test_a_stopped_census_run_with_json_gives_the_counts_of_the_deals_done(cli, tmp_path,
                                                                          monkeypatch):
    import golfsolve.census.files

    monkeypatch.setattr(census_run, "BLOCK_DEALS", 8)
    appended = golfsolve.census.files.CensusFiles.append

    def append_then_stop(self, *args):  # the second block written, then Ctrl-C
        appended(self, *args)
        if self.manifest.progress.done >= 16:
            raise KeyboardInterrupt

    monkeypatch.setattr(golfsolve.census.files.CensusFiles, "append", append_then_stop)
    where = str(tmp_path / "c")
    stopped = cli("census", "run", "1-40", "--dir", where, "--rules", "classic", "--jobs", "1",
                  "--json")
    assert stopped.code == 130
    counts = json.loads(stopped.out)
    assert (counts["deals"], counts["complete"]) == (16, False)
    assert counts["won"] == sum(solved(str(n), CLASSIC) for n in range(1, 17))


def test_a_census_stopped_before_any_deal_gives_no_bounds_in_json(cli, tmp_path, monkeypatch):
    import golfsolve.census.files

    def stop(self, *args):  # Ctrl-C before the first block is written
        raise KeyboardInterrupt

    monkeypatch.setattr(golfsolve.census.files.CensusFiles, "append", stop)
    stopped = cli("census", "run", "1-40", "--dir", str(tmp_path / "c"), "--rules", "classic",
                  "--jobs", "1", "--json")
    assert stopped.code == 130
    assert json.loads(stopped.out) == {
        "range": "1-40", "rules": "classic", "deals": 0, "won": 0, "win_rate": None,
        "wilson_95": None, "wilson_low": None, "wilson_high": None, "complete": False}
