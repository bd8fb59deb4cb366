"""Odds under an unseen stock: what a player who cannot see the stock can expect.

Three figures, each labelled for what it is:

- the clairvoyant odds: the share of the orders of the unseen cards under which the position
  can be won. A player who could see the stock would win that often, so it is an upper bound
  on fair play. Exact when the distinct orders of the unseen ranks are few enough to
  enumerate (only ranks matter, and each distinct rank order is equally likely), otherwise an
  estimate over uniformly sampled orders, with its Wilson interval.
- the fair value: the win probability of best play by a player who sees only what has been
  drawn. Exact (:func:`golfsolve.fair.value`, which chooses the method): by layers when the
  whole stock is unseen, as it is for a player from the first card, if it fits in the memory
  it may use; else by the memoised expectimax if it fits in the state budget; else not
  computed, with the reason.
- the policy: the win rate of a player who does not peek and decides by the exact fair value
  (of a table kept from the start where it fits in memory, else when few cards are unseen),
  else by hindsight (the action that wins under most of a few sampled orders). A lower bound
  on the fair value, estimated over played games: equal to it, but for sampling chance, when
  the table fits.

The move table gives each legal action now its own clairvoyant odds (over the same orders) and
fair value.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from golfsolve.fair import DEFAULT_BUDGET
from golfsolve.fair.result import fraction_fields
from golfsolve.interrupts import Interrupted
from golfsolve.model.actions import Action, best_of
from golfsolve.model.cards import Card
from golfsolve.model.game import Game
from golfsolve.model.position import TABLEAU_SIZE, Position
from golfsolve.model.rules import Rules
from golfsolve.probability import distinct_orders, rank_orders, wilson_interval

if TYPE_CHECKING:  # numpy comes with the solver, when figures are computed
    import numpy as np

DEFAULT_SAMPLES = 500
# The most a user may ask for: past these a run holds gigabytes (each sampled order is kept,
# each state of the fair value takes 32 bytes) or lasts for hours.
MAX_SAMPLES = 1_000_000
MAX_BUDGET = 50_000_000
MAX_GAMES = 100_000
ENUMERATE_AT_MOST = 2_000  # distinct rank orders enumerated rather than sampled
POLICY_SAMPLES = 8  # orders sampled for each hindsight decision
POLICY_EXACT_UNSEEN = 10  # at most this many unseen cards: decide by the exact fair value
POLICY_BUDGET = 200_000  # expectimax states for one of the policy's decisions


@dataclass(frozen=True)
class Limit:
    """How much work the figures may take; one value passed down to every computation."""

    samples: int = DEFAULT_SAMPLES  # stock orders sampled when they cannot be enumerated
    budget: int = DEFAULT_BUDGET  # expectimax states for the exact fair value
    memory: int | None = None  # bytes the fair value by layers may use (None: 80% of the free)
    seed: int | None = None  # for the sampled orders and the policy's games
    games: int = 0  # games the policy plays (0: no policy figure)
    enumerate_at_most: int = ENUMERATE_AT_MOST

    def __post_init__(self) -> None:
        """Each field checked as the command line checks its option (golfsolve.checks): a
        wrong type a TypeError, a value out of range a ValueError, naming the field."""
        from golfsolve.checks import whole

        whole(self.samples, "samples", 1, MAX_SAMPLES)
        whole(self.budget, "budget", 1, MAX_BUDGET)
        if self.memory is not None:
            whole(self.memory, "memory", 0)  # 0: not by the layers (a hint found them too large)
        if self.seed is not None:
            whole(self.seed, "seed")
        whole(self.games, "games", 0, MAX_GAMES)
        whole(self.enumerate_at_most, "enumerate_at_most", 0)


@dataclass(frozen=True)
class Figure:
    """A probability and what it is: exact, an estimate (wins of ``out_of`` samples, with a
    95% interval), or not computed (and why)."""

    kind: str  # "exact", "estimate" or "not computed"
    value: Fraction | None = None
    wins: int | None = None
    out_of: int | None = None
    interval: tuple[float, float] | None = None
    reason: str = ""
    needs: int | None = None  # not computed: the bytes the fair value by layers would need
    budget: int | None = None  # not computed: the expectimax states that did not suffice

    @classmethod
    def exact(cls, wins: int, out_of: int) -> Figure:
        return cls("exact", Fraction(wins, out_of), wins, out_of)

    @classmethod
    def estimate(cls, wins: int, out_of: int) -> Figure:
        return cls("estimate", Fraction(wins, out_of), wins, out_of,
                   wilson_interval(wins, out_of))

    @classmethod
    def missing(cls, reason: str, needs: int | None = None,
                budget: int | None = None) -> Figure:
        return cls("not computed", reason=reason, needs=needs, budget=budget)

    def to_dict(self) -> dict:
        data: dict = {"kind": self.kind}
        if self.value is not None:
            data["value"] = round(float(self.value), 6)
            # an estimate's counts as counted; an exact figure in lowest terms
            data["fraction"] = (f"{self.wins}/{self.out_of}" if self.kind == "estimate" else
                                f"{self.value.numerator}/{self.value.denominator}")
            data["wins"], data["out_of"] = self.wins, self.out_of
        if self.interval is not None:
            data["wilson_95"] = [round(x, 6) for x in self.interval]
        if self.reason:
            data["reason"] = self.reason
        return data


@dataclass(frozen=True)
class ActionOdds:
    action: Action
    card: Card | None  # the card it puts on the waste (None: a draw of an unseen card)
    clairvoyant: Figure
    fair: Figure


@dataclass(frozen=True)
class Odds:
    rules: Rules
    unseen: int  # unknown stock cards
    orders: int  # distinct orders of their ranks
    clairvoyant: Figure  # an upper bound on the fair value
    max_removed: dict[int, int]  # most cards removable -> orders (of those weighed)
    fair: Figure
    policy: Figure | None  # a lower bound on the fair value
    actions: list[ActionOdds] = field(default_factory=list)
    recommended: Action | None = None
    recommended_by: str = ""  # "fair value" or "clairvoyant odds"
    # where no move wins under any order: each legal action's expected final score with best
    # play for the score (golfsolve.fair.score), where it is within reach and not all equal
    score: dict[Action, Fraction] | None = None
    # where that is out of reach: each legal action's mean best final score over the orders
    # weighed, each played seeing the stock (an estimate), where they are not all equal
    sampled_score: dict[Action, Fraction] | None = None

    def to_dict(self) -> dict:
        """The figures as ``odds --json`` prints them, but for the deal's name, number and
        code, which the figures do not know (docs/reference.md)."""
        return {
            "rules": self.rules.name, "unseen": self.unseen, "orders": self.orders,
            "clairvoyant": self.clairvoyant.to_dict(), "fair": self.fair.to_dict(),
            "policy": None if self.policy is None else self.policy.to_dict(),
            "max_removed": {str(k): v for k, v in sorted(self.max_removed.items())},
            "actions": [{"action": a.action.kind, "column": a.action.column,
                         "card": None if a.card is None else str(a.card),
                         "clairvoyant": a.clairvoyant.to_dict(), "fair": a.fair.to_dict()}
                        for a in self.actions],
            "recommended": None if self.recommended is None else self.recommended.token,
            "recommended_by": self.recommended_by or None,
            "score": None if self.score is None else [
                {"action": a.kind, "column": a.column, **fraction_fields(v)}
                for a, v in self.score.items()],
            "sampled_score": None if self.sampled_score is None else [
                {"action": a.kind, "column": a.column, **fraction_fields(v)}
                for a, v in self.sampled_score.items()],
        }


@dataclass
class Underway:
    """How far one rule set's figures have come, as :func:`run_odds` tells it: the legal
    actions (known at once), the sampled orders and games weighed, the fair value's pass and
    its entries made (:class:`golfsolve.fair.layered.Stage`'s name, or ``""`` before any is
    told), the fair value once known (with each action's), and all the figures once every
    unit is done."""

    legal: list[Action]
    cards: dict[Action, Card | None]  # the card each legal action puts on the waste
    unseen: int  # unknown stock cards
    orders: int  # distinct orders of their ranks
    orders_total: int = 0
    orders_done: int = 0
    games_total: int = 0
    games_done: int = 0
    fair_pass: str = ""
    fair_done: int = 0
    fair_total: int = 0
    fair: tuple[Figure, dict[Action, Figure], dict[Action, Fraction] | None] | None = None
    odds: Odds | None = None


# ----- the figures -----------------------------------------------------------------------------
class _Weigher:
    """Solves a position under stock orders, action by action, with the compiled solver."""

    def __init__(self, position: Position, rules: Rules) -> None:
        from golfsolve.packing import pack_columns

        self.position = position
        self.col_ranks = pack_columns(position)
        self.fits = rules.fits_table()
        self.draw_rule = rules.draw_rule
        self.heights = position.heights
        self.known = [0 if c is None else c.rank for c in position.stock]

    def start(self, action: Action, stock: list[int]) -> np.ndarray:
        from golfsolve.packing import start_after

        return start_after(self.col_ranks, self.heights, action, stock)

    def _stock(self, unseen_order: list[int]) -> list[int]:
        """The stock's ranks with its unknown slots filled, in order, from ``unseen_order``."""
        fill = iter(unseen_order)
        return [r if r else next(fill) for r in self.known]

    def weigh_root(self, unseen_order: list[int]) -> tuple[bool, int]:
        """(won, most removed) from the position itself, under one order of the unseen ranks."""
        import numpy as np

        from golfsolve.packing import start_array
        from golfsolve.solver import decide

        stock = np.array(self._stock(unseen_order), dtype=np.int64)
        start = start_array(self.heights, 0, self.position.waste.rank)
        return decide(self.col_ranks, stock, self.fits, start, self.draw_rule)

    def weigh(self, actions: list[Action], unseen_order: list[int]) -> list[tuple[bool, int]]:
        """(won, most removed) after each action, under one order of the unseen ranks."""
        import numpy as np

        from golfsolve.solver import decide

        stock = self._stock(unseen_order)
        ranks = np.array(stock, dtype=np.int64)
        return [decide(self.col_ranks, ranks, self.fits, self.start(action, stock),
                       self.draw_rule) for action in actions]


ORDERS_PER_TASK = 50  # stock orders weighed in one unit of work


def enumerated(orders: int, limit: Limit) -> bool:
    """Whether every one of ``orders`` distinct orders of the unseen ranks is weighed (else a
    sample)."""
    return orders <= limit.enumerate_at_most


def sampled_orders(position: Position, limit: Limit, purpose: str = "orders",
                   ) -> list[list[int]]:
    """The orders of the unseen ranks to weigh: each distinct order once, or a uniform
    sample of ``limit.samples`` (drawn from ``limit.seed`` and ``purpose``)."""
    unseen = [c.rank for c in position.unseen]
    if enumerated(rank_orders(unseen), limit):
        return list(distinct_orders(unseen))
    rng = _random(limit.seed, purpose)
    return [rng.sample(unseen, len(unseen)) for _ in range(limit.samples)]


def _random(seed: int | None, purpose: str) -> random.Random:
    """A generator of its own for each purpose: fixed by ``seed``, else fresh."""
    return random.Random(f"{seed}/{purpose}") if seed is not None else random.Random()


def task(payload: tuple) -> object:
    """One unit of an odds computation (runs in worker processes too)."""
    from golfsolve.model.rules import rules_by_name
    from golfsolve.model.scoring import best_score

    kind, position, rules_name, arg = payload
    rules = rules_by_name(rules_name)
    if kind == "orders":
        actions, orders = arg
        weigher = _Weigher(position, rules)
        wins = [0] * len(actions)
        scores = [0] * len(actions)  # each action's best final scores, summed
        won_any = 0
        histogram: dict[int, int] = {}
        for order in orders:
            results = weigher.weigh(actions, order)
            for i, (won, removed) in enumerate(results):
                wins[i] += won
                scores[i] += best_score(removed)
            won_any += any(won for won, _ in results)
            best = max(removed for _, removed in results)
            histogram[best] = histogram.get(best, 0) + 1
        return wins, won_any, histogram, scores
    if kind == "fair":
        value, actions = fair(position, rules, *arg, progress=_fair_news())
        return value, actions, score_where_nothing_wins(position, rules, value, actions)
    if kind == "game":
        rng = random.Random(arg)
        unseen = list(position.unseen)
        return play_blind(position.with_stock(rng.sample(unseen, len(unseen))), rules, rng)
    raise ValueError(kind)


NEWS_SECONDS = 0.1  # the fair value tells how far it has come at most this often


def _fair_news():
    """A report for the fair value by layers that tells the submitter (``runners.report``)
    each pass as it begins and the values' entries made, these at most every NEWS_SECONDS."""
    from golfsolve.runners import report

    last = [0.0, None]

    def tell(stage, done: int, total: int) -> None:
        now = time.monotonic()
        if stage is last[1] and now - last[0] < NEWS_SECONDS and done < total:
            return
        last[0], last[1] = now, stage
        report((stage.value, done, total))

    return tell


def _stand_in(position: Position, rules: Rules) -> Game:
    """A game at the position, its unseen cards in any order: for what is legal now."""
    return Game(position.with_stock(position.unseen), rules)


def plan(position: Position, rules: Rules, limit: Limit, threads: int | None = None,
         ) -> tuple[list[Action], list[tuple]]:
    """The legal actions now, and the units of work for every figure of one rule set (the
    fair value's on ``threads`` threads; None: every core)."""
    actions = _stand_in(position, rules).legal_actions()
    units: list[tuple] = []
    if actions:
        orders = sampled_orders(position, limit)
        units += [("orders", position, rules.name, (actions, orders[i:i + ORDERS_PER_TASK]))
                  for i in range(0, len(orders), ORDERS_PER_TASK)]
    # the fair value almost first: the longest unit, and the figure a player waits for; after
    # one short unit, which the worker it goes to does before it (workers take tasks ahead)
    units.insert(min(1, len(units)),
                 ("fair", position, rules.name, (limit.budget, limit.memory, threads)))
    seeds = _random(limit.seed, "games")
    units += [("game", position, rules.name, seeds.getrandbits(64)) for _ in range(limit.games)]
    return actions, units


def assemble(position: Position, rules: Rules, limit: Limit, legal: list[Action],
             results: list[tuple[tuple, object]], unfinished: str = "") -> Odds:
    """The figures of one rule set from the results of its units of work (with
    ``unfinished``, the reason a fair value is missing from them, of some of its units)."""
    game = _stand_in(position, rules)
    removed_now = position.removed_from_tableau
    wins = [0] * len(legal)
    scores = [0] * len(legal)
    won_any = weighed = games_won = games_played = 0
    histogram: dict[int, int] = {}
    value, fair_actions, score = Figure.missing(unfinished or "not asked"), {}, None
    for (kind, *_rest), result in results:
        if kind == "orders":
            unit_wins, unit_any, unit_histogram, unit_scores = result
            wins = [a + b for a, b in zip(wins, unit_wins, strict=True)]
            scores = [a + b for a, b in zip(scores, unit_scores, strict=True)]
            won_any += unit_any
            for k, n in unit_histogram.items():
                histogram[k] = histogram.get(k, 0) + n
                weighed += n
        elif kind == "fair":
            value, fair_actions, score = result
        else:
            games_won += bool(result)
            games_played += 1
    orders = rank_orders([c.rank for c in position.unseen])
    if legal:
        make = Figure.exact if enumerated(orders, limit) else Figure.estimate
        upper = make(won_any, weighed)
        per_action = [make(w, weighed) for w in wins]
    else:  # won already, or stuck: the same under every order
        upper = Figure.exact(orders if removed_now == TABLEAU_SIZE else 0, orders)
        histogram, per_action = {removed_now: orders}, []
    actions = [ActionOdds(a, _card_of(position, game, a), c,
                          fair_actions.get(a) or Figure.missing(value.reason))
               for a, c in zip(legal, per_action, strict=True)]
    recommended, by = recommend(actions)
    policy = None
    if limit.games:
        policy = (Figure.estimate(games_won, games_played) if games_played else
                  Figure.missing(unfinished))
    sampled = None
    if (value.kind == "exact" and value.value == 0 and len(legal) > 1 and weighed
            and score is None and not _score_within_reach(position)):
        sampled = {a: Fraction(total, weighed) for a, total in zip(legal, scores, strict=True)}
        sampled = sampled if len(set(sampled.values())) > 1 else None
    return Odds(rules, position.unknown_slots, orders, upper, histogram, value, policy,
                actions, recommended, by, score, sampled)


def _score_within_reach(position: Position) -> bool:
    """Whether :func:`score_where_nothing_wins` computes the score's value here (a stock
    wholly unseen, within the value's reach)."""
    from golfsolve.fair.score import within_reach
    from golfsolve.packing import position_arrays

    if position.unknown_slots != len(position.stock):
        return False
    _, heights, _, _, unseen = position_arrays(position)
    return within_reach(heights, unseen)


def score_where_nothing_wins(position: Position, rules: Rules, value: Figure,
                             actions: dict[Action, Figure]) -> dict[Action, Fraction] | None:
    """Where the fair value is exactly 0 and there is a choice, each legal action's expected
    final score with best play for the score (golfsolve.fair.score), for a position whose
    stock is wholly unseen; None elsewhere, where it is out of reach, or where every action's
    is the same (no move to name)."""
    if not (value.kind == "exact" and value.value == 0 and len(actions) > 1
            and position.unknown_slots == len(position.stock)):
        return None
    from golfsolve.fair.score import position_score

    found = position_score(position, rules)
    if found is None or len(set(found.actions.values())) == 1:
        return None
    return found.actions


def sampled_scores(position: Position, rules: Rules, limit: Limit) -> dict[Action, Fraction]:
    """Each legal action's mean best final score over the orders of the unseen cards that
    :func:`sampled_orders` gives, each order played seeing the stock: an estimate for where
    the score's exact value (best play without sight) is out of reach, and above it on
    average (a player who sees the stock scores at least as well)."""
    legal = _stand_in(position, rules).legal_actions()
    orders = sampled_orders(position, limit, "score")
    *_, totals = task(("orders", position, rules.name, (legal, orders)))  # odds' own unit
    return {a: Fraction(total, len(orders)) for a, total in zip(legal, totals, strict=True)}


def fair(position: Position, rules: Rules, budget: int, memory: int | None = None,
         threads: int | None = None, progress=None) -> tuple[Figure, dict[Action, Figure]]:
    """The exact fair value of the position and of each legal action as figures, or why it
    is not computed: :func:`golfsolve.fair.value`'s, within ``budget`` expectimax states and
    ``memory`` bytes (by default 80% of the memory free now), on ``threads`` threads (by
    default every core), ``progress`` told how far the layers have come."""
    from golfsolve.fair import Limit as FairLimit
    from golfsolve.fair import value

    result = value(position, rules, FairLimit(budget, memory, threads), progress=progress)
    if not result.complete:
        return Figure.missing(result.reason, result.needs, result.budget), {}
    # the position's value over its orders as the head counts them: the orders best play
    # wins (the value of a play that sees only what is drawn is a count of orders it wins)
    return Figure.exact(result.wins, result.orders), {action: Figure("exact", fraction)
                                           for action, fraction in result.actions.items()}


def odds(position: Position, rules: Rules | None = None, limit: Limit = Limit()) -> Odds:
    """Every figure for a position whose unknown stock cards are unseen, in this process.
    ``position`` a Position (stock cards it names count as seen) or a Deal (its whole stock
    unseen, as ``golfsolve odds`` and :func:`golfsolve.fair_value` take a deal), ``rules`` a
    Rules or its name (None: the rules its text named, where :func:`golfsolve.deal` read it,
    else Easy), ``limit`` a Limit: each checked (golfsolve.checks)."""
    from golfsolve.checks import instance
    from golfsolve.model.deal import Deal, as_position
    from golfsolve.model.rules import chosen_rules

    whole_deal = isinstance(position, Deal)
    position = as_position(position, "position")
    rules = chosen_rules(rules, position.named_rules)
    instance(limit, Limit, "limit", "a golfsolve.odds.Limit")
    return run_odds(position.hidden() if whole_deal else position, [rules], limit)[0]


def run_odds(position: Position, rules_list: list[Rules], limit: Limit, jobs: int = 1,
             progress: Callable[[list[Underway]], None] | None = None) -> list[Odds]:
    """The figures under each rule set, their units of work run in ``jobs`` processes (and
    the fair value's kernel on ``jobs`` threads). ``progress`` is told how far each rule set
    has come (one :class:`Underway` each, the same objects each time): once the kernels are
    compiled (where numba's cache lacks them), then as each unit finishes and as the fair
    value by layers goes on."""
    from golfsolve.compiling import ready
    from golfsolve.interrupts import deferred
    from golfsolve.runners import InlineRunner, WorkerPool

    plans = [plan(position, rules, limit, jobs) for rules in rules_list]
    units = [(i, unit) for i, (_, rule_units) in enumerate(plans) for unit in rule_units]
    orders = rank_orders([c.rank for c in position.unseen])
    underway = [Underway(legal, {a: _card_of(position, _stand_in(position, rules), a)
                                 for a in legal}, position.unknown_slots, orders,
                         orders_total=sum(len(u[3][1]) for u in rule_units if u[0] == "orders"),
                         games_total=sum(u[0] == "game" for u in rule_units))
                for rules, (legal, rule_units) in zip(rules_list, plans, strict=True)]
    finished: dict[int, object] = {}  # the result of each unit finished, by its number

    def tell() -> None:
        if progress is not None:
            progress(underway)

    def news(n: int, told: object) -> None:
        state = underway[units[n][0]]
        state.fair_pass, state.fair_done, state.fair_total = told
        tell()

    def finish(n: int, result: object) -> None:
        finished[n] = result
        i, unit = units[n]
        state = underway[i]
        if unit[0] == "orders":
            state.orders_done += len(unit[3][1])
        elif unit[0] == "fair":
            state.fair = result
        else:
            state.games_done += 1
        if all(m in finished for m, (j, _) in enumerate(units) if j == i):
            state.odds = assemble(position, rules_list[i], limit, plans[i][0],
                                  _leading_results(units, finished, i))
        tell()

    jobs = min(jobs, len(units))  # no worker without work
    runner = InlineRunner(task, news) if jobs <= 1 else WorkerPool(jobs, task, news)
    try:
        with deferred(), runner:
            # the kernels compiled first where numba's cache lacks them, the workers started
            # meanwhile (a stop signal then ends it before anything is weighed); what is
            # weighed is told after, so that nothing else writes while the compile's line does
            ready([part for _, unit in units for part in kernels_for(unit)], jobs)
            tell()
            for n, (_, unit) in enumerate(units):
                runner.submit(n, unit)
            for _ in units:
                finish(*runner.next_result())
    except Interrupted as stop:
        partial = [assemble_partial(position, rules, limit, legal,
                                    _leading_results(units, finished, i))
                   for i, (rules, (legal, _)) in enumerate(zip(rules_list, plans, strict=True))]
        raise OddsInterrupted(stop.signum, partial, len(finished), len(units)) from None
    return [state.odds for state in underway]


def kernels_for(unit: tuple) -> list:
    """The kernels (each a compiling.Part) a unit of work runs: the solver's for the orders
    and a policy's game, and the fair value's (:func:`golfsolve.fair.kernel_parts`) for the
    fair value and a game (its positions a player sees have their whole stock unseen)."""
    from golfsolve.compiling import SCORE, solving
    from golfsolve.fair import kernel_parts
    from golfsolve.model.rules import rules_by_name

    kind, position, rules_name, _ = unit
    rules = rules_by_name(rules_name)
    parts = [] if kind == "fair" else [solving(rules)]
    if kind == "fair" and position.unknown_slots == len(position.stock):
        parts.append(SCORE)  # where no move wins, the score's value (score_where_nothing_wins)
    if kind != "orders":
        parts += kernel_parts(position.hidden() if kind == "game" else position, rules)
    return parts


def _leading_results(units: list[tuple[int, tuple]], finished: dict[int, object],
                     rule_set: int) -> list[tuple[tuple, object]]:
    """(unit, result) of one rule set's units, of each kind those finished before the first
    of that kind that did not: the orders of a sample weighed in the order they were drawn
    (workers finish in any order, and a sooner finish may hint at the outcome)."""
    kept = []
    open_kinds = set()
    for n, (i, unit) in enumerate(units):
        if i != rule_set:
            continue
        if n in finished and unit[0] not in open_kinds:
            kept.append((unit, finished[n]))
        elif n not in finished:
            open_kinds.add(unit[0])
    return kept


class OddsInterrupted(Interrupted):
    """A stop signal during :func:`run_odds`, with what the finished work can tell: per rule
    set, its figures (None where they would say nothing or could mislead)."""

    def __init__(self, signum: int, partial: list[Odds | None], done: int, total: int) -> None:
        super().__init__(signum)
        self.partial = partial
        self.done = done
        self.total = total


def assemble_partial(position: Position, rules: Rules, limit: Limit, legal: list[Action],
                     results: list[tuple[tuple, object]]) -> Odds | None:
    """The figures of one rule set from part of its units: only where its orders are a
    uniform sample with some weighed (a part of an enumeration, in its order, is no sample of
    the rest). The estimates are over the orders and games finished; a fair value not yet
    computed is not computed."""
    orders = rank_orders([c.rank for c in position.unseen])
    weighed = any(kind == "orders" for (kind, *_rest), _ in results)
    if not legal or enumerated(orders, limit) or not weighed:
        return None
    return assemble(position, rules, limit, legal, results,
                    unfinished="interrupted before it was computed")


def _card_of(position: Position, game: Game, action: Action) -> Card | None:
    """The card an action puts on the waste (None: a draw of an unseen card)."""
    return position.stock[0] if action.is_draw else game.free_card(action.column)


def recommend(actions: list[ActionOdds]) -> tuple[Action | None, str]:
    """The best action by exact fair value where every action has one, else by clairvoyant
    odds (ties as :func:`golfsolve.model.actions.best_of` breaks them)."""
    if not actions:
        return None, ""
    by_action = {a.action: a for a in actions}
    if all(a.fair.kind == "exact" for a in actions):
        return best_of(by_action, lambda a: by_action[a].fair.value), "fair value"
    return best_of(by_action, lambda a: by_action[a].clairvoyant.value), "clairvoyant odds"


# ----- a player who does not peek ---------------------------------------------------------------
def choose(view: Position, rules: Rules, rng: random.Random, legal: list[Action],
           table=None) -> Action:
    """The policy's action in the position a player sees: by the exact fair value of the
    kept ``table`` (a :class:`golfsolve.fair.table.FairTable` of the game's start) or when it
    is cheap, else the action that wins under most of a few sampled stock orders."""
    if len(legal) == 1:
        return legal[0]
    if table is not None:
        from golfsolve.packing import position_arrays

        _, heights, waste_rank, _, unseen = position_arrays(view)
        found = table.position(heights, waste_rank, unseen)
        if found is not None:
            return best_of([a for a in legal if a in found.actions], found.actions.__getitem__)
    if view.unknown_slots <= POLICY_EXACT_UNSEEN:
        value, by_action = fair(view, rules, POLICY_BUDGET)
        if value.kind == "exact":
            return best_of([a for a in legal if a in by_action], lambda a: by_action[a].value)
    weigher = _Weigher(view, rules)
    unseen = [c.rank for c in view.unseen]
    wins = dict.fromkeys(legal, 0)
    for _ in range(POLICY_SAMPLES):
        for action, (won, _) in zip(legal, weigher.weigh(legal, rng.sample(unseen, len(unseen))),
                                    strict=True):
            wins[action] += won
    return best_of(legal, wins.__getitem__)


_kept_tables: dict = {}  # this process's kept fair table of the last start played from


def kept_table(view: Position, rules: Rules):
    """The fair table (every reachable value, kept) of a start whose stock is wholly unseen,
    made once a process for the policy's games; None where it does not fit in memory."""
    from golfsolve import fair as fair_values
    from golfsolve.errors import MemoryRefused
    from golfsolve.fair.memory import NeedsMemory
    from golfsolve.packing import position_arrays

    if fair_values.method(view, rules) is not fair_values.Method.LAYERS:  # some stock seen
        return None
    col_ranks, heights, waste_rank, _, unseen = position_arrays(view)
    key = (col_ranks.tobytes(), heights.tobytes(), waste_rank, unseen.tobytes(), rules.name)
    if key not in _kept_tables:
        _kept_tables.clear()
        try:
            _kept_tables[key] = fair_values.value(view, rules, fair_values.Limit(budget=None),
                                                  keep=True).table
        except (NeedsMemory, MemoryRefused):
            _kept_tables[key] = None
    return _kept_tables[key]


def play_blind(position: Position, rules: Rules, rng: random.Random) -> bool:
    """One game from ``position`` (its stock known to the game, not to the player) played by
    the policy: whether it is won."""
    game = Game(position, rules)
    table = kept_table(position.hidden(), rules)
    while game.status == "playing":
        legal = game.legal_actions()
        game.play(legal[0] if len(legal) == 1
                  else choose(game.position().hidden(), rules, rng, legal, table))
    return game.status == "won"


def layout_odds(position: Position, rules: Rules, samples: int, seed: int, budget: int,
                key: str, memory: int | None = None, threads: int | None = None) -> dict:
    """A batch row's odds fields for a deal or position with its stock face down: the
    clairvoyant wins over ``samples`` orders (seeded by ``seed`` and the deal's ``key``, so
    that a deal's figures do not depend on the batch), and, when ``budget`` is not 0, the
    exact fair value as a fraction (None where it needs more than ``memory`` bytes or, with
    stock cards known, more than ``budget`` states; then ``fair_needs`` holds the bytes the
    fair value by layers needs, when that is what stopped it: not a stored field)."""
    view = position.hidden()
    orders = sampled_orders(view, Limit(samples=samples, seed=seed), f"{key}/{rules.name}")
    weigher = _Weigher(view, rules)
    wins = sum(weigher.weigh_root(order)[0] for order in orders)
    fair_value = needs = None
    if budget:
        value, _ = fair(view, rules, budget, memory, threads)
        if value.kind == "exact":
            fair_value = f"{value.value.numerator}/{value.value.denominator}"
        needs = value.needs
    return {"odds_wins": wins, "odds_samples": len(orders), "fair_value": fair_value,
            "fair_needs": needs}
