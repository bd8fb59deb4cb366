"""What a deal argument is taken for (issue 44): PySolFC's displayed game number ``# N`` is the
number N, and the first game code a command is given gets a note on stderr that it names
PySolFC's deal, not the Golf app's."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golfsolve
from golfsolve.batch.deals import DealList, DealsError, NumberRange
from golfsolve.model import codes, pysolfc
from golfsolve.model.deal import Deal, DealError
from golfsolve.model.sources import resolve

from .conftest import code_note

GOLFSOLVE = [sys.executable, "-m", "golfsolve"]
BIG = 12345678901234567890


def error(message: str) -> str:
    return f"golfsolve: error: {message}\n"


# ----- PySolFC's displayed number: # N ----------------------------------------------------------
@pytest.mark.parametrize("typed, number, label", [
    (f"#{BIG}", BIG, str(BIG)), (f"# {BIG}", BIG, str(BIG)), (" #  7 ", 7, "7"),
    ("#\t7", 7, "7"), ("#007", 7, "007")])
def test_a_shown_number_is_the_number(typed, number, label):
    source = resolve(typed)
    assert (source.number, source.label) == (number, label)  # the label: the number as typed
    assert source.position == Deal.from_number(number).position()
    assert source.code_rules is None


def test_a_shown_microsoft_number_is_ms():
    assert resolve("# ms123").position == resolve("ms123").position == Deal.from_ms(123).position()
    assert resolve("#MS123").label == "MS123"


@pytest.mark.parametrize("typed, message", [
    ("#", "'#' is not a game number: PySolFC shows one as # and the digits 0-9, like # 12345"),
    ("#abc", "'#abc' is not a game number: PySolFC shows one as # and the digits 0-9, like "
     "# 12345"),
    ("#\uff11\uff12", "'#\uff11\uff12' is not a game number: PySolFC shows one as # and the "
     "digits 0-9, like # 12345"),
    ("# 1 2", "'# 1 2' is not a game number: PySolFC shows one as # and the digits 0-9, like "
     "# 12345"),
    ("#0", "deal number 0 is out of range (1 to 99999999999999999999)"),
    ("#100000000000000000000", "deal number 100000000000000000000 is out of range (1 to "
     "99999999999999999999)"),
    ("# ms0", "Microsoft deal ms0 is out of range (ms1 to ms8589934591)"),
])
def test_what_is_no_shown_number(typed, message):
    with pytest.raises(DealError) as err:
        resolve(typed)
    assert str(err.value) == message


def test_a_file_whose_name_starts_with_hash_is_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "#notes.board").write_text(Deal.from_number(9).to_board(), encoding="utf-8")
    source = resolve("#notes.board")
    assert source.position == Deal.from_number(9).position() and source.number is None


@settings(max_examples=200, deadline=None)
@given(st.integers(1, codes.MAX_DEAL), st.text(" \t", max_size=3), st.booleans())
def test_any_shown_number_reads_back(number, space, ms):
    written = f"ms{number}" if ms else str(number)
    assert pysolfc.shown_number(f"#{space}{written}") == written
    assert pysolfc.shown_number(written) is None  # without the #, no display of PySolFC's


def test_commands_take_a_shown_number(cli):
    solved = cli("solve", f"# {BIG}", "--json")
    assert solved.code == 0 and solved.err == ""
    record = json.loads(solved.out)
    assert (record["deal"], record["number"], record["code"]) == (str(BIG), BIG, None)
    assert cli("show", "#7", "--format", "board").out == Deal.from_number(7).to_board()
    refused = cli("show", "#x7")
    assert (refused.code, refused.err) == (2, error(
        "'#x7' is not a game number: PySolFC shows one as # and the digits 0-9, like # 12345"))


# ----- # N in a batch's DEALS ----------------------------------------------------------------
def test_batch_parts_take_shown_numbers():
    parts = DealList(["#7", "# 8", "#1-#3", "# 4 - # 5", "#6-6", "9-#9"]).parts
    assert parts == [NumberRange(7, 7), NumberRange(8, 8), NumberRange(1, 3), NumberRange(4, 5),
                     NumberRange(6, 6), NumberRange(9, 9)]
    assert [item.label for item in DealList(["# ms123"])] == ["ms123"]
    assert list(DealList(["#5"], count=3).parts) == [NumberRange(5, 7)]


@pytest.mark.parametrize("spec, message", [
    ("#x", "'#x' is not a game number: PySolFC shows one as # and the digits 0-9, like # 12345"),
    ("#0", "#0: deal number 0 is out of range (1 to 99999999999999999999)"),
    ("0", "deal number 0 is out of range (1 to 99999999999999999999)"),
    ("0-5", "0-5: deal number 0 is out of range (1 to 99999999999999999999)"),
    ("#3-#1", "the range #3-#1 is reversed: 1 comes before 3"),
])
def test_batch_refuses_what_is_no_shown_number(spec, message):
    with pytest.raises(DealsError) as err:
        DealList([spec])
    assert str(err.value) == message


def test_in_a_listing_hash_still_starts_a_comment(tmp_path):
    listing = tmp_path / "deals.txt"
    listing.write_text("#12\n# 13 is PySolFC's display, a comment here\n14  # fourteen\n")
    assert [item.number for item in DealList([f"@{listing}"])] == [14]


@settings(max_examples=100, deadline=None)
@given(st.integers(1, codes.MAX_DEAL), st.integers(0, 1000), st.booleans(), st.booleans())
def test_any_shown_range_is_the_range(first, length, hash_first, hash_last):
    last = min(first + length, codes.MAX_DEAL)
    spec = f"{'#' if hash_first else ''}{first}-{'#' if hash_last else ''}{last}"
    assert DealList([spec]).parts == [NumberRange(first, last)]


# ----- the note on game codes ------------------------------------------------------------------
def test_a_code_gets_the_note(cli):
    shown = cli("show", "GO1-E-ABCDEFG", "--format", "grid")
    assert shown.code == 0
    assert shown.err == code_note("GO1-E-ABCDEFG is PySolFC's deal 12850896")
    assert shown.out.startswith("GO1-E-ABCDEFG (deal 12850896), easy rules\n")
    typed = cli("show", " go1-e-aaaaaab ", "--format", "board")
    assert typed.err == code_note("go1-e-aaaaaab is PySolFC's deal 1")
    assert typed.out == Deal.from_number(1).to_board()


def test_the_note_is_never_on_stdout(cli):
    solved = cli("solve", "GO1-E-AAAAAAB", "GO1-C-AAAAAAC", "--json")
    assert solved.code == 0 and solved.err == code_note("GO1-E-AAAAAAB is PySolFC's deal 1")
    assert [json.loads(line)["code"] for line in solved.out.splitlines()] == [
        "GO1-E-AAAAAAB", "GO1-C-AAAAAAC"]


@pytest.mark.parametrize("deal", ["1", "#1", "ms1", "kpat:1"])
def test_numbers_get_no_note(cli, deal):
    shown = cli("show", deal, "--format", "grid")
    assert shown.code == 0 and shown.err == ""


def test_a_board_or_json_file_gets_no_note(cli, tmp_path):
    deal = tmp_path / "deal.json"
    assert cli("show", "GO1-E-AAAAAAC", "--format", "json").code == 0
    deal.write_text(cli("show", "GO1-E-AAAAAAC", "--format", "json").out, encoding="utf-8")
    shown = cli("show", str(deal), "--format", "grid")  # its code names the deal: not typed
    assert shown.code == 0 and shown.err == ""
    assert shown.out.startswith("GO1-E-AAAAAAC (deal 2), easy rules\n")


def test_a_batch_of_many_codes_gets_one_note(cli, tmp_path):
    listing = tmp_path / "codes.txt"
    listing.write_text("GO1-E-AAAAAAD\nGO1-C-AAAAAAE  # a code\n")
    out = tmp_path / "rows.csv"
    ran = cli("batch", "GO1-E-AAAAAAB..GO1-E-AAAAAAC", f"@{listing}", "GO1-E-AAAAAAF",
              "--jobs", "1", "--quiet", "--out", str(out))
    assert ran.code == 0
    assert ran.err == code_note("GO1-E-AAAAAAB..GO1-E-AAAAAAC names PySolFC's deals 1 to 2")
    assert ran.out.startswith("easy: 5 deals")
    assert "note" not in out.read_text()
    counted = cli("batch", "GO1-E-AAAAAAB", "--count", "2", "--jobs", "1", "--quiet")
    assert counted.err == code_note("GO1-E-AAAAAAB is PySolFC's deal 1")
    listed = cli("batch", f"@{listing}", "--jobs", "1", "--quiet")
    assert listed.err == code_note("GO1-E-AAAAAAD is PySolFC's deal 3")


@pytest.mark.parametrize("args, message", [
    (("solve", "GO1-E-AAAAAAB", "missing.board"), "no such file: missing.board"),
    (("odds", "GO1-E-AAAAAAB", "--rules", "bogus"),
     "unknown rules 'bogus' (expected easy, classic, dead-king, strict, a comma list of them, "
     "or all)"),
    (("batch", "GO1-E-AAAAAAB", "GO1-E-AAAAAAA"),
     "game code 'GO1-E-AAAAAAA' names deal 0, which does not exist"),
    (("show", "GO1-X-AAAAAAB"),
     "unknown rules letter 'X' in game code 'GO1-X-AAAAAAB' (expected E, C or N)"),
])
def test_bad_input_after_a_code_stays_one_line(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    refused = cli(*args)
    assert (refused.code, refused.out, refused.err) == (2, "", error(message))


def test_the_library_tells_who_listens():
    heard = []
    with codes.listening(lambda *told: heard.append(told)):
        resolve("GO1-C-AAAAAAD")
        resolve("4")
        list(DealList(["GO1-E-AAAAAAB..GO1-E-AAAAAAZ", "GO1-E-AAAAAAE", "5"]).parts)
    resolve("GO1-C-AAAAAAD")  # no one listens now
    assert heard == [("GO1-C-AAAAAAD", 3, 3), ("GO1-E-AAAAAAB..GO1-E-AAAAAAZ", 1, 25),
                     ("GO1-E-AAAAAAE", 4, 4)]


# ----- the note on real streams ----------------------------------------------------------------
def test_the_note_comes_before_the_output():
    played = subprocess.run([*GOLFSOLVE, "play", "GO1-E-AAAAAAB"], input=b"q\n",
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    assert played.returncode == 0
    first, rest = played.stdout.decode().split("\n", 1)
    assert first + "\n" == code_note("GO1-E-AAAAAAB is PySolFC's deal 1")
    assert "note" not in rest


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_the_note_on_a_narrow_stream(encoding):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    shown = subprocess.run([*GOLFSOLVE, "show", "GO1-E-AAAAAAB", "--format", "board"],
                           capture_output=True, env=env, check=False)
    assert shown.returncode == 0
    assert shown.stderr.decode(encoding) == code_note("GO1-E-AAAAAAB is PySolFC's deal 1")
    assert shown.stdout.decode(encoding) == Deal.from_number(1).to_board()


def test_the_note_with_stderr_closed():
    closed = subprocess.run(["sh", "-c", 'exec "$@" 2>&-', "sh", *GOLFSOLVE, "show",
                             "GO1-E-AAAAAAB", "--format", "board"], capture_output=True,
                            check=False)
    assert (closed.returncode, closed.stdout.decode()) == (0, Deal.from_number(1).to_board())


LAYOUT_WORDS = ("JH TH TD 6C 3S 9S 8H AC QC KD 9C 6S 8D 2D 6D 7S 9H TS JC AH JD JS 4H 8C 3D QS "
                "2S TC 8S 2H 2C AD AS 7D 5H 6H")
NO_SEPARATORS = ("names no deal: a layout separates its fields with |: \"WASTE | COLUMN 1 | ... "
                 "| COLUMN 7\", each column from the top down")


@pytest.mark.parametrize("typed", [LAYOUT_WORDS, LAYOUT_WORDS.replace(" 8H", ", 8H"),
                                   "JH / TH TD 6C 3S 9S / 8H AC QC KD 9C", "JH, TH, TD", "9S"])
def test_a_layout_without_its_separators_is_told_so(cli, typed):
    shown = cli("show", typed)
    assert shown.code == 2 and shown.out == ""
    assert shown.err.startswith("golfsolve: error: '") and shown.err.endswith(NO_SEPARATORS + "\n")
    with pytest.raises(DealError) as refused:
        golfsolve.deal(typed)
    assert str(refused.value).endswith(NO_SEPARATORS)


def test_a_missing_file_named_with_a_few_cards_is_still_a_missing_file(cli, tmp_path,
                                                                      monkeypatch):
    assert cli("show", "AS KD.board").err == "golfsolve: error: no such file: AS KD.board\n"
    assert cli("show", "my JH file").err == "golfsolve: error: no such file: my JH file\n"
    monkeypatch.chdir(tmp_path)  # a file there of a card's name is that file
    (tmp_path / "JH").write_text(cli("show", "7", "--format", "board").out, encoding="utf-8")
    assert cli("show", "JH", "--format", "board").out == (tmp_path / "JH").read_text("utf-8")


@pytest.mark.parametrize("typed", ["1-10O0", "1-1e6", "5-1O"])
def test_a_range_with_a_letter_in_it_is_a_typo_not_a_missing_file(cli, typed):
    result = cli("batch", typed, "--rules", "easy", "--quiet")
    assert (result.code, result.out, result.err) == (2, "", (
        f"golfsolve: error: '{typed}' is not a deal number or range (expected like 1-100, "
        "digits 0-9 only), nor a file\n"))


def test_a_missing_file_whose_name_has_dashes_and_digits_is_still_a_missing_file(cli):
    result = cli("batch", "2024-01-05.board", "--rules", "easy", "--quiet")
    assert (result.code, result.err) == (2, "golfsolve: error: no such file: 2024-01-05.board\n")
