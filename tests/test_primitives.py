"""The kernels' hot-loop primitives do what numba's own would."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from golfsolve.kernels.primitives import borrowed, copy_into, larger, set_all


@njit(cache=False)
def _through_a_borrowed_view(a, b):
    view = borrowed(a)
    row = view[1]  # a row of a borrowed view is the array's memory too
    copy_into(row[:3], b)
    set_all(view[0, 1:], 7)
    return view[1, 2] + view.shape[0] * 100


def test_a_borrowed_view_reads_and_writes_the_array_itself():
    a = np.zeros((2, 4), dtype=np.int64)
    assert _through_a_borrowed_view(a, np.array([5, 6, 9, 11])) == 209
    assert a.tolist() == [[0, 7, 7, 7], [5, 6, 9, 0]]


@njit(cache=False)
def _larger(a, b):
    return larger(a, b)


@settings(deadline=None)  # its first examples compile the kernel for two types
@given(st.integers(-(2**62), 2**62), st.integers(-(2**62), 2**62))
def test_larger_is_the_larger_of_two(a, b):
    assert _larger(np.int64(a), np.int64(b)) == max(a, b)
    assert _larger(np.uint16(abs(a) % 65536), np.uint16(abs(b) % 65536)) == max(abs(a) % 65536,
                                                                                   abs(b) % 65536)


@njit(cache=False)
def _through_borrowed_views(a, b):
    x, y = borrowed((a, b))
    x[0] = y[1]
    return x.shape[0] + y.shape[0]


def test_a_tuple_of_arrays_gives_a_tuple_of_borrowed_views():
    a, b = np.zeros(3, dtype=np.int32), np.array([1.5, 2.5])
    assert _through_borrowed_views(a, b) == 5
    assert a.tolist() == [2, 0, 0]
