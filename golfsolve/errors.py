"""golfsolve's two kinds of failure, each printed on one line by the CLI: bad input (exit
status 2), and output that could not be written once the work had begun (exit status 1).

A library error says what is wrong in the library's terms. Where the command line words it
with its own options, the error carries the fields it needs: ``reason`` names the case and
``fields`` hold the values (see golfsolve.cli.wording)."""

from __future__ import annotations

import os


class InputError(ValueError):
    """Input golfsolve cannot use; the message says what is wrong and where."""

    def __init__(self, message: str = "", *, reason: str | None = None, **fields: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.fields = fields


class ExtraMissing(InputError):
    """An optional dependency that is not installed: ``extra`` names golfsolve's extra that
    installs it, ``library`` the library."""

    def __init__(self, extra: str, library: str, message: str) -> None:
        super().__init__(message, reason="extra_missing", extra=extra, library=library)

    def __reduce__(self):  # to cross a process boundary whole
        return (type(self), (self.fields["extra"], self.fields["library"], str(self)))


class OutputError(OSError):
    """Output that could not be written part way (a full disk, a reader gone); the message
    names the file and why."""


# what Python says where C code failed without saying why: an allocation that failed, in
# practice (an import or a library call that met the limit, its MemoryError lost)
LOST_ERROR = ("without setting an exception", "error return without exception set")


def out_of_memory(exc: BaseException) -> str | None:
    """What to say of ``exc`` where it is memory the system would not give (a MemoryError: an
    allocation refused under a limit such as ``ulimit -v``; an OSError of ENOMEM: a memory map
    refused; a shared library the loader could not map, as an address-space limit leaves
    numba's compiler or one of numpy's extension modules, as an OSError or the ImportError of
    the module that needed it; a SystemError of an error lost on its way, which is what such an
    allocation gives inside an import), else None."""
    import errno

    if isinstance(exc, MemoryError):
        detail = str(exc).strip()
    elif isinstance(exc, OSError) and exc.errno == errno.ENOMEM:
        detail = ""
    elif isinstance(exc, (OSError, ImportError)) and _unmapped_library(exc) is not None:
        library = _unmapped_library(exc)
        what = ("the compiler the kernels run on" if library.startswith("libllvmlite")
                else "a library golfsolve runs on")
        return (f"out of memory: the system would not map {library} ({what}) into this "
                "process's memory; a limit such as ulimit -v leaves too little")
    elif isinstance(exc, SystemError) and any(lost in str(exc) for lost in LOST_ERROR):
        return "out of memory, most likely (an error in Python's own code lost its reason)"
    else:
        return None
    return f"out of memory: {detail}" if detail else "out of memory"


def _unmapped_library(exc: OSError | ImportError) -> str | None:
    """The shared library named where ``exc`` (or the error it was raised from) is a library
    the dynamic loader could not map into memory ("failed to map segment", which is what an
    address-space limit gives), else None."""
    for error in (exc, exc.__cause__, exc.__context__):
        text = str(error) if isinstance(error, (OSError, ImportError)) else ""
        if "failed to map segment from shared object" in text:
            return os.path.basename(text.partition(":")[0]) or "a shared library"
    return None


class MemoryRefused(Exception):
    """A computation's memory that the system would not give, though its own estimate was
    within what it may use: ``reason`` says so, as a NeedsMemory's does (``needed`` unknown)."""

    needed = None
    reason = "needs more memory than the system gave it (an allocation failed)"


def memory_refused(exc: BaseException) -> MemoryRefused:
    """``exc`` (out of memory: see out_of_memory) as a MemoryRefused; any other error raised
    again."""
    if out_of_memory(exc) is None:
        raise exc
    return MemoryRefused()
