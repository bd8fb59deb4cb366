"""The numba kernels: plain arrays in, plain arrays out, no Python objects inside.

``layout`` owns the encoding every kernel reads (column ranks, the start array, the path's
steps, the visited bitmap and its bit helpers); ``search`` holds the exact and beam searches
(draws at any time), ``strict`` the search under the traditional draw rule (a draw only when
nothing fits), ``bound`` the bound the exact search cuts with, ``dealer`` PySolFC's dealing,
``solvitaire`` Solvitaire's, ``twister`` the Mersenne Twister they share; ``primitives`` what
hot loops use in place of numba's own (views that count no references, a max that is
inlined). The fair value's kernels are in golfsolve.fair.kernels, beside the fair value's
Python. A new kernel is a module here that imports what it shares from ``layout`` (and adds
there what two kernels share); its arrays are built in golfsolve.packing, its typed result
beside golfsolve.solver.

Importing this package sets numba up before any kernel module imports numba (the fair value's
kernels import it first too): a thread count in NUMBA_NUM_THREADS that numba cannot use is
bad input, the compiled kernels are cached where this user can write (see ``_choose_cache``),
and numba's cache is read so that a damaged file in it is compiled again instead of stopping
the work (see ``_guard_cache``)."""

from __future__ import annotations

import functools
import hashlib
import importlib.abc
import importlib.util
import os
import stat
import sys
import tempfile

from golfsolve.errors import InputError, OutputError


def _check_threads() -> None:
    """NUMBA_NUM_THREADS, when set, is a whole number of threads, 1 or more (numba stops with
    a traceback at 0 and prints one at anything else it cannot read)."""
    value = os.environ.get("NUMBA_NUM_THREADS")
    if value is None:
        return
    try:
        threads = int(value)
    except ValueError:
        threads = 0
    if threads < 1:
        raise InputError(f"NUMBA_NUM_THREADS is {value!r}: it must be a whole number of "
                         "threads, 1 or more (or unset, for every core)")


THREADING_LAYERS = ("default", "safe", "forksafe", "threadsafe", "tbb", "omp", "workqueue")


def _check_threading_layer() -> None:
    """NUMBA_THREADING_LAYER, when set, names a layer numba has and this install can load
    (numba says so only at the first parallel kernel, inside a worker)."""
    value = os.environ.get("NUMBA_THREADING_LAYER")
    if value is None:
        return
    if value not in THREADING_LAYERS:
        raise InputError(f"NUMBA_THREADING_LAYER is {value!r}: it must be one of "
                         f"{', '.join(THREADING_LAYERS)} (or unset)")
    if value in ("tbb", "omp"):
        import importlib

        try:
            importlib.import_module(f"numba.np.ufunc.{value}pool")
        except Exception:  # noqa: BLE001 (a library that will not load, whatever its error)
            raise InputError(f"NUMBA_THREADING_LAYER is {value!r}, which this install cannot "
                             "load (unset it, or install it)") from None


def _writable(path: str) -> bool:
    """Whether a file can be made in the directory ``path`` (made if missing), as numba
    checks it."""
    try:
        os.makedirs(path, exist_ok=True)
        tempfile.TemporaryFile(dir=path).close()
    except OSError:
        return False
    return True


def _private_temp_dir() -> tuple[str, bool]:
    """A directory under the temporary directory that only this user can write: the same one
    from run to run where it is safe to reuse (a directory of this user's, not a link, that
    no one else can write), else a new one. Also whether it was made now (empty)."""
    uid = os.getuid() if hasattr(os, "getuid") else None
    base = tempfile.gettempdir()
    path = os.path.join(base, f"golfsolve-numba-{uid if uid is not None else 'user'}")
    try:
        os.mkdir(path, 0o700)
        return path, True
    except FileExistsError:
        info = os.lstat(path)
        if (stat.S_ISDIR(info.st_mode) and (uid is None or info.st_uid == uid)
                and not info.st_mode & 0o022 and _writable(path)):
            return path, False
    except OSError:
        pass
    return tempfile.mkdtemp(prefix="golfsolve-numba-"), True


def _choose_cache() -> None:
    """Where numba keeps the compiled kernels: NUMBA_CACHE_DIR, when set, the user's choice,
    where it can be written; else beside the package, else in numba's cache of this user's (as
    numba itself chooses), else, where none of them can be written (an install this user
    cannot write into, with a home that cannot be written either), in a directory of this
    user's under the temporary directory, said once on stderr, when that directory is made
    (the run that compiles: golfsolve.compiling says for how long). The choice is put in
    NUMBA_CACHE_DIR, for the worker processes too; where no directory at all can be written,
    OutputError."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        if _writable(given):
            return
        del os.environ["NUMBA_CACHE_DIR"]  # numba goes on to the others too, where it can
        if "numba" in sys.modules:
            sys.modules["numba"].config.CACHE_DIR = ""
    if _writable(os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")):
        return
    import numba  # reads its settings now: CACHE_DIR is set on it below as well
    from numba.misc.appdirs import AppDirs

    user_wide = AppDirs(appname="numba", appauthor=False).user_cache_dir
    if _writable(user_wide):
        return
    tried = f"NUMBA_CACHE_DIR ({given}) nor " if given else ""  # (the places, as said below)
    try:
        path, made = _private_temp_dir()
    except OSError as exc:
        raise OutputError(f"cannot cache the compiled kernels: neither {tried}the package's "
                          f"directory nor {user_wide} nor a temporary directory can be written "
                          f"({exc.strerror or exc})") from None
    os.environ["NUMBA_CACHE_DIR"] = path
    numba.config.CACHE_DIR = path
    if made:
        _note(f"the compiled kernels cannot be cached {'in ' + tried if given else ''}beside "
              f"the package nor in {user_wide}: they are cached in {path}, and this first run "
              "compiles those it needs")


def _note(text: str) -> None:
    """A note on stderr, from the main process only (its workers would say it again)."""
    import multiprocessing

    if multiprocessing.parent_process() is not None:
        return
    try:
        sys.stderr.write(f"golfsolve: note: {text}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


_said: set[str] = set()  # the notes on numba's cache said in this process


def _note_once(kind: str, text: str) -> None:
    if kind not in _said:
        _said.add(kind)
        _note(text)


def _guard(caching) -> None:
    """numba's cache (``numba.core.caching``) read and written so that a file in it that is
    damaged (truncated, garbled, empty: anything numba cannot load from it) is a cache miss,
    compiled again and written over, and a cache that cannot be written keeps nothing: each
    said once, in one line, instead of a traceback. Python's own failures to allocate, and
    the stop signals, go on as they are."""
    files, cache = caching.IndexDataCacheFile, caching.Cache
    load_index, load_data = files._load_index, files._load_data
    load_overload, save_overload = cache.load_overload, cache.save_overload
    lost = (MemoryError, SystemError)  # (an allocation refused: not the file's fault)

    def damaged(path: str) -> None:
        _note_once("damaged", f"numba's cache file {path} is damaged: what it held is compiled "
                   "again")

    def guarded_index(self):
        try:
            return load_index(self)
        except lost:
            raise
        except Exception:  # noqa: BLE001 (whatever the file made pickle or numba raise)
            damaged(self._index_path)
            return {}

    def guarded_data(self, name):
        try:
            return load_data(self, name)
        except (OSError, *lost):  # (numba: a file removed meanwhile is a miss)
            raise
        except Exception:  # noqa: BLE001
            damaged(self._data_path(name))
            return None

    def guarded_load(self, sig, target_context):
        try:
            return load_overload(self, sig, target_context)
        except lost:
            raise
        except Exception:  # noqa: BLE001 (its code would not load: compiled again)
            damaged(_data_file(self, sig, target_context))
            return None

    def guarded_save(self, sig, data):
        try:
            save_overload(self, sig, data)
        except lost:
            raise
        except Exception as exc:  # noqa: BLE001 (a full disk, say: kept in this process)
            reason = getattr(exc, "strerror", None) or exc
            _note_once("unsaved", f"the compiled kernels cannot be kept in numba's cache "
                       f"{self._cache_path} ({reason}): the next run compiles them again")
            return
        if getattr(self._py_func, "__module__", "").startswith("golfsolve."):
            _stamp_sources(self._cache_file._index_path)

    index_key = cache._index_key

    def keyed_by_every_kernel(self, sig, codegen):
        # numba keys a kernel's code on its own source alone, but a kernel's code holds the
        # kernels it calls, from other modules too: a change to one of those left the callers'
        # old code in the cache (read after an update in place: wrong values, or a crash).
        # golfsolve's kernels are keyed on the sources of every kernel module as well.
        key = index_key(self, sig, codegen)
        if getattr(self._py_func, "__module__", "").startswith("golfsolve."):
            return (*key, _kernel_sources())
        return key

    files._load_index, files._load_data = guarded_index, guarded_data
    cache.load_overload, cache.save_overload = guarded_load, guarded_save
    cache._index_key = keyed_by_every_kernel


@functools.lru_cache(maxsize=1)
def _kernel_sources() -> str:
    """A digest of the source of every module of golfsolve's kernels (``golfsolve.kernels``
    and ``golfsolve.fair.kernels``), in a stable order."""
    digest = hashlib.sha256()
    package = os.path.dirname(os.path.abspath(__file__))
    for folder in (package, os.path.join(os.path.dirname(package), "fair", "kernels")):
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                digest.update(name.encode())
                with open(os.path.join(folder, name), "rb") as f:
                    digest.update(f.read())
    return digest.hexdigest()


SOURCES_STAMP = ".sources"  # beside a kernel's index: the kernels' sources it was saved for


def _stamp_sources(index: str) -> None:
    """Beside a golfsolve kernel's index file just saved, the digest of the kernels' sources
    its newest code was compiled for (:func:`golfsolve.compiling` reads it without importing
    numba). A stamp that cannot be written is no stamp: the check falls back to the files'
    times."""
    try:
        with open(index + SOURCES_STAMP, "w", encoding="ascii") as f:
            f.write(_kernel_sources())
    except OSError:
        pass


def _data_file(cache, sig, target_context) -> str:
    """The file of numba's ``cache`` that holds the code of ``sig``, where the index names
    one, else the index itself."""
    files = cache._cache_file
    try:
        name = files._load_index().get(cache._index_key(sig, target_context.codegen()))
        return files._data_path(name) if name else files._index_path
    except Exception:  # noqa: BLE001 (numba's internals, which a new numba may change)
        return files._index_path


class _GuardCache(importlib.abc.MetaPathFinder):
    """Guards numba's cache (``_guard``) as numba's caching module is first imported: numba
    is imported only where kernels run, and this package is imported before them (a
    process that starts workers imports it to check numba's settings, and need not import
    numba itself)."""

    name = "numba.core.caching"

    def find_spec(self, name, path=None, target=None):
        if name != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_and_guard(module) -> None:
            exec_module(module)
            _guard(module)

        spec.loader.exec_module = exec_and_guard
        return spec


def _guard_cache() -> None:
    """numba's cache guarded (``_guard``), now or when numba is imported."""
    if _GuardCache.name in sys.modules:
        _guard(sys.modules[_GuardCache.name])
    elif not any(isinstance(finder, _GuardCache) for finder in sys.meta_path):
        sys.meta_path.insert(0, _GuardCache())


_check_threads()
_check_threading_layer()
_choose_cache()
_guard_cache()
