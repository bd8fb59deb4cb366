"""Arrays that give their memory back a tail at a time, and the memory a layer sweep holds."""

import numpy as np

from golfsolve.fair.memory import resident_memory
from golfsolve.fair.multisets import layers_of
from golfsolve.fair.pages import give_back_freed, paged_array, release_tail
from golfsolve.fair.storage import (
    COMPACT,
    FAST,
    TIGHT,
    bit_offsets,
    high_bits,
    high_fields,
    high_words,
    position_offsets,
    row_bytes,
    sweep_bounds,
    sweep_peak,
    value_offsets,
)

PAGE_ENTRIES = 1024  # uint32 entries in a 4 KiB page


resident_bytes = resident_memory


def test_the_heap_gives_back_what_was_freed_below_a_block_still_held():
    # 160 MB in 64 kB blocks from the heap, all freed but the last: the heap cannot shrink
    # past the one held, and stays resident until it is handed back
    give_back_freed()  # what earlier tests freed, so that the blocks take fresh pages
    before = resident_bytes()
    blocks = [b"x" * (64 << 10) for _ in range(2500)]
    assert resident_bytes() - before > 150 << 20
    del blocks[:-1]
    freed = resident_bytes()
    give_back_freed()
    assert freed - resident_bytes() > 100 << 20


def test_a_released_tail_reads_zero_and_leaves_the_memory():
    a = paged_array(64 * PAGE_ENTRIES * 256, np.uint32)  # 64 MiB
    assert not a.any()
    a[:] = 7
    before = resident_bytes()
    release_tail(a, 16 * PAGE_ENTRIES * 256 + 5)  # a quarter in, and 5 entries
    assert before - resident_bytes() >= 47 * (1 << 20)
    whole = 16 * PAGE_ENTRIES * 256 + PAGE_ENTRIES  # the first whole page after the start
    assert (a[:whole] == 7).all() and not a[whole:].any()


def test_release_tail_leaves_an_ordinary_array_alone():
    b = np.full(10_000, 3, dtype=np.uint32)
    release_tail(b, 0)
    assert (b == 3).all()
    release_tail(paged_array(0, np.uint16), 0)


def test_a_row_is_stored_dense_where_that_takes_no_more_bytes_than_packed():
    layers = layers_of([0, 4, 4, 4] + [0] * 10)  # layer 1: 3 multisets, layer 2: 6
    counts = np.array([0, 1, 2, 3, 6])
    poff = position_offsets(layers, 2, counts, FAST)
    voff = value_offsets(layers, 2, counts, FAST)
    # 16-bit values: packed takes 4 bytes an entry, dense 2 a multiset (12 in all)
    assert poff.tolist() == [0, 0, 1, 3, 3, 3]
    assert voff.tolist() == [0, 0, 1, 3, 9, 15]
    assert row_bytes(layers, 2, counts, FAST).tolist() == [0, 4, 8, 12, 12]


def test_the_sweeps_peak_is_layer_k_above_a_range_and_layer_k_minus_1_below_its_end():
    layers = layers_of([0, 4, 4, 4] + [0] * 10)
    counts = np.zeros((4, layers.size + 1), dtype=np.int32)
    counts[:, 1] = [1, 2, 0, 1]  # bytes 4, 6 (dense), 0, 4
    counts[:, 2] = [0, 1, 3, 6]  # bytes 0, 4, 12 (dense), 12 (dense)
    bounds = sweep_bounds(4)
    assert bounds.tolist() == [0, 1, 2, 3, 4]
    # k = 2 at its range from row 1: layer 2's rows 1-3 (28 bytes) and layer 1's rows 0-1 (10)
    assert sweep_peak(layers, counts, bounds, FAST) == 28 + 10 + 32 * 5 + 4 * 4096


def test_a_compact_row_keeps_bits_for_positions_and_is_dense_from_three_quarters():
    layers = layers_of([0, 4, 4, 4] + [0] * 10)  # layer 2: 6 multisets, one bit word
    counts = np.array([0, 1, 4, 5, 6])  # dense from 4.5 entries
    assert position_offsets(layers, 2, counts, COMPACT).tolist() == [0] * 6
    assert value_offsets(layers, 2, counts, COMPACT).tolist() == [0, 0, 1, 5, 11, 17]
    assert row_bytes(layers, 2, counts, COMPACT).tolist() == [0, 2, 8, 12, 12]
    table = np.zeros((5, layers.size + 1), dtype=np.int32)
    table[:, 2] = counts
    table[:, 1] = [3, 0, 1, 0, 0]  # layer 1: 3 multisets, row 0 dense, row 2 packed
    boff = bit_offsets(layers, table, COMPACT)
    # the top layer first: layer 2's words (rows 1 and 2), then layer 1's (row 2)
    assert boff[2].tolist() == [0, 0, 1, 2, 2, 2]
    assert boff[1].tolist() == [2, 2, 2, 3, 3, 3]
    assert boff[0][-1] == 3


def test_the_compact_peak_counts_the_whole_radix_while_it_is_turned_into_bits():
    layers = layers_of([0, 4, 4, 4] + [0] * 10)
    counts = np.zeros((4, layers.size + 1), dtype=np.int32)
    counts[:, 1] = [0, 0, 0, 1]  # 2 bytes, one bit word (8 bytes)
    bounds = sweep_bounds(4)
    # from the top: S's 4 rows of 100 words (3,200 bytes) and row 3's bits, while row 3 is turned
    offsets = 4 * (layers.size + 1) * 5 + 16 * 5 + 6 * 4096
    assert sweep_peak(layers, counts, bounds, COMPACT, 100) == 3200 + 8 + offsets


def test_high_bits_are_whole_bytes_in_compact_and_just_those_needed_in_tight():
    layers = layers_of([0] + [1] * 9 + [0] * 4)  # layer 9: one multiset, N = 9! (19 bits)
    assert [high_bits(layers, 9, layout) for layout in (FAST, COMPACT, TIGHT)] == [0, 8, 3]
    assert high_bits(layers, 8, TIGHT) == 0  # 8! = 40,320 fits in 16 bits
    assert (high_fields(layers, 9, COMPACT), high_fields(layers, 9, TIGHT)) == (8, 21)
    counts = np.array([0, 1, 1])
    # compact: a row's byte wherever it falls; tight: each row from a word of 21 fields on
    assert value_offsets(layers, 9, counts, COMPACT).tolist() == [0, 0, 1, 2]
    assert value_offsets(layers, 9, counts, TIGHT).tolist() == [0, 0, 21, 42]
    assert row_bytes(layers, 9, counts[:2], COMPACT).tolist() == [0, 3]
    assert row_bytes(layers, 9, counts[:2], TIGHT).tolist() == [0, 21 * 2 + 8]
    # one word to spare past the last, for a reader that loads the word after a row's last
    assert high_words(layers, 9, value_offsets(layers, 9, counts, COMPACT), COMPACT) == 2
    assert high_words(layers, 9, value_offsets(layers, 9, counts, TIGHT), TIGHT) == 3
    assert high_words(layers, 9, value_offsets(layers, 9, counts, FAST), FAST) == 0
