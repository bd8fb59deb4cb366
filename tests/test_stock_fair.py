"""The fair value of a position whose whole stock is unseen, by layers (golfsolve.fair.layered),
against the memoised expectimax, the card-level recursion and whole-deal vectors."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golfsolve.fair.layered as layered_module
import golfsolve.fair.memory as memory_module
from golfsolve.fair.expectimax import fair_value, fair_value_game
from golfsolve.fair.layered import stock_fair, stock_fair_game
from golfsolve.fair.memory import NeedsMemory, chosen_layout, estimate
from golfsolve.fair.multisets import layers_of
from golfsolve.model.actions import DRAW, Action
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.rules import CLASSIC, EASY, rules_by_name
from golfsolve.packing import game_fair_arrays, pack_columns

from .test_expectimax import clairvoyant_odds, play_to, position_strategy, reference_actions

VECTORS = Path(__file__).parent / "data" / "stock-fair-vectors.json"


def as_fractions(result) -> tuple[Fraction, dict]:
    return (Fraction(result.wins, result.orders),
            {a: Fraction(w, result.orders) for a, w in result.actions.items()})


@settings(max_examples=60, deadline=None)
@given(position_strategy(10, min_left=4))
def test_equals_the_expectimax_integers_on_mid_game_positions(game):
    expected = fair_value_game(game, budget=20_000_000)
    result = stock_fair_game(game)
    assert expected.complete
    assert result.orders == expected.orders
    assert result.wins == expected.wins
    assert result.actions == {a: v * expected.orders for a, v in expected.actions.items()}


@settings(max_examples=25, deadline=None)
@given(position_strategy(5, min_left=3))
def test_equals_the_average_over_all_orders_and_stays_below_the_clairvoyant_odds(game):
    result = stock_fair_game(game)
    value, actions = as_fractions(result)
    hidden = range(game.stock_left)
    assert (value, actions) == reference_actions(game, hidden)
    assert value <= clairvoyant_odds(game, hidden)


def deal_9_cut() -> tuple:
    """Deal 9's tableau cut to its deepest cards, the whole stock unseen: (columns, heights,
    waste rank) and the unseen counts. Small enough in heights for the memoised expectimax to
    finish, with every stock order still to weigh."""
    game = Game(Deal.from_number(9), CLASSIC)
    heights = np.array([2, 2, 1, 1, 1, 0, 0], dtype=np.int64)
    unseen = np.zeros(14, dtype=np.int64)
    for card in game.start.stock:
        unseen[card.rank] += 1
    return (pack_columns(game.start), heights, int(game.waste.rank)), unseen


def test_the_kernels_read_the_top_cards_in_one_layout_whatever_the_tableau():
    # an empty tableau is one row, whose table numpy makes C and F order at once: the kernels
    # that read it were compiled a second time for it (seconds, on a fresh install's first
    # fair value of such a position) until every table was made in C order
    import golfsolve.fair.kernels.closures as closures
    import golfsolve.fair.kernels.values as values

    args, unseen = deal_9_cut()
    for heights in ([0] * 7, [2, 2, 1, 1, 1, 0, 0]):
        stock_fair(args[0], np.array(heights, dtype=np.int64), args[2], unseen,
                   CLASSIC.fits_table())
    for kernel in (closures.closure_table, closures.loose_columns, values.values_rows):
        tops = [signature[0 if kernel is not values.values_rows else 12]
                for signature in kernel.signatures]
        assert tops and all(t.layout == "C" for t in tops), (kernel, tops)


def test_a_position_with_16_unseen_cards_equals_the_expectimax():
    args, unseen = deal_9_cut()
    expected = fair_value(*args, np.zeros(16, dtype=np.int64), unseen, CLASSIC.fits_table(),
                          budget=20_000_000)
    result = stock_fair(*args, unseen, CLASSIC.fits_table())
    assert expected.complete
    assert Fraction(result.wins, result.orders) == Fraction(89941, 92400)
    assert result.wins == expected.wins
    assert result.actions == {a: v * expected.orders for a, v in expected.actions.items()}


@pytest.mark.parametrize("rules", [EASY, CLASSIC])
def test_the_layers_whose_values_below_pass_32_bits_equal_the_expectimax(rules, monkeypatch):
    # 16 unseen cards of all 13 ranks: 13 of them have 13! > 2**32 orders, and the layers
    # above are computed by wide_rows (hundreds of entries here), not values_rows
    import golfsolve.fair.kernels.values as kernels

    entries = []

    def counted(*args):
        voff, lo, hi = args[3], args[-4], args[-3]
        entries.append(int(voff[hi] - voff[lo]))
        return wide_rows(*args)

    wide_rows = kernels.wide_rows
    monkeypatch.setattr(kernels, "wide_rows", counted)
    start = Deal.from_number(1).position()
    args = (pack_columns(start), np.array([2, 2, 1, 1, 1, 0, 0]), start.waste.rank)
    unseen = np.array([0, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], dtype=np.int64)
    assert layers_of(unseen).orders[13].max() >= 1 << 32
    expected = fair_value(*args, np.zeros(16, dtype=np.int64), unseen, rules.fits_table(),
                          budget=20_000_000)
    result = stock_fair(*args, unseen, rules.fits_table())
    assert expected.complete and sum(entries) > 100
    assert result.wins == expected.wins
    assert result.actions == {a: v * expected.orders for a, v in expected.actions.items()}


def test_a_position_the_compact_layout_does_not_fit_is_computed_tight():
    # deal 9 cut on one thread needs 151,504,453 bytes compact, 151,500,127 tight (16 unseen
    # cards: values with 3 to 26 bits above their low 16, packed into words)
    position, unseen = deal_9_cut()
    args = (*position, unseen, CLASSIC.fits_table())
    result = stock_fair(*args, limit=151_504_000, held=0, jobs=1)
    assert result.counters["layout"] == "tight"
    assert result.counters["bytes"] == 151_500_150
    assert Fraction(result.wins, result.orders) == Fraction(89941, 92400)
    assert result.actions == stock_fair(*args, layout="fast").actions
    with pytest.raises(NeedsMemory) as refused:
        stock_fair(*args, limit=151_504_000, held=0, layout="compact", jobs=1)
    assert refused.value.needed == 151_504_476
    with pytest.raises(ValueError, match="no layout 'small'"):
        stock_fair(*args, layout="small")


@pytest.mark.parametrize("case", json.loads(VECTORS.read_text(encoding="utf-8")),
                         ids=lambda case: f"deal {case['deal']} {case['rules']}")
def test_whole_deal_vectors(case):
    game = Game(Deal.from_number(case["deal"]), rules_by_name(case["rules"]))
    result = stock_fair_game(game)
    assert [result.wins, result.orders] == case["value"]
    assert result.actions == {Action.from_token(a): w for a, w in case["actions"].items()}


def test_a_limit_below_the_estimate_refuses_before_allocating():
    game = Game(Deal.from_number(3), CLASSIC)
    unseen = np.zeros(14, dtype=np.int64)
    for card in game.start.stock:
        unseen[card.rank] += 1
    needed = estimate(np.array(game.heights), unseen)
    with pytest.raises(NeedsMemory) as refused:
        stock_fair_game(game, limit=needed - 1, held=0)
    assert refused.value.needed == needed
    assert refused.value.limit == needed - 1


def test_what_the_process_holds_already_counts_against_the_limit():
    import resource

    game = Game(Deal.from_number(3), CLASSIC)
    _, heights, _, _, unseen = game_fair_arrays(game)
    own = estimate(heights, unseen)
    with pytest.raises(NeedsMemory) as refused:
        stock_fair_game(game, limit=own + 10**9 - 1, held=10**9)
    assert (refused.value.needed, refused.value.limit) == (own + 10**9, own + 10**9 - 1)
    assert refused.value.reason == "needs 1.6 GB, more than the 1.6 GB it may use"
    with pytest.raises(NeedsMemory) as refused:  # held by default: the resident memory now
        stock_fair_game(game, limit=own)
    held = refused.value.needed - own
    assert 10**7 < held <= resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def test_layers_count_every_sub_multiset_once_with_its_orders():
    unseen = np.zeros(14, dtype=np.int64)
    unseen[[1, 5, 13]] = [2, 1, 3]
    layers = layers_of(unseen)
    assert [layers.width(k) for k in range(7)] == [1, 3, 5, 6, 5, 3, 1]
    assert int(layers.orders[6][0]) == 60  # 6! / (2! 1! 3!)
    for k in range(1, 7):  # N(M) = the sum over its ranks r of N(M - r)
        down, lower = layers.down[k], layers.orders[k - 1]
        sums = [sum(int(lower[q]) for q in down[p] if q >= 0) for p in range(layers.width(k))]
        assert sums == [int(n) for n in layers.orders[k]]


@settings(max_examples=15, deadline=None)
@given(position_strategy(10, min_left=6), st.randoms(use_true_random=False))
def test_a_kept_table_answers_later_positions_as_a_new_pass_does(game, rnd):
    table = stock_fair_game(game, keep=True).table
    assert table is not None
    for _ in range(8):  # play on at random, as a player who ignores the hints might
        moves = [str(c) for c in game.playable_columns()] + (["d"] if game.stock_left else [])
        if game.status != "playing" or not moves:
            break
        game.play(rnd.choice(moves))
        _, heights, waste_rank, _, unseen = game_fair_arrays(game)
        later = table.position(heights, waste_rank, unseen)
        fresh = stock_fair_game(game)
        assert (later.wins, later.orders, later.actions) == (fresh.wins, fresh.orders,
                                                             fresh.actions)


@settings(max_examples=25, deadline=None)
@given(position_strategy(10, min_left=4))
def test_the_compact_and_tight_layouts_give_the_fast_layouts_integers(game):
    fast = stock_fair_game(game, layout="fast")
    assert fast.counters["layout"] == "fast"
    for layout in ("compact", "tight"):
        other = stock_fair_game(game, layout=layout)
        assert other.counters["layout"] == layout
        assert (other.wins, other.orders, other.actions) == (fast.wins, fast.orders,
                                                             fast.actions)


@settings(max_examples=10, deadline=None)
@given(position_strategy(10, min_left=6), st.randoms(use_true_random=False),
       st.sampled_from(["compact", "tight"]))
def test_a_compact_kept_table_answers_later_positions_as_a_new_pass_does(game, rnd, layout):
    table = stock_fair_game(game, keep=True, layout=layout).table
    assert table is not None
    while game.status == "playing" and game.stock_left and rnd.random() < 0.9:
        game.play(rnd.choice([str(c) for c in game.playable_columns()] + ["d"]))
    if game.status != "playing" or not game.stock_left:
        return
    _, heights, waste_rank, _, unseen = game_fair_arrays(game)
    later, fresh = table.position(heights, waste_rank, unseen), stock_fair_game(game)
    assert (later.wins, later.orders, later.actions) == (fresh.wins, fresh.orders, fresh.actions)


def test_a_deal_the_fast_layout_does_not_fit_is_computed_compact():
    # deal 45 under Classic on two threads needs 629 MB fast, 579 MB compact: with 615 MB it
    # is compact, every value as the fast layout gives it (16 unseen cards)
    game = Game(Deal.from_number(45), CLASSIC)
    result = stock_fair_game(game, limit=615_000_000, held=0, jobs=2)
    assert result.counters["layout"] == "compact"
    assert result.counters["bytes"] == 579_400_116
    assert (result.wins, result.orders, result.actions) == DEAL_45_CLASSIC
    with pytest.raises(NeedsMemory) as refused:
        stock_fair_game(game, limit=615_000_000, held=0, layout="fast", jobs=2)
    assert refused.value.needed == 629_066_640


def test_the_default_layout_is_the_fastest_under_the_preferred_size(monkeypatch):
    # deal 45 under Classic on two threads needs 629 MB fast, 579 MB compact: preferring 615
    # MB it is compact though 10 GB are allowed; where no layout is under the preferred size,
    # the one that needs the least (compact and tight both 579 MB: the faster of the two); a
    # layout asked for is used whatever it needs. (Deal 45's passes are run once, up to the
    # choice: that each layout gives it the same values is the previous test's and the
    # compact and tight layouts' test's.)
    game = Game(Deal.from_number(45), CLASSIC)

    class Chosen(Exception):
        """The choice about to be made, with what each layout would need: the values pass
        not run."""

    def chosen(need, asked, limit, held):
        raise Chosen(need, asked, limit, held)

    monkeypatch.setattr(layered_module, "chosen_layout", chosen)
    with pytest.raises(Chosen) as made:
        stock_fair_game(game, limit=10 << 30, held=0, jobs=2)
    need, asked, limit, held = made.value.args
    assert (asked, limit, held) == (None, 10 << 30, 0)
    monkeypatch.setattr(memory_module, "PREFERRED_BYTES", 615_000_000)
    assert chosen_layout(need, None, limit, 0) == ("compact", need("compact"))
    assert need("compact")[0] == 579_400_116
    assert chosen_layout(need, "fast", limit, 0) == ("fast", need("fast"))
    assert need("fast")[0] == 629_066_640
    monkeypatch.setattr(memory_module, "PREFERRED_BYTES", 100_000_000)
    assert need("tight")[0] == 579_400_116
    assert chosen_layout(need, None, limit, 0) == ("compact", need("compact"))


def test_a_kept_table_covers_positions_where_best_play_would_have_won_without_drawing():
    # Easy deal 2858 with 6 cards left: a player can walk into a closure that holds the empty
    # tableau and draw there; the table's value of that draw is the sure win a new pass finds
    game = play_to(2858, rules_by_name("easy"), 6, random.Random(0))
    table = stock_fair_game(game, keep=True).table
    for move in ["1", "7", "d", "3"]:
        game.play(move)
    _, heights, waste_rank, _, unseen = game_fair_arrays(game)
    later, fresh = table.position(heights, waste_rank, unseen), stock_fair_game(game)
    assert fresh.actions[DRAW] == fresh.orders == 120
    assert (later.wins, later.orders, later.actions) == (fresh.wins, fresh.orders, fresh.actions)


# ----- from the first card, end to end ---------------------------------------------------------
DEAL_3_CLASSIC = Fraction(52765324267, 217945728000)
# Deal 45 under Classic, the tests' cheaper whole deal (a column or a draw, as deal 3, in under
# half its time): wins, orders and each first action's wins. docs/fair-census.csv holds the same
# wins, and the memoised expectimax gives the same integers (9.7 million states, 21 s).
DEAL_45_CLASSIC = (34424326274, 145297152000,
                   {Action.from_token("7"): 34424326274, DRAW: 29468404280})


def test_the_hint_at_the_first_move_is_the_best_exact_move_and_never_reads_the_stock(
        cli, tmp_path):
    board = cli("show", "45", "--format", "board").out.splitlines()
    talon = board[0].split()
    board[0] = " ".join(talon[:1] + talon[:0:-1])  # the same 16 cards, drawn the other way
    shuffled = tmp_path / "reversed.board"
    shuffled.write_text("\n".join(board) + "\n", encoding="utf-8")
    hints = []
    for deal in ("45", str(shuffled)):
        played = cli("play", deal, "--rules", "classic", "--lang", "en", input="h\n7\nh\nq\n")
        assert played.code == 0, played.err
        hints.append([line for line in played.out.splitlines() if line.startswith("Hint:")])
    assert hints[0] == hints[1] == [
        "Hint: column 7 (8♣). Best play without seeing the stock wins 23.7% of the time.",
        "Hint: draw, the only legal move. Best play without seeing the stock wins 23.7% of the "
        "time."]


def test_the_kept_table_gives_the_first_cards_values_of_every_action():
    game = Game(Deal.from_number(45), CLASSIC)
    result = stock_fair_game(game, keep=True)
    assert (result.wins, result.orders, result.actions) == DEAL_45_CLASSIC
    game.play("7")  # the best move keeps the value; a draw would give 20.3%
    _, heights, waste_rank, _, unseen = game_fair_arrays(game)
    after = result.table.position(heights, waste_rank, unseen)
    assert (after.wins, after.orders) == DEAL_45_CLASSIC[:2]


def test_a_batch_stores_each_deals_fair_value_and_the_summary_averages_them(cli, tmp_path):
    db, rows = tmp_path / "fair.sqlite", tmp_path / "rows.csv"
    quick = cli("batch", "1", "45", "--rules", "classic", "--odds", "--no-fair", "--samples",
                "10", "--jobs", "1", "--db", str(db), "--quiet")
    assert quick.code == 0 and "mean fair value" not in quick.out
    done = cli("batch", "1", "45", "--rules", "classic", "--odds", "--samples", "10", "--jobs",
               "1", "--db", str(db), "--out", str(rows), "--quiet")  # fills in what they lack
    assert done.code == 0, done.err
    import csv

    with open(rows, encoding="utf-8", newline="") as f:
        stored = [(r["number"], r["fair_value"]) for r in csv.DictReader(f)]
    assert stored == [("1", "0/1"), ("45", "1324012549/5588352000")]  # in lowest terms
    deal_45 = Fraction(*DEAL_45_CLASSIC[:2])
    mean = float(deal_45) / 2
    half = 1.96 * (float(deal_45) / 2 ** 0.5) / 2 ** 0.5
    line = next(x for x in done.out.splitlines() if "mean fair value" in x)
    assert line == (f"  mean fair value of a layout {100 * mean:.1f}% (95% interval [0.0%, "
                    f"{100 * (mean + half):.1f}%], 2 deals, best play without sight of the "
                    "stock)")
    reported = cli("batch", "--db", str(db), "--rules", "classic", "--json")
    summary = json.loads(reported.out)["summary"][0]
    assert (summary["fair_deals"], summary["mean_fair"]) == (2, round(mean, 6))
    assert summary["fair_95"] == [0.0, round(mean + half, 6)]


def test_one_deals_fair_value_is_given_without_an_interval_over_deals(cli, tmp_path):
    # (the second run reads the first's database: the summary is made from the rows either way)
    db = tmp_path / "one.sqlite"
    done = cli("batch", "45", "--rules", "classic", "--odds", "--samples", "4", "--jobs", "1",
               "--db", str(db))
    assert done.code == 0, done.err
    line = next(x for x in done.out.splitlines() if "fair value" in x)
    assert line == ("  fair value of the layout 23.7% (1 deal, best play without sight of the "
                    "stock; an interval over deals needs two or more)")
    summary = json.loads(cli("batch", "45", "--rules", "classic", "--odds", "--samples", "4",
                             "--jobs", "1", "--db", str(db), "--json").out)["summary"][0]
    assert (summary["fair_deals"], summary["fair_95"]) == (1, None)
    assert summary["mean_fair"] == round(34424326274 / 145297152000, 6)


def test_a_deal_that_needs_more_than_a_workers_share_is_computed_alone(cli, tmp_path):
    # deal 1 under Classic needs 453 MB (416 MB compact), deal 3 681 MB (618 MB compact), each
    # beside the 0.1 to 0.19 GB its worker holds already: with 700 MB for two workers (350 MB
    # each), deal 1 waits and runs alone with the 700 MB; deal 3 never fits
    rows = tmp_path / "rows.csv"
    done = cli("batch", "1", "3", "--rules", "classic", "--odds", "--samples", "4", "--jobs",
               "2", "--memory", "700M", "--out", str(rows), "--quiet")
    assert done.code == 0, done.err
    import csv

    with open(rows, encoding="utf-8", newline="") as f:
        stored = [(r["number"], r["fair_value"], r["odds_samples"]) for r in csv.DictReader(f)]
    assert stored == [("1", "0/1", "4"), ("3", "", "4")]


@pytest.mark.parametrize(("args", "message"), [
    (["odds", "3", "--memory", "lots"],
     "Invalid value for '--memory': 'lots' is not a size (say 8G or 500M)"),
    (["odds", "3", "--memory", "0"],
     "Invalid value for '--memory': '0' is not a size of at least one byte"),
    (["batch", "1", "--memory", "2G"], "--memory goes with --odds"),
    (["batch", "1", "--odds", "--no-fair", "--memory", "2G"],
     "--memory is for the fair value, which --no-fair leaves out"),
])
def test_a_memory_that_is_not_a_size_is_bad_input(cli, args, message):
    result = cli(*args)
    assert result.code == 2
    assert message in result.err and result.err.count("\n") == 1


def test_the_policy_line_says_how_far_below_the_exact_value_it_falls(cli):
    # deal 1 under Classic: no order of its stock can be won without sight of it
    result = cli("odds", "1", "--rules", "classic", "--samples", "20", "--seed", "2",
                 "--policy", "20", "--jobs", "1", "--quiet")
    lines = result.out.splitlines()
    assert lines[1:3] == ["  only legal move    draw",  # said at once, before any figure
                          "  fair value          0.0%  exact (0/18,162,144,000): your chance "
                          "with best play"]
    assert lines[4] == ("  policy              0.0%  estimate: 0 of 20 games, 95% interval "
                        "[0.0%, 16.1%]; estimates a lower bound on the fair value, equal to it")


@pytest.mark.parametrize(("number", "rules"), [(3, "classic"), (2, "easy")])
def test_closures_computed_in_threads_are_the_closures_computed_in_one(number, rules):
    from golfsolve.fair.closures import Closures
    from golfsolve.fair.kernels.closures import row_strides

    chosen = rules_by_name(rules)
    col_ranks, heights, _, _, unseen = game_fair_arrays(Game(Deal.from_number(number), chosen))
    h0 = np.asarray(heights, dtype=np.int64)
    ranks = layers_of(np.asarray(unseen, dtype=np.int64)).ranks
    args = (np.asarray(col_ranks, dtype=np.int64), chosen.fits_table(), h0, row_strides(h0)[1],
            ranks)
    one, three = Closures(*args, threads=1).table, Closures(*args, threads=3).table
    assert len(one[1]) > 1_000_000  # closures, for the record
    for alone, joined in zip(one, three, strict=True):
        assert alone.dtype == joined.dtype and np.array_equal(alone, joined)


def test_the_published_census_holds_every_deal_once_with_its_exact_fraction():
    import csv

    census = Path(__file__).resolve().parent.parent / "docs" / "fair-census.csv"
    with open(census, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for rules, last in (("classic", 1000), ("easy", 1000), ("dead-king", 1000), ("strict", 1000)):
        assert sorted(int(r["deal"]) for r in rows if r["rules"] == rules) == list(
            range(1, last + 1))
    for r in rows:
        assert 0 <= int(r["wins"]) <= int(r["orders"])
        assert float(r["fair_value"]) == round(int(r["wins"]) / int(r["orders"]), 6)
    # stricter rules never give a deal a higher fair value (the same orders, fewer lines)
    value = {(r["deal"], r["rules"]): Fraction(int(r["wins"]), int(r["orders"])) for r in rows}
    for deal in map(str, range(1, 1001)):
        chain = [value[deal, rules] for rules in ("strict", "dead-king", "classic", "easy")
                 if (deal, rules) in value]
        assert chain == sorted(chain) and len(chain) == 4, deal
    deal_3 = next(r for r in rows if (r["deal"], r["rules"]) == ("3", "classic"))
    assert Fraction(int(deal_3["wins"]), int(deal_3["orders"])) == DEAL_3_CLASSIC
    assert deal_3["best_first_action"] == "7"
    strict_2 = next(r for r in rows if (r["deal"], r["rules"]) == ("2", "strict"))
    assert (strict_2["wins"], strict_2["orders"]) == ("37038781280", "217945728000")


def test_a_deal_no_stock_order_wins_has_no_values_to_make_and_its_table_answers_zero():
    # deal 1 under Classic: S is empty (no order of its stock wins), so no layer is made
    game = Game(Deal.from_number(1), CLASSIC)
    result = stock_fair_game(game, keep=True, layout="compact")
    assert (result.wins, result.orders, set(result.actions.values())) == (0, 18162144000, {0})
    assert (result.counters["support"], result.counters["layout"]) == (0, "compact")
    for _ in range(3):
        game.play(next((str(c) for c in game.playable_columns()), "d"))
        _, heights, waste_rank, _, unseen = game_fair_arrays(game)
        later, fresh = result.table.position(heights, waste_rank, unseen), stock_fair_game(game)
        assert (later.wins, later.orders, later.actions) == (fresh.wins, fresh.orders,
                                                             fresh.actions)
        assert later.wins == 0
