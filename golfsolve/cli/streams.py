"""Standard output and error as golfsolve writes them: one line an error, JSON that keeps
letters the stream can show, ? for what it cannot, and the exit statuses."""

from __future__ import annotations

import io
import json
import os
import re
import sys

import click

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def echo_json(data: object) -> None:
    """``data`` as one line of JSON on standard output: as it is where the stream takes any
    character, with \\u escapes (the same JSON) where it does not, so that a name is never
    written with a ? in place of a letter."""
    wide = shown_encoding(sys.stdout).lower().startswith("utf")
    click.echo(json.dumps(data, ensure_ascii=not wide))


def shown_encoding(stream) -> str:
    """The encoding a text stream can really show: beneath the one a replacing stream tells
    click (see _Replacing)."""
    return getattr(stream, "shows", None) or getattr(stream, "encoding", None) or "ascii"


def _shortened(message: str) -> str:
    """A message with any run of more than 40 letters and digits (a value pasted by mistake)
    cut to its first 20."""
    return re.sub(r"[0-9A-Za-z]{41,}",
                  lambda m: m.group()[:20] + f"... ({len(m.group())} characters)", message)


def write_failed(exc: OSError) -> int:
    """Say that output could not be written (a full disk, say): one line, exit status 1."""
    reason = exc.strerror or exc
    echo_err(f"golfsolve: error: {exc.filename}: {reason}" if exc.filename else
             f"golfsolve: error: cannot write standard output: {reason}")
    return EXIT_FAILED


def drop_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def echo_err(message: str) -> None:
    """One line on stderr: characters that would break it (a newline in a path) escaped, and
    a long run of letters and digits (a value pasted by mistake) shortened."""
    click.echo(_shortened("".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)),
               err=True)


class _Replacing(io.TextIOBase):
    """Standard output as click should see it when it is ASCII: click takes an ASCII stream
    for a misconfigured one and writes UTF-8 beneath it, where this one writes ? instead."""

    encoding = "utf-8"  # what click is told: the text reaches the stream, which replaces

    def __init__(self, stream: io.TextIOWrapper) -> None:
        self._stream = stream
        self.shows = stream.encoding  # what it can really show

    def write(self, text: str) -> int:
        return self._stream.write(text)

    def flush(self) -> None:
        self._stream.flush()

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()


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


def fit_text_stream(stream):
    """A text stream that writes ? for each character its encoding cannot show (on an ASCII
    one too, beneath which click would write UTF-8)."""
    import codecs

    encoding = getattr(stream, "encoding", None) or "ascii"
    if hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")
    try:
        ascii_only = codecs.lookup(encoding).name == "ascii"
    except LookupError:
        ascii_only = False
    return _Replacing(stream) if ascii_only else stream
