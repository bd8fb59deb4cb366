"""golfsolve-bhs and golfsolve-multi-bhs: black-hole-solve and multi-bhs-solver for Golf, on
golfsolve's exact search (the contract is golfsolve.bhs's). Every failure is one line on
stderr: 255 for a board or file that cannot be read, as black-hole-solver; 2 for a command line
golfsolve cannot take (or numba settings in the environment it cannot use)."""

from __future__ import annotations

import contextlib
import sys

from golfsolve import __version__
from golfsolve.bhs import (
    BHS_VERSION,
    EXIT_BAD_BOARD,
    EXIT_SOLVED,
    EXIT_UNSOLVED,
    EXIT_USAGE,
    HELP,
    BoardError,
    Settings,
    UsageError,
    answer,
    parse_args,
    read_board,
    render,
)
from golfsolve.cli.streams import (
    EXIT_FAILED,
    drop_stdout,
    open_standard_streams,
    whole_writes,
)
from golfsolve.errors import InputError
from golfsolve.files import exists, read_text, same_file
from golfsolve.model.position import Position


def _board(path: str) -> Position:
    try:
        text = read_text(path, too_large="not a board")
    except InputError as exc:  # a missing file, a directory, binary data, an empty stdin
        raise BoardError(str(exc)) from None
    try:
        return read_board(text)
    except BoardError as exc:
        raise BoardError(f"{'standard input' if path == '-' else path}: {exc}") from None


@contextlib.contextmanager
def _output(settings: Settings):
    if settings.output is None:
        yield sys.stdout
        return
    read = next((path for path in settings.files if path != "-" and exists(path)
                 and same_file(settings.output, path)), None)
    if read is not None:  # opening it would empty the board before it is read
        raise UsageError(f"--output {settings.output} is the board file {read}: write to "
                         "another file")
    try:
        out = open(settings.output, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot write --output {settings.output}: {exc.strerror}") from None
    with out:
        yield out


def _run(prog: str, argv: list[str] | None, solve_all) -> int:
    """Parse, then ``solve_all(settings, out)``; each failure one line and its status."""
    try:
        settings = parse_args(sys.argv[1:] if argv is None else argv)
        if settings.action == "version":
            print(f"{prog} {__version__}: black-hole-solver version {BHS_VERSION} "
                  f"compatible\nLibrary version golfsolve {__version__}")
            sys.stdout.flush()
            return EXIT_SOLVED
        with _output(settings) as out:
            status = solve_all(settings, out)
            out.flush()  # a write that fails (a full disk) fails here, not unseen at exit
            return status
    except UsageError as exc:
        status = EXIT_USAGE
        message = exc
    except BoardError as exc:
        status = EXIT_BAD_BOARD
        message = exc
    except InputError as exc:  # the numba settings in the environment (NUMBA_NUM_THREADS=abc)
        status = EXIT_USAGE
        message = exc
    except KeyboardInterrupt:
        status, message = 130, "interrupted"
    except BrokenPipeError:  # the reader went away (| head): not an error
        drop_stdout()
        return EXIT_SOLVED
    except OSError as exc:  # output that could not be written (a full disk)
        status, message = EXIT_FAILED, f"cannot write the output: {exc.strerror or exc}"
        drop_stdout()  # what it holds would fail again at exit
    try:
        sys.stdout.flush()
    except OSError:  # (what the board's failure left unwritten: that failure is said)
        drop_stdout()
    print(f"{prog}: error: {message}", file=sys.stderr)
    return status


def single(argv: list[str] | None = None) -> int:
    """black-hole-solve: one board (a file, ``-`` or none for standard input)."""
    def solve_one(settings: Settings, out) -> int:
        if settings.action == "help":
            out.write(HELP.format(prog="golfsolve-bhs", files="[FILE | -]",
                                  exits="  0    solved\n  255  unsolved, or a board or file "
                                        "that cannot be read"))
            return EXIT_SOLVED
        if len(settings.files) > 1:
            raise UsageError("one board file at a time (golfsolve-multi-bhs takes many)")
        position = _board(settings.files[0] if settings.files else "-")
        found = answer(position, settings.rules)
        out.write(render(position, settings.rules, found, settings))
        return EXIT_SOLVED if found.solved else EXIT_UNSOLVED

    return _run("golfsolve-bhs", argv, solve_one)


def multi(argv: list[str] | None = None) -> int:
    """multi-bhs-solver: each board file between its Starting and END lines; 0 whatever the
    verdicts, 255 at once at a board that cannot be read."""
    def solve_each(settings: Settings, out) -> int:
        if settings.action == "help":
            out.write(HELP.format(prog="golfsolve-multi-bhs", files="FILE...",
                                  exits="  0    every board read, whatever the verdicts\n"
                                        "  255  a board or file that cannot be read (at "
                                        "once)"))
            return EXIT_SOLVED
        for path in settings.files:
            out.write(f"[= Starting file {path} =]\n")
            position = _board(path)
            found = answer(position, settings.rules)
            out.write(render(position, settings.rules, found, settings))
            out.write(f"[= END of file {path} =]\n")
        return EXIT_SOLVED

    return _run("golfsolve-multi-bhs", argv, solve_each)


def bhs_main() -> None:
    open_standard_streams("golfsolve-bhs")
    sys.stdout = whole_writes(sys.stdout)
    sys.exit(single())


def multi_main() -> None:
    open_standard_streams("golfsolve-multi-bhs")
    sys.stdout = whole_writes(sys.stdout)
    sys.exit(multi())
