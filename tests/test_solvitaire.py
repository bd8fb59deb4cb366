"""Solvitaire's seeded Golf deals (issue 46): solvitaire:N, dealt by the pure-Python reference
and by the compiled dealer, each card for card as Solvitaire deals them.
tests/data/solvitaire/golf-seeds-0-19.jsonl holds Solvitaire's own output for seeds 0-19
(``solvitaire --type golf --deal-only --random N``) beside the same deal in golfsolve's JSON
form."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model import solvitaire
from golfsolve.model.cards import Card
from golfsolve.model.deal import Deal
from golfsolve.model.position import Position

from .conftest import DATA

VECTORS = [json.loads(line) for line in
           (DATA / "solvitaire" / "golf-seeds-0-19.jsonl").read_text().splitlines()]
SEED_MAX = 2**31 - 1
# seeds whose shuffle draws again (Boost's rejection): one output past the 51, found by a
# scan of seeds 0 .. 4 * 10**7 with the compiled dealer (each deals 52 outputs in the reference)
DRAWING_AGAIN = [5257882, 8153190, 8236919, 14784396, 16536550, 22027237, 28354174, 33857005]


def solvitaire_printed(seed: int) -> Deal:
    """The deal as Solvitaire prints it (its JSON: piles bottom card first, the stock bottom
    card first, so drawn last; the hole), read as golfsolve's deal."""
    printed = next(v for v in VECTORS if v["seed"] == seed)["solvitaire_deal"]
    tableau = tuple(tuple(Card.parse(c) for c in pile) for pile in printed["tableau piles"])
    stock = tuple(Card.parse(c) for c in reversed(printed["stock"]))
    return Deal(tableau, Card.parse(printed["hole"]), stock)


# ----- the reference -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(20))
def test_reference_deals_what_solvitaire_printed(seed: int) -> None:
    vector = VECTORS[seed]
    assert vector["seed"] == seed
    deal = solvitaire.deal(seed)
    assert deal == solvitaire_printed(seed)
    assert deal.position() == Position.from_dict(vector["board"])


def test_seed_0_card_for_card() -> None:
    """The stock in draw order, the waste (Solvitaire's hole), the columns top to bottom in
    Solvitaire's pile order (bottom cards QS QH 9S 9C 8D 4H 3H: largest first)."""
    deal = solvitaire.deal(0)
    assert " ".join(map(str, deal.stock)) == "AS 9H 3D 5H 4D 7D 7S 5S TS 7H JC KD JH 9D 8S 8C"
    assert str(deal.waste) == "JS"
    assert [" ".join(map(str, column)) for column in deal.tableau] == [
        "QS 7C 2S KS JD", "QH 6C 4S 2H 5D", "9S TH 6D TC AD", "9C 2D 4C KH 6H",
        "8D AH 5C 6S TD", "4H 3S AC QC 2C", "3H 8H QD KC 3C"]


def test_mt19937() -> None:
    """std::mt19937 as the C++ standard pins it: default-seeded (5489), its 10000th output is
    4123659995; seed 0 starts 2357136044."""
    engine = solvitaire.MersenneTwister(5489)
    outputs = [engine() for _ in range(10000)]
    assert outputs[-1] == 4123659995
    assert solvitaire.MersenneTwister(0)() == 2357136044


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_mt19937_is_init_genrand(seed: int) -> None:
    """NumPy's legacy RandomState(seed) is seeded by init_genrand too (CPython's random and
    NumPy's MT19937(seed) are not), and its full-range uint32 draws are raw outputs: the two
    agree past the first twist."""
    engine = solvitaire.MersenneTwister(seed)
    ours = [engine() for _ in range(1300)]
    theirs = np.random.RandomState(seed).randint(0, 2**32, size=1300, dtype=np.uint32)
    assert ours == theirs.tolist()


class Outputs:
    def __init__(self, values: list[int]) -> None:
        self.values = iter(values)

    def __call__(self) -> int:
        return next(self.values)


def test_boost_uniform_buckets_and_draws_again() -> None:
    """Boost's generate_uniform_int over 0..2**32 - 1: bucket (2**32 - 1) // (top + 1), one more
    when top + 1 divides 2**32; a quotient past top draws again."""
    bucket = (2**32 - 1) // 52  # 82595524, 2**32 % 52 = 48 outputs left over
    assert solvitaire.uniform(Outputs([0]), 51) == 0
    assert solvitaire.uniform(Outputs([bucket - 1]), 51) == 0
    assert solvitaire.uniform(Outputs([bucket]), 51) == 1
    assert solvitaire.uniform(Outputs([52 * bucket - 1]), 51) == 51
    assert solvitaire.uniform(Outputs([52 * bucket, 2**32 - 1, 7 * bucket]), 51) == 7
    # 2 divides 2**32: bucket 2**31, every output within range
    assert solvitaire.uniform(Outputs([2**31 - 1]), 1) == 0
    assert solvitaire.uniform(Outputs([2**32 - 1]), 1) == 1
    assert solvitaire.uniform(Outputs([2**32 - 1]), 63) == 63
    assert solvitaire.uniform(Outputs([]), 0) == 0  # no draw at all


def test_shuffles_that_draw_again() -> None:
    for seed in DRAWING_AGAIN:
        assert solvitaire.shuffled(seed)[1] == 52
    assert solvitaire.shuffled(0)[1] == 51


# ----- solvitaire:N --------------------------------------------------------------------------
def test_parse() -> None:
    assert solvitaire.parse_solvitaire("solvitaire:7") == 7
    assert solvitaire.parse_solvitaire(" SOLVITAIRE: 0 ") == 0
    assert solvitaire.parse_solvitaire("Solvitaire:002147483647") == SEED_MAX
    assert solvitaire.looks_like_solvitaire("solvitaire:") and not \
        solvitaire.looks_like_solvitaire("7")
    assert solvitaire.parse_range("solvitaire:0-9999999") == (0, 9999999)
    assert solvitaire.parse_range("solvitaire: 5 - 3") == (5, 3)
    assert solvitaire.parse_range("solvitaire:5") is None
    assert solvitaire.label(7) == "solvitaire:7"


@pytest.mark.parametrize("text,message", [
    ("solvitaire:", "'solvitaire:' names no Solvitaire deal: write solvitaire: and a seed from 0 "
                    "to 2147483647 in the digits 0-9"),
    ("solvitaire:-1", "'solvitaire:-1' names no Solvitaire deal: write solvitaire: and a seed "
                      "from 0 to 2147483647 in the digits 0-9"),
    ("solvitaire:１", "'solvitaire:１' names no Solvitaire deal: write solvitaire: and a seed "
                     "from 0 to 2147483647 in the digits 0-9"),
    ("solvitaire:2147483648", "Solvitaire deal solvitaire:2147483648 is out of range "
                              "(solvitaire:0 to solvitaire:2147483647)"),
    ("solvitaire:" + "9" * 40, "Solvitaire deal solvitaire:9999999... (40 digits) is out of "
                               "range (solvitaire:0 to solvitaire:2147483647)"),
    ("solvit:1", "'solvit:1' is not a Solvitaire deal: write solvitaire: and its seed, like "
                 "solvitaire:7"),
])
def test_parse_refuses(text: str, message: str) -> None:
    with pytest.raises(solvitaire.SolvitaireError) as caught:
        solvitaire.parse_solvitaire(text)
    assert str(caught.value) == message


def test_range_refuses_a_seed_out_of_range() -> None:
    with pytest.raises(solvitaire.SolvitaireError) as caught:
        solvitaire.parse_range("solvitaire:0-2147483648")
    assert str(caught.value) == ("Solvitaire deal solvitaire:0-2147483648 is out of range "
                                 "(solvitaire:0 to solvitaire:2147483647)")


def test_check_seed() -> None:
    assert solvitaire.check_seed(0) == 0
    with pytest.raises(solvitaire.SolvitaireError, match="solvitaire:-1 is out of range"):
        solvitaire.check_seed(-1)


# ----- the compiled dealer -------------------------------------------------------------------
def test_compiled_deals_what_solvitaire_printed() -> None:
    from golfsolve.kernels.solvitaire import deal_seed, deal_seeds

    rows = deal_seeds(range(20))
    assert rows.shape == (20, 52) and rows.dtype == np.uint8
    for seed in range(20):
        cards = [c.index for c in solvitaire_printed(seed).cards()]
        assert rows[seed].tolist() == cards == deal_seed(seed).tolist()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, SEED_MAX), min_size=1, max_size=20)
       | st.sampled_from([[0], [SEED_MAX], [0, SEED_MAX], DRAWING_AGAIN]))
def test_compiled_equals_reference(seeds: list[int]) -> None:
    """Seeds side by side (deal_seeds) and one at a time (deal_seed), 0 and 2**31 - 1 among
    them."""
    from golfsolve.kernels.solvitaire import deal_seed, deal_seeds

    rows = deal_seeds(np.array(seeds, dtype=np.int64))
    for seed, row in zip(seeds, rows, strict=True):
        assert row.tolist() == solvitaire.indices(seed) == deal_seed(seed).tolist()


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 2**16 - 1))
def test_compiled_bucket_division(r: int, top: int) -> None:
    """The kernel's division-free quotient is Boost's r // bucket, bucket as Boost writes it."""
    from golfsolve.kernels.solvitaire import _boost

    bucket = (2**32 - 1) // (top + 1) + ((2**32 - 1) % (top + 1) == top)
    assert _boost(r, top) == r // bucket
    edge = min(r // bucket * bucket, 2**32 - 1)  # the first output of r's bucket, and the last
    assert _boost(edge, top) == edge // bucket  # of the bucket before
    assert _boost(max(edge - 1, 0), top) == max(edge - 1, 0) // bucket


@pytest.mark.parametrize("draws,picks", [(64, True), (51, True), (0, True), (64, False),
                                         (51, False), (1, False), (0, False)])
def test_every_way_a_deal_is_shuffled(draws: int, picks: bool) -> None:
    """A deal is shuffled by its picks, drawing again from its outputs, or past them from its
    whole state: each way deals the reference's cards, on deals that draw again and others."""
    from golfsolve.kernels.solvitaire import _dealt

    seeds = [0, 1, 2, SEED_MAX, *DRAWING_AGAIN, *range(1000, 1040)]
    rows = _dealt(np.array(seeds, dtype=np.int64), draws=draws, use_picks=picks)
    assert [row.tolist() for row in rows] == [solvitaire.indices(s) for s in seeds]


@pytest.mark.parametrize("first,count", [(0, 300), (SEED_MAX - 136, 137), (5257800, 100),
                                         (99, 1), (7, 0)])  # 137: a short last block
def test_range_equals_one_by_one(first: int, count: int) -> None:
    from golfsolve.kernels.solvitaire import deal_seed, deal_seed_range

    rows = deal_seed_range(first, count)
    assert rows.shape == (count, 52)
    for k in range(count):
        np.testing.assert_array_equal(rows[k], deal_seed(first + k), err_msg=str(first + k))


def test_board_order() -> None:
    """The compiled row is in dealer.py's board order: stock first drawn first, the waste,
    the columns top to bottom."""
    from golfsolve.kernels.solvitaire import deal_seed

    deal = solvitaire.deal(123456789)
    cards = [Card.from_index(int(i)) for i in deal_seed(123456789)]
    assert tuple(cards[:16]) == deal.stock
    assert cards[16] == deal.waste
    assert tuple(tuple(cards[17 + 5 * c:22 + 5 * c]) for c in range(7)) == deal.tableau


@pytest.mark.parametrize("call", ["seeds_low", "seeds_high", "range", "one"])
def test_compiled_refuses_seeds_out_of_range(call: str) -> None:
    from golfsolve.kernels import solvitaire as dealer

    with pytest.raises(solvitaire.SolvitaireError) as caught:
        {"seeds_low": lambda: dealer.deal_seeds([5, -1]),
         "seeds_high": lambda: dealer.deal_seeds(np.array([2**31])),
         "range": lambda: dealer.deal_seed_range(SEED_MAX, 2),
         "one": lambda: dealer.deal_seed(2**31)}[call]()
    assert str(caught.value).endswith("is out of range (solvitaire:0 to solvitaire:2147483647)")


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_compiled_twister_pieces(seed: int) -> None:
    """kernels/twister.py: init_genrand, the whole-state twist and the tempering give the
    reference's outputs, twice round the state; fresh_output gives the first 227."""
    from golfsolve.kernels.twister import FRESH, M, N, fresh_output, init_genrand, temper, twist

    engine = solvitaire.MersenneTwister(seed)
    expected = [engine() for _ in range(2 * N)]
    mt = np.empty(N, dtype=np.int64)
    init_genrand(seed, mt)
    seeded = mt.copy()
    assert [fresh_output(seeded[k], seeded[k + 1], seeded[k + M]) for k in range(FRESH)] == \
        expected[:FRESH]
    outputs = []
    for _ in range(2):
        twist(mt)
        outputs += [temper(word) for word in mt]
    assert outputs == expected


def test_solvitaire_arrays() -> None:
    """packing.solvitaire_arrays: the kernels' arrays of each seed, as packing a Deal gives."""
    from golfsolve.packing import pack_position, solvitaire_arrays

    seeds = [3, 0, SEED_MAX]
    for seed, (col_ranks, stock_ranks, waste) in zip(seeds, solvitaire_arrays(seeds),
                                                     strict=True):
        position = solvitaire.deal(seed).position()
        expected_cols, expected_stock = pack_position(position)
        np.testing.assert_array_equal(col_ranks, expected_cols)
        np.testing.assert_array_equal(stock_ranks, expected_stock)
        assert waste == position.waste.rank
    assert list(solvitaire_arrays([])) == []


# ----- solvitaire:N as a DEAL ----------------------------------------------------------------
def test_a_deal_is_classic_and_named_solvitaire_n(cli):
    result = cli("show", "SOLVITAIRE:007", "--format", "json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert (data["deal"], data["rules"], data["number"], data["code"]) == (
        "solvitaire:7", "classic", None, None)
    assert Deal.from_dict(data) == solvitaire.deal(7)
    assert cli("show", "solvitaire:0").out.startswith("solvitaire:0, classic rules\n")
    solved = cli("solve", "solvitaire:7")
    assert solved.out.startswith("solvitaire:7, classic rules: cannot be won\n")
    assert solved.out.endswith("Max removed: 34 of 35. Best score: 330. "
                               f"({solved.out.rsplit('(', 1)[1]}")
    assert cli("solve", "solvitaire:7", "--rules", "easy").out.startswith(
        "solvitaire:7, easy rules: cannot be won\n")
    record = json.loads(cli("solve", "solvitaire: 7", "--json").out)
    assert (record["deal"], record["number"], record["code"], record["max_removed"]) == (
        "solvitaire:7", None, None, 34)


def test_a_replay_finds_its_record_by_the_label(cli, tmp_path):
    record = cli("solve", "solvitaire:4", "--json").out
    moves = tmp_path / "moves.jsonl"
    moves.write_text(record)
    assert json.loads(record)["winnable"] is True
    result = cli("replay", "Solvitaire:04", str(moves))
    assert result.code == 0, result.err
    assert result.out.splitlines()[-2:] == ["Removed: 35 of 35. Score: 350. Moves: 48.",
                                            "You won!"]
    other = cli("replay", "solvitaire:5", str(moves))
    assert (other.code, other.err) == (2, "golfsolve: error: the moves are for solvitaire:4 "
                                          "(classic), not for solvitaire:5\n")


@pytest.mark.parametrize(("arg", "message"), [
    ("solvitaire:", "'solvitaire:' names no Solvitaire deal: write solvitaire: and a seed from 0 "
                    "to 2147483647 in the digits 0-9"),
    ("solvitaire:2147483648", "Solvitaire deal solvitaire:2147483648 is out of range "
                              "(solvitaire:0 to solvitaire:2147483647)"),
    ("solvitaire:1-5", "'solvitaire:1-5' is not a deal: give one seed, like solvitaire:7 "
                       "(batch takes ranges)"),
])
def test_bad_seeds_are_one_line_and_status_2(cli, arg, message):
    for command in ("show", "solve", "odds"):
        result = cli(command, arg)
        assert (result.code, result.err) == (2, f"golfsolve: error: {message}\n"), command


# ----- in a batch ----------------------------------------------------------------------------
def test_deal_lists_take_seeds_and_ranges(tmp_path):
    from itertools import islice

    from golfsolve.batch.deals import DealList, keyed_seed

    items = list(DealList(["solvitaire:0-3", "5", "SOLVITAIRE:2-5", "solvitaire:10"]))
    assert [(i.key, i.label, i.number, i.solvitaire) for i in items] == [
        ("solvitaire:0000000000", "solvitaire:0", None, 0),
        ("solvitaire:0000000001", "solvitaire:1", None, 1),
        ("solvitaire:0000000002", "solvitaire:2", None, 2),
        ("solvitaire:0000000003", "solvitaire:3", None, 3),
        ("5", "5", 5, None),  # PySolFC's deal 5, not Solvitaire's
        ("solvitaire:0000000004", "solvitaire:4", None, 4),
        ("solvitaire:0000000005", "solvitaire:5", None, 5),
        ("solvitaire:0000000010", "solvitaire:10", None, 10)]
    assert items[4].position() != items[6].position() == solvitaire.deal(5).position()
    assert [keyed_seed(i.key) for i in items] == [0, 1, 2, 3, None, 4, 5, 10]
    assert keyed_seed("board:0123456789abcdef") is None and keyed_seed("solvitaire:7") is None
    listed = DealList(["solvitaire:0-3", "5", "solvitaire:2-5", "solvitaire:10"])
    assert listed.total == 8
    list(listed)
    assert listed.repeated == 2
    listing = tmp_path / "seeds.txt"
    listing.write_text("solvitaire:7  # a comment\nsolvitaire: 1 - 2\n3\n")
    assert [i.label for i in DealList([f"@{listing}"])] == [
        "solvitaire:7", "solvitaire:1", "solvitaire:2", "3"]
    assert [i.label for i in DealList(["solvitaire:2147483645"], count=3)] == [
        "solvitaire:2147483645", "solvitaire:2147483646", "solvitaire:2147483647"]
    whole = DealList(["solvitaire:0-2147483647"])  # streamed: two numbers, not 2**31 items
    assert whole.total == 2**31
    assert [i.label for i in islice(iter(whole), 2)] == ["solvitaire:0", "solvitaire:1"]


@pytest.mark.parametrize(("args", "count", "message"), [
    (["solvitaire:5-3"], None, "the range solvitaire:5-3 is reversed: 3 comes before 5"),
    (["solvitaire:0-2147483648"], None, "Solvitaire deal solvitaire:0-2147483648 is out of "
                                        "range (solvitaire:0 to solvitaire:2147483647)"),
    (["solvitaire:x"], None, "'solvitaire:x' names no Solvitaire deal: write solvitaire: and a "
                             "seed from 0 to 2147483647 in the digits 0-9"),
    (["solvitaire:2147483647"], 2, "2 deals from solvitaire:2147483647: Solvitaire deal "
                                   "solvitaire:2147483648 is out of range (solvitaire:0 to "
                                   "solvitaire:2147483647)"),
    (["solvitaire:0-5"], 2, "a count of deals goes with a start number, code or "
                            "solvitaire:N, not with 'solvitaire:0-5'"),
])
def test_bad_seed_lists(args, count, message):
    from golfsolve.batch.deals import DealList, DealsError

    with pytest.raises(DealsError) as caught:
        DealList(args, count)
    assert str(caught.value) == message


def test_a_bad_listing_line_is_named(cli, tmp_path):
    listing = tmp_path / "bad.txt"
    listing.write_text("solvitaire:1\nsolvitaire:9-1\n")
    result = cli("batch", f"@{listing}")
    assert (result.code, result.err) == (2, f"golfsolve: error: {listing} line 2: the range "
                                            "solvitaire:9-1 is reversed: 1 comes before 9\n")


def test_a_batch_stores_and_resumes_seeds_by_key(cli, tmp_path):
    import sqlite3

    db, out = tmp_path / "s.sqlite", tmp_path / "s.jsonl"
    result = cli("batch", "solvitaire:8-11", "5", "solvitaire:3", "--rules", "classic",
                 "--jobs", "1", "--db", str(db), "--out", str(out))
    assert result.code == 0, result.err
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["deal"], r["number"], r["code"]) for r in rows] == [
        ("solvitaire:8", None, None), ("solvitaire:9", None, None),
        ("solvitaire:10", None, None), ("solvitaire:11", None, None),
        ("5", 5, "GO1-C-AAAAAAF"), ("solvitaire:3", None, None)]
    for row in rows[:4] + rows[5:]:  # as solve gives each, moves and all
        single = json.loads(cli("solve", row["deal"], "--json").out)
        assert {**single, "ms": 0, "states": 0} == {**row, "ms": 0, "states": 0}
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT key, deal, number, code FROM results WHERE rules = 'classic' "
                           "ORDER BY key").fetchall() == [
            ("5", "5", 5, "GO1-C-AAAAAAF"),
            ("solvitaire:0000000003", "solvitaire:3", None, None),
            ("solvitaire:0000000008", "solvitaire:8", None, None),
            ("solvitaire:0000000009", "solvitaire:9", None, None),
            ("solvitaire:0000000010", "solvitaire:10", None, None),
            ("solvitaire:0000000011", "solvitaire:11", None, None)]
        assert con.execute("SELECT count(*) FROM boards").fetchone() == (0,)  # dealt again
        con.execute("DELETE FROM results WHERE key = 'solvitaire:0000000009'")
        con.execute("UPDATE results SET states = 7654321 WHERE key = 'solvitaire:0000000010'")
    again = tmp_path / "again.jsonl"
    assert cli("batch", "solvitaire:8-11", "5", "solvitaire:3", "--rules", "classic", "--jobs",
               "1", "--db", str(db), "--out", str(again)).code == 0
    resumed = [json.loads(line) for line in again.read_text().splitlines()]
    assert [r["deal"] for r in resumed] == [r["deal"] for r in rows]
    assert resumed[1]["states"] == rows[1]["states"]  # solved again
    assert resumed[2]["states"] == 7654321  # found stored, not solved again
    every = tmp_path / "every.csv"  # every stored deal: numbers, then seeds in order
    assert cli("batch", "--db", str(db), "--rules", "classic", "--out", str(every)).code == 0
    assert [line.split(",")[0] for line in every.read_text().splitlines()[1:]] == [
        "5", "solvitaire:3", "solvitaire:8", "solvitaire:9", "solvitaire:10", "solvitaire:11"]


def test_lists_of_winnable_seeds(cli, tmp_path):
    txt, module = tmp_path / "won.txt", tmp_path / "won.py"
    assert cli("batch", "solvitaire:0-4", "--rules", "classic", "--won-only", "--out",
               str(txt)).code == 0
    assert txt.read_text() == "solvitaire:1\nsolvitaire:4\n"  # a listing batch reads back
    refused = cli("batch", "solvitaire:0-4", "--rules", "classic", "--won-only", "--out",
                  str(module))  # a module of no seed at all, else
    assert (refused.code, refused.err) == (2, f"golfsolve: error: --out {module}: "
                                           "SOLVABLE_SEEDS holds PySolFC's deal numbers, and "
                                           "Solvitaire's seeds are not: write the list to a .txt "
                                           "file (one solvitaire:N a line)\n")
    assert not module.exists()
    listing = tmp_path / "mixed.txt"  # seeds among numbers, in a listing: each seed a comment
    listing.write_text("solvitaire:0-4\n1-3\n")
    assert cli("batch", f"@{listing}", "--rules", "classic", "--won-only", "--out",
               str(module)).code == 0
    assert "    # solvitaire:1 (Solvitaire's deal, no deal number)\n" in module.read_text()


def test_a_seed_is_named_in_the_pair_tables():
    """A deal won only under stricter rules is listed by name: solvitaire:N, not None."""
    from golfsolve.batch.tally import BatchTally

    tally = BatchTally(["easy", "classic"], pairs=True)
    row = {"number": None, "code": None, "deal": "solvitaire:3", "max_removed": 35,
           "best_score": 350, "odds_samples": None, "fair_value": None}
    tally.add_deal([{**row, "rules": "easy", "winnable": False, "max_removed": 34,
                     "best_score": 330}, {**row, "rules": "classic", "winnable": True}])
    assert tally.comparisons()[0].only_stricter == ["solvitaire:3"]
