"""What a deal argument is taken for (issue 44): PySolFC's displayed game number ``# N`` is the
number N."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.batch.deals import DealList, DealsError, NumberRange
from golfsolve.model import codes, pysolfc
from golfsolve.model.deal import Deal, DealError, resolve

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
