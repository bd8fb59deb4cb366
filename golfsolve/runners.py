"""Where the work runs: in this process (InlineRunner), in local worker processes (WorkerPool)
or on a Dask cluster (DaskRunner), behind one protocol: submit(task_id, payload),
next_result() -> (task_id, result), outstanding, close().

Each local worker is a spawned process with a pipe of its own. It dies with its parent however the
parent ends (on Linux the kernel sends it SIGKILL, elsewhere a watchdog thread notices within a
second), ignores the stop signals (the parent decides when to stop), and sends back either the
function's result or the error it raised. It is started with the stop signals held back and
ignores them before it imports anything (the parent decides when to stop); a parent told to
stop while it starts its workers stops them all and then stops itself.
"""

from __future__ import annotations

import logging
import os
import pickle
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing import connection, get_context

from golfsolve.errors import ExtraMissing, InputError, out_of_memory
from golfsolve.interrupts import check, held, ignore, stoppable

MAX_JOBS_PER_CORE = 4  # each worker holds its own kernels and tables, about 150 MB
TASKS_PER_WORKER = 2  # sent ahead, so that a worker never waits for the next task
WAIT_SECONDS = 0.25  # how often a waiting parent looks for stop signals and dead workers
PR_SET_PDEATHSIG = 1
TRACKER_SECONDS = 1.0  # how long stop_idle_tracker waits for the tracker to end

_tracker_ours = False  # multiprocessing's resource tracker was started by a pool


def available_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


class WorkerError(RuntimeError):
    """A worker process died or its function failed; the message says which and how."""


def _die_with_parent(parent: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(1.0)
        os._exit(1)

    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()


_reported: Callable[[object], None] | None = None  # where report() sends, during a task


def report(news: object) -> None:
    """Tell whoever submitted the task this process runs how far it has come (``news``: a
    small value that pickles); nothing where no one listens."""
    if _reported is not None:
        _reported(news)


class _Reporting:
    """report() sends to ``send`` while the task runs."""

    def __init__(self, send: Callable[[object], None]) -> None:
        self.send = send

    def __enter__(self) -> None:
        global _reported
        _reported = self.send

    def __exit__(self, *exc: object) -> None:
        global _reported
        _reported = None


def _worker_main(conn: connection.Connection, parent: int, function: Callable) -> None:
    ignore()  # started inside held(): no stop signal has reached it yet
    _die_with_parent(parent)
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        task_id, payload = message

        def send(news: object, task_id: int = task_id) -> None:
            try:
                conn.send((task_id, None, news))
            except OSError:  # the parent has gone: the task's end finds out
                pass

        try:
            with _Reporting(send):
                reply = (task_id, True, function(payload))
        except InputError as exc:  # bad input is bad input wherever it is found
            reply = (task_id, False, _portable(exc))
        except Exception as exc:  # sent back: the parent reports it
            reply = (task_id, False, out_of_memory(exc) or _one_line(exc))
        try:
            conn.send(reply)
        except OSError:  # the parent has gone
            return
        except Exception as exc:  # a result that cannot be pickled: nothing was sent
            reply = (task_id, False, f"its result cannot be sent back: {_one_line(exc)}")
            try:
                conn.send(reply)
            except OSError:
                return


def _portable(exc: InputError) -> InputError:
    """``exc`` as it can cross to the parent: itself where it pickles and unpickles whole,
    else a plain InputError with its message."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:  # noqa: BLE001 (any failure to cross: the message alone crosses)
        return InputError(str(exc))
    return exc


def _one_line(exc: BaseException) -> str:
    return "".join(traceback.format_exception_only(exc)).strip()


class WorkerPool:
    """``jobs`` worker processes running ``function`` (a module-level function) on payloads.

    ``submit`` queues a task; ``next_result`` returns (task id, result) as tasks finish, in any
    order, and calls :func:`golfsolve.interrupts.check` while it waits, and ``on_report(task
    id, news)`` of what a task tells with :func:`report`; an InputError a worker
raises is raised again as it is, any other error as WorkerError. A worker that dies
    (killed, say, by the out-of-memory killer) is noticed within about WAIT_SECONDS of the
    parent's next wait, whatever the parent was doing meanwhile, and raises WorkerError saying
    how it died; results already returned are the caller's to keep. A pool that cannot start
    all its workers (a stop signal, a system limit) leaves none behind. Each worker is sent
    ``ahead`` tasks before it finishes one (1: one task a worker at a time, the next to the
    first that is free).
    """

    open_count = 0  # pools of this process not yet closed

    def __init__(self, jobs: int, function: Callable,
                 on_report: Callable[[int, object], None] | None = None,
                 ahead: int = TASKS_PER_WORKER) -> None:
        context = get_context("spawn")
        self.on_report = on_report
        self._workers: list[tuple[object, connection.Connection]] = []
        self._queue: deque[tuple[int, object]] = deque()
        self._busy: dict[int, list[int]] = {}
        self._dead: set[int] = set()  # sentinels of workers a task could not be sent to
        self.outstanding = 0
        self._ahead = ahead  # tasks a worker is sent before it finishes one
        self._counted = False  # counted in WorkerPool.open_count (close() uncounts it once)
        # The numba settings the workers inherit, checked once here (bad input raised before
        # any worker starts) and the kernels' cache chosen once for them all.
        import golfsolve.kernels  # noqa: F401

        try:
            os.getcwd()  # where the workers start
        except FileNotFoundError:
            raise InputError("the current directory has been removed, and worker processes "
                             "start in it: cd to a directory that exists") from None
        try:
            if sys.platform != "win32":
                # started by the first spawn otherwise, inside held(), whose mask it would undo
                _ensure_tracker()
            WorkerPool.open_count += 1
            self._counted = True
            for _ in range(jobs):
                mine, theirs = context.Pipe()
                process = context.Process(target=_worker_main,
                                          args=(theirs, os.getpid(), function), daemon=True)
                try:
                    with held():  # a stop now is handled after start, by the code below
                        process.start()
                finally:
                    theirs.close()
                self._workers.append((process, mine))
                self._busy[process.sentinel] = []
        except OSError as exc:  # a system limit: too few file descriptors or processes
            self.close()
            raise WorkerError(f"cannot start the worker processes ({jobs} asked for): "
                              f"{exc.strerror or exc}") from None
        except BaseException:
            self.close()
            raise

    @property
    def pids(self) -> list[int]:
        """The worker processes' ids."""
        return [process.pid for process, _ in self._workers]

    def submit(self, task_id: int, payload: object) -> None:
        self._queue.append((task_id, payload))
        self.outstanding += 1
        self._dispatch()

    def _dispatch(self) -> None:
        """Send queued tasks to the workers with room for them. A worker that cannot be sent
        to has died: it gets nothing more, and the next wait reports it."""
        for process, conn in self._workers:
            busy = self._busy[process.sentinel]
            while (self._queue and len(busy) < self._ahead
                   and process.sentinel not in self._dead):
                task_id, payload = self._queue[0]
                try:
                    conn.send((task_id, payload))
                except (BrokenPipeError, ConnectionError, EOFError, OSError):
                    self._dead.add(process.sentinel)
                    break
                self._queue.popleft()
                busy.append(task_id)

    def next_result(self) -> tuple[int, object]:
        """The next finished task: (task id, result). Waits; raises WorkerError."""
        if not self.outstanding:
            raise ValueError("no task is outstanding")
        by_handle = {}
        for process, conn in self._workers:
            by_handle[conn] = (process, conn)
            by_handle[process.sentinel] = (process, conn)
        while True:
            check()
            for process, _ in self._workers:
                if process.sentinel in self._dead:
                    raise self._died(process)
            ready = connection.wait(list(by_handle), timeout=WAIT_SECONDS)
            for handle in ready:
                process, conn = by_handle[handle]
                if handle is conn or conn.poll():  # a message, or the end of the pipe
                    try:
                        task_id, ok, result = conn.recv()
                    except (EOFError, OSError):
                        raise self._died(process) from None  # it closed its end: it ended
                    if ok is None:  # news of a task under way
                        if self.on_report is not None:
                            self.on_report(task_id, result)
                        continue
                    self._busy[process.sentinel].remove(task_id)
                    self.outstanding -= 1
                    self._dispatch()
                    if not ok:
                        if isinstance(result, InputError):
                            raise result
                        raise WorkerError(f"a worker failed: {result}")
                    return task_id, result
                raise self._died(process)

    def _died(self, process) -> WorkerError:
        """The error for a worker that has ended (or ends its pipe): how it died, once it has
        been reaped (one still alive after a second is killed)."""
        process.join(1)
        if process.is_alive():
            process.kill()
            process.join(1)
            return WorkerError("a worker process stopped answering")
        return WorkerError(f"a worker process died ({_how(process.exitcode)})")

    def results(self) -> Iterator[tuple[int, object]]:
        while self.outstanding:
            yield self.next_result()

    def close(self) -> None:
        """Stop every worker: those at work are killed at once (they ignore the stop signals),
        the others told to end; none is left behind."""
        for _, conn in self._workers:
            try:
                conn.send(None)
            except (BrokenPipeError, ConnectionError, OSError):
                pass
        for process, _ in self._workers:
            if self._busy[process.sentinel]:
                process.kill()
        for process, conn in self._workers:
            process.join(2)
            if process.is_alive():
                process.kill()
                process.join()
            conn.close()
        self._workers = []
        if self._counted:
            self._counted = False
            WorkerPool.open_count -= 1

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ensure_tracker() -> None:
    """multiprocessing's resource tracker running, noted as the pools' where this starts it."""
    global _tracker_ours
    from multiprocessing import resource_tracker

    if getattr(resource_tracker._resource_tracker, "_fd", 0) is None:  # not running
        _tracker_ours = True
    resource_tracker.ensure_running()


def stop_idle_tracker() -> None:
    """Stop multiprocessing's resource tracker and collect it, where a WorkerPool started it and
    none is open: for the end of a process that uses the tracker for nothing else, as the
    command line's (a library's caller may track resources of its own there, shared memory
    that a stopped tracker unlinks, so the pools leave it running)."""
    global _tracker_ours
    if WorkerPool.open_count or not _tracker_ours:
        return
    _tracker_ours = False
    _stop_tracker()


def _stop_tracker() -> None:
    """Stop multiprocessing's resource tracker, which the spawned workers needed, and reap it,
    waiting at most TRACKER_SECONDS: left running, it would end only after this process, an
    orphan whose exit status waits for the system's first process to collect it (some
    containers' first process never does). One still held open (by processes another library
    spawned) ends when they do. Without the tracker's internals (another Python): left as
    multiprocessing leaves it."""
    from multiprocessing import resource_tracker

    tracker = resource_tracker._resource_tracker
    try:
        with tracker._lock:
            fd, pid = tracker._fd, tracker._pid
            if fd is None or pid is None:
                return
            tracker._fd = tracker._pid = None  # the next pool starts a tracker of its own
            os.close(fd)  # its end of the pipe: the tracker ends when nobody holds it
    except (AttributeError, OSError):
        return
    deadline = time.monotonic() + TRACKER_SECONDS
    while True:
        try:
            if os.waitpid(pid, os.WNOHANG)[0]:
                return
        except ChildProcessError:  # reaped already
            return
        if time.monotonic() > deadline:
            return
        time.sleep(0.005)


def _how(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit status {exitcode}"


class InlineRunner:
    """Runs tasks in this process, each when its result is asked for: the one-job twin of
    WorkerPool."""

    def __init__(self, function: Callable,
                 on_report: Callable[[int, object], None] | None = None) -> None:
        self.function = function
        self.on_report = on_report
        self._queue: deque[tuple[int, object]] = deque()

    @property
    def outstanding(self) -> int:
        return len(self._queue)

    def submit(self, task_id: int, payload: object) -> None:
        self._queue.append((task_id, payload))

    def next_result(self) -> tuple[int, object]:
        """The next task's result, run now; a stop signal meanwhile gives the task up at its
        next check point (golfsolve.interrupts.check_point: the fair value's reports), raising
        Interrupted, as WorkerPool gives up a worker at work."""
        task_id, payload = self._queue.popleft()
        with stoppable():
            if self.on_report is None:
                result = self.function(payload)
            else:
                with _Reporting(lambda news: self.on_report(task_id, news)):
                    result = self.function(payload)
        return task_id, result

    def close(self) -> None:
        self._queue.clear()

    def __enter__(self) -> InlineRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DaskRunner:
    """Solves on a Dask distributed cluster. Connecting is the first thing it does, so that a
    scheduler that cannot be used is bad input, found before any file is touched."""

    POLL_SECONDS = 0.05
    CONNECT_SECONDS = 10
    HANDSHAKE_SECONDS = 5  # past CONNECT_SECONDS, for a far end that takes the connection

    def __init__(self, address: str, function: Callable) -> None:
        try:
            from dask.distributed import as_completed
        except ImportError:
            raise ExtraMissing("dask", "Dask", "Dask is not installed: pip install "
                               "'golfsolve[dask]'") from None
        # The client logs what golfsolve reports itself (a lost scheduler, a task moved on).
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
        self.client = _connect(address, self.CONNECT_SECONDS, self.HANDSHAKE_SECONDS)
        if not self.client.scheduler_info().get("workers"):
            print(f"golfsolve: note: the Dask scheduler at {address} has no workers yet: the "
                  "work waits for one (Ctrl-C stops)", file=sys.stderr)
        self.function = function
        self._done = as_completed(loop=self.client.loop)  # this client's, not a default one
        self._ids: dict[str, int] = {}
        self._futures: dict[str, object] = {}

    @property
    def outstanding(self) -> int:
        return len(self._futures)

    def submit(self, task_id: int, payload: object) -> None:
        future = self.client.submit(self.function, payload, pure=False)
        self._ids[future.key] = task_id
        self._futures[future.key] = future
        self._done.add(future)

    def next_result(self) -> tuple[int, object]:
        while not self._done.has_ready():
            check()
            time.sleep(self.POLL_SECONDS)
        future = next(self._done)
        del self._futures[future.key]
        try:
            result = future.result()
        except Exception as exc:
            if "scheduler-connection-lost" in str(exc) or self.client.status != "running":
                raise WorkerError("lost the connection to the Dask scheduler") from None
            raise WorkerError(f"a Dask worker failed: {_first_line(exc)}") from None
        return self._ids.pop(future.key), result

    def close(self) -> None:
        """Cancel what is left and disconnect (again: nothing)."""
        if self._futures:
            self.client.cancel(list(self._futures.values()))
            self._futures.clear()
        self.client.close()


def _connect(address: str, seconds: float, handshake: float):
    """A Dask client connected to the scheduler at ``address``; InputError when none answers
    as one within about ``seconds``, or ``seconds`` and ``handshake`` where the far end takes
    the connection and never answers."""
    from dask.distributed import Client

    box: dict[str, object] = {}

    def connect() -> None:
        try:
            box["client"] = Client(address, timeout=f"{seconds}s")
        except Exception as exc:  # noqa: BLE001 (whatever the far end sends, one line)
            box["error"] = exc

    # in a thread of its own: the handshake with something that is no scheduler can wait
    # forever, and a daemon thread left waiting does not keep the process alive
    thread = threading.Thread(target=connect, name="dask-connect", daemon=True)
    thread.start()
    thread.join(seconds + handshake)
    if thread.is_alive():
        raise InputError(f"no Dask scheduler answered at {address} within "
                         f"{seconds + handshake:g} s (is it a Dask scheduler's address?)")
    error = box.get("error")
    if error is not None:
        if isinstance(error, (OSError, TimeoutError, ValueError, TypeError)):
            reason = _first_line(error)
        else:
            reason = "it does not answer as a Dask scheduler"
        raise InputError(f"cannot reach the Dask scheduler at {address}: {reason}")
    return box["client"]


def _first_line(error: BaseException) -> str:
    """An error's message as one line (Dask's run to several), or its type's name."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
