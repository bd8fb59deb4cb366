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
bad input, and the compiled kernels are cached where this user can write (see
``_choose_cache``)."""

from __future__ import annotations

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
    """Where numba keeps the compiled kernels: beside the package, else in numba's cache of
    this user's (as numba itself chooses), else, where neither can be written (an install
    this user cannot write into, with a home that cannot be written either), in a directory
    of this user's under the temporary directory, said once on stderr, when that directory is
    made (the run that compiles: golfsolve.compiling says for how long). NUMBA_CACHE_DIR,
    when set, is the user's choice and is kept. The choice is put in NUMBA_CACHE_DIR, for the
    worker processes too; where no directory at all can be written, OutputError."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    if _writable(os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")):
        return
    import numba  # reads its settings now: CACHE_DIR is set on it below as well
    from numba.misc.appdirs import AppDirs

    user_wide = AppDirs(appname="numba", appauthor=False).user_cache_dir
    if _writable(user_wide):
        return
    try:
        path, made = _private_temp_dir()
    except OSError as exc:
        raise OutputError("cannot cache the compiled kernels: neither the package's directory "
                          f"nor {user_wide} nor a temporary directory can be written "
                          f"({exc.strerror or exc})") from None
    os.environ["NUMBA_CACHE_DIR"] = path
    numba.config.CACHE_DIR = path
    if made:
        try:
            sys.stderr.write("golfsolve: note: the compiled kernels cannot be cached beside the "
                             f"package nor in {user_wide}: they are cached in {path}, and this "
                             "first run compiles those it needs\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass


_check_threads()
_check_threading_layer()
_choose_cache()
