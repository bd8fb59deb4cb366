"""batch --won-only: lists of winnable deals, checked against black-hole-solver's recorded
verdicts for deals 1-200 (tests/data/bhs/verdicts.csv)."""

from __future__ import annotations

import csv
import re
import runpy

import pytest

from .conftest import DATA


def recorded_winnable(rules: str) -> list[int]:
    with open(DATA / "bhs" / "verdicts.csv", encoding="utf-8") as f:
        return [int(r["board"][5:]) for r in csv.DictReader(f)
                if r["rules"] == rules and r["board"].startswith("deal:")
                and r["first_line"] == "Solved!"]


@pytest.mark.parametrize("rules", ["easy", "classic", "dead-king"])
def test_the_python_module_holds_the_winnable_deals(cli, tmp_path, rules):
    out = tmp_path / "golf_solvable_seeds.py"
    result = cli("batch", "1-200", "--rules", rules, "--won-only", "--out", str(out),
                 "--jobs", "1", "--quiet")
    assert result.code == 0, result
    seeds = runpy.run_path(str(out))["SOLVABLE_SEEDS"]
    assert isinstance(seeds, tuple) and list(seeds) == recorded_winnable(rules)
    assert out.read_text().endswith(f"# {len(seeds)} deals\n")


def test_the_text_list_and_won_rows(cli, tmp_path):
    listed = tmp_path / "classic.txt"
    assert cli("batch", "1-20", "--rules", "classic", "--won-only", "--out", str(listed),
               "--jobs", "1").code == 0
    assert listed.read_text() == "2\n4\n5\n10\n12\n15\n16\n18\n19\n"
    rows = tmp_path / "won.csv"
    assert cli("batch", "1-20", "--won-only", "--out", str(rows), "--jobs", "1").code == 0
    with open(rows, encoding="utf-8") as f:
        read = list(csv.DictReader(f))
    assert {r["winnable"] for r in read} == {"true"} and len(read) == 19 + 9


def test_a_list_from_a_database_report(cli, tmp_path):
    db, listed = tmp_path / "runs.sqlite", tmp_path / "easy.txt"
    assert cli("batch", "1-30", "--rules", "all", "--db", str(db), "--jobs", "1").code == 0
    assert cli("batch", "--db", str(db), "--rules", "easy", "--won-only", "--out",
               str(listed)).code == 0
    assert [int(n) for n in listed.read_text().split()] == [
        n for n in recorded_winnable("easy") if n <= 30]


@pytest.mark.parametrize("args, says", [
    (["--out", "x.txt"], "add --won-only"),
    (["--won-only", "--out", "x.py", "--rules", "easy,classic"], "of one rule set"),
    (["--won-only"], "give --out FILE"),
])
def test_misused_lists_are_refused_before_any_work(cli, tmp_path, monkeypatch, args, says):
    monkeypatch.chdir(tmp_path)
    result = cli("batch", "1-5", "--jobs", "1", *args)
    assert result.code == 2 and says in result.err and result.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_export_refuses_a_list(cli, tmp_path):
    db = tmp_path / "runs.sqlite"
    cli("batch", "1-3", "--db", str(db), "--jobs", "1")
    result = cli("export", "--db", str(db), "--out", str(tmp_path / "x.py"))
    assert result.code == 2 and "--won-only" in result.err


def test_the_module_offers_32000_as_pysolfc_deals_it(cli, tmp_path):
    """PySolFC deals 32000 with its Mersenne Twister, and so does golfsolve since issue 22
    (pysol_cards' own shuffle takes the Microsoft generator): the module for PySolFC offers it
    with the others, its verdict being that of PySolFC's cards (Easy wins all three here)."""
    out = tmp_path / "seeds.py"
    assert cli("batch", "31999-32001", "--rules", "easy", "--won-only", "--out", str(out),
               "--jobs", "1").code == 0
    module = runpy.run_path(str(out))
    assert tuple(module["SOLVABLE_SEEDS"]) == (31999, 32000, 32001)
    assert "left out" not in out.read_text()


@pytest.mark.parametrize("suffix", [".py", ".txt"])
def test_a_list_cut_short_says_so_and_a_module_of_it_will_not_import(cli, tmp_path, monkeypatch,
                                                                     suffix):
    """Stopped (here after its first rows, as by Ctrl-C), a list holds the winnable deals of
    those decided; the module says it is incomplete and raises ImportError when imported,
    so that no program deals from a part of the list as if it were the whole; the run says
    so on stderr. Run to its end, the same list is whole."""
    from golfsolve.batch.seeds import WonList

    written = WonList.write

    def stopping(self, rows, deal_of):
        written(self, rows, deal_of)
        if self.decided >= 20:
            raise KeyboardInterrupt

    monkeypatch.setattr(WonList, "write", stopping)
    out = tmp_path / f"seeds{suffix}"
    result = cli("batch", "1-200", "--rules", "classic", "--won-only", "--out", str(out),
                 "--jobs", "1", "--quiet")
    assert result.code == 130
    note = re.fullmatch(rf"golfsolve: note: {re.escape(str(out))} lists the ([0-9]+) winnable "
                        r"deals of the ([0-9]+) decided before the stop, not the whole range "
                        r"\((.*)\)", result.err.splitlines()[-1])
    count, decided = int(note[1]), int(note[2])
    winnable = recorded_winnable("classic")
    assert 20 <= decided < 200 and count == sum(n <= decided for n in winnable)
    text = out.read_text(encoding="utf-8")
    if suffix == ".txt":
        assert note[3] == "a .txt list cannot say so itself"
        assert [int(line) for line in text.splitlines()] == winnable[:count]
        return
    assert note[3] == "it says so, and importing it raises ImportError"
    assert text.splitlines()[-2] == (f"# INCOMPLETE: golfsolve was stopped after deciding "
                                     f"{decided} deals, of which it lists the {count} "
                                     "winnable; run it again for the whole list")
    with pytest.raises(ImportError, match="^this list of winnable deals is incomplete: "):
        runpy.run_path(str(out))
    monkeypatch.setattr(WonList, "write", written)  # run again, to its end: whole
    assert cli("batch", "1-200", "--rules", "classic", "--won-only", "--out", str(out),
               "--jobs", "1", "--quiet").code == 0
    assert list(runpy.run_path(str(out))["SOLVABLE_SEEDS"]) == winnable


def test_a_list_goes_to_standard_output_with_format_txt_or_py(cli):
    """--out - --format txt (or py) with --won-only writes the list itself to standard output
    (the summary to stderr), for a pipe; without --won-only, or of two rule sets, refused."""
    listed = cli("batch", "1-20", "--rules", "classic", "--won-only", "--out", "-", "--format",
                 "txt", "--jobs", "1")
    assert listed.code == 0 and listed.out == "2\n4\n5\n10\n12\n15\n16\n18\n19\n"
    assert listed.err.startswith("classic: 20 deals, 9 won")
    module = cli("batch", "1-20", "--rules", "classic", "--won-only", "--out", "-", "--format",
                 "py", "--jobs", "1").out
    namespace: dict = {}
    exec(module, namespace)  # noqa: S102 (the module just written)
    assert namespace["SOLVABLE_SEEDS"] == (2, 4, 5, 10, 12, 15, 16, 18, 19)
    for args, said in ((["--rules", "classic"], "--format txt lists the winnable deals: add "
                        "--won-only (or give csv or jsonl rows)"),
                       (["--rules", "all", "--won-only"], "--format txt: a list of winnable "
                        "deals is of one rule set, not 4: give one --rules (one run, or one "
                        "--db report, each)")):
        refused = cli("batch", "1-20", *args, "--out", "-", "--format", "txt")
        assert (refused.code, refused.err) == (2, f"golfsolve: error: {said}\n")


def test_a_list_whose_write_fails_counts_only_what_reached_it(cli, tmp_path, monkeypatch):
    """A write of the list fails (a full disk, say) part way: the note counts the deals the
    file holds, not those the failed write held."""
    from golfsolve.batch.seeds import WonList
    from golfsolve.errors import OutputError

    put = WonList._put
    calls = []

    def failing(self, text):
        calls.append(text)
        if len(calls) == 3:
            raise OutputError("cannot write: No space left on device")
        put(self, text)

    monkeypatch.setattr(WonList, "_put", failing)
    out = tmp_path / "seeds.txt"
    result = cli("batch", "1-200", "--rules", "classic", "--won-only", "--out", str(out),
                 "--jobs", "1", "--quiet")
    assert result.code == 1
    listed = out.read_text(encoding="utf-8").splitlines()
    note = re.search(r"lists the ([0-9]+) winnable deals", result.err)
    assert note is not None and int(note[1]) == len(listed) > 0
    assert [int(n) for n in listed] == recorded_winnable("classic")[:len(listed)]
