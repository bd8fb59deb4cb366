"""Strict Golf (a draw only when no free card fits): the strict kernel against the reference
searches of tests/reference.py, every line replayed in Game under strict rules (which refuses
a draw while a card fits), the solver's routing, monotonicity along strict -> dead-king ->
classic -> easy; and, run with the app's draw-any-time rule, the same walk against the
project's own reference search and kernels (it must count exactly their states)."""

import json
import sqlite3
import sys
from dataclasses import replace
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfsolve.kernels import strict as K
from golfsolve.model.actions import DRAW, Action
from golfsolve.model.cards import FULL_DECK
from golfsolve.model.deal import Deal
from golfsolve.model.game import Game, MoveRefused
from golfsolve.model.rules import (
    ALL_RULES,
    CLASSIC,
    DEAD_KING,
    DRAW_ANY_TIME,
    DRAW_WHEN_STUCK,
    EASY,
    STRICT,
    STRICTNESS_ORDER,
)
from golfsolve.packing import kernel_inputs, line_actions
from golfsolve.solver import _strict, count_reachable, solve, solve_game

from .reference import fewest_moves, reachable_states, reference_search, strict_reference
from .test_batch import kill_once_stored, stable
from .test_deal import random_deals
from .test_odds import late_view

DRAW_ANY_TIME_RULES = [r for r in ALL_RULES if r.draw_any_time]


def strictly(rules):
    """``rules``' fits table with the strict draw rule (STRICT itself for dead-king's)."""
    return replace(rules, draw_any_time=False)


def run(game: Game, mode: int = K.FEWEST, draw_rule: int | None = None):
    """(out, actions first to last) of the strict kernel from ``game``'s position."""
    rule = game.rules.draw_rule if draw_rule is None else draw_rule
    out, path = _strict(kernel_inputs(game), rule, mode)
    return out, line_actions(path)


def replay_strictly(game: Game, actions) -> Game:
    """Play ``actions`` in ``game`` (its rules refuse an illegal move), checking too that no
    draw is made while some free card fits the waste."""
    for action in actions:
        if action.is_draw:
            assert not game.playable_columns(), "a draw while a removal was possible"
        game.play(action)
    return game


def replay(game: Game, tokens) -> Game:
    for token in tokens:
        game.play(token)
    return game


def check(game_at):
    """The kernel in each mode from a fresh game made by ``game_at()`` (strict draw rule),
    against both references and Game: (won, maximum)."""
    won, most, states = strict_reference(game_at())
    assert reference_search(game_at()) == (won, most, states)  # the two references agree
    fewest = fewest_moves(game_at())
    assert won == (fewest is not None)
    for mode in (K.STOP_AT_WIN, K.FEWEST, K.EXHAUSTIVE):
        out, tokens = run(game_at(), mode)
        assert (bool(out[K.OUT_WON]), int(out[K.OUT_MAX_REMOVED])) == (won, most)
        assert out[K.OUT_DRAWS] == tokens.count(DRAW)
        if not won or mode == K.EXHAUSTIVE:
            assert out[K.OUT_STATES] == states  # every reachable state, once
        end = replay_strictly(game_at(), tokens)
        assert end.removed == most
        assert end.status == ("won" if won else "stuck")
        assert out[K.OUT_FEWEST] == (won and mode != K.STOP_AT_WIN)
        if out[K.OUT_FEWEST]:
            assert len(tokens) == fewest
    return won, most


@settings(max_examples=100, deadline=None)
@given(random_deals)
def test_kernel_agrees_with_the_references_on_random_deals(deal):
    check(lambda: Game(deal, STRICT))


def positions(rules, tallest: int = 5, drawn: int = 0):
    """(deal, rules, heights, stock index, waste) of positions mid-game."""
    return st.tuples(random_deals, st.sampled_from(rules),
                     st.lists(st.integers(0, tallest), min_size=7, max_size=7),
                     st.integers(drawn, 16), st.sampled_from(FULL_DECK))


@settings(max_examples=150, deadline=None)
@given(positions(ALL_RULES))
def test_kernel_agrees_with_the_references_on_positions_and_any_fits_table(position):
    """Mid-game positions, and the strict draw rule over every rule set's fits table: the
    kernel knows rules only through the table and the draw rule it is given."""
    deal, rules, heights, drawn, waste = position
    check(lambda: Game.at_position(deal, strictly(rules), heights, drawn, waste))


@pytest.mark.parametrize("first", range(1, 301, 50))
def test_kernel_agrees_with_the_references_on_deals_1_300(first):
    for number in range(first, first + 50):
        deal = Deal.from_number(number)
        check(lambda deal=deal: Game(deal, STRICT))


@pytest.mark.parametrize("fewest", [False, True])
def test_every_strict_solution_replays_legally_with_no_draw_while_a_card_fits(fewest):
    for number in range(1, 101):
        deal = Deal.from_number(number)
        solution = solve(deal, STRICT, fewest_moves=fewest)
        end = replay_strictly(Game(deal, STRICT), solution.actions)
        assert end.removed == solution.max_removed
        assert end.status == ("won" if solution.winnable else "stuck")
        assert end.score == solution.best_score
        assert [Action(m.column) for m in solution.moves] == list(solution.actions)
        assert solution.fewest_moves == (fewest and solution.winnable)
        if solution.fewest_moves:
            assert len(solution.actions) == fewest_moves(Game(deal, STRICT))


def test_won_under_stricter_rules_means_won_under_easier_on_deals_1_500():
    """strict won => dead-king won => classic won => easy won; the maxima the same way."""
    for number in range(1, 501):
        deal = Deal.from_number(number)
        solutions = [solve(deal, rules) for rules in reversed(STRICTNESS_ORDER)]
        won = [s.winnable for s in solutions]
        assert won == sorted(won), number  # strictest first: no True before a False
        maxima = [s.max_removed for s in solutions]
        assert maxima == sorted(maxima), number


def test_a_strict_line_is_a_legal_line_under_every_easier_rule_set():
    """Why a batch may give a strict win to the easier rule sets without a search."""
    for number in range(1, 60):
        deal = Deal.from_number(number)
        solution = solve(deal, STRICT)
        if solution.winnable:
            for rules in DRAW_ANY_TIME_RULES:
                assert replay(Game(deal, rules), solution.actions).status == "won"


def test_count_reachable_and_the_draw_rule_of_each_rule_set():
    assert [r.draw_rule for r in ALL_RULES] == [DRAW_ANY_TIME] * 3 + [DRAW_WHEN_STUCK]
    assert STRICT.fits_table().tolist() == DEAD_KING.fits_table().tolist()
    assert STRICT.may_draw(False) and not STRICT.may_draw(True)
    assert all(r.may_draw(True) for r in DRAW_ANY_TIME_RULES)
    for number in (1, 2, 3):
        game = Game(Deal.from_number(number), STRICT)
        assert count_reachable(game) == len(reachable_states(game))


def test_workspace_left_clean_also_when_the_table_is_too_small():
    """A deal too big for its table is searched again in larger ones (several times here):
    the same results, and the workspace is left clean either way."""
    out = np.zeros(K.OUT_SIZE, dtype=np.int64)
    path = np.zeros(K.MAX_PATH, dtype=np.int64)
    big = K.strict_workspace()
    small = K.strict_workspace(16)
    for number in (1, 2, 3, 4, 5):
        inputs = kernel_inputs(Game(Deal.from_number(number), STRICT))
        for mode in (K.STOP_AT_WIN, K.FEWEST, K.EXHAUSTIVE):
            K.strict_search(*inputs, K.DRAW_WHEN_STUCK, mode, *big, out, path)
            assert not big[0].any()
            expected, line = out.copy(), path.copy()
            K.strict_search(*inputs, K.DRAW_WHEN_STUCK, mode, *small, out, path)
            assert not small[0].any()
            assert (out == expected).all() and (path == line).all()
            assert out[K.OUT_STATES] > 8  # it had to start again in a larger table


def test_the_kernels_draw_rule_codes_are_the_rules():
    assert (K.DRAW_ANY_TIME, K.DRAW_WHEN_STUCK) == (DRAW_ANY_TIME, DRAW_WHEN_STUCK)


def test_a_won_position_is_one_state_and_an_empty_line():
    deal = Deal.from_number(1)
    out, tokens = run(Game.at_position(deal, STRICT, [0] * 7, 5, deal.waste))
    assert (out[K.OUT_WON], out[K.OUT_MAX_REMOVED], out[K.OUT_STATES], tokens) == (1, 35, 1, [])


def test_the_rules_page_deal_under_strict_rules(page_deal):
    solution = solve(page_deal, STRICT, fewest_moves=True)
    assert solution.winnable and solution.fewest_moves and len(solution.actions) == 50
    assert replay_strictly(Game(page_deal, STRICT), solution.actions).status == "won"


def test_game_refuses_a_draw_while_a_card_fits_and_undo_follows(page_deal):
    game = Game(page_deal, STRICT)
    game.draw()  # nothing fits A♣: the draw is allowed (and forced)
    game.remove(5)  # 9♣ on 8♠
    with pytest.raises(MoveRefused) as refused:
        game.draw()  # 8♣ (column 2) fits 9♣
    assert refused.value.key == "draw_fits"
    assert refused.value.message() == "A card may be drawn only when no removal is possible"
    assert (game.stock_left, game.move_count) == (15, 2)  # unchanged
    game.undo()
    assert game.stock_left == 15 and game.heights[4] == 5
    assert Game(page_deal, DEAD_KING).play("d") and Game(page_deal, EASY).draw()


# ----- the same walk under the app's draw-any-time rule, against the project's searches -----
@settings(max_examples=60, deadline=None)
@given(positions(DRAW_ANY_TIME_RULES, tallest=3, drawn=6))  # small: the reference walks all
def test_draw_any_time_walk_agrees_with_the_project_reference(position):
    """With DRAW_ANY_TIME the kernel is a plain exhaustive walk: it must count exactly the
    states of tests/reference.py and agree with the project's solver on the fewest moves."""
    deal, rules, heights, drawn, waste = position

    def game_at():
        return Game.at_position(deal, rules, heights, drawn, waste)

    won, most, states = reference_search(game_at())
    for mode in (K.STOP_AT_WIN, K.FEWEST, K.EXHAUSTIVE):
        out, tokens = run(game_at(), mode, K.DRAW_ANY_TIME)
        assert (bool(out[K.OUT_WON]), int(out[K.OUT_MAX_REMOVED])) == (won, most)
        if not won or mode == K.EXHAUSTIVE:
            assert out[K.OUT_STATES] == states
        end = replay(game_at(), tokens)
        assert end.removed == most and end.status == ("won" if won else "stuck")
        if won and mode != K.STOP_AT_WIN:
            assert len(tokens) == len(solve_game(game_at(), fewest_moves=True).moves)


@pytest.mark.parametrize(("number", "rules"), [(1, EASY), (1, CLASSIC), (1, DEAD_KING),
                                               (3, CLASSIC), (4, DEAD_KING)])
def test_draw_any_time_walk_agrees_with_the_project_kernels_on_deals(number, rules):
    deal = Deal.from_number(number)
    out, tokens = run(Game(deal, rules), K.EXHAUSTIVE, K.DRAW_ANY_TIME)
    fewest = solve(deal, rules, fewest_moves=True)
    assert (bool(out[K.OUT_WON]), int(out[K.OUT_MAX_REMOVED])) == (fewest.winnable,
                                                                   fewest.max_removed)
    assert out[K.OUT_STATES] == count_reachable(Game(deal, rules))
    if fewest.winnable:
        assert len(tokens) == len(fewest.moves)


def test_the_deal_that_outgrows_the_default_table():
    """Deal 3275 reaches 66,632 strict states, more than half the default table: its
    exhaustive walk reruns in a larger one and must still agree with the references."""
    deal = Deal.from_number(3275)
    out, _ = run(Game(deal, STRICT), K.EXHAUSTIVE)
    assert out[K.OUT_STATES] > K.TABLE_SLOTS // 2
    check(lambda: Game(deal, STRICT))


# ----- play, databases ------------------------------------------------------------------------
REFUSED = {"en": "A card may be drawn only when no removal is possible",
           "fi": "Nostaa saa vain, kun yhtään siirtoa ei ole mahdollista tehdä",
           "id": "Kartu hanya boleh diambil ketika tidak ada langkah yang dapat dilakukan",
           "tr": "Yalnızca hiçbir hamle yapılamadığında kart çekilebilir"}


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_play_refuses_a_draw_while_a_card_fits_in_each_language_and_undo_follows(cli, lang):
    from golfsolve.model.i18n import TEXTS, count_cards

    # The rules pages' deal: nothing fits A♣, so the draw (8♠) is forced; then 9♣ (column 5)
    # fits, and a draw is refused; undo takes back 9♣, and the draw again is refused.
    page = str(Path(__file__).parent / "data" / "rules-page-deal.board")
    result = cli("play", page, "--rules", "strict", "--lang", lang, input="d\n5\nd\nu\nd\nq\n")
    lines = result.out.splitlines()
    assert lines.count(REFUSED[lang]) == 2
    assert TEXTS[lang]["draw_fits"] == REFUSED[lang]
    first = lines.index(REFUSED[lang])
    board = lines[first + 1:lines.index(REFUSED[lang], first + 1)]  # after undo: 9♣ back
    assert f"{TEXTS[lang]['stock']}: " in board[-5] and board[-5].endswith(
        count_cards(15, lang))
    assert board[-1].split()[4] == "[9♣]"  # column 5's free card
    replayed = cli("replay", page, "d 5 d", "--rules", "strict", "--lang", lang)
    assert replayed.code == 1
    assert replayed.out.splitlines()[-1].endswith(REFUSED[lang])


def test_an_old_database_gains_strict_without_losing_or_doubling_rows(cli, tmp_path):
    """A database of the three draw-any-time rule sets (all there was before strict) grows by
    strict's rows only; its rows are kept as they were."""
    db = tmp_path / "old.sqlite"
    assert cli("batch", "1-60", "--rules", "easy,classic,dead-king", "--jobs", "1", "--quiet",
               "--db", str(db)).code == 0
    before = tmp_path / "before.jsonl"
    cli("export", "--db", str(db), "--out", str(before))
    grown = tmp_path / "grown.jsonl"
    assert cli("batch", "1-60", "--rules", "all", "--jobs", "1", "--quiet", "--db", str(db),
               "--out", str(grown)).code == 0
    rows = [json.loads(line) for line in grown.read_text().splitlines()]
    assert len(rows) == 240 and len({(r["number"], r["rules"]) for r in rows}) == 240
    old = [json.loads(line) for line in before.read_text().splitlines()]
    assert [r for r in rows if r["rules"] != "strict"] == old  # ms and all: not solved again
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT rules, count(*) FROM results GROUP BY rules ORDER BY rules"
                           ).fetchall() == [("classic", 60), ("dead-king", 60), ("easy", 60),
                                            ("strict", 60)]
    exported = tmp_path / "strict.jsonl"
    assert cli("export", "--db", str(db), "--rules", "strict", "--out", str(exported)).code == 0
    assert [json.loads(x) for x in exported.read_text().splitlines()] == [
        r for r in rows if r["rules"] == "strict"]
    for row in rows:
        if row["rules"] == "strict":
            end = replay_strictly(Game(Deal.from_number(row["number"]), STRICT),
                                  map(Action.from_token, row["line"].split()))
            assert (end.removed, end.status == "won") == (row["max_removed"], row["winnable"])


def test_a_killed_batch_with_strict_resumes_without_loss_or_repeats(cli, tmp_path):
    db = tmp_path / "kill.sqlite"
    command = [sys.executable, "-m", "golfsolve", "batch", "1-300", "--rules", "all", "--jobs",
               "1", "--quiet", "--db", str(db)]
    stored = kill_once_stored(command, db, 80)
    assert 80 <= stored < 1200, "the batch was not caught in the middle"
    resumed, fresh = tmp_path / "resumed.jsonl", tmp_path / "fresh.jsonl"
    assert cli("batch", "1-300", "--rules", "all", "--jobs", "1", "--quiet", "--db", str(db),
               "--out", str(resumed)).code == 0
    cli("batch", "1-300", "--rules", "all", "--jobs", "1", "--quiet", "--out", str(fresh))
    a = [json.loads(x) for x in resumed.read_text().splitlines()]
    b = [json.loads(x) for x in fresh.read_text().splitlines()]
    assert len(a) == 1200 and len({(r["number"], r["rules"]) for r in a}) == 1200
    assert stable(a) == stable(b)


# ----- odds -----------------------------------------------------------------------------------
@pytest.mark.parametrize("number", [2, 5, 9])
def test_clairvoyant_odds_under_strict_are_the_strict_reference_over_every_order(number):
    """Late in a game (5 stock cards left) every order is weighed: the odds must be the share
    of orders the strict reference wins, the move table may not offer a draw while a card
    fits, and the fair value is the card-level recursion's."""
    from golfsolve.odds import odds

    from .reference import fair_reference

    view = late_view(number, STRICT, 5)
    orders = list(permutations(view.unseen))
    won = sum(strict_reference(Game(view.with_stock(order), STRICT))[0] for order in orders)
    result = odds(view, STRICT)
    assert result.clairvoyant.kind == "exact"
    assert result.clairvoyant.value == Fraction(won, len(orders))
    stand_in = Game(view.with_stock(list(view.unseen)), STRICT)
    assert [a.action for a in result.actions] == (
        [Action(c) for c in stand_in.playable_columns()] or [DRAW])
    assert result.fair.kind == "exact"
    assert result.fair.value == fair_reference(stand_in, range(stand_in.stock_left))[0]
    assert result.fair.value <= result.clairvoyant.value


def test_odds_command_under_strict_gives_a_whole_deals_exact_fair_value(cli):
    """By the layers, whatever the expectimax's budget: deal 3's value is the expectimax's
    (6.6 million states, checked when this was written), deal 49's too (358,000)."""
    result = cli("odds", "3", "--rules", "strict", "--samples", "40", "--seed", "1", "--json",
                 "--budget", "1000", "--jobs", "1")
    assert result.code == 0
    (figures,) = [json.loads(line) for line in result.out.splitlines()]
    assert figures["rules"] == "strict"
    assert (figures["fair"]["kind"], figures["fair"]["fraction"]) == ("exact", "3301633/227026800")
    assert figures["clairvoyant"]["kind"] == "estimate"
    whole = cli("odds", "49", "--rules", "strict", "--samples", "40", "--seed", "1", "--json",
                "--jobs", "1")
    (figures,) = [json.loads(line) for line in whole.out.splitlines()]
    assert (figures["fair"]["kind"], figures["fair"]["fraction"]) == ("exact", "3499147/4540536000")


# ----- the traditional score ------------------------------------------------------------------
def test_the_traditional_score_beside_the_apps_in_solve_batch_and_compare(cli):
    """Cards left on the tableau after the best line (0 for a win); over deals, their mean and
    that mean per 9 deals against par 45. Deals 1-20 under Classic leave 31 cards in all."""
    solved = cli("solve", "1", "GO1-E-AAAAAAB", "--rules", "classic", "--score", "traditional")
    tail = [line for line in solved.out.splitlines() if line.startswith("Traditional")]
    assert tail == ["Traditional score: 6 (cards left on the tableau; 0 for a win)."]
    assert "Traditional" not in cli("solve", "1", "--rules", "classic").out
    won = cli("solve", "1", "--score", "traditional").out.splitlines()[-1]
    assert won == "Traditional score: 0 (cards left on the tableau; 0 for a win)."
    summary = cli("batch", "1-20", "--rules", "classic", "--jobs", "1", "--score",
                  "traditional").out.splitlines()
    assert summary[1] == "  traditional score 1.55 cards left a deal, 14.0 per 9 deals (par 45)"
    assert summary[0].endswith("mean best score 319.0")  # the app's stays beside it
    rates = cli("compare", "1-20", "--rules", "classic,strict", "--jobs", "1", "--score",
                "traditional").out.splitlines()
    assert rates[1] == "  traditional score 1.55 cards left a deal, 14.0 per 9 deals (par 45)"
    assert rates[2].startswith("strict") and rates[3].startswith("  traditional score 4.15 ")


@pytest.mark.parametrize("lang", ["en", "fi", "id", "tr"])
def test_plays_hint_under_strict_gives_the_exact_chance(cli, lang):
    from golfsolve.model.i18n import TEXTS

    hinted = cli("play", "1", "--rules", "strict", "--seed", "1", "--lang", lang,
                 input="h\nq\n")
    # its exact value is 0 and the score's is out of reach at 16 unseen cards: it says so
    expected = TEXTS[lang]["hint_only_none_wins"].format(move=TEXTS[lang]["hint_draw"])
    assert expected in hinted.out.splitlines()  # nothing fits 10♥: the draw is the only move


def test_the_layers_take_a_whole_deal_under_strict_in_play_and_the_policy(cli, monkeypatch):
    """A wholly unseen stock under strict is the layers' (draws only when stuck), not the
    expectimax's: play's hint and the policy's games read their table."""
    import golfsolve.fair.expectimax
    import golfsolve.fair.layered
    from golfsolve.odds import Limit, odds

    asked = []
    layered = golfsolve.fair.layered.stock_fair

    def counted(*args, **kwargs):
        asked.append(kwargs["forced"])
        return layered(*args, **kwargs)

    def refuse(*args, **kwargs):
        raise AssertionError("the expectimax asked for a wholly unseen stock")

    monkeypatch.setattr(golfsolve.fair.layered, "stock_fair", counted)
    monkeypatch.setattr(golfsolve.fair.expectimax, "fair_value", refuse)
    hinted = cli("play", "1", "--rules", "strict", "--seed", "1", input="h\nq\n")
    assert hinted.code == 0 and (
        "Hint: draw, the only legal move. No move can win from here: best play without seeing the "
        "stock wins under none of its orders. Play on for the score.") in hinted.out.splitlines()
    played = odds(Deal.from_number(1).position().hidden(), STRICT,
                  Limit(samples=20, seed=1, games=2))
    assert played.policy is not None and played.policy.out_of == 2
    assert (played.fair.kind, played.fair.value) == ("exact", 0)
    assert asked and all(asked)  # each one forced: a draw only when stuck

