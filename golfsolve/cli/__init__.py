"""The golfsolve command line: parse, call the library, print. ``app`` holds the group and the
entry point, ``commands/`` one module per command, ``streams`` the output streams and exit
statuses, ``inputs`` what the arguments name, ``wording`` library errors in the options' words,
``render/`` the text and JSON shapes.

This module itself is small: ``main`` takes over the stop signals before the rest of the
command line (click and the commands) is imported, so that Ctrl-C at any moment of a start
ends in one line and its status, never in a traceback from an import."""

from __future__ import annotations

import os
import signal

__all__ = ["fit_text_stream", "main", "run"]


def _stopped_while_starting(signum: int, frame: object) -> None:
    """A stop signal before the command line has its own handlers: nothing is under way yet,
    so the process ends at once, with one line and 128 + the signal's number."""
    try:
        os.write(2, b"golfsolve: interrupted\n")
    except OSError:
        pass
    os._exit(128 + signum)


def main() -> None:
    """The golfsolve command (the console script and ``python -m golfsolve``)."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _stopped_while_starting)
    from golfsolve.cli.app import main as run_command_line

    run_command_line()


def __getattr__(name: str):
    if name == "run":
        from golfsolve.cli.app import run

        return run
    if name == "fit_text_stream":
        from golfsolve.cli.streams import fit_text_stream

        return fit_text_stream
    raise AttributeError(f"module 'golfsolve.cli' has no attribute {name!r}")
