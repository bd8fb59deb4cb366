"""Memory given back to the system: arrays a tail at a time, while the array lives on (a
layer being read from its last rows down frees what it has read), and the heap's freed pages.

Such an array takes memory only where it has been written (its pages are the system's until
then), and :func:`release_tail` gives the written pages from an entry on back.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import mmap

import numpy as np


def paged_array(count: int, dtype, huge: bool = False) -> np.ndarray:
    """An array of ``count`` entries of ``dtype``, zero until written, whose tail can be
    released; ``huge`` asks for huge pages (fewer faults when it is written whole, as numpy
    asks for its own large arrays)."""
    dtype = np.dtype(dtype)
    buffer = mmap.mmap(-1, max(1, count * dtype.itemsize),
                       flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)  # private: freed for good
    if huge and hasattr(mmap, "MADV_HUGEPAGE"):
        buffer.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(buffer, dtype=dtype, count=count)


def release_tail(array: np.ndarray, start: int) -> None:
    """Give back the memory of entries ``start`` on of a :func:`paged_array` (the whole pages
    among them); they read as zero afterwards, and nothing else changes."""
    buffer = array.base.obj if isinstance(array.base, memoryview) else array.base
    if not isinstance(buffer, mmap.mmap):
        return  # not paged: its memory goes when the array does
    first = -(-start * array.dtype.itemsize // mmap.PAGESIZE) * mmap.PAGESIZE
    if first < len(buffer):
        buffer.madvise(mmap.MADV_DONTNEED, first, len(buffer) - first)


def give_back_freed() -> None:
    """Hand the heap's freed memory back to the system, where the C library can (glibc's
    ``malloc_trim``): what threads allocated and freed otherwise stays with the process."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim():
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None
