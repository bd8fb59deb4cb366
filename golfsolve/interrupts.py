"""Ctrl-C, SIGTERM and SIGHUP: one way to stop, at a point where nothing finished is lost.

``install`` makes the three signals raise :class:`Interrupted`. Inside ``deferred()`` they only
take note; the code there calls ``check()`` where stopping is safe (between two stored
results), and leaving the block raises a noted signal. A worker process is started inside
``held()``, so that it begins with the signals held back and calls ``ignore()`` before it
imports anything: the parent alone decides when to stop. ``received()`` tells the first stop
signal the process has had, so that what failed because of it (output to a terminal closed
with SIGHUP) is that signal's end, not a failure of its own.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                if hasattr(signal, name))


class Interrupted(KeyboardInterrupt):
    """A stop asked for by a signal; the exit status is 128 + the signal number."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


_deferring = 0
_noted: int | None = None
_received: int | None = None  # the first stop signal received, deferred or not


def _on_signal(signum: int, frame: object) -> None:
    global _noted, _received
    _received = _received or signum
    if _deferring:
        _noted = _noted or signum
        return
    raise Interrupted(signum)


def install() -> None:
    """Handle the stop signals in this process (call from the main thread)."""
    global _received
    _received = None
    for signum in SIGNALS:
        signal.signal(signum, _on_signal)


def received() -> int | None:
    """The first stop signal this process has received since ``install()`` (None: none)."""
    return _received


def handled() -> None:
    """The stop signal received was dealt with where it struck (a long answer given up at a
    terminal, the program going on): :func:`received` says none again."""
    global _received, _noted
    _received = _noted = None


def take_ctrl_c(stop: Interrupted) -> None:
    """Deal with ``stop`` where it struck when it is Ctrl-C (SIGINT: the one stop a person at
    a terminal means for what is under way, not for the program); any other stop signal is
    raised again."""
    if stop.signum != signal.SIGINT:
        raise stop
    handled()


def check() -> None:
    """Raise :class:`Interrupted` if a stop signal arrived since ``deferred()`` began."""
    global _noted
    if _noted is not None:
        signum, _noted = _noted, None
        raise Interrupted(signum)


@contextmanager
def held() -> Iterator[None]:
    """The stop signals held back (blocked) in this thread inside: a process started inside
    begins with them held back, and one that arrives meanwhile is handled on leaving, not
    lost. Where signals cannot be blocked (not POSIX) nothing is held."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def ignore() -> None:
    """Ignore the stop signals in this process from now on, any held back among them dropped
    (what a worker started inside ``held()`` does first)."""
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


@contextmanager
def deferred() -> Iterator[None]:
    """Stop signals only take note inside; leaving the block raises a noted one."""
    global _deferring, _noted
    if _deferring == 0:
        _noted = None
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
    if _deferring == 0:
        check()


_stoppable = 0  # tasks run inline under way: check_point() may stop them


@contextmanager
def stoppable() -> Iterator[None]:
    """Inside, within ``deferred()``, a stop signal noted is raised at the next
    :func:`check_point` (one noted before, on entering): for work in this process whose
    result nobody holds yet (a task run inline, its fair value minutes long), which a stop
    gives up as it gives up a worker's."""
    global _stoppable
    check()
    _stoppable += 1
    try:
        yield
    finally:
        _stoppable -= 1


def check_point() -> None:
    """A place where long work may stop: inside ``stoppable()``, a stop signal noted is raised
    here; anywhere else nothing happens (deferred work goes on to its end)."""
    if _stoppable:
        check()
