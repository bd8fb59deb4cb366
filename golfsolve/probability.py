"""Counting and estimating, with no Golf in it: the distinct orders of a multiset of ranks
(how many, and each once), and the Wilson score interval of a win rate. The odds, the fair
value and a batch's summaries all count with these."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def multinomial(counts: Iterable[int]) -> int:
    """How many distinct orders a multiset with these multiplicities has."""
    counts = list(counts)
    n = math.factorial(sum(counts))
    for k in counts:
        n //= math.factorial(k)
    return n


def rank_orders(ranks: list[int]) -> int:
    """How many distinct orders a multiset of ranks has."""
    return multinomial(ranks.count(r) for r in set(ranks))


def distinct_orders(ranks: list[int]) -> Iterator[list[int]]:
    """Every distinct order of a multiset, each once (lexicographic)."""
    order = sorted(ranks)
    while True:
        yield list(order)
        i = len(order) - 2
        while i >= 0 and order[i] >= order[i + 1]:
            i -= 1
        if i < 0:
            return
        j = len(order) - 1
        while order[j] <= order[i]:
            j -= 1
        order[i], order[j] = order[j], order[i]
        order[i + 1:] = reversed(order[i + 1:])


def orders(unseen) -> int:
    """N(M): the distinct rank orders of the unseen multiset (counts indexed by rank),
    exactly."""
    return multinomial(int(x) for x in unseen)


def wilson_interval(won: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``won`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = won / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
