"""Lists of winnable deals, for programs that deal "always solvable" games: a batch's rows cut
to the winnable ones (``--won-only``), as a row file, as deal numbers one a line (``.txt``), or
as a Python module holding ``SOLVABLE_SEEDS``, the shape of PySolFC's
``pysollib/games/solvable_seeds/klondike_solvable_seeds.py`` (``.py``).

A list names one rule set's deals (a number has no rules of its own); the rows arrive in the
order of the deals, and each write goes to the file whole lines at a time, as a row file's
do."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from golfsolve import __version__
from golfsolve.batch.deals import keyed_seed
from golfsolve.batch.rows import LIST_SUFFIXES, RowWriter, open_lines
from golfsolve.errors import InputError
from golfsolve.files import StreamLines, one_line
from golfsolve.model.rules import Rules

PER_LINE = 8  # numbers on a line of the module, as PySolFC's list has them


def open_rows(path: str, odds: bool, won_only: bool, rules: list[Rules], fmt: str | None = None):
    """The writer for ``--out`` (a RowWriter, the same keeping won rows only, or a list),
    opened before any work; ``-``: rows to standard output in ``fmt`` (csv or jsonl, csv by
    default), or with ``--won-only`` the list (txt or py). InputError for a list without
    ``--won-only`` or of several rule sets."""
    if path == "-" and fmt in ("txt", "py"):  # a list, to standard output
        _check_list(f"--format {fmt}", f"--format {fmt}", won_only, rules,
                    "give csv or jsonl rows")
        return WonList("standard output", rules[0], python=fmt == "py", stream=sys.stdout)
    if path == "-":
        writer = RowWriter("standard output", odds, stream=sys.stdout, fmt=fmt or "csv")
        return WonRows(writer) if won_only else writer
    suffix = Path(path).suffix.lower()
    if suffix not in LIST_SUFFIXES:
        writer = RowWriter(path, odds)
        return WonRows(writer) if won_only else writer
    _check_list(f"--out {path}", f"--out {path}: a {suffix} file", won_only, rules,
                "write .csv or .jsonl rows")
    return WonList(path, rules[0], python=suffix == ".py")


def _check_list(given: str, subject: str, won_only: bool, rules: list[Rules],
                rows: str) -> None:
    """InputError where a list of winnable deals (asked by the option ``given``; ``subject``
    names what lists them) is asked without --won-only (``rows``: what to ask instead) or of
    more than one rule set."""
    if not won_only:
        raise InputError(f"{subject} lists the winnable deals: add --won-only (or {rows})")
    if len(rules) != 1:
        raise InputError(f"{given}: a list of winnable deals is of one rule set, not "
                         f"{len(rules)}: give one --rules (one run, or one --db report, each)")


class WonRows:
    """A row file that gets the winnable rows only."""

    def __init__(self, writer: RowWriter) -> None:
        self.writer = writer
        self.path = writer.path

    @property
    def count(self) -> int:
        return self.writer.count

    def write(self, rows: list[dict], deal_of: Callable) -> None:
        self.writer.write([row for row in rows if row["winnable"]], deal_of)

    def close(self) -> None:
        self.writer.close()

    def __enter__(self) -> WonRows:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class WonList:
    """The winnable deals' numbers (a board file's path, for a deal given as one;
    ``solvitaire:N`` for Solvitaire's deal N), one a line, or a Python module:
    ``SOLVABLE_SEEDS = (...)`` of the numbers, the others as comments; closed with the
    count, once :meth:`finish` says every deal asked for was decided. A module closed
    before that says it is incomplete and raises ImportError when imported, so that a
    program that deals from it never takes a part of the list for the whole."""

    def __init__(self, path: str, rules: Rules, python: bool, stream=None) -> None:
        """The list to the file ``path``, or with ``stream`` to that stream (standard
        output), ``path`` naming it."""
        self.path, self.rules, self.python = path, rules, python
        self.count = 0  # the winnable deals listed
        self.decided = 0  # the deals decided (winnable or not)
        self.finished = False
        self._line: list[str] = []
        self.file = StreamLines(stream) if stream is not None else open_lines(path)
        if python:
            self._put(f"# Golf deals winnable under {rules.name} rules (PySolFC's deal "
                      f"numbers), each decided\n# exactly by golfsolve {__version__}.\n\n"
                      "SOLVABLE_SEEDS = (\n")

    def _put(self, text: str) -> None:
        self.file.write(text)  # whole lines, or none (OutputError)

    def write(self, rows: list[dict], deal_of: Callable) -> None:
        won = [row for row in rows if row["winnable"]]
        line = list(self._line)  # the module's numbers not yet on a whole line
        if not self.python:
            text = [f"{one_line(row['deal'])}\n" for row in won]
        else:
            text = []
            for row in won:
                if row["number"] is None:
                    what = ("Solvitaire's deal" if keyed_seed(row["key"]) is not None else
                            "a board file")
                    text.append(f"    # {one_line(row['deal'])} ({what}, no deal number)\n")
                    continue
                line.append(f"{row['number']},")
                if len(line) == PER_LINE:
                    text.append("    " + " ".join(line) + "\n")
                    line = []
        self._put("".join(text))
        # counted once written (a write that fails leaves the list and its counts as they were)
        self._line = line
        self.count += len(won)
        self.decided += len(rows)

    def finish(self) -> None:
        """Every deal asked for is decided: the list is whole."""
        self.finished = True

    def close(self) -> None:
        if self.python:
            rest = "    " + " ".join(self._line) + "\n" if self._line else ""
            if self.finished:
                self._put(f"{rest})\n# {self.count} deals\n")
            else:
                why = (f"golfsolve was stopped after deciding {self.decided:,} deals, of "
                       f"which it lists the {self.count:,} winnable; run it again for the "
                       "whole list")
                error = f"this list of winnable deals is incomplete: {why}"
                self._put(f"{rest})\n# INCOMPLETE: {why}\nraise ImportError({error!r})\n")
        self.file.close()

    def __enter__(self) -> WonList:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

