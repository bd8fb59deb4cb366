"""A batch's unit of work: what each (deal, rules) gets (Work), and the function that solves a
unit of deals in a worker process, from plain arrays where it can."""

from __future__ import annotations

from dataclasses import dataclass

from golfsolve.batch.deals import DealItem
from golfsolve.batch.rows import solution_row
from golfsolve.model.rules import STRICTNESS_ORDER, rules_by_name

STRICTNESS = {r.name: i for i, r in enumerate(STRICTNESS_ORDER)}


@dataclass(frozen=True)
class Work:
    """What each (deal, rules) of a batch gets: a solution (with the fewest moves or not) and,
    with ``odds_samples``, its odds with the stock face down."""

    fewest_moves: bool = False
    odds_samples: int = 0  # 0: no odds
    odds_seed: int = 0
    fair_budget: int = 0  # expectimax states for a fair value with stock cards known; 0: none
    fair_memory: int | None = None  # bytes a fair value by layers may use
    fair_threads: int | None = None  # threads it may use (None: every core)
    # a fair value that needs more than fair_memory but no more than this is set aside and
    # computed alone, with this memory and every core (None: never set aside)
    fair_memory_alone: int | None = None

    def alone(self) -> Work:
        """This work for a deal computed alone: all of the batch's memory and cores."""
        from dataclasses import replace

        return replace(self, fair_memory=self.fair_memory_alone, fair_threads=None,
                       fair_memory_alone=None)

    def sets_aside(self, row: dict) -> bool:
        """Whether a row's fair value, not computed within this work's memory, fits in the
        memory of the batch when its deal runs alone."""
        needs = row.get("fair_needs")
        return (needs is not None and self.fair_memory_alone is not None
                and self.fair_memory is not None and self.fair_memory < needs
                <= self.fair_memory_alone)

    @property
    def odds(self) -> tuple[int, int] | None:
        return (self.odds_samples, self.odds_seed) if self.odds_samples else None

    def missing(self, row: dict | None) -> bool:
        return row is None or (self.odds_samples > 0 and row.get("odds_samples") is None) or (
            self.fair_budget > 0 and row.get("fair_value") is None)


def solve_unit(payload: tuple[list[tuple[DealItem, tuple[tuple[str, bool], ...]]], Work],
               ) -> list[dict]:
    """Solve each deal under the rule sets named with it (those marked True; the others are
    solved already and only want their odds): result rows. Runs in the workers.

    Numbered deals, and Solvitaire's, are dealt together by the compiled dealers and solved
    from plain arrays: no Deal, Game or Move objects unless odds are asked for. The strictest
    rules go first: a line that wins under them wins under the easier ones, which then need
    no search (their row says 0 states; with --fewest-moves each rule set is searched for its
    own)."""
    from golfsolve.odds import layout_odds
    from golfsolve.packing import dealt_arrays, pack_position, solvitaire_arrays, start_array
    from golfsolve.solver import Line, search_line

    pairs, work = payload
    arrays = dealt_arrays([item.number for item, _ in pairs if item.number is not None])
    seeded = solvitaire_arrays([item.solvitaire for item, _ in pairs
                                if item.solvitaire is not None])
    rows = []
    for item, wanted in pairs:
        if item.number is not None or item.solvitaire is not None:
            col_ranks, stock_ranks, waste = next(arrays if item.number is not None else seeded)
            position, heights = None, [5] * 7
        else:
            position = item.position()
            col_ranks, stock_ranks = pack_position(position)
            waste, heights = position.waste.rank, position.heights
        start = start_array(heights, 0, waste)
        stricter_win = None  # a win under stricter rules is a win under easier ones
        for name, solve in sorted(wanted, key=lambda pair: -STRICTNESS[pair[0]]):
            rules = rules_by_name(name)
            row = {"key": item.key, "rules": name}
            if solve:
                if stricter_win is not None and not work.fewest_moves:
                    line = Line(True, stricter_win.max_removed, stricter_win.actions, False, 0,
                                0.0)
                else:
                    line = search_line((col_ranks, stock_ranks, rules.fits_table(), start),
                                       work.fewest_moves, rules.draw_rule)
                if line.winnable:
                    stricter_win = line
                row.update(solution_row(item.label, item.number, rules, line))
            if work.odds_samples:
                if position is None:
                    position = item.position()
                row.update(layout_odds(position, rules, work.odds_samples, work.odds_seed,
                                       work.fair_budget, item.key, work.fair_memory,
                                       work.fair_threads))
            rows.append(row)
    return rows
