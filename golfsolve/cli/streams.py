"""Standard output and error as golfsolve writes them: one line an error, JSON that keeps
letters the stream can show, ? for what it cannot, and the exit statuses. Every write to
standard output reaches it whole or fails (``whole_writes``: a short write, under a file size
limit or onto a disk that fills, goes on with the rest, whose failure is raised), and a
failure is named as standard output's (``StdoutError``). Neither stream can change an exit
status otherwise: standard output's reader gone is the quiet end of a command (ReaderGone,
status 0), and standard error that cannot be written is silenced."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import shutil
import sys

import click

from golfsolve.errors import OutputError, out_of_memory
from golfsolve.files import one_line, shown_name

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def echo_json(data: object, err: bool = False) -> None:
    """``data`` as one line of JSON on standard output (standard error with ``err``): as it
    is where the stream takes any character, with \\u escapes (the same JSON) where it does
    not, so that a name is never written with a ? in place of a letter; a name's bytes that
    are not UTF-8 as ``\\xff`` escapes, as rows and databases name them
    (golfsolve.files.shown_name)."""
    wide = shown_encoding(sys.stderr if err else sys.stdout).lower().startswith("utf")
    click.echo(json.dumps(_named(data), ensure_ascii=not wide), err=err)


def _named(value: object) -> object:
    """JSON data with each string as shown_name gives it."""
    if isinstance(value, str):
        return shown_name(value)
    if isinstance(value, dict):
        return {_named(key): _named(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_named(item) for item in value]
    return value


def echo_board(position, rules, one_line: bool = False) -> None:
    """A position in the board format (``one_line``: the one-line layout) on standard output,
    and, since neither form has a place for the rules, a note on stderr naming the ``--rules``
    to read it back with when they are not Easy (what a board is taken under)."""
    from golfsolve.model.oneline import to_oneline
    from golfsolve.model.rules import EASY

    click.echo(to_oneline(position) + "\n" if one_line else position.to_board(), nl=False)
    if rules.name != EASY.name:
        form, it = ("one-line layout", "line") if one_line else ("board format", "board")
        click.echo(f"golfsolve: note: the {form} does not record the rules; read this {it} with "
                   f"--rules {rules.name}, or it is taken under {EASY.name}", err=True)


def shown_encoding(stream) -> str:
    """The encoding a text stream can really show: beneath the one a replacing stream tells
    click (see _Replacing)."""
    return getattr(stream, "shows", None) or getattr(stream, "encoding", None) or "ascii"


def wants_color(stream, asked: bool | None = None, environ=None) -> bool:
    """Whether to paint what goes to ``stream`` with ANSI colours: as ``asked``
    (``--color`` / ``--no-color``) when asked; else only on a terminal, and not where the
    environment forbids it: ``NO_COLOR`` set to anything but the empty string (no-color.org)
    or ``TERM=dumb``. ``environ`` defaults to the process's own."""
    if asked is not None:
        return asked
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


def _shortened(message: str) -> str:
    """A message with any run of more than 40 letters and digits (a value pasted by mistake)
    cut to its first 20, and any word longer than a path (a value quoted whole, where
    nothing quoted it as golfsolve.model.text.shown does) to its first 40."""
    message = re.sub(r"[0-9A-Za-z]{41,}",
                     lambda m: m.group()[:20] + f"... ({len(m.group()):,} characters)", message)
    return re.sub(rf"\S{{{LONGEST_WORD + 1},}}?(?=[:,;]?(?:\s|$))",
                  lambda m: m.group()[:40] + f"... ({len(m.group()):,} characters)", message)


LONGEST_WORD = 4096  # characters of a word in an error line: a path may be this long


class StdoutError(OutputError):
    """Standard output that could not be written (a full disk, a file size limit): its
    reader going away is ReaderGone instead."""

    def __init__(self, exc: OSError) -> None:
        super().__init__(f"cannot write standard output: {exc.strerror or exc}")


def write_failed(exc: OSError) -> int:
    """Say what failed (one line, exit status 1): an OutputError names its output; any other
    OSError is said as the system says it, with the file it names, and blames no output."""
    if isinstance(exc, OutputError):
        echo_err(f"golfsolve: error: {exc}")
    elif out_of_memory(exc) is not None:  # a memory map refused
        echo_err(f"golfsolve: error: {out_of_memory(exc)}")
    else:
        reason = exc.strerror or str(exc) or type(exc).__name__
        echo_err(f"golfsolve: error: {exc.filename}: {reason}" if exc.filename else
                 f"golfsolve: error: {reason}")
    return EXIT_FAILED


def drop_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit does not fail again."""
    _to_devnull(sys.stdout.fileno())


def _to_devnull(fd: int) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


class ReaderGone(Exception):  # noqa: N818 (an event, not a failure)
    """Standard output's reader went away (``| head``): the quiet end of a command, status 0.
    Not an OSError, so that nothing on its way up (click's own handling of a broken pipe)
    takes it for another failure, nor another broken pipe for it."""


def reader_gone(stream=None) -> bool:
    """Whether ``stream`` (default: standard output) is a pipe whose reader has gone, found
    without writing to it: long work whose next output is far off can end at once instead."""
    import select
    import stat

    try:
        fd = (stream or sys.stdout).fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode) or not hasattr(select, "poll"):
            return False
        poller = select.poll()
        poller.register(fd, 0)  # (an error is told whatever is asked)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError, io.UnsupportedOperation):  # no descriptor: not a pipe
        return False


class _Forwarding(io.TextIOBase):
    """A text stream that passes what it is given to the stream beneath."""

    def __init__(self, stream) -> None:
        self._stream = stream

    @property
    def encoding(self) -> str:
        return self._stream.encoding

    @property
    def errors(self) -> str | None:
        return getattr(self._stream, "errors", None)

    @property
    def shows(self) -> str:
        return shown_encoding(self._stream)

    def write(self, text: str) -> int:
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def writable(self) -> bool:
        return True


class _Stdout(_Forwarding):
    """Standard output whose reader's going away raises ReaderGone, and any other failure to
    write (a full disk, a file size limit) StdoutError."""

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise ReaderGone from None
        except OutputError:
            raise
        except OSError as exc:
            raise StdoutError(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise ReaderGone from None
        except OutputError:
            raise
        except OSError as exc:
            raise StdoutError(exc) from None


class _WholeWrites(io.RawIOBase):
    """A file descriptor written whole: where the system takes part of a write (a file size
    limit reached, a disk that fills part way), the rest is written again, so that the
    failure that stops it is raised instead of being dropped unseen (Python's unbuffered
    standard output, ``PYTHONUNBUFFERED``, takes the part and says nothing)."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            wrote = os.write(self._fd, view[done:])
            if wrote <= 0:  # (never for a write of something: a device that takes nothing)
                raise OSError(errno.EIO, "the output took nothing of a write")
            done += wrote
        return done


def whole_writes(stream):
    """A text stream on ``stream``'s file descriptor (standard output) whose every write
    reaches it whole or raises: its text, its encoding, its errors and its line buffering
    as ``stream``'s. ``stream`` itself where it has no descriptor (a test's capture)."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return stream
    stream.flush()
    return io.TextIOWrapper(_WholeWrites(fd), encoding=stream.encoding,
                            errors=getattr(stream, "errors", None) or "strict",
                            line_buffering=getattr(stream, "line_buffering", False))


class _Stderr(_Forwarding):
    """Standard error that never raises: once a write fails (its reader gone, a full disk)
    golfsolve has no way left to speak, and what it writes there is dropped, so that the
    exit status and standard output stay those of the command."""

    def __init__(self, stream) -> None:
        super().__init__(stream)
        self._silent = False

    def _silence(self) -> None:
        self._silent = True
        try:
            _to_devnull(self._stream.fileno())
            self._stream.flush()  # what it held goes to the null device
        except (OSError, ValueError):
            pass

    def write(self, text: str) -> int:
        if not self._silent:
            try:
                return self._stream.write(text)
            except OSError:
                self._silence()
        return len(text)

    def flush(self) -> None:
        if not self._silent:
            try:
                self._stream.flush()
            except OSError:
                self._silence()


def guard_stdout(stream):
    """``stream`` (standard output) with its reader's going away raised as ReaderGone."""
    return _Stdout(stream)


def guard_stderr(stream):
    """``stream`` (standard error) that never raises: a failed write silences it."""
    return _Stderr(stream)


def open_standard_streams(prog: str) -> None:
    """The standard streams a command starts with, made usable: stdin or stderr closed (<&-,
    2>&-) reads nothing and says nothing there; stdout closed (>&-) ends the process at once
    with one line, ``PROG: error: standard output is closed``, status EXIT_FAILED."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (for the whole run)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stdout is None:
        echo_err(f"{prog}: error: standard output is closed")
        sys.exit(EXIT_FAILED)


def echo_err(message: str) -> None:
    """One line on stderr: characters that would break it (a newline in a path) escaped, bytes
    of a name that are not UTF-8 as ``\\xff``, and a long run of letters and digits (a value
    pasted by mistake) shortened; on a terminal, broken at spaces to fit its width rather than
    where the terminal would cut a word."""
    click.echo(fitted_to(sys.stderr, _shortened(one_line(shown_name(message)))), err=True)


def terminal_width() -> int:
    """The columns of the terminal as it is now (80 where none says), never below 20."""
    return max(20, shutil.get_terminal_size().columns)


def fitted_to(stream, message: str) -> str:
    """``message`` as it is, or where ``stream`` is a terminal each line broken at spaces to
    its width (golfsolve.cli.render.lines.fitted), not where the terminal would cut a word."""
    if not is_terminal(stream):
        return message
    from golfsolve.cli.render.lines import fitted

    return fitted(message, terminal_width())


def is_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal (not a file, a pipe, or a closed stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class HeldNote:
    """A note for standard error that waits for the command's first output: it is written just
    before the first thing the command writes on standard output or error, or when the command
    ends having done its work (``release(True)``), and dropped when it ends otherwise, so that
    bad input stays one line on stderr. Only the first note held is ever written; a worker
    process started meanwhile never writes it."""

    def __init__(self) -> None:
        self._text: str | None = None
        self._beneath: tuple | None = None  # (stdout, stderr) while a note is held
        self._used = False
        self._pid = os.getpid()

    def hold(self, text: str) -> None:
        """Hold ``text`` until the first output, unless a note has been held already."""
        if self._used:
            return
        self._used, self._text = True, text
        self._beneath = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = _BeforeOutput(sys.stdout, self), _BeforeOutput(sys.stderr, self)

    def release(self, write: bool) -> None:
        """Stop holding the note, writing it first when ``write``."""
        if self._beneath is None or os.getpid() != self._pid:
            return
        if isinstance(sys.stdout, _BeforeOutput):
            sys.stdout = self._beneath[0]
        if isinstance(sys.stderr, _BeforeOutput):
            sys.stderr = self._beneath[1]
        self._beneath = None
        if write and self._text is not None:
            echo_err(self._text)
        self._text = None


class _BeforeOutput(_Forwarding):
    """A stream that writes its HeldNote before the first text written to it."""

    def __init__(self, stream, note: HeldNote) -> None:
        super().__init__(stream)
        self._note = note

    def write(self, text: str) -> int:
        if text:
            self._note.release(True)
        return self._stream.write(text)


class _Replacing(_Forwarding):
    """Standard output as click should see it when it is ASCII: click takes an ASCII stream
    for a misconfigured one and writes UTF-8 beneath it, where this one writes ? instead."""

    encoding = "utf-8"  # what click is told: the text reaches the stream, which replaces

    @property
    def shows(self) -> str:  # what it can really show
        return self._stream.encoding


def fit_output(stream):
    """Standard output that prints only what it can encode: cards as TS where it cannot show
    suit symbols, ? for any other character it cannot show."""
    from golfsolve.model.cards import use_suit_symbols

    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        use_suit_symbols(False)
    return fit_text_stream(stream)


SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
RANK_ENDS = frozenset("A23456789TJQKR0ajqktr")  # a rank's last character as players type it
SHOWN_ERRORS = "golfsolve-cards"


def _shown_instead(error: UnicodeEncodeError) -> tuple[str, int]:
    """What a stream writes for characters its encoding cannot show: a suit symbol just after
    a rank as its letter (the card 9♠ as 9S, as golfsolve's own cards are then written), a
    Latin letter with a mark as the letter (the Finnish and Turkish words: ä as a, ş as s, ı
    as i), any other character as ?."""
    text, start = error.object, error.start
    shown = "".join(SUIT_LETTERS[char] if char in SUIT_LETTERS and i and text[i - 1] in RANK_ENDS
                    else _plain_letter(char) if _in_a_word(text, i) else "?"
                    for i, char in enumerate(text[start:error.end], start))
    return shown, error.end


def _in_a_word(text: str, i: int) -> bool:
    """Whether ``text[i]`` has a small ASCII letter beside it, as in a word of a language's
    text (a letter alone, as in a quoted token like GO1-É-..., is shown as ?, not as another
    token; so are letters with marks only, as a file named ÿÿÿ.board, which would otherwise
    be shown as another file's name, yyy.board)."""
    return any(0 <= j < len(text) and text[j].islower() and text[j].isascii()
               for j in (i - 1, i + 1))


def _plain_letter(char: str) -> str:
    """A Latin letter with a mark (ä, ş, İ; also the dotless ı) as its ASCII letter, else ?
    (a sign that only looks like a letter, as the Kelvin sign K, is not one)."""
    import unicodedata

    if char in "ıİ":
        return "i" if char == "ı" else "I"
    name = unicodedata.name(char, "")
    base = unicodedata.normalize("NFD", char)[0]
    return base if name.startswith("LATIN ") and " WITH " in name and base.isascii() else "?"


def fit_text_stream(stream):
    """A text stream that writes a card's suit symbol as its letter, and ? for any other
    character its encoding cannot show (on an ASCII one too, beneath which click would write
    UTF-8)."""
    import codecs

    encoding = getattr(stream, "encoding", None) or "ascii"
    if hasattr(stream, "reconfigure"):
        try:
            codecs.lookup_error(SHOWN_ERRORS)
        except LookupError:
            codecs.register_error(SHOWN_ERRORS, _shown_instead)
        stream.reconfigure(errors=SHOWN_ERRORS)
    try:
        ascii_only = codecs.lookup(encoding).name == "ascii"
    except LookupError:
        ascii_only = False
    return _Replacing(stream) if ascii_only else stream
