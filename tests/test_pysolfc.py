"""PySolFC's numbering (issue 22): every game number to 10**20 - 1, dealt as PySolFC's application
deals it (32000 on the Twister), by the compiled dealer and by Deal alike; ranges across the
whole span; records past the codes' range without a code."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from golfsolve.kernels.dealer import deal_array, deal_many, deal_words, number_words, range_words
from golfsolve.model.codes import MAX_CODE, MAX_DEAL, CodeError
from golfsolve.model.deal import Deal

from .conftest import spread
from .test_batch import read_csv

SPECIAL = [1, 2, 31998, 31999, 32000, 32001, 32002, 2**31 - 1, 2**31, 2**32 - 1, 2**32,
           2**32 + 1, MAX_CODE, MAX_CODE + 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**64 + 1,
           10**16, 10**16 + 1, 10**19, 10**20 - 2, MAX_DEAL]
TOP_RANGE = "99999999999999999000-99999999999999999999"  # the range



def indices(deal: Deal) -> list[int]:
    return [card.index for card in deal.cards()]


def pysol_cards_row(number: int, which=RandomBase.DEALS_PYSOLFC) -> list[int]:
    """pysol_cards 0.24 itself (its LCG through 32000)."""
    board = Game("golf", number, which).calc_layout_string(CardRenderer(True))
    return indices(Deal.from_board(board))


def twister_row(number: int) -> list[int]:
    """An independent reference: CPython's random.Random(number) (init_by_array over the
    number's 32-bit words) shuffling pysol's suit-major C S H D deck, reversed and dealt."""
    rng = random.Random(number)
    deck = [(0 if p // 13 == 0 else 4 - p // 13) * 13 + p % 13 for p in range(52)]
    for n in range(51, 0, -1):
        j = int(rng.random() * (n + 1))
        deck[n], deck[j] = deck[j], deck[n]
    dealt = deck[::-1]
    columns = [dealt[c + 7 * r] for c in range(7) for r in range(5)]
    return dealt[36:] + [dealt[35]] + columns


def expected(number: int) -> list[int]:
    return twister_row(number) if number >= 32000 else pysol_cards_row(number)


# ----- the dealers against pysol_cards and CPython ---------------------------------------------
def test_32000_is_dealt_as_pysolfcs_application_deals_it():
    """construct_random (pysollib/pysolrandom.py): ``if 0 <= seed < 32000: return
    LCRandom31(seed)``, else the Twister; pysol_cards' own shuffle takes the LCG through 32000."""
    assert indices(Deal.from_number(32000)) == twister_row(32000) != pysol_cards_row(32000)
    assert deal_array([32000])[0].tolist() == twister_row(32000)
    for n in (31999, 32001):
        assert indices(Deal.from_number(n)) == pysol_cards_row(n)


def test_deal_equals_pysol_cards_over_the_whole_range():
    for n in SPECIAL + spread(150, MAX_DEAL, 1):
        assert indices(Deal.from_number(n)) == (
            twister_row(n) if n == 32000 else pysol_cards_row(n)), n


def test_compiled_dealer_equals_the_references_on_thousands_of_numbers():
    """One kernel call, lanes of 128 with mixed word counts; pysol_cards itself on a sample."""
    numbers = SPECIAL + spread(3000, MAX_DEAL, 2)
    rows = deal_array(numbers)
    wrong = [n for n, row in zip(numbers, rows, strict=True) if row.tolist() != expected(n)]
    assert not wrong, wrong[:10]
    for i in random.Random(3).sample(range(len(numbers)), 150):
        if numbers[i] != 32000:
            assert rows[i].tolist() == pysol_cards_row(numbers[i]), numbers[i]


@pytest.mark.parametrize(("first", "count"), [
    (31900, 200),  # LCG and Twister in one call, 32000 on the Twister's side
    (2**32 - 100, 200),  # one key word -> two inside a block of lanes
    (2**64 - 100, 200),  # two -> three
    (10**20 - 1000, 1000),  # the range
    (10**16, 37)])
def test_ranges_across_word_counts(first, count):
    rows = deal_many(first, count)
    words = range_words(first, count)
    for k, row in enumerate(rows):
        assert sum(int(w) << (32 * i) for i, w in enumerate(words[k])) == first + k
        assert row.tolist() == expected(first + k), first + k


def test_one_seed_at_a_time_equals_lanes():
    numbers = SPECIAL + spread(100, MAX_DEAL, 4)
    lanes = deal_array(numbers)
    for n, row in zip(numbers, lanes, strict=True):
        assert deal_words(number_words([n]), 1)[0].tolist() == row.tolist(), n


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=32000, max_value=2**128 - 1))
def test_the_kernel_seeds_the_twister_with_any_word_count(n):
    assert deal_words(number_words([n]))[0].tolist() == twister_row(n)


def test_numbers_past_the_range_are_refused():
    for bad in ([0], [MAX_DEAL + 1], [5, 10**30]):
        with pytest.raises(CodeError, match="out of range"):
            deal_array(bad)
    with pytest.raises(CodeError):
        deal_many(MAX_DEAL - 3, 5)
    with pytest.raises(ValueError):
        number_words([2**128])


# ----- on the command line ---------------------------------------------------------------------
def test_a_pysolfc_number_is_a_deal_everywhere(cli):
    number = "12345678901234567"  # 17 digits, as PySolFC shows its games
    shown = cli("show", number, "--format", "json")
    assert shown.code == 0
    data = json.loads(shown.out)
    assert (data["number"], data["code"]) == (12345678901234567, None)
    assert Deal.from_dict(data) == Deal.from_number(12345678901234567)
    solved = cli("solve", str(MAX_DEAL), "--rules", "classic")
    assert solved.code == 0
    assert solved.out.startswith(f"deal {MAX_DEAL} (no game code: codes stop at deal "
                                 f"{MAX_CODE}), classic rules: ")
    record = json.loads(cli("solve", str(MAX_DEAL), "--json").out)
    assert (record["number"], record["code"]) == (MAX_DEAL, None)
    assert cli("solve", str(MAX_CODE), "--json").out.count('"GO1-E-ZZZZZZZ"') == 1


def test_a_range_at_the_top_streams_and_is_kept_exactly(cli, tmp_path):
    db, out = tmp_path / "top.sqlite", tmp_path / "top.csv"
    result = cli("batch", TOP_RANGE, "--rules", "classic", "--jobs", "1", "--db", str(db),
                 "--out", str(out))
    assert result.code == 0, result.err
    rows = read_csv(out)
    assert [int(r["number"]) for r in rows] == list(range(10**20 - 1000, 10**20))
    assert {r["code"] for r in rows} == {""}
    won = sum(r["winnable"] == "true" for r in rows)
    assert result.out.splitlines()[0].startswith(f"classic: 1,000 deals, {won} won")
    again = tmp_path / "again.csv"
    assert cli("export", "--db", str(db), "--out", str(again)).code == 0
    assert read_csv(again) == rows
    resumed = cli("batch", TOP_RANGE, "--rules", "classic", "--db", str(db)).out.splitlines()
    assert resumed[:-1] == result.out.splitlines()  # the same summary, all of it stored:
    assert resumed[-1] == (f"(all 1,000 results (a deal under a rule set) were in {db} already: "
                           "nothing was solved)")
    replayed = cli("replay", rows[-1]["number"], rows[-1]["line"], "--rules", "classic")
    assert replayed.code == 0


def test_the_whole_span_is_one_range():
    from itertools import islice

    from golfsolve.batch.deals import DealList

    deals = DealList([f"1-{MAX_DEAL}", TOP_RANGE])
    assert deals.total == MAX_DEAL
    assert [item.number for item in islice(deals, 3)] == [1, 2, 3]


def test_numbers_of_21_digits_are_refused_in_one_line(cli):
    for args in (["solve", "1" + "0" * 20], ["batch", "99999999999999999999-100000000000000000000"],
                 ["show", "9" * 21]):
        result = cli(*args)
        assert result.code == 2 and result.err.count("\n") == 1
        assert "is out of range (1 to 99999999999999999999)" in result.err


def test_rows_have_no_code_past_the_codes_range():
    from golfsolve.batch.rows import code_of
    from golfsolve.model.rules import EASY

    assert code_of(MAX_CODE, EASY) == "GO1-E-ZZZZZZZ"
    assert code_of(MAX_CODE + 1, EASY) is None
    np.testing.assert_array_equal(deal_array([MAX_CODE + 1])[0],
                                  indices(Deal.from_number(MAX_CODE + 1)))


# ----- msN: PySolFC's Microsoft-numbered deals -------------------------------------------------
MS_SPECIAL = [1, 2, 31999, 32000, 32001, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32,
              2**32 + 1, 2**33 - 2, 2**33 - 1]


def test_ms_equals_pysol_cards_microsoft_deals():
    from golfsolve.kernels.dealer import deal_ms
    from golfsolve.model.pysolfc import MS_MAX

    numbers = MS_SPECIAL + spread(1500, MS_MAX, 5)
    rows = deal_ms(numbers)
    for n, row in zip(numbers, rows, strict=True):
        assert row.tolist() == pysol_cards_row(n, RandomBase.DEALS_MS), n
    for n, row in zip(MS_SPECIAL, rows, strict=False):
        assert indices(Deal.from_ms(n)) == row.tolist(), n
    assert deal_ms(np.arange(2**32 - 3, 2**32 + 3)).tolist() == deal_ms(
        range(2**32 - 3, 2**32 + 3)).tolist()
    assert indices(Deal.from_ms(32000)) == pysol_cards_row(32000)  # ms32000: the LCG
    for bad in ([0], [MS_MAX + 1], [5, int("9" * 30)]):
        with pytest.raises(CodeError, match="out of range"):
            deal_ms(bad)


def test_ms_is_a_deal_to_every_command(cli, tmp_path):
    shown = cli("show", "ms123", "--format", "json")
    assert shown.code == 0
    data = json.loads(shown.out)
    assert Deal.from_dict(data) == Deal.from_ms(123) and data["number"] is None
    assert cli("show", "MS123", "--format", "board").out == Deal.from_ms(123).to_board()
    assert cli("solve", "ms8589934591", "--rules", "classic").out.startswith(
        "ms8589934591, classic rules: ")
    out = tmp_path / "ms.csv"
    result = cli("batch", "ms1", "ms2", "ms1", "--rules", "easy", "--jobs", "1", "--out",
                 str(out))
    assert result.code == 0
    assert [r["deal"] for r in read_csv(out)] == ["ms1", "ms2"]


@pytest.mark.parametrize(("args", "message"), [
    (["solve", "ms"], "'ms' names no Microsoft deal: write ms and its number, like ms123"),
    (["show", "ms0"], "Microsoft deal ms0 is out of range (ms1 to ms8589934591)"),
    (["odds", "ms8589934592"], "Microsoft deal ms8589934592 is out of range (ms1 to "
     "ms8589934591)"),
    (["batch", "ms"], "'ms' names no Microsoft deal: write ms and its number, like ms123"),
    (["solve", "ms" + "9" * 40], "Microsoft deal ms999999999999... (40 digits) is out of "
     "range (ms1 to ms8589934591)")])
def test_bad_ms_is_one_line_and_status_2(cli, args, message):
    result = cli(*args)
    assert (result.code, result.err) == (2, f"golfsolve: error: {message}\n")
