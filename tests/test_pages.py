"""Arrays that give their memory back a tail at a time, and the memory a layer sweep holds."""

import numpy as np

from golfsolve.pages import paged_array, release_tail
from golfsolve.stock_fair import layers_of, sweep_bounds, sweep_peak

PAGE_ENTRIES = 1024  # uint32 entries in a 4 KiB page


def resident_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * 4096


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


def test_the_sweeps_peak_is_layer_k_above_a_range_and_layer_k_minus_1_below_its_end():
    layers = layers_of([0, 2, 1] + [0] * 11)  # {A, A, 2}: layers of 1, 2, 2, 1 multisets
    counts = np.array([[0, 1, 0, 0], [0, 2, 3, 0], [0, 0, 1, 0], [0, 4, 2, 1]], dtype=np.int32)
    bounds = sweep_bounds(4)
    assert bounds.tolist() == [0, 1, 2, 3, 4]
    # entries take 4 bytes (a position and a 16-bit value); k = 2 at its range from row 1:
    # layer 2's rows 1-3 (6 entries) and layer 1's rows 0-1 (3 entries)
    assert sweep_peak(layers, counts, bounds) == 4 * (6 + 3) + 16 * 5 + 4 * 4096
