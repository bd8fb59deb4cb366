"""The kernels' compilation, once after installing: what a computation needs compiled,
whether numba's cache holds it, and a note before it is compiled.

numba compiles a kernel the first time it is called and keeps the machine code in its cache
(where: :mod:`golfsolve.kernels`). A fresh install has none: its first solve spends seconds
compiling, its first odds of a whole deal tens of seconds. Code about to run kernels names
them as a :class:`Part` (the kernels, a function that compiles them by running them on a
small input, and about how long that takes) and calls :func:`ready` first. Where the cache
lacks any of them, ready() compiles them there and then, in processes of their own side by
side when it may use several, after one line that says so (``golfsolve: compiling the solver,
once after installing: about 5 s``) and, while it compiles, a line that counts the seconds.

Both lines go to the stream :func:`tell` names: the command line names standard error where
that is a terminal, as it does for its progress bars. Without one (the library called from
a script, a worker process, standard error a file or a pipe) nothing is said; the kernels
are compiled all the same.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.metadata
import importlib.util
import os
import pickle
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass

TICK_SECONDS = 1.0  # how often the progress line is written again
SPAWN_SECONDS = 1.0  # a process's start, numba's import among it, when parts run side by side

_stream = None  # where the note and the progress go (None: nowhere)


def tell(stream) -> None:
    """Say what is compiled, and the seconds it takes, on ``stream`` (a text stream; None:
    say nothing)."""
    global _stream
    _stream = stream


@dataclass(frozen=True)
class Part:
    """Kernels a computation runs, as ready() compiles them together: ``name`` as the note says
    it; ``kernels``, each ``module:function``, those its code calls (the kernels they call in
    turn are compiled with them); ``warm``, ``module:function`` of a function that compiles
    them all (or loads them from the cache) by running them on a small input; ``seconds``,
    about the CPU seconds that takes from an empty cache."""

    name: str
    kernels: tuple[str, ...]
    warm: str
    seconds: float

    def cached(self) -> bool:
        """Whether numba's cache holds every one of its kernels (or this process has them):
        where their files seem to be there, without importing numba (see _seems_cached),
        else as numba finds them."""
        return (all(_seems_cached(kernel) for kernel in self.kernels)
                or all(_cached(_named(kernel)) for kernel in self.kernels))

    def load(self) -> None:
        """Compile its kernels, or load them from the cache, in this process."""
        _named(self.warm)()


# The parts, each as its code runs it: the kernels it calls and its warm function beside that
# code. The seconds: CPU seconds from an empty cache, one process, on the machine of the
# figures in docs/performance.md (tests/test_compiling.py checks that each warm function
# compiles all its computation runs).
SEARCH = Part("the solver", ("golfsolve.kernels.search:layered",
                             "golfsolve.kernels.search:settle",
                             "golfsolve.kernels.bound:bound_tables"),
              "golfsolve.solver:warm_search", 5.0)
STRICT_SEARCH = Part("the strict solver", ("golfsolve.kernels.strict:strict_search",),
                     "golfsolve.solver:warm_strict", 1.5)
LAYERS = Part("the fair value", tuple(f"golfsolve.fair.kernels.{name}" for name in (
    "closures:closure_of", "closures:closure_table", "closures:loose_columns",
    "support:reach_pass", "support:support_pass", "support:layer_counts",
    "values:values_rows", "values:wide_rows")), "golfsolve.fair.layered:warm", 15.0)
EXPECTIMAX = Part("the fair value", ("golfsolve.fair.kernels.expectimax:fair_kernel",),
                  "golfsolve.fair.expectimax:warm", 6.0)
SCORE = Part("the score's value", ("golfsolve.fair.kernels.score:score_layer",
                                   "golfsolve.fair.kernels.closures:closure_of",
                                   "golfsolve.fair.kernels.closures:closure_table"),
             "golfsolve.fair.score:warm", 2.0)


def solving(rules) -> Part:
    """The kernels a solve under ``rules`` (golfsolve.model.rules.Rules) runs."""
    return SEARCH if rules.draw_any_time else STRICT_SEARCH


def _named(name: str):
    module, _, attribute = name.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _cached(dispatcher) -> bool:
    """Whether a kernel (a numba dispatcher) is compiled in this process or held by numba's
    cache for its source as it is now and this machine, for any argument types. Where numba's
    cache cannot be read this way, True: nothing is said rather than something wrong."""
    try:
        if dispatcher.overloads:
            return True
        cache = dispatcher._cache
        index = cache._cache_file._load_index()  # empty: none, stale, or another numba's
        codegen = dispatcher.targetctx.codegen()
        return any(cache._index_key(key[0], codegen) == key for key in index)
    # numba's internals, which a new numba may change (and with NUMBA_DISABLE_JIT no kernel
    # is a dispatcher at all)
    except Exception:  # noqa: BLE001
        return True


def _seems_cached(kernel: str) -> bool:
    """Whether numba's cache seems to hold ``kernel`` (``module:function``), found without
    importing numba (whose import alone takes longer than this: the process that starts a
    warm run's workers need not import it at all): its index file, where and as numba 0.68
    names it, written by the numba installed after its source last changed. Where it is not
    found so (another cache, a numba that names its files otherwise), False: numba is asked."""
    module, _, name = kernel.partition(":")
    try:
        source = importlib.util.find_spec(module).origin
        folder = os.path.dirname(os.path.abspath(source))
        chosen = os.environ.get("NUMBA_CACHE_DIR")  # golfsolve.kernels may set it, imported now
        if chosen:
            folder = os.path.join(chosen, os.path.basename(folder) + "_"
                                  + hashlib.sha1(folder.encode()).hexdigest())
        else:
            folder = os.path.join(folder, "__pycache__")
        stem = os.path.splitext(os.path.basename(source))[0]
        python = f"{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, 'abiflags', '')}"
        index = os.path.join(folder, f"{stem}.{name}-{_first_line(source, name)}.py{python}.nbi")
        with open(index, "rb") as f:
            if pickle.load(f) != importlib.metadata.version("numba"):  # a str: no numba
                return False
        # saved for the kernel modules as they are now (golfsolve.kernels keys each kernel's
        # code on them all: a callee's change compiles its callers again): by the digest
        # stamped beside the index when it was saved, else (no stamp: written by an older
        # golfsolve) by the index written after every module last changed
        return _saved_for_these_sources(index)
    except Exception:  # noqa: BLE001 (any way of not finding it: numba is asked)
        return False


def _saved_for_these_sources(index: str) -> bool:
    """Whether a golfsolve kernel's index file was last saved for the kernels' sources as
    they are now (a module rewritten with the same text is the same source)."""
    from golfsolve.kernels import SOURCES_STAMP, _kernel_sources

    try:
        with open(index + SOURCES_STAMP, encoding="ascii") as f:
            return f.read() == _kernel_sources()
    except FileNotFoundError:
        return os.stat(index).st_mtime >= _kernel_sources_changed()


def _kernel_sources_changed() -> float:
    """When a module of golfsolve's kernels last changed (the newest modification time)."""
    import golfsolve.kernels

    package = os.path.dirname(os.path.abspath(golfsolve.kernels.__file__))
    folders = (package, os.path.join(os.path.dirname(package), "fair", "kernels"))
    return max(os.stat(os.path.join(folder, name)).st_mtime for folder in folders
               for name in os.listdir(folder) if name.endswith(".py"))


def _first_line(source: str, name: str) -> int:
    """The line of a top-level function's first decorator (its code's first line)."""
    lines = _lines(source)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    while at and lines[at - 1].startswith("@"):
        at -= 1
    return at + 1


@functools.lru_cache(maxsize=8)
def _lines(source: str) -> list[str]:
    with open(source, encoding="utf-8") as f:
        return f.read().splitlines()


def ready(parts: Iterable[Part], processes: int = 1, load: bool = False) -> None:
    """Compile the kernels of ``parts`` that numba's cache lacks, saying so (see the module's
    notes): in this process, or with ``processes`` > 1 and several parts to compile, in up to
    that many processes side by side (their kernels then come from the cache when this
    process or its workers next call them). With ``load``, the parts already compiled are
    loaded into this process too."""
    parts = list(dict.fromkeys(parts))
    cold = [part for part in parts if not part.cached()]
    if load:
        for part in parts:
            if part not in cold:
                part.load()
    if not cold:
        return
    apart = processes > 1 and len(cold) > 1
    seconds = (_span([p.seconds for p in cold], processes) + SPAWN_SECONDS if apart
               else sum(p.seconds for p in cold))
    names = [part.name for part in cold]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    _write(f"golfsolve: compiling {listed}, once after installing: about {seconds:.0f} s\n")
    with _Progress(_stream) as progress:
        if apart:
            _side_by_side(cold, processes, progress)
        else:
            for part in cold:
                part.load()
                progress.done(part)


def _span(seconds: list[float], processes: int) -> float:
    """How long tasks of ``seconds`` take on ``processes`` processes, the longest first, each
    to the process free first."""
    loads = [0.0] * min(processes, len(seconds))
    for task in sorted(seconds, reverse=True):
        loads[loads.index(min(loads))] += task
    return max(loads)


def _side_by_side(parts: list[Part], processes: int, progress: _Progress) -> None:
    """Each part's warm function in a worker process (up to ``processes`` at once), the
    longest first, each to the worker free first."""
    from golfsolve.runners import WorkerPool

    parts = sorted(parts, key=lambda part: -part.seconds)
    with WorkerPool(min(processes, len(parts)), warm_part, ahead=1) as pool:
        for i, part in enumerate(parts):
            pool.submit(i, part)
        for _ in parts:
            done, _result = pool.next_result()
            progress.done(parts[done])


def warm_part(part: Part) -> None:
    """A part's kernels compiled in this process (a worker's task)."""
    part.load()


def _write(text: str) -> None:
    stream = _stream
    if stream is None:
        return
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):  # standard error closed: nothing more is said
        pass


class _Progress:
    """While the kernels compile, a line on ``stream`` (none: nothing) that counts the
    seconds and the parts done, written over every TICK_SECONDS, wiped at the end."""

    def __init__(self, stream) -> None:
        self._stream = stream
        self._began = time.monotonic()
        self._done: list[str] = []
        self._shown = 0
        self._stop = threading.Event()
        self._thread = None

    def __enter__(self) -> _Progress:
        if self._stream is not None:
            self._thread = threading.Thread(target=self._tick, name="compile-progress",
                                            daemon=True)
            self._thread.start()
        return self

    def done(self, part: Part) -> None:
        self._done.append(part.name)

    def _line(self) -> str:
        line = f"  compiling: {time.monotonic() - self._began:.0f} s"
        return line + (f" ({' and '.join(self._done)} done)" if self._done else "")

    def _tick(self) -> None:
        while not self._stop.wait(TICK_SECONDS):
            line = self._line()
            _write("\r" + line.ljust(self._shown))
            self._shown = len(line)

    def __exit__(self, *exc: object) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            if self._shown:
                _write("\r" + " " * self._shown + "\r")
