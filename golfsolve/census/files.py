"""A census on disk: a directory holding ``census.json`` (what it covers and how far it has
got) and, per rule set, ``KIND-RULES.bits``: one bit a deal, set when the deal can be won, deal
``first + i`` in bit ``i % 8`` (the least significant first) of byte ``i // 8``.

The bits are appended in order and made durable before ``census.json`` says they are done, and
``census.json`` is replaced whole (a new file renamed over the old), so a census stopped at any
moment holds every deal its ``census.json`` counts, and a run that goes on first cuts off any
bits written past that count.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field

from golfsolve.census.span import DealKind, Span
from golfsolve.checks import whole
from golfsolve.errors import InputError, OutputError
from golfsolve.files import path_problem
from golfsolve.model.rules import STRICTNESS_ORDER, Rules, as_rules, rules_by_name

FORMAT = "golfsolve census 1"
MANIFEST = "census.json"
BIT_ORDER = "deal first + i is bit i % 8, least significant first, of byte i // 8"


def bits_name(kind: DealKind, rules: Rules) -> str:
    return f"{kind.value}-{rules.name}.bits"


@dataclass
class Progress:
    """How far a census has got: its first ``done`` deals have their bits, and ``won`` counts
    the set bits of each rule set among them."""

    done: int = 0
    won: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0  # wall time of every run so far


@dataclass(frozen=True)
class Manifest:
    span: Span
    rules: tuple[Rules, ...]
    progress: Progress

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "deals": self.span.kind.value, "first": self.span.first,
            "last": self.span.last, "rules": [r.name for r in self.rules],
            "done": self.progress.done,
            "won": {r.name: self.progress.won.get(r.name, 0) for r in self.rules},
            "seconds": round(self.progress.seconds, 1), "bit_order": BIT_ORDER,
        }, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, where: str) -> Manifest:
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError(f"not a {FORMAT} file")
            span = Span(DealKind(data["deals"]), int(data["first"]), int(data["last"]))
            rules = tuple(rules_by_name(name) for name in data["rules"])
            progress = Progress(int(data["done"]), {r.name: int(data["won"][r.name])
                                                    for r in rules}, float(data["seconds"]))
        except (ValueError, KeyError, TypeError, AttributeError, InputError) as exc:
            raise InputError(f"{where} is not a golfsolve census ({exc})") from None
        if not 0 <= progress.done <= span.size or any(
                not 0 <= won <= progress.done for won in progress.won.values()):
            raise InputError(f"{where}: its counts do not fit its range")
        return cls(span, rules, progress)


class CensusFiles:
    """A census directory, opened to read its verdicts or to go on with it."""

    def __init__(self, directory: str, manifest: Manifest) -> None:
        self.directory = directory
        self.manifest = manifest

    # ----- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, directory: str) -> CensusFiles:
        """An existing census (InputError naming the problem where there is none)."""
        where = os.path.join(directory, MANIFEST)
        _check_directory(directory)
        try:
            with open(where, encoding="utf-8") as file:
                text = file.read(1 << 20)
        except (OSError, ValueError) as exc:
            if isinstance(exc, FileNotFoundError) and os.path.isdir(directory):
                raise InputError(f"{directory} holds no census ({MANIFEST} is missing)") from None
            raise InputError(path_problem(where, exc)) from None
        except UnicodeDecodeError:
            raise InputError(f"{where} is not a golfsolve census (not UTF-8)") from None
        census = cls(directory, Manifest.from_json(text, where))
        census._check_bits()
        return census

    @classmethod
    def begin(cls, directory: str, span: Span, rules: tuple[Rules, ...]) -> CensusFiles:
        """The census of ``span`` under ``rules`` in ``directory``: the one there, to go on
        with (the same range and rules, or the same first deal and rules and a later last,
        which it grows to; else InputError), else a new one."""
        if os.path.exists(os.path.join(directory, MANIFEST)):
            census = cls.open(directory)
            held = census.manifest
            grows = (held.rules == rules and held.span.kind == span.kind
                     and held.span.first == span.first and span.last > held.span.last)
            if (held.span != span or held.rules != rules) and not grows:
                raise InputError(
                    f"{directory} holds the census of {held.span} under "
                    f"{','.join(r.name for r in held.rules)}, not of {span} under "
                    f"{','.join(r.name for r in rules)}: give another directory (a census "
                    "grows only past its last deal, under the same rule sets)")
            census._cut_to_done()
            if grows:
                census._grow(span)
            return census
        if os.path.lexists(directory):
            _check_directory(directory)
        try:
            os.makedirs(directory, exist_ok=True)
        except (OSError, ValueError) as exc:
            raise InputError(path_problem(directory, exc, doing="create")) from None
        census = cls(directory, Manifest(span, rules, Progress(0, {r.name: 0 for r in rules})))
        try:
            for r in rules:
                census._write_whole(census.bits_path(r), b"")
            census.save()
        except OutputError as exc:  # before any work: a directory it cannot write is bad input
            for r in rules:
                with contextlib.suppress(OSError):
                    os.remove(census.bits_path(r))
            raise InputError(str(exc)) from None
        return census

    # ----- reading --------------------------------------------------------------------------
    def bits_path(self, rules: Rules) -> str:
        return os.path.join(self.directory, bits_name(self.manifest.span.kind, rules))

    def verdict(self, deal: int, rules: Rules | str) -> bool | None:
        """Whether ``deal`` can be won under ``rules`` (a Rules or its name); None where the
        census has not got to it. ValueError for a deal outside its range or rules it does not
        count, TypeError for a deal that is no int."""
        deal, rules = whole(deal, "deal"), as_rules(rules)
        span, done = self.manifest.span, self.manifest.progress.done
        if rules not in self.manifest.rules:
            raise ValueError(f"this census does not count {rules.name} rules")
        if not span.first <= deal <= span.last:
            raise ValueError(f"{span.label(deal)} is outside this census ({span})")
        index = deal - span.first
        if index >= done:
            return None
        with open(self.bits_path(rules), "rb") as file:
            file.seek(index // 8)
            byte = file.read(1)
        return bool(byte[0] >> (index % 8) & 1)

    def _check_bits(self) -> None:
        needed = (self.manifest.progress.done + 7) // 8
        for r in self.manifest.rules:
            path = self.bits_path(r)
            try:
                size = os.path.getsize(path)
            except OSError as exc:
                raise InputError(path_problem(path, exc)) from None
            if size < needed:
                raise InputError(f"{path} holds {size:,} byte{'s' if size != 1 else ''}, fewer "
                                 f"than the {needed:,} its "
                                 f"{MANIFEST} counts done: the census is damaged")
        self._check_counts()

    def _check_counts(self) -> None:
        """The deals won that census.json counts are the bits set among the first done, and a
        deal won under stricter rules is won under every easier one counted (InputError, the
        census damaged, otherwise)."""
        done = self.manifest.progress.done
        mask = (1 << done) - 1
        won = {}
        for r in self.manifest.rules:
            path = self.bits_path(r)
            try:
                with open(path, "rb") as file:
                    bits = int.from_bytes(file.read((done + 7) // 8), "little") & mask
            except OSError as exc:
                raise InputError(path_problem(path, exc)) from None
            counted = self.manifest.progress.won.get(r.name, 0)
            if bits.bit_count() != counted:
                raise InputError(f"{path} has {bits.bit_count():,} deals won among its first "
                                 f"{done:,}, and {MANIFEST} counts {counted:,}: the census is "
                                 "damaged")
            won[r] = bits
        chain = sorted(won, key=STRICTNESS_ORDER.index)  # the easiest first
        for easier, stricter in zip(chain, chain[1:], strict=False):
            odd = won[stricter] & ~won[easier]
            if odd:
                first = self.manifest.span.first + (odd & -odd).bit_length() - 1
                raise InputError(f"{self.directory}: {self.manifest.span.label(first)} is won "
                                 f"under {stricter.name} rules and lost under {easier.name}, "
                                 "which no deal is: the census is damaged")

    # ----- writing --------------------------------------------------------------------------
    def _cut_to_done(self) -> None:
        """Cut off the bits written past what census.json counts (a run stopped between the
        two writes)."""
        keep = (self.manifest.progress.done + 7) // 8
        for r in self.manifest.rules:
            try:
                with open(self.bits_path(r), "r+b") as file:
                    file.truncate(keep)
            except OSError as exc:
                raise OutputError(path_problem(self.bits_path(r), exc, doing="write")) from None

    def _grow(self, span: Span) -> None:
        """Go on to ``span``, which ends past this census's last deal: the deals of a last
        byte not whole are given up (to be decided again, so that bits are appended in whole
        bytes), their wins taken off the counts, and census.json says the new range."""
        progress = self.manifest.progress
        odd = progress.done % 8
        if odd:
            for r in self.manifest.rules:
                with open(self.bits_path(r), "rb") as file:
                    file.seek(progress.done // 8)
                    last = file.read(1)
                progress.won[r.name] -= bin(last[0] & ((1 << odd) - 1)).count("1") if last else 0
            progress.done -= odd
            self._cut_to_done()
        self.manifest = Manifest(span, self.manifest.rules, progress)
        self.save()

    def append(self, bits: dict[str, bytes], deals: int, won: dict[str, int],
               seconds: float) -> None:
        """Add the next ``deals`` deals' bits of each rule set (whole bytes, save perhaps the
        last of the census) and their counts, durably, then say so in census.json."""
        progress = self.manifest.progress
        if progress.done % 8:
            raise ValueError("a census appends whole bytes until its last deal")
        for r in self.manifest.rules:
            self._write_whole(self.bits_path(r), bits[r.name], "ab")
        progress.done += deals
        for name, count in won.items():
            progress.won[name] += count
        progress.seconds += seconds
        self.save()

    def add_seconds(self, seconds: float) -> None:
        self.manifest.progress.seconds += seconds
        self.save()

    def save(self) -> None:
        """census.json replaced whole: a new file, made durable, renamed over the old."""
        path = os.path.join(self.directory, MANIFEST)
        temporary = path + ".new"
        self._write_whole(temporary, self.manifest.to_json().encode("utf-8"))
        try:
            os.replace(temporary, path)
            directory = os.open(self.directory, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)
        except OSError as exc:
            raise OutputError(path_problem(path, exc, doing="write")) from None

    @staticmethod
    def _write_whole(path: str, data: bytes, mode: str = "wb") -> None:
        try:
            with open(path, mode) as file:
                if file.write(data) != len(data):
                    raise OSError(28, "short write")
                file.flush()
                os.fsync(file.fileno())
        except OSError as exc:
            raise OutputError(path_problem(path, exc, doing="write")) from None


def _check_directory(directory: str) -> None:
    """InputError where ``directory`` is missing or not a directory."""
    if not os.path.lexists(directory):
        raise InputError(f"{directory}: no such directory")
    if not os.path.isdir(directory):
        raise InputError(f"{directory} is not a directory")


def census_rules(names: str) -> tuple[Rules, ...]:
    """The rule sets a census counts, in the fixed order of ``parse_rules_list``."""
    from golfsolve.model.rules import parse_rules_list

    return tuple(parse_rules_list(names))
