"""Odds under an unseen stock: exact and sampled clairvoyant odds, the fair value, hints."""

import csv
import io
import itertools
import json
import math
import re
import signal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.model.deal import Deal
from golfsolve.model.game import Game
from golfsolve.model.position import Position
from golfsolve.model.rules import ALL_RULES, CLASSIC, EASY
from golfsolve.odds import Limit, OddsInterrupted, odds, run_odds
from golfsolve.probability import distinct_orders, rank_orders
from golfsolve.solver import solve, solve_game

from .test_position import random_game


def late_view(number: int, rules, unseen: int) -> Position:
    """What a player sees after following the solver's line until ``unseen`` stock cards
    are left."""
    game = Game(Deal.from_number(number), rules)
    for move in solve(Deal.from_number(number), rules).moves:
        if game.stock_left <= unseen:
            break
        game.play(move.token)
    return game.position().hidden()


def brute_clairvoyant(view: Position, rules) -> Fraction:
    """The share of orders of the unseen cards (as cards, not ranks) that can be won."""
    orders = list(itertools.permutations(view.unseen))
    won = sum(solve(view.with_stock(order), rules).winnable for order in orders)
    return Fraction(won, len(orders))


def test_distinct_orders_of_a_multiset():
    orders = list(distinct_orders([3, 1, 3, 2]))
    assert len(orders) == rank_orders([3, 1, 3, 2]) == 12
    assert len({tuple(o) for o in orders}) == 12 and orders[0] == [1, 2, 3, 3]


@pytest.mark.parametrize(("number", "rules"), [(3, EASY), (3, CLASSIC), (5, CLASSIC),
                                               (7, EASY)])
def test_enumerated_odds_are_exact_and_sampling_agrees(number, rules):
    view = late_view(number, rules, 5)
    exact = odds(view, rules, Limit(seed=1, budget=1))
    assert exact.clairvoyant.kind == "exact"
    assert exact.clairvoyant.value == brute_clairvoyant(view, rules)
    assert exact.clairvoyant.out_of == rank_orders([c.rank for c in view.unseen])
    sampled = odds(view, rules, Limit(samples=3000, seed=2, budget=1, enumerate_at_most=0))
    assert sampled.clairvoyant.kind == "estimate" and sampled.clairvoyant.out_of == 3000
    p = float(exact.clairvoyant.value)
    assert abs(float(sampled.clairvoyant.value) - p) <= 4 * math.sqrt(p * (1 - p) / 3000) + 1e-9
    again = odds(view, rules, Limit(samples=3000, seed=2, budget=1, enumerate_at_most=0))
    assert again == sampled  # a fixed seed gives fixed figures


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 40), st.sampled_from([r for r in ALL_RULES if r.draw_any_time]),
       st.integers(3, 6))  # under strict the fair value is not computed (test_strict.py)
def test_the_fair_value_never_exceeds_the_clairvoyant_odds(number, rules, unseen):
    view = late_view(number, rules, unseen)
    result = odds(view, rules, Limit(seed=0))
    assert result.clairvoyant.kind == "exact" and result.fair.kind == "exact"
    assert result.fair.value <= result.clairvoyant.value
    for action in result.actions:
        assert action.fair.value <= action.clairvoyant.value
        assert action.fair.value <= result.fair.value
    if result.actions:  # else won already (value 1) or stuck (0)
        assert result.fair.value == max(a.fair.value for a in result.actions)
        assert result.clairvoyant.value >= max(a.clairvoyant.value for a in result.actions)


@pytest.mark.parametrize(("number", "rules", "unseen", "fair", "clairvoyant"), [
    (8, EASY, 5, Fraction(41, 60), Fraction(91, 120)),
    (15, CLASSIC, 6, Fraction(1, 4), Fraction(61, 180)),
    (18, EASY, 5, Fraction(3, 4), Fraction(1))])
def test_positions_where_fair_play_is_strictly_below_clairvoyance(number, rules, unseen, fair,
                                                                  clairvoyant):
    view = late_view(number, rules, unseen)
    result = odds(view, rules, Limit(seed=0))
    assert (result.fair.kind, result.clairvoyant.kind) == ("exact", "exact")
    assert (result.fair.value, result.clairvoyant.value) == (fair, clairvoyant)
    assert brute_clairvoyant(view, rules) == clairvoyant


def test_only_an_exact_figure_is_called_a_bound():
    """A sampled estimate may fall on the wrong side of the fair value: it estimates a bound."""
    from golfsolve.cli.render.views import render_odds

    exact = render_odds("deal 8", odds(late_view(8, EASY, 5), EASY, Limit(seed=0)))
    # the player's chance first, then the bound
    assert exact.splitlines()[1] == ("  fair value         68.3%  exact (82/120): your chance with "
                                     "best play")
    assert exact.splitlines()[3] == ("  clairvoyant odds   75.8%  exact (91/120); an upper bound "
                                     "on the fair value")
    data = odds(late_view(8, EASY, 5), EASY, Limit(seed=0)).clairvoyant.to_dict()
    assert (data["fraction"], data["wins"], data["out_of"]) == ("91/120", 91, 120)


def test_an_estimate_below_the_exact_fair_value_says_it_is_chance():
    """A few sampled orders can fall below the exact fair value: the line says so, where it
    would otherwise read as a bound broken."""
    from dataclasses import replace

    from golfsolve.cli.render.views import render_odds
    from golfsolve.odds import Figure

    figures = odds(late_view(8, EASY, 5), EASY, Limit(seed=0))  # fair value 41/60
    low = Figure("estimate", Fraction(1, 2), wins=10, out_of=20, interval=(0.3, 0.7))
    line = render_odds("deal 8", replace(figures, clairvoyant=low)).splitlines()[3]
    assert line.endswith("; estimates an upper bound on the fair value (below it here by "
                         "sampling chance)")
    high = replace(low, value=Fraction(4, 5), wins=16)
    assert render_odds("deal 8", replace(figures, clairvoyant=high)).splitlines()[3].endswith(
        "; estimates an upper bound on the fair value")


def test_a_known_stock_is_a_verdict(cli):
    for number, rules in [(1, EASY), (1, CLASSIC)]:
        game = random_game(number, rules, 5, 20)
        result = odds(game.position(), rules, Limit(seed=0))  # every stock card seen
        won = solve_game(game).winnable
        assert result.clairvoyant.value == result.fair.value == int(won)


def test_the_odds_command(cli):
    # deal 45 under Classic: the same shape as deal 3 (a column or a draw), in half the time
    # (one process: the figures are the same with workers, whose start costs more than this)
    result = cli("odds", "45", "--rules", "classic", "--seed", "1", "--samples", "200", "--jobs",
                 "1")
    lines = result.out.splitlines()
    assert result.code == 0
    assert lines[0] == ("GO1-C-AAAAABT (deal 45), classic rules: 16 unseen stock cards "
                        "(145,297,152,000 orders of their ranks)")
    # exact from the first card: the whole stock unseen, by layers; the player's chance first
    assert lines[1] == ("  fair value         23.7%  exact (34,424,326,274/145,297,152,000): "
                        "your chance with best play")
    assert lines[2] == "  best move          column 7 (8♣)"
    assert lines[3].startswith("  clairvoyant odds ") and "estimate: " in lines[3]
    assert lines[3].endswith("; estimates an upper bound on the fair value")
    assert lines[4].startswith("  most removed      35: ")
    lines = [line for line in lines if not line.startswith(" " * 20)]  # its wrapped shares
    assert lines[5] == "  action         fair value   clairvoyant odds"
    assert [line.split()[:4] for line in lines[6:8]] == [
        ["column", "7", "(8♣)", "23.7%"], ["draw", "20.3%", lines[7].split()[2], "~"]]
    assert lines[8:] == ["  (~ an estimate over the sampled orders)"]
    data = json.loads(cli("odds", "45", "--rules", "classic", "--seed", "1", "--samples",
                          "200", "--json", "--jobs", "1").out)
    assert data["clairvoyant"]["kind"] == "estimate" and data["clairvoyant"]["out_of"] == 200
    assert data["clairvoyant"]["fraction"] == f"{data['clairvoyant']['wins']}/200"  # unreduced
    assert data["fair"] == {"kind": "exact", "value": 0.236924,
                            "fraction": "1324012549/5588352000", "wins": 34424326274,
                            "out_of": 145297152000}  # the orders best play wins, of all
    assert sum(data["max_removed"].values()) == 200
    assert {a["action"] for a in data["actions"]} <= {"draw", "remove"}


def test_a_fair_value_past_the_memory_is_not_computed_and_the_rest_stands(cli):
    result = cli("odds", "3", "--rules", "classic", "--seed", "1", "--samples", "50",
                 "--memory", "100M", "--jobs", "1")  # one process: the figure is the layers'
    lines = result.out.splitlines()
    assert (result.code, result.err) == (0, "")
    assert lines[1] == ("  fair value        not computed: needs 643 MB, more than the 100 MB "
                        "it may use")
    assert lines[2].startswith("  clairvoyant odds ") and "of 50 sampled orders" in lines[2]
    assert lines[-2].startswith("  Recommended: ")
    assert lines[-2].endswith(", by clairvoyant odds (the fair value is not computed)")


def test_moves_tied_by_clairvoyant_odds_get_no_recommendation(cli):
    # three sampled orders, each winnable after any first move: nothing to choose between
    result = cli("odds", "19", "--rules", "easy", "--seed", "2", "--samples", "3",
                 "--memory", "100M", "--budget", "1", "--jobs", "1")
    lines = result.out.splitlines()
    assert (result.code, result.err) == (0, "")
    assert lines[-5:-1] == [
        "  column 2 (J♠)  -            100.0% ~",
        "  column 5 (K♠)  -            100.0% ~",
        "  draw           -            100.0% ~",
        "  No move recommended: column 2 (J♠), column 5 (K♠) and draw tie by clairvoyant odds "
        "(the fair value is not computed)"]


def test_a_position_with_stock_cards_known_keeps_the_state_budget():
    # two stock cards named, the rest unknown: not a wholly unseen stock, so the expectimax
    from golfsolve.model.position import Position
    from golfsolve.odds import fair

    lines = Deal.from_number(3).position().to_board().splitlines()
    talon = lines[0].split()
    lines[0] = " ".join(talon[:3] + ["??"] * (len(talon) - 3))
    position = Position.from_board("\n".join(lines) + "\n")
    assert position.unknown_slots == 14
    value, actions = fair(position, CLASSIC, 1000)
    assert (value.kind, value.reason, actions) == (
        "not computed", "14 unseen cards need more than the budget of 1,000 states", {})


@pytest.mark.parametrize(("args", "message"), [
    (["--samples", "0"], "Invalid value for '--samples': 0 is not in the range "
                         "1<=x<=1000000."),
    (["--samples", "9" * 30], f"Invalid value for '--samples': {'9' * 30} is not in the range "
                              "1<=x<=1000000."),
    (["--budget", "-5"], "Invalid value for '--budget': -5 is not in the range 1<=x<=50000000."),
    (["--policy", "0"], "Invalid value for '--policy': 0 is not in the range 1<=x<=100000."),
    (["--budget", "lots"], "Invalid value for '--budget': 'lots' is not a valid integer."),
    (["--samples", "1.5"], "Invalid value for '--samples': '1.5' is not a valid integer.")])
def test_odds_refuses_bad_limits(cli, args, message):
    result = cli("odds", "1", *args)
    assert (result.code, result.err) == (2, f"golfsolve odds: error: {message} (see --help)\n")


def stock_shuffled(deal: Deal, seed: int) -> Deal:
    import random

    stock = list(deal.stock)
    random.Random(seed).shuffle(stock)
    return Deal(deal.tableau, deal.waste, tuple(stock))


def test_the_fair_hint_never_reads_the_hidden_stock(cli, tmp_path):
    deal = Deal.from_number(12)
    other = stock_shuffled(deal, 99)
    assert other.stock != deal.stock
    hints = []
    for version, name in ((deal, "a"), (other, "b")):
        path = tmp_path / f"{name}.board"
        path.write_text(version.to_board())
        # past --memory the hint weighs sampled orders: they never come from the stock either
        out = cli("play", str(path), "--rules", "easy", "--lang", "en", "--memory", "1M",
                  input="h\n").out
        hints.append(out.splitlines()[-1])
    assert hints[0] == hints[1] and hints[0].startswith("Hint: ")


def test_the_fair_hint_is_exact_late_in_a_game(cli, tmp_path):
    view = late_view(5, EASY, 6)
    result = odds(view, EASY, Limit(seed=0))
    best = next(a for a in result.actions if a.action == result.recommended)
    path = tmp_path / "late.board"
    path.write_text(view.to_board())
    out = cli("play", str(path), "--lang", "en", "--seed", "4", input="h\n").out.splitlines()
    move = ("draw" if best.action.is_draw
            else f"column {best.action.column} ({best.card.pretty})")
    only = ", the only legal move" if len(result.actions) == 1 else ""
    assert out[-1] == (f"Hint: {move}{only}. Best play without seeing the stock wins "
                       f"{100 * float(best.fair.value):.1f}% of the time.")


def test_help_lists_the_commands(cli):
    out = cli("play", "1", "--lang", "en", input="?\n").out.splitlines()
    assert out[-10:] == [
        "1-7         remove the free card of that column (1 4 taps row 4 of column 1)",
        "d           draw (d 7H: the card it turned up, where the stock is unseen)",
        "u           undo",
        "h           hint: the best move without seeing the stock",
        "p           peek: the solver's move, looking at the stock",
        "s FILE      save this position, stock face down, to FILE",
        "s X.svg     draw this position as a picture in X.svg",
        "fix A B     card A was typed wrong: it is really B (fix 8D 8H)",
        "n           new deal",
        "q           quit"]


def test_the_policy_is_a_lower_bound_that_repeats():
    view = late_view(5, CLASSIC, 9)
    limit = Limit(seed=3, games=6, budget=1)
    first = odds(view, CLASSIC, limit)
    assert first.policy is not None and first.policy.kind == "estimate"
    assert first.policy.out_of == 6 and 0 <= first.policy.wins <= 6
    assert odds(view, CLASSIC, limit).policy == first.policy


def test_batch_stores_the_odds_of_each_deal_and_compare_averages_them(cli, tmp_path,
                                                                      monkeypatch):
    from golfsolve.odds import layout_odds

    from .test_streaming import count_solves

    db = tmp_path / "odds.sqlite"
    assert cli("batch", "1-6", "--jobs", "1", "--db", str(db)).code == 0
    solved = count_solves(monkeypatch)
    rows = tmp_path / "rows.csv"
    result = cli("batch", "1-6", "--odds", "--no-fair", "--samples", "20", "--seed", "5",
                 "--jobs", "1", "--db", str(db), "--out", str(rows))
    assert result.code == 0 and solved == []  # solved before: only the odds are new
    assert result.out.splitlines()[-1] == (f"(12 results (a deal under a rule set) were in "
                                           f"{db} without the odds asked: worked out now and "
                                           "added)")
    read = read_csv(rows)
    assert list(read[0])[-3:] == ["odds_wins", "odds_samples", "fair_value"]
    for row in read:
        rules = CLASSIC if row["rules"] == "classic" else EASY
        expected = layout_odds(Deal.from_number(int(row["number"])).position(), rules, 20, 5,
                               0, row["number"])
        assert (int(row["odds_wins"]), int(row["odds_samples"]), row["fair_value"]) == (
            expected["odds_wins"], 20, "")
    mean = {r: sum(int(x["odds_wins"]) for x in read if x["rules"] == r) / 120
            for r in ("easy", "classic")}
    compared = cli("compare", "--db", str(db)).out.splitlines()
    assert compared[1] == (f"  mean clairvoyant odds of a layout {100 * mean['easy']:.1f}% "
                           "(6 deals, stock face down)")
    # what the database holds goes out whole: its report and its export carry the odds too
    reported, exported = tmp_path / "report.csv", tmp_path / "export.jsonl"
    assert cli("batch", "--db", str(db), "--out", str(reported)).code == 0
    assert read_csv(reported) == read
    assert cli("export", "--db", str(db), "--out", str(exported)).code == 0
    records = [json.loads(line) for line in exported.read_text().splitlines()]
    assert [(r["number"], r["rules"], r["odds_wins"], r["odds_samples"]) for r in records] == [
        (int(r["number"]), r["rules"], int(r["odds_wins"]), 20) for r in read]
    other = cli("batch", "1-7", "--odds", "--no-fair", "--samples", "30", "--jobs", "1",
                "--db", str(db))
    assert (other.code, other.err) == (2, f"golfsolve: error: {db} holds odds over 20 sampled "
                                          "stock orders with seed 5: run with --samples 20 "
                                          "--seed 5 to add to it, or use another --db\n")
    lone = cli("batch", "1-2", "--samples", "5")
    assert (lone.code, lone.err) == (2, "golfsolve: error: --samples goes with --odds\n")
    more = cli("batch", "1-7", "--odds", "--no-fair", "--samples", "20", "--seed", "5",
               "--jobs", "1", "--db", str(db), "--json")
    assert {k: json.loads(more.out)[k] for k in ("stored", "solved", "odds_added")} == {
        "stored": 12, "solved": 2, "odds_added": 0}


def read_csv(path):
    import csv

    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def interrupt_at_unit(monkeypatch, unit: int, signum: int = signal.SIGTERM) -> None:
    """Make the odds' unit of work number ``unit`` (from 1) stop the run, as a signal does."""
    from golfsolve import odds as odds_module
    from golfsolve.interrupts import Interrupted

    calls = []
    real = odds_module.task

    def stopping(payload):
        calls.append(payload)
        if len(calls) == unit:
            raise Interrupted(signum)
        return real(payload)

    monkeypatch.setattr(odds_module, "task", stopping)


def test_a_stopped_run_gives_the_figures_of_the_orders_weighed(monkeypatch):
    """Sampled orders are drawn one after another: the first unit's 50 orders (the fair value
    comes second, and is stopped) are those a run of 50 samples weighs, and so are its
    figures."""
    position = Deal.from_number(3).position().hidden()
    interrupt_at_unit(monkeypatch, 2)
    with pytest.raises(OddsInterrupted) as stopped:
        run_odds(position, [CLASSIC, EASY], Limit(samples=400, seed=2, games=3))
    assert (stopped.value.exit_status, stopped.value.done) == (128 + signal.SIGTERM, 1)
    partial, untouched = stopped.value.partial
    monkeypatch.undo()
    # (the fair value refused, a byte of memory and a state: the orders' figures are compared)
    whole = odds(position, CLASSIC, Limit(samples=50, seed=2, budget=1, memory=1))
    assert partial.clairvoyant == whole.clairvoyant and partial.clairvoyant.out_of == 50
    assert [(a.action, a.clairvoyant) for a in partial.actions] == [
        (a.action, a.clairvoyant) for a in whole.actions]
    assert partial.max_removed == whole.max_removed
    assert partial.fair.reason == "interrupted before it was computed"
    assert partial.policy.reason == "interrupted before it was computed"
    assert untouched is None  # no order weighed under Easy


def test_the_cli_prints_what_a_stopped_odds_run_weighed(cli, monkeypatch):
    interrupt_at_unit(monkeypatch, 2)  # the fair value, after the first 50 orders
    stopped = cli("odds", "3", "--rules", "classic", "--seed", "2", "--samples", "400", "--json",
                  "--jobs", "1")
    assert stopped.code == 128 + signal.SIGTERM
    assert stopped.err == ("golfsolve: interrupted; the figures above are over the stock orders "
                           "and games weighed by then, up to the first not finished in the order "
                           "they were drawn (the progress counted every one finished)\n")
    assert json.loads(stopped.out)["clairvoyant"]["out_of"] == 50
    interrupt_at_unit(monkeypatch, 2)
    text = cli("odds", "3", "--rules", "classic", "--seed", "2", "--samples", "400",
               "--jobs", "1").out.splitlines()
    assert text[:3] == [  # the head at once; the figures of what was weighed after the stop
        "GO1-C-AAAAAAD (deal 3), classic rules: 16 unseen stock cards (217,945,728,000 orders "
        "of their ranks)",
        "  fair value        not computed: interrupted before it was computed",
        f"  clairvoyant odds  {text[2][20:]}"]
    assert "estimate: " in text[2] and " of 50 sampled orders" in text[2]
    interrupt_at_unit(monkeypatch, 1)
    nothing = cli("odds", "3", "--rules", "classic", "--seed", "2", "--samples", "400",
                  "--jobs", "1")
    assert (nothing.code, nothing.out) == (128 + signal.SIGTERM, (
        "GO1-C-AAAAAAD (deal 3), classic rules: 16 unseen stock cards (217,945,728,000 orders "
        "of their ranks)\n"))  # what is weighed, said at once; no figure
    assert nothing.err == "golfsolve: interrupted; too little was weighed for any figure\n"


def test_a_stopped_run_keeps_each_kind_of_work_up_to_its_first_unfinished_unit():
    """Workers finish in any order; a unit weighed after one still running is left out."""
    from golfsolve.odds import _leading_results

    units = [(0, ("orders", 1)), (0, ("orders", 2)), (0, ("orders", 3)), (1, ("orders", 4)),
             (0, ("fair", 5)), (0, ("game", 6)), (0, ("game", 7))]
    finished = {0: "a", 2: "c", 3: "d", 4: "e", 6: "g"}
    assert _leading_results(units, finished, 0) == [(("orders", 1), "a"), (("fair", 5), "e")]
    assert _leading_results(units, finished, 1) == [(("orders", 4), "d")]


@pytest.mark.parametrize(("memory", "said"), [
    ("1", "1 byte"), ("900", "900 bytes"), ("1K", "1 kB"), ("1500K", "2 MB"), ("64k", "64 kB"),
])
def test_a_small_memory_is_named_as_it_was_given(cli, memory, said):
    result = cli("odds", "1", "--rules", "classic", "--samples", "2", "--budget", "1",
                 "--memory", memory, "--jobs", "1")
    assert result.code == 0
    assert f"needs 449 MB, more than the {said} it may use" in result.out


def test_odds_where_no_move_wins_names_no_best_move(cli, tmp_path):
    """Deal 3 under Classic, its whole stock drawn: two legal moves, neither wins; odds says
    so rather than naming the first of the tie as the best move."""
    saved = tmp_path / "end.json"
    cli("play", "3", "--rules", "classic", input="d\n" * 16 + f"s {saved}\nq\n")
    lines = cli("odds", str(saved)).out.splitlines()
    assert lines[1:3] == ["  fair value          0.0%  exact (0/1): your chance with best play",
                          "  best move          none: no move wins under any order"]


def test_the_most_removed_line_wraps_at_80_characters(cli):
    """A layout whose sampled orders end at many counts: the shares wrap, lined up under the
    first, every count once, in order."""
    layout = ("9S | JH 9D QD 7S AC | AH 4H 5H 2S 3C | TS 4S QS 5C KC | 9H KS QH 7D JC | "
              "7H KD JD 6H 6D | 8H 5S 7C AD TC | 4D JS KH 2H TH")
    lines = cli("odds", layout, "--rules", "classic", "--samples", "200", "--seed", "1").out
    lines = lines.splitlines()
    first = next(n for n, line in enumerate(lines) if line.startswith("  most removed      "))
    end = next(n for n in range(first + 1, len(lines)) if not lines[n].startswith(" " * 20))
    rows = lines[first:end]
    assert len(rows) >= 2 and all(len(row) <= 80 for row in rows)
    counts = [int(share.split(":")[0]) for row in rows for share in row[20:].split("  ")]
    assert counts == sorted(counts, reverse=True) and len(set(counts)) == len(counts) >= 10


@pytest.mark.parametrize(("figure", "shown"), [
    (("exact", 12, 18_162_144_000), "<0.1%"), (("exact", 0, 500), "0.0%"),
    (("exact", 499_999, 500_000), ">99.9%"), (("exact", 1, 1), "100.0%"),
    (("estimate", 319, 500), "63.8% ~"), (("exact", 1, 2000), "0.1%")])
def test_an_actions_chance_near_0_or_1_is_never_shown_as_exactly_that(figure, shown):
    # the action table of `odds`: a move that wins 12 orders of 18 billion is not "0.0%"
    from golfsolve.cli.render.views import _short
    from golfsolve.odds import Figure

    kind, wins, out_of = figure
    assert _short(getattr(Figure, kind)(wins, out_of)) == shown


def test_the_action_table_lists_the_best_fair_value_first(cli):
    # column 2 comes before column 6 among the legal moves, but column 6 is worth more
    layout = ("3D | 6C 7S KC AS QH | 3S TH KS TD 4C | 6S 4D KH QD TC | KD 2D 4S 8S 9C | "
              "QC 9S AH 9H 6D | JC JH 2S 3H 4H | TS AD 7H 5S 6H")
    out = cli("odds", layout, "--rules", "strict", "--samples", "5", "--seed", "1",
              "--jobs", "1").out.splitlines()
    table = out[out.index("  action         fair value   clairvoyant odds") + 1:][:2]
    assert [line[:22] for line in table] == ["  column 6 (4♥)  13.5%",
                                             "  column 2 (4♣)  12.2%"]
    listed = json.loads(cli("odds", layout, "--rules", "strict", "--samples", "5", "--seed",
                            "1", "--jobs", "1", "--json").out)
    assert [a["column"] for a in listed["actions"]] == [2, 6]  # JSON: in the legal order


def test_a_batch_says_how_many_fair_values_its_memory_left_out(cli):
    # deals 1-2 under Easy need hundreds of MB for their fair values: 1 MB leaves both out,
    # which the rows show as empty and a note says (the summary's mean fair value is absent)
    left_out = cli("batch", "1-2", "--rules", "easy", "--odds", "--samples", "4", "--jobs", "1",
                   "--memory", "1MB", "--out", "-")
    assert left_out.code == 0
    rows = list(csv.DictReader(io.StringIO(left_out.out)))
    assert [row["fair_value"] for row in rows] == ["", ""]
    note = left_out.err.splitlines()[-1]
    assert re.fullmatch(r"golfsolve: note: the fair values of 2 results were not computed: each "
                        r"needs more memory than the batch may use \(the largest \d+ MB; "
                        r"--memory sets that\), so their rows hold none", note), note
    as_json = cli("batch", "1-2", "--rules", "easy", "--odds", "--samples", "4", "--jobs", "1",
                  "--memory", "1MB", "--json")
    assert json.loads(as_json.out)["fair_not_computed"] == 2
    computed = cli("batch", "1", "--rules", "classic", "--odds", "--samples", "4", "--jobs",
                   "1", "--json")
    assert (json.loads(computed.out)["fair_not_computed"], computed.err) == (0, "")
