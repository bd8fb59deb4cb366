"""The compiled dealer deals exactly what pysol_cards deals, over the whole range of numbers, but
for 32000, which it deals as PySolFC's application does (the Twister; pysol_cards' own shuffle
takes the LCG through 32000)."""

from __future__ import annotations

import numpy as np
import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random_base import RandomBase

from golfsolve.kernels.dealer import deal_array, deal_indices, deal_many
from golfsolve.model.cards import Card
from golfsolve.model.codes import MAX_DEAL, MAX_NUMBER, CodeError
from golfsolve.model.deal import Deal
from golfsolve.model.pysolfc import LCG_BELOW as LCG_MAX

TWO32 = 2**32


def around(*points: int, width: int = 3) -> list[int]:
    return sorted({n for p in points for n in range(p - width, p + width + 1)
                   if 1 <= n <= MAX_NUMBER})


_rng = np.random.default_rng(20240601)
GROUPS = {
    "1..300": list(range(1, 301)),
    # LCG -> Mersenne Twister after 32000; the seed's second 32-bit word from 2**32; the top;
    # 2**31 (LCRandom31's own limits, 2**31 and 2**32, only matter for n <= 32000).
    "thresholds": around(LCG_MAX, 2**31, TWO32, MAX_NUMBER, width=4),
    "lcg": sorted(int(n) for n in _rng.integers(301, LCG_MAX + 1, 300)),
    "mt-one-word": sorted(int(n) for n in _rng.integers(LCG_MAX + 1, TWO32, 1000)),
    "mt-two-words": sorted(int(n) for n in _rng.integers(TWO32, MAX_NUMBER + 1, 1000)),
    "log-spread": sorted({int(n) for n in np.exp(_rng.uniform(np.log(32001),
                                                              np.log(MAX_NUMBER), 500))}),
    "near-top": list(range(MAX_NUMBER - 299, MAX_NUMBER + 1)),
}


def reference(number: int) -> list[int]:
    """pysol_cards' deal, but for 32000 (PySolFC's application deals it with the Twister)."""
    if number == LCG_MAX:
        return [card.index for card in Deal.from_number(number).cards()]
    board = Game("golf", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(CardRenderer(True))
    return [card.index for card in Deal.from_board(board).cards()]


@pytest.mark.parametrize("group", GROUPS)
def test_dealer_equals_pysol_cards(group: str) -> None:
    """deal_indices (one seed at a time) and deal_array (seeds side by side) both."""
    numbers = GROUPS[group]
    rows = deal_array(np.array(numbers, dtype=np.int64))
    wrong = []
    for n, row in zip(numbers, rows, strict=True):
        expected = reference(n)
        if deal_indices(n).tolist() != expected or row.tolist() != expected:
            wrong.append(n)
    assert not wrong, f"{len(wrong)} of {len(numbers)} deals differ, first {wrong[:10]}"


def test_board_order() -> None:
    deal = Deal.from_number(123456789)
    row = deal_indices(123456789)
    assert row.dtype == np.uint8 and row.shape == (52,)
    cards = [Card.from_index(int(i)) for i in row]
    assert tuple(cards[:16]) == deal.stock
    assert cards[16] == deal.waste
    assert tuple(tuple(cards[17 + 5 * c:22 + 5 * c]) for c in range(7)) == deal.tableau


@pytest.mark.parametrize("first,count", [
    (1, 400), (LCG_MAX - 50, 100), (1_000_000, 133), (TWO32 - 70, 137), (TWO32 - 3, 7),
    (MAX_NUMBER - 99, 100), (777, 1), (10**9, 1)])  # 133, 137: short last blocks of seeds
def test_deal_many_equals_one_by_one(first: int, count: int) -> None:
    rows = deal_many(first, count)
    assert rows.shape == (count, 52) and rows.dtype == np.uint8
    for k in range(count):
        np.testing.assert_array_equal(rows[k], deal_indices(first + k), err_msg=str(first + k))
    assert (np.sort(rows, axis=1) == np.arange(52)).all()


def test_deal_array_any_order() -> None:
    numbers = np.array([MAX_NUMBER, 1, TWO32, LCG_MAX + 1, LCG_MAX, 5, 5], dtype=np.int64)
    rows = deal_array(numbers)
    for n, row in zip(numbers, rows, strict=True):
        np.testing.assert_array_equal(row, deal_indices(int(n)))


def test_empty_and_out_of_range() -> None:
    assert deal_many(5, 0).shape == (0, 52)
    for bad in (0, -1, MAX_DEAL + 1):
        with pytest.raises(CodeError):
            deal_indices(bad)
    with pytest.raises(CodeError):
        deal_many(MAX_DEAL, 2)
    with pytest.raises(CodeError):
        deal_array(np.array([3, 0]))
    with pytest.raises(ValueError):
        deal_many(1, -1)
