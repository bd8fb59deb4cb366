"""Reading what users give: files and standard input as text, and paths that may not be paths;
and the text files golfsolve writes, whole lines at a time.

Text is UTF-8, or UTF-16 when it starts with UTF-16's byte-order mark (as Windows PowerShell
writes a command's output redirected to a file); a byte-order mark is dropped. Every failure
is an InputError that names the real problem: a missing file, a directory, binary data, text
that is neither, something too large.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
from collections.abc import Iterator
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
    """Whether ``text`` names an existing file or directory."""
    try:
        return Path(text).exists()
    except (OSError, ValueError):
        return False


# ----- the files a command writes ------------------------------------------------------------
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

_stdin_read: tuple[object, str] | None = None  # (the stream, its text): it cannot be read twice


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
    except FileNotFoundError:
        raise FileError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise FileError(f"{path} is a directory, not a file") from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise FileError(f"cannot read {where}: {reason}") from None
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
        raise FileError(f"invalid JSON {what}: {exc.msg} (line {exc.lineno}, column "
                        f"{exc.colno})") from None
    except RecursionError:
        raise FileError(f"the JSON {what} is nested too deeply") from None
    except ValueError:  # an integer with more digits than Python converts
        raise FileError(f"invalid JSON {what}: a number with too many digits") from None
