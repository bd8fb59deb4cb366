"""Deal lists: what DEALS arguments name, iterated lazily in the order given, each deal once.

A range of a billion deals costs nothing up front: ranges (of PySolFC's numbers, and of
Solvitaire's seeds, ``solvitaire:A-B``) are iterated, never materialised.
Every argument is checked when the list is made (syntax, ranges, that files exist and hold
deals, that none is a file the caller will write), so that bad input is refused before any
work; the deals themselves come later, one by one, as a batch asks for them. A deal file is
read once: its deal is kept from the check (so a pipe, ``/dev/fd/N`` or ``<(...)`` works as a
file does). A listing that is a regular file is read again to be solved, and so are the regular
files it names, so that memory stays flat however long it is; one that is not (a pipe) is read
once and kept, as is every deal it names that is not in a regular file.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import io
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from golfsolve.errors import InputError
from golfsolve.files import (
    ENCODING_NAMES,
    MAX_DEAL_BYTES,
    Outputs,
    encoding_of,
    exists,
    held_lines,
    is_dir,
    is_regular,
    path_problem,
    read_held,
    read_text,
    shown_name,
)
from golfsolve.model.codes import (
    DEAL_NUMBER,
    NEGATIVE_NUMBER,
    RANGE_LIKE,
    CodeError,
    GameCode,
    check_number,
    code_read,
    digits_value,
    out_of_range,
    reversed_range,
)
from golfsolve.model.deal import Deal, DealError
from golfsolve.model.kpat import looks_like_kpat
from golfsolve.model.oneline import looks_like_oneline
from golfsolve.model.position import Position
from golfsolve.model.pysolfc import SHOWN_MARK, looks_like_ms, not_shown_number, shown_number
from golfsolve.model.solvitaire import (
    SolvitaireError,
    check_seed,
    looks_like_solvitaire,
    parse_range,
)
from golfsolve.model.solvitaire import deal as solvitaire_deal
from golfsolve.model.solvitaire import label as solvitaire_label
from golfsolve.model.sources import named_position, read_deal_text, solvitaire_seed
from golfsolve.model.text import SHOWN_MOST, shown

LISTING_LINE_LIMIT = 10_000  # characters: a listing line names one deal or range
MAX_PIPED_LISTING = 1 << 28  # bytes of a listing read from a pipe, which is held


class DealsError(InputError):
    """A DEALS argument that names no deals, or names them wrongly."""


@dataclass(frozen=True, slots=True)
class DealItem:
    """One deal of a list: ``key`` identifies it in a database (the number; ``solvitaire:``
    and the seed in ten digits, so that keys sort as seeds do; or ``board:`` and a hash of the
    board), ``label`` is how results show it (the number, ``solvitaire:N``, or the file path
    as text: ``files.shown_name``)."""

    key: str
    number: int | None
    label: str
    board: str | None = None  # the board text of a file deal
    solvitaire: int | None = None  # Solvitaire's seed of a solvitaire:N deal

    def position(self) -> Position:
        """The deal (or, for a board file, the deal or position) the item names."""
        if self.number is not None:
            return Deal.from_number(self.number).position()
        if self.solvitaire is not None:
            return solvitaire_deal(self.solvitaire).position()
        assert self.board is not None
        return Position.from_board(self.board)


def number_item(number: int) -> DealItem:
    return DealItem(str(number), number, str(number))


SOLVITAIRE_KEY = "solvitaire:"  # a key's prefix: solvitaire:0000000042 is solvitaire:42
_SEED_DIGITS = 10  # 2**31 - 1 has ten


def solvitaire_item(seed: int) -> DealItem:
    """Solvitaire's deal ``seed``, keyed by its seed: not by its cards, as a deal number is
    not, so that a range of them is held as two numbers, never as a set of keys."""
    return DealItem(f"{SOLVITAIRE_KEY}{seed:0{_SEED_DIGITS}d}", None, solvitaire_label(seed),
                    solvitaire=seed)


def keyed_seed(key: str) -> int | None:
    """The seed of a Solvitaire deal's key (None for any other key)."""
    digits = key[len(SOLVITAIRE_KEY):]
    if key.startswith(SOLVITAIRE_KEY) and len(digits) == _SEED_DIGITS and digits.isdigit():
        return int(digits)
    return None


def board_item(path: str) -> DealItem:
    """The deal in a board, JSON or KPat saved-game file, or a deal named otherwise (``msN``,
    ``kpat:N``, a layout on one line with its stock), keyed by its board text: the same cards
    are one deal to a batch, whatever names them."""
    try:
        named = named_position(path)
    except DealError as exc:
        raise DealsError(str(exc)) from None
    if named is not None:
        position = named[0]
    else:
        text = read_text(path)  # its errors name the file
        try:
            position = read_deal_text(text)[0]
        except DealError as exc:
            raise DealsError(f"{path}: {exc}") from None
    if position.unknown_slots:
        raise DealsError(f"{path} has {position.unknown_slots} unknown stock cards: a batch "
                         f"solves deals whose stock is known; golfsolve odds {path} gives the "
                         "chances")
    return _keyed(position, path)


def _keyed(position: Position, label: str) -> DealItem:
    board = position.to_board()
    digest = hashlib.sha1(board.encode()).hexdigest()[:16]
    return DealItem(f"board:{digest}", None, shown_name(label), board)


# ----- the parts of a list -------------------------------------------------------------------
@dataclass(frozen=True)
class NumberRange:
    first: int
    last: int


@dataclass(frozen=True)
class SeedRange:
    """Solvitaire's deals first..last, by seed."""

    first: int
    last: int


@dataclass(frozen=True)
class BoardFiles:
    items: tuple[DealItem, ...]  # the deals of board, JSON or KPat files, or of deals named
    # otherwise (msN, kpat:N, a layout on one line), read when the list was made


@dataclass(frozen=True)
class Listing:
    """An @FILE argument. A listing is read twice (checked whole, then solved), so one that
    is not a regular file (a pipe, ``@/dev/stdin``, ``@<(...)``) is read once and kept as
    ``text``, in pieces (golfsolve.files.read_held: a line too long refused as it is read,
    never held)."""

    path: str
    text: tuple[str, ...] | None = None

    @classmethod
    def named(cls, path: str) -> Listing:
        """The listing @path: a pipe's text read now (and standard input's, for @-), a
        file's left for when it is used."""
        if path != "-" and (not exists(path) or is_dir(path) or is_regular(path)):
            return cls(path)  # (a missing file or a directory is named when it is read)
        return cls("standard input" if path == "-" else path,
                   read_held(path, MAX_PIPED_LISTING, "write a listing that long to a file",
                             LISTING_LINE_LIMIT, _too_long))


def _too_long(where: str, lineno: int) -> str:
    return f"{where} line {lineno} is too long to name a deal"


# a range of numbers, each end of it as PySolFC shows a number (# 1-# 100) or not
_RANGE = re.compile(r"^(?:#\s*)?([0-9]+)\s*-\s*(?:#\s*)?([0-9]+)$")


def _code_number(text: str, spec: str) -> int:
    try:
        return GameCode.parse(text).number
    except CodeError as exc:
        raise DealsError(str(exc) if text == spec else f"{spec}: {exc}") from None


def _digits(text: str, spec: str) -> int:
    try:
        return digits_value(text)
    except CodeError as exc:
        shown = spec if len(spec) <= 40 else f"{spec[:20]}..."
        raise DealsError(str(exc) if text == spec else f"{shown}: {exc}") from None


class NumberedDeals:
    """PySolFC's deals by number, as a run that writes many rows' moves needs them: the first
    few from the reference dealer (pysol_cards, :meth:`Deal.from_number`), the rest from the
    kernels' dealer, whose cards are the same (tested deal by deal) at a seventh of the cost
    a deal, once its start (about 0.3 s) has paid."""

    REFERENCE_DEALS = 200  # deals dealt before the kernels' dealer is started

    def __init__(self) -> None:
        self.dealt = 0

    def __call__(self, number: int) -> Deal:
        self.dealt += 1
        if self.dealt <= self.REFERENCE_DEALS:
            return Deal.from_number(number)
        from golfsolve.kernels.dealer import deal_indices

        return Deal.from_indices(deal_indices(number).tolist())


def _checked_range(first: int, last: int, spec: str,
                   named: tuple[str, str] | None = None) -> NumberRange:
    """Deals ``first`` to ``last`` of ``spec``, checked; ``named``: its ends as it writes
    them, where that is not as numbers (game codes)."""
    for n in (first, last):
        try:
            check_number(n)
        except CodeError as exc:  # (named by the spec where it writes the number otherwise)
            raise DealsError(str(exc) if spec.strip() == str(n) else f"{spec}: {exc}") from None
    if last < first:
        raise DealsError(reversed_range(spec, *(named or (first, last))))
    return NumberRange(first, last)


def _seed_range(spec: str) -> SeedRange:
    """``solvitaire:N`` or ``solvitaire:A-B``, checked."""
    try:
        ends = parse_range(spec)
        if ends is None:
            seed = solvitaire_seed(spec)
            return SeedRange(seed, seed)
    except DealError as exc:
        raise DealsError(str(exc)) from None
    if ends[1] < ends[0]:
        raise DealsError(reversed_range(spec, *ends))
    return SeedRange(*ends)


def _start(spec: str) -> int | None:
    """The deal a single number (as PySolFC shows it too, ``# 12345``) or game code names; None
    for anything else."""
    number = shown_number(spec) or spec
    if DEAL_NUMBER.match(number):
        return _digits(number, spec)
    if GameCode.looks_like_code(spec) and not exists(spec):
        number = _code_number(spec, spec)
        code_read(spec, number)
        return number
    return None


class _Reads:
    """How a list reads its files: each refused if it is one of the caller's ``outputs``
    (before it is read), and the deal of each that cannot be read again (a pipe) kept."""

    def __init__(self, outputs: Outputs | None) -> None:
        self.outputs = outputs or Outputs()
        self.kept: dict[str, DealItem] = {}

    def item(self, path: str, what: str) -> DealItem:
        """The deal ``path`` names, ``what`` it is to the list (``the deal file x``)."""
        if path in self.kept:
            return self.kept[path]
        if path != "-" and exists(path):
            self.outputs.refuse(path, what)
        item = board_item(path)
        if path == "-" or (exists(path) and not is_regular(path)):
            self.kept[path] = item
        return item


def parse_part(spec: str, *, in_listing: bool = False,
               reads: _Reads | None = None) -> NumberRange | SeedRange | BoardFiles | Listing:
    """One DEALS argument (or one line of a listing), checked, its files read through
    ``reads``."""
    reads = reads or _Reads(None)
    if not spec:
        raise DealsError("an empty DEALS argument")
    if spec.startswith("@"):
        if spec == "@":
            raise DealsError("@ names no listing: write @FILE")
        if in_listing:
            raise DealsError(f"{spec}: a listing cannot name another listing")
        if spec != "@-" and exists(spec[1:]):
            reads.outputs.refuse(spec[1:], f"the listing {spec}")
        return Listing.named(spec[1:])
    if looks_like_solvitaire(spec) and not exists(spec):
        return _seed_range(spec)
    match = _RANGE.match(spec)
    if match:
        return _checked_range(_digits(match.group(1), spec), _digits(match.group(2), spec),
                              spec)
    first, dots, last = spec.partition("..")
    if dots and GameCode.looks_like_code(first) and not exists(spec):
        numbers = _checked_range(_code_number(first.strip(), spec),
                                 _code_number(last.strip(), spec), spec,
                                 (first.strip(), last.strip()))
        code_read(spec, numbers.first, numbers.last)
        return numbers
    start = _start(spec)
    if start is not None:
        return _checked_range(start, start, spec)
    if spec.startswith(SHOWN_MARK) and not exists(spec):
        if shown_number(spec) is None:  # (# ms123 is ms123)
            raise DealsError(not_shown_number(spec))
        spec = shown_number(spec)
    if (looks_like_ms(spec) or looks_like_kpat(spec) or looks_like_oneline(spec)) and not exists(
            spec):
        return BoardFiles((board_item(spec),))
    where = "" if in_listing else " (in DEALS)"  # (a listing's line is named with its errors)
    if spec.startswith(("{", "[")) and not exists(spec):  # a batch's JSON lines, say
        raise DealsError(f"{shown(spec)} is JSON, not a deal: a listing holds deal numbers, "
                         "ranges and file names, one a line")
    if glob.has_magic(spec):
        reads.outputs.refuse_glob(spec, f"a file the glob {spec}{where} matches")
        paths = tuple(sorted(glob.glob(spec)))
        if not paths:
            raise DealsError(f"no files match {spec if len(spec) <= SHOWN_MOST else shown(spec)}")
    else:
        if not exists(spec) and NEGATIVE_NUMBER.match(spec):
            raise DealsError(out_of_range(spec))
        if not exists(spec) and RANGE_LIKE.match(spec):
            raise DealsError(f"{shown(spec)} is not a deal number or range (expected like "
                             "1-100)")
        if not exists(spec) and _POWER_OF_TEN.match(spec):
            raise DealsError(f"{shown(spec)} is not a deal number or range: write the number "
                             "in digits (1e9 as 1000000000), a range like 1-1000000000")
        if not exists(spec) and _RANGE_TYPO.match(spec):
            raise DealsError(f"{shown(spec)} is not a deal number or range (expected like "
                             "1-100, digits 0-9 only), nor a file")
        if not exists(spec) and not spec.isascii() and all(
                ch.isdecimal() or ch == "-" for ch in spec):  # ５, 1-３: digits of other scripts
            raise DealsError(f"{shown(spec)} is not a deal number or range: write it with the "
                             "digits 0-9")
        paths = (spec,)
    # every file is checked before any work
    return BoardFiles(tuple(reads.item(path, f"the deal file {path}{where}") for path in paths))


# a number in a calculator's notation (1e9, 2.5E6): not a file's name
_POWER_OF_TEN = re.compile(r"^[0-9]+(?:\.[0-9]+)?[eE]\+?[0-9]+$")
# a range with a letter in it (1-10O0, 1-1e6): a typo, not a file's name (one ends in .board)
_RANGE_TYPO = re.compile(r"^[0-9][0-9A-Za-z,_]*-[0-9A-Za-z,_]*[0-9][0-9A-Za-z,_]*$")


def _listing_lines(listing: Listing) -> Iterator[tuple[int, str]]:
    """(line number, the line without its comment) for each non-empty line of a listing."""
    path = listing.path
    encoding = "utf-8-sig"
    if listing.text is None:
        try:
            raw = open(path, "rb")  # noqa: SIM115 (closed with the text stream over it)
        except IsADirectoryError:
            raise DealsError(f"{path} is a directory, not a listing of deals") from None
        except (OSError, ValueError) as exc:
            raise DealsError(path_problem(path, exc)) from None
    try:
        if listing.text is None:
            encoding = encoding_of(raw.peek(2))  # peeked: the text stream reads it too
            f = io.TextIOWrapper(raw, encoding=encoding)
            lines = iter(lambda: f.readline(LISTING_LINE_LIMIT), "")
        else:
            f, lines = contextlib.nullcontext(), held_lines(listing.text)
        with f:
            for lineno, line in enumerate(lines, 1):
                if len(line) >= LISTING_LINE_LIMIT and not line.endswith("\n"):
                    raise DealsError(_too_long(path, lineno))
                text = _spec(line.rstrip("\r\n").split("#")[0])
                if text:
                    yield lineno, text
    except UnicodeDecodeError:
        raise DealsError(f"{path} is not {ENCODING_NAMES[encoding]} text") from None
    except OSError as exc:
        raise DealsError(path_problem(path, exc)) from None


def _spec(given: str) -> str:
    """A DEALS argument or a listing's line as it is read: without the spaces around it,
    unless it names an existing file as it is given (`` lead.board``, as solve reads it)."""
    text = given.strip()
    return given if text != given and exists(given) else text


def _listing_parts(listing: Listing,
                   reads: _Reads) -> Iterator[NumberRange | SeedRange | BoardFiles]:
    for lineno, text in _listing_lines(listing):
        try:
            yield parse_part(text, in_listing=True, reads=reads)
        except InputError as exc:
            if lineno == 1 and _holds_a_deal(listing):
                raise DealsError(f"{listing.path} holds a deal, not a listing of deals: give it "
                                 "without the @") from None
            raise DealsError(f"{listing.path} line {lineno}: {exc}") from None


def _holds_a_deal(listing: Listing) -> bool:
    """Whether a listing's text is a board or JSON deal or position instead."""
    try:
        if listing.text is None:
            read_deal_text(read_text(listing.path))
        elif sum(map(len, listing.text)) <= MAX_DEAL_BYTES:  # (a deal is no larger)
            read_deal_text("".join(listing.text))
        else:
            return False
    except InputError:
        return False
    return True


# ----- each number once ----------------------------------------------------------------------
class NumberSet:
    """Deal numbers as sorted disjoint intervals: a range costs two integers, not a set."""

    def __init__(self) -> None:
        self._firsts: list[int] = []
        self._lasts: list[int] = []

    def add(self, first: int, last: int) -> list[tuple[int, int]]:
        """Add first..last; return the parts of it that were not in the set before, in order."""
        lo = bisect_left(self._lasts, first - 1)  # the first interval that touches or follows
        hi = bisect_right(self._firsts, last + 1)  # past the last interval that touches
        new = []
        at = first
        for i in range(lo, hi):
            if self._firsts[i] > at:
                new.append((at, min(last, self._firsts[i] - 1)))
            at = max(at, self._lasts[i] + 1)
        if at <= last:
            new.append((at, last))
        if lo < hi:
            first, last = min(first, self._firsts[lo]), max(last, self._lasts[hi - 1])
        self._firsts[lo:hi] = [first]
        self._lasts[lo:hi] = [last]
        return new

    @property
    def size(self) -> int:
        """How many numbers the set holds (len() stops at sys.maxsize, deal numbers do not)."""
        return sum(b - a + 1 for a, b in zip(self._firsts, self._lasts, strict=True))

    def __len__(self) -> int:
        return self.size


def _counted(specs: list[str], count: int) -> NumberRange | SeedRange:
    """``count`` deals from the start number, code or ``solvitaire:N`` that is the one spec."""
    if len(specs) != 1:
        raise DealsError("a count of deals goes with one start number, code or solvitaire:N, "
                         f"not with "
                         f"{len(specs)} DEALS arguments", reason="count_specs",
                         given=len(specs))
    spec = specs[0]
    start = _start(spec) if spec else None
    seeded = start is None and looks_like_solvitaire(spec) and not exists(spec)
    if seeded:
        seeds = _seed_range(spec)
        start = seeds.first if seeds.first == seeds.last else None  # (a range starts nothing)
    if start is None:
        raise DealsError("a count of deals goes with a start number, code or solvitaire:N, "
                         f"not with {shown(spec)}", reason="count_start", spec=spec)
    if count < 1:
        raise DealsError(f"a count of deals is at least 1, not {count}")
    for n in (start, start + count - 1):
        try:
            check_seed(n) if seeded else check_number(n)
        except (CodeError, SolvitaireError) as exc:
            raise DealsError(f"{count} deals from {spec}: {exc}", reason="count_range",
                             spec=spec, count=count, problem=str(exc)) from None
    return (SeedRange if seeded else NumberRange)(start, start + count - 1)


# ----- a whole list --------------------------------------------------------------------------
class DealList:
    """The deals that DEALS arguments name, in the order given, each once.

    ``total`` is the number of deals when it is known without reading listings; ``repeated``
    counts the deals named more than once (known once the list has been iterated).

    With ``count``, the list is ``count`` deals from the one start number, code or
    ``solvitaire:N`` ``specs`` holds (DealsError with ``reason`` "count_specs", "count_start"
    or "count_range" and the fields naming the values, otherwise). A file the caller will
    write, in ``outputs``, is refused as an input (a DealsError naming both) before it is
    read.
    """

    def __init__(self, specs: list[str] | tuple[str, ...], count: int | None = None,
                 outputs: Outputs | None = None) -> None:
        specs = [_spec(spec) for spec in specs]
        if not specs:
            raise DealsError("no deals given")
        self._reads = _Reads(outputs)
        if count is not None:
            self.parts = [_counted(specs, count)]
        else:
            if sum(spec in ("-", "@-") for spec in specs) > 1:
                raise DealsError("standard input can be read only once: give - or @- once")
            self.parts = [parse_part(spec, reads=self._reads) for spec in specs]
        for part in self.parts:  # a listing is read through once, to check every line
            if isinstance(part, Listing) and sum(1 for _ in _listing_parts(
                    part, self._reads)) == 0:
                raise DealsError(f"{part.path} lists no deals")
        self.repeated = 0

    @property
    def names_seeds(self) -> bool:
        """Whether the arguments themselves (not a listing's lines) name Solvitaire's deals."""
        return any(isinstance(part, SeedRange) for part in self.parts)

    @property
    def total(self) -> int | None:
        if any(isinstance(part, Listing) for part in self.parts):
            return None
        numbers, seeds = NumberSet(), NumberSet()
        boards = 0
        for part in self.parts:
            if isinstance(part, NumberRange | SeedRange):
                (numbers if isinstance(part, NumberRange) else seeds).add(part.first, part.last)
            else:
                boards += len(part.items)
        return numbers.size + seeds.size + boards

    def runs(self) -> Iterator[tuple[int, int] | DealItem]:
        """The list in order, each deal once: runs of numbers (first, last), and items
        (Solvitaire's deals one by one, board items)."""
        numbers, seeds = NumberSet(), NumberSet()
        boards: set[str] = set()
        self.repeated = 0
        for part in self.parts:
            pieces = _listing_parts(part, self._reads) if isinstance(part, Listing) else (part,)
            for piece in pieces:
                if isinstance(piece, NumberRange | SeedRange):
                    fresh = (numbers if isinstance(piece, NumberRange) else seeds).add(
                        piece.first, piece.last)
                    self.repeated += piece.last - piece.first + 1 - sum(
                        b - a + 1 for a, b in fresh)
                    if isinstance(piece, NumberRange):
                        yield from fresh
                    else:
                        for first, last in fresh:
                            yield from map(solvitaire_item, range(first, last + 1))
                else:
                    for item in piece.items:
                        if item.key in boards:
                            self.repeated += 1
                            continue
                        boards.add(item.key)
                        yield item

    def __iter__(self) -> Iterator[DealItem]:
        for run in self.runs():
            if isinstance(run, DealItem):
                yield run
            else:
                for n in range(run[0], run[1] + 1):
                    yield number_item(n)
