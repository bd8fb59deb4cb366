"""What the commands read from their arguments: deal sources and how to name them, rule
options, moves, whole numbers, and the files a command will write."""

from __future__ import annotations

import os
import re
import stat

import click

from golfsolve.batch.rows import check_out_path
from golfsolve.cli.moves import MoveSource
from golfsolve.errors import InputError
from golfsolve.files import Outputs, check_file_name, check_writable, exists, is_dir, read_text
from golfsolve.model.codes import MAX_CODE
from golfsolve.model.i18n import LANGUAGES, text
from golfsolve.model.oneline import looks_like_oneline
from golfsolve.model.rules import Rules, chosen_rules, parse_rules_list
from golfsolve.model.sources import DealSource
from golfsolve.model.text import shown

RULES_HELP = "easy, classic, dead-king or strict (default: the code's letter, else easy)"
LONG_TITLE = 72  # characters of a typed layout that a title shows whole


def score_option(what: str):
    """--score, its help ending with ``what`` the traditional score adds to this command's
    output."""
    return click.option(
        "--score", type=click.Choice(["app", "traditional"]), default="app", show_default=True,
        help="traditional: beside the app's score, the traditional one: the cards left on the "
             f"tableau (0 for a win); {what}.")


SCORE_OPTION = score_option("the summary gives their mean a deal and per 9 deals (par 45)")
LANG_OPTION = click.option(
    "--lang", type=click.Choice(LANGUAGES), default=None,
    help="Language: en, fi, id or tr (default: from LC_ALL, LC_MESSAGES or LANG, else en).",
)


def one_rules(source: DealSource, rules: str | None) -> Rules:
    """--rules, else the rules the input names (its code, or a JSON deal's rules), else Easy."""
    return chosen_rules(rules, source.code_rules)


def rules_for(source: DealSource, rules: str | None) -> tuple[Rules, ...]:
    return parse_rules_list(rules) if rules is not None else (one_rules(source, None),)


def deal_name(source: DealSource, lang: str = "en") -> str:
    """A deal as the user gave it, whatever the rules: its number, or its file, or the layout
    typed on one line, its cards as typed and spaced as the layout writes them."""
    if source.number is not None:
        return text(lang, "deal_number", n=source.number)
    if source.label == "-":
        return "stdin"
    if looks_like_oneline(source.label) and not exists(source.label):
        return " | ".join(" ".join(field.split()) for field in source.label.split("|"))
    return source.label


def describe(source: DealSource, rules: Rules, lang: str = "en") -> str:
    """A deal under some rules: its game code and number (or that a deal past the codes'
    range has none), or its file."""
    code = source.code_for(rules)
    if code and source.number is not None:
        return f"{code} ({text(lang, 'deal_number', n=source.number)})"
    if source.number is not None and rules.letter is not None:
        return f"{deal_name(source, lang)} ({text(lang, 'no_code', last=MAX_CODE)})"
    return deal_name(source, lang)


def shortened(name: str) -> str:
    """``name``, where it is a long layout typed on one line, as ``A | B | ... | Z`` (its first
    two fields and its last column; a position's removed cards after it by their first two
    and last two): a title of one line, or a message's subject."""
    fields = name.split(" | ")
    if len(name) <= LONG_TITLE or len(fields) < 4 or not looks_like_oneline(name) or exists(name):
        return name
    last = fields[-1:]
    if fields[-1].startswith("removed:"):
        cards = fields[-1].split()[1:]
        removed = " ".join(["removed:", *cards[:2], "...", *cards[-2:]]) if len(cards) > 5 else (
            fields[-1])
        last = [fields[-2], removed]
    return " | ".join([*fields[:2], "...", *last])


_INTEGER = re.compile(r"\s*[+-]?[0-9]+(?:_[0-9]+)*\s*", re.ASCII)


class FileName(click.Path):
    """click's Path, whose look at the file a name with a NUL byte in it (no file's name can
    hold one) would end in a ValueError: a usage error naming the option instead."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except ValueError:  # (os.stat of a name with a NUL byte)
            self.fail("a file name cannot hold a NUL byte", param, ctx)


class Integer(click.ParamType):
    """A whole number written in the digits 0-9 (Python reads other scripts' digits, as the
    fullwidth ５, as numbers too: they are no number here)."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not _INTEGER.fullmatch(value):
            self.fail(f"{shown(value)} is not a valid integer.", param, ctx)
        return click.INT.convert(value, param, ctx)


class WholeNumber(click.IntRange):
    """A whole number in a range, in the digits 0-9; text that is none is named 'not a valid
    integer' (click's own says 'integer range', which reads as if a range were asked for)."""

    name = "integer"

    def convert(self, value, param, ctx):
        return super().convert(Integer().convert(value, param, ctx), param, ctx)


_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*([kmgt]?)i?b?\s*$", re.IGNORECASE | re.ASCII)
_SIZE_UNITS = {"": 1, "k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}
MEMORY_HELP = ("Memory the process may hold while it works out the exact fair value, as 8G or "
               "500M (default: what it holds and 80% of the memory free when it starts).")


class MemorySize(click.ParamType):
    """A size of memory in bytes, written 8G, 1.5GB, 500M, 64k or as a number of bytes."""

    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        found = _SIZE.match(str(value))
        if not found:
            self.fail(f"{shown(value)} is not a size (say 8G or 500M)", param, ctx)
        size = int(float(found.group(1)) * _SIZE_UNITS[found.group(2).lower()])
        if size < 1:
            self.fail(f"{shown(value)} is not a size of at least one byte", param, ctx)
        return size


_PATH_LIKE = re.compile(r"^([^\s\[{]*[/\\]\S*|[\w.-]*[A-Za-z_-][\w-]*\.[A-Za-z]{1,5})$")


# a batch's record file of some 20,000 rows (JSON lines, about 3 kB a row); a larger one is
# cut to the deal's rows first (grep), rather than held whole
MAX_MOVES_BYTES = 64 << 20
TOO_MANY_MOVES = ("replay reads a larger file of records only for a deal by number: grep the "
                  "deal's rows")


def read_moves(moves: str, number: int | None = None) -> MoveSource:
    """MOVES as given: standard input, a file, or the moves themselves. A file of records
    larger than MAX_MOVES_BYTES (a large batch's JSON lines or CSV rows) is read a line at
    a time for deal ``number``'s records, where the deal has a number."""
    if moves == "-":
        return MoveSource.parse(read_text(moves, MAX_MOVES_BYTES, TOO_MANY_MOVES))
    if moves.strip() and is_dir(moves):
        raise InputError(f"{moves} is a directory, not moves or a file of them")
    if moves.strip() and exists(moves):  # a file, or a pipe or device: <(...), /dev/stdin
        if number is not None and _file_size(moves) > MAX_MOVES_BYTES:
            return MoveSource.scan(moves, number)
        return MoveSource.parse(read_text(moves, MAX_MOVES_BYTES, TOO_MANY_MOVES), moves
                                ).read_from(moves)
    try:
        return MoveSource.parse(moves)
    except InputError:
        if _PATH_LIKE.match(moves.strip()):
            raise InputError(f"no such file: {moves}") from None
        raise


def _file_size(path: str) -> int:
    """The bytes of a regular file (0 for a pipe or device, or one that cannot be asked)."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return 0
    return status.st_size if stat.S_ISREG(status.st_mode) else 0


def file_names(**given: str | None) -> None:
    """Options that name files (--out="x.csv" as out="x.csv"): each one given names a file
    that will be kept (an empty name would quietly write nothing, ':memory:' a database that
    vanishes) and that the system can look up (not a symbolic link loop, say)."""
    for name, value in given.items():
        flag = "--" + name
        if value is not None and not value.strip():
            raise InputError(f"{flag} needs a file name")
        if name == "db" and value == ":memory:":
            raise InputError("--db :memory: is SQLite's name for a database that is not kept: "
                             "give a file name")
        if value:
            check_file_name(value, f"{flag} {value}")


OUTPUT_FILES = {"db": "the database given to --db", "out": "the file given to --out",
                "plot": "the plot given to --plot"}


def written_files(db: str | None, *, db_written: bool, **named: str | None) -> Outputs:
    """The files a command writes (--out="r.csv" as out="r.csv", and --db where
    ``db_written``, else read), each named well (file_names; --out a row file or list), no
    two of them one file, none of them --db: to be kept apart from every file it reads; and
    each that is not --db one that can be written, found before anything (--db too) is
    made."""
    file_names(db=db, **named)
    if named.get("out"):
        check_out_path(named["out"])
    if db_written:
        outputs = Outputs([("--db", db, OUTPUT_FILES["db"])] + [
            (f"--{name}", path, OUTPUT_FILES[name]) for name, path in named.items()])
    else:
        outputs = Outputs([(f"--{name}", path, OUTPUT_FILES[name])
                           for name, path in named.items()])
        if db:
            outputs.refuse(db, OUTPUT_FILES["db"])
    for path in named.values():
        if path and path != "-":
            check_writable(path)
    return outputs


# deals times rule sets a run without --jobs solves in its own process: at most about 2 CPU-s
# of solving (a lost Classic deal about 10 ms), less than two workers take to start (0.8 CPU-s
# each, numba's import and the kernels' load, and the run waits for them: compare 1-20 in
# 0.9 s instead of 1.7 s)
SMALL_RUN = 200


def checked_jobs(jobs: int | None, solves: int | None = None) -> int:
    """The worker processes to use: --jobs, else the cores this process may use, or 1 (the
    work done in this process) for a run of ``solves`` deals times rule sets, where that is
    known, of at most SMALL_RUN. More than MAX_JOBS_PER_CORE a core is refused (InputError):
    it would only fill memory."""
    from golfsolve.runners import MAX_JOBS_PER_CORE, available_cores

    cores = available_cores()
    if jobs is None:
        return 1 if solves is not None and solves <= SMALL_RUN else cores
    most = MAX_JOBS_PER_CORE * cores
    if jobs > most:
        raise InputError(f"--jobs {jobs} is more than {MAX_JOBS_PER_CORE} workers for each of "
                         f"the {cores} cores this process may use (at most {most})")
    return jobs


VAST_DEALS = 100_000_000  # past this many deals a run is more than a day: said before it starts
SAID_RATE = 1000  # deals a second, about what 2 cores decide


def note_if_vast(deals: int | None) -> None:
    """A note on stderr, before the work, where ``deals`` (None: not known yet) is more than
    VAST_DEALS: how long even SAID_RATE deals a second would take, and that Ctrl-C stops it
    (a range typed with digits too many starts at once otherwise, and says nothing where
    stderr is no terminal)."""
    if deals is None or deals <= VAST_DEALS:
        return
    from golfsolve.cli.streams import echo_err

    days = deals / SAID_RATE / 86400
    span = (f"{days * 24:,.0f} hours" if days < 2 else f"{days:,.0f} days" if days < 365
            else f"{days / 365.25:,.0f} years")
    echo_err(f"golfsolve: note: {deals:,} deals: even at {SAID_RATE:,} deals a second that "
             f"is about {span}; Ctrl-C stops it")


def check_format(out: str | None, fmt: str | None) -> None:
    """--format names the rows' format on standard output only (--out -): InputError where it
    is given otherwise (a file's suffix names its own)."""
    if fmt is None or out == "-":
        return
    raise InputError(f"--format is for --out - (standard output): the suffix of {out} names "
                     "its format" if out else "--format is for --out - (standard output)")
