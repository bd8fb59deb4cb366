"""The memory of the fair value by layers, estimated before it is taken: what the machine
can give and the process holds now, what the first passes need (before anything large is
allocated), what each layout's sweeps hold at once, and the layout chosen for the limit; a
computation that needs more than its limit gets :class:`NeedsMemory` instead."""

from __future__ import annotations

import math
import os

from golfsolve.fair.storage import FAST, LAYOUTS, sweep_peak, words
from golfsolve.model.actions import COLUMN_COUNT

CLOSURE_THREADS = 4  # at most: each holds marks of every row
# added to every estimate: the kernels' code and the threads' start as they load (about 100 MB
# measured), small tables and the heap's slack
FIXED_BYTES = 144 << 20
# the layout is the fastest whose whole process stays under this, where one does, else the
# smallest: the fast layout's speed (about 1.2x the tight one's) is not worth twice the memory
PREFERRED_BYTES = 2_000_000_000


class NeedsMemory(Exception):
    """The computation needs ``needed`` bytes, more than the ``limit`` it was given."""

    def __init__(self, needed: int, limit: int):
        self.needed = needed
        self.limit = limit
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        return f"needs {size_text(self.needed)}, more than the {size_text(self.limit)} it may use"


def size_text(nbytes: int) -> str:
    """Bytes as people read them: ``1.4 GB``, ``350 MB``, ``64 kB``, ``900 bytes`` (never a
    figure rounded up past what it stands for, as 1 MB for 1,000 bytes)."""
    if nbytes >= 10**9:
        return f"{nbytes / 1e9:.1f} GB"
    if nbytes >= 10**6:
        return f"{round(nbytes / 1e6):,} MB"
    if nbytes >= 10**3:
        return f"{round(nbytes / 1e3):,} kB"
    return f"{nbytes:,} byte{'s' if nbytes != 1 else ''}"


def available_memory() -> int:
    """Bytes this machine can give now: MemAvailable, or 4 GiB where it cannot be read."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return 4 << 30


def resident_memory() -> int:
    """Bytes this process holds now (its resident set), or 0 where that cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def default_limit() -> int:
    """The memory a fair value may use by default: 80% of what is available now."""
    return available_memory() * 4 // 5


EXPECTIMAX_ENTRY_BYTES = 46  # the most a memo entry of the expectimax holds (a 16-byte row, the
# table at least 35% full)


def memory_budget(limit: int | None) -> int:
    """The expectimax states ``limit`` bytes hold (None: :func:`default_limit`), past what
    the process holds already."""
    room = (default_limit() if limit is None else limit) - resident_memory()
    return max(1, room // EXPECTIMAX_ENTRY_BYTES)


def estimate(heights, unseen, threads: int = CLOSURE_THREADS) -> int:
    """Bytes the first stage (closures, reach bits, two support layers) needs, before any
    value is stored; values are checked again, exactly, once the reach bits are known. The
    closure threads' marks (``threads`` of them at most) are gone before the bits are made."""
    nrows = math.prod(int(h) + 1 for h in heights)
    nw = words(math.prod(int(unseen[r]) + 1 for r in range(1, 14)))
    marks = nrows * (14 * 4 + 4 + 8) * max(1, min(threads, CLOSURE_THREADS))
    return FIXED_BYTES + closure_guess(nrows) + max(marks, 8 * nrows * nw)


def closure_guess(nrows: int) -> int:
    """Bytes the closure table of ``nrows`` rows is taken to need before it is built, with
    the loose column sub-closures made from it."""
    table = nrows * (13 * 4 + 8 + 7) + nrows * 6 * 13 * 4  # rank_cl, cl_start, tops; members
    return table + nrows * COLUMN_COUNT * 4 * 3  # loose: a start and about two rows a column


def layout_need(layout: str, layers, counts, bounds, first: int, tables: int,
                scratch: int) -> tuple[int, int]:
    """(bytes the passes hold at once in ``layout``, those they hold throughout): ``counts``
    each row's entries by layer, ``bounds`` the sweeps' ranges, ``first`` the first stage's
    estimate, ``tables`` the closures' bytes as built, ``scratch`` the values' working rows."""
    nrows = counts.shape[0]
    if layout == FAST:  # the first stage's, S kept, the closures' guess made good
        fixed = first + max(0, tables - closure_guess(nrows))
    else:
        fixed = FIXED_BYTES + tables
    fixed += counts.nbytes + scratch
    return fixed + sweep_peak(layers, counts, bounds, layout, layers.valid.shape[0]), fixed


def chosen_layout(need, asked: str | None, limit: int, held: int) -> tuple[str, tuple[int, int]]:
    """The layout the values are stored in and its ``need`` (a function of the layout: as
    :func:`layout_need`): ``asked``, else the fastest whose whole process stays under
    :data:`PREFERRED_BYTES` and ``limit``, else the smallest; raises :class:`NeedsMemory` where
    that needs more than ``limit`` bytes with the ``held`` ones."""
    needs: dict = {}  # layout: need(layout), of those looked at
    layout = _chosen(need, (asked,) if asked else LAYOUTS, needs, limit - held,
                     min(limit, PREFERRED_BYTES) - held)
    if layout is None:
        raise NeedsMemory(held + min(n for n, _ in needs.values()), limit)
    return layout, needs[layout]


def _chosen(need, layouts, needs: dict, room: int, preferred: int) -> str | None:
    """The first of ``layouts`` (fastest first) whose ``need`` is within ``preferred`` bytes,
    else the one that needs the least, where that is within ``room``; None where none is.
    The needs looked at are left in ``needs`` (the later layouts' only where the earlier
    ones' were too large: each takes a pass over every layer's rows)."""
    for layout in layouts:
        needs[layout] = need(layout)
        if needs[layout][0] <= min(room, preferred):
            return layout
    smallest = min(needs, key=lambda layout: needs[layout][0])
    return smallest if needs[smallest][0] <= room else None
