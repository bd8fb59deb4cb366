"""What the numbers of a batch say: win rates with Wilson intervals, histograms of the most
cards removable, and 2x2 comparisons of rule sets, accumulated row by row in constant memory.
Numbers in, numbers out: :mod:`golfsolve.cli.render.summary` words them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from golfsolve.model.rules import STRICTNESS_ORDER
from golfsolve.probability import wilson_interval

MAX_LISTED_BUGS = 20  # deals named in a solver-bug report; the rest are counted
TABLEAU = 35
ROUND = 9  # deals in a round of the traditional score (Morehead and Mott-Smith), par 45
PAR = 45


class SpanCount(NamedTuple):
    """Stored rows of one rule set and one most-removed count over a span of deals, counted
    by the database rather than read: what :meth:`BatchTally.add_counts` takes."""

    rules: str
    max_removed: int
    deals: int
    won: int
    score_sum: int  # of the best scores
    odds_deals: int  # deals with clairvoyant odds
    odds_sum: float  # of their odds
    fair_deals: int  # deals with an exact fair value
    fair_sum: float  # of their fair values
    fair_squares: float  # of the squares of their fair values


@dataclass(frozen=True)
class RulesSummary:
    rules: str
    deals: int
    won: int
    interval: tuple[float, float]
    mean_best_score: float
    histogram: dict[int, int]  # max_removed -> deals
    odds_deals: int = 0  # deals with clairvoyant odds
    mean_odds: float = 0.0  # their mean clairvoyant odds
    fair_deals: int = 0  # deals with an exact fair value
    mean_fair: float = 0.0  # their mean fair value
    fair_interval: tuple[float, float] | None = None  # its 95% interval over deals

    @property
    def win_rate(self) -> float:
        return self.won / self.deals if self.deals else 0.0

    @property
    def mean_cards_left(self) -> float:
        """The traditional score of a deal, averaged: cards left on the tableau after the best
        line (0 for a win)."""
        left = sum((TABLEAU - removed) * n for removed, n in self.histogram.items())
        return left / self.deals if self.deals else 0.0

    def to_dict(self) -> dict:
        """The figures; with no deals the rates are null (there is nothing to measure)."""
        some = self.deals > 0
        return {"rules": self.rules, "deals": self.deals, "won": self.won,
                "win_rate": round(self.win_rate, 6) if some else None,
                "wilson_95": [round(x, 6) for x in self.interval] if some else None,
                "mean_best_score": round(self.mean_best_score, 3) if some else None,
                "mean_cards_left": round(self.mean_cards_left, 3) if some else None,
                "traditional_per_9_deals": round(ROUND * self.mean_cards_left, 3) if some
                else None,
                "max_removed_histogram": {str(k): v for k, v in sorted(self.histogram.items())},
                **({"odds_deals": self.odds_deals, "mean_odds": round(self.mean_odds, 6)}
                   if self.odds_deals else {}),
                **({"fair_deals": self.fair_deals, "mean_fair": round(self.mean_fair, 6),
                    "fair_95": [round(x, 6) for x in self.fair_interval]
                    if self.fair_interval else None}
                   if self.fair_deals else {})}


class RulesTally:
    """The running summary of one rule set's rows."""

    def __init__(self, rules: str) -> None:
        self.rules = rules
        self.deals = 0
        self.won = 0
        self.score_sum = 0
        self.histogram: dict[int, int] = {}
        self.odds_deals = 0
        self.odds_sum = 0.0
        self.fair_deals = 0
        self.fair_sum = 0.0
        self.fair_squares = 0.0

    def add(self, row: dict) -> None:
        self.deals += 1
        self.won += bool(row["winnable"])
        self.score_sum += row["best_score"]
        removed = row["max_removed"]
        self.histogram[removed] = self.histogram.get(removed, 0) + 1
        if row.get("odds_samples"):
            self.odds_deals += 1
            self.odds_sum += row["odds_wins"] / row["odds_samples"]
        if row.get("fair_value"):
            value = fraction_value(row["fair_value"])
            self.fair_deals += 1
            self.fair_sum += value
            self.fair_squares += value * value

    def summary(self) -> RulesSummary:
        mean = self.score_sum / self.deals if self.deals else 0.0
        odds = self.odds_sum / self.odds_deals if self.odds_deals else 0.0
        fair, interval = mean_interval(self.fair_deals, self.fair_sum, self.fair_squares)
        return RulesSummary(self.rules, self.deals, self.won,
                            wilson_interval(self.won, self.deals), mean, dict(self.histogram),
                            self.odds_deals, odds, self.fair_deals, fair, interval)


@dataclass(frozen=True)
class Comparison:
    easier: str
    stricter: str
    both: int
    only_easier: int
    only_stricter: list[str]  # deals won only under the stricter rules (a solver bug), the first
    only_stricter_count: int  # ... and how many there are
    neither: int

    @property
    def deals(self) -> int:
        """The deals the table counts: those with a result under both rule sets."""
        return self.both + self.only_easier + self.only_stricter_count + self.neither

    def to_dict(self) -> dict:
        return {"easier": self.easier, "stricter": self.stricter, "deals": self.deals,
                "won_both": self.both, f"won_only_{self.easier}": self.only_easier,
                f"won_only_{self.stricter}": self.only_stricter_count,
                "won_neither": self.neither}


class PairTally:
    """The running 2x2 table of deals won under an easier and a stricter rule set."""

    def __init__(self, easier: str, stricter: str) -> None:
        self.easier, self.stricter = easier, stricter
        self.counts = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}
        self.bugs: list[str] = []

    def add(self, won_easier: bool, won_stricter: bool, label: str) -> None:
        self.counts[won_easier, won_stricter] += 1
        if won_stricter and not won_easier and len(self.bugs) < MAX_LISTED_BUGS:
            self.bugs.append(label)

    def add_counts(self, counts: dict[tuple[bool, bool], int], odd: list[str]) -> None:
        """Take deals counted elsewhere, and the labels of those won only when stricter."""
        for key, n in counts.items():
            self.counts[key] += n
        self.bugs += odd[:MAX_LISTED_BUGS - len(self.bugs)]

    def comparison(self) -> Comparison:
        c = self.counts
        return Comparison(self.easier, self.stricter, c[True, True], c[True, False],
                          list(self.bugs), c[False, True], c[False, False])


def deal_label(row: dict) -> str:
    return f"deal {row['number']}" if row["number"] is not None else row["code"] or row["deal"]


class BatchTally:
    """Summaries per rule set and, with ``pairs``, a 2x2 table per pair of rule sets, fed one
    deal's rows at a time."""

    def __init__(self, rule_names: list[str], pairs: bool = False) -> None:
        self.rule_names = rule_names
        self.tallies = {name: RulesTally(name) for name in rule_names}
        ordered = [r.name for r in STRICTNESS_ORDER if r.name in rule_names]
        self.pairs = [PairTally(a, b) for i, a in enumerate(ordered) for b in ordered[i + 1:]
                      ] if pairs else []

    def add_deal(self, rows: Iterable[dict]) -> None:
        """Take the rows of one deal (one per rule set it was solved under)."""
        won = {}
        label = None
        for row in rows:
            tally = self.tallies.get(row["rules"])
            if tally is not None:
                tally.add(row)
                won[row["rules"]] = bool(row["winnable"])
                label = label or deal_label(row)
        for pair in self.pairs:
            if pair.easier in won and pair.stricter in won:
                pair.add(won[pair.easier], won[pair.stricter], label)

    def add_counts(self, counts: Iterable[SpanCount]) -> None:
        """Take deals counted elsewhere (by the database), as if their rows had been added."""
        for count in counts:
            tally = self.tallies.get(count.rules)
            if tally is not None:
                tally.deals += count.deals
                tally.won += count.won
                tally.score_sum += count.score_sum
                tally.histogram[count.max_removed] = (tally.histogram.get(count.max_removed, 0)
                                                      + count.deals)
                tally.odds_deals += count.odds_deals
                tally.odds_sum += count.odds_sum
                tally.fair_deals += count.fair_deals
                tally.fair_sum += count.fair_sum
                tally.fair_squares += count.fair_squares

    def summaries(self) -> list[RulesSummary]:
        return [self.tallies[name].summary() for name in self.rule_names]

    def comparisons(self) -> list[Comparison]:
        return [pair.comparison() for pair in self.pairs]


def fraction_value(text: str) -> float:
    """A stored fraction ``a/b`` as a float."""
    numerator, _, denominator = text.partition("/")
    return int(numerator) / int(denominator or 1)


def mean_interval(n: int, total: float, squares: float) -> tuple[float, tuple[float, float]]:
    """The mean of n values in [0, 1] and its 95% interval over deals (normal, clipped to
    [0, 1]); None for the interval with fewer than two values, which cannot give one."""
    if n == 0:
        return 0.0, None
    mean = total / n
    if n < 2:
        return mean, None
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = 1.96 * (variance / n) ** 0.5
    return mean, (max(0.0, mean - half), min(1.0, mean + half))
