"""The golfsolve command group, which loads each command from its own module when it is
run, and the entry point: every failure one line on stderr and an exit status."""

from __future__ import annotations

import errno
import importlib
import re
import sys

import click

from golfsolve import __version__
from golfsolve.cli.streams import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    HeldNote,
    ReaderGone,
    StdoutError,
    drop_stdout,
    echo_err,
    fit_output,
    fit_text_stream,
    guard_stderr,
    guard_stdout,
    open_standard_streams,
    whole_writes,
    write_failed,
)
from golfsolve.cli.wording import code_note, worded
from golfsolve.errors import InputError, OutputError, out_of_memory
from golfsolve.model.codes import NEGATIVE_NUMBER, listening, out_of_range

# command name -> (module under golfsolve.cli.commands, the click command in it)
COMMANDS = {
    "batch": ("batch", "batch"), "census": ("census", "census"), "compare": ("compare", "compare"),
    "export": ("export", "export"),
    "odds": ("odds", "odds"), "play": ("play", "play"), "replay": ("replay", "replay_command"),
    "show": ("show", "show"), "solve": ("solve", "solve"),
}


class _Commands(click.Group):
    """The command group. Each command is loaded from its own module when it is named (all of
    them for the help's list). A stop signal inside a command ends it with one line and status
    128 + the signal's number (click on its own prints a blank line and forgets which signal)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name]
        return getattr(importlib.import_module(f"golfsolve.cli.commands.{module}"), attribute)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """The command named first in ``args``; a name that is none is a usage error that
        names the command it looks like, where one does."""
        name = args[0] if args else ""
        if args and name not in COMMANDS and not name.startswith("-"):
            import difflib

            from golfsolve.model.text import shown

            close = difflib.get_close_matches(name, sorted(COMMANDS), n=1, cutoff=0.6)
            ctx.fail(f"No such command {shown(name)}."
                     + (f" Did you mean {close[0]!r}?" if close else ""))
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as stop:
            echo_err("golfsolve: interrupted")
            raise click.exceptions.Exit(getattr(stop, "exit_status", 130)) from None
        except OSError as exc:
            if exc.errno != errno.EPIPE or isinstance(exc, OutputError):
                raise
            # Standard output's reader gone is ReaderGone, not this: some other pipe was
            # closed, a failure (click would end with a bare status 1, which run() cannot tell
            # from any other exit).
            where = exc.filename or "a pipe"
            raise OutputError(f"cannot write {where}: its reader has gone") from None


@click.group(
    cls=_Commands,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
    epilog="DEAL is a game code (GO1-E-AAAAAAB), a PySolFC deal number (1), the cards you see "
    "typed on one line (\"WASTE | COLUMN 1 | ... | COLUMN 7\", each column from the top "
    "down), a board or JSON file, or - for standard input. Exit status: 0 done (a deal that "
    "cannot be won is not an error), 1 a replay stopped at an illegal move, compare found a "
    "solver bug, a worker died or output could not be written, 2 bad input, 128 + the "
    "signal's number when stopped (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).",
)
@click.version_option(__version__, prog_name="golfsolve")
def cli() -> None:
    """golfsolve: an exact solver and deal analyser for Golf solitaire."""


def run(argv: list[str] | None = None) -> int:
    """Run the CLI; every failure becomes one line on stderr and an exit status, which is 0
    only for a command that did its work (or whose standard output's reader went away, with
    main()'s streams), never for a failure that could not be reported."""
    try:
        result = _main(argv)
    except click.exceptions.NoArgsIsHelpError as exc:  # bare golfsolve: the usual help
        click.echo(exc.format_message(), err=True)  # the help itself, many lines
        return EXIT_USAGE
    except click.UsageError as exc:
        if isinstance(exc, click.NoSuchOption) and NEGATIVE_NUMBER.match(exc.option_name):
            # solve -12: a deal number, which click reads as the short options -1 and -2
            given = argv if argv is not None else sys.argv[1:]
            number = next((arg for arg in given if NEGATIVE_NUMBER.match(arg)
                           and arg.startswith(exc.option_name)), exc.option_name)
            echo_err(f"golfsolve: error: {out_of_range(number)}")
            return EXIT_USAGE
        message = exc.format_message().replace("\n", " ")
        command = exc.ctx.command_path if exc.ctx else "golfsolve"
        echo_err(f"{command}: error: {message} (see --help)")
        return EXIT_USAGE
    except InputError as exc:
        echo_err(f"golfsolve: error: {worded(exc)}")
        return EXIT_USAGE
    except click.ClickException as exc:
        echo_err(f"golfsolve: error: {exc.format_message()}")
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt) as stop:
        echo_err("golfsolve: interrupted")
        return getattr(stop, "exit_status", 130)
    except ReaderGone:  # the reader of stdout went away (| head): not an error
        drop_stdout()
        return EXIT_OK
    except SystemExit as exc:  # sys.exit() on the way: its own status, never a made-up 0
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or EXIT_OK
        echo_err(f"golfsolve: error: {exc.code}")
        return EXIT_FAILED
    except OutputError as exc:
        if isinstance(exc, StdoutError):
            drop_stdout()  # (what it still holds would fail again at exit)
        stopped = _stopped()
        if stopped is not None:
            return stopped
        echo_err(f"golfsolve: error: {worded(exc)}")
        return EXIT_FAILED
    except (MemoryError, SystemError, ImportError) as exc:  # an allocation refused (ulimit -v)
        if out_of_memory(exc) is None:
            raise
        echo_err(f"golfsolve: error: {out_of_memory(exc)}")
        return EXIT_FAILED
    except OSError as exc:  # a failure no code on its way named: said as the system says it
        stopped = _stopped()
        return stopped if stopped is not None else write_failed(exc)
    except RuntimeError as exc:
        from golfsolve.runners import WorkerError

        if not isinstance(exc, WorkerError):
            raise
        echo_err(f"golfsolve: error: {exc}")
        return EXIT_FAILED
    return result if isinstance(result, int) else EXIT_OK


def _stopped() -> int | None:
    """Where a stop signal has been received, what a failure after it is (output to a terminal
    closed with SIGHUP fails because of it): that stop, said as a stop is, and its status
    (128 + the signal); else None."""
    from golfsolve.interrupts import received

    signum = received()
    if signum is None:
        return None
    echo_err("golfsolve: interrupted")
    return 128 + signum


def _main(argv: list[str] | None) -> object:
    """The command, with a note on the first game code it is given (``wording.code_note``):
    held until the command's first output and written before it, or when the command returns;
    dropped when it fails before any output (bad input stays one line)."""
    note = HeldNote()
    argv = _layouts_kept_whole(sys.argv[1:] if argv is None else argv)
    try:
        with listening(lambda given, first, last: note.hold(code_note(given, first, last))):
            result = cli.main(args=argv, prog_name="golfsolve", standalone_mode=False)
    except BaseException:
        note.release(False)
        raise
    note.release(True)
    return result


_EMPTY_STOCK_FIRST = re.compile(r"-\s*\|")


def _layouts_kept_whole(argv: list[str]) -> list[str]:
    """``argv`` with a one-line layout whose first field is an empty stock (``- | JS | ...``)
    taken as the argument it is, not as click's short options: a space before it, which a
    layout's reading strips."""
    return [" " + arg if _EMPTY_STOCK_FIRST.match(arg) else arg for arg in argv]


def _tell_compiling() -> None:
    """The note that the kernels are being compiled (once after installing), and its line of
    progress, go to standard error where that is a terminal, as the progress bars do: a
    script or a log reading it sees what it saw before."""
    from golfsolve import compiling

    try:
        terminal = sys.stderr.isatty()
    except (OSError, ValueError):
        terminal = False
    compiling.tell(sys.stderr if terminal else None)


def main() -> None:
    from golfsolve.interrupts import install

    install()
    try:  # a stop before run() is said as one there is: one line and its status
        open_standard_streams("golfsolve")
        sys.stdout = guard_stdout(fit_output(whole_writes(sys.stdout)))
        sys.stderr = guard_stderr(fit_text_stream(sys.stderr))
        _tell_compiling()
    except KeyboardInterrupt as stop:
        echo_err("golfsolve: interrupted")
        sys.exit(getattr(stop, "exit_status", 130))
    code = run()
    runners = sys.modules.get("golfsolve.runners")  # not imported: no worker pool ran
    if runners is not None:
        runners.stop_idle_tracker()
    try:
        sys.stdout.flush()
    except ReaderGone:
        drop_stdout()
    except OSError as exc:
        drop_stdout()
        stopped = _stopped() if code < 128 else code  # (a stop said already is not said again)
        code = stopped if stopped is not None else write_failed(exc)
    sys.exit(code)
