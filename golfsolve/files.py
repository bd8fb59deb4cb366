"""Reading what users give: files and standard input as text, and paths that may not be paths;
and the paths golfsolve writes: kept apart from what it reads, written whole lines at a time.

Text is UTF-8, or UTF-16 when it starts with UTF-16's byte-order mark (as Windows PowerShell
writes a command's output redirected to a file); a byte-order mark is dropped. Every failure
is an InputError that names the real problem: a missing file, a directory, binary data, text
that is neither, something too large, and a name the system cannot look up (a symbolic link
loop, a link to nothing, a part of the path that is not a directory, a name too long).
"""

from __future__ import annotations

import codecs
import errno
import fnmatch
import glob
import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from golfsolve.errors import InputError, OutputError

MAX_DEAL_BYTES = 1 << 20  # a deal is a few hundred bytes; anything this big is not one


class FileError(InputError):
    """A file or standard input that cannot be read as the text asked for."""


def is_file(text: str) -> bool:
    """Whether ``text`` names an existing file (False for what cannot be a path at all)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # too long a name, a NUL byte
        return False


def is_dir(text: str) -> bool:
    """Whether ``text`` names an existing directory (False for what cannot be a path at all)."""
    try:
        return Path(text).is_dir()
    except (OSError, ValueError):
        return False


def exists(text: str) -> bool:
    """Whether ``text`` names an existing file or directory, or a symbolic link (one that
    leads nowhere or loops too: the name is a file's, whose reading says what is wrong)."""
    try:
        return os.path.lexists(text)
    except (OSError, ValueError):
        return False


def is_regular(path: str) -> bool:
    """Whether ``path`` is a regular file, which can be read again (not a pipe or device,
    which give their text once)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def path_problem(path: str, exc: BaseException, shown: str | None = None,
                 doing: str = "read") -> str:
    """What is wrong with ``path`` (shown as ``shown``, say "--db x.sqlite"), from the error
    looking it up or opening it raised: a missing file, a symbolic link that loops or leads
    nowhere, a part of the path that is not a directory, a name too long, a NUL byte, else
    "cannot read" (or ``doing``) with the system's reason."""
    shown = path if shown is None else shown
    number = getattr(exc, "errno", None)
    if isinstance(exc, ValueError):  # open() and stat() refuse a NUL byte in a name
        return f"{shown}: a file name cannot hold a NUL byte"
    if number == errno.ELOOP:
        if _is_link(path):
            return f"{shown} is a symbolic link loop"
        return f"{shown}: a directory in the path is a symbolic link loop"
    if number == errno.ENAMETOOLONG:
        return f"{shown}: the name is too long for the file system"
    if number == errno.ENOTDIR:
        part = _not_a_directory(path)
        if part is not None:
            return f"{shown}: {part} is not a directory"
    if number == errno.ENOENT and _is_link(path):
        return f"{shown} is a symbolic link to {os.readlink(path)}, which does not exist"
    if number == errno.ENOENT and doing == "read":
        return f"no such file: {shown}"
    if number == errno.EISDIR and doing == "read":
        return f"{shown} is a directory, not a file"
    reason = getattr(exc, "strerror", None) or str(exc)
    return f"cannot {doing} {shown}: {reason}"


def _is_link(path: str) -> bool:
    try:
        return os.path.islink(path)
    except (OSError, ValueError):
        return False


def _not_a_directory(path: str) -> str | None:
    """The first part of ``path`` that exists and is not a directory, where a directory is
    needed (``deal.board/`` names a directory too)."""
    parts = path.split(os.sep)
    for end in range(1, len(parts)):
        prefix = os.sep.join(parts[:end])
        if not prefix:
            continue
        try:
            if not stat.S_ISDIR(os.stat(prefix).st_mode):
                return prefix
        except (OSError, ValueError):
            return None
    return None


def check_file_name(path: str, shown: str) -> None:
    """Refuse (FileError, ``shown`` naming the path) a file's name that the system cannot
    look up (a symbolic link loop, a part of the path that is not a directory, a name too
    long, a NUL byte), or that does not exist and names a directory by its form (a trailing
    /) or starts with a ~ no shell expanded. An existing directory, and a file or directory
    that does not exist, are left to whoever opens it, which says what it needs."""
    try:
        os.stat(path)
    except FileNotFoundError:
        if path.endswith(os.sep):
            raise FileError(f"{shown} names a directory (it ends in {os.sep}): give a file "
                            "name") from None
        head = path.split(os.sep)[0]
        if head.startswith("~") and not exists(head):  # --out=~/r.csv: no shell expands it
            raise FileError(f"{shown}: no such directory {head} (the ~ was not expanded: a "
                            "shell expands it only at the start of a word; or give $HOME)"
                            ) from None
        return  # (a link to a file yet to be made makes it)
    except (OSError, ValueError) as exc:
        raise FileError(path_problem(path, exc, shown, "write")) from None



def check_writable(path: str, shown: str | None = None) -> None:
    """Refuse (FileError, naming the path as ``shown``) a file that cannot be written, found
    without changing anything: an existing regular file opened for writing and closed as it
    is, a new one made and removed at once. A pipe or a device, and a file in a directory
    that does not exist (which its command names in its own words), are left to whoever
    opens it (opening a pipe would wait for its reader)."""
    try:
        if not is_dir(os.path.dirname(os.path.abspath(path))):
            return
        if os.path.lexists(path):
            if is_regular(path):
                os.close(os.open(path, os.O_WRONLY))
            return
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        os.unlink(path)
    except (OSError, ValueError) as exc:
        raise FileError(path_problem(path, exc, shown, "write")) from None


def shown_name(path: str) -> str:
    """A path as text to show and store: bytes of the name that are not UTF-8 (which Python
    holds as lone surrogates, and no text file or database takes) as backslash escapes."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def one_line(text: str) -> str:
    """Text on one line: a character that would break the line or cannot be printed (a
    newline in a file name) as its escape, ``\\n``."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


# ----- the files a command writes ------------------------------------------------------------
def same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (also through links and hard links), existing or not:
    by device and inode where both exist, else by the path each resolves to."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        try:
            return os.path.realpath(a) == os.path.realpath(b)
        except (OSError, ValueError):
            return False


def _glob_names(pattern: str, path: str) -> bool:
    """Whether the glob ``pattern`` would match ``path`` once it exists (each part of the path
    against the pattern's, hidden names only by a pattern part that starts with a dot)."""
    try:
        wanted = os.path.abspath(pattern).split(os.sep)
        parts = os.path.abspath(path).split(os.sep)
    except ValueError:
        return False
    if len(wanted) != len(parts):
        return False
    for want, part in zip(wanted, parts, strict=True):
        if not glob.has_magic(want):
            if want != part:
                return False
        elif (part.startswith(".") and not want.startswith(".")) or not fnmatch.fnmatchcase(
                part, want):
            return False
    return True


class Outputs:
    """The files a command will write, kept apart from one another and from every file it
    reads: an output that is also an input would be emptied before it is read (a row file's
    header written over the listing it is to read). Each output is named as the caller words
    it (``--out``) and described for the message of another that is the same file (``the
    database given to --db``). Checked before any output is opened; FileError names both."""

    def __init__(self, named: Iterable[tuple[str, str | None, str]] = ()) -> None:
        self._named: list[tuple[str, str, str]] = []
        for name, path, what in named:
            if path is None:
                continue
            for _, other, other_what in self._named:
                if same_file(path, other):
                    raise FileError(f"{name} {path} is {other_what}: write to another file",
                                    reason="output_is_input", name=name, output=path,
                                    input=other_what)
            self._named.append((name, path, what))

    def refuse(self, path: str, what: str) -> None:
        """Refuse ``path``, to be read as ``what`` (``the listing @x``), if it is an output."""
        for name, out, _ in self._named:
            if same_file(out, path):
                raise FileError(f"{name} {out} is {what}: write to another file",
                                reason="output_is_input", name=name, output=out, input=what)

    def refuse_glob(self, pattern: str, what: str) -> None:
        """Refuse the glob ``pattern`` (``what`` it is) if it matches an output, existing or
        to be made: a list read again would read the output as an input."""
        for name, out, _ in self._named:
            if _glob_names(pattern, out):
                raise FileError(f"{name} {out} is {what}: write to another file",
                                reason="output_is_input", name=name, output=out, input=what)


class LineFile:
    """A text file (UTF-8) that only ever holds whole lines: each ``write`` is of whole lines,
    and one that fails part way (a full disk, a file size limit) cuts the file back to the end
    of the last whole line that reached it before OutputError says why. Nothing is buffered:
    what ``write`` returns from is in the file."""

    def __init__(self, path: str) -> None:
        """Create or empty ``path``; OSError (and ValueError for a NUL byte) as open's."""
        self.path = path
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        self._size = 0  # bytes of whole lines in the file

    def write(self, text: str) -> None:
        """Append ``text``, whole lines; on a failure, OutputError, the file cut back to its
        last whole line."""
        encoded = text.encode("utf-8", "backslashreplace")  # (a name's undecodable bytes)
        done = 0
        try:
            while done < len(encoded):
                done += os.write(self._fd, encoded[done:])
        except OSError as exc:
            whole = self._size + encoded.rfind(b"\n", 0, done) + 1
            try:
                os.ftruncate(self._fd, whole)
                os.lseek(self._fd, whole, os.SEEK_SET)
                self._size = whole
            except OSError:
                pass  # (a file that cannot be cut back is as the failed write left it)
            raise OutputError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        self._size += len(encoded)

    def close(self) -> None:
        if self._fd >= 0:
            fd, self._fd = self._fd, -1
            try:
                os.close(fd)
            except OSError as exc:
                raise OutputError(f"cannot write {self.path}: {exc.strerror or exc}") from None

class StreamLines:
    """Whole lines to an open text stream (standard output), as :class:`LineFile` writes
    them to a file: each ``write`` is written and flushed at once; closing leaves the stream
    open."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text: str) -> None:
        self._stream.write(text)
        self._stream.flush()

    def close(self) -> None:
        pass


_stdin_read: tuple[object, str] | None = None  # (the stream, its text): it cannot be read twice


SQLITE_HEADER = b"SQLite format 3\0"  # how every SQLite database file begins


def _refuse_database(data: bytes, where: str) -> None:
    """A FileError where a file read as text is a database (a results database given where a
    deal or list was meant: the --db left out)."""
    if data.startswith(SQLITE_HEADER):
        raise FileError(f"{where} is a database, not a deal or a list: give a results "
                        f"database as --db {where}")


def read_text(path: str, limit: int = MAX_DEAL_BYTES,
              too_large: str = "not a deal or moves") -> str:
    """A file's text, or standard input's for ``-`` (the same text each time it is asked
    for: a batch checks a deal before it solves it). More than ``limit`` bytes is refused,
    with ``too_large`` as the advice."""
    global _stdin_read
    if path == "-" and _stdin_read is not None and _stdin_read[0] is sys.stdin:
        return _stdin_read[1]
    where = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = _read_stdin(limit)
        else:
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except (OSError, ValueError) as exc:
        raise FileError(path_problem(path, exc, where)) from None
    _refuse_database(data, where)
    if len(data) > limit:
        raise FileError(f"{where} is larger than {limit:,} bytes: {too_large}")
    encoding = encoding_of(data)
    binary = FileError(f"{where} holds binary data, not text")
    if encoding == "utf-8-sig" and b"\0" in data:  # (UTF-16 text has zero bytes)
        raise binary
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        raise FileError(f"{where} is not {ENCODING_NAMES[encoding]} text") from None
    if "\0" in text:
        raise binary
    if path == "-":
        if not text.strip():
            # golfsolve started with standard input closed reads it as the null device
            closed = getattr(sys.stdin, "name", None) == os.devnull
            raise FileError(f"standard input is {'closed' if closed else 'empty'}")
        _stdin_read = (sys.stdin, text)
    return text


HELD_PIECE = 1 << 16  # bytes read at a time from a stream whose text is held


def read_held(path: str, limit: int, too_large: str, line_limit: int,
              long_line: Callable[[str, int], str]) -> tuple[str, ...]:
    """The text of a stream read once (a pipe; standard input for ``-``), in pieces to be
    read as lines (``held_lines``), read in bounded memory: what it holds, and a piece at a
    time. Refused (FileError) as :func:`read_text` refuses it: more than ``limit`` bytes
    (``too_large`` the advice), binary data, text that is not UTF-8 or UTF-16, an empty
    standard input; and a line of ``line_limit`` characters or more as soon as it is read,
    ``long_line(where, line number)`` the message, so that one enormous line is never
    held."""
    where = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None) or _TextBytes(sys.stdin)
            pieces = _held_pieces(stream, where, limit, too_large, line_limit, long_line)
        else:
            with open(path, "rb") as stream:
                pieces = _held_pieces(stream, where, limit, too_large, line_limit, long_line)
    except (OSError, ValueError) as exc:
        if isinstance(exc, InputError):
            raise
        raise FileError(path_problem(path, exc, where)) from None
    if path == "-" and not any(piece.strip() for piece in pieces):
        closed = getattr(sys.stdin, "name", None) == os.devnull
        raise FileError(f"standard input is {'closed' if closed else 'empty'}")
    return pieces


def _held_pieces(stream, where: str, limit: int, too_large: str, line_limit: int,
                 long_line: Callable[[str, int], str]) -> tuple[str, ...]:
    pieces: list[str] = []
    decoder = None
    size = line = 0  # bytes read; characters of the line under way
    lineno = 1
    while True:
        data = stream.read(HELD_PIECE)
        size += len(data)
        if size > limit:
            raise FileError(f"{where} is larger than {limit:,} bytes: {too_large}")
        if decoder is None:
            if not data:
                return ()
            _refuse_database(data, where)
            encoding = encoding_of(data)
            decoder = codecs.getincrementaldecoder(encoding)()
        if encoding == "utf-8-sig" and b"\0" in data:  # (UTF-16 text has zero bytes)
            raise FileError(f"{where} holds binary data, not text")
        try:
            text = decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            raise FileError(f"{where} is not {ENCODING_NAMES[encoding]} text") from None
        if "\0" in text:
            raise FileError(f"{where} holds binary data, not text")
        parts = text.split("\n")  # (a piece's lines: bounded by the piece)
        lengths = [line + len(parts[0]), *map(len, parts[1:])]
        if max(lengths) >= line_limit:
            at = next(i for i, length in enumerate(lengths) if length >= line_limit)
            raise FileError(long_line(where, lineno + at))
        lineno += len(parts) - 1
        line = lengths[-1]
        if text:
            pieces.append(text)
        if not data:
            return tuple(pieces)


def held_lines(pieces: tuple[str, ...]) -> Iterator[str]:
    """The lines of text held in pieces (``read_held``), each with its ``\\n`` but the
    last."""
    rest = ""
    for piece in pieces:
        lines = (rest + piece).split("\n")
        rest = lines.pop()
        yield from (line + "\n" for line in lines)
    if rest:
        yield rest


class _TextBytes:
    """A text stream (standard input replaced by one without bytes beneath) read as bytes."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def read(self, size: int) -> bytes:
        return self._stream.read(size).encode("utf-8", "surrogateescape")


ENCODING_NAMES = {"utf-8-sig": "UTF-8", "utf-16": "UTF-16"}


def encoding_of(start: bytes) -> str:
    """The codec for text that starts with ``start``: "utf-16" after a UTF-16 byte-order mark,
    else "utf-8-sig" (UTF-8, its byte-order mark dropped). Either drops its mark."""
    return "utf-16" if start.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else "utf-8-sig"


def piped_lines(stream) -> Iterator[str]:
    """The lines of a piped text stream (standard input) read as files are: UTF-16 after its
    byte-order mark, else UTF-8 with a byte-order mark dropped; bytes that are neither become
    U+FFFD, to be refused by whoever reads the lines. Nothing
    is read before the first line is asked for."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None or not hasattr(buffer, "peek"):  # its bytes cannot be looked at first
        yield from stream
        return
    lines = io.TextIOWrapper(buffer, encoding=encoding_of(buffer.peek(2)), errors="replace")
    try:
        for line in lines:  # noqa: UP028 (yield from would close the stream when this closes)
            yield line
    finally:
        lines.detach()  # the stream stays open, as it was given


def _read_stdin(limit: int) -> bytes:
    stream = sys.stdin
    if stream is None:
        return b""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return buffer.read(limit + 1)
    return stream.read(limit + 1).encode("utf-8", "surrogateescape")


def parse_json(text: str, what: str) -> object:
    """JSON text as Python values; FileError naming ``what`` when it is not JSON."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":
            raise FileError(f"{what} holds more than one JSON value (line {exc.lineno})"
                            ) from None
        where = (f"line {exc.lineno}, column {exc.colno}" if "\n" in text.rstrip()
                 else f"column {exc.colno}")  # (one line: its line is named by ``what``)
        raise FileError(f"invalid JSON {what}: {exc.msg} ({where})") from None
    except RecursionError:
        raise FileError(f"the JSON {what} is nested too deeply") from None
    except ValueError:  # an integer with more digits than Python converts
        raise FileError(f"invalid JSON {what}: a number with too many digits") from None
